"""``companion doctor``: the model settings, where each came from, and what the server can do.

It reaches the server the way a session would (same client, same retry policy, a shorter time
bound), lists its models, probes each structured-reply mode and streaming, and shows a one-line
test reply. Against a dead port it says so in one paragraph, with what to check, and returns 1.
It never prints the API key.
"""
from __future__ import annotations

import re
import sys
import time
from dataclasses import replace
from typing import TextIO

from companion.llm.config import Settings, config_path

PROBE_SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}, "word": {"type": "string", "maxLength": 20}},
    "required": ["ok", "word"],
    "additionalProperties": False,
}
PROBE = [
    {"role": "system", "content": "You answer with one JSON object and nothing else."},
    {"role": "user", "content": 'Reply {"ok": true, "word": "<any one word>"}.'},
]
# The test reply is asked the way the voice asks: a role, then a moment of the story. A bare
# request ("Greet a traveller in one short sentence.") is echoed back by SmolLM2-135M in about one
# reply of three, although the same model voices a game well (0 echoes in 20 of these, measured).
HELLO = [
    {"role": "system",
     "content": "You are the innkeeper in a story. Answer in one sentence, in your own words."},
    {"role": "user", "content": "A traveller comes in out of the rain. What do you say?"},
]


def _source(settings: Settings, name: str) -> str:
    """" (from the command line)" and the like, or "" when the settings do not say."""
    where = {"flag": "from the command line", "env": "from the environment",
             "file": "from the config file", "derived": "a model is configured",
             "default": "the default"}.get(settings.sources.get(name, ""))
    return f" ({where})" if where else ""


def run_calibration(settings: Settings, decisions: int = 8, mode: str = "free",
                    games: tuple[str, ...] | None = None, seed: int = 1) -> tuple[int, int]:
    """The model voicing every seat of the openings of ``games`` (more than one) in ``mode``
    for ``decisions`` decisions in all, shared between them (the rest of each turn by chance
    and forced moves); (asked, journal-ready on the first try): the replies whose first attempt
    went to the journal as written."""
    from companion.llm import calibration

    games = games or calibration.GAMES
    asked = ok = 0
    for i, name in enumerate(games):
        share = (decisions - asked) // (len(games) - i)  # what the games before left over
        a, k = _calibrate_game(settings, share, mode, name, seed)
        asked, ok = asked + a, ok + k
    return asked, ok


def _calibrate_game(settings: Settings, decisions: int, mode: str, game_name: str,
                    seed: int) -> tuple[int, int]:
    from companion.core.game import CHANCE
    from companion.core.registry import get_game
    from companion.core.rng import Sampler
    from companion.llm.openai_voice import OpenAIVoice
    from companion.story.voice import DecisionRequest

    game = get_game(game_name)
    voice = OpenAIVoice(game, seed, replace(settings, voice_mode=mode))
    voice.breaker.useless_limit = 10 ** 9  # useless answers are what is measured here
    sampler = Sampler(seed)
    state = game.setup(game.options_model())
    asked = ok = chance = 0
    for step in range(400):
        if asked >= decisions or game.is_over(state):
            break
        due = game.to_move(state)
        if due == [CHANCE]:
            action = sampler.sample(game.chance(state), chance)
            chance += 1
        else:
            seat = due[0]
            legal = game.legal_actions(state, seat)
            request = DecisionRequest(game=game.name, seat=seat, step=step,
                                      view=game.view(state, seat), legal=legal,
                                      labels=[game.describe(a) for a in legal])
            if len(legal) == 1 and legal[0].ask is None:
                action = legal[0]
            else:
                decision = voice.decide(request)
                action = decision.action
                first = [n for n in decision.notes if n.get("event") == "call"
                         and n.get("attempt") == 1]
                if first:
                    asked += 1
                    ok += first[-1].get("outcome") == "ok"
                elif decision.source == "fallback":
                    break  # the model does not answer: nothing to measure
        state, _ = game.apply(state, action)
    return asked, ok


def echoes(reply: str, request: str, run: int = 4) -> bool:
    """The reply repeats ``run`` or more words of the request in a row (a small model's echo
    of its prompt is no answer: "A traveller comes in out of the rain. What do you say?")."""
    words = lambda text: re.findall(r"[a-z0-9']+", text.lower())  # noqa: E731
    asked, said = words(request), words(reply)
    grams = {tuple(asked[i:i + run]) for i in range(len(asked) - run + 1)}
    return any(tuple(said[i:i + run]) in grams for i in range(len(said) - run + 1))


def calibrate(settings: Settings, decisions: int, say) -> int:
    """Measure each mode (richest first) until one's lower bound clears the bar, and keep it."""
    from companion.llm import calibration

    mode, source = calibration.resolve(settings)
    games = " and ".join(calibration.GAMES)
    say(f"Calibrating: {decisions} decisions a mode, from {games}; a mode is chosen when the "
        f"lower bound of its journal-ready first-try rate (95% interval) is "
        f"{calibration.BAR:.0%} or better ...")
    measured: dict[str, tuple[int, int]] = {}
    for candidate in calibration.MODES:
        started = time.monotonic()
        asked, ok = run_calibration(settings, decisions, candidate)
        if not asked:
            say(f"  {candidate}: the model answered none of them: nothing measured, nothing saved.")
            return 1
        lo, hi = calibration.wilson(ok, asked)
        measured[candidate] = (ok, asked)
        say(f"  {candidate}: journal-ready on the first try {ok}/{asked} ({100 * ok / asked:.0f}%,"
            f" 95% interval {100 * lo:.0f}-{100 * hi:.0f}%) in {time.monotonic() - started:.0f} s")
        if lo >= calibration.BAR:
            break
    chosen = calibration.pick(measured)
    path = calibration.remember(settings, chosen, measured)
    cleared = measured.get(chosen) and calibration.wilson(*measured[chosen])[0] >= calibration.BAR
    say(f"Voice mode: {chosen}" + ("" if cleared else " (no mode cleared the bar: slots is the "
                                   "least the model writes)") + f"; saved to {path}"
        + (f"; the {source} setting {mode} still overrides it" if source in ("flag", "env", "file")
           else ""))
    return 0


