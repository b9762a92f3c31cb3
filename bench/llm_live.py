"""The model voice against a real OpenAI-compatible server: whole autoplays, every AI seat voiced.

    python bench/llm_live.py --base-url http://127.0.0.1:8080/v1 --model smollm2 \\
        --game at-any-cost --seeds 3 [--journals DIR] [--max-decisions N]

against the server the README's line starts (``--n_ctx 4096``: slots mode's conversation passes
2,048 tokens in Becoming; ``--n_threads`` as the machine allows, the figures say which).

Per game and model it prints: AI moves made by the model / by the fallback, first-try validity
(``valid_first_try``: the first reply is JSON naming a legal move with the fields it needs;
``first_try``: and every text in it passed the checks, so it went to the journal as written),
re-asks per decision, misses by kind (from the ledger), latency p50/p99 per call, prompt and
completion tokens per decision, time to the first narration on screen (p50), and what reached the
journal: texts that repeat six or more words of the instructions we sent, punctuation-only texts,
and whether the hero's name (a ``name`` action's text) is a name. ``--max-decisions`` stops a long
game after that many model decisions (the table says so); ``--journals`` keeps each journal.

``--voice-mode free|storylet|slots`` sets how much the model writes (default: what
``companion doctor`` chose, else free).

First narration on screen, per decision the model was asked (forced moves excluded), measured
from the moment the session asks the voice to decide: in free mode, the first streamed chunk of
narration that the voice let through to the screen (after its checks); in a mode that streams
none (storylet, slots), the moment the narrator's telling of the decided move returns, which is
what the session prints next (the whole decision: every call, re-ask and check, then the move
applied and told). Nothing shown before the decision is counted: no line of a previous move, no
placeholder. Latency per call is each HTTP call to the server, start to last byte. Stakes: how
many the players stated and how many were taken up in narrations of beats the model decided.

Of the first narration, ``first_server_rest_p50`` splits the time into the calls to the server
and the rest (ours: the prompt, the candidates, the checks, the move told), each a p50;
``unasked`` counts the timed decisions that asked the server nothing (slots mode, a lone move
whose words are picked) and ``first_narration_asked_p50_p90`` is the first narration of the
others; ``restarts_mean`` counts the timed decisions at which slots mode's conversation started again
(one full read of the state) and their mean time to the first narration. ``--json`` also keeps
each timed decision (seat, move kind, first narration, time on the server, restart), and every
decision's own breakdown (``per_decision``, ``bench/llm_decisions.py``: tokens read afresh, the
wait behind a reading ahead, call time, first narration, asked or re-asked, what it read
afresh); after the table, per game, the slowest tenth of the decisions and what caused them
(in ``--prompts-only``, on the modelled clock).

Cached vs evaluated prompt tokens per call: from the reply's ``usage.prompt_tokens_details
.cached_tokens`` when the server reports it (OpenAI, vLLM, llama.cpp's server); llama-cpp-python
does not, but with ``--server-log FILE`` (its stderr, ``verbose`` on) the script reads its
"N prefix-match hit, remaining M prompt tokens to eval" lines, one per call in order.

With ``--human``, ``per_decision_p50_p90`` sums a decision's calls (re-asks too; a decision
that asks no call, slots mode's lone move whose words are picked, reads 0), ``ahead_p50_p90_max``
is what each reading ahead reads afresh (the player's think time must cover it, or the next call
waits), and ``modelled_first_p50_p90`` puts both on one clock (``modelled``: ``--rate`` ms a
token, ``--think`` seconds a human move), a first narration free of the machine's load.

``--prompts-only`` plays no model game: it builds the exact prompts of an offline autoplay (every
AI decision, as the voice would send them), counts their tokens with the server's own tokenizer
(llama-cpp-python's ``/extras/tokenize/count``) and times the first token of the first
``--ttft`` of them in order (``max_tokens`` 1, so the prompt's evaluation is what is timed, with
the server's prompt cache as a session would find it). Cheap enough for a loaded machine. With
``--human SEAT`` (and ``--max-decisions``) the session has a player, and the readings ahead are
recorded too: ``evaluated_p50_p90`` is, per decision call, the tokens a one-context server reads
afresh (what follows the longest start the call shares with the request before it, reading
ahead or call): the figure the first narration's wait follows, free of the machine's load; ``--ttft N`` then
replays the first N calls with the readings ahead between them, in order (each reading ahead
done before the next call: the think time is long enough) and times the calls' first token.

``--human SEAT`` makes that seat a player who thinks ``--think`` seconds (default 2) before
each move, then plays the offline policy's move: what slots mode's reading ahead (the server
reads the conversation so far while a human thinks) saves is the difference from the same run
with ``--no-read-ahead``. Those reads are calls too: with ``--server-log`` they are counted
among the calls' cached and evaluated tokens.

Warm the server up first (the first request after it starts pages the model in): this script
sends one tiny request before it starts timing.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import pct  # noqa: E402
from bench.llm_decisions import (Wire, count_fresh, decision_rows, modelled,  # noqa: E402
                                 print_slowest)
from companion.core.registry import get_game  # noqa: E402
from companion.llm import checks  # noqa: E402
from companion.llm.client import ModelClient  # noqa: E402
from companion.llm.config import Settings  # noqa: E402
from companion.llm.openai_voice import OpenAIVoice  # noqa: E402
try:
    from companion.session.loop import AI, Session
except ImportError:  # measuring a main from before the session package
    from companion.core.session import AI, Session  # noqa: E402


class _Enough(Exception):
    """The decision cap was reached: stop this game here."""


class Timed:
    """Wraps the model voice: per decision, its source, its ledger rows, the time to the first
    narration shown, and every prompt sent (for the journal checks)."""

    def __init__(self, voice: OpenAIVoice, cap: int | None) -> None:
        self.voice = voice
        self.name = voice.name
        self.cap = cap
        self.decisions: list[dict[str, Any]] = []

    def narrate(self, beat, memory):
        taken = {u for u in memory.used if u.startswith("stake-taken|")}
        text = self.voice.narrate(beat, memory)
        last = self.decisions[-1] if self.decisions else None
        if last is not None and last.get("open") and not last["forced"]:
            last["open"] = False
            if last["first_text"] is None and text.strip():  # nothing streamed: told now
                last["first_text"] = time.monotonic() - last["started"]
            if last["source"] == "model":
                last["stakes_taken"] = len({u for u in memory.used
                                            if u.startswith("stake-taken|")} - taken)
        return text

    def __getattr__(self, name):
        return getattr(self.voice, name)

    def decide(self, request, on_text=None):
        forced = len(request.legal) == 1 and request.legal[0].ask is None
        if self.cap is not None and not forced and \
                sum(not d["forced"] for d in self.decisions) >= self.cap:
            raise _Enough
        thread = getattr(self.voice, "thread", None)
        starts = thread.starts if thread is not None else 0
        wire = getattr(self.voice.client, "sent", [])
        lo = len(wire)
        started = time.monotonic()
        first: list[float] = []

        def seen(chunk: str) -> None:
            if not first and chunk.strip():
                first.append(time.monotonic() - started)
            if on_text is not None:
                on_text(chunk)

        decision = self.voice.decide(request, on_text=seen)
        self.decisions.append({
            "forced": forced, "source": decision.source, "notes": decision.notes,
            "first_text": first[0] if first else None, "seat": request.seat,
            "kind": decision.action.kind, "seconds": time.monotonic() - started,
            "started": started, "open": not decision.narration, "stakes_taken": 0,
            "restart": thread is not None and thread.starts > starts and starts > 0,
            "wire": (lo, len(wire))})  # its requests in the voice's Wire, if any
        if first or decision.narration:
            self.decisions[-1]["first_text"] = first[0] if first else \
                time.monotonic() - started
        return decision


def warm_up(settings: Settings) -> float:
    client = ModelClient(settings)
    started = time.monotonic()
    client.sdk.chat.completions.create(
        model=settings.model, messages=[{"role": "user", "content": "Hi"}], max_tokens=1)
    return time.monotonic() - started


def play(game, seed: int, settings: Settings, cap: int | None, journal: Path | None,
         human: str | None = None, think: float = 0.0, ahead: bool = True):
    voice = Timed(OpenAIVoice(game, seed, settings, client=Wire(ModelClient(settings))), cap)
    if not ahead:
        voice.warm = None  # the session then finds no way to read ahead
    if journal is not None:
        journal.unlink(missing_ok=True)
    seats = {s: ("human" if s == human else AI) for s in game.seats}
    session = Session.start(game, seed, seats, voice, journal)
    finished = True
    try:
        session.advance()
        if human is not None:
            _play_human(session, game, seed, think)
    except _Enough:
        finished = False
    if session.journal is not None:
        session.journal.close()
    return voice.decisions, session, finished, voice.client


def _play_human(session, game, seed: int, think: float, settle: bool = False) -> None:
    """``--human SEAT``: that seat is a player who thinks ``think`` seconds, then makes the move
    the offline voice would (and lets the companion tell what it is offered to tell).
    ``settle``: waits for the reading ahead first (``--prompts-only``: its order is recorded)."""
    from companion.story.voice import DecisionRequest, OfflineVoice

    player = OfflineVoice(game, seed)
    while not session.is_over():
        if session.offered is not None:
            session.tell("")
            continue
        seat = session.human_turn()
        if seat is None:
            return
        time.sleep(think)
        for thread in threading.enumerate() if settle else ():
            if thread.name == "companion-prefill":
                thread.join(timeout=60)
        legal = session.legal(seat)
        request = DecisionRequest(game=game.name, seat=seat, step=len(session.actions),
                                  view=session.view(seat), legal=legal,
                                  labels=[game.describe(a) for a in legal])
        session.submit(player.decide(request).action)


class Recording:
    """A stand-in model for ``--prompts-only``: records each prompt, answers move 1 (wrapped in a
    ``Wire``, which keeps every request in order, readings ahead too)."""

    _model = "recording"

    def __init__(self) -> None:
        self.prompts: list[list[dict[str, str]]] = []

    def prefill(self, messages) -> bool:
        return True

    def complete(self, messages, *, on_text=None, **kw):
        from companion.llm.client import Completion

        self.prompts.append(messages)
        text = json.dumps({"action": 1, "text": "Ash", "narration": "", "speech": ""})
        if on_text:
            on_text(text)
        row = {"event": "call", "model": self._model, "server": "none", "tokens_in": 0,
               "tokens_out": 0, "estimated": True, "latency_ms": 0, "outcome": "ok"}
        return Completion(text=text, finish_reason="stop", mode="json_object_schema",
                          model=self._model, tokens_in=0, tokens_out=0, estimated=True,
                          latency_ms=0, notes=[row])


def _post(url: str, body: dict) -> dict:
    import urllib.request

    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=600) as r:
        return json.loads(r.read())


REPLY_S = 0.2  # a slots reply's few tokens (modelled: ~8 at ~25 ms on one thread)


def counter(settings: Settings):
    """A text's tokens, by the server's own tokenizer (llama-cpp-python's
    ``/extras/tokenize/count``), each text asked once."""
    root = settings.base_url.rstrip("/").removesuffix("/v1")
    counts: dict[str, int] = {}

    def tokens(text: str) -> int:
        if text not in counts:
            counts[text] = _post(f"{root}/extras/tokenize/count", {"input": text})["count"]
        return counts[text]
    return tokens


def prompts_only(game, seeds: int, settings: Settings, ttft: int, human: str | None = None,
                 cap: int | None = None, rate_ms: float = 5.0, think: float = 2.0) -> dict:
    tokens = counter(settings)
    prompts, fresh, sent, per_decision, ahead, waits = [], [], [], [], [], []
    rows: list[dict[str, Any]] = []
    for seed in range(1, seeds + 1):
        model = Recording()
        wire = Wire(model)
        voice = OpenAIVoice(game, seed, settings, client=wire)  # cold: as a session starts
        timed = Timed(voice, cap)
        seats = {s: ("human" if s == human else AI) for s in game.seats}
        session = Session.start(game, seed, seats, timed, None)
        try:
            session.advance()
            if human is not None:
                _play_human(session, game, seed, 0.0, settle=True)
        except _Enough:
            pass
        prompts += model.prompts
        count_fresh(wire.sent, tokens)
        modelled(wire.sent, tokens, rate_ms, think, REPLY_S)
        fresh += [r["fresh"] for r in wire.sent if r["kind"] == "call"]
        ahead += [r["fresh"] for r in wire.sent if r["kind"] == "ahead"]
        sent += [(r["kind"], r["messages"]) for r in wire.sent]
        for d in timed.decisions:  # on the modelled clock: asked, then the calls' end
            calls = [r for r in wire.sent[slice(*d["wire"])] if r["kind"] == "call"]
            d["asked_at"] = d["started"] = calls[0]["asked"] if calls else 0.0
            d["first_text"] = calls[-1]["end"] - calls[0]["asked"] if calls else 0.0
        rows += decision_rows(game.name, seed, timed.decisions, wire.sent)
    per_decision = [r["tokens_afresh"] for r in rows]  # a decision's calls (re-asks too); none: 0
    waits = [r["first_narration_s"] for r in rows]  # none asked: 0 (ours only)
    sizes = [sum(tokens(m["content"]) + 4 for m in p) for p in prompts]
    static = [tokens(p[0]["content"]) for p in prompts]
    client = ModelClient(settings)
    firsts = []
    # with a player: the readings ahead are sent too, in their place (untimed, nothing overlaps)
    for kind, messages in sent if human is not None else [("call", p) for p in prompts]:
        if len(firsts) >= ttft:
            break
        if kind == "ahead":
            client.sdk.chat.completions.create(model=settings.model, messages=messages,
                                               max_tokens=1, temperature=0)
            continue
        started = time.monotonic()
        stream = client.sdk.chat.completions.create(model=settings.model, messages=messages,
                                                    max_tokens=1, stream=True, temperature=0)
        for _ in stream:
            firsts.append(time.monotonic() - started)
            break
        stream.close()
    return {"game": game.name, "calls": len(sizes),
            "prompt_tokens_per_call": round(statistics.mean(sizes)), "max": max(sizes),
            "evaluated_p50_p90": f"{statistics.median(fresh):.0f} / {pct(fresh, .9):.0f}",
            "evaluated_mean": round(statistics.mean(fresh)),
            "decisions": len(per_decision),
            "unasked": sum(1 for d in per_decision if d == 0),
            "per_decision_p50_p90": f"{statistics.median(per_decision):.0f} / "
                                    f"{pct(per_decision, .9):.0f}",
            "modelled_first_p50_p90": f"{statistics.median(waits):.2f} / "
                                      f"{pct(waits, .9):.2f} s",
            "ahead_p50_p90_max": f"{statistics.median(ahead):.0f} / {pct(ahead, .9):.0f} / "
                                 f"{max(ahead)}" if ahead else "-",
            "system_tokens": round(statistics.mean(static)),
            "ttft_p50": f"{statistics.median(firsts):.2f} s" if firsts else "-",
            "ttft_mean": f"{statistics.mean(firsts):.2f} s" if firsts else "-",
            "ttft_n": len(firsts), "per_decision": rows}  # --json only


def journal_texts(session) -> list[tuple[str, str]]:
    """(where, text) for every text the journal holds: actions' texts, narrations, speech."""
    out = []
    for action in session.actions:
        if action.text:
            out.append((f"{action.kind}.text", action.text))
    for _, text in session.narrations:
        out.append(("narration", text))
    return out


