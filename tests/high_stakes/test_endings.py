"""Issue 23, items 5-6: the story ends when it ends. A Retreat ("the problem may be met again
later") leaves a way back; a capture opens the next scene with the prisoner; `leave` and `on` warn
before they end the story; the Rest may be called between scenes somewhere safe, and a refusal
says truthfully when it will be possible."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.high_stakes import commands
from companion.games.high_stakes.road import next_scene
from companion.core.verbs import CommandError
from tests.high_stakes.drive import G, dice, do, end_scene, finish_beat, frame, start


def failed_at_the_door(s):
    s = do(s, "player", "act", "I pick the lion-mouth lock.", character="ash", attribute="mind")
    s = do(s, "gm", "roll", problem="door")
    for k, v in (("attribute", {"attribute": "mind"}), ("difficulty", {"value": 3}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    return finish_beat(dice(do(s, "player", "roll"), 2, 2))


def test_one_failed_roll_with_a_retreat_does_not_end_the_adventure():
    s = failed_at_the_door(frame(start("ash"), scene="house_front", text=""))
    assert s.char("ash").active and not s.char("ash").captured
    s = end_scene(s)
    assert next_scene(G.view(s, "gm")) == ("scene", "another_night")  # not "aborted"
    s = do(s, "gm", "frame", "Another night.", scene="another_night")
    s = do(s, "player", "move_on", "Back up the hill.")
    # ... and the door may be met again
    assert next_scene(G.view(s, "gm")) == ("scene", "house_front")
    s = do(s, "gm", "frame", "The door again.", scene="house_front")
    assert s.scene.id == "house_front" and not s.ending


def test_a_second_retreat_from_the_same_door_may_end_the_mission():
    s = failed_at_the_door(frame(start("ash"), scene="house_front", text=""))
    s = do(end_scene(s), "gm", "frame", "Another night.", scene="another_night")
    s = do(s, "player", "move_on", "Back up the hill.")
    s = failed_at_the_door(do(s, "gm", "frame", "The door again.", scene="house_front"))
    assert next_scene(G.view(end_scene(s), "gm")) == ("end", "aborted")


def test_a_capture_opens_the_next_scene_captive_even_with_a_setback_pending():
    s = frame(start("ash"), scene="clay_golem", text="")
    s = do(s, "player", "act", "I fight it.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="golem")
    for k, v in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 4}),
                 ("consequence", {"kinds": ["wounded", "freedom"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = finish_beat(dice(do(s, "player", "roll"), 2, 2, 2))
    assert s.char("ash").captured
    s = end_scene(s).model_copy(update={"triggers": ["red_sleeves"]})  # something else set off
    what, sid = next_scene(G.view(s, "gm"))
    assert (what, sid) == ("scene", "interrogation_room")
    s = do(s, "gm", "frame", "", scene="interrogation_room")
    assert s.scene.id == "interrogation_room" and s.char("ash").captured


def at_the_walls_with_a_trait_spent(*faces: int):
    s = frame(start("ash"), scene="villa_walls", text="")
    s = do(s, "player", "act", "I throw my rope over the wall and climb.", character="ash",
           attribute="body")
    s = do(s, "gm", "roll", problem="walls")
    for k, v in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 2}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = do(s, "player", "trait", character="ash", trait="t4")  # skulks in the shadows
    return finish_beat(dice(do(s, "player", "roll"), *(faces or (4, 4, 4, 4))))


def test_the_rest_between_safe_scenes_is_accepted():
    # the climb failed: still outside the walls, safe enough (s14: a won wall is inside)
    s = end_scene(at_the_walls_with_a_trait_spent(2, 2, 2, 2))
    assert s.phase == "between"
    s = do(s, "player", "rest", "We crouch in the lane below the hill and catch our breath.")
    assert s.rest_used and all(t.spent == 0 for t in s.char("ash").traits)


def test_no_rest_in_the_mages_courtyard_and_the_refusal_says_when():
    s = end_scene(at_the_walls_with_a_trait_spent())
    assert s.phase == "frame"  # s14: over the wall is the mage's grounds, no Rest offered
    s = do(s, "gm", "frame", "", scene="courtyard")
    with pytest.raises(RuleError) as err:
        G.apply(s, Action(seat="player", kind="rest", args={}).with_text("We nap."))
    assert err.value.rule == "rest-safe-moment"
    assert "no safe place" in err.value.message and "out of the villa" in err.value.message
    s = do(s, "player", "move_on", "I go on.")
    assert s.phase == "frame"  # never offered here


def test_leave_warns_before_it_ends_the_story():
    s = frame(start("ash"), scene="winged_demon", text="")
    s = do(s, "player", "act", "I run.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="demon")
    for k, v in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 6}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = finish_beat(dice(do(s, "player", "roll"), 2, 2, 2))
    s = do(s, "gm", "continue", "It laughs.")
    view, legal = G.view(s, "player"), G.legal_actions(s, "player")
    with pytest.raises(CommandError) as err:
        commands.parse("leave", "", view, legal, "player")
    assert "ends the story" in str(err.value) and "leave anyway" in str(err.value)
    moves = commands.parse("leave", "anyway -- I run for the window.", view, legal, "player")
    assert moves[0].kind == "move_on" and moves[0].text == "I run for the window."


def _interrogated(won: bool, slug_dead: bool = False):
    """Rust taken in the library, before Agramelus, and the roll there won or lost; the next
    scene's framing in the offline GM's words."""
    from companion.games.high_stakes.narrate import Narrator
    from companion.story.voice import NarrationMemory
    from tests.high_stakes.drive import find
    from tests.high_stakes.test_listening import at
    s = at(frame(start("rust"), scene="guild", text=""), "library")
    s = end_scene(s)
    s = s.model_copy(update={"characters": [c.model_copy(update={"captured": True})
                                            for c in s.characters]})
    if slug_dead:  # met and beaten earlier in the night
        s = s.model_copy(update={"played": [*s.played, "slug_pit"], "history": [
            *s.history, {"scene": 90, "scene_id": "slug_pit", "roll": True, "success": True,
                         "problem": "slug"}]})
    s = do(s, "player", "go_on") if s.phase == "between" else s
    assert next_scene(G.view(s, "gm")) == ("scene", "interrogation_room")
    s = do(s, "gm", "frame", "", scene="interrogation_room")
    s = do(s, "player", "act", "I tell him Lisius sent me to test his locks", character="rust",
           attribute="aura")
    s = do(s, "gm", "roll", problem="interrogation")
    for k, v in (("attribute", {"attribute": "aura"}), ("difficulty", {"value": 2}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = end_scene(finish_beat(dice(do(s, "player", "roll"), *((4, 4, 4) if won else (2, 2, 2)))))
    s = do(s, "player", "go_on") if s.phase == "between" else s
    view = G.view(s, "gm")
    what, sid = next_scene(view)
    assert what == "scene", (what, sid)
    move = find(s, "gm", "frame", scene=sid)
    return sid, Narrator(5).write(move, view, NarrationMemory(seed=5))


def test_the_scene_after_the_interrogation_says_how_the_captive_got_there():
    """Played (session 11): the interrogation won, the next scene had Rust "come back to the
    library" with no word of how she got free. The way out follows from the outcome: the child
    who does not bend is thrown to the slug (the text's play report); with the slug dead, she
    slips her bonds; broken, she is thrown down all the same."""
    sid, said = _interrogated(won=True)
    assert sid == "slug_pit" and said.startswith("Agramelus gets nothing true out of you") \
        and "trapdoor" in said, said
    sid, said = _interrogated(won=True, slug_dead=True)
    assert sid != "slug_pit" and "you work your wrists free" in said, said
    sid, said = _interrogated(won=False)
    assert sid == "slug_pit" and "The slug, then" in said, said
