"""A Trait's words inside a sentence (issue 42: "Elsabet grows knows the Duke's secret").

A Trait is named by whoever adds it: our own names are adjectives ("shaken"); a player may name
one with a verb phrase ("knows the Duke's secret"), a noun phrase ("a temper like a struck match")
or an adjective phrase ("quick to anger"). Its words are read once, by the first word's dictionary
forms (lemminflect), into one of three forms, and each form is told in frames of its own
(narration.toml: ``KEY`` for adjectives, ``KEY_vp`` and ``KEY_np`` for the others):

* ``vp``: the first word is a verb in its -s form and more words follow ("knows the Duke's
  secret", "fears deep water"): told after the Asset as its predicate ("Elsabet knows ..."; a plural
  Asset takes the plain form: "the quick wits know ...");
* ``np``: it begins with a determiner ("a", "the", "her" ...), or it names a thing (its last word a
  noun and never an adjective or a verb form, "iron nerve", "courage"): told as something had
  ("gains", "carries", "loses");
* ``adj``: anything else ("sharpened", "quick to anger", "bitter", "owed a debt": a past
  participle with what follows it): told after "is" or "grows".
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lemminflect import getAllLemmas, getInflection

DETERMINERS = frozenset({"a", "an", "the", "my", "his", "her", "their", "its", "our", "your",
                         "no", "some", "every", "one", "two", "three", "this", "that"})
FORMS = ("adj", "vp", "np")


@dataclass(frozen=True)
class TraitWords:
    form: str  # adj | vp | np
    words: str  # as named, trimmed for the middle of a sentence
    plain: str = ""  # a vp with its verb in the plain form ("know the Duke's secret")

    def after(self, plural: bool) -> str:
        """The words as they follow their Asset (a vp agreeing with it)."""
        return self.plain if self.form == "vp" and plural else self.words


def _vbz(word: str) -> str:
    """The plain form of ``word`` if it is a verb's -s form ("knows": know), else ""."""
    lem = getAllLemmas(word.lower())
    for base in lem.get("VERB", ()):
        if word.lower() in getInflection(base, "VBZ") and base != word.lower():
            return base
    return ""


def _vbn(word: str) -> bool:
    """Whether ``word`` is a verb's past participle ("owed", "sworn", "marked")."""
    low = word.lower()
    return any(low in getInflection(base, "VBN") for base in getAllLemmas(low).get("VERB", ()))


@cache
def parse(name: str) -> TraitWords:
    words = " ".join(name.split()).strip().rstrip(".!?;:,")
    parts = words.split()
    if not parts:
        return TraitWords("adj", words)
    first, last = parts[0].lower(), parts[-1].lower()
    if len(parts) > 1 and parts[1].lower() == "of" and "ADJ" in getAllLemmas(first) and \
            "NOUN" not in getAllLemmas(first):
        return TraitWords("adj", words)  # "unafraid of wolves", "sure of foot"
    if first in DETERMINERS or (len(parts) > 2 and parts[1].lower() == "of"):
        return TraitWords("np", words)  # "a temper", "fears of the dark"
    if len(parts) > 1 and parts[1].lower() in ("to", "with", "in", "at", "as", "of") and \
            "ADJ" in getAllLemmas(first):
        return TraitWords("adj", words)  # "quick to anger", "sick with worry"
    if len(parts) == 1 and _vbz(first) and not {"NOUN", "ADJ"} & set(getAllLemmas(first)):
        return TraitWords("vp", words, _vbz(first))  # "hesitates"
    if len(parts) > 1 and parts[1].lower() not in ("of", "and", "for") and _vbz(first):
        return TraitWords("vp", words, " ".join([_vbz(first), *parts[1:]]))
    if len(parts) > 2 and "ADV" in getAllLemmas(first) and _vbz(parts[1]):
        return TraitWords("vp", words, " ".join([parts[0], _vbz(parts[1]), *parts[2:]]))
    if len(parts) > 1 and _vbn(first) and "NOUN" not in getAllLemmas(first) and (
            parts[1].lower() in DETERMINERS or "ADP" in getAllLemmas(parts[1].lower())
            or parts[1].lower() in ("to", "by", "with", "for", "from", "in", "on")):
        return TraitWords("adj", words)  # "owed a debt", "marked by fire" (not "broken promise")
    tail = getAllLemmas(last)
    if "NOUN" in tail and "ADJ" not in tail and last in tail["NOUN"] and not words.istitle():
        return TraitWords("np", words)  # "courage", "iron nerve", "a temper" (not "sharpened")
    return TraitWords("adj", words)
