"""What a rival Hero offers another and accepts from one: only the tokens that let it attempt its
next Stage (``wanted_offer``: a suit it must stake and lacks, a token or two it is short of, at
the Pact the Ending's suit), for tokens it can spare; it accepts what it gains by its own weights,
and at the Pact sells the Ending's suit only to a Hero ahead in it (``ending_buyer``)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.game import Action

from .data import STAGE_CARDS, SUITS, card_index
from .progress import ENDING_NEED
from .view import me_of
from .weighing import ending_guess, stage_suits, weights


def _card(cid: str):
    return card_index()[cid]


def respond(view: dict, seat: str, me: dict, legal: Sequence[Action], wts: dict) -> Action:
    pend = view["pending"]
    gain = sum(wts[s] * n for s, n in pend["give"].items())
    loss = sum(wts[s] * n for s, n in pend["get"].items())
    offerer = me_of(view, pend["from"])
    end = ending_guess(view)
    if end and me["stage"] >= 9 and _card(end).suits[0] in pend["get"]:
        suit = _card(end).suits[0]
        if not ending_buyer(view, me, offerer):
            return next(a for a in legal if a.kind == "refuse")  # in the race: the suit stays
        loss += (sale_price(me, suit, pend["get"][suit]) - wts[suit]) * pend["get"][suit]
    if offerer["stage"] > me["stage"] + 1:
        loss *= 1.3  # do not help the leader cheaply
    ok = [a for a in legal if a.kind == "accept"]
    return ok[0] if ok and gain > loss else next(a for a in legal if a.kind == "refuse")


def ending_buyer(view: dict, seller: dict, buyer: dict) -> bool:
    """Whether a Hero at the Pact sells the Ending's suit to another there: only to one who holds
    more of it (cards and tokens) and still lacks the 11 it needs. Each one keeping the suit, no one
    can gather 11 of the 12 tokens and the Journey never ends (`bench/heros_journey.py`, 4 Heroes:
    all at the Pact, the bank empty, the Curse halving what they hoard, round after round); the one
    behind holds it for nothing but its worth as a token, so it sells to the one ahead."""
    end = view.get("ending")
    if not end or seller["stage"] != 9 or buyer["stage"] != 9:
        return False
    suit = _card(end).suits[0]
    return seller["resources"][suit] < buyer["resources"][suit] < ENDING_NEED


def sale_price(seller: dict, suit: str, n: int) -> float:
    """What a token of the Ending's suit is worth to a Hero at the Pact behind in it: a token
    (more when it is the last of the suit: the +6 for all six)."""
    return 1.0 + (1.0 if seller["tokens"][suit] <= n else 0.0)


def stake_short(view: dict, me: dict) -> list[str]:
    """The next Stage's suits this Hero cannot attempt it without one more token of: one it holds
    no token of to stake, or (below the Pact) one with a single resource, which the stake would
    leave at none (the attempt asks for resources in both suits after staking). A rival at the
    Discovery holding one Leaf rested for thirty rounds, its Rests bringing Suns and Waves, the bank
    holding Leaves it never traded for (`bench/heros_journey.py` 2p normal vs exploit:
    bank-drainer, seed 144, halted at the round limit)."""
    st = me["stage"]
    if st >= 10:
        return []
    return [s for s in stage_suits(st + 1, view, me)[:2 if st < 9 else 1]
            if me["tokens"][s] < 1 or (st < 9 and me["resources"][s] < 2)]


def attempt_gap(view: dict, me: dict) -> int:
    """How many tokens this Hero lacks to attempt its next Stage by a Challenge: one for each of
    its suits it cannot stake (``stake_short``), and then the resources it is short of (at the
    Pact: 10 of the Ending's suit after staking one; below it, the Stage card's rank in its two
    suits together)."""
    st = me["stage"]
    suits = stage_suits(st + 1, view, me)[:2 if st < 9 else 1] if st < 10 else ()
    if not suits:
        return 0
    missing = stake_short(view, me)
    left = {s: me["resources"][s] + (s in missing) - 1 for s in suits}
    if st == 9:
        short = 10 - left[suits[0]]
    else:
        short = _card(STAGE_CARDS[st - 1]).rank - sum(left.values())
    return len(missing) + max(0, short)


def wanted_offer(view: dict, seat: str, me: dict) -> tuple[str, dict, dict] | None:
    """The offer to another Hero that would let this Hero attempt its next Stage: a token of a
    suit it must stake and lacks, or one more of a suit it is short of by one or two (at the
    Pact: of the Ending's suit, however short, for up to three), for tokens it can spare; to the
    rival most likely to accept by that rival's own weights (they accept what they gain by).
    None when no such offer is to be made (or all rivals were asked)."""
    st = me["stage"]
    if st >= 10:
        return None
    suits = stage_suits(st + 1, view, me)[:2 if st < 9 else 1]
    if not suits:
        return None
    missing = stake_short(view, me)
    if missing:
        get = missing[0]
    else:
        short = attempt_gap(view, me)
        if not 0 < short <= (2 if st < 9 else ENDING_NEED):  # at the Pact, every one counts
            return None
        get = min(suits, key=lambda s: me["resources"][s])
    wts = weights(view, me)
    spare = sorted((s for s in SUITS if me["tokens"][s] >= 1 and s not in suits),
                   key=lambda s: (me["tokens"][s] < 2, wts[s]))
    if not spare:
        return None
    asked = set(view.get("offers_made") or [])
    best = None
    for h in view["heroes"]:
        if h["seat"] == seat or h["seat"] in asked or h["tokens"][get] < 1 or (
                st == 9 and h["stage"] >= 9 and not ending_buyer(view, h, me)):
            continue  # a rival at the Pact keeps the Ending's suit unless it is behind in it
        theirs = weights(view, h)
        if st == 9 and h["stage"] == 9:
            theirs[get] = sale_price(h, get, 1)
        for give in spare:
            for n in (1, 2, 3) if st == 9 else (1, 2):  # the Ending is worth paying for
                if me["tokens"][give] < n:
                    continue
                gain, loss = theirs[give] * n, theirs[get]
                if me["stage"] > h["stage"] + 1:
                    loss *= 1.3
                if gain > loss:
                    key = (n, wts[give] * n)
                    if best is None or key < best[0]:
                        best = (key, h["seat"], {give: n}, {get: 1})
                    break
    return None if best is None else best[1:]


def trade(view: dict, seat: str, me: dict, legal: Sequence[Action], wts: dict,
           rng: random.Random) -> Action:
    """Trade only to cover the next Stage's stake (a token of each of its suits): first a 1:1
    offer to a rival who holds the suit, else 2:1 with the bank if tokens are to spare."""
    need = stake_short(view, me)
    kinds = {a.kind: a for a in legal}
    leave = kinds.get("end") or kinds.get("back") or legal[0]
    want = wanted_offer(view, seat, me)
    if want is not None:
        to, give, get = want
        exact = [a for a in legal if a.kind == "offer" and a.args["to"] == to
                 and a.args["give"] == give and a.args["get"] == get]
        if exact:
            return exact[0]
    if not need:
        return leave
    spare_suits = [s for s in SUITS if me["tokens"][s] and s not in need]
    holders = [h["seat"] for h in view["heroes"] if h["seat"] != seat
               and h["tokens"][need[0]] and h["seat"] not in view.get("offers_made", [])]
    offers = [a for a in legal if a.kind == "offer" and a.args["get"] == {need[0]: 1}
              and len(a.args["give"]) == 1 and sum(a.args["give"].values()) == 1
              and list(a.args["give"])[0] in spare_suits]
    if offers:
        return min(offers, key=lambda a: wts[list(a.args["give"])[0]])
    banks = [a for a in legal if a.kind == "bank" and a.args["get"] == need[0]
             and not set(a.args["give"]) & set(need)]
    spare = sum(me["tokens"][s] for s in spare_suits)
    if banks and spare >= 3:
        return min(banks, key=lambda a: sum(wts[s] for s in a.args["give"]))
    if "trade_offer" in kinds and holders and spare_suits:
        return kinds["trade_offer"]
    if "trade_bank" in kinds and spare >= 3 and (view["bank"][need[0]] or any(
            need[0] in t for p in view["encounters"] for t in p["tokens"].values())):
        return kinds["trade_bank"]
    return leave
