"""``journal``: a journal rendered as a story (Markdown, HTML or its JSONL)."""
from __future__ import annotations

import sys
from pathlib import Path

from companion.cli.common import UserError


def cmd_journal(args) -> int:
    from companion.journal import render
    from companion.journal.store import JournalError, read

    path = Path(args.journal)
    try:
        header, rows, _, warning = read(path)
        if warning:
            print(f"! {warning}", file=sys.stderr)
        viewer = args.seat
        if viewer is None and not args.reveal:
            viewer = spoiler_free_viewer(header, rows)
        if args.format == "jsonl":
            text = render.render_jsonl(path)
        elif args.format == "html":
            text = render.render_html(path, viewer, reveal=args.reveal)
        else:
            text = render.render_markdown(path, viewer, reveal=args.reveal)
    except JournalError as err:
        raise UserError(str(err)) from None
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def spoiler_free_viewer(header: dict, rows: list[dict]) -> str | None:
    """An unfinished game renders as its human saw it; a finished one shows everything."""
    from companion.core.game import Action, RuleError
    from companion.core.registry import get_game
    from companion.session import game_options
    from companion.journal.render import stale
    from companion.journal.store import JournalError, timeline

    humans = [s for s, h in header["seats"].items() if h == "human"]
    game = get_game(header["game"])
    state = game.setup(game_options(game, header))
    for n, row in enumerate(timeline(header, rows).actions, 1):
        try:
            state, _ = game.apply(state, Action.model_validate(row["action"]))
        except RuleError as err:
            raise JournalError(stale(header, n, err)) from None
    if game.is_over(state):
        return None
    return humans[0] if humans else None
