"""The argument parser and ``main``: every subcommand's flags, and every user error as one line
with exit code 2."""
from __future__ import annotations

import argparse
import sys

from companion.cli.autoplay import cmd_arena, cmd_autoplay
from companion.cli.common import EXIT_USAGE, UserError, package_version
from companion.cli.doctor import cmd_doctor
from companion.cli.draft import cmd_draft, draft_usage_error
from companion.cli.games import cmd_games
from companion.cli.journal import cmd_journal
from companion.cli.options import add_safety_flags, add_table_flags
from companion.cli.play import cmd_play, cmd_resume
from companion.cli.voices import add_voice_flags
from companion.journal.store import JournalError
from companion.llm.config import ConfigError


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="Play tabletop story games solo "
                                "against an AI opponent.")
    p.add_argument("--version", action="version", version=f"companion {package_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("games", help="list the games")
    s.set_defaults(func=cmd_games)

    s = sub.add_parser("play", help="start a game")
    s.add_argument("game", help="which game (see `companion games`)")
    s.add_argument("--seat", help="the seat you play (default: the game's usual one)")
    s.add_argument("--seed", type=int, help="seed for every shuffle and roll (default: random)")
    s.add_argument("--journal", help="journal file (default: transcripts/DATE-GAME-SEED.jsonl)")
    s.add_argument("--no-journal", action="store_true", help="keep no journal (no resume)")
    s.add_argument("--script", metavar="FILE", help="read commands from FILE (- for stdin)")
    s.add_argument("--physical", action="store_true",
                   help="use your real deck: type the cards you draw")
    add_safety_flags(s)
    s.add_argument("--character", metavar="FILE",
                   help="campaign character file (High Stakes): played if it exists, and saved "
                        "there at the end of the story")
    add_table_flags(s)
    add_voice_flags(s)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("resume", help="continue a journaled session")
    s.add_argument("journal")
    s.add_argument("--script", metavar="FILE", help="read commands from FILE (- for stdin)")
    add_voice_flags(s)
    s.set_defaults(func=cmd_resume)

    s = sub.add_parser("autoplay", help="the AI plays every seat; writes a journal")
    s.add_argument("game")
    s.add_argument("--seed", type=int)
    s.add_argument("--journal")
    s.add_argument("--force", action="store_true", help="overwrite an existing journal")
    s.add_argument("--quiet", action="store_true", help="print only the outcome")
    s.add_argument("--character", metavar="FILE", help="campaign character file to play with")
    s.add_argument("--count", type=int, metavar="N",
                   help="a batch: N journals, seeds S..S+N-1 (S from --seed, default 1)")
    s.add_argument("--jobs", type=int, metavar="J", help="a batch: J sessions at once (default 1)")
    s.add_argument("--out", metavar="DIR", help="a batch's folder (journals and manifest; "
                   "re-running it finishes what is missing)")
    add_safety_flags(s)
    add_table_flags(s)
    add_voice_flags(s)
    s.set_defaults(func=cmd_autoplay)

    s = sub.add_parser("arena", help="rate a model as an opponent: one seat, paired seeds, "
                       "against a baseline")
    s.add_argument("game")
    s.add_argument("--seat", help="the seat the contenders play (default: the AI's usual seat)")
    s.add_argument("--model", required=True,
                   help="the contender: a model name, or offline / random (a baseline)")
    s.add_argument("--vs", default="offline",
                   help="the baseline: offline (default), random, or another model name")
    s.add_argument("--games", type=int, default=10, help="seeded games per side (default 10)")
    s.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    s.add_argument("--seed", type=int, help="first seed (default 1); seeds are paired")
    s.add_argument("--out", metavar="DIR", help="report and journals (default: "
                   "transcripts/arena-GAME-SEAT-MODEL-vs-BASELINE)")
    s.add_argument("--measure", help="which outcome score to report (default: the seat's own)")
    s.add_argument("--base-url", help="OpenAI-compatible server URL (or OPENAI_BASE_URL)")
    s.add_argument("--api-key", help="API key (better: OPENAI_API_KEY)")
    s.add_argument("--timeout", type=float, help="seconds a model may take for one move")
    s.add_argument("--quiet", action="store_true", help="no progress display")
    add_table_flags(s)
    s.set_defaults(func=cmd_arena)

    s = sub.add_parser("journal", help="render a journal as a story")
    s.add_argument("journal")
    s.add_argument("--format", choices=["md", "html", "jsonl"], default="md")
    s.add_argument("--seat", help="render only what this seat saw")
    s.add_argument("--reveal", action="store_true",
                   help="show hidden cards of an unfinished game too (spoilers)")
    s.add_argument("--out", help="write to this file instead of the screen")
    s.set_defaults(func=cmd_journal)

    s = sub.add_parser("draft", help="GM drafting aid, e.g. draft high-stakes scene \"...\"")
    s.add_argument("game")
    s.add_argument("what", help="what to draft (scene, ...)")
    s.add_argument("situation", nargs="+", help="the situation, in a few words")
    s.add_argument("--json", action="store_true")
    s.add_argument("--journal", help="a session journal to draw state from")
    s.add_argument("--seed", type=int)
    s.add_argument("--level", type=int, help="the level of what is drafted (dragon-warrior)")
    add_safety_flags(s)
    add_voice_flags(s)
    s.error = draft_usage_error
    s.set_defaults(func=cmd_draft)

    s = sub.add_parser("doctor", help="check the model configuration and connection")
    s.add_argument("--model")
    s.add_argument("--base-url")
    s.add_argument("--api-key")
    s.add_argument("--calibrate", type=int, nargs="?", const=24, default=0, metavar="N",
                   help="measure each voice mode on N decisions (default 24) and choose the richest the "
                        "model can be trusted with")
    s.set_defaults(func=cmd_doctor)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except UserError as err:
        print(f"companion: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ncompanion: interrupted (the journal is saved)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except ConfigError as err:  # the config file (or a variable) holds what cannot be read
        print(f"companion: {err}", file=sys.stderr)
        return EXIT_USAGE
    except JournalError as err:  # a journal refused where a command did not expect it
        print(f"companion: {err}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as err:  # a path the system refused (a folder, no permission...): one line
        where = f"{err.filename}: " if getattr(err, "filename", None) else ""
        print(f"companion: {where}{err.strerror or err}", file=sys.stderr)
        return EXIT_USAGE
