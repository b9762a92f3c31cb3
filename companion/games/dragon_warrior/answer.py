"""The AI Warrior answers a question of the player's own in the question's shape.

Played: "What did you leave burning when you left home?" got "A bent copper ring and a debt to the
miller." (an answer to another question). An answer now says back what was asked, in the first
person, with one new thing filled in from the tables (``own_answers``): "I left the lamp in the
window burning when I left home." The shapes: what/which ... did/do you VERB ...; what is your ...;
who VERB you ...; where/why/how did/do you VERB ...; why does SOMETHING VERB you ...; and
yes-or-no questions (do/are/have you ...).
A question in none of these shapes gets "" (the caller falls back to its tables).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from lemminflect import getInflection, getLemma

from companion.games.dragon_warrior.data import rules

_SWAP = {"you": "I", "your": "my", "yours": "mine", "yourself": "myself", "me": "you",
         "my": "your", "i": "you", "are": "am", "were": "was"}
_AS_I = {"are": "am", "were": "was", "do": "do", "did": "did", "have": "have", "had": "had",
         "can": "can", "could": "could", "will": "will", "would": "would", "should": "should"}


def _swap(text: str) -> str:
    """``text`` said back by the one asked: you -> I (me after a verb or a preposition), your ->
    my; "are" only right after "you"."""
    words = text.split()
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if low == "you":
            after_verb = i > 0 and words[i - 1].lower() not in ("and", "when", "if", "because",
                                                                "before", "after", "while",
                                                                "since", "as", "that")
            out.append("me" if after_verb else "I")
        elif low in ("are", "were"):
            out.append(_SWAP[low] if i > 0 and words[i - 1].lower() == "you" else w)
        elif low in _SWAP and low not in ("me", "i"):
            out.append(_SWAP[low])
        else:
            out.append(w)
    return " ".join(out)


def _verb(word: str, form: str) -> str:
    lemma = (getLemma(word.lower(), upos="VERB") or (word.lower(),))[0]
    if form == "base":
        return lemma
    return (getInflection(lemma, tag=form) or (lemma,))[0]


def _pool(verb: str) -> str:
    t = rules().tables.own_answers
    lemma = (getLemma(verb.lower(), upos="VERB") or (verb.lower(),))[0]
    if lemma in t.get("fear_verbs", ()):
        return "fears"
    if lemma in t.get("people_verbs", ()):
        return "people"
    return "things"


def own_answer(question: str, pick: Callable[[list[str]], str]) -> str:
    """An answer in the shape of ``question`` ("" when it has none of the shapes); ``pick``
    chooses among the table's words (the narrator's seeded, topic-safe choice)."""
    t = rules().tables.own_answers
    q = " ".join(question.strip().rstrip("?.! ").split())
    if not q or not t:
        return ""

    def fill(kind: str) -> str:
        return pick(list(t.get(kind, ()))) or ""

    m = re.match(r"(?i)(?:what|which \w+) (did|do|does|would|will|have|had) you (\w+)\b(.*)$", q)
    if m:
        aux, verb, rest = m.group(1).lower(), m.group(2), _swap(m.group(3).strip())
        form = {"did": "VBD", "had": "VBN", "have": "VBN"}.get(aux, "base")
        said = _verb(verb, form)
        lead = {"would": "I would ", "will": "I will ", "have": "I have ", "had": "I had "
                }.get(aux, "I ")
        thing = fill(_pool(verb))
        return _sentence(f"{lead}{said} {thing} {rest}") if thing else ""
    m = re.match(r"(?i)what (is|was|are|were) your (.+)$", q)
    if m:
        thing = fill("things")
        return _sentence(f"my {_swap(m.group(2))} {m.group(1).lower()} {thing}") if thing else ""
    m = re.match(r"(?i)who (\w+) (you|your)\b(.*)$", q)
    if m:
        person = fill("people")
        obj = "me" if m.group(2).lower() == "you" else "my"
        return _sentence(f"{person} {m.group(1)} {obj} {_swap(m.group(3).strip())}") \
            if person else ""
    m = re.match(r"(?i)who (is|was|are|were|do|did) (.+)$", q)
    if m:
        person = fill("people")
        return _sentence(f"{person} {m.group(1).lower()} {_swap(m.group(2))}") if person else ""
    m = re.match(r"(?i)(where|why|how) (did|do|does|would|will) you (\w+)\b(.*)$", q)
    if m:
        wh, aux, verb, rest = (m.group(1).lower(), m.group(2).lower(), m.group(3),
                               _swap(m.group(4).strip()))
        said = _verb(verb, "VBD" if aux == "did" else "base")
        lead = {"would": "I would ", "will": "I will "}.get(aux, "I ")
        what = {"where": ("places", ""), "why": ("reasons", "because "),
                "how": ("manners", "")}[wh]
        if wh == "why" and _pool(verb) == "fears":  # a fear has a memory, not a reason
            what = ("memories", "because ")
        more = fill(what[0])
        return _sentence(f"{lead}{said} {rest} {what[1]}{more}") if more else ""
    m = re.match(r"(?i)why (does|did|do|would|will) (.+?) (\w+) (you|your)\b(.*)$", q)
    if m:  # something done to the Warrior: "why does the sound of bells frighten you?"
        aux, subject, verb, rest = (m.group(1).lower(), _swap(m.group(2)), m.group(3),
                                    _swap(m.group(5).strip()))
        said = {"does": _verb(verb, "VBZ"), "did": _verb(verb, "VBD"), "do": _verb(verb, "base"),
                "would": "would " + _verb(verb, "base"), "will": "will " + _verb(verb, "base")}[aux]
        obj = "me" if m.group(4).lower() == "you" else "my"
        more = fill("memories")
        return _sentence(f"{subject} {said} {obj} {rest} because {more}") if more else ""
    m = re.match(r"(?i)(do|did|are|were|have|had|can|could|will|would) you (.+)$", q)
    if m:
        tail = fill("tails")
        return _sentence(f"I {_AS_I[m.group(1).lower()]} {_swap(m.group(2))}, {tail}")
    return ""


def _sentence(text: str) -> str:
    text = " ".join(text.split()).replace(" ,", ",")
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
