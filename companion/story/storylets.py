"""Storylets chosen by salience (STORY.md §2): narration lines as data, with their conditions.

A game's lines live in ``rules/<game>/storylets.toml``::

    [vocabulary]            # the conditions this game's storylets may test
    threat = "str"          # str | int | bool | list

    [[storylet]]
    id = "raise.loss.supplies"            # unique in the file
    group = "raise"                       # the beat it can tell
    when = { threat = "loss", stake_about = "supplies" }
    text = ["{threat.the} [takes] ...", "..."]   # template.py notation; one string or several
    requires = ["ended:anchor:supplies"]  # optional: what the line asserts of the fabula
    once = false                          # optional: told at most once a session

Condition values: a scalar (equal; for a ``list`` condition, "contains"), a list (any of),
``"!x"`` (not equal / does not contain), ``{min = 1, max = 3}`` for ints, ``true``/``false``.
The core vocabulary (:data:`CORE`) is computed from the fabula and needs no declaring.

To tell a beat (:meth:`Library.tell`): every storylet of the group whose conditions hold is a
candidate; one whose ``requires`` the fabula contradicts is refused (and counted); the most specific
(most conditions) wins; among equals the least recently told; a sentence told before in the session
is never told again (:class:`~companion.story.memory.Told`, via :func:`~companion.story.template.
tell`); within a storylet, the template told least often first. Which storylet and template was
told when is kept in the session's ``used`` set (``storylet|ID|SEQ|INDEX``), so replay, resume and
undo rebuild it like every other sentence told.
"""
from __future__ import annotations

import tomllib
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from companion.core.resources import rules_path
from companion.story.fabula import Fabula
from companion.story.memory import Told
from companion.story.template import (CHARACTER_FORMS, PHRASE_FORMS, TemplateError, slots,
                                      tell)

TYPES = ("str", "int", "bool", "list")
# Conditions every game may test, computed by the layer from the fabula (see ``core``).
CORE: dict[str, str] = {"stake": "bool", "result": "str", "threads": "list", "present": "list",
                        "place": "str", "scene": "str"}
REQUIRES = ("holds", "ended", "present", "absent", "open")
FORMS = set(PHRASE_FORMS) | set(CHARACTER_FORMS)
STORYLET_KEY = "storylet|"
REFUSED_KEY = "refused|"


class StoryletError(ValueError):
    pass


class Storylet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    group: str
    when: dict[str, Any] = {}
    text: tuple[str, ...]
    requires: tuple[str, ...] = ()
    once: bool = False

    @field_validator("text", mode="before")
    @classmethod
    def _one_or_many(cls, v: Any) -> Any:
        return (v,) if isinstance(v, str) else v

    @property
    def specificity(self) -> int:
        return len(self.when) + len(self.requires)


def core(fabula: Fabula) -> dict[str, Any]:
    """The core vocabulary's values for this fabula."""
    last = fabula.last_outcome()
    result = ""
    if last is not None:
        result = "won" if last.winner == "hero" else "lost" if last.loser == "hero" else "mixed"
    return {"stake": bool(fabula.open_stakes()), "result": result,
            "threads": [t.kind for t in fabula.open_threads()], "present": fabula.present(),
            "place": fabula.place, "scene": fabula.scene}


def _check_value(kind: str, value: Any) -> bool:
    scalar = {"str": str, "list": str, "int": int, "bool": bool}[kind]
    if kind == "bool":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "int" and isinstance(value, dict):
        return set(value) <= {"min", "max"} and bool(value) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in value.values())
    if isinstance(value, list):
        return bool(value) and all(isinstance(x, scalar) and not isinstance(x, bool)
                                   for x in value)
    return isinstance(value, scalar)


def matches(kind: str, want: Any, have: Any) -> bool:
    """Does the fact ``have`` meet the condition ``want`` (of vocabulary type ``kind``)?"""
    if kind == "bool":
        return bool(have) == want
    if kind == "list":
        have = list(have or [])
        if isinstance(want, str) and want.startswith("!"):
            return want[1:] not in have
        wants = want if isinstance(want, list) else [want]
        return any(w in have for w in wants)
    if isinstance(want, str) and want.startswith("!"):
        return have != want[1:]
    if isinstance(want, dict):
        return (isinstance(have, int) and have >= want.get("min", have)
                and have <= want.get("max", have))
    if isinstance(want, list):
        return have in want
    return have == want


