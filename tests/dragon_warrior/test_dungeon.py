"""The world beyond the town: areas drawn as the Warrior walks in, points of interest, dungeons
(Obstacle, floors, rooms, stairs, the Boss, clearing), forced battles by space type, treasure once,
the dungeon spells, Fairy Water and Wings, and the sessions' --until stops."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME, dungeon, sheet
from companion.games.dragon_warrior.arena import default_warrior, dungeon_state, explore_state
from companion.games.dragon_warrior.battle import foe
from companion.games.dragon_warrior.explore import end_battle
from companion.games.dragon_warrior.model import (
    TREASURE,
    VILLAIN,
    WARRIOR,
    Item,
    Phase,
    Quest,
    WarriorOptions,
)
from companion.games.dragon_warrior.world import in_town, place

R11 = "dungeon-1-1-1"


def act(s, seat, verb, text="", **args):
    return GAME.apply(s, Action(seat=seat, kind=verb, args=args, text=text))


def kinds(s, seat):
    return {a.kind for a in GAME.legal_actions(s, seat)}


def enter_room(s, rid, name="The Echo Well: every step comes back twice"):
    """Walk into a room; Treasure describes it if new; the Villain holds back."""
    s, _ = act(s, WARRIOR, "go", to=rid)
    if s.phase is Phase.ROOM:
        s, _ = act(s, TREASURE, "room", text=name)
    if s.phase is Phase.AMBUSH:
        s, _ = act(s, VILLAIN, "hold")
    return s


def win_here(s, boss=False, level=None):
    """A battle won where the Warrior stands (a made card, then the battle's end)."""
    from companion.games.dragon_warrior.arena import conflict
    lvl = level or place(s, s.here).level
    card = conflict(lvl, id=f"foe-{s.next_id}", boss=boss)
    s = s.model_copy(update={"cards": s.cards + (card,), "next_id": s.next_id + 1})
    from companion.games.dragon_warrior import battle
    s, _ = battle.start(s, card)
    s, ev = end_battle(s, "victory")
    return s, ev


def settle_gifts(s):
    """Treasure gives nothing, the Ally passes, the Warrior spends level points: back to exploring."""
    for _ in range(20):
        if s.phase is Phase.TREASURE:
            s, _ = act(s, TREASURE, "nothing")
        elif s.phase is Phase.AWARD:
            s, _ = act(s, "ally", "pass")
        elif s.phase is Phase.LEVEL_UP:
            s, _ = act(s, WARRIOR, "raise", str=1, agi=0, hp=1, mp=0)
        else:
            return s
    return s


# -- the outdoors grows ------------------------------------------------------------------------------
def test_treasure_draws_an_area_once_and_new_areas_rise_one_level_outward():
    s = explore_state(here="street")
    s = s.model_copy(update={"places": tuple(p.model_copy(update={"drawn": False})
                                             if p.id == "area-2" else p for p in s.places)})
    s, _ = act(s, WARRIOR, "go", to="area-1")
    assert s.phase is Phase.AMBUSH  # already drawn: straight to the Villain
    s, _ = act(s, VILLAIN, "hold")
    s, _ = act(s, WARRIOR, "fight")
    s = s.model_copy(update={"phase": Phase.EXPLORE, "battle": None, "forced": False})
    s, _ = act(s, WARRIOR, "go", to="area-2")
    assert s.phase is Phase.DRAW and kinds(s, TREASURE) >= {"dungeon", "poi", "area", "drawn"}
    s, ev = act(s, TREASURE, "area", text="the Ashen Steppe: grey grass", level=3)
    new = place(s, "area-3")
    assert new.level == 3 and "area-2" in new.links and "area-3" in place(s, "area-2").links
    with pytest.raises(RuleError):  # neighbours differ by one
        act(s, TREASURE, "area", text="the Far Peaks", level=5)
    s, _ = act(s, TREASURE, "poi", text="a Lone Watchtower: one lit window")
    s, _ = act(s, TREASURE, "drawn")
    assert place(s, "area-2").drawn and s.phase is Phase.AMBUSH
    for p in s.places:  # every area borders one a Level away
        if p.kind == "area" and p.parent:
            assert abs(place(s, p.parent).level - p.level) == 1


def test_forced_battles_by_space_type():
    s = dungeon_state()
    w = s.warrior  # Level 1
    for pid, forced in [("street", False), ("inn", False), ("house-1", False), ("area-1", True),
                        ("area-2", True), ("dungeon-1", False), (R11, True)]:
        s2, ev = act(s.model_copy(update={"here": next(
            p.id for p in s.places if pid in p.links)}), WARRIOR, "go", to=pid)
        assert s2.forced is forced, pid
    high = s.model_copy(update={"warrior": w.model_copy(update={"level": 3, "xp": 30})})
    s2, _ = act(high.model_copy(update={"here": "street"}), WARRIOR, "go", to="area-1")
    assert not s2.forced  # an area below the Warrior's Level forces nothing
    s2, _ = act(high, WARRIOR, "go", to=R11)
    assert s2.forced  # a dungeon room forces a battle whatever the Warrior's Level
    # a point of interest: the Villain may start a battle, nothing forces one
    poi = s.model_copy(update={"places": s.places + (dungeon.Place(
        id="poi-1", kind="poi", name="a Lone Watchtower", parent="area-1", links=("area-1",)),)})
    poi = poi.model_copy(update={"here": "area-1", "forced": False})
    poi = dungeon.link(poi, "area-1", "poi-1")
    s2, _ = act(poi, WARRIOR, "go", to="poi-1")
    assert not s2.forced and s2.phase is Phase.AMBUSH and "ambush" in kinds(s2, VILLAIN)


# -- the Obstacle --------------------------------------------------------------------------------------
def test_the_obstacle_needs_a_held_quest_item_and_treasure_judges_it():
    s = dungeon_state(opened=False)
    assert R11 not in place(s, "dungeon-1").links
    with pytest.raises(RuleError):
        act(s, WARRIOR, "go", to=R11)
    with pytest.raises(RuleError):  # an item the Warrior does not hold
        act(s, WARRIOR, "unlock", item="item-nope")
    s2, _ = act(s, WARRIOR, "unlock", "I hum at it", item="item-key")
    assert s2.phase is Phase.JUDGE and GAME.to_move(s2) == [TREASURE]
    no, _ = act(s2, TREASURE, "refuse")
    assert "item-key" in place(no, "dungeon-1").tried and not place(no, "dungeon-1").opened
    assert "unlock" not in kinds(no, WARRIOR)  # a refused item is not offered twice
    assert no.warrior.quest_items  # and is kept
    yes, ev = act(s2, TREASURE, "fits")
    assert place(yes, "dungeon-1").opened and R11 in place(yes, "dungeon-1").links
    assert not yes.warrior.quest_items  # spent: it has been essential


def test_the_offline_judge_goes_by_tags():
    door = "a door of black iron with a lock shaped like a broken tooth"
    assert dungeon.fits(door, "a brass key with a tooth missing", "")
    assert not dungeon.fits(door, "a jar of fireflies that never dim", "")
    assert dungeon.fits(door, "a silver thimble", "I pick the lock with it")
    dark = "a stair down into a dark so thick that torches gutter and die in it"
    assert dungeon.fits(dark, "a jar of fireflies that never dim", "")


# -- floors and rooms --------------------------------------------------------------------------------------
@pytest.mark.parametrize("floors,rooms", dungeon.layouts())
def test_layouts_floors_levels_and_links(floors, rooms):
    assert 5 <= floors * rooms <= 10 and 2 <= floors <= 3
    s = dungeon_state(floors=floors, rooms=rooms, area="area-2")
    ids = {p.id for p in s.places}
    for f in range(1, floors + 1):
        on = dungeon.rooms_of(s, "dungeon-1", f)
        assert len(on) == rooms
        assert all(r.level == 2 + f - 1 for r in on)  # level = area + floor - 1
        assert len({r.pos for r in on}) == rooms
        for r in on:
            assert set(r.links) <= ids
            for other in r.links:
                assert r.id in place(s, other).links or other == "dungeon-1"
        assert sum(1 for r in on if r.stairs) == (1 if f < floors else 0)


def test_a_room_forces_a_battle_until_cleared_and_gives_one_treasure():
    s = enter_room(dungeon_state(), R11)
    assert s.forced
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "go", to="dungeon-1")
    assert err.value.rule == "forced battle"
    s, ev = win_here(s)
    assert place(s, R11).cleared and place(s, R11).searched
    assert s.gift == "battle" and s.gift_left == 1
    s = settle_gifts(s)
    s = enter_room(s, "dungeon-1-1-2")
    s = s.model_copy(update={"forced": False})
    back = enter_room(s, R11)
    assert not back.forced  # cleared: no battle needed any more
    back, _ = act(back, WARRIOR, "fight")  # the Warrior may still start one
    back = back.model_copy(update={"phase": Phase.EXPLORE})
    again, _ = win_here(back)
    assert again.gift_left == 0  # the room's one treasure was already given


