"""Becoming's content, read from ``rules/becoming/*.toml`` and validated.

The source is an outline of the book: the Hero card, the three Fate cards and the scene outlines
are not in it (GAMES.md §5, HOLE). Everything here is our own writing, marked ``source = "ours"``.
Loading checks what the rules need: at least three Assets of each kind on the Hero card (we ship
eight or more), one Fate card per Fate seat, and Quests of exactly nine scenes, each naming a Fate
as its Agent of Threat. A Quest may also come from a file a player drafted (``--quest FILE``):
:func:`quest_from_dict` validates it the same way.
"""
from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from companion.core.resources import rules_path
from companion.games.becoming.model import FATES, KINDS, PER_KIND, SCENES

Source = Literal["text", "ours"]
PLACES = ("water", "road", "hall", "underground")
Place = Literal["water", "road", "hall", "underground"]
Kind = Literal["virtue", "strength", "ally"]
FateSeat = Literal["spinner", "measurer", "shears"]
CostKind = Literal["subvert", "add_negative", "remove_positive"]


def rules_dir() -> Path:
    return rules_path("becoming")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AssetCard(_Strict):
    id: str
    name: str
    kind: Kind
    phrase: str  # a noun phrase with its article: "a steady hand", "Old Maren the ferrywoman"
    turned: tuple[str, ...] = Field(min_length=1)  # names a Fate may give it when subverted
    source: Source


class TraitWords(_Strict):
    bright: tuple[str, ...] = Field(min_length=4)  # names for positive Traits
    dark: tuple[str, ...] = Field(min_length=4)  # names for negative Traits


class HeroCard(_Strict):
    source: Source
    assets: tuple[AssetCard, ...]
    traits: dict[Kind, TraitWords]
    names: tuple[str, ...] = Field(min_length=3)  # names an AI Hero may take

    @model_validator(mode="after")
    def _enough(self) -> "HeroCard":
        ids = [a.id for a in self.assets]
        if len(ids) != len(set(ids)):
            raise ValueError("Asset ids on the Hero card must be unique")
        for kind in KINDS:
            n = sum(1 for a in self.assets if a.kind == kind)
            if n < PER_KIND:
                raise ValueError(f"the Hero card needs at least {PER_KIND} {kind} Assets, has {n}")
        return self


class Temper(_Strict):
    """How the offline Fate plays: read by the policy, written for each Fate's temperament."""

    back: float = Field(ge=0, le=1)  # how readily it backs the Agent instead of bargaining
    # what it bargains for (its want): the kinds of cost it asks, the first its favourite, and on
    # which Assets: those the Hero risks in the scene, those she keeps back, or any. The three
    # Fates' wants never meet, so two Tempters never name the same price in one scene.
    asks: tuple[CostKind, ...] = Field(min_length=1)
    on: Literal["any", "risked", "kept"] = "any"
    # when it backs the Agent rather than bargain: whenever backing pays it better ("priced"),
    # only when it has no bargain she would take ("no_bargain"), or when her dice could win ("hero_strong")
    backs: Literal["priced", "no_bargain", "hero_strong"] = "priced"

    @property
    def favourite(self) -> str:
        return self.asks[0]
    generosity: float = Field(ge=0.5, le=3)  # dice offered per cost asked
    timing: Literal["immediate", "delayed"]
    greed: int = Field(ge=1, le=3)  # how many costs it likes to ask


def wants_meet(a: Temper, b: Temper) -> bool:
    """Could two Fates with these wants ask the same cost of the Hero in one scene?"""
    if not set(a.asks) & set(b.asks):
        return False
    return not {a.on, b.on} == {"risked", "kept"}


def wanted(temper: dict, kind: str, risked: bool) -> bool:
    """Does a Fate of this temper (as a view carries it) ask this kind of cost of this Asset?"""
    return kind in temper["asks"] and temper["on"] in ("any", "risked" if risked else "kept")


class FateCard(_Strict):
    seat: FateSeat
    name: str
    title: str  # "the Spinner"
    pronoun: Literal["she", "he", "they"]
    temperament: str
    wants: str  # what it wants from the Hero
    avatar: str  # the NPC it speaks through, a noun phrase with its article
    avatar_name: str
    temper: Temper
    offer_lines: tuple[str, ...] = Field(min_length=3)  # speech when bargaining
    back_lines: tuple[str, ...] = Field(min_length=2)  # speech when backing the Agent
    intro_lines: tuple[str, ...] = Field(min_length=2)  # the avatar steps in (step 1), anywhere
    intro_at: dict[Place, tuple[str, ...]]  # ... or in a place of one kind (a boat, a hall)

    @model_validator(mode="after")
    def _every_place(self) -> "FateCard":
        missing = [p for p in PLACES if len(self.intro_at.get(p, ())) < 2]
        if missing:
            raise ValueError(f"{self.name}: intro_at needs two lines for each place, "
                             f"missing {', '.join(missing)}")
        return self
    source: Source


