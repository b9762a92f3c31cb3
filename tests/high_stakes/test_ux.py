"""Issue 9, item 12: the small things a new player hit at the prompt and in the journal."""
from __future__ import annotations

import pytest

from companion.core.game import Action, Event
from companion.games.high_stakes import GAME, HighStakesOptions
from companion.games.high_stakes import commands, render
from companion.games.high_stakes.narrate import Narrator
from companion.games.high_stakes.policy import choose
from companion.repl.controller import Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import Beat, NarrationMemory, OfflineVoice
from tests.high_stakes.drive import G, dice, do, do_ev, finish_beat, frame, start, to_pool


class Screen:
    def __init__(self):
        self.lines: list[tuple[str, str]] = []

    def __call__(self, kind, text):
        self.lines.append((kind, text))

    def text(self):
        return "\n".join(t for _, t in self.lines)


def repl(seed=5, party=3, seat="player"):
    screen = Screen()
    seats = {"player": HUMAN, "gm": AI} if seat == "player" else {"player": AI, "gm": HUMAN}
    session = Session.start(GAME, seed, seats, OfflineVoice(GAME, seed), None, emit=screen,
                            options=HighStakesOptions(players=party))
    session.advance()
    return Controller(session, screen), screen


def told(s, events, step=1) -> str:
    """What the offline narrator tells of these events (with the public view after them)."""
    beat = Beat(step=step, action=G.legal_actions(start("ash"), "gm")[0], events=events,
                view=G.view(s, None))
    return Narrator(5).narrate(beat, NarrationMemory(seed=5))


def test_the_dice_marks_are_explained_in_pool_and_in_help_roll():
    s = to_pool(start("ash"))
    s = dice(do(s, "player", "roll"), 6, 1, 4)
    text = commands.pool_text(G.view(s, "player"))
    assert "1:6?" in text and "2:1!" in text
    for mark, meaning in (("6?", "still to decide"), ("6✓", "kept"), ("6✱", "exploded"),
                          ("6→1", "cancel a 1"), ("1!", "complication"), ("1✗", "cancelled")):
        assert f"{mark} a" in text and meaning in text
        assert mark in commands.VERBS["roll"][1]
    ctl, screen = repl()
    ctl.handle("help roll")
    assert "6✱ a 6 exploded" in screen.text()


def test_no_question_is_left_hanging_when_the_scene_closes_at_once():
    s = frame(start("ash", "rust", "wind"), scene=G.rules.adv.adventure.start, text="")
    s = do(s, "player", "act", "I volunteer to go.", character="ash", attribute="aura")
    view = G.view(s, "gm")
    no_roll = next(a for a in G.legal_actions(s, "gm") if a.kind == "no_roll")
    said = Narrator(5).write(no_roll, view, NarrationMemory(seed=5))
    s = do(s, "gm", "no_roll", said)
    nxt = choose(G.view(s, "gm"), "gm", G.legal_actions(s, "gm"), None)
    assert nxt.kind == "end_scene"  # the offline GM closes the guild scene here...
    assert said and not said.rstrip("”\"").endswith("?"), said  # ...so it asks nothing


def test_words_given_with_a_relationship_or_a_trait_are_told():
    s = to_pool(start("ash"))
    s, ev = do_ev(s, "player", "relationship", "For Willow, who never praises anyone.",
                  character="ash", relationship="r1")
    assert "For Willow, who never praises anyone." in told(s, ev)
    s, ev = do_ev(s, "player", "trait", "A flourish, and the guard looks at my other hand.",
                  character="ash", trait="t1")
    assert "the guard looks at my other hand" in told(s, ev)
    # and at the prompt: rel N -- TEXT keeps the text
    ctl, screen = repl(party=1)
    ctl.handle("premade ash")
    ctl.handle("aura I step forward: I will go.")
    ctl.handle("body I throw my rope over the wall and climb.")
    ctl.handle("rel 2 -- Rust is watching from the street.")
    assert ctl.session.actions[-1].text == "Rust is watching from the street."
    assert "Rust is watching from the street." in screen.text()


