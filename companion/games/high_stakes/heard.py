"""What the GM hears in the player's words, by the reading layer: does a word say another
(``mentions``), does a deed go to a scene's exit (``goes_to``), which of the replies of the one
spoken to answers what was asked (``answering``), what a deed done for someone hands them
(``handed``)."""
from __future__ import annotations

import re
from collections.abc import Sequence

from lemminflect import getAllLemmas

from companion.story.lemmas import lemmas_of, tokens
from companion.story.clauses import STOP
from companion.story.reading import kind_of, kinds_of, main_clause, read, shared_things


def words_in(text: str, words: Sequence[str]) -> int:
    """How many of ``words`` the text says (see :func:`mentions`)."""
    low = text.lower()
    return sum(1 for w in words if mentions(low, w))


_ENDINGS = r"(?:s|es|ed|d|ing|er|ers|ly|ion|ions)?"


def mentions(low: str, word: str) -> bool:
    """Does the lower-cased ``low`` say ``word`` (or a phrase), as a whole word or one of its
    inflections ("stab": "stabs", "stabbing"; "calm": "calmly")? Never a word inside another one:
    "the stable boys" does not say "stab", "cover" does not say "over"."""
    w = re.escape(word.lower().strip())
    if not w:
        return False
    if word.endswith("y"):
        w = w[:-1] + r"(?:y|ies|ied)"
    elif word.endswith("e"):
        w = w[:-1] + r"(?:e|ing)"
    else:
        w = w + "(?:" + re.escape(word[-1].lower()) + ")?"  # stab: stabbing, drug: drugged
    return re.search(r"(?<![a-z])" + w + _ENDINGS + r"(?![a-z])", low) is not None


# Words that put a thing where a deed goes ("to the gate", "past the guards"); "by the gate",
# "at the gate" alone do not.
_TOWARD = frozenset("to toward towards into onto through past for".split())
_ARRIVE = frozenset("approach join reach visit face confront enter".split())


def goes_to(text: str, places: Sequence[str]) -> bool:
    """Do the words send the character to one of ``places`` (an exit's names)? Only the deed
    itself counts, and only a place it goes to: a word for the place after a word of direction
    ("I go up to the gate", "I slip past the guards") or after a verb of arriving ("I approach
    the watchmen"). "So the men at the gate go to look" sends nobody to the gate, nor does "I
    hook the gate lantern off its bracket" (the gate names which lantern: a noun after it is
    the thing) or "I climb the wall by the gate" (no way there is said)."""
    toks = tokens(main_clause(text))
    for i, tok in enumerate(toks):
        if not any(mentions(tok.low, w) for w in places):
            continue
        if i + 1 < len(toks) and _names_a_noun(toks[i + 1].low):
            continue  # "the gate lantern": a lantern
        before = [t.low for t in toks[:i]]
        if _TOWARD & set(before) or any(lemmas_of(w) & _ARRIVE for w in before):
            return True  # "up to the watchmen at the gate": the gate is where it goes
    return False


def answering(question: str, replies: Sequence[str]) -> list[str]:
    """The replies that answer what was asked: those naming most of the things the question
    names ("what of the dogs?" gets the reply about the yard and its dogs), all of them when
    none names any."""
    asked = read(question)
    if not asked.lemmas:
        return list(replies)
    scored = [(len(shared_things(asked, read(r))), r) for r in replies]
    best = max((n for n, _ in scored), default=0)
    return [r for n, r in scored if n == best] if best else list(replies)


def _names_a_noun(word: str) -> bool:
    """A word that is only ever a noun ("lantern", "house"), so the one before it names it."""
    found = getAllLemmas(word)
    return bool(found) and set(found) <= {"NOUN"}


_DETERMINER = r"\b(?:a|an|the|my|his|her|their|our|this|that|some|one)\s+"
# acts of speech: what is said to someone is answered, not handed over
_SPOKEN = frozenset({"talk", "persuade", "deceive", "threaten", "command", "bribe"})


def handed(text: str, to: str) -> str:
    """The thing a deed done for ``to`` (a name) shows them, as the player wrote it ("I fold a
    paper crane and set it on Rust's knee": "paper crane"); "" for words said or asked, or when
    the deed names no thing of its own (a body part, a person, the one it is done for)."""
    if kind_of(text, (to,)) != "deed" or set(read(text).top(1)) & _SPOKEN:
        return ""
    for m in re.finditer(_DETERMINER + r"([A-Za-z'’-]+(?:\s+[A-Za-z'’-]+){0,3})", main_clause(text)):
        words: list[str] = []
        said = m.group(1).split()
        for i, w in enumerate(said):
            if w.lower() == "of" and words and i + 1 < len(said) and said[i + 1].lower() not in STOP:
                words += [w, said[i + 1]]  # "a stub of lamp-wick", not "a page of my notes"
                break
            if w.lower() in STOP or w[:1].isupper():
                break
            words.append(w)
        if not words or words[-1].lower().endswith(("'s", "’s")):
            continue
        head = read(words[-1]).things
        kinds = kinds_of(head[0].lemma) if head else frozenset()
        if head and not kinds & {"body", "guard", "family", "animal", "place"}:
            return " ".join(words)
    return ""
