"""Random legal play of any game: the driver behind the conformance tests, the invariant tests
and the engine benchmarks. Chance comes from the seeded sampler, choices from a seeded generator,
so a (game, seed) pair always plays the same game.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from companion.core.game import CHANCE, Action, Event, Game
from companion.core.rng import Sampler

Step = tuple[Any, Action, Any, list[Event]]  # state before, action, state after, events
Chooser = Callable[[Game, Any, list[str], random.Random], Action]


def uniform_choice(game: Game, state: Any, due: list[str], rng: random.Random) -> Action:
    """Any awaited seat, any of its legal actions, short text where text is asked for."""
    action = rng.choice(game.legal_actions(state, rng.choice(due)))
    if action.ask is not None:
        action = action.with_text(rng.choice(["Ash", "a quiet answer", "No."]))
    return action


def random_playout(game: Game, seed: int, options: Any = None,
                   choose: Chooser = uniform_choice, max_steps: int = 5000) -> Iterator[Step]:
    """Play until the game ends, yielding every step; AssertionError if it does not end."""
    rng = random.Random(seed)
    sampler = Sampler(seed)
    state = game.setup(options if options is not None else game.options_model())
    chance_i = 0
    for _ in range(max_steps):
        if game.is_over(state):
            return
        due = game.to_move(state)
        if due == [CHANCE]:
            action = sampler.sample(game.chance(state), chance_i)
            chance_i += 1
        else:
            action = choose(game, state, due, rng)
        after, events = game.apply(state, action)
        yield state, action, after, events
        state = after
    raise AssertionError(f"{game.name}: no end after {max_steps} random steps (seed {seed})")
