"""A High Stakes scene told with a shape (``companion/story/discourse.py``, STORY.md §2b): what is
wanted, what stands in the way, the turn, and what it cost.

* **What is wanted** is the premise's goal (the adventure's ``goal`` problem: the mage's book),
  a thread of the night: said once when the hero first sets out, and again when a scene holds it
  (the climax); the epilogue answers it (``storylets.toml``, ``epilogue.stakes``).
* **What stands in the way** is the GM's framing; **the turn** is the roll that settles it (both
  told by the narrator as they happen).
* **What it cost** is said once, when the scene closes: the consequences the characters suffered
  in it, gathered into one sentence (``discourse.listing``), never one sentence each.
"""
from __future__ import annotations

import random
from functools import cache

from companion.story import pronouns
from companion.story.discourse import Shape, listing
from companion.story.grammar import join
from companion.story.storylets import Library
from companion.story.template import Character
from companion.story.voice import NarrationMemory

from .data import load
from .fabula import character_of

WANTED = "hs-want|"
# The premise's goal (the hook: the guild wants the book taken), as the story names it.
WANT = "the mage's book"
# What a consequence suffered in a scene costs, in the story's words ({their}: the sufferer's).
COST = {"wounded": "a wound that will take a week to close", "face": "some of {their} pride",
        "equipment": "gear that will have to be stolen again", "relationship": "a friend",
        "concentration": "{their} nerve for a while", "freedom": "{their} freedom",
        "deaths_door": "very nearly everything", "social_death": "{their} name in the guild",
        "game_over": "everything"}


@cache
def library() -> Library:
    """High Stakes' storylets (rules/high_stakes/storylets.toml)."""
    return Library.load("high-stakes")


def party(view: dict, memory: NarrationMemory | None = None) -> Character:
    """Who "you" is when the GM speaks, and whom a scene's shape is about: the one active
    character (with the pronouns the story uses for them), or the active characters together
    ("Ash and Rust", they)."""
    active = [c for c in view.get("characters", []) if c.get("status") == "active"]
    if len(active) > 1:
        return Character(name=join([c["name"] for c in active]), pronouns=pronouns.THEY)
    if active:
        return character_of(view, active[0]["id"])
    return memory.fabula.character() if memory is not None else Character(name="the Nightblades")


def _rng(view: dict, what: str) -> random.Random:
    return random.Random(f"hs-shape:{what}:{view.get('scene_count', 0)}")


def want_at(scene: dict, view: dict, memory: NarrationMemory) -> str:
    """The hero's goal, at the framing of ``scene`` (a scene event's data): when the night first
    leaves the adventure's opening scene, and at the scene that holds the goal; "" elsewhere."""
    rules = load()
    sc = rules.scenes.get(scene.get("id", ""))
    if sc is None or sc.type == "rest" or scene.get("number", 0) < 2:
        return ""
    climax = rules.adv.adventure.goal in sc.problems
    key = f"{WANTED}{'climax' if climax else 'open'}"
    if key in memory.used or (not climax and sc.id == rules.adv.adventure.start):
        return ""
    hero = party(view, memory)
    line = library().tell("want.climax" if climax else "want.open", {},
                          {"hero": hero, "want": WANT, "place": sc.place}, memory,
                          f"scene-{view.get('scene_count', 0)}", _rng(view, key))
    if line:
        memory.used.add(key)
    return line


def cost_of_scene(view: dict, memory: NarrationMemory) -> str:
    """What the scene now closing cost, in one sentence ("" when it cost nothing): every
    consequence suffered in it, said once, gathered into one list."""
    number = (view.get("scene") or {}).get("number") or view.get("scene_count", 0)
    key = f"{WANTED}cost|{number}"
    if key in memory.used:
        return ""
    names = {c["id"]: c for c in view.get("characters", [])}
    hero = party(view, memory)
    lost: list[str] = []
    for h in view.get("history", []):
        if h.get("scene") != number or not h.get("roll") or h.get("success") or h.get("contest"):
            continue
        who = names.get(h.get("character", ""))
        alone = len(names) == 1
        their = hero.pronouns.their if alone or (who and who.get("name") == hero.name) else "their"
        for kind in h.get("consequence") or []:
            held = [names[c] for c in h.get("characters") or [h.get("character", "")] if c in names]
            if kind == "freedom" and held and not any(c.get("captured") for c in held):
                continue  # held, then free again by a later roll here: no cost left to tell
            if kind in COST:
                lost.append(COST[kind].format(their=their))
    if not lost:
        return ""
    rules = load()
    sc = rules.scenes.get((view.get("scene") or {}).get("id", "")) or next(
        (rules.scenes.get(h.get("scene_id", "")) for h in reversed(view.get("history", []))
         if h.get("scene") == number), None)
    place = sc.place if sc else "that place"
    line = library().tell("scene.cost", {}, {"hero": hero, "lost": listing(lost), "place": place},
                          memory, f"scene-{number}", _rng(view, "cost"))
    if line:
        memory.used.add(key)
    return Shape(cost=line).told() if line else ""
