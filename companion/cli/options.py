"""The table flags (``--players``, ``--level``, ``--until``, ``--quest``, ``--character``) and
the game options they make; the campaign character saved at a story's end."""
from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.common import UserError, topic_list


def add_table_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, metavar="N",
                   help="players at the table (The Hero's Journey: 2-4 Heroes, default 3)")
    p.add_argument("--party", type=int, metavar="N", dest="players",
                   help="High Stakes: characters in your party (the same as --players)")
    p.add_argument("--level", choices=["easy", "normal", "hard"],
                   help="how well the AI plays (The Hero's Journey's rivals; default normal)")
    p.add_argument("--until", metavar="WHEN",
                   help="Dragon & Warrior: play on until 'quest', 'dungeon' or 'level N'")
    p.add_argument("--no-swaps", action="store_true",
                   help="Dragon & Warrior: three Dragon Tokens never trade the Warrior's seat")
    p.add_argument("--quest", metavar="FILE",
                   help="a Quest file to play (Becoming; draft one with `companion draft "
                        "becoming quest ...`)")


def add_safety_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lines", help="topics kept out of the story, comma-separated (added to "
                   "the config file's [safety] lines)")
    p.add_argument("--veils", help="topics kept off-screen, told as a fade-out, comma-separated "
                   "(added to the config file's [safety] veils)")


def table_safety(args) -> tuple[list[str], list[str]]:
    """The lines and veils of a session: the config file's standing ones, then the flags'
    (a standing line is never dropped by a flag)."""
    from companion.core.clean import clean
    from companion.llm.config import read_safety

    lines, veils = read_safety()
    for given, into in ((getattr(args, "lines", None), lines),
                        (getattr(args, "veils", None), veils)):
        for topic in topic_list(clean(given or "")):
            if topic.lower() not in {x.lower() for x in into}:
                into.append(topic)
    return lines, veils


def table(game, options) -> tuple[str, ...]:
    """The seats in play: all the game's seats, or as many as its options seat."""
    seats_for = getattr(game, "seats_for", None)
    return tuple(seats_for(options)) if seats_for else game.seats


def table_options(game, character: str | None, players: int | None = None,
                  level: str | None = None, until: str | None = None, no_swaps: bool = False):
    """The game's options: ``--players`` and ``--level`` where the game has them; with
    ``--character FILE``, the campaign character(s) it holds."""
    if players is None:
        players = getattr(game, "cli_players", None)
    extra = {k: v for k, v in (("players", players), ("level", level), ("until", until),
                               ("swaps", False if no_swaps else None)) if v is not None}
    if no_swaps and "swaps" not in game.options_model.model_fields:
        raise UserError(f"{game.title} has no --no-swaps (no seat changes hands)")
    if until is not None and "until" not in game.options_model.model_fields:
        raise UserError(f"{game.title} has no --until (its sessions end one way)")
    if level is not None and "level" not in game.options_model.model_fields:
        raise UserError(f"{game.title} has no --level (its AI plays one way)")
    if character is None:
        try:
            return game.options_model(**extra)
        except ValueError as err:  # pydantic's ValidationError: name the option, in one line
            first = err.errors()[0] if hasattr(err, "errors") else {"loc": ("",), "msg": str(err)}
            raise UserError(f"{game.title}: --{first['loc'][0]} {first.get('input', '')}: "
                            f"{first['msg'].lower()}") from None
    from companion.core.registry import game_module

    campaign = game_module(game, "campaign")
    if campaign is None:
        raise UserError(f"{game.title} keeps no characters between stories (no --character)")
    if not Path(character).exists():  # a new campaign: the character is saved there at the end
        return game.options_model()
    try:
        chars = campaign.load_character(character)
    except ValueError as err:
        raise UserError(str(err)) from None
    return game.options_model(characters=tuple(chars))


def with_quest(game, options, quest: str | None):
    """``--quest FILE``: the Quest rides in the options (so in the journal's header) whole."""
    if quest is None:
        return options
    if "quest_data" not in game.options_model.model_fields:
        raise UserError(f"{game.title} plays no Quest files (no --quest)")
    from companion.core.registry import game_module

    try:
        data = game_module(game, "data").load_quest_file(quest)
    except ValueError as err:
        raise UserError(str(err)) from None
    return options.model_copy(update={"quest_data": data})


def save_character(session, out) -> None:
    """At the end of a story, the campaign character goes back to its file."""
    path = session.character_file
    if not path or not session.is_over():
        return
    from companion.core.registry import game_module

    campaign = game_module(session.game, "campaign")
    try:
        campaign.save_character(session.state, path)
        out("info", f"The character lives on: saved to {path} (next story: --character {path})")
    except ValueError as err:
        out("notice", f"The character was not saved: {err}")
