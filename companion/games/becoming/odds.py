"""The chance that the Hero's dice beat the Agent's, exactly (GAMES.md §5: most 6s, then 5s, and
so on; the Hero wins a total tie). Pure arithmetic, for the players who weigh their moves.

Once the counts of the higher faces are equal, the dice left on both sides are uniform over the
lower faces, so the chance folds face by face: with ``f`` faces left, ``i`` of the Hero's ``h``
dice and ``j`` of the Agent's ``a`` show the top one (each binomial with 1/f); more wins, fewer
loses, equal passes to ``f - 1`` faces with the rest.
"""
from __future__ import annotations

from functools import cache
from math import comb

MAX_DICE = 40  # pools are capped here for the arithmetic (no real pool comes near)


@cache
def _binom(n: int, f: int) -> tuple[float, ...]:
    p = 1.0 / f
    return tuple(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


@cache
def _win(h: int, a: int, f: int) -> float:
    if f == 1 or (h == 0 and a == 0):
        return 1.0 if h >= a else 0.0
    bh, ba = _binom(h, f), _binom(a, f)
    total = 0.0
    for i, pi in enumerate(bh):
        if pi < 1e-12:
            continue
        for j, pj in enumerate(ba):
            if i > j:
                total += pi * pj
            elif i == j:
                total += pi * pj * _win(h - i, a - j, f - 1)
    return total


def hero_wins(hero: int, agent: int) -> float:
    """P(the Hero wins the Threat) with ``hero`` dice against ``agent``."""
    return _win(max(0, min(hero, MAX_DICE)), max(0, min(agent, MAX_DICE)), 6)
