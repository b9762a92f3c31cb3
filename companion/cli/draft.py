"""``draft``: the GM's drafting aid (a scene, a quest, a level), from a few words and, with
``--journal``, a session's state."""
from __future__ import annotations

import sys

from companion.cli.common import EXIT_USAGE, UserError, game_named


def journal_state(game, path: str):
    """The game state at the end of a journal (its actions replayed with its options)."""
    from companion.core.game import Action
    from companion.journal.store import JournalError, read, timeline
    from companion.session import game_options

    try:
        header, rows, _, _ = read(path)
    except (OSError, JournalError) as err:
        raise UserError(f"cannot read the journal {path}: {err}") from None
    if header.get("game") != game.name:
        raise UserError(f"{path} is a journal of {header.get('game')!r}, not of {game.name}")
    state = game.setup(game_options(game, header))
    for row in timeline(header, rows).actions:
        state, _ = game.apply(state, Action.model_validate(row["action"]))
    return state


def draft_usage_error(message: str):
    """Bad ``draft`` arguments as one line (argparse would print its usage block first)."""
    print(f"companion draft: {message} (e.g. companion draft GAME WHAT \"a few words\" "
          f"[--level N])", file=sys.stderr)
    sys.exit(EXIT_USAGE)


def cmd_draft(args) -> int:
    from companion.core.registry import game_module
    from companion.llm.draft import run_draft  # --level checked, a model writes when one is set

    game = game_named(args.game)
    drafting = game_module(game, "draft")
    if drafting is None:
        raise UserError(f"{game.title} has no drafting aid yet")
    state = journal_state(game, args.journal) if args.journal else None
    try:
        text = run_draft(drafting, game, args, state=state)
    except ValueError as err:
        raise UserError(str(err)) from None
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
