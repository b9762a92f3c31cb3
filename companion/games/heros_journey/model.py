"""The Hero's Journey's state: plain frozen data, and the mutable working copy the engine edits.

``apply`` thaws the state into a :class:`Work` (lists and dicts), changes that, and freezes the
result into a new :class:`State`; the input is never touched, and a refused move changes nothing
because the working copy is simply dropped.

Every card id is in exactly one place: a Hero's Mentors, Places or Challenge hand, a face-up
Encounter slot, a deck (the shuffled ``pile`` or the ordered ``under``: cards discarded face down
under it), the event line, or the Endings. Tokens lie in the bank, with a Hero, or on a card
(``on_cards``): 72 in all. The pending work of the turn is the ``tasks`` queue; its head says who
is to act.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.core.game import Options

SEATS = ("hero1", "hero2", "hero3", "hero4")
NSUITS = 6


class HjOptions(Options):
    """``players``: Heroes at the table (2-4; default 2, the CLI seats 3: you and two rivals). ``level``: how well
    the AI rivals play (easy, normal, hard). ``max_rounds``: the long road's limit (None: the
    rules data's)."""

    players: int | None = Field(default=None, ge=2, le=4)
    level: Literal["easy", "normal", "hard"] = "normal"
    max_rounds: int | None = Field(default=None, ge=1)
    ask_hero: bool = True  # the first Hero is named and described before the Origins


