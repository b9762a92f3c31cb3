"""A Conflict (or Boss) card drafted from an idea: the ground of ``draft`` and ``draft_world``.

A human Villain gets a legal Conflict card from a short idea: the card is filled out through the
engine's own point buy (``build.draft_actions`` / ``build.apply_draft``: abilities, then one point
per stat, then one spell per 10 MP), so every choice is one the engine lists as legal and the
points add up by construction. ``boss`` drafts a Boss (double points). A minion gets its own card
the same way. The description is ours, drawn from the idea and the offline tables. Markdown for
reading, JSON for tools (with the choices in order, so the card can be replayed); the seed varies
the picks.
"""
from __future__ import annotations

import re
from typing import Any

from companion.core.game import Action
from companion.core.rng import derived_rng
from companion.games.dragon_warrior import build, sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import VILLAIN, Draft, Foe, State

WHATS = ("conflict", "boss", "town", "dungeon")

# Our reading of an idea's words (source = "ours"): what a foe leans on, and the element it is.
_LEANS = {
    "fast": ("quick", "swift", "fast", "fleet", "darting", "nimble", "thief", "wind", "bat", "bird"),
    "mp": ("witch", "wizard", "mage", "curse", "spell", "priest", "ghost", "spirit", "keeper",
           "lantern", "lighthouse", "oracle", "hex", "jealous", "moon"),
    "def": ("knight", "armor", "armour", "shell", "stone", "iron", "clockwork", "golem", "wall",
            "guard", "crab", "turtle"),
    "atk": ("brute", "troll", "ogre", "angry", "bandit", "wolf", "bear", "claw", "sword", "raging"),
    "hp": ("giant", "big", "huge", "fat", "old", "slime", "tree", "ox", "whale"),
    "minion": ("gang", "pack", "army", "servant", "servants", "crew", "followers", "swarm",
               "minions", "lord", "king", "queen", "captain", "master", "boss", "keeper"),
}
_NATURE = {
    "fire": ("fire", "flame", "ember", "lamp", "lantern", "light", "lighthouse", "burning", "sun"),
    "frost": ("ice", "frost", "snow", "cold", "winter", "glacier"),
    "storm": ("storm", "sea", "wind", "thunder", "wave", "sailor", "gull", "tide"),
    "holy": ("priest", "saint", "temple", "angel", "bell"),
    "shadow": ("shadow", "night", "dark", "ghost", "jealous", "grudge", "spirit", "crypt"),
    "venom": ("snake", "poison", "toad", "swamp", "bog", "fen"),
    "iron": ("iron", "knight", "clockwork", "sword", "armor", "armour", "smith"),
    "wood": ("tree", "forest", "moss", "root", "scarecrow", "wood", "bramble"),
}
# the element a foe of each nature is weak to (ours: opposites, so the weakness reads as earned)
_OPPOSITE = {"fire": "frost", "frost": "fire", "storm": "iron", "iron": "storm",
             "holy": "shadow", "shadow": "holy", "venom": "wood", "wood": "venom"}
_LEAN_TEXT = {"atk": "hits hard", "def": "is hard to hurt", "hp": "takes a long time to wear down",
              "mp": "would rather cast than swing"}


def _words(idea: str) -> set[str]:
    return set(re.findall(r"[a-z]+", idea.lower()))


def _hits(words: set[str], table: tuple[str, ...]) -> int:
    return sum(1 for w in table if w in words)


def name_of(idea: str) -> str:
    """"a jealous lighthouse keeper" -> "The Jealous Lighthouse Keeper"; "Old Gorm: ..." stays."""
    name = build.split_text(idea)[0]
    bare = re.sub(r"^(a|an|the|some)\s+", "", name, flags=re.I)
    titled = " ".join(w[:1].upper() + w[1:] for w in bare.split())
    return "The " + titled if bare != name or name[:1].islower() else titled


def _mid(name: str) -> str:
    """The name inside a sentence: "the Jealous Lighthouse Keeper"."""
    return "the " + name[4:] if name.startswith("The ") else name


def _nature(words: set[str], rng) -> str:
    scored = sorted(_NATURE, key=lambda el: -_hits(words, _NATURE[el]))
    if _hits(words, _NATURE[scored[0]]):
        return scored[0]
    return rng.choice(rules().elements.names)


