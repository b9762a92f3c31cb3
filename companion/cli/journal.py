"""``journal``: a journal rendered as a story (Markdown, HTML or its JSONL)."""
from __future__ import annotations

import sys
from pathlib import Path

from companion.cli.common import UserError
from companion.core.clean import clean


def cmd_journal(args) -> int:
    from companion.journal import render
    from companion.journal.store import JournalError, read

    path = Path(args.journal)
    out = Path(args.out) if args.out else None
    if out is not None:
        check_out(out, path)
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
    if out is not None:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as err:
            raise UserError(f"cannot write {out}: {err.strerror}") from None
    else:  # a terminal shows no escape sequence a shared journal might carry
        sys.stdout.write(clean(text) if sys.stdout.isatty() else text)
    return 0


def check_out(out: Path, journal: Path) -> None:
    """``--out`` writes a story: never over the journal itself, nor over any journal, nor into
    a folder's name."""
    from companion.journal.store import is_journal

    if out.is_dir():
        raise UserError(f"--out {out} is a folder: name the file to write (e.g. {out}/story.md)")
    same = out.resolve() == journal.resolve() or (
        out.exists() and journal.exists() and out.samefile(journal))
    if same:
        raise UserError(f"--out {out} is the journal itself: name another file (e.g. "
                        f"{journal.with_suffix('.md')})")
    if is_journal(out):
        raise UserError(f"--out {out} is a companion journal: --out never writes over a journal")


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
