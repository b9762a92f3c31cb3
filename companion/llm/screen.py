"""Streaming a reply's narration to the screen as it grows, once its action is known legal.

The narration is held back by the length of the longest forbidden name (and at least
``HOLD_BACK`` characters), so a forbidden name, an echo of the instructions, a repeat or meta talk
is caught before any of it shows; whenever streamed narration is abandoned (a retry, a re-ask, a
fallback) its line is ended with ``ELLIPSIS``.
"""
from __future__ import annotations

import re

from collections.abc import Callable

from companion.llm import checks, fidelity
from companion.llm.client import Stop
from companion.llm.schema import Reply, parse_partial

HOLD_BACK = 48  # characters of a streamed narration held back: about six words, so an echo of
# the instructions is caught before any of it shows
ELLIPSIS = " \u2026\n"


class Screen:
    """Streams a reply's narration to ``on_text`` as it grows, once its action is known legal."""

    def __init__(
        self,
        on_text: Callable[[str], None] | None,
        n_legal: int,
        checker: Callable[[int], fidelity.Checker],
        instructions: checks.Instructions | None = None,
    ) -> None:
        self.on_text = on_text
        self.n_legal = n_legal
        self.checker = checker
        self.instructions = instructions or checks.Instructions()
        self.kind = ""  # why the last Stop was raised: illegal | fidelity | miss
        self.miss = ""  # and, for a miss, its kind (echo, repeat, meta, secret...)
        self.raw = ""  # the reply so far
        self.shown = ""  # narration shown in the current segment
        self.streamed = False

    def _emit(self, text: str) -> None:
        if text and self.on_text is not None:
            self.streamed = True
            try:
                self.on_text(text)
            except Exception:  # noqa: BLE001 - a display problem must not lose the decision
                self.on_text = None

    def abandon(self) -> None:
        """The narration shown so far will not be used: end its line."""
        if self.shown:
            self._emit(ELLIPSIS)
        self.shown = ""

    def feed(self, raw: str) -> None:
        if not raw.startswith(self.raw):  # the client started over (a transport retry)
            self.abandon()
        self.raw = raw
        try:
            fields, cut, _ = parse_partial(raw)
        except ValueError:
            return  # not JSON (yet, or at all): the final validation says why
        action = fields.get("action")
        if action is None:
            return
        try:
            number = Reply._number(action)
            number = int(number)
        except (TypeError, ValueError):
            return
        if not 1 <= number <= self.n_legal:
            self.kind = "illegal"
            raise Stop(f"action {number} is not one of the legal actions (1-{self.n_legal})", raw)
        narration = fields.get("narration")
        if not isinstance(narration, str):
            return
        check = self.checker(number)
        partial = cut == "narration"
        problems = check.problems(narration, partial=partial)
        if problems:
            self.kind = "fidelity"
            raise Stop("the narration " + "; ".join(problems), raw)
        miss = checks.check("narration", narration, self.instructions, partial=True)
        if miss is not None:  # stopped where its trouble starts, before that part is shown
            self.kind = "miss"
            self.miss = miss.kind
            raise Stop(miss.reason, raw)
        if not partial:
            return  # complete: shown by finish() once the whole reply validates
        upto = len(narration) - max(check.longest, HOLD_BACK)
        upto = narration.rfind(" ", 0, max(upto, 0) + 1)
        if check.whole_sentences:  # up to the last finished sentence, never into the open one
            ends = [m.end() for m in re.finditer(r"[.!?][”’\"]?(?=\s)", narration)]
            upto = min(upto, max((e for e in ends if e <= upto), default=0))
        if upto > len(self.shown) and narration.startswith(self.shown):
            self._emit(narration[len(self.shown):upto])
            self.shown = narration[:upto]

    def finish(self, narration: str) -> None:
        """Make the screen show the accepted narration: the rest of it, or all of it again if
        what was shown differs; if more was shown (a reply cut short), end that line."""
        lead = self.shown.lstrip()
        if narration and narration.startswith(lead):
            self._emit(narration[len(lead):])
            self.shown = ""
        elif narration and lead.startswith(narration):
            self.abandon()
        else:
            self.abandon()
            self._emit(narration)
