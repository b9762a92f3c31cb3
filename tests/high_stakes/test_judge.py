"""Issue 9, item 7: a Trait adds its die only if it applies, a raise only if it is logical; the GM
judges (the text, line 262: "+1 die from a Trait if it applies"; line 653: "if you can logically
raise the stakes, you may choose a worse consequence"). The offline GM reads the Trait's words
against the action and the scene and says why it refuses; a human GM is asked; a model GM picks
allow or refuse among its legal moves, and the engine records the ruling."""
from __future__ import annotations

import random

import pytest

from companion.core.game import RuleError
from companion.games.high_stakes import GAME, HighStakesOptions
from companion.games.high_stakes.plan import judge
from companion.games.high_stakes.policy import choose
from companion.session import AI, HUMAN, Session
from companion.story.voice import NarrationMemory, OfflineVoice
from companion.games.high_stakes.narrate import Narrator
from tests.high_stakes.drive import G, ask, do, find, frame, start, to_pool


def at_the_walls(*who: str, text: str = "I throw my rope over the wall and climb.", attribute="body"):
    s = frame(start(*who), scene="villa_walls", text="")
    s = do(s, "player", "act", text, character=who[0], attribute=attribute)
    s = do(s, "gm", "roll", problem="walls")
    s = do(s, "gm", "attribute", attribute=attribute)
    s = do(s, "gm", "difficulty", value=2)
    s = do(s, "gm", "consequence", kinds=["retreat"])
    return do(s, "gm", "advantage", dice=0)


def gm_rules(s):
    """The offline GM's move and the words it says with it."""
    view = G.view(s, "gm")
    move = choose(view, "gm", G.legal_actions(s, "gm"), None)
    said = Narrator(5).write(move, view, NarrationMemory(seed=5)) if move.ask else ""
    return move, said


def test_a_trait_waits_for_the_gm_and_nothing_is_spent_before():
    s = at_the_walls("ash")
    s, ev = ask(s, "player", "trait", character="ash", trait="t1")
    assert s.phase == "judge" and G.to_move(s) == ["gm"]
    assert {a.kind for a in G.legal_actions(s, "gm")} == {"allow", "refuse"}
    assert s.roll.pools[0].size() == 3 and s.char("ash").traits[0].spent == 0
    assert ev[0].kind == "asks" and ev[0].data["what"] == "stage magician's tricks"
    refuse = find(s, "gm", "refuse")
    assert refuse.ask and not refuse.optional_text  # a refusal says why


def test_the_offline_gm_refuses_stage_magic_to_climb_a_wall_and_says_why():
    s = at_the_walls("ash")
    s, _ = ask(s, "player", "trait", character="ash", trait="t1")
    move, said = gm_rules(s)
    assert move.kind == "refuse"
    assert "stage magician's tricks" in said.lower() and "climb" in said
    s, ev = G.apply(s, move.with_text(said))
    assert s.phase == "pool" and s.roll.pools[0].size() == 3
    assert s.char("ash").traits[0].spent == 0  # a refused Trait is not used up
    assert ev[0].kind == "refused" and ev[0].data["text"] == said
    # and it is not asked again for this roll
    assert not any(a.kind == "trait" and a.args["trait"] == "t1" for a in G.legal_actions(s, "player"))
    with pytest.raises(RuleError) as err:
        G.apply(s, G.legal_actions(s, "player")[0].model_copy(
            update={"kind": "trait", "args": {"character": "ash", "trait": "t1", "name": "x"}}))
    assert err.value.rule == "must-fit"


def test_a_fitting_trait_is_allowed_and_adds_its_die():
    s = at_the_walls("rust", text="I climb the wall like a cat.")
    s, _ = ask(s, "player", "trait", character="rust", trait="t3")  # climbs like a cat
    move, _ = gm_rules(s)
    assert move.kind == "allow"
    s, _ = G.apply(s, move)
    assert s.roll.pools[0].size() == 3 and s.char("rust").traits[2].spent == 1


def test_a_friend_lends_only_a_trait_that_fits():
    s = at_the_walls("ash", "rust")
    s, _ = ask(s, "player", "lend", helper="rust", trait="t5")  # speaks Orcish, to climb a wall
    move, said = gm_rules(s)
    assert move.kind == "refuse" and "Orcish" in said
    s, _ = G.apply(s, move.with_text(said))
    s, _ = ask(s, "player", "lend", helper="rust", trait="t3")  # climbs like a cat
    assert gm_rules(s)[0].kind == "allow"


def test_no_game_over_for_a_climb_but_a_fight_may_be_to_the_death():
    s = at_the_walls("ash")
    s, _ = ask(s, "player", "raise", "I do not care if I fall.", character="ash",
               consequence="game_over")
    move, said = gm_rules(s)
    assert move.kind == "refuse" and "game over" in said and "life" in said
    s, _ = G.apply(s, move.with_text(said))
    assert s.roll.pools[0].size() == 3 and not s.roll.pools[0].raised
    s, _ = ask(s, "player", "raise", character="ash", consequence="wounded")
    assert gm_rules(s)[0].kind == "allow"  # a fall from the wall may hurt
    # against the watchmen, a fight to the death is logical
    g = frame(start("ash"), scene="gate", text="")
    g = do(g, "player", "act", "I attack them with my blade.", character="ash", attribute="body")
    g = do(g, "gm", "roll", problem="guards")
    for kind, arg in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 2}),
                      ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        g = do(g, "gm", kind, **arg)
    g, _ = ask(g, "player", "raise", character="ash", consequence="game_over")
    assert judge(G.view(g, "gm")) == (True, "")


def test_a_human_gm_is_asked_to_allow_each_one():
    session = Session.start(GAME, 5, {"player": AI, "gm": HUMAN}, OfflineVoice(GAME, 5), None,
                            options=HighStakesOptions(players=1))
    session.advance()
    asked = 0
    for _ in range(400):
        if session.is_over():
            break
        if session.offered is not None:
            session.tell("")
            continue
        st = session.state
        legal = session.legal("gm")
        if st.phase == "judge":
            asked += 1
            assert {a.kind for a in legal} == {"allow", "refuse"}
            session.submit(find(st, "gm", "refuse").with_text("Not tonight."))
            assert session.state.roll.refused  # recorded; the player may ask for something else
            continue
        view = session.view("gm")
        move = choose(view, "gm", legal, random.Random(len(session.actions)))
        text = Narrator(5).write(move, view, NarrationMemory(seed=5)) if move.ask else ""
        session.submit(move.with_text(text or "x") if move.ask else move)
    assert asked >= 1  # the autoplay player asked for dice, and the human GM ruled
