"""A loopback OpenAI-compatible server that answers like a batching server, for tests and benches.

A batching server (vLLM, or llama.cpp with parallel slots) takes many requests at once and answers
each after about the same time, whatever the others do, up to its batch size. This stub does just
that: every chat request waits a fixed ``latency`` (its "generation"), at most ``slots`` at a time
(more wait their turn, as in a server's queue), then gets its reply, streamed or whole.

The reply is a function of the request alone (a hash of its messages and seed), so a journal
written against the stub is the same whether its session ran alone or among sixteen others:
that is what lets a batch be compared byte for byte with single runs. ``illegal`` is the share of
replies that name an action number one past the legal ones (the voice catches and re-asks them),
so the arena's "illegal proposals caught" has something to count.

Bounded: loopback only (127.0.0.1), daemon threads, and it stops by itself after ``idle`` seconds
without a request or ``lifetime`` seconds in all. Run it by hand with
``python -m companion.batch.stub --latency 0.1`` (it prints its base URL).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODEL = "stub-batch"
NAMES = ("Wren", "Ash", "Tamsin", "Oriel", "Bram", "Ilse", "Corin", "Maud")


def _tokens(text: str) -> int:
    return max(1, (len(text) + 3) // 4)


def _choices(body: dict[str, Any]) -> tuple[int, bool]:
    """How many legal actions the request's schema allows, and whether it wants a text field."""
    fmt = body.get("response_format") or {}
    schema = (fmt.get("json_schema") or {}).get("schema") or fmt.get("schema") or {}
    props = schema.get("properties") or {}
    enum = (props.get("action") or {}).get("enum") or [1]
    return len(enum), "text" in props


def reply_for(body: dict[str, Any], illegal: float = 0.0) -> dict[str, Any]:
    """The stub's answer to one chat request: the same request always gets the same answer."""
    key = json.dumps([body.get("messages"), body.get("seed")], sort_keys=True).encode()
    digest = hashlib.sha256(key).digest()
    n, wants_text = _choices(body)
    roll = int.from_bytes(digest[:4], "big") / 2**32
    action = n + 1 if roll < illegal else 1 + int.from_bytes(digest[4:8], "big") % n
    out: dict[str, Any] = {"action": action}
    if wants_text:
        out["text"] = NAMES[digest[8] % len(NAMES)]
    out["narration"] = ""  # the offline narrator tells the move: no card names made up here
    out["speech"] = ""
    return out


class BatchingStub:
    """``with BatchingStub(latency=0.05) as stub: ... stub.base_url``; ``stub.requests`` counts."""

    def __init__(self, latency: float = 0.05, slots: int = 64, illegal: float = 0.0,
                 idle: float = 120.0, lifetime: float = 3600.0, port: int = 0) -> None:
        self.latency = latency
        self.illegal = illegal
        self.idle = idle
        self.lifetime = lifetime
        self.requests = 0
        self.busy = 0  # requests being answered now
        self.peak = 0  # most answered at once
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(slots)
        self._last = time.monotonic()
        self._stopped = threading.Event()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._json(200, {"object": "list",
                                     "data": [{"id": MODEL, "object": "model"}]})
                else:
                    self._json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                raw = self.rfile.read(length)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    return self._json(404, {"error": {"message": f"no route {self.path}"}})
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    return self._json(400, {"error": {"message": "the body is not JSON"}})
                with stub._slots:
                    stub._enter()
                    try:
                        time.sleep(stub.latency)
                        self._answer(body)
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the client stopped reading (an illegal action caught early)
                    finally:
                        stub._leave()

            def _answer(self, body: dict[str, Any]) -> None:
                text = json.dumps(reply_for(body, stub.illegal))
                prompt = _tokens(json.dumps(body.get("messages")))
                usage = {"prompt_tokens": prompt, "completion_tokens": _tokens(text),
                         "total_tokens": prompt + _tokens(text)}
                if not body.get("stream"):
                    return self._json(200, {
                        "id": "stub", "object": "chat.completion", "created": 0, "model": MODEL,
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": text}}],
                        "usage": usage})
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                events = [_chunk(text[i:i + 16]) for i in range(0, len(text), 16)]
                events.append(_chunk(None, "stop"))
                if (body.get("stream_options") or {}).get("include_usage"):
                    events.append({**_chunk(None), "choices": [], "usage": usage})
                for event in events:
                    data = f"data: {json.dumps(event)}\n\n".encode()
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                done = b"data: [DONE]\n\n"
                self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(done), done))
                self.wfile.flush()

            def _json(self, code: int, payload: Any) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 128

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client hanging up mid-reply is expected (an illegal action stopped)

        self.server = Server(("127.0.0.1", port), Handler)
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                        daemon=True)
        self._watch = threading.Thread(target=self._watchdog, daemon=True)

    # -- bookkeeping ---------------------------------------------------------------------------------
    def _enter(self) -> None:
        with self._lock:
            self.requests += 1
            self.busy += 1
            self.peak = max(self.peak, self.busy)
            self._last = time.monotonic()

    def _leave(self) -> None:
        with self._lock:
            self.busy -= 1
            self._last = time.monotonic()

    def _watchdog(self) -> None:
        born = time.monotonic()
        while not self._stopped.wait(0.2):
            now = time.monotonic()
            if now - born > self.lifetime or (self.busy == 0 and now - self._last > self.idle):
                self.stop()
                return

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def start(self) -> "BatchingStub":
        self._thread.start()
        self._watch.start()
        return self

    def stop(self) -> None:
        if self._stopped.is_set():
            return
        self._stopped.set()
        self.server.shutdown()
        self.server.server_close()

    def wait(self) -> None:
        """Block until the stub stops by itself (idle or lifetime) or is stopped."""
        self._stopped.wait()

    def __enter__(self) -> "BatchingStub":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def _chunk(content: str | None, finish: str | None = None) -> dict[str, Any]:
    delta = {"content": content} if content is not None else {}
    return {"id": "stub", "object": "chat.completion.chunk", "created": 0, "model": MODEL,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.batch.stub",
                                description="a loopback batching stub of an OpenAI server")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--latency", type=float, default=0.1, help="seconds per request (default 0.1)")
    p.add_argument("--slots", type=int, default=64, help="requests answered at once")
    p.add_argument("--illegal", type=float, default=0.0,
                   help="share of replies naming an illegal action (0-1)")
    p.add_argument("--idle", type=float, default=120.0, help="stop after this many idle seconds")
    p.add_argument("--lifetime", type=float, default=3600.0, help="stop after this many seconds")
    args = p.parse_args(argv)
    stub = BatchingStub(latency=args.latency, slots=args.slots, illegal=args.illegal,
                        idle=args.idle, lifetime=args.lifetime, port=args.port).start()
    print(stub.base_url, flush=True)
    try:
        stub.wait()
    except KeyboardInterrupt:
        stub.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
