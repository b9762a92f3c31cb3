"""``games``: the games there are, one line each."""
from __future__ import annotations

from companion.cli.common import seat_phrase


def cmd_games(args) -> int:
    from companion.core.registry import all_games

    for game in all_games().values():
        seats = "/".join(game.seats)
        print(f"{game.name:<16} {game.title}: {game.blurb} (seats: {seats}; "
              f"you play {seat_phrase(game.default_human)} by default)")
    return 0
