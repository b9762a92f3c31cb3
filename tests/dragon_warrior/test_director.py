"""The director (STORY.md §5): the Villain builds and paces for a real contest, the Party Member
acts when it matters. Outcome shares are measured in bench/dragon_warrior.py --director; these
tests hold the behaviours that make them."""
from __future__ import annotations

import random

from companion.core.game import CHANCE, Action
from companion.games.dragon_warrior import GAME, build, director, policy
from companion.games.dragon_warrior.arena import (
    arena,
    conflict,
    default_warrior,
    dungeon_state,
    explore_state,
    town_places,
)
from companion.games.dragon_warrior.model import ALLY, VILLAIN, WARRIOR, Foe, Phase


def made_card(level: int, n: int, boss: bool = False) -> Foe:
    """A card filled out by the Villain's offline policy, through the engine's point buy."""
    s = explore_state(here="area-1", phase=Phase.BUILD, next_id=100 + n,
                      places=town_places(area_levels=(level,)))
    if boss:
        s = build.new_draft(s, level, "battle", "the Warden: a shadow", boss=True)
    while s.phase is Phase.BUILD:
        legal = GAME.legal_actions(s, VILLAIN)
        a = policy.choose(GAME.view(s, VILLAIN), VILLAIN, legal, random.Random(n))
        s, _ = GAME.apply(s, a.with_text("a bog ghoul: it drips") if a.ask else a)
    return next(c for c in s.cards if not c.minion_of)


