"""Whether a rival ends the race now (issue 38: a rival never takes the action that ends the race
while it is behind, unless every other choice loses more).

Before attempting the revealed Ending when reaching it would not leave it ahead (``wins_now``), a
rival plays the attempt and its ``CHOICES`` best other turns (a Rest or a Travel, by the heuristic)
on to the end of the race, on ``SAMPLES`` tables its own view allows (``search.determinize``: it
never reads what it cannot see), every Hero playing the heuristic. It takes another turn unless
the attempt ends the race with a better margin (its score less the best other) on average, in
the same tables and chance streams, by ``EDGE`` at least; and it holds back only until it has
stood at the Pact ``race.HOLD_LIMIT`` rounds (``waited_out``). A playout the round limit halts
has no Ending and counts as no better than the attempt (``HALTED``): holding back must not trade an
Ending for a race that never ends, and as the last rounds come every other turn runs into the
limit, so the rival then attempts. `bench/heros_journey.py` asks the same question of the true
table ("ended behind N, avoidably M").
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.game import Action

from .heuristic import choose as heuristic_choose
from .heuristic import is_turn, me_of, waited_out, wins_now
from .model import State
from .playout import GAME, play
from .search import sample_tables

SAMPLES = 8  # tables sampled from the view
CHOICES = 3  # the best other turns weighed against the attempt
HALTED = -1000.0  # what a race halted at the round limit adds to the margin: never better
# Behind, the Ending is taken only when it ends the race better than waiting by this much: the
# playouts are few, and a margin within it is as likely noise (the rule leans to waiting)
EDGE = 15.0


def margin(state: State, seat: str, since: int = 0) -> float:
    """How a finished race stands for ``seat``: its score less the best other, ``HALTED`` more
    when the round limit ended it rather than an Ending, and ``WAIT`` less for each round it ran
    on after round ``since``."""
    mine = state.scores[seat]
    best = max(v for s, v in state.scores.items() if s != seat)
    waited = max(0, state.round - since) if since else 0
    return mine - best + (HALTED if state.halted else 0.0) - WAIT * waited


# Points a round of holding back must gain to be worth it: the table waits too. A rival behind
# that held back while nothing closed the gap kept the race going round after round for a margin
# within the playouts' noise.
WAIT = 2.0


def instead_of_ending(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
                      ranked: Sequence[Action]) -> Action | None:
    """The turn to take instead of attempting the Ending (``ranked``: the heuristic's order of the
    turns), or None when the attempt is as good as any: it leaves this Hero ahead, no other turn
    is open, no table can be built from the view, or no other turn ends the race better."""
    me = me_of(view, seat)
    if me["stage"] != 9 or not view.get("ending") or view.get("ending_first") is not None \
            or wins_now(view, me, seat) or waited_out(view, me):
        return None  # (once another Hero reached it, the race ends anyway: the Ending only adds)
    taken = [a for a in legal if a.kind == "challenge"]
    others = [a for a in ranked if a.kind in ("rest", "travel")][:CHOICES]
    if not taken or not others:
        return None
    tables = sample_tables(view, seat, rng, SAMPLES)
    if tables is None:
        return None
    levels = {s: "normal" for s in tables[0][0].seats}
    patient = _patient(seat)

    def mean(a: Action) -> float:
        total = 0.0
        for table, seed in tables:
            st, _ = GAME.apply(table, a)
            total += margin(play(st, levels, random.Random(seed), choose=patient), seat,
                            view["round"])
        return total / len(tables)

    attempt = mean(taken[0])
    best, value = None, attempt - EDGE
    for a in others:
        v = mean(a)
        if v > value:
            best, value = a, v
    return best


def _patient(seat: str):
    """The policy every Hero plays in these playouts: the heuristic, except that each keeps from
    the Ending while it would not be ahead there, until ``PATIENCE`` rounds are left: ``seat``
    itself, and every other Hero, as the rivals do. With only ``seat`` patient, two rivals at the
    Pact, each behind should it reach the Calamity, each played on a race the other ended, and
    both rested fifteen rounds to the round limit's last round (normal vs normal, seed 142).
    Holding back is a plan, not a turn: with the plain heuristic, a Rest played on was followed
    by the same attempt the next turn, so the rival judged one Rest, not the waiting it chose
    (`bench/heros_journey.py` 2p normal vs exploit: always-attempt, seed 31: last by 190 points
    at round 27, it reached the Calamity; waiting, it ended five rounds later 60 points behind)."""

    def choose(view: dict, s: str, legal: Sequence[Action], rng: random.Random,
               level: str | None = None) -> Action:
        if is_turn(legal) and view["max_rounds"] - view["round"] > PATIENCE:
            me = me_of(view, s)
            if me["stage"] == 9 and view.get("ending") and not wins_now(view, me, s) \
                    and not waited_out(view, me):
                legal = [a for a in legal if a.kind != "challenge"] or legal
        return heuristic_choose(view, s, legal, rng, level)

    return choose


PATIENCE = 2  # rounds left from which a Hero behind attempts the Ending all the same
