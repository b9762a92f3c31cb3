"""The ``companion`` command: games, play, resume, autoplay, journal, draft, doctor.

Start-up stays light: games, the REPL and the language-model client are imported only by the
subcommands that need them. Every error a user can cause ends as one clear line and exit code 2,
never a traceback.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import os
import secrets
import sys
from pathlib import Path

from companion.repl.hints import program

EXIT_USAGE = 2


class UserError(Exception):
    """A problem with what the user asked for; printed as one line."""


# -- voices --------------------------------------------------------------------------------------
def _voice(args, game, seed: int):
    from companion.story.voice import OfflineVoice

    choice = getattr(args, "voice", "auto")
    if choice == "offline":
        return OfflineVoice(game, seed)
    try:
        from companion.llm.config import load_settings
        from companion.llm.openai_voice import make_voice
    except ImportError as err:
        if choice == "openai":
            raise UserError(f"the language-model voice is not available: {err}") from err
        return OfflineVoice(game, seed)
    settings = load_settings(model=getattr(args, "model", None),
                             base_url=getattr(args, "base_url", None),
                             api_key=getattr(args, "api_key", None),
                             budget_tokens=getattr(args, "budget", None),
                             voice=None if choice == "auto" else choice,
                             timeout=getattr(args, "timeout", None))
    if choice == "auto" and not getattr(settings, "enabled", False):
        return OfflineVoice(game, seed)
    return make_voice(game, seed, settings)


def _add_voice_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--voice", choices=["auto", "offline", "openai"], default="auto",
                   help="who voices the AI: offline (built in), openai (any OpenAI-compatible "
                        "server), auto (openai when a model is configured; default)")
    p.add_argument("--model", help="model name (or COMPANION_MODEL)")
    p.add_argument("--base-url", help="OpenAI-compatible server URL (or OPENAI_BASE_URL)")
    p.add_argument("--api-key", help="API key (better: OPENAI_API_KEY)")
    p.add_argument("--budget", type=int, help="token budget for this session; offline after it")
    p.add_argument("--timeout", type=float,
                   help="seconds a model may take for one move, retries included")


def _add_table_flags(p: argparse.ArgumentParser) -> None:
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


# -- helpers -------------------------------------------------------------------------------------
def _game(name: str):
    from companion.core.registry import UnknownGame, get_game

    try:
        return get_game(name)
    except UnknownGame as err:
        raise UserError(str(err)) from None


def _seed(value: int | None) -> int:
    return value if value is not None else secrets.randbelow(100_000)


def _journal_path(given: str | None, game, seed: int, prefix: str = "") -> Path:
    if given:
        return Path(given)
    folder = Path(os.environ.get("COMPANION_JOURNALS", "transcripts"))
    stem = f"{prefix}{_dt.date.today().isoformat()}-{game.name}-{seed}"
    path = folder / f"{stem}.jsonl"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}.jsonl"
        k += 1
    return path


def seat_title(seat: str) -> str:
    """How a seat is written for people: "GM", "Protagonist", "Hero 2"."""
    import re

    numbered = re.fullmatch(r"([a-z]+)(\d+)", seat)
    if numbered:
        return f"{numbered[1].capitalize()} {numbered[2]}"
    return seat.upper() if len(seat) <= 2 else seat.capitalize()


def seat_phrase(seat: str) -> str:
    """A seat in a sentence: "the Protagonist", "the GM", "Hero 2"."""
    title = seat_title(seat)
    return title if title[-1].isdigit() else f"the {title}"


def _intro(game, session, seat: str, voice, path: Path | None) -> str:
    from companion.story.grammar import join

    phrase = getattr(game, "seat_name", None) or seat_phrase  # seats that are people: "Wren"
    others = join([phrase(s) for s in session.seats if s != seat])
    voice_note = ("offline voice: no model configured; see `companion doctor`"
                  if voice.name == "offline" else f"voice: {voice.name}")
    lines = [f"{game.title}: {getattr(game, 'seat_blurbs', {}).get(seat, game.blurb)}.",
             f"You are {phrase(seat)}; the companion plays {others} ({voice_note}). "
             f"Seed {session.seed}."]
    if path is not None:
        lines.append(f"Journal: {path}. Resume any time: {program()} resume {path.resolve()}")
    lines.append("Type help for the commands; Tab completes; F1 helps.")
    return "\n".join(lines)


def _split_list(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


# -- subcommands ---------------------------------------------------------------------------------
def cmd_games(args) -> int:
    from companion.core.registry import all_games

    for game in all_games().values():
        seats = "/".join(game.seats)
        print(f"{game.name:<16} {game.title}: {game.blurb} (seats: {seats}; "
              f"you play {seat_phrase(game.default_human)} by default)")
    return 0


def cmd_play(args) -> int:
    from companion.session import AI, HUMAN, Session
    from companion.repl.controller import Controller

    game = _game(args.game)
    seat = args.seat or game.default_human
    if seat not in game.seats:
        raise UserError(f"{game.title} has no seat {seat!r}; choose one of: "
                        f"{', '.join(game.seats)}")
    seed = _seed(args.seed)
    voice = _voice(args, game, seed)
    path = None if args.no_journal else _journal_path(args.journal, game, seed)
    scripted = args.script is not None
    screen = _screen(scripted)
    lines, veils = _split_list(args.lines), _split_list(args.veils)
    options = _with_quest(game, _options(game, args.character, args.players, args.level,
                                          args.until, args.no_swaps),
                          args.quest)
    seats = {s: (HUMAN if s == seat else AI) for s in _table(game, options)}
    if seat not in seats:
        raise UserError(f"the seat {seat} is not at a table of {len(seats)}")
    session = Session.start(game, seed, seats, voice, path, physical=args.physical,
                            emit=screen, lines=lines, veils=veils, options=options,
                            character_file=args.character)
    screen("info", _intro(game, session, seat, voice, path))
    if not scripted and args.lines is None and args.veils is None and sys.stdin.isatty():
        _ask_safety(session, screen)
    session.advance()
    controller = Controller(session, screen)
    return _run(controller, screen, args.script)


def _table(game, options) -> tuple[str, ...]:
    """The seats in play: all the game's seats, or as many as its options seat."""
    seats_for = getattr(game, "seats_for", None)
    return tuple(seats_for(options)) if seats_for else game.seats


