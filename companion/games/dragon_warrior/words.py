"""Names as the story says them: "a blue slime", "the Whispering Fen", "Cass" as phrases that take
the right article in any sentence (the ground of the narration files)."""
from __future__ import annotations

from functools import cache

from companion.story.grammar import Phrase, english
from companion.story.template import Character
from companion.story.weave import theirs


@cache
def phrase(name: str) -> Phrase:
    """A name as written ("a blue slime", "the Whispering Fen", "Cass") as a phrase."""
    words = " ".join(name.split()) or "something"
    first, _, rest = words.partition(" ")
    low = first.lower()
    if low in ("a", "an") and rest:
        return Phrase(words=rest, form="a")
    if low == "the" and rest:
        head = rest.split(" of ")[0].split()[-1]
        return Phrase(words=rest, form="pl" if _plural(head) else "the")
    if low in ("some",) and rest:
        return Phrase(words=rest, form="mass")
    if words[0].isupper():
        return Phrase(words=words, form="name")
    return Phrase(words=words, form="a")


@cache
def _plural(word: str) -> bool:
    """Is this head noun plural ("streets", "Downs"; not "Pass", "Heath")?"""
    return word.lower() not in ("pass", "moss", "grass") and \
        bool(english().singular_noun(word.lower()))


# the heads of things that take no article: "Greenwood Tea", never "a Greenwood Tea"
MASS_HEADS = frozenset({"tea", "salve", "bread", "whisky", "wax", "bark", "water", "dew", "honey",
                        "oil", "dust", "ale", "wine", "soup", "stew", "ink", "powder", "balm"})
# the heads of open country a story stands on: "on the Sleepy Heath", "in the Sunken Orchard"
ON_HEADS = frozenset({"heath", "moor", "moors", "downs", "plain", "plains", "road", "hill",
                      "hills", "mountain", "mountains", "shore", "coast", "island", "bridge",
                      "steppe", "steppes", "ridge", "cliffs", "fells", "wold", "meadow"})


def item_phrase(name: str) -> Phrase:
    """A thing carried as the story says it. Card names are written capitalised ("Honey Bandage",
    "Greenwood Tea"), which would read as names: "Tamsin finds a Honey Bandage", "Greenwood Tea"
    (no article: it is a mass), "Willowbark Drops", but "Sister Ivy's Tonic" and a one-word name ("Sparkroot") stay
    names."""
    p = phrase(name)
    words = p.words.split()
    if p.form != "name" or len(words) < 2 or any(w.endswith("'s") for w in words):
        return p
    head = words[-1].lower()
    if head in MASS_HEADS:
        return Phrase(words=p.words, form="mass")
    return Phrase(words=p.words, form="pl" if _plural(head) else "a")


def place_phrase(name: str, kind: str = "") -> Phrase:
    """A place with its own preposition: "in the throne room", "on the Sleepy Heath", "at an Old
    Hermit's Cave" (a point of interest is a spot on the map, not a country)."""
    p = phrase(name)
    head = p.words.split(" of ")[0].split()[-1].lower()
    where = "at" if kind == "poi" else "on" if head in ON_HEADS else "in"
    return p.model_copy(update={"where": where})


def spoken(text: str, hero: "Character | str") -> str:
    """The Warrior's player's words as the story tells them (issue 41, one point of view): a
    telling in the third person stands as prose ("Wren squints at the morning and grins."); a
    cry is the hero's, quoted ("“For the spoons!” Wren cries."); a deed in the first person is
    told of the hero, with their pronouns ("I wave my spoon at the goat": "Wren waves her spoon
    at the goat"); other words in the first or second person ("Has anyone seen my uncle
    Bertil?", "I will not kneel") are the Warrior's own, quoted and marked as theirs, never
    mixed unmarked into the third-person telling."""
    if isinstance(hero, str):
        return theirs(text, hero)
    return theirs(text, hero.name, hero)