class Hero(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    origin: str | None = None  # "rite" | "harvest"
    stage: int = 1  # 1 (Rite/Harvest) ... 9 (the Pact), 10 at the Ending
    tokens: tuple[int, ...] = (0,) * NSUITS
    mentors: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()  # Challenge cards (secret)
    skip: int = 0  # turns to lose
    prophecy: str | None = None  # the Ending this Hero saw (secret)
    prophecy_pos: str | None = None  # "top" | "bottom"
    pact_round: int | None = None  # the round this Hero reached the Pact (all saw it)


class State(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: tuple[str, ...]
    heroes: tuple[Hero, ...]
    bank: tuple[int, ...]
    on_cards: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    mentor_pile: tuple[str, ...] = ()
    mentor_under: tuple[str, ...] = ()
    place_pile: tuple[str, ...] = ()
    place_under: tuple[str, ...] = ()
    challenge_pile: tuple[str, ...] = ()
    slots: tuple[tuple[str | None, str | None], ...] = ((None, None),) * 3
    endings: tuple[str, ...] = ()  # face down, top first
    revealed: str | None = None  # the Ending turned up at the first arrival at the Pact
    first: int = 0
    current: int = 0
    round: int = 1
    max_rounds: int = 40
    level: str = "normal"  # how well the AI rivals play (the policy reads it from the view)
    pact_first: str | None = None
    ending_first: str | None = None
    final_turns: tuple[str, ...] = ()  # Heroes still owed their last turn
    offers_made: tuple[str, ...] = ()  # rivals offered a trade this turn
    tasks: tuple[dict[str, Any], ...] = ()
    over: bool = False
    halted: bool = False  # ended by the round limit, not by an Ending
    doubled: dict[str, Any] = Field(default_factory=dict)  # seat -> the End's scoring suit
    scores: dict[str, int] = Field(default_factory=dict)
    # who the player's Hero is, as they told it at the start: seat -> name, pronouns, about
    persona: dict[str, dict[str, str]] = Field(default_factory=dict)


@dataclass
class HeroW:
    seat: str
    origin: str | None
    stage: int
    tokens: list[int]
    mentors: list[str]
    places: list[str]
    hand: list[str]
    skip: int
    prophecy: str | None
    prophecy_pos: str | None
    pact_round: int | None = None

    def cards(self) -> list[str]:
        return self.mentors + self.places


@dataclass
class Work:
    seats: list[str]
    heroes: list[HeroW]
    bank: list[int]
    on_cards: dict[str, list[int]]
    mentor_pile: list[str]
    mentor_under: list[str]
    place_pile: list[str]
    place_under: list[str]
    challenge_pile: list[str]
    slots: list[list[str | None]]
    endings: list[str]
    revealed: str | None
    first: int
    current: int
    round: int
    max_rounds: int
    level: str
    pact_first: str | None
    ending_first: str | None
    final_turns: list[str]
    offers_made: list[str]
    tasks: list[dict[str, Any]]
    over: bool
    halted: bool
    doubled: dict[str, Any]
    scores: dict[str, int]
    persona: dict[str, dict[str, str]] = field(default_factory=dict)
    events: list = field(default_factory=list)

    def hero(self, seat: str) -> HeroW:
        return self.heroes[self.seats.index(seat)]


def thaw(s: State) -> Work:
    return Work(
        seats=list(s.seats),
        heroes=[HeroW(h.seat, h.origin, h.stage, list(h.tokens), list(h.mentors), list(h.places),
                      list(h.hand), h.skip, h.prophecy, h.prophecy_pos, h.pact_round)
                for h in s.heroes],
        bank=list(s.bank), on_cards={k: list(v) for k, v in s.on_cards.items()},
        mentor_pile=list(s.mentor_pile), mentor_under=list(s.mentor_under),
        place_pile=list(s.place_pile), place_under=list(s.place_under),
        challenge_pile=list(s.challenge_pile), slots=[list(p) for p in s.slots],
        endings=list(s.endings), revealed=s.revealed, first=s.first, current=s.current,
        round=s.round, max_rounds=s.max_rounds, level=s.level, pact_first=s.pact_first,
        ending_first=s.ending_first, final_turns=list(s.final_turns),
        offers_made=list(s.offers_made), tasks=list(s.tasks), over=s.over, halted=s.halted,
        doubled=dict(s.doubled), scores=dict(s.scores),
        persona={k: dict(v) for k, v in s.persona.items()})


def freeze(w: Work) -> State:
    heroes = tuple(Hero.model_construct(
        seat=h.seat, origin=h.origin, stage=h.stage, tokens=tuple(h.tokens),
        mentors=tuple(h.mentors), places=tuple(h.places), hand=tuple(h.hand), skip=h.skip,
        prophecy=h.prophecy, prophecy_pos=h.prophecy_pos, pact_round=h.pact_round)
        for h in w.heroes)
    return State.model_construct(
        seats=tuple(w.seats), heroes=heroes, bank=tuple(w.bank),
        on_cards={k: tuple(v) for k, v in sorted(w.on_cards.items()) if any(v)},
        mentor_pile=tuple(sorted(w.mentor_pile)), mentor_under=tuple(w.mentor_under),
        place_pile=tuple(sorted(w.place_pile)), place_under=tuple(w.place_under),
        challenge_pile=tuple(sorted(w.challenge_pile)),
        slots=tuple((p[0], p[1]) for p in w.slots), endings=tuple(w.endings),
        revealed=w.revealed, first=w.first, current=w.current, round=w.round,
        max_rounds=w.max_rounds, level=w.level, pact_first=w.pact_first, ending_first=w.ending_first,
        final_turns=tuple(w.final_turns), offers_made=tuple(w.offers_made),
        tasks=tuple(w.tasks), over=w.over, halted=w.halted, doubled=dict(w.doubled),
        scores=dict(w.scores), persona={k: dict(v) for k, v in w.persona.items()})


class _ReadCache(threading.local):
    """The last state asked about and its working copy, one per thread: batch autoplay runs games
    in threads, and a working copy is mutable, so no two threads may share one (nor may a thread
    ever be handed the copy made for another thread's state). The pair is stored as one tuple, so
    the state and its copy are always replaced together."""

    last: tuple[State, Work] | None = None


_CACHE = _ReadCache()


def read_only(state: State) -> Work:
    """A working copy for reading only (legal actions, who is due), kept for the last state asked
    about in this thread: the session and the policies ask several questions of one state in a
    row."""
    last = _CACHE.last
    if last is not None and last[0] is state:
        return last[1]
    work = thaw(state)
    _CACHE.last = (state, work)
    return work