def test_running_from_a_room_leaves_it_uncleared():
    s = enter_room(dungeon_state(), R11)
    from companion.games.dragon_warrior.arena import conflict
    from companion.games.dragon_warrior import battle
    card = conflict(1, id="foe-9")
    s = s.model_copy(update={"cards": (card,)})
    s, _ = battle.start(s, card)
    s, _ = end_battle(s, "fled")
    assert not place(s, R11).cleared and "go" in kinds(s, WARRIOR)
    s, _ = act(s, WARRIOR, "go", to="dungeon-1")
    s = enter_room(s, R11)
    assert s.forced


def test_stairs_appear_when_their_room_is_cleared():
    s = dungeon_state()
    stairs_room = next(r for r in dungeon.rooms_of(s, "dungeon-1", 1) if r.stairs)
    below = stairs_room.stairs
    assert below not in stairs_room.links
    viewed = GAME.view(s, WARRIOR)
    assert all(p.get("stairs", "") == "" for p in viewed["places"] if p["kind"] == "room")
    s = s.model_copy(update={"here": stairs_room.id})
    s, ev = win_here(s)
    assert any(e.kind == "stairs_found" for e in ev)
    assert below in place(s, stairs_room.id).links and stairs_room.id in place(s, below).links


# -- the Boss -------------------------------------------------------------------------------------------
def test_the_boss_has_double_points_treasure_and_xp_and_clears_the_dungeon():
    s = dungeon_state()
    s = s.model_copy(update={"quests": s.quests + (
        Quest(text="stop what stirs below", giver="house-1", area="dungeon-1"),)})
    s = enter_room(s, R11)
    s = s.model_copy(update={"phase": Phase.AMBUSH})
    assert "boss" in kinds(s, VILLAIN)
    s, _ = act(s, VILLAIN, "boss", "Mother Mould: a great grey mushroom", level=1)
    assert s.draft.foe.boss and s.draft.foe.points == 2 * sheet.conflict_points(1)
    assert place(s, "dungeon-1").boss_met
    s, ev = win_here(s, boss=True)
    over = next(e for e in ev if e.kind == "battle_over")
    assert over.data["xp_gained"] == 2  # double its Level
    assert s.gift_left == 2  # double treasure
    assert place(s, "dungeon-1").cleared and s.quests[-1].done
    for r in dungeon.rooms_of(s, "dungeon-1"):
        assert r.safe and in_town(r)
    s = settle_gifts(s)
    s, _ = act(s, WARRIOR, "go", to="dungeon-1-1-2")
    assert not s.forced and s.phase is Phase.ROOM  # Treasure still describes it
    s, _ = act(s, TREASURE, "room", text="The Chain Room: chains")
    assert s.phase is Phase.EXPLORE  # a town: no Villain battle
    assert "search" in kinds(s, WARRIOR)  # its treasure was never found


