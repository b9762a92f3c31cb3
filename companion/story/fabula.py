"""The fabula of a session: what the story holds so far, as data (STORY.md §1).

Narratology separates the fabula (what happened) from its telling. A :class:`Fabula` is a frozen
value built from the journal's beats by one small adapter per game
(``companion/games/<game>/fabula.py``: ``feed(fabula, beat) -> Fabula``); the session feeds it after
every applied step and rebuilds it by replay, so undo, resume and snapshots keep it with nothing new
to save. Every builder returns a new Fabula; nothing changes in place.

* **cast**: who is present, with names and pronouns (:class:`Person`);
* **stakes**: what the player said is at stake or what they try, in their own words
  (:class:`Stake`), open until a beat resolves it;
* **facts**: what the table made true (:class:`~companion.story.facts.Fact`), kept once ended;
* **outcomes**: each contest's result and cost (:class:`Outcome`);
* **threads**: what is open (a capture, a retreat, a promise, a debt) until the story closes it.

:meth:`Fabula.digest` is the bounded plain text a model's prompt carries (STORY.md §6).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.story.facts import Fact
from companion.story.pronouns import THEY, Pronouns
from companion.story.template import Character

Result = Literal["", "won", "lost", "mixed"]
HERO = "hero"  # the cast key of the player's hero, by convention


class Person(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    name: str
    pronouns: Pronouns = THEY
    role: str = ""
    present: bool = True

    def character(self) -> Character:
        return Character(name=self.name, pronouns=self.pronouns)


class Stake(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    by: str  # the seat that stated it
    words: str  # the player's own words, cleaned
    about: str = ""  # an optional short key ("supplies", "anchor:heirloom", "stage-3")
    opened: int = 0  # the step it was stated at
    result: Result = ""
    closed: int | None = None
    taken_up: bool = False

    @property
    def open(self) -> bool:
        return not self.result


class Outcome(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    step: int
    scene: str = ""
    kind: str  # what was decided: "stage", "contest", "capture"...
    winner: str = ""
    loser: str = ""
    won: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    by: str = ""  # what decided it ("sacrifice", "fold", a card...)


class Thread(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    kind: str  # capture, retreat, promise, debt, quest-item...
    text: str = ""
    opened: int = 0
    open: bool = True


class Fabula(BaseModel):
    """What the story holds. Frozen: every builder returns a new Fabula."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cast: dict[str, Person] = Field(default_factory=dict)
    stakes: tuple[Stake, ...] = ()
    facts: dict[str, Fact] = Field(default_factory=dict)
    outcomes: tuple[Outcome, ...] = ()
    threads: dict[str, Thread] = Field(default_factory=dict)
    place: str = ""
    scene: str = ""
    over: bool = False  # the story has ended (``end()``); ``ended(key)`` asks about a fact

    def _with(self, **update) -> "Fabula":
        return self.model_copy(update=update)

    # -- builders ------------------------------------------------------------------------------
    def meet(self, person: Person) -> "Fabula":
        """``person`` joins (or is updated in) the cast."""
        return self._with(cast={**self.cast, person.key: person})

    def leave(self, key: str) -> "Fabula":
        if key not in self.cast:
            return self
        gone = self.cast[key].model_copy(update={"present": False})
        return self._with(cast={**self.cast, key: gone})

    def state_stake(self, id: str, by: str, words: str, about: str = "",
                    step: int = 0) -> "Fabula":
        """The player states what is at stake (a stake with the same id is replaced)."""
        words = " ".join(words.split())
        if not words:
            return self
        stake = Stake(id=id, by=by, words=words, about=about, opened=step)
        return self._with(stakes=tuple(s for s in self.stakes if s.id != id) + (stake,))

    def resolve_stake(self, id: str, result: Result, step: int = 0) -> "Fabula":
        return self._with(stakes=tuple(
            s.model_copy(update={"result": result, "closed": step})
            if s.id == id and s.open else s for s in self.stakes))

    def take_up(self, id: str) -> "Fabula":
        return self._with(stakes=tuple(s.model_copy(update={"taken_up": True}) if s.id == id
                                       else s for s in self.stakes))

    def establish(self, key: str, text: str = "", by: str = "") -> "Fabula":
        return self._with(facts={**self.facts, key: Fact(key=key, text=text, by=by)})

    def end_fact(self, key: str) -> "Fabula":
        """The fact stops being true; it stays known (what was lost is remembered)."""
        old = self.facts.get(key, Fact(key=key))
        return self._with(facts={**self.facts, key: old.model_copy(update={"true": False})})

    def record(self, outcome: Outcome) -> "Fabula":
        return self._with(outcomes=self.outcomes + (outcome,))

    def open_thread(self, id: str, kind: str, text: str = "", step: int = 0) -> "Fabula":
        thread = Thread(id=id, kind=kind, text=text, opened=step)
        return self._with(threads={**self.threads, id: thread})

    def close_thread(self, id: str) -> "Fabula":
        if id not in self.threads:
            return self
        closed = self.threads[id].model_copy(update={"open": False})
        return self._with(threads={**self.threads, id: closed})

    def at(self, place: str | None = None, scene: str | None = None) -> "Fabula":
        return self._with(place=self.place if place is None else place,
                          scene=self.scene if scene is None else scene)

    def end(self) -> "Fabula":
        return self._with(over=True)

    # -- queries -------------------------------------------------------------------------------
    def open_stakes(self) -> list[Stake]:
        return [s for s in self.stakes if s.open]

    def stake(self, id: str) -> Stake | None:
        return next((s for s in self.stakes if s.id == id), None)

    def holds(self, key: str) -> bool:
        fact = self.facts.get(key)
        return fact is not None and fact.true

    def ended(self, key: str) -> bool:
        """Once true, no longer (an Anchor lost): it may only be remembered."""
        fact = self.facts.get(key)
        return fact is not None and not fact.true

    def words(self, key: str) -> str:
        fact = self.facts.get(key)
        return fact.text if fact else ""

    def fact_keys(self, prefix: str = "", true: bool | None = None) -> list[str]:
        return [k for k, f in self.facts.items()
                if k.startswith(prefix) and (true is None or f.true == true)]

    def present(self) -> list[str]:
        return [k for k, p in self.cast.items() if p.present]

    def hero(self) -> Person | None:
        return self.cast.get(HERO)

    def character(self, key: str = HERO) -> Character:
        person = self.cast.get(key)
        return person.character() if person else Character(name="the hero")

    def open_threads(self, kind: str | None = None) -> list[Thread]:
        return [t for t in self.threads.values() if t.open and (kind is None or t.kind == kind)]

    def last_outcome(self) -> Outcome | None:
        return self.outcomes[-1] if self.outcomes else None

    # -- for a model's prompt ------------------------------------------------------------------
    def digest(self, max_chars: int = 700) -> str:
        """A bounded plain-text summary: the last outcome, stakes in the player's words, facts
        made true, open threads; newest first within each part, cut whole lines at the bound."""
        lines: list[str] = []
        hero = self.hero()
        if hero:
            lines.append(f"Hero: {hero.name} ({hero.pronouns.label()})"
                         + (f", at {self.place}" if self.place else ""))
        last = self.last_outcome()
        if last:
            cost = "; ".join(x for x in (
                f"won {', '.join(last.won)}" if last.won else "",
                f"lost {', '.join(last.lost)}" if last.lost else "",
                f"kept {', '.join(last.kept)}" if last.kept else "") if x)
            lines.append(f"Last outcome ({last.scene or last.kind}): "
                         f"{last.winner or 'nobody'} prevailed" + (f" by {last.by}" if last.by
                                                                   else "")
                         + (f"; {cost}" if cost else ""))
        for s in reversed(self.stakes):
            state = "open" if s.open else s.result
            lines.append(f"Stake ({state}): “{s.words}”")
        for f in reversed(list(self.facts.values())):
            if f.text:
                lines.append(f"{'True' if f.true else 'No longer true'}: {f.key}: {f.text}")
            elif not f.true:
                lines.append(f"No longer true: {f.key}")
        for t in reversed(self.open_threads()):
            lines.append(f"Open thread ({t.kind}): {t.text or t.id}")
        out, size = [], 0
        for line in lines:
            if size + len(line) + 1 > max_chars:
                break
            out.append(line)
            size += len(line) + 1
        return "\n".join(out)
