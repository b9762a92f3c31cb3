"""A session whose every text is a payload: the human plays every seat with the offline policy's
move, writing a payload into the move's text (a name, details, an answer, a palette, an element, a
Trait, the words after ``--``), tells every beat offered with one, says one after each move; the
voice narrates with one. What the journal renderer then writes must hold no tag."""
from __future__ import annotations

import re
from pathlib import Path

from companion.core.game import RuleError
from companion.core.registry import get_game
from companion.session import HUMAN, Session
from companion.story.voice import DecisionRequest, OfflineVoice

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(1)>"
PAYLOADS = (SCRIPT, IMAGE)
PIXEL = "![seen](http://example.invalid/t.png)"  # a remote image: the page must not fetch it
TITLE = "\x1b]0;owned\x07\x1b[2J"  # a terminal escape: retitle the window, clear the screen
RAW_TAG = re.compile(r"<\s*/?\s*(script|img)\b", re.IGNORECASE)


class PayloadVoice(OfflineVoice):
    """The offline voice, whose every narration (a model's text) ends with a payload."""

    def narrate(self, beat, memory) -> str:
        text = super().narrate(beat, memory)
        return f"{text} {PAYLOADS[beat.step % 2]}".strip()


def _texts(action, k: int) -> list[str]:
    """The texts to try on a move, most hostile first: the engine may refuse a malformed one
    (pronouns), which is its right; the first it takes is played."""
    payload = PAYLOADS[k % 2]
    base = action.text
    return [f"{base} {payload}".strip(), f"Ash {payload}", payload, base or "Ash"]


def play(game_name: str, seed: int, path: Path, max_moves: int = 4000) -> tuple[Session, int]:
    """Play to the end (or ``max_moves``); returns the session and how many texts held a payload."""
    game = get_game(game_name)
    options = game.options_model()
    seats_for = getattr(game, "seats_for", None)
    seats = tuple(seats_for(options)) if seats_for else game.seats
    session = Session.start(game, seed, {s: HUMAN for s in seats}, PayloadVoice(game, seed),
                            path, options=options)
    session.advance()
    planted = 0
    for k in range(max_moves):
        if session.is_over():
            break
        if session.offered is not None:
            session.tell(f"We went on. {PAYLOADS[k % 2]}")
            planted += 1
            continue
        seat = session.human_turn()
        if seat is None:
            break
        legal = session.legal(seat)
        request = DecisionRequest(game=game.name, seat=seat, step=len(session.actions),
                                  view=session.view(seat), legal=legal,
                                  labels=[game.describe(a) for a in legal])
        action = session.offline.decide(request).action
        for text in _texts(action, k):
            try:
                game.apply(session.state, action.with_text(text))
            except RuleError:
                continue
            action = action.with_text(text)
            planted += any(p in text for p in PAYLOADS)
            break
        session.submit(action)
        if k % 7 == 0:
            session.say(seat, f"Onward! {PAYLOADS[k % 2]} {TITLE} {PIXEL}")
            planted += 1
    session.close()
    return session, planted


def outside_code(markdown: str) -> str:
    """The Markdown with its fenced code blocks left out (a code block shows ``<`` as it is)."""
    out, fence = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if not fence:
            out.append(line)
    return "\n".join(out)
