"""Discourse: which of a scene's events get words at all, and how (``../shared/STORY.md`` §2b).

The fabula holds every event and the small print shows each one; the story should not tell each
in a sentence of its own. This is the step every text generator has between its content and its
page, kept small and game-free so each game's narrator can use it:

* **select** (:func:`select`): the beats that carry a scene (a turn, a loss, a choice, a stake,
  a death, a secret out) are told; routine events of one kind are gathered, not told one by one.
* **aggregate** (:func:`gather`, :func:`listing`, :func:`times`): a run of routine events of one
  kind becomes one sentence ("She filled the pouch: mint, tea, a comfrey wrap and more"; "Three
  times she tried; three times it failed"). English lists, counts and articles come from
  ``inflect`` (through :mod:`~companion.story.grammar`), never written by hand.
* **refer** (:class:`Referents`): a thing is brought in before the story names it as known (an
  indefinite first mention: "a crabby mudcrab", then "the crabby mudcrab"); the same thing keeps
  its name; :meth:`Referents.unintroduced` says which things a line names that the story has not
  brought in (a consistency check the bench and tests use).
* **shape** (:class:`Shape`): a scene told as what is wanted, what stands in the way, the turn and
  what it cost, each part once, in that order, the missing ones left out.
* **one point of view** (:func:`person`, :func:`prompts`, :func:`without_prompts`): the story is
  told in the third person; a question put to the live player ("What do you do?") belongs on the
  screen, not on the page; quoted words are the speaker's and do not count.

Storylets still choose the words (:mod:`~companion.story.storylets`); this module chooses which
beats get words, in what order, and joins them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .grammar import a as _a, english, join

T = TypeVar("T")

# What makes a beat carry a scene: told in a sentence of its own. Everything else is routine.
SALIENT: frozenset[str] = frozenset(
    {"turn", "loss", "choice", "stake", "death", "secret", "gain", "arrival", "ending"})


# ---------------------------------------------------------------------------- realization
def listing(items: Sequence[str], most: int | None = None, conj: str = "and",
            more: str = "more") -> str:
    """Items as an English list ("mint, tea and a comfrey wrap"); past ``most`` items, the first
    ``most`` and "and more" (the small print keeps every one). Repeats are said once."""
    seen = list(dict.fromkeys(i.strip() for i in items if i and i.strip()))
    if most is not None and len(seen) > most:
        return join(seen[:most] + [more], conj)
    return join(seen, conj)


def times(n: int) -> str:
    """How many times, as English says it: "once", "twice", "three times"."""
    if n < 1:
        raise ValueError(f"times() needs a count of one or more, got {n}")
    if n == 1:
        return "once"
    if n == 2:
        return "twice"
    return f"{english().number_to_words(n)} times"


def ordinal(n: int) -> str:
    """"first", "second", "twenty-first"."""
    return english().number_to_words(english().ordinal(n))


def capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def sentence(text: str) -> str:
    """``text`` as a sentence: spacing tidied, a capital, a closing stop when it has none."""
    text = " ".join(text.split())
    if not text:
        return ""
    text = capital(text)
    return text if text[-1] in ".!?…”’\"'" else text + "."


# ---------------------------------------------------------------------------- select, aggregate
@dataclass(frozen=True)
class Unit:
    """One thing a scene could tell: its ``kind`` ("try", "buy", "invoke"), the ``role`` it plays
    in the scene (one of :data:`SALIENT`, or "" for a routine event), the words it would be told
    in on its own, and the ``item`` it contributes to a gathered sentence (a thing bought, an
    attempt's verb phrase)."""

    kind: str
    text: str = ""
    role: str = ""
    item: str = ""
    key: Hashable = None  # units of one kind and key gather together (e.g. the same shop)

    @property
    def salient(self) -> bool:
        return self.role in SALIENT


@dataclass
class Run(Generic[T]):
    """Consecutive units of one kind and key: told together."""

    kind: str
    key: Hashable
    units: list[T] = field(default_factory=list)

    @property
    def items(self) -> list[str]:
        return [u.item or u.text for u in self.units]  # type: ignore[attr-defined]


def select(units: Iterable[Unit]) -> tuple[list[Unit], list[Unit]]:
    """The units that carry the scene (told on their own) and the routine ones (gathered, or
    left to the small print), each list in the order given."""
    units = list(units)
    return [u for u in units if u.salient], [u for u in units if not u.salient]


def gather(units: Iterable[T], kind: Callable[[T], str] = lambda u: u.kind,
           key: Callable[[T], Hashable] = lambda u: u.key) -> list[Run[T]]:
    """Consecutive units of the same kind and key, as runs (a salient unit is always a run of its
    own: it is told in a sentence of its own)."""
    runs: list[Run[T]] = []
    for u in units:
        alone = getattr(u, "salient", False)
        last = runs[-1] if runs else None
        if last is not None and not alone and last.kind == kind(u) and last.key == key(u) and \
                not getattr(last.units[-1], "salient", False):
            last.units.append(u)
        else:
            runs.append(Run(kind(u), key(u), [u]))
    return runs


def told_share(sentences_per_beat: Iterable[tuple[int, int]]) -> float:
    """The share of events told in a sentence of their own, from (events, sentences told) per
    beat: a beat with more events than sentences had some gathered or left to the small print."""
    pairs = list(sentences_per_beat)
    events = sum(e for e, _ in pairs)
    return sum(min(e, s) for e, s in pairs) / events if events else 0.0


# ---------------------------------------------------------------------------- refer
def _mention(name: str) -> re.Pattern:
    """A mention of ``name`` with the word before it; a proper name matches with its capitals
    ("Kind" the name, not "kind" the word), a common one in any case."""
    words = re.escape(name)
    if Referents.proper(name):
        return re.compile(rf"(?<![\w'’-])(?:([Tt]he|[Aa]n?|[Tt]his|[Tt]hat|[Ii]ts|[Hh]is|[Hh]er|"
                          rf"[Tt]heir)\s+)?{words}(?![\w'’-])")
    return re.compile(rf"(?<![\w'’-])(?:(the|a|an|this|that|its|his|her|their)\s+)?"
                      rf"{words}(?![\w'’-])", re.I)


class Referents:
    """What the story has brought in, so far, and how to name a thing the next time.

    ``mention(key, words)`` gives "a crabby mudcrab" the first time and "the crabby mudcrab"
    after (a proper name as it is, always); ``meet(text)`` records every known thing a told line
    names; ``unintroduced(text)`` lists the known things a line names as already known ("the
    crabby mudcrab") before the story brought them in."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.known: set[str] = {" ".join(n.split()) for n in names if n and n.strip()}
        self.introduced: set[str] = set()

    def know(self, *names: str) -> None:
        self.known.update(" ".join(n.split()) for n in names if n and n.strip())

    @staticmethod
    def proper(name: str) -> bool:
        return name[:1].isupper() and not name.lower().startswith(("the ", "a ", "an "))

    def mention(self, key: str, words: str | None = None) -> str:
        words = " ".join((words or key).split())
        self.know(key)
        if self.proper(words):
            self.introduced.add(key)
            return words
        if key in self.introduced:
            return f"the {words}"
        self.introduced.add(key)
        return _a(words)

    def named(self, text: str) -> list[str]:
        """The known things ``text`` names, longest first, none inside another's name."""
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        for name in sorted(self.known, key=len, reverse=True):
            for m in _mention(name).finditer(text):
                span = m.span()
                if not any(s <= span[0] < e for s, e in spans):
                    spans.append(span)
                    if name not in out:
                        out.append(name)
        return out

    def unintroduced(self, text: str) -> list[str]:
        """Known common-noun things ``text`` names with "the" (or "this", "that") although the
        story has not brought them in; a first mention with "a" brings one in."""
        bad = []
        for name in self.named(text):
            if name in self.introduced or self.proper(name):
                continue
            first = _mention(name).search(text)
            if first and (first.group(1) or "").lower() in ("the", "this", "that"):
                bad.append(name)
        return bad

    def meet(self, text: str) -> None:
        """Everything known that ``text`` names is brought in from now on."""
        self.introduced.update(self.named(text))


# ---------------------------------------------------------------------------- shape
@dataclass
class Shape:
    """A scene's shape: what is wanted, what stands in the way, the turn, and what it cost; each
    a sentence (or ""), told in that order, each at most once."""

    want: str = ""
    obstacle: str = ""
    turn: str = ""
    cost: str = ""

    PARTS = ("want", "obstacle", "turn", "cost")

    def parts(self) -> list[str]:
        out: list[str] = []
        for p in self.PARTS:
            text = sentence(getattr(self, p))
            if text and text not in out:
                out.append(text)
        return out

    def told(self) -> str:
        return " ".join(self.parts())


# ---------------------------------------------------------------------------- point of view
# A quote in single marks may hold apostrophes ("'Don't,' she says"): one before a letter is not
# the closing mark.
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|(?<![\w])‘(?:[^’]|’(?=\w))*’(?!\w)|"
                     r"(?<![\w])'(?:[^']|'(?=\w))*'(?!\w)")
