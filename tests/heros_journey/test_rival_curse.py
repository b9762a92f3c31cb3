"""A rival choosing which token to take, with the Curse Upon the Land near, keeps the suit it
gathers from being its one largest: the Curse takes half of that suit (issue 38: bench 2p hard vs
exploit: always-attempt, seed 125, forty rounds at the Pact, every Leaf it drew taken back)."""
from __future__ import annotations

import random

import pytest

from companion.games.heros_journey import GAME, policy

from .table import make

RIVAL = {"moons": 1, "suns": 7, "waves": 6, "leaves": 7, "wyrms": 6, "knots": 4}


def _drawing(player: dict[str, int]):
    """Brannoc (Rite) at the Pact of The End, 7 Leaves and 7 Suns, resting: a Wyrm asked of a
    bank that has none, so it picks the substitute (both Heroes at the Pact: the drawer picks).
    The bank holds what the player and Brannoc do not."""
    return make([
        {"origin": "harvest", "stage": 9, "tokens": player, "mentors": ["sailor"],
         "places": ["darkness"], "hand": ["ace-knots"]},
        {"origin": "rite", "stage": 9, "tokens": RIVAL, "mentors": ["huntress", "savage"],
         "places": ["mountain"], "hand": ["ace-waves"]}],
        revealed="end", endings=("end", "windfall", "calamity"), pact_first="hero2", round=50,
        max_rounds=80, first=1, current=1,
        tasks=[{"k": "draw", "seat": "hero2", "suit": "wyrms", "why": "rest", "plain": False}])


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_with_the_curse_near_a_rival_takes_no_leaf_that_would_be_its_one_largest_suit(level):
    s = _drawing({"moons": 11, "suns": 5, "waves": 6, "leaves": 4, "wyrms": 6, "knots": 5})
    view = GAME.view(s, "hero2")
    assert view["bank"] == {"moons": 0, "suns": 0, "waves": 0, "leaves": 1, "wyrms": 0,
                            "knots": 3}
    legal = GAME.legal_actions(s, "hero2")
    assert {a.args["suit"] for a in legal} == {"leaves", "knots"}
    a = policy.choose(view, "hero2", legal, random.Random(0), level)
    assert a.args["suit"] == "knots"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_with_the_bank_full_a_rival_takes_the_endings_suit(level):
    s = _drawing({"moons": 2, "suns": 1, "waves": 1, "leaves": 1, "wyrms": 6, "knots": 1})
    view = GAME.view(s, "hero2")
    assert sum(view["bank"].values()) > 10 and view["bank"]["wyrms"] == 0
    legal = GAME.legal_actions(s, "hero2")
    a = policy.choose(view, "hero2", legal, random.Random(0), level)
    assert a.args["suit"] == "leaves"
