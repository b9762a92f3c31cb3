"""Lines and veils as topics: what a told text may not show, read on its lemmas.

A player's line or veil is a *topic*. The common topics of table-safety practice live as data in
``rules/safety.toml`` with their word families ("harm to children": child, kid, baby, orphan ...
with a word of harm in the same sentence; "spiders": spider, arachnid, cobweb ...); any other topic
the player types is its own words and their inflections ("Wren" is crossed by "Wren's", "clowns"
by "a clown"). Every comparison is made on lemmas (``story.lemmas``), never on spellings, so
"harm to children" meets "a child caught up in the danger" and "drowning" meets "drowned".

The one question a teller asks is :meth:`Safety.allows` (``NarrationMemory.allows`` asks it);
:meth:`Safety.screen` is the gate every told text passes before it is shown: a sentence that
crosses a line is left out, a sentence that touches a veil becomes a fade-out (the thing happens
off-screen), and the rest is told as written.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from lemminflect import getAllLemmas, getInflection

from companion.core.resources import rules_path
from companion.story import grammar
from companion.story.lemmas import Token, find, lemmas_of, tokens
from companion.story.lemmas import base as _base

PHRASE_GAP = 2  # other words that may stand between a phrase's words ("go quietly under")

# Small words a typed topic does not turn on ("the death of a pet": death, pet).
_FILLER = frozenset("""a an the of to for in on at by with and or any all some no not my your
    their his her its our being be is are was were into against about from people someone
    something things thing stuff content scenes scene""".split())
# How a player writes "harm to X" when X is not a listed topic ("hurting cats", "cats in danger").
_HARM_TO = re.compile(r"^(?:harm|hurt|hurting|harming|violence|cruelty|abuse|danger|death|"
                      r"deaths|killing|killing of|injury|injuries)\s+(?:to|against|of|toward|"
                      r"towards)?\s*(?P<x>.+)$|^(?P<y>.+?)\s+(?:harm|in danger|in peril|dying|"
                      r"death|deaths|getting hurt|being hurt|hurt|abuse|cruelty)$")


@dataclass(frozen=True)
class Topic:
    """One line or veil as the words that cross it."""

    name: str  # as the player typed it
    words: tuple[str, ...]  # cross alone (a phrase: its words in order, PHRASE_GAP apart)
    subjects: tuple[str, ...] = ()  # cross with a word of harm in the same sentence
    listed: bool = False  # found in rules/safety.toml (else read from the typed words)
    together: tuple[str, ...] = ()  # cross when all are said in one sentence (typed words)
    stand_in: str = "thing"  # what a noun that crosses becomes in a name or small print

    def crosses(self, toks: Sequence[Token]) -> bool:
        """Does this sentence (its tokens) cross the topic?"""
        if _says_any(toks, self.words):
            return True
        if self.together and all(_says_any(toks, (w,)) for w in self.together):
            return True
        return bool(self.subjects) and _says_any(toks, self.subjects) \
            and _says_any(toks, harm_words())

    def where(self, toks: Sequence[Token]) -> list[int]:
        """Indexes of the tokens that say the topic by one word of its own (a word of harm is
        not the topic: "a goat attacks" is told around the goat)."""
        own = _split(self.words + self.subjects + self.together)[0]
        return [i for i, tok in enumerate(toks) if _lemmas(tok) & own]


def _says_any(toks: Sequence[Token], words: Iterable[str]) -> bool:
    singles, phrases = _split(tuple(words))
    if any(_lemmas(tok) & singles for tok in toks):
        return True
    return any(find(list(toks), p, PHRASE_GAP) >= 0 for p in phrases)


def _lemmas(tok: Token) -> frozenset[str]:
    """A word's lemmas for a topic: its own, each part of a hyphenated word's ("Wolf-Bear":
    wolf, bear), and a closed compound's last word ("watchdogs": dog)."""
    return _word_lemmas(tok.low)


@lru_cache(maxsize=8192)
def _word_lemmas(low: str) -> frozenset[str]:
    out = set(lemmas_of(low)) | compound_tail(low)
    if "-" in low:
        for part in low.split("-"):
            out |= lemmas_of(part) | compound_tail(part)
    return frozenset(out)


