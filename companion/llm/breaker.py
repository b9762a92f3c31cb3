"""A circuit breaker for the model server: a server that is down or timing out costs a session
one failed decision, not one on every move.

Closed (the model is asked) -> a decision whose call failed through the client's transport retries
(or ran past the move's time bound) opens it, and so do ``USELESS`` decisions in a row whose answers
were of no use (refused, unparseable, off-schema, illegal, texts the checks refused: nothing of the
model's reached the journal; a fast but useless server had every move asked twice all game long,
The Hero's Journey 46.3 s instead of 3.2 s), and so does an answer used after more than a quarter of
the bound (a drip) -> open: every decision is played by the offline voice, at no cost, for ``rest``
seconds (doubled after each failed probe, up to ``max_rest``; longer if the server's Retry-After
asks it) -> half-open: the next decision asks the model once, a single attempt with no back-off
and no re-ask (a probe) -> a useful answer closes it, a failure or a useless answer opens it
again. A refusal that will not change this session (401, 403, 404) opens it for good.

Decisions: the rest is counted in seconds only, never in decisions (an autoplay makes hundreds of
decisions a second, so a rest of "a few decisions" had a down server paying the retries every few
moves: a Hero's Journey autoplay took 47 s instead of 2.5 s). The voice journals one note when the
breaker opens and one when the model answers again; the moves played meanwhile say why in their
fallback row.
"""
from __future__ import annotations

import time
from collections.abc import Callable

REST = 30.0  # seconds of the first rest
MAX_REST = 300.0
USELESS = 3  # useless answers in a row that open it


class Breaker:
    def __init__(self, clock: Callable[[], float] = time.monotonic, rest: float = REST,
                 max_rest: float = MAX_REST) -> None:
        self.clock = clock
        self.rest = rest
        self.max_rest = max_rest
        self.failures = 0  # failed decisions (probes included) in a row
        self.until = 0.0  # open until then
        self.reason = ""  # why it is open
        self.permanent = False
        self.skipped = 0  # decisions the offline voice played while it was open
        self.useless_run = 0  # decisions in a row the model answered to no use (closed)
        self.useless_limit = USELESS  # calibration, which measures them, raises it

    @property
    def open(self) -> bool:
        """No call now: the offline voice plays this decision."""
        return self.permanent or (self.failures > 0 and self.clock() < self.until)

    @property
    def probing(self) -> bool:
        """The rest is over: this call is a probe (one attempt, no back-off)."""
        return self.failures > 0 and not self.open

    def skip(self) -> str:
        self.skipped += 1
        return self.reason

    def failed(self, reason: str, *, permanent: bool = False,
               at_least: float | None = None) -> float:
        """A decision's call failed for good: open (again), for ``at_least`` seconds if the
        server asked for that (Retry-After), up to ``max_rest``. Returns the rest, in seconds."""
        self.failures += 1
        self.permanent = self.permanent or permanent
        rest = min(self.max_rest, max(self.rest * 2 ** (self.failures - 1), at_least or 0.0))
        self.until = self.clock() + rest
        if permanent:
            self.reason = f"the server refuses this session: {reason}"
        else:
            self.reason = (f"the model did not answer ({reason}): the offline voice plays until "
                           f"it is asked again, in {rest:.0f} s")
        return rest

    def useless(self, reason: str) -> float | None:
        """A decision the model answered, none of it usable. The ``USELESS``-th in a row (or a
        probe's) opens the breaker as a failure does: returns the rest, else None."""
        self.useless_run += 1
        if self.failures == 0 and self.useless_run < self.useless_limit:
            return None
        self.useless_run = 0
        rest = self.failed(reason)
        self.reason = (f"the model's answers were of no use ({reason}): the offline voice plays "
                       f"until it is asked again, in {rest:.0f} s")
        return rest

    def succeeded(self) -> int:
        """The model answered usefully: closed. Returns how many decisions the offline voice
        played."""
        skipped = self.skipped
        self.failures, self.until, self.reason, self.skipped = 0, 0.0, "", 0
        self.useless_run = 0
        return skipped
