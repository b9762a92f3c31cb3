"""Three Dragon Tokens switch roles with the Warrior at any time (the text); ``--seat villain``
gives the human the Villain, the Ally and Treasure; WarriorOptions(swaps=False) turns swaps off."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior.arena import arena, conflict, explore_state
from companion.games.dragon_warrior.model import (
    ALLY,
    SEATS,
    TREASURE,
    VILLAIN,
    WARRIOR,
    WarriorOptions,
)

HUMAN, AI = "human", "ai"


def swaps(s, seat):
    return [a for a in GAME.legal_actions(s, seat) if a.kind == "swap"]


def test_three_tokens_swap_at_any_time_even_mid_battle_from_any_seat_of_the_other_side():
    s = arena(conflict(), warrior_hand=["7S"], villain_hand=["2H"], tokens=(1, 3))
    assert GAME.to_move(s) == [WARRIOR]  # not the other side's turn, and mid-battle
    for seat in (VILLAIN, ALLY, TREASURE):
        assert swaps(s, seat)
    assert not swaps(s, WARRIOR)  # the Warrior's player cannot swap with themself
    s2, events = GAME.apply(s, Action(seat=VILLAIN, kind="swap"))
    assert s2.swapped and s2.tokens == (0, 1) and events[0].kind == "seats_swapped"
    assert s2.battle == s.battle  # the battle goes on; tokens follow the players
    assert not swaps(s.model_copy(update={"tokens": (1, 2)}), VILLAIN)  # two are not enough


def test_swaps_can_be_turned_off():
    s = explore_state(tokens=(0, 3), swaps=False)
    assert not swaps(s, ALLY)
    with pytest.raises(RuleError):
        GAME.apply(s, Action(seat=ALLY, kind="swap"))
    assert GAME.setup(WarriorOptions(swaps=False)).swaps is False
    assert GAME.setup(WarriorOptions()).swaps is True


def test_seat_villain_gives_the_human_the_whole_other_side_and_the_swap_trades_it():
    seats = {WARRIOR: AI, VILLAIN: HUMAN, ALLY: AI, TREASURE: AI}
    s = explore_state()
    held = GAME.seat_holders(s, seats)
    assert held == {WARRIOR: AI, VILLAIN: HUMAN, ALLY: HUMAN, TREASURE: HUMAN}
    swapped = GAME.seat_holders(s.model_copy(update={"swapped": True}), seats)
    assert swapped == {WARRIOR: HUMAN, VILLAIN: AI, ALLY: AI, TREASURE: AI}
    default = {WARRIOR: HUMAN, **{x: AI for x in SEATS if x != WARRIOR}}
    assert GAME.seat_holders(s, default) == default
    assert GAME.seat_holders(s.model_copy(update={"swapped": True}), default) == \
        {WARRIOR: AI, VILLAIN: HUMAN, ALLY: HUMAN, TREASURE: HUMAN}


def _until_swapped(seed: int):
    """A Session with the human as the Warrior, who awards every token it may, until the AI side
    spends three to swap: the human then holds the Villain, the Ally and Treasure."""
    import random

    from companion.games.dragon_warrior import policy
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    s = Session.start(GAME, seed, {x: (HUMAN if x == WARRIOR else AI) for x in SEATS},
                      OfflineVoice(GAME, seed), None)
    s.advance()
    rng = random.Random(1)
    for _ in range(500):
        if s.is_over() or s.state.swapped:
            break
        seat = s.human_turn()
        legal = s.legal(seat)
        award = [a for a in legal if a.kind == "award"]
        a = award[0] if award else policy.choose(s.view(seat), seat, legal, rng)
        s.submit(a.with_text("Rowan: a tired knight") if a.ask else a)
    assert s.state.swapped and s.human_turn() in (VILLAIN, ALLY, TREASURE)
    return s


def test_undo_after_a_swap_takes_back_the_humans_move_in_the_seat_they_hold_now():
    from companion.games.dragon_warrior import policy
    import random

    s = _until_swapped(3)
    seat, before = s.human_turn(), len(s.actions)
    move = policy.choose(s.view(seat), seat, s.legal(seat), random.Random(2))
    s.submit(move.with_text("a riddle about keys") if move.ask else move)
    assert len(s.actions) > before
    s.undo()
    # that move is taken back: the same seat is asked again, the swap stands
    assert len(s.actions) == before and s.human_turn() == seat and s.state.swapped
    # once more: back across the AI's swap, to the human's last move as the Warrior
    s.undo()
    assert not s.state.swapped and s.human_turn() == WARRIOR


def test_undo_under_seat_villain_takes_back_an_ally_decision():
    import random

    from companion.games.dragon_warrior import policy
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    s = Session.start(GAME, 3, {x: (HUMAN if x == VILLAIN else AI) for x in SEATS},
                      OfflineVoice(GAME, 3), None)
    s.advance()
    rng = random.Random(1)
    while s.human_turn() != ALLY:
        seat = s.human_turn()
        a = policy.choose(s.view(seat), seat, s.legal(seat), rng)
        s.submit(a.with_text("Marta the smith") if a.ask else a)
    before = len(s.actions)
    a = policy.choose(s.view(ALLY), ALLY, s.legal(ALLY), rng)
    s.submit(a.with_text("Marta the smith") if a.ask else a)
    s.undo()
    assert len(s.actions) == before and s.human_turn() == ALLY


def test_the_intro_under_seat_villain_says_who_plays_what():
    from companion.cli.play import intro
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    voice = OfflineVoice(GAME, 4)
    theirs = Session.start(GAME, 4, {x: (HUMAN if x == VILLAIN else AI) for x in SEATS}, voice,
                           None)
    text = intro(GAME, theirs, VILLAIN, voice, None)
    assert "You are the Villain, the Ally and the Treasure; the companion plays the Warrior" in text
    assert "you are the Warrior" not in text
    mine = Session.start(GAME, 4, {x: (HUMAN if x == WARRIOR else AI) for x in SEATS}, voice,
                         None)
    assert "You are the Warrior; the companion plays the Villain, the Ally and the Treasure" in \
        intro(GAME, mine, WARRIOR, voice, None)


def test_under_seat_villain_the_ai_warriors_palette_line_is_shown_once_not_once_per_seat_held():
    # the human holds three seats, and each sees the Warrior's palette entry: the screen showed
    # "Yes list: big swords." three times (one step, one line, shown once)
    import random
    from collections import Counter

    from companion.games.dragon_warrior import policy
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    shown: list[str] = []
    s = Session.start(GAME, 4, {x: (HUMAN if x == VILLAIN else AI) for x in SEATS},
                      OfflineVoice(GAME, 4), None,
                      emit=lambda kind, text: shown.append(text) if kind == "mechanics" else None)
    s.advance()
    assert shown.count("Yes list: big swords.") == 1, shown
    rng = random.Random(1)
    for _ in range(40):  # the rest of session zero: no step shows one line twice
        seat = s.human_turn()
        if seat is None:
            break
        before = len(shown)
        a = policy.choose(s.view(seat), seat, s.legal(seat), rng)
        s.submit(a.with_text("Marta the smith") if a.ask else a)
        step = Counter(shown[before:])
        assert all(n == 1 for n in step.values()), step
    assert len(s.state.yes) == len(set(s.state.yes))


def test_under_seat_villain_the_prompt_says_what_the_other_side_may_do():
    # from play (seed 7): after session zero's palette the human (the Villain, the Ally and
    # Treasure) got a bare "you>" with no word of what to do
    from companion.games.dragon_warrior import commands
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    s = Session.start(GAME, 7, {x: (HUMAN if x == VILLAIN else AI) for x in SEATS},
                      OfflineVoice(GAME, 7), None)
    s.advance()
    for _ in range(30):
        seat = s.human_turn()
        legal = s.legal(seat)
        if any(a.kind == "ask" for a in legal):
            break
        a = next(a for a in legal if a.kind in ("no", "done", "skip"))
        s.submit(a.with_text("spiders") if a.kind == "no" else a)
    hint = commands.turn_hint(s.view(seat), legal, seat)
    assert hint.startswith(f"Your move as the {seat.capitalize()}") and "ask QUESTION" in hint


def test_resume_under_seat_villain_says_the_whole_side_is_yours(tmp_path, capsys):
    from companion.cli import main

    from tests.dragon_warrior.play import no_fsync

    script = tmp_path / "s.txt"
    script.write_text("\n\nno spiders\n")
    path = tmp_path / "j.jsonl"
    with no_fsync():
        assert main(["play", "dragon-warrior", "--seat", "villain", "--seed", "7", "--journal",
                     str(path), "--script", str(script)]) == 0
        script.write_text("")
        capsys.readouterr()
        assert main(["resume", str(path), "--script", str(script)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "you are the Villain, the Ally and the Treasure." in out, out


def test_under_seat_villain_the_ai_warrior_answers_your_own_questions_on_screen_and_in_kind():
    # from play (seed 7): three questions of the human's own got "Ask me again after the first
    # battle." twice and "I would rather not say.", and none of it was shown
    from companion.session import Session
    from companion.story.voice import OfflineVoice

    shown: list[str] = []
    s = Session.start(GAME, 7, {x: (HUMAN if x == VILLAIN else AI) for x in SEATS},
                      OfflineVoice(GAME, 7), None,
                      emit=lambda kind, text: shown.append(text) if kind == "mechanics" else None)
    s.advance()
    asks = iter(["What did your father leave you?", "Who would you walk into fire for?",
                 "What keeps you up at night?"])
    for _ in range(30):
        if sum(1 for _, q, a in s.state.questions if q and a) == 3:
            break
        seat = s.human_turn()
        legal = s.legal(seat)
        ask = [a for a in legal if a.kind == "ask"]
        if ask:
            s.submit(ask[0].with_text(next(asks)))
            continue
        a = next(a for a in legal if a.kind in ("no", "done", "skip"))
        s.submit(a.with_text("spiders") if a.kind == "no" else a)
    answers = [a for _, q, a in s.state.questions if q]
    assert len(answers) == 3 and len(set(answers)) == 3, answers
    assert "Ask me again after the first battle." not in answers
    assert sum(x.startswith("The Warrior answers the") for x in shown) == 3, shown


def test_every_move_the_other_side_is_offered_reads_differently():
    # from play (seed 7): 'actions' listed "houses done" twice (with and without an equipment
    # shop), so the human Treasure could not tell them apart
    from companion.games.dragon_warrior.views import describe

    a, b = (Action(seat=TREASURE, kind="houses_done", args={"equipment_shop": x})
            for x in (True, False))
    assert describe(a) != describe(b) and "equipment shop" in describe(a)


def test_treasures_gifts_are_listed_by_their_names_not_their_ids():
    # from play (seed 7): "give a Level 1 dragons-fire", "give a Level 1 fairy-water"
    from companion.games.dragon_warrior.views import describe

    said = [describe(Action(seat=TREASURE, kind="give", args={"kind": k, "level": 1}))
            for k in ("dragons-fire", "fairy-water", "healstuff")]
    assert said == ["give a Level 1 Dragon's Fire", "give a Level 1 Fairy Water",
                    "give a Level 1 healstuff"]


def test_treasures_drawing_moves_read_as_words():
    # from play (seed 7): 'actions' listed "drawn" and "poi" as they are in the code
    import re

    from companion.games.dragon_warrior import commands
    from companion.games.dragon_warrior.views import describe

    moves = [Action(seat=TREASURE, kind=k) for k in ("drawn", "poi")]
    assert [describe(a) for a in moves] == ["done drawing this area",
                                            "a point of interest (a place to search)"]
    hint = commands.turn_hint({"phase": "explore"}, moves, TREASURE)
    assert "done, point -- NAME: LOOK" in hint and not re.search(r"\bpoi\b", hint)


def test_the_battle_bar_under_seat_villain_names_the_warrior_and_counts_your_tokens():
    # from play (seed 7): the Villain's bar read "you HP 20/20" (the Warrior's) and the
    # Warrior's tokens
    from companion.games.dragon_warrior import commands

    s = arena(conflict(), warrior_hand=["7S"], villain_hand=["2H"], tokens=(1, 2))
    bar = commands.toolbar(GAME.view(s, VILLAIN))
    assert " you HP" not in bar and "tokens 2" in bar
    assert " you HP" in commands.toolbar(GAME.view(s, WARRIOR))