def test_the_last_room_left_holds_the_boss():
    s = dungeon_state()
    last = "dungeon-1-2-3"
    s = s.model_copy(update={"places": tuple(
        p.model_copy(update={"cleared": True, "named": True, "seen": True})
        if p.kind == "room" and p.id != last else p for p in s.places)})
    s = s.model_copy(update={"here": "dungeon-1-2-2"})
    s, _ = act(s, WARRIOR, "go", to=last)
    s, _ = act(s, TREASURE, "room", text="The Bone Garden: bones in rows")
    assert {a.kind for a in GAME.legal_actions(s, VILLAIN)} == {"boss"}


def test_a_boss_run_from_waits_at_full_strength():
    s = enter_room(dungeon_state(), R11).model_copy(update={"phase": Phase.AMBUSH})
    s, _ = act(s, VILLAIN, "boss", "Mother Mould: grey", level=1)
    while s.phase is Phase.BUILD:
        s, _ = act(s, VILLAIN, GAME.legal_actions(s, VILLAIN)[-1].kind,
                   **GAME.legal_actions(s, VILLAIN)[-1].args)
    card = s.battle.foe
    s, _ = end_battle(s, "fled")
    s = s.model_copy(update={"phase": Phase.AMBUSH, "battled_here": False})
    boss = [a for a in GAME.legal_actions(s, VILLAIN) if a.kind == "boss"]
    assert boss == [Action(seat=VILLAIN, kind="boss", args={"card": card})]
    s, _ = act(s, VILLAIN, "boss", card=card)
    f = next(x for x in s.battle.fighters if x.id == card)
    assert f.hp == foe(s, card).max_hp


