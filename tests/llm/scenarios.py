"""Exchanges recorded from a real server into tests/cassettes/ (scripts/record_cassettes.py) and
replayed offline by test_cassettes.py: the same code records and replays them.

Cassettes match requests on method, path and the shape of the request (response format and
streaming), not on the prompt text, so prompt wording can change without re-recording; the
Authorization header is never written.
"""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import vcr

from companion.llm.client import ModelClient
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice

CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"
REPLAY_URL = "http://127.0.0.1:9/v1"  # replay needs no server (nothing listens on port 9)


def _shape(request: Any) -> tuple:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return ("?",)
    fmt = (body.get("response_format") or {}).get("type", "text")
    return (fmt, "schema" in (body.get("response_format") or {}), bool(body.get("stream")))


def _same_shape(r1: Any, r2: Any) -> None:
    assert _shape(r1) == _shape(r2), f"{_shape(r1)} != {_shape(r2)}"


def recorder(record_mode: str = "none") -> vcr.VCR:
    v = vcr.VCR(
        cassette_library_dir=str(CASSETTES),
        record_mode=record_mode,
        filter_headers=["authorization", "x-api-key", "openai-organization", "openai-project"],
        match_on=["method", "path", "shape"],
        decode_compressed_response=True,
    )
    v.register_matcher("shape", _same_shape)
    return v


def settings(base_url: str) -> Settings:
    return Settings(voice="openai", model="smollm2", base_url=base_url, api_key="not-a-real-key",
                    timeout=120.0, max_tokens=400, temperature=0.0, voice_mode="free")


def decisions(base_url: str, game, make_request) -> list:
    """Three decisions on Duel: the first meets the json_schema refusal and steps down the
    ladder; the second goes straight to the mode that worked; the third asks for a name (a text
    field, checked before it may enter the journal). Streams narration as it arrives."""
    voice = OpenAIVoice(game, 11, settings(base_url),
                        client=ModelClient(settings(base_url), sleep=lambda s: None))
    out = []
    for request in (make_request(step=3), make_request(step=5),
                    make_request(step=7, named=False)):
        shown: list[str] = []
        decision = voice.decide(request, on_text=shown.append)
        out.append((decision, "".join(shown)))
    return out


def doctor(base_url: str) -> tuple[int, str]:
    from companion.llm.doctor import main

    buffer = io.StringIO()
    return main(settings(base_url), buffer), buffer.getvalue()
