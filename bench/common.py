"""What the benchmark scripts share: percentiles, and an offline autoplay that times each AI
decision."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import AI, Session  # noqa: E402
from companion.story.voice import OfflineVoice  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed_autoplay(game, games: int) -> tuple[float, list[float], list[Session]]:
    """Offline autoplay of ``games`` seeds (no journal): games/s, per-decision latencies, and the
    finished sessions."""
    latencies: list[float] = []
    sessions: list[Session] = []
    start = time.perf_counter()
    for seed in range(games):
        s = Session.start(game, seed, {seat: AI for seat in game.seats},
                          OfflineVoice(game, seed), None)
        original = s._ai_move

        def timed(seat, _orig=original):
            t = time.perf_counter()
            _orig(seat)
            latencies.append(time.perf_counter() - t)

        s._ai_move = timed
        s.advance()
        sessions.append(s)
    return games / (time.perf_counter() - start), latencies, sessions
