"""The narration memory rebuilt from a journal's rows, for resume and undo.

What the story layer noted while telling a beat rides on the beat's row (``told``): a narration
row, or a ``noted`` row when the beat said nothing but the narrator still remembered something
(a routine blow held to be told later with the rest, a purchase held for one sentence). Without
the second kind a resumed session forgot what was held before it, and told less than an
uninterrupted one.
"""
from __future__ import annotations

from typing import Any

from companion.journal.store import Timeline
from companion.story import weave
from companion.story.voice import NarrationMemory

# What the story layer noted of an undone beat that was undone with it (told is told: a
# rewound narration's sentences count, so none is ever repeated in a session).
UNDONE_WITH_THE_BEAT = ("storylet|", "stake-taken|", "refused|", "answered|")


def noted_row(step: int, before: set[str], memory: NarrationMemory) -> dict[str, Any] | None:
    """The row recording what a silent beat's telling noted (None: it noted nothing)."""
    noted = sorted(memory.used - before)
    return {"type": "noted", "n": step, "told": noted} if noted else None


def recall(memory: NarrationMemory, t: Timeline) -> None:
    """Fill ``memory`` (fresh, with the header's lines and veils) from the rows in force: the
    table's safety rows, the player's table talk, and what every telling noted. A silent beat's
    ``noted`` row that was undone is dropped whole: what it held never happened."""
    for row in t.rows:
        kind = row["type"]
        if kind == "safety":
            memory.banned += row.get("lines", [])
            memory.veils += row.get("veils", [])
        elif kind == "x" and row.get("topic"):
            memory.banned.append(row["topic"])
        elif kind == "say":
            weave.hear(memory.used, row["n"], row["text"])
        if kind in ("narration", "noted"):
            memory.used.update(row.get("told", []))
    for row in t.undone:
        if row["type"] == "narration":
            memory.used.update(k for k in row.get("told", [])
                               if not k.startswith(UNDONE_WITH_THE_BEAT))


def told_rows(t: Timeline, n: int) -> list[dict[str, Any]]:
    """The rows that tell (or silently noted) action ``n``."""
    return [r for r in t.rows if r["type"] in ("narration", "noted") and r.get("n") == n]
