"""Issue 20: a journal is owned by one process at a time, ``--out`` and ``--force`` never destroy
one, and every command that takes a path answers an odd path in one line (run as real processes)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.at_any_cost import GAME
from companion.journal import render
from companion.session import HUMAN, Session
from companion.story.voice import OfflineVoice

ROOT = Path(__file__).resolve().parents[2]


def companion(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, text=True,
                          capture_output=True, env=env, timeout=120)


def one_line(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def _open_session(path: Path) -> Session:
    s = Session.start(GAME, 3, {"protagonist": HUMAN, "antagonist": "ai"},
                      OfflineVoice(GAME, 3), path)
    s.advance()
    s.submit(s.legal("protagonist")[0].with_text("Wren"))
    return s


def test_two_sessions_on_one_journal_the_second_is_refused_the_first_intact(tmp_path):
    j = tmp_path / "one.jsonl"
    first = _open_session(j)  # this process holds the journal, as a terminal session would
    before = j.read_bytes()
    for args, words in ((["resume", str(j), "--script", "-"], [f"pid {os.getpid()}"]),
                        (["play", "at-any-cost", "--journal", str(j), "--script", "-"],
                         ["already exists"]),
                        (["autoplay", "at-any-cost", "--journal", str(j), "--force", "--quiet"],
                         [f"pid {os.getpid()}"])):
        r = companion(*args, stdin="do 1\ndo 1\n")
        one_line(r, *words)
        assert j.read_bytes() == before  # not a byte appended, truncated or replaced
    first.submit(first.legal("protagonist")[0].with_text("she"))  # the first goes on writing
    first.close()
    r = companion("resume", str(j), "--script", "-", stdin="state --json\n")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert render.render_markdown(j)  # replays whole: no interleaved rows


def test_a_resumed_journal_is_held_too(tmp_path):
    j = tmp_path / "two.jsonl"
    _open_session(j).close()
    resumed, _ = Session.resume(j)
    r = companion("resume", str(j), "--script", "-", stdin="")
    one_line(r, "is open in another companion process", f"pid {os.getpid()}")
    resumed.close()
    assert companion("resume", str(j), "--script", "-", stdin="").returncode == 0


@pytest.mark.slow  # a process for each command
def test_journal_out_never_names_the_journal(tmp_path):
    j = tmp_path / "a.jsonl"
    assert companion("autoplay", "at-any-cost", "--seed", "1", "--journal", str(j),
                     "--quiet").returncode == 0
    before = j.read_bytes()
    one_line(companion("journal", str(j), "--out", str(j)), "is the journal itself")
    os.chdir(tmp_path)  # the same file by another name
    one_line(companion("journal", str(j), "--out", "./a.jsonl"), "is the journal itself")
    other = tmp_path / "b.jsonl"
    other.write_bytes(before)
    one_line(companion("journal", str(j), "--out", str(other)), "never writes over a journal")
    one_line(companion("journal", str(j), "--out", str(tmp_path)), "is a folder")
    assert j.read_bytes() == before and other.read_bytes() == before
    assert companion("journal", str(j), "--out", str(tmp_path / "a.md")).returncode == 0
    assert (tmp_path / "a.md").read_text().startswith("---")


@pytest.mark.slow  # a process for each command
def test_force_overwrites_only_a_journal(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a journal\n")
    one_line(companion("autoplay", "at-any-cost", "--journal", str(notes), "--force", "--quiet"),
             "not a companion journal")
    assert notes.read_text() == "my notes, not a journal\n"
    j = tmp_path / "j.jsonl"
    companion("autoplay", "at-any-cost", "--seed", "1", "--journal", str(j), "--quiet")
    r = companion("autoplay", "at-any-cost", "--seed", "2", "--journal", str(j), "--force",
                  "--quiet")
    assert r.returncode == 0, r.stderr
    assert json.loads(j.read_text().splitlines()[0])["seed"] == 2


@pytest.mark.slow  # a process for each command
def test_every_path_taking_command_answers_an_odd_path_in_one_line(tmp_path):
    existing = tmp_path / "FILE"
    existing.write_text("not a journal\n")
    folder = tmp_path / "dir"
    folder.mkdir()
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    unwritable = locked / "j.jsonl"
    blocked = existing / "j.jsonl"  # a path through a file
    for path, words in ((existing, ["already exists"]), (folder, ["folder"]),
                        (blocked, ["cannot write"])):
        one_line(companion("play", "heros-journey", "--journal", str(path), "--script", "-",
                           stdin=""), *words)
        one_line(companion("autoplay", "dragon-warrior", "--journal", str(path), "--quiet"),
                 *words)
    one_line(companion("resume", str(existing)), "not a journal")
    j = tmp_path / "s.jsonl"
    one_line(companion("play", "at-any-cost", "--journal", str(j), "--script", str(folder)),
             "cannot read the script")
    assert not j.exists()  # refused before a journal was begun
    one_line(companion("resume", str(folder)), "folder")
    one_line(companion("journal", str(folder)), "folder")
    one_line(companion("journal", str(blocked)))
    one_line(companion("draft", "high-stakes", "scene", "a", "rooftop", "--journal", str(folder)))
    one_line(companion("play", "high-stakes", "--character", str(folder), "--no-journal",
                       "--script", "-", stdin=""))
    one_line(companion("play", "becoming", "--quest", str(folder), "--no-journal",
                       "--script", "-", stdin=""))
    one_line(companion("autoplay", "at-any-cost", "--count", "1", "--out", str(existing),
                       "--quiet"))
    if os.geteuid() != 0:  # root writes anywhere: the permission case needs a user
        one_line(companion("play", "heros-journey", "--journal", str(unwritable), "--script",
                           "-", stdin=""), "cannot write")
        j = tmp_path / "a.jsonl"
        companion("autoplay", "at-any-cost", "--seed", "1", "--journal", str(j), "--quiet")
        one_line(companion("journal", str(j), "--out", str(locked / "a.md")), "cannot write")
    locked.chmod(0o700)
