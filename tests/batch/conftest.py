"""A batching stub server for the batch and arena tests (fixed short latency, loopback)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.batch.stub import BatchingStub


@pytest.fixture
def stub():
    server = BatchingStub(latency=0.01, idle=60).start()
    yield server
    server.stop()


def rows(path: Path, timing: bool = False) -> list[dict]:
    """A journal's rows; without ``timing``, the wall-clock latency of model calls is dropped
    (the one field that differs between two runs with the same server replies)."""
    out = [json.loads(line) for line in Path(path).read_text("utf-8").splitlines()]
    if not timing:
        for row in out:
            row.pop("latency_ms", None)
    return out
