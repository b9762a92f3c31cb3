"""Issue 20's input hygiene, the audit's exact lines: one place (the controller, so the REPL and
``--script`` alike) strips control characters and escapes with a one-line note before a word is
stored; a verb that takes nothing refuses trailing words with its form; numbers are digits only;
``discard ,`` and ``discard éé`` are refused, not a crash."""
from __future__ import annotations

import pytest

from companion.core.clean import NOTE, clean, clean_line
from companion.core.registry import game_module, get_game
from companion.core.verbs import CommandError, is_number, match_many
from companion.repl.controller import Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

from .test_parsers_total import snapshots


def controller(name: str, seed: int = 1):
    game = get_game(name)
    seats = {s: (HUMAN if s == game.default_human else AI) for s in game.seats}
    s = Session.start(game, seed, seats, OfflineVoice(game, seed), None)
    s.advance()
    out: list[tuple[str, str]] = []
    return s, Controller(s, lambda kind, text: out.append((kind, text))), out


def test_terminal_escapes_at_a_question_prompt_are_stripped_with_a_note():
    s, c, out = controller("at-any-cost")
    c.handle("\x1b]0;title\x07Wr\x00en\x1b[2J")  # the hero's name, at the name prompt
    assert ("notice", NOTE) in out
    assert s.view("protagonist")["hero"]["name"] == "Wren"
    assert not any("\x1b" in a.text or "\x00" in a.text for a in s.actions)


def test_a_clean_line_gets_no_note_and_crlf_is_clean():
    assert clean_line("keep 1 2 3\r\n") == ("keep 1 2 3", False)
    assert clean("é 日本語 ok") == "é 日本語 ok"
    assert clean("a\u202eb\x9b2Jc\x7f") == "abc"


def test_a_verb_that_takes_nothing_refuses_trailing_words_with_its_form():
    s, c, out = controller("dragon-warrior")
    before = s.view("warrior")
    c.handle("done 日本語")
    assert any(k == "error" and "done takes nothing after it" in t and "(expected: done)" in t
               for k, t in out)
    assert s.view("warrior") == before  # nothing changed


def test_talk_takes_its_words_as_the_scene_not_dropped():
    cmds = game_module(get_game("dragon-warrior"), "commands")
    snap = next(((v, legal, seat) for v, legal, seat in snapshots("dragon-warrior")
                 if any(a.kind == "talk" for a in legal)), None)
    assert snap is not None, "the first steps of a Dragon & Warrior game offer talk"
    v, legal, seat = snap
    assert cmds.parse("talk", "ééé hello", v, legal, seat)[0].text == "ééé hello"


@pytest.mark.parametrize("line", ["-3", "+1", "-1", "²", "٣"])
def test_do_takes_digits_only(line):
    s, c, out = controller("at-any-cost")
    c.handle("Wren")
    n = len(s.actions)
    c.handle(f"/do {line}")  # at a question prompt a verb takes its slash
    assert any(k == "error" and "do needs a move number" in t for k, t in out)
    assert len(s.actions) == n


@pytest.mark.parametrize("words", ["-3", "+1", "-1", "1, -2"])
def test_play_minus_three_is_not_card_three(words):
    cmds = game_module(get_game("at-any-cost"), "commands")
    v, legal, seat = next(x for x in snapshots("at-any-cost") if x[0].get("hand"))
    with pytest.raises(CommandError, match="digits only"):
        cmds.parse("play", words, v, legal, seat)


@pytest.mark.parametrize("words", [",", "éé", " , ,", "日本語"])
def test_discard_with_nothing_named_is_refused_not_a_crash(words):
    cmds = game_module(get_game("at-any-cost"), "commands")
    v, legal, seat = next(x for x in snapshots("at-any-cost") if x[0].get("hand"))
    with pytest.raises(CommandError, match="name at least one card"):
        cmds.parse("discard", words, v, legal, seat)


def test_numbers_are_ascii_digits():
    assert is_number("12") and not any(is_number(x) for x in ["-3", "+1", "²", "٣", "", "1.5"])
    with pytest.raises(CommandError):
        match_many("-3", {"a": "a"}, "card", numbered=["a", "b", "c"])