def test_the_epilogue_and_a_new_character_carry_no_markdown_marks():
    s = start("ash")
    s, ev = do_ev(s, "gm", "end_story", "And the night goes on.", ending="unfinished")
    text = told(s, ev)
    # the ending's title heads the section ("The End: ..."); the GM's words open the told ending
    assert text.startswith("And the night goes on.") and "**" not in text
    assert "**" not in told(s, [Event(kind="character", data={
        "name": "Oak", "concept": "a quiet half-orc kid", "joining": True})])


def test_the_x_card_on_a_framing_retells_it_without_the_topic():
    s = frame(start("ash"), scene="villa_walls", text="")
    sc = G.rules.scenes["villa_walls"]
    ev = [Event(kind="scene", data={"number": 1, "id": "villa_walls", "type": "action",
                                      "title": sc.title, "place": sc.place, "text": ""})]
    beat = Beat(step=1, action=G.legal_actions(start("ash"), "gm")[0], events=ev,
                view=G.view(s, None))
    memory = NarrationMemory(seed=5, banned=["lantern"])
    assert "lantern" in sc.frame
    again = Narrator(5).narrate(beat, memory)
    assert again and "lantern" not in again and "villa" in again  # retold, not deleted


def test_a_vetoed_element_is_never_told_as_true_and_an_accepted_one_is():
    s = to_pool(start("ash"))
    s = dice(do(s, "player", "roll"), 6, 4, 4)
    s = do(s, "player", "keep", die=0)
    s, ev = do_ev(s, "player", "element", "A dragon sleeps on the roof.", element="object")
    assert "dragon" not in told(s, ev)  # an offer, not yet a fact
    vetoed, ev2 = do_ev(s, "gm", "veto", "No dragons in Dorantia.", reason="setting")
    text = told(vetoed, ev2)
    assert "will not stand" in text and "No dragons in Dorantia." in text
    assert "will not stand" in text and "becomes true" not in text
    kept, ev3 = do_ev(s, "gm", "accept_element")
    assert "A dragon sleeps on the roof." in told(kept, ev3)
    assert "dragon" in " ".join(kept.facts) and "dragon" not in " ".join(vetoed.facts)


def test_the_gm_seat_gets_its_own_help_and_intro():
    ctl, screen = repl(seat="gm", party=1)
    ctl.handle("help")
    listed = screen.text()
    assert "do N" in listed and "ladder" in listed
    assert "body [WHO:]" not in listed and "trait NAME" not in listed
    assert "child assassin" not in GAME.seat_blurbs["gm"] and "Game Master" in GAME.seat_blurbs["gm"]


def test_the_journal_front_matter_shows_the_characters_as_they_started():
    s = do(start("ash"), "gm", "end_story", ending="unfinished")
    s = do(s, "player", "new_trait", "climbs bell towers", character="ash")
    s = do(s, "player", "move_die", character="ash", **{"from": "mind", "to": "aura"})
    view = G.view(s, None)
    front, closing = render.front_matter(view), render.closing(view)
    assert "Body 3 · Mind 2 · Aura 3" in front and "climbs bell towers" not in front
    assert "Body 3 · Mind 1 · Aura 4" in closing and "climbs bell towers" in closing


def test_small_print_names_scenes_and_characters_not_ids():
    line = render.mechanics(Event(kind="trigger", data={"scene": "courtyard"}, visible_to=("gm",)),
                            "gm")
    assert line == f"(GM) this sets off: {G.rules.scenes['courtyard'].title}"
    s = start("ash", "wind")
    s = frame(s)
    s, _ = do_ev(s, "player", "contest", "Who is faster?", first="ash", second="wind",
                 attribute="body")
    s, ev = G.apply(s, G.chance(s).outcome(["4", "4", "4"]))
    s, ev = G.apply(s, G.chance(s).outcome(["2", "2", "2", "2"]))
    result = next(e for e in ev if e.kind == "contest_result")
    assert render.mechanics(result, None).endswith("Ash wins")


