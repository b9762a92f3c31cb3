"""How many turns a Stage costs a rival: attempting it now at its chance, against gathering first
the suit of its own Challenge card, so that the attempt it then makes is one it can meet
(issue 38).

A failed attempt costs its turn and one more (the Hero lies down, or pays the shortfall, which
it must then gather again). A rival that attempted whenever any chance was left (one Challenge
card in seven, at the Ending, where reaching it is worth the race) failed and lay down round after
round while a player who only rested held the bank: the race reached the round limit with the
rival at the Pact (`bench/heros_journey.py` 2p normal vs exploit: rest-hoarder, seed 58: fifteen
attempts, eight failures, four turns lost lying down). Its own Challenge card is the one chance
it controls: with that suit held to its Stage, an attempt no one contests is sure.
"""
from __future__ import annotations

import math

from .data import SUITS, card_index

GATHER_RATE = 2  # resources of one suit a turn gathers (a Rest on a card of that suit draws two)


def turns_to_pass(p: float) -> float:
    """The turns expected until attempts at chance ``p`` carry the Hero on: each attempt a turn,
    each failure one more."""
    return math.inf if p <= 0 else (2 - p) / p


def own_suit(view: dict, me: dict) -> str | None:
    """The suit this Hero's own Challenge card tests (the Excuse: its best suit), when ``me`` is
    the Hero whose view this is (another Hero's card is hidden)."""
    if me["seat"] != view.get("you"):
        return None
    hand = view.get("hand") or []
    if not hand:
        return None
    if hand[0] == "excuse":
        return max(SUITS, key=lambda s: me["resources"][s])
    return card_index()[hand[0]].suits[0]


def short_of_own(view: dict, me: dict, staked: tuple[str, ...]) -> tuple[str, int] | None:
    """The own card's suit and how many resources of it the Hero lacks to meet its Stage once the
    ``staked`` suits have one token placed on the next Stage (0: it meets it now)."""
    suit = own_suit(view, me)
    if suit is None:
        return None
    have = me["resources"][suit] - (1 if suit in staked else 0)
    return suit, max(0, me["stage"] - have)


def turns_after_gathering(short: int, p_ready: float) -> float:
    """The turns to gather ``short`` resources of the own card's suit, then pass at ``p_ready``."""
    return math.ceil(short / GATHER_RATE) + turns_to_pass(p_ready)
