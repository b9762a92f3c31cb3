"""Hypothesis-driven random legal games of 2-4 Heroes: 72 tokens and 45 cards conserved at every
step, each Hero's Challenge card, Prophecy and face-down bid card absent from every other seat's
view, and replay identical. Games are short (a low round limit) to keep the suite fast."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.playout import random_playout
from companion.games.heros_journey import GAME, HjOptions
from companion.games.heros_journey.data import rules

from .table import card_places, total_tokens


def _leaves(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _leaves(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _leaves(v)
    elif isinstance(obj, str):
        yield obj


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_tokens_and_cards_conserved_and_secrets_kept(seed, players):
    opts = HjOptions(players=players, max_rounds=6)
    every = sorted(c.id for c in rules().cards)
    actions = []
    for _, action, after, _ in random_playout(GAME, seed, opts):
        actions.append(action)
        assert total_tokens(after) == 72
        assert all(n >= 0 for n in after.bank)
        assert all(n >= 0 for h in after.heroes for n in h.tokens)
        assert sorted(card_places(after)) == every
        for h in after.heroes:
            assert len(h.hand) <= 2
            for other in after.heroes:
                if other.seat == h.seat:
                    continue
                leaves = set(_leaves(GAME.view(after, other.seat)))
                assert not set(h.hand) & leaves
                if h.prophecy and h.prophecy != after.revealed and h.prophecy not in (
                        other.prophecy,):
                    assert h.prophecy not in leaves
    state = GAME.setup(opts)
    for a in actions:
        state, _ = GAME.apply(state, a)
    assert GAME.is_over(state) and state.scores
