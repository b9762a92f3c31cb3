"""Batch autoplay throughput: journals per hour at J = 1, 2, 4, 8, 16 sessions at once.

Against the loopback batching stub (a separate process, so it does not share our interpreter:
every request waits ``--latency`` seconds, many at once, as vLLM or llama.cpp with parallel slots
answer) and, with ``--llama``, against the local llama-cpp-python server (SmolLM2-135M, one request
at a time: its default single slot). The figures go to ``bench/batch.json`` (one series per
server, merged with earlier runs) and the plot to ``bench/batch.svg``.

``--verify`` makes J = 1 single ``companion autoplay --seed`` runs, one after the other, and
checks that every other J wrote the very same journals (rows compared with the model calls'
wall-clock ``latency_ms`` removed: the one field two runs with the same replies do not share).

    .venv/bin/python bench/batch.py                     # stub, at-any-cost, 16 journals per J
    .venv/bin/python bench/batch.py --count 40 --jobs 1 8 --verify
    .venv/bin/python bench/batch.py --llama --count 4 --jobs 1 2 4
    .venv/bin/python bench/batch.py --base-url http://127.0.0.1:8811/v1 --model smollm2 \
        --label "llama-cpp-python, SmolLM2-135M, one slot" --count 2 --jobs 1 2
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "llm"))

from companion.batch.run import Batch  # noqa: E402
from companion.cli import main as companion  # noqa: E402
from companion.core.registry import get_game  # noqa: E402
from companion.llm.config import load_settings  # noqa: E402
from companion.llm.openai_voice import make_voice  # noqa: E402

RESULTS = ROOT / "bench" / "batch.json"
PLOT = ROOT / "bench" / "batch.svg"


def _rows(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    for row in rows:
        row.pop("latency_ms", None)
    return rows


class StubProcess:
    def __init__(self, latency: float, slots: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.batch.stub", "--latency", str(latency),
             "--slots", str(slots), "--idle", "300"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        self.base_url = self.proc.stdout.readline().strip()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def run(game_name: str, base_url: str, model: str, count: int, jobs: list[int], first: int,
        verify: bool, timeout: float) -> list[dict]:
    game = get_game(game_name)
    settings = load_settings(model=model, base_url=base_url, env={}, path=Path("/nonexistent"),
                             timeout=timeout)
    factory = lambda g, s: make_voice(g, s, settings)  # noqa: E731
    seeds = list(range(first, first + count))
    out: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        Batch(game, Path(tmp) / "warm", factory).run([first + count + 1])  # data loaded, SDK built
        for j in jobs:
            folder = Path(tmp) / f"j{j}"
            cpu, started = time.process_time(), time.perf_counter()
            if verify and j == 1:  # J = 1 is single `companion autoplay --seed` runs, one by one
                folder.mkdir()
                done = 0
                for seed in seeds:
                    with contextlib.redirect_stdout(io.StringIO()):
                        done += companion([
                            "autoplay", game.name, "--seed", str(seed), "--journal",
                            str(folder / f"{game.name}-{seed}.jsonl"), "--quiet", "--model",
                            model, "--base-url", base_url, "--timeout", str(timeout)]) == 0
                moves = tokens = fallbacks = failed = 0
                for path in folder.glob("*.jsonl"):
                    rows = _rows(path)
                    moves += sum(r["type"] == "action" and r["by"] == "ai" for r in rows)
                    tokens += sum(r.get("tokens_in", 0) + r.get("tokens_out", 0) for r in rows
                                  if r["type"] == "llm")
                    fallbacks += sum(r.get("source") == "fallback" for r in rows)
                failed = len(seeds) - done
            else:
                stats = Batch(game, folder, factory, jobs=j).run(seeds)
                done, moves, tokens = stats.done, stats.moves, stats.tokens
                fallbacks, failed = stats.fallbacks, stats.failed
            wall = time.perf_counter() - started
            row = {"jobs": j, "journals": done, "seconds": round(wall, 2),
                   "journals_per_hour": round(done / wall * 3600, 1),
                   "moves_per_second": round(moves / wall, 2),
                   "cpu_seconds": round(time.process_time() - cpu, 2), "tokens": tokens,
                   "fallbacks": fallbacks, "failed": failed}
            if verify and j != jobs[0]:
                ref = Path(tmp) / f"j{jobs[0]}"
                same = sum(_rows(folder / p.name) == _rows(p)
                           for p in ref.glob(f"{game.name}-*.jsonl"))
                row["identical_to_first"] = f"{same}/{len(seeds)}"
                print(f"J={j}: {same} of {len(seeds)} journals identical to J={jobs[0]}'s "
                      + ("(single autoplay runs) " if jobs[0] == 1 else "")
                      + "with latency_ms removed", flush=True)
            out.append(row)
            print(json.dumps(row), flush=True)
    return out


def plot(results: dict) -> str:
    """journals/hour against J (both on log scales), one line per series."""
    import math

    series = [(name, [(r["jobs"], r["journals_per_hour"]) for r in rows if r["journals"]])
              for name, rows in results.items()]
    points = [p for _, pts in series for p in pts]
    if not points:
        return ""
    w, h, left, right, top, bottom = 560, 340, 70, 190, 40, 290
    xs = [math.log2(j) for j, _ in points]
    ys = [math.log10(v) for _, v in points]
    x0, x1 = 0, max(4, max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    y1 = y1 if y1 > y0 else y0 + 1

    def X(j: float) -> float:
        return left + (math.log2(j) - x0) / (x1 - x0) * (w - left - right)

    def Y(v: float) -> float:
        return bottom - (math.log10(v) - y0) / (y1 - y0) * (bottom - top)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           'font-family="sans-serif" font-size="12">',
           f'<text x="{(w - right + left) / 2}" y="20" text-anchor="middle" font-size="14">'
           'Batch autoplay: journals per hour by sessions at once</text>',
           f'<line x1="{left}" y1="{bottom}" x2="{w - right}" y2="{bottom}" stroke="#444"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#444"/>',
           f'<text x="{(w - right + left) / 2}" y="{h - 10}" text-anchor="middle">'
           'J (--jobs)</text>',
           f'<text x="16" y="{(top + bottom) / 2}" transform="rotate(-90 16 {(top + bottom) / 2})"'
           ' text-anchor="middle">journals / hour</text>']
    for j in (1, 2, 4, 8, 16):
        out.append(f'<text x="{X(j)}" y="{bottom + 16}" text-anchor="middle">{j}</text>')
    for e in range(y0, y1 + 1):
        out.append(f'<text x="{left - 6}" y="{Y(10 ** e) + 4}" text-anchor="end">'
                   f'{10 ** e:,}</text>')
        out.append(f'<line x1="{left}" y1="{Y(10 ** e)}" x2="{w - right}" y2="{Y(10 ** e)}" '
                   'stroke="#ddd"/>')
    colours = ("#3b6ea8", "#c0504d", "#4f8a3c", "#8064a2")
    for k, (name, pts) in enumerate(series):
        colour = colours[k % len(colours)]
        pts = sorted(pts)
        path = " ".join(f"{X(j):.1f},{Y(v):.1f}" for j, v in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for j, v in pts:
            out.append(f'<circle cx="{X(j):.1f}" cy="{Y(v):.1f}" r="3" fill="{colour}"/>')
        out.append(f'<text x="{w - right + 10}" y="{top + 16 + 18 * k}" fill="{colour}">'
                   f'{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="at-any-cost")
    p.add_argument("--count", type=int, default=16, help="journals per J (default 16)")
    p.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--latency", type=float, default=0.1, help="the stub's seconds per request")
    p.add_argument("--llama", action="store_true", help="the local llama-cpp-python server")
    p.add_argument("--base-url", help="a server already running (vLLM, llama.cpp, ...) instead")
    p.add_argument("--model", help="with --base-url: the model it serves")
    p.add_argument("--label", help="with --base-url: the series' name in the plot")
    p.add_argument("--verify", action="store_true",
                   help="J = 1 as single autoplay runs; check every J wrote the same journals")
    p.add_argument("--no-save", action="store_true", help="do not update batch.json/batch.svg")
    args = p.parse_args()
    if args.base_url:
        if not args.model:
            p.error("--base-url needs --model")
        label = args.label or f"{args.model} at {args.base_url}"
        name = f"{label} ({args.game}, {args.count} each)"
        rows = run(args.game, args.base_url, args.model, args.count, args.jobs, args.seed,
                   args.verify, timeout=300)
    elif args.llama:
        from localserver import ALIAS, LocalServer

        python = os.environ.get("COMPANION_LLM_SERVER_PYTHON") or str(
            Path.home() / ".cache" / "companion-llm-server-venv" / "bin" / "python")
        with LocalServer(python) as server:
            name = f"llama-cpp-python, SmolLM2-135M ({args.game}, {args.count} each)"
            rows = run(args.game, server.base_url, ALIAS, args.count, args.jobs, args.seed,
                       args.verify, timeout=120)
    else:
        stub = StubProcess(args.latency, slots=64)
        try:
            name = f"batching stub, {args.latency:g} s/request ({args.game}, {args.count} each)"
            rows = run(args.game, stub.base_url, "stub-batch", args.count, args.jobs, args.seed,
                       args.verify, timeout=60)
        finally:
            stub.stop()
    base = rows[0]["journals_per_hour"] or 1
    print(f"\n{name}: {args.count} journals per J")
    print(f"{'J':>3} {'seconds':>8} {'journals/h':>11} {'moves/s':>8} {'speed-up':>9} "
          f"{'cpu s':>6}")
    for r in rows:
        print(f"{r['jobs']:>3} {r['seconds']:>8.1f} {r['journals_per_hour']:>11,.0f} "
              f"{r['moves_per_second']:>8.1f} {r['journals_per_hour'] / base:>8.1f}x "
              f"{r['cpu_seconds']:>6.1f}")
    if not args.no_save:
        results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
        results[name] = rows
        RESULTS.write_text(json.dumps(results, indent=1) + "\n")
        PLOT.write_text(plot(results))
        print(f"written: {RESULTS.relative_to(ROOT)}, {PLOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
