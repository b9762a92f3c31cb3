"""What a Rest takes from the bank, draw by draw (the heuristic's worth of a Rest and a Hero's
last turn both follow it)."""
from __future__ import annotations

from collections.abc import Iterator

from .data import SUITS


def draw_steps(draws: list[str], bank: dict[str, int], toks: dict[str, int],
               origin: str | None) -> Iterator[tuple[str, str | None, bool]]:
    """(suit asked, suit got, whether this draw emptied the bank) for each draw of a Rest asking
    ``draws`` of ``bank``, both ``bank`` and the Hero's ``toks`` updated as it goes. A suit the
    bank lacks comes as its largest suit (someone's substitute); a Harvest Hero's Leaf brings one
    more draw; the draw that empties the bank brings the Curse Upon the Land, and the draws after
    it come from what the Curse gave back (got None: rarely the suit asked for, and not counted
    in ``toks``). An empty bank ends the Rest."""
    queue = list(draws)
    cursed = False
    while queue:
        s = queue.pop(0)
        if cursed:
            yield s, None, False
            continue
        if not sum(bank.values()):
            return
        got = s if bank[s] > 0 else max(SUITS, key=lambda x: bank[x])
        bank[got] -= 1
        toks[got] += 1
        if got == "leaves" and got == s and origin == "harvest" and any(
                bank[x] for x in SUITS if x != "leaves"):
            queue.insert(0, max((x for x in SUITS if x != "leaves"), key=lambda x: bank[x]))
        cursed = not sum(bank.values())
        yield s, got, cursed
