"""The other side of the table plays for the story (STORY.md §5, the director): among legal moves
only, and from its own view, the Villain builds and fights for a real contest, springs optional
battles when the evening needs one, and the Ally's Party Member steps in when it matters.

* A Conflict's Level. The engine allows the space's Level or one higher ("the same level as The
  Warrior or a little bit higher": sheet.conflict_levels); the director takes the higher one
  when the fight would otherwise be a walkover (the Warrior's edge in points and hand over the
  card's), a Boss from a smaller edge (it is the peak); a win above the Warrior's Level pays
  double XP, as the text says.
* Point buy. A card's plan is fixed by its id (the same plan at every step): a Weakness often
  (its points back), to an element the Warrior does not wield, now and then to one a Quest item
  the Warrior holds answers (a story hook: the item lays it bare); Fast now and then; from Level 3
  a caster (10 MP and a spell: Heal or Hurt; a Boss two) about two times in five; the rest split
  between Attack (enough to get through the Warrior's armor), Defense (which Maneuvers bring
  back) and HP. Measured, not assumed: ``bench/dragon_warrior.py --director``.
* Optional battles. A forced space always gets its battle. Elsewhere the Villain weighs the
  evening: a cleared room rarely (about one in six), an area below the Warrior's Level now and
  then, a point of interest more often; all of it less when the Warrior is hurt (a peak is
  followed by relief, as Left 4 Dead's director paces its waves).
* Battle. Heal when low; Armor Regen or a Maneuver to rebuild Defense when the hand allows;
  a Conflict of Level 1-4 plays its last card as a Maneuver (the text: the last card of a hand
  maneuvered draws a new hand at once, so it meets the Warrior's next blow with cards to block);
  Hurt for an extra card the Warrior must block; attack with the card hardest to block while
  keeping one back; block what would cost HP with the cheapest card that holds.
* The Party Member flips when it cannot be knocked out by the flip, or when the Warrior is in
  trouble and the odds favour it; it always flips against an attack nobody blocked (a free help).
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from companion.core.game import Action
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import WARRIOR


# The plan's shares, tuned with bench/dragon_warrior.py --director (see the module's docstring)
# bands: a Conflict of Level 1-4 ("low") or 5 on ("high", its hand one card bigger), a Boss of
# Level 1-4 or 5 on (double points, and from Level 5 the bigger hand: it spends more on Defense,
# which holds only until the first blows land, so the peak stays winnable)
WEAK_P = {"low": 0.9, "high": 0.9, "boss": 0.8, "boss+": 0.5}  # a Weakness ...
# ... and how often it is x4 (the x4's extra points made Level 5-6 Conflicts and Level 4 Bosses
# too hard once the low Levels fought sharper and picked higher Levels)
X4_P = {"low": 0.9, "high": 0.1, "boss": 0.0, "boss+": 0.0}
ATK_SHARE = {"low": 0.55, "high": 0.55, "boss": 0.55, "boss+": 0.45}  # of the points after MP
DEF_SHARE = {"low": 0.0, "high": 0.0, "boss": 0.0, "boss+": 0.2}
# Fast, and a minion (from Level 2, up to half the master's Level): more often while a Conflict's
# points are few against the Warrior's (Levels 2-4), less once its hand grows (Level 5 on)
FAST_P = {"low": 0.7, "high": 0.25, "boss": 0.15, "boss+": 0.0}
MINION_P = {"low": 0.7, "high": 0.25, "boss": 0.1, "boss+": 0.0}
MINION_SHARE = {"low": 2, "high": 2, "boss": 2, "boss+": 2}  # a minion's Level at most 1/this


def band(d: dict) -> str:
    level = d.get("level", 1)
    if d.get("boss"):
        return "boss+" if level >= 5 else "boss"
    return "low" if level <= 4 else "high"


def _first(legal: Sequence[Action], *kinds: str) -> Action:
    for k in kinds:
        for a in legal:
            if a.kind == k:
                return a
    return legal[0]


def _roll(*parts) -> float:
    """A number in [0, 1) fixed by the parts (a card's plan holds across its build steps)."""
    h = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "big") / 2 ** 64


