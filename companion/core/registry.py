"""Finds the games: every package under ``companion.games`` that exports ``GAME``.

Discovery keeps the kernel free of game names, so adding a game touches only its own package.
Imports are lazy: ``companion --help`` loads no game. The games package is imported by name, as a
plugin folder: the kernel depends on no game, and the import contracts in pyproject.toml say so.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from companion.core.game import Game

GAMES = "companion.games"  # the folder every game package lives in


class UnknownGame(KeyError):
    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(name)
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return f"no game called {self.name!r}; the games are: {', '.join(self.known)}"


def _packages() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(importlib.import_module(GAMES).__path__) if m.ispkg)


@cache
def all_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for pkg in _packages():
        module = importlib.import_module(f"{GAMES}.{pkg}")
        game = getattr(module, "GAME", None)
        if game is not None:
            games[game.name] = game
    return dict(sorted(games.items()))


def get_game(name: str) -> Game:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    game = _named_package(key)
    if game is not None:
        return game
    games = all_games()
    if key not in games:
        raise UnknownGame(name, list(games))
    return games[key]


def _named_package(key: str) -> Game | None:
    """The game called ``key`` from the package of that name ("heros-journey" in
    ``heros_journey``), importing no other game: a process that plays one game does not load all
    five (a fifth of a second at every start). None when no package of that name has that game
    (every game is then looked for)."""
    pkg = key.replace("-", "_")
    if not pkg.isidentifier() or pkg not in _packages():
        return None
    game = getattr(importlib.import_module(f"{GAMES}.{pkg}"), "GAME", None)
    return game if game is not None and game.name == key else None


def game_module(game: Game, part: str):
    """The game's sibling module ``part`` (policy, narrate, commands, render...), or None."""
    pkg = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{pkg}.{part}")
    except ModuleNotFoundError as err:
        if err.name == f"{pkg}.{part}":
            return None
        raise