def test_ash_speaks_of_his_unique_thing_in_the_first_person_only():
    s = to_pool(start("ash"), difficulty=3)
    unique = next(a for a in G.legal_actions(s, "player") if a.kind == "unique")
    said = Narrator(5).write(unique, G.view(s, "player"), NarrationMemory(seed=5))
    assert said.startswith("I ") and "lucky copper" in said
    assert not any(w in said.split() for w in ("he", "his", "him")), said


def test_the_ready_made_hint_names_only_those_still_free():
    ctl, screen = repl(party=3)
    ctl.hint(force=True)
    assert "Ash: Body 3" in screen.text()
    ctl.handle("premade ash")
    screen.lines.clear()
    ctl.hint(force=True)
    assert "Ash" not in screen.text() and "Rust: Body 2" in screen.text()


def test_finish_beat_still_reaches_after(tmp_path):
    # a guard for the helpers above: a plain roll plays out to the GM's after
    s = finish_beat(dice(do(to_pool(start("ash")), "player", "roll"), 4, 4, 4))
    assert s.phase == "after"


def test_the_question_is_cut_after_a_closing_quote_too():
    from companion.games.high_stakes.telling import unasked as _unasked

    said = "Willow nods. 'High walls. Go tonight, and come back.' What do you do?"
    assert _unasked(said) == "Willow nods. 'High walls. Go tonight, and come back.'"
    assert _unasked("What now?") == "What now?"  # a question alone stays


def test_experience_verbs_go_to_the_character_whose_turn_it_is():
    s = do(start("ash", "rust"), "gm", "end_story", ending="unfinished")
    s = do(s, "player", "new_trait", "x", character="ash")
    s = do(s, "player", "keep_dice", character="ash")
    assert s.exp_queue[0] == "rust"
    a = commands.parse("very", "3", G.view(s, "player"), G.legal_actions(s, "player"), "player")[0]
    assert a.args["character"] == "rust" and a.args["trait"] == "t3"


def test_the_toolbar_follows_the_character_whose_turn_it_is():
    ctl, _ = repl(party=3)
    for who in ("ash", "rust", "wind"):
        ctl.handle(f"premade {who}")
    ctl.handle("aura rust: I ask Willow who else knows about the book")
    ctl.handle("body wind: I run along the wall to find a low place and climb it")
    assert ctl.session.state.roll.pools[0].character == "wind"
    bar = ctl.toolbar()
    assert bar.startswith(" Wind B4 M2 A2") and "Ash" not in bar, bar
    assert len(bar) <= 80  # fits a narrow terminal
    s = do(start("ash", "rust"), "gm", "end_story", ending="unfinished")
    s = do(s, "player", "new_trait", "x", character="ash")
    s = do(s, "player", "keep_dice", character="ash")
    assert commands.toolbar(G.view(s, "player")).startswith(" Rust ")  # Rust's Experience


def test_actions_name_characters_and_consequences_in_words():
    ctl, screen = repl(party=3)
    for who in ("ash", "rust", "wind"):
        ctl.handle(f"premade {who}")
    ctl.handle("aura rust: I ask Willow who else knows about the book")
    ctl.handle("body wind: I run along the wall to find a low place and climb it")
    screen.lines.clear()
    ctl.handle("actions")
    listed = screen.text()
    assert "Ash helps (+1)" in listed and "Rust lends poisons and antidotes (+1)" in listed
    assert "Wind · Trait: rooftop runner (+1)" in listed  # whose Trait, in a party
    assert "Wind · raise the stakes: death's door" in listed and "deaths_door" not in listed
    assert "ash " not in listed and "social_death" not in listed, listed
    screen.lines.clear()
    ctl.handle("leave")  # a refusal lists the legal moves in the same words
    assert "You can:" in screen.text() and "raise the stakes: temporary loss of face" in \
        screen.text()


