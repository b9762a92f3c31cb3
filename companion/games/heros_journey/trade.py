"""Trading: with another Hero at any agreed rate any time in one's turn (one offer to each other
Hero per turn; the other accepts or refuses), and with the bank 2:1 at the end of the turn (1:1
on the Market; from a face-up Encounter card's tokens when the bank lacks the suit)."""
from __future__ import annotations

from itertools import combinations_with_replacement

from companion.core.game import Action

from . import flow
from .data import SUITS, given_names, hero_name, rules
from .flow import HjRuleError, SI, act, check, ev, pop, push
from .model import Work


# -- trading --------------------------------------------------------------------------------------------
def on_market(w: Work, seat: str) -> bool:
    return w.hero(seat).stage == 6


def bank_trades(w: Work, seat: str) -> list[Action]:
    return list(bank_trade_gen(w, seat))


def bank_trade_gen(w: Work, seat: str):
    h = w.hero(seat)
    size = 1 if on_market(w, seat) else 2
    gives = [list(c) for c in combinations_with_replacement(SUITS, size)
             if all(h.tokens[SI[s]] >= c.count(s) for s in c)]
    face_up = [c for p in w.slots for c in p if c]
    for get in SUITS:
        sources: list[str | None] = [None] if w.bank[SI[get]] else [
            c for c in face_up if w.on_cards.get(c, [0] * 6)[SI[get]]]
        for give in gives:
            if get in give:
                continue
            for src in sources:
                yield act(seat, "bank", give=give, get=get, source=src)


def offer_options(w: Work, seat: str) -> list[Action]:
    return list(offer_gen(w, seat))


def offer_gen(w: Work, seat: str):
    h = w.hero(seat)
    limit = rules().table.offers_per_rival
    for other in w.seats:
        if other == seat or w.offers_made.count(other) >= limit:
            continue
        o = w.hero(other)
        for a in SUITS:
            for b in SUITS:
                if a == b:
                    continue
                for na, nb in ((1, 1), (2, 1), (1, 2), (3, 1)):
                    if h.tokens[SI[a]] >= na and o.tokens[SI[b]] >= nb:
                        yield act(seat, "offer", to=other, give={a: na}, get={b: nb})


def _bank_error(w: Work, seat: str, give: object, get: object, source: object) -> str:
    """Why a bank trade is not allowed ("" when it is)."""
    h = w.hero(seat)
    size = 1 if on_market(w, seat) else 2
    if not isinstance(give, list) or len(give) != size or any(g not in SUITS for g in give):
        return f"give the bank {size} token{'s' if size > 1 else ''} for one"
    if get not in SUITS or get in give:
        return "ask the bank for a token of a suit you do not give"
    if any(h.tokens[SI[g]] < give.count(g) for g in give):
        return "you do not hold the tokens you give"
    if source is None:
        return "" if w.bank[SI[get]] else (f"the bank has no {get}: take it from a face-up "
                                           "Encounter card that holds one")
    face_up = [c for p in w.slots for c in p if c]
    if w.bank[SI[get]] or source not in face_up or not w.on_cards.get(source, [0] * 6)[SI[get]]:
        return "a token comes from a face-up Encounter card only when the bank lacks the suit"
    return ""


def _has_bank_trade(w: Work, seat: str) -> bool:
    h = w.hero(seat)
    if sum(h.tokens) < (1 if on_market(w, seat) else 2):
        return False
    return any(w.bank) or any(sum(v) for v in w.on_cards.values())


def has_offer(w: Work, seat: str) -> bool:
    limit = rules().table.offers_per_rival
    return sum(w.hero(seat).tokens) > 0 and any(
        o != seat and w.offers_made.count(o) < limit and sum(w.hero(o).tokens)
        for o in w.seats)


def trade_options(w: Work, seat: str) -> list[Action]:
    """The trading step: end the turn, or open the bank's or the offers' menu. (A full bank trade
    or offer is also accepted here directly, as the REPL sends them.)"""
    out = [act(seat, "end")]
    if _has_bank_trade(w, seat) and next(bank_trade_gen(w, seat), None):  # one is enough to know
        out.append(act(seat, "trade_bank"))
    if has_offer(w, seat) and next(offer_gen(w, seat), None):
        out.append(act(seat, "trade_offer"))
    return out


def _valid_bundle(x: object) -> bool:
    return isinstance(x, dict) and bool(x) and all(
        s in SUITS and isinstance(n, int) and n > 0 for s, n in x.items())