def server_log_prompts(path: Path | None, start: int) -> list[tuple[int, int]]:
    """(cached, evaluated) prompt tokens per completion from llama-cpp-python's verbose log,
    reading from byte ``start``: "Llama.generate: N prefix-match hit, remaining M prompt tokens
    to eval" (no line when nothing matched: the whole prompt was evaluated)."""
    import re

    if path is None or not path.is_file():
        return []
    with path.open("rb") as fh:
        fh.seek(start)
        text = fh.read().decode("utf-8", "replace")
    out = []
    for m in re.finditer(r"(\d+) prefix-match hit, remaining (\d+) prompt tokens to eval", text):
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def summarize(label: str, runs: list[tuple[list[dict], Any, bool]], instructions: str,
              cache: list[tuple[int, int]] | None = None) -> dict:
    decisions = [d for ds, *_ in runs for d in ds if not d["forced"]]
    calls = [n for d in decisions for n in d["notes"] if n.get("event") == "call"]
    if cache is None:  # the server's own figures, when it reported them
        cache = [(int(n["tokens_cached"]), int(n["tokens_in"]) - int(n["tokens_cached"]))
                 for n in calls if n.get("tokens_cached") is not None]
    by_model = sum(d["source"] == "model" for d in decisions)
    first_ok = first_valid = 0
    asked = 0
    for d in decisions:
        first = [n for n in d["notes"] if n.get("event") == "call" and n.get("attempt") == 1
                 and n.get("outcome") != "refused"]
        if first:
            asked += 1
            first_ok += first[-1].get("outcome") == "ok"
            # a valid reply: JSON, a legal action, the fields it needs (its words may still miss)
            first_valid += first[-1].get("outcome") not in ("invalid", "illegal", None)
    reasks = sum(1 for n in calls if (n.get("attempt") or 1) > 1)
    misses: Counter[str] = Counter()
    for d in decisions:
        for n in d["notes"]:
            if n.get("event") == "miss":
                misses[f"{n.get('field')}:{n.get('kind')}"] += 1
            elif n.get("event") == "call" and n.get("outcome") not in (None, "ok", "refused"):
                misses[f"call:{n.get('outcome')}"] += 1
    lat = [n["latency_ms"] / 1000 for n in calls if n.get("latency_ms") is not None]
    t_in = sum(int(n.get("tokens_in") or 0) for n in calls)
    t_out = sum(int(n.get("tokens_out") or 0) for n in calls)
    timed = [d for d in decisions if d["first_text"] is not None]
    firsts = [d["first_text"] for d in timed]
    # of each timed decision, the time spent in calls to the server, and the rest (ours)
    on_server = [sum(n.get("latency_ms") or 0 for n in d["notes"] if n.get("event") == "call")
                 / 1000 for d in timed]
    rest = [f - s for f, s in zip(firsts, on_server, strict=True)]
    restarts = [d["first_text"] for d in timed if d.get("restart")]
    # of the decisions that asked the server (slots mode asks none for a lone move whose words
    # are picked: nothing to choose)
    called = [d["first_text"] for d in timed
              if any(n.get("event") == "call" for n in d["notes"])]
    echo = punct = 0
    names: list[str] = []
    texts = 0
    for _, session, *_ in runs:
        for where, text in journal_texts(session):
            texts += 1
            echo += bool(instructions.echo(text))
            punct += not checks.has_words(text)
            if where.startswith("name"):
                names.append(text)
    n = max(1, len(decisions))
    stated = [s.id for _, session, *_ in runs for s in session.memory.fabula.stakes]
    taken = sum(d.get("stakes_taken", 0) for d in decisions)
    cached_share = (f"{statistics.median(c for c, _ in cache):.0f} / "
                    f"{statistics.median(e for _, e in cache):.0f}" if cache else "-")
    modes = Counter(n.get("voice_mode") for d in decisions for n in d["notes"]
                    if n.get("event") == "voice")
    row = {
        "voice_mode": ", ".join(f"{m}" for m in modes) or "-",
        "cached_evaluated_p50": cached_share,
        "stakes_taken_by_model": f"{taken}/{len(stated)}",
        "game": label, "games": len(runs), "finished": sum(r[2] for r in runs),
        "decisions": len(decisions), "by_model": by_model,
        "fallback": len(decisions) - by_model,
        "valid_first_try": f"{first_valid}/{asked} ({100 * first_valid / max(1, asked):.0f}%)",
        "first_try": f"{first_ok}/{asked} ({100 * first_ok / max(1, asked):.0f}%)",
        "reasks_per_decision": f"{reasks / n:.2f}",
        "misses": ", ".join(f"{k} {v}" for k, v in misses.most_common()) or "none",
        "latency_p50_p99": f"{pct(lat, .5):.1f} / {pct(lat, .99):.1f} s" if lat else "-",
        "prompt_tokens_per_decision": round(t_in / n),
        "prompt_tokens_per_call": round(t_in / max(1, len(calls))),
        "completion_tokens_per_decision": round(t_out / n),
        "first_narration_p50": f"{statistics.median(firsts):.2f} s" if firsts else "-",
        "first_narration_p90": f"{pct(firsts, .9):.2f} s" if firsts else "-",
        "unasked": sum(1 for d in timed if d["source"] == "offline" and not d["notes"]),
        "first_narration_asked_p50_p90": f"{statistics.median(called):.2f} / "
                                         f"{pct(called, .9):.2f} s" if called else "-",
        "first_server_rest_p50": f"{statistics.median(on_server):.2f} + "
                                 f"{statistics.median(rest):.2f} s" if firsts else "-",
        "restarts_mean": f"{len(restarts)}, {statistics.mean(restarts):.2f} s" if restarts
                         else "0",
        "timed": [[d["seat"], d["kind"], round(d["first_text"], 2), round(s, 2), d.get("restart")]
                  for d, s in zip(timed, on_server, strict=True)],  # --json only
        "journal_texts": texts, "echo_6_words": echo, "punctuation_only": punct,
        "hero_names": names, "names_ok": all(checks.is_name(x) for x in names),
    }
    return row


