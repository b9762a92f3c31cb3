"""The Hero's Journey: how well the rival AI plays. Win rate and mean score of each level against
random play and against each other, 2 and 4 Heroes, plus engine speed.

    python bench/heros_journey.py [--games N]   (N games per match-up, default 100)

Seats rotate with the seed so no level keeps the first move; a shared win (equal top scores)
counts for every winner. "random" picks uniformly among the legal moves.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.game import CHANCE  # noqa: E402
from companion.core.playout import random_playout  # noqa: E402
from companion.core.rng import Sampler  # noqa: E402
from companion.games.heros_journey import GAME, HjOptions, policy  # noqa: E402

MATCHUPS = [
    ("normal", "random"), ("easy", "random"), ("hard", "random"), ("normal", "easy"),
    ("hard", "normal"), ("normal", "random", "random", "random"),
    ("hard", "normal", "easy", "random"),
]


def play(seed: int, levels: list[str]):
    """One game; ``levels[i]`` plays seat i. Returns the final state."""
    st = GAME.setup(HjOptions(players=len(levels)))
    sampler, rng, ci = Sampler(seed), random.Random(seed), 0
    while not GAME.is_over(st):
        due = GAME.to_move(st)
        if due == [CHANCE]:
            a = sampler.sample(GAME.chance(st), ci)
            ci += 1
        else:
            seat = due[0]
            legal = GAME.legal_actions(st, seat)
            lvl = levels[st.seats.index(seat)]
            a = rng.choice(legal) if lvl == "random" else policy.choose(
                GAME.view(st, seat), seat, legal, rng, lvl)
        st, _ = GAME.apply(st, a)
    return st


def matchup(levels: tuple[str, ...], games: int) -> dict:
    n = len(levels)
    wins = {lvl: 0.0 for lvl in set(levels)}
    count = {lvl: 0 for lvl in set(levels)}
    score = {lvl: 0.0 for lvl in set(levels)}
    rounds, endings = 0, 0
    for seed in range(games):
        k = seed % n
        seating = list(levels[k:] + levels[:k])
        st = play(seed, seating)
        best = max(st.scores.values())
        for i, seat in enumerate(st.seats):
            lvl = seating[i]
            count[lvl] += 1
            score[lvl] += st.scores[seat]
            if st.scores[seat] == best:
                wins[lvl] += 1
        rounds += st.round
        endings += st.ending_first is not None
    first = levels[0]
    return {"levels": levels, "win": wins[first] / games * (1 if levels.count(first) == 1
                                                              else 1 / levels.count(first)),
            "mean": {lvl: score[lvl] / count[lvl] for lvl in score},
            "rounds": rounds / games, "endings": endings / games}


def engine_speed(games: int = 10) -> float:
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        steps += sum(1 for _ in random_playout(GAME, seed, HjOptions(players=3)))
    return steps / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=100, help="games per match-up")
    args = p.parse_args()
    print(f"The Hero's Journey rivals: {args.games} games per match-up "
          f"({args.games * len(MATCHUPS)} in all)")
    print(f"{'match-up (first level vs the rest)':<38} {'win%':>5} {'rounds':>6} {'ending%':>7}"
          "  mean score by level")
    total = time.perf_counter()
    for levels in MATCHUPS:
        t = time.perf_counter()
        r = matchup(levels, args.games)
        means = " ".join(f"{lvl} {v:.0f}" for lvl, v in sorted(r["mean"].items()))
        name = f"{len(levels)}p " + " vs ".join(levels)
        print(f"{name:<38} {100 * r['win']:>5.1f} {r['rounds']:>6.1f} {100 * r['endings']:>7.0f}"
              f"  {means}  ({time.perf_counter() - t:.0f}s)")
    print(f"total {time.perf_counter() - total:.0f}s; engine, random play: "
          f"{engine_speed():.0f} steps/s")


if __name__ == "__main__":
    main()
