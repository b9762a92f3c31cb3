"""Every text a model writes is checked before it reaches the journal: words, not punctuation; no
run of six words copied from our instructions; a name is a name; within its length."""
from __future__ import annotations

from companion.core.game import Action
from companion.llm import checks
from companion.llm.checks import Instructions, check

NAME = Action(seat="p", kind="name_hero", ask="Name your hero", optional_text=False)
ANSWER = Action(seat="p", kind="answer", ask="Youth: Why do you fear age?")
SENT = Instructions(["Reply with one JSON object and nothing else, keys in this order:",
                     "your move told as story: one to three short sentences, {view} present"])


def kind(field, text, action=None, required=False):
    miss = check(field, text, SENT, action, required=required)
    return miss.kind if miss else None


def test_punctuation_and_nothing_are_no_text():
    assert kind("text", ",", ANSWER) == "empty"
    assert kind("narration", " ... ") == "empty"
    assert kind("text", "", NAME, required=True) == "empty"
    assert kind("narration", "") is None  # no narration: the narrator tells the move


def test_a_run_of_six_words_from_the_instructions_is_an_echo():
    assert kind("narration", "Your move, told as STORY: one to three short sentences.") == "echo"
    assert kind("speech", "I reply with one JSON object and nothing else!") == "echo"
    assert kind("narration", "Pim tells the story of one short winter.") is None
    # a placeholder splits the template: words either side of it are no run
    assert kind("narration", "One to three short sentences present") != "echo"


def test_a_name_is_a_name():
    assert kind("text", "Your move told as story, two or three sentences of your own.",
                NAME) == "too_long"
    assert kind("text", "at the farm", NAME) == "not_a_name"
    assert kind("text", "Pim walks home. He is tired", NAME) == "not_a_name"
    assert kind("text", "Tamsin Reed", NAME) is None and kind("text", "Old Pim", NAME) is None
    assert checks.asks_name(NAME) and not checks.asks_name(ANSWER)
    assert not checks.asks_name(Action(seat="p", kind="answer", ask="Animal companion: What is "
                                       "their name? How have they helped you in the past?"))
    assert kind("text", "Your Hero's Name", NAME) == "not_a_name"  # the question, name-shaped
    assert kind("text", "The Hero", NAME) == "not_a_name"
    assert kind("text", "Awesome Game Play", NAME) == "not_a_name"


def test_lengths_follow_the_field():
    assert kind("text", "A" + "a" * checks.TEXT_CHARS, ANSWER) == "too_long"
    assert kind("narration", "word " * 100) == "too_long"
    assert kind("text", "A cracking voice; old age looks like giving up.", ANSWER) is None


def test_the_games_instructions_hold_the_templates_and_not_the_players_words():
    from companion.core.registry import get_game

    sent = checks.instruction_text(get_game("at-any-cost"))
    assert sent.echo("the hero always finishes, so the question is what it costs")
    assert sent.echo("what happens: one to three short sentences, present tense")
    assert not sent.echo("The youngest child of a poor farmer leaves home to find a fortune")


def test_words_about_the_game_are_not_story():
    assert kind("narration", "You choose a location and the answer will be your name.") == "meta"
    assert kind("text", "You choose: Pim (optional), answer in", ANSWER) == "meta"
    assert kind("narration", "How will you choose one move?") == "meta"
    assert kind("narration", "Pim has no answer for the old woman, and moves on.") is None
    assert kind("text", "A locket with a pressed flower.", ANSWER) is None


def test_quoted_story_is_an_echo_only_when_it_is_most_of_the_text():
    story = "The youngest child of a poor farmer leaves home to find a fortune."
    sent = SENT.plus([], story=[story])
    assert sent.echo("The youngest child of a poor farmer leaves home.")  # the line again
    carried = "Pim, the youngest child of a poor farmer, has calloused hands and a quick laugh."
    assert not sent.echo(carried)  # a fact carried forward in a sentence of its own
    assert not sent.echo("The youngest child of a poor farmer", partial=True)  # still streaming
    assert sent.echo("Reply with one JSON object and nothing else", partial=True)


def test_a_question_put_to_the_other_side_is_a_question():
    ask = Action(seat="a", kind="ask", ask="Your question about Heirloom", optional_text=False)
    assert kind("text", "story", ask) == "not_a_question"
    assert kind("text", "The heirloom is lost.", ask) == "not_a_question"
    assert kind("text", "Who gave you the ring, and why?", ask) is None
    assert kind("text", "Pim, who gave you the ring?", ANSWER) is None  # only asks must ask


def test_a_question_word_is_no_name():
    for text in ("What", "Who", "The"):
        assert kind("text", text, NAME) == "not_a_name", text
    assert kind("text", "Wren", NAME) is None


def test_a_line_already_told_is_not_told_again():
    told = "The hero tells a story with three stretches of road no one has ever described."
    sent = SENT.plus([], told=[told])
    assert kind_with(sent, "narration", told) == "repeat"
    assert kind_with(sent, "narration", "At dusk the hero tells a story with three stretches of "
                     "road, and the bandits laugh.") == "repeat"
    assert kind_with(sent, "narration", "Three stretches of road lie ahead, and Pim takes the "
                     "first at a run.") is None  # a fact carried on, in new words


def test_a_narration_tells_something_and_an_answer_is_not_the_question_again():
    assert kind("narration", "Keep-Anchors") == "too_short"
    assert kind("narration", "Pim runs") == "too_short" and kind("narration", "Pim runs.") is None
    assert kind("narration", "Pim runs for the gate.") is None
    heirloom = Action(seat="p", kind="answer", ask="Heirloom: What is it? What does it represent?")
    assert kind("text", "Heirloom: What is it?", heirloom) == "echo"
    assert kind("text", "A ring. What does it represent? My mother's hope.", heirloom) == "echo"
    assert kind("text", "My mother's ring; it stands for her hope.", heirloom) is None


def kind_with(sent, field, text, action=None):
    miss = check(field, text, sent, action)
    return miss.kind if miss else None


def test_saying_the_words_a_question_asks_to_end_with_is_no_echo():
    """High Stakes' GM is asked to "End with: what do you do?": its scene framed that way is
    story (SmolLM2 bench, seed 1: the narrator's own framing was refused as an echo, twice)."""
    frame = Action(seat="gm", kind="frame", ask="Set the scene: what, where, who? End with: what "
                   "do you do?", optional_text=False)
    told = "Rain drums on the villa's roof and the gate stands ajar. What do you do?"
    assert check("text", told, Instructions(), frame, required=True) is None
    miss = check("text", "Set the scene: what, where, who?", Instructions(), frame, required=True)
    assert miss is not None and miss.kind == "echo"
