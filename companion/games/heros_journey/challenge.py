"""Attempting the next Stage by Meeting a Challenge.

The flow: the attempter places one token of each of the next Stage's suits on it (one token of the
Ending's suit on an Ending) and must still be sufficient; draws the top Challenge card and plays one
of their two face down. Every Hero not above the attempter's Stage who holds a Challenge card may
then contest, starting on the attempter's left: a face-down card and a bid of tokens that beats the
highest so far. Then the bidding goes round (the attempter may bid too) until no one outbids the
leader. The leader reveals the card (naming a suit for the Excuse) and pays the bid to the bank;
the others keep or discard their card. The attempter, then each Challenger from the attempter's
left, meets the Challenge; then the attempter advances or takes the placed tokens back, the issued
card goes back into the deck, and everyone without a Challenge card is dealt one.

Reading of the text: bid amounts are public (each bid must beat the last one, so the table sees
it); the cards played stay face down (secret) until the winner's is revealed. A losing attempter
with two cards in hand keeps only one (the hand limit).
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action, Chance

from . import flow
from .data import SUITS
from .flow import HjRuleError, SI, act, card, check, ev, kind, pop, push, replace_head
from .model import Work


def start_challenge(w: Work, seat: str) -> None:
    h = w.hero(seat)
    nxt = flow.next_card(w, h)
    suits = list(card(nxt).suits)
    for s in suits:
        h.tokens[SI[s]] -= 1
        flow.add_on(w, nxt, s)
    ev(w, "attempt", seat=seat, target=nxt, stake=suits)
    push(w, {"k": "ch_draw", "seat": seat},
         {"k": "ch_play", "seat": seat},
         {"k": "ch_end", "seat": seat, "target": nxt, "stake": suits, "success": None,
          "issued": None, "suit": None})


def _draw_chance(w: Work, t: dict) -> Chance:
    return Chance(what="the top card of the Deck of Challenges", count=1,
                  options=tuple(sorted(w.challenge_pile)), visible_to=(t["seat"],),
                  physical_seats=(t["seat"],))


def _draw_on(w: Work, t: dict, items: list[str]) -> None:
    pop(w)
    w.challenge_pile.remove(items[0])
    w.hero(t["seat"]).hand.append(items[0])
    ev(w, "challenge_drawn", t["seat"], seat=t["seat"], card=items[0])


kind("ch_draw", due=lambda w, t: [CHANCE] if w.challenge_pile else None,
     auto=lambda w, t: pop(w), chance=_draw_chance, on_chance=_draw_on)


def _eligible(w: Work, attempter: str) -> list[str]:
    stage = w.hero(attempter).stage
    return [s for s in flow.order_from(w, attempter)[1:]
            if w.hero(s).stage <= stage and w.hero(s).hand]


def _play_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "play", card=c) for c in sorted(set(w.hero(seat).hand))]


def _play_act(w: Work, t: dict, a: Action) -> None:
    check(w, _play_legal(w, t, a.seat), a, "challenge-play", "play one of your Challenge cards")
    pop(w)
    seat = a.seat
    w.hero(seat).hand.remove(a.args["card"])
    ev(w, "challenge_played", seat=seat)
    queue = _eligible(w, seat)
    push(w, {"k": "auction", "seat": queue[0] if queue else seat, "attempter": seat,
             "lead": seat, "high": 0, "cards": {seat: a.args["card"]}, "bids": {seat: 0},
             "queue": queue, "joining": True, "out": []})


kind("ch_play", due=lambda w, t: [t["seat"]] if w.hero(t["seat"]).hand else None,
     auto=lambda w, t: pop(w), legal=_play_legal, act=_play_act)


# -- the bidding ----------------------------------------------------------------------------------
def _auction_due(w: Work, t: dict) -> list[str] | None:
    return [t["queue"][0]] if t["queue"] else None


def _auction_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(seat)
    bids = range(t["high"] + 1, sum(h.tokens) + 1)
    if t["joining"]:
        return [act(seat, "decline")] + [act(seat, "contest", card=c, bid=b)
                                         for c in sorted(set(h.hand)) for b in bids]
    return [act(seat, "drop")] + [act(seat, "raise", bid=b) for b in bids]


def _auction_act(w: Work, t: dict, a: Action) -> None:
    seat = a.seat
    legal = _auction_legal(w, t, seat)
    if a.key() not in {x.key() for x in legal}:
        high = t["high"]
        raise HjRuleError("challenge-bid", f"a bid must beat {high} token(s) and be no more than "
                        "the tokens you hold" if a.kind in ("contest", "raise") else
                        "contest with a card and a bid, or decline",
                        legal=sorted({x.kind for x in legal}))
    queue = t["queue"][1:]
    cards, bids, out = dict(t["cards"]), dict(t["bids"]), list(t["out"])
    lead, high = t["lead"], t["high"]
    if a.kind in ("contest", "raise"):
        if a.kind == "contest":
            cards[seat] = a.args["card"]
            w.hero(seat).hand.remove(a.args["card"])
        bids[seat] = high = a.args["bid"]
        lead = seat
        ev(w, "bid", seat=seat, bid=high, joined=a.kind == "contest")
        if not t["joining"]:  # everyone still in, from the new leader's left, may answer
            queue = [s for s in flow.order_from(w, seat)[1:] if s in bids and s not in out]
    elif a.kind == "drop":
        out.append(seat)
        ev(w, "bid_drop", seat=seat)
    else:
        ev(w, "bid_decline", seat=seat)
    joining = t["joining"]
    if joining and not queue and len(cards) > 1:  # the first round done: bidding goes round
        joining = False
        queue = [s for s in flow.order_from(w, lead)[1:] if s in bids and s not in out]
    replace_head(w, queue=queue, cards=cards, bids=bids, out=out, lead=lead, high=high,
                 joining=joining, seat=queue[0] if queue else t["attempter"])


def _auction_auto(w: Work, t: dict) -> None:
    pop(w)
    att, lead = t["attempter"], t["lead"]
    issued = t["cards"][lead]
    ev(w, "challenge_issued", seat=lead, card=issued, bid=t["bids"][lead])
    tasks: list[dict] = []
    if issued == "excuse":
        tasks.append({"k": "name_suit", "seat": lead})
    if t["bids"][lead]:
        tasks.append(flow.pay(lead, ["bank"] * t["bids"][lead], "bid"))
    for s in flow.order_from(w, att):
        if s in t["cards"] and s != lead:
            tasks.append({"k": "keep_card", "seat": s, "card": t["cards"][s]})
    challengers = [s for s in flow.order_from(w, att) if s in t["cards"]]
    tasks.append({"k": "meet_all", "seats": challengers, "attempter": att})
    suit = None if issued == "excuse" else card(issued).suits[0]
    _set_end(w, issued=issued, suit=suit)
    push(w, *tasks)


kind("auction", due=_auction_due, auto=_auction_auto, legal=_auction_legal, act=_auction_act)


def _set_end(w: Work, **changes) -> None:
    for j, task in enumerate(w.tasks):
        if task["k"] == "ch_end":
            w.tasks[j] = {**task, **changes}
            return


def _end_task(w: Work) -> dict:
    return next(t for t in w.tasks if t["k"] == "ch_end")


def _name_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "name_suit", suit=s) for s in SUITS]


def _name_act(w: Work, t: dict, a: Action) -> None:
    check(w, _name_legal(w, t, a.seat), a, "excuse", "name a suit for the Excuse")
    pop(w)
    _set_end(w, suit=a.args["suit"])
    ev(w, "excuse_named", seat=a.seat, suit=a.args["suit"])


flow.decision("name_suit", _name_legal, _name_act)


def _keep_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(seat)
    if h.hand:  # the hand limit: keep one of the two
        return [act(seat, "keep", card=c) for c in sorted({*h.hand, t["card"]})]
    return [act(seat, "keep", card=t["card"]), act(seat, "keep", card=None)]


def _keep_act(w: Work, t: dict, a: Action) -> None:
    check(w, _keep_legal(w, t, a.seat), a, "challenge-keep",
          "take your Challenge card back or discard it (one card in hand at most)")
    pop(w)
    h = w.hero(a.seat)
    cards = [*h.hand, t["card"]]
    keep = a.args["card"]
    h.hand = [keep] if keep else []
    if keep in cards:
        cards.remove(keep)
    w.challenge_pile.extend(cards)
    ev(w, "challenge_back", seat=a.seat, kept=keep is not None)


flow.decision("keep_card", _keep_legal, _keep_act)


# -- meeting the Challenge ------------------------------------------------------------------------
def _meet_all(w: Work, t: dict) -> None:
    pop(w)
    push(w, *({"k": "meet", "seat": s, "attempter": t["attempter"]} for s in t["seats"]))


kind("meet_all", due=lambda w, t: None, auto=_meet_all)


def _meet_state(w: Work, t: dict) -> tuple[str, int]:
    suit = _end_task(w)["suit"]
    h = w.hero(t["seat"])
    return suit, h.stage - flow.res(h, suit)


def _meet_due(w: Work, t: dict) -> list[str] | None:
    _, deficit = _meet_state(w, t)
    return [t["seat"]] if deficit > 0 else None


def _meet_auto(w: Work, t: dict) -> None:
    pop(w)
    suit, _ = _meet_state(w, t)
    ev(w, "met", seat=t["seat"], suit=suit, have=flow.res(w.hero(t["seat"]), suit),
       need=w.hero(t["seat"]).stage)
    if t["seat"] == t["attempter"]:
        _set_end(w, success=True)
    push(w, flow.draw(t["seat"], suit, "challenge met"))


def _meet_legal(w: Work, t: dict, seat: str) -> list[Action]:
    _, deficit = _meet_state(w, t)
    out = [act(seat, "lie_down")]
    if flow.total_resources(w.hero(seat)) >= deficit:
        out.insert(0, act(seat, "expend_for_failure"))
    return out


def _meet_act(w: Work, t: dict, a: Action) -> None:
    check(w, _meet_legal(w, t, a.seat), a, "challenge-failure",
          "expend at least your shortfall in resources, or lay down your pawn")
    pop(w)
    suit, deficit = _meet_state(w, t)
    h = w.hero(a.seat)
    ev(w, "failed", seat=a.seat, suit=suit, have=flow.res(h, suit), need=h.stage,
       choice=a.kind)
    if t["seat"] == t["attempter"]:
        _set_end(w, success=False)
    if a.kind == "lie_down":
        h.skip += 1
    else:
        push(w, {"k": "expend", "seat": a.seat, "need": deficit, "why": "failed challenge"})


kind("meet", due=_meet_due, auto=_meet_auto, legal=_meet_legal, act=_meet_act)


def _ch_end(w: Work, t: dict) -> None:
    pop(w)
    seat = t["seat"]
    h = w.hero(seat)
    if t["issued"]:
        w.challenge_pile.append(t["issued"])
    stake = flow.take_on(w, t["target"])
    if t["success"]:
        for k, n in enumerate(stake):
            w.bank[k] += n
        h.stage += 1
        ev(w, "advance", seat=seat, stage=h.stage, card=t["target"])
    else:
        for k, n in enumerate(stake):
            h.tokens[k] += n
        ev(w, "stay", seat=seat, stage=h.stage, card=t["target"])
    tasks = [flow.deal(s) for s in flow.order_from(w, seat) if not w.hero(s).hand]
    if t["success"]:
        tasks.append({"k": "arrive", "seat": seat, "stage": h.stage})
    push(w, *tasks)


kind("ch_end", due=lambda w, t: None, auto=_ch_end)