# -- point buy -------------------------------------------------------------------------------------
def _wielded(w: dict) -> set[str]:
    out = {w.get("magic", "")}
    for slot in ("weapon", "offhand"):
        item = w.get(slot) or {}
        out.add(item.get("element", ""))
    if any(i.get("kind") == "dragons-fire" for i in w.get("pouch", [])):
        out.add(rules().elements.fire_item)
    return out - {""}


def _answered(w: dict) -> list[str]:
    """Elements a Quest item the Warrior holds would lay bare."""
    import re

    words = set()
    for i in w.get("quest_items", []):
        words |= set(re.findall(r"[a-z']+", f"{i.get('name', '')} {i.get('text', '')}".lower()))
    return [el for el, ws in rules().elements.words.items() if words & ({el} | set(ws))]


# -- a Conflict's Level ----------------------------------------------------------------------------
# The text lets the Villain pick a Conflict "the same level as The Warrior or a little bit higher"
# (the engine lists the Levels it allows: sheet.conflict_levels). The director picks the higher one
# when the fight would otherwise be a walkover: the chance rises with the Warrior's edge over a
# card of the space's Level, from nothing at RAISE_FROM to certain RAISE_SPAN above it, but never
# into a bigger hand (Level 5, 10...). A Boss is the peak (its band is lower), so it is raised
# from a smaller edge.
RAISE_FROM = {"conflict": 1.5, "boss": 2.0}
PARTY_WEIGHT = 1.0
HELP_ODDS = 0.6  # the odds at which the Party Member flips on a blocked blow, the Warrior hale  # how much of a Party Member's points the Villain reckons with
RAISE_SPAN = {"conflict": 3.4, "boss": 1.3}


def edge(w: dict, level: int, boss: bool = False, party: dict | None = None) -> float:
    """The Warrior's edge over a card of ``level``, from the Villain's own view: the Warrior's
    points (stats over the base, HP as it stands now, the levels of its gear, and a Party
    Member's points beside it) over the card's points, times the Warrior's hand over the
    Villain's (more cards: more blocks and Criticals)."""
    d = rules()
    wr, c = d.warrior, d.conflict
    gear = sum((w.get(slot) or {}).get("level", 0) for slot in ("weapon", "armor"))
    gear += ((w.get("offhand") or {}).get("level", 0) + 1) // 2
    points = (w.get("str", 1) - wr.base_str) + (w.get("agi", 1) - wr.base_agi) + \
        (w.get("hp", 0) - wr.base_hp) / wr.hp_per_point + \
        (w.get("max_mp", 0) - wr.base_mp) / wr.mp_per_point + gear
    if party and party.get("hp", 0) > 0:  # a friend in the fight counts for what it holds
        points += PARTY_WEIGHT * ((party.get("atk", 1) - c.base_atk)
                                  + (party.get("max_def", 1) - c.base_def)
                                  + party["hp"] / c.hp_per_point)
    hand = c.hand_base + level // c.hand_per_levels
    return max(0.0, points) / max(1, sheet.conflict_points(level, boss=boss)) * \
        w.get("hand_size", hand) / hand


def raise_chance(w: dict, level: int, boss: bool = False, party: dict | None = None) -> float:
    """How likely the director picks a Level above ``level`` (the space's) for this Warrior."""
    kind = "boss" if boss else "conflict"
    c = rules().conflict
    if (level + 1) // c.hand_per_levels > level // c.hand_per_levels:
        return 0.0  # one Level more draws one card more there (Level 5, 10...): not "a little"
    return min(1.0, max(0.0, (edge(w, level, boss, party) - RAISE_FROM[kind])
                         / RAISE_SPAN[kind]))


def pick_level(view: dict, levels: Sequence[int], rng: random.Random, boss: bool = False) -> int:
    """Among the Levels the engine allows, the space's, or one higher against a walkover."""
    low = min(levels)
    if len(levels) > 1 and rng.random() < raise_chance(view.get("warrior") or {}, low, boss,
                                                       view.get("party")):
        return min(x for x in levels if x > low)
    return low


