"""How far a rival Hero is from attempting its next Stage, and what a Travel does to that: the
resources the next Stage's Challenge asks for (its two suits, one token of each staked, their
total at least its rank), counted before and after the Encounter is taken.

A rival that weighed a Travel only by its cards' general worth stayed at the Market for twenty
rounds: the bank had no Leaves and no Moons left, Resting brought substitutes, and the Lunatic
(6 Moons) in the Traveler's pair, which would have let it attempt the Chance Meeting at once, was
valued below the Sea it would have left (`bench/heros_journey.py` 2p normal vs exploit:
rest-hoarder, seed 4, halted at the round limit at Stage 6).

At the Pact, ``ending_plan`` weighs a Travel by what it does toward the Ending's 11, and against
a Travel that gives up cards it reached the 11 with (a rival holding back from the End while
behind travelled its Leaves away and could not attempt it again before the round limit:
`bench/heros_journey.py` 2p normal vs exploit: always-attempt, seed 14).
"""
from __future__ import annotations

from .data import STAGE_CARDS, SUITS, card_index

# what closing the gap to the next Stage by one resource is worth in a Travel
PROGRESS = 6.0
LAST_STAGE = 7  # the last Stage whose next one it weighs (the Betrayal)
ENDING_NEED = 11  # 10 of the Ending's suit after placing one token
DIG = 6.0  # a Travel that turns up a new pair when the Ending's suit is nowhere to be had
REACH = 20.0  # a Travel after which the Ending can be attempted


def _card(cid: str):
    return card_index()[cid]


def _need(stage: int) -> tuple[tuple[str, ...], int] | None:
    """The next Stage's two suits and rank, up to the Betrayal. None from Stage 8 on: the
    Ending's Travels are weighed by ``ending_plan``, and the Pact's are left as they were (with
    them counted here, the hard search's playouts changed so that a hard Hero alone at the Pact
    rested to the round limit again: `tests/heros_journey/test_ending_race.py`, seed 43)."""
    if not 1 <= stage <= LAST_STAGE:
        return None
    c = _card(STAGE_CARDS[stage - 1])
    return c.suits, c.rank


def gap(stage: int, tokens: dict[str, int], cards: list[str]) -> int:
    """Resources short of attempting the next Stage by a Challenge: a token of each of its two
    suits to stake, then at least one more of each and their total at least its rank."""
    need = _need(stage)
    if need is None:
        return 0
    (a, b), rank = need
    res = {s: tokens.get(s, 0) + sum(_card(c).rank for c in cards if s in _card(c).suits)
           for s in (a, b)}
    stake = (tokens.get(a, 0) < 1) + (tokens.get(b, 0) < 1)
    each = max(0, 2 - res[a]) + max(0, 2 - res[b])  # one staked, one left in each
    return stake + max(each, rank + 2 - res[a] - res[b])


def travel_progress(me: dict, g: dict, pair: dict) -> float:
    """What a Travel (``g``: the pair taken, the Mentor kept) adds toward the next Stage: the gap
    closed by the pair's cards and the tokens lying on them, less what the Mentors left behind
    and the Place given up held, times ``PROGRESS``."""
    stage = me["stage"]
    if _need(stage) is None:
        return 0.0
    cards = list(me["mentors"]) + list(me["places"])
    before = gap(stage, me["tokens"], cards)
    if not before:
        return 0.0
    after = after_travel(me, g, pair)
    return PROGRESS * (before - gap(stage, after["tokens"], after["mentors"] + after["places"]))


