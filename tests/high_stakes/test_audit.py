"""Issue 9: the rules an audit found broken. Each test failed before its fix; the rules ones name
the line of the High Stakes text (shared/seeds/002_...txt) they read."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, Action, RuleError
from companion.games.high_stakes import commands
from tests.high_stakes.drive import (
    G, dice, do, end_scene, finish_beat, frame, start, to_pool, uncovered,
)


def refused(s, seat, kind, rule, **args):
    with pytest.raises(RuleError) as err:
        G.apply(s, Action(seat=seat, kind=kind, args=args))
    assert err.value.rule == rule, err.value
    return err.value


# 1. Overkill -----------------------------------------------------------------------------------


def test_raising_the_stakes_never_buys_a_risk_free_overkill():
    # Line 573: overkill when "there are no consequences for failure, or the problem you are facing
    # is negligible"; line 579: "6 more dice than the Difficulty". Raise dice are a risk taken on a
    # roll, so they do not count toward it.
    s = to_pool(start("ash"), difficulty=2)  # Body 3
    s = do(s, "player", "raise", character="ash", consequence="game_over")  # +4
    s = do(s, "player", "trait", character="ash", trait="t1")  # 3 + 4 + 1 = 8 = 2 + 6
    s = do(s, "player", "roll")
    assert G.to_move(s) == [CHANCE] and not s.roll.overkill  # the dice must be rolled
    s = dice(s, 2, 2, 2, 2, 2, 2, 2, 2)
    assert s.char("ash").status == "dead"  # and the raised stake is real


def test_overkill_still_comes_from_the_heroes_own_dice():
    s = to_pool(start("ash"), difficulty=2, advantage=3)  # 3 + 3
    for t in ("t1", "t2"):
        s = do(s, "player", "trait", character="ash", trait=t)  # 8 = 2 + 6, no raise
    s = do(s, "player", "roll")
    assert s.roll.overkill and s.roll.success


# 2. The Rest is the players' call ---------------------------------------------------------------


def _hurt_scene(s):
    s = to_pool(s, consequence=["wounded"], difficulty=5)
    s = do(s, "player", "trait", character="ash", trait="t1")
    return end_scene(finish_beat(dice(do(s, "player", "roll"), 2, 2, 2, 2)))


def test_between_scenes_in_a_safe_moment_the_players_are_asked_for_their_rest():
    # Line 240: "If someone narrates a Rest scene in which the characters recover..."; the players
    # narrate it, so between scenes it is their turn, not the GM's.
    s = _hurt_scene(start("ash"))
    assert s.phase == "between" and G.to_move(s) == ["player"]
    kinds = {a.kind for a in G.legal_actions(s, "player")}
    assert kinds == {"rest", "go_on"}
    rested = do(s, "player", "rest", "We sleep in the bell tower.")
    assert rested.rest_used and rested.char("ash").loss["body"] == 0
    on = do(s, "player", "go_on")
    assert on.phase == "frame" and not on.rest_used
    assert any(a.kind == "rest" for a in G.legal_actions(on, "player"))  # still theirs to call


def test_the_gm_never_spends_the_rest_for_the_players():
    s = _hurt_scene(start("ash"))
    s = do(s, "player", "go_on")
    assert not any(a.args.get("type") == "rest" for a in G.legal_actions(s, "gm"))
    refused(s, "gm", "frame", "rest-is-the-players", scene="open", type="rest")


def test_no_rest_while_the_action_goes_on():
    # Line 617: "As the next scene is a continuation of this action scene, the characters have no
    # chance to narrate a Rest scene."
    s = _hurt_scene(start("ash"))
    s = do(s, "player", "go_on")
    s = frame(s, scene="caught_at_gate")  # a triggered scene: the action continues after it
    s = end_scene(s)
    assert s.phase == "frame"  # not asked
    refused(s, "player", "rest", "rest-safe-moment")
    s = to_pool(start("ash"), consequence=["freedom"], difficulty=9)
    s = end_scene(finish_beat(dice(do(s, "player", "roll"), 2, 2, 2)))
    assert s.char("ash").captured and s.phase == "frame"
    refused(s, "player", "rest", "rest-safe-moment")


def test_a_rest_typed_mid_scene_says_it_comes_between_scenes():
    s = to_pool(start("ash"))
    s = do(s, "player", "trait", character="ash", trait="t1")  # something to rest from
    err = refused(s, "player", "rest", "rest-between-scenes")
    assert "between scenes" in err.message and "you may rest then" in err.message
    # with nothing to recover it says so, truthfully (issue 23)
    err = refused(to_pool(start("ash")), "player", "rest", "rest-nothing-to-recover")
    assert "nothing to rest from yet" in err.message


# 3. One friend, one die: see test_rules.test_a_friend_helps_with_one_die_and_shares_the_consequence


# 4. The screen shows the consequence in force ----------------------------------------------------


def test_the_pool_shows_a_raised_stake_as_the_consequence_in_force():
    s = to_pool(start("ash"), consequence=["retreat"], difficulty=3)
    assert "If it fails: Retreat" in commands.pool_text(G.view(s, "player"))
    s = do(s, "player", "raise", character="ash", consequence="game_over")
    shown = commands.pool_text(G.view(s, "player"))
    assert "Game over" in shown and "Retreat" not in shown
    assert G.view(s, "player")["roll"]["pools"][0]["at_stake"][0]["id"] == "game_over"


# 8. The GM's moves follow the adventure ----------------------------------------------------------


def test_before_the_first_scene_only_the_start_and_to_be_continued_are_open_to_the_gm():
    s = start("ash")
    legal = G.legal_actions(s, "gm")
    framed = {a.args["scene"] for a in legal if a.kind == "frame" and a.args["scene"] != "open"}
    assert framed == {"guild"}
    assert {a.args["ending"] for a in legal if a.kind == "end_story"} == {"unfinished"}
    assert not any(a.kind == "reveal" for a in legal)
    err = refused(s, "gm", "end_story", "ending-follows-the-story", ending="success")
    assert "goal" in err.message
    refused(s, "gm", "frame", "scene-follows-the-adventure", scene="library")
    refused(s, "gm", "reveal", "secret-in-its-scene", secret="secret-demon-book")


def _gm_story(seed: int, gm_pick):
    """The autoplay player against a GM that picks by ``gm_pick``: the story's frames, reveals and
    ending, each with the state it was chosen in."""
    import random

    from companion.core.rng import Sampler, derived_rng
    from companion.games.high_stakes import policy

    s = G.setup(G.options_model())
    sampler, ci, rng = Sampler(seed), 0, random.Random(seed)
    moves = []
    for step in range(3000):
        if G.is_over(s):
            return moves
        due = G.to_move(s)
        if due == [CHANCE]:
            a = sampler.sample(G.chance(s), ci)
            ci += 1
        elif due == ["gm"]:
            a = gm_pick(G.legal_actions(s, "gm"), rng)
            moves.append((s, a))
        else:
            a = policy.choose(G.view(s, "player"), "player", G.legal_actions(s, "player"),
                              derived_rng(seed, "p", step))
        s, _ = G.apply(s, a.with_text("x") if a.ask else a)
    raise AssertionError("no end")


@pytest.mark.parametrize("pick", ["first", "random"])
@pytest.mark.parametrize("seed", [1, 5])
def test_a_careless_gm_still_tells_a_story_that_follows_the_adventure(pick, seed):
    chooser = (lambda legal, rng: legal[0]) if pick == "first" else (lambda legal, rng: rng.choice(legal))
    moves = _gm_story(seed, chooser)
    frames = [a.args["scene"] for _, a in moves if a.kind == "frame" and a.args["scene"] != "open"]
    if frames:
        assert frames[0] == "guild"
    for s, a in moves:
        if a.kind == "reveal":  # only in the scene the secret belongs to
            assert s.scene is not None and a.args["secret"] in G._scene_secrets(s)
        if a.kind == "end_story":
            assert not G._ending_unearned(s, a.args["ending"])
            if a.args["ending"] == "success":
                assert "books" in G._solved(s)


# 5. A party of Nightblades -----------------------------------------------------------------------


def _party_repl(n=3, seed=3):
    from companion.games.high_stakes import GAME, HighStakesOptions
    from companion.repl.controller import Controller
    from companion.session import AI, HUMAN, Session
    from companion.story.voice import OfflineVoice
    from tests.high_stakes.test_tools import Screen

    screen = Screen()
    session = Session.start(GAME, seed, {"player": HUMAN, "gm": AI}, OfflineVoice(GAME, seed), None,
                            emit=screen, options=HighStakesOptions(players=n))
    session.advance()
    return Controller(session, screen), screen


def test_the_cli_plays_a_party():
    from companion.cli import build_parser

    for cmd in ("play", "autoplay"):
        args = build_parser().parse_args([cmd, "high-stakes", "--party", "3"])
        assert args.players == 3


def test_a_party_of_three_each_action_naming_who_acts():
    ctl, screen = _party_repl()
    for name in ("ash", "rust", "wind"):
        ctl.handle(f"premade {name}")
    st = ctl.session.state
    assert [c.id for c in st.characters] == ["ash", "rust", "wind"] and st.phase == "declare"
    ctl.handle("body rust: I climb the wall like a cat.")
    acts = [a for a in ctl.session.actions if a.kind == "act"]
    assert acts and acts[-1].args["character"] == "rust" and acts[-1].text.startswith("I climb")


def test_the_friend_verb_is_aid_and_help_stays_the_help():
    from companion.games.high_stakes import commands

    assert "aid" in commands.VERBS and "help" not in commands.VERBS
    ctl, screen = _party_repl(n=2)
    ctl.handle("premade ash")
    ctl.handle("premade rust")
    n = len(screen.lines)
    ctl.handle("help aid")
    assert "aid WHO" in "\n".join(t for _, t in screen.lines[n:])


# 12. Smaller ---------------------------------------------------------------------------------


def test_body_colon_and_plain_prose_at_the_prompt():
    ctl, screen = _party_repl(n=1)
    ctl.handle("premade ash")
    n = len(screen.lines)
    ctl.handle("I volunteer to go.")
    said = "\n".join(t for _, t in screen.lines[n:])
    assert "which attribute" in said and "unknown command" not in said
    assert not any(a.kind == "act" for a in ctl.session.actions)
    ctl.handle("I keep along the wall and make for the window with the broken latch")
    said = "\n".join(t for _, t in screen.lines[n:])  # a thing named alone chooses nothing
    assert said.count("which attribute") == 2 and "Read as" not in said
    assert not any(a.kind == "act" for a in ctl.session.actions)
    ctl.handle("body")  # the attribute alone: the words refused for want of it are kept
    acts = [a for a in ctl.session.actions if a.kind == "act"]
    assert acts and acts[-1].args["attribute"] == "body"
    assert acts[-1].text == "I keep along the wall and make for the window with the broken latch"
    ctl.handle("undo")
    ctl.handle("aura: I volunteer to go.")
    acts = [a for a in ctl.session.actions if a.kind == "act"]
    assert acts and acts[-1].args["attribute"] == "aura" and acts[-1].text == "I volunteer to go."


@pytest.mark.parametrize("typed, attribute", [
    ("I ask Willow, quietly, whether the last one who went up that hill ever came back down", "aura"),
    ("I look around the room for a loose floorboard", "mind"),
    ("I run for the stable door before it closes", "body"),
])
def test_plain_words_are_declared_with_the_attribute_they_imply_and_undo_takes_it_back(typed,
                                                                                       attribute):
    ctl, screen = _party_repl(n=1)
    ctl.handle("premade ash")
    n = len(screen.lines)
    ctl.handle(typed)
    said = "\n".join(t for _, t in screen.lines[n:])
    acts = [a for a in ctl.session.actions if a.kind == "act"]
    assert acts and acts[-1].args["attribute"] == attribute and acts[-1].text == typed
    assert f"Read as {attribute.title()}" in said and "which attribute" not in said
    assert said.startswith("Read as")  # said before what follows from it
    ctl.handle("undo")
    assert not any(a.kind == "act" for a in ctl.session.actions)


def test_done_with_a_six_pending_says_so_and_no_phase_names():
    s = to_pool(start("ash"))
    s = dice(do(s, "player", "roll"), 6, 3, 3)
    err = refused(s, "player", "done", "sixes")
    assert "decide every 6" in err.message
    err = refused(s, "player", "roll", "phase")
    assert "sixes" not in err.message and "game is at" not in err.message


# 10. Say when success is not enough; never replay a scene identically ------------------------------


def test_a_success_that_does_not_solve_the_problem_says_what_is_missing():
    from companion.games.high_stakes import render

    s = do(frame(start("ash"), scene="library"), "player", "act", "I search the shelves.",
           character="ash", attribute="mind")
    s = do(s, "gm", "roll", problem="books")
    for k, v in (("attribute", {"attribute": "mind"}), ("difficulty", {"value": 2}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = do(s, "player", "roll")
    after, events = G.apply(s, G.chance(s).outcome(["4", "5"]))  # a success, but no 6
    assert after.history[-1]["success"] and "books" not in G._solved(after)
    missing = [e for e in events if e.kind == "still_missing"]  # said at once, on screen
    assert missing and "6" in missing[0].data["text"]
    assert "needs a narrative element" in render.mechanics(missing[0], "player")


def test_a_scene_framed_again_is_not_told_the_same_way():
    from companion.games.high_stakes.narrate import Narrator
    from companion.story.voice import NarrationMemory

    s = start("ash")
    view0 = G.view(s, "gm")
    a = next(x for x in G.legal_actions(s, "gm") if x.kind == "frame" and x.args["scene"] == "guild")
    told_first = Narrator(0).write(a, view0, NarrationMemory(seed=0))
    again = G.view(end_scene(frame(s, scene="guild")), "gm")
    told_again = Narrator(0).write(a, again, NarrationMemory(seed=0))
    assert told_first and told_again and told_first != told_again


# 11. Complications fit and bite --------------------------------------------------------------------


def _one_on(s, success: bool, problem="open"):
    s = do(s, "player", "act", "I try.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem=problem)
    for k, v in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 1}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    s = dice(do(s, "player", "roll"), 1, 3, 3) if success else dice(do(s, "player", "roll"), 1, 2, 2)
    while s.phase != "complication":
        s = finish_beat(s) if s.phase not in ("narrate",) else do(s, G.to_move(s)[0], "narrate", "x")
        if s.phase in ("after", "frame"):
            raise AssertionError("no complication came")
    return s


def test_a_complication_bites_and_fits():
    s = _one_on(frame(start("ash")), success=False)
    ids = {a.args["id"] for a in G.legal_actions(s, "gm")}
    assert "it_had_kin" not in ids  # "the thing you just beat" only after a win
    after, events = G.apply(s, next(a for a in G.legal_actions(s, "gm") if a.args["id"] == "enemy_arrives"))
    assert after.harder == 1 and any(e.kind == "harder" for e in events)
    s2 = do(after, "gm", "continue", "Go on.")
    s2 = _one_on(s2, success=True)  # the next roll in the scene is one harder...
    assert s2.roll.difficulty == 2 and s2.harder == 0
    ids = {a.args["id"] for a in G.legal_actions(s2, "gm")}
    assert "enemy_arrives" not in ids  # never twice in a scene
    assert "it_had_kin" not in ids  # an open scene with no creature in it: nothing had kin (issue 23)
    gear = next(a for a in G.legal_actions(s2, "gm") if a.args["id"] == "gear_lost")
    assert G.apply(s2, gear)[0].char("ash").gear_lost == 1


def test_no_complication_brings_back_a_problem_already_dealt_with():
    # the dogs were dealt with in the courtyard: falling off the window grating cannot bring them
    s = frame(uncovered(start("ash"), "secret-loose-grating"), scene="house_front")
    s = _one_on(s, success=False, problem="window")
    assert any(a.args["id"] == "problem" for a in G.legal_actions(s, "gm"))  # "the dogs come"
    dogs_done = {"scene": 0, "scene_id": "courtyard", "roll": True, "problem": "dogs",
                 "success": True, "six": False}
    s = s.model_copy(update={"history": [dogs_done, *s.history]})
    assert not any(a.args["id"] == "problem" for a in G.legal_actions(s, "gm"))


# 9. What the players make true stays true ----------------------------------------------------------


def test_an_element_the_players_made_true_is_kept_with_its_kind_and_eases_a_later_problem():
    from tests.high_stakes.test_ai import run_gm

    def door(s):
        s = frame(s, scene="house_front")
        s = do(s, "player", "act", "I pick the lion-mouth lock.", character="ash", attribute="mind")
        return run_gm(s)

    plain = door(start("ash"))
    assert plain.roll is not None and plain.roll.problem == "door"
    # a 6 earlier: the player made a crooked grating true, and the GM accepted it
    s = to_pool(start("ash"), difficulty=1)
    s = dice(do(s, "player", "roll"), 6, 3, 3)
    s = do(s, "player", "keep", die=0)
    s = do(s, "player", "element", "One of the window gratings hangs crooked.", element="passage")
    s = do(s, "gm", "accept_element")
    assert s.facts[-1].startswith("One of the window gratings") and s.fact_kinds[-1] == "passage"
    view = G.view(s, "player")
    assert view["made_true"][-1] == {"kind": "passage", "text": s.facts[-1]}
    eased = door(end_scene(s))
    assert eased.roll.difficulty == plain.roll.difficulty - 1
    from companion.games.high_stakes.plan import current_plan  # the GM says why, with the number
    assert "gratings hangs crooked" in current_plan(G.view(eased, "gm"))["why"]


# 6. Readings: documented in the rules data as ours ----------------------------------------------


def test_the_engines_own_readings_are_written_down_as_ours():
    from companion.games.high_stakes.data import load

    readings = {r.id: r for r in load().core.reading}
    for rid in ("scene-cap", "story-cap", "captured-freed-by-success", "deaths-door-rest",
                "attribute-zero"):
        assert readings[rid].source == "ours" and len(readings[rid].text) > 40
