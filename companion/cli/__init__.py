"""The ``companion`` command: games, play, resume, autoplay, arena, journal, draft, doctor.

One module per job, top to bottom: ``parser`` (the argument parser and ``main``), then one module
per command group (``play``: play and resume; ``autoplay``: autoplay, batches and the arena;
``journal``; ``draft``; ``doctor``; ``games``), then ``options`` (the table flags and the game's
options), ``voices`` (the voice flags and the voice they choose) and ``common`` (the one-line
``UserError``, seats, seeds and journal paths).

Start-up stays light: games, the REPL and the language-model client are imported only by the
subcommands that need them. Every error a user can cause ends as one clear line and exit code 2,
never a traceback.
"""
from companion.cli.common import EXIT_USAGE, UserError, seat_phrase, seat_title
from companion.cli.options import with_quest
from companion.cli.parser import build_parser, main

_with_quest = with_quest  # the name tests/becoming reach for (what --quest FILE does)

__all__ = ["EXIT_USAGE", "UserError", "build_parser", "main", "seat_phrase", "seat_title",
           "with_quest"]