def _choose(legal: list[Action], rng, words: set[str], foe: Foe, budget: int,
            minion_ok: bool) -> Action:
    """One pick from the engine's legal list, leaning on the idea's words."""
    kinds = {a.kind for a in legal}
    if "stats" in kinds:  # the abilities stage
        if "fast" in kinds and rng.random() < 0.25 + 0.5 * bool(_hits(words, _LEANS["fast"])):
            if foe.points - sheet.fast_cost(foe.level) >= budget // 3:
                return next(a for a in legal if a.kind == "fast")
        weak = [a for a in legal if a.kind == "weakness"]
        if weak and rng.random() < 0.5:
            nature = _nature(words, rng)
            mult = 4 if rng.random() < 0.25 else 2
            return next(a for a in weak if a.args == {"mult": mult, "element": _OPPOSITE[nature]})
        mins = [a for a in legal if a.kind == "minion"
                and foe.points - sheet.minion_cost(a.args["level"]) >= budget // 2]
        if minion_ok and mins and rng.random() < 0.2 + 0.5 * bool(_hits(words, _LEANS["minion"])):
            return rng.choice(mins)
        return next(a for a in legal if a.kind == "stats")
    if "stat" in kinds:
        weights = {s: 2 + 4 * _hits(words, _LEANS[s]) for s in ("atk", "def", "hp", "mp")}
        weights["mp"] = weights["mp"] - 1  # MP only pays off in tens
        stats = [a.args["stat"] for a in legal]
        pick = rng.choices(stats, weights=[weights[s] for s in stats])[0]
        return next(a for a in legal if a.args["stat"] == pick)
    return rng.choice(legal)  # a spell


def _fill(s: State, rng, words: set[str], choices: list[dict], minion_ok: bool) -> State:
    """Pick legal choices until the card being filled out is made."""
    budget = s.draft.foe.points
    mark = s.draft
    while s.draft is mark or (s.draft is not None and s.draft.stage != "minion"):
        legal = build.draft_actions(s, VILLAIN)
        if not legal:
            break
        a = _choose(legal, rng, words, s.draft.foe, budget, minion_ok)
        choices.append({"kind": a.kind, "args": dict(a.args)})
        s, _ = build.apply_draft(s, a)
        mark = s.draft
        if s.draft is None or s.draft.stage == "minion":
            break
    return s


def start(level: int, boss: bool, name: str, look: str) -> State:
    """The state a card is filled out in: an empty table with this card's draft open."""
    c = rules().conflict
    foe = Foe(id="foe-1", name=name, text=look, level=level, atk=c.base_atk, max_def=c.base_def,
              max_hp=c.base_hp, max_mp=c.base_mp, boss=boss,
              points=sheet.conflict_points(level, boss=boss))
    return State(draft=Draft(foe=foe, stage="abilities"), next_id=2)


def card(idea: str, level: int, boss: bool = False, seed: int = 0) -> dict[str, Any]:
    """The drafted card as data: the numbers, the choices in order, and our description."""
    words = _words(idea)
    rng = derived_rng(seed, "dw-draft", idea.lower(), level, boss)
    t = rules().tables
    name = name_of(idea)
    look = _look(idea, words, rng)
    s = start(level, boss, name, look)
    choices: list[dict] = []
    s = _fill(s, rng, words, choices, minion_ok=True)
    master = next(c for c in s.cards if c.id == "foe-1")
    minion = None
    minion_choices: list[dict] = []
    if s.draft is not None and s.draft.stage == "minion":
        m = s.draft.minion_level
        tier = t.foes[min(m, len(t.foes)) - 1]
        mname = rng.choice(tier)
        s = build.new_draft(s, m, "battle", f"{mname[0].upper()}{mname[1:]}: It serves {_mid(name)}.",
                            minion_of=master.id)
        s = _fill(s, rng, words, minion_choices, minion_ok=False)
        minion = next(c for c in s.cards if c.minion_of == master.id)
    return {"kind": "boss" if boss else "conflict", "idea": idea, "level": level, "boss": boss,
            **_card_data(master, level, boss, minion.level if minion else 0), "choices": choices,
            "minion": ({**_card_data(minion, minion.level, False), "choices": minion_choices}
                       if minion else None),
            "description": _describe(master, minion, words)}


def _card_data(f: Foe, level: int, boss: bool, minion_level: int = 0) -> dict[str, Any]:
    """The card's numbers and where its points went (budget = abilities + one point per stat)."""
    c = rules().conflict
    stats = {"atk": f.atk - c.base_atk, "def": f.max_def - c.base_def,
             "hp": (f.max_hp - c.base_hp) // c.hp_per_point,
             "mp": (f.max_mp - c.base_mp) // c.mp_per_point}
    return {"name": f.name, "text": f.text, "atk": f.atk, "def": f.max_def, "hp": f.max_hp,
            "mp": f.max_mp, "fast": f.fast, "weakness": f.weakness, "weak_to": f.weak_to,
            "spells": list(f.spells),
            "points": {"budget": sheet.conflict_points(level, boss=boss),
                       "fast": -sheet.fast_cost(level) if f.fast else 0,
                       "weakness": sheet.weakness_refund(f.weakness, level) if f.weakness > 1 else 0,
                       "minion": -sheet.minion_cost(minion_level) if minion_level else 0,
                       "minion_level": minion_level, "stats": stats}}


def _look(idea: str, words: set[str], rng) -> str:
    look = build.split_text(idea)[1]
    if look:
        return look[:1].upper() + look[1:].rstrip(".") + "."
    return rng.choice(rules().tables.foe_looks)


def _describe(f: Foe, minion: Foe | None, words: set[str]) -> str:
    d = rules()
    c = d.conflict
    raised = {"atk": f.atk - c.base_atk, "def": f.max_def - c.base_def,
              "hp": (f.max_hp - c.base_hp) // c.hp_per_point,
              "mp": (f.max_mp - c.base_mp) // c.mp_per_point}
    lean = max(raised, key=lambda k: (raised[k], k == "mp"))
    out = [f"{f.name} {_LEAN_TEXT[lean]}." if raised[lean] else f"{f.name} is all bluster.",
           f.text]
    if f.fast:
        out.append("It strikes before the Warrior can draw a breath.")
    if f.weakness > 1:
        how = "badly" if f.weakness == 2 else "terribly"
        out.append(f"{f.weak_to.capitalize()} hurts it {how}, and it knows it.")
    if f.spells:
        names = [d.spell(x).name for x in f.spells]
        out.append("It knows " + (names[0] if len(names) == 1
                                  else ", ".join(names[:-1]) + " and " + names[-1]) + ".")
    if minion is not None:
        out.append(f"{minion.name} fights beside it.")
    if f.boss:
        out.append("Beating it is worth double experience.")
    return " ".join(x for x in out if x)


def markdown(d: dict[str, Any]) -> str:
    r = rules()
    lines = [f"# {'Boss' if d['boss'] else 'Conflict'} card: {d['name']} (Level {d['level']})",
             "", f"*From the idea:* {d['idea']}", "", d["description"], ""] + model_line(d)
    lines += _card_lines(d, r)
    if d["minion"]:
        m = d["minion"]
        lines += ["", f"## Minion: {m['name']}", "", m["text"], ""] + _card_lines(m, r)
    return "\n".join(lines) + "\n"


def model_line(d: dict[str, Any]) -> list[str]:
    """Which texts a model wrote (a draft made with --model), in small print."""
    m = d.get("model")
    if not m:
        return []
    said = ", ".join(m["written"]) or "none"
    return [f"<sub>Written by the model: {said} ({len(m['written'])} of {m['asked']} texts); "
            "the numbers are the engine's.</sub>", ""]


def _card_lines(d: dict[str, Any], r) -> list[str]:
    p = d["points"]
    st = p["stats"]
    abil = []
    if d["fast"]:
        abil.append(f"Fast ({p['fast']})")
    if d["weakness"] > 1:
        abil.append(f"Weakness x{d['weakness']} to {d['weak_to']} (+{p['weakness']})")
    if p["minion"]:
        abil.append(f"Minion, Level {p['minion_level']} ({p['minion']})")
    spells = ", ".join(r.spell(x).name for x in d["spells"]) or "none"
    spent = (f"{st['atk']} ATK + {st['def']} DEF + {st['hp']} HP + {st['mp']} MP"
             f" = {sum(st.values())}")
    return ["| ATK | DEF | HP | MP |", "|---|---|---|---|",
            f"| {d['atk']} | {d['def']} | {d['hp']} | {d['mp']} |", "",
            f"- Abilities: {', '.join(abil) or 'none'}",
            f"- Spells: {spells}",
            f"- Points: {p['budget']} to spend; abilities {_signed(_ability_total(p))};"
            f" stats {spent}"]


def _ability_total(p: dict[str, Any]) -> int:
    return p["fast"] + p["weakness"] + p["minion"]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
