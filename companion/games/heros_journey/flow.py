"""The task queue that drives play, and the rules every part of the game shares: resources,
drawing from the bank (the Rite's Moons, the Harvest's bonus, substitutes chosen by the lowest
Hero, the Curse Upon the Land), paying without change, and turning cards up from the decks.

A compound rule (a Travel, a Challenge, an arrival) is a sequence of tasks in ``Work.tasks``. The
head task either runs by itself (``auto``), waits for chance (a card turned up from a shuffled
pile), or waits for one or more seats to decide. ``settle`` runs automatic tasks until a decision
or a chance event is due.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.game import CHANCE, Action, Chance, Event, RuleError

from .data import ORIGINS, SUITS, STAGE_CARDS, card_index, given_names, hero_name, rules
from .labels import typed
from .model import HeroW, Work

SI = {s: i for i, s in enumerate(SUITS)}


# -- task registry ----------------------------------------------------------------------------------
@dataclass
class Kind:
    due: Callable[[Work, dict], list[str] | None]  # None: runs by itself
    auto: Callable[[Work, dict], None] | None = None
    legal: Callable[[Work, dict, str], list[Action]] | None = None
    act: Callable[[Work, dict, Action], None] | None = None
    chance: Callable[[Work, dict], Chance] | None = None
    on_chance: Callable[[Work, dict, list[str]], None] | None = None


KINDS: dict[str, Kind] = {}


def kind(name: str, **parts: Any) -> None:
    KINDS[name] = Kind(**parts)


def decision(name: str, legal, act, who: Callable[[Work, dict], list[str]] | None = None) -> None:
    """A task that waits for one seat (``t["seat"]``, or ``who``) to choose a listed action."""
    kind(name, due=who or (lambda w, t: [t["seat"]]), legal=legal, act=act)


def push(w: Work, *tasks: dict) -> None:
    """Put tasks at the front of the queue, in the order given."""
    w.tasks[0:0] = list(tasks)


def pop(w: Work) -> dict:
    return w.tasks.pop(0)


def replace_head(w: Work, **changes: Any) -> dict:
    t = {**w.tasks[0], **changes}
    w.tasks[0] = t
    return t


def settle(w: Work) -> None:
    guard = 0
    while w.tasks:
        t = w.tasks[0]
        k = KINDS[t["k"]]
        if k.due(w, t) is not None:
            return
        k.auto(w, t)
        guard += 1
        if guard > 10_000:
            raise RuntimeError("the task queue does not settle")


def act(seat: str, kind_: str, **args: Any) -> Action:
    """A legal-action template, built without validation (thousands are listed per game)."""
    a = Action.__new__(Action)
    object.__setattr__(a, "__dict__", {"seat": seat, "kind": kind_, "args": args, "text": "",
                                       "ask": None, "optional_text": True})
    object.__setattr__(a, "__pydantic_fields_set__", {"seat", "kind", "args"})
    object.__setattr__(a, "__pydantic_extra__", None)
    object.__setattr__(a, "__pydantic_private__", None)
    return a


# The rules as the screen names them when a move is refused ("(rule: bidding in a Challenge)"):
# the ids stay on the error (``rule_id``) for the tests, never on the screen. "" names none: the
# refusal's own words and the moves it lists say it (played: "rest is not a move you can make now
# (rule: one choice at a time)" named no rule of the game).
RULE_WORDS = {
    "turn": "the turn", "turn-travel": "Travel", "turn-rest": "Rest",
    "turn-match": "a Matching Encounter", "turn-challenge": "meeting a Challenge",
    "turn-order": "whose move it is", "challenge-bid": "bidding in a Challenge",
    "challenge-play": "playing a Challenge card", "excuse": "the Excuse",
    "challenge-keep": "after a contest", "challenge-failure": "failing a Challenge",
    "origin": "the Origin", "origin-fist": "the Origin's hidden tokens", "prophecy": "the Prophecy",
    "battle": "the Battle", "discovery": "the Discovery", "betrayal": "the Betrayal",
    "pact": "the Pact", "the-end": "the End", "drawing": "drawing tokens",
    "harvest": "the Harvest", "curse": "the Curse Upon the Land", "paying": "paying",
    "expending": "expending", "trade": "trading", "trade-bank": "trading with the bank",
    "trade-offers": "one offer a turn to each Hero", "trade-offer": "trading",
    "trade-respond": "answering an offer", "places": "Places", "players": "the number of Heroes",
    "level": "the rivals' level", "chance": "", "over": "the end of the Journey",
    "asked-now": "",
}


class HjRuleError(RuleError):
    """A refused move, its rule named in words on the screen; ``rule_id`` keeps the id."""

    def __init__(self, rule: str, message: str, legal=()) -> None:
        super().__init__(RULE_WORDS.get(rule, rule.replace("_", " ").replace("-", " ")),
                         message, legal)
        if not self.rule:  # no "(rule: )" in the error's own text either
            self.args = (message,)
        self.rule_id = rule


def check(w: Work, legal: list[Action], action: Action, rule: str, what: str) -> None:
    keys = {a.key() for a in legal}
    if action.key() not in keys:
        names = given_names(w.persona)
        labels = list(dict.fromkeys(typed(a, names) for a in legal))[:12]
        raise HjRuleError(rule, f"{what}", legal=labels)


def describe_short(a: Action) -> str:
    parts = [a.kind] + [f"{k}={v}" for k, v in sorted(a.args.items()) if v is not None]
    return " ".join(str(p) for p in parts)


def ev(w: Work, kind_: str, private: str | tuple[str, ...] | None = None, **data: Any) -> None:
    """An event of the race; it carries the names the player gave their Heroes, if any, so that
    whatever words it (the small print, now or from the journal) names them as the player did."""
    vis = (private,) if isinstance(private, str) else private
    if w.persona:
        names = given_names(w.persona)
        if names:
            data["names"] = names
    w.events.append(Event(kind=kind_, data=data, visible_to=vis))


# -- resources --------------------------------------------------------------------------------------
def card(cid: str):
    return card_index()[cid]


def res(h: HeroW, suit: str) -> int:
    """Resources in a suit: tokens plus the ranks of the Hero's Encounter cards bearing it."""
    n = h.tokens[SI[suit]]
    for c in h.mentors + h.places:
        cd = card_index()[c]
        if suit in cd.suits:
            n += cd.rank
    return n


