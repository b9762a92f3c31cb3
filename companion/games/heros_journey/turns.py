"""Setup, the turn (Travel, Rest, Attempt), and passing the turn to the left (trading is
``trade``: offers to another Hero any time in the turn, before the action too; the bank after it).

Choices where the text is open (each documented in rules/heros_journey/game.toml and tested):
the first Hero is drawn by lot after the origins are chosen; one offer to each other Hero per
turn; the Rite's two setup Moons are plain Moons (the substitution applies "for the rest of the
game"). Travel is priced after the parting gifts (the gifts come first, and may pay for it).
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action, Chance

from . import flow
from .challenge import start_challenge
from .data import ENDINGS, SUITS, rules
from .events import finish
from .flow import HjRuleError, SI, act, card, check, ev, kind, pop, push
from .model import Work
from .trade import has_offer, offer_gen, trade_act

PAIR_NAMES = ("Wanderer's", "Traveler's", "Seeker's")


# -- setup ----------------------------------------------------------------------------------------
def _endings_chance(w: Work, t: dict) -> Chance:
    return Chance(what="the order of the three Endings, face down", count=3,
                  options=ENDINGS, visible_to=())


def _endings_on(w: Work, t: dict, items: list[str]) -> None:
    pop(w)
    w.endings = list(items)
    ev(w, "endings_shuffled")


kind("endings", due=lambda w, t: [CHANCE], chance=_endings_chance, on_chance=_endings_on)


def _origin_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "origin", origin=o) for o in ("rite", "harvest")]


def _origin_act(w: Work, t: dict, a: Action) -> None:
    check(w, _origin_legal(w, t, a.seat), a, "origin", "begin on the Rite or the Harvest")
    pop(w)
    h = w.hero(a.seat)
    h.origin = a.args["origin"]
    ev(w, "origin", seat=a.seat, origin=h.origin)
    if h.origin == "rite":
        flow.from_bank(w, a.seat, "moons", rules().table.rite_moons)
        push(w, {"k": "prophecy", "seat": a.seat})


flow.decision("origin", _origin_legal, _origin_act)


def _prophecy_legal(w: Work, t: dict, seat: str) -> list[Action]:
    out = [act(seat, "prophecy", look="bottom")]
    if w.hero(seat).tokens[SI["moons"]] >= rules().table.prophecy_top_cost:
        out.append(act(seat, "prophecy", look="top"))
    return out


def _prophecy_act(w: Work, t: dict, a: Action) -> None:
    check(w, _prophecy_legal(w, t, a.seat), a, "prophecy",
          "look at the bottom Ending, or pay three Moons to see the top one")
    pop(w)
    h = w.hero(a.seat)
    look = a.args["look"]
    if look == "top":
        flow.to_bank(w, a.seat, "moons", rules().table.prophecy_top_cost)
    h.prophecy = w.endings[0] if look == "top" else w.endings[-1]
    h.prophecy_pos = look
    ev(w, "prophecy", seat=a.seat, look=look)
    ev(w, "prophecy_seen", a.seat, seat=a.seat, look=look, ending=h.prophecy)


flow.decision("prophecy", _prophecy_legal, _prophecy_act)


def _first_chance(w: Work, t: dict) -> Chance:
    return Chance(what="the Hero who goes first (by lot)", count=1, options=tuple(w.seats))


def _first_on(w: Work, t: dict, items: list[str]) -> None:
    pop(w)
    w.first = w.current = w.seats.index(items[0])
    ev(w, "first", seat=items[0])
    push(w, {"k": "turn", "seat": items[0]})


kind("first", due=lambda w, t: [CHANCE], chance=_first_chance, on_chance=_first_on)


def setup_tasks(seats: list[str]) -> list[dict]:
    tasks: list[dict] = [{"k": "endings"}]
    tasks += [flow.deal(s) for s in seats]
    for i in range(3):
        tasks += [flow.reveal("mentor", "slot", i=i), flow.reveal("place", "slot", i=i)]
    tasks += [{"k": "origin", "seat": s} for s in seats]
    tasks.append({"k": "first"})
    return tasks


# -- the turn -----------------------------------------------------------------------------------------
def travel_cost(i: int) -> int:
    return rules().table.travel_costs[i]


def rest_options(w: Work, seat: str) -> list[Action]:
    h = w.hero(seat)
    stage_suits = card(flow.stage_card(h)).suits
    eligible = [c for c in h.cards() if 0 < card(c).rank <= h.stage]
    out = []
    for c in eligible:
        suits = card(c).suits
        twos = list(suits) if len(suits) == 2 else [None]
        for two in twos:
            for ss in stage_suits:
                out.append(act(seat, "rest", card=c, two=two, stage_suit=ss))
    if not eligible:
        if len(stage_suits) == 2:
            out.append(act(seat, "rest", card=None, suits=list(stage_suits)))
        else:
            for a, b in ((0, 1), (0, 2), (1, 2)):
                out.append(act(seat, "rest", card=None, suits=[stage_suits[a], stage_suits[b]]))
    return out


def travel_options(w: Work, seat: str) -> list[Action]:
    """Each pair the Hero can pay for, keeping at most one Mentor. The price is reckoned after
    the parting gifts: each Mentor left behind gives a token first, which may pay for the pair."""
    h = w.hero(seat)
    out = []
    for i in range(3):
        if w.slots[i] == [None, None]:
            continue
        for keep in [None, *h.mentors]:
            gifts = min(len(h.mentors) - (keep is not None), sum(w.bank))
            if sum(h.tokens) + gifts >= travel_cost(i):
                out.append(act(seat, "travel", pair=i, keep=keep))
    return out


def matching_cards(w: Work, seat: str) -> list[str]:
    h = w.hero(seat)
    nxt = flow.next_card(w, h)
    if nxt is None or h.stage >= 9:
        return []
    need = set(card(nxt).suits)
    return [c for c in h.cards() if need <= set(card(c).suits)]


def challenge_ready(w: Work, seat: str) -> str:
    """Why the Hero cannot attempt the next Stage by a Challenge ("" if they can)."""
    h = w.hero(seat)
    nxt = flow.next_card(w, h)
    if nxt is None:
        return "the Ending is not revealed yet (the first Hero at the Pact reveals it)"
    suits = card(nxt).suits
    name = card(nxt).name
    lack = [s for s in suits if h.tokens[SI[s]] < 1]
    if lack:
        return (f"you hold no {_suits(lack, 'or')} "
                f"token to place on {name} (it takes one of each of {_suits(suits)})")
    left = {s: flow.res(h, s) - 1 for s in suits}
    if h.stage == 9:
        if left[suits[0]] < 10:
            return (f"after placing a token you would have {_count(left[suits[0]], suits[0])}"
                    f"; {name} needs 10")
        return ""
    if min(left.values()) < 1 or sum(left.values()) < card(nxt).rank:
        have = " and ".join(_count(n, s) for s, n in left.items())
        return (f"after placing the tokens you would have {have}; {name} needs both and "
                f"{card(nxt).rank} together")
    return ""


def turn_options(w: Work, seat: str) -> list[Action]:
    """The action of the turn; and, any time in the turn (before the action too), an offer to
    another Hero ("trade_offer" opens the offers, which come back here)."""
    out = travel_options(w, seat) + rest_options(w, seat)
    out += [act(seat, "match", card=c) for c in matching_cards(w, seat)]
    if not challenge_ready(w, seat):
        out.append(act(seat, "challenge"))
    if has_offer(w, seat) and next(offer_gen(w, seat), None):
        out.append(act(seat, "trade_offer"))
    return out


def _turn_due(w: Work, t: dict) -> list[str] | None:
    return None if w.hero(t["seat"]).skip else [t["seat"]]


def _turn_auto(w: Work, t: dict) -> None:  # a lost turn
    pop(w)
    h = w.hero(t["seat"])
    h.skip -= 1
    ev(w, "turn_lost", seat=t["seat"])
    push(w, {"k": "end_turn", "seat": t["seat"]})


def _turn_act(w: Work, t: dict, a: Action) -> None:
    seat = a.seat
    if a.kind in ("offer", "trade_offer"):  # trading with a Hero before the action
        if a.kind == "trade_offer" and (a.args or a.key() not in {
                x.key() for x in turn_options(w, seat)}):
            raise HjRuleError("trade", "no Hero can trade with you now")
        trade_act(w, t, a)
        return
    if a.kind == "rest" and a.args.get("card") is None and isinstance(a.args.get("suits"), list):
        order = card(flow.stage_card(w.hero(seat))).suits  # any order of the two suits
        a = act(seat, "rest", card=None, suits=sorted(
            a.args["suits"], key=lambda x: order.index(x) if x in order else 9))
    legal = turn_options(w, seat)
    if a.key() not in {x.key() for x in legal}:
        raise HjRuleError(f"turn-{a.kind}" if a.kind in ("travel", "rest", "match", "challenge")
                        else "turn", _turn_why(w, a),
                        legal=["travel", "rest"] + (["match"] if matching_cards(w, seat) else [])
                        + ([] if challenge_ready(w, seat) else ["challenge"]))
    pop(w)
    push(w, {"k": "trade", "seat": seat})
    if a.kind == "travel":
        _travel(w, seat, a.args["pair"], a.args["keep"])
    elif a.kind == "rest":
        _rest(w, seat, a.args)
    elif a.kind == "match":
        h = w.hero(seat)
        flow.discard_card(w, seat, a.args["card"])
        h.stage += 1
        ev(w, "match", seat=seat, card=a.args["card"], stage=h.stage)
        push(w, {"k": "arrive", "seat": seat, "stage": h.stage})
    else:
        start_challenge(w, seat)


def _count(n: int, suit) -> str:
    """'1 Moon', '2 Moons', '0 Moons': a number of a suit's tokens."""
    info = rules().suit(suit)
    return f"{n} {info.token if n == 1 else info.name}"


