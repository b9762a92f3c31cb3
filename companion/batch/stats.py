"""What an arena side's journals say about the contender in its seat: the game's measure, and how
the moves were made (model or fallback, first-try validity, misses by kind, tokens, latency), read
from the journals' action and llm rows, so a corpus can be scored again at any time."""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from companion.journal.store import read, timeline

# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    if df <= 0:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    return 2.000 if df <= 60 else 1.980 if df <= 120 else 1.960


def mean_ci(values: list[float], rate: bool = False) -> tuple[float, float, float]:
    """Mean and its 95% interval: Student's t, or Wilson's score interval for a ``rate`` (values
    0 and 1), which stays within [0, 1] and is not empty when every game went the same way."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if rate:
        return (mean, *wilson(sum(values), n))
    if n == 1:
        return mean, -math.inf, math.inf
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def measure_of(seat: str, seats: tuple[str, ...], scores: dict[str, float],
               chosen: str | None = None) -> str | None:
    """Which of the outcome's scores measures the seat: ``chosen``, else the seat's own score,
    else the game's one score that is no seat's (High Stakes' successes for the GM)."""
    if chosen:
        return chosen if chosen in scores else None
    if seat in scores:
        return seat
    other = [k for k in scores if k not in seats]
    return other[0] if other else None


@dataclass
class SideStats:
    label: str
    games: int = 0
    scores: dict[int, float] = field(default_factory=dict)  # seed -> the measure
    wins: dict[int, float] = field(default_factory=dict)  # seed -> 1 if the seat scored top
    decisions: int = 0  # the seat's AI moves
    by_source: Counter = field(default_factory=Counter)  # model, fallback, offline, random
    asked: int = 0  # decisions the model was asked about (forced moves are not)
    first_try: int = 0  # ... answered validly at the first attempt
    calls: int = 0
    illegal: int = 0  # proposals of an illegal move caught by the voice
    misses: Counter = field(default_factory=Counter)  # call outcomes other than ok, fallbacks
    tokens: int = 0
    latency_ms: int = 0

    def row(self) -> dict[str, Any]:
        mean, lo, hi = mean_ci(list(self.scores.values()))
        win, wlo, whi = mean_ci(list(self.wins.values()), rate=True) if self.wins else \
            (None, None, None)
        asked = max(1, self.asked)
        return {
            "contender": self.label, "games": self.games, "measure_mean": mean,
            "measure_ci_low": lo, "measure_ci_high": hi, "win_rate": win,
            "win_ci_low": wlo, "win_ci_high": whi, "moves": self.decisions,
            "moves_model": self.by_source["model"], "moves_fallback": self.by_source["fallback"],
            "moves_other": self.decisions - self.by_source["model"] - self.by_source["fallback"],
            "asked": self.asked, "first_try_valid": self.first_try / asked if self.asked else None,
            "illegal_caught": self.illegal, "calls": self.calls,
            "misses": dict(sorted(self.misses.items())),
            "tokens_per_move": self.tokens / asked if self.asked else None,
            "latency_ms_per_move": self.latency_ms / asked if self.asked else None,
        }

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["by_source"], out["misses"] = dict(self.by_source), dict(self.misses)
        return out


def read_side(label: str, folder: Path, done: dict[int, dict[str, Any]], seat: str,
              seats: tuple[str, ...], measure: str | None) -> tuple[SideStats, str | None]:
    """Score one side from its journals (``done``: the manifest's rows by seed)."""
    side = SideStats(label)
    for seed in sorted(done):
        row = done[seed]
        scores = row.get("scores") or {}
        measure = measure_of(seat, seats, scores, measure) or measure
        if measure in scores:
            side.scores[seed] = float(scores[measure])
        seated = {k: v for k, v in scores.items() if k in seats}
        if seat in seated and len(seated) > 1:
            side.wins[seed] = float(seated[seat] == max(seated.values()))
        side.games += 1
        header, rows, _, _ = read(folder / row["journal"])
        _count(side, timeline(header, rows).rows, seat)
    return side, measure


def _count(side: SideStats, rows: list[dict[str, Any]], seat: str) -> None:
    attempts: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r["type"] == "action" and r.get("by") == "ai" and r["action"]["seat"] == seat:
            side.decisions += 1
            side.by_source[r.get("source") or "offline"] += 1
        elif r["type"] == "llm" and r.get("seat") == seat:
            if r.get("event") == "call":
                side.calls += 1
                attempts[int(r.get("step", -1))].append(r)
                outcome = r.get("outcome", "ok")
                side.illegal += outcome == "illegal"
                if outcome != "ok":
                    side.misses[outcome] += 1
                side.tokens += int(r.get("tokens_in") or 0) + int(r.get("tokens_out") or 0)
                side.latency_ms += int(r.get("latency_ms") or 0)
            elif r.get("event") == "fallback":
                side.misses["fallback"] += 1
    side.asked += len(attempts)
    side.first_try += sum(any(c.get("attempt") == 1 and c.get("outcome", "ok") == "ok"
                              for c in calls) for calls in attempts.values())
