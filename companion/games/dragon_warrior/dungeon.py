"""The world beyond the first town (GAMES.md §4, the text's Locations, Dungeons and Bosses):
Treasure draws what an area holds the first time the Warrior walks in (a dungeon, points of
interest, the next area out), dungeon entrances barred by an Obstacle only a Quest item gets past,
Floors of Rooms, the stairs, the Boss, and the dungeon spells Radiant, Outside and Return.

Readings of the text (each tested):

* An area is drawn once, when the Warrior first walks in ("while The Warrior is exploring the
  first Area, Treasure should draw an entrance to a Dungeon"); a new area borders the one it grows
  from and is one Level higher, so Levels rise outward and neighbours differ by one.
* A dungeon is laid out when it is drawn: Treasure picks 2-3 floors and 2-5 rooms a floor (5-10
  rooms in all). A floor's rooms run along a winding corridor three rooms wide; rooms side by side
  are joined. The stairs down are in the last room of each floor's corridor: they appear on the map
  when that room is cleared, or when Radiant lights the floor. Room k of floor f is Level
  area + f - 1.
* The entrance is a doorway, not a battlefield: no battle there. The Warrior offers a Quest item
  (held, not yet turned down for this Obstacle) and says how; Treasure judges whether it fits.
  A Quest item that gets the Warrior past is spent (it has been essential, as the text promises).
* Every room not yet cleared forces a battle before the Warrior leaves it; a won battle clears it
  (X). Running away counts as the battle but leaves the room uncleared. After a room's first won
  battle its one treasure is given (the $ mark), whatever Treasure puts down.
* The Villain may bring the Boss into any uncleared room; once every other room is cleared, the
  last one holds the Boss. A Boss that was run from waits at full strength. Beating it clears the
  dungeon: every room and the entrance become part of a town (no forced battles, no Villain
  battles, a room whose treasure was never found may be searched).
* Radiant lights every room of the floor and its stairs; Outside takes the Warrior from any room
  to the dungeon's entrance; Return flies the Warrior to any town visited (the first town's
  streets, or the entrance of a cleared dungeon).
"""
from __future__ import annotations

import re

from companion.core.game import Action, Event
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.build import new_draft, split_text
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import TREASURE, VILLAIN, WARRIOR, Phase, Place, State
from companion.games.dragon_warrior.space import after_arrival, enter, link, place, see_around, set_place

COLUMNS = 3  # rooms across a floor's corridor before it turns


# -- the layout ------------------------------------------------------------------------------------
def room_id(did: str, floor: int, k: int) -> str:
    return f"{did}-{floor}-{k}"


def grid_pos(k: int) -> tuple[int, int]:
    """Room k (from 1) on a corridor that winds three rooms wide: (column, row)."""
    row, col = divmod(k - 1, COLUMNS)
    return (col if row % 2 == 0 else COLUMNS - 1 - col, row)


def layout(did: str, floors: int, rooms: int, level: int, area: str) -> tuple[Place, ...]:
    """The entrance and every room, unnamed and unseen; rooms next to each other are joined; the
    last room of each floor but the last holds the stairs to the next floor's first room."""
    out = []
    for f in range(1, floors + 1):
        spots = {grid_pos(k): k for k in range(1, rooms + 1)}
        for k in range(1, rooms + 1):
            x, y = grid_pos(k)
            links = [room_id(did, f, spots[(x + dx, y + dy)])
                     for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if (x + dx, y + dy) in spots]
            if f == 1 and k == 1:
                links.insert(0, did)
            out.append(Place(
                id=room_id(did, f, k), kind="room", name=f"room {k} on floor {f}",
                level=level + f - 1, dungeon=did, floor=f, pos=(x, y), links=tuple(links),
                stairs=room_id(did, f + 1, 1) if k == rooms and f < floors else ""))
    return tuple(out)


def rooms_of(s: State, did: str, floor: int = 0) -> list[Place]:
    return [p for p in s.places if p.kind == "room" and p.dungeon == did
            and (not floor or p.floor == floor)]


