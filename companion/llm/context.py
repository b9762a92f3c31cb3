"""Bounded context for AI decisions: a rolling summary of the public story, built deterministically.

The prompt at the 200th decision must be about the size of the prompt at the 10th, so the story so
far is folded into a fixed-size summary and only the last few narrations ride along verbatim.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core.game import Event


def rolling_summary(events: Sequence[Event], max_chars: int = 600) -> str:
    """A short, deterministic digest of the public events so far (kinds counted, latest first)."""
    if not events:
        return ""
    counts = Counter(e.kind for e in events)
    parts = [f"{kind} x{n}" for kind, n in sorted(counts.items())]
    text = "So far: " + ", ".join(parts) + "."
    return text[:max_chars]