def after_travel(me: dict, g: dict, pair: dict) -> dict:
    """This Hero as a Travel (``g``: the pair taken, the Mentor kept) leaves it: the pair's cards
    and the tokens lying on them gained, the Mentors left behind and the Place given up gone (two
    Places are kept on the Journey, Stage 3); the Travel's price aside."""
    new = [c for c in (pair["mentor"], pair["place"]) if c]
    mentors = [m for m in me["mentors"] if m == g["keep"]] + [pair["mentor"]] * bool(
        pair["mentor"])
    places = (list(me["places"]) if not pair["place"] or me["stage"] == 3 else []) + [
        pair["place"]] * bool(pair["place"])
    tokens = dict(me["tokens"])
    for c in new:
        for s, n in pair["tokens"].get(c, {}).items():
            tokens[s] += n
    cards = [_card(c) for c in mentors + places]
    res = {s: tokens[s] + sum(c.rank for c in cards if s in c.suits) for s in SUITS}
    return dict(me, tokens=tokens, resources=res, mentors=mentors, places=places)


def must_dig(view: dict, me: dict) -> bool:
    """At the Pact, whether the Ending's suit is nowhere to be had: the bank holds none, and no
    pair in sight closes what this Hero lacks of the 11, net of the Place its Travel gives up;
    only a Travel that turns up a new pair gets any nearer. (The Window, 1 Leaf, was "in sight"
    to a Hero one Leaf short whose Forest, 5 Leaves, it would have replaced: the rival rested
    sixty rounds to the round limit, `bench/heros_journey.py` 2p hard vs exploit: bank-drainer,
    seed 43.)"""
    if me["stage"] != 9 or not view.get("ending"):
        return False
    suit = _card(view["ending"]).suits[0]
    short = ENDING_NEED - me["resources"][suit]
    held = sum(_card(c).rank for c in me["places"] if suit in _card(c).suits)

    def net(p: dict) -> int:
        got = sum(_card(c).rank for c in (p["mentor"], p["place"]) if c and suit in
                  _card(c).suits)
        return got - (held if p["place"] else 0)

    return short > 0 and not view["bank"][suit] and max(map(net, view["encounters"])) < short


def ending_plan(view: dict, me: dict, g: dict, pair: dict) -> float:
    """At the Pact, the plan to reach the Ending: what a Travel does to the gap between this
    Hero's resources in the Ending's suit and the 11 it needs (a card's whole rank counts). When
    the bank has none of that suit, cards are the only road left, so a step along it weighs
    more."""
    if me["stage"] != 9 or not view.get("ending"):
        return 0.0
    suit = _card(view["ending"]).suits[0]
    short = ENDING_NEED - me["resources"][suit]
    lost = sum(_card(m).rank for m in me["mentors"] if m != g["keep"] and suit in _card(m).suits)
    given_up = sum(_card(p).rank for p in me["places"] if suit in _card(p).suits) if \
        pair["place"] else 0  # the Place every Travel to this pair gives up
    lost += given_up
    got = sum(_card(c).rank for c in (pair["mentor"], pair["place"]) if c and suit in
              _card(c).suits) + sum(pair["tokens"].get(c, {}).get(suit, 0)
                                    for c in (pair["mentor"], pair["place"]) if c)
    if short <= 0:  # the Ending in reach: a Travel that leaves it out of reach undoes the plan
        after = -short + got - lost
        return -(REACH + 4.0 * -after) if after < 0 else 0.0
    closed = short - max(0, short + lost - got)  # what the cards given up held counts against it
    weight = 4.0 if view["bank"][suit] == 0 else 2.0
    value = weight * closed
    if closed >= short:  # the Ending in reach next turn: worth the Mentors left behind
        value += REACH
    least = short - max(0, short + given_up - got)  # closed keeping the Mentors of the suit
    if must_dig(view, me) and closed >= min(0, least):
        # not enough of the suit in sight: turn up a new pair, keeping what the Mentors hold of
        # it, even when the Place given up bore a little of it (both Heroes at the Pact of the
        # Calamity, no Wyrm in the bank or the pairs, rested fifty-eight rounds to the round
        # limit rather than leave an Island of rank 1 behind: `bench/heros_journey.py` 2p normal
        # vs exploit: always-attempt, seed 45)
        value += DIG / (1 + g["pair"])
    return value