def test_an_element_the_players_made_true_is_told_as_a_whole_sentence():
    s = start("ash")
    said = told(s, [Event(kind="element_accepted", data={"text": "the kitchen door was "
                                                                 "left unbarred"})])
    # one sentence with its telling, the player's words after a colon as typed (issue 41)
    assert said.endswith(": the kitchen door was left unbarred.") and not said.endswith("..")
    said = told(s, [Event(kind="element_accepted", data={"text": "a drainpipe runs down!"})])
    assert said.endswith(": a drainpipe runs down!") and "!." not in said
    # typed with a capital: the player's own sentence stands alone
    said = told(s, [Event(kind="element_accepted", data={"text": "A drainpipe runs down"})])
    assert said == "A drainpipe runs down."


def test_a_failure_is_told_with_the_consequence_the_gm_announced():
    s = frame(start("ash"), scene="villa_walls", text="")
    # one of the wall's own ways (a way the player made up, taken as said, is told in the rules'
    # words: test_discourse.py)
    s = do(s, "player", "act", "I throw my rope over the wall and climb.", character="ash",
           attribute="body")
    for kind, args in (("roll", {"problem": "walls"}), ("attribute", {"attribute": "body"}),
                       ("difficulty", {"value": 2}), ("consequence", {"kinds": ["retreat"]}),
                       ("advantage", {"dice": 0})):
        s = do(s, "gm", kind, **args)
    said_before = G.view(s, "player")["roll"]["consequence_text"]
    s = dice(do(s, "player", "roll"), 2, 2, 3)
    a = G.legal_actions(s, "gm")[0]
    told_now = Narrator(5).write(a, G.view(s, "gm"), NarrationMemory(seed=5))
    # the GM's words ("you give up on the wall"), told of the hero as the whole story is (read
    # aloud, seed 9: "Ash throws his thin rope over the wall ... You give up on the wall.")
    assert said_before == "you give up on the wall"
    assert told_now.startswith("Ash ") and told_now.endswith(": he gives up on the wall."), told_now
    assert "You" not in told_now and "you" not in told_now, told_now
    # the story says what happens; the successes and the Difficulty are in the small print
    assert "success" not in told_now and "Difficulty" not in told_now and "1" not in told_now


def test_a_scene_played_again_keeps_the_fact_without_a_capital_after_a_colon():
    s = start("ash")
    view = {**G.view(s, "gm"), "played": ["slug_pit"], "facts": ["the silver ring opens the case"]}
    a = Action(seat="gm", kind="frame", args={"scene": "slug_pit"})
    said = Narrator(5).write(a, view, NarrationMemory(seed=5))
    # quoted: the player's words (an autoplay player's "I ..." is not told as the GM's prose)
    assert ". “The silver ring opens the case.”" in said and ": The" not in said


def test_the_bar_says_rest_ready_only_when_a_rest_may_be_called():
    ctl, _ = repl()
    ctl.handle("premade ash")
    assert "rest left" in ctl.toolbar() and "rest ready" not in ctl.toolbar()  # mid-scene
    view = G.view(ctl.session.state, "player")
    assert view["rest_now"] is False
    rested = view | {"rest_now": True}
    assert "rest ready" in commands.toolbar(rested)
    assert "rest" not in commands.toolbar(view | {"rest_used": True})


def test_a_rest_told_after_the_verb_starts_its_sentence_with_a_capital():
    from tests.high_stakes.drive import end_scene

    s = end_scene(frame(start("ash")))
    assert any(a.kind == "rest" for a in G.legal_actions(s, "player"))
    [a] = commands.parse("rest", "in the guild attic, Wind stitches my leg", G.view(s, "player"),
                         G.legal_actions(s, "player"), "player")
    assert a.kind == "rest" and a.text == "In the guild attic, Wind stitches my leg"


