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
