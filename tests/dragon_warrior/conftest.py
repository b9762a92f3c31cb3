"""One autoplayed session run until its first dungeon is cleared (seed 11), shared by the tests
that read it (the session's story, the maps), so it is played once per test run."""
from __future__ import annotations

import pytest

from tests.dragon_warrior.play import autoplay


@pytest.fixture(scope="session")
def dungeon_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("dw") / "dungeon-11.jsonl"
    return autoplay(11, path, until="dungeon"), path