def main(settings: Settings, out: TextIO | None = None, calibrate_n: int = 0) -> int:
    """Check the configured voice; with ``calibrate_n`` decisions a mode, calibrate it too."""
    out = out or sys.stdout

    def say(line: str = "") -> None:
        print(line, file=out, flush=True)

    def hint_404(reason: str) -> None:
        if "(404)" in reason:
            say("  The server answered 404: OpenAI-compatible servers usually want the base URL")
            say("  to end in /v1 (http://127.0.0.1:8080/v1).")

    path = config_path()
    say("Story Companion doctor")
    say(f"  config file: {path} ({'found' if path.is_file() else 'none'})")
    if not settings.configured:
        say("  voice:       offline (no model configured): the AI seats use the built-in policy")
        say("               and narrator, no network needed.")
        say("  To use a language model, name one and its server, for example:")
        say("    companion play at-any-cost --voice openai --model smollm2 "
            "--base-url http://127.0.0.1:8080/v1")
        say("  or set COMPANION_MODEL / OPENAI_BASE_URL / OPENAI_API_KEY, or the [llm] table of")
        say(f"  {path} (keys: model, base_url, api_key, budget_tokens, timeout).")
        return 0

    from companion.llm.client import MODE_LABELS, MODES, CallError, ModelClient

    say(f"  voice:       openai{_source(settings, 'voice')}")
    first_model = "(the server's first model)"
    say(f"  model:       {settings.model_name or first_model}{_source(settings, 'model')}")
    say(f"  server:      {settings.base_url or 'https://api.openai.com/v1'}"
        f"{_source(settings, 'base_url')}")
    say(f"  api key:     {'set' if settings.api_key else 'not set'}"
        + (_source(settings, "api_key") if settings.api_key else " (fine for local servers)"))
    budget = settings.budget_tokens
    say(f"  budget:      {f'{budget:,} tokens a session' if budget else 'none'}")

    probe_settings = replace(settings, timeout=min(settings.timeout, 20.0))
    client = ModelClient(probe_settings, max_attempts=2, backoff=0.2)
    where = settings.base_url or "api.openai.com"
    started = time.monotonic()
    try:
        models = client.list_models()
    except CallError as err:
        say()
        say(f"Cannot reach {where}: {err.reason}.")
        hint_404(err.reason)
        say("  Is the server running, and is the address right? Check --base-url, OPENAI_BASE_URL")
        say(f"  or base_url in {path}. Until then the offline voice plays the AI seats.")
        return 1
    say(f"  reachable:   yes ({time.monotonic() - started:.2f} s); models: "
        + (", ".join(models[:8]) + (" ..." if len(models) > 8 else "") if models else "none listed"))
    try:
        model = client.model()
    except CallError as err:
        say(f"  {err.reason}")
        return 1
    if models and model not in models:
        say(f"  note:        {model!r} is not in the server's list (some servers serve it anyway)")

    say("  replies:")
    usable = []
    for mode in MODES[:-1]:
        try:
            reply = client.complete(PROBE, schema=PROBE_SCHEMA, mode=mode, stream=False,
                                    max_tokens=80)
        except CallError as err:
            say(f"    {MODE_LABELS[mode]}: no ({err.reason[:120]})")
            if not str(err.reason).startswith("the server refused"):
                break  # not a refusal: the server is failing, no point probing further
            continue
        import json

        try:
            ok = isinstance(json.loads(reply.text), dict)
        except ValueError:
            ok = False
        usable.append(mode)
        say(f"    {MODE_LABELS[mode]}: yes" + ("" if ok else " (but the reply was not JSON)"))

    first: list[float] = []
    stream_started = time.monotonic()

    def on_text(text: str) -> None:
        if not first:
            first.append(time.monotonic() - stream_started)

    try:
        hello = client.complete(HELLO, on_text=on_text, max_tokens=60, mode="text")
    except CallError as err:
        say(f"    streaming: no ({err.reason[:160]})")
        hint_404(err.reason)
        say("The server answers but could not give a test reply: the voice would fall back.")
        return 1
    say(f"    streaming: yes (first text after {first[0] if first else 0:.2f} s)"
        + ("; usage not reported, tokens are estimated" if hello.estimated else ""))
    line = " ".join(hello.text.split())
    say(f"  test reply:  {line[:100] + ('...' if len(line) > 100 else '')!r}")
    if not line or echoes(line, HELLO[-1]["content"]):
        say("               (not an answer: " + ("it is empty" if not line else
            "it repeats the request back") + ")")
        say("The server answers, but the model did not answer a test request: the voice would "
            "fall back.")
        return 1
    say(f"               ({hello.tokens_in} tokens in, {hello.tokens_out} out, "
        f"{hello.latency_ms / 1000:.1f} s)")
    best = usable[0] if usable else "text"
    say(f"The voice will ask for: {MODE_LABELS[best]}.")
    from companion.llm import calibration

    mode, source = calibration.resolve(settings)
    if not calibrate_n:
        say(f"Voice mode: {mode} ({source}); `companion doctor --calibrate` measures this model "
            "and chooses one.")
        return 0
    return calibrate(settings, calibrate_n, say)
