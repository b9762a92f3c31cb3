"""What a newcomer would otherwise guess: ``help ITEM`` / ``help SPELL`` / ``help weakness``,
the item shop's list (effects, the room each takes, the coins nobody counts), and moves listed by
the names a player reads, never by an id."""
from __future__ import annotations

import re

from companion.core.game import Action
from companion.games.dragon_warrior.data import rules


def label(a: Action, view: dict) -> str:
    """``actions`` lists moves by the names a player reads, never an id (item-5, foe-14)."""
    from companion.games.dragon_warrior.views import label as named

    names = {p["id"]: p["name"] for p in view.get("places", [])}
    w = view.get("warrior") or {}
    for i in w.get("pouch", []) + w.get("quest_items", []):
        names[i["id"]] = i["name"]
    for f in (view.get("battle") or {}).get("fighters", []) + view.get("cards", []):
        names[f["id"]] = f["name"]
    names.update({"warrior": "yourself", "party": "your Party Member"})
    return named(a, names)


def _here(view: dict) -> dict:
    return next((p for p in view.get("places", []) if p["id"] == view.get("here")), {})


def shop_text(view: dict) -> str:
    """What the item shop sells: each consumable at the town's Level, what it does, what it
    costs (coins nobody counts, and room in the pouch), and whether it fits."""
    here = _here(view)
    if here.get("building") != "item-shop":
        return "There is no shop here: every town's item shop is off its streets (go item shop)."
    w = view["warrior"]
    level, used, cap = here.get("level", 1), w["pouch_used"], w["pouch_capacity"]
    rows = [f"The item shop (Level {level} goods; your pouch holds {used}/{cap}). Money is not "
            "counted: a few coins change hands. Each item takes its Level in pouch room:"]
    for c in rules().consumables:
        fits = used + level <= cap
        rows.append(f"  {c.name} +{level} · {level} room{'s' if level > 1 else ''}"
                    f"{'' if fits else ' · no room left'} · {c.effect}")
    rows.append("buy NAME to buy one (help NAME says more).")
    return "\n".join(rows)


def help_topic(words: str, view: dict) -> str | None:
    """``help ITEM`` / ``help SPELL``: a spell, a consumable (by its kind or by the name Treasure
    gave the one you hold), a piece of equipment you wear, a Quest item, or an element."""
    key = " ".join(words.lower().split())
    if not key:
        return None
    r = rules()
    for sp in r.spells:
        if key in (sp.id, sp.name.lower()):
            mp = "X MP (half the attacking cards' value, rounded up)" if sp.kind == "spellblock" \
                else f"{sp.mp} MP"
            where = {"battle": "in battle", "anywhere": "in or out of battle",
                     "defence": "when attacked", "dungeon": "in a dungeon",
                     "outside": "outside battle"}[sp.where]
            n = r.spells.index(sp) + 1
            return (f"{sp.name} ({mp}, {where}): {sp.effect} The Warrior learns it at "
                    f"{n * r.warrior.mp_per_spell} max MP (one spell per 10, in list order)."
                    + (" Attuned (attune ELEMENT in a town), it counts against a foe weak to "
                       "that element." if sp.kind == "attack" else ""))
    w = view.get("warrior") or {}
    held = {i["name"].lower(): i for i in w.get("pouch", [])}
    held.update({re.sub(r"^(the|a|an|some) ", "", n): i for n, i in list(held.items())})
    for c in r.consumables:
        if key in (c.id, c.name.lower()) or (key in held and held[key]["kind"] == c.id):
            item = held.get(key)
            mine = f"{item['name']} is a Level {item['level']} {c.name}. " if item else ""
            return f"{mine}{c.name}: {c.effect} It takes its Level in pouch room."
    for slot in ("weapon", "armor", "offhand"):
        item = w.get(slot)
        if key == slot or (item and key in (item["name"].lower(), re.sub(
                r"^(the|a|an|some) ", "", item["name"].lower()))):
            eff = next(e.effect for e in r.equipment if e.slot == slot)
            el = f" It is of {item['element']}: a foe weak to {item['element']} takes x2 or x4." \
                if item and item.get("element") else ""
            mine = f"{item['name']} +{item['level']} ({slot}). " if item else ""
            return f"{mine}{slot.capitalize()}: {eff}{el}"
    for i in w.get("quest_items", []):
        if key in (i["name"].lower(), re.sub(r"^(the|a|an|some) ", "", i["name"].lower())):
            return (f"{i['name']} is a Quest item: sooner or later it will be essential. Try it "
                    "on a dungeon's Obstacle (unlock ITEM -- how), or hold it up in battle "
                    "against a foe's Weakness (use ITEM): the right one lays the Weakness bare.")
    if key in r.elements.names or key in ("weakness", "elements", "element"):
        return ("Elements: " + ", ".join(r.elements.names) + ". A foe's Weakness multiplies "
                "damage from any weapon, item or spell of its element (x2 or x4): a weapon or "
                "offhand weapon of it, Dragon's Fire for fire, attack spells attuned to it "
                "(attune ELEMENT in a town). A proper Quest item held up in battle lays it "
                "bare for every later attack.")
    return None


def level_up_hint(view: dict, legal: list) -> str:
    """What each level-up point buys, from the Warrior's sheet as it stands."""
    d = rules().warrior
    w = view["warrior"]
    n = d.level_up_points
    if legal and legal[0].kind == "party_raise":
        p = view.get("party") or {}
        return (f"{p.get('name', 'Your Party Member')} grows with you: one point, raise atk "
                f"(Attack {p.get('atk', 1)} → {p.get('atk', 1) + 1}), raise def or raise hp "
                f"(+{rules().conflict.hp_per_point} max HP).")
    spells = len(w["spells"])
    next_spell = (spells + 1) * d.mp_per_spell - w["max_mp"]
    mp = (f"+{d.mp_per_point} max MP (now {w['max_mp']}; a spell per {d.mp_per_spell}, the "
          f"next in {next_spell})")
    return (f"Level up! Spend {n} points, each on one of: str, +1 Strength (Attack "
            f"{w['attack']} → {w['attack'] + 1}, and a bigger pouch); agi, +1 Agility (a card "
            f"more in hand: {w['hand_size']} → {w['hand_size'] + 1}, and more on a Critical); "
            f"hp, +{d.hp_per_point} max HP (now {w['max_hp']}); mp, {mp}. "
            f"Type raise STAT STAT: raise str hp, raise agi agi.")
