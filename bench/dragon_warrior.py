"""Benchmarks for Dragon & Warrior. Prints figures; asserts nothing.

    python bench/dragon_warrior.py            # all figures
    python bench/dragon_warrior.py --quick    # fewer games, for a smoke run

Figures: battle steps/s (the engine alone, every seat played by the offline policy, chance from
the seeded sampler, no session); the Warrior's win rate against Level 1 to 5 Conflicts built by
the offline Villain (the default build, Str 6 · Agi 3 · HP 20, holding the chests' Level 1 weapon
and a Level 1 healstuff, level 1, no Party Member); and offline autoplay of whole first sessions
through the Session (seconds per session, AI decision latency p50/p99, how the sessions ended);
and campaigns run --until dungeon, --until level 5 and --until level 8 over seeds 1-10 (how each
ended, battles, final Levels, dungeons cleared, towns reached by voyages, Quest items taken and
spent at Obstacles).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.game import CHANCE  # noqa: E402
from companion.core.rng import Sampler  # noqa: E402
from companion.core.rng import derived_rng  # noqa: E402
from companion.games.dragon_warrior import GAME, policy  # noqa: E402
from companion.games.dragon_warrior.arena import (  # noqa: E402
    default_warrior,
    explore_state,
    town_places,
)
from companion.games.dragon_warrior.model import Item, Phase  # noqa: E402

from bench.common import pct, timed_autoplay  # noqa: E402


def one_battle(level: int, seed: int) -> tuple[str, int]:
    """A Level ``level`` Conflict made by the offline Villain, fought to the end by the offline
    policies. Returns (victory | defeat | fled, steps)."""
    w = default_warrior(armor=None, pouch=(Item(id="h", kind="healstuff", level=1,
                                                 name="Mint Knot"),))
    s = explore_state(warrior=w, here="area-1", phase=Phase.BUILD,
                      places=town_places(area_levels=(level,)))
    sampler, chance_i, steps = Sampler(seed), 0, 0
    while s.phase in (Phase.BUILD, Phase.BATTLE):
        due = GAME.to_move(s)
        if due == [CHANCE]:
            action = sampler.sample(GAME.chance(s), chance_i)
            chance_i += 1
        else:
            seat = due[0]
            legal = GAME.legal_actions(s, seat)
            action = policy.choose(GAME.view(s, seat), seat, legal,
                                   derived_rng(seed, "policy", seat, steps))
            if action.ask is not None:
                action = action.with_text("a bog ghoul: it drips")
        s, _ = GAME.apply(s, action)
        steps += 1
    if s.ended == "defeat":
        return "defeat", steps
    return ("victory" if s.wins else "fled"), steps


def battles(games: int) -> None:
    total_steps, start, cpu = 0, time.perf_counter(), time.process_time()
    for level in (1, 2, 3, 4, 5):
        results = Counter()
        for seed in range(games):
            result, steps = one_battle(level, seed)
            results[result] += 1
            total_steps += steps
        print(f"  vs Level {level} Conflicts: won {results['victory']}/{games} "
              f"({100 * results['victory'] / games:.0f}%), lost {results['defeat']}, "
              f"fled {results['fled']}")
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"  battle steps/s: {total_steps / wall:,.0f} (wall) · {total_steps / cpu:,.0f} (CPU), "
          f"{total_steps} steps in {5 * games} battles")


def autoplay(games: int) -> None:
    start = time.perf_counter()
    _, latencies, sessions = timed_autoplay(GAME, games)
    wall = time.perf_counter() - start
    ends = Counter(s.state.ended for s in sessions)
    fights = [s.state.battles for s in sessions]
    print(f"  {wall / games:.2f} s per session ({games} sessions), AI decision p50 "
          f"{1000 * pct(latencies, 0.5):.1f} ms · p99 {1000 * pct(latencies, 0.99):.1f} ms")
    print(f"  endings: {dict(ends)} · battles per session: min {min(fights)}, "
          f"mean {sum(fights) / len(fights):.1f}, max {max(fights)}")


def campaign(until: str, seeds: int) -> None:
    """Autoplay past the first Quest (WarriorOptions.until) through the Session, one per seed."""
    from companion.games.dragon_warrior.model import SEATS, WarriorOptions
    from companion.session import AI, Session
    from companion.story.voice import OfflineVoice

    start = time.perf_counter()
    ends: Counter = Counter()
    fights, levels, dungeons, towns, taken, spent = [], [], 0, [], 0, 0
    for seed in range(1, seeds + 1):
        s = Session.start(GAME, seed, {x: AI for x in SEATS}, OfflineVoice(GAME, seed), None,
                          options=WarriorOptions(until=until))
        s.advance()
        ends[s.state.ended] += 1
        fights.append(s.state.battles)
        levels.append(s.state.warrior.level)
        dungeons += sum(1 for p in s.state.places if p.kind == "dungeon" and p.cleared)
        towns.append(sum(1 for p in s.state.places if p.kind == "street"))
        taken += sum(e.kind == "taken" and e.data["kind"] == "quest" for e in s.public_events)
        spent += sum(e.kind == "obstacle_passed" for e in s.public_events)
    wall = time.perf_counter() - start
    print(f"  --until {until}: {seeds} seeds, {wall / seeds:.2f} s per session; endings "
          f"{dict(ends)}; battles min {min(fights)}, mean {sum(fights) / seeds:.1f}, max "
          f"{max(fights)}; final Levels {dict(sorted(Counter(levels).items()))}; dungeons "
          f"cleared {dungeons}; towns per campaign {dict(sorted(Counter(towns).items()))}; "
          f"Quest items taken {taken}, spent at an Obstacle {spent}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n_battles, n_sessions = (30, 3) if args.quick else (200, 20)
    random.seed(0)
    print("Dragon & Warrior: battles (offline policy on every seat)")
    battles(n_battles)
    print("Dragon & Warrior: offline autoplay of the first session")
    start = time.perf_counter()
    autoplay(n_sessions)
    print(f"  (autoplay figures took {time.perf_counter() - start:.1f} s)")
    print("Dragon & Warrior: campaigns past the first Quest")
    campaign("dungeon", 3 if args.quick else 10)
    campaign("level 5", 3 if args.quick else 10)
    campaign("level 8", 3 if args.quick else 10)


if __name__ == "__main__":
    main()