def build(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    kinds = {a.kind for a in legal}
    if "new" in kinds:
        news = [a for a in legal if a.kind == "new"]
        level = pick_level(view, [a.args["level"] for a in news], rng)
        by_id = {c["id"]: c for c in view.get("cards", [])}
        fields = [a for a in legal if a.kind == "field"
                  and by_id.get(a.args["card"], {}).get("level") == level]
        if fields and rng.random() < 0.3:
            return rng.choice(fields)
        return next(a for a in news if a.args["level"] == level)
    d = view.get("draft") or {}
    fid, level = card_key(view), d.get("level", 1)
    w = view.get("warrior") or {}
    if d.get("party"):
        return _party_stat(d, legal)
    if "stats" in kinds:  # the abilities, one at a time, then on to the stats
        b = band(d)
        if "weakness" in kinds and _roll(fid, "weak") < WEAK_P[b]:
            mult = 4 if _roll(fid, "x4") < X4_P[b] else 2
            hooks = [e for e in _answered(w) if e not in _wielded(w)]
            free = [e for e in rules().elements.names if e not in _wielded(w)]
            pool = hooks if hooks and _roll(fid, "hook") < 0.3 else free
            el = pool[int(_roll(fid, "el") * len(pool))] if pool else rules().elements.names[0]
            pick = [a for a in legal if a.kind == "weakness" and a.args == {"mult": mult,
                                                                           "element": el}]
            if pick:
                return pick[0]
        if "fast" in kinds and _roll(fid, "fast") < FAST_P[b]:
            return _first(legal, "fast")
        minions = [a for a in legal if a.kind == "minion" and MINION_SHARE[b] * a.args["level"] <= level]
        if minions and _roll(fid, "minion") < MINION_P[b]:
            return max(minions, key=lambda a: a.args["level"])
        return _first(legal, "stats")
    if "stat" in kinds:
        return _stat(d, w, legal, fid)
    if "spell" in kinds:
        return _spell(d, legal, fid)
    return legal[0]


def card_key(view: dict) -> str:
    """What fixes a card's plan: its id, its name, and how far the campaign has come."""
    d = view.get("draft") or {}
    return f"{d.get('id', '')}|{d.get('name', '')}|{view.get('battles', 0)}"


def caster_mp(d: dict, key: str = "") -> int:
    """The MP a card's plan buys: 10 (a spell) for about two casters in five from Level 3, 20
    (two spells) for a Boss caster from Level 4; none below Level 3."""
    level, fid = d.get("level", 1), key or d.get("id", "")
    if level < 3 or _roll(fid, "caster") >= (0.6 if d.get("boss") else 0.4):
        return 0
    return 20 if d.get("boss") and level >= 4 else 10


def _stat(d: dict, w: dict, legal: Sequence[Action], key: str) -> Action:
    c = rules().conflict
    atk, df = d.get("atk", 1) - c.base_atk, d.get("max_def", 1) - c.base_def
    hp, mp = (d.get("max_hp", 5) - c.base_hp) // c.hp_per_point, \
        (d.get("max_mp", 0) - c.base_mp) // c.mp_per_point
    total = atk + df + hp + mp + d.get("points", 0)
    want_mp = caster_mp(d, key) // c.mp_per_point
    if mp < want_mp and d.get("points", 0) >= want_mp - mp:
        stat = "mp"
    else:
        rest = total - want_mp
        # enough Attack to get through the Warrior's armor, then a share of the rest
        want_atk = min(rest, max(w.get("max_defense", 0) // 2, round(rest * ATK_SHARE[band(d)])))
        want_def = round(rest * DEF_SHARE[band(d)])
        if atk < want_atk:
            stat = "atk"
        elif df < want_def:
            stat = "def"
        else:
            stat = "hp"
    return next(a for a in legal if a.kind == "stat" and a.args["stat"] == stat)


def _party_stat(d: dict, legal: Sequence[Action]) -> Action:
    """The Party Member: HP first (it pays for its misses in HP), then Attack."""
    c = rules().conflict
    hp = (d.get("max_hp", 5) - c.base_hp) // c.hp_per_point
    atk = d.get("atk", 1) - c.base_atk
    stat = "hp" if hp <= atk else "atk"
    return next((a for a in legal if a.kind == "stat" and a.args["stat"] == stat), legal[0])


def _spell(d: dict, legal: Sequence[Action], key: str) -> Action:
    have = set(d.get("spells", []))
    order = ["heal", "hurt", "armor-regen"] if _roll(key, "heals") < 0.6 else \
        ["hurt", "heal", "armor-regen"]
    for sid in order:
        if sid not in have:
            pick = [a for a in legal if a.kind == "spell" and a.args["spell"] == sid]
            if pick:
                return pick[0]
    return legal[0]


# -- optional battles ------------------------------------------------------------------------------
def _boss(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    bosses = [a for a in legal if a.kind == "boss"]
    levels = [a.args["level"] for a in bosses if "level" in a.args and not a.args.get("lord")]
    if len(levels) < 2:
        return bosses[0]
    level = pick_level(view, levels, rng, boss=True)
    return next(a for a in bosses if a.args.get("level") == level)


def ambush(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    kinds = {a.kind for a in legal}
    here = next(p for p in view["places"] if p["id"] == view["here"])
    if "boss" in kinds:
        if "ambush" not in kinds:
            return _boss(view, legal, rng)
        rooms = [p for p in view["places"] if p.get("dungeon") == here.get("dungeon")
                 and p["kind"] == "room"]
        last = max(p["floor"] for p in rooms)
        on_floor = [p for p in rooms if p["floor"] == last]
        if here["floor"] == last and here["id"] == on_floor[-1]["id"]:
            return _boss(view, legal, rng)
    if "hold" not in kinds or view.get("forced"):
        return _first(legal, "ambush")  # the battle must come anyway
    w = view["warrior"]
    fresh = w["hp"] * 4 >= w["max_hp"] * 3
    if here["kind"] == "room":  # a cleared room: now and then something new has moved in
        chance = 0.2 if fresh else 0.05
    elif here["kind"] == "poi":
        chance = 0.6 if fresh else 0.25
    else:  # an area below the Warrior's Level
        chance = 0.35 if fresh else 0.1
    return _first(legal, "ambush") if rng.random() < chance else _first(legal, "hold")


# -- battle ------------------------------------------------------------------------------------------
def _fighter(view: dict, fid: str) -> dict:
    return next(f for f in view["battle"]["fighters"] if f["id"] == fid)


def _cards_of(a: Action) -> list[str]:
    if "slots" in a.args:
        return [c for s in a.args["slots"] for c in s]
    return list(a.args.get("cards", []))


def _rank_sum(a: Action) -> int:
    return sum(C.rank(c) for c in _cards_of(a))


def villain_battle(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    b = view["battle"]
    p = b.get("pending")
    kinds = {a.kind for a in legal}
    w = view["warrior"]
    if p is not None:  # the Warrior attacks or flees
        target = _fighter(view, p["target"]) if p["target"] != WARRIOR else None
        blocks = [a for a in legal if a.kind == "block"]
        crit = any(len(s) > 1 for s in p["slots"])
        dmg = w["attack"] + (w["agi"] if crit else 0)
        hurts = target is None or dmg > target["defense"] or p["kind"] == "run"
        if blocks and hurts:
            return min(blocks, key=_rank_sum)
        if "spellblock" in kinds and target is not None and \
                dmg >= target["hp"] + target["defense"]:
            return _first(legal, "spellblock")
        return _first(legal, "take")
    me = _fighter(view, b["turn"])
    hand = sorted(b.get("hand", []), key=C.rank)
    heals = [a for a in legal if a.kind == "cast" and a.args["spell"] in ("heal", "healmore")]
    if heals and me["hp"] * 2 < me["max_hp"]:
        return max(heals, key=_rank_sum)
    regen = [a for a in legal if a.kind == "cast" and a.args["spell"] == "armor-regen"]
    if regen and me["defense"] * 2 < me["max_def"] and me["max_def"] >= 3:
        return regen[0]
    if hand and me["defense"] * 2 < me["max_def"] and me["max_def"] >= 2 and len(hand) >= 2:
        mid = hand[len(hand) // 2 - 1] if len(hand) >= 3 else hand[0]
        return next(a for a in legal if a.kind == "maneuver" and a.args["cards"] == [mid])
    if band(me) == "low" and len(hand) == 1 and me["defense"] < me["max_def"]:
        # the last card: a new hand at once (below), and Defense back: never a move that
        # gains nothing while an attack is there to make
        return next(a for a in legal if a.kind == "maneuver" and a.args["cards"] == hand)
    hurts = [a for a in legal if a.kind == "cast" and a.args["spell"] in ("hurt", "hurtmore")]
    if hurts and w["defense"] < _fighter(view, b["turn"])["atk"] + 1:
        return max(hurts, key=_rank_sum)
    if hand:
        # the second-best card, keeping the best back to block; of two, the lower one
        card = hand[-2] if len(hand) >= 3 else hand[0]
        return next(a for a in legal if a.kind == "attack" and a.args["cards"] == [card])
    return legal[0]


def ally_flip(view: dict, legal: Sequence[Action]) -> Action:
    """The Party Member steps in when it matters, not at every blow (a friend who wins every
    exchange decides the fight for the Warrior; measured with bench/dragon_warrior.py --felt):

    * on the Warrior's blow that landed, only when its Attack would finish the foe the blow
      leaves standing;
    * on a blocked blow, when the odds favour the flip and a miss cannot knock it out, or when the
      Warrior is hurt and the odds are fair;
    * on the Villain's blow, when it would cost the Warrior much of what is left (the Warrior hurt,
      or the blow more than its Defense can take) and the odds are fair.
    """
    kinds = {a.kind for a in legal}
    if "flip" not in kinds:
        return legal[0]
    party = view.get("party") or {}
    b = view.get("battle") or {}
    p = b.get("pending") or {}
    w = view["warrior"]
    hurt = w["hp"] * 2 < w["max_hp"]
    if p.get("by") == WARRIOR:
        theirs = max((C.rank(c) for c in p.get("block", [])), default=0)
    else:
        theirs = max((C.rank(c) for s in p.get("slots", []) for c in s), default=0)
    help_odds = (13 - theirs) / 13
    worst = min(max(theirs - 1, 0), 10)  # a lower card costs its value: at most this much
    safe = party.get("hp", 0) > worst
    if p.get("by") == WARRIOR:
        target = next((f for f in b.get("fighters", []) if f["id"] == p.get("target")), None)
        if target is None:  # a flight: help only a Warrior in trouble
            return _first(legal, "flip" if hurt and safe and help_odds >= 0.45 else "hold")
        left = target["hp"] + target["defense"]
        if theirs == 0:  # the blow lands anyway: the friend's Attack only to finish the foe
            crit = any(len(s) > 1 for s in p.get("slots", []))
            dmg = w["attack"] + (w["agi"] if crit else 0)
            finish = dmg < left <= dmg + party.get("atk", 0)
            return _first(legal, "flip" if finish else "hold")
        if safe and (help_odds >= HELP_ODDS or (hurt and help_odds >= 0.45)):
            return _first(legal, "flip")
        return _first(legal, "hold")
    foe_atk = next((f["atk"] for f in b.get("fighters", []) if f["id"] == p.get("by")), 0)
    heavy = foe_atk - w["defense"] >= w["hp"] // 2 or foe_atk >= w["hp"] + w["defense"]
    if (hurt or heavy) and safe and help_odds >= 0.45:
        return _first(legal, "flip")
    return _first(legal, "hold")


__all__ = ["ally_flip", "ambush", "build", "caster_mp", "edge", "pick_level", "raise_chance",
           "villain_battle"]
