"""Where a deed sends a thing or a body: a thing thrown at a place (a distraction, when nobody is
its target) and a body gone into cover (hiding). Part of the reading layer
(:mod:`companion.story.reading`, ``rules/reading/acts.toml`` [throw] and the act classes'
``into``); the verbs and kinds are data, these functions only read the shape of the words."""
from __future__ import annotations

from collections.abc import Callable

from companion.story.clauses import STOP
from companion.story.lemmas import Token

# someone, not something: a thing thrown at one of these is an attack or a gift
_PERSONS = frozenset("him her them me us you someone somebody anyone everyone".split())
_DETERMINERS = frozenset("a an the my his her their our your its some this that these those one "
                         "two three few".split())
# where a body goes when it goes into something ("melt into", "fade back among", "sink in")
_INTO = frozenset("into among amongst amid amidst within".split())


_SELVES = frozenset("myself ourselves himself herself themselves yourself yourselves "
                    "themself".split())


def thrown(toks: list[Token], verbs: frozenset[str], towards: frozenset[str],
           being: Callable[[Token, int], bool]) -> tuple[str, int]:
    """What the first thrown thing flies to: "place" (a shutter, the cobbles, down the hill),
    "being" (at a guard, to the dog, at him) or "" when nothing is thrown. ``being(tok, i)``
    says whether a word names a person or a creature (its kind, or a name). With it, where the
    word that says where it flies stands (-1 when none does)."""
    for i, t in enumerate(toks):
        if not (t.lemmas & verbs) or (i and toks[i - 1].low in _DETERMINERS):
            continue
        j = i + 1
        if j < len(toks) and toks[j].low in _SELVES:  # "I throw myself at the trial": no throw
            continue
        if j < len(toks) and toks[j].low in _PERSONS:  # "toss him a coin": given to someone
            return "being", -1
        while j < len(toks) and toks[j].low in _DETERMINERS:
            j += 1
        if j < len(toks) and being(toks[j], j):  # "toss the dog a sausage"
            return "being", -1
        # the thrown thing's own words, then where it flies ("at the far shutter")
        for k in range(j, min(len(toks), j + 6)):
            if toks[k].low in towards:
                head = _head(toks, k + 1)  # "at the stable door": a door; "at Gallius"
                if head is not None and (toks[head].low in _PERSONS or being(toks[head], head)):
                    return "being", k
                return "place", k
        return "place", -1  # "I lob a walnut": thrown somewhere, not at anyone
    return "", -1


def _head(toks: list[Token], start: int) -> int | None:
    """The head of the noun phrase from ``start``: its last word before a small word ("the stable
    door by the well": door; "the guard's lantern": lantern), or a person's pronoun."""
    head = None
    for m in range(start, min(len(toks), start + 5)):
        low = toks[m].low
        if low in _PERSONS:
            return m if head is None else head
        if low in _DETERMINERS and head is None:
            continue
        if low in STOP:
            break
        head = m
    return head


# where a body goes when it goes up or over something ("over the coping", "up the drainpipe")
UP = frozenset("up over onto atop".split())


def gone_into(toks: list[Token], kinds: Callable[[Token], frozenset[str]],
              places: dict[str, list[str]], flown: int = -1, words: frozenset[str] = _INTO
              ) -> set[str]:
    """The acts said by where a body goes: "into", "among", "back into" a thing whose kind one of
    ``places`` (act: kinds) lists ("melt into the ivy": hide); with ``words`` = :data:`UP`, up or
    over it ("over the coping": climb). ``flown``: where a thrown thing goes, not the body ("I
    toss a pebble into the bushes")."""
    out: set[str] = set()
    for i, t in enumerate(toks):
        if t.low not in words or i == 0 or i == flown:
            continue
        for x in toks[i + 1:i + 4]:
            if x.low in STOP or x.low in _DETERMINERS:
                continue
            found = kinds(x)
            out |= {act for act, want in places.items() if found & set(want)}
            break
    return out