def layouts() -> list[tuple[int, int]]:
    d = rules().dungeon
    lo, hi = d.rooms_per_floor
    return [(f, r) for f in range(d.floors[0], d.floors[1] + 1) for r in range(lo, hi + 1)
            if d.min_rooms <= f * r <= d.max_rooms]


# -- Treasure draws an area ------------------------------------------------------------------------------
def _count(s: State, kind: str, parent: str) -> int:
    return sum(1 for p in s.places if p.kind == kind and p.parent == parent)


def draw_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    here = place(s, s.here)
    o = rules().outdoors
    acts = [Action(seat=seat, kind="drawn")]
    if _count(s, "dungeon", here.id) < o.dungeons_per_area:
        acts += [Action(seat=seat, kind="dungeon", args={"floors": f, "rooms": r},
                        ask="Name the dungeon and say what its entrance looks like",
                        optional_text=False) for f, r in layouts()]
    if _count(s, "poi", here.id) < o.pois_per_area:
        acts.append(Action(seat=seat, kind="poi", optional_text=False,
                           ask="Name the point of interest (Name: what it is like)"))
    if here.level >= rules().lord.lair_area_level and not any(p.lair for p in s.places):
        acts.append(Action(seat=seat, kind="lair", optional_text=False,
                           ask=f"Where does the {s.warrior.adjective.lower()} lord wait? (Name: "
                               "what its gate looks like)"))
    areas = sum(1 for p in s.places if p.kind == "area")
    grown = sum(1 for p in s.places if p.kind == "area" and p.parent == here.id)
    if areas < o.max_areas and grown < o.areas_per_area and here.level < rules().xp.max_level:
        acts.append(Action(seat=seat, kind="area", args={"level": here.level + 1},
                           optional_text=False, ask=f"Name the Level {here.level + 1} area "
                                                    "beyond this one"))
    return acts


def apply_draw(s: State, a: Action) -> tuple[State, list[Event]]:
    here = place(s, s.here)
    name, look = split_text(a.text)
    if a.kind == "drawn":
        s = set_place(s, here.id, drawn=True)
        return after_arrival(s, [])
    if a.kind == "area":
        n = sum(1 for p in s.places if p.kind == "area") + 1
        aid = f"area-{n}"
        new = Place(id=aid, kind="area", name=name, text=look, level=a.args["level"],
                    parent=here.id, links=(here.id,))
        s = link(s.model_copy(update={"places": s.places + (new,)}), here.id, aid)
        return s, [Event(kind="area_drawn", data={"id": aid, "name": name, "level": new.level,
                                                  "from": here.id})]
    if a.kind == "poi":
        pid = f"poi-{sum(1 for p in s.places if p.kind == 'poi') + 1}"
        new = Place(id=pid, kind="poi", name=name, text=look, level=here.level, parent=here.id,
                    links=(here.id,))
        s = link(s.model_copy(update={"places": s.places + (new,)}), here.id, pid)
        return s, [Event(kind="poi_drawn", data={"id": pid, "name": name, "text": look,
                                                 "area": here.name})]
    did = f"dungeon-{sum(1 for p in s.places if p.kind == 'dungeon') + 1}"
    floors, rooms = (3, 3) if a.kind == "lair" else (a.args["floors"], a.args["rooms"])
    entrance = Place(id=did, kind="dungeon", name=name, text=look, level=here.level,
                     parent=here.id, dungeon=did, links=(here.id,), lair=a.kind == "lair")
    s = s.model_copy(update={"places": s.places + (entrance,)
                             + layout(did, floors, rooms, here.level, here.id),
                             "phase": Phase.OBSTACLE})
    s = link(s, here.id, did)
    return s, [Event(kind="dungeon_drawn", data={
        "id": did, "name": name, "text": look, "floors": floors, "rooms": rooms,
        "area": here.name, "level": here.level})]


def obstacle_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    return [Action(seat=seat, kind="obstacle", optional_text=False,
                   ask="What bars the entrance? Only a Quest item will get the Warrior past it")]


def apply_obstacle(s: State, a: Action) -> tuple[State, list[Event]]:
    did = _newest_dungeon(s)
    text = " ".join(a.text.split())
    s = set_place(s, did, obstacle=text).model_copy(update={"phase": Phase.DRAW})
    return s, [Event(kind="obstacle_made", data={"dungeon": did, "name": place(s, did).name,
                                                 "text": text})]


