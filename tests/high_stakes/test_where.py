"""Session 14: the scene that follows agrees with where the hero is. Played (seed 4242): a wall
climbed "over the coping" with a 1 rolled set off the Red Sleeves "in the lane below the villa
walls"; a Rest was offered right after dropping over the wall into the mage's grounds."""
from __future__ import annotations

from companion.games.high_stakes.data import load
from companion.games.high_stakes.road import as_met, left_by, next_scene
from companion.games.high_stakes.scene_shape import cost_of_scene
from companion.games.high_stakes.words import words
from companion.story.voice import NarrationMemory
from tests.high_stakes.drive import G, dice, do, end_scene, finish_beat, frame, start, to_pool


def _walls(*faces: int, difficulty: int = 1):
    s = frame(start("ash"), scene="villa_walls")
    s.characters[0].loss["mind"] = 1  # something a Rest would give back
    s = to_pool(s, problem="walls", difficulty=difficulty)
    return end_scene(dice(do(s, "player", "roll"), *faces))


def test_the_alarm_raised_as_the_wall_is_won_finds_the_child_on_the_wall():
    s = _walls(3, 1, 2)  # a success, and a 1: someone at a window shouts for the Red Sleeves
    assert next_scene(G.view(s, "gm")) == ("scene", "red_sleeves")
    met = as_met(load().scenes["red_sleeves"], G.view(s, "gm"))
    assert met.place == "the top of the villa wall" and "lane below" not in met.place
    assert met.frame.startswith("You are astride the coping")
    s = do(s, "gm", "frame", met.frame, scene="red_sleeves")
    assert s.scene.place == "the top of the villa wall"
    assert as_met(load().scenes["red_sleeves"], G.view(s, "gm")).place == "the top of the villa wall"


def test_the_alarm_raised_at_a_failed_climb_is_in_the_lane():
    s = _walls(1, 2, 2, difficulty=1)  # a failure with a 1: still outside
    v = G.view(s, "gm")
    assert next_scene(v) == ("scene", "red_sleeves")
    assert as_met(load().scenes["red_sleeves"], v).place == "the lane below the villa walls"


def test_no_rest_is_offered_over_the_wall():
    s = _walls(3, 4, 2)  # a clean success: over the wall, into the mage's grounds
    assert s.phase == "frame" and "mage's grounds" in G._unsafe(s)
    o = _walls(2, 2, 2, difficulty=3)  # a failure: still outside the walls, a Rest may come
    assert o.phase == "between" and G._unsafe(o) == ""


def _pit(*rolls: tuple[str, int]):
    """The slug pit, rolled as given: (consequence, face) per roll, every die showing the face."""
    s = frame(start("ash"), scene="slug_pit")
    for consequence, face in rolls:
        s = to_pool(s, problem="slug", difficulty=3, consequence=[consequence])
        s = do(s, "player", "roll")
        s = finish_beat(dice(s, *[face] * s.roll.pools[0].size()))
    return s


def test_held_by_the_slug_then_free_costs_no_freedom_and_the_way_out_is_told():
    """Played (s13): after a success in the slug pit the scene closed "What a dripping chamber
    under a trapdoor cost Sorrel: their freedom", and the library was simply walked into."""
    s = _pit(("freedom", 2))
    assert s.char("ash").captured
    assert "freedom" in cost_of_scene(G.view(s, "gm"), NarrationMemory(1))  # held: it is a cost
    s = _pit(("freedom", 2), ("wounded", 4))
    assert not s.char("ash").captured
    assert "freedom" not in cost_of_scene(G.view(s, "gm"), NarrationMemory(1))
    s = do(s, "gm", "end_scene")
    assert next_scene(G.view(s, "gm")) == ("scene", "library")
    way = left_by(G.view(s, "gm"), "library")
    assert "grate" in way and "squeeze out into the dark house" in way


def test_a_capture_names_who_holds_or_no_one():
    """"They have Sorrel now" in a pit with a slug: who are they? A capture is told of the held."""
    assert not any(t.lower().startswith("they ") for t in words().failure.told["freedom"])


def test_an_outcome_after_its_try_says_what_came_of_it_whatever_commas_the_try_has():
    """Played (s14, seed 1414): "Tansy tries to flick a pebble down the lane to draw their eyes
    away, and drop and melt into the ivy, but it is not enough: ..." was cut at its first ", and"
    and told "Drop and melt into the ivy, but it is not enough: she has to back away"."""
    from companion.games.high_stakes.tries import after_try
    view = {"scene": {"number": 3}, "characters": [{"name": "Tansy", "status": "active"}],
            "history": [{"roll": True, "scene": 3, "text": "I flick a pebble"}]}
    told = after_try("Tansy tries to flick a pebble down the lane to draw their eyes away, and "
                     "drop and melt into the ivy, but it is not enough: she has to back away.",
                     view, NarrationMemory(1))
    assert told == "It is not enough: she has to back away.", told
    plain = after_try("Tansy tries to climb, and it goes wrong: she falls.", view, NarrationMemory(1))
    assert plain == "It goes wrong: she falls.", plain


def test_a_place_with_a_comma_is_left_with_one():
    """Played (s14): "Tansy leaves a bare room in the villa, at dawn poorer by her nerve"."""
    s = _pit(("freedom", 2))
    said = set()
    for n in range(40):
        v = {**G.view(s, "gm"), "scene_count": n}
        said.add(cost_of_scene(v, NarrationMemory(n)))
    poorer = [x for x in said if "poorer by" in x]
    assert poorer and all("trapdoor, poorer by" in x for x in poorer), said


def test_leave_warns_when_the_nights_clock_ends_the_story():
    """Played (s14, seed 1414): `leave` in the library at scene 14 of 15 ended the story ("To Be
    Continued") with no warning: the warning read the road, not the night's clock."""
    import pytest

    from companion.games.high_stakes.commands import parse
    s = frame(start("ash"), scene="library")
    late = s.model_copy(update={"scene_count": s.max_scenes - 1})
    with pytest.raises(Exception) as e:
        parse("leave", "", G.view(late, "player"), G.legal_actions(late, "player"), "player")
    assert "ends the story" in str(e.value) and "leave anyway" in str(e.value)
    early = s  # with the night still young, leave simply leaves
    assert parse("leave", "", G.view(early, "player"), G.legal_actions(early, "player"), "player")
