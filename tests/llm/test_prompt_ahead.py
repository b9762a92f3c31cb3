"""What slots mode's readings ahead and calls read afresh, one after the other (issue 39: High
Stakes' slowest first narrations). A server with one prompt cache reads afresh what follows the
longest start a request shares with the one before it, so a reading ahead must not say again what
the call before it said. No network: a recording stand-in model, the real games, a human seat
played by the offline policy."""
from __future__ import annotations

import json
import os
import threading

import pytest

from companion.core.registry import get_game
from companion.llm.client import Completion
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.session.loop import AI, Session
from companion.story.voice import DecisionRequest, OfflineVoice

THEN = "Then:\n"


class _Wire:
    """Answers move 1 and reads ahead at once; records every request in order, with the
    conversation's restarts so far."""

    _model = "recorder"

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, int]] = []  # (kind, decision message, restarts then)
        self.voice: OpenAIVoice | None = None

    def _keep(self, kind: str, messages) -> None:
        self.sent.append((kind, messages[-1]["content"], self.voice.thread.starts))

    def prefill(self, messages) -> bool:
        self._keep("ahead", messages)
        return True

    def complete(self, messages, *, schema=None, on_text=None, **kw):
        self._keep("call", messages)
        text = (schema or {}).get("properties", {}).get("text", {}).get("enum", ["Ash"])[0]
        return Completion(text=json.dumps({"action": 1, "text": text}), finish_reason="stop",
                          mode="json_object_schema", model=self._model, tokens_in=0,
                          tokens_out=0, estimated=True, latency_ms=0,
                          notes=[{"event": "call", "outcome": "ok"}])


def _settled() -> None:
    for t in threading.enumerate():
        if t.name == "companion-prefill":
            t.join(timeout=10)


def _played(name: str, human: str, seed: int = 1, turns: int = 30) -> list[tuple[str, str, int]]:
    game = get_game(name)
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    wire = _Wire()
    voice = OpenAIVoice(game, seed, settings, client=wire)
    wire.voice = voice  # cold, as a session starts: the server has not answered yet
    session = Session.start(game, seed, {s: "human" if s == human else AI for s in game.seats},
                            voice, None)
    player = OfflineVoice(game, seed)
    session.advance()
    for _ in range(turns):
        _settled()
        if session.offered is not None:
            session.tell("")
            continue
        if session.is_over() or session.human_turn() is None:
            break
        legal = session.legal(human)
        session.submit(player.decide(DecisionRequest(
            game=name, seat=human, step=len(session.actions), view=session.view(human),
            legal=legal, labels=[game.describe(a) for a in legal])).action)
    _settled()
    return wire.sent


def _seat(text: str) -> str:
    """The seat a decision message's turn is for (its last "Now, as the ..." line)."""
    return text[text.rindex("\nNow, as the "):].split("\n", 2)[1]


def _blocks(text: str) -> list[str]:
    """The "Then:" blocks of a decision message (what changed before each call)."""
    return [THEN + part.split("\n\n", 1)[0] for part in text.split("\n" + THEN)[1:]]


@pytest.mark.parametrize("name,human", [("high-stakes", "player"), ("at-any-cost", "protagonist")])
def test_a_reading_ahead_reads_only_what_changed_since_the_call_before_it(name, human):
    """With one AI seat, a reading ahead after its call keeps that call's conversation as it
    was said (the seat's line where the call put it, before the changes since it was first
    read), so the server reads only the human's move's changes, not again every change the call
    already held (High Stakes: a scene's rolls, 1,200 characters read again at each reading
    ahead, and the next call waited behind them). With several AI seats the usual order stays
    (the next test says why)."""
    sent = _played(name, human)
    checked = 0
    for (kind, before, starts), (next_kind, ahead, starts_now) in zip(sent, sent[1:]):
        if kind != "call" or next_kind != "ahead" or starts_now != starts or \
                _seat(before) != _seat(ahead):
            continue  # a restart reads the whole state: said once, no change in it twice
        fresh = ahead[len(os.path.commonprefix([before, ahead])):]
        again = [b for b in _blocks(fresh) if b in before]
        assert not again, again[0][:200]
        checked += 1
    assert checked >= 2, checked


def test_the_first_ai_call_of_a_session_finds_its_conversation_read_ahead():
    """Reading ahead starts at the first human turn, not only once the model first answered:
    High Stakes' first AI call came after the player's first moves and read the whole
    conversation afresh (the system message and the state: 960 tokens, 3-5 s) while they
    waited, one of the three slowest first narrations of each game."""
    sent = _played("high-stakes", "player")
    first = next(i for i, (kind, _, _) in enumerate(sent) if kind == "call")
    assert first > 0 and sent[first - 1][0] == "ahead"
    ahead, call = sent[first - 1][1], sent[first][1]
    assert call.startswith(ahead) and len(call) - len(ahead) < len(call) / 4


@pytest.mark.parametrize("name,human", [("heros-journey", "hero1"), ("dragon-warrior", "warrior"),
                                        ("becoming", "hero"), ("high-stakes", "player")])
def test_a_call_after_a_reading_ahead_never_reads_again_a_change_it_read(name, human):
    """What a reading ahead read, the call after it does not read again. With several AI seats
    a reading ahead says its seat's head after the changes (the usual order): kept where an
    earlier call put it, a call by another seat, or by the same seat once its hand changed,
    read again every change said after it (The Hero's Journey: 1,768 characters, Dragon &
    Warrior: the Warrior's creation, the player waiting)."""
    sent = _played(name, human, turns=40)
    checked = 0
    for (kind, ahead, starts), (next_kind, call, starts_now) in zip(sent, sent[1:]):
        if kind != "ahead" or next_kind != "call" or starts_now != starts:
            continue
        fresh = call[len(os.path.commonprefix([ahead, call])):]
        again = [b for b in _blocks(fresh) if b in ahead]
        assert not again, again[0][:200]
        checked += 1
    assert checked >= 3, checked
