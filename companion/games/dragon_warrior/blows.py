"""A battle told with a shape (issue 41): its turns get a story line each, the routine blows
between them are gathered (the small print keeps every blow and its numbers).

A turn (:func:`turn`): the battle's first blow, first blood drawn by either side, a side brought
low, a critical, the last blow. Any other blow is held (:func:`hold`) and told later in one
sentence with the rest (:func:`gathered`: "Blow follows blow: Wren lands twice and comes up empty
once, and the drakee bat is turned aside three times."), before the next thing told. What is held
lives in the narration memory, so a resumed session tells it the same.

A turn's line is composed from the parts in ``narration.toml``'s ``[blows]`` table: an opening
(who moves, how), what the blow does (into the guard, into flesh, or nothing), and, when someone
is nearly done, a coda. Each combination is told at most once in a session (remembered in the
narration memory, so resume and undo agree), so a long campaign does not hear the same blow twice.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import cache

from companion.core.resources import rules_path
from companion.games.dragon_warrior.data import rules
from companion.story.discourse import times
from companion.story.grammar import Phrase, join
from companion.story.template import Character, sentence
from companion.story.voice import NarrationMemory


@cache
def parts() -> dict[str, tuple[str, ...]]:
    raw = tomllib.loads(rules_path("dragon_warrior", "narration.toml").read_text())
    return {k: tuple(v) for k, v in raw.get("blows", {}).items()}


@cache
def held_parts() -> dict[str, tuple[str, ...]]:
    """The gathered sentence's parts (``narration.toml``'s ``[fight]``)."""
    raw = tomllib.loads(rules_path("dragon_warrior", "narration.toml").read_text())
    return {k: tuple(v) for k, v in raw.get("fight", {}).items()}


FEW = 3  # held blows a gathered sentence needs: fewer are let go untold


def _low(hit: dict) -> bool:
    """Does this blow leave its target nearly done (the coda's test)?"""
    return bool(hit.get("hp_lost")) and 0 < hit.get("hp", 1) <= max(3, hit["hp_lost"])


def turn(hit: dict, kind: str, view: dict, memory: NarrationMemory) -> bool:
    """Is this blow a turn of its battle, told in a line of its own? The first blow, the first
    blood each side draws, the first time each side is brought low, a critical, a blow that ends
    a foe. Marks what it saw in the narration memory."""
    battle = view.get("battles", 0)
    side = "hero" if hit["by"] == "warrior" else "foe"
    marks = {f"fight|{battle}|begun"}
    if kind == "hit" and hit.get("hp_lost"):
        marks.add(f"fight|{battle}|blood|{side}")
        if _low(hit):
            marks.add(f"fight|{battle}|low|{side}")
    new = marks - memory.used
    memory.used |= marks
    ended = kind == "hit" and bool(hit.get("hp_lost")) and hit.get("hp", 1) == 0
    return bool(new) or ended or (side == "hero" and kind == "hit" and bool(hit.get("critical")))


def hold(hit: dict, kind: str, view: dict, memory: NarrationMemory) -> str:
    """A routine blow: held, to be told with the rest (:func:`gathered`); says nothing now."""
    battle = view.get("battles", 0)
    n = 0
    while f"fight-n|{battle}|{n}" in memory.used:
        n += 1
    side = {"warrior": "hero", "party": "pm"}.get(hit["by"], "foe")
    foe = " ".join(str(hit.get("name") or "").split())
    memory.used |= {f"fight-n|{battle}|{n}", f"fight-held|{battle}|{n:03d}|{side}|{kind}|{foe}",
                    f"fight-pending|{battle}"}
    return ""


def hold_back(name: str, view: dict, memory: NarrationMemory) -> str:
    """The Party Member holding its card (the Ally's hold): held like a routine blow and told with
    the rest (:func:`gathered`: "..., while Loam hangs back twice, waiting for an opening"), so a
    friend who mostly waits is seen waiting, not gone; says nothing now."""
    return hold({"by": "party", "name": name}, "held", view, memory)


def gathered(view: dict, hero: Character, memory: NarrationMemory, rng,
             phrase: Callable[[str], Phrase]) -> str:
    """The blows of this battle held and not yet told, in one sentence, marked told; "" when none
    (``phrase``: a foe's name as the story says it, words.phrase). Fewer than ``FEW`` are let go
    untold (a lone parry between two turns needs no sentence), and so are blows held in an
    earlier battle whose end told nothing: the small print has them all."""
    battle = view.get("battles", 0)
    if f"fight-pending|{battle}" not in memory.used:
        return ""
    memory.used.discard(f"fight-pending|{battle}")
    held: list[tuple[str, str, str]] = []
    for u in sorted(u for u in memory.used if u.startswith(f"fight-held|{battle}|")):
        n, side, kind, foe = u.split("|", 2)[2].split("|", 3)
        if f"fight-done|{battle}|{n}" not in memory.used and foe:
            memory.used.add(f"fight-done|{battle}|{n}")
            held.append((side, kind, foe))
    waits = [foe for side, _, foe in held if side == "pm"]
    held = [h for h in held if h[0] != "pm"]
    if len(held) < FEW and not (held and waits and len(held) + len(waits) >= FEW):
        return ""  # the friend's waiting alone is no fight to tell
    p = held_parts()
    foes = list(dict.fromkeys(foe for side, _, foe in held if side == "foe"))
    values: dict = {"hero": hero}
    halves = []
    said_hero = False
    used: set[str] = set()
    for who in ["hero"] + foes:
        said = []
        for kind, key in (("hit", "hit"), ("missed", "miss")):
            count = sum(1 for s, k, f in held if k == kind and (s == who == "hero" or
                                                                 s == "foe" and f == who))
            side = "hero" if who == "hero" else "foe"
            if count:
                fresh = [x for x in p[f"{side}_{key}"] if x.split("]")[1] not in used]
                verb = rng.choice(fresh or p[f"{side}_{key}"])
                used.add(verb.split("]")[1])  # "is turned aside" once a sentence
                said.append(verb.replace(" {n}", f" {times(count)}" if count > 1 else ""))
        if said and who == "hero":
            halves.append(f"{{hero.name}} {' and '.join(said)}")
            said_hero = True
        elif said:
            slot = f"foe{len(values)}"
            values[slot] = phrase(who)
            halves.append(f"{{{slot}.the}} {' and '.join(said).replace(':foe]', f':{slot}]')}")
    ours, theirs = halves[:1] if said_hero else [], halves[1:] if said_hero else halves
    if waits:  # the Party Member's holds: where the friend was while the blows fell
        values["pm"] = phrase(waits[-1])
        fresh = [x for x in p["pm_held"] if f"pm-held|{battle}|{x}" not in memory.used]
        wait = rng.choice(fresh or p["pm_held"])  # a friend's waiting told new in each sentence
        memory.used.add(f"pm-held|{battle}|{wait}")
        theirs.append("{pm.the} " + wait.replace(" {n}", f" {times(len(waits))}"
                                                if len(waits) > 1 else ""))
    told = ", while ".join(x for x in (join(ours), join(theirs)) if x)
    leads = [x for x in p["lead"] if f"lead|{battle}|{x}" not in memory.used]
    lead = rng.choice(leads or p["lead"])  # a battle's gathered sentences open differently
    memory.used.add(f"lead|{battle}|{lead}")
    text = sentence(f"{lead}: {told}.", values)
    for slot, foe in values.items():
        text = _once(text, foe) if slot not in ("hero", "pm") else text
    return text


def _weapon(view: dict, hero: Character | None = None) -> str:
    """The Warrior's weapon as the story says it: "the Copper Sword", or "her bare hands" (the
    hero's own, by their pronouns: "brings bare hands round" had no owner)."""
    w = (view.get("warrior") or {}).get("weapon") or {}
    name = " ".join(str(w.get("name") or "").split())
    if not name:
        return f"{hero.pronouns.their} bare hands" if hero is not None else "bare hands"
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
    spell = str(hit.get("spell") or "") if by_hero else ""
    values = {"hero": hero, "foe": foe, "weapon": _weapon(view, hero)}
    if spell:  # a spell is told as a spell, never as a weapon swung
        opens = p["spell_open"]
        ends = p["spell_miss"] if end == "miss" else tuple(e for e in ends if "{weapon}" not in e)
        values["spell"] = Phrase(words=rules().spell(spell).name, form="name")
        side = "spell"  # its own lines, remembered apart from the blows of a weapon
    elif by_hero and hit.get("critical") and kind == "hit":
        opens = p["critical_open"] + p["hero_open"]
    else:
        opens = p[f"{side}_open"]
    coda: tuple[str, ...] = ()
    if kind == "hit" and hit.get("hp_lost") and hit.get("hp", 1) > 0 and \
            hit["hp"] <= max(3, hit["hp_lost"]):
        coda = p["coda_foe_low"] if by_hero else p["coda_hero_low"]
    rng = memory.rng("blow", *label)
    group = f"{side}-{end}-{'crit' if opens is not p[f'{side}_open'] else 'plain'}"

    def told(i: int, j: int) -> int:  # how often this opening and ending went together
        return sum(1 for n in range(9) if f"blow|{side}-{end}|{i}|{j}|{n}" in memory.used)

    crit = len(p["critical_open"]) if group.endswith("crit") else 0
    combos = [(i, j) for i in range(len(opens)) for j in range(len(ends))
              if not _two_its(opens[i], ends[j])]
    rng.shuffle(combos)
    battle = view.get("battles", 0)

    def here(c: tuple[int, int]) -> int:  # its opening and ending already told in this battle
        return sum(f"fight|{battle}|said|{x}" in memory.used for x in (opens[c[0]], ends[c[1]]))

    combos.sort(key=lambda c: (here(c), told(c[0] - crit if c[0] >= crit else 100 + c[0], c[1])
                               if crit else told(*c), c[0] >= crit if crit else 0))
    i, j = combos[0]
    memory.used |= {f"fight|{battle}|said|{opens[i]}", f"fight|{battle}|said|{ends[j]}"}
    key_i = i - crit if crit and i >= crit else (100 + i if crit else i)
    memory.used.add(f"blow|{side}-{end}|{key_i}|{j}|{told(key_i, j)}")
    text = sentence(f"{opens[i]}, and {_hero_once(opens[i], ends[j])}.", values)
    spent = [k for k in range(len(coda)) if f"coda|{group}|{k}" not in memory.used]
    if spent:  # each coda once a session: after that, the small print says it
        k = spent[rng.randrange(len(spent))]
        memory.used.add(f"coda|{group}|{k}")
        text += " " + sentence(coda[k], values)
    return _once(text, foe)


def _hero_once(opening: str, ending: str) -> str:
    """The ending with the hero as a pronoun when the opening named them ("the mossback troll
    lunges at Oswy, and xe takes it on the ribs", not "and Oswy takes it"): their name's
    possessive is "their", a name before its verb "they", any other place "them"."""
    if "{hero.name}" not in opening or "{hero.name}" not in ending:
        return ending
    ending = ending.replace("{hero.name}'s", "{hero.their}")
    ending = re.sub(r"\{hero\.name\}(?= \[)", "{hero.they}", ending)
    return ending.replace("{hero.name}", "{hero.them}")


def _two_its(opening: str, ending: str) -> bool:
    """Would the line say "it" for two things? An ending that has its own "it" (the blow: "sees
    it coming") after an opening that names the foe, whom :func:`_once` then calls "it" too:
    "and it sees it coming a mile off", "and it is not there when it lands"."""
    return "{foe.the}" in opening and "{foe.the}" in ending and re.search(r"\bit\b", ending) is not None


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
