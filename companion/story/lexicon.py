"""How a game's data names its things: noun phrases in explicit forms and adjectives.

In a rules TOML file each thing (a card, a place, an Anchor) gets an entry::

    [words.wild-beasts]
    np = ["pl: wild beasts", "a: pack of wolves", "a: boar with tusks like knives"]
    adj = ["hungry", "savage"]

``np`` are the ways the thing may be named in a sentence (see :class:`~companion.story.grammar.
Phrase` for the ``FORM: words`` notation), the first being its plain name; ``adj`` are adjectives
that may describe it. Both are checked on load: a phrase without its form, a stray article or
words that speak to the reader ("your") are refused with the entry named.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from companion.story.grammar import Phrase
from companion.story.template import Choice
from companion.story.weave import addresses_reader


class Words(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    np: tuple[Phrase, ...] = Field(min_length=1)
    adj: tuple[str, ...] = ()
    at: str = "at"  # for a place: the preposition its phrases take ("in", "on", "aboard")

    @field_validator("np", mode="before")
    @classmethod
    def _parse(cls, v: Any) -> Any:
        return tuple(Phrase.parse(x) if isinstance(x, str) else x for x in v)

    @field_validator("np")
    @classmethod
    def _not_to_reader(cls, v: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
        for p in v:
            if addresses_reader(p.words):
                raise ValueError(f"{p.words!r} speaks to the reader: write it in the third person")
        return v

    @field_validator("adj")
    @classmethod
    def _adjectives(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for word in v:
            if word != word.lower() or not word.strip() or len(word.split()) > 4:
                raise ValueError(f"adjective {word!r}: lower case, at most four words")
            if addresses_reader(word):
                raise ValueError(f"{word!r} speaks to the reader")
        return v

    @model_validator(mode="before")
    @classmethod
    def _where(cls, v: Any) -> Any:
        """Every phrase of a place takes the place's preposition (``at``)."""
        if isinstance(v, dict) and v.get("at", "at") != "at":
            where = v["at"]
            v = {**v, "np": [(Phrase.parse(x) if isinstance(x, str) else x).model_copy(
                update={"where": where}) for x in v.get("np", ())]}
        return v

    @property
    def name(self) -> Phrase:
        """The plain name: the first noun phrase."""
        return self.np[0]

    def any(self) -> Choice:
        """Every noun phrase, as alternatives for a template slot."""
        return Choice(self.np)

    def adjectives(self) -> Choice:
        return Choice(self.adj)
