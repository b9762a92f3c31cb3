"""Benchmarks for High Stakes. Prints figures; asserts nothing.

    python bench/high_stakes.py            # all figures
    python bench/high_stakes.py --quick    # fewer games, for a smoke run

Figures: engine steps/s (random legal play for both seats, sampled dice, no session), offline
autoplay games/s (the Session with the offline GM and autoplay player, policy and narration, no
journal) with the AI decision latency p50/p99, the endings the offline pair reached, and the time
of ``undo`` (a replay of the session) at the 100th, 250th and 500th human decision of one long
session (both seats human, random legal moves, a story that goes on).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.game import CHANCE  # noqa: E402
from companion.core.playout import random_playout  # noqa: E402
from companion.games.high_stakes import GAME, HighStakesOptions  # noqa: E402
from companion.session import AI, HUMAN, Session  # noqa: E402
from companion.story.voice import OfflineVoice  # noqa: E402

from bench.common import pct, timed_autoplay  # noqa: E402


def _story_goes_on(game, state, due, rng):
    """Random play that rarely ends the story early, so a run measures whole stories."""
    legal = game.legal_actions(state, rng.choice(due))
    going = [a for a in legal if a.kind != "end_story"]
    action = rng.choice(going if going and rng.random() < 0.95 else legal)
    return action.with_text("x") if action.ask else action


def _long_story(game, state, due, rng):
    """Random play in which nobody dies: no ending, the GM's stakes only a retreat or lost gear, no
    raised stakes (a session that goes on for hundreds of decisions)."""
    legal = [a for a in game.legal_actions(state, rng.choice(due))
             if a.kind not in ("end_story", "raise", "heroic")
             and (a.kind != "consequence" or set(a.args["kinds"]) <= {"retreat", "equipment"})]
    action = rng.choice(legal)
    return action.with_text("x") if action.ask else action


def engine_steps(games: int) -> tuple[float, float, int]:
    """Steps per second of wall time and per second of this process's CPU time (the second is the
    steadier figure on a shared machine)."""
    start, cpu = time.perf_counter(), time.process_time()
    steps = sum(1 for seed in range(games)
                for _ in random_playout(GAME, seed, choose=_story_goes_on, max_steps=100_000))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps / wall, steps / cpu, steps


def autoplay(games: int) -> tuple[float, list[float], Counter, float]:
    rate, latencies, sessions = timed_autoplay(GAME, games)
    endings = Counter(s.state.ending for s in sessions)
    return rate, latencies, endings, sum(len(s.actions) for s in sessions) / games


def how_they_end(games: int) -> None:
    """How the offline pair's adventures end: each ending with the scenes played and the failed
    rolls before it, and the stories cut short ("aborted", Empty-Handed) after a single failed roll
    whose consequence was only a Retreat (the text: "the conflict may be faced again later")."""
    rows: dict[str, list[tuple[int, int]]] = {}
    short = 0
    for seed in range(games):
        s = Session.start(GAME, seed, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, seed), None)
        s.advance()
        st = s.state
        rolls = [h for h in st.history if h.get("roll") and not h.get("contest")]
        failed = [h for h in rolls if not h.get("success")]
        rows.setdefault(st.ending, []).append((st.scene_count, len(failed)))
        retreats = [h for h in failed if h.get("consequence") in ([], ["retreat"])]
        if st.ending == "aborted" and len(failed) == 1 and len(retreats) == 1:
            short += 1
    print(f"  how {games} adventures end (scenes played, failed rolls; mean):")
    for ending, xs in sorted(rows.items(), key=lambda kv: -len(kv[1])):
        print(f"    {ending:<11} {len(xs):>3}   scenes {sum(x[0] for x in xs) / len(xs):4.1f}"
              f"   failed rolls {sum(x[1] for x in xs) / len(xs):4.1f}")
    print(f"  Empty-Handed after a single failed Retreat roll: {short} of {games}")


def elements_taken_up(games: int) -> None:
    """Of the narrative elements the players made true, how many a later beat takes up: named
    again in a scene's framing, the GM's reading of an action, or the told epilogue (the element's
    own words, or its first six words, after the step it became true)."""
    from companion.journal.store import timeline

    made = taken = 0
    for seed in range(games):
        s = Session.start(GAME, seed, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, seed), None)
        s.advance()
        rows = timeline(s.header, s.rows).rows
        later: list[tuple[int, str]] = []
        for r in rows:
            if r["type"] == "narration":
                later.append((r["n"], r["text"]))
            elif r["type"] == "action":
                later.append((r["n"], r["action"].get("text", "")))
                later += [(r["n"], str(e.get("data", {}).get("text", ""))) for e in r.get("events", [])
                          if e.get("kind") in ("difficulty", "scene")]
        for r in rows:
            if r["type"] != "action":
                continue
            for e in r.get("events", []):
                if e.get("kind") != "element_accepted" or not e["data"].get("text"):
                    continue
                made += 1
                key = " ".join(e["data"]["text"].split()[:6]).rstrip(".").lower()
                if any(n > r["n"] and key in t.lower() for n, t in later):
                    taken += 1
    share = f"{100 * taken / made:.0f}%" if made else "-"
    print(f"  elements made true over {games} offline adventures: {made}, taken up later: "
          f"{taken} ({share})")


def how_they_end_both(games: int) -> None:
    """The autoplay player as it is, then a player who leans on any attribute at random (the
    approaches a new player tries: the lock before the search, the fight before the talk)."""
    from companion.games.high_stakes import policy

    print("the autoplay player:")
    how_they_end(games)
    keep = policy.preferred_attribute
    policy.preferred_attribute = lambda view, who, rules, rng: rng.choice(("body", "mind", "aura"))
    try:
        print("a player who tries any attribute:")
        how_they_end(games)
    finally:
        policy.preferred_attribute = keep


def undo_times(marks: tuple[int, ...] = (100, 250, 500), seed: int = 7) -> list[tuple[int, int, float]]:
    """One long session, both seats human: at each mark (a count of human decisions), the time of
    ``undo`` and the number of actions it replayed. The decision undone is then made again."""
    import random

    options = HighStakesOptions(players=3, max_scenes=1000, max_beats=4)
    session = Session.start(GAME, seed, {"player": HUMAN, "gm": HUMAN}, OfflineVoice(GAME, seed),
                            None, options=options)
    rng = random.Random(seed)
    out: list[tuple[int, int, float]] = []
    decisions = 0
    while len(out) < len(marks) and not session.is_over():
        session.advance()
        due = session.awaiting()
        if due == [CHANCE] or not due:
            continue
        action = _long_story(GAME, session.state, due, rng)
        session.submit(action)
        decisions += 1
        if decisions == marks[len(out)]:
            start = time.perf_counter()
            session.undo()
            took = time.perf_counter() - start
            out.append((decisions, len(session.actions), took))
            session.submit(action)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--endings", type=int, metavar="N", help="only: how N offline adventures end")
    ap.add_argument("--elements", type=int, metavar="N",
                    help="only: the elements made true in N offline adventures that a later beat takes up")
    args = ap.parse_args()
    if args.endings:
        how_they_end_both(args.endings)
        return
    if args.elements:
        elements_taken_up(args.elements)
        return
    n_engine, n_auto = (30, 5) if args.quick else (300, 40)
    rate, cpu_rate, steps = engine_steps(n_engine)
    print(f"high-stakes engine: {rate:,.0f} steps/s wall, {cpu_rate:,.0f} steps/s CPU "
          f"({steps} steps, {n_engine} random stories; target 15,000)")
    gps, lat, endings, mean_steps = autoplay(n_auto)
    print(f"high-stakes offline autoplay: {gps:.2f} games/s ({n_auto} games, {mean_steps:.0f} actions each)")
    print(f"  AI decision latency: p50 {pct(lat, .5) * 1000:.2f} ms, p99 {pct(lat, .99) * 1000:.2f} ms")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in endings.most_common()))
    for decisions, actions, took in undo_times():
        print(f"high-stakes undo at human decision {decisions}: {took * 1000:.1f} ms "
              f"(replays {actions} actions; target under 100 ms at the 500th)")


if __name__ == "__main__":
    main()
