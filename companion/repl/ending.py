"""How a story ends on screen: the outcome, the final score and the exact commands that render the
journal, then (in a terminal only) a prompt that waits, so the ending stays on screen until the
player has read it. ``--script`` and autoplay never wait.
"""
from __future__ import annotations

import shlex
from pathlib import Path

from companion.repl.hints import program


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def final_score(game, state, outcome) -> str:
    """One line of scores, best first: the game's own (``final_score(state)``), else the scores
    of the seats at the table by name ("Brannoc 142, Sefa 108, Wren 23"), else ""."""
    own = getattr(game, "final_score", None)
    if own is not None:
        return own(state)
    scores = outcome.scores
    if not scores or not set(scores) <= set(game.seats):
        return ""  # scores that are not seats' ("successes"): the summary says it in words
    own = getattr(game, "seat_name", None)  # named in this state: "Ottilie", as the player said
    name = (lambda seat: own(seat, state)) if own is not None else _title
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{name(seat)} {_number(value)}" for seat, value in ranked)


def _title(seat: str) -> str:
    return seat.upper() if len(seat) <= 2 else seat.capitalize()


def journal_commands(path: Path | str) -> list[str]:
    """The commands that render a journal, as they work from a fresh shell anywhere: the program
    as the shell finds it and the journal's absolute path."""
    where = Path(path).resolve()
    page = where.with_suffix(".html")
    return [f"{program()} journal {shlex.quote(str(where))} --format md",
            f"{program()} journal {shlex.quote(str(where))} --format html --out "
            f"{shlex.quote(str(page))}"]


def show_ending(session, out) -> None:
    """The end of the story on screen: heading, outcome, final score, how to read it."""
    game, state = session.game, session.state
    outcome = game.outcome(state)
    goes_on = session.sequel() is not None  # a campaign game's session, not its end
    out("heading", "The end of this session" if goes_on else "The end")
    out("info", f"{'This session' if goes_on else 'The story'} is over. {outcome.summary}")
    score = final_score(game, state, outcome)
    if score:
        out("info", f"Final score: {score}")
    if session.journal is not None:
        out("info", "Read it as a story (Markdown, or a web page):")
        for command in journal_commands(session.journal.path):
            out("data", f"  {command}")  # data: never wrapped, so it copies whole
        if goes_on:
            where = shlex.quote(str(Path(session.journal.path).resolve()))
            out("info", "The next session:")
            out("data", f"  {program()} resume {where}")


LEAVE = "the end: Enter to leave> "


def wait_to_leave(session, out, ask) -> None:
    """Hold the ending on screen until the player presses Enter (or types quit, or Ctrl-D/C).
    ``ask(prompt)`` reads a line; anything else typed gets the way out again."""
    if not session.is_over():
        return
    while True:
        try:
            line = ask(LEAVE).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return
        if line in ("", "quit", "/quit", "q", "exit"):
            return
        if session.journal is not None:
            out("info", "The story is over and saved. Read it with:")
            for command in journal_commands(session.journal.path):
                out("data", f"  {command}")
        out("info", "Press Enter (or type quit) to leave.")
