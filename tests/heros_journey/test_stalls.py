"""The rivals never stall: positions taken from bench games that halted at the round
limit (`bench/heros_journey.py`, 4 Heroes hard vs three normal seed 28, 3 Heroes hard vs two
normal seed 350, 2 Heroes easy vs random seed 22), each with the move that would have kept the
Journey going."""
from __future__ import annotations

import random

from companion.games.heros_journey import GAME, heuristic, policy
from companion.games.heros_journey.playout import play

from .table import go, make


def _seed_28(hero1_tokens, hero4_tokens):
    """Round 35 of seed 28: all four Heroes at the Pact, the Windfall (Knots) revealed. Wren
    (hero1, hard) holds the Bard, the Merchant (9 Knots) and the Castle (7 Knots): 16 Knots in
    cards, enough for the Ending with one Knot token to stake."""
    return make([
        {"origin": "rite", "stage": 9, "tokens": hero1_tokens, "mentors": ["bard", "merchant"],
         "places": ["castle"], "hand": ["ace-wyrms"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 2, "suns": 3, "waves": 2,
                                                  "leaves": 5, "wyrms": 2, "knots": 3},
         "mentors": ["painter", "savage"], "places": ["window"], "hand": ["ace-knots"]},
        {"origin": "harvest", "stage": 9, "tokens": {"moons": 2, "suns": 2, "waves": 1,
                                                     "leaves": 1, "wyrms": 2, "knots": 2},
         "mentors": ["author", "sailor"], "places": ["darkness"], "hand": ["ace-waves"]},
        {"origin": "rite", "stage": 9, "tokens": hero4_tokens,
         "mentors": ["watchman", "consul", "soldier"], "places": ["forest"],
         "hand": ["ace-suns"]}],
        slots=(("huntress", "island"), ("penitent", "mountain"), ("lunatic", "cave")),
        revealed="windfall", endings=("windfall", "end", "calamity"), pact_first="hero1",
        round=33)


def test_a_hero_at_the_pact_keeps_the_one_token_it_must_stake_on_the_ending():
    """Seed 28, rounds 34-39: Wren's one Knot token (the stake for the Windfall) went to a rival
    for a Moon, round after round, so it could never attempt."""
    s = _seed_28({"moons": 6, "suns": 3, "waves": 4, "leaves": 4, "wyrms": 3, "knots": 1},
                 {"moons": 2, "suns": 3, "waves": 4, "leaves": 4, "wyrms": 2, "knots": 3})
    s = s.model_copy(update={"tasks": ({"k": "trade", "seat": "hero4"},)})
    s = go(s, "hero4", "offer", to="hero1", give={"moons": 1}, get={"knots": 1})
    a = policy.choose(GAME.view(s, "hero1"), "hero1", GAME.legal_actions(s, "hero1"),
                      random.Random(0), "normal")
    assert a.kind == "refuse"


def _seed_350():
    """Round 37 of seed 350: Sefa (hero3, normal) alone at the Pact with The End (Leaves)
    revealed, 6 Leaf tokens and the Window (1 Leaf): 7 of the 11 the Ending asks. Wren (hero1)
    is at the Betrayal with almost nothing."""
    return make([
        {"origin": "harvest", "stage": 8, "tokens": {"moons": 1, "suns": 2, "waves": 1,
                                                     "leaves": 2},
         "mentors": ["savage", "sailor", "huntress"], "places": ["cave"], "hand": ["ace-moons"]},
        {"origin": "harvest", "stage": 8, "tokens": {"moons": 7, "suns": 3, "waves": 6,
                                                     "leaves": 3, "wyrms": 6, "knots": 6},
         "mentors": ["merchant", "bard"], "places": ["borderland"], "hand": ["excuse"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 4, "suns": 6, "waves": 2,
                                                  "leaves": 6, "wyrms": 4, "knots": 4},
         "mentors": ["diplomat", "soldier"], "places": ["window"], "hand": ["ace-leaves"]}],
        slots=(("consul", "desert"), ("watchman", "castle"), ("light-keeper", "darkness")),
        revealed="end", endings=("end", "calamity", "windfall"), pact_first="hero3", round=37,
        tasks=[{"k": "turn", "seat": "hero3"}])


def test_a_hero_at_the_pact_four_leaves_short_reaches_the_ending_before_the_limit():
    """Seed 350: Sefa, four Leaves short, rested and lost its Leaves to Curses until the round
    limit (it then bought a Leaf each turn, and a hard rival three short that so fed the Curse
    stood at the Pact forty rounds: it buys before its action only the one token that lets it
    attempt at once). Played on, it reaches The End before the round limit."""
    for seed in range(4):
        s = play(_seed_350(), dict.fromkeys(("hero1", "hero2", "hero3"), "normal"),
                 random.Random(seed), choose=policy.choose)
        assert not s.halted and s.ending_first == "hero3", (seed, s.round)


