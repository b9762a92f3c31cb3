"""Benchmarks for Dragon & Warrior. Prints figures; asserts nothing.

    python bench/dragon_warrior.py            # all figures
    python bench/dragon_warrior.py --quick    # fewer games, for a smoke run
    python bench/dragon_warrior.py --director --games 200 --first-seed 400 --seeds 20
                                              # the director's figures only: 200 battles a
                                              # cell from seed 400, 20 campaigns --until dungeon

Figures: battle steps/s (the engine alone, every seat played by the offline policy, chance from
the seeded sampler, no session); the Warrior's win rate against Level 1 to 5 Conflicts built by
the offline Villain (the default build, Str 6 · Agi 3 · HP 20, holding the chests' Level 1 weapon
and a Level 1 healstuff, level 1, no Party Member); and offline autoplay of whole first sessions
through the Session (seconds per session, AI decision latency p50/p99, how the sessions ended);
and campaigns run --until dungeon, --until level 5 and --until level 8 over seeds 1-10 (how each
ended, battles, final Levels, dungeons cleared, towns reached by voyages, Quest items taken and
spent at Obstacles).

The director's figures (issue 25, STORY.md §5): a typical Warrior at Level L (the default build,
its level-up points spent as the offline Warrior spends them, a weapon and armor of Level L-1 and a
healstuff of Level L, no MP) against Conflicts of its own Level (target 70-85% won) and against a Boss of its
Level (40-65%), the Boss met in a one-room dungeon; for each, how often the director picked a
Level one higher than the space's and how those battles went; the share of Conflicts from Level 3 with MP or a spell (>= 20%); with a Party
Member beside the Warrior, the share of battles in which the Warrior fell below half HP where the
Party Member acted (>= 1 in 3); and in campaigns, optional battles the Villain started on
re-entering a cleared dungeon room (<= 1 in 3).
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


def typical_warrior(level: int, party: bool = False):
    """The default build at Level ``level``: 2 points a level as the offline Warrior spends them,
    a weapon and armor of the Level below (the chests' Level 1 weapon at Level 1), one
    healstuff of its Level."""
    w = default_warrior(armor=None, pouch=(Item(id="h", kind="healstuff", level=level,
                                                 name="Mint Knot"),))
    strength, agility, hp = w.strength, w.agility, w.max_hp
    for _ in range(level - 1):
        if agility >= 4:
            strength, hp = strength + 1, hp + 5
        else:
            agility, hp = agility + 1, hp + 5
    gear = level - 1  # the treasure of the battles that brought it here (the chests: Level 1)
    w = default_warrior(level=level, strength=strength, agility=agility, max_hp=hp, hp=hp,
                        weapon=Item(id="item-w", kind="weapon", level=max(1, gear),
                                    name="Sword"),
                        armor=Item(id="item-a", kind="armor", level=gear, name="Mail")
                        if gear else None, pouch=w.pouch)
    return w


def _pm(level: int):
    from companion.games.dragon_warrior.model import Foe

    return Foe(id="pm-1", name="Bram the miller", level=level, party=True,
               atk=1 + (level + 1) // 2, max_def=1, max_hp=5 + 5 * (level // 2))


def director_battle(level: int, seed: int, boss: bool = False, party: bool = False) -> dict:
    """One battle of a typical Warrior against a Conflict (or Boss) of its Level, every seat
    played by the offline policy (with ``party``, a Party Member of the Warrior's Level beside
    it, as in play). Returns what happened: the result, the card, HP lost, the blows struck
    (each attack settled, either side) and how many of them the Party Member's flip decided
    (its card added its Attack to the Warrior's blow, or stopped the Villain's)."""
    w = typical_warrior(level)
    s = explore_state(warrior=w, here="area-1", phase=Phase.BUILD,
                      places=town_places(area_levels=(level,)), next_id=100 + seed)
    if party:
        pm = _pm(level)
        s = s.model_copy(update={"party": pm, "party_hp": pm.max_hp})
    if boss:  # a one-room dungeon: its only room holds the Boss, at a Level the Villain picks
        from companion.games.dragon_warrior.arena import dungeon_state

        s = dungeon_state(floors=1, rooms=1, warrior=w, next_id=100 + seed,
                          places=town_places(area_levels=(level,)))
        room = next(p for p in s.places if p.kind == "room")
        s, _ = GAME.apply(s, next(a for a in GAME.legal_actions(s, "warrior")
                                  if a.kind == "go" and a.args["to"] == room.id))
    sampler, chance_i, steps = Sampler(seed), 0, 0
    low, flips, flips_low, card = False, 0, 0, None
    blows = decided = maneuvers = idle = 0
    start_hp, last_hp = s.warrior.hp, s.warrior.hp
    while s.phase in (Phase.ROOM, Phase.AMBUSH, Phase.BUILD, Phase.BATTLE):
        due = GAME.to_move(s)
        if due == [CHANCE]:
            action = sampler.sample(GAME.chance(s), chance_i)
            chance_i += 1
        else:
            seat = due[0]
            legal = [a for a in GAME.legal_actions(s, seat) if a.kind != "swap"]
            action = policy.choose(GAME.view(s, seat), seat, legal,
                                   derived_rng(seed, "policy", seat, steps))
            if action.ask is not None:
                action = action.with_text("a bog ghoul: it drips")
        s, events = GAME.apply(s, action)
        for e in events:
            if e.kind == "card_made" and not e.data.get("minion_of") and card is None:
                card = e.data
            if e.kind == "pm_flipped":
                flips += 1
                flips_low += low
            if e.kind in ("hit", "missed"):
                blows += 1
                decided += bool(e.data.get("party"))
            if e.kind == "maneuvered" and e.data.get("who") != "warrior":
                maneuvers += 1
                idle += e.data.get("gain", 0) == 0
        if s.phase == Phase.BATTLE:
            last_hp = s.warrior.hp
        if s.warrior.hp * 2 < s.warrior.max_hp:
            low = True
        steps += 1
    lost = getattr(s, "defeats", 0) > 0 or s.ended == "defeat"
    result = "defeat" if lost else ("victory" if s.wins else "fled")
    hp_lost = start_hp if lost else max(0, start_hp - last_hp)
    return {"result": result, "card": card or {}, "low": low, "flips": flips,
            "flips_low": flips_low, "hp_lost": hp_lost, "max_hp": start_hp, "blows": blows,
            "decided": decided, "maneuvers": maneuvers, "idle": idle}


def felt(games: int, first: int = 0) -> None:
    """Battles as a player feels them: a typical Warrior at Level 1-6 against a Conflict of its
    Level with a Party Member of its Level beside it (as in play). Bands (issue 40): won 70-85%,
    median HP lost >= a quarter of max HP, the Party Member deciding at most a third of blows;
    the Villain's maneuvers that gained no Defense (0 when another move exists)."""
    rows, lost_q, clean, decided, blows, idle, mans = [], [], 0, 0, 0, 0, 0
    total_won = 0
    for level in (1, 2, 3, 4, 5, 6):
        won, losses, d, b = 0, [], 0, 0
        for seed in range(first, first + games):
            r = director_battle(level, seed, party=True)
            won += r["result"] == "victory"
            clean += r["result"] == "victory" and r["hp_lost"] == 0
            losses.append(r["hp_lost"] / r["max_hp"])
            d, b = d + r["decided"], b + r["blows"]
            idle, mans = idle + r["idle"], mans + r["maneuvers"]
        total_won += won
        decided, blows = decided + d, blows + b
        losses.sort()
        lost_q.extend(losses)
        rows.append(f"L{level} won {100 * won / games:.0f}%, HP lost median "
                    f"{100 * losses[len(losses) // 2]:.0f}% of max, Party Member decided "
                    f"{_share(d, b)} of blows")
    lost_q.sort()
    print("  with a Party Member (as in play), typical Warrior vs a Conflict of its Level:")
    for row in rows:
        print("    " + row)
    print(f"    all: won {_share(total_won, 6 * games)}, median HP lost "
          f"{100 * lost_q[len(lost_q) // 2]:.0f}% of max, battles won without damage "
          f"{clean}/{total_won} ({_share(clean, total_won)}), Party Member decided {decided}/"
          f"{blows} blows ({_share(decided, blows)}); the Villain's maneuvers that gained "
          f"nothing {idle}/{mans}")


def director(games: int, first: int = 0) -> None:
    magic = total = 0
    for label, boss in (("Conflicts", False), ("a Boss", True)):
        row, split = [], []
        for level in (1, 2, 3, 4, 5, 6):
            won, raised, won_raised = 0, 0, 0
            for seed in range(first, first + games):
                r = director_battle(level, seed, boss=boss)
                won += r["result"] == "victory"
                up = r["card"].get("level", level) > level
                raised += up
                won_raised += up and r["result"] == "victory"
                if not boss and level >= 3:
                    total += 1
                    magic += bool(r["card"].get("mp") or r["card"].get("spells"))
            row.append(f"L{level} {100 * won / games:.0f}%")
            same = games - raised
            split.append(f"L{level} {100 * raised / games:.0f}% raised "
                         f"(won {_share(won_raised, raised)} of those, "
                         f"{_share(won - won_raised, same)} at the space's Level)")
        print(f"  typical Warrior vs {label} in a space of its Level: won " + " · ".join(row))
        print("    the director picked one Level higher: " + " · ".join(split))
    print(f"  Conflicts from Level 3 with MP or a spell: {magic}/{total} "
          f"({100 * magic / max(1, total):.0f}%)")
    low = acted = 0
    for level in (1, 2, 3, 4):
        for seed in range(first, first + games):
            r = director_battle(level, seed, party=True)
            if r["low"]:
                low += 1
                acted += r["flips"] > 0
    print(f"  with a Party Member: battles where the Warrior fell below half HP {low}, the Party "
          f"Member acted in {acted} ({100 * acted / max(1, low):.0f}%)")


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def reentry(games: int) -> None:
    """A cleared room of a dungeon walked back into (hale, and hurt): how often the Villain
    starts an optional battle there."""
    from companion.games.dragon_warrior.arena import dungeon_state

    for label, hp in (("hale", 20), ("hurt", 8)):
        fought = 0
        for seed in range(games):
            s = dungeon_state(warrior=default_warrior(hp=hp))
            room = next(p for p in s.places if p.kind == "room")
            s = s.model_copy(update={"places": tuple(
                p.model_copy(update={"cleared": True, "named": True, "seen": True})
                if p.id == room.id else p for p in s.places)})
            s, _ = GAME.apply(s, next(a for a in GAME.legal_actions(s, "warrior")
                                      if a.kind == "go" and a.args["to"] == room.id))
            legal = GAME.legal_actions(s, "villain")
            a = policy.choose(GAME.view(s, "villain"), "villain", legal,
                              derived_rng(seed, "reentry"))
            fought += a.kind == "ambush"
        print(f"  a cleared room re-entered ({label}): the Villain started a battle "
              f"{fought}/{games} ({100 * fought / games:.0f}%)")


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
    again = again_fought = lost = won = above = above_won = 0
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
        back, wl = False, 1  # re-entering a cleared room: did the Villain start a battle there?
        for e in s.public_events:
            if e.kind == "entered":
                back = bool(e.data.get("again"))
                again += back
            elif e.kind == "battle_called" and back and e.data.get("by") == "villain":
                again_fought += 1
                back = False
            elif e.kind == "battle_over":
                lost += e.data["result"] == "defeat"
                won += e.data["result"] == "victory"
                above_won += bool(e.data.get("above"))
                wl = e.data.get("level", wl)
            elif e.kind == "card_made" and not e.data.get("minion_of") \
                    and not e.data.get("party"):
                above += e.data["level"] > wl
    wall = time.perf_counter() - start
    print(f"  --until {until}: {seeds} seeds, {wall / seeds:.2f} s per session; endings "
          f"{dict(ends)}; battles min {min(fights)}, mean {sum(fights) / seeds:.1f}, max "
          f"{max(fights)}; final Levels {dict(sorted(Counter(levels).items()))}; dungeons "
          f"cleared {dungeons}; towns per campaign {dict(sorted(Counter(towns).items()))}; "
          f"Quest items taken {taken}, spent at an Obstacle {spent}")
    print(f"    cards made above the Warrior's Level {above}, won by the Warrior {above_won}")
    print(f"    battles won {won}, lost {lost} (the Villain won {100 * lost / max(1, won + lost):.0f}%); "
          f"cleared rooms re-entered {again}, the Villain started a battle on {again_fought} "
          f"({100 * again_fought / max(1, again):.0f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--director", action="store_true", help="only the director's figures")
    parser.add_argument("--felt", action="store_true",
                        help="only the battles with a Party Member (as a player feels them)")
    parser.add_argument("--games", type=int, default=0,
                        help="battles per cell of the director's figures (default 100, 30 --quick)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the director's battles use seeds from this one (a held-out set)")
    parser.add_argument("--seeds", type=int, default=0,
                        help="campaigns --until dungeon with --director (default 10, 3 --quick)")
    args = parser.parse_args()
    n_battles, n_sessions = (30, 3) if args.quick else (200, 20)
    random.seed(0)
    if args.felt:
        felt(args.games or 30, args.first_seed)
        return
    print("Dragon & Warrior: the director (a fight aimed at tension)")
    director(args.games or (30 if args.quick else 100), args.first_seed)
    felt(args.games or (30 if args.quick else 100), args.first_seed)
    reentry(30 if args.quick else 300)
    if args.director:
        campaign("dungeon", args.seeds or (3 if args.quick else 10))
        return
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
