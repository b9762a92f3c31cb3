"""Table talk and safety in a session: the player's own words, lines and veils, the premise
told before play, and the X-card, which bans a topic and tells the last beat again without it.

A mixin of :class:`companion.session.loop.Session` (its one job split from the loop's): it uses the
session's memory and narrations, and its public seam ``journal_row`` (keep a row) and
``narrate_beat`` (tell a beat), and changes no game state.
"""
from __future__ import annotations

from companion.core.game import Action, Event, RuleError
from companion.journal.store import timeline
from companion.story import weave
from companion.story.safety import premise_notice
from companion.story.voice import Beat


class TableTalk:
    """Say, lines and veils, the premise and the X-card (mixed into the Session)."""

    def say(self, seat: str, text: str) -> None:
        """The human's words: story, quoted as such; they change nothing in the game."""
        text = text.strip()
        if not text:
            raise RuleError("say", "say what? (say TEXT)")
        self.journal_row({"type": "say", "n": len(self.actions) - 1, "seat": seat, "text": text})
        weave.hear(self.memory.used, len(self.actions) - 1, text)  # the companion may take it up
        self.narrations.append((len(self.actions) - 1, f"“{text}”"))

    def set_safety(self, lines: list[str], veils: list[str]) -> None:
        lines = [x.strip() for x in lines if x.strip()]
        veils = [x.strip() for x in veils if x.strip()]
        self.memory.banned += lines
        self.memory.veils += veils
        self.journal_row({"type": "safety", "lines": lines, "veils": veils})
        self.check_premise()

    def premise(self) -> str:
        """What the game is about, as the table is told it before play: its blurb (the seats'
        too), and the game's own premise if it has one (``premise(options)``)."""
        own = getattr(self.game, "premise", None)
        blurbs = [self.game.blurb, *getattr(self.game, "seat_blurbs", {}).values()]
        parts = [*blurbs, own(self.options) if own else ""]
        return "\n".join(f"{x.rstrip('. ')}." for x in dict.fromkeys(parts) if x.strip())

    def check_premise(self) -> None:
        """A game whose premise crosses a line (High Stakes' heroes are children) says so at the
        start, and how the story keeps it: journaled, so the rendered story says it too."""
        safety = self.memory.safety
        if not safety:
            return
        text = premise_notice(safety, self.premise(), self.game.title)
        if text:
            self.note(text)

    def x_card(self, topic: str = "") -> str:
        """Ban ``topic`` from all later narration and tell the last beat again without it."""
        topic = topic.strip()
        if topic:
            self.memory.banned.append(topic)
        self.journal_row({"type": "x", "topic": topic, "n": len(self.actions) - 1})
        beat = self._last_narrated_beat()
        if beat is None:
            return ""
        self.journal_row({"type": "retract", "n": beat.step})
        self.narrations.pop()
        self.memory.attempt += 1
        self.narrate_beat(beat)
        return self.narrations[-1][1] if self.narrations and \
            self.narrations[-1][0] == beat.step else ""

    def _last_narrated_beat(self) -> Beat | None:
        """The beat the last narration told, rebuilt from its journal row (so it can be retold
        after a resume or an undo too). The view is today's public view: later steps since then
        are private draws and discards, which narration does not use."""
        if not self.narrations:
            return None
        n = self.narrations[-1][0]
        row = next((r for r in reversed(timeline(self.header, self.rows).actions)
                    if r["n"] == n), None)
        if row is None:
            return None
        events = [Event.model_validate(e) for e in row.get("events", [])]
        return Beat(step=n, action=Action.model_validate(row["action"]),
                    events=[e for e in events if e.visible_to is None], view=self.view(None))
