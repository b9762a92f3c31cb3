"""Build Hero's Journey positions for rule tests, and step through them."""
from __future__ import annotations

from companion.core.game import CHANCE, Action
from companion.games.heros_journey import GAME
from companion.games.heros_journey.data import SUITS, rules
from companion.games.heros_journey.model import SEATS, Hero, State


def toks(**kw: int) -> tuple[int, ...]:
    return tuple(kw.get(s, 0) for s in SUITS)


def make(heroes: list[dict], slots=None, endings=("end", "calamity", "windfall"), revealed=None,
         tasks=None, on_cards=None, **kw) -> State:
    """A position: each hero dict may give stage, origin, tokens (a dict), mentors, places, hand.
    Unused cards go to the decks; the bank holds the rest of the 72 tokens."""
    seats = SEATS[:len(heroes)]
    hs = []
    used: set[str] = set()
    for seat, spec in zip(seats, heroes):
        tk = spec.get("tokens", {})
        h = Hero(seat=seat, origin=spec.get("origin", "harvest"), stage=spec.get("stage", 1),
                 tokens=toks(**tk), mentors=tuple(spec.get("mentors", ())),
                 places=tuple(spec.get("places", ())), hand=tuple(spec.get("hand", ())),
                 skip=spec.get("skip", 0))
        used |= set(h.mentors) | set(h.places) | set(h.hand)
        hs.append(h)
    slots = slots or (("author", "desert"), ("painter", "mountain"), ("savage", "forest"))
    used |= {c for p in slots for c in p if c}
    on_cards = {k: toks(**v) for k, v in (on_cards or {}).items()}
    bank = tuple(12 - sum(h.tokens[i] for h in hs) - sum(v[i] for v in on_cards.values())
                 for i in range(6))
    r = rules()
    state = State(
        seats=seats, heroes=tuple(hs), bank=bank, on_cards=on_cards,
        mentor_pile=tuple(sorted(c for c in r.role("mentor") if c not in used)),
        place_pile=tuple(sorted(c for c in r.role("place") if c not in used)),
        challenge_pile=tuple(sorted(c for c in r.role("challenge") if c not in used)),
        slots=tuple(tuple(p) for p in slots), endings=tuple(endings), revealed=revealed,
        tasks=tuple(tasks if tasks is not None else [{"k": "turn", "seat": "hero1"}]), **kw)
    return state


def do(state: State, seat: str, kind: str, text: str = "", **args):
    """Apply one move; returns (state, events)."""
    return GAME.apply(state, Action(seat=seat, kind=kind, args=args, text=text))


def go(state: State, seat: str, kind: str, **args) -> State:
    return do(state, seat, kind, **args)[0]


def deal(state: State, *items: str) -> State:
    assert GAME.to_move(state) == [CHANCE], GAME.to_move(state)
    return GAME.apply(state, Action(seat=CHANCE, kind="chance", args={"items": list(items)}))[0]


def hero(state: State, seat: str) -> Hero:
    return next(h for h in state.heroes if h.seat == seat)


def tok(state: State, seat: str, suit: str) -> int:
    return hero(state, seat).tokens[SUITS.index(suit)]


def head(state: State) -> dict:
    return state.tasks[0] if state.tasks else {}


def total_tokens(state: State) -> int:
    return sum(state.bank) + sum(sum(h.tokens) for h in state.heroes) + sum(
        sum(v) for v in state.on_cards.values())


def card_places(state: State) -> list[str]:
    """Every card, once for each place it is in."""
    out = list(state.mentor_pile + state.mentor_under + state.place_pile + state.place_under
               + state.challenge_pile + state.endings)
    for h in state.heroes:
        out += list(h.mentors + h.places + h.hand)
    out += [c for p in state.slots for c in p if c]
    for t in state.tasks:  # cards face down on the table during a Challenge or a Discovery
        if t["k"] == "auction":
            out += list(t["cards"].values())
        if t["k"] in ("discover",) and t.get("aside"):
            out.append(t["aside"])
        if t["k"] == "battle":
            out += list(t["shown"].values())
        if t["k"] == "ch_end" and t.get("issued"):
            out.append(t["issued"])
        if t["k"] == "keep_card":
            out.append(t["card"])
    # the event line: stage cards, origins
    out += ["rite", "harvest", "origin", "journey", "battle", "discovery", "market",
            "chance-meeting", "betrayal", "pact"]
    return out


def turn(state: State, seat: str = "hero1", level: str = "normal") -> tuple[State, Action]:
    """Play the rivals' policies until ``seat`` chooses its action for the turn, after any offers
    it makes first (each rival answering by its own policy): the state then, and that action."""
    import random

    from companion.games.heros_journey import heuristic, policy

    rng = random.Random(0)
    while True:
        due = GAME.to_move(state)[0]
        a = policy.choose(GAME.view(state, due), due, GAME.legal_actions(state, due), rng, level)
        if due == seat and a.kind in heuristic.ACTIONS:
            return state, a
        state, _ = GAME.apply(state, a)

