"""Batch autoplay: many journals at once are the journals single runs write, and a batch that
was stopped or killed finishes only what is missing."""
from __future__ import annotations

import pytest

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.batch.manifest import MANIFEST, Manifest
from companion.batch.run import Batch
from companion.cli import main
from companion.core.registry import get_game
from companion.llm.config import load_settings
from companion.llm.openai_voice import make_voice

from .conftest import rows

ROOT = Path(__file__).resolve().parents[2]
GAME = "high-stakes"  # the shortest sessions with a model in every seat: fast tests


def _model(stub) -> list[str]:
    return ["--model", "stub-batch", "--base-url", stub.base_url]


def _done(folder: Path) -> list[dict]:
    path = folder / MANIFEST
    if not path.exists():
        return []
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip().endswith("}")]
    return [r for r in lines if r["type"] == "done"]


@pytest.mark.slow
def test_a_batch_of_eight_jobs_writes_what_single_runs_write(stub, tmp_path, capsys):
    out = tmp_path / "batch"
    assert main(["autoplay", GAME, "--count", "3", "--jobs", "8", "--seed", "2", "--out",
                 str(out), *_model(stub)]) == 0
    assert "3 of 3 journal(s)" in capsys.readouterr().out
    assert stub.peak > 1, "the sessions did not overlap"
    for seed in range(2, 5):
        single = tmp_path / f"single-{seed}.jsonl"
        assert main(["autoplay", GAME, "--seed", str(seed), "--journal", str(single), "--quiet",
                     *_model(stub)]) == 0
        batch = out / f"{GAME}-{seed}.jsonl"
        got, want = rows(batch), rows(single)
        assert got == want
        assert any(r["type"] == "llm" and r.get("outcome") == "ok" for r in got)
        assert any(r.get("source") == "model" for r in got)
    assert sorted(r["seed"] for r in _done(out)) == [2, 3, 4]


@pytest.mark.slow
def test_a_stopped_batch_plays_only_the_rest_when_run_again(stub, tmp_path):
    game = get_game(GAME)
    settings = load_settings(model="stub-batch", base_url=stub.base_url, env={},
                             path=tmp_path / "none.toml")
    factory = lambda g, s: make_voice(g, s, settings)  # noqa: E731
    out = tmp_path / "b"
    first = Batch(game, out, factory, jobs=2)

    def stop_after_two(stats):
        if stats.done >= 2:
            first.stop.set()

    first.run(range(2, 7), progress=stop_after_two, tick=0.02)
    kept = {r["journal"]: os.stat(out / r["journal"]) for r in _done(out)}
    assert 2 <= len(kept) < 5
    again = Batch(game, out, factory, jobs=2)
    stats = again.run(range(2, 7))
    assert (stats.skipped, stats.done) == (len(kept), 5 - len(kept))
    done = _done(out)
    assert sorted(r["seed"] for r in done) == [2, 3, 4, 5, 6]  # each journal recorded once
    for name, before in kept.items():  # never written twice
        after = os.stat(out / name)
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert not any((out / ".partial").iterdir())


@pytest.mark.slow
def test_a_killed_batch_completes_only_the_rest(stub, tmp_path, capsys):
    out = tmp_path / "killed"
    argv = ["autoplay", GAME, "--count", "4", "--seed", "2", "--jobs", "2", "--out", str(out), *_model(stub)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-m", "companion", *argv], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        while len(_done(out)) < 2 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(10)
    kept = {r["journal"]: os.stat(out / r["journal"]) for r in _done(out)}
    assert 2 <= len(kept) < 4, "the child finished before it was killed"
    before = stub.requests
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert f"{4 - len(kept)} written now, {len(kept)} already there" in text
    assert stub.requests > before
    assert sorted(r["seed"] for r in _done(out)) == [2, 3, 4, 5]
    for name, stat in kept.items():
        after = os.stat(out / name)
        assert (after.st_ino, after.st_mtime_ns) == (stat.st_ino, stat.st_mtime_ns)


def test_a_folder_of_another_batch_is_refused(tmp_path, capsys):
    out = tmp_path / "x"
    Manifest.open(out, get_game("dragon-warrior"), {"game": "dragon-warrior", "options": {}, "voice": "offline",
                                        "model": None, "server": None})
    assert main(["autoplay", "high-stakes", "--count", "1", "--out", str(out),
                 "--voice", "offline"]) == 2
    err = capsys.readouterr().err
    assert "holds a batch with game 'dragon-warrior'" in err and "Traceback" not in err


def test_an_offline_batch_resumes_from_its_manifest(tmp_path, capsys):
    out = tmp_path / "off"
    argv = ["autoplay", GAME, "--count", "2", "--out", str(out), "--voice", "offline"]
    assert main(argv) == 0
    assert main([*argv[:3], "3", *argv[4:]]) == 0
    text = capsys.readouterr().out
    assert "1 written now, 2 already there" in text
    assert len(_done(out)) == 3
