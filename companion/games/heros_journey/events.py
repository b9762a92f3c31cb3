"""The Events of the Stages (what happens on arrival), the Endings, and scoring.

Readings where the text is open (tested in tests/heros_journey/test_events.py):

* The Origin's fist is a simultaneous secret choice: the Hero on the left hides the Leaf and the
  Wave in one hand while the arriving Hero guesses; a right guess draws both.
* The Battle: each Hero chooses the Mentor or the Place deck to reveal from. Ties on the total go
  to the most Wyrm and Knot tokens; a tie beyond that goes to the Hero earliest in turn order from
  the arriving Hero (and the one latest in that order skips, for the lowest).
* The Discovery: the discarded card is set aside while the Hero looks through the deck, so the
  Hero takes a different card; it is shuffled back afterwards.
* The Chance Meeting: a Hero who then holds two Places discards one of them (their choice).
* The Betrayal: among Mentors of equal highest rank the betrayer chooses; Wyrm and Knot tokens
  given away go one at a time to the Heroes the betrayer picks.
* The End: the first Hero there draws (2 Moons from the Rite; 1 Leaf, with its bonus, from the
  Harvest) without being asked; at scoring each Hero plays their Challenge card or turns up the
  top card of the Deck of Challenges.
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action, Chance

from . import flow
from .data import SUITS
from .flow import SI, act, card, check, ev, kind, pop, push, replace_head
from .model import Work

HANDS = ("left-hand", "right-hand")


def _arrive(w: Work, t: dict) -> None:
    pop(w)
    seat, stage = t["seat"], t["stage"]
    h = w.hero(seat)
    if stage == 2:
        push(w, {"k": "fist", "seat": seat, "hider": flow.left_of(w, seat), "hide": None,
                 "guess": None})
    elif stage == 3:
        place = w.slots[0][1]
        if place:
            got = flow.take_on(w, place)
            for k, n in enumerate(got):
                h.tokens[k] += n
            h.places.append(place)
            for i in range(2):
                w.slots[i][1] = w.slots[i + 1][1]
            w.slots[2][1] = None
            ev(w, "journey_place", seat=seat, card=place,
               tokens={SUITS[k]: n for k, n in enumerate(got) if n})
            push(w, flow.reveal("place", "slot", i=2))
    elif stage == 4:
        tasks: list[dict] = []
        if len(h.places) > 1:
            tasks.append({"k": "drop_place", "seat": seat, "among": list(h.places)})
        order = flow.order_from(w, seat)
        for s in order:
            tasks.append({"k": "battle_deck", "seat": s})
        tasks.append({"k": "battle", "seat": seat, "order": order, "shown": {}})
        push(w, *tasks)
    elif stage == 5:
        if h.hand:
            c = h.hand.pop(0)
            ev(w, "discovery", seat=seat, card=c)
            if c == "excuse":
                draws = [flow.choose_draw(seat, list(SUITS), "discovery") for _ in range(3)]
            else:
                draws = [flow.draw(seat, card(c).suits[0], "discovery")] * 2
            push(w, *draws, {"k": "discover", "seat": seat, "aside": c})
        else:
            push(w, {"k": "discover", "seat": seat, "aside": None})
    elif stage == 6:
        if h.tokens[SI["knots"]] >= 3:
            ev(w, "market", seat=seat)
            push(w, flow.draw(seat, "knots", "market"))
    elif stage == 7:
        push(w, flow.reveal("mentor", "hero", seat=seat), flow.reveal("place", "hero", seat=seat),
             {"k": "meeting_places", "seat": seat})
    elif stage == 8:
        if h.mentors:
            push(w, {"k": "betray", "seat": seat})
        elif h.tokens[SI["wyrms"]] + h.tokens[SI["knots"]]:
            push(w, {"k": "betray_tokens", "seat": seat})
        else:
            ev(w, "betrayal_empty", seat=seat)
    elif stage == 9:
        h.pact_round = w.round
        if w.pact_first is None:
            w.pact_first = seat
            w.revealed = w.endings[0]
            ev(w, "ending_revealed", seat=seat, card=w.revealed)
        push(w, {"k": "pact", "seat": seat})
    elif stage == 10:
        _ending(w, seat)


kind("arrive", due=lambda w, t: None, auto=_arrive)


# -- the Origin's fist -------------------------------------------------------------------------------
def _fist_due(w: Work, t: dict) -> list[str] | None:
    return [s for s, k in ((t["hider"], "hide"), (t["seat"], "guess")) if t[k] is None] or None


def _fist_legal(w: Work, t: dict, seat: str) -> list[Action]:
    if seat == t["hider"] and t["hide"] is None:
        return [act(seat, "hide", hand=x) for x in HANDS]
    if seat == t["seat"] and t["guess"] is None:
        return [act(seat, "guess", hand=x) for x in HANDS]
    return []


def _fist_act(w: Work, t: dict, a: Action) -> None:
    check(w, _fist_legal(w, t, a.seat), a, "origin-fist", "choose the left-hand or the right-hand")
    t = replace_head(w, **{a.kind: a.args["hand"]})
    if a.kind == "hide":
        ev(w, "fist_hidden", seat=a.seat)
    if t["hide"] is None or t["guess"] is None:
        return
    pop(w)
    right = t["hide"] == t["guess"]
    ev(w, "fist_opened", seat=t["seat"], hider=t["hider"], hand=t["hide"], right=right)
    if right:
        push(w, flow.draw(t["seat"], "leaves", "origin"), flow.draw(t["seat"], "waves", "origin"))


kind("fist", due=_fist_due, auto=lambda w, t: pop(w), legal=_fist_legal, act=_fist_act)


# -- the Battle ----------------------------------------------------------------------------------------
def _decks(w: Work) -> list[str]:
    return [d for d in ("mentor", "place") if any(flow.deck_lists(w, d))]


def _bdeck_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "battle_deck", deck=d) for d in _decks(w)]


def _bdeck_act(w: Work, t: dict, a: Action) -> None:
    check(w, _bdeck_legal(w, t, a.seat), a, "battle", "reveal from the Mentor or the Place deck")
    pop(w)
    push(w, flow.reveal(a.args["deck"], "battle", seat=a.seat))


kind("battle_deck", due=lambda w, t: [t["seat"]] if len(_decks(w)) > 1 else None,
     auto=lambda w, t: (pop(w), _decks(w) and push(w, flow.reveal(_decks(w)[0], "battle",
                                                                  seat=t["seat"]))),
     legal=_bdeck_legal, act=_bdeck_act)


def battle_result(w: Work, t: dict) -> tuple[str, str, dict[str, int]]:
    totals = {}
    keys = {}
    for i, s in enumerate(t["order"]):
        h = w.hero(s)
        wk = h.tokens[SI["wyrms"]] + h.tokens[SI["knots"]]
        c = t["shown"].get(s)
        totals[s] = wk + (card(c).rank if c else 0)
        keys[s] = (totals[s], wk, -i)
    # still tied: the first in turn order from the arriving Hero is highest, the last lowest
    high = max(t["order"], key=lambda s: keys[s])
    low = min(t["order"], key=lambda s: keys[s])
    return high, low, totals


def _battle(w: Work, t: dict) -> None:
    pop(w)
    high, low, totals = battle_result(w, t)
    ev(w, "battle", high=high, low=low, totals=totals)
    w.hero(low).skip += 1
    for s, c in t["shown"].items():
        (w.mentor_under if card(c).role == "mentor" else w.place_under).append(c)
    flow.reshuffle(w, "mentor")
    flow.reshuffle(w, "place")
    push(w, flow.draw(high, "wyrms", "battle"), flow.draw(high, "knots", "battle"))


kind("battle", due=lambda w, t: None, auto=_battle)


# -- the Discovery -------------------------------------------------------------------------------------
def _discover_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "discover", card=c) for c in sorted(set(w.challenge_pile))]


def _discover_act(w: Work, t: dict, a: Action) -> None:
    check(w, _discover_legal(w, t, a.seat), a, "discovery",
          "take a card from the Deck of Challenges")
    pop(w)
    w.challenge_pile.remove(a.args["card"])
    w.hero(a.seat).hand.append(a.args["card"])
    if t["aside"]:
        w.challenge_pile.append(t["aside"])
    ev(w, "discovered", seat=a.seat)
    ev(w, "discovered_card", a.seat, seat=a.seat, card=a.args["card"])


def _discover_auto(w: Work, t: dict) -> None:
    pop(w)
    if t["aside"]:
        w.challenge_pile.append(t["aside"])


kind("discover", due=lambda w, t: [t["seat"]] if w.challenge_pile else None,
     auto=_discover_auto, legal=_discover_legal, act=_discover_act)


# -- the Chance Meeting ----------------------------------------------------------------------------------
def _meeting_places(w: Work, t: dict) -> None:
    pop(w)
    h = w.hero(t["seat"])
    if len(h.places) >= 2:
        push(w, {"k": "drop_place", "seat": t["seat"], "among": list(h.places)})


kind("meeting_places", due=lambda w, t: None, auto=_meeting_places)


# -- the Betrayal --------------------------------------------------------------------------------------
def _betray_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(seat)
    top = max(card(m).rank for m in h.mentors)
    return [act(seat, "betray", card=m, to=o) for m in h.mentors if card(m).rank == top
            for o in w.seats if o != seat]


def _betray_act(w: Work, t: dict, a: Action) -> None:
    check(w, _betray_legal(w, t, a.seat), a, "betrayal",
          "give your highest-ranked Mentor to another Hero")
    pop(w)
    w.hero(a.seat).mentors.remove(a.args["card"])
    w.hero(a.args["to"]).mentors.append(a.args["card"])
    ev(w, "betrayed", seat=a.seat, card=a.args["card"], to=a.args["to"])


flow.decision("betray", _betray_legal, _betray_act)


def _btok_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(seat)
    return [act(seat, "give", suit=s, to=o) for s in ("wyrms", "knots") if h.tokens[SI[s]]
            for o in w.seats if o != seat]


def _btok_act(w: Work, t: dict, a: Action) -> None:
    check(w, _btok_legal(w, t, a.seat), a, "betrayal",
          "give away your Wyrm and Knot tokens, one at a time")
    h, o = w.hero(a.seat), w.hero(a.args["to"])
    s = SI[a.args["suit"]]
    h.tokens[s] -= 1
    o.tokens[s] += 1
    ev(w, "betrayed_token", seat=a.seat, suit=a.args["suit"], to=a.args["to"])
    if not (h.tokens[SI["wyrms"]] + h.tokens[SI["knots"]]):
        pop(w)


flow.decision("betray_tokens", _btok_legal, _btok_act)


# -- the Pact ----------------------------------------------------------------------------------------------
def _pact_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(seat)
    out = [act(seat, "pact", mentor=None, slot=None)]
    tb = flow.rules().table
    if h.tokens[SI["suns"]] >= tb.pact_suns and h.tokens[SI["moons"]] >= tb.pact_moons:
        out += [act(seat, "pact", mentor=m, slot=i) for m in h.mentors for i in range(3)
                if w.slots[i][0]]
    return out


def _pact_act(w: Work, t: dict, a: Action) -> None:
    check(w, _pact_legal(w, t, a.seat), a, "pact",
          "pay 2 Suns and 2 Moons to trade a Mentor for a face-up one, or decline")
    pop(w)
    old, i = a.args["mentor"], a.args["slot"]
    if old is None:
        return
    h = w.hero(a.seat)
    tb = flow.rules().table
    new = w.slots[i][0]
    h.tokens[SI["suns"]] -= tb.pact_suns
    h.tokens[SI["moons"]] -= tb.pact_moons
    flow.add_on(w, old, "suns", tb.pact_suns)
    flow.add_on(w, old, "moons", tb.pact_moons)
    got = flow.take_on(w, new)
    for k, n in enumerate(got):
        h.tokens[k] += n
    h.mentors.remove(old)
    h.mentors.append(new)
    w.slots[i][0] = old
    ev(w, "pact_swap", seat=a.seat, old=old, new=new,
       tokens={SUITS[k]: n for k, n in enumerate(got) if n})


flow.decision("pact", _pact_legal, _pact_act)


# -- the Endings -------------------------------------------------------------------------------------------
def _ending(w: Work, seat: str) -> None:
    if w.ending_first is not None:
        ev(w, "ending_reached", seat=seat, card=w.revealed, first=False)
        return
    w.ending_first = seat
    w.final_turns = flow.order_from(w, seat)[1:]
    ev(w, "ending_reached", seat=seat, card=w.revealed, first=True)
    tasks: list[dict] = []
    if w.revealed == "calamity":
        for s in flow.order_from(w, seat):
            h = w.hero(s)
            for c in [c for c in h.cards() if "wyrms" not in card(c).suits]:
                flow.discard_card(w, s, c)
                ev(w, "calamity_discard", seat=s, card=c)
            n = (sum(h.tokens) - h.tokens[SI["wyrms"]] + 1) // 2
            if n:
                tasks.append(flow.pay(s, ["bank"] * n, "calamity",
                                      suits=[x for x in SUITS if x != "wyrms"]))
    elif w.revealed == "windfall":
        non_knot = [x for x in SUITS if x != "knots"]
        for s in flow.order_from(w, seat):
            for c in w.hero(s).cards():
                if "knots" in card(c).suits:
                    tasks += [flow.choose_draw(s, non_knot, "windfall")] * 2
    else:
        h = w.hero(seat)
        if h.origin == "rite":
            tasks += [flow.draw(seat, "moons", "the end", plain=True)] * 2
        else:
            tasks.append(flow.draw(seat, "leaves", "the end"))
    push(w, *tasks)


def finish(w: Work) -> None:
    """The game is over: the End's omens if it was reached, then the scores."""
    tasks: list[dict] = []
    if w.ending_first is not None and w.revealed == "end":
        tasks = [{"k": "omen", "seat": s} for s in flow.order_from(w, w.ending_first)]
    push(w, *tasks, {"k": "score"})


