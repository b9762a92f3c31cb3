"""The story layer's telling for Dragon & Warrior: a stake the Warrior's words stated is taken up
when its battle or Obstacle is settled, and a session's end is told as an epilogue (STORY.md §3-4;
companion.story.epilogue) from ``rules/dragon_warrior/storylets.toml``."""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from companion.games.dragon_warrior.fabula import this_session
from companion.games.dragon_warrior.people import dear_one
from companion.games.dragon_warrior.talk import bare
from companion.games.dragon_warrior.words import item_phrase, phrase, place_phrase
from companion.story.epilogue import epilogue
from companion.story.fabula import Fabula
from companion.story.grammar import Phrase
from companion.story.stakes import tell_stake
from companion.story.storylets import Library
from companion.story.template import Character

PARTICULARS = ("town", "quest", "foe", "boss", "item", "dear", "dungeon", "beaten", "pm", "found",
               "place")


@cache
def library() -> Library:
    return Library.load("dragon-warrior")


def settle(step: int, hero: Character, memory: Any, scene: str, told_now: bool = False) -> str:
    """The stakes resolved at ``step`` that no narration took up yet, taken up. ``told_now``:
    the player's words were told at this very beat, with what came of them ("I feed the key
    into the slot ...", and the door gives way): not quoted back a sentence later."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    out = []
    for st in fabula.stakes:
        if st.closed == step and st.result and told_now and st.opened == step:
            memory.taken_up(st.id)  # said and settled in one beat: the beat tells both
            continue
        if st.closed == step and st.result and not memory.was_taken_up(st.id) and \
                memory.allows(st.words):
            said = tell_stake(st, st.result, hero, memory, scene)
            if said:
                out.append(said)
    return " ".join(out)


def dear_phrase(answer: str) -> Phrase:
    """Who the Warrior holds dear, from the Ally's question: "my grandmother Odile, who ..." ->
    "grandmother Odile"; "The baker's daughter, though ..." -> "the baker's daughter" (a message
    goes "to the baker's daughter", never "to baker's daughter")."""
    who = bare(answer).split(",")[0].split(" who ")[0].strip()
    article = re.match(r"(the|an?)\s", answer.strip(), flags=re.I)
    return Phrase(words=who, form="the" if article else "name")


def _name(text: str) -> Phrase | str:
    return phrase(text) if text else ""


def _hardest(foes: list[str], view: dict) -> str:
    """The foe of the highest Level beaten (the latest among equals): the decisive fight."""
    level = {c["name"]: c["level"] for c in view.get("cards", [])}
    return max(reversed(foes), key=lambda n: level.get(n, 0))


def told_ending(view: dict, hero: Character, memory: Any, rng) -> str:
    """The epilogue of a session that just ended, from this session's particulars (the foes it
    beat, its defeats, its Boss, its finds; in a campaign, the facts since its marker)."""
    f: Fabula = getattr(memory, "fabula", None) or Fabula()
    w = view.get("warrior") or {}
    session = view.get("session", 1)
    mine = lambda prefix: this_session(f, prefix, session)  # noqa: E731
    foes, defeats, bosses = mine("foe:"), mine("defeat:"), mine("boss:")
    quests = mine("quest:") or [f.words(k) for k in f.fact_keys("quest:")][-1:]
    dungeons, finds = mine("dungeon:"), mine("found:")
    dear = dear_one(view)  # nobody's name is never told as one
    gear = [(w.get(x) or {}) for x in ("weapon", "armor", "offhand")]
    best = max((g for g in gear if g), key=lambda g: g.get("level", 0), default=None)
    item = best["name"] if best else (w.get("quest_items") or [{}])[0].get("name", "")
    here = next((p for p in view.get("places", []) if p["id"] == view.get("here")),
                {"name": view.get("town") or "the road"})
    party = view.get("party")
    values: dict[str, Any] = {
        "hero": hero, "town": view.get("town") or "the town",
        "quest": (quests[-1] if quests else "find the Ball of Light").rstrip("."),
        "foe": _name(_hardest(foes, view)) if foes else _name("the road itself"),
        "boss": _name(bosses[-1]) if bosses else _name("the dark"),
        "item": item_phrase(item or "a worn pack"), "level": w.get("level", 1),
        "wins": view.get("wins", 0), "place": place_phrase(here["name"], here.get("kind", "")),
        "dungeon": _name(dungeons[-1]) if dungeons else _name("the deep places"),
        "beaten": _name(defeats[-1]) if defeats else _name("nobody"),
        "pm": _name(party["name"]) if party else _name("nobody"),
        "found": item_phrase(finds[-1] if finds else item or "a worn pack"),
    }
    if dear:
        values["dear"] = dear_phrase(dear)
    when = {"ended": view.get("ended") or "stopped", "boss": bool(bosses),
            "defeats": len(defeats), "party": bool(party), "dear": bool(dear),
            "dungeon": bool(dungeons), "fought": bool(foes or defeats), "found": bool(finds),
            "quiet": not (foes or defeats or finds or mine("quest:") or dungeons)}
    stand_ins = {"foe": foes, "boss": bosses, "dungeon": dungeons, "beaten": defeats,
                 "pm": party, "found": finds, "item": item, "quest": quests}
    real = [p for p in PARTICULARS if p in values and stand_ins.get(p, True)]
    return epilogue(f, library(), when, values, memory, rng, particulars=real, hero=hero,
                    scene=f"epilogue-{session}")
