"""Fixtures for the language-model voice tests: a fake model with queued replies, the Duel game.

The fake stands in for ``ModelClient`` (simonw/llm's MockModel.enqueue, in spirit): each queued
item is a reply text (streamed to ``on_text`` in small chunks), or an exception to raise, or a
callable that gets the request and returns either. It records every request it was given.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the fakegame package

from companion.core.game import Action  # noqa: E402
from companion.llm.client import Completion, estimate_tokens  # noqa: E402
from companion.llm.config import Settings  # noqa: E402
from companion.story.voice import DecisionRequest  # noqa: E402
from fakegame import GAME  # noqa: E402


class FakeModel:
    """A queue of replies. ``complete`` has ModelClient's signature and ledger behaviour."""

    def __init__(self, chunk: int = 7) -> None:
        self.queue: list[Any] = []
        self.requests: list[dict[str, Any]] = []
        self.chunk = chunk
        self._model = "fake-model"

    def enqueue(self, *items: Any) -> "FakeModel":
        self.queue.extend(items)
        return self

    def reply(self, action: int, narration: str = "", speech: str = "", **extra: Any) -> "FakeModel":
        return self.enqueue(json.dumps({"action": action, **extra, "narration": narration,
                                        "speech": speech}))

    def complete(self, messages, *, schema=None, grammar_schema=None, on_text=None,
                 max_tokens=None, seed=None, stream=True, mode=None, bound=None) -> Completion:
        self.requests.append({"messages": messages, "schema": schema, "seed": seed, "bound": bound})
        if not self.queue:
            raise AssertionError("the fake model was asked more often than replies were queued")
        item = self.queue.pop(0)
        if callable(item) and not isinstance(item, type):
            item = item(messages)
        prompt = sum(len(m["content"]) for m in messages)
        row = {"event": "call", "model": self._model, "server": "fake", "mode": "json_schema",
               "tokens_in": estimate_tokens("x" * prompt), "tokens_out": 0, "estimated": False,
               "latency_ms": 1}
        notes = [row]
        if isinstance(item, BaseException):
            row["outcome"] = "transport"
            row["tokens_in"] = 0
            item.notes = notes
            raise item
        text = item
        try:
            if on_text is not None:
                for end in range(self.chunk, len(text) + self.chunk, self.chunk):
                    on_text(text[:end])
        except BaseException as err:  # a Stop raised by the voice's screen
            row["outcome"] = "stopped"
            row["tokens_out"] = estimate_tokens(text)
            if hasattr(err, "notes"):
                err.notes = notes
            raise
        row["tokens_out"] = estimate_tokens(text)
        row["outcome"] = "ok"
        return Completion(text=text, finish_reason="stop", mode="json_schema", model=self._model,
                          tokens_in=row["tokens_in"], tokens_out=row["tokens_out"],
                          estimated=False, latency_ms=1, notes=notes)


@pytest.fixture
def game():
    return GAME


@pytest.fixture
def fake() -> FakeModel:
    return FakeModel()


@pytest.fixture
def settings() -> Settings:
    return Settings(voice="openai", model="fake-model", base_url="http://127.0.0.1:9/v1",
                    timeout=2.0, voice_mode="free")  # the mode these tests are about


def make_request(game=GAME, state=None, seat="villain", step=3, **kw) -> DecisionRequest:
    state = state or game.setup()
    if seat not in state["named"] and kw.pop("named", True):
        state = {**state, "named": {**state["named"], seat: "Morwen"}}
    legal = game.legal_actions(state, seat)
    return DecisionRequest(game=game.name, seat=seat, step=step, view=game.view(state, seat),
                           legal=legal, labels=[game.describe(a) for a in legal], **kw)


@pytest.fixture
def request_for():
    return make_request


def legal_keys(request: DecisionRequest) -> set:
    return {a.key() for a in request.legal}


__all__ = ["FakeModel", "make_request", "legal_keys", "Action"]


@pytest.fixture
def stub():
    from stub_server import Stub

    server = Stub().start()
    yield server
    server.stop()
