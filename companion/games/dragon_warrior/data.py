"""Dragon & Warrior's numbers, read from ``rules/dragon_warrior/*.toml`` and validated.

Unknown keys are rejected; the counts the rules print (10 spells, 5 consumables, 30 levels, three
role cards) are checked on load. Data is loaded when first asked for, never at import time.
"""
from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.resources import rules_path

Source = Literal["text", "ours"]
FILES = ("core.toml", "spells.toml", "items.toml", "roles.toml", "tables.toml", "world.toml")


def rules_file(name: str) -> Path:
    return rules_path("dragon_warrior", name)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Xp(_Strict):
    source: Source
    reading: Literal["cumulative"]
    next_level: tuple[int, ...] = Field(min_length=30, max_length=30)
    max_level: int


class Build(_Strict):
    str: int
    agi: int
    hp: int
    mp: int


class WarriorRules(_Strict):
    source: Source
    base_str: int
    base_agi: int
    base_hp: int
    base_mp: int
    points: int
    hp_per_point: int
    mp_per_point: int
    mp_per_spell: int
    default: Build
    level_up_points: int
    hand_base: int


class ConflictRules(_Strict):
    source: Source
    base_atk: int
    base_def: int
    base_hp: int
    base_mp: int
    points_per_level: int
    hp_per_point: int
    mp_per_point: int
    mp_per_spell: int
    hand_base: int
    hand_per_levels: int
    boss_points_per_level: int
    boss_source: Source
    levels_above: int
    levels_source: Source
    party_points_per_warrior_level: int


class Abilities(_Strict):
    source: Source
    fast_cost_per_level: int
    weakness_refund_per_level: dict[str, int]
    minion_cost_per_level: int


class Pouch(_Strict):
    source: Source
    per_level_and_str: int


class Tokens(_Strict):
    source: Source
    max_per_player: int
    per_player_in_middle: int
    swap_cost: int


class TownRules(_Strict):
    source: Source
    min_houses: int
    max_houses: int
    quest_rating_max: int


class Elements(_Strict):
    source: Source
    names: tuple[str, ...]
    # words that make a Quest item "proper" against a Weakness of that element (ours)
    words: dict[str, tuple[str, ...]] = {}
    fire_item: str = "fire"  # the element of Dragon's Fire: attacks under it count as that type

    @model_validator(mode="after")
    def _known(self):
        unknown = set(self.words) - set(self.names)
        if unknown:
            raise ValueError(f"[elements.words] names unknown elements: {sorted(unknown)}")
        return self


class Spell(_Strict):
    id: str
    name: str
    mp: int
    kind: Literal["attack", "heal", "draw", "spellblock", "regen", "map", "travel"]
    extra: int = 0
    cards: int = 0
    free: bool = False
    conflict: bool
    where: Literal["battle", "anywhere", "defence", "dungeon", "outside"]
    effect: str
    source: Source


class Consumable(_Strict):
    id: str
    name: str
    effect: str
    source: Source


class Slot(_Strict):
    slot: Literal["weapon", "armor", "offhand"]
    effect: str


class Role(_Strict):
    id: str
    name: str
    duties: tuple[str, ...]


class Text(_Strict):
    source: Source
    text: str


class Tables(_Strict):
    """The offline AI's tables (ours): words the Villain, Ally and Treasure build from."""

    source: Source
    towns: tuple[str, ...]
    residents: tuple[str, ...]
    areas: tuple[tuple[str, ...], ...]  # per level, names to pick from
    foes: tuple[tuple[str, ...], ...]  # per level
    foe_looks: tuple[str, ...]
    friends: tuple[str, ...]
    troubles: tuple[str, ...]
    quests: tuple[str, ...]
    quest_items: tuple[str, ...]
    consumable_names: dict[str, tuple[str, ...]]
    consumable_looks: dict[str, tuple[str, ...]]
    weapons: tuple[str, ...]
    armors: tuple[str, ...]
    offhands: tuple[str, ...]
    equipment_looks: tuple[str, ...]
    questions: dict[str, tuple[str, ...]]
    answers: tuple[str, ...]
    answers_to: dict[str, tuple[str, ...]]
    answers_by: dict[str, tuple[str, ...]] = {}  # a question of the player's own, by its words
    premise_quests: tuple[str, ...] = ()
    premise_signs: tuple[str, ...] = ()
    own_answers: dict[str, tuple[str, ...]] = {}  # the words an answer in the question's own
    # shape fills in (answer.py): things, fears, people, places, reasons, manners, and the verbs
    # whose object is a fear or a person
    place_looks: dict[str, tuple[str, ...]]
    take_up: dict[str, tuple[str, ...]] = {}  # a question on no topic of the town's, answered
    # in the asker's words (talk.take_up): by its question word, and the Villain's
    keepers: dict[str, str] = {}  # who speaks for a building of a town (inn: the innkeeper)
    sought: dict[str, tuple[str, ...]] = {}  # a building of the town and the kinds of things
    # (rules/reading/things.toml) one would look for there
    palette_yes: tuple[str, ...]
    palette_no: tuple[str, ...]
    names: tuple[str, ...]
    adjectives: tuple[str, ...]
    traits: tuple[str, ...]