@lru_cache(maxsize=8192)
def compound_tail(word: str) -> frozenset[str]:
    """The lemmas of the last word of a closed compound ("watchdogs": dog, "wildfire": fire,
    "schoolboy": boy): a word of at least three letters after a head that is a word of its own
    of at least three letters, one of the two at least four ("carpet" is no pet). Empty for a
    plain word. A word the dictionary knows is split in its dictionary form, as compounds are
    made (an ending goes on the whole word): "watchdogs" as watch|dog, and "poisons" as
    poi|son, no compound ("poi|sons" would be a son), nor are "seasons" (sea|son)."""
    out: set[str] = set()
    known = getAllLemmas(word)
    forms = {f for fs in known.values() for f in fs} if known else {word}
    for form in forms:
        for k in range(3, len(form) - 2):
            head, tail = form[:k], form[k:]
            if max(len(head), len(tail)) >= 4 and getAllLemmas(head) and getAllLemmas(tail):
                out |= lemmas_of(tail)
    return frozenset(out)


@lru_cache(maxsize=256)
def _split(words: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """A family as the base forms of its one-word members, and its phrases."""
    singles = frozenset(_base(w) for w in words if len(tokens(w)) == 1)
    phrases = tuple(w for w in words if len(tokens(w)) > 1)
    return singles, phrases


@cache
def _lexicon() -> dict:
    with rules_path("safety.toml").open("rb") as fh:
        return tomllib.load(fh)


def harm_words() -> tuple[str, ...]:
    return tuple(_lexicon()["harm"]["words"])


def _key(text: str) -> str:
    """A topic's name compared on base forms: "Spiders" and "spider", "Harm to Kids" and
    "harm to kid" are one key."""
    return " ".join(_base(t.text) for t in tokens(text))


@cache
def _listed() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for entry in _lexicon()["topic"]:
        for name in [entry["name"], *entry.get("also", [])]:
            out.setdefault(_key(name), entry)
    return out


def listed_topics() -> list[str]:
    """The names of the topics the lexicon lists (for help and for tests)."""
    return [e["name"] for e in _lexicon()["topic"]]


@lru_cache(maxsize=512)
def topic(typed: str) -> Topic:
    """The topic a player's words stand for: a listed one (by its name or another name for it),
    "harm to X" for an X not listed (X's words with a word of harm), or the words themselves."""
    name = " ".join(typed.split())
    entry = _listed().get(_key(name))
    if entry is not None:
        return Topic(name, (*entry.get("words", ()), name), tuple(entry.get("subjects", ())
                                                                 if entry.get("harm") else ()),
                     listed=True, stand_in=entry.get("stand_in", "thing"))
    m = _HARM_TO.match(name.lower())
    if m:
        thing = (m.group("x") or m.group("y") or "").strip()
        inner = _listed().get(_key(thing))
        if inner is not None:  # "harm to spiders": the spiders' own words, with harm
            subjects = tuple(inner.get("subjects") or inner.get("words") or ())
        else:
            subjects = _content(thing)
        if subjects:
            return Topic(name, (), subjects, stand_in=(inner or {}).get("stand_in", "thing"))
    content = _content(name)
    if len(content) > 1:  # "the death of my dog": death and dog in one sentence
        return Topic(name, (), together=content)
    return Topic(name, content or (name,), stand_in="someone" if name[:1].isupper() else "thing")


def _content(text: str) -> tuple[str, ...]:
    """A typed topic's own words: the whole of it when it is a phrase of content words ("deep
    water"), else its content words one by one ("the death of my dog": death, dog)."""
    words = [t.text for t in tokens(text)]
    content = [w for w in words if w.lower() not in _FILLER]
    if not content:
        return (text,) if words else ()
    if len(content) == len(words):
        return (" ".join(words),)
    return tuple(content)


class Safety:
    """A session's lines and veils, read once: asked of every text before it is told."""

    def __init__(self, lines: Iterable[str] = (), veils: Iterable[str] = ()) -> None:
        self.lines = tuple(topic(x) for x in lines if x and x.strip())
        self.veils = tuple(topic(x) for x in veils if x and x.strip())

    def __bool__(self) -> bool:
        return bool(self.lines or self.veils)

    def crossed(self, text: str) -> list[str]:
        """The lines ``text`` crosses, by name (in any of its sentences)."""
        return [t.name for t in self.lines if _crosses(text, t)]

    def touched(self, text: str) -> list[str]:
        """The veils ``text`` shows on-screen, by name."""
        return [t.name for t in self.veils if _crosses(text, t)]

    def allows(self, text: str) -> bool:
        """Neither a line nor a veil in ``text``: it may be told as written."""
        return not text or not any(_crosses(text, t) for t in (*self.lines, *self.veils))

    def keeps_lines(self, text: str) -> bool:
        """No line crossed in ``text`` (a veil may be: it is told as a fade-out)."""
        return not text or not any(_crosses(text, t) for t in self.lines)

    def screen(self, text: str, fade: str = "") -> str:
        """``text`` as it may be told: sentences crossing a line left out (a name that crosses
        told around: "the Drowned Crown" as "the Crown"), a run of sentences touching a veil told
        as ``fade`` (the thing happens off-screen), the rest as written."""
        if not text or not self or self.allows(text):
            return text or ""
        out: list[str] = []
        faded = False
        for sentence in split_sentences(text):
            if any(_crosses(sentence, t) for t in self.lines):
                around = self.redact(sentence, names_only=True)
                if around:
                    out.append(around)
                    faded = False
                continue
            if any(_crosses(sentence, t) for t in self.veils):
                if not faded and fade:
                    out.append(fade)
                faded = True
                continue
            faded = False
            out.append(sentence)
        return " ".join(out)


    def redact(self, text: str, names_only: bool = False) -> str:
        """``text`` told around what crosses a line or shows a veil, word by word: a noun
        becomes the topic's stand-in ("A two-headed creature attacks with 9♠"), another word is
        left out ("The Crown"); a sentence still crossing after that is left out. For names and
        small print, whose facts must stay. ``names_only``: only words written with a capital
        (part of a name) may be told around; else the sentence is left out."""
        if not text or not self or self.allows(text):
            return text or ""
        out = []
        for sentence in split_sentences(text):
            if self.allows(sentence):
                out.append(sentence)
                continue
            told = _around(sentence, [t for t in (*self.lines, *self.veils)
                                      if _crosses(sentence, t)], names_only)
            if told and self.allows(told):
                out.append(told)
        return " ".join(out)


    def redact_keeping(self, text: str, own=()) -> str:
        """:meth:`redact`, except the human's own words inside ``text`` (any of ``own``, four
        letters or more), kept as they wrote them: their No entry "cruelty to horses" is shown
        so, never told around another line as "cruelty to creatures"."""
        mine = [w for w in sorted(own, key=len, reverse=True) if len(w) > 3 and w in text]
        if not mine:
            return self.redact(text)
        head, word, tail = text.partition(mine[0])
        return (self.redact_keeping(head, own) if head.strip() else head) + word + (
            self.redact_keeping(tail, own) if tail.strip() else tail)


def _around(sentence: str, topics: list[Topic], names_only: bool) -> str:
    toks = tokens(sentence)
    swap: dict[int, str] = {}
    for t in topics:
        for i in t.where(toks):
            tok = toks[i]
            if names_only and not (tok.capital and i > 0 and _name_start(sentence, tok)):
                return ""
            swap[i] = _stand_in(tok, t.stand_in, first=i == 0)
    if not swap:
        return ""
    text, last = "", 0
    for i, tok in enumerate(toks):
        if i not in swap:
            continue
        text += sentence[last:tok.start] + swap[i]
        last = tok.end
    text += sentence[last:]
    text = re.sub(r"\b([Aa])n? (?=(\w[\w-]*))", _article, text)
    return re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()


def _article(m: re.Match) -> str:
    """"a" or "an" as English says it before the next word, once a word was told around ("a
    creature", "an owl" become "an animal"; "a one-eyed" stays)."""
    said = grammar.a(m.group(2)).split(" ", 1)[0]
    return (said[:1].upper() + said[1:] if m.group(1) == "A" else said) + " "


def _name_start(sentence: str, tok: Token) -> bool:
    """A capitalised word inside a sentence (not its first word): part of a name."""
    return bool(sentence[:tok.start].strip())


def _stand_in(tok: Token, stand_in: str, first: bool = False) -> str:
    """What a crossing word becomes: a noun its topic's stand-in (plural for a plural, with a
    capital for a capital in a name, or first in the sentence: "Wren asks" as "Someone asks",
    "asks Wren" as "asks someone"), anything else nothing."""
    found = getAllLemmas(tok.low)
    if found and "NOUN" not in found and "PROPN" not in found:
        return ""
    word = stand_in
    if found and tok.low not in found.get("NOUN", (tok.low,)):  # a plural ("wolves", "children")
        word = (getInflection(stand_in, "NNS") or (stand_in,))[0]
    named = tok.capital and (first or stand_in not in ("someone", "thing"))
    return word[:1].upper() + word[1:] if named else word


@lru_cache(maxsize=64)
def safety_for(lines: tuple[str, ...], veils: tuple[str, ...]) -> Safety:
    """The Safety of these lines and veils (read once per set)."""
    return Safety(lines, veils)


@lru_cache(maxsize=16384)
def _crosses(text: str, t: Topic) -> bool:
    for sentence in split_sentences(text):
        if t.crosses(tokens(sentence)):
            return True
    return False


def split_sentences(text: str) -> list[str]:
    """Prose as sentences (after . ! ? ; and a closing quote, before a capital or a quote)."""
    parts = re.split(r"(?<=[.!?])[”’\"]?\s+(?=[“\"'‘A-Z])|(?<=;)\s+|\n+", text.strip())
    return [p.strip() for p in parts if p and p.strip()]


# The fade-outs a veiled moment is told as: the thing happens, off the page.
FADES = (
    "The telling looks away here; when it looks back, that moment is over.",
    "What happens next happens off the page, and the story picks up after it.",
    "The scene fades out there, and comes back once the worst of it has passed.",
    "That part stays off-screen; the story takes up again a little later.",
    "We leave that moment unseen and come back when it is done.",
    "The story draws a curtain over what follows, and opens it again after.",
    "Some things are not shown: this one happens out of sight.",
    "A fade to black, and then the story goes on.",
)


def fade_out(used: set[str] | None = None) -> str:
    """A fade-out not told yet in the session (``used``: the sentences told); the first again
    when every one was."""
    for line in FADES:
        if used is None or line not in used:
            return line
    return FADES[0]


def premise_notice(safety: Safety, premise: str, what: str = "") -> str:
    """What the table is told at the start when the game's own premise crosses a line or touches
    a veil ("" when it does neither): which topic, the part of the premise that says it, and how
    the story keeps it, short enough to read with the rest of the first screen."""
    crossed, touched = safety.crossed(premise), safety.touched(premise)
    if not crossed and not touched:
        return ""
    said = _shortest_saying(safety, premise)
    where = f"the premise of {what}" if what else "this game's premise"
    where += f" ({said})" if said else ""
    parts = []
    if crossed:
        parts.append(f"Your line {_names(crossed)} touches {where}: no told sentence will cross "
                     "it; the small print still says what the rules decide.")
    if touched:
        parts.append(f"Your veil {_names(touched)} touches {where}: it may happen, off-screen, "
                     "as a fade-out.")
    return " ".join(parts)


def _shortest_saying(safety: Safety, text: str) -> str:
    """The shortest clause of ``text`` (between stops, colons, semicolons and commas) that
    crosses a line or touches a veil ("you play a child assassin of the Nightblades"), else
    the first sentence that does; "" when none does."""
    clauses = [c.strip() for c in re.split(r"[.;:,!?\n]+", text) if c.strip()]
    found = sorted((c for c in clauses if not safety.allows(c)), key=len)
    if found:
        return found[0]
    return next((p.rstrip(".") for p in split_sentences(text) if not safety.allows(p)), "")


def _names(names: list[str]) -> str:
    quoted = [f"“{n}”" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
