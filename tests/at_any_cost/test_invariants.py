"""Hypothesis drives random legal At Any Cost games and checks the invariants at every step."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.model import State
from tests.helpers import random_playthrough

PLACES = ("protagonist_deck", "protagonist_hand", "protagonist_played", "protagonist_discard",
          "antagonist_deck", "antagonist_hand", "antagonist_played", "antagonist_discard")


def card_places(s: State) -> Counter:
    return Counter(c for place in PLACES for c in getattr(s, place))


def location_places(s: State) -> Counter:
    return Counter([x for x in s.map if x] + list(s.location_deck) + list(s.locations_out))


def anchor_places(s: State) -> Counter:
    return Counter(s.anchor_deck + s.anchors_drawn + s.anchors + s.anchors_set_aside
                   + s.anchors_lost)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_card_is_in_exactly_one_place_and_the_hero_finishes(seed):
    every_card = Counter(c.id for c in GAME.data.protagonist + GAME.data.antagonist)
    every_location = Counter(loc.id for loc in GAME.data.locations)
    every_anchor = Counter(a.id for a in GAME.data.anchors)
    final = None
    for _, _, after, _ in random_playthrough(GAME, seed):
        assert card_places(after) == every_card
        assert location_places(after) == every_location
        assert anchor_places(after) == every_anchor
        lost_per_stage = Counter(r.stage for r in after.results if r.anchor)
        assert all(n == 1 for n in lost_per_stage.values())
        final = after
    assert GAME.is_over(final) and final.stage == 5
    assert len(final.results) == 5 and len(final.anchors) + len(final.anchors_lost) == 5
    assert len(final.anchors_lost) <= 5