class DungeonRules(_Strict):
    source: Source
    floors: tuple[int, int]
    min_rooms: int
    max_rooms: int
    rooms_per_floor: tuple[int, int]


class OutdoorRules(_Strict):
    source: Source
    pois_per_area: int
    areas_per_area: int
    max_areas: int
    dungeons_per_area: int


class LordRules(_Strict):
    source: Source
    level: int
    lair_area_level: int


class Obstacle(_Strict):
    text: str
    tags: tuple[str, ...]


class WorldTables(_Strict):
    """The offline Treasure's and Villain's words for the world beyond the town (ours)."""

    source: Source
    dungeons: tuple[str, ...]
    rooms: tuple[str, ...]
    pois: tuple[str, ...]
    dungeon_quests: tuple[str, ...]
    bosses: tuple[str, ...]
    obstacles: tuple[Obstacle, ...]
    tags: dict[str, tuple[str, ...]]


class Rules(_Strict):
    xp: Xp
    warrior: WarriorRules
    conflict: ConflictRules
    abilities: Abilities
    pouch: Pouch
    tokens: Tokens
    town: TownRules
    elements: Elements
    spells: tuple[Spell, ...]
    consumables: tuple[Consumable, ...]
    equipment: tuple[Slot, ...]
    roles: tuple[Role, ...]
    roles_source: Source
    opening: Text
    king: Text
    tables: Tables
    dungeon: DungeonRules
    outdoors: OutdoorRules
    lord: LordRules
    world: WorldTables
    digest: str

    @model_validator(mode="after")
    def _counts(self) -> "Rules":
        if len(self.spells) != 10 or len(self.consumables) != 5 or len(self.roles) != 4:
            raise ValueError("expected 10 spells, 5 consumables and 4 roles")
        ids = [s.id for s in self.spells]
        if len(set(ids)) != len(ids):
            raise ValueError("spell ids must be unique")
        xp = self.xp.next_level
        if any(b <= a for a, b in zip(xp, xp[1:])):
            raise ValueError("the XP chart must rise")
        return self

    def spell(self, sid: str) -> Spell:
        for s in self.spells:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def consumable(self, cid: str) -> Consumable:
        for c in self.consumables:
            if c.id == cid:
                return c
        raise KeyError(cid)

    @property
    def conflict_spells(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spells if s.conflict)


@cache
def rules() -> Rules:
    raw: dict = {}
    blob = b""
    for name in FILES:
        data = rules_file(name).read_bytes()
        blob += data
        raw[name] = tomllib.loads(data.decode())
    core, roles = raw["core.toml"], raw["roles.toml"]
    return Rules(
        xp=core["xp"], warrior=core["warrior"], conflict=core["conflict"],
        abilities=core["abilities"], pouch=core["pouch"], tokens=core["tokens"],
        town=core["town"], elements=core["elements"],
        spells=raw["spells.toml"]["spell"], consumables=raw["items.toml"]["consumable"],
        equipment=raw["items.toml"]["equipment"], roles=roles["role"],
        roles_source=roles["source"], opening=roles["opening"], king=roles["king"],
        tables=raw["tables.toml"], dungeon=raw["world.toml"]["dungeon"],
        outdoors=raw["world.toml"]["outdoors"], lord=raw["world.toml"]["lord"], world=raw["world.toml"]["offline"], digest=hashlib.sha256(blob).hexdigest()[:16])
