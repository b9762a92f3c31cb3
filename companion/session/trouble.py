"""The kind of trouble behind a fallback, for the one line the player sees."""
from __future__ import annotations


def trouble(reason: str) -> str:
    """The kind of trouble behind a fallback: a spent budget, bad replies, or no answer at all
    (an unreachable server, however its failures are worded)."""
    low = reason.lower()
    if "budget" in low:
        return "budget"
    if any(w in low for w in ("reply", "replies", "illegal", "invalid", "fidelity", "names ")):
        return "reply"
    return "unreachable"
