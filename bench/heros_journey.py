"""The Hero's Journey: how well the rival AI plays. Win rate and mean score of each level against
random play and against each other, 2 and 4 Heroes, plus engine speed.

    python bench/heros_journey.py [--games N] [--jobs J] [--only TEXT] [--start S] [--pact]
    (N games per match-up, default 100, seeds S..S+N-1; J processes; only the match-ups whose
    name has TEXT). The seeds of games halted at the round limit, and of races a rival ended
    behind avoidably, are printed under their row.
    With --pact, each row also gets its Challenge attempts and contested auctions per level,
    counted in the same games.

The hard level searches (determinized playouts, see companion/games/heros_journey/search.py), so
its rows take far longer than the others: a few seconds a game at 2 Heroes, ~10 s at 4.

Seats rotate with the seed so no level keeps the first move; a shared win (equal top scores)
counts for every winner. "random" picks uniformly among the legal moves.

"ended behind N, avoidably M, K counting rounds waited, W won otherwise": N races ended by a rival (easy, normal or hard) that reached the
Ending while another Hero's score stood above its own; M of them where another choice existed
that did better: from the table just before its attempt, its three best other turns (a Rest or a
Travel) are each played on in three chance streams, and the race counts when one of them ends
with a better margin for the rival (its score less the best other) than the attempt played on in
the same streams; a turn whose stream the round limit halts has no Ending and is no better
(`finish.margin`, the rule the rivals themselves apply before an attempt at the Ending); K of
them when each round the race runs on past the attempt costs ``finish.WAIT`` points, as the
rivals count it; and W of them where another choice would have won the race the attempt lost
(its mean margin above 0, the attempt's not): an Ending that cost the race, not only points. Rows
with "exploit: NAME" pit a rival against a scripted player (`EXPLOITS`).

"longest stay at the Pact N (seed S)": the most rounds a rival stood at the Pact in the row's
games, from reaching it to reaching the Ending or the race's last round: the evening a player
spends waiting on it.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.playout import random_playout  # noqa: E402
from companion.core.rng import Sampler  # noqa: E402
from companion.games.heros_journey import GAME, HjOptions, heuristic  # noqa: E402
from companion.games.heros_journey.data import ENDINGS  # noqa: E402
from companion.games.heros_journey.finish import margin  # noqa: E402
from companion.games.heros_journey.model import SEATS  # noqa: E402
from companion.games.heros_journey.playout import play  # noqa: E402
from companion.games.heros_journey.policy import choose as rival_choose  # noqa: E402
from companion.games.heros_journey.policy import play_game  # noqa: E402

MATCHUPS = [
    ("normal", "random"), ("easy", "random"), ("hard", "random"), ("normal", "easy"),
    ("hard", "normal"), ("normal", "normal"), ("normal", "normal", "normal"),
    ("normal", "random", "random", "random"),
    ("hard", "normal", "easy", "random"), ("hard", "normal", "normal"),
    ("hard", "normal", "normal", "normal"),
]


# -- exploits: scripted turns a player might try to farm the rivals with -------------------------
def _rest_best(view, seat, rests, rng):
    """The Rest that draws the most tokens (ties: the heuristic's best)."""
    most = max(len(heuristic.rest_draws(a.args)) for a in rests)
    return heuristic.rank_turns(view, seat, [a for a in rests if len(
        heuristic.rest_draws(a.args)) == most], rng, "normal")[0]


def _rest_hoarder(view, seat, turns, rng):
    """Rests every turn, for as many tokens as a Rest draws: never moves on."""
    return _rest_best(view, seat, [a for a in turns if a.kind == "rest"], rng)


def _always_travel(view, seat, turns, rng):
    """Travels every turn (to the pair the heuristic likes best); rests when it cannot pay."""
    travel = [a for a in turns if a.kind == "travel"]
    return heuristic.rank_turns(view, seat, travel, rng, "normal")[0] if travel else \
        _rest_hoarder(view, seat, turns, rng)


def _always_attempt(view, seat, turns, rng):
    """Attempts the next Stage whenever it may (a Matching card first, else a Challenge); rests
    otherwise."""
    for k in ("match", "challenge"):
        got = [a for a in turns if a.kind == k]
        if got:
            return got[0]
    return _rest_hoarder(view, seat, turns, rng)


def _bank_drainer(view, seat, turns, rng):
    """Rests for the suits the bank holds fewest of, to empty it (substitutes, the Curse)."""
    rests = [a for a in turns if a.kind == "rest"]
    bank = view["bank"]
    return min(rests, key=lambda a: (sum(bank[s] for s in heuristic.rest_draws(a.args))
                                     - 10 * len(heuristic.rest_draws(a.args)), rng.random()))


def _cheap_traveller(view, seat, turns, rng):
    """Takes the Wanderer's pair (one token, and whatever others paid onto it) every turn it
    can, keeping its best Mentor; rests when it cannot."""
    cheap = [a for a in turns if a.kind == "travel" and a.args["pair"] == 0]
    return heuristic.rank_turns(view, seat, cheap, rng, "normal")[0] if cheap else \
        _rest_hoarder(view, seat, turns, rng)


EXPLOITS = {"rest-hoarder": _rest_hoarder, "always-travel": _always_travel,
            "always-attempt": _always_attempt, "bank-drainer": _bank_drainer,
            "cheapest-token traveller": _cheap_traveller}
MATCHUPS += [(lvl, f"exploit: {name}") for lvl in ("normal", "hard") for name in EXPLOITS]


def _choose(view, seat, legal, rng, level=None):
    """The rivals' policy, or an exploit's script for the turn's action (its other choices, a
    payment or a draw, made as a normal rival would; it offers no trades)."""
    if level and level.startswith("exploit: "):
        if heuristic.is_turn(legal):
            turns = [a for a in legal if a.kind in heuristic.ACTIONS]
            return EXPLOITS[level[len("exploit: "):]](view, seat, turns, rng)
        legal = [a for a in legal if a.kind not in ("trade_offer", "offer")] or legal
        return heuristic.choose(view, seat, legal, rng, "normal")
    return rival_choose(view, seat, legal, rng, level)


def _one(job: tuple[int, tuple[str, ...]]) -> tuple[list[str], list[int], int, bool, bool, int,
                                                   dict[str, list[int]], int,
                                                   tuple[int, int, int], int]:
    seed, levels = job
    n = len(levels)
    k = seed % n
    seating = list(levels[k:] + levels[:k])
    attempts, watch = _attempt_watch(seating, levels)
    ended = _ended_behind(seating)
    stay, stay_watch = _pact_stay(seating)
    st = play_game(seed, seating, watch=lambda s, e: (watch(s, e), ended[1](s, e),
                                                      stay_watch(s, e)), choose=_choose)
    avoidable = _avoidable(ended[0][1], seating, st, seed) if ended[0][0] else (0, 0, 0)
    return seating, [st.scores[s] for s in st.seats], st.round, st.ending_first is not None, \
        st.halted, seed, attempts, ended[0][0], avoidable, max(stay(st), default=0)


def _pact_stay(seating: list[str]):
    """The rounds each rival (not an exploit, not random) stood at the Pact: from the round it
    reached it to the round it reached the Ending, or the last round played; and the ``watch``
    that records them. A long stay is an evening spent waiting on a rival."""
    level = dict(zip(SEATS, seating))
    since: dict[str, int] = {}
    stays: list[int] = []

    def watch(state, events):
        for e in events:
            if e.kind in ("advance", "match") and level[e.data["seat"]] in ("easy", "normal",
                                                                    "hard"):
                if e.data["stage"] == 9:
                    since[e.data["seat"]] = state.round
                elif e.data["stage"] == 10 and e.data["seat"] in since:
                    stays.append(state.round - since.pop(e.data["seat"]))

    def stay(state) -> list[int]:
        return stays + [state.round - r for r in since.values()]

    return stay, watch


def _ended_behind(seating: list[str]):
    """[count, the state before the race-ending attempt] of races ended by a rival (not an
    exploit, not random) that reached the Ending while another Hero's score stood above its own,
    and the ``watch`` that counts them."""
    level = dict(zip(SEATS, seating))
    out, seen, before, last = [0, None], [False], {}, [None]

    def watch(state, events):  # counted once the Ending's event is done, the next turn due
        for e in events:  # the table just before an attempt at the Ending, by its attempter
            if e.kind == "attempt" and e.data["target"] in ENDINGS and last[0] is not None:
                before[e.data["seat"]] = last[0]
        last[0] = state
        if seen[0] or state.ending_first is None or not state.tasks or \
                state.tasks[0]["k"] != "turn":
            return
        seen[0] = True
        who = state.ending_first
        now = GAME.view(state, None)["score_now"]
        if level[who] in ("easy", "normal", "hard") and any(
                v > now[who] for s, v in now.items() if s != who):
            out[0] += 1
            out[1] = before.get(who)

    return out, watch


COUNTERFACTUAL_STREAMS = 3  # chance streams each choice is played out in
COUNTERFACTUAL_CHOICES = 3  # the rival's best turns that do not attempt the Ending




def _avoidable(before, seating: list[str], played, seed: int) -> tuple[int, int, int]:
    """(counted free, counted at their cost, won otherwise): 1 when a race ended by a rival behind was avoidable:
    from the table just before its attempt at the Ending, one of its other turns (a Rest or a
    Travel, its ``COUNTERFACTUAL_CHOICES`` best by the heuristic) played on ends the race better
    for it (its score less the best other score, a halted stream counting as no better), on
    average over ``COUNTERFACTUAL_STREAMS`` chance streams, than the attempt played on in the same
    streams; 0 when every other choice loses as much or more. The second counts each round the
    race runs on past the attempt's at ``finish.WAIT`` points, as the rivals do (a round waited
    must gain that much: the table waits too). The third is 1 when another choice would have won
    the race (a mean margin above 0) and the attempt did not."""
    if before is None:
        return 0, 0, 0
    seat = played.ending_first
    levels = dict(zip(SEATS, seating))
    legal = GAME.legal_actions(before, seat)
    view = GAME.view(before, seat)
    taken = [a for a in legal if a.kind == "challenge"]
    others = [a for a in heuristic.rank_turns(view, seat, legal, random.Random(seed),
                                              "normal") if a.kind not in ("challenge",)]
    if not taken or not others:
        return 0, 0, 0

    def mean_margin(a) -> tuple[float, float]:
        free = cost = 0.0
        for k in range(COUNTERFACTUAL_STREAMS):
            sampler, count = Sampler(seed * 1000 + 7 + k), [0]

            def sample(ch):
                count[0] += 1
                return sampler.sample(ch, count[0] - 1)

            st, _ = GAME.apply(before, a)
            st = play(st, levels, random.Random(seed * 1000 + k), sample=sample, choose=_choose)
            free += margin(st, seat)
            cost += margin(st, seat, before.round)
        return free / COUNTERFACTUAL_STREAMS, cost / COUNTERFACTUAL_STREAMS

    attempt = mean_margin(taken[0])
    alts = [mean_margin(a) for a in others[:COUNTERFACTUAL_CHOICES]]
    return (int(any(m[0] > attempt[0] for m in alts)),
            int(any(m[1] > attempt[1] for m in alts)),
            int(attempt[0] <= 0 < max(m[0] for m in alts)))


def matchup(levels: tuple[str, ...], games: int, jobs: int = 1, start: int = 0) -> dict:
    wins = {lvl: 0.0 for lvl in set(levels)}
    count = {lvl: 0 for lvl in set(levels)}
    score = {lvl: 0.0 for lvl in set(levels)}
    rounds, endings, halts, halted_seeds, behind, avoidable = 0, 0, 0, [], 0, 0
    avoidable_seeds, at_cost, at_cost_seeds, won_otherwise = [], 0, [], []
    attempts = {lvl: [0.0] * 9 for lvl in set(levels)}
    work = [(seed, levels) for seed in range(start, start + games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_one, work, chunksize=1)
    else:
        results = [_one(j) for j in work]
    longest = (0, None)
    for seating, scores, rnd, ended, halted, seed, att, back, avoid, stay in results:
        longest = max(longest, (stay, seed), key=lambda x: x[0])
        behind += back
        avoidable += avoid[0]
        if avoid[0]:
            avoidable_seeds.append(seed)
        at_cost += avoid[1]
        if avoid[1]:
            at_cost_seeds.append(seed)
        if avoid[2]:
            won_otherwise.append(seed)
        for lvl, row in att.items():
            attempts[lvl] = [a + b for a, b in zip(attempts[lvl], row)]
        best = max(scores)
        for lvl, sc in zip(seating, scores):
            count[lvl] += 1
            score[lvl] += sc
            if sc == best:
                wins[lvl] += 1
        rounds += rnd
        endings += ended
        halts += halted
        if halted:
            halted_seeds.append(seed)
    first = levels[0]
    return {"levels": levels, "win": wins[first] / games * (1 if levels.count(first) == 1
                                                              else 1 / levels.count(first)),
            "mean": {lvl: score[lvl] / count[lvl] for lvl in score},
            "rounds": rounds / games, "endings": endings / games, "halts": halts,
            "halted_seeds": halted_seeds, "attempts": attempts, "behind": behind,
            "avoidable": avoidable, "avoidable_seeds": avoidable_seeds, "at_cost": at_cost,
            "at_cost_seeds": at_cost_seeds, "won_otherwise": won_otherwise,
            "longest_stay": longest}


def _attempt_watch(seating: list[str], levels: tuple[str, ...]):
    """A game's Challenge attempts by level, and the ``watch`` that counts them: [attempts,
    advances] at Stages 1-8 and at the Pact (9, toward the Ending), then turns lost lying down,
    then tokens bid by an attempter; then, as a contester, auctions contested, bids won, and
    Challenges it issued and then failed itself."""
    level = dict(zip(SEATS, seating))
    out = {lvl: [0] * 9 for lvl in set(levels)}

    attempter = [None]  # the Hero attempting now (the auction comes moves after the attempt)
    contesters: set[str] = set()

    def watch(state, events):
        for e in events:
            row = out[level[e.data.get("seat", "hero1")]]
            if e.kind in ("advance", "stay"):
                at = e.data["stage"] - (e.kind == "advance")
                row[0 if at < 9 else 2] += 1
                row[1 if at < 9 else 3] += e.kind == "advance"
            elif e.kind == "failed" and e.data.get("choice") == "lie_down":
                row[4] += 1
            elif e.kind == "attempt":
                attempter[0] = e.data["seat"]
                contesters.clear()
            elif e.kind == "bid" and e.data["joined"] and e.data["seat"] != attempter[0]:
                contesters.add(e.data["seat"])
                row[6] += 1
            elif e.kind == "challenge_issued":
                if e.data["seat"] == attempter[0]:
                    row[5] += e.data["bid"]
                else:
                    row[7] += 1
            elif e.kind == "failed" and e.data["seat"] in contesters and e.data[
                    "seat"] != attempter[0]:
                row[8] += 1

    return out, watch


def _pact_lines(levels: tuple[str, ...], total: dict[str, list[float]]) -> list[str]:
    """The Pact rows of a match-up: per level, attempts and advances below the Pact and at it,
    turns lost, bids paid by attempters, auctions contested and won."""
    return [f"{len(levels)}p {' vs '.join(levels):<36} {lvl:<7} below {a:5.0f} "
            f"{w:5.0f} {100 * w / max(1, a):5.1f}%  at the Pact {pa:5.0f} {pw:4.0f} "
            f"{100 * pw / max(1, pa):5.1f}%  lay-downs {lie:4.0f}  bids {bid:4.0f}  "
            f"contested {con:4.0f} won {won:4.0f} ({100 * won / max(1, con):.0f}%) "
            f"then failed {fail:3.0f}"
            for lvl, (a, w, pa, pw, lie, bid, con, won, fail) in sorted(total.items())]


def _seed(seed: int | None) -> str:
    return f" (seed {seed})" if seed is not None else ""


def engine_speed(games: int = 10) -> float:
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        steps += sum(1 for _ in random_playout(GAME, seed, HjOptions(players=3)))
    return steps / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=100, help="games per match-up")
    p.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    p.add_argument("--only", default="", help="run only match-ups whose name has this text")
    p.add_argument("--start", type=int, default=0, help="first seed (games use seeds start..)")
    p.add_argument("--pact", action="store_true",
                   help="also: Challenge attempts below the Pact and at it, and contested "
                        "auctions, per level (counted in the same games)")
    args = p.parse_args()
    todo = [m for m in MATCHUPS if args.only in f"{len(m)}p " + " vs ".join(m)]
    print(f"The Hero's Journey rivals: {args.games} games per match-up "
          f"({args.games * len(todo)} in all)", flush=True)
    print(f"{'match-up (first level vs the rest)':<38} {'win%':>5} {'rounds':>6} {'ending%':>7}"
          "  mean score by level")
    total = time.perf_counter()
    for levels in todo:
        t = time.perf_counter()
        r = matchup(levels, args.games, args.jobs, args.start)
        means = " ".join(f"{lvl} {v:.0f}" for lvl, v in sorted(r["mean"].items()))
        name = f"{len(levels)}p " + " vs ".join(levels)
        print(f"{name:<38} {100 * r['win']:>5.1f} {r['rounds']:>6.1f} {100 * r['endings']:>7.0f}"
              f"  {means}  (halted {r['halts']}; ended behind {r['behind']}, "
              f"avoidably {r['avoidable']}, {r['at_cost']} counting rounds waited, "
              f"{len(r['won_otherwise'])} won otherwise; "
              f"longest stay at the Pact "
              f"{r['longest_stay'][0]}{_seed(r['longest_stay'][1])}; "
              f"{time.perf_counter() - t:.0f}s)", flush=True)
        if r["halted_seeds"]:
            print(f"  halted at the round limit, seeds: "
                  f"{' '.join(map(str, r['halted_seeds']))}", flush=True)
        if r["avoidable_seeds"]:
            print(f"  ended behind avoidably, seeds: "
                  f"{' '.join(map(str, r['avoidable_seeds']))}", flush=True)
        if r["at_cost_seeds"]:
            print(f"  ended behind avoidably counting rounds waited, seeds: "
                  f"{' '.join(map(str, r['at_cost_seeds']))}", flush=True)
        if r["won_otherwise"]:
            print(f"  ended behind when another choice would have won, seeds: "
                  f"{' '.join(map(str, r['won_otherwise']))}", flush=True)
        if args.pact:
            print("\n".join("  " + line for line in _pact_lines(levels, r["attempts"])),
                  flush=True)
    print(f"total {time.perf_counter() - total:.0f}s; engine, random play: "
          f"{engine_speed():.0f} steps/s")


if __name__ == "__main__":
    main()
