"""The model voice against a misbehaving server: whole autoplays of every game, every AI seat
voiced, against a fake OpenAI-compatible server on loopback that misbehaves one way all game long.

    python bench/llm_faults.py [--games at-any-cost,...] [--behaviours hang,drip,...]
                               [--seed 1] [--timeout 5] [--mode slots]

Behaviours (``BEHAVIOURS``): down (a closed port), hang (never answers), drip (one character
every 2 s), 500s, 429 with a Retry-After of an hour, invalid JSON, illegal choices (an action that
is not legal), useless but fast (a polite refusal in prose), non-UTF-8 bytes in the stream,
key-shaped text (a legal move whose every text looks like an API key).

Per game and behaviour it prints: the game's wall time against the same seed offline, the longest
single AI move, the time spent in the decisions that asked the server (``asked``: the breaker
closed; on a machine with other work running the wall times of a game vary by more than a
bound, this does not), AI moves played by the model and by the fallback, breaker openings,
tracebacks (an exception out of the session), whether the journal's actions equal the offline game's, and
whether a key-shaped string reached the journal. The verdict line checks the issue's bar: no move
longer than the bound + 2 s, the game within offline + one bound + 10%, the decisions that asked
the server within one bound + 10% in all, no traceback, and with a
server whose answers were never used (no move by the model) the offline game's actions. A
key-shaped reply names a legal move, and a drip within its share of a long bound is an answer:
those moves are the model's, and the breaker rests it after them.

``--timeout`` is the settings' bound per move (the README's ``timeout``; 60 s by default in a
session, 5 s here so a run takes minutes, not hours).
"""
from __future__ import annotations

import argparse
import json
import socket
import sys
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.registry import all_games, get_game  # noqa: E402
from companion.llm.client import ModelClient  # noqa: E402
from companion.llm.config import Settings  # noqa: E402
from companion.llm.openai_voice import OpenAIVoice  # noqa: E402
from companion.llm.redact import has_secret  # noqa: E402
from companion.session.bound import play_out  # noqa: E402
from companion.session.loop import AI, Session  # noqa: E402
from companion.story.voice import OfflineVoice  # noqa: E402

KEY = "sk-proj-" + "Q7wE9rT2yU4iO6pA8sD0" * 2
BEHAVIOURS = ("down", "hang", "drip", "500s", "429", "invalid-json", "illegal", "useless",
              "non-utf8", "key-shaped")


def _chunk(content: str | None, finish: str | None = None) -> bytes:
    delta = {"content": content} if content is not None else {}
    return ("data: " + json.dumps({"id": "f", "object": "chat.completion.chunk", "created": 0,
                                   "model": "fake", "choices": [{"index": 0, "delta": delta,
                                                                 "finish_reason": finish}]})
            + "\n\n").encode()


