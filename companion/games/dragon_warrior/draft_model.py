"""A model's hand in Dragon & Warrior's drafts (``companion draft dragon-warrior conflict|boss|town|
dungeon ... --model M``): it rewrites the descriptive texts only. Every number the engine checked
(the point buy, Levels, floors, rooms, treasure budgets) and every name the draft's moves used stay
ours.

The writer (``companion.llm.draft.DraftWriter``, handed in by the command line; this package
imports no model code) gets the idea and a list of parts, each with the fields it may rewrite, and
returns the fields that passed its own checks (echo, meta, length). Ours are on top (``fit``):

* a look, a trouble or a room is one to three sentences (a room's look: a phrase) in the third
  person, with no digits (a number could contradict the card) and no markup;
* the Quest still names the area it is about (the engine's Quest points there);
* the Obstacle is still answered by the same kind of Quest item (its tags: the draft tells the
  table which items get past it);
* a minion's look still says whom it serves.

A field that misses keeps our text; the draft says which fields the model wrote.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from companion.games.dragon_warrior import dungeon

Writer = Callable[[str, list[dict[str, Any]]], list[dict[str, Any]]]

ASK = ("Part {scene} of {count}: {title}.\nWhat it is for: {role}.\n"
       "Our plain draft of it (keep what works, change the rest):\n{draft}\n"
       "Write these texts for the idea.")
SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.I)
MARKUP = re.compile(r"[*_`#<>\[\]{}|]")


def _sentences(text: str) -> int:
    return len([x for x in re.split(r"(?<=[.!?])\s+", text.strip()) if x])


def fit(field: str, text: str, ours: str, d: dict[str, Any]) -> bool:
    """Does the model's text keep what the draft's numbers and names need?"""
    t = " ".join(text.split())
    if not t or SECOND_PERSON.search(t) or MARKUP.search(t) or re.search(r"\d", t):
        return False
    if field == "rooms":
        return len(t) <= 80 and _sentences(t) == 1
    if not 1 <= _sentences(t) <= 3:
        return False
    if field == "quest":
        where = re.sub(r"^(the|a|an)\s+", "", d["quest"]["where"], flags=re.I).lower()
        return where in t.lower()
    if field == "obstacle":
        return bool(dungeon.tags(t) & set(d["obstacle"]["answers"]))
    if field == "minion":
        return t.lower().startswith("it serves")
    return True


def _sentence(text: str) -> str:
    t = " ".join(text.split())
    t = t[:1].upper() + t[1:]
    return t if t[-1:] in ".!?" else t + "."


def parts(what: str, d: dict[str, Any]) -> list[dict[str, Any]]:
    """The parts the model is asked to rewrite, each with our texts."""
    if what in ("conflict", "boss"):
        fields = {"look": d["text"]}
        if d.get("minion"):
            fields["minion"] = d["minion"]["text"]
        return [{"scene": 1, "title": f"the {'Boss' if d['boss'] else 'Conflict'} card "
                                      f"{d['name']}",
                 "role": "how the foe looks and behaves when it appears", "fields": fields,
                 "ask": ASK}]
    if what == "town":
        return [{"scene": 1, "title": f"the town of {d['name']}",
                 "role": "the town's look, what troubles it, and the Quest its people give",
                 "fields": {"look": d["look"], "trouble": d["trouble"],
                            "quest": d["quest"]["text"]}, "ask": ASK}]
    out = [{"scene": 1, "title": f"the dungeon {d['name']}",
            "role": "its entrance, the Obstacle barring it, and the Boss waiting inside",
            "fields": {**({"look": d["look"]} if d["look"] else {}),
                       "obstacle": d["obstacle"]["text"], "boss": d["boss"]["text"]},
            "ask": ASK}]
    for f in d["floors"]:
        looks = [r["look"] or "bare walls" for r in f["rooms"]]
        out.append({"scene": len(out) + 1, "title": f"floor {f['floor']} of {d['name']}",
                    "role": "one short phrase per room, in the rooms' order: what it looks like",
                    "fields": {"rooms": looks}, "ask": ASK})
    for p in out:
        p["count"] = len(out)
    return out


def rewrite(what: str, idea: str, d: dict[str, Any], writer: Writer) -> dict[str, Any]:
    """The draft with the model's texts where they fit; ``d["model"]`` lists the fields it
    wrote (part by part)."""
    asked = parts(what, d)
    got = writer(idea, asked)
    written: list[str] = []
    for part, reply in zip(asked, got):
        for field, ours in part["fields"].items():
            new = reply.get(field)
            if field == "rooms":
                if isinstance(new, list) and len(new) == len(ours) and all(
                        isinstance(x, str) and fit("rooms", x, o, d) for x, o in zip(new, ours)):
                    floor = d["floors"][part["scene"] - 2]
                    for r, x in zip(floor["rooms"], new):
                        r["look"] = " ".join(x.split()).rstrip(".")
                    written.append(f"floor {floor['floor']} rooms")
                continue
            if not isinstance(new, str) or not fit(field, new, ours, d):
                continue
            _put(what, d, field, _sentence(new))
            written.append(field)
    d["model"] = {"written": written, "asked": sum(len(p["fields"]) for p in asked)}
    return d


def _put(what: str, d: dict[str, Any], field: str, text: str) -> None:
    if what in ("conflict", "boss"):
        if field == "look":
            d["description"] = d["description"].replace(d["text"], text) \
                if d["text"] else f"{d['description']} {text}"
            d["text"] = text
        else:
            d["minion"]["text"] = text
        return
    if what == "town":
        if field == "quest":
            d["quest"]["text"] = text.rstrip(".")
        else:
            d[field] = text if field == "look" else text.rstrip(".")
        return
    if field == "obstacle":
        d["obstacle"]["text"] = text.rstrip(".")
    elif field == "boss":
        d["boss"]["description"] = d["boss"]["description"].replace(d["boss"]["text"], text)
        d["boss"]["text"] = text
    else:
        d["look"] = text
