"""The rules kernel: the protocol every game implements, and the value types it speaks in.

Decisions (after OpenSpiel and python-chess):

* A game is a set of pure functions over an immutable state. ``apply`` returns a new state and
  the events it caused, and raises :class:`RuleError` (naming the rule) before anything changes.
* Chance is explicit. When a shuffle, draw or roll is due, ``to_move`` answers ``["chance"]`` and
  ``chance`` describes what may happen; a sampler outside the engine (or the player's real deck or
  dice) picks the outcome, which is applied as an ordinary :class:`Action` of the seat ``"chance"``.
  So a session is fully described by its action list and replay never re-runs a random generator.
* Seats may be awaited together (``to_move`` returns several): that is how secret, simultaneous
  decisions (bids, offers, discards) are modelled. Each seat submits its own action; the engine keeps
  the pending ones out of the other seats' views and resolves when the last arrives.
* A seat may hold legal actions while not awaited ("at any moment" rules, such as At Any Cost's
  sacrifice). Sessions only *ask* awaited seats, but accept any legal action of a human seat.
* Free text (a hero's name, an answer to an Anchor's question, a narration) rides on the action in
  ``text``. A legal action that wants text says so in ``ask``; legality ignores the text itself.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

CHANCE = "chance"

Json = Any  # JSON-compatible value: str, int, float, bool, None, list, dict


class RuleError(Exception):
    """A move the rules forbid. ``rule`` names the rule; ``legal`` lists what may be done instead."""

    def __init__(self, rule: str, message: str, legal: Sequence[str] = ()) -> None:
        super().__init__(f"{message} (rule: {rule})")
        self.rule = rule
        self.message = message
        self.legal = list(legal)


class Action(BaseModel):
    """One decision: a seat's move or a chance outcome. Small, frozen, JSON round-trippable.

    ``kind`` and ``args`` identify the move; ``text`` is story text that rides on it and never
    affects legality; ``ask`` (only on legal-action templates) is the question to put to whoever
    must supply that text, and ``optional_text`` says an empty answer is fine.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    kind: str
    args: dict[str, Json] = Field(default_factory=dict)
    text: str = ""
    ask: str | None = None
    optional_text: bool = True

    def key(self) -> tuple[str, str, str]:
        """Identity for legality: seat, kind and args; the text does not count."""
        import json

        return (self.seat, self.kind, json.dumps(self.args, sort_keys=True))

    @classmethod
    def unchecked(cls, seat: str, kind: str, args: dict[str, Json] | None = None,
                  ask: str | None = None, optional_text: bool = True) -> "Action":
        """A legal-action template built without validation, for an engine's hot path (the
        engine vouches for its own JSON values; lists, not tuples). Equal to a validated one."""
        new = object.__new__(cls)
        fields = {"seat": seat, "kind": kind, "args": args if args is not None else {},
                  "text": "", "ask": ask, "optional_text": optional_text}
        fields_set = {"seat", "kind"} | {k for k, v in (("args", args), ("ask", ask))
                                         if v is not None}
        if not optional_text:
            fields_set.add("optional_text")
        object.__setattr__(new, "__dict__", fields)
        object.__setattr__(new, "__pydantic_fields_set__", fields_set)
        object.__setattr__(new, "__pydantic_extra__", None)
        object.__setattr__(new, "__pydantic_private__", None)
        return new

    def with_text(self, text: str) -> "Action":
        return self.model_copy(update={"text": text})

    def record(self) -> dict[str, Json]:
        """The form kept in journals: no template fields."""
        out: dict[str, Json] = {"seat": self.seat, "kind": self.kind}
        if self.args:
            out["args"] = self.args
        if self.text:
            out["text"] = self.text
        return out


