"""Issue 23, item 4: complications are story. The adventure's own setback for the obstacle comes
first; the list's entries only where the scene holds what they need (no friend, no "choose
between the valuables and a friend"; nothing blows up at a door lock); each lasts and is shown,
and none stacks the Difficulty."""
from __future__ import annotations

import random

import pytest

from companion.core.game import Action, RuleError
from companion.games.high_stakes.policy import choose
from tests.high_stakes.drive import G, dice, do, finish_beat, frame, start


def at_complication(scene, problem, *who, faces=(1, 2, 2), text="I try.", attribute="body"):
    s = frame(start(*(who or ("ash",))), scene=scene, text="")
    s = do(s, "player", "act", text, character=(who or ("ash",))[0], attribute=attribute)
    s = do(s, "gm", "roll", problem=problem)
    for k, v in (("attribute", {"attribute": attribute}), ("difficulty", {"value": 2}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = dice(do(s, "player", "roll"), *faces)
    while s.phase != "complication":
        if s.phase in ("after", "frame"):
            raise AssertionError("no complication came")
        s = do(s, G.to_move(s)[0], "narrate", "x") if s.phase == "narrate" else finish_beat_step(s)
    return s


def finish_beat_step(s):
    seat = G.to_move(s)[0]
    a = G.legal_actions(s, seat)[0]
    return G.apply(s, a.with_text("x") if a.ask else a)[0]


@pytest.mark.parametrize("scene,problem,sets_off", [
    ("villa_walls", "walls", "red_sleeves"),        # someone sees you and calls the militia
    ("gate", "guards", "caught_at_gate"),           # the night of beating, unless you break free
    ("house_front", "door", "clay_golem"),          # the silent alarm brings the golem
])
def test_the_adventures_own_complication_for_the_obstacle_comes_first(scene, problem, sets_off):
    s = at_complication(scene, problem)
    move = choose(G.view(s, "gm"), "gm", G.legal_actions(s, "gm"), random.Random(0))
    assert move.kind == "complication" and move.args["id"] == "problem"
    after, _ = G.apply(s, move.with_text("x"))
    assert sets_off in after.triggers


def test_the_dog_bite_fever_costs_a_mind_die_until_the_rest():
    s = at_complication("courtyard", "dogs")
    move = choose(G.view(s, "gm"), "gm", G.legal_actions(s, "gm"), random.Random(0))
    after, _ = G.apply(s, move.with_text("x"))
    assert after.char("ash").loss["mind"] == 1


def test_no_friend_and_no_valuables_no_choice_between_them():
    s = at_complication("house_front", "door")
    ids = {a.args["id"] for a in G.legal_actions(s, "gm")}
    assert "choose_loss" not in ids and "blows_up" not in ids and "dependent_endangered" not in ids
    with pytest.raises(RuleError) as e:
        G.apply(s, Action(seat="gm", kind="complication", args={"id": "choose_loss"}).with_text("x"))
    assert "needs" in str(e.value) and "friend" in str(e.value)


def test_with_a_friend_beside_and_valuables_made_true_the_choice_can_come():
    s = at_complication("courtyard", "dogs", "ash", "rust")
    s = s.model_copy(update={"fact_kinds": [*s.fact_kinds, "valuables"],
                             "facts": [*s.facts, "A purse of silver under the fig tree."]})
    assert "choose_loss" in {a.args["id"] for a in G.legal_actions(s, "gm")}


def test_an_alert_lasts_into_the_next_scene_and_never_stacks():
    s = at_complication("villa_walls", "walls", faces=(1, 1, 2))
    for cid in ("enemy_arrives", "stronger_foe", "sleeper_wakes", "turns_hostile", "weapon_jams"):
        if s.phase != "complication":
            break
        legal = [a for a in G.legal_actions(s, "gm") if a.args.get("id") == cid]
        if legal:
            s, _ = G.apply(s, legal[0].with_text("x"))
    assert s.harder == 1  # two setbacks that alert: one harder, not two
    s = finish_beat(s)
    if s.phase == "after":
        s = do(s, "gm", "end_scene")
    s = frame(s, scene="gate")
    assert s.harder == 1  # the next scene still remembers
    s = do(s, "player", "act", "I slip past.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="guards")
    s = do(s, "gm", "attribute", attribute="body")
    s = do(s, "gm", "difficulty", value=2)
    assert s.roll.difficulty == 3 and s.harder == 0


def test_a_weapon_jams_only_where_a_fight_can_be_had():
    """A blade sticks in a fight, not on a wall with nobody to fight (the drafting aid's goose
    from the cheesemonger drew it too: complications fit what the scene holds)."""
    wall = {a.args["id"] for a in G.legal_actions(at_complication("villa_walls", "walls"), "gm")}
    dogs = {a.args["id"] for a in G.legal_actions(
        at_complication("courtyard", "dogs", text="I go at them with my blade"), "gm")}
    assert "weapon_jams" not in wall and "weapon_jams" in dogs


@pytest.mark.parametrize("text", ["I try.", "I scramble up the slimy wall out of its reach",
                                  "I wave my arms and shriek so it turns toward the drain"])
def test_a_blade_sticks_only_where_one_was_drawn(text):
    """Played (s13, Sorrel in the slug pit): "the blade sticks fast" for a hero who climbed and
    named no blade. Where a fight can be had, the blade sticks only when the words fight or draw
    one."""
    ids = {a.args["id"] for a in G.legal_actions(at_complication("slug_pit", "slug", text=text), "gm")}
    assert "weapon_jams" not in ids
    for drawn in ("I stab at its tentacles", "I slash with my dagger as it rears"):
        ids = {a.args["id"] for a in G.legal_actions(at_complication("slug_pit", "slug", text=drawn), "gm")}
        assert "weapon_jams" in ids, drawn
