"""What a token of each suit is worth to a rival Hero now (``weights``): by what the Stages ahead
will ask of it, the Ending's suit once known or foreseen, the stake for the next Stage; and what
the Curse Upon the Land takes when the bank runs dry (``curse_loss``, ``drawn_worth``). The
heuristic, and its trading (``dealing``), weigh every choice by these."""
from __future__ import annotations

from . import pace
from .data import ENDINGS, STAGE_CARDS, SUITS, card_index

ORIGIN_SUITS = {"rite": ("moons", "leaves", "wyrms"), "harvest": ("moons", "suns", "leaves")}


def _card(cid: str):
    return card_index()[cid]


def stage_suits(stage: int, view: dict, me: dict | None = None) -> tuple[str, ...]:
    if stage <= 1:
        return ORIGIN_SUITS.get((me or {}).get("origin") or "rite", ())
    if stage <= 9:
        return _card(STAGE_CARDS[stage - 2]).suits
    end = ending_guess(view)
    return _card(end).suits if end else ()


def ending_guess(view: dict) -> str | None:
    if view.get("ending"):
        return view["ending"]
    p = view.get("prophecy")
    if p and p["look"] == "top":
        return p["ending"]
    return None


def weights(view: dict, me: dict) -> dict[str, float]:
    """What one more token of each suit is worth to this Hero now."""
    st = me["stage"]
    w = {s: 1.0 for s in SUITS}
    for k, boost in ((1, 2.0), (2, 0.7), (3, 0.4)):
        if st + k <= 9:
            for s in stage_suits(st + k, view, me):
                w[s] += boost
    for s in SUITS:  # short of meeting a Challenge at this Stage
        if me["resources"][s] < st:
            w[s] += 0.3
    end = ending_guess(view)
    if end and st >= 6:
        suit = _card(end).suits[0]
        if me["resources"][suit] < 11:
            w[suit] += 1.5 + (st - 6) * 0.5
    p = view.get("prophecy")
    if p and p["look"] == "bottom" and st >= 6 and not view.get("ending"):
        for e in ENDINGS:  # the bottom one is not coming
            if e != p["ending"]:
                w[_card(e).suits[0]] += 0.4
    own = pace.short_of_own(view, me, staked(view, me)) if st < 10 else None
    if own and own[1]:  # its own Challenge card's suit, held to the Stage, makes an attempt sure
        w[own[0]] += OWN_CARD
    if not all(me["tokens"].values()):
        for s in SUITS:
            if not me["tokens"][s]:
                w[s] += 0.5  # the +6 for a token of every suit
    if st < 10:  # the token to stake on the next Stage (the Ending: one of its suit)
        for s in stage_suits(st + 1, view, me)[:2 if st < 9 else 1]:
            if me["tokens"][s] < 2:
                w[s] += STAKE_GUARD[me["tokens"][s]]
    return w


STAKE_GUARD = (2.0, 1.5)
OWN_CARD = 1.0  # a suit to stake on the next Stage when this Hero holds none / one


# Tokens left in the bank at which the Curse is as good as come: one Rest by anyone empties it.
# A rival at the Pact gathering Leaves for The End against a player who only rested paid half its
# Leaves to the Curse eleven times in twenty rounds (its largest suit each time), and never reached
# the Ending (`bench/heros_journey.py` 2p normal vs exploit: rest-hoarder, seed 17). With the Curse
# near, a Rest that leaves another suit as large (the Hero picks among ties) is worth more.
CURSE_NEAR = 4


def curse_loss(toks: dict[str, int], wts: dict[str, float]) -> float:
    """What the Curse Upon the Land takes from these tokens: half of the largest suit, rounded up
    (among ties, the one this Hero weighs least)."""
    top = max(toks.values())
    return min(wts[x] for x in SUITS if toks[x] == top) * ((top + 1) // 2)


def drawn_worth(view: dict, me: dict, wts: dict[str, float], suit: str) -> float:
    """What a token of ``suit`` drawn now is worth to this Hero: its weight, less what it adds to
    the Curse's take when the bank, this token gone, holds ``CURSE_NEAR`` or fewer (the Curse
    then comes before this Hero's next turn). At the Pact of The End against a player whose
    every Rest emptied the bank, a hard rival drew its Rest's Leaves up to 8 each turn, the one
    largest suit, and the Curse took 4 back before its next turn, forty rounds to the round
    limit (`bench/heros_journey.py` 2p hard vs exploit: always-attempt, seed 125)."""
    worth = wts.get(suit, 0.0)
    if sum(view["bank"].values()) - 1 <= CURSE_NEAR:
        toks = dict(me["tokens"])
        before = curse_loss(toks, wts)
        toks[suit] += 1
        worth -= curse_loss(toks, wts) - before
    return worth


def staked(view: dict, me: dict) -> tuple[str, ...]:
    """The suits a token is placed on the next Stage of before its Challenge."""
    return stage_suits(me["stage"] + 1, view, me)[:2 if me["stage"] < 9 else 1]
