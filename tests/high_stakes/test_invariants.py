"""Thousands of random High Stakes scenes, checked step by step against the rules' invariants.

Hypothesis draws seeds and party sizes; each example is a whole random story (random legal
actions for both seats, sampled dice), so a few hundred examples are a few thousand scenes.
"""
from __future__ import annotations

import pytest

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.game import CHANCE
from companion.core.playout import random_playout
from companion.games.high_stakes import GAME, HighStakesOptions
from tests.helpers import string_leaves


def _biased(roll_bias: float):
    """Random play that keeps stories going (many scenes, not one) and rolls often."""
    def choose(game, s, due, rng):
        legal = game.legal_actions(s, due[0])
        going_on = [x for x in legal if x.kind != "end_story"]
        if going_on and rng.random() < 0.95:
            legal = going_on
        rolls = [x for x in legal if x.kind in ("roll", "act")]
        a = rng.choice(rolls) if rolls and rng.random() < roll_bias else rng.choice(legal)
        return a.with_text(rng.choice(["x", "I try", ""])) if a.ask is not None else a
    return choose


def random_story(seed: int, players: int, roll_bias: float):
    return random_playout(GAME, seed, HighStakesOptions(players=players), _biased(roll_bias),
                          max_steps=4000)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 3), roll_bias=st.sampled_from([0.3, 0.7]))
def test_random_scenes_keep_every_invariant(seed, players, roll_bias):
    used = Counter()  # (character, resource) -> dice spent since the last Rest
    per_session = Counter()
    rests = 0
    for before, action, after, events in random_story(seed, players, roll_bias):
        # pool = the sum of its sources, and every die rolled is accounted for
        r = after.roll
        if r is not None:
            for p in r.pools:
                assert p.size() == sum(x.dice for x in p.sources)
                if p.rolled and not r.overkill:
                    exploded = sum(1 for d in p.dice if d.state == "exploded")
                    pending_explosion = 1 if (after.phase == "explode" and r.pools[r.current] is p) else 0
                    assert len(p.dice) == p.size() + 2 * (exploded - pending_explosion)
        if action.seat == CHANCE and before.phase == "roll":
            assert len(action.args["items"]) == before.roll.pools[before.roll.current].size()
        for e in events:
            d = e.data
            if e.kind == "rest":
                rests += 1
                for k in list(used):
                    if used[k] < 99:  # burned Traits stay burned
                        del used[k]
            if e.kind == "dice":
                group = {"very": "trait", "lend": "trait", "revenge": "relationship"}.get(d["kind"], d["kind"])
                key = (d["owner"], group, d["ref"])
                if group in ("trait", "relationship") and d["kind"] != "revenge":
                    # (a revenge bond is no once-per-session die: it lasts until avenged)
                    assert used[key] < 99, f"{key}: a burned Trait was used"
                    used[key] += d["dice"]
                    cap = 2 if d["kind"] == "very" else 1
                    assert used[key] <= cap, f"{key} used twice between Rests"
                if group in ("unique", "secret", "heroic"):
                    per_session[key] += 1
                    assert per_session[key] == 1, f"{key} used twice in one session"
                if group == "heroic":  # a burned Trait is gone for the rest of the story
                    used[(d["owner"], "trait", d["ref"])] = 99
            if e.kind == "resolved" and not d["overkill"]:
                total = 0
                for p in d["pools"]:
                    total += sum(1 for f, s in zip(p["faces"], p["states"])
                                 if (s == "plain" and f >= 3) or s == "kept")
                    assert all(s != "pending" for s in p["states"])  # every 6 decided
                assert total == d["successes"]
                if any(p.get("part") is not None for p in d["pools"]):  # a shared scene
                    assert sum(p["part"] for p in d["pools"]) == d["difficulty"]
                    assert all(p["success"] == (p["successes"] >= p["part"]) for p in d["pools"])
                    assert d["success"] == all(p["success"] for p in d["pools"])
                else:
                    assert d["success"] == (total >= d["difficulty"])
        assert rests <= 1, "one Rest scene per session"
        for c in after.characters:
            assert all(v >= 0 for v in c.loss.values())
            if c.status == "active":
                assert all(c.current(a) >= 1 for a in ("body", "mind", "aura"))
        hidden = GAME.secrets(after, "player")
        assert not hidden & set(string_leaves(GAME.view(after, "player")))
        assert not hidden & set(string_leaves(GAME.view(after, None)))
