"""Issue 36, done when: over 8 seeds of each game played with the lines "harm to children,
spiders, drowning, harm to animals", no told sentence of the rendered story crosses a line, read
with this test's own word lists (tests/safety/reader.py), not the lexicon's."""
from __future__ import annotations

import pytest

from companion.core.registry import get_game
from companion.journal import render
from companion.session import AI, HUMAN, Session
from companion.repl.controller import Controller
from companion.story.voice import OfflineVoice

from .reader import LINES, crossings

GAMES = ["at-any-cost", "becoming", "dragon-warrior", "heros-journey", "high-stakes"]
SEEDS = range(1, 9)


def _autoplay(name: str, seed: int, path):
    game = get_game(name)
    options = game.options_model()
    seats_for = getattr(game, "seats_for", None)
    seats = tuple(seats_for(options)) if seats_for else game.seats
    s = Session.start(game, seed, {x: AI for x in seats}, OfflineVoice(game, seed), path,
                      options=options, lines=LINES.split(","))
    s.advance()
    s.close()
    return s


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_no_told_sentence_crosses_a_line(name, tmp_path):
    for seed in SEEDS:
        path = tmp_path / f"{name}-{seed}.jsonl"
        session = _autoplay(name, seed, path)
        assert session.header["lines"] == LINES.split(",")  # recorded in the journal's header
        story = render.render_markdown(path)
        assert crossings(story) == [], (name, seed, crossings(story)[:3])


def test_at_any_cost_played_at_the_prompt_keeps_the_lines(tmp_path):
    game = get_game("at-any-cost")
    for seed in SEEDS:
        path = tmp_path / f"p{seed}.jsonl"
        s = Session.start(game, seed, {"protagonist": HUMAN, "antagonist": AI},
                          OfflineVoice(game, seed), path, lines=LINES.split(","))
        s.advance()
        c = Controller(s, lambda kind, text: None)
        for line in ["Wren", "she", ""]:
            c.handle(line)
        for _ in range(400):
            if s.is_over():
                break
            c.handle("It is home, and I carry it." if c.text_action() is not None else "do 1")
        s.close()
        assert s.is_over()
        assert crossings(render.render_markdown(path)) == []


def test_a_veil_is_told_as_a_fade_out(tmp_path):
    from companion.story.safety import FADES

    game = get_game("at-any-cost")
    faded = 0
    for seed in SEEDS:
        path = tmp_path / f"v{seed}.jsonl"
        s = Session.start(game, seed, {x: AI for x in game.seats}, OfflineVoice(game, seed),
                          path, veils=["fire", "drowning"])
        s.advance()
        s.close()
        story = render.render_markdown(path)
        faded += sum(f in story for f in FADES)
        assert not [x for x in crossings(story) if x[0] == "drowning"]
    assert faded  # the veiled moments happened, off-screen


def test_the_players_own_words_are_not_told_around_in_the_front(tmp_path):
    """Played at the prompt (seed 31) with the line "harm to animals": the hero's hound, named in
    an Anchor's answer and then given up, stays the player's "one-eyed hound" in the journal's
    list of what he carries. The game's "(lost on the way)" beside it made the line cross (a
    subject with a word of harm), and the hound was told as "an one-eyed creature"."""
    game = get_game("at-any-cost")
    path = tmp_path / "hound.jsonl"
    s = Session.start(game, 31, {"protagonist": HUMAN, "antagonist": AI},
                      OfflineVoice(game, 31), path, lines=["harm to animals"])
    s.advance()
    c = Controller(s, lambda kind, text: None)
    hound = "Grue, a one-eyed hound who sleeps on my feet and hates the rain."
    for line in ["Brannoch Tell", "he", "", "keep 1 3 4 7 8", "My father's hammer.",
                 "The quarrymen of Dunmere.", "A blue glass bead.", "Every wall I built stands.",
                 hound, "A man who stacks stones.", "discard 5 4", "play 2", "",
                 "discard 6 5 2", "play 4", "play 3", "play 1 2", "",
                 "sacrifice best friend -- I send Grue home with a carter"]:
        c.handle(line)
    for _ in range(400):
        if s.is_over():
            break
        c.handle("" if c.text_action() is not None else "do 1")
    s.close()
    story = render.render_markdown(path)
    front = story.split("## Stage 1")[0]
    assert f"*Best friend and companion*: {hound} *(lost on the way)*" in front
    assert "an one-eyed" not in story
    assert not [x for x in crossings(story) if x[0] == "harm to animals"]


def test_a_word_told_around_takes_the_article_english_says():
    from companion.story.safety import safety_for

    s = safety_for(("harm to animals",), ())
    assert s.redact("An owl was hurt by the storm.") == "A creature was hurt by the storm."
    assert s.redact("A one-eyed hound was hurt.") == "A one-eyed creature was hurt."


def test_a_word_is_a_compound_in_its_dictionary_form_only():
    """"poisons" is no poi|sons and "seasons" no sea|sons (a son each, so a sentence with a word
    of harm crossed "harm to children"); a real closed compound still counts, inflected too."""
    from companion.story.safety import safety_for

    s = safety_for(("harm to children",), ())
    assert s.allows("Rust mixes her poisons by candlelight.")
    assert s.allows("The seasons turn, and the frost kills the last roses.")
    assert s.redact("poisons and antidotes, remembers every face") == \
        "poisons and antidotes, remembers every face"
    assert not s.allows("Two schoolboys are beaten in the yard.")
    assert not s.allows("The grandsons were poisoned at the feast.")
    assert not safety_for(("harm to animals",), ()).allows("The sheepdogs were poisoned.")