def total_resources(h: HeroW) -> int:
    return sum(h.tokens) + sum(card(c).rank for c in h.cards())


def stage_card(h: HeroW) -> str:
    if h.stage == 1:
        return h.origin or "rite"
    if h.stage <= 9:
        return STAGE_CARDS[h.stage - 2]
    raise ValueError("at the Ending the stage card is the revealed Ending (Work.revealed)")


def next_card(w: Work, h: HeroW) -> str | None:
    """The card of the Hero's next stage (the revealed Ending after the Pact)."""
    if h.stage < 9:
        return STAGE_CARDS[h.stage - 1]
    if h.stage == 9:
        return w.revealed
    return None


def left_of(w: Work, seat: str, k: int = 1) -> str:
    return w.seats[(w.seats.index(seat) + k) % len(w.seats)]


def order_from(w: Work, seat: str) -> list[str]:
    """Every seat, starting with ``seat`` and going to the left."""
    i = w.seats.index(seat)
    return w.seats[i:] + w.seats[:i]


def add_on(w: Work, cid: str, suit: str, n: int = 1) -> None:
    w.on_cards.setdefault(cid, [0] * 6)[SI[suit]] += n


def take_on(w: Work, cid: str) -> list[int]:
    """Remove and return the tokens lying on a card."""
    return w.on_cards.pop(cid, None) or [0] * 6


# -- the bank ---------------------------------------------------------------------------------------
def from_bank(w: Work, seat: str, suit: str, n: int = 1) -> None:
    """Move tokens from the bank to a Hero (no draw effects); the Curse if the bank runs dry."""
    h = w.hero(seat)
    w.bank[SI[suit]] -= n
    h.tokens[SI[suit]] += n
    assert w.bank[SI[suit]] >= 0
    curse_if_empty(w)


def to_bank(w: Work, seat: str, suit: str, n: int = 1) -> None:
    h = w.hero(seat)
    if h.tokens[SI[suit]] < n:
        raise HjRuleError("paying", f"{hero_name(seat, given_names(w.persona))} has no {n} {suit} "
                          "token(s) to pay")
    h.tokens[SI[suit]] -= n
    w.bank[SI[suit]] += n


def curse_if_empty(w: Work) -> None:
    if sum(w.bank) == 0 and not any(t["k"] == "curse" for t in w.tasks):
        ev(w, "curse")
        push(w, *({"k": "curse", "seat": s} for s in order_from(w, w.seats[w.current])))


