"""The model voice against a misbehaving server: whatever happens, a legal Decision and a reason."""
from __future__ import annotations

import pytest

from companion.llm.client import ModelClient
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from conftest import legal_keys
from stub_server import chunk

GOOD = '{"action": 2, "narration": "Thunder rolls over the hills.", "speech": ""}'


def voice_on(stub, game, timeout=1.0) -> OpenAIVoice:
    settings = Settings(voice="openai", model="stub-model", base_url=stub.base_url,
                        timeout=timeout, max_tokens=200, voice_mode="free")
    client = ModelClient(settings, sleep=lambda s: None, backoff=0.01, max_attempts=3)
    return OpenAIVoice(game, 5, settings, client=client)


FAULTS = {
    "500s": (lambda s: [s.status(500, "boom") for _ in range(3)], "server error 500"),
    "429 then gone": (lambda s: [s.status(429, "slow", {"retry-after": "0"}) for _ in range(3)],
                      "rate limited"),
    "stalled stream": (lambda s: [s.stream([chunk('{"action": 2'), chunk("}", "stop")],
                                           stall=2.0, stall_after=1) for _ in range(2)],
                       "timed out|out of time|took longer"),
    "cut stream": (lambda s: [s.stream([chunk('{"acti'), chunk("x")], cut_after=1)
                              for _ in range(3)], "bad response|connection failed"),
    "garbage reply": (lambda s: [s.reply("}}} not json {{{") for _ in range(2)],
                      "no usable reply after 2 attempts"),
    "illegal twice": (lambda s: [s.reply('{"action": 99, "narration": "x"}') for _ in range(2)],
                      "not one of the legal actions"),
    "unauthorised": (lambda s: s.status(401, "bad key"), "401"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_every_fault_ends_in_a_legal_decision_with_a_reason(stub, game, request_for, fault):
    script, reason = FAULTS[fault]
    script(stub)
    req = request_for()
    decision = voice_on(stub, game).decide(req, on_text=lambda t: None)
    assert decision.action.key() in legal_keys(req)
    assert decision.source == "fallback"
    fallback = decision.notes[-1]
    assert fallback["event"] == "fallback"
    assert __import__("re").search(reason, fallback["reason"]), fallback["reason"]
    assert all(n.get("step") == req.step for n in decision.notes)


@pytest.mark.parametrize("fault", ["500s", "cut stream", "429 then gone"])
def test_transport_faults_recover_when_the_server_does(stub, game, request_for, fault):
    script, _ = FAULTS[fault]
    script(stub)
    stub.script = stub.script[:1]  # one failure, then a good reply
    stub.reply(GOOD)
    req = request_for()
    decision = voice_on(stub, game).decide(req)
    assert decision.source == "model" and decision.action.key() == req.legal[1].key()
    outcomes = [n["outcome"] for n in decision.notes if n["event"] == "call"]
    assert outcomes[0] == "transport" and outcomes[-1] == "ok"


def test_garbage_then_good_is_reasked(stub, game, request_for):
    stub.reply("I think the storm.").reply(GOOD)
    decision = voice_on(stub, game).decide(request_for())
    assert decision.source == "model" and decision.narration == "Thunder rolls over the hills."
    assert "reply cannot be used" in stub.requests[1]["messages"][-1]["content"]


def test_a_bug_in_the_voice_is_a_fallback_not_a_traceback(game, request_for, settings):
    class Broken:
        def complete(self, *a, **k):
            raise ZeroDivisionError("oops")

    decision = OpenAIVoice(game, 1, settings, client=Broken()).decide(request_for())
    assert decision.source == "fallback" and "ZeroDivisionError" in decision.notes[-1]["reason"]


def test_a_reply_cut_by_the_time_bound_keeps_what_is_valid(stub, game, request_for):
    words = ["The storm", " breaks over", " the hills.", " Rain"]
    stub.stream([chunk('{"action": 2, "narration": "')] + [chunk(w) for w in words]
                + [chunk('"}', "stop")], stall=3.0, stall_after=len(words) + 1)
    shown: list[str] = []
    decision = voice_on(stub, game, timeout=0.8).decide(request_for(), on_text=shown.append)
    assert decision.source == "model" and decision.action.key() == request_for().legal[1].key()
    assert decision.narration == "The storm breaks over the hills."
    assert decision.notes[-1]["event"] == "cut_short"
    assert "".join(shown).startswith("The storm breaks over the hills.")


def test_a_stream_cut_after_the_action_keeps_the_move(stub, game, request_for):
    for _ in range(3):
        stub.stream([chunk('{"action": 3, "narr'), chunk("x")], cut_after=1)
    decision = voice_on(stub, game).decide(request_for())
    assert decision.source == "model" and decision.action.key() == request_for().legal[2].key()
    assert decision.narration == "" and decision.notes[-1]["event"] == "cut_short"
