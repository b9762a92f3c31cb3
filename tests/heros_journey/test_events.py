"""The arrival Events of the eight Stages, the Endings, the last round and scoring."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, RuleError
from companion.games.heros_journey import GAME
from companion.games.heros_journey.events import score_of
from companion.games.heros_journey.model import thaw

from .table import deal, do, go, head, hero, make, tok, total_tokens


OTHER_SLOTS = (("consul", "island"), ("light-keeper", "window"), ("watchman", "borderland"))


def arrive(stage, heroes, **kw):
    """hero1 arrives at ``stage`` (the Event runs) from a position built by make()."""
    return make(heroes, tasks=[{"k": "arrive", "seat": "hero1", "stage": stage},
                               {"k": "trade", "seat": "hero1"}], **kw)


def settle(s):
    from companion.games.heros_journey.flow import settle as run

    w = thaw(s)
    run(w)
    from companion.games.heros_journey.model import freeze

    return freeze(w), w.events


def test_origin_fist_right_guess_draws_a_leaf_and_a_wave():
    s, _ = settle(arrive(2, [{"stage": 2, "origin": "rite"}, {}]))
    assert sorted(GAME.to_move(s)) == ["hero1", "hero2"]  # hider and guesser at once
    s = go(s, "hero2", "hide", hand="left-hand")
    assert "left-hand" not in str(GAME.view(s, "hero1"))  # the hidden hand stays secret
    right = go(s, "hero1", "guess", hand="left-hand")
    assert tok(right, "hero1", "leaves") == 1 and tok(right, "hero1", "waves") == 1
    wrong = go(s, "hero1", "guess", hand="right-hand")
    assert sum(hero(wrong, "hero1").tokens) == 0


def test_journey_takes_the_wanderers_place_and_keeps_two():
    s, _ = settle(arrive(3, [{"stage": 3, "places": ["cave"]}, {}],
                         on_cards={"desert": {"suns": 1}}))
    h = hero(s, "hero1")
    assert set(h.places) == {"cave", "desert"} and tok(s, "hero1", "suns") == 1
    assert [p[1] for p in s.slots[:2]] == ["mountain", "forest"]
    assert GAME.to_move(s) == [CHANCE]  # a new Place for the Seeker's pair


def test_battle_discards_to_one_place_then_highest_gains_and_lowest_loses_a_turn():
    s, _ = settle(arrive(4, [{"stage": 4, "places": ["cave", "desert"],
                              "tokens": {"wyrms": 1}},
                             {"tokens": {"knots": 3}}, {}], slots=OTHER_SLOTS))
    assert head(s)["k"] == "drop_place"
    s = go(s, "hero1", "discard_place", card="desert")
    assert hero(s, "hero1").places == ("cave",)
    for seat, deck, c in (("hero1", "mentor", "author"), ("hero2", "mentor", "bard"),
                          ("hero3", "place", "mill")):
        s = go(s, seat, "battle_deck", deck=deck)
        s = deal(s, c)
    # totals: hero1 1+2 = 3, hero2 3+10 = 13, hero3 0+8 = 8
    assert tok(s, "hero2", "wyrms") == 1 and tok(s, "hero2", "knots") == 4
    assert hero(s, "hero1").skip == 1
    assert "bard" in s.mentor_pile and "mill" in s.place_pile and not s.mentor_under


def test_battle_tie_goes_to_the_most_wyrm_and_knot_tokens():
    s, _ = settle(arrive(4, [{"stage": 4, "tokens": {"wyrms": 1}}, {"tokens": {"knots": 3}}],
                         slots=OTHER_SLOTS))
    s = go(s, "hero1", "battle_deck", deck="mentor")
    s = deal(s, "lunatic")  # 6 + 1 = 7
    s = go(s, "hero2", "battle_deck", deck="mentor")
    s = deal(s, "savage")  # 3 + 3 = 6 < 7
    assert hero(s, "hero2").skip == 1 and tok(s, "hero1", "wyrms") == 2
    t, _ = settle(arrive(4, [{"stage": 4, "tokens": {"wyrms": 1}}, {"tokens": {"knots": 3}}],
                         slots=OTHER_SLOTS))
    t = go(t, "hero1", "battle_deck", deck="mentor")
    t = deal(t, "lunatic")  # 7
    t = go(t, "hero2", "battle_deck", deck="mentor")
    t = deal(t, "sailor")  # 4 + 3 = 7: a tie, hero2 has more Wyrm and Knot tokens
    assert hero(t, "hero1").skip == 1 and tok(t, "hero2", "wyrms") == 1


def test_discovery_trades_the_challenge_card_for_tokens_and_any_card():
    s, _ = settle(arrive(5, [{"stage": 5, "hand": ["ace-waves"]}, {"hand": ["ace-suns"]}]))
    assert tok(s, "hero1", "waves") == 2 and head(s)["k"] == "discover"
    legal = {a.args["card"] for a in GAME.legal_actions(s, "hero1")}
    assert "ace-waves" not in legal and "ace-suns" not in legal and "excuse" in legal
    s = go(s, "hero1", "discover", card="excuse")
    assert hero(s, "hero1").hand == ("excuse",) and "ace-waves" in s.challenge_pile


def test_discovery_with_the_excuse_draws_three_of_any():
    s, _ = settle(arrive(5, [{"stage": 5, "hand": ["excuse"]}, {}]))
    for suit in ("moons", "moons", "knots"):
        s = go(s, "hero1", "draw", suit=suit)
    assert tok(s, "hero1", "moons") == 2 and tok(s, "hero1", "knots") == 1


def test_market_gives_a_knot_to_a_hero_with_three():
    s, _ = settle(arrive(6, [{"stage": 6, "tokens": {"knots": 3}}, {}]))
    assert tok(s, "hero1", "knots") == 4
    s, _ = settle(arrive(6, [{"stage": 6, "tokens": {"knots": 2}}, {}]))
    assert tok(s, "hero1", "knots") == 2


def test_chance_meeting_takes_the_top_mentor_and_place_and_keeps_one_place():
    s, _ = settle(arrive(7, [{"stage": 7, "places": ["cave"]}, {}]))
    s = deal(s, "bard")
    s = deal(s, "sea")
    assert "bard" in hero(s, "hero1").mentors and head(s)["k"] == "drop_place"
    s = go(s, "hero1", "discard_place", card="cave")
    assert hero(s, "hero1").places == ("sea",)


def test_betrayal_gives_the_highest_mentor_away():
    s, _ = settle(arrive(8, [{"stage": 8, "mentors": ["painter", "bard"]}, {}, {}]))
    with pytest.raises(RuleError):
        go(s, "hero1", "betray", card="painter", to="hero2")
    s = go(s, "hero1", "betray", card="bard", to="hero3")
    assert "bard" in hero(s, "hero3").mentors and hero(s, "hero1").mentors == ("painter",)


def test_betrayal_without_mentors_gives_away_every_wyrm_and_knot():
    s, _ = settle(arrive(8, [{"stage": 8, "tokens": {"wyrms": 1, "knots": 1, "suns": 2}},
                             {}, {}]))
    s = go(s, "hero1", "give", suit="wyrms", to="hero2")
    s = go(s, "hero1", "give", suit="knots", to="hero3")
    assert hero(s, "hero1").tokens == (0, 2, 0, 0, 0, 0) and head(s)["k"] == "trade"


def test_pact_first_arrival_reveals_the_ending_and_may_swap_a_mentor():
    s, evs = settle(arrive(9, [{"stage": 9, "mentors": ["painter"],
                                "tokens": {"suns": 2, "moons": 2}}, {}],
                           endings=("windfall", "end", "calamity"),
                           on_cards={"savage": {"knots": 1}}))
    assert s.revealed == "windfall" and s.pact_first == "hero1"
    assert any(e.kind == "ending_revealed" and e.visible_to is None for e in evs)
    s = go(s, "hero1", "pact", mentor="painter", slot=2)
    h = hero(s, "hero1")
    assert h.mentors == ("savage",) and tok(s, "hero1", "knots") == 1
    assert s.slots[2][0] == "painter" and s.on_cards["painter"] == (2, 2, 0, 0, 0, 0)
    assert total_tokens(s) == 72


def test_pact_swap_needs_two_suns_and_two_moons():
    s, _ = settle(arrive(9, [{"stage": 9, "mentors": ["painter"], "tokens": {"suns": 2}}, {}]))
    assert [a.args for a in GAME.legal_actions(s, "hero1")] == [{"mentor": None, "slot": None}]


# -- the Ending ------------------------------------------------------------------------------------------
def test_ending_needs_ten_of_its_suit_and_a_challenge():
    s = make([{"stage": 9, "mentors": ["sailor"], "tokens": {"leaves": 7},
               "hand": ["ace-leaves"]}, {}], revealed="end")
    assert any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))
    s2 = make([{"stage": 9, "tokens": {"leaves": 10}, "hand": ["ace-leaves"]}, {}],
              revealed="end")
    assert not any(a.kind == "challenge" for a in GAME.legal_actions(s2, "hero1"))
    s3 = make([{"stage": 9, "tokens": {"leaves": 11}}, {}], revealed=None)
    assert not any(a.kind == "challenge" for a in GAME.legal_actions(s3, "hero1"))


def test_first_to_the_ending_gives_everyone_else_one_more_turn():
    s = make([{"stage": 9, "tokens": {"leaves": 11, "suns": 9}, "hand": ["ace-leaves"],
               "origin": "rite"}, {"hand": ["ace-moons"]}, {"hand": ["ace-suns"]}],
             revealed="end")
    s = go(s, "hero1", "challenge")
    s = deal(s, "ace-wyrms")
    s = go(s, "hero1", "play", card="ace-leaves")  # nobody may contest (both lower? no:
    # heroes at a lower stage may contest)
    while GAME.to_move(s) not in ([CHANCE], []) and head(s)["k"] == "auction":
        s = go(s, GAME.to_move(s)[0], "decline")
    if GAME.to_move(s) == ["hero1"] and head(s)["k"] == "draw":
        s = go(s, "hero1", "take", suit="moons")
    while GAME.to_move(s) == [CHANCE]:
        s = deal(s, GAME.chance(s).options[0])
    while head(s)["k"] == "draw":  # The End: a Rite Hero draws 2 Moons (may take others)
        s = go(s, "hero1", "take", suit="moons")
    assert hero(s, "hero1").stage == 10 and s.ending_first == "hero1"
    assert s.final_turns == ("hero2", "hero3")
    s = go(s, "hero1", "end")
    assert GAME.to_move(s) == ["hero2"]
    s = go(s, "hero2", "rest", card=None, suits=["moons", "suns"])
    s = go(s, "hero2", "end")
    s = go(s, "hero3", "rest", card=None, suits=["moons", "suns"])
    s = go(s, "hero3", "end")
    assert head(s)["k"] == "omen" and head(s)["seat"] == "hero1"  # The End's scoring omens


def _ending(revealed, heroes):
    return make(heroes, revealed=revealed, tasks=[{"k": "arrive", "seat": "hero1", "stage": 10},
                                                  {"k": "trade", "seat": "hero1"}])


def test_calamity_strips_non_wyrm_cards_and_half_the_other_tokens():
    s, _ = settle(_ending("calamity", [{"stage": 10, "mentors": ["savage", "painter"],
                                        "tokens": {"moons": 3, "wyrms": 4}},
                                       {"places": ["desert", "forest"],
                                        "tokens": {"suns": 1, "knots": 2}}]))
    assert hero(s, "hero1").mentors == ("savage",) and hero(s, "hero2").places == ("desert",)
    assert tok(s, "hero1", "moons") == 1 and tok(s, "hero1", "wyrms") == 4  # 3 -> pays 2
    # hero2 has 3 non-Wyrm tokens: pays 2, its choice
    s = go(s, "hero2", "pay", suit="knots")
    s = go(s, "hero2", "pay", suit="knots") if GAME.to_move(s) == ["hero2"] else s
    assert sum(hero(s, "hero2").tokens) == 1


def test_windfall_draws_two_per_knot_card_and_doubles_knots_at_scoring():
    s, _ = settle(_ending("windfall", [{"stage": 10, "mentors": ["painter"],
                                        "tokens": {"knots": 2}}, {}]))
    s = go(s, "hero1", "draw", suit="suns")
    s = go(s, "hero1", "draw", suit="moons")
    assert hero(s, "hero1").tokens == (1, 1, 0, 0, 0, 2)
    w = thaw(s)
    total, detail = score_of(w, "hero1")
    # tokens 4 + 2 (Knots double) = 6, no +6, x10 = 60; the Painter (Knot) 3 x 2 = 6
    assert (detail["tokens"], total) == (6, 66)


def test_the_end_omen_doubles_cards_of_a_suit_or_all_with_the_excuse():
    s = make([{"stage": 10, "mentors": ["painter", "savage"], "hand": ["ace-knots"]},
              {"mentors": ["bard"], "hand": ["excuse"]}], revealed="end",
             ending_first="hero1", tasks=[{"k": "omen", "seat": "hero1"},
                                          {"k": "omen", "seat": "hero2"}, {"k": "score"}])
    s = go(s, "hero1", "omen", card="ace-knots")
    s = go(s, "hero2", "omen", card="excuse")
    assert s.over
    assert s.scores["hero1"] == 0 * 10 + 3 * 2 + 3  # Painter (Knots) doubled, Savage not
    assert s.scores["hero2"] == 20


def test_score_is_tokens_plus_six_times_stage_plus_card_ranks():
    w = thaw(make([{"stage": 5, "tokens": {s: 1 for s in
                                           ("moons", "suns", "waves", "leaves", "wyrms",
                                            "knots")}, "mentors": ["bard", "watchman"]}, {}]))
    assert score_of(w, "hero1")[0] == (6 + 6) * 5 + 10 + 1


def test_scores_are_public_at_the_end():
    s = make([{"stage": 3}, {}], tasks=[{"k": "score"}])
    s, evs = settle(s)
    assert s.over and GAME.outcome(s).scores and do  # noqa: B018
    assert any(e.kind == "scores" for e in evs)


def test_battle_tied_in_total_and_tokens_the_arriving_hero_draws_the_other_skips():
    """Tied in total and in Wyrm and Knot tokens: the first in turn order from the arriving Hero
    counts as highest, the last as lowest; one Hero is never both."""
    s, _ = settle(arrive(4, [{"stage": 4, "tokens": {"wyrms": 1}}, {"tokens": {"knots": 1}}],
                         slots=OTHER_SLOTS))
    s = go(s, "hero1", "battle_deck", deck="mentor")
    s = deal(s, "savage")  # 1 + 3
    s = go(s, "hero2", "battle_deck", deck="mentor")
    s = deal(s, "painter")  # 1 + 3: tied, and tied in tokens
    assert tok(s, "hero1", "wyrms") == 2 and tok(s, "hero1", "knots") == 1
    assert hero(s, "hero1").skip == 0 and hero(s, "hero2").skip == 1
    t, _ = settle(arrive(4, [{"stage": 4}, {}, {}], slots=OTHER_SLOTS))
    for seat, deck, c in (("hero1", "mentor", "huntress"), ("hero2", "place", "sea"),
                          ("hero3", "mentor", "bard")):  # 10 each, no tokens
        t = go(t, seat, "battle_deck", deck=deck)
        t = deal(t, c)
    assert [hero(t, x).skip for x in ("hero1", "hero2", "hero3")] == [0, 0, 1]
    assert tok(t, "hero1", "wyrms") == 1 and tok(t, "hero1", "knots") == 1
