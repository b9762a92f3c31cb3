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
    """The Agent would pass this Tempter with the prize: it bargains instead of backing him."""
    s = at_hero_gather()
    for aid in ("mercy", "swordarm", "maren", "courage", "quick_wits", "hound", "honesty"):
        s = turn(s, aid)
    agent = GAME.agent(s)
    t1, t2 = tempters(s)
    s = _scores(s, **{agent: 20, t1: 22, t2: 2})
    s = to_offers(s)
    assert _choose(s, t1).kind == "cost"


def test_every_offered_bargain_is_one_a_hero_might_take():
    """No dominated bargain ('+1 die for: subvert The Village'): whenever backing was open, the
    bargain sealed was worth taking to a Hero (weigh.tempting) when it was made."""
    seen = 0
    for seed in range(6):
        for before, action, after, _ in random_playout(GAME, seed, choose=lambda g, st, due, r:
                                                       policy.choose(g.view(st, due[0]), due[0],
                                                                     g.legal_actions(st, due[0]),
                                                                     r)):
            if action.kind != "offer" or before.agent_moon:
                continue
            view = GAME.view(before, action.seat)
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
