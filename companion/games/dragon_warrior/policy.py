"""The offline AI for every role, from the seat's view only.

The Villain's point buy, its optional battles and its fighting, and the Party Member's flips, are
the director's (``director.py``: a fight aimed at tension). The Ally offers one friend as a Party
Member and awards a token after a win; with three tokens the other side takes the Warrior at a
calm moment. Treasure lays out a town of three to five
houses, gives what the budget allows (healing first, equipment that beats what is worn), and rates
the Quest fairly. The Warrior (autoplay, or a swapped seat) stocks up, heads for the Quest's area,
fights every battle, heals when low, and turns the Quest in.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from companion.core.game import Action
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import director
from companion.games.dragon_warrior.model import ALLY, TREASURE, VILLAIN, WARRIOR

MAX_AUTOPLAY_BATTLES = 10  # the autoplayed Warrior calls it a night after this many battles
MAX_CAMPAIGN_BATTLES = 150  # ... or this many, when the session runs until a dungeon or a Level
# The Level at which the offline Warrior takes on the lord's lair, and before which the offline
# Ally gives no town a Quest for it: a town's Quest the Warrior cannot face held its town's last
# turn-in, so no voyage came and the campaign stood still (a Level 17 Warrior, a Level 30 lord).
# The text has a town's Quests done session by session "until..." the lord at the end.
LORD_READY = 25


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError(f"the {seat} has no legal action")
    phase = view.get("phase")
    swaps = [a for a in legal if a.kind == "swap"]
    legal = [a for a in legal if a.kind != "swap"] or list(legal)
    if swaps and phase in ("explore", "ambush", "scene") and rng.random() < 0.5:
        return swaps[0]  # three tokens held: take the Warrior, at a calm moment (the text)
    kinds = {a.kind for a in legal}
    if phase == "battle":
        if seat == WARRIOR:
            return _warrior_battle(view, legal, rng)
        if seat == VILLAIN:
            return director.villain_battle(view, legal, rng)
        return director.ally_flip(view, legal)
    if phase == "palette":
        return _palette(view, seat, legal)
    if phase == "questions":
        return _first(legal, "answer", "ask")
    if phase == "houses":
        home = view.get("home", "street")
        n = sum(1 for p in view["places"] if p["building"] == "house"
                and (p.get("parent") or "street") == home)
        want = 3 + rng.randrange(3)
        if "house" in kinds and n < want:
            return _first(legal, "house")
        shop = rng.random() < 0.5
        return next(a for a in legal if a.kind == "houses_done"
                    and a.args["equipment_shop"] == shop)
    if phase == "quest":  # a dungeon not yet cleared (not the lair), else the farthest area
        by_id = {p["id"]: p for p in view["places"]}
        legal = _not_the_lair_yet(view, legal) or list(legal)
        return max(legal, key=lambda a: (
            by_id[a.args["area"]]["kind"] == "dungeon" and not by_id[a.args["area"]].get("lair"),
            by_id[a.args["area"]]["level"], int(a.args["area"].split("-")[-1])))
    if phase == "pronouns":
        return rng.choice([a for a in legal if a.args.get("set") != "own"])
    if phase == "treasure":
        return _treasure(view, legal, rng)
    if phase == "found":
        return _found(view, legal)
    if phase == "explore":
        return _explore(view, legal, rng)
    if phase == "draw":
        return _draw(view, legal, rng)
    if phase == "judge":
        return _judge(view, legal)
    if phase == "scene":
        quests = _not_the_lair_yet(view, [a for a in legal if a.kind == "quest"])
        if quests:  # a Quest for the lord's lair waits until the Warrior is ready for it
            return quests[0]
        if "offer" in kinds and view.get("party") is None and rng.random() < 0.5:
            return _first(legal, "offer")
        return _first(legal, "speak")
    if phase == "join":
        return _first(legal, "accept")
    if phase == "ambush":
        return director.ambush(view, legal, rng)
    if phase == "build":
        return director.build(view, legal, rng)
    if phase == "level_up":
        return _level_up(view, legal)
    if phase == "award":
        return _first(legal, "award") if rng.random() < 0.6 else _first(legal, "pass")
    if phase == "rate":
        rating = 2 + rng.randrange(2)
        opts = [a for a in legal if a.args["rating"] == rating]
        return rng.choice(opts)
    return legal[0]


def _not_the_lair_yet(view: dict, legal: Sequence[Action]) -> list[Action]:
    """The Quests among ``legal`` to give, the lord's lair left out until the Warrior is ready
    for it (``LORD_READY``)."""
    lairs = {p["id"] for p in view["places"] if p.get("lair")}
    if view["warrior"]["level"] >= LORD_READY:
        return list(legal)
    return [a for a in legal if a.args.get("area") not in lairs]


def _first(legal: Sequence[Action], *kinds: str) -> Action:
    for k in kinds:
        for a in legal:
            if a.kind == k:
                return a
    return legal[0]


# -- session zero ---------------------------------------------------------------------------
def _palette(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    pal = view["palette"]
    if pal.get("passes"):
        return _first(legal, "done")
    if seat == TREASURE and len(pal["no"]) < 1:
        return _first(legal, "no")
    if seat == TREASURE and len(pal["yes"]) < 2:
        return _first(legal, "yes")
    if seat == WARRIOR and len(pal["yes"]) < 1:
        return _first(legal, "yes")
    return _first(legal, "done")


# -- treasure ------------------------------------------------------------------------------------
def _equipped_level(view: dict, slot: str) -> int:
    item = view["warrior"].get(slot)
    return item["level"] if item else 0


def _treasure(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    gives = [a for a in legal if a.kind == "give"]
    gift = view.get("gift", "")
    if gift == "chest":
        kinds = {a.args["kind"] for a in gives}
        if "healstuff" in kinds:
            return next(a for a in gives if a.args["kind"] == "healstuff")
        if "weapon" in kinds:
            pick = rng.choice(["weapon", "armor", "offhand"])
            opts = [a for a in gives if a.args["kind"] == pick]
            return rng.choice(opts)
        return gives[0]
    if gift.startswith("shop:") or not gives:
        return gives[0] if gives else legal[0]
    w = view["warrior"]
    left = view["gift_left"]
    if wanted_key(view) and any(a.args["kind"] == "quest" for a in gives):
        return next(a for a in gives if a.args["kind"] == "quest")
    if gift == "house" and rng.random() < 0.3:
        return _first(legal, "nothing")
    # equipment that beats what is worn, else healing that fits the pouch
    for slot in ("armor", "weapon"):
        if _equipped_level(view, slot) < left and rng.random() < 0.5:
            opts = [a for a in gives if a.args["kind"] == slot and a.args["level"] == left]
            if opts:
                return rng.choice(opts)
    room = w["pouch_capacity"] - w["pouch_used"]
    kind = "healstuff" if rng.random() < 0.7 else rng.choice(
        ["dragons-fire", "dragons-scale", "fairy-water", "wings"])
    level = max(1, min(left, room))
    opts = [a for a in gives if a.args["kind"] == kind and a.args["level"] == level]
    return opts[0] if opts else gives[0]


def wanted_key(view: dict) -> str:
    """The Obstacle of a barred dungeon that no Quest item the Warrior holds would get past."""
    from companion.games.dragon_warrior.dungeon import fits

    held = [f"{i['name']} {i.get('text', '')}" for i in view["warrior"]["quest_items"]]
    for p in view["places"]:
        if p["kind"] == "dungeon" and not p.get("opened") and p.get("obstacle") and \
                not any(fits(p["obstacle"], h, "") for h in held):
            return p["obstacle"]
    return ""


def _found(view: dict, legal: Sequence[Action]) -> Action:
    item = view["found"]
    kinds = {a.kind for a in legal}
    if item["kind"] in ("weapon", "armor"):
        better = _equipped_level(view, item["kind"]) < item["level"]
        return _first(legal, "take" if better else "leave")
    if item["kind"] == "offhand":
        better = _equipped_level(view, "offhand") < item["level"]
        return _first(legal, "take" if better else "leave")
    if "take" in kinds:
        return _first(legal, "take")
    return _first(legal, "leave")


# -- the Warrior on the map --------------------------------------------------------------------------
def _path(view: dict, start: str, goal: str) -> list[str]:
    links = {p["id"]: p["links"] for p in view["places"]}
    prev = {start: ""}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            break
        for nxt in links.get(here, []):
            if nxt not in prev:
                prev[nxt] = here
                todo.append(nxt)
    if goal not in prev:
        return []
    out = [goal]
    while prev[out[-1]] and prev[out[-1]] != start:
        out.append(prev[out[-1]])
    return list(reversed(out))


def _in_home(view: dict, building: str) -> str:
    """The id of a building of the home town ("inn" in the first town)."""
    home = view.get("home", "street")
    return building if home == "street" else f"{home}-{building}"


def _go(view: dict, legal: Sequence[Action], goal: str) -> Action | None:
    if view["here"] == goal:
        return None
    path = _path(view, view["here"], goal)
    for a in legal:
        if a.kind == "go" and path and a.args["to"] == path[0]:
            return a
    return None


def _explore(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    w = view["warrior"]
    kinds = {a.kind for a in legal}
    by = {a.kind: a for a in legal}
    here = next(p for p in view["places"] if p["id"] == view["here"])
    if view.get("session_battles", view["battles"]) >= (
            MAX_CAMPAIGN_BATTLES if view.get("until") else MAX_AUTOPLAY_BATTLES):
        return by["end"]
    if "turn_in" in kinds:
        return by["turn_in"]
    if "award" in kinds and view["battles"] and rng.random() < 0.1:
        return by["award"]  # the Warrior's player rewards the other side's cool play
    if w["hp"] * 2 < w["max_hp"]:
        heals = [a for a in legal if a.kind == "use" and a.args.get("target") == WARRIOR]
        if heals:
            return heals[0]
        casts = [a for a in legal if a.kind == "cast" and a.args.get("target") == WARRIOR]
        if casts:
            return casts[0]
    if "fight" in kinds and view["forced"]:
        return by["fight"]
    quest = next((q for q in view["quests"] if q["done"] and not q["turned_in"]), None)
    if quest:
        step = _go(view, legal, quest["giver"])
        if step:
            return step
    if here["kind"] in ("room", "dungeon", "poi") and w["hp"] * 2 < w["max_hp"]:
        step = _go(view, legal, _in_home(view, "inn"))  # no healing left: back to the inn
        if step:
            return step
    if here["kind"] in ("building", "street"):
        if w["hp"] < w["max_hp"] and "rest" in kinds:
            return by["rest"]
        if w["hp"] * 4 < w["max_hp"] * 3 and view["battles"]:
            step = _go(view, legal, _in_home(view, "inn"))
            if step:
                return step
        if "talk" in kinds and rng.random() < 0.4:
            return by["talk"]
        if "search" in kinds:
            return by["search"]
        if "buy" in kinds and w["pouch_used"] * 2 < w["pouch_capacity"]:
            heal = [a for a in legal if a.kind == "buy" and a.args["kind"] == "healstuff"]
            return heal[0] if heal else next(a for a in legal if a.kind == "buy")
        if w["pouch_used"] * 2 < w["pouch_capacity"] and (not view["battles"]
                                                          or view.get("until")):
            step = _go(view, legal, _in_home(view, "item-shop"))
            if step:
                return step
        unsearched = [p["id"] for p in view["places"]
                      if p["building"] == "house" and not p["searched"]]
        if unsearched and not view["battles"] and rng.random() < 0.5:
            step = _go(view, legal, unsearched[0])
            if step:
                return step
    lairs = {p["id"] for p in view["places"] if p.get("lair")} if w["level"] < LORD_READY \
        else set()
    quest = next((q for q in view["quests"] if not q["done"] and q["area"] not in lairs), None)
    if quest:
        step = _seek(view, legal, quest["area"])
        if step:
            return step
    if view.get("until") == "dungeon" or (view.get("until") and not quest):
        step = _campaign(view, legal)
        if step:
            return step
    if quest and (quest["area"].startswith("area") or quest["area"] == view["here"]):
        if "fight" in kinds:  # the Quest's place, quiet: the Warrior starts the battle
            return by["fight"]
        back = _go(view, legal, "area-1")
        if back:
            return back
    return by["end"]


def _seek(view: dict, legal: Sequence[Action], target: str) -> Action | None:
    """A step towards a Quest's place; inside a dungeon, towards its Boss."""
    kind = next((p["kind"] for p in view["places"] if p["id"] == target), "")
    if kind == "dungeon":
        return _delve(view, legal, target)
    return _go(view, legal, target)


