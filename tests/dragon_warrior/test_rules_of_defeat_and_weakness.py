"""Four rules a play audit found broken (issue 25), each by a test that fails when broken: a
defeat costs twice the Level in XP (never below 0, the Level kept); the Warrior wakes at the
nearest Town's inn (tests/dragon_warrior/test_campaign.py); a Weakness multiplies damage from any
weapon, item or spell of its type, and a proper Quest item lays it bare; three Dragon Tokens swap
the Warrior at any time (test_swaps.py)."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME, sheet
from companion.games.dragon_warrior.arena import arena, conflict, default_warrior
from companion.games.dragon_warrior.model import VILLAIN, WARRIOR, Item, Phase


def act(s, seat, kind, **args):
    return GAME.apply(s, Action(seat=seat, kind=kind, args=args))


def attack(s, *slots, target="foe-1", **kw):
    return act(s, WARRIOR, "attack", slots=[list(x) for x in slots], target=target,
               token=False, **kw)


def lose(level: int, xp: int):
    w = default_warrior(hp=1, level=level, xp=xp)
    s = arena(conflict(atk=9, fast=True), warrior=w, warrior_hand=["2S"], villain_hand=["9H"])
    s, _ = act(s, VILLAIN, "attack", cards=["9H"], by="foe-1")
    s, events = act(s, WARRIOR, "take")
    return s, events


@pytest.mark.parametrize("level, xp, left", [(2, 5, 1), (5, 53, 43), (7, 100, 86), (3, 4, 0),
                                             (1, 1, 0)])
def test_a_defeat_costs_twice_the_level_in_xp_floored_at_zero_only(level, xp, left):
    s, events = lose(level, xp)
    assert s.warrior.xp == left and s.warrior.level == level  # the Level is kept
    over = next(e for e in events if e.kind == "battle_over")
    assert over.data["xp_lost"] == xp - left


def test_a_level_kept_below_its_threshold_is_not_lost_by_the_next_win():
    s, _ = lose(3, 16)  # 16 - 6 = 10 XP: below Level 3's 15
    assert s.warrior.level == 3 and s.warrior.xp == 10
    s2 = arena(conflict(level=1, atk=1, df=0, hp=1), warrior=s.warrior.model_copy(
        update={"hp": 20}), warrior_hand=["7S"], villain_hand=["2H"])
    s2, _ = attack(s2, ["7S"])
    s2, _ = act(s2, VILLAIN, "take")
    assert s2.warrior.level == 3 and s2.warrior.xp == 11 and s2.warrior.points == 0


def _weak_foe(element="fire", mult=2):
    return conflict(level=1, atk=1, df=0, hp=40, weakness=mult, weak_to=element)


def _hit(s, card="7S", target="foe-1"):
    s, events = attack(s, [card])
    s, events = act(s, VILLAIN, "take")
    return s, next(e for e in events if e.kind == "hit")


def test_a_weakness_multiplies_a_weapon_of_its_type_and_not_another():
    for element, dmg in (("fire", 2 * 7), ("frost", 7)):
        w = default_warrior(weapon=Item(id="w", kind="weapon", level=1, name="Ember Blade",
                                        element=element))
        s = arena(_weak_foe("fire"), warrior=w, warrior_hand=["7S"], villain_hand=["2H"])
        _, hit = _hit(s)
        assert hit.data["damage"] == dmg  # Attack 6 + 1 = 7


def test_an_offhand_weapon_of_the_type_counts_too():
    w = default_warrior(offhand=Item(id="o", kind="offhand", level=1, name="Frost Claw",
                                     offhand_as="weapon", element="frost"))
    s = arena(_weak_foe("frost", 4), warrior=w, warrior_hand=["7S"], villain_hand=["2H"])
    _, hit = _hit(s)
    assert hit.data["damage"] == 4 * (6 + 1 + 1)


def test_dragons_fire_is_an_item_of_fire():
    w = default_warrior(pouch=(Item(id="f", kind="dragons-fire", level=1, name="Sparkroot"),))
    s = arena(_weak_foe("fire"), warrior=w, warrior_hand=["7S", "8S"], villain_hand=["2H", "3H"])
    s, _ = act(s, WARRIOR, "use", item="f")
    assert s.battle.turn != WARRIOR
    s, _ = act(s, VILLAIN, "attack", cards=["2H"], by="foe-1")
    s, _ = act(s, WARRIOR, "take")
    s = s.model_copy(update={"battle": s.battle.model_copy(update={
        "warrior_hand": ("7S",), "villain_hand": ("3H",)})})
    _, hit = _hit(s)
    assert hit.data["damage"] == 2 * (6 + 1 + 1)


def test_an_attack_spell_of_the_attuned_element_counts():
    for magic, mult in (("storm", 2), ("", 1)):
        w = default_warrior(max_mp=10, mp=10, magic=magic)
        s = arena(_weak_foe("storm"), warrior=w, warrior_hand=["7S", "8S"],
                  villain_hand=["2H", "3H"])
        s, _ = act(s, WARRIOR, "cast", spell="hurt", slots=[["7S"], ["8S"]], target="foe-1",
                   token=False)
        s, events = act(s, VILLAIN, "take")
        hit = next(e for e in events if e.kind == "hit")
        assert hit.data["damage"] == mult * 7


def test_attune_is_a_town_move_for_a_warrior_with_an_attack_spell():
    from companion.games.dragon_warrior.arena import explore_state

    s = explore_state(warrior=default_warrior(max_mp=10, mp=10))
    s, events = act(s, WARRIOR, "attune", element="holy")
    assert s.warrior.magic == "holy" and events[0].kind == "attuned"
    out = explore_state(warrior=default_warrior(max_mp=10, mp=10), here="area-1")
    with pytest.raises(RuleError):
        act(out, WARRIOR, "attune", element="holy")
    with pytest.raises(RuleError):  # no attack spell, nothing to attune
        act(explore_state(), WARRIOR, "attune", element="holy")


def test_a_proper_quest_item_lays_the_weakness_bare_for_every_later_attack():
    jar = Item(id="q1", kind="quest", name="a jar of fireflies that never dim")
    key = Item(id="q2", kind="quest", name="a brass key with a tooth missing")
    w = default_warrior(quest_items=(key, jar))  # a plain Copper Sword: no element
    s = arena(_weak_foe("fire", 4), warrior=w, warrior_hand=["7S", "8S"],
              villain_hand=["2H", "3H"])
    s1, events = act(s, WARRIOR, "use", item="q2", target="foe-1")  # the key: not proper
    assert events[0].kind == "quest_item_held" and not events[0].data["proper"]
    assert s1.battle.bared == () and len(s1.warrior.quest_items) == 2
    s, events = act(s, WARRIOR, "use", item="q1", target="foe-1")
    assert events[0].data["proper"] and s.battle.bared == ("foe-1",)
    assert [i.id for i in s.warrior.quest_items] == ["q2"]
    s, _ = act(s, VILLAIN, "attack", cards=["2H"], by="foe-1")
    s, _ = act(s, WARRIOR, "take")
    s = s.model_copy(update={"battle": s.battle.model_copy(update={
        "warrior_hand": ("7S",), "villain_hand": ("3H",)})})
    _, hit = _hit(s)
    assert hit.data["damage"] == 4 * 7  # a plain sword, x4 now the weakness is bare


def test_a_quest_item_is_offered_only_against_a_weakness_not_yet_bare():
    jar = Item(id="q1", kind="quest", name="a jar of fireflies that never dim")
    s = arena(conflict(level=1), warrior=default_warrior(quest_items=(jar,)),
              warrior_hand=["7S"], villain_hand=["2H"])
    assert not any(a.kind == "use" and a.args["item"] == "q1"
                   for a in GAME.legal_actions(s, WARRIOR))
    assert sheet.proper_against(jar, "fire") and not sheet.proper_against(jar, "frost")
