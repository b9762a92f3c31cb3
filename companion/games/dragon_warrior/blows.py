"""Blow by blow: every blow of a battle gets a story line of its own (the small print keeps the
numbers). A line is composed from the parts in ``narration.toml``'s ``[blows]`` table: an opening
(who moves, how), what the blow does (into the guard, into flesh, or nothing), and, when someone
is nearly done, a coda. Each combination is told at most once in a session (remembered in the
narration memory, so resume and undo agree), so a long campaign does not hear the same blow twice.
"""
from __future__ import annotations

import tomllib
from functools import cache

from companion.core.resources import rules_path
from companion.story.grammar import Phrase
from companion.story.template import Character, sentence
from companion.story.voice import NarrationMemory


@cache
def parts() -> dict[str, tuple[str, ...]]:
    raw = tomllib.loads(rules_path("dragon_warrior", "narration.toml").read_text())
    return {k: tuple(v) for k, v in raw.get("blows", {}).items()}


def _weapon(view: dict) -> str:
    """The Warrior's weapon as the story says it: "the Copper Sword", or "bare hands"."""
    w = (view.get("warrior") or {}).get("weapon") or {}
    name = " ".join(str(w.get("name") or "").split())
    if not name:
        return "bare hands"
    for art in ("a ", "an ", "the ", "some "):
        if name.lower().startswith(art):
            name = name[len(art):]
    return f"the {name}"


def line(hit: dict, kind: str, view: dict, hero: Character, foe: Phrase,
         memory: NarrationMemory, label: tuple) -> str:
    """The story line of one blow. ``kind``: hit or missed; ``hit`` the event's data."""
    p = parts()
    by_hero = hit["by"] == "warrior"
    side = "hero" if by_hero else "foe"
    end = "miss" if kind == "missed" else "flesh" if hit.get("hp_lost") else "guard"
    if kind == "hit" and hit.get("hp_lost") and hit.get("hp", 1) == 0:
        end = "kill"  # the blow that ends it
    ends = p[f"{side}_{end}"]
    if by_hero and hit.get("critical") and kind == "hit":
        opens = p["critical_open"] + p["hero_open"]
    else:
        opens = p[f"{side}_open"]
    coda: tuple[str, ...] = ()
    if kind == "hit" and hit.get("hp_lost") and hit.get("hp", 1) > 0 and \
            hit["hp"] <= max(3, hit["hp_lost"]):
        coda = p["coda_foe_low"] if by_hero else p["coda_hero_low"]
    rng = memory.rng("blow", *label)
    group = f"{side}-{end}-{'crit' if opens is not p[f'{side}_open'] else 'plain'}"
    values = {"hero": hero, "foe": foe, "weapon": _weapon(view)}

    def told(i: int, j: int) -> int:  # how often this opening and ending went together
        return sum(1 for n in range(9) if f"blow|{side}-{end}|{i}|{j}|{n}" in memory.used)

    crit = len(p["critical_open"]) if group.endswith("crit") else 0
    combos = [(i, j) for i in range(len(opens)) for j in range(len(ends))]
    rng.shuffle(combos)
    combos.sort(key=lambda c: (told(c[0] - crit if c[0] >= crit else 100 + c[0], c[1])
                               if crit else told(*c), c[0] >= crit if crit else 0))
    i, j = combos[0]
    key_i = i - crit if crit and i >= crit else (100 + i if crit else i)
    memory.used.add(f"blow|{side}-{end}|{key_i}|{j}|{told(key_i, j)}")
    text = sentence(f"{opens[i]}, and {ends[j]}.", values)
    spent = [k for k in range(len(coda)) if f"coda|{group}|{k}" not in memory.used]
    if spent:  # each coda once a session: after that, the small print says it
        k = spent[rng.randrange(len(spent))]
        memory.used.add(f"coda|{group}|{k}")
        text += " " + sentence(coda[k], values)
    return _once(text, foe)


def _once(text: str, foe: Phrase) -> str:
    """The foe named in full once a line; after that "it" ("Wren steps inside the reach of the
    pack of weasel-bandits, and something in it gives"). A plural foe keeps its name (they/them
    would need the case), and so does a named one."""
    if foe.plural or not foe.words[:1].islower():  # "the Cellar King" stays a name
        return text
    name = foe.the
    first = text.lower().find(name.lower())
    if first < 0:
        return text
    head, tail = text[:first + len(name)], text[first + len(name):]
    tail = tail.replace(f". {name[:1].upper()}{name[1:]} ", ". It ").replace(name, "it")
    return head + tail
