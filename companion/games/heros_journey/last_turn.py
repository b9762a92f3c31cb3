"""A Hero's last turn. Once a Hero has reached the Ending, every other Hero has one more turn and
then the race is scored: (tokens, plus 6 for one of every suit) times the Stage, plus the ranks of
the cards held. That turn is worth only what it adds to the final standing; the Stages ahead, for
which the race heuristic weighs tokens and cards, no longer come.

Weighed as a race turn, the last one was often thrown away: a Hero at the Pact whose rival had
reached the Calamity travelled, paying nine tokens at Stage 9 (81 points) for cards of rank 9. A
rival's playouts model every Hero so, and misjudged the Ending by it: they had the other Hero
throw its points away, so attempting the Ending while behind looked no worse than waiting, and
the rival ended races it lost by sixty points (`bench/heros_journey.py` 2p normal vs exploit:
always-attempt, seeds 45 and 173: the real player simply rested).

``value`` reckons a turn from the view alone: a Rest's draws from the bank as it stands (with the
Curse Upon the Land if they empty it, which takes from every Hero), a Travel's price, parting gifts
and cards, a Matching Encounter's Stage, and a Challenge's Stage at its chance, stake paid and the
met suit's token drawn (a failure costs nothing then: the Hero lies down, and no turn follows).
What a new Stage's arrival brings is left out: it is small beside the Stage's multiplier.
"""
from __future__ import annotations

from .bank import draw_steps
from .data import SUITS, card_index

TRAVEL_COST = (1, 3, 5)  # tokens a Travel to the pair pays


def _card(cid: str):
    return card_index()[cid]


def is_last(view: dict, seat: str) -> bool:
    """Whether ``seat``'s turn now is its last: another Hero has reached the Ending."""
    return view.get("ending_first") not in (None, seat)


def score(view: dict, h: dict) -> float:
    """A Hero's final score as the engine counts it, from its view entry (``tokens``, ``stage``,
    ``mentors``, ``places``), with the Windfall's doubled Knots and the Hero's omen."""
    windfall = view.get("ending_first") is not None and view.get("ending") == "windfall"
    toks = h["tokens"]
    total = sum(toks.values()) + (toks["knots"] if windfall else 0)
    bonus = 6 if all(toks[s] for s in SUITS) else 0
    omen = (view.get("omens") or {}).get(h["seat"])
    cards = 0
    for c in list(h["mentors"]) + list(h["places"]):
        cd = _card(c)
        double = (windfall and "knots" in cd.suits) or omen == "all" or (
            omen is not None and omen in cd.suits)
        cards += cd.rank * (2 if double else 1)
    return (total + bonus) * min(h["stage"], 10) + cards


def value(kind: str, g: dict, view: dict, me: dict, p: float, draws: list[str],
          staked: tuple[str, ...]) -> float:
    """What this turn leaves ``me`` ahead of the best other Hero once the race is scored (``p``:
    its chance to advance and ``staked`` the suits it stakes, for a Challenge; ``draws``: a Rest's
    suits asked of the bank)."""
    others = [h for h in view["heroes"] if h["seat"] != me["seat"]]
    if kind == "rest":
        me, others = _draw(view, me, others, draws)
    elif kind == "travel":
        me, others = _travel(view, me, others, g)
    elif kind == "match":
        me = {**me, "stage": me["stage"] + 1,
              "mentors": [c for c in me["mentors"] if c != g["card"]],
              "places": [c for c in me["places"] if c != g["card"]]}
    elif kind == "challenge":
        best = max(score(view, h) for h in others)
        return p * (score(view, _advanced(me, staked)) - best) + (1 - p) * (score(view, me) - best)
    return score(view, me) - max(score(view, h) for h in others)


def _draw(view: dict, me: dict, others: list[dict], draws: list[str]) -> tuple[dict, list[dict]]:
    """``me`` and the others once ``me`` has drawn ``draws`` from the bank (the Curse, should
    they empty it, taking from every Hero)."""
    toks, bank = dict(me["tokens"]), dict(view["bank"])
    cursed = False
    for asked, got, curse in draw_steps(draws, bank, toks, me.get("origin")):
        if got is None:
            toks[asked] += 1  # drawn from what the Curse gave back
        if curse:
            cursed = True
            _curse(toks)
    if cursed:
        others = [{**h, "tokens": _curse(dict(h["tokens"]))} for h in others]
    return {**me, "tokens": toks}, others


def _curse(toks: dict[str, int]) -> dict[str, int]:
    """The Curse Upon the Land: half of the largest suit (rounded up) goes back to the bank."""
    top = max(SUITS, key=lambda s: toks[s])
    toks[top] -= (toks[top] + 1) // 2
    return toks


def _travel(view: dict, me: dict, others: list[dict], g: dict) -> tuple[dict, list[dict]]:
    pair = view["encounters"][g["pair"]]
    gifts = []  # a Mentor left behind gives a token of its suit: one missing for the bonus, if any
    for m in me["mentors"]:
        if m != g["keep"]:
            gifts.append(min(_card(m).suits, key=lambda s: me["tokens"][s] > 0))
    me, others = _draw(view, me, others, gifts)
    toks = dict(me["tokens"])
    for _ in range(TRAVEL_COST[g["pair"]]):  # paid from the largest suit
        top = max(SUITS, key=lambda s: toks[s])
        toks[top] -= 1
    mentors = [m for m in me["mentors"] if m == g["keep"]]
    for c in (pair["mentor"], pair["place"]):
        for s, n in (pair["tokens"].get(c) or {}).items() if c else ():
            toks[s] += n
    places = list(me["places"])
    if pair["place"]:
        places = (places if me["stage"] == 3 else []) + [pair["place"]]
    if pair["mentor"]:
        mentors.append(pair["mentor"])
    return {**me, "tokens": toks, "mentors": mentors, "places": places}, others


def _advanced(me: dict, staked: tuple[str, ...]) -> dict:
    """``me`` one Stage on: its stake paid (a token on each suit ``staked``), one token of the
    met suit drawn (reckoned as the first staked)."""
    toks = dict(me["tokens"])
    for s in staked:
        toks[s] = max(0, toks[s] - 1)
    toks[staked[0] if staked else max(SUITS, key=lambda s: toks[s])] += 1
    return {**me, "tokens": toks, "stage": me["stage"] + 1}
