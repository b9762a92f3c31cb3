"""The command line as a user meets it: the issue's "done when" checks, run as real processes."""
from __future__ import annotations

import pytest

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


from companion.session import HUMAN, Session
from companion.games.at_any_cost import GAME
from companion.story.voice import OfflineVoice
from companion.repl.controller import Controller

ROOT = Path(__file__).resolve().parents[1]


def companion(*args, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, text=True,
                          capture_output=True, cwd=cwd, env=env, timeout=120)


def test_games_lists_at_any_cost():
    r = companion("games")
    assert r.returncode == 0 and "at-any-cost" in r.stdout


@pytest.mark.slow
def test_autoplay_writes_a_five_stage_story_rendered_identically_twice(tmp_path):
    j = tmp_path / "a.jsonl"
    r = companion("autoplay", "at-any-cost", "--seed", "7", "--journal", str(j), "--quiet")
    assert r.returncode == 0, r.stderr
    md1 = companion("journal", str(j), "--format", "md").stdout
    md2 = companion("journal", str(j), "--format", "md").stdout
    assert md1 == md2
    assert [line.split(" · ")[0] for line in md1.splitlines() if line.startswith("## Stage")] == \
        [f"## Stage {n}" for n in range(1, 6)]
    j2 = tmp_path / "b.jsonl"
    companion("autoplay", "at-any-cost", "--seed", "7", "--journal", str(j2), "--quiet")
    assert companion("journal", str(j2)).stdout == md1  # same seed, same story
    html = companion("journal", str(j), "--format", "html").stdout
    assert html.startswith("<!doctype html>") and "<h2>Stage 1" in html


def _refusable(view: dict) -> bool:
    hand = view["hand"]
    return any(not c["playable"] for c in hand) and any(
        c["playable"] and c["value"] < view["totals"]["antagonist"] - view["totals"]["protagonist"]
        for c in hand)


def _script_session(seed: int = 3, want=lambda view: True):
    """Play seed 3 in-process up to the first time the Protagonist must meet a challenge
    (and ``want`` holds of the view); returns the session and the lines typed."""
    out: list = []
    s = Session.start(GAME, seed, {"protagonist": HUMAN, "antagonist": "ai"},
                      OfflineVoice(GAME, seed), None)
    s.advance()
    c = Controller(s, lambda kind, text: out.append(text))
    lines = ["Wren", "she", "", "keep 1 2 3 4 5", "a", "b", "c", "d", "e"]
    for line in lines:
        c.handle(line)
    while not (s.view("protagonist")["phase"] == "meet" and want(s.view("protagonist"))):
        if s.view("protagonist")["phase"] == "questions":
            line = "Because."
        else:
            line = "do 1"
        c.handle(line)
        lines.append(line)
    return s, lines


def test_script_refusals_name_the_rule_and_change_nothing(tmp_path):
    s, lines = _script_session(want=_refusable)
    view = s.view("protagonist")
    t = view["totals"]
    unplayable = [c for c in view["hand"] if not c["playable"]]
    weak = [c for c in view["hand"]
            if c["playable"] and c["value"] < t["antagonist"] - t["protagonist"]]
    probes = ["state --json"]
    if unplayable:
        probes += [f"play {unplayable[0]['name']}", "state --json"]
    if weak:
        probes += [f"play {weak[0]['name']}", "state --json"]
    probes += ["frobnicate the widget", "state --json", "play", "state --json",
               "do 999", "state --json", "keep 1 2", "state --json"]
    script = "\n".join(lines + probes) + "\n"
    r = companion("play", "at-any-cost", "--seed", "3", "--script", "-",
                  "--journal", str(tmp_path / "s.jsonl"), stdin=script)
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr
    dumps = [json.loads(block) for block in _json_blocks(r.stdout)]
    assert len(dumps) == probes.count("state --json") and all(d == dumps[0] for d in dumps)
    assert "(rule: matching tags)" in r.stdout and "(rule: meet the challenge)" in r.stdout
    assert "unknown command 'frobnicate'" in r.stdout
    assert "name at least one card" in r.stdout and "there is no move 999" in r.stdout
    assert unplayable and weak


def _json_blocks(text: str):
    block: list[str] = []
    for line in text.splitlines():
        if line.startswith("{") and not block:
            block = [line]
        elif block:
            block.append(line)
            if line == "}":
                yield "\n".join(block)
                block = []


