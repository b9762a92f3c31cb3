"""Words as their dictionary forms: the one place the companion turns text into lemmas.

Every reader of free text (the reading layer, the safety topics, a Trait's fit, a draft's premise)
compares lemmas, never raw spellings, so "children" meets "child", "threw" meets "throw" and
"drowning" meets "drown". The lemmas come from ``lemminflect`` (its lookup tables, then its rules
for words it does not know), not from hand-written stems. A word's original spelling is kept on
its :class:`Token`, so a name read back keeps its capitals.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllInflections, getAllLemmas, getAllLemmasOOV, getInflection

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")


@dataclass(frozen=True)
class Token:
    """One word of a text: as written, lower-cased, its lemmas (every part of speech), and where
    it stands in the text."""

    text: str
    low: str
    lemmas: frozenset[str]
    start: int
    end: int

    @property
    def capital(self) -> bool:
        return self.text[:1].isupper()


@lru_cache(maxsize=8192)
def lemmas_of(word: str) -> frozenset[str]:
    """Every dictionary form ``word`` may stand for, the word itself included ("lies": lie;
    "better": better, good, well; "fast-talks": fast-talk, and talk for its last part)."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    if not w:
        return frozenset()
    out = {w}
    found = getAllLemmas(w)
    if found:
        for forms in found.values():
            out.update(forms)
    else:
        for upos in ("VERB", "NOUN"):
            out.update(getAllLemmasOOV(w, upos).get(upos, ()))
    if "-" in w:  # a compound is also its last word ("fast-talks": talk; "dog-door": door)
        out |= lemmas_of(w.rsplit("-", 1)[1])
    return frozenset(x.lower() for x in out if x)


# A pronoun and its verb written as one word are two words read ("I'll let him face it": a
# subject, then "will", then the verb it leads; "Let's see": let us see)
_CONTRACTED = re.compile(r"(?i)^(i|we|you|he|she|it|they|that|there|here|who|what|where|when|"
                         r"why|how|let)['’](d|ll|m|re|ve|s)$")
_WH = frozenset("who what where when why how".split())  # "where'd he go": where did he go
_FULL = {"d": "would", "ll": "will", "m": "am", "re": "are", "ve": "have", "s": "is"}


def tokens(text: str) -> list[Token]:
    """The words of ``text`` in order, each with its lemmas; a contracted pronoun and verb
    ("I'd", "we'll", "Let's") as its two words."""
    out = []
    for m in _WORD.finditer(text or ""):
        c = _CONTRACTED.match(m.group(0))
        if c:
            cut = m.start() + len(c.group(1))
            second = "us" if c.group(1).lower() == "let" else "did" if (
                c.group(1).lower() in _WH and c.group(2).lower() == "d") else _FULL[c.group(2).lower()]
            out += [Token(c.group(1), c.group(1).lower(), lemmas_of(c.group(1)), m.start(), cut),
                    Token(m.group(0)[len(c.group(1)):], second, lemmas_of(second), cut, m.end())]
        else:
            out.append(Token(m.group(0), m.group(0).lower().replace("’", "'"),
                             lemmas_of(m.group(0)), m.start(), m.end()))
    return out


def lemma_set(text: str) -> frozenset[str]:
    """Every lemma of every word of ``text``."""
    out: set[str] = set()
    for t in tokens(text):
        out |= t.lemmas
    return frozenset(out)


@lru_cache(maxsize=4096)
def phrase_lemmas(phrase: str) -> tuple[frozenset[str], ...]:
    """A phrase ("look the other way", "draw off") as the lemma sets of its words, in order."""
    return tuple(t.lemmas for t in tokens(phrase))


@lru_cache(maxsize=8192)
def _base(word: str) -> str:
    """The form a phrase's word is written in, as its own lemma set's main member: the word
    itself when the tables know it as a base form, else its first lemma."""
    low = word.lower()
    found = getAllLemmas(low)
    if not found or any(low in forms for forms in found.values()):
        return low
    return sorted(next(iter(found.values())))[0]


@lru_cache(maxsize=4096)
def _wanted(phrase: str) -> tuple[str, ...]:
    """The base forms of ``phrase``'s words, as :func:`find` looks for them: the same for every
    text read (the reading layer asks for the same few hundred phrases of every line, and
    lemminflect deep-copies its tables' answer on every look-up)."""
    return tuple(_base(t.text) for t in tokens(phrase))


def find(text_tokens: list[Token], phrase: str, gap: int = 0) -> int:
    """Where ``phrase`` occurs in the tokens, by lemmas (index of its first word), or -1. A word
    of the phrase matches a token when the token may stand for the phrase word's base form; up to
    ``gap`` other words may stand between the phrase's words ("draw the guards off" says "draw
    off" with gap 2)."""
    at = find_words(text_tokens, phrase, gap)
    return at[0] if at else -1


def find_words(text_tokens: list[Token], phrase: str, gap: int = 0) -> tuple[int, ...]:
    """The positions of the tokens that say ``phrase`` (as :func:`find`), the first occurrence;
    () when it is not said."""
    want = _wanted(phrase)
    if not want:
        return ()
    for i, tok in enumerate(text_tokens):
        if want[0] not in tok.lemmas:
            continue
        at = [i]
        for w in want[1:]:
            nxt = next((k for k in range(at[-1] + 1, min(len(text_tokens), at[-1] + 2 + gap))
                        if w in text_tokens[k].lemmas), None)
            if nxt is None:
                break
            at.append(nxt)
        if len(at) == len(want):
            return tuple(at)
    return ()


def says(text: str, phrase: str, gap: int = 0) -> bool:
    """Does ``text`` say ``phrase`` in any inflection ("the children" says "child"; "threw a
    stone" says "throw stone" with a gap of one)?"""
    return find(tokens(text), phrase, gap) >= 0


@lru_cache(maxsize=4096)
def inflections(word: str) -> frozenset[str]:
    """Every written form of ``word`` (and the word): "child": children; "drown": drowned,
    drowning, drowns."""
    low = word.lower()
    out = {low}
    for forms in getAllInflections(low).values():
        out.update(f.lower() for f in forms)
    return frozenset(out)


def base(word: str) -> str:
    """The dictionary form a word of a list is written in ("children": child, "scared": scare;
    a base form stays itself)."""
    return _base(word)


@lru_cache(maxsize=4096)
def past(word: str) -> bool:
    """Whether ``word`` is a verb's simple past ("sold", "knew", "walked"; not "sell", "know"),
    from the inflection tables: a form in the past (VBD) of one of its verb lemmas and not its
    present."""
    from lemminflect import getInflection

    low = word.lower()
    for lemma in getAllLemmas(low, upos="VERB").get("VERB", ()):
        if low in getInflection(lemma, tag="VBD") and low not in getInflection(lemma, tag="VBP"):
            return True
    return False


def third_person(verb: str) -> str:
    """``verb``'s present form for he, she or it ("ask": "asks", "try": "tries"); ``verb`` itself
    when it is no verb lemminflect knows."""
    forms = getAllInflections(verb.lower(), upos="VERB").get("VBZ")
    if not forms and verb.lower() not in _MODALS and "VB" in getAllInflections(verb.lower(),
                                                                              upos="VERB"):
        # a verb the tables hold only as a base ("dare"): the regular form ("Wren dares")
        forms = getInflection(verb.lower(), tag="VBZ")
    return forms[0] if forms else verb


_MODALS = frozenset("can could may might must shall should will would ought".split())
