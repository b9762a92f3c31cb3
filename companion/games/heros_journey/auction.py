"""The rival's choices in a Challenge's auction: whether the attempter keeps its own card in
play and for how much, which rival contests with which card and how far it bids, and the suit a
Hero names for the Excuse."""
from __future__ import annotations

from collections.abc import Sequence

from companion.core.game import Action

from .data import SUITS, card_index
from .race import ending_bid_share, ending_lead
from .view import me_of

ATTEMPTER_CAP = 2  # tokens an attempter bids to keep its own card in play
CONTEST_CAP = {"easy": 2, "normal": 3, "hard": 4}  # tokens a contester bids (one more vs a leader)


def _card(cid: str):
    return card_index()[cid]


def meet_margin(cid: str, view: dict, me: dict, ahead: int = 0) -> float:
    st = me["stage"] + ahead
    if cid == "excuse":
        return max(me["resources"].values()) - st + 1
    return me["resources"][_card(cid).suits[0]] - st


def contest_suit(c: str, rival: dict, me: dict) -> str | None:
    """The suit a contest card would test that the attempter fails and this Hero meets (the
    Excuse: the best such suit), or None."""
    suits = SUITS if c == "excuse" else _card(c).suits
    good = [s for s in suits if rival["resources"][s] < rival["stage"]
            and me["resources"][s] >= me["stage"] + 1]  # a token to spare for the bid's sake
    return max(good, key=lambda s: rival["stage"] - rival["resources"][s]) if good else None


def spare_tokens(me: dict, keep: str | None) -> int:
    return sum(n for s, n in me["tokens"].items() if s != keep)


def bid(view: dict, seat: str, me: dict, legal: Sequence[Action], level: str) -> Action:
    """The auction. The attempter keeps its own card in play only if it meets it, and bids
    little for it. A rival contests only with a card whose suit the attempter lacks and it meets
    itself, and bids to win: up to its cap (more when the attempter is ahead in the race), never
    with tokens it needs for the test."""
    pend = view["pending"]
    att = pend.get("attempter")
    if att == seat:
        mine = pend.get("your_card")
        if mine is None or meet_margin(mine, view, me) < 0:
            return legal[0]  # a card it cannot meet is not worth a token: let it go
        s = max(SUITS, key=lambda x: me["resources"][x]) if mine == "excuse" else \
            _card(mine).suits[0]  # (the Excuse: the suit it will name)
        spare = sum(n for x, n in me["tokens"].items() if x != s) + max(
            0, min(me["tokens"][s], me["resources"][s] - me["stage"]))
        # losing the bid loses the Stage and costs the failure (a turn, or the shortfall): worth
        # half the tokens the test does not need; the Ending more, as the round limit nears
        cap = max(ATTEMPTER_CAP, spare // 2)
        if me["stage"] >= 9:
            cap = max(cap, int(spare * ending_bid_share(view)))
            lead = ending_lead(view, me, seat)
            if lead is not None and lead > 0:  # no bid that pays the lead away
                cap = min(cap, max((b for b in range(cap + 1)
                                    if ending_lead(view, me, seat, b) > 0), default=0))
        raises = [a for a in legal if a.kind == "raise" and a.args["bid"] <= cap]
        return min(raises, key=lambda a: a.args["bid"]) if raises else legal[0]
    rival = me_of(view, att)
    cap = CONTEST_CAP[level] + (1 if rival["stage"] >= me["stage"] else 0)
    if legal[0].kind == "drop":  # already contesting: raise while the card is still worth it
        c = pend.get("your_card")
        suit = contest_suit(c, rival, me) if c else None
        raises = [a for a in legal if a.kind == "raise" and a.args["bid"] <= min(
            cap, spare_tokens(me, suit))]
        return min(raises, key=lambda a: a.args["bid"]) if suit and raises else legal[0]
    best, score = None, 0.0
    for a in legal:
        if a.kind != "contest":
            continue
        suit = contest_suit(a.args["card"], rival, me)
        if suit is None or a.args["bid"] > min(cap, spare_tokens(me, suit)):
            continue
        value = 4 + (rival["stage"] - rival["resources"][suit]) - a.args["bid"]
        value += 2 if rival["stage"] >= me["stage"] else 0
        if value > score:
            best, score = a, value
    return best or legal[0]


def name_suit(view: dict, seat: str, me: dict, legal: Sequence[Action]) -> Action:
    ch = view["pending"].get("challenge") or {}
    att = ch.get("attempter", seat)
    if att == seat:
        return max(legal, key=lambda a: me["resources"][a.args["suit"]])
    rival = me_of(view, att)
    return max(legal, key=lambda a: (me["resources"][a.args["suit"]] >= me["stage"],
                                     rival["stage"] - rival["resources"][a.args["suit"]]))