def _options(game, character: str | None, players: int | None = None,
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


def _with_quest(game, options, quest: str | None):
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


def _save_character(session, out) -> None:
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


def _ask_safety(session, screen) -> None:
    from prompt_toolkit import prompt

    screen("info", "Before we begin: anything you want kept out of this story (lines), or kept "
                   "off-screen (veils)? Comma-separated; Enter to skip.")
    try:
        lines = _split_list(prompt("lines> "))
        veils = _split_list(prompt("veils> "))
    except (KeyboardInterrupt, EOFError):
        return
    if lines or veils:
        session.set_safety(lines, veils)


def _screen(scripted: bool):
    if scripted or not sys.stdout.isatty():
        from companion.repl.screen import PlainScreen

        return PlainScreen()
    from companion.repl.app import TerminalScreen

    return TerminalScreen()


def _run(controller, screen, script: str | None) -> int:
    try:
        if script is not None or not sys.stdin.isatty():
            from companion.repl.script import open_script, run_script

            try:
                source = open_script(script or "-")
            except OSError as err:
                raise UserError(f"cannot read the script {script}: {err.strerror}") from None
            return run_script(controller, source, screen)
        from companion.repl.app import run_interactive

        return run_interactive(controller, screen)
    finally:
        _goodbye(controller)


def _goodbye(controller) -> None:
    _save_character(controller.session, controller.out)
    rows = controller.session.llm_rows
    if rows:
        from companion.llm import ledger

        controller.out("info", ledger.summarize(rows))
    controller.session.close()
    controller.linger()  # a terminal holds the ending on screen until the player leaves


def cmd_resume(args) -> int:
    from companion.session import Session
    from companion.journal.store import JournalError
    from companion.repl.controller import Controller

    scripted = args.script is not None
    screen = _screen(scripted)
    try:
        session, warning = Session.resume(
            Path(args.journal), voice_factory=lambda g, s, h: _voice(args, g, s), emit=screen)
    except JournalError as err:
        raise UserError(str(err)) from None
    if warning:
        screen("notice", warning)
    if hasattr(session.voice, "restore"):  # the token budget counts what was already spent
        session.voice.restore(session.llm_rows)
    seat = session.human_seats[0] if session.human_seats else None
    phrase = getattr(session.game, "seat_name", None) or seat_phrase  # "Wren", "the GM"
    screen("info", f"Resuming {session.game.title} (seed {session.seed}) at step "
                   f"{len(session.actions)}" + (f"; you are {phrase(seat)}." if seat else "."))
    if session.narrations:
        screen("narration", session.narrations[-1][1])
    if session.is_over() and not session.go_on():
        screen("info", f"This story is already finished: {program()} journal "
                       f"{args.journal} --format md")
        session.close()
        return 0
    session.advance()
    controller = Controller(session, screen)
    if session.is_over():
        controller._finish()
    return _run(controller, screen, args.script)


def cmd_autoplay(args) -> int:
    from companion.session import AI, Session
    from companion.repl.screen import PlainScreen

    game = _game(args.game)
    if args.count is not None or args.jobs is not None or args.out is not None:
        return _autoplay_batch(args, game)
    seed = _seed(args.seed)
    path = _journal_path(args.journal, game, seed, prefix="autoplay-")
    if path.exists() and args.force:
        path.unlink()
    voice = _voice(args, game, seed)
    screen = PlainScreen() if not args.quiet else (lambda kind, text: None)
    from companion.journal.store import JournalError

    try:
        options = _with_quest(game, _options(game, args.character, args.players, args.level,
                                          args.until),
                              args.quest)
        session = Session.start(game, seed, {s: AI for s in _table(game, options)}, voice, path,
                                emit=screen, options=options, character_file=args.character)
    except JournalError as err:
        raise UserError(f"{err} (or pass --force to overwrite)") from None
    try:
        session.advance()
        _save_character(session, lambda kind, text: print(text))
    finally:
        session.close()
    outcome = game.outcome(session.state)
    print(f"{outcome.summary}\nJournal: {path}   (read it: {program()} journal {path} --format md)")
    if session.sequel() is not None:
        print(f"The next session: {program()} resume {path}")
    return 0


def _autoplay_batch(args, game) -> int:
    """``autoplay --count N --jobs J --out DIR``: many journals at once (companion.batch)."""
    from companion.batch.commands import autoplay_batch
    from companion.batch.manifest import BatchError

    if args.journal or args.character:
        raise UserError("a batch names its own journals and plays no campaign character: "
                        "drop --journal/--character (or --count/--jobs/--out)")
    out = Path(args.out) if args.out else \
        Path(os.environ.get("COMPANION_JOURNALS", "transcripts")) / f"batch-{game.name}"
    options = _options(game, None, args.players, args.level, args.until)
    try:
        return autoplay_batch(game, lambda g, s: _voice(args, g, s), options, out,
                              first=args.seed if args.seed is not None else 1,
                              count=args.count or 1, jobs=args.jobs or 1, quiet=args.quiet)
    except BatchError as err:
        raise UserError(str(err)) from None


def cmd_arena(args) -> int:
    """A model (or a baseline) in one seat, against a baseline in the same seat, paired seeds."""
    from companion.batch.arena import Arena, contender
    from companion.batch.manifest import BatchError
    from companion.batch.progress import progress
    from companion.batch.report import markdown

    game = _game(args.game)
    seat = args.seat or next(s for s in game.seats if s != game.default_human)
    options = _options(game, None, args.players, args.level)
    if seat not in _table(game, options):
        raise UserError(f"{game.title} has no seat {seat!r} at this table; choose one of: "
                        f"{', '.join(_table(game, options))}")
    if args.games < 1 or args.jobs < 1:
        raise UserError("--games and --jobs must be at least 1")
    if args.model == args.vs:
        raise UserError(f"--model and --vs are both {args.model}: an arena needs two contenders")
    out = Path(args.out) if args.out else Path(os.environ.get("COMPANION_JOURNALS", "transcripts")) \
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
            viewer = _spoiler_free_viewer(header, rows)
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


def _spoiler_free_viewer(header: dict, rows: list[dict]) -> str | None:
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


def _journal_state(game, path: str):
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


def _draft_usage_error(message: str):
    """Bad ``draft`` arguments as one line (argparse would print its usage block first)."""
    print(f"companion draft: {message} (e.g. companion draft GAME WHAT \"a few words\" "
          f"[--level N])", file=sys.stderr)
    sys.exit(EXIT_USAGE)


def cmd_draft(args) -> int:
    from companion.core.registry import game_module
    from companion.llm.draft import run_draft  # --level checked, a model writes when one is set

    game = _game(args.game)
    drafting = game_module(game, "draft")
    if drafting is None:
        raise UserError(f"{game.title} has no drafting aid yet")
    state = _journal_state(game, args.journal) if args.journal else None
    try:
        text = run_draft(drafting, game, args, state=state)
    except ValueError as err:
        raise UserError(str(err)) from None
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_doctor(args) -> int:
    try:
        from companion.llm import doctor
        from companion.llm.config import load_settings
    except ImportError as err:
        raise UserError(f"the language-model voice is not available: {err}") from None
    settings = load_settings(model=args.model, base_url=args.base_url, api_key=args.api_key,
                             budget_tokens=None)
    return doctor.main(settings)


def _package_version() -> str:
    import importlib.metadata
    try:
        return importlib.metadata.version("companion")
    except importlib.metadata.PackageNotFoundError:
        return "dev (not installed)"


# -- the parser ------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="Play tabletop story games solo "
                                "against an AI opponent.")
    p.add_argument("--version", action="version", version=f"companion {_package_version()}")
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
    s.add_argument("--lines", help="topics kept out of the story, comma-separated")
    s.add_argument("--veils", help="topics kept off-screen, comma-separated")
    s.add_argument("--character", metavar="FILE",
                   help="campaign character file (High Stakes): played if it exists, and saved "
                        "there at the end of the story")
    _add_table_flags(s)
    _add_voice_flags(s)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("resume", help="continue a journaled session")
    s.add_argument("journal")
    s.add_argument("--script", metavar="FILE", help="read commands from FILE (- for stdin)")
    _add_voice_flags(s)
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
    _add_table_flags(s)
    _add_voice_flags(s)
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
    _add_table_flags(s)
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
    _add_voice_flags(s)
    s.error = _draft_usage_error
    s.set_defaults(func=cmd_draft)

    s = sub.add_parser("doctor", help="check the model configuration and connection")
    s.add_argument("--model")
    s.add_argument("--base-url")
    s.add_argument("--api-key")
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
