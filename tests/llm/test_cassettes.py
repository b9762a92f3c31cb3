"""Replays of exchanges recorded from the real local server (llama-cpp-python + SmolLM2-135M):
its json_schema refusal, grammar-constrained JSON mode, streaming, and a real fidelity miss.
Re-record with scripts/record_cassettes.py; these check structure, not the model's wording."""
from __future__ import annotations

import scenarios
from companion.llm import checks
from conftest import legal_keys, make_request


def test_recorded_decisions_replay(game):
    with scenarios.recorder("none").use_cassette("decisions.yaml") as cassette:
        (first, shown1), (second, shown2), (named, _) = scenarios.decisions(
            scenarios.REPLAY_URL, game, make_request)
        assert cassette.all_played
    for decision, step in ((first, 3), (second, 5)):
        assert decision.source == "model"
        assert decision.action.key() in legal_keys(make_request(step=step))
    assert first.notes[0]["event"] == "voice" and first.notes[0]["voice_mode"] == "free"
    events = [(n["event"], n.get("mode"), n.get("outcome")) for n in first.notes[1:]]
    assert events[:2] == [("call", "json_schema", "refused"), ("refusal", None, None)]
    assert first.notes[2]["status"] == 500 and "json_object" in first.notes[2]["message"]
    calls = [n for d in (first, second, named) for n in d.notes if n["event"] == "call"]
    assert all(n["model"] == "smollm2" for n in calls)
    assert all(n["mode"] == "json_object_schema" for n in calls[1:])  # remembered
    # the name is a name, whoever wrote it (the model, or the offline voice after a miss)
    assert checks.is_name(named.action.text), named.action.text
    misses = [n for n in named.notes if n["event"] == "miss"]
    assert all(n["field"] in ("text", "narration", "speech") for n in misses)
    for decision, shown in ((first, shown1), (second, shown2)):
        if decision.narration:
            assert shown.endswith(decision.narration)


def test_recorded_doctor_replays():
    with scenarios.recorder("none").use_cassette("doctor.yaml"):
        code, text = scenarios.doctor(scenarios.REPLAY_URL)
    # SmolLM2 answers the innkeeper's test request in its own words (an echo is a failure: the
    # stub test in test_calibration.py)
    assert code == 0, text
    assert "repeats the request back" not in text
    assert "The voice will ask for: JSON mode with the server's schema field (grammar)." in text
    assert "models: smollm2" in text
    assert "JSON-schema replies (response_format json_schema): no" in text
    assert "JSON mode with the server's schema field (grammar): yes" in text
    assert "streaming: yes" in text and "test reply:" in text
    assert "not-a-real-key" not in text
