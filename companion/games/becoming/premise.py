"""A drafting premise read for the parts a Quest can grow from.

``"A lighthouse keeper's daughter must relight the lamp before the fleet returns"`` gives:

* ``who``: the Hero as the premise names them, a noun phrase ("the lighthouse keeper's daughter");
* ``deed``: what they must do, a verb phrase that follows "to" or "must" ("relight the lamp");
* ``goal``: the deed's object, a noun phrase ("the lamp");
* ``pressure``: the deadline clause, kept whole ("before the fleet returns");
* ``words``: the premise's words folded for matching (lower case, no possessive or plural "s").

The reading is a small pattern grammar, not a parser: SUBJECT MODAL DEED [PRESSURE], where MODAL is
"must", "has to", "wants to", "sets out to"..., or SUBJECT WANTS OBJECT for a premise without a
deed ("The salt witch wants her daughter back"). Whatever it cannot read it leaves out (None), and
the draft then uses sentences that do not need it, so a premise is never forced into a sentence
it does not fit. The player's words are used as typed; only "your/my/our" become "the Hero's"
(a Quest is told in the third person) and braces and brackets are dropped (they are template marks).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from companion.story.grammar import Phrase, english

DETS = {"a", "an", "the", "her", "his", "their", "its", "my", "our", "your", "this", "that", "some"}
PERSONAL = {"my", "our", "your"}  # told as "the Hero's" in a third-person Quest
POSSESSIVE = {"her", "his", "their", "its"} | PERSONAL
PRONOUNS = {"i", "we", "you", "she", "he", "they", "it", "someone", "somebody", "nobody", "one"}
# "must", "has to", "sets out to"...: what comes after is the deed, in its bare form.
MODALS = [m.split() for m in (
    "must", "has to", "have to", "needs to", "need to", "wants to", "want to", "seeks to",
    "tries to", "sets out to", "set out to", "vows to", "swears to", "will", "is sent to",
    "hopes to", "longs to", "means to", "plans to", "races to", "fights to", "struggles to",
    "is trying to", "has sworn to", "is going to", "goes to", "should", "shall", "can", "dares to",
    "is bound to", "is called to", "agrees to", "promises to", "decides to")]
# "wants", "seeks"...: a premise with an object but no deed.
WANTS = {"wants", "seeks", "needs", "hunts", "loves", "lost", "guards", "carries", "follows",
         "fears", "owes", "craves", "steals", "protects", "defends", "loses", "finds", "has",
         "keeps", "mourns", "misses", "remembers", "awaits"}
# Words that open the deadline clause ("before the fleet returns", "or else the town burns").
PRESSURE = {"before", "until", "till", "ere", "while", "unless", "lest", "by"}
# Words that end a noun phrase (the deed's object runs until one of these).
ENDS = {"to", "from", "in", "on", "at", "into", "onto", "with", "for", "by", "before", "after",
        "until", "till", "while", "and", "or", "but", "so", "because", "back", "home", "again",
        "across", "over", "under", "through", "against", "ere", "when", "where", "who", "that",
        "which", "unless", "lest", "as", "out", "up", "down", "off", "away", "once", "forever",
        "beneath", "beyond", "behind", "inside", "within", "without", "among", "between", "near",
        "is", "are", "was", "were", "will", "can", "must", "has", "have", "had", "then", "if",
        "during", "despite", "since", "past", "around", "along", "toward", "towards", "upon",
        "amid", "like", "whose", "whom", "than", "via", "about"}
PARTICLES = {"back", "up", "out", "down", "home", "off", "away", "together", "again", "in"}
# Deeds done to a place, not for a thing: "cross the desert" has no goal to reach in the end (the
# setting's prize stands in), where "reach the summit" or "find the lamp" has.
PASSING = {"cross", "escape", "leave", "flee", "traverse", "survive", "outrun", "pass", "sail",
           "travel", "ride", "walk", "run", "wander", "explore", "guard", "defend", "protect"}
MAX_NP = 6


@dataclass(frozen=True)
class Premise:
    text: str
    who: Phrase | None = None
    deed: str | None = None
    goal: Phrase | None = None
    pressure: str | None = None
    words: frozenset[str] = field(default_factory=frozenset)


def fold(word: str) -> str:
    """A word as the setting keys are written: lower case, no possessive, no plural "s"."""
    w = word.lower().strip("'’\".,;:!?()")
    w = re.sub(r"['’]s?$", "", w)
    return w


def folds(word: str) -> set[str]:
    """The forms a key may match: the word, and the word less a plural ending."""
    w = fold(word)
    out = {w}
    if len(w) > 3 and w.endswith("es"):
        out.add(w[:-2])
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        out.add(w[:-1])
    return out


def _clean(text: str) -> str:
    text = re.sub(r"[{}\[\]<>*_`#|\\]", " ", text)
    text = text.replace("“", "\"").replace("”", "\"").replace("‘", "'").replace("’", "'")
    return " ".join(text.replace("\"", " ").split())


def _third_person(tokens: list[str]) -> list[str]:
    return ["the Hero's" if t.lower() in PERSONAL else t for t in tokens]


@cache
def _inflect():
    return english()  # the story toolkit's: loaded only when a premise is read


def _is_plural(word: str) -> bool:
    w = fold(word)
    return bool(w.endswith("s") and not w.endswith("ss") and _inflect().singular_noun(w))


def phrase_of(tokens: list[str]) -> Phrase | None:
    """A noun phrase from its words as typed: "the lamp", "her brother", "Queen Maud", "wolves"."""
    tokens = [t.strip(",;:") for t in tokens if t.strip(",;:")]
    if not tokens:
        return None
    det = tokens[0].lower()
    rest = tokens[1:]
    if det in DETS:
        if not rest:
            return None
        if det in POSSESSIVE:  # the subject's own, and the subject is the Hero
            return Phrase(words=" ".join(["Hero's"] + rest), form="the")
        if det in ("a", "an"):
            return Phrase(words=" ".join(rest), form="a")
        if det == "some":
            return Phrase(words=" ".join(rest), form="pl" if _is_plural(rest[-1]) else "mass")
        return Phrase(words=" ".join(rest), form="the")
    if tokens[0][:1].isupper():
        return Phrase(words=" ".join(tokens), form="name")
    return Phrase(words=" ".join(tokens), form="pl" if _is_plural(tokens[-1]) else "mass")


def _np(tokens: list[str]) -> list[str]:
    """The noun phrase at the start of ``tokens`` (a determiner, then words up to an END word;
    "of" carries on: "the bell of Ys")."""
    out: list[str] = []
    for i, t in enumerate(tokens):
        low = t.lower().strip(",;:")
        after_of = bool(out) and out[-1].lower() == "of"
        if i > 0 and not after_of and (low in ENDS or low in DETS - {"the", "a", "an"}):
            break
        if i > 0 and low in ("the", "a", "an") and out and out[-1].lower() != "of":
            break
        out.append(t)
        if t.endswith((",", ";", ":")) or len(out) >= MAX_NP:
            break
    while out and out[-1].lower().strip(",;:") in ("of", "the", "a", "an"):
        out.pop()  # cut short inside "of ...": "the hammer of" is "the hammer"
    return out


def _find(tokens: list[str], seq: list[str]) -> int:
    low = [t.lower().strip(",;:") for t in tokens]
    for i in range(1, len(low) - len(seq) + 1):
        if low[i:i + len(seq)] == seq:
            return i
    return -1


def _who(subject: list[str]) -> Phrase | None:
    if "," in " ".join(subject):  # "Mira, a smith's apprentice," -> Mira
        subject = " ".join(subject).split(",")[0].split()
    if not subject or len(subject) > 8 or subject[0].lower() in PRONOUNS:
        return None
    if subject[0].lower() in PERSONAL:
        return None
    head = subject[0].lower()
    if head not in DETS and not subject[0][:1].isupper():
        return None  # "lost in the woods, ..." is no subject
    return phrase_of(subject)


def read(premise: str) -> Premise:
    text = _clean(premise)
    first = re.split(r"(?<=[.!?;])\s", text)[0].rstrip(".!?;")
    tokens = first.split()
    words = frozenset(f for t in text.split() for f in folds(t) if f)
    modal = next(((i, m) for m in sorted(MODALS, key=len, reverse=True)
                  if (i := _find(tokens, m)) > 0), None)
    who = deed = goal = pressure = None
    if modal:
        i, m = modal
        who = _who(tokens[:i])
        rest = _third_person(tokens[i + len(m):])
        cut = next((j for j, t in enumerate(rest) if j > 0 and (
            t.lower() in PRESSURE or (t.lower() == "or" and (
                rest[j - 1].endswith(",") or (j + 1 < len(rest)
                                             and rest[j + 1].lower() == "else"))))), len(rest))
        deed_tokens, pressure_tokens = rest[:cut], rest[cut:]
        if any(t.endswith(",") for t in deed_tokens[:-1]):  # "relight the lamp, whatever it costs"
            deed_tokens = deed_tokens[:next(j for j, t in enumerate(deed_tokens) if t.endswith(","))
                                      + 1]
        deed = " ".join(deed_tokens).strip(" ,;:") or None
        if deed and deed.split()[0].lower() in DETS:
            deed = None  # "must the ..." is no deed
        pressure = " ".join(pressure_tokens).strip(" ,;:") or None
        if pressure and len(pressure.split()) < 2:
            pressure = None
        if deed and deed.split()[0].lower() not in PASSING:
            obj = deed.split()[1:]
            while obj and obj[0].lower() in PARTICLES:
                obj = obj[1:]
            goal = phrase_of(_np(obj)) if obj and obj[0].lower() not in ENDS else None
    else:
        low = [t.lower() for t in tokens]
        at = next((j for j, t in enumerate(low) if j > 0 and t in WANTS), -1)
        if at > 0:
            who = _who(tokens[:at])
            obj = _third_person(tokens[at + 1:])
            goal = phrase_of(_np(obj)) if obj and obj[0].lower() in DETS else None
            after = obj[len(_np(obj)):]
            cut = next((j for j, t in enumerate(after) if t.lower() in PRESSURE), None)
            if cut is not None and len(after) - cut >= 2:
                pressure = " ".join(after[cut:]).strip(" ,;:")
        elif tokens and tokens[0].lower() in DETS and len(tokens) <= 8:
            goal = phrase_of(_third_person(_np(tokens)))
    return Premise(text=text, who=who, deed=deed, goal=goal, pressure=pressure, words=words)
