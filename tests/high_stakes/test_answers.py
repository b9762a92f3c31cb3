"""Played (session 11): Willow's stock lines did not answer what the player asked ("what is the
mage afraid of?"). A person of the adventure answers the question put to them: what it names and
what it asks of it (the reading layer), from what the adventure's people know; of anything else,
an honest "I don't know" that names it in the player's words. Questions nobody listed."""
from __future__ import annotations

import pytest

from tests.high_stakes.drive import do, frame, start
from tests.high_stakes.test_listening import gm_says


def _answer(question: str, who: str = "rust") -> str:
    s = do(frame(start(who), scene="guild", text=""), "player", "act", question, character=who,
           attribute="aura")
    return gm_says(s, "no_roll")[1]


@pytest.mark.parametrize("question, said", [
    ("I ask Willow what frightens the mage", "What the mage is afraid of, I don't know."),
    ("Willow, what is it Agramelus is after?", "says Willow"),
    ("Willow, how do I get to the villa?", "up the hill past"),
    ("I ask Willow about the dogs", "loose at night"),
    ("I ask Willow what the mage keeps in his cellar, and whether the dogs bite", "loose at night"),
    ("Willow, who is this Lisius?", "a merchant from abroad"),
    ("Wind, what do you make of Willow?", "says Wind"),
    ("I ask Willow what the mage is afraid of, and whether the Red Sleeves know my face now",
     "Whether the Red Sleeves know your face now, I can't say. The Red Sleeves wear"),
    ("Willow, do the dogs bark at night?", "Whether the dogs bark at night, I can't say."),
])
def test_a_question_is_answered_from_what_the_adventure_knows(question, said):
    told = _answer(question)
    assert said in told, told
    assert "Good,' says Willow" not in told and "Willow nods slowly" not in told, told


@pytest.mark.parametrize("question, named", [
    ("I ask Willow about the tinker's cart", "the tinker's cart"),
    ("Willow, have you heard anything of my sister?", "your sister"),
    ("I ask Willow what the mage keeps in his cellar, and whether the dogs bite", "his cellar"),
])
def test_what_the_adventure_does_not_know_gets_an_honest_answer_that_names_it(question, named):
    told = _answer(question)
    assert f"I don't know anything about {named}" in told, told


@pytest.mark.parametrize("words", ["I tell Willow I am ready to go tonight",
                                   "I ask Willow for her old cloak", "I ask Wind to come along"])
def test_words_that_ask_nothing_get_the_scenes_own_reply(words):
    told = _answer(words)
    assert "I don't know" not in told and "“" not in told, told


def test_a_model_gm_is_shown_what_the_one_asked_knows():
    """A model GM answers from its view: a question put to Willow brings what the adventure's
    people know of it into the GM's view (and its prompt), never into the player's; a deed asks
    nothing."""
    from companion.llm.context import view_lines, seat_view
    from tests.high_stakes.drive import G

    s = do(frame(start("rust"), scene="guild", text=""), "player", "act",
           "Willow, who is this Lisius?", character="rust", attribute="aura")
    gm = G.view(s, "gm")
    assert "a merchant from abroad" in gm["gm"]["known"]
    assert "a merchant from abroad" in view_lines(seat_view(gm, "high-stakes", "gm"))
    assert "known" not in str(G.view(s, "player").get("gm", ""))
    s = do(frame(start("rust"), scene="guild", text=""), "player", "act",
           "I sharpen my knife by the window", character="rust", attribute="body")
    assert "known" not in G.view(s, "gm")["gm"]


@pytest.mark.parametrize("question, said, not_said", [
    ("I tug Willow's sleeve and ask whether the mage keeps a cat or any birds in the villa",
     "Whether the mage keeps a cat or any birds in the villa, I can't say.", "Red Sleeves"),
    ("I pluck at Willow's red sleeve and ask her about the dogs", "loose at night", "Red Sleeves"),
])
def test_the_deed_before_the_asking_is_not_asked_about(question, said, not_said):
    """Played (s13, seed 4242): tugging Willow's sleeve before the question brought the Red
    Sleeves' lore, and the yes-or-no question went unsaid. What is asked starts at the asking."""
    told = _answer(question)
    assert said in told and not_said not in told, told


@pytest.mark.parametrize("text, to, thing", [
    ("I fold a paper crane from a page of my notes and set it on Rust's knee", "Rust", "paper crane"),
    ("I press a warm chestnut into Wind's palm", "Wind", "warm chestnut"),
    ("I tuck a stub of lamp-wick into Wind's collar for luck", "Wind", "stub of lamp-wick"),
    ("I slide the chipped dice across the floor to Ash", "Ash", "chipped dice"),
    ("I ask Rust whether the mage keeps dogs", "Rust", ""),
    ("I put my hand on Rust's shoulder", "Rust", ""),
    ("I tell Willow the wall is too high", "Willow", ""),
])
def test_what_a_deed_done_for_someone_shows_them(text, to, thing):
    from companion.games.high_stakes.heard import handed
    assert handed(text, to) == thing


def test_a_reply_takes_up_what_the_player_just_did(tmp_path):
    """s14 (seed 77): a paper crane set on Rust's knee was answered by Rust's stock line about
    her dream, as if nothing had been done."""
    import subprocess
    import sys
    script = tmp_path / "moves.txt"
    script.write_text("\n\npremade ash\naura I fold a paper crane from a page of my notes and set "
                      "it on Rust's knee\nquit\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "companion", "play", "high-stakes", "--seed", "77",
                          "--voice", "offline", "--script", str(script), "--journal",
                          str(tmp_path / "j.jsonl")], capture_output=True, text=True, timeout=120)
    told = " ".join(out.stdout.split())
    assert "Ash folds a paper crane from a page of his notes and sets it on Rust's knee." in told
    assert "Rust hugs her knees" in told
    at = told.index("Rust hugs her knees")
    assert "paper crane" in told[told.index("sets it on Rust's knee.") + 20:at], told
