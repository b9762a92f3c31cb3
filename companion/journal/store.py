"""The session journal: one JSONL file, a header then one row per thing that happened.

Rows are appended, flushed and fsync'd before the screen shows their result, so a crash (even
SIGKILL) loses at most the decision in flight. Nothing is ever rewritten: undo appends a mark that
cuts the timeline back, and the undone rows stay in the file. The one exception is a torn last line
(the process died mid-write), which is cut off, with a warning, before new rows are appended.

Row types: header, action, narration, say, undo, x, retract, safety, llm, notice.

A journal is owned by one process at a time: ``create`` and ``reopen`` take an OS lock on the file
(``flock``, not waiting) and hold it until ``close`` (or the process's end, a kill included). A
second process that would write it is refused with one line naming the holder's pid, so two
sessions can never interleave their rows in one file.
"""
from __future__ import annotations

import errno
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = 1


class JournalError(Exception):
    pass


class JournalExists(JournalError):
    """The path already holds a journal (``autoplay --force`` may overwrite it)."""


try:
    import fcntl
except ImportError:  # not POSIX: no lock (one process per journal is then up to the player)
    fcntl = None  # type: ignore[assignment]


def _acquire(path: Path) -> int | None:
    """Open ``path`` for the lock and take it, without waiting; returns the descriptor to hold."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a journal file") from None
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}") from None
    except OSError as err:
        raise JournalError(f"cannot open the journal {path}: {err.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pid = holder(path, fd)
        os.close(fd)
        who = f"another companion process (pid {pid})" if pid else "another companion process"
        raise JournalError(f"{path} is open in {who}: one session writes a journal at a time; "
                           "finish or quit that one first") from None
    return fd


def holder(path: Path, fd: int | None = None) -> int | None:
    """The pid holding the lock on ``path`` (Linux reads it from /proc/locks; None elsewhere)."""
    try:
        st = os.fstat(fd) if fd is not None else os.stat(path)
        with open("/proc/locks", encoding="ascii") as f:
            table = f.read()
    except OSError:
        return None
    dev = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in table.splitlines():
        m = re.match(r"\d+:\s+FLOCK\s+\S+\s+WRITE\s+(\d+)\s+(\S+)\s", line)
        if m and m[2] == dev:
            return int(m[1])
    return None


def is_journal(path: Path) -> bool:
    """Whether ``path`` is a file whose first line is a companion journal's header."""
    try:
        with open(path, "rb") as f:
            first = f.readline(1 << 20)
        row = json.loads(first)
    except (OSError, ValueError):
        return False
    return isinstance(row, dict) and row.get("type") == "header" and "game" in row


def claim(path: Path) -> None:
    """``--force``: empty an existing journal to write a new one over it; refused for a file that
    is not a journal, and for a journal another process holds."""
    if not is_journal(path):
        raise JournalError(f"{path} is not a companion journal: --force overwrites only a "
                           "journal; name a new file")
    fd = _acquire(path)
    try:
        with open(path, "r+b") as f:
            f.truncate(0)
    except OSError as err:
        raise JournalError(f"cannot overwrite the journal {path}: {err.strerror}") from None
    finally:
        if fd is not None:
            os.close(fd)


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
    def __init__(self, path: Path, handle, lock: int | None = None) -> None:
        self.path = path
        self._f = handle
        self._lock = lock  # the descriptor holding the OS lock, until close

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> "Journal":
        path = Path(path)
        if path.is_dir():
            raise JournalError(f"{path} is a folder: name a journal file (e.g. {path}/story.jsonl)")
        if path.exists() and path.stat().st_size > 0:
            raise _exists(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(path, "a", encoding="utf-8")
        except OSError as err:
            raise JournalError(f"cannot write the journal {path}: {err.strerror}") from None
        try:
            lock = _acquire(path)
        except JournalError:
            handle.close()
            raise
        if os.fstat(handle.fileno()).st_size > 0:  # another process wrote it just now
            handle.close()
            if lock is not None:
                os.close(lock)
            raise _exists(path)
        journal = cls(path, handle, lock)
        journal.append({**header, "type": "header", "schema": SCHEMA})
        return journal

    @classmethod
    def reopen(cls, path: Path) -> tuple["Journal", dict[str, Any], list[dict[str, Any]], str]:
        """Open for appending; returns (journal, header, rows, warning or "")."""
        path = Path(path)
        lock = _acquire(path)  # before reading: a writer's half-written line is not torn
        try:
            header, rows, good_bytes, warning = read(path)
            with open(path, "r+b") as f:
                if good_bytes < path.stat().st_size:
                    f.truncate(good_bytes)  # cut the torn tail so new rows start on a clean line
                size = f.seek(0, os.SEEK_END)
                if size:
                    f.seek(size - 1)
                    if f.read(1) != b"\n":
                        f.write(b"\n")
            handle = open(path, "a", encoding="utf-8")
        except OSError as err:
            if lock is not None:
                os.close(lock)
            raise JournalError(f"cannot write the journal {path}: {err.strerror}") from None
        except JournalError:
            if lock is not None:
                os.close(lock)
            raise
        return cls(path, handle, lock), header, rows, warning

    def append(self, row: dict[str, Any]) -> None:
        try:
            self._f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
            self._f.flush()
            os.fsync(self._f.fileno())
        except OSError as err:
            if err.errno != errno.ENOSPC:
                raise
            where = getattr(self, "path", None) or self._f.name
            raise JournalError(f"no space left on the disk to write the journal {where}: free "
                               f"some space, then `companion resume {where}` repairs its last "
                               "line and goes on from there") from None

    def close(self) -> None:
        if not self._f.closed:
            self._f.close()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def _exists(path: Path) -> JournalError:
    if is_journal(path):
        return JournalExists(f"{path} already exists: resume it with `companion resume {path}`")
    return JournalError(f"{path} already exists and is not a companion journal: name a new file")


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], int, str]:
    """Parse a journal: (header, rows, bytes of good lines, warning). A torn final line is
    dropped with a warning; a bad line anywhere else is an error naming the line."""
    try:
        blob = Path(path).read_bytes()
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}") from None
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a journal file") from None
    except OSError as err:
        raise JournalError(f"cannot read the journal {path}: {err.strerror}") from None
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
