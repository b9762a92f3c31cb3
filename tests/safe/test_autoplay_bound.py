"""Issue 20: every autoplay ends. An AI that always takes the first legal move (the audit's Dragon
& Warrior case walked between the street and the throne room for 14,973 moves) is stopped after a
bound on steps without progress (a new stage, scene, place or round), with its reason journaled,
shown in the story and printed; ordinary games never come near the bound."""
from __future__ import annotations

import json

import pytest

from companion.core.registry import get_game
from companion.journal import render
from companion.session import AI, Session
from companion.session.bound import STALL, play_out
from companion.story.voice import Decision, OfflineVoice

GAMES = ["at-any-cost", "becoming", "dragon-warrior", "heros-journey", "high-stakes"]


class FirstLegal(OfflineVoice):
    """Always the first legal move (its text filled in where one is asked)."""

    def decide(self, request, on_text=None):
        first = request.legal[0]
        return Decision(action=first.with_text("Ash" if first.ask else ""))


def _session(name: str, voice, path, seed: int = 1) -> Session:
    game = get_game(name)
    options = game.options_model()
    seats_for = getattr(game, "seats_for", None)
    seats = tuple(seats_for(options)) if seats_for else game.seats
    return Session.start(game, seed, {s: AI for s in seats}, voice, path, options=options)


@pytest.mark.parametrize("name", GAMES)
def test_a_first_legal_move_autoplay_ends_with_its_reason(name, tmp_path):
    path = tmp_path / "first.jsonl"
    game = get_game(name)
    s = _session(name, FirstLegal(game, 1), path)
    reason = play_out(s, stall=300)
    s.close()
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    actions = sum(r["type"] == "action" for r in rows)
    if s.is_over():  # this game's first moves do reach an end: no stop, no notice
        assert reason == "" and not any(r["type"] == "notice" for r in rows)
        return
    assert "without progress" in reason
    assert [r["text"] for r in rows if r["type"] == "notice"] == [reason]
    assert actions < 20_000
    assert reason in render.render_markdown(path)  # the reader learns why the story stops


def test_the_dragon_warrior_walk_is_stopped_at_the_default_bound(tmp_path):
    path = tmp_path / "walk.jsonl"
    s = _session("dragon-warrior", FirstLegal(get_game("dragon-warrior"), 1), path)
    reason = play_out(s)
    s.close()
    assert not s.is_over() and f"after {STALL} moves without progress" in reason
    assert len(s.actions) < 5 * STALL  # the audit's walk went on for 14,973


@pytest.mark.parametrize("name", GAMES)
def test_an_ordinary_autoplay_is_not_stopped(name):
    for seed in (1, 2):
        s = _session(name, OfflineVoice(get_game(name), seed), None, seed)
        assert play_out(s) == "" and s.is_over()
