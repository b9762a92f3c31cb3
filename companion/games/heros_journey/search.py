"""The hard rival's search: determinized playouts through the engine.

On its turn (Travel, Rest or Attempt) a hard rival does not trust its heuristic alone. It builds a
few possible tables from what its own view shows (``determinize``): the other Heroes' Challenge
cards are drawn from the cards it cannot see, the decks hold the unseen cards in an unknown order,
and the face-down Endings are ordered at random around what its own Prophecy showed. It never
reads the true state: the view is all it has, so it cannot peek. For each of its best few moves by
the heuristic it plays every sampled table forward through the real engine (every Hero playing
the normal policy, chance drawn by a seeded generator) until its turn after next (its next turn
at a table of three or four), or the end, and scores where the race stands then: its score if the
Journey ended there, plus a worth for each Stage gained (at the Pact, for each resource of the
Ending's suit gathered toward the 11), less the best rival's. The move with the best average
wins; ties keep the heuristic's order. Every sample, card and die comes from the ``rng`` it is
given, so a seed plays the same game twice.

The playouts run through ``playout.play`` with the heuristic at every seat.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from companion.core.game import Action

from .data import ENDINGS, SUITS, rules
from .model import Hero, State
from .playout import GAME, play

# the playout budget: how many candidate moves, sampled tables, and own turns to look ahead
CANDIDATES = 4
SAMPLES = 4
HORIZON = {2: 2, 3: 1, 4: 1}  # own turns ahead, by table size (a round of 4 Heroes is long)
ALL_SUITS_BONUS = 6
STAGE_WORTH = 20  # a Stage gained is worth more than today's score: the race ends at the Ending
SATURATE = 100.0  # a margin this large is nearly as good as it gets (tanh)
ENDING_STEP = 3.0  # at the Pact, each resource of the Ending's suit gathered toward the 11
ENDING_NEED = 11  # 10 of the Ending's suit after placing one token on it
RACE = 10.0  # each Stage of one's own, outside the saturation: far ahead, a Hero still races


# -- what the seat's view allows ---------------------------------------------------------------------
def determinize(view: dict, seat: str, rng: random.Random) -> State | None:
    """One table consistent with ``seat``'s view at the start of its turn (None elsewhere, or when
    the view does not account for every card and token). Only the hidden parts are sampled."""
    pend = view.get("pending") or {}
    if pend.get("task") != "turn" or pend.get("seat") != seat or view.get("over"):
        return None
    r = rules()
    me = next(h for h in view["heroes"] if h["seat"] == seat)
    hand = list(view.get("hand", []))
    unseen = sorted(c for c in r.role("challenge") if c not in hand)
    rng.shuffle(unseen)
    heroes = []
    for h in view["heroes"]:
        if h["seat"] == seat:
            cards = hand
        else:
            cards, unseen = unseen[:h["challenge_cards"]], unseen[h["challenge_cards"]:]
        mine = h["seat"] == seat
        heroes.append(Hero.model_construct(
            seat=h["seat"], origin=h["origin"], stage=h["stage"],
            tokens=tuple(h["tokens"][s] for s in SUITS), mentors=tuple(h["mentors"]),
            places=tuple(h["places"]), hand=tuple(cards), skip=h["turns_to_lose"],
            prophecy=(view.get("prophecy") or {}).get("ending") if mine else None,
            prophecy_pos=(view.get("prophecy") or {}).get("look") if mine else None,
            pact_round=h.get("pact_round")))
    if len(unseen) != view["decks"]["challenges"]:
        return None
    shown = {c for p in view["encounters"] for c in (p["mentor"], p["place"]) if c}
    held = {c for h in view["heroes"] for c in h["mentors"] + h["places"]}
    mentors = sorted(c for c in r.role("mentor") if c not in shown | held)
    places = sorted(c for c in r.role("place") if c not in shown | held)
    if len(mentors) != view["decks"]["mentor"] or len(places) != view["decks"]["place"]:
        return None
    on_cards: dict[str, tuple[int, ...]] = {}
    for bundle in [p["tokens"] for p in view["encounters"]] + [view["stakes"]]:
        for c, toks in bundle.items():
            on_cards[c] = tuple(toks.get(s, 0) for s in SUITS)
    tokens = (sum(view["bank"].values()) + sum(sum(h.tokens) for h in heroes)
              + sum(sum(v) for v in on_cards.values()))
    if tokens != r.table.tokens_per_suit * len(SUITS):
        return None
    seats = tuple(h["seat"] for h in view["heroes"])
    return State.model_construct(
        seats=seats, heroes=tuple(heroes), bank=tuple(view["bank"][s] for s in SUITS),
        on_cards=on_cards, mentor_pile=tuple(mentors), mentor_under=(), place_pile=tuple(places),
        place_under=(), challenge_pile=tuple(sorted(unseen)),
        slots=tuple((p["mentor"], p["place"]) for p in view["encounters"]),
        endings=_endings(view, rng), revealed=view.get("ending"),
        first=seats.index(view["first"]), current=seats.index(seat), round=view["round"],
        max_rounds=view["max_rounds"], level=view["level"], pact_first=view["pact_first"],
        ending_first=view["ending_first"], final_turns=tuple(view["final_turns"]),
        offers_made=tuple(view.get("offers_made") or ()), tasks=({"k": "turn", "seat": seat},),
        over=False, halted=False,
        doubled=dict(view.get("omens") or {}), scores={})


def _endings(view: dict, rng: random.Random) -> tuple[str, ...]:
    """The face-down Endings in an order the seat cannot rule out: the revealed one on top, the
    one its Prophecy showed where it saw it."""
    rest = list(ENDINGS)
    top = view.get("ending")
    p = view.get("prophecy")
    bottom = None
    if top is None and p:
        top, bottom = (p["ending"], None) if p["look"] == "top" else (None, p["ending"])
    rest = [e for e in rest if e not in (top, bottom)]
    rng.shuffle(rest)
    return tuple(([top] if top else []) + rest + ([bottom] if bottom else []))


# -- judging where the race stands -------------------------------------------------------------------
def standing(state: State, seat: str) -> float:
    """How well ``seat`` stands: its score if the Journey ended now, less the best rival's (the
    real scores once it is over, with a win worth a margin of its own), plus its own Stage.

    The margin saturates (``SATURATE``): a lead already safe is worth little more for growing,
    so a Hero far ahead races for the Ending (its Stage keeps counting) instead of hoarding
    tokens until the round limit halts the Journey."""
    me = state.heroes[state.seats.index(seat)]
    if state.over:
        mine = state.scores[seat]
        best = max(v for s, v in state.scores.items() if s != seat)
        won = 60 if mine > best else -60 if mine < best else 0
    else:
        now = {h.seat: _score_now(h) for h in state.heroes}
        mine, best, won = now[seat], max(v for s, v in now.items() if s != seat), 0
    return SATURATE * math.tanh((mine - best) / SATURATE) + won + RACE * me.stage + _to_ending(
        state, me)


def _to_ending(state: State, me: Hero) -> float:
    """The road to the Ending from the Pact: each resource of the Ending's suit (tokens and the
    ranks of cards bearing it) up to the 11 it asks; all 11 once the Ending is reached. At the
    Pact, Stages no longer count until the Ending, so without this a Hero far ahead rests for
    tokens it hardly needs turn after turn and the Journey never ends (`bench/heros_journey.py`,
    4 Heroes: a hard Hero alone at the Pact for 16 rounds, resting instead of seeking the suit)."""
    if me.stage >= 10:
        return ENDING_STEP * ENDING_NEED
    if me.stage < 9 or not state.revealed:
        return 0.0
    suit = rules().card(state.revealed).suits[0]
    have = me.tokens[SUITS.index(suit)] + sum(
        rules().card(c).rank for c in me.mentors + me.places if suit in rules().card(c).suits)
    return ENDING_STEP * min(have, ENDING_NEED)


def _score_now(h: Hero) -> float:
    toks = sum(h.tokens) + (ALL_SUITS_BONUS if all(h.tokens) else 0)
    ranks = sum(rules().card(c).rank for c in h.mentors + h.places)
    return toks * h.stage + ranks + STAGE_WORTH * h.stage


def sample_tables(view: dict, seat: str, rng: random.Random,
                  samples: int) -> list[tuple[State, int]] | None:
    """``samples`` tables the view allows (``determinize``), each with the seed of its playout;
    None when the view builds none."""
    tables = []
    for _ in range(samples):
        t = determinize(view, seat, random.Random(rng.getrandbits(64)))
        if t is None:
            return None
        tables.append((t, rng.getrandbits(64)))
    return tables


def best_turn(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
              ranked: Sequence[Action]) -> Action | None:
    """The hard rival's turn: ``ranked`` is the heuristic's order of ``legal``; the first few are
    played out on sampled tables. None when no table can be built from the view."""
    game = GAME
    tables = sample_tables(view, seat, rng, SAMPLES)
    if tables is None:
        return None
    cands = list(ranked[:CANDIDATES])
    levels = {s: "normal" for s in tables[0][0].seats}
    best, best_v = None, float("-inf")
    for a in cands:
        total = 0.0
        for table, seed in tables:
            st, _ = game.apply(table, a)
            st = play(st, levels, random.Random(seed), stop=_after_turns(seat, HORIZON[len(st.seats)]))
            total += standing(st, seat)
        if total > best_v + 1e-9:
            best, best_v = a, total
    return best


def _after_turns(seat: str, n: int) -> Callable[[State], bool]:
    """Stop when ``seat`` is to choose its turn for the ``n``-th time from now."""
    seen = [0]

    def stop(state: State) -> bool:
        t = state.tasks[0] if state.tasks else None
        if t and t["k"] == "turn" and t["seat"] == seat and not state.heroes[
                state.seats.index(seat)].skip:
            seen[0] += 1  # a state is asked about once: the loop moves on when this says no
            return seen[0] >= n
        return False

    return stop
