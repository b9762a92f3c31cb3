"""Does a narration stay true to the game? Names, banned topics and veils, checked before it is shown.

The model narrates in the same reply as it decides, so its narration is checked against the chosen
action and the seat's view: a card or location name from the game's data (``known``) may appear
only if it is ``allowed`` (it occurs in the seat's view, the chosen action or its label) and is not
``hidden`` from the audience (a game may name what its view holds but the table must not hear:
face-down cards, the seat's unplayed hand). Lines, X-carded topics and veils never appear.

Where the names come from (hooks on the game's ``narrate`` module, all optional):

* ``known_names() -> Iterable[str]``; without it, every ``name`` (or ``title``) value in the
  game's ``rules/<game>/*.toml`` files.
* ``hidden_names(view, seat, action) -> Iterable[str]``: names in this view the audience must not
  hear.
* ``check_narration(text, action, view) -> list[str]``: the game's own checks (say, the stated
  outcome matches the move); each string is one problem.

Matching: a hidden name counts in any case, anywhere (it must never be told); any other name only
when written as a name, capitalised as in the data and not at a sentence start, so ordinary words
("kind", "lost", "a spell") do not count.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.resources import rules_path
from companion.core.game import Action, Game
from companion.core.registry import game_module
from companion.story.safety import safety_for



def _collect_names(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("name", "title") and isinstance(value, str) and value.strip():
                out.add(value.strip())
            else:
                _collect_names(value, out)
    elif isinstance(node, list):
        for item in node:
            _collect_names(item, out)


@cache
def rules_names(game_name: str) -> frozenset[str]:
    """Every ``name``/``title`` in the game's rules data (a generic source of known names)."""
    names: set[str] = set()
    for folder in (rules_path(game_name), rules_path(game_name.replace("-", "_"))):
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
            try:
                _collect_names(tomllib.loads(path.read_text(encoding="utf-8")), names)
            except (OSError, tomllib.TOMLDecodeError):
                continue
    return frozenset(names)


def strings(node: Any) -> list[str]:
    """Every string (and number) in a JSON-like value: what a view lets a seat know."""
    out: list[str] = []
    if isinstance(node, dict):
        for value in node.values():
            out.extend(strings(value))
    elif isinstance(node, (list, tuple)):
        for item in node:
            out.extend(strings(item))
    elif isinstance(node, str):
        out.append(node)
    return out


_SENTENCE_START = r"(?<![.!?:\"\u201c]\s)"  # not the first word of a sentence (fixed width)


def _pattern(name: str, strict: bool) -> re.Pattern[str]:
    words = [re.escape(w) for w in name.split()]
    if strict or not name[:1].isupper():
        return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.I)
    # written as a name: its capital where the data has it, and not where any word is capitalised
    first, rest = words[0][:1], words[0][1:]
    body = rf"{first}(?i:{rest}" + "".join(rf"\s+{w}" for w in words[1:]) + ")"
    return re.compile(_SENTENCE_START + r"(?<![\w-])" + body + r"(?![\w-])")


@cache
def _compiled(name: str, strict: bool) -> re.Pattern[str]:
    return _pattern(name, strict)


def mentions(text: str, name: str, *, partial: bool = False, strict: bool = False) -> bool:
    """Whether ``text`` names ``name``. ``strict``: in any case, anywhere (for what must never be
    told); otherwise only written as a name (capitalised mid-sentence), so that "a spell", "kind"
    or "lost" in ordinary prose do not count. With ``partial`` (text still growing), a match
    touching the end of the text does not count yet: the next character may lengthen the word."""
    if not name or not text.strip():
        return False
    padded = ". " + text  # the text's own start is a sentence start
    for m in _compiled(name, strict).finditer(padded):
        if partial and m.end() >= len(padded):
            continue
        return True
    return False