def _suits(suits, joint: str = "and") -> str:
    return f" {joint} ".join(rules().suit(s).name for s in suits)


def _turn_why(w: Work, a: Action) -> str:
    seat, h = a.seat, w.hero(a.seat)
    if a.kind == "challenge":
        return challenge_ready(w, seat) or "you cannot attempt a Challenge now"
    if a.kind == "match":
        nxt = flow.next_card(w, h)
        if nxt is None or h.stage >= 9:
            return "the Ending is reached only by meeting a Challenge, never by a Matching card"
        need = card(nxt).suits
        wants = f"{card(nxt).name} needs {_suits(need)}"
        cid = a.args.get("card")
        if not isinstance(cid, str) or cid not in h.cards():
            mine = ", ".join(card(c).name for c in h.cards()) or "none"
            return f"match one of your own cards (yours: {mine}); {wants}"
        lack = [s for s in need if s not in card(cid).suits]
        return (f"{card(cid).name} ({_suits(card(cid).suits)}) bears no "
                f"{_suits(lack, 'or')}: {wants}")
    if a.kind == "rest" and a.args.get("card") and a.args["card"] in h.cards() \
            and card(a.args["card"]).rank > h.stage:
        c = card(a.args["card"])
        return (f"{c.name} is rank {c.rank}, above your Stage {h.stage}: rest on a card of rank "
                f"{h.stage} or less")
    if a.kind == "travel":
        return ("travel: pair 0, 1 or 2 (Wanderer's costs 1 token, Traveler's 3, Seeker's 5) and "
                "keep at most one of your Mentors")
    if a.kind == "rest":
        return ("rest on one of your Encounter cards of rank up to your Stage (2 of one suit, 1 "
                "of the other), plus 1 token of a suit on your Stage card")
    return ("on your turn: travel, rest, or attempt the next Stage (match or challenge); you may "
            "offer a Hero a trade first")


