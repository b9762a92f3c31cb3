"""How Becoming's story ends, and how its players' own words are told (companion.story).

* The epilogue (STORY.md §4): told when the Quest ends, from ``rules/becoming/storylets.toml``
  (groups ``epilogue.*``) and the story layer's take-up of any stake not yet answered: what the
  Hero became (the positive Traits she won, on what she kept), what she gave up (the Assets turned,
  by the names the Fates gave them), where it turned, and who has the last word.
* A player's words are never pasted in the first person after third-person prose: words that say
  "I", "me", "we"... are quoted with their speaker ("“I hold the door,” Neve says.").
* An Asset is named by its whole phrase from the Hero card the first time the story meets it
  ("a courage that walks first into the dark"), then by its short name ("the courage").
"""
from __future__ import annotations

import re
from typing import Any

from companion.games.becoming.data import rules
from companion.games.becoming.model import FATES, HERO
from companion.story import weave
from companion.story.epilogue import epilogue
from companion.story.grammar import Phrase, join
from companion.story.names import short_name
from companion.story.nouns import Owned
from companion.story.reading import kind_of
from companion.story.stakes import words_of
from companion.story.storylets import Library
from companion.story.template import Character

FIRST_PERSON = re.compile(r"\b(I|I'm|I'll|I've|I'd|me|my|mine|myself|we|we're|we'll|us|our|"
                          r"ours)\b", re.IGNORECASE)
PARTICULARS = ("kept", "lost", "place", "turn", "turned")
EPILOGUE_KEY = "becoming-epilogue-told"


PLURAL_HEADS = ("eyes", "feet", "hands", "wits")


def phrase_of(text: str) -> Phrase:
    """A card's phrase as written ("a mercy that...", "the village of Larch", "Old Maren the
    ferrywoman", "Captain Idris and her twelve riders", "eyes that see...") in the toolkit's
    explicit form."""
    first, _, rest = text.partition(" ")
    low = first.lower()
    if low in ("a", "an") and rest:
        return Phrase(words=rest, form="a")
    if low == "the" and rest:
        return Phrase(words=rest, form="the")
    if text[0].isupper():
        if " and " in text.split(",")[0]:
            # a name that stands for several ("Captain Idris and her twelve riders")
            return Owned(words=text, form="name", many=True)
        return Phrase(words=text, form="name")
    if low in PLURAL_HEADS:
        return Phrase(words=text, form="pl")
    return Phrase(words=text, form="mass")


MASS_HEADS = ("lore",)  # a strength named like a skill, not a thing: "old lore", no article


def short_phrase(aid: str) -> Phrase:
    """The Asset by its short name: 'courage' (a virtue takes no article), 'the sword arm', 'the quick wits', 'Old Maren'."""
    card = rules().asset(aid)
    if card.kind == "ally":
        return phrase_of(card.name)
    words = card.name.lower()
    if card.kind == "virtue" or len(words.split()) == 1 or words.split()[-1] in MASS_HEADS:
        return Phrase(words=words, form="name")  # "mercy is left doubted", "woodcraft breaks"
    return Phrase(words=words, form="pl" if words.split()[-1] in PLURAL_HEADS else "the")


def asset_words(aid: str, memory: Any) -> Phrase:
    """The whole phrase the first time, the short name after (no epithet told dozens of times)."""
    key = f"epithet|{aid}"
    if key in memory.used:
        return short_phrase(aid)
    memory.used.add(key)
    return phrase_of(rules().asset(aid).phrase)


HERO_TAGS = ("{n} says", "{n} swears", "says {n}", "{n} tells the Fates", "{n} says aloud",
             "{n} answers", "{n} says, low", "{n} promises")
FATE_TAGS = ("says {n}", "{n} murmurs", "{n} says", "{n} says softly", "offers {n}",
             "{n} whispers")
ASK_TAGS = ("{n} asks", "asks {n}", "{n} asks the Fates", "{n} wants to know")
TAG_KEY = "speechtag|"
BINDS = re.compile(r"\b(?:swears|promises|vows)\b")


def tag(name: str, memory: Any, fate: bool = False, words: str = "") -> str:
    """A speech tag, in turn through the ways of saying it (no one tag on every line). A tag
    that binds (swears, promises) goes only with words that vow or set a stake, as the reading
    layer reads them: "I talk to the witch" is said, never sworn."""
    tags = FATE_TAGS if fate else HERO_TAGS
    if words.rstrip().endswith("?"):  # a question is asked, never told the Fates or sworn
        tags = ASK_TAGS if not fate else ASK_TAGS[:2]
    elif words and not fate and weave.narrates(words):  # a deed told, not said: "as she tells it"
        tags = weave.ACCOUNT_TAGS
    elif words and kind_of(words) not in ("vow", "stake"):
        tags = tuple(t for t in tags if not BINDS.search(t))
    n = sum(1 for k in memory.used if k.startswith(f"{TAG_KEY}{name}|"))
    memory.used.add(f"{TAG_KEY}{name}|{n}")
    return tags[n % len(tags)].format(n=name)