def _campaign(view: dict, legal: Sequence[Action]) -> Action | None:
    """No Quest open: the first dungeon not yet cleared, else the frontier of the map."""
    w = view["warrior"]
    for p in view["places"]:  # (the lord's lair waits until the Warrior is nearly Level 30)
        if p["kind"] == "dungeon" and not p.get("cleared") and \
                (not p.get("lair") or w["level"] >= LORD_READY):
            step = _delve(view, legal, p["id"])
            if step:
                return step
    areas = [p for p in view["places"] if p["kind"] == "area"]
    frontier = max(areas, key=lambda p: (p["level"] <= w["level"] + 1, p["level"]), default=None)
    if frontier is None:
        return None
    if view["here"] == frontier["id"]:
        return _first(legal, "fight") if any(a.kind == "fight" for a in legal) else \
            _go(view, legal, _in_home(view, "inn"))
    return _go(view, legal, frontier["id"])


def _delve(view: dict, legal: Sequence[Action], did: str) -> Action | None:
    """Into the dungeon: through the Obstacle, to the nearest room not yet cleared, down the
    stairs once a floor is done."""
    by_id = {p["id"]: p for p in view["places"]}
    here = by_id.get(view["here"], {})
    entrance = by_id[did]
    if here.get("id") == did and not entrance.get("opened"):
        tries = [a for a in legal if a.kind == "unlock"]
        return tries[0] if tries else None
    if here.get("kind") != "room" or here.get("dungeon") != did:
        return _go(view, legal, did) if view["here"] != did else \
            _go(view, legal, f"{did}-1-1")
    goal = _nearest(view, view["here"], lambda p: p.get("dungeon") == did and p["kind"] == "room"
                    and not p.get("cleared"))
    if goal:
        return _go(view, legal, goal)
    return None