def _newest_dungeon(s: State) -> str:
    return [p.id for p in s.places if p.kind == "dungeon"][-1]


# -- the Obstacle ------------------------------------------------------------------------------------
def unlock_actions(s: State) -> list[Action]:
    here = place(s, s.here)
    if here.kind != "dungeon" or here.opened:
        return []
    return [Action(seat=WARRIOR, kind="unlock", args={"item": i.id}, optional_text=True,
                   ask="How does the Warrior use it?")
            for i in s.warrior.quest_items if i.id not in here.tried]


def apply_unlock(s: State, a: Action) -> tuple[State, list[Event]]:
    item = next(i for i in s.warrior.quest_items if i.id == a.args["item"])
    how = " ".join(a.text.split())
    s = s.model_copy(update={"attempt": (item.id, how), "phase": Phase.JUDGE})
    return s, [Event(kind="unlock_tried", data={"item": item.name, "how": how,
                                                "obstacle": place(s, s.here).obstacle})]


def judge_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    return [Action(seat=seat, kind="fits"), Action(seat=seat, kind="refuse")]


def apply_judge(s: State, a: Action) -> tuple[State, list[Event]]:
    iid, how = s.attempt
    here = place(s, s.here)
    item = next(i for i in s.warrior.quest_items if i.id == iid)
    s = s.model_copy(update={"attempt": ("", ""), "phase": Phase.EXPLORE})
    if a.kind == "refuse":
        s = set_place(s, here.id, tried=here.tried + (iid,))
        return s, [Event(kind="obstacle_holds", data={"item": item.name, "how": how,
                                                      "obstacle": here.obstacle})]
    first = room_id(here.id, 1, 1)
    s = set_place(s, here.id, opened=True, links=here.links + (first,))
    s = set_place(s, first, seen=True)
    w = s.warrior
    s = s.model_copy(update={"warrior": w.model_copy(update={
        "quest_items": tuple(i for i in w.quest_items if i.id != iid)})})
    return s, [Event(kind="obstacle_passed", data={"item": item.name, "how": how,
                                                   "obstacle": here.obstacle,
                                                   "dungeon": here.name})]


# -- fit, judged offline by tags ----------------------------------------------------------------------
def tags(text: str) -> set[str]:
    words = set(re.findall(r"[a-z']+", text.lower()))
    return {tag for tag, ws in rules().world.tags.items() if words & set(ws)}


def obstacle_tags(text: str) -> set[str]:
    for o in rules().world.obstacles:
        if o.text == text:
            return set(o.tags)
    return tags(text)


def fits(obstacle: str, item_text: str, how: str) -> bool:
    """Does this item, used this way, plausibly get past this Obstacle? (shared tags)"""
    return bool(obstacle_tags(obstacle) & (tags(item_text) | tags(how)))


# -- rooms ---------------------------------------------------------------------------------------------
def room_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    return [Action(seat=seat, kind="room", optional_text=False,
                   ask="Name this room and describe it (Name: what it is like)")]


def apply_room(s: State, a: Action) -> tuple[State, list[Event]]:
    name, look = split_text(a.text)
    s = set_place(s, s.here, name=name, text=look, named=True)
    p = place(s, s.here)
    return after_arrival(s, [Event(kind="room_described", data={
        "place": s.here, "name": name, "text": look, "floor": p.floor, "level": p.level,
        "forced": s.forced})])


def find_stairs(s: State, pid: str) -> tuple[State, list[Event]]:
    p = place(s, pid)
    if not p.stairs or p.stairs_found:
        return s, []
    s = set_place(s, pid, stairs_found=True)
    s = link(link(s, pid, p.stairs), p.stairs, pid)
    s = set_place(s, p.stairs, seen=True)
    return s, [Event(kind="stairs_found", data={"place": pid, "name": p.name,
                                                "floor": p.floor + 1})]


def last_room_left(s: State, p: Place) -> bool:
    """Is this the only room of its dungeon not yet cleared?"""
    return p.kind == "room" and all(r.cleared or r.id == p.id for r in rooms_of(s, p.dungeon))


