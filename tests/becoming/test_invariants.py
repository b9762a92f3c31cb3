"""Hypothesis drives whole random games of Becoming (uniform legal play and the offline players)
and checks what must always hold."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.playout import random_playout
from companion.games.becoming import GAME, policy
from companion.games.becoming.mechanics import asset_of, totals
from companion.games.becoming.model import MAX_TRAITS, SEATS, Phase


def _policy_choice(game, state, due, rng):
    seat = due[0]
    return policy.choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng)


def _points_from_events(events) -> Counter:
    """Every point, recomputed from what the events say happened."""
    pts: Counter = Counter()
    for e in events:
        d = e.data
        if e.kind == "trait_added":
            pts[d["by"]] += 3 if d["positive"] else 1
        elif e.kind == "trait_removed":
            pts[d["by"]] += 2
        elif e.kind == "asset_subverted":
            pts[d["by"]] += 4
        elif e.kind == "asset_regained" and d["struck"]:  # only a mark crossed out scores
            pts["hero"] += 2
        elif e.kind == "moon_won":
            pts["hero"] += 5
        elif e.kind == "quest_ended":
            pts["hero"] += 4 * d["assets_left"]
    return pts


def _check_game(steps) -> None:
    events = []
    for before, action, after, evs in steps:
        events += evs
        for a in after.assets:
            assert len(a.traits) <= MAX_TRAITS, f"{a.id} holds {len(a.traits)} Traits"
            assert a.subverted or a.negatives < 3, f"{a.id} has three negatives, not subverted"
            assert not (a.subverted and a.traits), f"subverted {a.id} still has Traits"
        if action.kind == "invoke":
            assert not asset_of(before, action.args["asset"]).subverted
        if after.phase is Phase.OFFERS:  # a draft shows only in its maker's view
            for o in after.offers:
                for seat in SEATS:
                    v = GAME.view(after, seat)
                    assert v["offers"] == []
                    if seat != o.tempter:
                        assert v.get("my_offer", {}).get("tempter") in (None, seat)
    final = steps[-1][2]
    assert GAME.is_over(final)
    got = totals(final, SEATS)
    want = _points_from_events(events)
    assert all(got[s] == want[s] for s in SEATS), (got, want)
    assert sum(x.points for x in final.scores) == sum(want.values())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(seed):
    _check_game(list(random_playout(GAME, seed)))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_offline_players_keep_the_invariants_and_finish(seed):
    steps = list(random_playout(GAME, seed, choose=_policy_choice))
    _check_game(steps)
    final = steps[-1][2]
    assert final.scene == 9 or final.ended_early
