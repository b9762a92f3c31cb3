"""The hints print a command that works from a fresh shell (README's set-up leaves companion in
.venv/bin, off the PATH)."""
from __future__ import annotations

import sys

from companion.repl.hints import program


def test_a_script_off_the_path_is_named_by_its_full_path(tmp_path, monkeypatch):
    script = tmp_path / ".venv" / "bin" / "companion"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program() == str(script.resolve())
    monkeypatch.setenv("PATH", f"{script.parent}:/usr/bin")
    assert program() == "companion"


def test_python_dash_m_is_named_with_its_python(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/somewhere/companion/__main__.py"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert program() == f"{sys.executable} -m companion"
