"""A rival values a Travel by what it adds toward its next Stage: a position from
`bench/heros_journey.py` 2p normal vs exploit: rest-hoarder, seed 4 (the race halted at the round
limit with the rival at the Market, issue 38)."""
from __future__ import annotations

import random

from companion.games.heros_journey import GAME, policy
from companion.games.heros_journey.progress import gap

from .table import make, turn


def _at_the_market(round_: int):
    """Round 17 of seed 4: Wren at the Market (Stage 6) with the Sea, 1 Moon and 3 Leaves; the
    Chance Meeting asks Moons and Leaves, 7 of them after one of each is staked. The hoarder holds
    45 tokens and the bank has none of either suit, so a Rest brings substitutes; the Traveler's
    pair is the Lunatic (6 Moons) and the Window (a Leaf)."""
    return make([
        {"stage": 6, "tokens": {"moons": 1, "suns": 7, "leaves": 3, "wyrms": 5, "knots": 7},
         "places": ["sea"], "hand": ["ace-knots"]},
        {"stage": 1, "tokens": {"moons": 11, "suns": 1, "waves": 12, "leaves": 9, "wyrms": 7,
                                "knots": 5}, "hand": ["ace-moons"]}],
        slots=(("bard", "island"), ("lunatic", "window"), ("savage", "borderland")),
        round=round_)


def test_a_rival_the_bank_cannot_feed_travels_to_the_pair_that_lets_it_attempt_its_next_stage():
    """It rested at the Market from round 14 to the round limit (forty), drawing substitutes, the
    Lunatic in sight all along. Now it takes the Traveler's pair, and can then attempt the Chance
    Meeting."""
    s = _at_the_market(22)
    assert sum(s.bank[:1]) == 0 and s.bank[3] == 0  # no Moons, no Leaves to rest for
    assert not any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))
    s, a = turn(s, "hero1")  # after the offer for the Moon its stake would leave it without
    assert (a.kind, a.args.get("pair")) == ("travel", 1), a
    after, _ = GAME.apply(s, a)
    while GAME.to_move(after) == ["hero1"] and after.tasks[0]["k"] != "trade":  # the payment
        after, _ = GAME.apply(after, policy.choose(GAME.view(after, "hero1"), "hero1",
                                                   GAME.legal_actions(after, "hero1"),
                                                   random.Random(0), "normal"))
    me = next(h for h in GAME.view(after, "hero1")["heroes"] if h["seat"] == "hero1")
    assert gap(6, me["tokens"], me["mentors"] + me["places"]) == 0
    due = after.model_copy(update={"tasks": ({"k": "turn", "seat": "hero1"},)})
    assert any(a.kind == "challenge" for a in GAME.legal_actions(due, "hero1"))


def test_the_gap_counts_the_stake_and_the_rank():
    """The Chance Meeting (rank 7): one Moon and one Leaf staked, then at least one more of each
    and nine in all; a card's rank counts."""
    assert gap(6, {"moons": 1, "leaves": 3}, ["sea"]) == 5
    assert gap(6, {"leaves": 3}, []) == 1 + 6
    assert gap(6, {"moons": 1, "leaves": 3}, ["lunatic", "window"]) == 0
    assert gap(8, {}, []) == 0 and gap(9, {}, []) == 0  # the Pact, the Ending: their own plans
