"""The offline players of Becoming play to win on the text's points (policy.py, weigh.py): three
rival Fates, not a team, and a Hero who shoots the moon when it is her best chance."""
from __future__ import annotations

import random

from companion.core.playout import random_playout
from companion.games.becoming import GAME, policy
from companion.games.becoming import weigh as w
from companion.games.becoming.model import Phase, Score
from tests.becoming.states import act, at_hero_gather, set_traits, tempters, to_offers, turn


def _choose(s, seat):
    return policy.choose(GAME.view(s, seat), seat, GAME.legal_actions(s, seat), random.Random(0))


def _scores(s, **pts):
    return s.model_copy(update={"scores": tuple(
        Score(seat=seat, points=n, why="negative", scene=1) for seat, n in pts.items())})


def test_no_tempter_bargains_with_a_hero_shooting_the_moon():
    s = to_offers(at_hero_gather(), moon=True)
    for t in tempters(s):
        assert _choose(s, t).kind == "back"


def test_a_tempter_does_not_back_a_rival_fate_into_the_lead():
    """The Agent would pass this Tempter with the prize: it bargains instead of backing him (for
    what it wants: here the Measurer, who bargains only for positive Traits, faces two)."""
    s = at_hero_gather()
    for aid in ("mercy", "swordarm", "maren", "courage", "quick_wits", "hound", "honesty"):
        s = turn(s, aid)
    for aid in ("endurance", "brother"):
        s = set_traits(s, aid, positive=1)
    agent = GAME.agent(s)
    t1, t2 = tempters(s)
    s = _scores(s, **{agent: 20, t1: 22, t2: 2})
    s = to_offers(s)
    assert _choose(s, t1).kind == "cost"


def test_every_offered_bargain_is_one_a_hero_might_take():
    """No dominated bargain ('+1 die for: subvert The Village'): whenever backing was open, the
    bargain sealed was worth taking to a Hero (weigh.tempting) when it was made; except in the
    last act when backing would leave her no real chance (the director bargains instead)."""
    seen = 0
    for seed in range(6):
        for before, action, after, _ in random_playout(GAME, seed, choose=lambda g, st, due, r:
                                                       policy.choose(g.view(st, due[0]), due[0],
                                                                     g.legal_actions(st, due[0]),
                                                                     r)):
            if action.kind != "offer" or before.agent_moon:
                continue
            view = GAME.view(before, action.seat)
            if policy._act_is_closing(view, 3):
                continue  # the director's bargain: one die for the Agent where backing is three
            costs = [(c["kind"], c["asset"]) for c in view["my_offer"]["costs"]]
            p = view["pools"]
            gain = w.hero_gain(view, view["scene_info"]["agent"], costs, action.args["dice"],
                               action.seat, action.args["timing"], p["hero"],
                               p["agent"] + w.agent_bonus(view))
            assert w.tempting(gain), (seed, costs, action.args, gain)
            seen += 1
    assert seen > 10


def test_the_ai_hero_shoots_the_moon_when_it_is_her_best_chance():
    fresh = at_hero_gather()
    assert _choose(fresh, "hero").kind != "moon"  # nine Assets to call on: no
    s = fresh
    for aid in ("mercy", "swordarm", "maren", "courage", "quick_wits", "hound", "honesty"):
        s = turn(s, aid)
    for aid in ("endurance", "brother"):
        s = set_traits(s, aid, negative=2)  # too frail to risk
    agent = GAME.agent(s)
    s = _scores(s, **{agent: 30})
    assert _choose(s, "hero").kind == "moon"


def test_against_a_moon_shot_the_agent_leaves_the_hero_a_real_chance():
    s = at_hero_gather()
    for aid in ("mercy", "swordarm", "maren", "courage", "quick_wits", "hound"):
        s = turn(s, aid)
    s = act(s, "hero", "moon")
    agent = GAME.agent(s)
    while s.phase is Phase.AGENT_GATHER:
        s = act(s, agent, _choose(s, agent).kind, **_choose(s, agent).args)
    pool = GAME.view(s, None)["pools"]["agent"]
    assert pool < 2 + 6  # he could have claimed six turned Assets: he stopped short
    assert w.hero_wins(3, pool + 6) >= 1 - policy.MOON_CAP - 0.03


# -- issue 42: each Fate bargains for her own want; a last act that can turn ----------------------
def _ai(g, st, due, r):
    return policy.choose(g.view(st, due[0]), due[0], g.legal_actions(st, due[0]), r)


