"""High Stakes' words: the narration data (``rules/high_stakes/narration.toml``): how the
offline voice says creation, a declaration, the dice, a success or a failure and the GM's own
lines. Loaded once, validated on load."""
from __future__ import annotations

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict

from .data import RULES_DIR


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Create(_M):
    secrets: list[str]
    uniques: list[str]


class Declare(_M):
    body: list[str]
    mind: list[str]
    aura: list[str]
    contest: list[str]
    move_on: list[str]
    rest: list[str]


class PoolWords(_M):
    secret: str
    unique: str
    heroic: str
    help: str
    join: str


class Success(_M):
    plain: list[str]
    complicated: list[str]
    partial: list[str]
    contest: list[str]
    draw: list[str]


class Failure(_M):
    plain: list[str]
    tried: list[str]  # a lone Nightblade's own attempt taken up: "Ash tries to {label}, but ..."
    again: list[str]
    told: dict[str, list[str]]


class GmWords(_M):
    no_roll: list[str]
    no_roll_done: list[str]
    no_roll_immune: list[str]
    no_roll_barred: list[str]
    no_roll_exit: list[str]
    take_up: list[str]  # a deed done for someone, taken up before their reply ({who}, {thing})
    # "continue" is a Python-ish word in TOML only; the field keeps it
    continue_: list[str]
    end_scene: list[str]
    open_frame: list[str]
    veto: str
    difficulty_open: str
    consequence_open: str

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              alias_generator=lambda n: "continue" if n == "continue_" else n)


class Experience(_M):
    traits: list[str]
    relationships: list[str]


class Narration(_M):
    create: Create
    declare: Declare
    raise_: dict[str, list[str]]
    raise_again: dict[str, list[str]]
    pool: PoolWords
    element: dict[str, list[str]]
    success: Success
    failure: Failure
    gm: GmWords
    reveal: dict[str, str]
    ending: dict[str, str]
    experience: Experience

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              alias_generator=lambda n: "raise" if n == "raise_" else n)


@cache
def words() -> Narration:
    doc = tomllib.loads((RULES_DIR / "narration.toml").read_text(encoding="utf-8"))
    return Narration.model_validate(doc)
