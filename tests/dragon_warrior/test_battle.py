"""Every battle rule of GAMES.md §4, each by a test that fails when the rule is broken."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, Action, RuleError
from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior.arena import arena, conflict, default_warrior, fighter_of
from companion.games.dragon_warrior.model import ALLY, VILLAIN, WARRIOR, Foe, Item, Phase


def act(s, seat, kind, **args):
    return GAME.apply(s, Action(seat=seat, kind=kind, args=args))


def attack(s, *slots, target="foe-1", token=False):
    return act(s, WARRIOR, "attack", slots=[list(x) for x in slots], target=target, token=token)


def deal(s, items):
    return GAME.apply(s, GAME.chance(s).outcome(items))


# -- the deck ------------------------------------------------------------------------------------
def test_ranks_values_and_labels():
    assert [C.value(c) for c in ("AS", "2H", "10D", "JC", "QS", "KH")] == [1, 2, 10, 10, 10, 10]
    assert C.rank("AS") < C.rank("2S") < C.rank("10S") < C.rank("JS") < C.rank("QS") < C.rank("KS")
    assert C.labels(["AS", "7H", "7D", "KC"]) == "A♠ 7♥ 7♦ K♣"
    assert C.parse_card("10♦") == "10D" and C.parse_card("th") == "10H"
    assert len(set(C.DECK)) == 52


def test_the_deck_is_explicit_chance_and_hands_have_their_sizes():
    w = default_warrior(agility=3)
    s = arena(conflict(level=5), warrior=w)
    assert GAME.to_move(s) == [CHANCE]
    ch = GAME.chance(s)
    assert ch.count == 2 + 3 and len(ch.options) == 52 and ch.physical_seats == (WARRIOR,)
    s, _ = deal(s, list(ch.options[:5]))
    ch = GAME.chance(s)
    assert ch.count == 3 + 5 // 5 and ch.visible_to == (VILLAIN,)
    with pytest.raises(RuleError):  # a card already in the Warrior's hand cannot be drawn
        GAME.apply(s, Action(seat=CHANCE, kind="chance",
                             args={"items": [s.battle.warrior_hand[0], "KS", "KH", "KD"]}))
    for level, size in ((1, 3), (4, 3), (5, 4), (10, 5)):
        assert GAME.chance(deal(arena(conflict(level=level)), list(C.DECK[:5]))[0]).count == size


def test_warrior_first_unless_the_conflict_is_fast():
    s = arena(warrior_hand=["2S"], villain_hand=["3S"])
    assert GAME.to_move(s) == [WARRIOR]
    s = arena(conflict(fast=True), warrior_hand=["2S"], villain_hand=["3S"])
    assert GAME.to_move(s) == [VILLAIN]


def test_refill_only_when_the_hand_is_empty_at_the_start_of_the_owners_turn():
    s = arena(conflict(hp=30), warrior_hand=["2S", "3S"], villain_hand=["4H"])
    s, _ = attack(s, ["2S"])
    s, _ = act(s, VILLAIN, "take")
    # the Villain's turn: it still holds a card, so no draw
    assert GAME.to_move(s) == [VILLAIN]
    s, _ = act(s, VILLAIN, "maneuver", cards=["4H"], by="foe-1")
    # the maneuver played its last card: a new hand at once (chance), then the Warrior's turn
    assert GAME.to_move(s) == [CHANCE] and GAME.chance(s).count == 3
    s, _ = deal(s, ["5H", "6H", "7H"])
    assert GAME.to_move(s) == [WARRIOR] and s.battle.warrior_hand == ("3S",)
    s, _ = attack(s, ["3S"])
    s, _ = act(s, VILLAIN, "take")
    s, ev = act(s, VILLAIN, "attack", cards=["5H"], by="foe-1")
    # the Warrior holds no card, so cannot block (nothing is asked); the hand is refilled to
    # 2 + Agility at the start of the Warrior's turn
    assert any(e.kind == "no_block" for e in ev)
    assert GAME.to_move(s) == [CHANCE] and GAME.chance(s).count == 5


# -- attack, block, damage ---------------------------------------------------------------------
def test_a_block_needs_equal_or_higher_rank_per_card():
    s = arena(warrior_hand=["7S", "2C"], villain_hand=["7H", "6D", "KC"])
    s1, _ = attack(s, ["7S"])
    blocks = {tuple(a.args["cards"]) for a in GAME.legal_actions(s1, VILLAIN)
              if a.kind == "block"}
    assert blocks == {("7H",), ("KC",)}  # equal or higher; the 6 cannot
    with pytest.raises(RuleError) as err:
        act(s1, VILLAIN, "block", cards=["6D"])
    assert err.value.rule == "blocking"
    s2, ev = act(s1, VILLAIN, "block", cards=["7H"])
    assert fighter_of(s2, "foe-1").hp == 10 and fighter_of(s2, "foe-1").defense == 2
    assert any(e.kind == "missed" for e in ev)


def test_two_cards_need_two_blocks():
    tokens = (1, 0)
    s = arena(warrior_hand=["7S", "9C"], villain_hand=["KH", "2D"], tokens=tokens)
    s1, _ = attack(s, ["7S"], ["9C"], token=True)  # a Dragon Token plays an extra card
    assert s1.tokens == (0, 0)
    assert not [a for a in GAME.legal_actions(s1, VILLAIN) if a.kind == "block"]
    s = arena(warrior_hand=["7S", "9C"], villain_hand=["KH", "9D"], tokens=tokens)
    s1, _ = attack(s, ["7S"], ["9C"], token=True)
    assert {tuple(a.args["cards"]) for a in GAME.legal_actions(s1, VILLAIN)
            if a.kind == "block"} == {("9D", "KH")}


def test_damage_goes_to_defense_first_then_hp():
    s = arena(conflict(atk=1, df=3, hp=10), warrior_hand=["7S"], villain_hand=["2H"])
    s, ev = attack(s, ["7S"])
    s, ev = act(s, VILLAIN, "take")
    hit = next(e for e in ev if e.kind == "hit").data
    assert sheet_attack(s) == 7
    assert (hit["defense_lost"], hit["hp_lost"]) == (3, 4)
    assert (fighter_of(s, "foe-1").defense, fighter_of(s, "foe-1").hp) == (0, 6)


def sheet_attack(s):
    from companion.games.dragon_warrior import sheet
    return sheet.attack(s.warrior)


def test_a_foe_hits_the_warriors_defense_then_hp():
    s = arena(conflict(atk=4, df=1, hp=10, fast=True), warrior_hand=["2S"], villain_hand=["9H"])
    assert s.warrior.defense == 1
    s, _ = act(s, VILLAIN, "attack", cards=["9H"], by="foe-1")
    assert not [a for a in GAME.legal_actions(s, WARRIOR) if a.kind == "block"]
    s, _ = act(s, WARRIOR, "take")
    assert (s.warrior.defense, s.warrior.hp) == (0, 17)


def test_only_the_warrior_plays_criticals():
    s = arena(conflict(fast=True), warrior_hand=["2S"], villain_hand=["9H", "9D", "9C"])
    kinds = [a for a in GAME.legal_actions(s, VILLAIN) if a.kind == "attack"]
    assert all(len(a.args["cards"]) == 1 for a in kinds)
    with pytest.raises(RuleError):
        act(s, VILLAIN, "attack", cards=["9H", "9D"], by="foe-1")


def test_a_critical_adds_agility_and_only_a_higher_set_as_large_blocks_it():
    s = arena(conflict(atk=1, df=1, hp=30), warrior_hand=["7S", "7H"],
              villain_hand=["7D", "7C", "KH"])
    s1, _ = attack(s, ["7H", "7S"])
    blocks = [a.args["cards"] for a in GAME.legal_actions(s1, VILLAIN) if a.kind == "block"]
    assert blocks == []  # same rank does not block a critical; a single King does not either
    s2, ev = act(s1, VILLAIN, "take")
    hit = next(e for e in ev if e.kind == "hit").data
    assert hit["damage"] == 7 + 3 and hit["critical"]
    s = arena(conflict(atk=1, df=1, hp=30), warrior_hand=["7S", "7H"],
              villain_hand=["8D", "8C", "8H"])
    s1, _ = attack(s, ["7H", "7S"])
    blocks = sorted(tuple(a.args["cards"]) for a in GAME.legal_actions(s1, VILLAIN)
                    if a.kind == "block")
    assert ("8C", "8D") in blocks and ("8C", "8D", "8H") in blocks
    assert all(len(b) >= 2 for b in blocks)


def test_an_empty_hand_cannot_block():
    s = arena(conflict(hp=30), warrior_hand=["2S", "3S"], villain_hand=["KH"])
    s, _ = attack(s, ["2S"])
    s, _ = act(s, VILLAIN, "block", cards=["KH"])
    # the Villain's turn: its hand is empty, so it draws first (its turn begins)
    assert GAME.to_move(s) == [CHANCE]
    s, _ = deal(s, ["4H", "5H", "6H"])
    s, _ = act(s, VILLAIN, "attack", cards=["4H"], by="foe-1")
    s, _ = act(s, WARRIOR, "take")
    s, _ = attack(s, ["3S"])
    s, _ = act(s, VILLAIN, "block", cards=["5H"])
    s, _ = act(s, VILLAIN, "attack", cards=["6H"], by="foe-1")
    # the Warrior holds no card now: the attack lands without being asked
    assert GAME.to_move(s) in ([CHANCE], [WARRIOR])
    assert s.warrior.hp < 20 or s.warrior.defense == 0


# -- maneuver -----------------------------------------------------------------------------------
def test_maneuver_regains_defense_up_to_max_and_the_last_card_draws_a_new_hand():
    w = default_warrior(armor=Item(id="a", kind="armor", level=5, name="Plate"))
    s = arena(warrior=w, warrior_hand=["3S", "9H"], villain_hand=["2C"])
    s = s.model_copy(update={"warrior": s.warrior.model_copy(update={"defense": 1})})
    s1, _ = act(s, WARRIOR, "maneuver", slots=[["3S"]], token=False)
    assert s1.warrior.defense == 4 and GAME.to_move(s1) == [VILLAIN]
    s2, _ = act(s, WARRIOR, "maneuver", slots=[["9H"]], token=False)
    assert s2.warrior.defense == 5  # capped at max Defense
    s = arena(warrior=w, warrior_hand=["3S"], villain_hand=["2C"])
    s3, _ = act(s, WARRIOR, "maneuver", slots=[["3S"]], token=False)
    assert GAME.to_move(s3) == [CHANCE] and GAME.chance(s3).what == "the Warrior's hand"


# -- items and spells -------------------------------------------------------------------------------
def test_healstuff_in_battle_heals_card_value_plus_level_and_criticals_add():
    pot = Item(id="p", kind="healstuff", level=2, name="Mint Knot")
    w = default_warrior(hp=5, pouch=(pot,))
    s = arena(warrior=w, warrior_hand=["4S", "4H", "KC"], villain_hand=["2C"])
    s1, _ = act(s, WARRIOR, "use", item="p", slots=[["4H", "4S"]], token=False, target=WARRIOR)
    assert s1.warrior.hp == 5 + 8 + 2 and s1.warrior.pouch == ()
    s2, _ = act(s, WARRIOR, "use", item="p", slots=[["KC"]], token=False, target=WARRIOR)
    assert s2.warrior.hp == 5 + 10 + 2


def test_spells_cost_mp_and_do_what_the_list_says():
    w = default_warrior(max_mp=40, mp=40, hp=5)
    s = arena(conflict(hp=30), warrior=w, warrior_hand=["2S", "3S", "9C", "KD", "5H"],
              villain_hand=["QC", "QH"])
    spells = {a.args["spell"] for a in GAME.legal_actions(s, WARRIOR) if a.kind == "cast"}
    assert spells == {"hurt", "heal", "stamina"}  # 40 MP: the first four; Radiant is not for battle
    s1, _ = act(s, WARRIOR, "cast", spell="hurt", slots=[["2S"], ["3S"]], target="foe-1",
                token=False)
    assert s1.warrior.mp == 37
    assert {tuple(a.args["cards"]) for a in GAME.legal_actions(s1, VILLAIN)
            if a.kind == "block"} == {("QC", "QH")}
    s2, _ = act(s, WARRIOR, "cast", spell="heal", slots=[["2S"], ["3S"]], target=WARRIOR,
                token=False)
    assert s2.warrior.hp == 5 + 5 and s2.warrior.mp == 36
    s2, _ = act(s, WARRIOR, "cast", spell="heal", slots=[["9C"], ["KD"]], target=WARRIOR,
                token=False)
    assert s2.warrior.hp == 20  # never past max HP
    s3, _ = act(s, WARRIOR, "cast", spell="stamina")
    assert GAME.to_move(s3) == [CHANCE] and GAME.chance(s3).count == 5
    s3, _ = deal(s3, ["AS", "AH", "AD", "AC", "2H"])
    assert GAME.to_move(s3) == [WARRIOR] and len(s3.battle.warrior_hand) == 10


def test_spellblock_costs_half_the_attacking_value_rounded_up_and_blocks():
    w = default_warrior(max_mp=40, mp=40)
    s = arena(conflict(atk=5, fast=True), warrior=w, warrior_hand=["2S"], villain_hand=["9H"])
    s = s.model_copy(update={"warrior": s.warrior.model_copy(
        update={"max_mp": 50, "mp": 50})})  # 50 MP: Spellblock is the fifth spell
    s, _ = act(s, VILLAIN, "attack", cards=["9H"], by="foe-1")
    s, ev = act(s, WARRIOR, "spellblock")
    assert s.warrior.mp == 50 - 5 and s.warrior.hp == 20
    assert any(e.kind == "spellblocked" for e in ev)


def test_armor_regen_does_not_use_the_turn():
    w = default_warrior(max_mp=60, mp=60, armor=Item(id="a", kind="armor", level=6, name="P"))
    s = arena(warrior=w, warrior_hand=["2S"], villain_hand=["9H"])
    s = s.model_copy(update={"warrior": s.warrior.model_copy(update={"defense": 0})})
    s, _ = act(s, WARRIOR, "cast", spell="armor-regen")
    assert s.warrior.defense == 6 and s.warrior.mp == 50 and GAME.to_move(s) == [WARRIOR]


# -- running away ----------------------------------------------------------------------------------
def test_run_away_blocked_stays_escaped_earns_nothing():
    s = arena(warrior_hand=["5S", "2S"], villain_hand=["9H"])
    s1, _ = act(s, WARRIOR, "run", slots=[["5S"]], token=False)
    s1, ev = act(s1, VILLAIN, "block", cards=["9H"])
    assert s1.phase is Phase.BATTLE and any(e.kind == "escape_failed" for e in ev)
    s2, _ = act(s, WARRIOR, "run", slots=[["5S"]], token=False)
    s2, ev = act(s2, VILLAIN, "take")
    assert s2.phase is Phase.EXPLORE and s2.battle is None
    assert s2.warrior.xp == 0 and s2.gift == "" and s2.wins == 0


# -- party members -------------------------------------------------------------------------------
def _with_pm(**kw):
    pm = Foe(id="pm-1", name="Cass", level=1, atk=3, max_def=1, max_hp=10, party=True)
    return arena(party=pm, party_hp=6, **kw)


@pytest.mark.parametrize("flip,effect", [("QS", "helps"), ("5S", "hurt"), ("9S", "healed")])
def test_party_member_flip_on_attack(flip, effect):
    s = _with_pm(foe=conflict(atk=1, df=0, hp=30), warrior_hand=["7S"], villain_hand=["9H"])
    s, _ = attack(s, ["7S"])
    s, _ = act(s, VILLAIN, "block", cards=["9H"])
    assert GAME.to_move(s) == [ALLY]
    s, _ = act(s, ALLY, "flip")
    assert GAME.to_move(s) == [CHANCE] and "Party Member" in GAME.chance(s).what
    s, ev = deal(s, [flip])
    kinds = {e.kind for e in ev}
    if effect == "helps":  # higher than the highest block: the PM's Attack lands
        assert fighter_of(s, "foe-1").hp == 30 - 3 and s.party_hp == 6
    elif effect == "hurt":  # lower: the PM loses HP equal to the card's value
        assert s.party_hp == 1 and fighter_of(s, "foe-1").hp == 30
    else:  # equal: the PM heals that much
        assert s.party_hp == 10 and "pm_healed" in kinds


def test_party_member_blocks_a_foe_attack_with_a_higher_card():
    s = _with_pm(foe=conflict(atk=5, fast=True), warrior_hand=["2S"], villain_hand=["6H"])
    s, _ = act(s, VILLAIN, "attack", cards=["6H"], by="foe-1")
    s, _ = act(s, ALLY, "flip")
    s, _ = deal(s, ["8C"])
    assert s.warrior.hp == 20 and s.warrior.defense == 1 and GAME.to_move(s) == [WARRIOR]


def test_the_party_member_stopping_a_foes_blow_is_told_as_a_defence():
    # played (seed 41): Loam's card stopped the drakee bat's blow, told "Loam catches the moment
    # Marigold opens and widens it" (a blow of hers carried home)
    import re

    from companion.games.dragon_warrior.narrate import Narrator, templates
    from companion.story.voice import Beat, NarrationMemory

    s = _with_pm(foe=conflict(atk=5, fast=True), warrior_hand=["2S"], villain_hand=["6H"])
    s, _ = act(s, VILLAIN, "attack", cards=["6H"], by="foe-1")
    s, _ = act(s, ALLY, "flip")
    s, ev = deal(s, ["8C"])
    helped = next(e for e in ev if e.kind == "pm_helps")
    assert helped.data.get("blocks")
    view = {"warrior": {"name": "Marigold", "pronouns": "she"}, "battles": 1}
    mem = NarrationMemory(seed=1)
    for n in range(6):
        told = Narrator(1).narrate(Beat(step=n, action=Action(seat=CHANCE, kind="chance"),
                                        events=[helped], view=view), mem)
        assert re.search(r"\b(blow|side)\b", told), told  # a defence says what it stopped
    assert not any(re.search(r"\b(blow|side)\b", t) for t in templates()["pm_helps"])


# -- the end of a battle ----------------------------------------------------------------------------
def test_victory_xp_doubles_above_level_and_defense_returns_to_max():
    for level, xp in ((1, 1), (2, 4)):
        s = arena(conflict(level=level, atk=1, df=0, hp=1), warrior_hand=["7S"],
                  villain_hand=["2H"])
        s = s.model_copy(update={"warrior": s.warrior.model_copy(update={"defense": 0})})
        s, _ = attack(s, ["7S"])
        s, _ = act(s, VILLAIN, "take")
        assert s.warrior.xp == xp and s.wins == 1 and s.battle is None
        assert s.warrior.defense == 1
        assert s.gift == "battle" and s.gift_left == level  # treasure worth the Conflict's level


def test_defeat_costs_twice_the_level_in_xp_and_wakes_at_the_inn():
    w = default_warrior(hp=1, level=3, xp=40)
    s = arena(conflict(atk=9, fast=True), warrior=w, warrior_hand=["2S"], villain_hand=["9H"])
    s, _ = act(s, VILLAIN, "attack", cards=["9H"], by="foe-1")
    s, ev = act(s, WARRIOR, "take")
    assert s.warrior.xp == 34 and s.here == "inn" and s.warrior.hp == s.warrior.max_hp
    assert s.phase is Phase.EXPLORE and s.ended == "" and s.defeats == 1  # a setback


def test_a_level_up_gives_two_points_and_raises_current_hp():
    w = default_warrior(xp=4)
    s = arena(conflict(level=1, atk=1, df=0, hp=1), warrior=w, warrior_hand=["7S"],
              villain_hand=["2H"])
    s, _ = attack(s, ["7S"])
    s, ev = act(s, VILLAIN, "take")
    assert s.warrior.level == 2 and s.warrior.points == 2 and s.phase is Phase.LEVEL_UP
    assert len(GAME.legal_actions(s, WARRIOR)) == 10  # 2 points over 4 stats
    hp = s.warrior.hp
    s, _ = act(s, WARRIOR, "raise", str=0, agi=0, hp=2, mp=0)
    assert s.warrior.max_hp == 30 and s.warrior.hp == hp + 10 and s.warrior.points == 0


# -- minions -----------------------------------------------------------------------------------
def test_a_minion_acts_after_its_master_is_targeted_separately_and_the_master_ends_it():
    master = conflict(level=2, atk=1, df=0, hp=1, id="foe-1")
    minion = conflict(level=1, atk=1, df=0, hp=5, id="foe-2", name="an imp")
    s = arena(master, minion=minion, warrior_hand=["7S", "8S", "9S"],
              villain_hand=["2H", "3H", "4H"])
    targets = {a.args["target"] for a in GAME.legal_actions(s, WARRIOR) if a.kind == "attack"}
    assert targets == {"foe-1", "foe-2"}
    s1, _ = attack(s, ["7S"], target="foe-2")
    s1, _ = act(s1, VILLAIN, "take")
    assert fighter_of(s1, "foe-2").hp == 0 and s1.battle.minion == ""
    s2, _ = act(s, WARRIOR, "maneuver", slots=[["7S"]], token=False)
    assert s2.battle.turn == "foe-1"
    s2, _ = act(s2, VILLAIN, "maneuver", cards=["2H"], by="foe-1")
    assert s2.battle.turn == "foe-2"  # the minion acts right after the master
    s2, _ = act(s2, VILLAIN, "maneuver", cards=["3H"], by="foe-2")
    assert s2.battle.turn == WARRIOR
    s3, _ = attack(s, ["9S"], target="foe-1")
    s3, _ = act(s3, VILLAIN, "take")
    assert s3.battle is None and s3.wins == 1 and s3.warrior.xp == 4  # minions give no XP


def test_two_cards_of_two_ranks_are_refused_with_the_forms_that_work():
    # played (seed 23): "attack kh 10h" said only "attack is not possible like that now"
    s = arena(conflict(hp=30), warrior_hand=["KH", "10H", "7S"], villain_hand=["2C"])
    with pytest.raises(RuleError) as err:
        attack(s, ["KH"], ["10H"])
    said = str(err.value)
    assert "one card" in said and "attack 7h 7d" in said and "token" in said, said


def test_a_move_typed_while_a_foe_attacks_is_refused_with_what_comes_first():
    # played (seed 23): "attack kh" while a foe's attack waited said only "you cannot attack
    # that now"
    from companion.games.dragon_warrior.commands import parse

    s = arena(conflict(hp=30, fast=True), warrior_hand=["KH", "2C"], villain_hand=["9S"])
    s, _ = act(s, VILLAIN, "attack", cards=["9S"], by="foe-1")
    legal = GAME.legal_actions(s, WARRIOR)
    assert {a.kind for a in legal} >= {"block", "take"}
    with pytest.raises(RuleError) as err:
        parse("attack", "kh", GAME.view(s, WARRIOR), legal, WARRIOR)
    assert "attack comes first" in str(err.value) and "block CARDS" in str(err.value)


def test_leaving_in_the_middle_of_a_battle_is_refused_with_what_to_do_instead():
    # played (seed 23): "go sunken orchard" during an ambush said "go is not possible now"
    s = arena(conflict(hp=30, fast=True), warrior_hand=["KH", "2C"], villain_hand=["9S"])
    s, _ = act(s, VILLAIN, "attack", cards=["9S"], by="foe-1")
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "go", to="street")
    assert "middle of a battle" in str(err.value) and "block CARDS" in str(err.value)
    s = arena(conflict(hp=30), warrior_hand=["KH", "2C"], villain_hand=["9S"])
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "go", to="street")
    assert "middle of a battle" in str(err.value) and "run CARD" in str(err.value)


def test_an_attack_with_no_card_is_refused_with_the_form_to_type():
    # played (seed 41): a bare "attack" said "attack is not possible like that now"
    s = arena(conflict(hp=30), warrior_hand=["KH", "2C"], villain_hand=["9S"])
    with pytest.raises(RuleError) as err:
        act(s, WARRIOR, "attack", slots=[], target="foe-1", token=False)
    assert "attack CARD, as in attack 2c" in str(err.value), str(err.value)


def test_an_item_of_no_use_in_a_fight_is_refused_saying_so():
    # played (seed 41): "use fairy 3c" in battle said only "you cannot use that now"
    from companion.games.dragon_warrior.commands import parse

    w = default_warrior(pouch=(Item(id="item-9", kind="fairy-water", level=1, name="Moonwell Dew",
                                    uses=1),))
    s = arena(conflict(hp=30), warrior=w, warrior_hand=["KH", "3C"], villain_hand=["9S"])
    legal = GAME.legal_actions(s, WARRIOR)
    with pytest.raises(RuleError) as err:
        parse("use", "moonwell 3c", GAME.view(s, WARRIOR), legal, WARRIOR)
    assert "does nothing in a fight" in str(err.value) and "healstuff" in str(err.value)


def test_a_verb_refused_in_a_battle_names_its_rule_in_words():
    # played (dw6, seed 57): "open" typed at the wrong time was refused "(rule: open)"
    from companion.games.dragon_warrior.commands import parse

    s = arena(conflict(hp=30), warrior_hand=["KH", "2C"], villain_hand=["9S"])
    legal = GAME.legal_actions(s, WARRIOR)
    for verb, rule in (("open", "the throne room's chests"), ("search", "searching")):
        with pytest.raises(RuleError) as err:
            parse(verb, "", GAME.view(s, WARRIOR), legal, WARRIOR)
        assert err.value.rule == rule, verb


def test_every_verb_a_player_types_has_its_rule_named_in_words():
    # played (s14): "take" typed with no blow to take was refused "(rule: take)"
    from companion.games.dragon_warrior.why import rule_name

    verbs = ("attack", "maneuver", "run", "block", "take", "spellblock", "use", "cast", "go",
             "talk", "search", "rest", "buy", "fight", "turn_in", "award", "end", "open", "leave",
             "drop", "accept", "decline", "raise", "unlock", "party_raise", "yes", "no", "done",
             "attune", "swap")
    raw = [k for k in verbs if rule_name(k) in (k, k.replace("_", " "))]
    assert not raw, raw
