"""Duel's offline narrator, and the names hooks the fidelity check reads."""
from fakegame.engine import CARDS


def known_names():
    return [name for name, _ in CARDS.values()]


def hidden_names(view, seat, action):
    """The seat's unplayed hand is hidden from the table, except the card it plays now."""
    playing = action.args.get("card")
    return [c["name"] for c in view.get("hand", []) if c["id"] != playing]


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def narrate(self, beat, memory) -> str:
        a = beat.action
        if a.kind == "play":
            return f"The {a.seat} plays {CARDS[a.args['card']][0]}."
        if a.kind == "fold":
            return f"The {a.seat} gives way."
        return f"The {a.seat}'s champion is {a.text}."

    def write(self, action, view, memory) -> str:
        return "Ash"