def test_the_gms_words_to_the_player_are_told_of_the_hero():
    from companion.games.high_stakes.telling import told_of
    from companion.story.pronouns import HE, SHE
    from companion.story.template import Character

    ash, rust = Character(name="Ash", pronouns=HE), Character(name="Rust", pronouns=SHE)
    assert told_of("you slip from the sill and hurt yourself", ash) == (
        "Ash slips from the sill and hurts himself")
    assert told_of("you must abort and try again another night", rust) == (
        "Rust must abort and try again another night")
    assert told_of("a night of beatings, then you are dragged before Agramelus", rust) == (
        "a night of beatings, then Rust is dragged before Agramelus")
    assert told_of("he breaks your nerve and you tell him too much", ash) == (
        "he breaks Ash's nerve and Ash tells him too much")
    # the hero first met as an object is named, then the pronoun ("it goes wrong. It crushes her"
    # would leave "her" to guess)
    assert told_of("it crushes you and carries you off", rust) == "it crushes Rust and carries her off"
    assert told_of("it crushes you and carries you off", rust, named=True) == \
        "it crushes her and carries her off"
    # just after a line that named the hero: the pronoun
    assert told_of("you give up on the wall", ash, named=True) == "He gives up on the wall"


# a way of the player's own, taken as said, is not told with the wall's words ("gives up on the
# wall" for a song): its retreat is the rules' (the lead, issue 41)
@pytest.mark.parametrize("kinds, then", [(["retreat"], ": she has to back away and try something else."),
                                          (["wounded"], ": she is hurt.")])
def test_a_failure_in_the_players_own_words_is_told_of_the_hero_whole(kinds, then):
    # played (seed 31): "Rust tries to study the lock and pick it with your bent pin; the night
    # will not have it. ." (the label in the second person, and an empty consequence)
    s = frame(start("rust"), scene="villa_walls", text="")
    s = do(s, "player", "act", "I sit down and sing to my sore feet, slowly.",
           character="rust", attribute="body")
    s = do(s, "gm", "roll", problem="walls")
    for kind, args in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 3}),
                       ("consequence", {"kinds": kinds}), ("advantage", {"dice": 0})):
        s = do(s, "gm", kind, **args)
    s = dice(do(s, "player", "roll"), 2, 2)
    a = G.legal_actions(s, "gm")[0]
    told_now = Narrator(5).write(a, G.view(s, "gm"), NarrationMemory(seed=5))
    assert told_now.startswith("Rust tries to sit down and sing to her sore feet, slowly"), told_now
    assert told_now.endswith(then) and ". ." not in told_now, told_now


def test_one_die_is_a_die():
    # played (seed 8): "1 dice against Difficulty 2" after a Mind of 1
    rolling = Event(kind="rolling", data={"dice": 1, "difficulty": 2})
    assert render.mechanics(rolling, None) == "1 die against Difficulty 2"
    assert render.mechanics(Event(kind="rolling", data={"dice": 3, "difficulty": 2}),
                            None) == "3 dice against Difficulty 2"
    overkill = Event(kind="overkill", data={"dice": 1, "difficulty": 0})
    assert render.mechanics(overkill, None).startswith("Overkill: 1 die against")
    view = {"characters": [{"id": "wind", "name": "Wind"}], "roll": {"kind": "single", "pools": [
        {"character": "wind", "size": 1, "sources": [{"label": "Mind 1", "dice": 1}],
         "dice": [], "part": None, "success": None}]}}
    assert "Wind: 1 die = " in commands.pool_text(view)


def test_you_after_a_question_word_is_the_hero_as_subject():
    """Played (s13, seed 4242, a hero built without pronouns): "whatever them told him", "what
    them made true": "you" after what/whatever/where is the subject of its verb."""
    from companion.games.high_stakes.telling import told_of
    from companion.story.pronouns import SHE, THEY
    from companion.story.template import Character

    sorrel, rust = Character(name="Sorrel", pronouns=THEY), Character(name="Rust", pronouns=SHE)
    told = told_of("Agramelus gets nothing true out of you, whatever you told him.", sorrel)
    assert told == "Agramelus gets nothing true out of Sorrel, whatever they told him.", told
    assert told_of("Nothing has undone what you made true.", rust, named=True) == \
        "Nothing has undone what she made true."
    assert told_of("he asks where you hid the key", rust, named=True) == \
        "he asks where she hid the key"
