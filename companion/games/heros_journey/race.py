"""The end of the race, as a rival weighs it: its score and the others' just after the revealed
Ending is reached, and whether to hold back from reaching it while behind (issue 38)."""
from __future__ import annotations

from .data import card_index


def _card(cid: str):
    return card_index()[cid]


HOLD_BACK = -50.0  # the worth of ending the race while behind, when rounds are left to catch up
GATHER = 3  # tokens in the bank below which waiting at the Pact gathers nothing
CATCH_UP = 60  # points a Hero resting at the Pact gains on a rival in a round, at most
LAST_TURN = 3  # tokens a Hero is reckoned to gather in the one more turn the Ending leaves it


def after_ending(view: dict, h: dict, arrives: bool) -> float:
    """A Hero's score just after the revealed Ending is reached (by this Hero if ``arrives``:
    Stage 10, one token of the Ending's suit placed; else at its own Stage with one more turn to
    come, reckoned as ``LAST_TURN`` tokens): the Calamity's discards and halving, the Windfall's
    draws and doubled Knots; the End's omen is unknown and left out."""
    end = view.get("ending")
    toks = dict(h["tokens"])
    cards = list(h["mentors"]) + list(h["places"])
    if arrives and end:
        toks[_card(end).suits[0]] -= 1
    stage = 10 if arrives else h["stage"]
    extra = 0 if arrives else LAST_TURN
    doubled: set[str] = set()
    if end == "calamity":
        cards = [c for c in cards if "wyrms" in _card(c).suits]
        others = sum(n for s, n in toks.items() if s != "wyrms")
        extra -= (others + 1) // 2
    elif end == "windfall":
        extra += 2 * sum(1 for c in cards if "knots" in _card(c).suits) + toks["knots"]
        doubled = {"knots"}
    total = sum(toks.values()) + extra
    bonus = 6 if all(n >= (2 if end == "calamity" and s != "wyrms" else 1)
                     for s, n in toks.items()) else 0
    return (total + bonus) * stage + sum(_card(c).rank * (2 if doubled & set(_card(c).suits)
                                                           else 1) for c in cards)


def holds_back(view: dict, me: dict, seat: str) -> bool:
    """Whether this Hero, able to attempt the Ending, should not: reaching it now would leave
    another Hero's score above its own (every other Hero then has one last turn), while waiting
    can close the gap: rounds remain (``CATCH_UP`` points a round at most) and the bank holds
    tokens to gather (``GATHER``). Otherwise waiting loses more: at the last round the race ends
    anyway, and with the bank drained the Curses only halve what everyone hoards."""
    if me["stage"] != 9 or not view.get("ending"):
        return False
    left = view["max_rounds"] - view["round"]
    if left <= 1 or sum(view["bank"].values()) < GATHER:
        return False  # no rounds, or no tokens in the bank, to catch up with
    mine = after_ending(view, me, True)
    gap = max(after_ending(view, h, False) for h in view["heroes"] if h["seat"] != seat) - mine
    return 0 < gap < left * CATCH_UP
