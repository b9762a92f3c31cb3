"""The ledger summary for the ``cost`` verb and the end of a session."""
from __future__ import annotations

from companion.llm import ledger


def test_no_rows():
    assert ledger.summarize([]) == "No model calls this session (offline voice)."


def test_summary_counts_every_attempt():
    rows = [
        {"type": "llm", "event": "call", "model": "m", "server": "s:1", "tokens_in": 100,
         "tokens_out": 20, "latency_ms": 1000, "outcome": "transport", "seat": "a", "step": 1},
        {"type": "llm", "event": "refusal", "refused": "json_schema"},
        {"type": "llm", "event": "call", "model": "m", "server": "s:1", "tokens_in": 100,
         "tokens_out": 30, "latency_ms": 3000, "outcome": "ok", "seat": "a", "step": 1,
         "estimated": True, "budget": 1000},
        {"type": "llm", "event": "call", "model": "m", "server": "s:1", "tokens_in": 50,
         "tokens_out": 10, "latency_ms": 2000, "outcome": "fidelity", "seat": "a", "step": 2},
        {"type": "llm", "event": "fallback", "reason": "no usable reply after 2 attempts: x",
         "seat": "a", "step": 3},
        {"type": "narration", "text": "ignored"},
    ]
    text = ledger.summarize(rows)
    assert "Model calls: 3" in text and "for 2 AI decision(s)" in text
    assert "Tokens: 250 in, 60 out (partly estimated" in text
    assert "latency 2.0 s average, 3.0 s at most" in text
    assert "m @ s:1: 3 call(s), 310 tokens, 1 fidelity miss(es)" in text
    assert "Server refused (and was not asked again): json_schema" in text
    assert "Offline voice took over 1 decision(s): no usable reply after 2 attempts: x x1" in text
    assert "Budget: 310 of 1,000 tokens spent" in text
    assert ledger.tokens_spent(rows) == 310