def test_sigkill_mid_stage_resumes_to_the_same_state(tmp_path):
    _, lines = _script_session()
    j = tmp_path / "k.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "at-any-cost",
                             "--seed", "3", "--script", "-", "--journal", str(j)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    for line in lines + ["state --json"]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    seen = ""
    deadline = time.time() + 60
    while time.time() < deadline and not seen.endswith("\n}\n"):
        seen += proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)  # mid-stage: the challenge is set, the hero must meet it
    proc.wait()
    before = json.loads(list(_json_blocks(seen))[-1])
    assert before["phase"] == "meet"
    r = companion("resume", str(j), "--script", "-", stdin="state --json\n")
    assert r.returncode == 0, r.stderr
    after = json.loads(list(_json_blocks(r.stdout))[-1])
    assert after == before


def test_bad_input_to_the_cli_is_one_clear_line(tmp_path):
    r = companion("play", "chess")
    assert r.returncode == 2 and "no game called 'chess'" in r.stderr and "Traceback" not in r.stderr
    r = companion("resume", str(tmp_path / "nope.jsonl"))
    assert r.returncode == 2 and "no journal at" in r.stderr
    r = companion("play", "at-any-cost", "--seat", "gm")
    assert r.returncode == 2 and "no seat 'gm'" in r.stderr
    j = tmp_path / "a.jsonl"
    companion("autoplay", "at-any-cost", "--seed", "1", "--journal", str(j), "--quiet")
    r = companion("autoplay", "at-any-cost", "--seed", "1", "--journal", str(j), "--quiet")
    assert r.returncode == 2 and "--force" in r.stderr


def test_playing_the_antagonist_seat(tmp_path):
    r = companion("play", "at-any-cost", "--seat", "antagonist", "--seed", "5", "--script", "-",
                  "--journal", str(tmp_path / "a.jsonl"), stdin="state\nactions\n")
    assert r.returncode == 0, r.stderr
    assert "You are the Antagonist" in r.stdout and "Face down (only you know)" in r.stdout


def test_unfinished_journals_render_without_spoilers(tmp_path):
    j = tmp_path / "u.jsonl"
    companion("play", "at-any-cost", "--seed", "3", "--script", "-", "--journal", str(j),
              stdin="Wren\nshe\n\nkeep 1 2 3 4 5\n")
    md = companion("journal", str(j)).stdout
    assert "not finished" in md and "Face down" not in md
    assert f"companion resume {j}`" in md  # the path as given, folder and all
    header_rows = [json.loads(x) for x in j.read_text().splitlines()]
    hidden = next(r for r in header_rows if r["type"] == "action" and any(
        e["kind"] == "hidden_dealt" for e in r["events"]))
    names = [GAME.data.location(x).name for x in hidden["events"][0]["data"]["locations"]]
    assert not any(f"## Stage 2 · The initial threat · {n}" in md for n in names)


def test_a_campaign_character_is_saved_after_a_story_and_played_in_the_next(tmp_path):
    sheet = tmp_path / "ash.json"
    r = companion("autoplay", "high-stakes", "--seed", "5", "--journal", str(tmp_path / "1.jsonl"),
                  "--character", str(sheet), "--quiet")
    assert r.returncode == 0, r.stderr
    assert "saved to" in r.stdout and json.loads(sheet.read_text())["characters"][0]["stories"] == 1
    j2 = tmp_path / "2.jsonl"
    r = companion("autoplay", "high-stakes", "--seed", "6", "--journal", str(j2),
                  "--character", str(sheet), "--quiet")
    assert r.returncode == 0, r.stderr
    header = json.loads(j2.read_text().splitlines()[0])
    assert header["options"]["characters"][0]["stories"] == 1  # replays use the same options
    assert json.loads(sheet.read_text())["characters"][0]["stories"] == 2
    assert companion("journal", str(j2)).returncode == 0


def test_a_character_file_for_a_game_without_campaigns_is_refused(tmp_path):
    r = companion("play", "at-any-cost", "--character", str(tmp_path / "x.json"))
    assert r.returncode == 2 and "keeps no characters" in r.stderr


def test_a_journal_the_rules_no_longer_replay_is_refused_in_one_line(tmp_path):
    j = tmp_path / "old.jsonl"
    r = companion("autoplay", "at-any-cost", "--seed", "7", "--journal", str(j), "--quiet")
    assert r.returncode == 0, r.stderr
    rows = j.read_text().splitlines()
    fourth = [i for i, line in enumerate(rows) if json.loads(line)["type"] == "action"][3]
    del rows[fourth]  # as if an older version had asked one question fewer
    j.write_text("\n".join(rows) + "\n")
    for fmt in ("md", "html"):
        r = companion("journal", str(j), "--format", fmt)
        assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr
        assert "move 4 of this journal is not legal under this version's rules" in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
