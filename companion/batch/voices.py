"""Voices for the arena: one seat voiced by a contender, the rest of the table by the offline
voice; and the random baseline (any legal move, uniformly, seeded per decision)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.game import Game
from companion.core.rng import derived_rng
from companion.story.voice import (Beat, Decision, DecisionRequest, NarrationMemory, OfflineVoice,
                                   Voice)


class RandomVoice:
    """The bottom of the ladder: a uniformly random legal move (free text as the offline voice
    writes it), narrated by the offline narrator."""

    name = "random"

    def __init__(self, game: Game, seed: int) -> None:
        self.seed = seed
        self.offline = OfflineVoice(game, seed)

    def decide(self, request: DecisionRequest, on_text: Callable[[str], None] | None = None
               ) -> Decision:
        action = derived_rng(self.seed, "random", request.seat, request.step).choice(
            request.legal)
        narrator = self.offline.narrator
        if action.ask is not None and not action.text and narrator is not None:
            memory = NarrationMemory(self.seed, banned=list(request.banned),
                                     veils=list(request.veils))
            action = action.with_text(narrator.write(action, request.view, memory))
        return Decision(action=action, source="random")

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        return self.offline.narrate(beat, memory)


class SeatVoice:
    """``seat`` is voiced by ``contender``; every other seat, and all narration, by the offline
    voice, so both sides of an arena meet the very same table."""

    def __init__(self, game: Game, seed: int, seat: str, contender: Voice, label: str) -> None:
        self.seat = seat
        self.contender = contender
        self.offline = OfflineVoice(game, seed)
        self.name = f"{seat}={label}"

    def decide(self, request: DecisionRequest, on_text: Callable[[str], None] | None = None
               ) -> Decision:
        if request.seat == self.seat:
            return self.contender.decide(request, on_text=on_text)
        return self.offline.decide(request)

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        return self.offline.narrate(beat, memory)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.contender, name)
