"""The layers of DESIGN.md hold: import-linter checks the contracts in pyproject.toml.

Run by the default suite so a layer leak fails the README's test command, not only CI's extra step.
"""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which(
        "lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[dev]')")
    run = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_no_module_reads_data_beside_its_own_file():
    """Data comes through companion.core.resources, so an installed wheel finds it."""
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "companion").rglob("*.py")
                 if p.name != "resources.py" and "Path(__file__)" in p.read_text(encoding="utf-8")]
    assert offenders == []



def test_every_module_is_small():
    """One job per file: nothing in companion/ grows past about 600 lines."""
    big = {str(p.relative_to(ROOT)): n for p in (ROOT / "companion").rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 650}
    assert big == {}
