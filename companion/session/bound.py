"""An autoplay that ends: the AI plays every seat until the story's end, or until it has gone
``STALL`` steps without progress, and then it stops with its reason in the journal.

Progress is each game's own measure of how far a story has come: a new section of it, as the
game's render hooks open one (a stage, a scene, a level's room or battle, a round of the Event
line). A policy that walks between two places forever (Dragon & Warrior's street and throne room,
14,973 moves in the audit) opens no new section, so it is stopped. Measured with the offline
voice over 25 seeds of each game, the longest stretch without a new section was 19 steps (At Any
Cost), 47 (Becoming), 97 (Dragon & Warrior), 43 (The Hero's Journey), 85 (High Stakes): the bound
is ten times the longest.
"""
from __future__ import annotations

from companion.core.game import Event
from companion.session.loop import Session

STALL = 1000


class Progress:
    """Counts the steps since the story last opened a section it had not opened before."""

    def __init__(self, session: Session, stall: int = STALL) -> None:
        self.session = session
        self.stall = stall
        self.seen: set[str] = set()
        self.since = 0
        self.rows = len(session.rows)

    def step(self) -> str:
        """After a step: "" while the story moves on, else why the autoplay stops."""
        hooks = self.session.render
        new = False
        for row in self.session.rows[self.rows:]:
            if row.get("type") != "action" or hooks is None:
                continue
            for e in row.get("events", []):
                title = hooks.heading(Event.model_validate(e))
                if title and title not in self.seen:
                    self.seen.add(title)
                    new = True
        self.rows = len(self.session.rows)
        self.since = 0 if new else self.since + 1
        if self.since < self.stall:
            return ""
        return (f"The autoplay stopped after {self.stall} moves without progress (no new stage, "
                f"scene, place or round since move {len(self.session.actions) - self.stall}): "
                "the AI was going round in circles.")


def play_out(session: Session, stall: int = STALL) -> str:
    """Let the AI play to the end; returns "" there, or the reason it stopped (journaled as a
    notice row and shown)."""
    progress = Progress(session, stall)
    while not session.is_over():
        before = len(session.actions)
        session.advance(max_steps=1)
        if len(session.actions) == before:
            return ""  # a human seat or a telling is due: not an autoplay's to decide
        reason = progress.step()
        if reason:
            session.note(reason)
            return reason
    return ""
