"""Random legal sessions that never choose to stop early: the invariants hold at every step."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.playout import random_playout
from companion.games.dragon_warrior import GAME, sheet
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior.model import SEATS
from tests.helpers import play_actions, string_leaves


def keep_playing(game, state, due, rng: random.Random):
    """Uniform over the legal moves, except stopping the session, until step 600."""
    legal = game.legal_actions(state, rng.choice(due))
    if len(legal) > 1 and state.battles < 12:
        legal = [a for a in legal if a.kind != "end"] or legal
    action = rng.choice(legal)
    if action.ask is not None:
        action = action.with_text(rng.choice(["Ash: grey and quiet", "a quiet answer", "No."]))
    return action


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_invariants_hold_through_whole_sessions(seed):
    steps = list(random_playout(GAME, seed, choose=keep_playing, max_steps=20000))
    for before, action, s, events in steps:
        b = s.battle
        if b is not None:  # the 52 cards are all somewhere, once
            where = b.deck + b.discard + b.warrior_hand + b.villain_hand + b.table
            assert sorted(where) == sorted(C.DECK)
            for f in b.fighters:
                assert f.hp >= 0 and f.defense >= 0 and f.mp >= 0
        w = s.warrior
        assert w.level >= sheet.level_for(w.xp)  # the chart's Level, or one kept after a defeat
        assert w.level >= before.warrior.level  # a Level once reached is kept
        ids = {p.id for p in s.places}
        assert not s.places or s.here in ids  # the Warrior stands on a real space
        for p in s.places if s.chests else ():  # (the street names area-1 before it is drawn)
            assert set(p.links) <= ids and (p.kind != "room" or p.floor >= 1)
        searched = {p.id for p in before.places if p.searched}
        assert searched <= {p.id for p in s.places if p.searched}  # the $ marks stay
        if action.kind == "search":
            assert before.here not in searched
        for e in events:  # a room's or POI's treasure is given once
            if e.kind == "battle_over" and e.data["result"] == "victory" and \
                    before.here in searched and any(p.id == before.here and p.kind in
                                                    ("room", "poi") for p in before.places):
                assert s.gift_left == 0
        assert 0 <= w.hp <= w.max_hp and 0 <= w.mp <= w.max_mp
        assert 0 <= w.defense <= sheet.max_defense(w)
        assert sheet.pouch_used(w) <= sheet.pouch_capacity(w)
        assert all(0 <= t <= 3 for t in s.tokens)
        if s.party is not None:
            assert 0 < s.party_hp <= s.party.max_hp
        for seat in SEATS:  # nobody's view shows a card another seat holds
            assert not (GAME.secrets(s, seat) & set(string_leaves(GAME.view(s, seat))))
    final = steps[-1][2]
    assert GAME.is_over(final)
    assert play_actions(GAME, [a for _, a, _, _ in steps]) == final


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_walks_through_a_dungeon_keep_maps_and_treasure_honest(seed):
    """From a dungeon's doorstep, random legal moves by every seat: the Warrior is always on a
    real space that the map draws, the $ and X marks never come off, a room's treasure is given
    once, the Level reads off the XP chart."""
    from companion.games.dragon_warrior import maps
    from companion.games.dragon_warrior.arena import dungeon_state
    from companion.core.game import CHANCE

    from companion.core.rng import Sampler

    rng, sampler = random.Random(seed), Sampler(seed)
    s = dungeon_state(opened=rng.random() < 0.7, until="dungeon")  # (a defeat goes on)
    for n in range(400):
        if GAME.is_over(s):
            break
        due = GAME.to_move(s)
        if due == [CHANCE]:
            action = sampler.sample(GAME.chance(s), n)
        else:
            action = keep_playing(GAME, s, due, rng)
            if action.kind == "end":
                continue
        before = s
        s, events = GAME.apply(s, action)
        marks = {p.id: (p.searched, p.cleared) for p in before.places}
        for p in s.places:
            was = marks.get(p.id, (False, False))
            assert (p.searched or not was[0]) and (p.cleared or not was[1])
        for e in events:
            if e.kind == "battle_over" and e.data["result"] == "victory":
                spot = next(p for p in before.places if p.id == before.here)
                if spot.kind == "room" and spot.searched:
                    assert s.gift_left == 0
        assert s.warrior.level >= sheet.level_for(s.warrior.xp)
        v = GAME.view(s, "warrior")
        assert s.here in {p["id"] for p in v["places"]}
        drawn = maps.map_text(v)
        assert all(len(line) <= maps.WIDTH for line in drawn.splitlines())
