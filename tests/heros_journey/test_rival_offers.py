"""When a rival buys the token it lacks from another Hero: before its action, when that one token
lets it attempt this turn; further short, it gathers by its Rests, whose Curse would take back
half of what it bought (issue 38)."""
from __future__ import annotations

import random

import pytest

from companion.games.heros_journey import GAME, heuristic, policy
from companion.games.heros_journey.playout import play

from .table import make


def _at_the_pact_of_the_end(leaves: int):
    """Brannoc at the Pact of The End with the Forest (five Leaves) and ``leaves`` Leaf tokens;
    the player, still at the Origin, holds the other Leaves; the bank holds three tokens (a Moon,
    a Sun and a Wave), so a Rest empties it and brings the Curse."""
    return make([
        {"origin": "harvest", "stage": 1, "tokens": {"moons": 9, "suns": 7, "waves": 8,
                                                     "leaves": 12 - leaves, "wyrms": 10,
                                                     "knots": 8},
         "mentors": ["light-keeper"], "hand": ["ace-knots"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 2, "suns": 4, "waves": 3,
                                                  "leaves": leaves, "wyrms": 2, "knots": 4},
         "mentors": ["soldier"], "places": ["forest"], "hand": ["ace-waves"]}],
        slots=(("consul", "castle"), ("bard", "window"), ("huntress", "island")),
        revealed="end", endings=("end", "windfall", "calamity"), pact_first="hero2", round=40,
        max_rounds=80, first=1, current=1, tasks=[{"k": "turn", "seat": "hero2"}])


def test_the_tokens_a_rival_lacks_to_attempt_the_ending_are_counted():
    for leaves, gap in ((3, 3), (5, 1), (6, 0)):
        view = GAME.view(_at_the_pact_of_the_end(leaves), "hero2")
        assert heuristic.attempt_gap(view, heuristic.me_of(view, "hero2")) == gap


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_one_leaf_short_a_rival_buys_it_before_its_action(level):
    s = _at_the_pact_of_the_end(5)
    view, legal = GAME.view(s, "hero2"), GAME.legal_actions(s, "hero2")
    assert policy.choose(view, "hero2", legal, random.Random(0), level).kind == "trade_offer"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_three_leaves_short_a_rival_gathers_by_its_rest_and_buys_none(level):
    """Bought before its Rest, a Leaf would be the fourth of its largest suit when the Rest
    empties the bank, and the Curse would take half of them; one bought each turn, the Curse
    took them back every other round and the race never ended."""
    s = _at_the_pact_of_the_end(3)
    log: list[str] = []

    def choose(view, seat, legal, rng, lvl=None):
        a = policy.choose(view, seat, legal, rng, lvl)
        if seat == "hero2":
            log.append(a.kind)
        return a

    def watch(state, events):
        log.extend(e.kind for e in events if e.kind == "curse")

    play(s, {"hero1": "normal", "hero2": level}, random.Random(0), choose=choose, watch=watch,
         stop=lambda st: st.current != 1)  # the end of Brannoc's turn
    assert log[0] == "rest" and "curse" in log, log
    assert not {"trade_offer", "offer"} & set(log), log
