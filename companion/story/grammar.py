"""Words in explicit grammatical forms: noun phrases with number and article, and agreement.

Data says what a word *is*; templates say where it goes (Inform 7's adaptive text, Tracery's
modifiers). A :class:`Phrase` is one noun phrase written once in the data with its form, and gives
every form a sentence needs: ``a`` ("an old enemy", "wolves", "despair"), ``the`` ("the old
enemy"), ``bare`` ("old enemy"); and the pronouns that stand for it later in a sentence, ``they``, ``them``,
``their`` ("it"/"they", "it"/"them", "its"/"their"), so several things are never "it". Verbs agree
with it through :func:`agree`.

English morphology is not hand-rolled: articles, plural verbs and "and"-joined lists come from
``inflect``, imported on first use (it takes a while to load and engines never need it).

The compact data notation is ``"FORM: words"``:

=========  ==============================  ======================  =======================
form       meaning                         ``a`` form              verbs
=========  ==============================  ======================  =======================
``a``      one countable thing             "an old enemy"          singular ("bars")
``pl``     several things                  "wolves"                plural ("bar")
``mass``   uncountable                     "despair"               singular
``the``    one thing, always definite      "the loss of supplies"  singular
``name``   a proper name: no article ever  "Anansi"                singular
=========  ==============================  ======================  =======================
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

Form = Literal["a", "pl", "mass", "the", "name"]
FORMS: tuple[str, ...] = ("a", "pl", "mass", "the", "name")


@cache
def english():
    """The English morphology engine (``inflect``), loaded on first use: engines never need it.

    inflect wraps its methods in typeguard's ``@typechecked``, which re-parses and recompiles
    inflect's whole source once per method as the module is imported (about two seconds of CPU
    at the start of every process that writes a sentence) and checks the argument types on every
    call (six times the cost of the call itself). Our callers pass it words, never an empty
    string (the one thing the checks refuse), so it is imported with that decorator as a no-op.
    Every game and the story toolkit use this one engine."""
    import sys

    if "inflect" not in sys.modules:
        import typeguard

        checked = typeguard.typechecked
        typeguard.typechecked = _unchecked
        try:
            import inflect  # noqa: F401 (imported here, without the run-time checks)
        finally:
            typeguard.typechecked = checked
    return sys.modules["inflect"].engine()


def _unchecked(target=None, **_options):
    """typeguard's ``@typechecked`` (bare or with options) as a no-op."""
    return target if target is not None else (lambda t: t)



class Phrase(BaseModel):
    """A noun phrase and the grammatical facts needed to put it in any sentence."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    words: str  # the phrase without any article: "old enemy", "wolves", "Anansi"
    form: Form = "a"
    where: str = "at"  # a place's preposition: "in the city", "aboard the ship", "on holy ground"

    @field_validator("words")
    @classmethod
    def _no_article(cls, v: str) -> str:
        v = " ".join(v.split())
        if not v:
            raise ValueError("a phrase needs words")
        first = v.split()[0].lower()
        if first in ("a", "an", "the") and len(v.split()) > 1:
            raise ValueError(f"{v!r}: write the phrase without its article; the form gives it")
        return v

    @classmethod
    def parse(cls, text: str) -> "Phrase":
        """``"a: old enemy"`` -> Phrase(words="old enemy", form="a"). Raises ValueError naming
        the expected notation."""
        form, sep, words = text.partition(":")
        form = form.strip()
        if not sep or form not in FORMS:
            raise ValueError(f"{text!r}: expected FORM: WORDS with FORM one of {', '.join(FORMS)}")
        return cls(words=words.strip(), form=form)  # type: ignore[arg-type]

    @property
    def plural(self) -> bool:
        return self.form == "pl"

    @property
    def a(self) -> str:
        """The indefinite form: how the thing is first brought into a story."""
        if self.form == "a":
            return english().a(self.words)
        if self.form == "the":
            return f"the {self.words}"
        return self.words

    @property
    def the(self) -> str:
        """The definite form: the thing already known."""
        if self.form == "name":
            return self.words
        return f"the {self.words}"

    @property
    def bare(self) -> str:
        return self.words

    @property
    def at(self) -> str:
        """Where something happens, with the place's own preposition: "at the farm", "in the
        city", "aboard the ship at sea" (never "at the ship at sea")."""
        return f"{self.where} {self.the}"

    @property
    def they(self) -> str:
        """The thing as the subject of a later clause: "it", or "they" for several ("the Claws
        fit as if they had been waiting")."""
        return "they" if self.plural else "it"

    @property
    def them(self) -> str:
        """The thing as an object: "it" or "them" ("puts them away")."""
        return "them" if self.plural else "it"

    @property
    def their(self) -> str:
        """The thing's: "its" or "their"."""
        return "their" if self.plural else "its"

    def __str__(self) -> str:  # the form a template gets when it names no form
        return self.a


def agree(verb: str, plural: bool) -> str:
    """``verb`` written for a singular subject ("bars", "is", "has"), made to agree."""
    if not plural:
        return verb
    if verb.endswith("ies") and len(verb) <= 4:  # inflect makes "lies" "ly", "dies" "dy"
        return verb[:-1]
    return english().plural_verb(verb)


def a(words: str) -> str:
    """"a" or "an" before ``words``, as English says it ("an heirloom", "a unicorn")."""
    return english().a(words)


def count(n: int, noun: str) -> str:
    """"1 Anchor", "4 Anchors", "0 Anchors": a number and its noun, agreeing."""
    return f"{n} {english().plural_noun(noun, n)}"


def join(items: Sequence[str], conj: str = "and") -> str:
    """"a, b and c" (no serial comma, as the rest of our prose)."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return english().join(list(items), conj=conj, final_sep="")


def capitalise(text: str) -> str:
    """Tidy spacing and capitalise the first letter of every sentence (phrases arrive in lower
    case; names keep their own capitals)."""
    import re

    text = " ".join(text.split())
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = re.sub(r"([.!?][”’\"]?\s+[“‘\"]?)([a-z])", lambda m: m.group(1) + m.group(2).upper(),
                  text)
    return re.sub(r"^([“‘\"]?)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
