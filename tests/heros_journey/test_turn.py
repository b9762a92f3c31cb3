"""Setup, resources, drawing (Rite, Harvest, substitutes, the Curse), Travel, Rest, the Matching
Encounter and trading: each rule of GAMES.md §2 by a test that fails when the rule is broken."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, RuleError
from companion.games.heros_journey import GAME, HjOptions

from .table import deal, do, go, head, hero, make, tok, total_tokens


# -- setup ------------------------------------------------------------------------------------------
def _setup(players=3):
    s = GAME.setup(HjOptions(players=players))
    s = deal(s, "windfall", "end", "calamity")  # face-down Endings, top first
    for c in ("ace-moons", "ace-suns", "excuse", "ace-knots")[:players]:
        s = deal(s, c)
    for m, p in (("sailor", "mill"), ("bard", "sea"), ("soldier", "cave")):
        s = deal(s, m)
        s = deal(s, p)
    return s


def test_setup_tokens_challenges_and_encounters():
    s = _setup()
    for h in s.heroes:
        assert h.tokens == (1,) * 6 and len(h.hand) == 1
    assert s.slots == (("sailor", "mill"), ("bard", "sea"), ("soldier", "cave"))
    assert total_tokens(s) == 72
    # the first Hero is asked who they are, then every Hero chooses an Origin
    assert GAME.to_move(s) == ["hero1"] and [t["k"] for t in s.tasks[:4]] == [
        "hero_name", "hero_pronouns", "hero_about", "origin"]


def test_rite_gives_two_moons_and_a_secret_prophecy():
    s = go(_setup(), "hero1", "origin", origin="rite")
    assert tok(s, "hero1", "moons") == 3
    s2, evs = do(s, "hero1", "prophecy", look="bottom")
    assert hero(s2, "hero1").prophecy == "calamity"  # the bottom Ending
    seen = [e for e in evs if e.kind == "prophecy_seen"]
    assert seen and seen[0].visible_to == ("hero1",)
    assert "calamity" not in str(GAME.view(s2, "hero2")) and "calamity" in str(
        GAME.view(s2, "hero1"))
    top = go(s, "hero1", "prophecy", look="top")  # pays all three Moons to see the top one
    assert hero(top, "hero1").prophecy == "windfall" and tok(top, "hero1", "moons") == 0


def test_top_prophecy_needs_three_moons():
    s = go(_setup(), "hero1", "origin", origin="rite")
    h = hero(s, "hero1")
    s = s.model_copy(update={"heroes": (h.model_copy(update={"tokens": (2, 1, 1, 1, 1, 1)}),
                                        *s.heroes[1:])})
    with pytest.raises(RuleError):
        go(s, "hero1", "prophecy", look="top")


def test_first_hero_is_drawn_by_lot_after_origins():
    s = _setup(2)
    s = go(s, "hero1", "origin", origin="harvest")
    s = go(s, "hero2", "origin", origin="harvest")
    assert GAME.to_move(s) == [CHANCE]
    s = deal(s, "hero2")
    assert GAME.to_move(s) == ["hero2"] and head(s)["k"] == "turn"


# -- drawing ---------------------------------------------------------------------------------------
def _rest_no_card(stage_card_origin="rite", stage=1):
    return make([{"origin": stage_card_origin, "stage": stage, "tokens": {"suns": 1}}, {}])


def test_rite_may_take_another_token_instead_of_a_moon():
    s = _rest_no_card("rite")  # rite stage 1: Moons, Leaves, Wyrms
    s = go(s, "hero1", "rest", card=None, suits=["moons", "leaves"])
    assert head(s)["k"] == "draw" and GAME.to_move(s) == ["hero1"]
    s = go(s, "hero1", "take", suit="knots")
    assert tok(s, "hero1", "knots") == 1 and tok(s, "hero1", "moons") == 0


def test_harvest_leaf_brings_a_bonus_non_leaf_token():
    s = _rest_no_card("harvest")  # Moons, Suns, Leaves
    s = go(s, "hero1", "rest", card=None, suits=["suns", "leaves"])
    assert head(s)["k"] == "bonus"
    with pytest.raises(RuleError):
        go(s, "hero1", "bonus", suit="leaves")
    s = go(s, "hero1", "bonus", suit="wyrms")
    assert tok(s, "hero1", "leaves") == 1 and tok(s, "hero1", "wyrms") == 1
    assert tok(s, "hero1", "suns") == 2


def test_empty_suit_substitute_is_chosen_by_the_lowest_hero():
    # hero1 (stage 3) rests at the Journey (Moons, Waves); the bank has no Waves; hero2 is
    # lowest (stage 1) and chooses what hero1 gets instead.
    s = make([{"stage": 3, "tokens": {"waves": 6}}, {"stage": 1, "tokens": {"waves": 6}},
              {"stage": 2}])
    s = go(s, "hero1", "rest", card=None, suits=["moons", "waves"])
    assert GAME.to_move(s) == ["hero2"] and head(s)["k"] == "draw"
    s = go(s, "hero2", "substitute", suit="knots")
    assert tok(s, "hero1", "knots") == 1 and tok(s, "hero1", "waves") == 6


def test_substitute_tie_goes_to_the_drawer_then_the_nearest_left():
    s = make([{"stage": 2, "tokens": {"waves": 6}}, {"stage": 3}, {"stage": 2, "tokens":
                                                                    {"waves": 6}}])
    s = go(s, "hero1", "rest", card=None, suits=["waves", "leaves"])
    assert GAME.to_move(s) == ["hero1"]  # the drawer is among the lowest: they choose
    s2 = make([{"stage": 3, "tokens": {"waves": 6}}, {"stage": 4}, {"stage": 2},
               {"stage": 2, "tokens": {"waves": 6}}])
    s2 = go(s2, "hero1", "rest", card=None, suits=["waves", "moons"])
    assert GAME.to_move(s2) == ["hero3"]  # hero3 and hero4 tie lowest; hero3 is nearer left


def test_curse_upon_the_land_when_the_bank_runs_dry():
    # everything but one Moon is held; the Rest that takes the last Moon empties the bank
    s = make([{"stage": 1, "origin": "harvest",
               "tokens": {"moons": 5, "suns": 6, "waves": 12, "leaves": 6, "wyrms": 7,
                          "knots": 6}},
              {"tokens": {"moons": 6, "suns": 6, "leaves": 5, "wyrms": 5, "knots": 6}}])
    assert sum(s.bank) == 2  # one Moon and one Leaf... drawn next
    s = go(s, "hero1", "rest", card=None, suits=["moons", "leaves"])
    # hero1's bonus is due after the curse; hero1 pays half of Waves (12 -> 6)
    assert tok(s, "hero1", "waves") <= 6
    while GAME.to_move(s) and head(s)["k"] in ("curse", "bonus"):
        seat = GAME.to_move(s)[0]
        s = go(s, seat, GAME.legal_actions(s, seat)[0].kind,
               **GAME.legal_actions(s, seat)[0].args)
    assert tok(s, "hero1", "waves") == 6
    assert sum(hero(s, "hero2").tokens) < 28  # hero2 paid half of a largest suit, rounded up
    assert total_tokens(s) == 72


# -- resources and paying -------------------------------------------------------------------------
def test_resources_are_tokens_plus_card_ranks():
    s = make([{"mentors": ["savage"], "tokens": {"wyrms": 2}}, {}])
    assert GAME.view(s, "hero1")["heroes"][0]["resources"]["wyrms"] == 5


# -- travel ---------------------------------------------------------------------------------------
def test_travel_prices_and_tokens_onto_the_cards_ahead():
    s = make([{"tokens": {"moons": 5}}, {}])
    for pair, paid in ((0, 1), (1, 3), (2, 5)):
        t = go(s, "hero1", "travel", pair=pair, keep=None)
        while head(t)["k"] in ("pay",):
            t = go(t, "hero1", "pay", suit="moons") if GAME.to_move(t) == ["hero1"] else t
        assert tok(t, "hero1", "moons") == 5 - paid
    t = go(s, "hero1", "travel", pair=2, keep=None)
    # single suit held: payment is automatic; one Moon on each Wanderer and Traveler card
    assert t.on_cards["author"] == (1, 0, 0, 0, 0, 0) and t.on_cards["mountain"][0] == 1
    assert hero(t, "hero1").mentors == ("savage",) and hero(t, "hero1").places == ("forest",)


def test_travel_needs_the_price_in_tokens():
    s = make([{"tokens": {"moons": 2}}, {}])
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "travel", pair=1, keep=None)
    assert err.value.rule_id == "turn-travel"


def test_travel_keeps_one_mentor_left_ones_give_a_gift_and_old_place_goes():
    s = make([{"tokens": {"moons": 1}, "mentors": ["sailor", "bard"], "places": ["cave"]}, {}],
             on_cards={"author": {"knots": 2}})
    s = go(s, "hero1", "travel", pair=0, keep="bard")
    assert head(s)["k"] == "pick_draw"  # the Sailor's parting gift: Waves or Leaves
    s = go(s, "hero1", "draw", suit="waves")
    # harvest hero: no leaf so no bonus; pays 1 (Moon or Wave)
    if GAME.to_move(s) == ["hero1"] and head(s)["k"] == "pay":
        s = go(s, "hero1", "pay", suit="moons")
    h = hero(s, "hero1")
    assert set(h.mentors) == {"bard", "author"} and h.places == ("desert",)
    assert tok(s, "hero1", "knots") == 2  # the tokens lying on the pair came along
    assert "sailor" in s.mentor_under and "cave" in s.place_under
    assert s.slots[0] == ("painter", "mountain") and s.slots[1] == ("savage", "forest")
    assert GAME.to_move(s) == [CHANCE]  # a new Seeker's pair is turned up


def test_travel_keeping_two_mentors_is_refused():
    s = make([{"tokens": {"moons": 1}, "mentors": ["sailor"]}, {}])
    with pytest.raises(RuleError):
        go(s, "hero1", "travel", pair=0, keep="bard")


def test_on_the_journey_two_places_are_kept():
    s = make([{"stage": 3, "tokens": {"moons": 1}, "places": ["cave"]}, {}])
    s = go(s, "hero1", "travel", pair=0, keep=None)
    assert set(hero(s, "hero1").places) == {"cave", "desert"}


# -- rest ---------------------------------------------------------------------------------------------
def test_rest_on_a_card_gives_two_one_and_a_stage_token():
    s = make([{"stage": 3, "mentors": ["painter"], "origin": "harvest"}, {}])
    s = go(s, "hero1", "rest", card="painter", two="knots", stage_suit="waves")
    h = hero(s, "hero1")
    assert h.tokens == (0, 1, 1, 0, 0, 2)


def test_rest_on_a_pawn_gives_one_of_each_suit():
    s = make([{"stage": 2, "mentors": ["watchman"]}, {}])
    s = go(s, "hero1", "rest", card="watchman", two=None, stage_suit="waves")
    assert hero(s, "hero1").tokens == (1, 0, 1, 0, 1, 1)


def test_rest_card_must_not_outrank_the_stage():
    s = make([{"stage": 2, "mentors": ["painter"]}, {}])
    with pytest.raises(RuleError):
        go(s, "hero1", "rest", card="painter", two="knots", stage_suit="waves")
    s = go(s, "hero1", "rest", card=None, suits=["waves", "leaves"])  # no eligible card
    assert hero(s, "hero1").tokens[2] == 1


def test_rest_at_stage_one_picks_two_of_three():
    s = make([{"origin": "harvest"}, {}])
    legal = [a for a in GAME.legal_actions(s, "hero1") if a.kind == "rest"]
    assert sorted(tuple(a.args["suits"]) for a in legal) == sorted(
        [("moons", "suns"), ("moons", "leaves"), ("suns", "leaves")])


# -- matching encounter -----------------------------------------------------------------------------
def test_matching_encounter_discards_the_card_and_advances():
    s = make([{"stage": 3, "mentors": ["soldier"]}, {}])
    s = go(s, "hero1", "match", card="soldier")
    assert hero(s, "hero1").stage == 4 and "soldier" in s.mentor_under


def test_a_card_without_both_suits_does_not_match():
    s = make([{"stage": 3, "mentors": ["painter"]}, {}])
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "match", card="painter")
    assert err.value.rule_id == "turn-match"


def test_the_ending_is_never_reached_by_a_matching_card():
    s = make([{"stage": 9, "mentors": ["huntress"]}, {}], revealed="end")
    assert not any(a.kind == "match" for a in GAME.legal_actions(s, "hero1"))


# -- trading ------------------------------------------------------------------------------------------
def _trading(spec1, spec2=None, stage=1):
    s = make([{"stage": stage, **spec1}, spec2 or {"tokens": {"knots": 2}}],
             tasks=[{"k": "trade", "seat": "hero1"}])
    return s


def test_bank_trade_is_two_for_one():
    s = _trading({"tokens": {"moons": 1, "wyrms": 1}})
    s = go(s, "hero1", "bank", give=["moons", "wyrms"], get="suns", source=None)
    assert hero(s, "hero1").tokens == (0, 1, 0, 0, 0, 0)
    with pytest.raises(RuleError):
        go(s, "hero1", "bank", give=["suns"], get="moons", source=None)


def test_market_trades_one_for_one():
    s = _trading({"tokens": {"moons": 1}}, stage=6)
    s = go(s, "hero1", "bank", give=["moons"], get="suns", source=None)
    assert hero(s, "hero1").tokens == (0, 1, 0, 0, 0, 0)


def test_bank_trade_from_an_encounter_card_only_when_the_bank_lacks_the_suit():
    s = make([{"tokens": {"moons": 2, "knots": 9}}, {"tokens": {"knots": 2}}],
             on_cards={"author": {"knots": 1}}, tasks=[{"k": "trade", "seat": "hero1"}])
    assert s.bank[5] == 0
    s = go(s, "hero1", "bank", give=["moons", "moons"], get="knots", source="author")
    assert tok(s, "hero1", "knots") == 10 and "author" not in s.on_cards
    s2 = make([{"tokens": {"moons": 2}}, {}], on_cards={"author": {"knots": 1}},
              tasks=[{"k": "trade", "seat": "hero1"}])
    with pytest.raises(RuleError):
        go(s2, "hero1", "bank", give=["moons", "moons"], get="knots", source="author")


def test_offer_is_accepted_or_refused_by_the_other_hero():
    s = _trading({"tokens": {"moons": 2}})
    s = go(s, "hero1", "offer", to="hero2", give={"moons": 2}, get={"knots": 1})
    assert GAME.to_move(s) == ["hero2"]
    acc = go(s, "hero2", "accept")
    assert tok(acc, "hero1", "knots") == 1 and tok(acc, "hero2", "moons") == 2
    ref = go(s, "hero2", "refuse")
    assert tok(ref, "hero1", "moons") == 2 and GAME.to_move(ref) == ["hero1"]
    with pytest.raises(RuleError) as err:  # one offer to each rival per turn
        go(ref, "hero1", "offer", to="hero2", give={"moons": 1}, get={"knots": 1})
    assert err.value.rule_id == "trade-offers"


def test_offer_of_tokens_you_do_not_hold_is_refused():
    s = _trading({"tokens": {"moons": 1}})
    with pytest.raises(RuleError):
        go(s, "hero1", "offer", to="hero2", give={"moons": 3}, get={"knots": 1})


def test_one_action_per_turn_then_trading_then_the_next_hero():
    s = make([{"origin": "harvest"}, {}])
    s = go(s, "hero1", "rest", card=None, suits=["moons", "suns"])
    assert head(s)["k"] == "trade"
    with pytest.raises(RuleError):
        go(s, "hero1", "rest", card=None, suits=["moons", "suns"])
    s = go(s, "hero1", "end")
    assert GAME.to_move(s) == ["hero2"]


def test_a_lost_turn_is_skipped():
    s = make([{}, {"skip": 1}], tasks=[{"k": "trade", "seat": "hero1"}])
    s = go(s, "hero1", "end")
    assert GAME.to_move(s) == ["hero1"] and hero(s, "hero2").skip == 0


def test_a_hero_may_trade_with_another_before_the_action():
    """"At any time during your turn": an offer before the action, then the action itself, so a
    Hero can buy the token it must stake on a Challenge."""
    s = make([{"stage": 2, "tokens": {"moons": 4, "suns": 2}, "mentors": ["lunatic"]},
              {"tokens": {"waves": 2}}])
    assert not any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))  # no Wave
    s = go(s, "hero1", "offer", to="hero2", give={"suns": 2}, get={"waves": 1})
    assert GAME.to_move(s) == ["hero2"]
    s = go(s, "hero2", "accept")
    assert head(s)["k"] == "turn" and tok(s, "hero1", "waves") == 1
    s = go(s, "hero1", "challenge")  # the Journey: a Moon and a Wave staked
    assert s.on_cards["journey"] == (1, 0, 1, 0, 0, 0)


def test_the_offers_menu_before_the_action_returns_to_the_turn():
    s = make([{"tokens": {"moons": 2}}, {"tokens": {"knots": 1}}])
    assert any(a.kind == "trade_offer" for a in GAME.legal_actions(s, "hero1"))
    m = go(s, "hero1", "trade_offer")
    assert head(m)["k"] == "trade_offer"
    assert head(go(m, "hero1", "back"))["k"] == "turn"
    r = go(go(m, "hero1", "offer", to="hero2", give={"moons": 1}, get={"knots": 1}), "hero2",
           "refuse")
    assert head(r)["k"] == "turn"
    with pytest.raises(RuleError):  # the bank trades only after the action
        go(s, "hero1", "bank", give=["moons", "moons"], get="knots", source=None)


def test_travel_is_priced_after_the_parting_gifts():
    """One token and two Mentors left behind: the two gifts come first, so the Traveler's pair
    (3) is within reach; keeping one Mentor, only the Wanderer's and not the Seeker's."""
    s = make([{"tokens": {"moons": 1}, "mentors": ["author", "savage"]}, {}],
             slots=(("consul", "island"), ("light-keeper", "window"), ("watchman", "borderland")))
    pairs = {(a.args["pair"], a.args["keep"]) for a in GAME.legal_actions(s, "hero1")
             if a.kind == "travel"}
    assert (1, None) in pairs and (2, None) not in pairs
    assert (0, "author") in pairs and (1, "author") not in pairs
    t = go(s, "hero1", "travel", pair=1, keep=None)
    while GAME.to_move(t) == ["hero1"]:
        legal = GAME.legal_actions(t, "hero1")  # gifts: a Knot and a Wyrm (no Harvest bonus)
        t = GAME.apply(t, next((a for a in legal if a.args.get("suit") in ("knots", "wyrms")),
                               legal[0]))[0]
    h = hero(t, "hero1")
    assert h.mentors == ("light-keeper",) and h.places == ("window",) and sum(h.tokens) == 0
