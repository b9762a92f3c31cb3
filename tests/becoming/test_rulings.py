"""Becoming's rules the 2026 audit found wrong or missing (issue 24), one test per rule; each
fails if its rule is broken: the moon shot needs nothing subverted; a regained Asset comes back as
RULINGS.md reads the text; an acceptance that could no longer be paid is refused; a counter."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.becoming import GAME
from companion.games.becoming import mechanics as m
from companion.games.becoming.mechanics import asset_of, totals
from companion.games.becoming.model import Phase
from tests.becoming.states import act, at_hero_gather, roll, tempters, to_offers, to_roll, turn


def _rolled(s, hero: int, agent: int):
    s = to_roll(s)
    s = roll(s, [hero] * GAME.chance(s).count)
    return roll(s, [agent] * GAME.chance(s).count)


def _refusal(s, seat, move, /, **args) -> RuleError:
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Action(seat=seat, kind=move, args=args))
    return err.value


def _moon_won(s):
    s = to_offers(s, moon=True)
    for t in tempters(s):
        s = act(s, t, "back")
    s = _rolled(s, 6, 1)
    assert s.winner == "hero"
    return s


# -- (a) the moon with nothing subverted ----------------------------------------------------------
def test_the_hero_may_shoot_the_moon_with_nothing_subverted():
    s = at_hero_gather()
    assert not any(a.subverted for a in s.assets)
    assert "moon" in {a.kind for a in GAME.legal_actions(s, "hero")}
    s = _moon_won(s)
    assert GAME.chance  # three dice were rolled: the Hero's pool is exactly three
    assert len(s.hero_roll) == 3
    # nothing to win back: the usual positive Trait is the prize
    assert {a.kind for a in GAME.legal_actions(s, "hero")} == {"claim"}
    s = act(s, "hero", "claim", asset="mercy")
    assert sorted((x.why, x.points) for x in s.scores if x.seat == "hero") == [
        ("moon", 5), ("positive", 3)]


# -- (b) what a regained Asset comes back with ----------------------------------------------------
def test_an_asset_subverted_outright_comes_back_bare():
    """A cost or a prize subverted it: its Traits "simply go away", so it returns with none, no
    mark is crossed out (no +2), and the Agent has nothing of it to invoke."""
    s = turn(at_hero_gather(), "hound")
    s = _moon_won(s)
    regain = [a for a in GAME.legal_actions(s, "hero") if a.kind == "regain"]
    assert [a.args for a in regain] == [{"asset": "hound", "marks": 0}]
    assert "no Traits" in GAME.describe(regain[0])
    s = act(s, "hero", "regain", asset="hound", marks=0)
    hound = asset_of(s, "hound")
    assert not hound.subverted and hound.traits == ()
    assert not any(x.why == "strike" for x in s.scores)
    assert m.live_negative_ids(s) == set()


def test_an_asset_turned_by_its_third_negative_comes_back_with_two():
    s = at_hero_gather()
    d = GAME.data
    for _ in range(3):
        s, _ = m.add_trait(d, s, "hound", False, "shears")
    turned = asset_of(s, "hound")
    assert turned.subverted and turned.traits == () and len(turned.turned_marks) == 3
    s = s.model_copy(update={"renames": ()})
    s = _moon_won(s)
    s = act(s, "hero", "regain", asset="hound", marks=3)
    hound = asset_of(s, "hound")
    assert [t.name for t in hound.traits] == [t.name for t in turned.turned_marks[:2]]
    assert [x.points for x in s.scores if x.why == "strike"] == [2]


# -- (c) two bargains asking for the same Asset --------------------------------------------------
def _two_bargains_for_mercy():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="mercy")
    s = act(s, t1, "offer", dice=2, timing="immediate")
    s = act(s, t2, "cost", kind="add_negative", asset="mercy")
    s = act(s, t2, "offer", dice=3, timing="delayed")
    return s, t1, t2


def test_an_acceptance_that_could_no_longer_be_paid_is_refused_with_the_reason():
    s, t1, t2 = _two_bargains_for_mercy()
    s = act(s, "hero", "accept", tempter=t1, dice=2, timing="immediate",
            costs=[["subvert", "mercy"]])
    before = s
    args = {"tempter": t2, "dice": 3, "timing": "delayed", "costs": [["add_negative", "mercy"]]}
    assert "accept" not in {a.kind for a in GAME.legal_actions(s, "hero")}
    err = _refusal(s, "hero", "accept", **args)
    assert "Mercy" in err.message and "no longer be paid" in err.message
    assert s == before  # nothing changed
    s = act(s, "hero", "reject", **args)
    assert s.phase is not Phase.ANSWERS


def test_the_check_counts_the_bargain_paid_first_whatever_the_order_of_answers():
    s, t1, t2 = _two_bargains_for_mercy()
    s = act(s, "hero", "accept", tempter=t2, dice=3, timing="delayed",
            costs=[["add_negative", "mercy"]])
    err = _refusal(s, "hero", "accept", tempter=t1, dice=2, timing="immediate",
                   costs=[["subvert", "mercy"]])
    assert "Mercy" in err.message


# -- (d) the counter ----------------------------------------------------------------------------
def _one_bargain():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="mercy")
    s = act(s, t1, "offer", dice=1, timing="immediate")
    s = act(s, t2, "back")
    return s, t1


def test_a_counter_taken_becomes_the_bargain_accepted():
    s, t1 = _one_bargain()
    s = act(s, "hero", "counter", tempter=t1)
    assert s.phase is Phase.COUNTER and GAME.to_move(s) == ["hero"]
    s = act(s, "hero", "counter_cost", kind="add_negative", asset="courage")
    s = act(s, "hero", "propose", dice=2, text="A mark on my courage, not my mercy.")
    assert GAME.to_move(s) == [t1]
    assert {a.kind for a in GAME.legal_actions(s, t1)} == {"take", "refuse"}
    s = act(s, t1, "take")
    o = next(o for o in s.offers if o.tempter == t1)
    assert o.answer == "accepted" and o.dice == 2
    assert [(c.kind, c.asset) for c in o.costs] == [("add_negative", "courage")]
    assert s.phase is Phase.MORE_HERO  # step 7 paid it
    assert asset_of(s, "courage").negatives == 1 and not asset_of(s, "mercy").subverted
    assert totals(s, [t1])[t1] == 1
    assert GAME.view(s, "hero")["pools"]["hero"] == 3 + 2


def test_a_counter_refused_leaves_the_first_bargain_to_answer_once():
    s, t1 = _one_bargain()
    s = act(s, "hero", "counter", tempter=t1)
    s = act(s, "hero", "counter_cost", kind="add_negative", asset="courage")
    s = act(s, "hero", "propose", dice=3)
    s = act(s, t1, "refuse")
    assert s.phase is Phase.ANSWERS
    kinds = {a.kind for a in GAME.legal_actions(s, "hero")}
    assert kinds == {"accept", "reject"}  # one counter per bargain
    err = _refusal(s, "hero", "counter", tempter=t1)
    assert "countered once" in err.message
    o = next(o for o in s.offers if o.tempter == t1)
    assert o.dice == 1 and [(c.kind, c.asset) for c in o.costs] == [("subvert", "mercy")]


def test_a_counter_asks_only_the_three_costs_payable_beside_those_accepted():
    s, t1 = _one_bargain()
    s = act(s, "hero", "counter", tempter=t1)
    kinds = {a.args["kind"] for a in GAME.legal_actions(s, "hero") if a.kind == "counter_cost"}
    assert kinds <= {"subvert", "add_negative", "remove_positive"}
    # no positive Trait anywhere yet: none can be removed
    assert "remove_positive" not in kinds
    assert "propose" not in {a.kind for a in GAME.legal_actions(s, "hero")}  # a cost first
    with pytest.raises(RuleError):
        GAME.apply(s, Action(seat="hero", kind="counter_cost",
                             args={"kind": "remove_positive", "asset": "mercy"}))