def trade_act(w: Work, t: dict, a: Action) -> None:
    seat = a.seat
    if a.kind == "offer":
        _check_offer(w, seat, a)
    elif a.kind == "bank":
        why = _bank_error(w, seat, a.args.get("give"), a.args.get("get"), a.args.get("source"))
        if why:
            raise HjRuleError("trade-bank", why + " (2:1, or 1:1 on the Market)")
    elif a.kind != "back" and (a.kind not in ("end", "trade_bank", "trade_offer") or set(a.args)
                               or a.key() not in {x.key() for x in trade_options(w, seat)}):
        raise HjRuleError("trade", "trade with the bank 2:1 (1:1 on the Market), offer a trade, "
                        "or end your turn", legal=["end", "bank", "offer"])
    if t["k"] not in ("trade", "turn"):  # a menu: back to the step it came from
        pop(w)
    if a.kind == "end":
        pop(w)
        push(w, {"k": "end_turn", "seat": seat})
    elif a.kind in ("trade_bank", "trade_offer"):
        push(w, {"k": a.kind, "seat": seat})
    elif a.kind == "back":
        pass
    elif a.kind == "bank":
        give, get, src = a.args["give"], a.args["get"], a.args["source"]
        for s in give:
            flow.to_bank(w, seat, s)
        if src is None:
            flow.from_bank(w, seat, get)
        else:
            w.on_cards[src][SI[get]] -= 1
            w.hero(seat).tokens[SI[get]] += 1
        ev(w, "bank_trade", seat=seat, give=give, get=get, source=src)
    else:
        w.offers_made.append(a.args["to"])
        ev(w, "offer", seat=seat, to=a.args["to"], give=a.args["give"], get=a.args["get"])
        push(w, {"k": "respond", "seat": a.args["to"], "from": seat, "give": a.args["give"],
                 "get": a.args["get"]})


def _menu_act(w: Work, t: dict, a: Action) -> None:
    want = "bank" if t["k"] == "trade_bank" else "offer"
    if a.kind not in (want, "back") or (a.kind == "back" and a.args):
        raise HjRuleError(t["k"].replace("_", "-"), f"choose a {want} trade, or go back",
                        legal=[want, "back"])
    trade_act(w, t, a)


for _menu, _lister in (("trade_bank", bank_trades), ("trade_offer", offer_options)):
    flow.decision(_menu, lambda w, t, s, _l=_lister: [act(s, "back")] + _l(w, s), _menu_act)


def _n(n: int, suit: str) -> str:
    """'1 Knot', '2 Knots'."""
    return f"{n} {rules().suit(suit).token if n == 1 else rules().suit(suit).name}"


def _check_offer(w: Work, seat: str, a: Action) -> None:
    to, give, get = a.args.get("to"), a.args.get("give"), a.args.get("get")
    names = given_names(w.persona)
    if to not in w.seats or to == seat:
        raise HjRuleError("trade", "offer a trade to another Hero at the table",
                        legal=[hero_name(s, names) for s in w.seats if s != seat])
    if w.offers_made.count(to) >= rules().table.offers_per_rival:
        raise HjRuleError("trade-offers",
                          f"you already made {hero_name(to, names)} an offer this turn")
    if not (_valid_bundle(give) and _valid_bundle(get)):
        raise HjRuleError("trade", "an offer gives some tokens for some tokens, e.g. 1 Moon for "
                        "2 Knots")
    h, o = w.hero(seat), w.hero(to)
    short = [_n(n, s) for s, n in give.items() if h.tokens[SI[s]] < n]
    if short:
        have = ", ".join(_n(h.tokens[SI[s]], s) for s in give)
        raise HjRuleError("trade", f"you offer {' and '.join(short)} but hold {have}")
    short = [_n(n, s) for s, n in get.items() if o.tokens[SI[s]] < n]
    if short:
        have = ", ".join(_n(o.tokens[SI[s]], s) for s in get)
        raise HjRuleError("trade", f"{hero_name(to, names)} does not hold "
                          f"{' and '.join(short)} (holds {have})")


flow.decision("trade", lambda w, t, s: trade_options(w, s), trade_act)


def _respond_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h, o = w.hero(t["from"]), w.hero(seat)
    ok = all(h.tokens[SI[s]] >= n for s, n in t["give"].items()) and all(
        o.tokens[SI[s]] >= n for s, n in t["get"].items())
    return ([act(seat, "accept")] if ok else []) + [act(seat, "refuse")]


def _respond_act(w: Work, t: dict, a: Action) -> None:
    check(w, _respond_legal(w, t, a.seat), a, "trade", "accept or refuse the offer")
    pop(w)
    if a.kind == "accept":
        h, o = w.hero(t["from"]), w.hero(a.seat)
        for s, n in t["give"].items():
            h.tokens[SI[s]] -= n
            o.tokens[SI[s]] += n
        for s, n in t["get"].items():
            o.tokens[SI[s]] -= n
            h.tokens[SI[s]] += n
    ev(w, "trade_" + ("accepted" if a.kind == "accept" else "refused"), seat=a.seat,
       by=t["from"], give=t["give"], get=t["get"])


flow.decision("respond", _respond_legal, _respond_act)
