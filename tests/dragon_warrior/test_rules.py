"""The rules around the battles: point buy, levels, places, treasure, tokens, Quests."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME, sheet
from companion.games.dragon_warrior.arena import conflict, default_warrior, explore_state
from companion.games.dragon_warrior.build import creation_actions
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import (
    ALLY,
    TREASURE,
    VILLAIN,
    WARRIOR,
    Draft,
    Item,
    Phase,
    State,
)


def act(s, seat, verb, text="", **args):
    return GAME.apply(s, Action(seat=seat, kind=verb, args=args, text=text))


def kinds(s, seat):
    return {a.kind for a in GAME.legal_actions(s, seat)}


# -- the Warrior's sheet ---------------------------------------------------------------------------
def test_creation_spends_exactly_ten_points_and_offers_the_default_first():
    acts = creation_actions()
    assert acts[0].args == {"str": 6, "agi": 3, "hp": 20, "mp": 0}
    for a in acts:
        x = a.args
        spent = (x["str"] - 1) + (x["agi"] - 1) + (x["hp"] - 5) // 5 + x["mp"] // 5
        assert spent == 10 and x["hp"] % 5 == 0 and x["mp"] % 5 == 0
    assert len(acts) == 286
    s = State(phase=Phase.CREATE)
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "build", str=7, agi=3, hp=20, mp=0)
    assert err.value.rule == "point buy"
    # played (seed 41): "build 7 2 25 5" was refused without saying it spent 12, nor the form
    assert "build 7 3 20 0 spends 11" in str(err.value) and "build 6 3 20 0" in str(err.value)
    s, ev = act(s, WARRIOR, "build", str=1, agi=1, hp=5, mp=50)
    assert ev[0].data["spells"] == ["hurt", "heal", "stamina", "radiant", "spellblock"]


def test_attack_defense_offhand_and_pouch_formulas():
    w = default_warrior()
    assert sheet.attack(w) == 7 and sheet.max_defense(w) == 1
    off = Item(id="o", kind="offhand", level=3, name="Pot-Lid", offhand_as="armor")
    w2 = w.model_copy(update={"offhand": off})
    assert sheet.max_defense(w2) == 1 + 2 and sheet.attack(w2) == 7  # half of 3, rounded up
    assert sheet.pouch_capacity(w) == 2 * (1 + 6)
    assert sheet.warrior_hand(w) == 5


def test_xp_chart_is_cumulative_and_five_equal_wins_make_a_level():
    assert sheet.level_for(4) == 1 and sheet.level_for(5) == 2 and sheet.level_for(15) == 3
    chart = rules().xp.next_level
    for level in range(2, 18):  # the chart keeps the text's promise up to its first slip
        assert chart[level - 1] - chart[level - 2] == 5 * level


# -- Conflict cards ------------------------------------------------------------------------------
def _building(level: int, boss: bool = False) -> State:
    s = explore_state(here="area-1", phase=Phase.BUILD)
    from companion.games.dragon_warrior.build import new_draft
    s = new_draft(s, level, "battle", "A bog ghoul: all teeth")
    if boss:
        d = s.draft
        s = s.model_copy(update={"draft": d.model_copy(update={"foe": d.foe.model_copy(
            update={"points": sheet.conflict_points(level, boss=True), "boss": True})})})
    return s


def test_conflict_point_buy_three_per_level_over_base_1_1_5():
    s = _building(2)
    assert s.draft.foe.points == 6 and s.draft.foe.name == "A bog ghoul"
    s, _ = act(s, VILLAIN, "stats")
    for stat in ("atk", "atk", "def", "hp", "hp", "mp"):
        s, _ = act(s, VILLAIN, "stat", stat=stat)
    f = s.cards[-1]
    assert (f.atk, f.max_def, f.max_hp, f.max_mp) == (3, 2, 15, 5)
    assert s.phase is Phase.BATTLE  # the last point put it in play


def test_fast_costs_a_point_per_level_and_the_foe_goes_first():
    s = _building(2)
    s, _ = act(s, VILLAIN, "fast")
    assert s.draft.foe.points == 4 and s.draft.foe.fast


def test_weakness_gives_points_back_and_multiplies_matching_weapon_damage():
    s = _building(2)
    s2, _ = act(s, VILLAIN, "weakness", mult=2, element="fire")
    assert s2.draft.foe.points == 6 + 2
    s4, _ = act(s, VILLAIN, "weakness", mult=4, element="fire")
    assert s4.draft.foe.points == 6 + 4
    from companion.games.dragon_warrior.arena import arena
    flaming = Item(id="w", kind="weapon", level=1, name="Ember Blade", element="fire")
    foe = conflict(atk=1, df=0, hp=40, weakness=4, weak_to="fire")
    st = arena(foe, warrior=default_warrior(weapon=flaming), warrior_hand=["7S"],
               villain_hand=["2H"])
    st, _ = act(st, WARRIOR, "attack", slots=[["7S"]], target="foe-1", token=False)
    st, _ = act(st, VILLAIN, "take")
    assert st.battle.fighters[0].hp == 40 - 7 * 4


def test_minions_cost_two_points_per_level_and_must_be_lower():
    s = _building(3)
    levels = {a.args["level"] for a in GAME.legal_actions(s, VILLAIN) if a.kind == "minion"}
    assert levels == {1, 2}
    s, _ = act(s, VILLAIN, "minion", level=2)
    assert s.draft.foe.points == 9 - 4
    s, _ = act(s, VILLAIN, "stats")
    for _ in range(5):
        s, _ = act(s, VILLAIN, "stat", stat="hp")
    assert s.phase is Phase.BUILD and s.draft.stage == "minion"
    s, _ = act(s, VILLAIN, "new", text="Gnashers: the ghoul's two hounds", level=2)
    assert s.draft.foe.points == 6 and s.draft.foe.minion_of == s.cards[-1].id
    for _ in range(6):
        s, _ = act(s, VILLAIN, "stat", stat="atk")
    assert s.phase is Phase.BATTLE and s.battle.minion


def test_conflict_spells_one_per_ten_mp_from_the_conflict_list_only():
    s = _building(2)
    s, _ = act(s, VILLAIN, "stats")
    for stat in ("mp", "mp", "atk", "atk", "atk", "atk"):
        s, _ = act(s, VILLAIN, "stat", stat=stat)
    offered = {a.args["spell"] for a in GAME.legal_actions(s, VILLAIN)}
    assert offered == {"hurt", "heal", "stamina", "spellblock", "armor-regen", "healmore",
                       "hurtmore"}
    s, _ = act(s, VILLAIN, "spell", spell="heal")
    assert s.cards[-1].spells == ("heal",) and s.phase is Phase.BATTLE


def test_bosses_get_six_points_per_level():
    assert sheet.conflict_points(30, boss=True) == 180  # the text's Level-30 lord
    assert sheet.conflict_points(2, boss=True) == 2 * sheet.conflict_points(2)
    boss = conflict(level=2, boss=True)
    assert sheet.xp_for_win(boss, 3) == 4 and sheet.xp_for_win(boss, 1) == 8


def test_party_members_get_points_equal_to_the_warriors_level():
    s = explore_state(phase=Phase.JOIN, offer="Cass: a young guard, all elbows",
                      warrior=default_warrior(level=2))
    s, _ = act(s, WARRIOR, "accept")
    assert s.draft.foe.points == 2 and s.draft.then == "party"
    s, _ = act(s, ALLY, "stat", stat="atk")
    s, ev = act(s, ALLY, "stat", stat="hp")
    assert s.party.name == "Cass" and s.party.atk == 2 and s.party_hp == 10
    assert s.phase is Phase.EXPLORE


# -- places ------------------------------------------------------------------------------------
def test_entering_an_area_at_or_above_your_level_forces_a_battle():
    s = explore_state(here="street")
    s, ev = act(s, WARRIOR, "go", to="area-1")
    assert s.forced and s.phase is Phase.AMBUSH
    s, _ = act(s, VILLAIN, "hold")
    assert "go" not in kinds(s, WARRIOR) and "fight" in kinds(s, WARRIOR)
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "go", to="street")
    assert err.value.rule == "forced battle"
    high = explore_state(here="street", warrior=default_warrior(level=2))
    high, _ = act(high, WARRIOR, "go", to="area-1")
    assert not high.forced


def test_no_villain_started_battle_in_town_but_the_warrior_may_start_one():
    s = explore_state(here="street")
    for pid in ("inn", "house-1"):
        s2, _ = act(s, WARRIOR, "go", to=pid)
        assert s2.phase is Phase.EXPLORE and GAME.legal_actions(s2, VILLAIN) == []
    assert "fight" in kinds(s, WARRIOR)
    s3, _ = act(s, WARRIOR, "fight")
    assert s3.phase is Phase.BUILD and GAME.to_move(s3) == [VILLAIN]


def test_a_buildings_treasure_once_ever():
    s = explore_state(here="house-1")
    s, _ = act(s, WARRIOR, "search")
    assert s.phase is Phase.TREASURE and s.gift_left == 1
    s, _ = act(s, TREASURE, "nothing")
    assert "search" not in kinds(s, WARRIOR)
    s, _ = act(s, WARRIOR, "go", to="street")
    s, _ = act(s, WARRIOR, "go", to="house-1")
    assert "search" not in kinds(s, WARRIOR)
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "search")
    assert err.value.rule == "treasure once"


def test_treasure_after_a_win_sums_to_the_conflicts_level():
    s = explore_state(here="area-2", phase=Phase.TREASURE, gift="battle", gift_left=2)
    gives = [a for a in GAME.legal_actions(s, TREASURE) if a.kind == "give"]
    levels = {a.args["level"] for a in gives if a.args["kind"] != "quest"}
    assert levels == {1, 2}
    quest = [a for a in gives if a.args["kind"] == "quest"]  # or a Quest item, for an Obstacle
    assert [a.args["level"] for a in quest] == [0]
    q, _ = act(s, TREASURE, "give", text="a jar of fireflies", kind="quest", level=0)
    assert q.gift_left == 0  # a Quest item ends the gift
    s, _ = act(s, TREASURE, "give", text="Mint Knot: a wreath of vine", kind="healstuff",
               level=1)
    s, _ = act(s, WARRIOR, "take")
    assert s.phase is Phase.TREASURE and s.gift_left == 1
    levels = {a.args["level"] for a in GAME.legal_actions(s, TREASURE) if a.kind == "give"
              and a.args["kind"] != "quest"}
    assert levels == {1}


def test_the_pouch_never_holds_more_than_its_capacity():
    full = tuple(Item(id=f"h{i}", kind="healstuff", level=1, name="Mint") for i in range(14))
    s = explore_state(warrior=default_warrior(pouch=full), here="item-shop")
    assert "buy" not in kinds(s, WARRIOR)
    s = s.model_copy(update={"phase": Phase.FOUND, "found": Item(
        id="x", kind="healstuff", level=2, name="Big Mint")})
    assert kinds(s, WARRIOR) == {"leave", "drop"}
    with pytest.raises(RuleError):
        act(s, WARRIOR, "take")
    s, _ = act(s, WARRIOR, "drop", item="h0")
    s, _ = act(s, WARRIOR, "drop", item="h1")
    s, _ = act(s, WARRIOR, "take")
    assert sheet.pouch_used(s.warrior) == sheet.pouch_capacity(s.warrior)


def test_the_inn_restores_hp_and_mp():
    s = explore_state(here="inn", warrior=default_warrior(hp=3, max_mp=10, mp=0))
    s, _ = act(s, WARRIOR, "rest")
    assert s.warrior.hp == 20 and s.warrior.mp == 10


def test_fairy_water_crosses_an_area_without_a_battle():
    water = Item(id="fw", kind="fairy-water", level=2, uses=2, name="Moonwell Dew")
    s = explore_state(here="street", warrior=default_warrior(pouch=(water,)))
    s, _ = act(s, WARRIOR, "go", to="area-1")
    s, _ = act(s, VILLAIN, "hold")
    s, _ = act(s, WARRIOR, "use", item="fw")
    assert not s.forced and "go" in kinds(s, WARRIOR)
    assert s.warrior.pouch[0].uses == 1


# -- Dragon Tokens -------------------------------------------------------------------------------
def test_tokens_at_most_three_and_three_swap_the_warrior():
    s = explore_state(tokens=(0, 2))
    s, _ = act(s, WARRIOR, "award")
    assert s.tokens == (0, 3) and "award" not in kinds(s, WARRIOR)
    assert "swap" in kinds(s, ALLY)
    s, ev = act(s, ALLY, "swap")
    assert s.tokens == (0, 0) and s.swapped and ev[0].kind == "seats_swapped"


# -- Quests -------------------------------------------------------------------------------------
def test_winning_in_the_quest_area_completes_it_and_turning_in_ends_the_session():
    from companion.games.dragon_warrior.arena import arena
    s = arena(conflict(level=2, atk=1, df=0, hp=1), here="area-2", warrior_hand=["7S"],
              villain_hand=["2H"])
    s, _ = act(s, WARRIOR, "attack", slots=[["7S"]], target="foe-1", token=False)
    s, ev = act(s, VILLAIN, "take")
    assert s.quests[0].done and any(e.kind == "quest_done" for e in ev)
    s = s.model_copy(update={"phase": Phase.EXPLORE, "here": "throne", "gift": "",
                             "gift_left": 0, "award_due": False})
    s, _ = act(s, WARRIOR, "turn_in", quest=0)
    options = {(a.args["treasure"], a.args["xp"]) for a in GAME.legal_actions(s, TREASURE)
               if a.args["rating"] == 3}
    assert options == {(3, 0), (1, 2), (0, 3)}
    xp = s.warrior.xp
    s, _ = act(s, TREASURE, "rate", rating=3, treasure=1, xp=2)
    assert s.warrior.xp == xp + 2 and s.gift_left == 2
    assert s.warrior.level == 2 and s.phase is Phase.LEVEL_UP  # points first, then the reward
    s, _ = act(s, WARRIOR, "raise", str=1, agi=1, hp=0, mp=0)
    s, _ = act(s, TREASURE, "nothing")
    assert s.phase is Phase.OVER and s.ended == "quest"


def test_session_zero_runs_in_order():
    s = GAME.setup(GAME.options_model())
    steps = [(WARRIOR, "yes", "slime", {}), (TREASURE, "no", "gore", {}),
             (WARRIOR, "done", "", {}), (TREASURE, "done", "", {}),
             (WARRIOR, "build", "", {"str": 6, "agi": 3, "hp": 20, "mp": 0}),
             (WARRIOR, "name", "Rowan", {}), (WARRIOR, "pronouns", "", {"set": "she"}),
             (WARRIOR, "adjective", "ember", {}), (WARRIOR, "trait", "sings", {}),
             (TREASURE, "ask", "Where?", {}), (WARRIOR, "answer", "Here.", {}),
             (ALLY, "skip", "", {}), (VILLAIN, "skip", "", {}),
             (TREASURE, "town", "Wickmere", {})]
    steps += [(TREASURE, "house", f"Person {i}", {}) for i in range(3)]
    steps += [(TREASURE, "houses_done", "", {"equipment_shop": False}),
              (TREASURE, "area", "the Downs", {"level": 1}),
              (TREASURE, "area", "the Fen", {"level": 2}),
              (VILLAIN, "trouble", "wolves", {}), (ALLY, "quest", "clear the fen",
                                                   {"area": "area-2"})]
    for seat, kind, text, args in steps:
        assert GAME.to_move(s) == [seat], (kind, s.phase)
        s, _ = act(s, seat, kind, text=text, **args)
    assert s.phase is Phase.CHESTS and s.warrior.adjective == "Ember"
    assert s.yes == ("slime",) and s.no == ("gore",)
    s, _ = act(s, WARRIOR, "open", chest=1)
    assert {a.args["kind"] for a in GAME.legal_actions(s, TREASURE)} == {
        "healstuff", "dragons-fire", "dragons-scale", "fairy-water", "wings"}
    s, _ = act(s, TREASURE, "give", text="Norgarden Ring: a wreath", kind="healstuff", level=1)
    s, _ = act(s, WARRIOR, "take")
    s, _ = act(s, WARRIOR, "open", chest=2)
    assert {a.args["kind"] for a in GAME.legal_actions(s, TREASURE)} == {
        "weapon", "armor", "offhand"}
    s, _ = act(s, TREASURE, "give", text="Wolf-Bear Claws", kind="offhand", level=1, **{
        "as": "weapon", "element": ""})
    s, _ = act(s, WARRIOR, "take")
    assert sheet.attack(s.warrior) == 7
    s, _ = act(s, WARRIOR, "open", chest=3)
    s, _ = act(s, TREASURE, "give", text="a brass key", kind="quest", level=0)
    s, _ = act(s, WARRIOR, "take")
    assert s.phase is Phase.EXPLORE and s.here == "throne" and len(s.warrior.quest_items) == 1


def test_a_house_count_outside_three_to_five_is_refused():
    s = State(phase=Phase.HOUSES, town="W", places=())
    with pytest.raises(RuleError):
        act(s, TREASURE, "houses_done", equipment_shop=False)
    assert Draft  # imported for the model's sake


def test_the_player_may_give_pronouns_of_their_own():
    s = State(phase=Phase.PRONOUNS)
    s2, ev = act(s, WARRIOR, "pronouns", text="xe/xem/xyr", set="own")
    assert s2.warrior.pronouns.startswith("xe/xem/xyr") and s2.phase is Phase.ADJECTIVE
    s3, _ = act(s, WARRIOR, "pronouns", text="x", set="own")  # the REPL refuses it first
    assert s3.warrior.pronouns == "they"
    from companion.core.verbs import CommandError
    from companion.games.dragon_warrior.commands import parse
    with pytest.raises(CommandError):
        parse("pronouns", "x", {}, [], WARRIOR)
    from companion.games.dragon_warrior.narrate import _hero
    hero = _hero({"warrior": {"name": "Ash", "pronouns": s2.warrior.pronouns}})
    assert hero.pronouns.them == "xem"
