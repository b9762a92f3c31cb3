"""The batching stub: loopback only, many requests at once, the same reply for the same request,
and it stops by itself."""
from __future__ import annotations

import json
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from companion.batch.stub import BatchingStub, reply_for


def _ask(url: str, body: dict) -> dict:
    req = urllib.request.Request(url + "/chat/completions", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


BODY = {"model": "m", "messages": [{"role": "user", "content": "pick"}], "seed": 7,
        "response_format": {"type": "json_schema", "json_schema": {"schema": {
            "properties": {"action": {"enum": [1, 2, 3]}, "narration": {}}}}}}


def test_answers_many_at_once_after_a_fixed_latency_and_the_same_each_time():
    with BatchingStub(latency=0.2, slots=16) as stub:
        assert stub.base_url.startswith("http://127.0.0.1:")
        started = time.monotonic()
        with ThreadPoolExecutor(8) as pool:
            replies = list(pool.map(lambda _: _ask(stub.base_url, BODY), range(8)))
        took = time.monotonic() - started
        assert stub.peak >= 4 and took < 8 * 0.2  # not one after another
    texts = {r["choices"][0]["message"]["content"] for r in replies}
    assert len(texts) == 1
    assert json.loads(texts.pop())["action"] in (1, 2, 3)


def test_an_illegal_share_names_an_action_past_the_legal_ones():
    picks = [reply_for({**BODY, "seed": s}, illegal=0.5)["action"] for s in range(200)]
    assert 60 < picks.count(4) < 140 and set(picks) <= {1, 2, 3, 4}


def test_stops_by_itself_when_idle():
    stub = BatchingStub(latency=0.0, idle=0.3).start()
    _ask(stub.base_url, BODY)
    deadline = time.monotonic() + 5
    while not stub.stopped and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stub.stopped