def test_a_rest_that_empties_the_bank_prices_the_curse_by_the_holdings_at_that_draw():
    """Seed 350, round 34: the bank holds one Leaf. Resting with the Window, Sefa's first draw
    (a Sun the bank lacks) comes as that Leaf: the bank is empty at once, and the Curse takes
    half of Sefa's Leaves (5, its largest suit then), the Ending's own suit. The old estimate
    counted every draw first and let Sefa pay the Curse in Moons; the Rest is worth less than
    nothing."""
    s = make([
        {"origin": "harvest", "stage": 8, "tokens": {"moons": 1, "suns": 2, "waves": 1,
                                                     "leaves": 1, "wyrms": 1, "knots": 2},
         "mentors": ["savage", "sailor", "huntress"], "places": ["cave"]},
        {"origin": "harvest", "stage": 8, "tokens": {"moons": 7, "suns": 7, "waves": 7,
                                                     "leaves": 6, "wyrms": 6, "knots": 6},
         "mentors": ["merchant", "bard"], "places": ["borderland"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 4, "suns": 3, "waves": 1,
                                                  "leaves": 4, "wyrms": 4, "knots": 4},
         "mentors": ["diplomat", "soldier"], "places": ["window"]}],
        slots=(("consul", "desert"), ("watchman", "castle"), ("light-keeper", "darkness")),
        on_cards={"castle": {"wyrms": 1}, "consul": {"waves": 1}, "desert": {"waves": 1},
                  "watchman": {"waves": 1}},
        revealed="end", pact_first="hero3", tasks=[{"k": "turn", "seat": "hero3"}])
    view = GAME.view(s, "hero3")
    assert sum(view["bank"].values()) == 1 and view["bank"]["leaves"] == 1
    me = heuristic.me_of(view, "hero3")
    wts = heuristic.weights(view, me)
    draws = heuristic.rest_draws({"card": "window", "two": None, "stage_suit": "moons"})
    assert heuristic.rest_value(draws, view, me, wts) < 0


def test_at_the_pact_rivals_who_cannot_outbid_what_the_hero_would_bid_do_not_make_it_rest():
    """Seed 28: four Heroes at the Pact; each rival who may contest lowered the chance of the
    Ending's Challenge as if it could always win the auction, so with three rivals a Hero rich
    in tokens (it bids half of them for the Ending) judged the attempt a poor bet. A rival
    whose tokens cannot outbid that bid is no risk to it."""
    s = _seed_28({"moons": 5, "suns": 4, "waves": 4, "leaves": 4, "wyrms": 6, "knots": 4},
                 {"moons": 3, "suns": 3, "waves": 5, "leaves": 2, "wyrms": 2, "knots": 1})
    alone = s.model_copy(update={"heroes": (s.heroes[0],) + tuple(
        h.model_copy(update={"stage": 8, "hand": ()}) for h in s.heroes[1:])})
    chance = {}
    for name, st in (("rivals", s), ("alone", alone)):
        view = GAME.view(st, "hero1")
        chance[name] = heuristic.challenge_chance(view, heuristic.me_of(view, "hero1"), "hero1",
                                                  "normal")
    assert chance["rivals"] == chance["alone"] > 0.5


def test_at_the_pact_a_travel_that_brings_the_ending_in_reach_is_worth_the_mentors_left_behind():
    """Seed 139 (two normal Heroes): both at the Pact with The End (Leaves) revealed and the 12
    Leaf tokens split six and six. Wren holds 10 Leaves with the Sailor, one short of the 11 it
    needs. The Borderland (a Leaf) in the Seeker's pair closes the gap, but costs the Lunatic
    and the Huntress; Wren rested until the round limit instead. (Wren has already offered
    the other Hero, six Leaves behind it, a trade for a Leaf this turn: one offer a turn.)"""
    s = make([
        {"origin": "rite", "stage": 9, "tokens": {"moons": 3, "suns": 6, "waves": 6,
                                                  "leaves": 6, "wyrms": 6, "knots": 4},
         "mentors": ["sailor", "lunatic", "huntress"], "places": ["cave"], "hand": ["ace-suns"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 7, "suns": 4, "waves": 6,
                                                  "leaves": 6, "wyrms": 6, "knots": 4},
         "mentors": ["bard", "penitent"], "places": ["window"], "hand": ["ace-knots"]}],
        slots=(("consul", "mountain"), ("soldier", "darkness"), ("light-keeper", "borderland")),
        on_cards={"consul": {"suns": 1}, "mountain": {"suns": 1}},
        revealed="end", endings=("end", "calamity", "windfall"), pact_first="hero1", round=39,
        offers_made=("hero2",))
    a = policy.choose(GAME.view(s, "hero1"), "hero1", GAME.legal_actions(s, "hero1"),
                      random.Random(0), "normal")
    assert (a.kind, a.args.get("pair"), a.args.get("keep")) == ("travel", 2, "sailor")


