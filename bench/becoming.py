"""Balance and speed of Becoming. Prints figures; asserts nothing.

    python bench/becoming.py             # 500 games of the offline Fates against the scripted Hero
    python bench/becoming.py --games 100 # fewer

The balance table: how often the Hero wins (alone or tied), the spread of final scores for each
seat, how many Assets the Hero keeps, how often games end early, bargains offered and accepted per
scene, how often Tempters back the Agent, and moon shots. A Hero who wins always or never is a
design failure. Then engine speed: random legal play, steps per second.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.game import Action  # noqa: E402
from companion.core.playout import random_playout  # noqa: E402
from companion.games.becoming import GAME  # noqa: E402
from companion.games.becoming import policy  # noqa: E402
from companion.games.becoming.model import FATES, HERO, SEATS  # noqa: E402


def policy_choice(game, state, due, rng) -> Action:
    seat = due[0]
    action = policy.choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng)
    return action.with_text("") if action.ask else action


def play(seed: int):
    steps = list(random_playout(GAME, seed, choose=policy_choice, max_steps=20_000))
    return steps[-1][2], [a for _, a, _, _ in steps]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def balance(games: int) -> None:
    start = time.perf_counter()
    wins, solo, early, kept = 0, 0, 0, []
    scores = {seat: [] for seat in SEATS}
    per_scene = Counter()
    moons = Counter()
    winners = Counter()
    for seed in range(games):
        final, actions = play(seed)
        tot = GAME.outcome(final).scores
        for seat in SEATS:
            scores[seat].append(tot[seat])
        if HERO in final.closers:
            wins += 1
            solo += final.closers == (HERO,)
        for w in final.closers:
            winners[w] += 1
        early += final.ended_early
        kept.append(sum(1 for a in final.assets if not a.subverted))
        for entry in final.log:
            per_scene["scenes"] += 1
            per_scene["offered"] += entry.offers
            per_scene["accepted"] += entry.accepted
            per_scene["backed"] += entry.backed
            per_scene["hero_won"] += entry.winner == HERO
        for a in actions:
            if a.kind == "moon":
                moons["hero" if a.seat == HERO else "agent"] += 1
        moons["hero_won"] += sum(1 for x in final.scores if x.why == "moon")
    took = time.perf_counter() - start
    print(f"Becoming balance: {games} games, offline Fates vs the scripted Hero "
          f"({games / took:.1f} games/s)")
    print(f"  Hero wins the game     {wins / games:6.1%}  (alone {solo / games:.1%}, "
          f"tied {(wins - solo) / games:.1%})")
    print("  game winners           " + ", ".join(f"{w} {n / games:.1%}"
                                                  for w, n in winners.most_common()))
    print(f"  ends early (all lost)  {early / games:6.1%}")
    print(f"  Assets kept            mean {statistics.mean(kept):.2f}, "
          f"p10 {pct(kept, .1)}, p50 {pct(kept, .5)}, p90 {pct(kept, .9)}")
    print("  final scores           seat      mean   sd    p10  p50  p90")
    for seat in (HERO, *FATES):
        xs = scores[seat]
        print(f"                         {seat:<9}{statistics.mean(xs):5.1f} "
              f"{statistics.pstdev(xs):5.1f} {pct(xs, .1):5.0f}{pct(xs, .5):5.0f}"
              f"{pct(xs, .9):5.0f}")
    n = per_scene["scenes"]
    print(f"  per scene ({n} scenes)  bargains offered {per_scene['offered'] / n:.2f}, "
          f"accepted {per_scene['accepted'] / n:.2f} "
          f"({per_scene['accepted'] / max(1, per_scene['offered']):.0%}), "
          f"Tempters backing {per_scene['backed'] / n:.2f}")
    print(f"  Hero wins a Threat     {per_scene['hero_won'] / n:6.1%} of scenes")
    print(f"  moon shots             Hero {moons['hero']} (won {moons['hero_won']}), "
          f"Agent {moons['agent']}")


def engine_speed(games: int) -> None:
    start = time.perf_counter()
    steps = sum(1 for seed in range(games) for _ in random_playout(GAME, seed))
    took = time.perf_counter() - start
    print(f"Engine: {steps / took:,.0f} random legal steps/s ({games} games, {steps} steps)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    args = ap.parse_args()
    random.seed(0)
    balance(args.games)
    engine_speed(max(10, args.games // 10))


if __name__ == "__main__":
    main()
