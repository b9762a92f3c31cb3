"""A Conflict's Level: "the same level as The Warrior or a little bit higher", and an Area's
monsters are of its Level (our reading, core.toml: the space's Level, or one higher while that
stays within one of the Warrior's). The engine lists the Levels it allows and refuses any other
with the rule named; the director's choice among them is measured in bench/dragon_warrior.py."""
from __future__ import annotations

import random

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME, director, sheet
from companion.games.dragon_warrior.arena import (
    conflict,
    default_warrior,
    dungeon_state,
    explore_state,
    town_places,
)
from companion.games.dragon_warrior.model import VILLAIN, WARRIOR, Phase


def act(s, seat, verb, text="", **args):
    return GAME.apply(s, Action(seat=seat, kind=verb, args=args, text=text))


def _levels(s, kind):
    return sorted(a.args["level"] for a in GAME.legal_actions(s, VILLAIN)
                  if a.kind == kind and "level" in a.args)


def _picking(warrior_level: int, area: str = "area-1", cards=()):
    w = default_warrior(level=warrior_level)
    return explore_state(warrior=w, here=area, phase=Phase.BUILD, cards=tuple(cards),
                         places=town_places(area_levels=(1, 2, 3)))


@pytest.mark.parametrize(("space", "warrior", "allowed"), [
    (1, 1, [1, 2]), (2, 2, [2, 3]), (1, 3, [1, 2]), (2, 1, [2]), (3, 1, [3]), (5, 5, [5, 6])])
def test_the_space_level_or_one_higher_within_one_of_the_warrior(space, warrior, allowed):
    assert list(sheet.conflict_levels(space, warrior)) == allowed


def test_the_villain_may_build_a_conflict_one_level_higher_and_no_more():
    s = _picking(1)
    assert _levels(s, "new") == [1, 2]
    s2, _ = act(s, VILLAIN, "new", text="A bog ghoul: all teeth", level=2)
    assert s2.draft.foe.level == 2 and s2.draft.foe.points == sheet.conflict_points(2)
    with pytest.raises(RuleError) as err:
        act(s, VILLAIN, "new", text="A bog ghoul: all teeth", level=3)
    assert err.value.rule == "Conflict Level" and "Level 1 or 2" in str(err.value)
    assert s.draft is None and s.phase is Phase.BUILD  # nothing changed


def test_a_card_above_its_place_says_so_in_the_small_print():
    from companion.games.dragon_warrior.render import mechanics

    s = _picking(1)
    made = []
    for level in (1, 2):
        t, _ = act(s, VILLAIN, "new", text="A bog ghoul: all teeth", level=level)
        t, _ = act(t, VILLAIN, "stats")
        for _ in range(3 * level):
            t, ev = act(t, VILLAIN, "stat", stat="hp")
        made.append(next(e for e in ev if e.kind == "card_made"))
    assert [e.data["above_place"] for e in made] == [False, True]
    assert "one above this place" in mechanics(made[1], WARRIOR)
    assert "above" not in mechanics(made[0], WARRIOR)


def test_a_space_above_the_warrior_gets_its_own_level_only():
    s = _picking(1, area="area-2")
    assert _levels(s, "new") == [2]
    with pytest.raises(RuleError) as err:
        act(s, VILLAIN, "new", text="A bog ghoul: all teeth", level=3)
    assert err.value.rule == "Conflict Level"
    with pytest.raises(RuleError):
        act(s, VILLAIN, "new", text="A bog ghoul: all teeth", level=1)


def test_a_card_from_the_deck_is_fielded_only_at_a_level_allowed_here():
    cards = (conflict(level=2, id="foe-2"), conflict(level=3, id="foe-3"))
    s = _picking(1, cards=cards)
    fielded = {a.args["card"] for a in GAME.legal_actions(s, VILLAIN) if a.kind == "field"}
    assert fielded == {"foe-2"}
    with pytest.raises(RuleError):
        act(s, VILLAIN, "field", card="foe-3")


def _boss_room(warrior_level: int):
    s = dungeon_state(floors=1, rooms=1, warrior=default_warrior(level=warrior_level),
                      places=town_places(area_levels=(1,)))
    room = next(p for p in s.places if p.kind == "room")
    s, _ = act(s, WARRIOR, "go", to=room.id)
    s, _ = act(s, "treasure", "room", text="The Well Room: a dry well")
    return s


def test_a_boss_too_is_its_rooms_level_or_one_higher_with_double_points():
    s = _boss_room(1)
    assert _levels(s, "boss") == [1, 2]
    s2, _ = act(s, VILLAIN, "boss", text="The Warden: a crowned shadow", level=2)
    assert s2.draft.foe.boss and s2.draft.foe.level == 2
    assert s2.draft.foe.points == sheet.conflict_points(2, boss=True) == 12
    with pytest.raises(RuleError) as err:
        act(s, VILLAIN, "boss", text="The Warden: a crowned shadow", level=3)
    assert err.value.rule == "Conflict Level" and "a Boss" in str(err.value)


def test_the_director_raises_only_against_a_walkover_and_only_to_a_legal_level():
    rng = random.Random(0)
    hale = {"warrior": {"level": 1, "str": 9, "agi": 5, "hp": 40, "max_hp": 40, "max_mp": 0,
                        "hand_size": 7, "weapon": {"level": 3}, "armor": {"level": 3}}}
    weak = {"warrior": {"level": 1, "str": 2, "agi": 1, "hp": 6, "max_hp": 20, "max_mp": 0,
                        "hand_size": 3, "weapon": None, "armor": None}}
    assert director.raise_chance(hale["warrior"], 1) == 1.0
    assert director.raise_chance(weak["warrior"], 1) == 0.0
    assert director.pick_level(hale, [1, 2], rng) == 2
    assert director.pick_level(weak, [1, 2], rng) == 1
    assert director.pick_level(hale, [2], rng) == 2  # nothing higher is legal: nothing higher
