"""Issue 23, item 7: the journal is a story. The player's words on every move reach it (a roll,
a six kept), rules talk stays in the small print, no filler closes a scene, the told epilogue has
five sentences and this night's particulars with the hero's pronouns, and the HTML draws the night
as a path of scenes with each roll's successes and complications."""
from __future__ import annotations

import re

from companion.games.high_stakes import GAME, render
from companion.games.high_stakes.narrate import Narrator
from companion.session import AI, Session
from companion.story.memory import sentences
from companion.story.voice import Beat, NarrationMemory, OfflineVoice
from tests.high_stakes.drive import G, dice, do, do_ev, finish_beat, frame, start, to_pool


def told(s, action, events) -> str:
    beat = Beat(step=1, action=action, events=events, view=G.view(s, None))
    return Narrator(5).narrate(beat, NarrationMemory(seed=5))


def test_words_given_with_the_roll_reach_the_story():
    s = to_pool(start("ash"))
    roll = next(a for a in G.legal_actions(s, "player") if a.kind == "roll").with_text(
        "For Willow, who never praises anyone.")
    after, events = G.apply(s, roll)
    assert "For Willow, who never praises anyone." in told(after, roll, events)


def test_rules_talk_stays_in_the_small_print():
    s = frame(start("ash"), scene="villa_walls", text="")
    s = do(s, "player", "act", "I climb.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="walls")
    s = do(s, "gm", "attribute", attribute="body")
    s = do(s, "gm", "difficulty", value=2)
    s, events = do_ev(s, "gm", "consequence", "you give up on the wall", kinds=["retreat"])
    action = next(a for a in G.legal_actions(s, "gm"))
    assert told(s, action, events) == ""  # nothing of it in the prose
    small = render.mechanics(events[0], None)
    assert small.startswith("If it goes wrong: Retreat") and "give up on the wall" in small


def test_no_filler_line_closes_a_scene():
    s = finish_beat(dice(do(to_pool(start("ash")), "player", "roll"), 4, 4, 4))
    s, events = do_ev(s, "gm", "end_scene", "You move on.")
    assert told(s, G.legal_actions(s, "gm")[0] if G.legal_actions(s, "gm") else None, events) == ""


def played(seed: int) -> Session:
    s = Session.start(GAME, seed, {"player": AI, "gm": AI}, OfflineVoice(GAME, seed), None)
    s.advance()
    return s


def test_the_told_epilogue_has_five_sentences_particulars_and_the_heros_pronouns():
    for seed in (1, 2, 10):
        s = played(seed)
        rows = [r for r in s.rows if r.get("type") == "narration" and r.get("kind") == "epilogue"]
        assert rows, f"seed {seed}: no epilogue row"
        text = rows[-1]["text"]
        assert len(sentences(text)) >= 5, text
        assert len(rows[-1]["particulars"]) >= 3, rows[-1]["particulars"]
        hero = s.memory.fabula.character()
        assert hero.name in text and " go home" not in text
        if hero.name == "Ash":  # his pronouns, never "they"
            assert not re.search(r"\b(they|them|their|themself)\b", text), text
        earlier = {x for _, t in s.narrations if t != text for x in sentences(t)}
        assert not set(sentences(text)) & earlier  # no sentence told before


def test_the_html_draws_the_night_as_a_path_with_each_roll():
    s = played(3)
    view = GAME.view(s.state, None)
    svg = render.pictures(view)
    n_scenes = len(view["played"])
    rolls = [h for h in view["history"] if h.get("roll") and not h.get("contest")]
    assert svg.startswith("<figure><svg") and svg.count("<circle cx") >= n_scenes
    assert svg.count("<rect") == len(rolls)
    assert svg.count("<title>complication</title>") == sum(h.get("ones", 0) for h in rolls)
    for h in rolls:
        assert f"{h['successes']}/{h['difficulty']} {'held' if h['success'] else 'failed'}" in svg


def test_words_typed_with_roll_keep_and_on_reach_the_action():
    from companion.games.high_stakes import commands

    s = to_pool(start("ash"))
    moves = commands.parse("roll", "-- for my mother", G.view(s, "player"),
                           G.legal_actions(s, "player"), "player")
    assert moves[0].kind == "roll" and moves[0].text == "for my mother"
    s = dice(G.apply(s, moves[0])[0], 6, 4, 4)
    moves = commands.parse("keep", "1 -- it lands", G.view(s, "player"),
                           G.legal_actions(s, "player"), "player")
    assert moves[0].kind == "keep" and moves[0].text == "it lands"


def test_a_refused_traits_words_still_reach_the_story():
    from tests.high_stakes.drive import ask

    s = frame(start("ash"), scene="villa_walls", text="")
    s = do(s, "player", "act", "I throw my rope over the wall and climb.", character="ash",
           attribute="body")
    s = do(s, "gm", "roll", problem="walls")
    for k, v in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 2}),
                 ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", k, **v)
    trait = next(a for a in G.legal_actions(s, "player") if a.kind == "trait"
                 and a.args["trait"] == "t3").with_text("Elvish letters are my friends.")
    after, events = G.apply(s, trait)
    assert after.phase == "judge"
    assert "“Elvish letters are my friends" in told(after, trait, events)  # quoted: theirs


def test_a_friend_taken_along_is_named_in_later_framings():
    from companion.core.game import Action, Event
    from companion.games.high_stakes.fabula import feed
    from companion.story.fabula import Fabula

    s = frame(start("ash"), scene="guild", text="")
    act = next(a for a in G.legal_actions(s, "player") if a.kind == "act"
               and a.args["attribute"] == "aura").with_text("Rust comes with me, together we go.")
    after, events = G.apply(s, act)
    f = feed(Fabula(), Beat(step=1, action=act, events=events, view=G.view(after, None)))
    assert f.cast["rust"].present and f.cast["rust"].role == "friend"
    memory = NarrationMemory(seed=5)
    memory.fabula = f
    sc = G.rules.scenes["courtyard"]
    scene = Event(kind="scene", data={"number": 2, "id": "courtyard", "type": "action",
                                      "title": sc.title, "place": sc.place, "text": sc.frame})
    framing = Action(seat="gm", kind="frame", args={"scene": "courtyard"})
    told = Narrator(5).narrate(Beat(step=2, action=framing, events=[scene],
                                    view=G.view(after, None)), memory)
    assert "Rust is still with him." in told  # the story's point of view
    assert "?" not in told  # no prompt: the screen asks
