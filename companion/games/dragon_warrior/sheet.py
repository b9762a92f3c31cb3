"""Numbers derived from the Warrior's sheet and the Conflict cards: the formulas of the rules.

Each function is one rule of GAMES.md §4 and is tested on its own.
"""
from __future__ import annotations

import re
from math import ceil

from companion.games.dragon_warrior.data import Rules, rules
from companion.games.dragon_warrior.model import Foe, Item, Warrior


def half_up(n: int) -> int:
    return ceil(n / 2)


def offhand_bonus(item: Item | None, use: str) -> int:
    """An offhand works as a weapon or as armor (Treasure decides) for half its level, rounded up."""
    if item is None or item.offhand_as != use:
        return 0
    return half_up(item.level)


def attack(w: Warrior) -> int:
    """Attack = Strength + the weapon's level (+ an offhand weapon, + Dragon's Fire)."""
    weapon = w.weapon.level if w.weapon else 0
    return w.strength + weapon + offhand_bonus(w.offhand, "weapon") + w.fire


def max_defense(w: Warrior) -> int:
    """Max Defense = the armor's level (+ an offhand worn as armor, + Dragon's Scale)."""
    armor = w.armor.level if w.armor else 0
    return armor + offhand_bonus(w.offhand, "armor") + w.scale


def pouch_capacity(w: Warrior, d: Rules | None = None) -> int:
    d = d or rules()
    return d.pouch.per_level_and_str * (w.level + w.strength)


def pouch_used(w: Warrior) -> int:
    return sum(i.level for i in w.pouch)


def fits(w: Warrior, item: Item) -> bool:
    return pouch_used(w) + item.level <= pouch_capacity(w)


def warrior_hand(w: Warrior, d: Rules | None = None) -> int:
    """The Warrior draws 2 + Agility."""
    d = d or rules()
    return d.warrior.hand_base + w.agility


def villain_hand(level: int, d: Rules | None = None) -> int:
    """The Villain draws 3 + the Conflict's level // 5."""
    d = d or rules()
    return d.conflict.hand_base + level // d.conflict.hand_per_levels


def warrior_spells(max_mp: int, d: Rules | None = None) -> tuple[str, ...]:
    """One spell per 10 max MP, in list order."""
    d = d or rules()
    n = max_mp // d.warrior.mp_per_spell
    return tuple(s.id for s in d.spells[:n])


def level_for(xp: int, d: Rules | None = None) -> int:
    """The Level a total of XP gives, by the chart read cumulatively (see core.toml)."""
    d = d or rules()
    level = 1
    for threshold in d.xp.next_level:
        if xp >= threshold and level < d.xp.max_level:
            level += 1
        else:
            break
    return level


def xp_for_win(foe: Foe, warrior_level: int) -> int:
    """1 XP per Level of the Conflict, x2 if it was above the Warrior's Level; a Boss gives
    double its Level."""
    xp = foe.level * (2 if foe.boss else 1)
    return xp * 2 if foe.level > warrior_level else xp


def xp_after_defeat(w: Warrior) -> int:
    """A defeated Warrior loses twice their Level in XP, never below 0 (Level 7 loses 14). Levels
    are kept (the text takes XP, not Levels), so the XP may sit below the Level's threshold until
    wins earn it back (our reading; see ``level_after``)."""
    return max(0, w.xp - 2 * w.level)


def level_after(w: Warrior, xp: int, d: Rules | None = None) -> int:
    """The Level after gaining XP: the chart's, but never below a Level already reached."""
    return max(w.level, level_for(xp, d))


def level_floor(level: int, d: Rules | None = None) -> int:
    """The XP at which a Level is reached (0 for Level 1)."""
    d = d or rules()
    return d.xp.next_level[level - 2] if level > 1 else 0


def conflict_points(level: int, boss: bool = False, d: Rules | None = None) -> int:
    """3 points per level; a Boss gets 6 (our reading of the text's two numbers: see core.toml)."""
    d = d or rules()
    per = d.conflict.boss_points_per_level if boss else d.conflict.points_per_level
    return per * level


def conflict_levels(space_level: int, warrior_level: int, d: Rules | None = None) -> range:
    """The Levels a new Conflict may have here: the space's, or up to ``levels_above`` higher
    while that stays within ``levels_above`` of the Warrior's ("the same level as The Warrior or
    a little bit higher"; our reading, core.toml)."""
    d = d or rules()
    top = min(space_level, warrior_level) + d.conflict.levels_above
    return range(space_level, max(space_level, top) + 1)


def party_points(warrior_level: int, d: Rules | None = None) -> int:
    d = d or rules()
    return d.conflict.party_points_per_warrior_level * warrior_level


def fast_cost(level: int, d: Rules | None = None) -> int:
    d = d or rules()
    return d.abilities.fast_cost_per_level * level


def weakness_refund(mult: int, level: int, d: Rules | None = None) -> int:
    d = d or rules()
    return d.abilities.weakness_refund_per_level[str(mult)] * level


def minion_cost(minion_level: int, d: Rules | None = None) -> int:
    d = d or rules()
    return d.abilities.minion_cost_per_level * minion_level


def foe_spell_slots(foe: Foe, d: Rules | None = None) -> int:
    d = d or rules()
    return foe.max_mp // d.conflict.mp_per_spell


def attack_elements(w: Warrior, spell: str = "", d: Rules | None = None) -> set[str]:
    """The types an attack of the Warrior's is of: a weapon's and an offhand weapon's element
    for a blow, the attuned element for an attack spell, and fire while Dragon's Fire burns."""
    d = d or rules()
    if spell:
        out = {w.magic}
    else:
        out = {w.weapon.element if w.weapon else ""}
        if w.offhand is not None and w.offhand.offhand_as == "weapon":
            out.add(w.offhand.element)
    if w.fire:
        out.add(d.elements.fire_item)
    return out - {""}


def weakness_multiplier(foe: Foe, w: Warrior, spell: str = "", bared: bool = False,
                        d: Rules | None = None) -> int:
    """A Weakness multiplies damage from any weapon, item or spell of its type; once a proper
    Quest item has laid it bare, every attack counts against it."""
    if foe.weakness <= 1:
        return 1
    return foe.weakness if bared or foe.weak_to in attack_elements(w, spell, d) else 1


def proper_against(item: Item, element: str, d: Rules | None = None) -> bool:
    """Is this Quest item a proper answer to a Weakness of ``element``? (its words)"""
    d = d or rules()
    words = set(re.findall(r"[a-z']+", f"{item.name} {item.text}".lower()))
    return bool(words & ({element} | set(d.elements.words.get(element, ()))))
