"""A fallback is the offline move: with a model whose every answer is useless, or a server that
is down, each game's journal holds the offline game's actions, move for move (same seed).

Measured before (issue 39): High Stakes with a model that always answered badly ended "To Be
Continued" after 71 actions against 282 offline; the offline voice was asked to choose from the
shortlist the model had been shown, not from the moves the session offered, and the slots'
candidates were written by the offline voice's own narrator, changing what it told next."""
from __future__ import annotations

import pytest

from companion.core.registry import all_games
from companion.llm.client import TransportError
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.session.bound import play_out
from companion.session.loop import AI, Session
from companion.story.voice import OfflineVoice
from conftest import FakeModel

GAMES = sorted(all_games())
ILLEGAL = '{"action": 99, "narration": "The rain comes down."}'


class Always(FakeModel):
    """Answers every call the same way (a text, or an error raised)."""

    def __init__(self, item) -> None:
        super().__init__()
        self.item = item

    def complete(self, *args, **kw):
        self.queue = [self.item]
        return super().complete(*args, **kw)


def _actions(game, seed: int, voice, steps: int | None = None) -> list:
    session = Session.start(game, seed, {s: AI for s in game.seats}, voice, None)
    if steps is None:
        play_out(session)
    else:
        while not session.is_over() and len(session.actions) < steps:
            before = len(session.actions)
            session.advance(max_steps=1)
            if len(session.actions) == before:
                break
    return [a.model_dump(mode="json") for a in session.actions]


def _model(game, seed: int, item, mode: str = "slots") -> OpenAIVoice:
    settings = Settings(voice="openai", model="fake", base_url="http://127.0.0.1:9/v1",
                        timeout=5.0, voice_mode=mode)
    return OpenAIVoice(game, seed, settings, client=Always(item))


@pytest.mark.parametrize("name", GAMES)
def test_a_useless_model_tells_the_offline_story(name):
    from companion.core.registry import get_game

    game = get_game(name)
    offline = _actions(game, 2, OfflineVoice(game, 2))
    voice = _model(game, 2, ILLEGAL)
    assert _actions(game, 2, voice) == offline
    assert voice.client.requests  # it was asked, until the breaker rested it


@pytest.mark.parametrize("name", GAMES)
def test_every_fallback_is_the_offline_move(name):
    """The breaker kept closed: every AI decision is asked, answered uselessly, and played by
    the offline voice as it would have played it (the first moves of each game)."""
    from companion.core.registry import get_game

    game = get_game(name)
    offline = _actions(game, 1, OfflineVoice(game, 1), steps=60)
    voice = _model(game, 1, "}}} not json {{{")
    voice.breaker.useless_limit = 10 ** 9
    assert _actions(game, 1, voice, steps=60) == offline
    assert len(voice.client.requests) >= 10


@pytest.mark.parametrize("name", GAMES)
def test_a_down_server_tells_the_offline_story(name):
    from companion.core.registry import get_game

    game = get_game(name)
    offline = _actions(game, 3, OfflineVoice(game, 3))
    voice = _model(game, 3, TransportError("connection failed (after 4 attempt(s))"), "free")
    assert _actions(game, 3, voice) == offline
