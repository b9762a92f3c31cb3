"""The arena's report as text: a Markdown table, CSV rows, and an SVG chart of the measure with
its 95% intervals (hand-written SVG: two bars and their whiskers need no plotting library)."""
from __future__ import annotations

import csv
import io
import math
from typing import Any
from xml.sax.saxutils import escape

COLUMNS = ("contender", "games", "measure_mean", "measure_ci_low", "measure_ci_high", "win_rate",
           "win_ci_low", "win_ci_high", "moves", "moves_model", "moves_fallback", "moves_other",
           "asked", "first_try_valid", "illegal_caught", "calls", "misses", "tokens_per_move",
           "latency_ms_per_move")


def clean(value: Any) -> Any:
    """JSON-safe: NaN and infinities become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


def _f(value: Any, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _ci(mean: Any, lo: Any, hi: Any) -> str:
    if mean is None:
        return "–"
    if lo is None or (isinstance(lo, float) and not math.isfinite(lo)):
        return _f(mean)
    return f"{_f(mean)} [{_f(lo)}, {_f(hi)}]"


def _misses(misses: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in misses.items()) or "none"


def markdown(result: dict[str, Any]) -> str:
    seat, measure = result["seat"], result["measure"] or "?"
    lines = [f"# Arena: {result['title']}, the {seat} seat", "",
             f"{len(result['seeds'])} paired game(s) (seeds {result['seeds'][0]}-"
             f"{result['seeds'][-1]}); every other seat is the offline voice. Measure: "
             f"`{measure}` (mean, 95% interval).", "",
             "| contender | games | measure | wins | moves: model / fallback / other | "
             "first-try valid | illegal caught | misses by kind | tokens/move | latency/move |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for role, row in zip(("contender", "baseline"), result["sides"]):
        first = row["first_try_valid"]
        latency = row["latency_ms_per_move"]
        lines.append(
            f"| {row['contender']} ({role}) | {row['games']} | "
            f"{_ci(row['measure_mean'], row['measure_ci_low'], row['measure_ci_high'])} | "
            f"{_ci(row['win_rate'], row['win_ci_low'], row['win_ci_high'])} | "
            f"{row['moves_model']} / {row['moves_fallback']} / {row['moves_other']} | "
            f"{'–' if first is None else f'{first:.0%}'} | {row['illegal_caught']} | "
            f"{_misses(row['misses'])} | {_f(row['tokens_per_move'], 0)} | "
            f"{'–' if latency is None else f'{latency / 1000:.2f} s'} |")
    p = result["paired"]
    lines += ["", f"Paired difference (contender − baseline) in `{measure}` over {p['pairs']} "
                  f"seed(s): {_ci(p['mean_difference'], p['ci_low'], p['ci_high'])}."]
    lines += ["", "Journals (the corpus): " + ", ".join(f"`{c}`" for c in result["corpus"])]
    if result.get("errors"):
        lines += ["", "Seeds that failed (played again on the next run):"]
        lines += [f"- {e}" for e in result["errors"]]
    return "\n".join(lines) + "\n"


def csv_text(result: dict[str, Any]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(("game", "seat", "measure", "role", *COLUMNS))
    for role, row in zip(("contender", "baseline"), result["sides"]):
        values = [_misses(row[c]) if c == "misses" else clean(row[c]) for c in COLUMNS]
        writer.writerow((result["game"], result["seat"], result["measure"], role,
                         *("" if v is None else v for v in values)))
    return buf.getvalue()


def chart(result: dict[str, Any]) -> str:
    """Two bars (contender, baseline): the measure's mean, whiskers at its 95% interval."""
    rows = result["sides"]
    values = [v for r in rows for v in (r["measure_mean"], r["measure_ci_low"], r["measure_ci_high"])
              if isinstance(v, (int, float)) and math.isfinite(v)]
    top = max(values + [1.0])
    bottom = min(values + [0.0])
    w, h, left, base, plot = 420, 300, 60, 250, 200

    def y(v: float) -> float:
        return base - (v - bottom) / (top - bottom or 1) * plot

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'font-family="sans-serif" font-size="12">',
             f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">'
             f'{escape(result["title"])}, {escape(result["seat"])}: '
             f'{escape(str(result["measure"]))}</text>',
             f'<line x1="{left}" y1="{y(bottom)}" x2="{w - 20}" y2="{y(bottom)}" stroke="#444"/>',
             f'<line x1="{left}" y1="{base - plot}" x2="{left}" y2="{y(bottom)}" stroke="#444"/>']
    for tick in (bottom, (bottom + top) / 2, top):
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4}" text-anchor="end">'
                     f'{tick:.3g}</text>')
    for i, (row, colour) in enumerate(zip(rows, ("#3b6ea8", "#a0a0a0"))):
        x = left + 40 + i * 150
        mean = row["measure_mean"]
        if isinstance(mean, (int, float)) and math.isfinite(mean):
            parts.append(f'<rect x="{x}" y="{min(y(mean), y(bottom))}" width="80" '
                         f'height="{abs(y(bottom) - y(mean))}" fill="{colour}"/>')
            lo, hi = row["measure_ci_low"], row["measure_ci_high"]
            if all(isinstance(v, (int, float)) and math.isfinite(v) for v in (lo, hi)):
                cx = x + 40
                parts.append(f'<line x1="{cx}" y1="{y(lo)}" x2="{cx}" y2="{y(hi)}" '
                             f'stroke="#000"/>')
                for v in (lo, hi):
                    parts.append(f'<line x1="{cx - 8}" y1="{y(v)}" x2="{cx + 8}" y2="{y(v)}" '
                                 f'stroke="#000"/>')
            parts.append(f'<text x="{x + 40}" y="{min(y(mean), y(bottom)) - 6}" '
                         f'text-anchor="middle">{mean:.2f}</text>')
        parts.append(f'<text x="{x + 40}" y="{y(bottom) + 18}" text-anchor="middle">'
                     f'{escape(row["contender"])}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