# -- spells and items --------------------------------------------------------------------------------------
def _mage(s, mp=80):
    return s.model_copy(update={"warrior": s.warrior.model_copy(update={"max_mp": mp, "mp": mp})})


def test_radiant_lights_the_floor_and_its_stairs():
    s = _mage(enter_room(dungeon_state(), R11)).model_copy(update={"forced": False})
    assert not place(s, "dungeon-1-1-3").seen
    s, ev = act(s, WARRIOR, "cast", spell="radiant")
    assert all(r.seen for r in dungeon.rooms_of(s, "dungeon-1", 1))
    assert place(s, "dungeon-1-1-3").stairs_found and s.warrior.mp == 80 - 3


def test_outside_and_return_but_not_while_a_battle_is_due():
    s = _mage(enter_room(dungeon_state(), R11))
    assert s.forced and not {a.args.get("spell") for a in GAME.legal_actions(s, WARRIOR)
                             if a.kind == "cast"} & {"outside", "return", "radiant"}
    s = s.model_copy(update={"forced": False})
    out, _ = act(s, WARRIOR, "cast", spell="outside")
    assert out.here == "dungeon-1" and out.warrior.mp == 80 - 6
    home, _ = act(s, WARRIOR, "cast", spell="return", to="street")
    assert home.here == "street" and home.warrior.mp == 80 - 8
    with pytest.raises(RuleError):  # a dungeon not yet cleared is no town to return to
        act(home, WARRIOR, "cast", spell="return", to="dungeon-1")
    cleared = home.model_copy(update={"places": tuple(
        p.model_copy(update={"cleared": True, "safe": True}) if p.id == "dungeon-1" else p
        for p in home.places)})
    there, _ = act(cleared, WARRIOR, "cast", spell="return", to="dungeon-1")
    assert there.here == "dungeon-1"


def test_fairy_water_limits_and_wings():
    water = Item(id="fw", kind="fairy-water", level=2, uses=2, name="Hush Bottle")
    wings = Item(id="wg", kind="wings", level=1, name="Chimaera Wing", town="street")
    s = dungeon_state(warrior=default_warrior(pouch=(water, wings)))
    room = enter_room(s, R11)
    used = {a.args["item"] for a in GAME.legal_actions(room, WARRIOR) if a.kind == "use"}
    assert "fw" not in used and "wg" not in used  # no Fairy Water in dungeons; Wings wait
    s2, _ = act(s.model_copy(update={"here": "street"}), WARRIOR, "go", to="area-1")
    s2, _ = act(s2, VILLAIN, "hold")
    s3, _ = act(s2, WARRIOR, "use", item="fw")
    assert not s3.forced and "go" in kinds(s3, WARRIOR)
    assert next(i for i in s3.warrior.pouch if i.id == "fw").uses == 1
    far = s2.model_copy(update={"places": tuple(p.model_copy(update={"level": 6})
                                                if p.id == "area-1" else p for p in s2.places)})
    assert "fw" not in {a.args.get("item") for a in GAME.legal_actions(far, WARRIOR)
                        if a.kind == "use"}
    home, _ = act(s3, WARRIOR, "use", item="wg")
    assert home.here == "street" and all(i.id != "wg" for i in home.warrior.pouch)


