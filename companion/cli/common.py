"""What every command shares: the one-line user error, the game by name, seeds, seats and
journal paths."""
from __future__ import annotations

import datetime as _dt
import os
import re
import secrets
from pathlib import Path

EXIT_USAGE = 2


class UserError(Exception):
    """A problem with what the user asked for; printed as one line."""


def game_named(name: str):
    from companion.core.registry import UnknownGame, get_game

    try:
        return get_game(name)
    except UnknownGame as err:
        raise UserError(str(err)) from None


def new_seed(value: int | None) -> int:
    return value if value is not None else secrets.randbelow(100_000)


def journals_folder() -> Path:
    return Path(os.environ.get("COMPANION_JOURNALS", "transcripts"))


def journal_path(given: str | None, game, seed: int, prefix: str = "") -> Path:
    if given:
        return Path(given)
    folder = journals_folder()
    stem = f"{prefix}{_dt.date.today().isoformat()}-{game.name}-{seed}"
    path = folder / f"{stem}.jsonl"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}.jsonl"
        k += 1
    return path


def seat_title(seat: str) -> str:
    """How a seat is written for people: "GM", "Protagonist", "Hero 2"."""
    numbered = re.fullmatch(r"([a-z]+)(\d+)", seat)
    if numbered:
        return f"{numbered[1].capitalize()} {numbered[2]}"
    return seat.upper() if len(seat) <= 2 else seat.capitalize()


def seat_phrase(seat: str) -> str:
    """A seat in a sentence: "the Protagonist", "the GM", "Hero 2"."""
    title = seat_title(seat)
    return title if title[-1].isdigit() else f"the {title}"


def split_list(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


# What a player types at "lines>" to say there are none: no topic ("none" kept out of a story
# told every "none" in it around: a Warrior's spells were "thing").
NO_TOPIC = frozenset({"none", "nothing", "no", "nope", "n/a", "na", "-", "no lines", "no veils",
                      "skip", "nil"})


def topic_list(text: str | None) -> list[str]:
    """The topics of a comma-separated answer, less an answer that says there are none."""
    return [x for x in split_list(text) if x.lower().strip(" .!") not in NO_TOPIC]


def package_version() -> str:
    import importlib.metadata
    try:
        return importlib.metadata.version("companion")
    except importlib.metadata.PackageNotFoundError:
        return "dev (not installed)"