def test_conflicts_from_level_3_use_mp_and_spells_defense_and_weaknesses():
    cards = [made_card(4, n) for n in range(30)]
    casters = [c for c in cards if c.max_mp >= 10 and c.spells]
    assert len(casters) >= 6  # about two in five plan a spell
    assert all(len(c.spells) == c.max_mp // 10 for c in cards)
    assert sum(c.weakness > 1 for c in cards) >= 20
    low = [made_card(2, n) for n in range(10)]
    assert not any(c.max_mp for c in low)  # no caster below Level 3
    bosses = [made_card(5, n, boss=True) for n in range(10)]
    assert any(b.max_def > 1 for b in bosses)  # a Boss of Level 5 buys Defense


def test_a_weakness_is_to_an_element_the_warrior_does_not_wield():
    from companion.games.dragon_warrior.model import Item

    w = default_warrior(weapon=Item(id="w", kind="weapon", level=1, name="Ember Blade",
                                    element="fire"))
    view = {"warrior": GAME.view(explore_state(warrior=w), WARRIOR)["warrior"]}
    assert director._wielded(view["warrior"]) == {"fire"}
    cards = [made_card(3, n) for n in range(20)]
    assert all(c.weak_to != "fire" for c in cards if c.weakness > 1)


def _reenter(hp: int, seed: int) -> str:
    s = dungeon_state(warrior=default_warrior(hp=hp))
    room = next(p for p in s.places if p.kind == "room")
    s = s.model_copy(update={"places": tuple(
        p.model_copy(update={"cleared": True, "named": True, "seen": True})
        if p.id == room.id else p for p in s.places)})
    s, _ = GAME.apply(s, Action(seat=WARRIOR, kind="go", args={"to": room.id}))
    assert s.phase is Phase.AMBUSH and not s.forced
    legal = GAME.legal_actions(s, VILLAIN)
    return policy.choose(GAME.view(s, VILLAIN), VILLAIN, legal, random.Random(seed)).kind


def test_a_cleared_room_is_not_a_battle_on_every_return_and_less_when_hurt():
    hale = sum(_reenter(20, n) == "ambush" for n in range(200))
    hurt = sum(_reenter(6, n) == "ambush" for n in range(200))
    assert 0 < hale <= 200 // 3 and hurt < hale


def test_a_forced_space_always_gets_its_battle():
    s = explore_state(here="street")
    s, _ = GAME.apply(s, Action(seat=WARRIOR, kind="go", args={"to": "area-1"}))
    while s.phase is Phase.DRAW:
        s, _ = GAME.apply(s, Action(seat="treasure", kind="drawn"))
    assert s.phase is Phase.AMBUSH and s.forced
    for n in range(20):
        legal = GAME.legal_actions(s, VILLAIN)
        assert policy.choose(GAME.view(s, VILLAIN), VILLAIN, legal,
                             random.Random(n)).kind == "ambush"


def _at_the_flip(pm_hp: int, warrior_hp: int, block: list[str]):
    pm = Foe(id="pm-1", name="Bram", level=1, party=True, atk=2, max_hp=10)
    s = arena(conflict(hp=30), warrior=default_warrior(hp=warrior_hp),
              warrior_hand=["5S", "9S"], villain_hand=block or ["2H"], party=pm,
              party_hp=pm_hp)
    s, _ = GAME.apply(s, Action(seat=WARRIOR, kind="attack", args={
        "slots": [["5S"]], "target": "foe-1", "token": False}))
    answer = Action(seat=VILLAIN, kind="block", args={"cards": block}) if block else \
        Action(seat=VILLAIN, kind="take")
    s, _ = GAME.apply(s, answer)
    assert GAME.to_move(s) == [ALLY]
    legal = GAME.legal_actions(s, ALLY)
    return policy.choose(GAME.view(s, ALLY), ALLY, legal, random.Random(0)).kind


def test_the_party_member_acts_when_it_matters():
    # played: the Party Member's card helped 13 blows of 16 and decided the fights; it now
    # steps in when it matters (bench/dragon_warrior.py --felt: at most a third of blows)
    assert _at_the_flip(10, 20, []) == "hold"  # the blow landed and leaves the foe standing
    assert _at_the_flip(10, 20, ["5H"]) == "flip"  # good odds, and a miss costs at most 4
    assert _at_the_flip(10, 20, ["8H"]) == "hold"  # even odds, all is well: the Warrior's fight
    assert _at_the_flip(3, 20, ["QH"]) == "hold"  # a Queen: long odds, and it could fall
    assert _at_the_flip(3, 20, ["6H"]) == "hold"  # a 5 could knock it out, and all is well
    assert _at_the_flip(10, 5, ["6H"]) == "flip"  # ... but the Warrior is in trouble: it helps


def test_the_party_member_finishes_a_foe_the_blow_leaves_standing():
    pm = Foe(id="pm-1", name="Bram", level=1, party=True, atk=3, max_hp=10)
    s = arena(conflict(hp=8, df=0), warrior=default_warrior(), warrior_hand=["5S", "9S"],
              villain_hand=["2H"], party=pm, party_hp=10)
    s, _ = GAME.apply(s, Action(seat=WARRIOR, kind="attack", args={
        "slots": [["5S"]], "target": "foe-1", "token": False}))
    s, _ = GAME.apply(s, Action(seat=VILLAIN, kind="take"))
    legal = GAME.legal_actions(s, ALLY)
    assert policy.choose(GAME.view(s, ALLY), ALLY, legal, random.Random(0)).kind == "flip"


def _villain_turn(level: int, hand: list[str], defense: int | None = None):
    foe = conflict(level=level, atk=3, df=1, hp=20, fast=True)  # Fast: the Villain acts first
    s = arena(foe, warrior_hand=["5S", "9S", "KD"], villain_hand=hand)
    if defense is not None:
        from companion.games.dragon_warrior.battle import fighter, set_fighter, with_battle

        f = fighter(s.battle, foe.id).model_copy(update={"defense": defense})
        s = with_battle(s, fighters=set_fighter(s.battle, f).fighters)
    assert GAME.to_move(s) == [VILLAIN]
    legal = GAME.legal_actions(s, VILLAIN)
    return s, policy.choose(GAME.view(s, VILLAIN), VILLAIN, legal, random.Random(0))


def test_a_low_conflict_plays_its_last_card_as_a_maneuver_only_when_it_gains_defense():
    # played: "maneuvers with A♥: Defense +0 (now 1)", twice in one battle
    s, a = _villain_turn(2, ["9H"])
    assert a.kind == "attack"  # Defense is full: a maneuver would gain nothing
    s, a = _villain_turn(2, ["9H"], defense=0)
    assert a.kind == "maneuver" and a.args["cards"] == ["9H"]
    s, _ = GAME.apply(s, a)
    assert GAME.to_move(s) == [CHANCE]  # the new hand is drawn before the Warrior's attack
    _, a = _villain_turn(2, ["4H", "9H"])
    assert a.kind == "attack" and a.args["cards"] == ["4H"]  # keeps the higher to block


def test_the_villain_never_maneuvers_for_nothing_when_it_could_attack():
    from companion.core.rng import Sampler, derived_rng

    idle = made = 0
    for seed in range(30):
        s = explore_state(here="area-1", phase=Phase.BUILD, next_id=100 + seed,
                          places=town_places(area_levels=(1 + seed % 4,)))
        sampler, n = Sampler(seed), 0
        while s.phase in (Phase.BUILD, Phase.BATTLE):
            due = GAME.to_move(s)
            if due == [CHANCE]:
                a = sampler.sample(GAME.chance(s), n)
            else:
                legal = GAME.legal_actions(s, due[0])
                a = policy.choose(GAME.view(s, due[0]), due[0], legal,
                                  derived_rng(seed, due[0], n))
                a = a.with_text("a bog ghoul: it drips") if a.ask else a
            s, events = GAME.apply(s, a)
            n += 1
            for e in events:
                if e.kind == "maneuvered" and e.data["who"] != "warrior":
                    made += 1
                    idle += e.data["gain"] == 0
    assert made and idle == 0
