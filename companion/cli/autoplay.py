"""``autoplay`` (one journal, or a batch with ``--count/--jobs/--out``) and ``arena``: the AI
plays every seat."""
from __future__ import annotations

from pathlib import Path

from companion.cli.common import (UserError, game_named, journal_path, journals_folder,
                                  new_seed)
from companion.cli.options import (save_character, table, table_options, table_safety,
                                   with_quest)
from companion.cli.voices import make_voice
from companion.repl.hints import program


def cmd_autoplay(args) -> int:
    from companion.session import AI, Session
    from companion.session.bound import play_out
    from companion.repl.screen import PlainScreen

    game = game_named(args.game)
    if args.count is not None or args.jobs is not None or args.out is not None:
        return autoplay_batch(args, game)
    seed = new_seed(args.seed)
    path = journal_path(args.journal, game, seed, prefix="autoplay-")
    voice = make_voice(args, game, seed)
    screen = PlainScreen() if not args.quiet else (lambda kind, text: None)
    from companion.journal.store import JournalError, JournalExists, claim

    try:
        if args.force and path.is_file() and path.stat().st_size:
            claim(path)  # only a journal, and only one no other process holds
        options = with_quest(game, table_options(game, args.character, args.players, args.level,
                                                 args.until),
                             args.quest)
        lines, veils = table_safety(args)
        session = Session.start(game, seed, {s: AI for s in table(game, options)}, voice, path,
                                emit=screen, options=options, character_file=args.character,
                                lines=lines, veils=veils)
    except JournalExists as err:
        raise UserError(f"{err} (or pass --force to overwrite)") from None
    except JournalError as err:
        raise UserError(str(err)) from None
    try:
        stopped = play_out(session)
        save_character(session, lambda kind, text: print(text))
    finally:
        session.close()
    outcome = game.outcome(session.state)
    if stopped and args.quiet:  # the screen showed it already otherwise
        print(stopped)
    print(f"{outcome.summary}\nJournal: {path}   (read it: {program()} journal {path} --format md)")
    if session.sequel() is not None:
        print(f"The next session: {program()} resume {path}")
    return 0


def autoplay_batch(args, game) -> int:
    """``autoplay --count N --jobs J --out DIR``: many journals at once (companion.batch)."""
    from companion.batch.commands import autoplay_batch as run_batch
    from companion.batch.manifest import BatchError

    if args.journal or args.character:
        raise UserError("a batch names its own journals and plays no campaign character: "
                        "drop --journal/--character (or --count/--jobs/--out)")
    out = Path(args.out) if args.out else journals_folder() / f"batch-{game.name}"
    options = table_options(game, None, args.players, args.level, args.until)
    lines, veils = table_safety(args)
    try:
        return run_batch(game, lambda g, s: make_voice(args, g, s), options, out,
                         first=args.seed if args.seed is not None else 1,
                         count=args.count or 1, jobs=args.jobs or 1, quiet=args.quiet,
                         lines=lines, veils=veils)
    except BatchError as err:
        raise UserError(str(err)) from None


def cmd_arena(args) -> int:
    """A model (or a baseline) in one seat, against a baseline in the same seat, paired seeds."""
    from companion.batch.arena import Arena, contender
    from companion.batch.manifest import BatchError
    from companion.batch.progress import progress
    from companion.batch.report import markdown

    game = game_named(args.game)
    seat = args.seat or next(s for s in game.seats if s != game.default_human)
    options = table_options(game, None, args.players, args.level)
    if seat not in table(game, options):
        raise UserError(f"{game.title} has no seat {seat!r} at this table; choose one of: "
                        f"{', '.join(table(game, options))}")
    if args.games < 1 or args.jobs < 1:
        raise UserError("--games and --jobs must be at least 1")
    if args.model == args.vs:
        raise UserError(f"--model and --vs are both {args.model}: an arena needs two contenders")
    out = Path(args.out) if args.out else journals_folder() \
        / f"arena-{game.name}-{seat}-{args.model}-vs-{args.vs}".replace("/", "_")
    first = args.seed if args.seed is not None else 1
    flags = dict(base_url=args.base_url, api_key=args.api_key, timeout=args.timeout)
    try:
        arena = Arena(game, seat, contender(args.model, **flags), contender(args.vs, **flags),
                      out, options=options, jobs=args.jobs, measure=args.measure)
        result = arena.run(list(range(first, first + args.games)),
                           progress=lambda title: progress(title, quiet=args.quiet))
    except BatchError as err:
        raise UserError(str(err)) from None
    print(markdown(result), end="")
    print(f"Written: {out}/arena.md, arena.csv, arena.json, arena.svg")
    return 1 if result["errors"] else 0
