"""The rival Heroes' offline AI: what the session asks (``choose``). It sees only its seat's view
(never another Hero's Challenge card, the face-down Endings it was not shown, nor the order of any
deck). Easy and normal play the heuristic (``heuristic``); the hard level's turn is chosen by a
search over sampled tables (``search``), its other choices by the heuristic. At every level, an
attempt at the Ending that would leave the rival behind is first weighed against its other turns
played on to the end of the race (``finish``).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.core.game import Action
from companion.core.rng import Sampler

from . import heuristic
from .finish import instead_of_ending
from .model import SEATS, HjOptions, State
from .progress import REACH, ending_plan, must_dig
from .playout import GAME, play
from .search import best_turn


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
           level: str | None = None) -> Action:
    if not legal:
        raise ValueError(f"{seat} has no legal action")
    level = level or view.get("level", "normal")
    a = _choose(view, seat, legal, rng, level)
    if a.kind == "challenge" and heuristic.is_turn(legal):  # the Ending, while behind?
        ranked = heuristic.rank_turns(view, seat, legal, rng, level)
        return instead_of_ending(view, seat, legal, rng, ranked) or a
    return a


def _choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
            level: str) -> Action:
    if level == "hard" and heuristic.is_turn(legal):
        offer = heuristic.offer_first(view, seat, legal)
        if offer is not None:  # (a hard rival one token short at the Pact of The End never
            return offer  # asked the player for it: rested sixty rounds, seed 43 of bank-drainer)
        ranked = heuristic.rank_turns(view, seat, legal, rng, level)
        me = heuristic.me_of(view, seat)
        if heuristic.holds_back(view, me, seat):
            ranked = [a for a in ranked if a.kind != "challenge"] or ranked
        elif ranked[0].kind == "challenge" and me["stage"] == 9 and view.get("ending"):
            # the Ending, whether to take it, is weighed to the end of the race (``finish``), not
            # two turns ahead: a hard rival ahead now, whom reaching the Calamity would leave
            # behind, rested sixty rounds at the Pact (its search saw its lead kept, not the
            # race that never ended) until the round limit (`bench/heros_journey.py` 2p hard vs
            # exploit: always-attempt, seed 95)
            return ranked[0]
        elif ranked[0].kind == "travel" and (must_dig(view, me) or ending_plan(
                view, me, ranked[0].args, view["encounters"][ranked[0].args["pair"]]) >= REACH):
            # digging for the Ending's suit, or the Travel that puts the Ending in reach, pays
            # beyond the search's two turns: at the Pact of The End, no Leaf in the bank or the
            # pairs, a hard rival's search preferred a Rest to the heuristic's Travel for sixty
            # rounds, until the round limit (`bench/heros_journey.py` 2p hard vs exploit:
            # bank-drainer, seed 73); one Leaf short, the Mill in the Seeker's pair, it rested
            # thirty rounds rather than pay the five tokens (always-attempt, seed 169)
            return ranked[0]
        if len(ranked) > 1:
            return best_turn(view, seat, legal, rng, ranked) or ranked[0]
        return ranked[0]
    return heuristic.choose(view, seat, legal, rng, level)


def play_game(seed: int, levels: Sequence[str],
              watch: Callable[[State, list], None] | None = None,
              choose: Callable[..., Action] | None = None) -> State:
    """One whole game, ``levels[i]`` at seat i; chance from the seeded sampler, as a session has
    it. The bench and the tests share this loop; ``choose`` replaces the rivals' policy (the
    bench's scripted exploits)."""
    game = GAME
    state = game.setup(HjOptions(players=len(levels)))
    sampler, count = Sampler(seed), [0]

    def sample(ch):
        count[0] += 1
        return sampler.sample(ch, count[0] - 1)

    return play(state, dict(zip(SEATS, levels)), random.Random(seed), sample=sample, watch=watch,
                choose=choose or _CHOOSE)




_CHOOSE = choose
