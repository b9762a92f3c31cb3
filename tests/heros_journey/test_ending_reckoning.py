"""How a rival reckons the race just after the Ending is reached (``race.after_ending``): the one
more turn each other Hero has, and the Calamity's toll. A position from `bench/heros_journey.py`
2p normal vs normal, seed 101, where a rival reckoned itself 18 points ahead, reached the Calamity,
and lost by 47."""
from __future__ import annotations

import random

from companion.games.heros_journey import GAME, heuristic, race
from companion.games.heros_journey.playout import play

from .table import make

OTHER = {"origin": "harvest", "stage": 9, "tokens": {"moons": 5, "suns": 1, "waves": 8,
                                                     "leaves": 7, "wyrms": 6, "knots": 4},
         "mentors": ["bard", "watchman"], "places": ["darkness"], "hand": ["ace-waves"]}
RIVAL = {"origin": "rite", "stage": 9, "tokens": {"moons": 2, "suns": 4, "waves": 4,
                                                  "leaves": 5, "wyrms": 6, "knots": 5},
         "mentors": ["painter", "consul"], "places": ["cave"], "hand": ["ace-wyrms"]}


def _seed_101():
    """Round 24, the rival's turn: both Heroes at the Pact, the Calamity (Wyrms) revealed; each
    can meet the Ending's Challenge."""
    return make([OTHER, RIVAL], revealed="calamity", endings=("calamity", "end", "windfall"),
                pact_first="hero1", round=24, max_rounds=80,
                tasks=[{"k": "turn", "seat": "hero2"}])


def test_a_hero_at_the_pact_is_reckoned_to_reach_the_ending_in_its_last_turn():
    """The other Hero, at the Pact too, reaches the Calamity in the turn the rival's arrival
    leaves it, and so ends ahead: the rival does not count on ending the race won."""
    s = _seed_101()
    view = GAME.view(s, "hero2")
    me = heuristic.me_of(view, "hero2")
    assert not heuristic.wins_now(view, me, "hero2")
    attempt = next(a for a in GAME.legal_actions(s, "hero2") if a.kind == "challenge")
    wins = 0
    for k in range(6):  # the reckoning is the table's: played on, the other Hero ends ahead
        st, _ = GAME.apply(s, attempt)
        st = play(st, {"hero1": "normal", "hero2": "normal"}, random.Random(k))
        assert st.ending_first == "hero2"
        wins += st.scores["hero1"] > st.scores["hero2"]
    assert wins == 6


def test_the_last_turn_is_reckoned_as_the_better_of_gathering_and_reaching_the_ending():
    """Holding a token of the Ending's suit, the other Hero's last turn is reckoned as the better
    of gathering and reaching the Ending (here gathering, by 3 points: the engine's table agrees,
    the normal Hero rests and ends at 262); without one, as gathering."""
    view = GAME.view(_seed_101(), "hero2")
    other = heuristic.me_of(view, "hero1")
    gathers = race._scored(view, other, False, race.LAST_TURN)
    reaches = race._scored(view, other, True, 0)
    assert (gathers, reaches) == ((31 + 3 - 13 + 6) * 9 + 10, (31 - 13 + 6) * 10 + 10)
    assert race.after_ending(view, other, False) == max(gathers, reaches)
    richer = {**other, "tokens": {**other["tokens"], "wyrms": 12}}
    assert race.after_ending(view, richer, False) == race._scored(view, richer, True, 0) > \
        race._scored(view, richer, False, race.LAST_TURN)
    without = {**richer, "tokens": {**richer["tokens"], "wyrms": 0}}
    assert race.after_ending(view, without, False) == race._scored(view, without, False,
                                                                   race.LAST_TURN)


def test_the_calamity_leaves_the_bonus_to_a_hero_that_keeps_one_of_each_suit():
    """The Calamity's half is paid from the suits the Hero chooses: one Sun among many tokens is
    kept, and with it the six-suit bonus; with too few tokens left to keep one of each, it goes."""
    view = GAME.view(_seed_101(), "hero2")
    other = heuristic.me_of(view, "hero1")
    # 25 tokens besides Wyrms, 13 paid: 12 kept, one of each of the five suits among them
    assert race._scored(view, other, False, 0) == (31 - 13 + 6) * 9 + _wyrm_ranks(other)
    poor = {**other, "tokens": {"moons": 1, "suns": 1, "waves": 2, "leaves": 1, "wyrms": 6,
                                "knots": 1}}
    assert race._scored(view, poor, False, 0) == (12 - 3) * 9 + _wyrm_ranks(other)


def _wyrm_ranks(h: dict) -> int:
    return sum(race._card(c).rank for c in list(h["mentors"]) + list(h["places"])
               if "wyrms" in race._card(c).suits)