def boss_actions(s: State) -> list[Action]:
    """The Villain's Boss in this room: a new one, or the one the Warrior ran from."""
    here = place(s, s.here)
    if here.kind != "room" or here.safe or here.cleared:
        return []
    entrance = place(s, here.dungeon)
    if entrance.lair:  # the lord waits in the lair's last room
        if not last_room_left(s, here):
            return []
        return [Action(seat=VILLAIN, kind="boss", args={"card": entrance.boss_card})] \
            if entrance.boss_card else [Action(seat=VILLAIN, kind="boss", args={
                "level": rules().lord.level, "lord": True}, optional_text=False,
                ask="What does the lord look like, at last?")]
    if entrance.boss_met:
        return [Action(seat=VILLAIN, kind="boss", args={"card": entrance.boss_card})] \
            if entrance.boss_card else []
    return [Action(seat=VILLAIN, kind="boss", args={"level": level}, optional_text=False,
                   ask="Name the Boss and say what it looks like")
            for level in sheet.conflict_levels(here.level, s.warrior.level)]


def apply_boss(s: State, a: Action) -> tuple[State, list[Event]]:
    from companion.games.dragon_warrior import battle

    here = place(s, s.here)
    ev = [Event(kind="battle_called", data={"by": VILLAIN, "place": s.here, "boss": True})]
    s = s.model_copy(update={"ambushed": True})
    if "card" in a.args:
        s, more = battle.start(s, battle.foe(s, a.args["card"]))  # back at full strength
        return s, ev + more
    text = f"the {s.warrior.adjective.lower()} lord: {a.text}" if a.args.get("lord") else a.text
    s = new_draft(s, a.args["level"], "battle", text, boss=True)
    s = set_place(s, here.dungeon, boss_met=True, boss_card=s.draft.foe.id)
    return s.model_copy(update={"phase": Phase.BUILD}), ev


def clear_dungeon(s: State, did: str) -> tuple[State, list[Event]]:
    """The Boss is beaten: the dungeon is safe, and becomes a town."""
    s = s.model_copy(update={"places": tuple(
        p.model_copy(update={"safe": True, **({"cleared": True} if p.id == did else {})})
        if p.dungeon == did else p for p in s.places)})
    events = [Event(kind="dungeon_cleared", data={"dungeon": did, "name": place(s, did).name})]
    if place(s, did).lair:
        events.append(Event(kind="ball_of_light", data={"lord": s.warrior.adjective}))
    return s, events


# -- spells of the dungeon and the road -----------------------------------------------------------------
def towns_visited(s: State) -> list[str]:
    return [p.id for p in s.places if p.kind == "street" or (p.kind == "dungeon" and p.cleared)]


def spell_actions(s: State, sid: str) -> list[Action]:
    here = place(s, s.here)
    if sid == "radiant" and here.kind == "room":
        dark = [r for r in rooms_of(s, here.dungeon, here.floor)
                if not r.seen or (r.stairs and not r.stairs_found)]
        return [Action(seat=WARRIOR, kind="cast", args={"spell": sid})] if dark else []
    if sid == "outside" and here.kind == "room":
        return [Action(seat=WARRIOR, kind="cast", args={"spell": sid})]
    if sid == "return":
        return [Action(seat=WARRIOR, kind="cast", args={"spell": sid, "to": t})
                for t in towns_visited(s) if t != s.here]
    return []


def apply_spell(s: State, a: Action) -> tuple[State, list[Event]]:
    sid = a.args["spell"]
    here = place(s, s.here)
    ev = [Event(kind="spell_cast", data={"who": WARRIOR, "spell": sid})]
    if sid == "radiant":
        floor = rooms_of(s, here.dungeon, here.floor)
        s = s.model_copy(update={"places": tuple(
            p.model_copy(update={"seen": True}) if p in floor else p for p in s.places)})
        for r in floor:
            if r.stairs:
                s, more = find_stairs(s, r.id)
                ev += more
        return s, ev
    if sid == "outside":
        s, more = enter(s, here.dungeon)
        return s, ev + more
    s, more = enter(s, a.args["to"])
    return s, ev + more
