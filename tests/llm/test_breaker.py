"""Faults cost little: a down server opens the breaker once; what the checks refuse is not shown
in full first; a credential in a reply never reaches the journal. No network: fakes and a closed
loopback port."""
from __future__ import annotations

import json
import socket

from companion.llm.breaker import Breaker
from companion.llm.client import ModelClient
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.llm.redact import has_secret, redact

KEY = "sk-proj-" + "A1b2C3d4E5f6G7h8J9k0" * 2


def closed_port() -> int:
    with socket.socket() as s:  # bound, never listening: every connection is refused
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_down_server_costs_one_decision_not_one_per_move(game, request_for):
    """Measured before: a down server made an autoplay pay the retries every few moves."""
    settings = Settings(voice="openai", model="m", base_url=f"http://127.0.0.1:{closed_port()}/v1",
                        timeout=5.0, voice_mode="free")
    naps: list[float] = []
    client = ModelClient(settings, sleep=naps.append)
    voice = OpenAIVoice(game, 3, settings, client=client)
    voice.answered = True
    sources = [voice.decide(request_for(step=n)).source for n in range(1, 101)]
    assert sources == ["fallback"] * 100
    # the back-off was paid once, for decision 1, and within that move's share of the bound
    assert 1 <= len(naps) < client.max_attempts and sum(naps) < settings.timeout
    assert voice.breaker.open and voice.breaker.skipped == 99
    assert client.max_attempts == 4  # a probe's single attempt does not stick


def test_every_fallback_while_open_says_why(game, settings, fake, request_for):
    from companion.llm.client import TransportError

    voice = OpenAIVoice(game, 3, settings, client=fake)
    voice.answered = True
    fake.enqueue(TransportError("timed out (after 2 attempt(s))"))
    rows = [n for s in range(1, 6) for n in voice.decide(request_for(step=s)).notes]
    assert [r["event"] for r in rows] == ["voice", "call", "breaker"] + ["fallback"] * 5
    assert all("timed out" in r["reason"] for r in rows if r["event"] == "fallback")


def test_the_breaker_counts_rest_in_seconds():
    now = [0.0]
    b = Breaker(lambda: now[0], rest=10, max_rest=25)
    assert not b.open and not b.probing
    assert b.failed("down") == 10 and b.open
    now[0] = 9.9
    assert b.open
    now[0] = 10.0
    assert not b.open and b.probing
    assert b.failed("down") == 20 and b.failed("down") == 25  # doubled, bounded
    assert b.succeeded() == 0 and not b.open and not b.probing
    b.failed("401", permanent=True)
    now[0] = 1e9
    assert b.open and "refuses this session" in b.reason


def test_a_narration_the_checks_refuse_stops_before_its_trouble_is_shown(
        game, settings, fake, request_for):
    """A narration that turns to talk about the game is cut where it turns, not shown in full
    and then replaced: what the screen shows is what the journal keeps."""
    start = "The wolf circles the camp twice and stops beside the fire, its eyes on the stew pot. "
    fake.reply(2, start + "This is a story I am telling you, and your move is next.")
    fake.reply(2, "Thunder rolls over the hills.")
    shown: list[str] = []
    d = OpenAIVoice(game, 3, settings, client=fake).decide(request_for(), on_text=shown.append)
    assert d.narration == "Thunder rolls over the hills."
    screen = "".join(shown)
    assert "your move" not in screen and "story I am" not in screen
    assert screen.endswith("Thunder rolls over the hills.")
    misses = [(n["field"], n["kind"]) for n in d.notes if n["event"] == "miss"]
    assert misses == [("narration", "meta")]


def test_a_credential_in_a_reply_never_reaches_the_journal(game, settings, fake, request_for):
    fake.reply(2, f"The wolf drops a scroll that reads {KEY} and runs.")
    fake.reply(2, f"The scroll reads {KEY}.")
    shown: list[str] = []
    d = OpenAIVoice(game, 3, settings, client=fake).decide(request_for(), on_text=shown.append)
    assert KEY not in d.narration and "sk-proj" not in "".join(shown)
    assert not has_secret(json.dumps(d.notes))
    assert [n["kind"] for n in d.notes if n["event"] == "miss"] == ["secret", "secret"]


def test_a_credential_as_a_name_is_replaced(game, settings, fake, request_for):
    req = request_for(named=False)
    fake.reply(1, "Morwen steps forward.", text=KEY).reply(1, "Morwen steps forward.", text=KEY)
    d = OpenAIVoice(game, 3, settings, client=fake).decide(req)
    assert d.action.text and not has_secret(d.action.text)
    assert not has_secret(json.dumps(d.notes))


def test_redact_leaves_story_words_alone():
    fake_key = "sk-" + "abcdefghijklmnop" + "1234"  # built here: no key-shaped literal in the repo
    text = f"A desk-lamp and the sk-ill of a thief; key {fake_key} in a Bearer letter."
    assert redact(text) == ("A desk-lamp and the sk-ill of a thief; key [redacted] in a Bearer "
                            "letter.")
    assert redact({"a": [KEY, 3]}) == {"a": ["[redacted]", 3]}
