"""Becoming's rules (GAMES.md §5), one test per rule; each fails if its rule is broken."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, Action, RuleError
from companion.games.becoming import GAME
from companion.games.becoming.mechanics import asset_of, compare, totals
from companion.games.becoming.model import BecomingOptions, Phase
from tests.becoming.states import (
    act,
    at_hero_gather,
    both_back,
    created,
    roll,
    set_traits,
    step,
    tempters,
    to_offers,
    to_roll,
    turn,
)


def _refused(s, seat, move, rule, /, **args):
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Action(seat=seat, kind=move, args=args))
    assert err.value.rule == rule, err.value
    return err.value


# -- creating the Hero ---------------------------------------------------------------------------
def test_picks_alternate_starting_with_the_hero():
    s = GAME.setup(BecomingOptions(quest="drowned_crown"))
    order = []
    for _ in range(9):
        seat = GAME.to_move(s)[0]
        order.append(seat)
        s = act(s, seat, "pick", asset=GAME.legal_actions(s, seat)[0].args["asset"])
    assert order == ["hero", "spinner", "measurer", "shears"] * 2 + ["hero"]
    kinds = sorted(a.kind for a in s.assets)
    assert kinds == ["ally"] * 3 + ["strength"] * 3 + ["virtue"] * 3
    assert s.phase is Phase.NAME


def test_a_fourth_asset_of_a_kind_is_refused():
    s = GAME.setup(BecomingOptions(quest="drowned_crown"))
    for aid in ("mercy", "courage", "honesty"):
        s = act(s, GAME.to_move(s)[0], "pick", asset=aid)
    _refused(s, GAME.to_move(s)[0], "pick", "three of each", asset="hope")
    _refused(s, GAME.to_move(s)[0], "pick", "Hero card", asset="mercy")


def test_the_quest_is_chance_unless_named():
    s = GAME.setup(BecomingOptions())
    assert GAME.to_move(s) == [CHANCE]
    s = roll_items(s, ["ember_winter"])
    assert s.quest == "ember_winter" and s.phase is Phase.PICK


def roll_items(s, items):
    s, _ = GAME.apply(s, Action(seat=CHANCE, kind="chance", args={"items": items}))
    return s


# -- scenes -------------------------------------------------------------------------------------
def test_each_scene_names_its_agent_and_the_others_tempt():
    s = created()
    assert s.scene == 1 and GAME.agent(s) == "spinner"
    assert GAME.to_move(s) == ["spinner"]  # step 1: the Agent narrates the Elements
    s = act(s, "spinner", "elements")
    assert sorted(GAME.to_move(s)) == ["measurer", "shears"]  # the avatars, both at once
    q = GAME.quest(s)
    assert [sc.agent for sc in q.scenes] == ["spinner", "measurer", "shears"] * 3
    assert [sc.threat_dice for sc in q.scenes] == sorted(sc.threat_dice for sc in q.scenes)


def test_hero_dice_three_plus_invoked_plus_positive_traits():
    s = set_traits(at_hero_gather(), "mercy", positive=2)
    s = set_traits(s, "swordarm", positive=1, negative=1)
    assert GAME.view(s, "hero")["pools"]["hero"] == 3
    s = act(s, "hero", "invoke", asset="mercy")
    s = act(s, "hero", "invoke", asset="swordarm")
    assert GAME.view(s, "hero")["pools"]["hero"] == 3 + 2 + 2 + 1
    assert s.invoked == ("mercy", "swordarm")  # risked


def test_a_subverted_asset_cannot_be_invoked():
    s = turn(at_hero_gather(), "mercy")
    _refused(s, "hero", "invoke", "subverted Assets", asset="mercy")


def test_agent_dice_threat_plus_negatives_plus_subverted():
    s = set_traits(at_hero_gather(), "maren", negative=2)
    s = turn(s, "hound")
    s = act(s, "hero", "gathered")
    threat = GAME.quest(s).scenes[0].threat_dice
    assert GAME.view(s, None)["pools"]["agent"] == threat
    s = act(s, "spinner", "invoke_trait", asset="maren", trait="ymaren0")
    s = act(s, "spinner", "invoke_trait", asset="maren", trait="ymaren1")
    s = act(s, "spinner", "invoke_subverted", asset="hound")
    assert GAME.view(s, None)["pools"]["agent"] == threat + 3


def test_tempters_offer_at_once_and_in_secret():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    assert sorted(GAME.to_move(s)) == sorted([t1, t2])
    before = {seat: GAME.view(s, seat) for seat in ("hero", "spinner", t2)}
    s = act(s, t1, "cost", kind="add_negative", asset="mercy")
    s, events = step(s, t1, "offer", text="A fair price.", dice=2, timing="immediate")
    for seat, old in before.items():
        new = GAME.view(s, seat)
        assert "my_offer" not in new or new["my_offer"]["tempter"] == seat
        assert new["offers"] == [] and "A fair price." not in str(new)
        assert new["scores"] == old["scores"]
    assert all(e.visible_to == (t1,) for e in events if "offer" in e.data)
    assert GAME.to_move(s) == [t2]
    assert s.phase is Phase.OFFERS  # the Hero may not answer yet
    _refused(s, "hero", "accept", "turn order", tempter=t1, dice=2, timing="immediate",
             costs=[["add_negative", "mercy"]])
    s, events = step(s, t2, "back")
    revealed = next(e for e in events if e.kind == "offers_revealed")
    assert revealed.visible_to is None and len(revealed.data["offers"]) == 2
    assert s.phase is Phase.ANSWERS


def test_only_the_three_costs_at_most_three_and_one_to_three_dice():
    s = to_offers(at_hero_gather())
    t1 = tempters(s)[0]
    _refused(s, t1, "cost", "bargain costs", kind="take_ally", asset="maren")
    _refused(s, t1, "offer", "bargain costs", dice=1, timing="immediate")  # no cost yet
    for aid in ("mercy", "maren", "hound"):
        s = act(s, t1, "cost", kind="add_negative", asset=aid)
    _refused(s, t1, "cost", "bargain costs", kind="subvert", asset="courage")
    _refused(s, t1, "offer", "bargain dice", dice=4, timing="immediate")
    _refused(s, t1, "offer", "bargain dice", dice=0, timing="immediate")
    assert {a.args["dice"] for a in GAME.legal_actions(s, t1) if a.kind == "offer"} == {1, 2, 3}


def test_a_cost_that_cannot_be_paid_is_refused():
    s = set_traits(at_hero_gather(), "mercy", positive=3, negative=2)  # five Traits
    s = to_offers(s)
    t1 = tempters(s)[0]
    _refused(s, t1, "cost", "Traits", kind="add_negative", asset="mercy")
    _refused(s, t1, "cost", "Traits", kind="remove_positive", asset="maren")  # none to remove


def test_backing_gives_three_dice_and_each_rejection_one():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    base = GAME.view(s, None)["pools"]["agent"]
    s = act(s, t1, "back")
    s = act(s, t2, "cost", kind="add_negative", asset="mercy")
    s = act(s, t2, "offer", dice=2, timing="immediate")
    assert GAME.view(s, None)["pools"]["agent"] == base + 3
    s = act(s, "hero", "reject", tempter=t2, dice=2, timing="immediate",
            costs=[["add_negative", "mercy"]])
    assert GAME.view(s, None)["pools"]["agent"] == base + 4
    assert not asset_of(s, "mercy").traits


def test_accepted_dice_join_the_hero_and_immediate_costs_come_at_step_7():
    s = to_offers(at_hero_gather(), invoke=("mercy",))
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="mercy")
    s = act(s, t1, "offer", dice=3, timing="immediate")
    s = act(s, t2, "cost", kind="add_negative", asset="maren")
    s = act(s, t2, "offer", dice=1, timing="delayed")
    s = act(s, "hero", "accept", tempter=t1, dice=3, timing="immediate",
            costs=[["subvert", "mercy"]])
    assert not asset_of(s, "mercy").subverted  # not until every offer is answered
    s = act(s, "hero", "accept", tempter=t2, dice=1, timing="delayed",
            costs=[["add_negative", "maren"]])
    # Step 7: the immediate bargain is paid now; Mercy is turned and gives no more dice.
    assert asset_of(s, "mercy").subverted and asset_of(s, "mercy").subverted_by == t1
    assert s.renames == (("mercy", t1),) and GAME.to_move(s) == [t1]
    s = act(s, t1, "rename", text="Mercy for the Wicked", asset="mercy")
    assert s.phase is Phase.MORE_HERO  # step 8
    assert GAME.view(s, None)["pools"]["hero"] == 3 + 3 + 1
    assert not asset_of(s, "maren").traits  # the delayed price waits for step 11
    s = to_roll(s)
    s = roll(s, [6] * 7)
    s = roll(s, [1] * GAME.view(s, None)["pools"]["agent"])
    assert s.winner == "hero"
    s = act(s, "hero", "claim", asset="swordarm", text="Battle-Proven")
    assert [t.name for t in asset_of(s, "maren").traits] and s.phase is Phase.RESOLVE


def test_step_8_both_may_invoke_more():
    s = set_traits(at_hero_gather(), "maren", negative=1)
    s = to_offers(s)
    s = both_back(s)
    assert s.phase is Phase.MORE_HERO
    s = act(s, "hero", "invoke", asset="courage")
    assert "courage" in s.invoked
    s = act(s, "hero", "ready")
    assert s.phase is Phase.MORE_AGENT and GAME.to_move(s) == ["spinner"]


def test_roll_compares_sixes_then_fives_and_the_hero_wins_a_total_tie():
    assert compare([6, 1, 1, 1], [6, 6]) == ("agent", 6)
    assert compare([6, 6], [6, 5, 5, 5, 5]) == ("hero", 6)
    assert compare([6, 5, 5], [6, 5, 4, 4, 4]) == ("hero", 5)
    assert compare([6, 4], [6, 5]) == ("agent", 5)
    assert compare([3, 2, 1], [3, 2, 1]) == ("hero", None)
    assert compare([2, 2], [2, 1]) == ("hero", 2)


def _rolled(s, hero: int, agent: int):
    """Step 8 done, then every Hero die shows ``hero`` and every Agent die ``agent``."""
    s = to_roll(s)
    assert s.phase is Phase.ROLL_HERO
    s = roll(s, [hero] * GAME.chance(s).count)
    return roll(s, [agent] * GAME.chance(s).count)


def test_total_tie_goes_to_the_hero_through_the_engine():
    s = to_offers(set_traits(at_hero_gather(), "maren", negative=1))
    t1, t2 = tempters(s)
    for t, aid in ((t1, "courage"), (t2, "honesty")):
        s = act(s, t, "cost", kind="add_negative", asset=aid)
        s = act(s, t, "offer", dice=1, timing="delayed")
    s = act(s, "hero", "accept", tempter=t1, dice=1, timing="delayed",
            costs=[["add_negative", "courage"]])
    s = act(s, "hero", "reject", tempter=t2, dice=1, timing="delayed",
            costs=[["add_negative", "honesty"]])
    s = to_roll(s)
    assert GAME.chance(s).count == 4  # 3 + the bargain's die
    s = roll(s, [5, 3, 2, 2])
    assert GAME.chance(s).count == 4  # 2 Threat dice + the negative Trait + the refusal
    tied = roll(s, [2, 5, 2, 3])
    assert tied.winner == "hero"
    assert roll(s, [2, 5, 2, 4]).winner == "spinner"  # a 4 beats a 3 when 6s and 5s tie


def test_physical_dice_refuse_impossible_faces():
    s = to_roll(both_back(to_offers(at_hero_gather())))
    with pytest.raises(RuleError):
        roll(s, [7, 1, 1])
    with pytest.raises(RuleError):
        roll(s, [6, 6])  # three dice are due
    assert "hero" in GAME.chance(s).physical_seats


def test_agent_prize_marks_each_risked_asset():
    s = set_traits(at_hero_gather(), "swordarm", positive=1)
    s = to_offers(s, invoke=("mercy", "swordarm"))
    s = _rolled(both_back(s), 1, 6)
    assert s.winner == "spinner"
    s = act(s, "spinner", "mark_risked")
    assert {a.args["asset"] for a in GAME.legal_actions(s, "spinner")} == {"mercy", "swordarm"}
    s = act(s, "spinner", "mark", asset="swordarm", change="remove_positive")
    _refused(s, "spinner", "mark", "Agent's prize", asset="swordarm", change="add_negative")
    _refused(s, "spinner", "mark", "Agent's prize", asset="maren", change="add_negative")
    s = act(s, "spinner", "mark", asset="mercy", change="add_negative")
    assert s.phase is Phase.RESOLVE
    assert totals(s, ["spinner"])["spinner"] == 2 + 1


def test_agent_prize_or_subvert_any_one_asset():
    s = to_offers(at_hero_gather(), invoke=("mercy",))
    s = _rolled(both_back(s), 1, 6)
    s = act(s, "spinner", "subvert", asset="brother")  # any Asset, risked or not
    assert asset_of(s, "brother").subverted and not asset_of(s, "mercy").traits
    assert totals(s, ["spinner"])["spinner"] == 4
    assert GAME.to_move(s) == ["spinner"]  # it names what it turned
    s = act(s, "spinner", "rename", text="Tobin the Rival", asset="brother")
    assert asset_of(s, "brother").turned_name == "Tobin the Rival"
    assert s.phase is Phase.RESOLVE


def test_hero_prize_one_positive_trait_on_an_unsubverted_asset():
    s = turn(to_offers(at_hero_gather()), "hound")
    s = _rolled(both_back(s), 6, 1)
    assert s.winner == "hero"
    _refused(s, "hero", "claim", "Traits", asset="hound")
    s = act(s, "hero", "claim", asset="mercy", text="Unshaken")
    assert [t.name for t in asset_of(s, "mercy").traits] == ["Unshaken"]
    assert totals(s, ["hero"])["hero"] == 3


def test_at_most_five_traits():
    s = set_traits(to_offers(at_hero_gather()), "mercy", positive=5)
    s = _rolled(both_back(s), 6, 1)
    _refused(s, "hero", "claim", "Traits", asset="mercy")


def test_the_third_negative_subverts_and_pays_five():
    s = set_traits(at_hero_gather(), "mercy", positive=2, negative=2)
    s = to_offers(s, invoke=("mercy",))
    s = _rolled(both_back(s), 1, 6)
    s = act(s, "spinner", "mark_risked")
    s = act(s, "spinner", "mark", asset="mercy", change="add_negative")
    m = asset_of(s, "mercy")
    assert m.subverted and m.traits == () and m.subverted_by == "spinner"
    assert totals(s, ["spinner"])["spinner"] == 5
    s = act(s, "spinner", "rename", text="", asset="mercy")  # an empty name takes one of ours
    assert asset_of(s, "mercy").turned_name in GAME.data.asset("mercy").turned


def test_points_for_each_fate_line():
    s = set_traits(at_hero_gather(), "swordarm", positive=1)
    s = to_offers(s)
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="remove_positive", asset="swordarm")
    s = act(s, t1, "cost", kind="add_negative", asset="maren")
    s = act(s, t1, "offer", dice=3, timing="immediate")
    s = act(s, t2, "cost", kind="subvert", asset="hound")
    s = act(s, t2, "offer", dice=1, timing="immediate")
    costs1 = [["remove_positive", "swordarm"], ["add_negative", "maren"]]
    s = act(s, "hero", "accept", tempter=t1, dice=3, timing="immediate", costs=costs1)
    s = act(s, "hero", "accept", tempter=t2, dice=1, timing="immediate",
            costs=[["subvert", "hound"]])
    tot = totals(s, [t1, t2])
    assert tot == {t1: 2 + 1, t2: 4}
    assert sorted(x.why for x in s.scores) == ["negative", "remove_positive", "subvert"]


def test_hero_moon_shot_rolls_three_refuses_bargains_and_wins_back():
    s = turn(set_traits(at_hero_gather(), "mercy", positive=2), "hound", marks=3)
    _refused(s.model_copy(update={"invoked": ("mercy",)}), "hero", "moon", "shooting the moon")
    s = to_offers(s, moon=True)
    _refused(s, "hero", "invoke", "turn order", asset="mercy")
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="add_negative", asset="mercy")
    s = act(s, t1, "offer", dice=3, timing="immediate")
    s = act(s, t2, "back")
    assert s.offers[0].answer == "rejected" or s.offers[1].answer == "rejected"
    agent = GAME.view(s, None)["pools"]["agent"]
    threat = GAME.quest(s).scenes[0].threat_dice
    assert agent == threat + 1 + 3 + 1  # the turned Hound, the backing, the refused bargain
    assert s.phase is Phase.MORE_AGENT  # the Hero invokes nothing more
    s = _rolled(s, 6, 1)
    assert s.winner == "hero"
    assert [a.kind for a in GAME.legal_actions(s, "hero")] == ["regain"]
    s = act(s, "hero", "regain", asset="hound", marks=3)
    hound = asset_of(s, "hound")
    assert not hound.subverted and hound.negatives == 2  # one of the three marks crossed out
    s = act(s, "hero", "claim", asset="mercy")
    assert sorted((x.why, x.points) for x in s.scores if x.seat == "hero") == [
        ("moon", 5), ("positive", 3), ("strike", 2)]


def test_agent_moon_shot_takes_no_bonus_and_wins_big():
    s = turn(set_traits(at_hero_gather(), "maren", negative=2), "hound")
    s = to_offers(s, invoke=("mercy", "swordarm"), agent_moon=True)
    threat = GAME.quest(s).scenes[0].threat_dice
    t1, t2 = tempters(s)
    _refused(s, t1, "back", "shooting the moon")
    s = act(s, t1, "cost", kind="add_negative", asset="courage")
    s = act(s, t1, "offer", dice=1, timing="delayed")
    s = act(s, t2, "cost", kind="add_negative", asset="honesty")
    s = act(s, t2, "offer", dice=1, timing="delayed")
    s = act(s, "hero", "reject", tempter=t1, dice=1, timing="delayed",
            costs=[["add_negative", "courage"]])
    s = act(s, "hero", "reject", tempter=t2, dice=1, timing="delayed",
            costs=[["add_negative", "honesty"]])
    s = act(s, "hero", "ready")
    assert s.phase is Phase.ROLL_HERO  # the Agent invokes nothing more
    assert GAME.chance(s.model_copy(update={"phase": Phase.ROLL_AGENT})).count == threat
    s = _rolled(s, 1, 6)
    assert {a.kind for a in GAME.legal_actions(s, "spinner")} == {"subvert"}
    s = act(s, "spinner", "subvert", asset="courage")
    s = act(s, "spinner", "rename", text="Recklessness", asset="courage")
    s = act(s, "spinner", "mark", asset="mercy", change="add_negative")
    s = act(s, "spinner", "mark", asset="swordarm", change="add_negative")
    assert s.phase is Phase.RESOLVE
    assert totals(s, ["spinner"])["spinner"] == 4 + 1 + 1


def test_the_game_ends_at_once_when_the_last_asset_is_lost():
    s = at_hero_gather()
    for a in s.assets[1:]:
        s = turn(s, a.id)
    s = to_offers(s)
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="mercy")
    s = act(s, t1, "offer", dice=3, timing="immediate")
    s = act(s, t2, "back")
    s = act(s, "hero", "accept", tempter=t1, dice=3, timing="immediate",
            costs=[["subvert", "mercy"]])
    s = act(s, t1, "rename", text="Mercy for the Wicked", asset="mercy")
    assert s.phase is Phase.CLOSE and s.ended_early and s.scene == 1
    assert not any(x.why == "assets_left" for x in s.scores)
    assert GAME.to_move(s) == list(s.closers) == [t1]  # the Fate with the most points
    s = act(s, t1, "close", text="So ends the Hero.")
    assert GAME.is_over(s)


def test_hero_scores_four_per_asset_left_and_ties_share_the_close():
    from companion.games.becoming import flow

    s = at_hero_gather()
    s, events = flow.to_close(s, early=False)
    assert [x.points for x in s.scores if x.why == "assets_left"] == [36]
    s2 = turn(at_hero_gather(), "mercy")
    s2 = s2.model_copy(update={"scores": (
        *s2.scores, flow.Score(seat="shears", points=32, why="subvert", scene=1))})
    s2, _ = flow.to_close(s2, early=False)
    assert s2.closers == ("hero", "shears")  # 8 x 4 = 32 each: both narrate
    assert sorted(GAME.to_move(s2)) == ["hero", "shears"]
