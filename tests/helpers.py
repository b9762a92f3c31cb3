"""Helpers shared by the tests: random legal play, replay of action lists, view leaves."""
from __future__ import annotations

from companion.core.game import Action, Game
from companion.core.playout import random_playout


def random_playthrough(game: Game, seed: int, max_steps: int = 5000):
    """Random legal play of ``game`` with default options: (before, action, after, events)."""
    return random_playout(game, seed, max_steps=max_steps)


def play_actions(game: Game, actions: list[Action]):
    state = game.setup(game.options_model())
    for a in actions:
        state, _ = game.apply(state, a)
    return state


def string_leaves(obj):
    """Every string value in a JSON-like tree (keys are a view's own field names)."""
    if isinstance(obj, dict):
        for v in obj.values():
            yield from string_leaves(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from string_leaves(v)
    elif isinstance(obj, str):
        yield obj
