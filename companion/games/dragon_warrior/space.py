"""The ground of the map: Spaces and moving between them. Which place is which, the towns they
belong to, small updates of the state (the Warrior's sheet, a place, a link between two places),
what a Space forces on entry, and entering one (GAMES.md §4, "Locations"). Everything above it
(world, dungeon, explore) moves the Warrior through here."""
from __future__ import annotations

from companion.core.game import Event
from companion.games.dragon_warrior.model import Phase, Place, Quest, State


def place(s: State, pid: str) -> Place:
    return next(p for p in s.places if p.id == pid)


def in_town(p: Place) -> bool:
    """Town spaces: buildings, the streets, and every room of a dungeon whose Boss is beaten."""
    return p.kind in ("building", "street") or p.safe


def bid(street: str, name: str) -> str:
    """A building's id in the town whose street is ``street`` (the first town's keep their
    plain ids: "inn", "house-2")."""
    return name if street == "street" else f"{street}-{name}"


def town_of(s: State, pid: str) -> str:
    """The street of the town a space belongs to; outside any town, the home town's."""
    p = next((x for x in s.places if x.id == pid), None)
    if p is not None and p.kind == "street":
        return p.id
    if p is not None and p.kind == "building":
        return p.parent or "street"
    return s.home


def streets(s: State) -> list[Place]:
    return [p for p in s.places if p.kind == "street"]


def home_quests(s: State) -> list[Quest]:
    """The Quests given in the home town (the session ends when the last is turned in)."""
    return [q for q in s.quests if town_of(s, q.giver) == s.home]


def town_level(s: State) -> int:
    """The Level of the town the Warrior stands in (or of the home town, outside one)."""
    if not s.places:
        return 1
    return place(s, town_of(s, s.here)).level


def with_warrior(s: State, **kw) -> State:
    return s.model_copy(update={"warrior": s.warrior.model_copy(update=kw)})


# -- session zero ------------------------------------------------------------------------------
def link(s: State, a: str, b: str) -> State:
    places = tuple(p.model_copy(update={"links": p.links + (b,)}) if p.id == a and b not in p.links
                   else p for p in s.places)
    return s.model_copy(update={"places": places})


def set_place(s: State, pid: str, **kw) -> State:
    return s.model_copy(update={"places": tuple(p.model_copy(update=kw) if p.id == pid else p
                                                for p in s.places)})


def see_around(s: State, pid: str) -> State:
    p = place(s, pid)
    near = {pid} | {x for x in p.links if x.startswith(p.dungeon + "-")}
    return s.model_copy(update={"places": tuple(
        q.model_copy(update={"seen": True}) if q.id in near and not q.seen else q
        for q in s.places)})



def searchable(p) -> bool:
    """Where the Warrior may search: a house, a point of interest, a room of a cleared dungeon;
    each only while its treasure has not been found (the $ mark)."""
    return not p.searched and (p.building == "house" or p.kind == "poi"
                               or (p.kind == "room" and p.safe))


def forces_battle(s: State, p) -> bool:
    """Entering an Area at or below its Level, or a dungeon room not yet cleared, forces a
    battle before the Warrior may leave; towns, points of interest and entrances never do."""
    if p.kind == "area":
        return s.warrior.level <= p.level
    return p.kind == "room" and not p.cleared and not p.safe


def enter(s: State, pid: str) -> tuple[State, list[Event]]:
    """Moving into a Space: a fresh scene and battle; forced battles where the rules say so;
    Treasure draws a new area or room; outside town the Villain may spring a battle."""
    p = place(s, pid)
    forced = forces_battle(s, p)
    walked = p.kind == "street" and p.seen  # the streets again: a walk, not a new scene
    if p.kind == "street" and not p.seen:
        s = set_place(s, pid, seen=True)
    s = s.model_copy(update={"here": pid, "scene_here": False, "battled_here": False,
                             "forced": forced, "ambushed": False, "phase": Phase.EXPLORE})
    events = [Event(kind="entered", data={"place": pid, "name": p.name, "kind": p.kind,
                                          "level": p.level, "forced": forced,
                                          "named": p.named or p.kind != "room",
                                          **({"again": True} if p.kind == "room" and p.cleared
                                             else {}),
                                          **({"walked": True} if walked else {}),
                                          "barred": p.obstacle if p.kind == "dungeon"
                                          and not p.opened else ""})]
    if p.kind == "room":
        s = see_around(s, pid)
    if in_town(p) and s.party is not None and s.party_hp < s.party.max_hp:
        s = s.model_copy(update={"party_hp": s.party.max_hp})
        events.append(Event(kind="pm_rested", data={"name": s.party.name}))
    if p.kind == "area" and not p.drawn:
        return s.model_copy(update={"phase": Phase.DRAW}), events
    if p.kind == "room" and not p.named:
        return s.model_copy(update={"phase": Phase.ROOM}), events
    return after_arrival(s, events)


def after_arrival(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Once the space is drawn: outside a town (and off a dungeon's doorstep) the Villain may
    spring a battle."""
    p = place(s, s.here)
    if not in_town(p) and p.kind != "dungeon":
        return s.model_copy(update={"phase": Phase.AMBUSH}), events
    return s.model_copy(update={"phase": Phase.EXPLORE}), events


def quest_targets(s: State) -> list[str]:
    """Dungeons and points of interest no open Quest is about yet (a dungeon until cleared)."""
    open_ = {q.area for q in s.quests if not q.turned_in}
    return [p.id for p in s.places if p.kind in ("dungeon", "poi") and p.id not in open_
            and not p.cleared and not any(q.area == p.id for q in s.quests)]


def nearest_inn(s: State, pid: str) -> str:
    """Where a defeated Warrior wakes: the inn of the nearest Town, counted in Spaces walked from
    ``pid`` (a dungeon's rooms, its entrance, the areas, a town's street, its inn). A cleared
    dungeon is a town but has no inn: its entrance counts as one (our reading). Ties go to the
    home town, then to the town drawn first."""
    graph: dict[str, set[str]] = {p.id: set() for p in s.places}
    for p in s.places:
        for q in p.links:
            if q in graph:
                graph[p.id].add(q)
                graph[q].add(p.id)
    beds = {p.id for p in s.places if p.building == "inn"} | \
           {p.id for p in s.places if p.kind == "dungeon" and p.cleared}
    home = bid(s.home, "inn")
    seen, ring = {pid}, [pid]
    while ring:
        found = [x for x in ring if x in beds]
        if found:
            return home if home in found else min(found, key=[p.id for p in s.places].index)
        nxt = []
        for x in ring:
            for y in sorted(graph.get(x, ())):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        ring = nxt
    return home
