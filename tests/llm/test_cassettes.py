"""Replays of exchanges recorded from the real local server (llama-cpp-python + SmolLM2-135M):
its json_schema refusal, grammar-constrained JSON mode, streaming, and a real fidelity miss.
Re-record with scripts/record_cassettes.py; these check structure, not the model's wording."""
from __future__ import annotations

import scenarios
from conftest import legal_keys, make_request


def test_recorded_decisions_replay(game):
    with scenarios.recorder("none").use_cassette("decisions.yaml") as cassette:
        (first, shown1), (second, shown2) = scenarios.decisions(scenarios.REPLAY_URL, game,
                                                                make_request)
        assert cassette.all_played
    for decision in (first, second):
        assert decision.source == "model"
        assert decision.action.key() in legal_keys(make_request())
    events = [(n["event"], n.get("mode"), n.get("outcome")) for n in first.notes]
    assert events[:2] == [("call", "json_schema", "refused"), ("refusal", None, None)]
    assert first.notes[1]["status"] == 500 and "json_object" in first.notes[1]["message"]
    assert events[-1] == ("call", "json_object_schema", "ok")
    assert all(n["model"] == "smollm2" for n in first.notes if n["event"] == "call")
    # the second decision goes straight to the mode that worked: one call
    assert [(n["event"], n["mode"]) for n in second.notes] == [("call", "json_object_schema")]
    for decision, shown in ((first, shown1), (second, shown2)):
        if decision.narration:
            assert shown.endswith(decision.narration)


def test_recorded_doctor_replays():
    with scenarios.recorder("none").use_cassette("doctor.yaml"):
        code, text = scenarios.doctor(scenarios.REPLAY_URL)
    assert code == 0, text
    assert "models: smollm2" in text
    assert "JSON-schema replies (response_format json_schema): no" in text
    assert "JSON mode with the server's schema field (grammar): yes" in text
    assert "streaming: yes" in text and "test reply:" in text
    assert "not-a-real-key" not in text
