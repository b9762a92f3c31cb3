"""What a question asks about: part of the reading layer (:mod:`companion.story.reading`,
``../shared/READING.md``), for every game that answers the player's questions (Dragon & Warrior's
``talk``). A question is read once into an :class:`Asked`: its question word, what its words ask
(a want, a fear, a way, a rumour: ``rules/reading/asking.toml``), the things it names with their
kinds (``rules/reading/things.toml``), and the things it is about ("about the old crypt"). A game
maps these to its own topics; no game lists English words of its own.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache

from companion.core.resources import rules_path
from companion.story.lemmas import tokens
from companion.story.reading import Thing, read

_WH = ("where", "who", "why", "what", "which", "how", "when", "whose", "whom")
_ABOUT = frozenset("about of on regarding concerning after".split())  # "ask about the crypt"


@cache
def families() -> dict[str, frozenset[str]]:
    """The families of ``rules/reading/asking.toml``: a name and its words (dictionary forms)."""
    data = tomllib.loads(rules_path("reading", "asking.toml").read_text(encoding="utf-8"))
    return {name: frozenset(w.lower() for w in fam["words"]) for name, fam in data["ask"].items()}


@dataclass(frozen=True)
class Asked:
    """A question read: ``wh`` its question word ("" for a yes-or-no question or a bare request),
    ``asks`` the families its words say, ``things`` what it names (the reading's things, with their
    kinds), ``about`` the things it is said to be about, ``mine`` the ones the asker calls their
    own ("my little brother", not "any families")."""

    text: str
    wh: str
    asks: frozenset[str]
    things: tuple[Thing, ...]
    about: tuple[Thing, ...]
    mine: tuple[Thing, ...] = ()

    @property
    def lemmas(self) -> frozenset[str]:
        return frozenset(t.lemma for t in self.things)


@lru_cache(maxsize=2048)
def asked(text: str, names: tuple[str, ...] = ()) -> Asked:
    """``text`` read as a question (a request to tell, "I ask Marta where ...", reads the same)."""
    raw = " ".join((text or "").split())
    toks = tokens(raw)
    wh = next((t.low for t in toks if t.low in _WH), "")
    fams = families()
    asks = frozenset(name for name, words in fams.items()
                     if any(t.lemmas & words for t in toks))
    things = read(raw, names).things
    about: list[Thing] = []
    mine: list[Thing] = []
    for i, t in enumerate(toks):
        after = [x.low for x in toks[i + 1:i + 5]]
        if t.low in _ABOUT and i > 0:  # what it is about: the words up to the next clause
            span = []
            for x in toks[i + 1:i + 9]:
                if x.low in _WH or x.low in ("and", "or", "but", "because", "so"):
                    break
                span.append(x.low)
            about.extend(th for th in things if th.text.lower() in span and th not in about)
        if t.low in ("my", "our"):  # the first thing after it: "my little brother"
            own = next((th for w in after for th in things if th.text.lower() == w), None)
            if own is not None and own not in mine:
                mine.append(own)
    return Asked(raw, wh, asks, things, tuple(about), tuple(mine))
