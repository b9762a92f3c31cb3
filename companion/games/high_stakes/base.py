"""What every phase of the High Stakes engine shares: names, events, the state copy, and the few
helpers more than one phase needs (a character's attribute as a source of dice, severities...).

The engine is one class, :class:`~.engine.HighStakes`, assembled from one mixin per phase of play
(creation, scenes, pool, dice, consequences, experience) plus views and labels; each mixin derives
from :class:`Base` so it can reach the rules and these helpers.
"""
from __future__ import annotations

import re
from typing import Any

from companion.core.game import Action, Event

from . import data
from .model import Character, Pool, Roll, Source, State

ATTRS = data.ATTRIBUTES
FACES = ("1", "2", "3", "4", "5", "6")
ATTR_NAME = {"body": "Body", "mind": "Mind", "aura": "Aura"}

PLAYER_PHASES = {"create", "between", "declare", "pool", "sixes", "tiebreak", "element", "experience"}
GM_PHASES = {"frame", "call", "stakes", "judge", "lose_relationship", "veto", "complication", "after"}
CHANCE_PHASES = {"roll", "explode", "tiebreak_roll"}

# Every kind of action a phase can ever hold (to tell "not now" from "not with these arguments").
PHASE_KINDS: dict[str, set[str]] = {
    "create": {"premade", "build", "attributes", "name", "concept", "trait_name",
               "relationship_name", "secret", "no_secret", "unique", "no_unique"},
    "frame": {"frame", "end_story", "reveal", "rest"},
    "between": {"rest", "go_on"},
    "declare": {"act", "contest", "move_on"},
    "call": {"no_roll", "roll", "reveal"},
    "stakes": {"attribute", "difficulty", "consequence", "advantage"},
    "pool": {"trait", "relationship", "secret", "unique", "raise", "heroic", "help", "lend",
             "join", "share", "part", "roll"},
    "judge": {"allow", "refuse"},
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


def ev(event: str, /, **payload: Any) -> Event:
    return _event(event, payload, None)


def gm_ev(event: str, /, **payload: Any) -> Event:
    return _event(event, payload, ("gm",))


def _event(kind: str, data: dict[str, Any], visible_to: tuple[str, ...] | None) -> Event:
    """An Event built without validation (the engine's payloads are plain JSON values)."""
    new = object.__new__(Event)
    object.__setattr__(new, "__dict__", {"kind": kind, "data": data, "visible_to": visible_to})
    object.__setattr__(new, "__pydantic_fields_set__",
                       {"kind", "data"} if visible_to is None else {"kind", "data", "visible_to"})
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_set = object.__setattr__
_new = object.__new__


def _model(value: Any, plan: tuple[tuple[str, Any], ...]) -> Any:
    """A copy of one model, without re-validation: each field in ``plan`` is copied its own way,
    every other field (a scalar, or a value the engine replaces but never edits) is shared."""
    fields = value.__dict__.copy()
    for name, how in plan:
        v = fields[name]
        if v is not None:
            fields[name] = how(v)
    new = _new(type(value))
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", value.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def _models(plan: tuple[tuple[str, Any], ...]) -> Any:
    return lambda items: [_model(x, plan) for x in items]


# How each model's fields are copied when the engine copies a state to work on. The rule that makes
# this cheap: a list held by the state, a roll or a pool (the history, the secrets revealed, the
# dice, the sources...) is never edited in place: a handler assigns a new list (``s.facts =
# [*s.facts, fact]``), so a copy may share the old one. A field left out here is shared as it is;
# the characters are copied on write (Base._own); tests/high_stakes/test_values.py checks that no
# apply of any legal move changes the state it was given.
_FLAT: tuple[tuple[str, Any], ...] = ()
_CHARACTER = (("base", dict), ("loss", dict), ("traits", _models(_FLAT)),
              ("relationships", _models(_FLAT)))
_ROLL = (("pools", _models(_FLAT)),)
_DRAFT = (("base", dict), ("traits", list), ("relationships", list))
_STATE = (
    ("draft", lambda d: _model(d, _DRAFT)),
    # the scene: replaced (model_copy with the change), never edited
    ("roll", lambda r: _model(r, _ROLL)),
)


def copy_state(state: State) -> State:
    """The state to work on: a deep copy as far as the engine ever edits it in place (checked by
    the conformance suite: ``apply`` never changes the state it was given), except that the
    characters are shared until a handler asks for one it will change (:meth:`Base._own`). While
    ``apply`` works on the copy, its private slot holds the ids of the characters it owns."""
    new = _model(state, _STATE)
    object.__setattr__(new, "__pydantic_private__", {"owned": set()})
    return new


def release(state: State) -> State:
    """The copy, done with: nothing of the bookkeeping stays on it."""
    object.__setattr__(state, "__pydantic_private__", None)
    return state


def act(seat: str, kind: str, args: dict[str, Any] | None = None, ask: str | None = None,
        optional_text: bool = True) -> Action:
    """A legal-action template, built without validation (the engine makes only valid ones, and
    legal-action lists are made by the hundred per step)."""
    new = object.__new__(Action)
    fields = {"seat": seat, "kind": kind, "args": args if args is not None else {}, "text": "",
              "ask": ask, "optional_text": optional_text}
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(_ACTION_SET[(args is not None, ask is not None,
                                                                        not optional_text)]))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_ACTION_SET = {
    (a, q, o): frozenset({"seat", "kind"} | ({"args"} if a else set()) | ({"ask"} if q else set())
                         | ({"optional_text"} if o else set()))
    for a in (False, True) for q in (False, True) for o in (False, True)
}


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


_MEMO: dict[tuple, tuple[Action, ...]] = {}


class Base:
    """The rules and the helpers shared by the phase mixins."""

    @property
    def rules(self) -> data.Rules:
        return data.load()

    def _memo(self, key: tuple, build: Any) -> list[Action]:
        """A legal-action list that depends only on ``key``: built once, then copied (templates
        are frozen, so states may share them)."""
        key = (id(self.rules), *key)
        memo = _MEMO.get(key)
        if memo is None:
            if len(_MEMO) > 4096:
                _MEMO.clear()
            memo = _MEMO[key] = tuple(build())
        return list(memo)

    @staticmethod
    def _own(s: State, c: Character) -> Character:
        """``c`` (a character of ``s``), safe to change: the first time in an ``apply``, a copy of
        it takes its place in ``s``. Every handler that changes a character gets it from here."""
        private = s.__pydantic_private__
        if private is None:  # not a copy made by apply (setup builds its characters afresh)
            return c
        owned = private["owned"]
        if id(c) in owned:
            return c
        if not any(x is c for x in s.characters):
            raise KeyError(c.id)
        new = _model(c, _CHARACTER)
        s.characters = [new if x is c else x for x in s.characters]
        owned.add(id(new))
        return new

    def _mine(self, s: State, cid: str) -> Character:
        """The character ``cid`` of ``s``, safe to change."""
        return self._own(s, s.char(cid))

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
        pool.sources = [*pool.sources, src]
        return [ev("dice", character=pool.character, kind=src.kind, label=src.label, dice=src.dice,
                    pool=pool.size(), owner=src.character, ref=src.ref, **extra)]