class FakeServer:
    """One behaviour for every request, on 127.0.0.1, in a daemon thread."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.requests = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._json(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length", 0)))
                fake.requests += 1
                b = fake.behaviour
                if b == "hang":
                    time.sleep(3600)
                elif b == "500s":
                    self._json(500, {"error": {"message": "internal error"}})
                elif b == "429":
                    self._json(429, {"error": {"message": "slow down"}}, {"retry-after": "3600"})
                elif b == "drip":
                    self._stream([_chunk(c) for c in '{"action": 1}'] + [_chunk(None, "stop")],
                                 gap=2.0)
                elif b == "non-utf8":
                    self._stream([b'data: {"choices": [{"index": 0, "delta": {"content": "\xff\xfe'
                                  b'\xfa"}, "finish_reason": null}]}\n\n', _chunk(None, "stop")])
                else:
                    text = {"invalid-json": '{"action": 1, "narration": "The rain',
                            "illegal": '{"action": 99, "narration": "The rain comes down."}',
                            "useless": "I'm sorry, but I can't help with that request.",
                            "key-shaped": json.dumps({"action": 1, "text": KEY, "narration": KEY,
                                                      "speech": KEY})}[b]
                    self._stream([_chunk(text[i:i + 8]) for i in range(0, len(text), 8)]
                                 + [_chunk(None, "stop")])

            def _json(self, code: int, payload: Any, headers: dict | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, events: list[bytes], gap: float = 0.0) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                try:
                    for i, event in enumerate(events + [b"data: [DONE]\n\n"]):
                        if gap and i:
                            time.sleep(gap)
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                except OSError:  # the client cut the reply: what the bound is for
                    self.close_connection = True

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass

        self.server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _autoplay(game, seed: int, voice, journal: Path | None) -> tuple[Session | None, float, list,
                                                                     str]:
    """(session, wall time, per-move times, traceback or ""). Both runs of a comparison keep
    their journal rows in memory only (writing one to disk costs more than the moves)."""
    moves: list[float] = []
    started = time.monotonic()
    session = None
    try:
        session = Session.start(game, seed, {s: AI for s in game.seats}, voice, journal)
        original = session._ai_move

        def timed(seat, _orig=original):
            t = time.monotonic()
            _orig(seat)
            moves.append(time.monotonic() - t)

        session._ai_move = timed
        play_out(session)
        session.close()
    except Exception:  # noqa: BLE001 - counted and shown: what this bench looks for
        return session, time.monotonic() - started, moves, traceback.format_exc()
    return session, time.monotonic() - started, moves, ""


def run(game_name: str, behaviour: str, seed: int, timeout: float, mode: str,
        offline: tuple[float, list]) -> dict[str, Any]:
    game = get_game(game_name)
    server = None if behaviour == "down" else FakeServer(behaviour)
    base_url = server.base_url if server else f"http://127.0.0.1:{_closed_port()}/v1"
    settings = Settings(voice="openai", model="fake", base_url=base_url, timeout=timeout,
                        voice_mode=mode)
    voice = OpenAIVoice(game, seed, settings, client=ModelClient(settings))
    asked: list[float] = []  # the decisions that asked the server (the breaker closed)
    decide_once = voice._decide_once

    def timed(request, on_text, _orig=decide_once):
        if voice.breaker.open:
            return _orig(request, on_text)
        t = time.monotonic()
        try:
            return _orig(request, on_text)
        finally:
            asked.append(time.monotonic() - t)

    voice._decide_once = timed
    session, wall, moves, tb = _autoplay(game, seed, voice, None)  # as offline: no file
    text = json.dumps(session.rows if session else [], ensure_ascii=False)  # what is journaled
    if server:
        server.stop()
    rows = session.rows if session else []
    actions = [a.model_dump(mode="json") for a in session.actions] if session else []
    sources = [r.get("source") for r in rows if r.get("type") == "action" and r.get("by") == AI]
    off_wall, off_actions = offline
    return {
        "game": game_name, "behaviour": behaviour, "wall_s": round(wall, 2),
        "offline_s": round(off_wall, 2), "longest_move_s": round(max(moves, default=0.0), 2),
        "asked_s": round(sum(asked), 2), "decisions_asked": len(asked),
        "by_model": sources.count("model"), "fallbacks": sources.count("fallback"),
        "breaker_openings": sum(1 for r in rows if r.get("type") == "llm"
                                and r.get("event") == "breaker"),
        "requests": server.requests if server else 0,
        "traceback": tb.strip().splitlines()[-1] if tb else "",
        "actions_equal": actions == off_actions, "actions": len(actions),
        "offline_actions": len(off_actions), "key_journaled": has_secret(text),
    }


def verdict(r: dict[str, Any], timeout: float) -> list[str]:
    bad = []
    if r["longest_move_s"] > timeout + 2:
        bad.append(f"a move took {r['longest_move_s']} s")
    if r["wall_s"] > (r["offline_s"] + timeout) * 1.1:
        bad.append(f"the game took {r['wall_s']} s")
    if r["asked_s"] > timeout * 1.1:
        bad.append(f"asking the model took {r['asked_s']} s")
    if r["traceback"]:
        bad.append("traceback")
    if r["by_model"] == 0 and not r["actions_equal"]:  # every move a fallback: the offline game
        bad.append("actions differ from offline")
    if r["key_journaled"]:
        bad.append("a key reached the journal")
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(sorted(all_games())))
    parser.add_argument("--behaviours", default=",".join(BEHAVIOURS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--mode", default="slots", choices=("free", "storylet", "slots"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    results = []
    print(f"{'game':15} {'behaviour':12} {'wall s':>7} {'offline':>7} {'asked':>6} {'longest':>7} "
          f"{'model':>5} {'fallbk':>6} {'breakr':>6} {'reqs':>5} {'same':>5}  verdict")
    for name in args.games.split(","):
        game = get_game(name)
        # the offline time: the quicker of two runs (the first also pays the game's imports)
        walls = [_autoplay(game, args.seed, OfflineVoice(game, args.seed), None) for _ in (0, 1)]
        session = walls[-1][0]
        offline = (min(w[1] for w in walls), [a.model_dump(mode="json") for a in session.actions])
        for behaviour in args.behaviours.split(","):
            r = run(name, behaviour, args.seed, args.timeout, args.mode, offline)
            bad = verdict(r, args.timeout)
            r["verdict"] = "; ".join(bad) or "ok"
            results.append(r)
            print(f"{name:15} {behaviour:12} {r['wall_s']:7.2f} {r['offline_s']:7.2f} "
                  f"{r['asked_s']:6.2f} "
                  f"{r['longest_move_s']:7.2f} {r['by_model']:5d} {r['fallbacks']:6d} "
                  f"{r['breaker_openings']:6d} {r['requests']:5d} "
                  f"{'yes' if r['actions_equal'] else 'no':>5}  {r['verdict']}"
                  + (f"  [{r['traceback']}]" if r["traceback"] else ""), flush=True)
    failed = [r for r in results if r["verdict"] != "ok"]
    print(f"{len(results) - len(failed)}/{len(results)} runs within the bar "
          f"(bound {args.timeout:g} s, seed {args.seed}, {args.mode} mode)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
