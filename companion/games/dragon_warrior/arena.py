"""Battles set up directly, without a session zero: for the tests, the bench and the policy's
own estimates. ``arena(...)`` gives a state in the battle phase with the hands already dealt (or
left to chance), in a Level ``level`` area beside a town."""
from __future__ import annotations

from collections.abc import Sequence

from companion.games.dragon_warrior import battle
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.model import (
    Battle,
    Fighter,
    Foe,
    Item,
    Phase,
    Place,
    Quest,
    State,
    Warrior,
)


def default_warrior(**kw) -> Warrior:
    """The default build (Str 6, Agi 3, HP 20) with a Level 1 weapon and armor from the chests."""
    base = dict(name="Rowan", pronouns="they", adjective="Ember", traits=("brave",),
                strength=6, agility=3, max_hp=20, hp=20, max_mp=0, mp=0,
                weapon=Item(id="item-w", kind="weapon", level=1, name="Copper Sword"),
                armor=Item(id="item-a", kind="armor", level=1, name="Leather Jerkin"))
    base.update(kw)
    w = Warrior(**base)
    return w.model_copy(update={"defense": sheet.max_defense(w)})


def town_places(area_levels: Sequence[int] = (1, 2)) -> tuple[Place, ...]:
    places = [Place(id="street", kind="street", name="the streets of Wickmere", town="Wickmere",
                    links=("throne", "inn", "item-shop", "house-1", "area-1")),
              Place(id="throne", kind="building", building="throne", name="the throne room",
                    links=("street",)),
              Place(id="inn", kind="building", building="inn", name="the inn",
                    links=("street",)),
              Place(id="item-shop", kind="building", building="item-shop",
                    name="the item shop", links=("street",)),
              Place(id="house-1", kind="building", building="house",
                    name="the house of Old Marta", links=("street",))]
    for i, level in enumerate(area_levels, start=1):
        links = tuple(x for x in ("street" if i == 1 else f"area-{i - 1}",
                                  f"area-{i + 1}" if i < len(area_levels) else "") if x)
        places.append(Place(id=f"area-{i}", kind="area", name=f"the Level {level} area",
                            level=level, links=links, drawn=True,
                            parent=f"area-{i - 1}" if i > 1 else ""))
    return tuple(places)


def explore_state(warrior: Warrior | None = None, here: str = "street", **kw) -> State:
    """A state in the EXPLORE phase, after session zero, in town."""
    s = State(phase=Phase.EXPLORE, warrior=warrior or default_warrior(), town="Wickmere",
              places=town_places(), here=here, chests=3,
              quests=(Quest(text="clear the bandits", giver="throne", area="area-2"),),
              yes=("slime",), no=("gore",), next_id=100)
    return s.model_copy(update=kw)


def dungeon_state(floors: int = 2, rooms: int = 3, area: str = "area-1", opened: bool = True,
                  here: str | None = None, **kw) -> State:
    """A state in the EXPLORE phase with a dungeon drawn in ``area`` (its Obstacle a locked
    door), the Warrior holding a brass key, standing at the entrance (or ``here``)."""
    from companion.games.dragon_warrior import dungeon
    from companion.games.dragon_warrior.space import link, set_place

    s = explore_state(**kw)
    lvl = next(p.level for p in s.places if p.id == area)
    entrance = Place(id="dungeon-1", kind="dungeon", name="the Tooth Caves", level=lvl,
                     parent=area, dungeon="dungeon-1", links=(area,),
                     obstacle="a door of black iron with a lock shaped like a broken tooth")
    s = s.model_copy(update={"places": s.places + (entrance,) + dungeon.layout(
        "dungeon-1", floors, rooms, lvl, area)})
    s = link(s, area, "dungeon-1")
    key = Item(id="item-key", kind="quest", name="a brass key with a tooth missing")
    s = s.model_copy(update={"warrior": s.warrior.model_copy(update={"quest_items": (key,)})})
    if opened:
        s = set_place(s, "dungeon-1", opened=True,
                         links=(area, dungeon.room_id("dungeon-1", 1, 1)))
        s = s.model_copy(update={"warrior": s.warrior.model_copy(update={"quest_items": ()})})
    return s.model_copy(update={"here": here or "dungeon-1"})


def conflict(level: int = 1, atk: int | None = None, df: int | None = None,
             hp: int | None = None, **kw) -> Foe:
    """A Conflict card; by default its 3 points per level spread Atk, Def, HP in turn."""
    if atk is None and df is None and hp is None:
        pts = 3 * level
        atk, df, hp = 1 + pts // 3 + (1 if pts % 3 >= 1 else 0), 1 + pts // 3, 5 + 5 * (
            pts // 3 + (1 if pts % 3 == 2 else 0))
    return Foe(id=kw.pop("id", "foe-1"), name=kw.pop("name", "a blue slime"), level=level,
               atk=atk if atk is not None else 1, max_def=df if df is not None else 1,
               max_hp=hp if hp is not None else 5, **kw)


def arena(foe: Foe | None = None, warrior: Warrior | None = None,
          warrior_hand: Sequence[str] | None = None, villain_hand: Sequence[str] | None = None,
          minion: Foe | None = None, here: str = "area-1", **kw) -> State:
    """A state mid-battle. With both hands given, the Warrior (or a Fast foe) is to act; without
    them, the opening draws are due (chance)."""
    foe = foe or conflict()
    cards = [foe] + ([minion] if minion else [])
    if minion is not None:
        foe = foe.model_copy(update={"minion": minion.id})
        minion = minion.model_copy(update={"minion_of": foe.id})
        cards = [foe, minion]
    s = explore_state(warrior=warrior, here=here, cards=tuple(cards), **kw)
    s, _ = battle.start(s, foe)
    if warrior_hand is None or villain_hand is None:
        return s
    used = set(warrior_hand) | set(villain_hand)
    deck = tuple(c for c in C.DECK if c not in used)
    b = s.battle.model_copy(update={
        "deck": deck, "warrior_hand": tuple(warrior_hand), "villain_hand": tuple(villain_hand),
        "draw": "", "draw_then": "", "round": 1})
    return s.model_copy(update={"battle": b})


def fighter_of(s: State, fid: str) -> Fighter:
    return battle.fighter(s.battle, fid)


__all__ = ["arena", "conflict", "default_warrior", "explore_state", "fighter_of", "Battle"]
