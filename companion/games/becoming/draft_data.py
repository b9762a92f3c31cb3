"""The tables a drafted Quest is built from (``rules/becoming/draft.toml``), validated on load.

Nine beats (each a scene's role in the arc, its Threat dice and templates for title, Setup, Threat
and Elements) and settings (each a set of named slots, every slot a list of noun phrases in the
story toolkit's ``FORM: words`` notation, and the premise words that point to it). Loading checks
what drafting relies on: nine beats with rising dice, every template well formed and naming only
slots a setting or the premise provides, every setting filling every slot the beats name, and
enough sights for one per scene without repeats.
"""
from __future__ import annotations

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from companion.core.resources import rules_path
from companion.games.becoming.model import SCENES
from companion.story.grammar import Phrase
from companion.story.template import slots

PREMISE_SLOTS = ("who", "deed", "goal", "pressure")
SIGHT = "sight"  # a fresh sight for each scene, drawn from the setting's `sights`


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Beat(_Strict):
    role: str
    dice: int = Field(ge=1, le=12)
    title: tuple[str, ...] = Field(min_length=1)
    setup: tuple[str, ...] = Field(min_length=1)
    threat: tuple[str, ...] = Field(min_length=1)
    elements: tuple[tuple[str, ...], ...] = Field(min_length=1)

    def templates(self) -> list[str]:
        return [*self.title, *self.setup, *self.threat, *(t for alt in self.elements for t in alt)]

    @model_validator(mode="after")
    def _plain_fallbacks(self) -> "Beat":
        # a premise may give no who, deed or pressure: each field needs a template without them
        for name in ("title", "setup", "threat"):
            if not any(not (set(slots(t)) & {"who", "deed", "pressure"})
                       for t in getattr(self, name)):
                raise ValueError(f"beat {self.role!r}: {name} needs a template that uses no "
                                 "{who}, {deed} or {pressure}")
        return self


class Setting(_Strict):
    keys: tuple[str, ...] = Field(min_length=3)
    sights: tuple[Phrase, ...] = Field(min_length=SCENES)
    slots: dict[str, tuple[Phrase, ...]]

    @model_validator(mode="before")
    @classmethod
    def _gather(cls, data: dict) -> dict:
        data = dict(data)
        fixed = {k: data.pop(k) for k in ("keys", "sights") if k in data}
        return {**fixed, "slots": data}

    @field_validator("sights", mode="before")
    @classmethod
    def _parse_sights(cls, v):
        return tuple(Phrase.parse(x) for x in v)

    @field_validator("slots", mode="before")
    @classmethod
    def _parse_slots(cls, v: dict):
        out = {}
        for name, phrases in v.items():
            if not isinstance(phrases, list) or not phrases:
                raise ValueError(f"slot {name!r}: a list of phrases (\"a: sea cave\")")
            out[name] = tuple(Phrase.parse(x) for x in phrases)
        return out


class Tables(_Strict):
    source: str
    beat: tuple[Beat, ...]
    setting: dict[str, Setting]

    @model_validator(mode="after")
    def _complete(self) -> "Tables":
        if len(self.beat) != SCENES:
            raise ValueError(f"{SCENES} beats, one per scene; there are {len(self.beat)}")
        dice = [b.dice for b in self.beat]
        if dice != sorted(dice):
            raise ValueError(f"the beats' Threat dice must rise through the Quest: {dice}")
        for sid, setting in self.setting.items():
            known = set(setting.slots) | set(PREMISE_SLOTS) | {SIGHT}
            for beat in self.beat:
                for t in beat.templates():
                    missing = set(slots(t)) - known
                    if missing:
                        raise ValueError(f"setting {sid!r} has no slot {sorted(missing)} that "
                                         f"the template {t!r} names")
            if "prize" not in setting.slots:
                raise ValueError(f"setting {sid!r} needs a `prize` (the goal of a premise that "
                                 "names none)")
        return self


@cache
def tables() -> Tables:
    path = rules_path("becoming", "draft.toml")
    return Tables.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
