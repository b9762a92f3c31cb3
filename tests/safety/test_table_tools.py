"""Issue 36, item 5: the At Any Cost hero named like a line, a bad config file, a full disk, one
rule for command-looking answers, one bound on a typed line."""
from __future__ import annotations

import errno

import pytest

from companion.cli import main
from companion.core.registry import get_game
from companion.journal.store import Journal, JournalError
from companion.repl.controller import MAX_LINE, Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice


def _aac(tmp_path, lines=()):
    game = get_game("at-any-cost")
    s = Session.start(game, 5, {"protagonist": HUMAN, "antagonist": AI},
                      OfflineVoice(game, 5), tmp_path / "j.jsonl", lines=list(lines))
    s.advance()
    out: list = []
    return s, Controller(s, lambda kind, text: out.append((kind, text))), out


def test_a_hero_named_like_a_line_still_gets_the_antagonists_question(tmp_path):
    s, c, _ = _aac(tmp_path, ["Wren"])
    for line in ["Wren", "she", ""]:
        c.handle(line)
    for _ in range(400):
        if s.is_over():
            break
        c.handle("It is home." if c.text_action() is not None else "do 1")
    s.close()
    assert s.is_over()
    assert all(q["question"] for q in s.view(None)["questions"])
    resumed, _ = Session.resume(tmp_path / "j.jsonl")  # no traceback on resume
    resumed.close()


@pytest.mark.parametrize("text,key", [(b"[llm\n", "not valid TOML"),
                                      (b'[llm]\ntimeout = "soon"\n', "timeout"),
                                      (b"\xff\xfe[llm]\n", "UTF-8")])
def test_a_bad_config_file_is_one_line_naming_the_file(tmp_path, monkeypatch, capsys, text,
                                                       key):
    config = tmp_path / "config.toml"
    config.write_bytes(text)
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    code = main(["autoplay", "at-any-cost", "--seed", "1", "--journal",
                 str(tmp_path / "a.jsonl"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert str(config) in err and key in err and "Traceback" not in err


def test_a_full_disk_names_the_journal_and_says_resume_repairs_it(tmp_path, monkeypatch):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(path, {"type": "header", "game": "x"})

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("os.fsync", full)
    with pytest.raises(JournalError) as err:
        journal.append({"type": "notice", "text": "x"})
    assert str(path) in str(err.value) and "companion resume" in str(err.value)


def test_one_rule_for_command_looking_answers(tmp_path):
    s, c, out = _aac(tmp_path)
    c.handle("keep 1 2 3 4 5")
    c.handle("do 1")
    assert s.state.hero_name == ""  # neither was taken as the hero's name
    errors = [t for k, t in out if k == "error"]
    assert len(errors) == 2 and all("looks like the command" in e for e in errors)
    c.handle("state --json --json")  # a look-only command: shown or refused, never the answer
    assert s.state.hero_name == ""
    c.handle('"keep 1 2"')  # in quotes: the words themselves
    assert s.state.hero_name.lower() == "keep 1 2"
    c.handle("state --json --json")
    assert c.text_action() is not None and c.text_action().kind == "pronouns"  # still asked


def test_one_bound_on_a_typed_line(tmp_path):
    s, c, out = _aac(tmp_path)
    c.handle("x" * (MAX_LINE + 1))
    assert s.state.hero_name == ""  # nothing of it was kept
    assert any(k == "error" and f"at most {MAX_LINE:,}" in t for k, t in out)


def test_an_answer_of_none_sets_no_line(tmp_path, monkeypatch):
    """`--lines none` (or "none" typed at the lines prompt) keeps no topic out: a line "none"
    told every "none" of the story around, and a Warrior's spells read "spells: thing"."""
    import argparse

    from companion.cli.options import table_safety

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "missing.toml"))
    lines, veils = table_safety(argparse.Namespace(lines="none", veils="Nothing, spiders"))
    assert lines == [] and veils == ["spiders"]