def draw(seat: str, suit: str, why: str = "", plain: bool = False) -> dict:
    """A task: the Hero draws one token of ``suit`` from the bank, with every rule of drawing."""
    return {"k": "draw", "seat": seat, "suit": suit, "why": why, "plain": plain}


def lowest_chooser(w: Work, seat: str) -> str:
    """Who picks a substitute: the Hero at the lowest Stage; ties, the drawer if among them,
    else the one nearest the drawer's left."""
    low = min(h.stage for h in w.heroes)
    return next(s for s in order_from(w, seat) if w.hero(s).stage == low)


def _draw_due(w: Work, t: dict) -> list[str] | None:
    h = w.hero(t["seat"])
    stocked = [s for s in SUITS if w.bank[SI[s]]]
    if not stocked:
        return None
    if (not t["plain"] and h.origin == "rite" and t["suit"] == "moons" and len(stocked) > 1):
        return [t["seat"]]
    if not w.bank[SI[t["suit"]]] and len(stocked) > 1:
        return [lowest_chooser(w, t["seat"])]
    return None


def _draw_auto(w: Work, t: dict) -> None:
    pop(w)
    seat, suit = t["seat"], t["suit"]
    stocked = [s for s in SUITS if w.bank[SI[s]]]
    if not stocked:
        ev(w, "draw_lost", seat=seat, suit=suit)
        return
    if not w.bank[SI[suit]]:  # the only suit left is the substitute
        ev(w, "substitute", seat=seat, suit=suit, instead=stocked[0], chooser=None)
        suit = stocked[0]
        t = {**t, "plain": True}
    _take(w, t, suit)


def _take(w: Work, t: dict, suit: str) -> None:
    seat = t["seat"]
    from_bank(w, seat, suit)
    ev(w, "draw", seat=seat, suit=suit, why=t.get("why", ""))
    h = w.hero(seat)
    if not t["plain"] and h.origin == "harvest" and suit == "leaves":
        # behind a Curse just pushed, if the bank ran dry
        w.tasks.insert(sum(1 for x in w.tasks if x["k"] == "curse"), {"k": "bonus", "seat": seat})


def _draw_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(t["seat"])
    stocked = [s for s in SUITS if w.bank[SI[s]]]
    if seat == t["seat"] and h.origin == "rite" and t["suit"] == "moons" and not t["plain"]:
        return [act(seat, "take", suit=s) for s in stocked]
    return [act(seat, "substitute", suit=s) for s in stocked]


def _draw_act(w: Work, t: dict, a: Action) -> None:
    check(w, _draw_legal(w, t, a.seat), a, "drawing", "choose a suit the bank still has")
    pop(w)
    suit = a.args["suit"]
    if a.kind == "take":  # the Rite: a Moon, or any other token instead
        if suit != "moons":
            ev(w, "rite_choice", seat=t["seat"], suit=suit)
        if not w.bank[SI[suit]]:
            push(w, {**t, "suit": suit, "plain": True})
            return
        _take(w, {**t, "plain": True}, suit)
        return
    ev(w, "substitute", seat=t["seat"], suit=t["suit"], instead=suit, chooser=a.seat)
    _take(w, {**t, "plain": True}, suit)


kind("draw", due=_draw_due, auto=_draw_auto, legal=_draw_legal, act=_draw_act)


def _bonus_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "bonus", suit=s) for s in SUITS if s != "leaves" and w.bank[SI[s]]] + \
        [act(seat, "bonus", suit=None)]


def _bonus_act(w: Work, t: dict, a: Action) -> None:
    check(w, _bonus_legal(w, t, a.seat), a, "harvest", "the Harvest's bonus is a non-Leaf token")
    pop(w)
    if a.args["suit"]:
        ev(w, "harvest_bonus", seat=t["seat"], suit=a.args["suit"])
        from_bank(w, t["seat"], a.args["suit"])


kind("bonus", due=lambda w, t: [t["seat"]] if any(
    w.bank[SI[s]] for s in SUITS if s != "leaves") else None,
     auto=lambda w, t: pop(w), legal=_bonus_legal, act=_bonus_act)


def choose_draw(seat: str, allowed: list[str], why: str) -> dict:
    """A task: the Hero picks the suit (from ``allowed``) of a token to draw."""
    return {"k": "pick_draw", "seat": seat, "allowed": allowed, "why": why}


def _pick_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "draw", suit=s) for s in t["allowed"]]


