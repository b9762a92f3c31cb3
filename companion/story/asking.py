"""What a question asks about: part of the reading layer (:mod:`companion.story.reading`,
``../shared/READING.md``), for every game that answers the player's questions (Dragon & Warrior's
``talk``). A question is read once into an :class:`Asked`: its question word, what its words ask
(a want, a fear, a way, a rumour: ``rules/reading/asking.toml``), the things it names with their
kinds (``rules/reading/things.toml``), and the things it is about ("about the old crypt"). A game
maps these to its own topics; no game lists English words of its own.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache

from lemminflect import getAllLemmas

from companion.core.resources import rules_path
from companion.story.lemmas import tokens
from companion.story.reading import Thing, kind_of, read

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


# -- what a question is about, said back (the answer that takes it up) ----------------------------
_ASKED = re.compile(r"(?i)\b(?:ask|asks|asked|asking|wonder|wonders|inquire|enquire)\b"
                    r"(?:\s+[\w'’]+){0,3}?\s+(?:what|who|whom|whose|where|when|why|how|which|"
                    r"whether|if|about)\b")
_DETERMINERS = frozenset("the a an any some this that these those his her their your my our its "
                         "every".split())
_BACK = {"my": "your", "our": "your", "me": "you", "i": "you", "mine": "yours", "your": "my",
         "yours": "mine"}
_AUX = frozenset("do does did is are was were can could will would should may might have has had "
                 "shall must".split())


def is_question(text: str) -> bool:
    """Words put as a question ("Loam, who is Mab?"), or a question asked ("I ask Loam where
    ...", "... about the bell"); a remark ("nice weather today") is none."""
    raw = " ".join((text or "").split())
    return kind_of(raw) == "question" or raw.endswith("?") or bool(_ASKED.search(raw))


def subject(text: str, skip: tuple[str, ...] = ()) -> Thing | None:
    """The first of :func:`subjects`, or None."""
    return next(iter(subjects(text, skip)), None)


def subjects(text: str, skip: tuple[str, ...] = ()) -> list[Thing]:
    """The things a question asks about: one it is said to be about first ("about the bell"),
    else the first head of a noun phrase ("the best bread": bread, not best; "who makes": no
    thing), leaving out the ones in ``skip`` (the one asked, the asker's friends: lower case) and
    the town the talk happens in when anything else is named; best first, [] for none."""
    q = asked(text)
    toks = tokens(q.text)
    lows = [t.low for t in toks]
    words = {w for fam in families().values() for w in fam}

    later = {x.text.lower() for x in q.things}

    def verb(at: int) -> bool:
        """The word at ``at`` is a deed, not a thing: "who makes", "where can I buy", "to
        whistle", "does the bell ring" (a plain verb after an auxiliary and its subject)."""
        word = lows[at]
        if at > 0 and lows[at - 1] in _WH + ("you", "i", "we", "they"):
            return True
        if "VERB" not in getAllLemmas(word):
            return False
        if at > 0 and lows[at - 1] == "to":
            return True
        return at > 1 and lows[at - 1] in later and not word.endswith("s") and \
            any(w in _AUX for w in lows[max(0, at - 4):at - 1])

    def head(t: Thing) -> bool:
        at = next((i for i, w in enumerate(lows) if w == t.text.lower()), -1)
        if at < 0 or t.lemma in skip or t.lemma in words or verb(at):
            return False
        if not t.name and "ADV" in getAllLemmas(lows[at]) and len(q.things) > 1:
            return False  # "today", "tonight": when, not what
        nxt = at + 1 if at + 1 < len(lows) else -1
        return not (nxt > 0 and lows[nxt] in later and not verb(nxt))  # "best bread": bread

    asking = {i + 1 for i, w in enumerate(lows) if w in ("ask", "asks", "asking", "asked")}
    called = {lows[i] for i in asking if i < len(lows) and toks[i].capital}  # "I ask Loam ..."
    pool = [t for t in q.about if head(t) and t.text.lower() not in called] or \
        [t for t in q.things if head(t) and t.text.lower() not in called]
    near = [t for t in pool if not t.kinds & {"settlement"}]
    return near or pool


def said_back(text: str, thing: Thing) -> str:
    """``thing`` as the asker wrote it, with what comes before it in its noun phrase ("the best
    bread", "any good jokes"), said back by the one asked ("my cat": "your cat", "your song": "my
    song"); a bare word gets "the"."""
    toks = tokens(text)
    at = next((i for i, x in enumerate(toks) if x.text == thing.text), -1)
    if at < 0:
        return f"the {thing.text}"
    start = at
    if thing.name:  # the whole name: "the Lady of the Lake", "Old Marta"
        while start > 0:
            if toks[start - 1].capital and toks[start - 1].low != "i":
                start -= 1
            elif start > 1 and toks[start - 1].low in ("of", "the") and (
                    toks[start - 2].capital or (start > 2 and toks[start - 2].low == "of"
                                                and toks[start - 3].capital)):
                start -= 2 if toks[start - 2].capital else 3
            else:
                break
        if start > 0 and toks[start - 1].low == "the":
            start -= 1
        return " ".join(x.text for x in toks[start:at + 1])
    for j in range(at - 1, max(-1, at - 4), -1):
        if toks[j].low in _DETERMINERS:
            start = j
            break
        if toks[j].low in _AUX or toks[j].low in _WH:
            break
    words = [_BACK.get(x.low, x.text) for x in toks[start:at + 1]]
    return " ".join(["the", *words] if start == at else words)
