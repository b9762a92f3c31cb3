"""Drafting for a human table: ``companion draft becoming quest "premise"`` writes a nine-scene Quest
that the engine loads and plays (``companion play becoming --quest FILE``).

Offline, the draft is built from our own Quests: scene ``n`` of the draft is scene ``n`` of one of
them (chosen by the seed), so the arc keeps its shape (arrival, pursuit, betrayal, climax) and the
Threat dice still rise; the Agents of Threat rotate through the three Fates, starting where the
seed says; the premise is the player's. The result is TOML in the same form as
``rules/becoming/quest_*.toml``, checked by the same validation before it is printed, so what
comes out always loads. (A model voice could rewrite each scene around the premise; the game
package calls no model, so that belongs above it.)
"""
from __future__ import annotations

import json
import re
from typing import Any

from companion.core.rng import derived_rng
from companion.games.becoming.data import quest_from_dict, rules
from companion.games.becoming.model import FATES, SCENES


SMALL = {"a", "an", "the", "of", "to", "and", "or", "before", "after", "must", "with", "for",
         "in", "on", "at", "by", "from", "into", "his", "her", "their", "its"}


def draft_quest(premise: str, seed: int = 0) -> dict:
    premise = " ".join(premise.split())
    if not premise:
        raise ValueError("give the Quest a premise: companion draft becoming quest \"...\"")
    rng = derived_rng(seed, "draft", premise)
    quests = rules().quests
    start = rng.randrange(len(FATES))
    scenes = []
    for n in range(SCENES):
        src = rng.choice(quests).scenes[n]
        scenes.append({"title": src.title, "setup": src.setup, "threat": src.threat,
                       "elements": list(src.elements), "threat_dice": src.threat_dice,
                       "agent": FATES[(start + n) % len(FATES)], "source": "ours"})
    dice = sorted(s["threat_dice"] for s in scenes)  # rising through the Quest, always
    for s, d in zip(scenes, dice):
        s["threat_dice"] = d
    slug = re.sub(r"[^a-z0-9]+", "_", premise.lower()).strip("_")[:32] or "quest"
    words = re.split(r"[.;:,!?]", premise)[0].split()[:8]
    while len(words) > 2 and words[-1].lower() in SMALL:
        words.pop()
    title = " ".join(words)
    title = title[0].upper() + title[1:]
    quest = {"id": f"drafted_{slug}", "title": title, "premise": premise, "source": "ours",
             "scenes": scenes}
    quest_from_dict(quest)  # what we print always loads
    return quest


def to_toml(quest: dict) -> str:
    """The Quest as a TOML file (strings written as TOML basic strings)."""
    s = json.dumps
    out = ["# A Quest drafted by `companion draft becoming quest`; edit freely, then play it with",
           "# companion play becoming --quest THIS_FILE",
           f"id = {s(quest['id'])}", f"title = {s(quest['title'], ensure_ascii=False)}",
           f"premise = {s(quest['premise'], ensure_ascii=False)}",
           f"source = {s(quest['source'])}"]
    for sc in quest["scenes"]:
        out += ["", "[[scenes]]"]
        for key in ("title", "setup", "threat"):
            out.append(f"{key} = {s(sc[key], ensure_ascii=False)}")
        out.append("elements = [" + ", ".join(s(e, ensure_ascii=False) for e in sc["elements"])
                   + "]")
        out += [f"threat_dice = {sc['threat_dice']}", f"agent = {s(sc['agent'])}",
                f"source = {s(sc['source'])}"]
    return "\n".join(out) + "\n"


def run(what: str, situation: str, *, state: Any = None, as_json: bool = False,
        seed: int = 0) -> str:
    """The draft as TOML (or JSON). ``state`` (a journal's) is not needed: a Quest stands alone."""
    if what != "quest":
        raise ValueError(f"Becoming drafts a quest (companion draft becoming quest \"premise\"), "
                         f"not {what!r}")
    quest = draft_quest(situation, seed)
    return json.dumps(quest, indent=1, ensure_ascii=False) if as_json else to_toml(quest)
