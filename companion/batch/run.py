"""Batch autoplay: N journals (seeds S..S+N-1), J sessions at a time, resumable.

Each session is exactly what ``companion autoplay GAME --seed S`` runs: every seat the AI's, the
same options, the same voice, stepped until the game is over. Sessions run on J threads of a
``ThreadPoolExecutor``: a model call is I/O, and batching many calls at once is the model server's
job (vLLM's continuous batching, llama.cpp's parallel slots), not ours, so there is no scheduler
here, only a pool. Between two steps a session checks the stop flag, so Ctrl-C (or ``stop``)
ends a batch within one step per running session; what was not finished is played again on the
next run (see ``manifest``).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.batch.manifest import Manifest, journal_name
from companion.core.game import Game
from companion.llm.ledger import tokens_spent
from companion.session import AI, Session
from companion.session.bound import Progress
from companion.story.voice import Beat, Decision, DecisionRequest, NarrationMemory, Voice

VoiceFactory = Callable[[Game, int], Voice]


@dataclass
class Stats:
    """Live counters for the progress display (updated by every session thread)."""

    total: int = 0  # journals asked for
    skipped: int = 0  # already finished before this run
    done: int = 0  # finished in this run
    failed: int = 0
    moves: int = 0  # AI decisions made in this run
    tokens: int = 0
    fallbacks: int = 0
    started: float = field(default_factory=time.monotonic)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def decided(self, decision: Decision) -> None:
        with self.lock:
            self.moves += 1
            self.tokens += tokens_spent(decision.notes)
            self.fallbacks += decision.source == "fallback"

    @property
    def elapsed(self) -> float:
        return max(1e-9, time.monotonic() - self.started)

    @property
    def finished(self) -> int:
        return self.skipped + self.done

    def line(self) -> str:
        rate = self.moves / self.elapsed
        per_hour = self.done / self.elapsed * 3600
        text = (f"{self.finished}/{self.total} journals ({per_hour:,.0f}/h), "
                f"{self.moves:,} moves ({rate:,.1f}/s), {self.tokens:,} tokens, "
                f"{self.fallbacks:,} fallback(s)")
        if self.failed:
            text += f", {self.failed} failed"
        return text


class CountingVoice:
    """Passes every call to the session's voice, counting decisions for the progress display."""

    def __init__(self, inner: Voice, stats: Stats) -> None:
        self.inner = inner
        self.stats = stats
        self.name = inner.name

    def decide(self, request: DecisionRequest, on_text: Callable[[str], None] | None = None
               ) -> Decision:
        decision = self.inner.decide(request, on_text=on_text)
        self.stats.decided(decision)
        return decision

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        return self.inner.narrate(beat, memory)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class Stopped(Exception):
    """The batch was told to stop; this session's journal stays partial (played again later)."""


@dataclass
class Batch:
    game: Game
    out: Path
    make_voice: VoiceFactory
    options: Any = None
    jobs: int = 1
    header: dict[str, Any] = field(default_factory=dict)  # what else identifies the batch
    stats: Stats = field(default_factory=Stats)
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        if self.options is None:
            self.options = self.game.options_model()
        self.out = Path(self.out)
        self.manifest = Manifest.open(self.out, self.game, {
            "game": self.game.name,
            "options": self.options.model_dump(mode="json", exclude_defaults=True),
            **self.header})

    def seats(self) -> dict[str, str]:
        seats_for = getattr(self.game, "seats_for", None)
        table = tuple(seats_for(self.options)) if seats_for else self.game.seats
        return {s: AI for s in table}

    def play_one(self, seed: int) -> dict[str, Any]:
        """One journal, as ``companion autoplay --seed SEED`` writes it; returns its done row."""
        partial = self.manifest.partial(journal_name(self.game, seed))
        voice = CountingVoice(self.make_voice(self.game, seed), self.stats)
        session = Session.start(self.game, seed, self.seats(), voice, partial,
                                options=self.options, lines=self.header.get("lines"),
                                veils=self.header.get("veils"))
        progress = Progress(session)
        try:
            while not session.is_over():
                if self.stop.is_set():
                    raise Stopped
                before = len(session.actions)
                session.advance(max_steps=1)
                if len(session.actions) == before:
                    raise RuntimeError("the game stopped before its end with no seat to move")
                reason = progress.step()
                if reason:  # journaled; the manifest records the journal as it ended
                    session.note(reason)
                    break
        finally:
            session.close()
        return self.manifest.finish(partial, self.game, seed, session.state)

    def run(self, seeds: Iterable[int], progress: Callable[[Stats], None] | None = None,
            tick: float = 0.5) -> Stats:
        """Play every seed not finished yet, ``jobs`` at a time. ``progress(stats)`` is called on
        every finished journal and every ``tick`` seconds. Ctrl-C stops the batch cleanly (the
        running sessions stop after their current step) and is raised again after."""
        seeds = list(dict.fromkeys(seeds))
        todo = [s for s in seeds if s not in self.manifest.done]
        stats = self.stats
        stats.total, stats.skipped = len(seeds), len(seeds) - len(todo)
        stats.started = time.monotonic()
        report = progress or (lambda s: None)
        report(stats)
        pool = ThreadPoolExecutor(max_workers=max(1, self.jobs), thread_name_prefix="batch")
        running: dict[Future, int] = {pool.submit(self._guarded, seed): seed for seed in todo}
        try:
            while running:
                finished, _ = wait(running, timeout=tick, return_when=FIRST_COMPLETED)
                for future in finished:
                    running.pop(future)
                report(stats)
        except KeyboardInterrupt:
            self.stop.set()
            for future in running:
                future.cancel()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return stats

    def _guarded(self, seed: int) -> None:
        if self.stop.is_set():
            return
        try:
            self.play_one(seed)
        except Stopped:
            return
        except Exception as err:  # noqa: BLE001 - one broken seed must not end the batch
            with self.stats.lock:
                self.stats.failed += 1
                self.stats.errors.append(f"seed {seed}: {type(err).__name__}: {err}")
            return
        with self.stats.lock:
            self.stats.done += 1