def topic_mentioned(text: str, topic: str) -> bool:
    """As ``NarrationMemory.allows``: the topic read on lemmas, with its word family
    (``story.safety``), so "harm to children" is crossed by "a child caught up in the danger"."""
    return bool(topic.strip()) and not safety_for((topic.strip(),), ()).allows(text)


@dataclass
class Checker:
    """The names and topics one narration is checked against."""

    known: frozenset[str] = frozenset()
    allowed: frozenset[str] = frozenset()  # lower-cased haystack strings
    hidden: frozenset[str] = frozenset()
    banned: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    extra: Callable[[str], list[str]] | None = field(default=None, repr=False)
    forbidden: tuple[str, ...] = field(init=False)  # the names this narration must not say

    def __post_init__(self) -> None:
        self.forbidden = tuple(sorted(n for n in self.known | self.hidden if not self.is_allowed(n)))

    @property
    def longest(self) -> int:
        """Characters a stream must hold back so a forbidden name is caught before it shows."""
        words = [*self.forbidden, *self.banned, *self.veils]
        return max((len(w) for w in words), default=0) + 1

    @property
    def whole_sentences(self) -> bool:
        """A stream shows only finished sentences: a line or veil is read a sentence at a time
        ("a child ... cries out": the harm may come at the sentence's end)."""
        return bool(self.banned or self.veils)

    def is_allowed(self, name: str) -> bool:
        if name in self.hidden:
            return False
        low = name.lower()
        return any(low in s for s in self.allowed)

    def problems(self, text: str, *, partial: bool = False) -> list[str]:
        out: list[str] = []
        for topic in self.banned:
            if topic_mentioned(text, topic):
                out.append(f"mentions {topic!r}, which is banned from this story (lines, X-card)")
        for topic in self.veils:
            if topic_mentioned(text, topic):
                out.append(f"mentions {topic!r}, which is veiled: it may happen only off-screen")
        for name in self.forbidden:
            if mentions(text, name, partial=partial, strict=name in self.hidden):
                why = "hidden from the table" if name in self.hidden else "not in play or in view"
                out.append(f"names {name!r}, which is {why}")
        if not partial and text.strip() and not is_prose(text):
            out.append("is not prose: tell the move in sentences of words, without markup")
        if not partial and self.extra is not None:
            out.extend(self.extra(text))
        return out


def is_prose(text: str) -> bool:
    """Whether a narration reads as words rather than markup: no JSON, list or bracket debris (a
    small model sometimes echoes the move list, e.g. "[0]Maze-like 1["). Short is fine."""
    words = re.findall(r"[^\W\d_]+", text)
    return len(words) >= 1 and not re.search(r"[\[\]{}<>]|^\s*\d+[.):]", text)


def checker_for(
    game: Game | None,
    view: dict[str, Any],
    action: Action | None,
    *,
    label: str = "",
    seat: str = "",
    banned: Iterable[str] = (),
    veils: Iterable[str] = (),
) -> Checker:
    hooks = game_module(game, "narrate") if game is not None else None
    known: Iterable[str] = ()
    if hooks is not None and hasattr(hooks, "known_names"):
        known = hooks.known_names()
    elif game is not None:
        known = rules_names(game.name)
    haystack = strings(view) + [label]
    hidden: Iterable[str] = ()
    extra = None
    if action is not None:
        haystack += strings(action.args) + [action.text]
        if hooks is not None and hasattr(hooks, "hidden_names"):
            hidden = hooks.hidden_names(view, seat, action)
        if hooks is not None and hasattr(hooks, "check_narration"):
            extra = lambda text: list(hooks.check_narration(text, action, view))  # noqa: E731
    return Checker(
        known=frozenset(n for n in known if n),
        allowed=frozenset(s.lower() for s in haystack if s),
        hidden=frozenset(n for n in hidden if n),
        banned=tuple(t for t in banned if t.strip()),
        veils=tuple(t for t in veils if t.strip()),
        extra=extra,
    )
