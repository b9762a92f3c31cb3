"""Benchmarks for the kernel and At Any Cost. Prints figures; asserts nothing.

    python bench/run.py            # all figures
    python bench/run.py --quick    # fewer games, for a smoke run

Figures: engine steps/s (random legal play, no session), full offline autoplay games/s (session,
policy, narration, no journal), AI decision latency p50/p99, REPL command latency p50/p99 through
the script interface (Controller.handle, the same path `--script` takes), and the time to resume a
journal of 1,000+ events.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.playout import random_playout  # noqa: E402
from companion.session import AI, HUMAN, Session  # noqa: E402
from companion.games.at_any_cost import GAME  # noqa: E402
from companion.story.voice import OfflineVoice  # noqa: E402
from companion.repl.controller import Controller  # noqa: E402

from bench.common import pct, timed_autoplay  # noqa: E402


ENGINE_TARGET = 20_000  # steps/s (issue 7: the Hero's Journey AI and the arena simulate a lot)
ENGINE_BEFORE = 8_068  # steps/s measured before the engine work (wall clock, an idle machine)


def engine_steps(games: int) -> tuple[float, float]:
    """Steps per second of random legal play: by the wall clock, and by this process's CPU time
    (the steadier figure on a machine busy with other work)."""
    wall, cpu = time.perf_counter(), time.process_time()
    steps = sum(1 for seed in range(games) for _ in random_playout(GAME, seed))
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu)


def autoplay(games: int) -> tuple[float, list[float]]:
    rate, latencies, _ = timed_autoplay(GAME, games)
    return rate, latencies


def repl_latency(games: int) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        s = Session.start(GAME, seed, {"protagonist": HUMAN, "antagonist": AI},
                          OfflineVoice(GAME, seed), None)
        s.advance()
        c = Controller(s, lambda kind, text: None)
        lines = ["Wren", "", "keep 1 2 3 4 5", "a", "b", "c", "d", "e"]
        for _ in range(400):
            if c.done or s.is_over():
                break
            line = lines.pop(0) if lines else (
                "Because." if c.view()["phase"] == "questions" else "do 1")
            for probe in (line, "state", "actions"):
                t = time.perf_counter()
                c.handle(probe)
                times.append(time.perf_counter() - t)
    return times


def resume_time() -> tuple[int, int, float]:
    """A journal of 1,000+ rows: a whole game played by a human seat through the controller,
    with an undo after every tenth decision (undone rows are read, and the branch skipped)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.jsonl"
        s = Session.start(GAME, 0, {"protagonist": HUMAN, "antagonist": AI},
                          OfflineVoice(GAME, 0), path)
        s.advance()
        c = Controller(s, lambda kind, text: None)
        lines = ["Wren", "", "keep 1 2 3 4 5", "a", "b", "c", "d", "e"]
        k = 0
        while not s.is_over():
            line = lines.pop(0) if lines else (
                "Because." if c.view()["phase"] == "questions" else "do 1")
            c.handle(line)
            k += 1
            if k % 10 == 0 and not s.is_over():
                c.handle("undo")
                c.handle(line)
        for i in range(max(0, 1000 - len(s.rows))):
            s.say("protagonist", f"a word, {i}")
        s.close()
        t = time.perf_counter()
        again, _ = Session.resume(path)
        elapsed = time.perf_counter() - t
        again.close()
        return len(again.rows), len(again.actions), elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    n = 10 if ap.parse_args().quick else 60
    wall, cpu = engine_steps(n * 3)
    print(f"engine steps/s (random legal play, {n * 3} games): {wall:,.0f} wall clock, "
          f"{cpu:,.0f} CPU time (target {ENGINE_TARGET:,}: "
          f"{'met' if cpu >= ENGINE_TARGET else 'NOT met'} by CPU time; before: {ENGINE_BEFORE:,})")
    rate, lat = autoplay(n)
    print(f"offline autoplay games/s ({n} games, narration included): {rate:.1f}")
    print(f"AI decision latency (offline): p50 {pct(lat, .5) * 1e3:.2f} ms, "
          f"p99 {pct(lat, .99) * 1e3:.2f} ms ({len(lat)} decisions)")
    rl = repl_latency(max(3, n // 10))
    print(f"REPL command latency (script path): p50 {pct(rl, .5) * 1e3:.2f} ms, "
          f"p99 {pct(rl, .99) * 1e3:.2f} ms ({len(rl)} commands)")
    rows, actions, secs = resume_time()
    print(f"resume of a {rows}-row journal ({actions} actions replayed): {secs * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
