"""Autoplayed sessions shared by the tests that read them (the session's story, the maps, the
drafts), so each is played once per test run: seed 11 to its natural stop, and seed 11 run until
its first dungeon is cleared."""
from __future__ import annotations

import pytest

from tests.dragon_warrior.play import autoplay


@pytest.fixture(scope="session")
def quest_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("dw") / "quest-11.jsonl"
    return autoplay(11, path), path


@pytest.fixture(scope="session")
def dungeon_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("dw") / "dungeon-11.jsonl"
    return autoplay(11, path, until="dungeon"), path