def _seat(game, human: str | None) -> str | None:
    """``--human first``: the game's first seat (the one a player takes by default)."""
    return game.seats[0] if human == "first" else human


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--api-key", default="not-needed")
    parser.add_argument("--game", action="append", required=True)
    parser.add_argument("--seeds", type=int, default=1, help="seeds 1..N")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--max-decisions", type=int, default=None)
    parser.add_argument("--journals", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, help="also write the rows as JSON")
    parser.add_argument("--prompts-only", action="store_true")
    parser.add_argument("--ttft", type=int, default=12, help="with --prompts-only")
    parser.add_argument("--rate", type=float, default=5.0,
                        help="with --prompts-only --human: ms a token read, for the modelled "
                             "first narration (SmolLM2, one thread, a quiet machine: about 5)")
    parser.add_argument("--voice-mode", choices=("free", "storylet", "slots"), default=None)
    parser.add_argument("--human", default=None, metavar="SEAT",
                        help="that seat is a player (the offline policy, after --think seconds);"
                             " 'first': each game's first seat, the one a player takes by default")
    parser.add_argument("--think", type=float, default=2.0, help="with --human: seconds")
    parser.add_argument("--no-read-ahead", action="store_true",
                        help="the server does not read ahead while the --human player thinks")
    parser.add_argument("--server-log", type=Path, default=None,
                        help="llama-cpp-python's stderr: cached vs evaluated prompt tokens")
    args = parser.parse_args()
    settings = Settings(voice="openai", model=args.model, base_url=args.base_url,
                        api_key=args.api_key, timeout=args.timeout, voice_mode=args.voice_mode,
                        sources={"voice_mode": "flag"} if args.voice_mode else {})
    if args.prompts_only:
        rows = [prompts_only(get_game(name), args.seeds, settings, args.ttft,
                             _seat(get_game(name), args.human), args.max_decisions,
                             args.rate, args.think)
                for name in args.game]
        heads = [h for h in rows[0] if h != "per_decision"]
        print(f"\nprompts of offline autoplays, seeds 1-{args.seeds}, tokenized by {args.model}")
        print("| " + " | ".join(heads) + " |")
        print("|" + " --- |" * len(heads))
        for row in rows:
            print("| " + " | ".join(str(row[h]) for h in heads) + " |")
        print_slowest([r for row in rows for r in row["per_decision"]])  # modelled times
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1))
        return 0
    print(f"warm-up request: {warm_up(settings):.1f} s", flush=True)
    rows = []
    tokens = counter(settings)
    for name in args.game:
        game = get_game(name)
        runs, per_decision = [], []
        log_at = args.server_log.stat().st_size if args.server_log and \
            args.server_log.is_file() else 0
        for seed in range(1, args.seeds + 1):
            journal = None
            if args.journals is not None:
                args.journals.mkdir(parents=True, exist_ok=True)
                journal = args.journals / f"{name}-{args.model}-{seed}.jsonl"
            started = time.monotonic()
            runs.append(play(game, seed, settings, args.max_decisions, journal,
                             _seat(game, args.human),
                             args.think, not args.no_read_ahead))
            ds = [d for d in runs[-1][0] if not d["forced"]]
            print(f"  {name} seed {seed}: {len(ds)} decisions, "
                  f"{sum(d['source'] == 'model' for d in ds)} by the model, "
                  f"{time.monotonic() - started:.0f} s"
                  + ("" if runs[-1][2] else " (stopped at the decision cap)"), flush=True)
            wire = runs[-1][3]  # counted after the game, the server idle
            count_fresh(wire.sent, tokens)
            per_decision += decision_rows(name, seed, runs[-1][0], wire.sent)
        cache = server_log_prompts(args.server_log, log_at) if args.server_log else None
        rows.append(summarize(name, runs, checks.instruction_text(game), cache))
        rows[-1]["per_decision"] = per_decision  # --json only
    heads = ["game", "voice_mode", "games", "finished", "decisions", "by_model", "fallback",
             "valid_first_try", "first_try",
             "reasks_per_decision", "latency_p50_p99", "prompt_tokens_per_call",
             "cached_evaluated_p50", "prompt_tokens_per_decision",
             "completion_tokens_per_decision",
             "first_narration_p50", "first_narration_p90", "unasked",
             "first_narration_asked_p50_p90", "first_server_rest_p50",
             "restarts_mean", "stakes_taken_by_model", "journal_texts", "echo_6_words",
             "punctuation_only", "names_ok", "misses"]
    print(f"\nmodel {args.model} @ {args.base_url}, seeds 1-{args.seeds}")
    print("| " + " | ".join(heads) + " |")
    print("|" + " --- |" * len(heads))
    for row in rows:
        print("| " + " | ".join(str(row[h]) for h in heads) + " |")
        print(f"hero names: {row['hero_names']}")
    print_slowest([r for row in rows for r in row["per_decision"]])
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
