"""Duel's heuristic: play the highest card, else fold (deterministic; the rng is unused)."""
from companion.core.game import Action
from fakegame.engine import CARDS


def choose(view, seat, legal: list[Action], rng) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        return max(plays, key=lambda a: CARDS[a.args["card"]][1])
    return legal[0]