def test_two_fates_never_offer_the_same_price_in_one_scene():
    """Played (seed 11): Veyla and Cassot both asked "a negative Trait on Mercy; on Quick Wits;
    on Loyalty". Each Fate now asks only what she wants (fates.toml: asks, on), so the prices
    differ; and each asks only her own kinds of cost, on her own Assets."""
    from companion.games.becoming.data import rules, wanted
    both = 0
    for seed in range(8):
        for before, action, after, events in random_playout(GAME, seed, choose=_ai):
            for e in events:
                if e.kind != "offers_revealed":
                    continue
                prices = [sorted((c["kind"], c["asset"]) for c in o["costs"])
                          for o in e.data["offers"] if not o["back"]]
                for o in e.data["offers"]:
                    temper = rules().fate(o["tempter"]).temper.model_dump()
                    for c in o["costs"]:
                        assert wanted(temper, c["kind"], c["asset"] in before.invoked), (seed, o)
                if len(prices) == 2:
                    both += 1
                    assert prices[0] != prices[1], (seed, prices)
    assert both >= 5  # both Tempters bargained in some scenes: the check had something to check


def test_fate_cards_whose_wants_meet_are_refused_at_load():
    import pytest
    from companion.games.becoming.data import Rules, rules
    d = rules().model_dump()
    for f in d["fates"]:
        f["temper"]["asks"], f["temper"]["on"] = ["add_negative"], "any"
    with pytest.raises(ValueError, match="wants of .* meet"):
        Rules.model_validate(d)


def _late(scene: int):
    """Scene ``scene`` at step 3, the Hero with every Asset but two worn to two negative
    Traits (twelve dice for any Agent who claims them all)."""
    from tests.becoming.states import created
    s = created().model_copy(update={"scene": scene})
    s = at_hero_gather(s)
    for aid in ("mercy", "swordarm", "maren", "courage", "quick_wits", "hound", "honesty"):
        s = set_traits(s, aid, negative=2)
    return s


def _agent_gathers(s):
    agent = GAME.agent(s)
    while s.phase is Phase.AGENT_GATHER:
        a = _choose(s, agent)
        s = act(s, agent, a.kind, **a.args)
    return s


def test_in_the_last_act_the_agent_leaves_the_hero_a_real_chance():
    """Played (issue 42): scene 8 stood at 3 dice against 17 before any bargain. From scene 6
    the Agent stops claiming the Hero's Traits once more would leave her, with every Asset she
    can safely risk, less than BAND_LOW; in scene 2 he claims them all."""
    early = _agent_gathers(to_offers_gathered(_late(2)))
    assert GAME.view(early, None)["pools"]["agent"] >= 2 + 14
    s = _agent_gathers(to_offers_gathered(_late(7)))
    view = GAME.view(s, "hero")
    assert w.hero_wins(policy.hero_best(view), view["pools"]["agent"]) >= policy.BAND_LOW
    assert view["pools"]["agent"] > GAME.quest(s).scenes[6].threat_dice  # he still took some


def test_in_the_last_act_a_tempter_does_not_back_the_agent_past_the_band():
    """Backing (+3 dice) would close the act: a Tempter with anything it wants to ask bargains
    instead (a refusal is one die to the Agent); of two, only the first may back."""
    s = _late(7)
    for aid in ("endurance", "brother"):
        s = set_traits(s, aid, positive=1)  # something for the Measurer's ledger
    s = _agent_gathers(to_offers_gathered(s))
    view = GAME.view(s, "hero")
    assert policy._act_is_closing(view, 3)  # 7 dice against 13: one backing closes it
    assert [_choose(s, t).kind for t in tempters(s)] == ["cost", "cost"]


def to_offers_gathered(s):
    for aid in ("endurance", "brother"):
        s = act(s, "hero", "invoke", asset=aid)
    return act(s, "hero", "gathered")


def test_against_an_agents_moon_two_tempters_with_no_price_they_want_ask_different_ones():
    """Played (seed 23, scene 9): the Shears shot the moon at a Hero with one Asset left
    (Courage, no positive Trait); neither the Spinner nor the Measurer had a price they want,
    may not back a moon-shooting Agent, and both asked "subvert Courage"."""
    import random

    from tests.becoming.states import at_hero_gather, created, to_offers, turn
    s = created()
    s = s.model_copy(update={"scene": 9})
    for aid in [a.id for a in s.assets if a.id != "courage"]:
        s = turn(s, aid, by="spinner")
    s = at_hero_gather(s)
    agent = GAME.agent(s)
    s = to_offers(s, invoke=("courage",), agent_moon=True)
    rng = random.Random(0)
    revealed = None
    while revealed is None:
        seat = GAME.to_move(s)[0]
        assert seat != "hero"
        action = policy.choose(GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng)
        s, events = GAME.apply(s, action)
        revealed = next((e for e in events if e.kind == "offers_revealed"), None)
    prices = [sorted((c["kind"], c["asset"]) for c in o["costs"]) for o in revealed.data["offers"]]
    assert agent not in [o["tempter"] for o in revealed.data["offers"]]
    assert len(prices) == 2 and all(prices) and prices[0] != prices[1], prices