# -- stops ------------------------------------------------------------------------------------------------
def test_until_option_and_stops():
    assert WarriorOptions(until="Level  5").until == "level 5"
    with pytest.raises(ValueError):
        WarriorOptions(until="forever")
    assert GAME.setup(WarriorOptions(until="dungeon")).until == "dungeon"
    s = dungeon_state(until="dungeon")
    s = enter_room(s, R11).model_copy(update={"phase": Phase.AMBUSH})
    s, _ = act(s, VILLAIN, "boss", "Mother Mould: grey", level=1)
    s, _ = win_here(s, boss=True)
    s = settle_gifts(s)
    assert s.phase is Phase.OVER and s.ended == "dungeon"


def test_a_defeat_never_takes_a_level_away():
    w = default_warrior(level=3, xp=16)
    from companion.games.dragon_warrior.sheet import level_for, xp_after_defeat
    assert xp_after_defeat(w) == 10 and level_for(10) == 2  # the XP drops below Level 3's 15
    from companion.games.dragon_warrior.sheet import level_after
    assert level_after(w, 10) == 3 and level_after(w, 11) == 3  # ... and the Level stays


# -- at the prompt --------------------------------------------------------------------------------------
def test_the_prompt_names_places_without_articles_stairs_and_quest_items():
    from companion.games.dragon_warrior.commands import parse, turn_hint

    s = dungeon_state(opened=False)
    v, legal = GAME.view(s, WARRIOR), GAME.legal_actions(s, WARRIOR)
    assert "barred" in turn_hint(v, legal, WARRIOR) and "unlock ITEM" in turn_hint(v, legal, WARRIOR)
    [a] = parse("unlock", "brass key -- I turn it twice", v, legal, WARRIOR)
    assert a.kind == "unlock" and a.args == {"item": "item-key"} and a.text == "I turn it twice"
    s2 = s.model_copy(update={"here": "street", "places": tuple(
        p.model_copy(update={"name": "the Sleepy Heath"}) if p.id == "area-1" else p
        for p in s.places)})
    [a] = parse("go", "sleepy heath", GAME.view(s2, WARRIOR), [], WARRIOR)
    assert a.args == {"to": "area-1"}
    stairs = next(r for r in dungeon.rooms_of(s, "dungeon-1", 1) if r.stairs)
    s3 = dungeon.see_around(s.model_copy(update={"here": stairs.id}), stairs.id)
    s3, _ = dungeon.find_stairs(s3, stairs.id)
    [a] = parse("go", "down", GAME.view(s3, WARRIOR), [], WARRIOR)
    assert a.args == {"to": stairs.stairs}
    s4 = s3.model_copy(update={"here": stairs.stairs})
    [a] = parse("go", "up", GAME.view(s4, WARRIOR), [], WARRIOR)
    assert a.args == {"to": stairs.id}


def test_a_point_of_interest_gives_its_treasure_once():
    s = dungeon_state(here="area-1")
    s, _ = act(s.model_copy(update={"phase": Phase.DRAW, "forced": False}), TREASURE, "poi",
               text="a Lone Watchtower: one lit window")
    s = s.model_copy(update={"phase": Phase.EXPLORE})
    s, _ = act(s, WARRIOR, "go", to="poi-1")
    s, _ = act(s, VILLAIN, "hold")
    assert "search" in kinds(s, WARRIOR)
    s, _ = act(s, WARRIOR, "search")
    assert place(s, "poi-1").searched and s.gift_left == 1
    s = settle_gifts(s)
    assert "search" not in kinds(s, WARRIOR)  # the $ mark: never again
    s, _ = win_here(s)
    assert s.gift_left == 0  # nor after a battle there


