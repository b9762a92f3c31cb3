"""ModelClient against a scripted loopback server: capability ladder, retries, faults, Ctrl-C."""
from __future__ import annotations

import json
import time

import pytest

from companion.llm.client import Interrupted, ModelClient, Rejected, TransportError
from companion.llm.config import Settings
from stub_server import chunk

MESSAGES = [{"role": "system", "content": "You are a test."}, {"role": "user", "content": "Hi"}]
SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"],
          "additionalProperties": False}


def client_for(stub, timeout=2.0, **kw) -> tuple[ModelClient, list[float]]:
    waits: list[float] = []
    settings = Settings(voice="openai", model="stub-model", base_url=stub.base_url,
                        timeout=timeout, max_tokens=50)
    kw.setdefault("backoff", 0.01)
    return ModelClient(settings, sleep=waits.append, **kw), waits


def test_streamed_reply_with_usage(stub):
    stub.reply('{"ok": true}')
    client, _ = client_for(stub)
    seen: list[str] = []
    done = client.complete(MESSAGES, schema=SCHEMA, on_text=seen.append)
    assert done.text == '{"ok": true}' and seen[-1] == done.text and len(seen) > 1
    assert (done.tokens_in, done.tokens_out, done.estimated) == (50, 20, False)
    [row] = done.notes
    assert row["outcome"] == "ok" and row["mode"] == "json_schema"
    assert row["server"].startswith("127.0.0.1:") and row["model"] == "stub-model"
    body = stub.requests[0]
    assert body["response_format"]["type"] == "json_schema"
    assert body["stream_options"] == {"include_usage": True}
    assert body["max_tokens"] == 50


def test_refusal_ladder_is_learnt_once(stub):
    # llama-cpp-python answers a json_schema response_format with a 500 validation error
    stub.status(500, "1 validation error: Input should be 'text' or 'json_object'")
    stub.reply('{"ok": true}').reply('{"ok": false}')
    client, waits = client_for(stub)
    first = client.complete(MESSAGES, schema=SCHEMA, grammar_schema={**SCHEMA, "x": 1})
    assert first.mode == "json_object_schema" and waits == []  # a refusal is not retried
    assert [n["event"] for n in first.notes] == ["call", "refusal", "call"]
    assert first.notes[1]["refused"] == "json_schema" and first.notes[1]["status"] == 500
    assert stub.requests[1]["response_format"] == {"type": "json_object",
                                                   "schema": {**SCHEMA, "x": 1}}
    second = client.complete(MESSAGES, schema=SCHEMA)
    assert second.mode == "json_object_schema" and len(stub.requests) == 3
    assert [n["event"] for n in second.notes] == ["call"]


def test_down_to_plain_text(stub):
    for _ in range(3):
        stub.status(400, "response_format is not supported")
    stub.reply("just text")
    client, _ = client_for(stub)
    done = client.complete(MESSAGES, schema=SCHEMA)
    assert done.mode == "text" and "response_format" not in stub.requests[-1]
    assert client.caps.modes == ["text"]
    # without a schema field to carry it, the schema rides in the prompt
    assert '"required":["ok"]' in stub.requests[-1]["messages"][-1]["content"]
    assert "JSON schema" not in stub.requests[1]["messages"][-1]["content"]  # schema field mode


def test_rejected_parameter_is_dropped(stub):
    stub.status(400, "Unrecognized request argument supplied: stream_options")
    stub.reply('{"ok": true}', usage=None)
    client, _ = client_for(stub)
    done = client.complete(MESSAGES, schema=SCHEMA)
    assert "stream_options" not in stub.requests[1] and done.mode == "json_schema"
    assert done.estimated and done.tokens_out > 0


def test_server_errors_are_retried_with_backoff(stub):
    stub.status(503, "busy").status(502, "bad gateway").reply('{"ok": true}')
    client, waits = client_for(stub)
    done = client.complete(MESSAGES, schema=SCHEMA)
    assert done.text == '{"ok": true}' and len(waits) == 2
    assert [n["outcome"] for n in done.notes] == ["transport", "transport", "ok"]
    assert done.notes[0]["tokens_in"] == 0  # nothing was read


def test_429_honours_retry_after(stub):
    stub.status(429, "slow down", {"retry-after": "1.5"}).reply('{"ok": true}')
    client, waits = client_for(stub, timeout=5.0)
    client.complete(MESSAGES, schema=SCHEMA)
    assert waits == [1.5]