flow.decision("turn", lambda w, t, s: turn_options(w, s), _turn_act)
KIND_TURN = flow.KINDS["turn"]
KIND_TURN.due = _turn_due
KIND_TURN.auto = _turn_auto


def _travel(w: Work, seat: str, i: int, keep: str | None) -> None:
    h = w.hero(seat)
    left = [m for m in h.mentors if m != keep]
    tasks: list[dict] = []
    for m in left:
        h.mentors.remove(m)
        w.mentor_under.append(m)
        suits = list(card(m).suits)
        tasks.append(flow.choose_draw(seat, suits, "parting gift") if len(suits) > 1
                     else flow.draw(seat, suits[0], "parting gift"))
    ev(w, "travel", seat=seat, pair=i, keep=keep, left=left)
    dests: list[str] = []
    for j in range(i):
        dests += [c or "bank" for c in w.slots[j]]
    dests.append("bank")
    tasks.append(flow.pay(seat, dests, "travel"))
    tasks.append({"k": "take_pair", "seat": seat, "i": i})
    push(w, *tasks)


def _take_pair(w: Work, t: dict) -> None:
    pop(w)
    seat, i = t["seat"], t["i"]
    h = w.hero(seat)
    mentor, place = w.slots[i]
    old_places = list(h.places)
    got = [0] * 6
    for c in (mentor, place):
        if c:
            for k, n in enumerate(flow.take_on(w, c)):
                got[k] += n
    for k, n in enumerate(got):
        h.tokens[k] += n
    if mentor:
        h.mentors.append(mentor)
    del w.slots[i]
    w.slots.append([None, None])
    ev(w, "takes_pair", seat=seat, mentor=mentor, place=place, pair=i,
       tokens={SUITS[k]: n for k, n in enumerate(got) if n})
    tasks = [flow.reveal("mentor", "slot", i=2), flow.reveal("place", "slot", i=2)]
    if place:
        h.places.append(place)
        if h.stage == 3:  # on the Journey two Places may be kept
            if len(old_places) >= 2:
                tasks.append({"k": "drop_place", "seat": seat, "among": old_places})
        else:
            for p in old_places:
                flow.discard_card(w, seat, p)
                ev(w, "leaves_place", seat=seat, card=p)
    push(w, *tasks)


