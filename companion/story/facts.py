"""Facts made true in play, so that the offline voice never tells against them.

A fact is something the table established: the hero's name and pronouns, what an Anchor is in the
player's own words, a place revealed, an Anchor lost. Facts live in the game state (so replay,
undo and resume keep them without anything else to save); a game builds a :class:`FactBook` from
its public view for each beat and asks it before it speaks: :meth:`FactBook.holds` (still true:
"Wren still has the heirloom" may be said), :meth:`FactBook.ended` (once true, no longer: the
heirloom was lost, so it may only be remembered), and :meth:`FactBook.words` (the player's own
words for it, to quote back).
"""
from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict


class Fact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str  # what the fact is about: "anchor:heirloom", "place:2", "hero"
    text: str = ""  # the words that made it true (the player's answer, a name)
    by: str = ""  # the seat that made it true ("" = the rules)
    true: bool = True  # False once play has undone it (an Anchor lost)


class FactBook:
    """An immutable set of facts by key; later facts about a key replace earlier ones."""

    def __init__(self, facts: Iterable[Fact] = ()) -> None:
        self._facts: dict[str, Fact] = {}
        for fact in facts:
            self._facts[fact.key] = fact

    def establish(self, key: str, text: str = "", by: str = "") -> "FactBook":
        return FactBook([*self._facts.values(), Fact(key=key, text=text, by=by)])

    def end(self, key: str) -> "FactBook":
        """The fact stops being true (it stays known: what was lost is remembered)."""
        old = self._facts.get(key, Fact(key=key))
        return FactBook([*self._facts.values(), old.model_copy(update={"true": False})])

    def holds(self, key: str) -> bool:
        fact = self._facts.get(key)
        return fact is not None and fact.true

    def ended(self, key: str) -> bool:
        fact = self._facts.get(key)
        return fact is not None and not fact.true

    def words(self, key: str) -> str:
        fact = self._facts.get(key)
        return fact.text if fact else ""

    def keys(self, prefix: str = "", true: bool | None = None) -> list[str]:
        """Keys starting with ``prefix`` (in the order established), only true or only ended
        ones when ``true`` says so."""
        return [k for k, f in self._facts.items()
                if k.startswith(prefix) and (true is None or f.true == true)]

    def __len__(self) -> int:
        return len(self._facts)
