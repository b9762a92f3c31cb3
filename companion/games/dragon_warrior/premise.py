"""A drafting premise read for its place, its foe and its trouble (``companion draft``, issue 35).

"a fishing village beset by sea raiders": the place is "a fishing village", the trouble "beset by
sea raiders", the foe "sea raiders". "where a serpent cult keeps its hoard": no place, the foe "a
serpent cult", the trouble "a serpent cult keeps its hoard". The clause starts at the first word
of grammar that opens one (a relative word, a preposition of agency, or a participle such as
"beset", "haunted": a word lemminflect reads as a past participle); the foe is the noun phrase
after "by", "of", "from" or "with", or the subject after "where", "that", "which", "who", ended
at its verb. A premise with no clause is all place and no foe.
"""
from __future__ import annotations

from dataclasses import dataclass

from lemminflect import getAllInflections, getAllLemmas

_RELATIVE = ("where", "that", "which", "who", "whose", "while")
_AGENT = ("by", "of", "from", "with", "under")
_ARTICLES = ("a", "an", "the", "some", "its", "their")


@dataclass(frozen=True)
class Premise:
    place: str  # "a fishing village" ("" when the premise opens with its clause)
    clause: str  # "beset by sea raiders"
    foe: str  # "sea raiders" ("" when none is named)

    def trouble(self, where: str = "the town") -> str:
        """The trouble in a sentence: "the town is beset by sea raiders"; "a serpent cult keeps
        its hoard"."""
        if not self.clause:
            return ""
        first = self.clause.split()[0].lower()
        if first == "whose":
            return f"its {self.clause.split(' ', 1)[1]}" if " " in self.clause else ""
        if first in _RELATIVE:
            return self.clause.split(" ", 1)[1] if " " in self.clause else ""
        if first in _AGENT:
            return f"{where} is troubled {self.clause}"
        return f"{where} is {self.clause}"


def _participle(word: str) -> bool:
    low = word.lower()
    lemmas = getAllLemmas(low).get("VERB", ())
    return any(low in getAllInflections(lem).get("VBN", ()) for lem in lemmas)


def _verb(word: str) -> bool:
    """A finite verb ends the foe's noun phrase: "keeps" (3rd person), "kept", "hides"."""
    low = word.lower()
    lemmas = getAllLemmas(low).get("VERB", ())
    forms = set()
    for lem in lemmas:
        for tag in ("VBZ", "VBD", "VBP"):
            forms.update(getAllInflections(lem).get(tag, ()))
    return low in forms


def read(idea: str) -> Premise:
    words = " ".join(idea.replace(",", " ").split()).rstrip(".").split()
    at = next((i for i, w in enumerate(words) if w.lower() in _RELATIVE + _AGENT
               or (i > 1 and words[i - 1].lower() not in _ARTICLES and _participle(w))),
              len(words))
    place, clause = " ".join(words[:at]), " ".join(words[at:])
    rest = words[at:]
    foe: list[str] = []
    for i, w in enumerate(rest):
        if w.lower() in _AGENT:
            foe = rest[i + 1:]
            break
        if w.lower() == "whose":
            break
        if w.lower() in _RELATIVE:
            tail = rest[i + 1:]
            end = next((j for j, x in enumerate(tail) if j > 0 and _verb(x)), len(tail))
            foe = tail[:end]
            break
    return Premise(place=place, clause=clause, foe=" ".join(foe))


def bare(phrase: str) -> str:
    """The phrase without its article: "a serpent cult" -> "serpent cult"."""
    words = phrase.split()
    while words and words[0].lower() in _ARTICLES:
        words = words[1:]
    return " ".join(words)
