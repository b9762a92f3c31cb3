"""Every rule of High Stakes (GAMES.md §3), each with a test that fails when the rule is broken."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, RuleError
from companion.games.high_stakes import HighStakesOptions
from companion.games.high_stakes.data import load
from companion.games.high_stakes.engine import attribute_splits
from tests.high_stakes.drive import (
    G, dice, do, do_ev, end_scene, find, finish_beat, frame, pool, start, to_pool, trait,
)

R = load()


def refused(s, seat, kind, rule, **args):
    from companion.core.game import Action

    with pytest.raises(RuleError) as err:
        G.apply(s, Action(seat=seat, kind=kind, args=args))
    assert err.value.rule == rule, err.value
    return err.value


# -- character creation ---------------------------------------------------------------------------
def test_attribute_splits_are_exactly_8_dice_of_1_to_4():
    splits = attribute_splits()
    assert len(splits) == 12
    assert all(sum(x) == 8 and all(1 <= d <= 4 for d in x) for x in splits)
    s = G.setup(HighStakesOptions())
    s = do(s, "player", "build")
    assert len(G.legal_actions(s, "player")) == 12
    refused(s, "player", "attributes", "attribute-dice", body=5, mind=2, aura=1)
    refused(s, "player", "attributes", "attribute-dice", body=4, mind=4, aura=1)


def test_building_a_character_takes_5_traits_3_relationships_and_optional_extras():
    s = G.setup(HighStakesOptions())
    s = do(s, "player", "build")
    s = do(s, "player", "attributes", body=2, mind=2, aura=4)
    s = do(s, "player", "name", "Heather")
    s = do(s, "player", "concept", "a flower seller")
    for i in range(5):
        s = do(s, "player", "trait_name", f"trait {i}", n=i + 1)
    for i in range(3):
        s = do(s, "player", "relationship_name", f"rel {i}", n=i + 1)
    s = do(s, "player", "no_secret")
    s = do(s, "player", "unique", "a silver whistle")
    c = s.characters[0]
    assert (c.name, c.base) == ("Heather", {"body": 2, "mind": 2, "aura": 4})
    assert [t.name for t in c.traits] == [f"trait {i}" for i in range(5)]
    assert len(c.relationships) == 3 and c.secret == "" and c.unique == "a silver whistle"
    assert s.phase == "frame"


def test_premade_characters_follow_the_creation_rules():
    for pm in R.adv.premade:
        assert pm.body + pm.mind + pm.aura == 8
        assert len(pm.traits) == 5 and len(pm.relationships) == 3


def test_several_characters_are_created_before_the_story():
    s = G.setup(HighStakesOptions(players=2))
    s = do(s, "player", "premade", id="ash")
    assert s.phase == "create"
    assert not any(a.args.get("id") == "ash" for a in G.legal_actions(s, "player"))
    s = do(s, "player", "premade", id="rust")
    assert s.phase == "frame" and [c.id for c in s.characters] == ["ash", "rust"]


# -- the stakes come before the dice --------------------------------------------------------------
def test_difficulty_and_consequence_are_set_before_any_die():
    s = start("ash")
    s = frame(s)
    s = do(s, "player", "act", "I climb.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="open")
    # nothing of the pool, and no dice, before the GM has set attribute, Difficulty, Consequence
    for stage in ("attribute", "difficulty", "consequence", "advantage"):
        assert s.roll.stage == stage
        assert G.legal_actions(s, "player") == []
        assert G.to_move(s) == ["gm"]
        s = {"attribute": lambda x: do(x, "gm", "attribute", attribute="body"),
             "difficulty": lambda x: do(x, "gm", "difficulty", value=3),
             "consequence": lambda x: do(x, "gm", "consequence", kinds=["wounded"]),
             "advantage": lambda x: do(x, "gm", "advantage", dice=0)}[stage](s)
    assert s.phase == "pool" and s.roll.difficulty == 3 and s.roll.consequence == ["wounded"]
    refused(s, "gm", "difficulty", "turn", value=1)


def test_difficulty_zero_is_no_roll():
    s = start("ash")
    s = frame(s)
    s = do(s, "player", "act", "I ask for directions.", character="ash", attribute="aura")
    refused(s, "gm", "difficulty", "phase", value=0)
    s = do(s, "gm", "no_roll", "The baker points the way.")
    assert s.roll is None and s.phase == "after"


def test_gm_may_overrule_the_attribute():
    s = start("ash")
    s = frame(s)
    s = do(s, "player", "act", "I talk my way in.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="open")
    s = do(s, "gm", "attribute", attribute="aura")
    assert pool(s).attribute == "aura" and pool(s).sources[0].dice == 3


def test_difficulty_range_and_tactical_advantage_range():
    s = start("ash")
    s = frame(s)
    s = do(s, "player", "act", "x", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="open")
    s = do(s, "gm", "attribute", attribute="body")
    refused(s, "gm", "difficulty", "difficulty", value=26)
    s = do(s, "gm", "difficulty", value=2)
    s = do(s, "gm", "consequence", kinds=["retreat"])
    refused(s, "gm", "advantage", "tactical-advantage", dice=4)
    s = do(s, "gm", "advantage", dice=3, text="the salt")
    assert pool(s).size() == 3 + 3


# -- the pool -----------------------------------------------------------------------------------
def test_pool_is_the_sum_of_its_sources():
    s = start("ash")
    s = to_pool(s, difficulty=6, advantage=2)
    s = do(s, "player", "trait", character="ash", trait="t4")
    s = do(s, "player", "relationship", character="ash", relationship="r3")
    s = do(s, "player", "unique", character="ash")
    s = do(s, "player", "raise", character="ash", consequence="freedom")
    p = pool(s)
    assert [x.kind for x in p.sources] == ["attribute", "advantage", "trait", "relationship", "unique", "raise"]
    assert p.size() == 3 + 2 + 1 + 1 + 2 + 2 == sum(x.dice for x in p.sources)
    s = do(s, "player", "roll")
    assert G.chance(s).count == p.size()


def test_losses_reduce_the_attribute_dice():
    s = start("ash")
    s = to_pool(s, consequence=["wounded"], difficulty=3)
    s = do(s, "player", "roll")
    s = dice(s, 2, 2, 2)
    assert s.char("ash").current("body") == 2
    s = finish_beat(s)
    s = to_pool(s)
    assert pool(s).sources[0].dice == 2


def test_a_trait_is_once_per_session():
    s = start("ash")
    s = to_pool(s)
    s = do(s, "player", "trait", character="ash", trait="t1")
    s = do(s, "player", "roll")
    s = dice(s, 3, 3, 3, 3)
    s = to_pool(finish_beat(s))
    assert not any(a.kind == "trait" and a.args["trait"] == "t1" for a in G.legal_actions(s, "player"))
    err = refused(s, "player", "trait", "trait-once-per-session", character="ash", trait="t1",
                  name=trait(s, "ash", "t1").name)
    assert "Rest" in err.message


def test_a_relationship_is_once_per_session():
    s = start("ash")
    s = to_pool(s)
    s = do(s, "player", "relationship", character="ash", relationship="r1")
    s = do(s, "player", "roll")
    s = to_pool(finish_beat(dice(s, 4, 4, 4, 4)))
    refused(s, "player", "relationship", "relationship-once-per-session", character="ash",
            relationship="r1", name=s.char("ash").relationships[0].name)


def test_the_rest_scene_refreshes_traits_relationships_and_heals_losses_once_per_session():
    s = start("ash")
    s = to_pool(s, consequence=["wounded"], difficulty=5)
    s = do(s, "player", "trait", character="ash", trait="t1")
    s = do(s, "player", "relationship", character="ash", relationship="r1")
    s = do(s, "player", "unique", character="ash")
    s = do(s, "player", "roll")
    s = dice(s, 2, 2, 2, 2, 2, 2, 2)
    assert s.char("ash").loss["body"] == 1
    s = end_scene(s)
    assert s.phase == "between"  # hurt, between scenes, somewhere safe: the players' call
    s = do(s, "player", "rest", "A quiet attic.")
    c = s.char("ash")
    assert trait(s, "ash", "t1").available() == 1 and not c.relationships[0].used
    assert c.loss["body"] == 0 and s.rest_used
    # the Unique Thing is once per SESSION: the rest does not bring it back
    assert c.unique_used
    s = end_scene(s)
    assert not any(a.args.get("type") == "rest" for a in G.legal_actions(s, "gm"))
    assert not any(a.kind == "rest" for a in G.legal_actions(s, "player"))
    refused(s, "gm", "frame", "one-rest-per-session", scene="open", type="rest")
    refused(s, "player", "rest", "one-rest-per-session")


def test_the_player_may_narrate_the_rest_scene():
    s = start("ash")
    s = to_pool(s)
    s = do(s, "player", "trait", character="ash", trait="t2")
    s = end_scene(finish_beat(dice(do(s, "player", "roll"), 5, 5, 5, 5)))
    s = do(s, "player", "rest", "We sleep in the bell tower.")
    assert s.rest_used and s.scene.type == "rest" and trait(s, "ash", "t2").available() == 1


def test_unique_thing_is_once_per_session_and_gives_two_dice():
    s = start("ash")
    s = to_pool(s)
    s = do(s, "player", "unique", character="ash")
    assert pool(s).size() == 3 + 2
    s = to_pool(finish_beat(dice(do(s, "player", "roll"), 3, 3, 3, 3, 3)))
    refused(s, "player", "unique", "unique-once-per-session", character="ash",
            name=s.char("ash").unique)


def test_personal_secret_is_plus_two_once_per_campaign_and_public_only_when_revealed():
    s = start("ash")
    secret = s.char("ash").secret
    assert secret
    public = G.view(s, None)
    assert secret not in str(public) and secret in str(G.view(s, "player"))
    s = to_pool(s)
    s = do(s, "player", "secret", "He admits he wants to run.", character="ash")
    assert pool(s).size() == 5
    assert secret in str(G.view(s, None))
    s = finish_beat(dice(do(s, "player", "roll"), 3, 3, 3, 3, 3))
    s = end_scene(s)
    s = frame(s, "rest")
    s = to_pool(s)
    refused(s, "player", "secret", "secret-once-per-campaign", character="ash")


# -- raising the stakes -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind,bonus", [
    ("face", 1), ("equipment", 1), ("wounded", 1), ("relationship", 1), ("concentration", 1),
    # The shared-scene example gives Rann +1 for risking capture; the table says loss of freedom
    # is +2 dice. The rule (the table) wins.
    ("freedom", 2), ("social_death", 3), ("deaths_door", 3), ("game_over", 4),
])
def test_raising_the_stakes_gives_the_consequence_table_bonus(kind, bonus):
    s = to_pool(start("ash"), consequence=["retreat"])
    s = do(s, "player", "raise", character="ash", consequence=kind)
    assert pool(s).size() == 3 + bonus and pool(s).raised == kind


def test_retreat_gives_no_dice_and_concentration_is_our_plus_one():
    assert R.consequences["retreat"].bonus == 0
    assert R.consequences["concentration"].source == "ours"


def test_a_raise_must_be_worse_and_happens_once_and_never_in_a_flashback():
    s = to_pool(start("ash"), consequence=["wounded"])
    raises = {a.args["consequence"] for a in G.legal_actions(s, "player") if a.kind == "raise"}
    assert raises == {"freedom", "social_death", "deaths_door", "game_over"}
    refused(s, "player", "raise", "raise-must-be-worse", character="ash", consequence="face")
    s = do(s, "player", "raise", character="ash", consequence="freedom")
    refused(s, "player", "raise", "one-raise-per-roll", character="ash", consequence="game_over")
    s = to_pool(start("ash"), scene_type="flashback")
    assert not any(a.kind == "raise" for a in G.legal_actions(s, "player"))
    refused(s, "player", "raise", "no-raise-in-flashback", character="ash", consequence="freedom")


def test_a_raised_consequence_replaces_the_gms_on_failure():
    s = to_pool(start("ash"), consequence=["retreat"], difficulty=9)
    s = do(s, "player", "raise", character="ash", consequence="wounded")
    s = dice(do(s, "player", "roll"), 2, 2, 2, 2)
    assert s.char("ash").loss["body"] == 1 and s.roll.applied == [{"character": "ash", "consequence": "wounded"}]


# -- heroic effort and VERY good traits ------------------------------------------------------------
def test_heroic_effort_burns_a_trait_for_two_only_under_game_over():
    s = to_pool(start("ash"), consequence=["deaths_door"])
    assert not any(a.kind == "heroic" for a in G.legal_actions(s, "player"))
    refused(s, "player", "heroic", "heroic-effort-needs-game-over", character="ash", trait="t1",
            name=trait(s, "ash", "t1").name)
    s = to_pool(start("ash"), consequence=["game_over"], difficulty=3)
    s = do(s, "player", "heroic", "Everything I have.", character="ash", trait="t5")
    assert pool(s).size() == 5 and trait(s, "ash", "t5").burned
    refused(s, "player", "heroic", "heroic-effort-burns", character="ash", trait="t5",
            name=trait(s, "ash", "t5").name)
    s = end_scene(finish_beat(dice(do(s, "player", "roll"), 3, 3, 3, 3, 3)))
    s = frame(s, "rest")
    assert trait(s, "ash", "t5").burned and trait(s, "ash", "t5").available() == 0  # rest: still gone


def test_no_raise_above_game_over():
    s = to_pool(start("ash"), consequence=["game_over"])
    assert not any(a.kind == "raise" for a in G.legal_actions(s, "player"))


def test_a_very_good_trait_gives_two_dice_at_once_or_one_in_each_of_two_scenes():
    s = start("ash")
    s.characters[0].traits[0].very = True  # as Experience would leave it
    s2 = to_pool(s)
    s2 = do(s2, "player", "trait", character="ash", trait="t1", dice=2)
    assert pool(s2).size() == 5 and trait(s2, "ash", "t1").available() == 0
    s3 = to_pool(s)
    s3 = do(s3, "player", "trait", character="ash", trait="t1", dice=1)
    s3 = to_pool(finish_beat(dice(do(s3, "player", "roll"), 3, 3, 3, 3)))
    s3 = do(s3, "player", "trait", character="ash", trait="t1", dice=1)
    assert pool(s3).size() == 4
    refused(s3, "player", "trait", "trait-once-per-session", character="ash", trait="t1",
            name=trait(s3, "ash", "t1").name, dice=1)
    s3 = end_scene(finish_beat(dice(do(s3, "player", "roll"), 3, 3, 3, 3)))
    s3 = frame(s3, "rest")
    assert trait(s3, "ash", "t1").available() == 2  # both dice refresh


# -- the dice ---------------------------------------------------------------------------------------
def test_faces_one_complication_two_failure_three_to_five_success():
    s = to_pool(start("ash"), difficulty=3)
    s = do(s, "player", "trait", character="ash", trait="t1")
    s = do(s, "player", "trait", character="ash", trait="t2")
    s = dice(do(s, "player", "roll"), 1, 2, 3, 4, 5)
    assert s.roll.success is True and s.roll.due_complications == ["ash"]
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 1, 2, 2)
    assert s.roll.success is False and len(s.roll.due_complications) == 1


def test_a_six_is_kept_as_a_success_or_exploded_into_two_dice_chained():
    s = to_pool(start("ash"), difficulty=3)
    s = dice(do(s, "player", "roll"), 6, 2, 2)
    assert s.phase == "sixes"
    s = do(s, "player", "explode", die=0)
    assert G.to_move(s) == [CHANCE] and G.chance(s).count == 2
    s = dice(s, 6, 4)  # the explosion shows another 6: the chain goes on
    assert s.phase == "sixes"
    s = do(s, "player", "explode", die=3)
    s = dice(s, 5, 3)
    p = pool(s)
    assert [d.face for d in p.dice] == [6, 2, 2, 6, 4, 5, 3]
    assert [d.origin for d in p.dice] == [None, None, None, 0, 0, 3, 3]
    assert p.successes() == 3 and s.roll.success  # 4, 5, 3: the exploded 6s count for nothing
    assert s.phase == "element"  # any 6 rolled: a narrative element


def test_a_kept_six_counts_one_success():
    s = to_pool(start("ash"), difficulty=2)
    s = dice(do(s, "player", "roll"), 6, 3, 2)
    s = do(s, "player", "keep", die=0)
    assert s.roll.success and pool(s).successes() == 2


def test_only_an_undecided_six_can_be_kept_or_exploded():
    s = to_pool(start("ash"), difficulty=2)
    s = dice(do(s, "player", "roll"), 6, 3, 1)
    refused(s, "player", "explode", "sixes", pool=0, die=1)


def test_a_six_may_cancel_a_one():
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 6, 1, 3)
    s = do(s, "player", "cancel", die=0, one=1)
    assert s.roll.success and s.roll.due_complications == [] and pool(s).successes() == 1
    # a six already kept may still be spent on a 1 before the dice are done
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 6, 1, 3)
    s = do(s, "player", "keep", die=0)
    assert s.phase == "sixes"
    s = do(s, "player", "cancel", die=0, one=1)
    assert s.roll.due_complications == []
    # or the player keeps both and lives with the complication
    s = to_pool(start("ash"), difficulty=1)
    s = do(dice(do(s, "player", "roll"), 6, 1, 3), "player", "keep", die=0)
    s = do(s, "player", "done")
    assert s.roll.due_complications == ["ash"] and pool(s).successes() == 2


def test_a_cancelled_one_is_not_cancellable_twice_and_one_six_cancels_one_one():
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 6, 1, 1)
    s = do(s, "player", "cancel", die=0, one=1)
    assert len(s.roll.due_complications) == 1
    refused(s, "player", "cancel", "phase", pool=0, die=0, one=2)


def test_overkill_means_no_roll():
    s = to_pool(start("ash"), difficulty=1, advantage=3)  # 3 + 3 = 6 dice < 1 + 6
    s = do(s, "player", "roll")
    assert G.to_move(s) == [CHANCE]
    s = to_pool(start("ash"), difficulty=1, advantage=3)
    s = do(s, "player", "trait", character="ash", trait="t1")  # 7 dice >= 1 + 6
    s, events = do_ev(s, "player", "roll")
    assert s.roll.overkill and s.roll.success and pool(s).dice == []
    assert G.to_move(s) != [CHANCE] and events[0].kind == "overkill"


def test_successes_equal_to_difficulty_pass():
    s = to_pool(start("ash"), difficulty=3)
    s = dice(do(s, "player", "roll"), 3, 4, 5)
    assert s.roll.success


# -- after the roll: elements, narration, complications ------------------------------------------
def test_element_then_veto_only_on_allowed_grounds():
    s = to_pool(start("ash"), difficulty=1)
    s = do(dice(do(s, "player", "roll"), 6, 2, 2), "player", "keep", die=0)
    assert s.phase == "element"
    s = do(s, "player", "element", "A key on a chain.", element="object")
    assert s.phase == "veto" and G.to_move(s) == ["gm"]
    reasons = {a.args["reason"] for a in G.legal_actions(s, "gm") if a.kind == "veto"}
    assert reasons == {"secret", "setting", "earlier", "physics"}
    s2 = do(s, "gm", "accept_element")
    assert s2.facts == ["A key on a chain."]
    s3 = do(s, "gm", "veto", "No keys here.", reason="setting")
    assert s3.facts == [] and s3.phase == "narrate"


def test_success_is_narrated_by_the_player_failure_by_the_gm():
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 3, 2, 2)
    assert s.phase == "narrate" and G.to_move(s) == ["player"]
    s = to_pool(start("ash"), difficulty=2)
    s = dice(do(s, "player", "roll"), 3, 2, 2)
    assert s.phase == "narrate" and G.to_move(s) == ["gm"]


def test_one_complication_per_uncancelled_one_with_its_effect():
    s = to_pool(start("ash"), difficulty=1)
    s = do(s, "player", "trait", character="ash", trait="t1")
    s = dice(do(s, "player", "roll"), 1, 1, 3, 2)
    s = do(s, "player", "narrate", "I make it.")
    assert s.phase == "complication"
    s = do(s, "gm", "complication", id="shaken_mind")
    assert s.phase == "complication" and s.char("ash").loss["mind"] == 1
    s = do(s, "gm", "complication", id="time_lost")
    assert s.phase == "after"


def test_a_problem_has_its_own_complication():
    s = start("ash")
    s = frame(s, scene="courtyard")
    s = to_pool(s, problem="dogs", consequence=["wounded"])
    s = dice(do(s, "player", "roll"), 1, 3, 3)
    s = do(s, "player", "narrate", "The dogs go down.")
    s = do(s, "gm", "complication", id="problem")
    assert s.char("ash").loss["mind"] == 1  # the bite festers: -1 Mind


# -- consequences on the sheet --------------------------------------------------------------------
def fail_with(kinds, who="ash", premades=("ash",)):
    s = to_pool(start(*premades), who=who, consequence=kinds, difficulty=9)
    return dice(do(s, "player", "roll"), *([2] * pool(s).size()))


@pytest.mark.parametrize("kind,attr", [("face", "aura"), ("wounded", "body"), ("concentration", "mind")])
def test_attribute_losses(kind, attr):
    s = fail_with([kind])
    assert s.char("ash").loss[attr] == 1


def test_equipment_freedom_social_death():
    assert fail_with(["equipment"]).char("ash").gear_lost == 1
    assert fail_with(["freedom"]).char("ash").captured
    assert fail_with(["social_death"]).char("ash").social_death


def test_two_consequences_at_once_wound_and_capture():
    s = fail_with(["wounded", "freedom"])
    c = s.char("ash")
    assert c.loss["body"] == 1 and c.captured


def test_a_lost_relationship_is_chosen_by_the_gm_and_ends_for_good():
    s = fail_with(["relationship"])
    assert s.phase == "lose_relationship" and G.to_move(s) == ["gm"]
    s = do(s, "gm", "lose", character="ash", relationship="r2")
    assert s.char("ash").relationships[1].lost
    s = end_scene(s)
    s = frame(s, "rest")
    s = to_pool(s)
    refused(s, "player", "relationship", "relationship-lost", character="ash", relationship="r2",
            name=s.char("ash").relationships[1].name)


def test_deaths_door_then_more_harm_is_death_and_rest_does_not_clear_it():
    # text line 665: at death's door, "any other physical damage suffered while in this condition
    # would prove fatal"; "dies if he is required to make any Body test ... that could logically
    # worsen his wounds" (tests/high_stakes/test_readings.py); nothing says a Rest heals it
    s = fail_with(["deaths_door"])
    assert s.char("ash").deaths_door and s.char("ash").active
    s = to_pool(end_scene(s) if s.phase != "after" else finish_beat(s), attribute="mind",
                consequence=["wounded"], difficulty=9)
    s = dice(do(s, "player", "roll"), 2, 2)
    assert s.char("ash").status == "dead"
    s = fail_with(["deaths_door"])
    s = end_scene(s)
    s = frame(s, "rest")
    assert s.char("ash").deaths_door


def test_an_attribute_at_zero_takes_the_character_out():
    s = start("ash")
    s.characters[0].loss["mind"] = 1  # Ash has Mind 2
    s = to_pool(s, attribute="mind", consequence=["concentration"], difficulty=5)
    s = dice(do(s, "player", "roll"), 2)
    c = s.char("ash")
    assert c.status == "out" and "Mind at 0" in c.out_reason and s.pending_new == 1


def test_game_over_kills_and_a_new_different_character_comes_with_revenge_dice():
    s = start("ash")
    s = frame(s, scene="courtyard")
    s = to_pool(s, problem="dogs", consequence=["game_over"], difficulty=5)
    s = dice(do(s, "player", "roll"), 2, 2, 2)
    assert s.char("ash").status == "dead" and s.bonds[0]["villain"] == "dogs"
    s = end_scene(s)
    assert s.phase == "create"
    offered = {a.args.get("id") for a in G.legal_actions(s, "player")}
    assert "ash" not in offered and {"rust", "wind", None} <= offered  # must be someone else
    s = do(s, "player", "premade", id="rust")
    rust = s.char("rust")
    bond = [r for r in rust.relationships if r.revenge]
    assert bond and bond[0].bonus == 2 and bond[0].revenge == "dogs"
    # the revenge dice only count against that villain
    s2 = to_pool(s, who="rust")
    assert not any(a.kind == "relationship" and a.args["relationship"] == bond[0].id
                   for a in G.legal_actions(s2, "player"))
    s3 = frame(s, scene="courtyard")
    s3 = to_pool(s3, who="rust", problem="dogs")
    s3 = do(s3, "player", "relationship", character="rust", relationship=bond[0].id)
    assert pool(s3).size() == 2 + 2
    s3 = dice(do(s3, "player", "roll"), 3, 3, 3, 3)
    assert not s3.bonds and not any(r.revenge for r in s3.char("rust").relationships)  # avenged


def test_friends_of_the_fallen_get_the_revenge_bond():
    s = start("ash", "wind")
    s = frame(s, scene="gate")
    s = to_pool(s, problem="guards", consequence=["game_over"], difficulty=9)
    s = dice(do(s, "player", "roll"), 2, 2, 2)
    assert any(r.revenge == "guards" for r in s.char("wind").relationships)


# -- several characters ---------------------------------------------------------------------------
def test_team_effort_adds_successes_and_each_raises_alone():
    s = to_pool(start("ash", "wind"), difficulty=5, consequence=["retreat"])
    s = do(s, "player", "join", character="wind", attribute="body")
    s = do(s, "player", "raise", character="wind", consequence="wounded")
    assert s.roll.kind == "team" and pool(s, 1).size() == 4 + 1
    s = do(s, "player", "roll")
    s = dice(s, 3, 3, 2)
    assert G.chance(s).count == 5
    s = dice(s, 4, 4, 2, 2, 2)
    assert s.roll.success is False  # 2 + 2 < 5
    assert s.char("wind").loss["body"] == 1 and s.char("ash").loss["body"] == 0
    s = to_pool(start("ash", "wind"), difficulty=4)
    s = do(s, "player", "join", character="wind", attribute="body")
    s = dice(dice(do(s, "player", "roll"), 3, 3, 2), 4, 4, 2, 2)
    assert s.roll.success  # 2 + 2 >= 4: beyond either alone


def test_a_friend_helps_with_one_die_and_shares_the_consequence():
    # The text, line 139: "+1 die for each character helping"; line 236: a friend "may also help
    # by burning an appropriate trait": one friend, one die (help OR lend, never both).
    s = to_pool(start("ash", "wind"), difficulty=9, consequence=["wounded"])
    s = do(s, "player", "help", helper="wind")
    assert pool(s).size() == 3 + 1
    refused(s, "player", "lend", "one-die-per-friend", helper="wind", trait="t2")
    s = dice(do(s, "player", "roll"), 2, 2, 2, 2)
    assert s.char("ash").loss["body"] == 1 and s.char("wind").loss["body"] == 1
    s = to_pool(start("ash", "wind"), difficulty=9, consequence=["wounded"])
    s = do(s, "player", "lend", helper="wind", trait="t2")
    assert pool(s).size() == 3 + 1 and trait(s, "wind", "t2").available() == 0
    refused(s, "player", "help", "one-die-per-friend", helper="wind")
    s = dice(do(s, "player", "roll"), 2, 2, 2, 2)
    assert s.char("wind").loss["body"] == 1  # lending a Trait is helping: the same consequence


def test_player_versus_player_opposed_roll_and_tie():
    s = start("ash", "wind")
    s = frame(s, "action")
    s = do(s, "player", "contest", "Who reaches the roof first?", first="ash", second="wind", attribute="body")
    assert G.chance(s).count == 3
    s = dice(s, 3, 3, 2)
    assert G.chance(s).count == 4
    s = dice(s, 5, 2, 2, 2)
    assert s.roll.winner == "ash"
    s = start("ash", "wind")
    s = frame(s, "action")
    s = do(s, "player", "contest", "x", first="ash", second="wind", attribute="body")
    s = dice(dice(s, 3, 2, 2), 4, 2, 2, 2)
    assert s.phase == "tiebreak"
    s2 = dice(do(s, "player", "tiebreak"), 5)
    assert s2.roll.winner == "wind"
    s3 = do(s, "player", "draw", "They call it even.")
    assert s3.roll.winner == ""


# -- bounds, experience, campaign -------------------------------------------------------------------
def test_scenes_are_bounded():
    s = start("ash", max_scenes=2, max_beats=1)
    s = frame(s)
    s = do(s, "player", "act", "x", character="ash", attribute="body")
    s = do(s, "gm", "no_roll", "fine")
    assert not any(a.kind == "continue" for a in G.legal_actions(s, "gm"))
    refused(s, "gm", "continue", "scene-length")
    s = do(frame(do(s, "gm", "end_scene")), "player", "move_on")
    assert {a.kind for a in G.legal_actions(s, "gm")} == {"end_story"}
    refused(s, "gm", "frame", "story-length", scene="open", type="action")


def test_experience_and_the_moved_die_after_the_first_story():
    s = start("ash")
    s = do(s, "gm", "end_story", "The end.", ending="unfinished")
    assert s.phase == "experience"
    kinds = {a.kind for a in G.legal_actions(s, "player")}
    assert kinds == {"new_trait", "new_relationship", "very_good"}
    s = do(s, "player", "very_good", character="ash", trait="t1")
    assert trait(s, "ash", "t1").very and s.exp_step == "move"
    s = do(s, "player", "move_die", character="ash", **{"from": "mind", "to": "body"})
    c = s.char("ash")
    assert c.base == {"body": 4, "mind": 1, "aura": 3} and c.die_moved and c.stories == 1
    assert G.is_over(s)


def test_the_moved_die_keeps_the_one_to_four_limit():
    s = start("wind")  # Body 4
    s = do(s, "gm", "end_story", ending="unfinished")
    s = do(s, "player", "new_trait", "Climbed a mage's wall", character="wind")
    moves = {(a.args["from"], a.args["to"]) for a in G.legal_actions(s, "player") if a.kind == "move_die"}
    assert ("mind", "body") not in moves and ("body", "mind") in moves


def test_experience_restores_a_burned_trait():
    s = to_pool(start("ash"), consequence=["game_over"], difficulty=1)
    s = do(s, "player", "heroic", character="ash", trait="t3")
    s = finish_beat(dice(do(s, "player", "roll"), 3, 3, 3, 3, 3))
    s = do(s, "gm", "end_story", ending="unfinished")
    s = do(s, "player", "restore", character="ash", trait="t3")
    assert not trait(s, "ash", "t3").burned


def test_dead_characters_take_no_experience():
    s = start("ash")
    s = to_pool(s, consequence=["game_over"], difficulty=9)
    s = end_scene(dice(do(s, "player", "roll"), 2, 2, 2))
    s = do(s, "player", "premade", id="wind")
    s = do(s, "gm", "end_story", ending="fallen")
    assert s.exp_queue == ["wind"]


def test_end_story_closes_with_an_outcome():
    s = start("ash")
    s = do(s, "gm", "end_story", ending="unfinished")
    s = do(s, "player", "new_relationship", "Hates Agramelus", character="ash")
    s = do(s, "player", "keep_dice", character="ash")
    assert G.is_over(s) and "To Be Continued" in G.outcome(s).summary


def test_find_helper_refuses_ambiguity():
    s = start("ash")
    with pytest.raises(AssertionError):
        find(s, "gm", "frame")


def test_shared_scene_each_character_faces_its_own_difficulty_and_stakes():
    # The shared-scene example: the Difficulty is split between the characters, each rolls alone
    # and raises the stakes alone. Here: Ash takes 2 of it, Wind 3, in the same scene.
    s = to_pool(start("ash", "wind"), who="ash", difficulty=2, consequence=["retreat"])
    s = do(s, "player", "raise", character="ash", consequence="game_over")
    s = finish_beat(dice(do(s, "player", "roll"), 3, 3, 2, 2, 2, 2, 2))
    assert s.roll.success and s.scene.number == 1
    s = to_pool(s, who="wind", difficulty=3, consequence=["retreat"])
    assert s.scene.number == 1 and pool(s).size() == 4 and not pool(s).raised
    s = do(s, "player", "raise", character="wind", consequence="freedom")
    s = dice(do(s, "player", "roll"), 2, 2, 2, 2, 2, 2)
    assert s.char("wind").captured and not s.char("ash").captured


def test_a_complication_never_knocks_a_character_out():
    s = start("ash")
    s.characters[0].loss["mind"] = 1  # Mind 2 -> 1
    s = to_pool(s, difficulty=1)
    s = dice(do(s, "player", "roll"), 1, 3, 3)
    s = do(s, "player", "narrate", "Done.")
    offered = {a.args["id"] for a in G.legal_actions(s, "gm")}
    assert "shaken_mind" not in offered and "strain_body" in offered
    refused(s, "gm", "complication", "complication-not-fatal", id="shaken_mind")
    s = start("ash")
    s.characters[0].deaths_door = True
    s = to_pool(s, difficulty=1)
    s = do(dice(do(s, "player", "roll"), 1, 3, 3), "player", "narrate", "Done.")
    assert "strain_body" not in {a.args["id"] for a in G.legal_actions(s, "gm")}
