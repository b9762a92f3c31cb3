"""The arena: a model rated as an opponent. The contender (a model, or an offline baseline) plays
one seat of N seeded games; the baseline plays the same seat of the same N seeds (paired: the same
deals and rolls wherever the play allows), and every other seat is the offline voice on both sides.
Each side is a batch folder (journals + manifest: the corpus, resumable); the report is read from
the journals and written as Markdown, CSV, JSON and an SVG chart.

Contenders: ``offline`` (the game's heuristic policy; a game's "hard" level is its ``--level``),
``random`` (any legal move), or a model name on an OpenAI-compatible server.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.batch.manifest import BatchError
from companion.batch.report import chart, clean, csv_text, markdown
from companion.batch.run import Batch, Stats
from companion.batch.stats import SideStats, mean_ci, read_side
from companion.batch.voices import RandomVoice, SeatVoice
from companion.core.game import Game
from companion.story.voice import OfflineVoice, Voice

BASELINES = ("offline", "random")


@dataclass
class Contender:
    label: str
    make: Callable[[Game, int], Voice]
    model: str | None = None
    server: str | None = None


def contender(spec: str, base_url: str | None = None, api_key: str | None = None,
              timeout: float | None = None, budget: int | None = None) -> Contender:
    """``offline``, ``random`` or a model name (asked at ``base_url``)."""
    if spec == "offline":
        return Contender("offline", OfflineVoice)
    if spec == "random":
        return Contender("random", RandomVoice)
    from companion.llm.config import load_settings
    from companion.llm.openai_voice import make_voice

    settings = load_settings(model=spec, base_url=base_url, api_key=api_key, voice="openai",
                             timeout=timeout, budget_tokens=budget)
    return Contender(spec, lambda game, seed: make_voice(game, seed, settings),
                     model=settings.model_name, server=settings.server)


def _folder(role: str, label: str) -> str:
    return f"{role}-" + re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("_")


@dataclass
class Arena:
    game: Game
    seat: str
    contender: Contender
    baseline: Contender
    out: Path
    options: Any = None
    jobs: int = 1
    measure: str | None = None

    def __post_init__(self) -> None:
        if self.seat not in self.game.seats:
            raise BatchError(f"{self.game.title} has no seat {self.seat!r}; choose one of: "
                             f"{', '.join(self.game.seats)}")
        if self.options is None:
            self.options = self.game.options_model()
        self.out = Path(self.out)

    def _batch(self, role: str, who: Contender) -> Batch:
        def make(game: Game, seed: int) -> Voice:
            return SeatVoice(game, seed, self.seat, who.make(game, seed), who.label)

        return Batch(self.game, self.out / _folder(role, who.label), make, options=self.options,
                     jobs=self.jobs, header={"seat": self.seat, "contender": who.label,
                                             "model": who.model, "server": who.server})

    def run(self, seeds: list[int], progress: Callable[[str], Any] | None = None
            ) -> dict[str, Any]:
        """Play both sides (``progress(title)`` gives each side's progress callback), then write
        and return the report."""
        sides = []
        for role, who in (("contender", self.contender), ("baseline", self.baseline)):
            batch = self._batch(role, who)
            title = (f"{self.game.title}, {self.seat}: {who.label} ({role}), {len(seeds)} "
                     f"game(s), {self.jobs} at a time")
            if progress is not None:
                with progress(title) as show:
                    batch.run(seeds, progress=show)
            else:
                batch.run(seeds)
            sides.append((batch, batch.stats))
        return self.report(seeds, sides)

    def report(self, seeds: list[int], sides: list[tuple[Batch, Stats]]) -> dict[str, Any]:
        measure = self.measure
        scored: list[SideStats] = []
        for batch, _ in sides:
            done = {s: batch.manifest.done[s] for s in seeds if s in batch.manifest.done}
            label = batch.manifest.header["contender"]
            side, measure = read_side(label, batch.out, done, self.seat, self.game.seats,
                                      measure)
            scored.append(side)
        a, b = scored
        paired = [a.scores[s] - b.scores[s] for s in seeds if s in a.scores and s in b.scores]
        diff, lo, hi = mean_ci(paired)
        failed = [line for _, stats in sides for line in stats.errors]
        result = {
            "game": self.game.name, "title": self.game.title, "seat": self.seat,
            "measure": measure, "seeds": seeds,
            "options": self.options.model_dump(mode="json", exclude_defaults=True),
            "sides": [a.row(), b.row()],
            "paired": {"pairs": len(paired), "mean_difference": diff, "ci_low": lo,
                       "ci_high": hi},
            "per_seed": [{"seed": s, a.label + " (contender)": a.scores.get(s),
                          b.label + " (baseline)": b.scores.get(s)} for s in seeds],
            "corpus": [str(batch.out) for batch, _ in sides],
            "errors": failed,
        }
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "arena.json").write_text(json.dumps(clean(result), indent=2) + "\n",
                                             encoding="utf-8")
        (self.out / "arena.csv").write_text(csv_text(result), encoding="utf-8")
        (self.out / "arena.md").write_text(markdown(result), encoding="utf-8")
        (self.out / "arena.svg").write_text(chart(result), encoding="utf-8")
        return result

