"""The manifest of a batch folder: what the batch is, and which journals are finished.

``DIR/manifest.jsonl`` starts with a ``batch`` row (the game, its options, who voices it) and gets
one ``done`` row per finished journal, appended and fsync'd. A journal is written under
``DIR/.partial/`` and moved into ``DIR`` (an atomic rename) only once its game is over, so a file in
``DIR`` is always a whole journal; the ``done`` row follows the rename. A batch that was killed
leaves at most some partial journals (thrown away: their seeds are played again from the start,
which gives the same journal) and perhaps a finished journal whose ``done`` row was not written yet
(recovered by replaying it). So a re-run plays only the seeds not finished, and never writes a
finished journal again.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from companion.core.game import Action, Game
from companion.journal.store import JournalError, read, timeline
from companion.session import game_options

MANIFEST = "manifest.jsonl"
PARTIAL = ".partial"


class BatchError(Exception):
    """A batch folder that cannot be used as asked (one line for the user)."""


def journal_name(game: Game, seed: int) -> str:
    return f"{game.name}-{seed}.jsonl"


class Manifest:
    def __init__(self, folder: Path, header: dict[str, Any]) -> None:
        self.folder = Path(folder)
        self.path = self.folder / MANIFEST
        self.header = {"type": "batch", **header}
        self.done: dict[int, dict[str, Any]] = {}
        self._lock = threading.Lock()

    @classmethod
    def open(cls, folder: Path, game: Game, header: dict[str, Any]) -> "Manifest":
        """Open (or start) the manifest of ``folder`` for a batch described by ``header``;
        raises BatchError if the folder holds a different batch."""
        manifest = cls(folder, header)
        folder = manifest.folder
        folder.mkdir(parents=True, exist_ok=True)
        if manifest.path.exists():
            blob = manifest.path.read_bytes()
            if blob and not blob.endswith(b"\n"):  # a torn last row: start the next on its line
                with open(manifest.path, "ab") as f:
                    f.write(b"\n")
            rows = [json.loads(line) for line in manifest.path.read_text("utf-8").splitlines()
                    if line.strip() and _whole(line)]
            old = rows[0] if rows else {}
            differ = [k for k in manifest.header if k != "type" and old.get(k) != manifest.header[k]]
            if differ:
                k = differ[0]
                raise BatchError(f"{folder} holds a batch with {k} {old.get(k)!r}, not "
                                 f"{manifest.header[k]!r}: choose another --out folder")
            manifest.done = {int(r["seed"]): r for r in rows[1:] if r.get("type") == "done"
                             and (folder / r["journal"]).exists()}
        else:
            manifest._append(manifest.header)
        partial = folder / PARTIAL
        if partial.exists():  # journals of an interrupted run: their seeds start again
            for stale in partial.iterdir():
                stale.unlink()
        for path in sorted(folder.glob(f"{game.name}-*.jsonl")):  # renamed, but not recorded
            seed = _seed_of(path, game)
            if seed is not None and seed not in manifest.done:
                manifest.record(path, game, seed)
        return manifest

    def partial(self, name: str) -> Path:
        folder = self.folder / PARTIAL
        folder.mkdir(exist_ok=True)
        return folder / name

    def finish(self, partial: Path, game: Game, seed: int, state: Any = None) -> dict[str, Any]:
        """Move a finished journal into the folder and record it."""
        final = self.folder / partial.name
        os.replace(partial, final)
        return self.record(final, game, seed, state)

    def record(self, path: Path, game: Game, seed: int, state: Any = None) -> dict[str, Any]:
        if state is None:
            state = replay(path, game)
        outcome = game.outcome(state)
        row = {"type": "done", "seed": seed, "journal": path.name, "summary": outcome.summary,
               "scores": outcome.scores}
        with self._lock:
            self._append(row)
            self.done[seed] = row
        return row

    def _append(self, row: dict[str, Any]) -> None:
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())


def replay(path: Path, game: Game) -> Any:
    """The final state of a journal (its actions replayed with its options)."""
    try:
        header, rows, _, _ = read(path)
    except JournalError as err:
        raise BatchError(str(err)) from None
    state = game.setup(game_options(game, header))
    for row in timeline(header, rows).actions:
        state, _ = game.apply(state, Action.model_validate(row["action"]))
    return state


def _seed_of(path: Path, game: Game) -> int | None:
    tail = path.stem[len(game.name) + 1:]
    return int(tail) if tail.lstrip("-").isdigit() else None


def _whole(line: str) -> bool:
    """False for a torn last line (the process died while appending it)."""
    try:
        json.loads(line)
        return True
    except ValueError:
        return False
