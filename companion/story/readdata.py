"""The reading layer's data: the act classes (``rules/reading/acts.toml``) and the kinds of things
(``rules/reading/things.toml``), loaded and checked once. Read by :mod:`companion.story.reading`."""
from __future__ import annotations

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict

from companion.core.resources import rules_path


class ActClass(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    verbs: list[str]
    phrases: list[str]
    nouns: list[str]
    attribute: str
    family: str
    weak: bool = False  # leads only when nothing else is said ("wait", "use", "talk")
    tools: list[str] = []  # kinds of thing that, as the tool ("with a hairpin"), say the act
    into: list[str] = []  # kinds of thing that, as where one goes ("into the ivy"), say the act
    up: list[str] = []  # kinds of thing that, as what one goes up or over ("the coping"), say it
    moved: list[str] = []  # kinds of thing whose moving ("lift the latch") says the act


class Purpose(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    markers: list[str]
    attention: list[str]


class Throw(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    verbs: list[str]
    towards: list[str]
    beings: list[str]


class Lexicon(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    act: dict[str, ActClass]
    purpose: Purpose
    throw: Throw
    answer: dict[str, list[str]] = {}  # "yes" and "no": the words that answer a yes-or-no choice
    kinds: dict[str, list[str]] = {}
    states: dict[str, list[str]] = {}
    aspects: dict[str, list[str]] = {}
    by_kind: dict[str, dict[str, list[str]]] = {}  # state: kind of thing: what it does


@cache
def lexicon() -> Lexicon:
    acts = tomllib.loads(rules_path("reading", "acts.toml").read_text(encoding="utf-8"))
    things = tomllib.loads(rules_path("reading", "things.toml").read_text(encoding="utf-8"))
    lex = Lexicon.model_validate({**acts, "kinds": things.get("kind", {}),
                                  "states": things.get("state", {}),
                                  "aspects": things.get("aspect", {}),
                                  "by_kind": things.get("state_by_kind", {})})
    for name, a in lex.act.items():
        if a.attribute not in ("", "body", "mind", "aura"):
            raise ValueError(f"rules/reading/acts.toml [act.{name}]: attribute {a.attribute!r} is "
                             "not body, mind, aura or empty")
    return lex


@cache
def index(field: str) -> dict[str, list[str]]:
    """Each word of the act classes' ``field`` (verbs, nouns; tools: kinds of thing): its classes."""
    out: dict[str, list[str]] = {}
    for name, a in lexicon().act.items():
        for w in getattr(a, field):
            out.setdefault(w, []).append(name)
    return out


@cache
def kind_index() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for kind, words in lexicon().kinds.items():
        for w in words:
            out.setdefault(w, set()).add(kind)
    return out