def quoted(words: str, speech_tag: str) -> str:
    """“Words,” tag. — a spoken line with its speech tag, punctuated as English does."""
    text = " ".join(words.split()).strip("\"“”")
    text = text[:1].upper() + text[1:]
    if text[-1] == ".":
        text = text[:-1] + ","
    elif text[-1] not in "!?,":
        text += ","
    return f"{weave.quote(text)} {speech_tag}."


def spoken(words: str, speaker: str, memory: Any = None, fate: bool = False,
           hero: Any = None) -> str:
    """A player's words as the story tells them: the Hero's deed in the first person told of
    her ("I wade in": "Maud wades in"; given the ``hero``, "I hand my last coin over": "Maud
    hands her last coin over"), other words in the first person quoted with their speaker (a
    deed the person shift does not read, "as Maud tells it"); words in the third person a
    sentence of the story."""
    words = " ".join(words.split())
    if not words:
        return ""
    if FIRST_PERSON.search(words):
        deed = "" if fate else weave.told_of_hero(words, speaker, hero)
        if deed:
            return deed
        return quoted(words, tag(speaker, memory, fate, words) if memory is not None
                      else f"{speaker} says")
    return weave.prose(words)


def speaker(seat: str, view: dict) -> str:
    if seat == HERO:
        return short_name((view.get("hero") or {}).get("name") or "") or "the Hero"
    return rules().fate(seat).avatar_name if seat in FATES else "someone"


# -- the epilogue ---------------------------------------------------------------------------------
def _library() -> Library:
    return Library.load("becoming")


def mid(title: str) -> str:
    """A title inside a sentence: 'at the First Dawn', not 'at The First Dawn'."""
    return "the " + title[4:] if title.startswith("The ") else title


def _turn(view: dict, fabula) -> str:
    """The scene the story turned on: the moon shot that worked, else the Hero's last win after a
    loss, else the first Threat she lost, else the last scene."""
    titles = {i + 1: t for i, t in enumerate((view.get("quest") or {}).get("titles", []))}
    log = view.get("log", [])
    for entry in log:
        if fabula.holds(f"moon:scene-{entry['scene']}"):
            return titles.get(entry["scene"], "")
    lost_before = False
    turn = 0
    for entry in log:
        if entry["winner"] != HERO:
            lost_before = True
        elif lost_before:
            turn = entry["scene"]
    if not turn:
        turn = next((e["scene"] for e in log if e["winner"] != HERO), log[-1]["scene"] if log
                    else 0)
    return titles.get(turn, "")


def tell_epilogue(view: dict, hero: Character, memory: Any, rng) -> str:
    fabula = memory.fabula
    assets = view.get("assets", [])
    kept = [a for a in assets if not a["subverted"]]
    lost = [a for a in assets if a["subverted"]]
    tot = view.get("scores", {})
    winners = view.get("closers") or []
    best = max(FATES, key=lambda f: (tot.get(f, 0), -FATES.index(f)))
    became = [t["name"].lower() for a in kept for t in a["traits"] if t["positive"]]
    log = view.get("log", [])
    stakes = [s for s in fabula.stakes if s.by == HERO]
    when = {"kept": len(kept), "lost": len(lost), "early": bool(view.get("ended_early")),
            "winner": ("shared" if HERO in winners else "fates") if len(winners) > 1 else
            ("hero" if winners == [HERO] else "fate"),
            "moons": sum(1 for k in fabula.fact_keys("moon:", true=True)),
            "became": bool(became), "vows": len(stakes),
            "won_vows": sum(1 for x in stakes if x.result == "won"),
            "lost_vows": sum(1 for x in stakes if x.result == "lost"),
            "last": "won" if log and log[-1]["winner"] == HERO else "lost"}
    titles = (view.get("quest") or {}).get("titles", [])
    values = {
        "hero": hero, "quest": mid((view.get("quest") or {}).get("title", "the Quest")),
        "place": mid(titles[view["scene"] - 1]) if titles and view.get("scene") else "the road",
        "turn": mid(_turn(view, fabula)) or "the last scene",
        "kept": [short_phrase(a["id"]) for a in kept] or [Phrase(words="nothing", form="mass")],
        "lost": [short_phrase(a["id"]) for a in lost] or [Phrase(words="nothing", form="mass")],
        "turned": mid(next((a["turned_name"] for a in lost if a["turned_name"]), "lost")),
        "became": join(list(dict.fromkeys(became))[:3]) or "nothing new",
        "fate": Character(name=rules().fate(best).name,
                          pronouns=_pronouns(rules().fate(best).pronoun)),
        "vow": words_of(stakes[0]) if stakes else "",
        "points": str(tot.get(HERO, 0)),
        "top": str(max(tot.values(), default=0)),
        "won_vows": count_words(sum(1 for x in stakes if x.result == "won")),
        "lost_vows": count_words(sum(1 for x in stakes if x.result == "lost")),
        "rivals": join([rules().fate(w).name for w in winners if w != HERO]
                       or [rules().fate(best).name]),
    }
    memory.used.add(EPILOGUE_KEY)
    return epilogue(fabula, _library(), when, values, memory, rng, particulars=PARTICULARS,
                    hero=hero)


def count_words(n: int) -> str:
    return ("none", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine")[n] if 0 <= n <= 9 else str(n)


def _pronouns(word: str):
    from companion.story import pronouns
    return pronouns.parse(word)
