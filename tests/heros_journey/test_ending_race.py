"""The race for the Ending never deadlocks at the Pact: positions from the 4-Hero bench games
that halted at the round limit (`bench/heros_journey.py`, hard vs three normal seed 200, hard vs
normal vs easy vs random seed 43)."""
from __future__ import annotations

import random

import pytest

from companion.games.heros_journey import GAME, policy
from companion.games.heros_journey.playout import play

from .table import go, make, tok, turn


def _seed_200():
    """Round 32 of seed 200, Sefa's turn: all four Heroes at the Pact, the Calamity (Wyrms)
    revealed, the bank nearly empty (a Curse Upon the Land every round). Sefa holds the Cave
    (7 Wyrms) and 3 Wyrm tokens: 10 of the 11 the Ending asks. Brannoc holds 9 (the Savage, the
    Watchman, 5 tokens), Old Marrow 11 in cards but no token to stake, Wren 12 (the Darkness)."""
    return make([
        {"origin": "rite", "stage": 9, "tokens": {"moons": 5, "suns": 6, "waves": 5, "leaves": 4,
                                                  "wyrms": 3, "knots": 5},
         "mentors": ["light-keeper", "author"], "places": ["darkness"], "hand": ["ace-knots"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 2, "suns": 1, "waves": 2, "leaves": 3,
                                                  "wyrms": 5, "knots": 3},
         "mentors": ["merchant", "savage", "watchman"], "places": ["castle"],
         "hand": ["ace-wyrms"]},
        {"origin": "harvest", "stage": 9, "tokens": {"moons": 3, "suns": 3, "waves": 3,
                                                     "leaves": 2, "wyrms": 3, "knots": 4},
         "mentors": ["lunatic", "sailor"], "places": ["cave"], "hand": ["ace-leaves"]},
        {"origin": "rite", "stage": 9, "mentors": ["penitent", "soldier"], "places": ["window"],
         "hand": ["ace-waves"]}],
        slots=(("consul", "sea"), ("painter", "borderland"), ("diplomat", "island")),
        on_cards={"borderland": {"leaves": 2}, "consul": {"moons": 1, "suns": 1},
                  "painter": {"waves": 2}, "sea": {"moons": 1, "suns": 1}},
        revealed="calamity", endings=("calamity", "end", "windfall"), pact_first="hero1",
        round=32, max_rounds=80, tasks=[{"k": "turn", "seat": "hero3"}])  # (the bench's limit)


@pytest.mark.slow  # the race played to its end by the rivals' own policy: 14 s of playouts
def test_the_hero_closest_to_the_ending_buys_the_suit_from_one_behind_it_and_attempts():
    """Seed 200: no Hero at the Pact ever sold a Wyrm to another there, so Sefa stayed one short
    and the Curses halved what each hoarded until the round limit. Now Sefa offers spare tokens
    for a Wyrm to Brannoc, who is behind it and cannot reach the Ending himself; he sells, and
    the Ending is open to Sefa the same turn. Reaching it would leave Sefa behind Wren (issue 38:
    not while waiting ends the race better, `finish`), so Sefa attempts it once Wren's lead is
    gone or the last round comes: played on, the race reaches an Ending."""
    s, a = turn(_seed_200(), "hero3")
    assert tok(s, "hero3", "wyrms") == 4 and tok(s, "hero2", "wyrms") == 4
    assert any(x.kind == "challenge" for x in GAME.legal_actions(s, "hero3"))
    end = play(s, {seat: "normal" for seat in s.seats}, random.Random(0), choose=policy.choose)
    assert end.over and not end.halted and end.ending_first is not None


def _offered(s, frm: str, to: str, give: dict, get: dict) -> str:
    s = s.model_copy(update={"tasks": ({"k": "trade", "seat": frm},)})
    s = go(s, frm, "offer", to=to, give=give, get=get)
    return policy.choose(GAME.view(s, to), to, GAME.legal_actions(s, to), random.Random(0),
                         "normal").kind


def test_at_the_pact_the_endings_suit_is_sold_only_to_a_hero_ahead_in_it():
    """Brannoc (9 Wyrms) sells one to Sefa (10) for two Waves; Wren (12, the Ending already in
    reach) does not, nor does Sefa sell to Brannoc, who is behind it."""
    s = _seed_200()
    assert _offered(s, "hero3", "hero2", {"waves": 2}, {"wyrms": 1}) == "accept"
    assert _offered(s, "hero3", "hero1", {"waves": 2}, {"wyrms": 1}) == "refuse"
    assert _offered(s, "hero2", "hero3", {"waves": 2}, {"wyrms": 1}) == "refuse"


