"""Balance and speed of Becoming. Prints figures; asserts nothing.

    python bench/becoming.py             # 500 games of the offline Fates against each Hero
    python bench/becoming.py --games 100 # fewer
    python bench/becoming.py --hero sensible

Two Heroes face the offline Fates: the scripted Hero of autoplay (policy.py, which weighs every
move by the points) and a sensible player written here, who plays by plain rules of thumb a
person at the table might: invoke Assets when behind in dice (never one with two negative Traits),
take a bargain that turns no Asset when behind, shoot the moon when behind in points (her
Assets counted at 4) if her best pool falls short of the Agent's, and put her Traits where they stack.

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
from companion.games.becoming.odds import hero_wins  # noqa: E402


def _neg(a: dict) -> int:
    return sum(1 for t in a["traits"] if not t["positive"])


def _pos(a: dict) -> int:
    return sum(1 for t in a["traits"] if t["positive"])


def _agent_bonus(view: dict) -> int:
    """Dice the Agent can still claim from the Hero's negative Traits and turned Assets (written
    out here so this bench also runs on older trees, for a before-and-after table)."""
    if view.get("moon", {}).get("agent"):
        return 0
    taken = set(view["agent_invoked"]["traits"]) | set(view["agent_invoked"]["subverted"])
    return sum((a["id"] not in taken) if a["subverted"] else
               sum(1 for t in a["traits"] if not t["positive"] and t["id"] not in taken)
               for a in view["assets"])


def _turns(view: dict, costs) -> bool:
    assets = {a["id"]: a for a in view["assets"]}
    return any(k == "subvert" or (k == "add_negative" and _neg(assets[aid]) >= 2)
               for k, aid in costs)


def sensible_hero(view: dict, legal: list[Action]) -> Action:
    """Rules of thumb, no arithmetic of odds (see the module's docstring)."""
    kinds = {a.kind for a in legal}
    by = lambda k: [a for a in legal if a.kind == k]  # noqa: E731
    assets = {a["id"]: a for a in view["assets"]}
    if "pick" in kinds or "pronouns" in kinds or not view.get("scene"):
        return legal[0]
    pools = view.get("pools") or {}
    agent_likely = pools.get("agent", 0) + _agent_bonus(view) + 1
    if kinds & {"invoke", "gathered", "ready", "moon"}:
        free = sorted((assets[a.args["asset"]] for a in by("invoke")
                       if _neg(assets[a.args["asset"]]) < 2), key=lambda a: (-_pos(a), a["id"]))
        best = pools["hero"] + sum(1 + _pos(a) for a in free)
        tot = view["scores"]
        behind = tot[HERO] + 4 * sum(1 for a in assets.values() if not a["subverted"]) < max(
            tot[f] for f in FATES)
        if "moon" in kinds and behind and best < agent_likely:
            return by("moon")[0]
        if free and pools["hero"] < agent_likely:
            return next(a for a in by("invoke") if a.args["asset"] == free[0]["id"])
        return (by("gathered") or by("ready"))[0]
    if "accept" in kinds or "reject" in kinds:
        behind = pools["hero"] < pools["agent"] + _agent_bonus(view)
        good = [a for a in by("accept") if behind and not _turns(view, a.args["costs"])]
        if good:
            return max(good, key=lambda a: a.args["dice"])
        return (by("reject") or legal)[0]
    if "regain" in kinds:
        return by("regain")[0]
    if "claim" in kinds:
        return max(by("claim"), key=lambda a: (_pos(assets[a.args["asset"]]), a.args["asset"]))
    return (by("withdraw") or legal)[0]


def chooser(hero: str):
    def choice(game, state, due, rng) -> Action:
        seat = due[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        if seat == HERO and hero == "sensible":
            action = sensible_hero(view, legal)
        else:
            action = policy.choose(view, seat, legal, rng)
        return action.with_text("") if action.ask else action
    return choice


def play(seed: int, hero: str = "scripted"):
    steps = list(random_playout(GAME, seed, choose=chooser(hero), max_steps=20_000))
    return (steps[-1][2], [a for _, a, _, _ in steps], [e for *_, evs in steps for e in evs],
            steps)


def last_act(steps, safe: bool = True) -> dict[int, float]:
    """The Hero's chance of each Threat from scene 7 on, as it stands when the Tempters are about
    to bargain (after both sides gathered, before any offer): her best pool against the Agent's
    pool as he gathered it. Her best pool: the dice she has and every Asset she may still invoke
    without one more mark turning it (``safe``; with ``safe=False`` every Asset), or the moon's
    three dice when she shot it."""
    out: dict[int, float] = {}
    for state, *_ in steps:
        if state.phase.value != "offers" or state.scene < 7 or state.scene in out:
            continue
        view = GAME.view(state, HERO)
        best = view["pools"]["hero"]
        if not state.hero_moon:
            best += sum(1 + _pos(a) for a in view["assets"]
                        if not a["subverted"] and not a["invoked"] and (not safe or _neg(a) < 2))
        out[state.scene] = hero_wins(best, view["pools"]["agent"])
    return out


def at_roll(steps) -> dict[int, float]:
    """The Hero's chance of each Threat from scene 7 on with the dice as they were rolled."""
    out: dict[int, float] = {}
    for state, *_ in steps:
        if state.phase.value == "roll_hero" and state.scene >= 7 and state.scene not in out:
            view = GAME.view(state, HERO)
            out[state.scene] = hero_wins(view["pools"]["hero"], view["pools"]["agent"])
    return out


def identical_offers(events) -> tuple[int, int]:
    """(scenes where both Tempters bargained, of them those where they asked the same price)."""
    both = same = 0
    for e in events:
        if e.kind != "offers_revealed":
            continue
        prices = [tuple(sorted((c["kind"], c["asset"]) for c in o["costs"]))
                  for o in e.data["offers"] if not o["back"]]
        if len(prices) == 2:
            both += 1
            same += prices[0] == prices[1]
    return both, same


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def balance(games: int, hero: str = "scripted") -> None:
    start = time.perf_counter()
    wins, solo, early, kept = 0, 0, 0, []
    scores = {seat: [] for seat in SEATS}
    per_scene = Counter()
    moons = Counter()
    winners = Counter()
    late: dict[int, list[float]] = {7: [], 8: [], 9: []}
    late_won: Counter = Counter()
    rolled: dict[int, list[float]] = {7: [], 8: [], 9: []}
    any_asset: list[float] = []
    bargained = same_price = 0
    for seed in range(games):
        final, actions, events, steps = play(seed, hero)
        for n, p in last_act(steps).items():
            late[n].append(p)
        any_asset.extend(last_act(steps, safe=False).values())
        for n, p in at_roll(steps).items():
            rolled[n].append(p)
        for entry in final.log:
            if entry.scene >= 7 and entry.winner is not None:
                late_won[entry.scene] += entry.winner == HERO
        both, same = identical_offers(events)
        bargained += both
        same_price += same
        for a, (before, *_) in zip(actions, steps):
            if a.kind == "moon" and a.seat == HERO and before.scene >= 7:
                moons["late_hero"] += 1
        for e in events:
            if e.kind == "threat_resolved" and e.data["agent_moon"]:
                moons["agent_won"] += e.data["winner"] != HERO
        moons["counters"] += sum(1 for a in actions if a.kind == "propose")
        moons["taken"] += sum(1 for a in actions if a.kind == "take")
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
    print(f"Becoming balance: {games} games, offline Fates vs the {hero} Hero "
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
          f"Agent {moons['agent']} (won {moons['agent_won']})")
    print(f"  counters               {moons['counters']} proposed, {moons['taken']} taken")
    print(f"  identical offers       {same_price} of {bargained} scenes where both Tempters "
          "bargained")
    all_late = [p for n in late for p in late[n]]
    print("  last act (pre-choice)  " + ", ".join(
        f"scene {n}: chance {statistics.mean(late[n]):.0%}" for n in late if late[n]))
    print("  last act (at the roll)  " + ", ".join(
        f"scene {n}: chance {statistics.mean(rolled[n]):.0%}, won {late_won[n] / len(rolled[n]):.0%}"
        for n in rolled if rolled[n]))
    if all_late:
        low = sum(1 for p in all_late if p < 0.10)
        low_any = sum(1 for p in any_asset if p < 0.10)
        print(f"  decided before choice  {low / len(all_late):6.1%} of {len(all_late)} scenes 7-9 "
              f"(pre-choice chance < 10% with the Assets she can risk safely; "
              f"{low_any / len(any_asset):.1%} with every Asset)")
        print(f"  Hero moon shots 7-9    {moons['late_hero'] / len(all_late):6.1%} of scenes 7-9")


def engine_speed(games: int) -> None:
    start = time.perf_counter()
    steps = sum(1 for seed in range(games) for _ in random_playout(GAME, seed))
    took = time.perf_counter() - start
    print(f"Engine: {steps / took:,.0f} random legal steps/s ({games} games, {steps} steps)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--hero", choices=("scripted", "sensible", "both"), default="both")
    ap.add_argument("--no-speed", action="store_true", help="skip the engine speed line")
    args = ap.parse_args()
    random.seed(0)
    for hero in (("scripted", "sensible") if args.hero == "both" else (args.hero,)):
        balance(args.games, hero)
    if args.no_speed:
        return
    engine_speed(max(10, args.games // 10))


if __name__ == "__main__":
    main()
