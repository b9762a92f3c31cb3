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
    # Self-doubt, Greed and Natural disaster cannot go down at the Crossroads: they are kept
    # for the Island, the Lair and the Mountain ahead, and leave the rest free to raise with.
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("legendary-creature", "guards", "great-heights", "self-doubt",
                                   "greed", "natural-disaster"))
    a = decide(s, ANTAGONIST)
    assert a.kind == "play" and a.args["cards"] == ["guards"]  # 1 + 2 = 3 > 2, nothing cheaper


def test_the_antagonist_avoids_opening_new_tags_at_equal_cost():
    s = challenge(antagonist_hand=("spy", "great-heights"))  # stage 2 at the Crossroads: Body, Ally
    a = decide(s, ANTAGONIST)
    assert a.args["cards"] == ["great-heights"]  # Spy would open Mind for the Protagonist too


def test_the_antagonist_folds_when_it_cannot_raise_or_would_spend_the_road_ahead():
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("fear", "spy"))
    assert decide(s, ANTAGONIST).kind == "fold"
    # Its only card, and the only one that can open the stages ahead: kept for the road...
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",), protagonist_played=("agile",),
                  antagonist_hand=("legendary-creature",))
    assert decide(s, ANTAGONIST).kind == "fold"
    # ... but at the climax there is no road ahead, and it raises.
    s5 = challenge(stage=5, phase=Phase.RAISE, antagonist_played=("bandits",),
                   protagonist_played=("agile",), antagonist_hand=("legendary-creature",))
    assert decide(s5, ANTAGONIST).kind == "play"


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
    # Earlier, Greed (Tool) keeps the Island and the Lair ahead open, and either of the others
    # the Mountain, so both are free to play.
    hand = ("limited-number-of-attempts", "trickster", "greed")
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


# -- the road ahead (road.py): no empty stage the Antagonist could have kept a card for ----------
def test_the_antagonist_discards_keeping_a_card_for_each_stage_ahead():
    """Stage 2 at the Crossroads (Body, Ally), stages 3-5 in a Foreign land (Mind), the Lair
    (Tool, Body) and the Ruins (Luck). Of six cards, two go. Self-doubt is the only Mind card
    and Natural disaster the only Luck card: a discard that looks only at this stage would throw
    them away (value 1, off this stage's tags); the planner keeps them, and Traps (2: the
    strongest), and lets go of two of the Body cards it has plenty of."""
    hand = ("self-doubt", "natural-disaster", "traps", "illness", "great-heights", "wild-beasts")
    s = challenge(phase=Phase.DISCARD, antagonist_hand=hand)
    s = s.model_copy(update={"map": ("farm", "crossroads", "foreign-land", "lair", "ruins")})
    gone = []
    for _ in range(2):
        a = decide(s, ANTAGONIST)
        assert a.kind == "discard"
        gone.append(a.args["card"])
        s, _ = GAME.apply(s, a)
    assert not {"self-doubt", "natural-disaster"} & set(gone)
    assert set(gone) <= {"illness", "great-heights", "wild-beasts"}


def test_the_antagonist_sets_the_challenge_with_a_card_it_will_not_need_later():
    """At the Crossroads (Body, Ally), An old enemy (Ally), Great heights and Wild beasts (Body)
    all set the challenge at 1. An old enemy is the only card for the Farm next (Mind, Ally), so a
    Body card goes down."""
    hand = ("an-old-enemy", "wild-beasts", "great-heights")
    s = challenge(antagonist_hand=hand)
    s = s.model_copy(update={"map": ("mountain", "crossroads", "farm", "lair", "city")})
    assert decide(s, ANTAGONIST).args["cards"] in (["wild-beasts"], ["great-heights"])


def test_the_antagonist_breaks_into_its_reserve_rather_than_leave_a_stage_empty():
    s = challenge(antagonist_hand=("wild-beasts",))  # the only card for stages ahead, and now
    assert decide(s, ANTAGONIST).kind == "play"


def test_an_empty_stage_is_one_the_antagonist_truly_could_not_open():
    """Over 60 offline autoplays: every stage the Antagonist left without a challenge is one where
    it held no card that could go down, and such stages are rare (the bench's figure over 200
    games is under 1%)."""
    from companion.session import AI, Session
    from companion.story.voice import OfflineVoice

    empty = stages = 0
    for seed in range(1, 61):
        s = Session.start(GAME, seed, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, seed),
                          None)
        s.advance()
        for r in s.state.results:
            stages += 1
            if r.result == "antagonist_folded" and r.antagonist_total == 0:
                empty += 1
    assert empty / stages <= 0.02, (empty, stages)