class Chance(BaseModel):
    """What chance must decide now: ``count`` items from ``options``.

    ``distinct`` draws without replacement (cards: the outcome is an ordered list of distinct
    options); otherwise each item is drawn independently (dice). ``visible_to`` names the seats that
    may see the outcome (None: everyone). ``physical_seats`` are the seats whose player may supply
    the outcome from a real deck or real dice (empty: always sampled, e.g. a card dealt face down
    that the human must not see).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    what: str
    count: int
    options: tuple[str, ...]
    distinct: bool = True
    visible_to: tuple[str, ...] | None = None
    physical_seats: tuple[str, ...] = ()

    def check(self, items: Sequence[str]) -> None:
        """Raise RuleError unless ``items`` is a possible outcome."""
        if len(items) != self.count:
            raise RuleError(
                "chance", f"{self.what}: expected {self.count} item(s), got {len(items)}"
            )
        pool = list(self.options)
        for item in items:
            if item not in pool:
                raise RuleError(
                    "chance",
                    f"{self.what}: {item!r} cannot come up now",
                    legal=sorted(set(pool)),
                )
            if self.distinct:
                pool.remove(item)

    def outcome(self, items: Sequence[str]) -> Action:
        self.check(items)  # items are option strings: no validation is left to do
        return Action.unchecked(CHANCE, "chance", {"items": list(items)})


M = TypeVar("M", bound=BaseModel)


def replace(model: M, **changes: Any) -> M:
    """``model`` with ``changes``, like ``model.model_copy(update=changes)`` (a shallow copy, not
    validated) at a fraction of its cost: an engine's hot path makes one per move. The caller
    vouches that the new values have the fields' types (tuples where the model holds tuples)."""
    new = object.__new__(type(model))
    fields = model.__dict__.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | changes.keys())
    object.__setattr__(new, "__pydantic_extra__", model.__pydantic_extra__)
    object.__setattr__(new, "__pydantic_private__", model.__pydantic_private__)
    return new


class Event(BaseModel):
    """Something that happened, for narration and the journal. ``visible_to`` None = public."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    data: dict[str, Json] = Field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def seen_by(self, seat: str | None) -> bool:
        return seat is None or self.visible_to is None or seat in self.visible_to

    @classmethod
    def unchecked(cls, kind: str, data: dict[str, Json] | None = None,
                  visible_to: tuple[str, ...] | None = None) -> "Event":
        """An Event built without validation, for an engine's hot path: the caller vouches that
        ``data`` holds plain JSON values (lists, not tuples). Equal to the validated one."""
        new = object.__new__(cls)
        fields_set = {"kind", "data"} if visible_to is None else {"kind", "data", "visible_to"}
        object.__setattr__(new, "__dict__", {"kind": kind, "data": data if data is not None
                                             else {}, "visible_to": visible_to})
        object.__setattr__(new, "__pydantic_fields_set__", fields_set)
        object.__setattr__(new, "__pydantic_extra__", None)
        object.__setattr__(new, "__pydantic_private__", None)
        return new


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    summary: str
    scores: dict[str, float] = Field(default_factory=dict)


class Options(BaseModel):
    """Setup options every game understands; games may subclass with their own fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int | None = None


@runtime_checkable
class Game(Protocol):
    """A deterministic rules engine. Pure: no I/O, no randomness, never mutates its inputs."""

    name: ClassVar[str]  # "at-any-cost"
    title: ClassVar[str]  # "At Any Cost"
    seats: ClassVar[tuple[str, ...]]  # every seat the game can have
    default_human: ClassVar[str]  # the seat a player takes by default
    options_model: ClassVar[type[Options]]  # the game's setup options (Options or a subclass)
    blurb: ClassVar[str]  # one line for `companion games`

    def setup(self, options: Options) -> Any: ...

    def legal_actions(self, state: Any, seat: str) -> list[Action]: ...

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]: ...

    def view(self, state: Any, seat: str) -> dict[str, Json]: ...

    def secrets(self, state: Any, seat: str) -> set[str]:
        """Identifiers (card ids...) that must not appear anywhere in ``view(state, seat)``."""
        ...

    def to_move(self, state: Any) -> list[str]: ...

    def chance(self, state: Any) -> Chance: ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> Outcome: ...

    def describe(self, action: Action) -> str:
        """A short human label for a legal action, as listed by ``actions``."""
        ...

    def rules_digest(self) -> str:
        """A hash of the rules data the engine loaded (recorded in journal headers)."""
        ...