kind("take_pair", due=lambda w, t: None, auto=_take_pair)


def _drop_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "discard_place", card=c) for c in t["among"] if c in w.hero(seat).places]


def _drop_act(w: Work, t: dict, a: Action) -> None:
    check(w, _drop_legal(w, t, a.seat), a, "places", "discard one of the Places named")
    pop(w)
    flow.discard_card(w, a.seat, a.args["card"])
    ev(w, "leaves_place", seat=a.seat, card=a.args["card"])


flow.decision("drop_place", _drop_legal, _drop_act)


def _rest(w: Work, seat: str, args: dict) -> None:
    cid = args["card"]
    tasks = []
    if cid is None:
        tasks = [flow.draw(seat, s, "rest") for s in args["suits"]]
    else:
        suits = card(cid).suits
        if len(suits) == 3:
            tasks = [flow.draw(seat, s, "rest") for s in suits]
        else:
            two = args["two"]
            other = next(s for s in suits if s != two)
            tasks = [flow.draw(seat, two, "rest"), flow.draw(seat, two, "rest"),
                     flow.draw(seat, other, "rest")]
        tasks.append(flow.draw(seat, args["stage_suit"], "rest"))
    ev(w, "rest", seat=seat, card=cid)
    push(w, *tasks)


# -- passing the turn -----------------------------------------------------------------------------------
def _end_turn(w: Work, t: dict) -> None:
    pop(w)
    seat = t["seat"]
    w.offers_made = []
    if w.ending_first is not None:
        if seat in w.final_turns:
            w.final_turns.remove(seat)
        if not w.final_turns:
            finish(w)
            return
        nxt = w.final_turns[0]
        w.current = w.seats.index(nxt)
        push(w, {"k": "turn", "seat": nxt})
        return
    w.current = (w.current + 1) % len(w.seats)
    if w.current == w.first:
        w.round += 1
        if w.round > w.max_rounds:
            w.halted = True
            ev(w, "halt", rounds=w.max_rounds)
            finish(w)
            return
        ev(w, "round", round=w.round)
    push(w, {"k": "turn", "seat": w.seats[w.current]})


kind("end_turn", due=lambda w, t: None, auto=_end_turn)
