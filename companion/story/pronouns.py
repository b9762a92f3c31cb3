"""The hero's pronouns, as the player gave them: she, he, they, or a set of their own.

A player answers with one word (``she``, ``he``, ``they``, ``it``) or writes a custom set as
``subject/object/possessive`` with optional ``/possessive-pronoun/reflexive`` (``xe/xem/xyr`` or
``xe/xem/xyr/xyrs/xemself``); ``she/her``, ``it/its`` and ``they/them`` work too, and a set players
commonly write in two forms (``xe/xem``, ``ze/hir``: ``rules/pronouns.toml``) is completed. A hero
who goes by their name alone answers ``name`` (or the name itself): every form is the name, the
possessive the name's. Templates name the forms by
the *they* set: ``{hero.they}``, ``{hero.them}``, ``{hero.their}``, ``{hero.theirs}``,
``{hero.themself}``. "they" takes plural verbs ("they walk"); every other set singular ("she walks",
"xe walks").
"""
from __future__ import annotations

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict

from companion.core.resources import rules_path

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
        """The short form a player would write: "she/her", "they/them", "xe/xem"; "name only"
        for a hero who goes by their name alone."""
        if self.they == self.them == self.themself and self.their == f"{self.they}'s":
            return "name only"
        return f"{self.they}/{self.them}"


SHE = Pronouns(they="she", them="her", their="her", theirs="hers", themself="herself")
HE = Pronouns(they="he", them="him", their="his", theirs="his", themself="himself")
THEY = Pronouns(they="they", them="them", their="their", theirs="theirs", themself="themself",
                plural_verbs=True)
IT = Pronouns(they="it", them="it", their="its", theirs="its", themself="itself")
KNOWN = {"she": SHE, "her": SHE, "he": HE, "him": HE, "they": THEY, "them": THEY, "it": IT}

EXPECTED = ("she, he, they, name (the name alone), or your own set as subject/object/possessive "
            "(e.g. xe/xem/xyr)")
# the same, short enough for a prompt at 80 columns
ASK = "she, he, they, or your own: xe/xem/xyr"
COMMON = ("she", "he", "they")  # the sets a model picks from (a set of one's own is a player's)
NAME_ONLY = ("name", "name only", "my name", "none", "no pronouns")  # answers meaning the name alone


def asks_freely(action) -> bool:
    """Is ``action`` a pronoun question answered in free text (not a listed set, not a player's
    own set)? A model answers one from :data:`COMMON`."""
    return (action.kind == "pronouns" and action.ask is not None
            and action.args.get("set") != "own")


@cache
def _two_form_sets() -> dict[tuple[str, str], Pronouns]:
    with rules_path("pronouns.toml").open("rb") as fh:
        sets = tomllib.load(fh)["sets"]
    out: dict[tuple[str, str], Pronouns] = {}
    for forms in sets:
        out.setdefault((forms[0], forms[1]), Pronouns(**dict(zip(CASES, forms))))
    return out


def by_name(name: str) -> Pronouns:
    """The set of a hero who goes by their name alone: "Mara Vell rests; Mara Vell's pack"."""
    name = " ".join(name.split())
    return Pronouns(they=name, them=name, their=f"{name}'s", theirs=f"{name}'s", themself=name)


def _named(parts: list[str]) -> bool:
    """Is this the written form of a name-alone set (see :func:`by_name`)?"""
    return (len(parts) == len(CASES) and parts[0] == parts[1] == parts[4]
            and parts[2] == parts[3] == f"{parts[0]}'s")


def parse(text: str, name: str = "") -> Pronouns:
    """The pronouns a player typed; "" means they/them. ``name``: the hero's, for an answer that
    means the name alone ("name", or the name itself). Raises ValueError naming the form."""
    typed = " ".join(text.split())
    if "/" in typed:  # a written set (a name in it may have spaces: "Mara Vell/Mara Vell/...")
        kept = [p.strip() for p in typed.replace(",", "/").split("/") if p.strip()]
        if _named(kept):
            return by_name(kept[0])
    if name.strip() and typed.lower() in {*NAME_ONLY, " ".join(name.split()).lower()}:
        return by_name(name)
    raw = typed.lower().replace(",", "/").replace(" ", "/")
    parts = [p for p in raw.split("/") if p]
    if not parts:
        return THEY
    if parts[0] in KNOWN and all(p in KNOWN and KNOWN[p] == KNOWN[parts[0]] for p in parts):
        return KNOWN[parts[0]]
    if parts[0] in KNOWN and len(parts) <= len(CASES) and all(  # "it/its", "she/hers"
            p in KNOWN[parts[0]].model_dump().values() for p in parts):
        return KNOWN[parts[0]]
    if not all(p.replace("-", "").replace("'", "").isalpha() for p in parts):
        raise ValueError(f"pronouns are words: {EXPECTED}")
    if len(parts) == 2 and tuple(parts) in _two_form_sets():
        return _two_form_sets()[(parts[0], parts[1])]
    if len(parts) < 3:
        raise ValueError(f"for a set of your own, give at least three forms: {EXPECTED}")
    known = _two_form_sets().get((parts[0], parts[1]))
    if known is not None and set(parts) <= set(known.model_dump().values()):
        return known  # "fae/faer/faers", "ze/hir/hirs": a known set, named by forms of its own
    if len(parts) == 3 and parts[2] == parts[1] + "s":  # "kit/kit/kits": object and possessive
        they, them, theirs = parts                     # alike, then the possessive pronoun
        return Pronouns(they=they, them=them, their=them, theirs=theirs, themself=them + "self")
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


def read(text: str | None, name: str = "") -> str:
    """The written form of the pronouns a player's move carries, read leniently (an engine's
    step: legality never depends on text; words that are no set read as "they"; the prompt
    refuses them with the form expected before they get here)."""
    try:
        return write(parse(text or "", name))
    except ValueError:
        return "they"


def check(text: str, name: str = "") -> None:
    """Refuse (ValueError naming the form expected) a typed answer :func:`read` would take for
    "they": what parses, and the words that mean the name alone, are let through."""
    if " ".join(text.split()).lower() not in NAME_ONLY:
        parse(text, name)


def shown(written: str | None) -> str:
    """How a journal's pronouns are shown to the player: "she", "they", "xe/xem", "name only"."""
    text = written or "they"
    return text if text in KNOWN else parse_or_they(text).label()


def called(said: Pronouns, name: str) -> Pronouns:
    """``said`` for a hero the story calls ``name``: a name-alone set follows the name the story
    uses ("Mara" once "Mara Vell" is introduced), so no sentence says "Mara" and "Mara Vell" of
    one hero; any other set is as it was."""
    return by_name(name) if said.label() == "name only" and name.strip() else said
