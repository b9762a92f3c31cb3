"""The session journal: one JSONL file, a header then one row per thing that happened.

Rows are appended, flushed and fsync'd before the screen shows their result, so a crash (even
SIGKILL) loses at most the decision in flight. Nothing is ever rewritten: undo appends a mark that
cuts the timeline back, and the undone rows stay in the file. The one exception is a torn last line
(the process died mid-write), which is cut off, with a warning, before new rows are appended.

Row types: header, action, narration, say, undo, x, retract, safety, llm, notice.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = 1


class JournalError(Exception):
    pass


@dataclass
class Timeline:
    """The rows still in force after applying undo and retract marks, in order."""

    header: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)

    @property
    def actions(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["type"] == "action"]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["type"] == kind]


def timeline(header: dict[str, Any], rows: list[dict[str, Any]]) -> Timeline:
    """Replay the marks: ``undo`` keeps the first ``to`` actions (and what was said before the
    next one); ``retract`` withdraws the latest narration of action ``n``."""
    t = Timeline(header=header)
    for row in rows:
        kind = row.get("type")
        if kind == "undo":
            keep = row["to"]
            stays = [r.get("n", -1) <= keep - 1 or r["type"] in _GLOBAL for r in t.rows]
            t.undone += [r for r, s in zip(t.rows, stays) if not s]
            t.rows = [r for r, s in zip(t.rows, stays) if s]
        elif kind == "retract":
            for i in range(len(t.rows) - 1, -1, -1):
                r = t.rows[i]
                if r["type"] == "narration" and r["n"] == row["n"]:
                    t.undone.append(t.rows.pop(i))
                    break
        else:
            t.rows.append(row)
    return t


# Rows that belong to the whole session, not to a point in the timeline: undo leaves them be.
_GLOBAL = {"safety", "x", "llm", "notice"}


class Journal:
    def __init__(self, path: Path, handle) -> None:
        self.path = path
        self._f = handle

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> "Journal":
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > 0:
            raise JournalError(f"{path} already exists: resume it with `companion resume {path}`")
        journal = cls(path, open(path, "a", encoding="utf-8"))
        journal.append({**header, "type": "header", "schema": SCHEMA})
        return journal

    @classmethod
    def reopen(cls, path: Path) -> tuple["Journal", dict[str, Any], list[dict[str, Any]], str]:
        """Open for appending; returns (journal, header, rows, warning or "")."""
        header, rows, good_bytes, warning = read(path)
        with open(path, "r+b") as f:
            if good_bytes < path.stat().st_size:
                f.truncate(good_bytes)  # cut the torn tail so new rows start on a clean line
            size = f.seek(0, os.SEEK_END)
            if size:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    f.write(b"\n")
        return cls(path, open(path, "a", encoding="utf-8")), header, rows, warning

    def append(self, row: dict[str, Any]) -> None:
        self._f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def close(self) -> None:
        if not self._f.closed:
            self._f.close()


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], int, str]:
    """Parse a journal: (header, rows, bytes of good lines, warning). A torn final line is
    dropped with a warning; a bad line anywhere else is an error naming the line."""
    try:
        blob = Path(path).read_bytes()
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}") from None
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a journal file") from None
    lines = blob.split(b"\n")
    rows: list[dict[str, Any]] = []
    good = 0
    warning = ""
    for i, raw in enumerate(lines):
        last = i == len(lines) - 1
        if not raw.strip():
            if not last:
                good += len(raw) + 1
            continue
        try:
            row = json.loads(raw)
            if not isinstance(row, dict) or "type" not in row:
                raise ValueError("not a journal row")
            if last:  # a complete row without its newline: keep it, and end it properly
                good += len(raw)
                rows.append(row)
                break
        except (ValueError, UnicodeDecodeError):
            if last:
                warning = (f"the last line of {path} was cut off mid-write (line {i + 1}); "
                           "it was ignored, nothing else is lost")
                break
            raise JournalError(f"{path}, line {i + 1}: not a journal row") from None
        rows.append(row)
        good += len(raw) + 1
    if not rows or rows[0].get("type") != "header":
        raise JournalError(f"{path} is not a companion journal (no header line)")
    header = rows[0]
    if header.get("schema") != SCHEMA:
        raise JournalError(f"{path}: journal schema {header.get('schema')} is not supported "
                           f"(this version reads schema {SCHEMA})")
    return header, rows[1:], good, warning
