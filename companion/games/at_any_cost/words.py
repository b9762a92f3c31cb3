"""At Any Cost's words: how every card, place, Anchor and stage is named in the story.

``rules/at_any_cost/narration.toml`` gives each thing its noun phrases in explicit forms
(companion.story.grammar), the templates of the beats told without storylets (the road, the
Anchors kept, an arrival, a meet, the questions offered to the player) and the free text an AI
seat writes. Loaded once, validated on load.
"""
from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from companion.core.resources import rules_path
from companion.games.at_any_cost.data import rules
from companion.games.at_any_cost.model import PROTAGONIST
from companion.story import pronouns
from companion.story.facts import FactBook
from companion.story.grammar import Phrase
from companion.story.lexicon import Words
from companion.story.names import after_first, shorten
from companion.story.template import Character

DANGER = Phrase(words="danger", form="a")
HELP = Phrase(words="whatever is at hand", form="name")


class FollowUp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ask: str
    replies: tuple[str, ...]


class Writing(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    names: tuple[str, ...]
    pronouns: tuple[str, ...]
    details: tuple[str, ...]
    questions: tuple[FollowUp, ...]
    answers: dict[str, tuple[str, ...]]


class NarrationData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: dict[str, Words]
    places: dict[str, Words]
    anchors: dict[str, Words]
    stages: dict[str, Phrase]
    templates: dict[str, tuple[str, ...]]
    writing: Writing

    @field_validator("stages", mode="before")
    @classmethod
    def _stages(cls, v: dict) -> dict:
        return {k: Phrase.parse(x) if isinstance(x, str) else x for k, x in v.items()}

    def stage(self, number: int) -> Phrase:
        return self.stages[str(number)]


@cache
def narration_data() -> NarrationData:
    data = tomllib.loads(rules_path("at_any_cost", "narration.toml").read_text())
    return NarrationData.model_validate(data)


def hero_of(view: dict) -> Character:
    hero = view.get("hero", {})
    said = pronouns.parse_or_they(hero.get("pronouns"))
    return Character(name=hero.get("name") or "the hero", pronouns=said)


def facts_of(view: dict) -> FactBook:
    """What play made true, from the public view: the Anchors kept (in the player's words) and
    the ones lost."""
    book = FactBook()
    for a in view.get("anchors", []):
        book = book.establish(f"anchor:{a['id']}", a.get("answer", ""), by=PROTAGONIST)
    for a in view.get("anchors_lost", []):
        book = book.establish(f"anchor:{a['id']}", a.get("answer", ""), by=PROTAGONIST)
        book = book.end(f"anchor:{a['id']}")
    return book


DEAREST = Phrase(words="dearest thing", form="a")  # an Anchor whose words are banned


def anchor_words(ids: list[str], memory: Any) -> list[Phrase]:
    """The Anchors' words, leaving out any that name a banned or veiled topic."""
    words = [narration_data().anchors[a].name for a in ids]
    return [w for w in words if memory.allows(w.words)] or [DEAREST]




def main_card(cards: list[str]) -> str:
    """The card a play is told by: the highest value, the first played among equals."""
    return max(cards, key=lambda c: (rules().card(c).value, -cards.index(c)))


_CLAUSE = ("and", "but", "when", "as", "if", "that", "until", "while", "so", "before", "after",
           "what", "who", "where", "how", "why", "because")


def named_once(text: str, hero: Character) -> str:
    """Each sentence of ``text`` names the hero once: a later mention outside quotes is a pronoun
    ("an old enemy twice Odo's size calls him by name", not "calls Odo by name"): "his" before
    "'s", "he" opening a clause (after "and", "if"...), "him" elsewhere. With plural verbs (they)
    a subject keeps the name, as the verb after it was made to agree with the name."""
    name = hero.name.strip()
    if not name or len(name) < 2:
        return text
    p = hero.pronouns
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(name)}(['’]s)?(?![\w'’-])")
    # per sentence: the first mention stays, the later ones outside quotes become pronouns
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z“])", text)

    def pronoun(m: re.Match, piece: str) -> str:
        if m.group(1):
            return p.their
        prev = re.findall(r"[\w,]+", piece[:m.start()])
        if prev and (prev[-1].lower() in _CLAUSE or prev[-1].endswith(",")):
            return m.group(0) if p.plural_verbs else p.they
        return p.them

    return " ".join(after_first(sent, pattern, pronoun)[0] for sent in sentences)


SHORT_KEY = "hero-named-in-full"  # in the session's used set: the story has told the full name


def named_short(text: str, hero: Character, used: set[str]) -> str:
    """The hero's full name once in the story, then the short name (the story layer's
    :func:`~companion.story.names.short_name`) outside quotes: "Odo Threnwick" in every sentence
    read as a register, not a story (issue 41)."""
    told, named = shorten(text, hero.name.strip(), SHORT_KEY in used)
    if named:
        used.add(SHORT_KEY)
    return told
