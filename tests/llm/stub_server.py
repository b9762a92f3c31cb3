"""A scripted OpenAI-compatible server on loopback, for fault tests: each request takes the next
scripted behaviour (a status with headers, a stream that stalls or breaks, garbage). Bounded: an
unscripted request gets a 500, a stall sleeps a fixed short time, the server thread is a daemon.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def chunk(content: str | None = None, finish: str | None = None) -> dict[str, Any]:
    delta = {"content": content} if content is not None else {}
    return {"id": "stub", "object": "chat.completion.chunk", "created": 0, "model": "stub-model",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def pieces(text: str, size: int = 5) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


class Stub:
    """``Stub().start()``; script with ``status``, ``stream``, ``reply``; read ``requests``."""

    def __init__(self) -> None:
        self.script: list[tuple[str, dict[str, Any]]] = []
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                if self.path == "/v1/models":
                    self._json(200, {"object": "list", "data": [{"id": "stub-model",
                                                                 "object": "model"}]})
                else:
                    self._json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                if not self.path.startswith("/v1/"):
                    self.rfile.read(length)
                    return self._json(404, {"error": {"message": f"no route {self.path}"}})
                body = json.loads(self.rfile.read(length) or b"{}")
                stub.requests.append(body)
                kind, opts = stub.script.pop(0) if stub.script else (
                    "status", {"code": 500, "message": "no more scripted replies"})
                getattr(self, f"_{kind}")(body, **opts)

            def _json(self, code: int, payload: Any, headers: dict[str, str] | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def _status(self, body, code: int, message: str = "", headers=None) -> None:
                self._json(code, {"error": {"message": message, "type": "stub"}}, headers)

            def _send_chunk(self, data: bytes) -> None:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()

            def _stream(self, body, events: list[Any], stall: float = 0.0, stall_after: int = -1,
                        cut_after: int = -1, done: bool = True, garbage: bool = False,
                        gap: float = 0.0) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                for i, event in enumerate(events):
                    if i == stall_after:
                        time.sleep(stall)
                    elif gap and i:  # a reply that drips
                        time.sleep(gap)
                    if i == cut_after:  # drop the connection without ending the body
                        self.wfile.flush()
                        self.close_connection = True
                        self.connection.shutdown(2)
                        return
                    if isinstance(event, bytes):  # sent as they are (not UTF-8, say)
                        self._send_chunk(event)
                        continue
                    payload = event if isinstance(event, str) else json.dumps(event)
                    self._send_chunk(f"data: {payload}\n\n".encode())
                if garbage:
                    self._send_chunk(b"data: {not json at all\n\n")
                if done:
                    self._send_chunk(b"data: [DONE]\n\n")
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

            def _reply(self, body, text: str, usage: tuple[int, int] | None = (50, 20), **kw) -> None:
                """A whole reply, streamed or not as the request asked."""
                if body.get("stream"):
                    events: list[Any] = [chunk(p) for p in pieces(text)] + [chunk(None, "stop")]
                    if usage and (body.get("stream_options") or {}).get("include_usage"):
                        events.append({**chunk(), "choices": [], "usage": {
                            "prompt_tokens": usage[0], "completion_tokens": usage[1],
                            "total_tokens": sum(usage)}})
                    self._stream(body, events, **kw)
                else:
                    payload = {"id": "stub", "object": "chat.completion", "created": 0,
                               "model": "stub-model", "choices": [{
                                   "index": 0, "finish_reason": "stop",
                                   "message": {"role": "assistant", "content": text}}]}
                    if usage:
                        payload["usage"] = {"prompt_tokens": usage[0],
                                            "completion_tokens": usage[1],
                                            "total_tokens": sum(usage)}
                    self._json(200, payload)

        class Server(ThreadingHTTPServer):
            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that hangs up mid-reply is what several tests do on purpose

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> "Stub":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # -- scripting ---------------------------------------------------------------------------------
    def status(self, code: int, message: str = "", headers: dict[str, str] | None = None) -> "Stub":
        self.script.append(("status", {"code": code, "message": message, "headers": headers}))
        return self

    def reply(self, text: str, **kw: Any) -> "Stub":
        self.script.append(("reply", {"text": text, **kw}))
        return self

    def stream(self, events: list[Any], **kw: Any) -> "Stub":
        self.script.append(("stream", {"events": events, **kw}))
        return self
