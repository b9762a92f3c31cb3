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
# What a turn gathers of a suit no Rest can draw (none of the Hero's cards nor its Stage bears
# it) or the bank holds none of: it comes only as a substitute someone else picks, from the Curse
# Upon the Land putting tokens back, or from a Travel's cards. A rival at the Betrayal three Moons
# short of its own card (its Bard and Window bear none, nor does the Betrayal) rested twenty-five
# rounds for Moons no Rest could draw, an attempt at one chance in six reckoned slower than
# gathering at two a turn (`bench/heros_journey.py` 2p normal vs exploit: rest-hoarder, seed 105,
# halted at the round limit).
DRY_RATE = 0.25


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


def rest_reach(me: dict, suit: str, stage_suits: tuple[str, ...]) -> int:
    """The most tokens of ``suit`` one Rest can draw for this Hero: two from an Encounter card of
    two suits (one from a card of three) whose rank is at most its Stage, one more from the Stage
    card; with no such card, one when the Stage card bears it."""
    cards = [card_index()[c] for c in [*me["mentors"], *me["places"]]]
    eligible = [c for c in cards if c.rank <= me["stage"]]
    from_card = max((2 if len(c.suits) == 2 else 1 for c in eligible if suit in c.suits),
                    default=0)
    return from_card + (1 if suit in stage_suits else 0)


def gather_rate(view: dict, me: dict, suit: str, stage_suits: tuple[str, ...]) -> float:
    """Resources of ``suit`` a turn of gathering brings: what a Rest can draw of it (``rest_
    reach``), no more than the bank holds, and hardly any when that is none."""
    return max(DRY_RATE, min(rest_reach(me, suit, stage_suits), view["bank"][suit]))


def turns_after_gathering(short: int, p_ready: float, rate: float = GATHER_RATE) -> float:
    """The turns to gather ``short`` resources of the own card's suit at ``rate`` a turn, then
    pass at ``p_ready``."""
    return math.ceil(short / rate) + turns_to_pass(p_ready)


# A Travel whose cards give a chance at the next Stage when no Challenge card could carry the Hero
# now: worth that chance of a Stage (half an attempt's worth: the turn after it still attempts). A
# rival at the Betrayal, its best suit 7 of the 8 a Challenge asks, rested forty rounds from a bank
# a player who only rested kept dry, the Huntress (Moons, 10) lying in the Seeker's pair for its Ace
# of Moons (`bench/heros_journey.py` 2p normal vs exploit: bank-drainer, seed 131, halted at the
# round limit).
UNBLOCK = 20.0