def test_a_hard_hero_alone_at_the_pact_does_not_rest_its_endings_suit_away():
    """Seed 43 (hard vs normal vs easy vs random), round 33: Brannoc, the hard Hero, alone at the
    Pact for sixteen rounds with The End (Leaves) revealed, 7 Leaf tokens, no Mentor and the
    Desert. Its search judged each Rest by the score it would have next turn, and a Stage no
    longer counts at the Pact, so it rested every turn (each Rest emptying the bank into a
    Curse) until the round limit. The Leaves it gathers toward the 11 now count: it travels."""
    s = make([
        {"origin": "rite", "stage": 1, "mentors": ["lunatic", "soldier"], "places": ["castle"],
         "hand": ["excuse"]},
        {"origin": "harvest", "stage": 9, "tokens": {"moons": 4, "suns": 7, "waves": 4,
                                                     "leaves": 7, "wyrms": 6, "knots": 9},
         "places": ["desert"], "hand": ["ace-moons"]},
        {"origin": "rite", "stage": 8, "tokens": {"moons": 2, "suns": 2, "waves": 3,
                                                  "leaves": 2, "wyrms": 2},
         "mentors": ["merchant"], "places": ["forest"], "hand": ["ace-leaves"]},
        {"origin": "rite", "stage": 8, "tokens": {"moons": 4, "suns": 2, "waves": 5,
                                                  "leaves": 3, "wyrms": 3, "knots": 3},
         "mentors": ["sailor", "savage"], "places": ["mill"], "hand": ["ace-waves"]}],
        slots=(("light-keeper", "cave"), ("huntress", "island"), ("diplomat", "borderland")),
        on_cards={"cave": {"moons": 1}, "light-keeper": {"wyrms": 1}},
        revealed="end", endings=("end", "calamity", "windfall"), pact_first="hero2", round=33,
        tasks=[{"k": "turn", "seat": "hero2"}])
    # (it first asks another Hero for a Leaf; the turn's move, offered or not, is this one)
    legal = [a for a in GAME.legal_actions(s, "hero2") if a.kind != "trade_offer"]
    for k in range(3):
        a = policy.choose(GAME.view(s, "hero2"), "hero2", legal, random.Random(k), "hard")
        assert a.kind == "travel"


def _last_at_the_pact(round_: int):
    """Issue 38's race (seed 7): Sefa at the Pact, the Calamity revealed, able to attempt it (the
    Cave and 4 Wyrm tokens: 11 Wyrms), but last by far: Wren hoards tokens at the Battle, Brannoc
    holds more at the Market. Reaching the Calamity halves what Sefa holds besides Wyrms and makes
    Sefa's place final."""
    return make([
        {"origin": "harvest", "stage": 4, "tokens": {"moons": 6, "suns": 5, "waves": 6,
                                                     "leaves": 5, "wyrms": 3, "knots": 4},
         "mentors": ["soldier"], "hand": ["ace-suns"]},
        {"origin": "rite", "stage": 6, "tokens": {"moons": 3, "suns": 3, "waves": 2,
                                                  "leaves": 3, "wyrms": 2, "knots": 3},
         "mentors": ["merchant"], "places": ["castle"], "hand": ["ace-moons"]},
        {"origin": "harvest", "stage": 9, "tokens": {"wyrms": 4, "knots": 1, "moons": 1},
         "places": ["cave"], "hand": ["excuse"]}],
        revealed="calamity", endings=("calamity", "end", "windfall"), pact_first="hero3",
        round=round_, tasks=[{"k": "turn", "seat": "hero3"}])


def test_a_rival_far_behind_does_not_end_the_race_while_rounds_remain_to_catch_up():
    """Issue 38: "Sefa, last by more than 50 points, reached the Calamity and so locked in its
    own last place". With rounds and a bank to gather from, Sefa gathers instead, at every
    level; at the last round, when waiting only ends the race at the round limit instead, Sefa
    no longer holds back."""
    from companion.games.heros_journey import heuristic

    s = _last_at_the_pact(20)
    legal = GAME.legal_actions(s, "hero3")
    assert any(a.kind == "challenge" for a in legal)  # the Ending is open to Sefa
    view = GAME.view(s, "hero3")
    assert heuristic.holds_back(view, heuristic.me_of(view, "hero3"), "hero3")
    for level in ("easy", "normal", "hard"):
        a = policy.choose(view, "hero3", legal, random.Random(1), level)
        assert a.kind != "challenge", (level, a)
    assert not heuristic_holds(GAME.view(_last_at_the_pact(40), "hero3"))


def test_a_rival_ahead_at_the_pact_still_ends_the_race():
    s = _last_at_the_pact(20)
    s = s.model_copy(update={"heroes": (s.heroes[0].model_copy(update={"tokens": (1,) * 6}),
                                        s.heroes[1].model_copy(update={"tokens": (1,) * 6}),
                                        s.heroes[2])})
    view = GAME.view(s, "hero3")
    assert not heuristic_holds(view)  # ahead: the Ending is weighed as any attempt


def heuristic_holds(view) -> bool:
    from companion.games.heros_journey import heuristic

    return heuristic.holds_back(view, heuristic.me_of(view, "hero3"), "hero3")
