"""The offline AI's choices, from each seat's view only."""
from __future__ import annotations

import random

from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST, Phase
from companion.games.at_any_cost.policy import choose
from tests.at_any_cost.states import challenge


def decide(state, seat):
    return choose(GAME.view(state, seat), seat, GAME.legal_actions(state, seat), random.Random(1))


def test_the_antagonist_raises_by_the_cheapest_combination_that_works():
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("legendary-creature", "guards", "great-heights"))
    a = decide(s, ANTAGONIST)
    assert a.kind == "play" and a.args["cards"] == ["guards"]  # 1 + 2 = 3 > 2, nothing cheaper


def test_the_antagonist_avoids_opening_new_tags_at_equal_cost():
    s = challenge(antagonist_hand=("spy", "great-heights"))  # stage 2 at the Crossroads: Body, Ally
    a = decide(s, ANTAGONIST)
    assert a.args["cards"] == ["great-heights"]  # Spy would open Mind for the Protagonist too


def test_the_antagonist_folds_only_when_it_cannot_raise():
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("fear", "spy"))
    assert decide(s, ANTAGONIST).kind == "fold"
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("legendary-creature",))
    assert decide(s, ANTAGONIST).kind == "play"


def test_the_protagonist_meets_at_the_lowest_cost():
    s = challenge(phase=Phase.MEET, antagonist_played=("guards",),
                  protagonist_hand=("agile", "kind", "map", "wise"))
    a = decide(s, PROTAGONIST)
    assert a.kind == "play" and len(a.args["cards"]) == 1 and \
        GAME.total(a.args["cards"]) == 2


def test_the_protagonist_gives_up_early_when_the_stage_is_plainly_lost():
    hand = ("agile", "wise")
    big = ("bandits", "fear", "spy", "deadline", "illness", "curse", "despair")
    s = challenge(stage=3, location="wasteland", phase=Phase.MEET,
                  antagonist_played=("impassible-terrain",), protagonist_hand=hand,
                  antagonist_hand=big)
    assert decide(s, PROTAGONIST).kind == "sacrifice"
    s5 = challenge(stage=5, location="wasteland", phase=Phase.MEET,
                   antagonist_played=("impassible-terrain",), protagonist_hand=hand,
                   antagonist_hand=big)
    assert decide(s5, PROTAGONIST).kind == "play"  # at the climax the hero fights on


def test_the_protagonist_sacrifices_what_the_moment_threatens():
    s = challenge(phase=Phase.MEET, antagonist_played=("great-heights", "guards"),
                  anchors=("heirloom", "health", "confidence"))
    a = decide(s, PROTAGONIST)
    assert a.kind == "sacrifice" and a.args["anchor"] == "health"  # Body, Body, Body...


def test_the_director_makes_the_climax_a_contest_not_a_lock_out():
    """At the Ruins in stage 5 only Luck is in play: the Antagonist that plays only to win sets
    Limited number of attempts (1, Luck: nothing new for the hero); the director sets Trickster
    (2, Mind and Luck), opening a tag a hand may hold an answer for. From its own view: it never
    sees the hand."""
    hand = ("limited-number-of-attempts", "trickster")
    s = challenge(stage=5, location="ruins", antagonist_hand=hand)
    assert decide(s, ANTAGONIST).args["cards"] == ["trickster"]
    early = challenge(stage=2, location="ruins", antagonist_hand=hand)  # no losses yet: press
    assert decide(early, ANTAGONIST).args["cards"] == ["limited-number-of-attempts"]
    down = challenge(stage=2, location="ruins", antagonist_hand=hand,
                     anchors=("heirloom", "confidence", "youth"))
    down = down.model_copy(update={"anchors_lost": ("dignity", "respect")})
    assert decide(down, ANTAGONIST).args["cards"] == ["trickster"]  # a comeback that can work


def test_the_director_can_be_turned_off_for_the_bench(monkeypatch):
    from companion.games.at_any_cost import policy

    monkeypatch.setattr(policy, "DIRECTOR", False)
    s = challenge(stage=5, location="ruins", antagonist_hand=("limited-number-of-attempts",
                                                                "trickster"))
    assert decide(s, ANTAGONIST).args["cards"] == ["limited-number-of-attempts"]
