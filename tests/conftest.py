"""Shared test fixtures: a clean home for every test (no real history, config or key), no
terminal size from whatever started pytest, and journals not fsync'd in the test process."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home" / ".companion"))
    monkeypatch.setenv("COMPANION_JOURNALS", str(tmp_path / "journals"))
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "COMPANION_MODEL"):
        monkeypatch.delenv(var, raising=False)
    # text is wrapped to the width a pipe gets (94) in this process and the games it starts,
    # whatever ran pytest: pytest-xdist's workers have COLUMNS=80, which broke "(rule: matching
    # tags)" across two lines; a test of another width sets its own
    for var in ("COLUMNS", "LINES"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch):
    """Journal and manifest rows are written as in play but not fsync'd in this process (the
    call is made, and does nothing): waiting for the disk thousands of times was wall time the
    CPU never saw, on a busy disk most of some tests' time. Durability is the journal store's
    own tests' business, and the games the tests start as processes (killed mid-write and
    resumed) fsync for real. A test that needs fsync sets its own (a full disk does)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
