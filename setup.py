"""Only the package list lives here: the packages under companion/, plus the data packages that
pyproject.toml maps from the top-level rules/ and prompts/ folders (a find cannot see them).

Each data folder whose name is an identifier is listed as a package of its own, as setuptools
expects; hyphenated prompt folders (``prompts/at-any-cost``) ride in through the parent's glob.
"""
from pathlib import Path

from setuptools import find_packages, setup


def data_packages(package: str, folder: str) -> list[str]:
    root = Path(folder)
    found = [package]
    for sub in sorted(p for p in root.rglob("*") if p.is_dir()):
        parts = sub.relative_to(root).parts
        if all(part.isidentifier() for part in parts):
            found.append(".".join((package, *parts)))
    return found


setup(packages=find_packages(include=["companion", "companion.*"])
      + data_packages("companion.rules", "rules") + data_packages("companion.prompts", "prompts"))