def test_a_quest_from_a_named_person_is_turned_in_to_them():
    s = dungeon_state(here="house-1").model_copy(update={"phase": Phase.SCENE})
    legal = [a for a in GAME.legal_actions(s, "ally") if a.kind == "quest"]
    assert [a.args["area"] for a in legal] == ["dungeon-1"]
    s, ev = act(s, "ally", "quest", "put an end to whatever rules the Tooth Caves",
                area="dungeon-1")
    q = s.quests[-1]
    assert q.giver == "house-1" and not q.done
    assert "the house of Old Marta" in ev[0].data["giver"]
    s = s.model_copy(update={"quests": s.quests[:-1] + (q.model_copy(update={"done": True}),)})
    assert "turn_in" in kinds(s, WARRIOR)
    s2, _ = act(s.model_copy(update={"here": "house-1"}), WARRIOR, "go", to="street")
    assert "turn_in" not in kinds(s2, WARRIOR)  # only to whoever gave it


def test_the_lords_lair_is_far_out_and_the_lord_is_a_level_30_boss():
    s = explore_state(here="area-2").model_copy(update={"phase": Phase.DRAW})
    assert "lair" not in kinds(s, TREASURE)  # too close to the first town
    far = s.model_copy(update={"places": tuple(p.model_copy(update={"level": 10})
                                               if p.id == "area-2" else p for p in s.places)})
    assert "lair" in kinds(far, TREASURE)
    far, _ = act(far, TREASURE, "lair", "the Black Keep: dark glass")
    entrance = next(p for p in far.places if p.lair)
    rooms = dungeon.rooms_of(far, entrance.id)
    assert len(rooms) == 9 and max(r.floor for r in rooms) == 3
    assert "lair" not in kinds(far.model_copy(update={"phase": Phase.DRAW}), TREASURE)  # once
    last = rooms[-1]
    s = far.model_copy(update={"phase": Phase.AMBUSH, "here": last.id, "places": tuple(
        p.model_copy(update={"cleared": True}) if p.kind == "room" and p.id != last.id else p
        for p in far.places)})
    [lord] = GAME.legal_actions(s, VILLAIN)
    assert lord.args == {"level": 30, "lord": True}
    s, _ = act(s, VILLAIN, "boss", "taller than the room", level=30, lord=True)
    assert s.draft.foe.name == "the ember lord" and s.draft.foe.level == 30
    assert s.draft.foe.boss and s.draft.foe.points == 180  # "essentially 180 points"
    s = s.model_copy(update={"draft": None, "phase": Phase.EXPLORE})
    s, ev = win_here(s, boss=True, level=30)
    assert any(e.kind == "ball_of_light" for e in ev)
    s = settle_gifts(s)
    assert s.phase is Phase.OVER and s.ended == "lord"


def test_the_session_ends_after_the_towns_last_quest_not_its_first():
    s = explore_state(here="throne").model_copy(update={"quests": (
        Quest(text="clear the bandits", giver="throne", area="area-2", done=True),
        Quest(text="stop what stirs below", giver="house-1", area="area-1"))})
    s, _ = act(s, WARRIOR, "turn_in", quest=0)
    s, _ = act(s, TREASURE, "rate", rating=1, treasure=1, xp=0)
    s = settle_gifts(s)
    assert s.phase is Phase.EXPLORE  # one Quest is still open
    s = s.model_copy(update={"here": "house-1", "quests": (s.quests[0], s.quests[1].model_copy(
        update={"done": True}))})
    s, _ = act(s, WARRIOR, "turn_in", quest=1)
    s, _ = act(s, TREASURE, "rate", rating=1, treasure=1, xp=0)
    s = settle_gifts(s)
    assert s.phase is Phase.OVER and s.ended == "quest"