def _nearest(view: dict, start: str, want) -> str:
    by_id = {p["id"]: p for p in view["places"]}
    seen, todo = {start}, deque([start])
    while todo:
        here = todo.popleft()
        p = by_id.get(here)
        if p is not None and here != start and want(p):
            return here
        for nxt in (p or {}).get("links", []):
            if nxt not in seen and nxt in by_id:
                seen.add(nxt)
                todo.append(nxt)
    return ""


# -- Treasure draws the world, the Villain brings the Boss ---------------------------------------------
def _draw(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    here = next(p for p in view["places"] if p["id"] == view["here"])
    kinds = {a.kind for a in legal}
    dungeons = [p for p in view["places"] if p["kind"] == "dungeon"]
    if "lair" in kinds:
        return _first(legal, "lair")
    if "dungeon" in kinds and not [d for d in dungeons if not d.get("cleared")]:
        sizes = [a for a in legal if a.kind == "dungeon"]
        small = [a for a in sizes if a.args["floors"] == 2 and a.args["rooms"] == 3]
        return small[0] if small else rng.choice(sizes)
    areas = [p for p in view["places"] if p["kind"] == "area"]
    top = max(p["level"] for p in areas)
    children = [p for p in areas if p.get("parent") == here["id"]]
    if "area" in kinds and here["level"] == top and not children:
        return _first(legal, "area")
    pois = [p for p in view["places"] if p["kind"] == "poi" and p.get("parent") == here["id"]]
    if "poi" in kinds and not pois and rng.random() < 0.4:
        return _first(legal, "poi")
    return _first(legal, "drawn")


def _judge(view: dict, legal: Sequence[Action]) -> Action:
    from companion.games.dragon_warrior.dungeon import fits

    at = view.get("attempt") or {}
    here = next(p for p in view["places"] if p["id"] == view["here"])
    item = next((i for i in view["warrior"]["quest_items"] if i["id"] == at.get("item")), {})
    ok = fits(here.get("obstacle", ""), f"{item.get('name', '')} {item.get('text', '')}",
              at.get("how", ""))
    return _first(legal, "fits" if ok else "refuse")


# -- levelling -------------------------------------------------------------------------------------
def _level_up(view: dict, legal: Sequence[Action]) -> Action:
    if legal[0].kind == "party_raise":
        return legal[0]
    w = view["warrior"]
    want = {"str": 1, "agi": 0, "hp": 1, "mp": 0} if w["agi"] >= 4 else \
        {"str": 0, "agi": 1, "hp": 1, "mp": 0}
    for a in legal:
        if a.args == want:
            return a
    return legal[0]


# -- battle ------------------------------------------------------------------------------------------
def _battle(view: dict) -> dict:
    return view["battle"]


def _fighter(view: dict, fid: str) -> dict:
    return next(f for f in _battle(view)["fighters"] if f["id"] == fid)


def _cards_of(a: Action) -> list[str]:
    if "slots" in a.args:
        return [c for s in a.args["slots"] for c in s]
    return list(a.args.get("cards", []))


def _rank_sum(a: Action) -> int:
    return sum(C.rank(c) for c in _cards_of(a))


def _warrior_battle(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    b = _battle(view)
    w = view["warrior"]
    p = b.get("pending")
    kinds = {a.kind for a in legal}
    if p is not None:  # defending
        foe = _fighter(view, p["by"])
        blocks = [a for a in legal if a.kind == "block"]
        would_hurt = foe["atk"] > w["defense"]
        if blocks and would_hurt:
            return min(blocks, key=_rank_sum)
        if "spellblock" in kinds and foe["atk"] >= w["hp"]:
            return _first(legal, "spellblock")
        return _first(legal, "take")
    master = _fighter(view, b["foe"])
    party = view.get("party") or {}
    if party and party.get("hp", 0) * 3 < party.get("max_hp", 1) and w["hp"] * 2 >= w["max_hp"]:
        mend = [a for a in legal if a.kind in ("use", "cast") and a.args.get("target") == "party"
                and "slots" in a.args and not a.args.get("token")]
        if mend:  # the Party Member is nearly done and the Warrior is not: heal the friend
            return max(mend, key=_rank_sum)
    if w["hp"] <= max(3, master["atk"]) and w["hp"] * 3 < w["max_hp"]:
        heals = [a for a in legal if a.kind in ("use", "cast") and a.args.get("target") == WARRIOR
                 and ("slots" in a.args)]
        if heals:
            return max(heals, key=_rank_sum)
    if w["defense"] * 2 < w["max_defense"] and w["hp"] * 2 < w["max_hp"]:
        man = [a for a in legal if a.kind == "maneuver" and not a.args.get("token")]
        if man:
            return max(man, key=_rank_sum)
    attacks = [a for a in legal if a.kind in ("attack", "cast")
               and a.args.get("target") == b["foe"] and not a.args.get("token")
               and (a.kind == "attack" or a.args.get("spell") in ("hurt", "hurtmore"))]
    if b.get("minion") and rng.random() < 0.3:
        attacks = [a for a in legal if a.kind == "attack" and a.args.get("target") == b["minion"]
                   and not a.args.get("token")] or attacks
    if not attacks:
        return legal[0]
    crits = [a for a in attacks if any(len(s) > 1 for s in a.args["slots"])]
    if crits:
        return max(crits, key=_rank_sum)
    spells = [a for a in attacks if a.kind == "cast"]
    if spells and rng.random() < 0.5:
        return max(spells, key=_rank_sum)
    hand = sorted(b["hand"], key=C.rank)
    singles = [a for a in attacks if a.kind == "attack" and len(a.args["slots"]) == 1]
    if len(hand) >= 3:  # attack with the second-best card; keep the best to block with
        target_card = hand[-2]
    else:
        target_card = hand[-1]
    for a in singles:
        if a.args["slots"][0] == [target_card]:
            return a
    return singles[0] if singles else attacks[0]


__all__ = ["choose", "ALLY"]
