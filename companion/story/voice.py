"""What an AI seat is asked, what it answers, and the offline voice that needs no model.

A Voice does two jobs for the session: ``decide`` (an AI seat picks one of the legal actions, filling
any free text it asks for, and may narrate its move) and ``narrate`` (tell one beat of the story
after the engine resolved it). The engine has already said what is legal; a voice only chooses.

Each game package supplies the offline parts the voice is built from:

* ``policy.choose(view, seat, legal, rng) -> Action``: the heuristic choice, from the seat's view
  only (never the full state: the AI must not cheat).
* ``narrate.Narrator(seed)`` with ``narrate(beat, memory) -> str`` (story text for a resolved beat,
  "" when the beat needs none) and ``write(action, view, memory) -> str`` (the free text an AI seat
  supplies for an action that asks for text: a name, an answer, a question).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from companion.core.game import Action, Event, Game
from companion.core.registry import game_module
from companion.core.rng import derived_rng
from companion.story.fabula import Fabula
from companion.story.safety import Safety, fade_out, safety_for


class DecisionRequest(BaseModel):
    """Everything an AI seat may know when it decides: its own view, never the state."""

    model_config = ConfigDict(extra="forbid")

    game: str
    seat: str
    step: int  # index of the decision in the session (seeds offline choices)
    view: dict[str, Any]
    legal: list[Action]
    labels: list[str]  # game.describe(a) for each legal action, same order
    story: list[str] = Field(default_factory=list)  # recent narration, oldest first (bounded)
    summary: str = ""  # rolling summary of the story so far
    banned: list[str] = Field(default_factory=list)  # lines and X-carded topics: never mention
    veils: list[str] = Field(default_factory=list)  # may happen, but off-screen
    fabula: str = ""  # the story so far as data, bounded (Fabula.digest): stakes, facts, threads
    alone: bool = False  # the only seat the AI holds: no other AI seat reads what it is told


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: Action  # one of the legal actions, its text filled where it asked for text
    narration: str = ""  # the move told as story ("" lets the narrator speak)
    speech: str = ""  # optional in-character words
    source: str = "offline"  # offline | model | fallback
    notes: list[dict[str, Any]] = Field(default_factory=list)  # journal rows: attempts, ledger


class Beat(BaseModel):
    """One resolved step of the story, as the audience saw it."""

    model_config = ConfigDict(extra="forbid")

    step: int
    action: Action
    events: list[Event]  # public events only
    view: dict[str, Any]  # the public view after the step (game.view(state, None))


@dataclass
class NarrationMemory:
    """What narration must remember across a session: rebuilt from the journal on resume/undo."""

    seed: int
    used: set[str] = field(default_factory=set)  # sentences already told (never told twice)
    banned: list[str] = field(default_factory=list)
    veils: list[str] = field(default_factory=list)
    attempt: int = 0  # bumped when the last narration is rewound (X-card), for a fresh telling
    fabula: Fabula = field(default_factory=Fabula)  # what the story holds (rebuilt by replay)
    epilogue: str = ""  # set by story.epilogue when a beat tells the ending (the session journals
    particulars: list[str] = field(default_factory=list)  # it as its own row, then clears both)

    def taken_up(self, stake_id: str) -> None:
        """A narration took up the stake ``stake_id`` (journaled with the sentences told)."""
        self.used.add(f"stake-taken|{stake_id}")

    def was_taken_up(self, stake_id: str) -> bool:
        return f"stake-taken|{stake_id}" in self.used

    @property
    def safety(self) -> Safety:
        """The lines (``banned``: set at the start and X-carded) and veils, read as topics."""
        return safety_for(tuple(self.banned), tuple(self.veils))

    def allows(self, text: str) -> bool:
        """False when ``text`` crosses a line (read as topics, on lemmas: "harm to children" is
        crossed by "a child caught up in the danger"). A veiled topic may be told: the moment
        happens, and the session's last gate (``screen``) tells its sentence as a fade-out."""
        return self.safety.keeps_lines(text)

    def screen(self, text: str) -> str:
        """``text`` as it may be told: a sentence crossing a line left out, a veiled moment told
        as a fade-out (remembered, so the same fade-out is not told twice)."""
        safety = self.safety
        if not safety or safety.allows(text):
            return text
        fade = fade_out(self.used)
        out = safety.screen(text, fade)
        if fade in out:
            self.used.add(fade)
        return out

    def rng(self, *labels: object):
        return derived_rng(self.seed, "narrate", self.attempt, *labels)


class Voice(Protocol):
    name: str

    def decide(
        self, request: DecisionRequest, on_text: Callable[[str], None] | None = None
    ) -> Decision: ...

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str: ...


class OfflineVoice:
    """The default voice: the game's heuristic policy and its template narrator. Deterministic."""

    name = "offline"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.policy = game_module(game, "policy")
        narrate = game_module(game, "narrate")
        self.narrator = narrate.Narrator(seed) if narrate else None

    def decide(
        self,
        request: DecisionRequest,
        on_text: Callable[[str], None] | None = None,
        memory: NarrationMemory | None = None,
    ) -> Decision:
        rng = derived_rng(self.seed, "policy", request.seat, request.step)
        action = self.policy.choose(request.view, request.seat, request.legal, rng)
        if action.ask is not None and not action.text and self.narrator is not None:
            memory = memory or NarrationMemory(self.seed, banned=request.banned, veils=request.veils)
            action = action.with_text(self.narrator.write(action, request.view, memory))
        return Decision(action=action, source="offline")

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        if self.narrator is None:
            return ""
        return self.narrator.narrate(beat, memory)
