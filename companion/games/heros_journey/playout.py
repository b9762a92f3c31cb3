"""Playing a table on: every seat choosing at its level, chance drawn by a seeded generator. The
hard rival's search plays its sampled tables forward with it; ``policy.play_game`` plays whole
games with it for the bench and the tests."""
from __future__ import annotations

import random
from collections.abc import Callable

from companion.core.game import CHANCE, Action

from . import heuristic
from .engine import HerosJourney
from .model import State

GAME = HerosJourney()


def play(state: State, levels: dict[str, str], rng: random.Random,
         stop: Callable[[State], bool] | None = None,
         sample: Callable[[object], Action] | None = None,
         watch: Callable[[State, list], None] | None = None,
         choose: Callable[..., Action] = heuristic.choose) -> State:
    """Play ``state`` on, each seat at its level ("random" picks any legal move), until the end or
    ``stop(state)``. Chance comes from ``sample`` (default: ``rng``); ``watch(state, events)``
    sees every move's events (the bench counts attempts with it). ``choose`` is the rivals'
    policy (the heuristic in playouts; ``policy.choose`` in whole games, hard level included)."""
    game = GAME
    while not state.over and not (stop and stop(state)):
        due = game.to_move(state)
        if due == [CHANCE]:
            ch = game.chance(state)
            if sample is not None:
                a = sample(ch)
            else:
                opts = list(ch.options)
                items = rng.sample(opts, ch.count) if ch.distinct else [
                    rng.choice(opts) for _ in range(ch.count)]
                a = ch.outcome(items)
        else:
            seat = due[0]
            legal = game.legal_actions(state, seat)
            lvl = levels[seat]
            a = rng.choice(legal) if lvl == "random" else choose(
                game.view(state, seat), seat, legal, rng, lvl)
        state, events = game.apply(state, a)
        if watch is not None:
            watch(state, events)
    return state
