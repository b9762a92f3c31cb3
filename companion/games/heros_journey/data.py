"""The Hero's Journey's cards, suits and table rules, read from ``rules/heros_journey/*.toml``.

Loaded explicitly on first use (never at import) and validated: unknown keys are refused, the deck
must be the 45 cards of the extended Decktet with every suit on 14 of them, and the split the setup
text describes (13 event-line cards, 14 Mentors, 11 Places, 7 Challenge cards) must come out.
"""
from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from companion.core.resources import rules_path

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
Suit = Literal["moons", "suns", "waves", "leaves", "wyrms", "knots"]
Role = Literal["challenge", "mentor", "place", "event", "ending"]
STAGE_CARDS = ("origin", "journey", "battle", "discovery", "market", "chance-meeting",
               "betrayal", "pact")  # stages 2..9, in order
ENDINGS = ("end", "calamity", "windfall")
ORIGINS = ("rite", "harvest")


def rules_dir() -> Path:
    return rules_path("heros_journey")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(_Strict):
    id: str
    name: str
    rank: int = Field(ge=0, le=10)
    face: str
    suits: tuple[Suit, ...]
    role: Role
    stage: int | None = None


class SuitInfo(_Strict):
    id: Suit
    name: str
    token: str
    quality: str
    source: Literal["text", "ours"]


class Table(_Strict):
    tokens_per_suit: int
    start_tokens: int
    rite_moons: int
    prophecy_top_cost: int
    travel_costs: tuple[int, int, int]
    pact_suns: int
    pact_moons: int
    hand_limit: int
    first_player: Literal["lot"]
    max_rounds: int = Field(ge=1)
    offers_per_rival: int = Field(ge=0)


class Rules(_Strict):
    cards: tuple[Card, ...]
    suits: tuple[SuitInfo, ...]
    table: Table
    digest: str
    _by_id: dict = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> "Rules":
        if len(self.cards) != 45:
            raise ValueError(f"expected the 45 cards of the extended deck, found {len(self.cards)}")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != 45:
            raise ValueError("card ids must be unique")
        if tuple(s.id for s in self.suits) != SUITS:
            raise ValueError(f"suits must be {SUITS} in that order")
        for suit in SUITS:
            n = sum(suit in c.suits for c in self.cards)
            if n != 14:
                raise ValueError(f"{suit} must be on 14 cards, found {n}")
        roles = {r: sum(c.role == r for c in self.cards) for r in
                 ("challenge", "mentor", "place", "event", "ending")}
        if roles != {"challenge": 7, "mentor": 14, "place": 11, "event": 10, "ending": 3}:
            raise ValueError(f"the deck split is wrong: {roles}")
        stages = {c.id: c.stage for c in self.cards if c.role in ("event", "ending")}
        want = {"rite": 1, "harvest": 1, **{s: i + 2 for i, s in enumerate(STAGE_CARDS)},
                **{e: 10 for e in ENDINGS}}
        if stages != want:
            raise ValueError(f"event line stages are wrong: {stages}")
        return self

    def model_post_init(self, _context: object) -> None:
        self._by_id = {c.id: c for c in self.cards}

    def card(self, card_id: str) -> Card:
        return card_index()[card_id]

    def is_card(self, card_id: str) -> bool:
        return card_id in self._by_id

    def role(self, role: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.role == role)

    def suit(self, suit: str) -> SuitInfo:
        return self.suits[SUITS.index(suit)]


def load_rules(directory: Path | None = None) -> Rules:
    directory = directory or rules_dir()
    digest = hashlib.sha256()
    raw: dict = {}
    for fname, keys in (("cards.toml", {"card"}), ("game.toml", {"suit", "table"})):
        blob = (directory / fname).read_bytes()
        digest.update(fname.encode() + b"\0" + blob)
        data = tomllib.loads(blob.decode())
        unknown = set(data) - keys
        if unknown:
            raise ValueError(f"{fname}: unknown top-level keys {sorted(unknown)}")
        raw.update(data)
    return Rules.model_validate({"cards": raw["card"], "suits": raw["suit"],
                                 "table": raw["table"], "digest": digest.hexdigest()[:16]})


@cache
def rules() -> Rules:
    """The shipped rules, loaded once on first use."""
    return load_rules()


@cache
def card_index() -> dict[str, Card]:
    """id -> Card as a plain dict (a pydantic private attribute is slow to reach)."""
    return {c.id: c for c in rules().cards}


class HeroInfo(_Strict):
    seat: str
    name: str
    pronouns: str
    manner: str
    rite: str
    harvest: str
    advance: tuple[str, ...]
    contest: tuple[str, ...]
    offer: tuple[str, ...]
    refuse: tuple[str, ...]
    beaten: tuple[str, ...]


class Story(_Strict):
    heroes: tuple[HeroInfo, ...]
    templates: dict[str, tuple[str, ...]]

    def hero(self, seat: str) -> HeroInfo:
        return next(h for h in self.heroes if h.seat == seat)


@cache
def story() -> Story:
    """The Heroes' names and voices and the narrator's templates (story text, not rules)."""
    heroes = tomllib.loads((rules_dir() / "heroes.toml").read_text())
    tmpl = tomllib.loads((rules_dir() / "story.toml").read_text())
    return Story.model_validate({"heroes": heroes["hero"], "templates": tmpl["templates"]})


# Who the player said their Hero is lives in the state (``persona``: seat -> name, pronouns, about)
# and flows from there as an argument: the names the player gave (``given_names``) ride on every
# event of that race (the small print reads them there), the view carries each Hero's name,
# pronouns and what was said of them (commands, narration and the journal read them there). Nothing
# here remembers a race: a call that is given no names names every Hero as the seat's own.
Names = Mapping[str, str]  # seat -> the Hero's name, where one was given (else the seat's own)
NO_NAMES: Names = MappingProxyType({})


def given_names(persona: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """seat -> the name the player gave that Hero (only the seats given one)."""
    return {s: p["name"] for s, p in persona.items() if p.get("name")}


def view_names(view: Mapping[str, Any]) -> dict[str, str]:
    """seat -> each Hero's name as a view shows it (the given one, else the seat's own)."""
    return {h["seat"]: h["name"] for h in view.get("heroes", ())}


def hero_name(seat: str | None, names: Names) -> str:
    """The Hero in ``seat``: the name in ``names``, else the seat's own ("Wren")."""
    if seat is None:
        return "nobody"
    said = names.get(seat)
    if said:
        return said
    try:
        return story().hero(seat).name
    except StopIteration:
        return seat


def story_name(seat: str | None, names: Names) -> str:
    """How the story calls a Hero once it has been introduced: the first word of a name the
    player gave in several ("Ottilie" for "Ottilie Marsh"); the seat's own name whole ("Old
    Marrow")."""
    name = hero_name(seat, names)
    own = hero_name(seat, NO_NAMES)
    return name.split()[0] if name != own and len(name.split()) > 1 else name


def hero_pronouns(seat: str, said: Mapping[str, str]) -> str:
    """The Hero's pronouns as written ("she/her"): those in ``said`` (what the player said of
    this Hero), else the seat's own."""
    if said.get("pronouns"):
        return said["pronouns"]
    try:
        return story().hero(seat).pronouns
    except StopIteration:
        return "they/them"
