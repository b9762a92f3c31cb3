"""What every phase of the High Stakes engine shares: names, events, the state copy, and the few
helpers more than one phase needs (a character's attribute as a source of dice, severities...).

The engine is one class, :class:`~.engine.HighStakes`, assembled from one mixin per phase of play
(creation, scenes, pool, dice, consequences, experience) plus views and labels; each mixin derives
from :class:`Base` so it can reach the rules and these helpers.
"""
from __future__ import annotations

import re
from typing import Any

from companion.core.game import Event

from . import data
from .model import Character, Pool, Roll, Source, State

ATTRS = data.ATTRIBUTES
FACES = ("1", "2", "3", "4", "5", "6")
ATTR_NAME = {"body": "Body", "mind": "Mind", "aura": "Aura"}

PLAYER_PHASES = {"create", "declare", "pool", "sixes", "tiebreak", "element", "experience"}
GM_PHASES = {"frame", "call", "stakes", "lose_relationship", "veto", "complication", "after"}
CHANCE_PHASES = {"roll", "explode", "tiebreak_roll"}

# Every kind of action a phase can ever hold (to tell "not now" from "not with these arguments").
PHASE_KINDS: dict[str, set[str]] = {
    "create": {"premade", "build", "attributes", "name", "concept", "trait_name",
               "relationship_name", "secret", "no_secret", "unique", "no_unique"},
    "frame": {"frame", "end_story", "reveal", "rest"},
    "declare": {"act", "contest", "move_on"},
    "call": {"no_roll", "roll", "reveal"},
    "stakes": {"attribute", "difficulty", "consequence", "advantage"},
    "pool": {"trait", "relationship", "secret", "unique", "raise", "heroic", "help", "lend",
             "join", "roll"},
    "sixes": {"keep", "explode", "cancel", "done"},
    "tiebreak": {"tiebreak", "draw"},
    "lose_relationship": {"lose"},
    "element": {"element", "skip_element"},
    "veto": {"accept_element", "veto"},
    "narrate": {"narrate"},
    "complication": {"complication"},
    "after": {"continue", "end_scene", "reveal", "end_story"},
    "experience": {"new_trait", "new_relationship", "very_good", "restore", "move_die",
                   "keep_dice"},
}


def _ev(event: str, /, **payload: Any) -> Event:
    return Event(kind=event, data=payload)


def _gm_ev(event: str, /, **payload: Any) -> Event:
    return Event(kind=event, data=payload, visible_to=("gm",))


def _copy(state: State) -> State:
    """A deep copy to work on (dump and re-validate: several times faster than deepcopy here)."""
    return State.model_validate(state.model_dump())


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24]


def attribute_splits(total: int = 8, lo: int = 1, hi: int = 4) -> list[tuple[int, int, int]]:
    """Every legal (body, mind, aura) split of the creation dice."""
    return [
        (b, m, total - b - m)
        for b in range(lo, hi + 1)
        for m in range(lo, hi + 1)
        if lo <= total - b - m <= hi
    ]


class Base:
    """The rules and the helpers shared by the phase mixins."""

    @property
    def rules(self) -> data.Rules:
        return data.load()

    @staticmethod
    def _has_relationship(c: Character) -> bool:
        return any(not r.lost for r in c.relationships)

    def _severity(self, kinds: list[str]) -> int:
        return sum(self.rules.consequences[k].bonus for k in kinds)

    def _attr_source(self, c: Character, attr: str) -> Source:
        return Source(kind="attribute", ref=attr, character=c.id, dice=c.current(attr),
                      label=f"{ATTR_NAME[attr]} {c.current(attr)}")

    def _pool_of(self, r: Roll, cid: str) -> Pool:
        for p in r.pools:
            if p.character == cid:
                return p
        raise KeyError(cid)

    def _added(self, s: State, pool: Pool, src: Source, **extra: Any) -> list[Event]:
        pool.sources.append(src)
        return [_ev("dice", character=pool.character, kind=src.kind, label=src.label, dice=src.dice,
                    pool=pool.size(), owner=src.character, ref=src.ref, **extra)]