def test_a_hero_at_the_pact_does_not_sell_the_endings_suit_to_another_at_the_pact():
    """Seed 51 (4 Heroes, hard vs three normal): all four at the Pact with the Calamity (Wyrms)
    revealed passed Wyrms round after round, each selling one for three Waves and buying one
    back the next turn, until the round limit. A Hero in the race keeps the Ending's suit."""
    s = make([{"stage": 9, "tokens": {"moons": 2, "suns": 1, "waves": 3, "wyrms": 3, "knots": 2},
               "mentors": ["savage", "bard"], "places": ["desert"]},
              {"stage": 9, "tokens": {"moons": 5, "suns": 5, "waves": 4, "leaves": 6,
                                      "wyrms": 1, "knots": 4},
               "mentors": ["huntress", "penitent"], "places": ["darkness"]},
              {"stage": 9, "tokens": {"moons": 1, "suns": 1, "waves": 3, "leaves": 1,
                                      "wyrms": 4},
               "mentors": ["painter", "merchant"], "places": ["island"]}],
             revealed="calamity", endings=("calamity", "end", "windfall"), pact_first="hero1",
             tasks=[{"k": "trade", "seat": "hero3"}])
    s = go(s, "hero3", "offer", to="hero2", give={"waves": 3}, get={"wyrms": 1})
    a = policy.choose(GAME.view(s, "hero2"), "hero2", GAME.legal_actions(s, "hero2"),
                      random.Random(0), "normal")
    assert a.kind == "refuse"


def _easy_turns(s, seat: str, tries: int = 40) -> tuple[list[float], float]:
    """The turn values of the easy Hero's choices over ``tries`` generators, and the best."""
    view = GAME.view(s, seat)
    me = heuristic.me_of(view, seat)
    legal = GAME.legal_actions(s, seat)
    values = [heuristic.turn_value(policy.choose(view, seat, legal, random.Random(i), "easy"),
                                   view, me, seat, "easy") for i in range(tries)]
    best = max(heuristic.turn_value(a, view, me, seat, "easy") for a in legal
               if a.kind in heuristic.ACTIONS)
    return values, best


def _easy_at(stage: int, rnd: int, revealed=None):
    """2p easy vs random seed 22, round 40: the easy Hero (hero1) at the Pact with the Calamity
    (Wyrms) revealed, 9 Wyrm tokens and the Huntress; the random Hero at Stage 2. ``stage`` and
    ``rnd`` move the easy Hero elsewhere on the road."""
    return make([
        {"origin": "rite", "stage": stage, "tokens": {"moons": 9, "suns": 4, "waves": 7,
                                                      "leaves": 2, "wyrms": 9, "knots": 11},
         "mentors": ["watchman", "huntress"], "places": ["borderland"], "hand": ["ace-leaves"]},
        {"origin": "harvest", "stage": 2, "tokens": {"leaves": 1}, "mentors": ["author", "bard"],
         "places": ["mountain"], "hand": ["ace-moons"]}],
        revealed=revealed, endings=("calamity", "end", "windfall"),
        pact_first="hero1" if revealed else None, round=rnd)


def test_an_easy_hero_at_the_pact_or_behind_pace_plays_its_best_turn():
    """2p easy vs random halted 58 of 500 games: the easy Hero took a random turn half the time
    to the end (seed 22: Stage 7 at round 29, at the Pact from round 32, then eight Travels and
    Rests, about half of them random, and no Ending by round 40), and a random rival hardly ever
    ends the Journey. At the Pact, or below it but slower than a Stage every 2.5 rounds, it
    plays its best turn every time."""
    for s in (_easy_at(9, 40, "calamity"), _easy_at(9, 20, "calamity"), _easy_at(5, 20)):
        values, best = _easy_turns(s, "hero1")
        assert all(v == best for v in values)


def test_an_easy_hero_on_pace_below_the_pact_still_strays_at_times():
    """Easy stays easy: on pace below the Pact, some of its turns are not its best."""
    values, best = _easy_turns(_easy_at(5, 10), "hero1")
    assert any(v < best for v in values) and any(v == best for v in values)


def test_easy_against_random_reaches_an_ending_in_the_games_that_halted():
    for seed in (6, 9, 14, 22, 26, 39):  # halted before
        st = policy.play_game(seed, ["easy", "random"] if seed % 2 == 0 else ["random", "easy"])
        assert st.ending_first is not None and not st.halted