def _pick_act(w: Work, t: dict, a: Action) -> None:
    check(w, _pick_legal(w, t, a.seat), a, t["why"] or "drawing", "choose one of the suits offered")
    pop(w)
    push(w, draw(t["seat"], a.args["suit"], t["why"]))


kind("pick_draw", due=lambda w, t: [t["seat"]], legal=_pick_legal, act=_pick_act)


# -- the Curse Upon the Land --------------------------------------------------------------------------
def _curse_options(w: Work, t: dict) -> list[str]:
    h = w.hero(t["seat"])
    top = max(h.tokens)
    return [s for s in SUITS if top and h.tokens[SI[s]] == top]


def _curse_pay(w: Work, seat: str, suit: str) -> None:
    h = w.hero(seat)
    n = (h.tokens[SI[suit]] + 1) // 2
    to_bank(w, seat, suit, n)
    ev(w, "curse_paid", seat=seat, suit=suit, n=n)


def _curse_auto(w: Work, t: dict) -> None:
    pop(w)
    opts = _curse_options(w, t)
    if opts:
        _curse_pay(w, t["seat"], opts[0])


def _curse_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "curse", suit=s) for s in _curse_options(w, t)]


def _curse_act(w: Work, t: dict, a: Action) -> None:
    check(w, _curse_legal(w, t, a.seat), a, "curse", "pay half of a suit you hold the most of")
    pop(w)
    _curse_pay(w, t["seat"], a.args["suit"])


kind("curse", due=lambda w, t: [t["seat"]] if len(_curse_options(w, t)) > 1 else None,
     auto=_curse_auto, legal=_curse_legal, act=_curse_act)


# -- paying tokens, one at a time ---------------------------------------------------------------------
def pay(seat: str, dests: list[str], why: str, suits: list[str] | None = None) -> dict:
    """A task: pay one token per destination ("bank" or a card id), the payer choosing suits."""
    return {"k": "pay", "seat": seat, "dests": dests, "why": why, "suits": suits or list(SUITS)}


def _pay_suits(w: Work, t: dict) -> list[str]:
    h = w.hero(t["seat"])
    return [s for s in t["suits"] if h.tokens[SI[s]]]


def _pay_one(w: Work, t: dict, suit: str) -> None:
    dest, rest = t["dests"][0], t["dests"][1:]
    seat = t["seat"]
    if dest == "bank":
        to_bank(w, seat, suit)
    else:
        w.hero(seat).tokens[SI[suit]] -= 1
        add_on(w, dest, suit)
    ev(w, "pay", seat=seat, suit=suit, to=dest, why=t["why"])
    if rest:
        replace_head(w, dests=rest)
    else:
        pop(w)


def _pay_due(w: Work, t: dict) -> list[str] | None:
    return [t["seat"]] if len(_pay_suits(w, t)) > 1 else None


def _pay_auto(w: Work, t: dict) -> None:
    suits = _pay_suits(w, t)
    if not suits:  # nothing left to pay with (only after a Curse took it): the rest is forgiven
        pop(w)
        ev(w, "cannot_pay", seat=t["seat"], n=len(t["dests"]), why=t["why"])
        return
    _pay_one(w, t, suits[0])


def _pay_legal(w: Work, t: dict, seat: str) -> list[Action]:
    return [act(seat, "pay", suit=s) for s in _pay_suits(w, t)]


def _pay_act(w: Work, t: dict, a: Action) -> None:
    check(w, _pay_legal(w, t, a.seat), a, "paying", "pay one token of a suit you hold")
    _pay_one(w, t, a.args["suit"])


kind("pay", due=_pay_due, auto=_pay_auto, legal=_pay_legal, act=_pay_act)


# -- expending resources (tokens and whole cards, no change) ------------------------------------------
def discard_card(w: Work, seat: str, cid: str) -> None:
    """An Encounter card leaves a Hero: face down under its deck."""
    h = w.hero(seat)
    if cid in h.mentors:
        h.mentors.remove(cid)
        w.mentor_under.append(cid)
    else:
        h.places.remove(cid)
        w.place_under.append(cid)


def _expend_legal(w: Work, t: dict, seat: str) -> list[Action]:
    h = w.hero(t["seat"])
    return ([act(seat, "expend", suit=s) for s in SUITS if h.tokens[SI[s]]]
            + [act(seat, "expend", card=c) for c in h.cards()])


