"""Where the game data (``rules/``) and the prompt templates (``prompts/``) are read from.

The repository keeps both at its top level; a wheel ships them inside the package as
``companion.rules`` and ``companion.prompts`` (``pyproject.toml`` maps the folders with
``package-dir``). A source checkout wins when there is one, so a developer's edits to ``rules/`` are
read at once and a second checkout's editable install never shadows this one; anywhere else the
installed package data is read from where the import system finds ``companion.rules`` (a data-only
namespace package installed as a plain folder).

Every module reads data through ``rules_path`` / ``prompts_path``; none builds paths from its own
``__file__``, which is what broke the installed wheel before.
"""
from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]


@cache
def data_root(kind: str) -> Path:
    """The folder holding ``kind`` ("rules" or "prompts")."""
    if kind not in ("rules", "prompts"):
        raise ValueError(f"no data folder called {kind!r}")
    local = _CHECKOUT / kind
    if local.is_dir() and (_CHECKOUT / "pyproject.toml").is_file():
        return local
    spec = importlib.util.find_spec(f"companion.{kind}")
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations:  # an install that lost its data: say what is missing
        raise FileNotFoundError(f"the companion's {kind} data is not installed "
                                f"(looked in {local} and in the package companion.{kind})")
    return Path(locations[0])


def rules_path(*parts: str) -> Path:
    """``rules/<parts...>``: e.g. ``rules_path("at_any_cost", "stages.toml")``."""
    return data_root("rules").joinpath(*parts)


def prompts_path(*parts: str) -> Path:
    """``prompts/<parts...>``: e.g. ``prompts_path("shared", "decision.md")``."""
    return data_root("prompts").joinpath(*parts)
