"""The hero's pronouns, as the player gave them: she, he, they, or a set of their own.

A player answers with one word (``she``, ``he``, ``they``, ``it``) or writes a custom set as
``subject/object/possessive`` with optional ``/possessive-pronoun/reflexive`` (``xe/xem/xyr`` or
``xe/xem/xyr/xyrs/xemself``); ``she/her`` and ``they/them`` work too. Templates name the forms by
the *they* set: ``{hero.they}``, ``{hero.them}``, ``{hero.their}``, ``{hero.theirs}``,
``{hero.themself}``. "they" takes plural verbs ("they walk"); every other set singular ("she walks",
"xe walks").
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

CASES = ("they", "them", "their", "theirs", "themself")


class Pronouns(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    they: str
    them: str
    their: str
    theirs: str
    themself: str
    plural_verbs: bool = False

    def form(self, case: str) -> str:
        if case not in CASES:
            raise KeyError(f"no pronoun form {case!r}; the forms are {', '.join(CASES)}")
        return getattr(self, case)

    def label(self) -> str:
        """The short form a player would write: "she/her", "they/them", "xe/xem"."""
        return f"{self.they}/{self.them}"


SHE = Pronouns(they="she", them="her", their="her", theirs="hers", themself="herself")
HE = Pronouns(they="he", them="him", their="his", theirs="his", themself="himself")
THEY = Pronouns(they="they", them="them", their="their", theirs="theirs", themself="themself",
                plural_verbs=True)
IT = Pronouns(they="it", them="it", their="its", theirs="its", themself="itself")
KNOWN = {"she": SHE, "her": SHE, "he": HE, "him": HE, "they": THEY, "them": THEY, "it": IT}

EXPECTED = "she, he, they, or your own set as subject/object/possessive (e.g. xe/xem/xyr)"
# the same, short enough for a prompt at 80 columns
ASK = "she, he, they, or your own: xe/xem/xyr"
COMMON = ("she", "he", "they")  # the sets a model picks from (a set of one's own is a player's)


def asks_freely(action) -> bool:
    """Is ``action`` a pronoun question answered in free text (not a listed set, not a player's
    own set)? A model answers one from :data:`COMMON`."""
    return (action.kind == "pronouns" and action.ask is not None
            and action.args.get("set") != "own")


def parse(text: str) -> Pronouns:
    """The pronouns a player typed; "" means they/them. Raises ValueError naming the form."""
    raw = text.strip().lower().replace(",", "/").replace(" ", "/")
    parts = [p for p in raw.split("/") if p]
    if not parts:
        return THEY
    if parts[0] in KNOWN and all(p in KNOWN and KNOWN[p] == KNOWN[parts[0]] for p in parts):
        return KNOWN[parts[0]]
    if not all(p.replace("-", "").replace("'", "").isalpha() for p in parts):
        raise ValueError(f"pronouns are words: {EXPECTED}")
    if len(parts) < 3:
        raise ValueError(f"for a set of your own, give at least three forms: {EXPECTED}")
    if len(parts) > 5:
        raise ValueError(f"at most five forms (subject/object/possessive/possessive "
                         f"pronoun/reflexive): {EXPECTED}")
    they, them, their = parts[:3]
    theirs = parts[3] if len(parts) > 3 else (their if their.endswith("s") else their + "s")
    themself = parts[4] if len(parts) > 4 else them + "self"
    return Pronouns(they=they, them=them, their=their, theirs=theirs, themself=themself)


def write(pronouns: Pronouns) -> str:
    """The text that parses back to ``pronouns`` (what a journal keeps)."""
    for word in ("she", "he", "they", "it"):
        if KNOWN[word] == pronouns:
            return word
    return "/".join(pronouns.form(c) for c in CASES)


def parse_or_they(text: str | None) -> Pronouns:
    """The pronouns a journal or view holds, read leniently: what :func:`parse` refuses (a set
    typed before a rule changed) reads as they/them rather than failing a replay."""
    try:
        return parse(text or "they")
    except ValueError:
        return THEY
