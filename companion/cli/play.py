"""``play`` and ``resume``: a session with a human at the table, in a terminal or from a script."""
from __future__ import annotations

import sys
from pathlib import Path

from companion.cli.common import (UserError, game_named, journal_path, new_seed, seat_phrase,
                                  topic_list)
from companion.cli.options import (save_character, table, table_options, table_safety,
                                   with_quest)
from companion.cli.voices import make_voice
from companion.core.clean import clean
from companion.repl.hints import program


def intro(game, session, seat: str, voice, path: Path | None) -> str:
    from companion.story.grammar import join

    own = getattr(game, "seat_name", None)  # seats that are people: "Wren"
    phrase = (lambda s: own(s, session.state)) if own is not None else seat_phrase
    held = session.holders  # who holds what (Dragon & Warrior's --seat villain: a whole side)
    yours = join([phrase(s) for s, h in held.items() if h == "human"]) or phrase(seat)
    others = join([phrase(s) for s, h in held.items() if h != "human"])
    voice_note = ("offline voice: no model configured; see `companion doctor`"
                  if voice.name == "offline" else f"voice: {voice.name}")
    if getattr(voice, "mode_source", None) == "default":  # the model voice, its mode unmeasured
        voice_note += (f", {voice.mode} mode: `{program()} doctor --calibrate{_flags(voice)}` "
                       "measures whether this model can write more")
    elif getattr(voice, "mode", None):
        voice_note += f", {voice.mode} mode"
    lines = [f"{game.title}: {getattr(game, 'seat_blurbs', {}).get(seat, game.blurb)}.",
             f"You are {yours}; the companion plays {others} ({voice_note}). "
             f"Seed {session.seed}."]
    if path is not None:
        lines.append(f"Journal: {path}. Resume any time: {program()} resume {path.resolve()}")
    lines.append("Type help for the commands; Tab completes; F1 helps.")
    return "\n".join(lines)


def _flags(voice) -> str:
    """The model flags the player gave, for a command to copy (a URL holding credentials is
    left for the player to add)."""
    settings = voice.settings
    given = settings.sources
    out = f" --model {settings.model}" if given.get("model") == "flag" and settings.model else ""
    url = settings.base_url or ""
    return out + (f" --base-url {url}" if given.get("base_url") == "flag" and url
                  and "@" not in url else "")


def cmd_play(args) -> int:
    from companion.session import AI, HUMAN, Session
    from companion.repl.controller import Controller

    game = game_named(args.game)
    seat = args.seat or game.default_human
    if seat not in game.seats:
        raise UserError(f"{game.title} has no seat {seat!r}; choose one of: "
                        f"{', '.join(game.seats)}")
    seed = new_seed(args.seed)
    check_script(args.script)  # before a journal is begun
    voice = make_voice(args, game, seed)
    path = None if args.no_journal else journal_path(args.journal, game, seed)
    scripted = args.script is not None
    screen = make_screen(scripted)
    lines, veils = table_safety(args)
    options = with_quest(game, table_options(game, args.character, args.players, args.level,
                                             args.until, args.no_swaps),
                         args.quest)
    seats = {s: (HUMAN if s == seat else AI) for s in table(game, options)}
    if seat not in seats:
        raise UserError(f"the seat {seat} is not at a table of {len(seats)}")
    from companion.journal.store import JournalError

    try:
        session = Session.start(game, seed, seats, voice, path, physical=args.physical,
                                emit=screen, lines=lines, veils=veils, options=options,
                                character_file=args.character)
    except JournalError as err:  # the file exists, is a folder, cannot be written, is in use
        raise UserError(str(err)) from None
    screen("info", intro(game, session, seat, voice, path))
    if not scripted and args.lines is None and args.veils is None and sys.stdin.isatty():
        ask_safety(session, screen)
    session.advance()
    controller = Controller(session, screen)
    return run(controller, screen, args.script)


def ask_safety(session, screen) -> None:
    from prompt_toolkit import prompt

    screen("info", "Before we begin: anything you want kept out of this story (lines), or kept "
                   "off-screen (veils)? Comma-separated; Enter to skip.")
    try:
        lines = topic_list(clean(prompt("lines> ")))
        veils = topic_list(clean(prompt("veils> ")))
    except (KeyboardInterrupt, EOFError):
        return
    if lines or veils:
        session.set_safety(lines, veils)


def make_screen(scripted: bool):
    if scripted or not sys.stdout.isatty():
        from companion.repl.screen import PlainScreen

        return PlainScreen()
    from companion.repl.app import TerminalScreen

    return TerminalScreen()


def check_script(script: str | None) -> None:
    """``--script FILE`` must be a file this process can read (one line if not)."""
    if script is None or script == "-":
        return
    try:
        open(script, encoding="utf-8").close()
    except OSError as err:
        raise UserError(f"cannot read the script {script}: {err.strerror}") from None


def run(controller, screen, script: str | None) -> int:
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
        goodbye(controller)


def goodbye(controller) -> None:
    save_character(controller.session, controller.out)
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

    check_script(args.script)
    scripted = args.script is not None
    screen = make_screen(scripted)
    try:
        session, warning = Session.resume(
            Path(args.journal), voice_factory=lambda g, s, h: make_voice(args, g, s),
            emit=screen)
    except JournalError as err:
        raise UserError(str(err)) from None
    if warning:
        screen("notice", warning)
    if hasattr(session.voice, "restore"):  # the token budget counts what was already spent
        session.voice.restore(session.llm_rows)
    seat = session.human_seats[0] if session.human_seats else None
    own = getattr(session.game, "seat_name", None)  # "Ottilie" (as the player named her), "the GM"
    phrase = (lambda s: own(s, session.state)) if own is not None else seat_phrase
    from companion.story.grammar import join

    yours = join([phrase(s) for s in session.game.seats  # --seat villain: a whole side
                  if s in session.human_seats])
    screen("info", f"Resuming {session.game.title} (seed {session.seed}) at step "
                   f"{len(session.actions)}" + (f"; you are {yours}." if seat else "."))
    if session.narrations:
        screen("narration", session.narrations[-1][1])
    finishing = session.ended_on_resume and session.sequel() is not None
    if session.is_over() and not session.go_on():
        if finishing:  # killed in its last instant: that session is finished, not a new one
            screen("info", f"The session had just ended when it stopped: its ending is told "
                           f"now, and it is finished. The next session: {program()} resume "
                           f"{args.journal}")
            session.close()
            return 0
        screen("info", f"This story is already finished: {program()} journal "
                       f"{args.journal} --format md")
        session.close()
        return 0
    if session.human_seats:
        session.advance()
    else:  # an autoplay's journal: the AI plays on, bounded as autoplay is
        from companion.session.bound import play_out

        play_out(session)
    controller = Controller(session, screen)
    if session.is_over():
        controller._finish()
    return run(controller, screen, args.script)
