"""The end of a story stays readable: outcome, final score and the commands that render the
journal (which work as printed, from anywhere), and a terminal waits for the player to leave;
``--script`` never waits."""
from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from companion.cli import main
from companion.core.registry import get_game
from companion.repl.app import TerminalScreen, run_interactive
from companion.repl.controller import Controller
from companion.repl.hints import program
from companion.repl.ending import LEAVE, final_score, journal_commands
from companion.repl.screen import PlainScreen
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

ROOT = Path(__file__).resolve().parents[1]
GAME = get_game("becoming")
LINE = "do 1 -- Wren"


def _session(path: Path, out) -> Session:
    seats = {s: (HUMAN if s == "hero" else AI) for s in GAME.seats}
    s = Session.start(GAME, 5, seats, OfflineVoice(GAME, 5), path, emit=out)
    s.advance()
    return s


def _played(path: Path, lines: int | None = None) -> tuple[Controller, list, int]:
    """Becoming, seed 5, the Hero taking move 1 each time: to the end, or ``lines`` lines."""
    out: list = []
    c = Controller(_session(path, lambda k, t: out.append((k, t))), lambda k, t: out.append((k, t)))
    n = 0
    while not c.done and (lines is None or n < lines):
        c.handle(LINE)
        n += 1
    return c, out, n


_LENGTH: list[int] = []


def _length(path: Path) -> int:
    """How many lines the game takes to its end (played once per test run)."""
    if not _LENGTH:
        _LENGTH.append(_played(path)[2])
    return _LENGTH[0]


def test_the_end_shows_the_outcome_the_score_and_commands_that_work_as_printed(
        tmp_path, monkeypatch, capsys):
    c, out, _ = _played(tmp_path / "j.jsonl")
    text = [t for _, t in out]
    assert any(t.startswith("The story is over. ") for t in text)
    score = next(t for t in text if t.startswith("Final score: "))
    assert "the Shears" in score and "Wren" in score  # names, not seat ids
    commands = [t.strip() for k, t in out if k == "data" and " journal " in t]
    assert commands == journal_commands(tmp_path / "j.jsonl")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # from another folder: the path printed is absolute
    prog = shlex.split(program())
    for command in commands:  # the program's own part is test_hints' (it runs from a fresh shell)
        words = shlex.split(command)
        assert words[:len(prog)] == prog
        assert main(words[len(prog):]) == 0
    assert 'game: "Becoming"' in capsys.readouterr().out
    assert (tmp_path / "j.html").read_text().lstrip().startswith("<!")


def test_a_relative_journal_path_is_printed_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert str(tmp_path / "transcripts" / "a.jsonl") in journal_commands("transcripts/a.jsonl")[0]


def test_scores_are_named_best_first():
    hj = get_game("heros-journey")
    outcome = type("O", (), {"scores": {"hero1": 23.0, "hero2": 142.0, "hero3": 108.0}})()
    # a race set up (the names are the race's: another race's Hero, named by its player in an
    # earlier test, is not this one's)
    assert final_score(hj, hj.setup(hj.options_model()), outcome) == "Brannoc 142, Sefa 108, Wren 23"
    hs = get_game("high-stakes")  # its scores are not seats': its own line says it in words
    state = hs.setup(hs.options_model())
    assert final_score(hs, state, hs.outcome(state)) == "0 of 0 rolls succeeded"


def test_the_terminal_waits_at_the_end_until_enter(tmp_path):
    c, out, _ = _played(tmp_path / "j.jsonl")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        run_interactive(c, TerminalScreen(), history=tmp_path / "hist")  # already over: returns
        pipe.send_text("journal\r\r")  # a word is not Enter: the way out again, then Enter
        c.linger()
        assert pipe  # reached: the second line let it go
    assert any("Press Enter" in t for _, t in out)


def test_a_script_never_waits_at_the_end(tmp_path):
    n = _length(tmp_path / "a.jsonl")
    stream = io.StringIO()
    c = Controller(_session(tmp_path / "b.jsonl", PlainScreen(stream)), PlainScreen(stream))
    from companion.repl.script import run_script

    run_script(c, io.StringIO(f"{LINE}\n" * (n + 5)), PlainScreen(stream))
    c.linger()  # the default: returns at once
    assert c.done and "Final score: " in stream.getvalue() and LEAVE not in stream.getvalue()


@pytest.mark.slow  # a real terminal
def test_a_real_terminal_keeps_the_ending_until_the_player_leaves(tmp_path):
    n = _length(tmp_path / "full.jsonl")
    journal = tmp_path / "j.jsonl"
    c, _, _ = _played(journal, n - 1)  # one move from the end
    c.session.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "100"}
    child = pexpect.spawn(sys.executable, ["-m", "companion", "resume", str(journal)], env=env,
                          encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect("you>")
    child.sendline(LINE)
    child.expect("Final score: ")
    child.expect("Enter to leave>")
    assert child.isalive()  # still on screen: the player has not left
    child.sendline("")
    child.expect(pexpect.EOF)


def test_a_campaign_session_that_goes_on_names_the_next_session(tmp_path):
    from types import SimpleNamespace

    from companion.repl.ending import show_ending

    game = get_game("heros-journey")
    outcome = SimpleNamespace(summary="Wren wins.", scores={})
    fake = SimpleNamespace(game=SimpleNamespace(outcome=lambda s: outcome, seats=game.seats),
                           state=None, sequel=lambda: object(),
                           journal=SimpleNamespace(path=tmp_path / "c.jsonl"))
    out: list = []
    show_ending(fake, lambda k, t: out.append((k, t)))
    text = "\n".join(t for _, t in out)
    assert "This session is over. Wren wins." in text
    assert f"resume {(tmp_path / 'c.jsonl').resolve()}" in text