def _omen_legal(w: Work, t: dict, seat: str) -> list[Action]:
    out = [act(seat, "omen", card=c) for c in sorted(set(w.hero(seat).hand))]
    if w.challenge_pile:
        out.append(act(seat, "omen", card=None))
    return out


def _omen_set(w: Work, seat: str, c: str) -> None:
    w.doubled[seat] = "all" if c == "excuse" else card(c).suits[0]
    ev(w, "omen", seat=seat, card=c, suit=w.doubled[seat])


def _omen_act(w: Work, t: dict, a: Action) -> None:
    check(w, _omen_legal(w, t, a.seat), a, "the-end",
          "play your Challenge card or turn up the top of the Deck of Challenges")
    if a.args["card"] is None:
        replace_head(w, k="omen_draw")
        return
    pop(w)
    w.hero(a.seat).hand.remove(a.args["card"])  # played face up: back into the deck
    w.challenge_pile.append(a.args["card"])
    _omen_set(w, a.seat, a.args["card"])


flow.decision("omen", _omen_legal, _omen_act)


def _omen_chance(w: Work, t: dict) -> Chance:
    return Chance(what="the top card of the Deck of Challenges", count=1,
                  options=tuple(sorted(w.challenge_pile)), physical_seats=tuple(w.seats))


