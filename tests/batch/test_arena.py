"""The arena against the batching stub: a model in one seat against a baseline in the same seat,
paired seeds, and a report whose figures are the journals' own."""
from __future__ import annotations

import csv
import io
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion.batch.stats import mean_ci, measure_of, wilson
from companion.batch.stub import BatchingStub
from companion.cli import main

from .conftest import rows


@pytest.fixture
def wobbly():
    """A stub whose replies name an illegal action a quarter of the time."""
    server = BatchingStub(latency=0.005, illegal=0.25, idle=60).start()
    yield server
    server.stop()


def _journals(folder: Path) -> dict[int, list[dict]]:
    return {int(p.stem.rsplit("-", 1)[1]): rows(p) for p in folder.glob("*.jsonl")
            if p.name != "manifest.jsonl"}


@pytest.mark.slow
def test_the_arena_rates_a_model_against_a_baseline_on_paired_seeds(wobbly, tmp_path, capsys):
    out = tmp_path / "arena"
    code = main(["arena", "high-stakes", "--seat", "gm", "--model", "stub-batch", "--base-url",
                 wobbly.base_url, "--vs", "random", "--games", "3", "--seed", "2", "--jobs", "4",
                 "--out", str(out), "--quiet"])
    assert code == 0
    text = capsys.readouterr().out
    assert "| stub-batch (contender) | 3 |" in text and "| random (baseline) | 3 |" in text
    result = json.loads((out / "arena.json").read_text())
    model, base = result["sides"]
    assert result["measure"] == "successes" and result["paired"]["pairs"] == 3

    mine = _journals(out / "contender-stub-batch")
    theirs = _journals(out / "baseline-random")
    assert sorted(mine) == sorted(theirs) == [2, 3, 4]
    calls = [r for j in mine.values() for r in j if r["type"] == "llm" and r["event"] == "call"]
    gm_moves = [r for j in mine.values() for r in j
                if r["type"] == "action" and r["action"]["seat"] == "gm"]
    assert model["illegal_caught"] == sum(r["outcome"] == "illegal" for r in calls) > 0
    assert model["calls"] == len(calls)
    assert model["moves"] == len(gm_moves)
    assert model["moves_model"] == sum(r.get("source") == "model" for r in gm_moves) > 0
    assert 0 < model["first_try_valid"] < 1  # a quarter of first replies are illegal
    tokens = sum(r["tokens_in"] + r["tokens_out"] for r in calls)
    assert model["tokens_per_move"] == pytest.approx(tokens / model["asked"])
    assert model["misses"]["illegal"] == model["illegal_caught"]
    assert base["moves_model"] == 0 and base["moves_other"] > 0 and base["calls"] == 0
    # the other seat is the offline voice on both sides, and the seeds are paired: the first deal
    # is the same
    for seed in mine:
        first = [next((r for r in j if r["type"] == "action" and r["by"] == "chance"), None)
                 for j in (mine[seed], theirs[seed])]
        assert mine[seed][0]["seed"] == theirs[seed][0]["seed"] == seed
        if None not in first and first[0]["n"] == first[1]["n"]:  # the same roll when it comes
            a, b = (x["action"]["args"]["items"] for x in first)  # the same draws; the pools
            assert a[:min(len(a), len(b))] == b[:min(len(a), len(b))]  # may differ in size
        assert all(r.get("source") in (None, "offline") for j in (mine[seed], theirs[seed])
                   for r in j if r["type"] == "action" and r["action"]["seat"] == "player")
    per_seed = {p["seed"]: p["stub-batch (contender)"] for p in result["per_seed"]}
    manifest = [json.loads(x) for x in
                (out / "contender-stub-batch" / "manifest.jsonl").read_text().splitlines()]
    assert per_seed == {r["seed"]: r["scores"]["successes"] for r in manifest[1:]}
    table = list(csv.DictReader(io.StringIO((out / "arena.csv").read_text())))
    assert [r["contender"] for r in table] == ["stub-batch", "random"]
    assert ET.fromstring((out / "arena.svg").read_text()).tag.endswith("svg")
    assert (out / "arena.md").read_text() in text


def test_an_offline_ladder_needs_no_server(tmp_path, capsys):
    out = tmp_path / "ladder"
    assert main(["arena", "becoming", "--seat", "hero", "--model", "offline", "--vs",
                 "random", "--games", "2", "--out", str(out), "--quiet"]) == 0
    result = json.loads((out / "arena.json").read_text())
    assert result["measure"] == "hero"
    off, rnd = result["sides"]
    assert off["moves_other"] > 0 and rnd["moves_other"] > 0 and off["calls"] == 0
    assert off["win_rate"] is not None  # every seat scored: did the Hero come out on top


def test_bad_arena_requests_are_one_line(capsys):
    assert main(["arena", "at-any-cost", "--seat", "dragon", "--model", "offline"]) == 2
    assert main(["arena", "at-any-cost", "--model", "random", "--vs", "random"]) == 2
    err = capsys.readouterr().err
    assert "no seat 'dragon'" in err and "two contenders" in err and "Traceback" not in err


def test_intervals():
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and hi - mean == pytest.approx(3.182 * math.sqrt(5 / 3) / 2, rel=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-3)
    assert mean_ci([1.0, 0.0], rate=True)[1] > 0
    assert measure_of("gm", ("gm", "player"), {"player": 1.0, "successes": 2.0}) == "successes"
    assert measure_of("player", ("gm", "player"), {"player": 1.0, "successes": 2.0}) == "player"
