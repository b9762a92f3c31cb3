"""At Any Cost's outcome distributions, with the offline Antagonist's director on and off. Prints
figures; asserts nothing.

    python bench/at_any_cost.py --games 200

Both seats are the offline AI (each sees only its own view). Per policy, over the same seeds:

* **Anchors lost**: the distribution over games (0-5) and the mean;
* **climax**: the share of climaxes (stage 5) the hero wins (the Antagonist folds), the mean number
  of plays in it (a contest decided over several exchanges has more), the share decided at once
  (the hero could not meet the challenge set at all: a lock-out), and the share with no challenge;
* **stages won by the hero** per stage (the Antagonist folded), and the games whose first stage
  already cost an Anchor;
* **empty stages**: the share of all stages the Antagonist left with no challenge at all (it folded
  at 0-0: no card in hand could open the stage), and **climax a contest**: the share of games whose
  climax was set and met at least once (neither empty nor a lock-out).

``director off`` is the Antagonist that only plays to win (smallest margin, opening as few of the
Protagonist's tags as possible, at every stage, discarding by this stage alone); ``director on`` is
the policy as it plays now (it also keeps a card for each stage ahead: road.py).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.at_any_cost import GAME, policy  # noqa: E402
from companion.session import AI, Session  # noqa: E402
from companion.story.voice import OfflineVoice  # noqa: E402


def one(seed: int) -> dict:
    s = Session.start(GAME, seed, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, seed),
                      None)
    s.advance()
    plays = Counter()
    met_first = {}
    for row in s.rows:
        if row["type"] != "action":
            continue
        for e in row["events"]:
            if e["kind"] in ("challenge_set", "challenge_met", "challenge_raised"):
                plays[e["data"]["stage"]] += 1
                if e["kind"] == "challenge_met":
                    met_first.setdefault(e["data"]["stage"], True)
    results = {r.stage: r for r in s.state.results}
    return {"lost": len(s.state.anchors_lost),
            "won": {st: results[st].result == "antagonist_folded" for st in results},
            "climax_plays": plays[5], "climax_set": plays[5] > 0,
            "locked": plays[5] > 0 and not met_first.get(5, False),
            "first_cost": results[1].result != "antagonist_folded",
            "empty": sum(r.result == "antagonist_folded" and r.antagonist_total == 0
                         for r in results.values())}


def figures(games: int, director: bool) -> dict:
    policy.DIRECTOR = director
    runs = [one(seed) for seed in range(1, games + 1)]
    policy.DIRECTOR = True
    lost = Counter(r["lost"] for r in runs)
    return {
        "lost": [lost.get(k, 0) / games for k in range(6)],
        "lost_mean": sum(r["lost"] for r in runs) / games,
        "climax_won": sum(r["won"][5] for r in runs) / games,
        "climax_plays": sum(r["climax_plays"] for r in runs) / games,
        "locked": sum(r["locked"] for r in runs) / max(1, sum(r["climax_set"] for r in runs)),
        "unset": sum(not r["climax_set"] for r in runs) / games,
        "stage_won": [sum(r["won"][st] for r in runs) / games for st in range(1, 6)],
        "first_cost": sum(r["first_cost"] for r in runs) / games,
        "empty": sum(r["empty"] for r in runs) / (5 * games),
        "contest": sum(r["climax_set"] and not r["locked"] for r in runs) / games,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    args = p.parse_args(argv)
    rows = [("director off", figures(args.games, False)), ("director on", figures(args.games, True))]
    pct = lambda x: f"{100 * x:.0f}%"  # noqa: E731
    print(f"At Any Cost, {args.games} games per row (offline AI in both seats)\n")
    print("| policy | Anchors lost 0/1/2/3/4/5 | mean lost | climax won by hero | plays in climax "
          "| climax locked out | no climax challenge | hero wins stage 1/2/3/4/5 | stage 1 costs "
          "an Anchor | empty stages | climax a contest |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, f in rows:
        print(f"| {name} | {' / '.join(pct(x) for x in f['lost'])} | {f['lost_mean']:.2f} | "
              f"{pct(f['climax_won'])} | {f['climax_plays']:.1f} | {pct(f['locked'])} | "
              f"{pct(f['unset'])} | {' / '.join(pct(x) for x in f['stage_won'])} | "
              f"{pct(f['first_cost'])} | {100 * f['empty']:.1f}% | {pct(f['contest'])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
