"""Helpers shared by the tests: drive any game with random legal moves, replay action lists."""
from __future__ import annotations

import random

from companion.core.game import CHANCE, Action, Game
from companion.core.rng import Sampler


def random_playthrough(game: Game, seed: int, max_steps: int = 5000):
    """Play random legal actions for the awaited seats and sampled chance until the end.

    Yields (state_before, action, state_after, events) for every step."""
    rng = random.Random(seed)
    sampler = Sampler(seed)
    state = game.setup(game.options_model())
    chance_i = 0
    for _ in range(max_steps):
        if game.is_over(state):
            return
        due = game.to_move(state)
        if due == [CHANCE]:
            action = sampler.sample(game.chance(state), chance_i)
            chance_i += 1
        else:
            seat = rng.choice(due)
            legal = game.legal_actions(state, seat)
            action = rng.choice(legal)
            if action.ask is not None:
                action = action.with_text(rng.choice(["Ash", "a quiet answer", "No."]))
        after, events = game.apply(state, action)
        yield state, action, after, events
        state = after
    raise AssertionError(f"{game.name}: no end after {max_steps} random steps (seed {seed})")


def play_actions(game: Game, actions: list[Action]):
    state = game.setup(game.options_model())
    for a in actions:
        state, _ = game.apply(state, a)
    return state