def _omen_on(w: Work, t: dict, items: list[str]) -> None:
    pop(w)
    w.challenge_pile.remove(items[0])
    w.challenge_pile.append(items[0])  # shown and put back: it stays in the deck
    _omen_set(w, t["seat"], items[0])


kind("omen_draw", due=lambda w, t: [CHANCE], chance=_omen_chance, on_chance=_omen_on)


def score_of(w: Work, seat: str) -> tuple[int, dict]:
    """(score, the arithmetic) for one Hero, with the Ending's doublings."""
    h = w.hero(seat)
    windfall = w.ending_first is not None and w.revealed == "windfall"
    tokens = sum(h.tokens) + (h.tokens[SI["knots"]] if windfall else 0)
    bonus = 6 if all(h.tokens) else 0
    stage = 10 if h.stage >= 10 else h.stage
    omen = w.doubled.get(seat)
    cards = {}
    for c in h.cards():
        cd = card(c)
        double = (windfall and "knots" in cd.suits) or omen == "all" or (
            omen is not None and omen in cd.suits)
        cards[c] = cd.rank * (2 if double else 1)
    total = (tokens + bonus) * stage + sum(cards.values())
    return total, {"tokens": tokens, "bonus": bonus, "stage": stage, "cards": cards,
                   "total": total, "knots_doubled": windfall, "omen": omen}


def _score(w: Work, t: dict) -> None:
    pop(w)
    detail = {}
    for s in w.seats:
        w.scores[s], detail[s] = score_of(w, s)
    w.over = True
    ev(w, "scores", scores=dict(w.scores), detail=detail)


kind("score", due=lambda w, t: None, auto=_score)
