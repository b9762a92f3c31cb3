"""At Any Cost's cards and tables, read from ``rules/at_any_cost/*.toml`` and validated.

Unknown keys are rejected, every id is unique across all decks (journals and views name cards by
id), and the counts the rules print (5 stages, 14 locations of which 4 seeds, 12 anchors, 40 + 32
cards, a story seed for every ordered pair of seed locations) are checked on load.
"""
from __future__ import annotations

import hashlib
import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.resources import rules_path

TAGS = ("Tool", "Ally", "Body", "Mind", "Soul", "Luck")
Tag = Literal["Tool", "Ally", "Body", "Mind", "Soul", "Luck"]
Source = Literal["text", "ours"]


def rules_dir() -> Path:
    return rules_path("at_any_cost")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Stage(_Strict):
    number: int = Field(ge=1, le=5)
    name: str
    antagonist_draw: int
    protagonist_draw: int
    hand_limit: int
    tags: tuple[Tag, ...] = Field(min_length=1)
    source: Source


class Location(_Strict):
    id: str
    name: str
    seed: bool = False
    tags: tuple[Tag, ...] = Field(min_length=1)
    source: Source
    keywords: tuple[str, ...] = Field(min_length=1)


class Card(_Strict):
    id: str
    name: str
    value: int = Field(ge=1, le=3)
    tags: tuple[Tag, ...] = Field(min_length=1)
    source: Source
    keywords: tuple[str, ...] = Field(min_length=1)


class Anchor(_Strict):
    id: str
    name: str
    questions: tuple[str, ...] = Field(min_length=1)
    themes: tuple[Tag, ...]


class StorySeed(_Strict):
    start: str
    end: str
    premise: str
    want: str = ""  # what the hero goes for (ours): the climax and the epilogue come back to it


class Rules(_Strict):
    stages: tuple[Stage, ...]
    locations: tuple[Location, ...]
    anchors: tuple[Anchor, ...]
    protagonist: tuple[Card, ...]
    antagonist: tuple[Card, ...]
    seeds: tuple[StorySeed, ...]
    digest: str

    @model_validator(mode="after")
    def _counts(self) -> "Rules":
        expect = {"stages": 5, "locations": 14, "anchors": 12, "protagonist": 32, "antagonist": 40}
        for field, n in expect.items():
            got = len(getattr(self, field))
            if got != n:
                raise ValueError(f"{field}: expected {n} entries, found {got}")
        if [s.number for s in self.stages] != [1, 2, 3, 4, 5]:
            raise ValueError("stages must be numbered 1 to 5 in order")
        seeds = [loc.id for loc in self.locations if loc.seed]
        if len(seeds) != 4:
            raise ValueError(f"expected 4 seed locations, found {len(seeds)}")
        ids = [x.id for group in (self.locations, self.anchors, self.protagonist, self.antagonist)
               for x in group]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"ids must be unique across decks: {dupes}")
        pairs = {(s.start, s.end) for s in self.seeds}
        wanted = {(a, b) for a in seeds for b in seeds if a != b}
        if pairs != wanted or len(self.seeds) != 12:
            raise ValueError(f"story seeds must cover each ordered pair once; missing {wanted - pairs}")
        return self

    # Lookup tables, built once: the engine and the AI ask for cards thousands of times a game.
    # Cached properties, not pydantic private attributes: those are read through the model's
    # __getattr__ (an AttributeError raised and caught on every read), which was a third of an
    # offline autoplay's time; these are plain attributes once built (no fields, no equality).
    @cached_property
    def _cards(self) -> dict[str, Card]:
        return {c.id: c for c in self.protagonist + self.antagonist}

    @cached_property
    def _locs(self) -> dict[str, Location]:
        return {loc.id: loc for loc in self.locations}

    @cached_property
    def _anchors(self) -> dict[str, Anchor]:
        return {a.id: a for a in self.anchors}

    # -- lookups -----------------------------------------------------------------------------
    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def location(self, loc_id: str) -> Location:
        return self._locs[loc_id]

    def anchor(self, anchor_id: str) -> Anchor:
        return self._anchors[anchor_id]

    def stage(self, number: int) -> Stage:
        return self.stages[number - 1]

    def story_seed(self, start: str, end: str) -> StorySeed:
        return next(s for s in self.seeds if (s.start, s.end) == (start, end))

    def name_of(self, any_id: str) -> str:
        for table in (self._cards, self._locs, self._anchors):
            if any_id in table:
                return table[any_id].name
        raise KeyError(any_id)


FILES = {
    "stages": ("stages.toml", "stage"),
    "locations": ("locations.toml", "location"),
    "anchors": ("anchors.toml", "anchor"),
    "protagonist": ("protagonist.toml", "card"),
    "antagonist": ("antagonist.toml", "card"),
    "seeds": ("story_seeds.toml", "seed"),
}


def load_rules(directory: Path | None = None) -> Rules:
    """Read and validate the TOML files (raises pydantic.ValidationError naming the bad entry)."""
    directory = directory or rules_dir()
    raw: dict[str, object] = {}
    digest = hashlib.sha256()
    for field, (fname, table) in FILES.items():
        blob = (directory / fname).read_bytes()
        digest.update(fname.encode() + b"\0" + blob)
        data = tomllib.loads(blob.decode())
        unknown = set(data) - {table}
        if unknown:
            raise ValueError(f"{fname}: unknown top-level keys {sorted(unknown)}")
        raw[field] = data.get(table, [])
    return Rules.model_validate({**raw, "digest": digest.hexdigest()[:16]})


@cache
def rules() -> Rules:
    """The shipped rules, loaded once on first use (never at import)."""
    return load_rules()