# The words that place a scene, by lemma (a scene's title, setup and elements): the first kind
# with most of its words present wins; none: the road.
PLACE_WORDS = {
    "underground": ("cave", "cavern", "tunnel", "mine", "crypt", "tomb", "dungeon", "underground",
                    "beneath", "cellar", "catacomb", "sewer", "deep", "dive", "drown"),
    "water": ("river", "lake", "sea", "mere", "boat", "ship", "flood", "swim", "shore", "wave",
              "water", "marsh", "harbour", "ferry", "row", "pond"),
    "hall": ("hall", "room", "temple", "hut", "house", "castle", "tower", "inn", "chamber",
             "cottage", "court", "palace", "church", "tavern", "library", "shop", "throne"),
}


def place_of(text: str) -> str:
    from companion.story.lemmas import lemma_set
    found = lemma_set(text)
    hits = {p: sum(1 for w in words if w in found) for p, words in PLACE_WORDS.items()}
    best = max(hits, key=lambda p: hits[p])
    return best if hits[best] else "road"


class Scene(_Strict):
    title: str
    # what kind of place it is told in (the avatars' entrances are chosen for it); a Quest drafted
    # or read from a file may leave it out: it is then read from the scene's words (:func:`place_of`)
    place: Place | None = None
    setup: str
    threat: str
    elements: tuple[str, ...] = Field(min_length=1)
    threat_dice: int = Field(ge=1, le=12)
    agent: FateSeat
    source: Source = "ours"
    # told instead when the Hero lost the scene before (a crown is not "in the Hero's hands" after
    # she lost it); empty: the same words either way
    setup_lost: str = ""
    threat_lost: str = ""
    elements_lost: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return self.place or place_of(" ".join((self.title, self.setup, *self.elements)))

    def told(self, lost_before: bool) -> tuple[str, str, tuple[str, ...]]:
        """(setup, threat, elements) as told after the scene before was won or lost."""
        if not lost_before:
            return self.setup, self.threat, self.elements
        return (self.setup_lost or self.setup, self.threat_lost or self.threat,
                self.elements_lost or self.elements)


class Quest(_Strict):
    id: str
    title: str
    premise: str
    source: Source = "ours"
    scenes: tuple[Scene, ...]

    @model_validator(mode="after")
    def _nine(self) -> "Quest":
        if len(self.scenes) != SCENES:
            raise ValueError(f"a Quest has exactly {SCENES} scenes, this one has "
                             f"{len(self.scenes)}")
        return self


class Rules(_Strict):
    _assets: dict = PrivateAttr(default_factory=dict)
    _fates: dict = PrivateAttr(default_factory=dict)
    _quests: dict = PrivateAttr(default_factory=dict)
    hero: HeroCard
    fates: tuple[FateCard, ...]
    quests: tuple[Quest, ...]
    digest: str = ""

    @model_validator(mode="after")
    def _index(self) -> "Rules":
        self._assets = {a.id: a for a in self.hero.assets}
        self._fates = {f.seat: f for f in self.fates}
        if sorted(self._fates) != sorted(FATES) or len(self.fates) != len(FATES):
            raise ValueError(f"one Fate card for each of {', '.join(FATES)}")
        for i, f in enumerate(self.fates):
            for g in self.fates[i + 1:]:
                if wants_meet(f.temper, g.temper):
                    raise ValueError(f"the wants of {f.name} and {g.name} meet: two Fates could "
                                     "offer the same price in one scene (temper: asks, on)")
        self._quests = {q.id: q for q in self.quests}
        if not self.quests:
            raise ValueError("at least one Quest")
        return self

    # The indexes are read straight from pydantic's private store: attribute access to private
    # fields goes through a slow __getattr__, and views read these thousands of times a game.
    def asset(self, aid: str) -> AssetCard:
        return self.__pydantic_private__["_assets"][aid]

    def fate(self, seat: str) -> FateCard:
        return self.__pydantic_private__["_fates"][seat]

    def quest(self, qid: str) -> Quest:
        return self._quests[qid]

    def has_quest(self, qid: str) -> bool:
        return qid in self._quests


def _load(name: str) -> dict:
    return tomllib.loads((rules_dir() / name).read_text(encoding="utf-8"))


@cache
def rules() -> Rules:
    files = ["hero.toml", "fates.toml"] + sorted(
        p.name for p in rules_dir().glob("quest_*.toml"))
    raw = {name: _load(name) for name in files}
    digest = hashlib.sha256("".join(
        (rules_dir() / name).read_text(encoding="utf-8") for name in files).encode()).hexdigest()
    quests = [raw[n] for n in files if n.startswith("quest_")]
    return Rules.model_validate({"hero": raw["hero.toml"], "fates": raw["fates.toml"]["fate"],
                                 "quests": quests, "digest": digest[:16]})


def quest_from_dict(data: dict) -> Quest:
    """A Quest drafted by a player (``--quest FILE``), validated like our own."""
    return Quest.model_validate(data)


def load_quest_file(path: str | Path) -> dict:
    """Read and validate a Quest file; the dict goes into the game's options."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ValueError(f"cannot read the Quest {path}: {err}") from err
    try:
        quest_from_dict(data)
    except ValueError as err:
        first = str(err).splitlines()
        raise ValueError(f"{path} is not a Quest the game can play: "
                         f"{' '.join(first[:3])}") from err
    return data
