"""Reading ahead while a human thinks, one request at a time.

A local server answers one request at a time: readings ahead sent faster than it reads them (a
player who answers several questions in a row, a loaded machine) would queue there, and the AI's
next call would wait behind all of them. So one reading ahead is in flight at most; a newer one
asked meanwhile replaces any that is waiting (the newest conversation is the one the next call
starts with), and is sent when the one in flight is done.

Before the AI's call, ``settle``: the one waiting is dropped (the call says all it would) and
the one in flight is waited for. llama-cpp-python's server (``interrupt_requests``, on by
default) ends a streamed reply at its first chunk when another request is queued behind it: a
reading ahead sent just after the call, or queued with it, left the call's reply empty (a
useless answer: a re-ask, and after three the breaker rests). Anything else sent to the same
server meanwhile does the same: serve a session's model to that session alone, or start the
server with ``--interrupt_requests false``.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

Messages = list[dict[str, str]]


class ReadAhead:
    """Sends ``prefill(messages)`` in a background thread, one at a time, the newest waiting."""

    def __init__(self, prefill: Callable[[Messages], Any]) -> None:
        self.prefill = prefill
        self.lock = threading.Lock()
        self.waiting: Messages | None = None
        self.busy = False
        self.idle = threading.Event()  # set while none is in flight
        self.idle.set()
        self.sent = 0  # readings ahead sent (the others were replaced before their turn)

    def send(self, messages: Messages) -> None:
        with self.lock:
            self.waiting = messages
            if self.busy:
                return
            self.busy = True
            self.idle.clear()
        threading.Thread(target=self._run, name="companion-prefill", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self.lock:
                messages, self.waiting = self.waiting, None
                if messages is None:
                    self.busy = False
                    self.idle.set()
                    return
                self.sent += 1
            try:
                self.prefill(messages)
            except Exception:  # noqa: BLE001 - a hint: the next real call meets the same trouble
                pass

    def settle(self, timeout: float) -> bool:
        """Before a call: none waiting is sent any more, and the one in flight is waited for (at
        most ``timeout`` seconds; the server would read it first anyway). True once none is in
        flight."""
        with self.lock:
            self.waiting = None
        return self.idle.wait(max(0.0, timeout))