_FIRST = re.compile(r"\b(I|I'm|I'll|I've|I'd)\b|"  # "My spoon", "We run": at a sentence's start too
                    r"\b(?i:me|my|mine|myself|we|us|our|ours|ourselves)\b")
_SECOND = re.compile(r"\b(you|your|yours|yourself|yourselves)\b", re.I)


def unquoted(text: str) -> str:
    """``text`` without the words in quotes (someone's own words, not the telling's)."""
    return QUOTED.sub(" ", text)


def person(text: str) -> set[str]:
    """The grammatical persons the telling of ``text`` uses outside quotes: any of "first",
    "second", "third" ("third" when it uses neither of the others)."""
    bare = unquoted(text)
    out = set()
    if _FIRST.search(bare):
        out.add("first")
    if _SECOND.search(bare):
        out.add("second")
    return out or {"third"}


def split(text: str) -> list[str]:
    """Sentences of ``text``; a quote is never cut ("'Who sent you? Where is it?' he asks." is
    one sentence)."""
    text = " ".join(text.split())
    quotes: list[str] = []

    def hide(m: re.Match) -> str:
        quotes.append(m.group(0))
        return f"\x00{len(quotes) - 1}\x00"

    masked = QUOTED.sub(hide, text)
    parts = [p.strip() for p in re.split(r"(?<=[.!?\x00])\s+(?=[\x00A-Z])", masked) if p.strip()]
    # a quote that closes a sentence ends it only when its words end in a stop
    out: list[str] = []
    for p in parts:
        if out and out[-1].endswith("\x00") and not _ends(quotes, out[-1]):
            out[-1] += " " + p
        else:
            out.append(p)
    return [re.sub(r"\x00(\d+)\x00", lambda m: quotes[int(m.group(1))], p) for p in out]


def _ends(quotes: list[str], part: str) -> bool:
    m = re.search(r"\x00(\d+)\x00$", part)
    return bool(m) and quotes[int(m.group(1))][:-1].rstrip().endswith((".", "!", "?", "…"))


def is_prompt(sent: str) -> bool:
    """A question put to the live player ("What do you do?", "What now?"): a sentence, outside
    quotes, that ends in a question mark and speaks to "you" or is a bare "what now/else/next"."""
    bare = unquoted(sent).strip()
    if not bare.endswith("?"):
        return False
    if _SECOND.search(bare):
        return True
    return re.fullmatch(r"(?:and\s+)?(?:so\s+)?what(?:\s+\w+)?\s*\?", bare, re.I) is not None


def prompts(text: str) -> list[str]:
    """The sentences of ``text`` that are live prompts (see :func:`is_prompt`)."""
    return [s for s in split(text) if is_prompt(s)]


def without_prompts(text: str) -> str:
    """``text`` with its live prompts left out (paragraphs kept; a paragraph left empty goes)."""
    paras = []
    for para in text.split("\n\n"):
        kept = [s for s in split(para) if not is_prompt(s)]
        if kept:
            paras.append(" ".join(kept))
    return "\n\n".join(paras)