def _expend_act(w: Work, t: dict, a: Action) -> None:
    check(w, _expend_legal(w, t, a.seat), a, "expending", "expend a token or one of your cards")
    seat = t["seat"]
    if "card" in a.args:
        cid = a.args["card"]
        paid = card(cid).rank
        discard_card(w, seat, cid)
        ev(w, "expend", seat=seat, card=cid, n=paid, why=t["why"])
    else:
        to_bank(w, seat, a.args["suit"])
        paid = 1
        ev(w, "expend", seat=seat, suit=a.args["suit"], n=1, why=t["why"])
    need = t["need"] - paid
    if need > 0:
        replace_head(w, need=need)
    else:
        pop(w)


kind("expend", due=lambda w, t: [t["seat"]], legal=_expend_legal, act=_expend_act)


# -- decks --------------------------------------------------------------------------------------------
def deck_lists(w: Work, deck: str) -> tuple[list[str], list[str]]:
    if deck == "mentor":
        return w.mentor_pile, w.mentor_under
    return w.place_pile, w.place_under


def reshuffle(w: Work, deck: str) -> None:
    pile, under = deck_lists(w, deck)
    pile.extend(under)
    under.clear()


def reveal(deck: str, to: str, seat: str | None = None, i: int | None = None) -> dict:
    """A task: turn up the top card of the Mentor or Place deck and put it ``to`` a slot, a Hero
    or a Battle reveal. Only a shuffled pile needs chance; cards put under come up in order."""
    return {"k": "reveal", "deck": deck, "to": to, "seat": seat, "i": i}


def _reveal_due(w: Work, t: dict) -> list[str] | None:
    pile, _ = deck_lists(w, t["deck"])
    return [CHANCE] if pile else None


def _reveal_place(w: Work, t: dict, cid: str | None) -> None:
    pop(w)
    if cid is None:
        ev(w, "deck_empty", deck=t["deck"])
        return
    slot = 0 if t["deck"] == "mentor" else 1
    if t["to"] == "slot":
        w.slots[t["i"]][slot] = cid
        ev(w, "revealed", card=cid, slot=t["i"])
    elif t["to"] == "hero":
        h = w.hero(t["seat"])
        (h.mentors if slot == 0 else h.places).append(cid)
        ev(w, "gains_card", seat=t["seat"], card=cid)
    else:  # a Battle reveal: the card is remembered on the battle task behind
        for j, task in enumerate(w.tasks):
            if task["k"] == "battle":
                w.tasks[j] = {**task, "shown": {**task["shown"], t["seat"]: cid}}
                break
        ev(w, "battle_card", seat=t["seat"], card=cid)


def _reveal_auto(w: Work, t: dict) -> None:
    _, under = deck_lists(w, t["deck"])
    _reveal_place(w, t, under.pop(0) if under else None)


def _reveal_chance(w: Work, t: dict) -> Chance:
    pile, _ = deck_lists(w, t["deck"])
    return Chance(what=f"the top card of the {t['deck'].title()} deck", count=1,
                  options=tuple(sorted(pile)), physical_seats=tuple(w.seats))


def _reveal_on(w: Work, t: dict, items: list[str]) -> None:
    pile, _ = deck_lists(w, t["deck"])
    pile.remove(items[0])
    _reveal_place(w, t, items[0])


kind("reveal", due=_reveal_due, auto=_reveal_auto, chance=_reveal_chance, on_chance=_reveal_on)


def deal(seat: str) -> dict:
    """A task: deal the Hero a Challenge card from the shuffled Deck of Challenges."""
    return {"k": "deal", "seat": seat}


def _deal_chance(w: Work, t: dict) -> Chance:
    return Chance(what="a Challenge card", count=1, options=tuple(sorted(w.challenge_pile)),
                  visible_to=(t["seat"],), physical_seats=(t["seat"],))


def _deal_on(w: Work, t: dict, items: list[str]) -> None:
    pop(w)
    w.challenge_pile.remove(items[0])
    w.hero(t["seat"]).hand.append(items[0])
    ev(w, "dealt", t["seat"], seat=t["seat"], card=items[0])
    ev(w, "dealt_public", seat=t["seat"])


kind("deal", due=lambda w, t: [CHANCE] if w.challenge_pile else None,
     auto=lambda w, t: pop(w), chance=_deal_chance, on_chance=_deal_on)


def valid_origin(origin: str) -> bool:
    return origin in ORIGINS