def test_429_longer_than_the_time_bound_gives_up(stub):
    stub.status(429, "come back tomorrow", {"retry-after": "3600"})
    client, waits = client_for(stub)
    with pytest.raises(TransportError, match="rate limited"):
        client.complete(MESSAGES, schema=SCHEMA)
    assert waits == []


def test_persistent_500_gives_up_after_max_attempts(stub):
    for _ in range(5):
        stub.status(500, "internal error")
    client, waits = client_for(stub, max_attempts=3)
    with pytest.raises(TransportError, match=r"server error 500.*after 3 attempt") as info:
        client.complete(MESSAGES)
    assert len(info.value.notes) == 3 and len(waits) == 2


def test_stalled_stream_times_out_within_the_bound(stub):
    stub.stream([chunk('{"ok"'), chunk(": true}", "stop")], stall=3.0, stall_after=1)
    client, _ = client_for(stub, timeout=0.6)
    started = time.monotonic()
    with pytest.raises(TransportError, match="timed out|out of time|took longer") as info:
        client.complete(MESSAGES, schema=SCHEMA, on_text=lambda t: None)
    assert time.monotonic() - started < 2.5
    assert info.value.notes[0]["outcome"] == "transport"


def test_connection_closed_mid_stream_is_retried(stub):
    stub.stream([chunk('{"ok"'), chunk(": tr"), chunk("ue}", "stop")], cut_after=2)
    stub.reply('{"ok": false}')
    client, waits = client_for(stub)
    seen: list[str] = []
    done = client.complete(MESSAGES, schema=SCHEMA, on_text=seen.append)
    assert done.text == '{"ok": false}' and len(waits) == 1
    assert '{"ok": tr' in seen  # the broken attempt was streamed, then started over
    assert done.notes[0]["outcome"] == "transport" and done.notes[0]["tokens_out"] > 0


def test_garbage_in_the_stream_is_a_transport_failure(stub):
    stub.stream([chunk('{"ok"')], garbage=True, done=False)
    stub.stream(["not json either"])
    client, _ = client_for(stub, max_attempts=2)
    with pytest.raises(TransportError, match="bad response"):
        client.complete(MESSAGES, schema=SCHEMA)


def test_dead_port_is_a_clear_transport_error():
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1", timeout=0.5)
    client = ModelClient(settings, sleep=lambda s: None, backoff=0.01)
    with pytest.raises(TransportError, match="connection failed"):
        client.complete(MESSAGES)


def test_auth_failure_is_rejected_not_retried(stub):
    stub.status(401, "invalid api key")
    client, waits = client_for(stub)
    with pytest.raises(Rejected, match="401"):
        client.complete(MESSAGES)
    assert waits == []


def test_context_overflow_is_rejected_not_a_capability(stub):
    stub.status(400, "This model's maximum context length is 4096 tokens")
    client, _ = client_for(stub)
    with pytest.raises(Rejected, match="does not fit"):
        client.complete(MESSAGES, schema=SCHEMA)
    assert client.caps.modes[0] == "json_schema"


def test_ctrl_c_inside_the_stream_closes_it_and_keeps_the_text(stub):
    stub.reply('{"ok": true, "narration": "a long tale"}')
    client, _ = client_for(stub)
    seen: list[str] = []

    def on_text(text: str) -> None:
        seen.append(text)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as info:
        client.complete(MESSAGES, on_text=on_text)
    assert info.value.text == seen[-1]
    assert info.value.notes[0]["outcome"] == "interrupted"


def test_ctrl_c_while_backing_off_is_an_interruption(stub):
    stub.status(503, "busy")
    settings = Settings(voice="openai", model="m", base_url=stub.base_url, timeout=2.0)

    def sleep(seconds: float) -> None:
        raise KeyboardInterrupt

    client = ModelClient(settings, sleep=sleep)
    with pytest.raises(Interrupted):
        client.complete(MESSAGES)


def test_model_is_discovered_when_none_is_set(stub):
    settings = Settings(voice="openai", base_url=stub.base_url, timeout=2.0)
    stub.reply("hi")
    client = ModelClient(settings, sleep=lambda s: None)
    assert client.complete(MESSAGES).model == "stub-model"
    assert stub.requests[0]["model"] == "stub-model"


def test_importing_the_voice_does_not_import_openai():
    import subprocess
    import sys

    code = ("import sys, companion.llm.openai_voice, companion.llm.doctor, companion.llm.config;"
            "print('openai' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_requests_carry_no_key_in_the_body(stub):
    stub.reply("hi")
    settings = Settings(voice="openai", model="m", base_url=stub.base_url, api_key="sk-secret")
    ModelClient(settings).complete(MESSAGES)
    assert "sk-secret" not in json.dumps(stub.requests)