def contradicted(requirement: str, fabula: Fabula) -> bool:
    """True when the fabula says the opposite of ``requirement`` (``holds:KEY`` ...)."""
    kind, _, key = requirement.partition(":")
    if kind == "holds":
        return not fabula.holds(key)
    if kind == "ended":
        return not fabula.ended(key)
    if kind == "present":
        return key not in fabula.present()
    if kind == "absent":
        return key in fabula.present()
    if kind == "open":
        return not any(t.id == key or t.kind == key for t in fabula.open_threads())
    raise StoryletError(f"{requirement!r}: a requirement is one of {', '.join(REQUIRES)}:KEY")


class Library:
    """A game's storylets, validated, and the salience choice among them."""

    def __init__(self, storylets: list[Storylet], vocabulary: Mapping[str, str],
                 source: str = "") -> None:
        self.storylets = storylets
        self.vocabulary = {**CORE, **vocabulary}
        self.source = source
        self.groups: dict[str, list[Storylet]] = {}
        for s in storylets:
            self.groups.setdefault(s.group, []).append(s)

    # -- loading ---------------------------------------------------------------------------------
    @classmethod
    def load(cls, game_name: str) -> "Library":
        """``rules/<game>/storylets.toml`` (an empty library for a game without one)."""
        path = rules_path(game_name.replace("-", "_"), "storylets.toml")
        if not path.is_file():
            return cls([], {}, str(path))
        return cls.from_toml(path.read_text(encoding="utf-8"), str(path))

    @classmethod
    def from_path(cls, path: Path) -> "Library":
        return cls.from_toml(Path(path).read_text(encoding="utf-8"), str(path))

    @classmethod
    def from_toml(cls, text: str, source: str = "storylets.toml") -> "Library":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise StoryletError(f"{source}: not TOML: {err}") from err
        unknown = set(data) - {"vocabulary", "storylet"}
        if unknown:
            raise StoryletError(f"{source}: unknown table(s) {', '.join(sorted(unknown))} "
                                "(expected [vocabulary] and [[storylet]])")
        vocabulary = data.get("vocabulary", {})
        for name, kind in vocabulary.items():
            if kind not in TYPES:
                raise StoryletError(f"{source}: [vocabulary] {name} = {kind!r}: a condition's "
                                    f"type is one of {', '.join(TYPES)}")
            if name in CORE:
                raise StoryletError(f"{source}: [vocabulary] {name}: a core condition, "
                                    "computed by the story layer; do not declare it")
        known = {**CORE, **vocabulary}
        out: list[Storylet] = []
        seen: set[str] = set()
        for i, raw in enumerate(data.get("storylet", [])):
            sid = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
            where = f"{source}: storylet {sid!r}"
            try:
                storylet = Storylet.model_validate(raw)
            except ValidationError as err:
                first = err.errors()[0]
                raise StoryletError(f"{where}: {'.'.join(map(str, first['loc']))}: "
                                    f"{first['msg']}") from err
            if "|" in storylet.id or not storylet.id.strip():
                raise StoryletError(f"{where}: an id is words, dots and dashes (no '|')")
            if storylet.id in seen:
                raise StoryletError(f"{where}: the id is used twice")
            seen.add(storylet.id)
            for name, want in storylet.when.items():
                if name not in known:
                    raise StoryletError(f"{where}: unknown condition {name!r} (known: "
                                        f"{', '.join(sorted(known))})")
                if not _check_value(known[name], want):
                    raise StoryletError(f"{where}: condition {name} = {want!r} is not a "
                                        f"{known[name]} condition")
            for req in storylet.requires:
                kind, sep, key = req.partition(":")
                if kind not in REQUIRES or not sep or not key:
                    raise StoryletError(f"{where}: requires {req!r}: expected one of "
                                        f"{', '.join(k + ':KEY' for k in REQUIRES)}")
            for template in storylet.text:
                if not template.strip():
                    raise StoryletError(f"{where}: an empty text")
                for slot, forms in slots(template).items():
                    bad = forms - FORMS - {""}
                    if bad:
                        raise StoryletError(f"{where}: {{{slot}.{sorted(bad)[0]}}}: no such "
                                            f"form (forms: {', '.join(sorted(FORMS))})")
            out.append(storylet)
        return cls(out, vocabulary, source)

    def check(self, samples: Mapping[str, Mapping[str, Any]]) -> None:
        """Render every template with ``samples[group]`` (slot values); raises StoryletError
        naming the storylet whose template does not fill."""
        from companion.story.template import render

        for s in self.storylets:
            values = samples.get(s.group)
            if values is None:
                raise StoryletError(f"{self.source}: storylet {s.id!r}: no sample values for "
                                    f"group {s.group!r}")
            for t in s.text:
                try:
                    render(t, values)
                except TemplateError as err:
                    raise StoryletError(f"{self.source}: storylet {s.id!r}: {err}") from err

    # -- choosing --------------------------------------------------------------------------------
    def candidates(self, group: str, when: Mapping[str, Any], fabula: Fabula,
                   used: set[str] | None = None, rng=None) -> tuple[list[Storylet],
                                                                   list[Storylet]]:
        """(the storylets that may be told, most salient first; those refused because the
        fabula contradicts what they assert). Equals never told are in ``rng``'s order."""
        facts = {**core(fabula), **when}
        used = used or set()
        fit, refused = [], []
        for s in self.groups.get(group, []):
            if not all(name in facts and matches(self.vocabulary[name], want, facts[name])
                       or (name not in facts and isinstance(want, str) and want.startswith("!"))
                       for name, want in s.when.items()):
                continue
            if s.once and any(k.startswith(f"{STORYLET_KEY}{s.id}|") for k in used):
                continue
            if any(contradicted(r, fabula) for r in s.requires):
                refused.append(s)
                continue
            fit.append(s)
        last = _last_told(used)
        fit.sort(key=lambda s: zlib.crc32(s.id.encode()))
        if rng is not None:
            rng.shuffle(fit)
        fit.sort(key=lambda s: (-s.specificity, last.get(s.id, -1)))
        return fit, refused

    def tell(self, group: str, when: Mapping[str, Any], values: Mapping[str, Any], memory: Any,
             scene: str, rng) -> str:
        """One sentence for the beat ``group`` ("" when no storylet fits or every fitting line
        was told before). ``memory`` is the session's NarrationMemory (its ``fabula``, ``used``
        and ``allows``)."""
        fabula = getattr(memory, "fabula", None) or Fabula()
        fit, refused = self.candidates(group, when, fabula, memory.used, rng)
        for s in refused:
            memory.used.add(f"{REFUSED_KEY}{s.id}|{scene}")
        told = Told(memory.used)
        for s in fit:
            order = [i for i, t in enumerate(s.text)
                     if set(slots(t)) <= set(values) and memory.allows(t)]
            rng.shuffle(order)
            uses = _template_uses(memory.used, s.id)
            order.sort(key=lambda i: uses.get(i, 0))  # the least told first, shuffled among equals
            for i in order:
                text = tell([s.text[i]], values, told, scene, rng, allows=memory.allows)
                if text:
                    memory.used.add(f"{STORYLET_KEY}{s.id}|{_count(memory.used):06d}|{i}")
                    return text
        return ""


def _count(used: set[str]) -> int:
    return sum(1 for k in used if k.startswith(STORYLET_KEY))


def _last_told(used: set[str]) -> dict[str, int]:
    """When each storylet was last told (its sequence number), from the ``used`` set."""
    out: dict[str, int] = {}
    for k in used:
        if k.startswith(STORYLET_KEY):
            sid, seq = k.split("|")[1:3]
            out[sid] = max(out.get(sid, -1), int(seq))
    return out


def _template_uses(used: set[str], storylet_id: str) -> dict[int, int]:
    """How often each of a storylet's templates was told (keys ``storylet|ID|SEQ|INDEX``), so a
    long campaign spreads its tellings over all of them instead of drawing one a third time."""
    out: dict[int, int] = {}
    prefix = f"{STORYLET_KEY}{storylet_id}|"
    for k in used:
        if k.startswith(prefix):
            parts = k.split("|")
            if len(parts) == 4 and parts[3].isdigit():
                out[int(parts[3])] = out.get(int(parts[3]), 0) + 1
    return out


def refusals(used: set[str]) -> int:
    """How many times a storylet was refused for contradicting the fabula (``used`` keys)."""
    return sum(1 for k in used if k.startswith(REFUSED_KEY))
