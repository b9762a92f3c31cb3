"""Shared test fixtures: a clean home for every test (no real history, config or key)."""
from __future__ import annotations

import pytest



@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home" / ".companion"))
    monkeypatch.setenv("COMPANION_JOURNALS", str(tmp_path / "journals"))
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "COMPANION_MODEL"):
        monkeypatch.delenv(var, raising=False)
