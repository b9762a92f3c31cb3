"""The end of the race, as a rival weighs it: its score and the others' just after the revealed
Ending is reached, whether to hold back from reaching it while behind, and what to bid for it
(issue 38)."""
from __future__ import annotations

from .data import SUITS, card_index


def _card(cid: str):
    return card_index()[cid]


HOLD_BACK = -50.0  # the worth of ending the race while behind, when rounds are left to catch up
GATHER = 3  # tokens in the bank below which waiting at the Pact gathers nothing
CATCH_UP = 60  # points a Hero resting at the Pact gains on a rival in a round, at most
LAST_TURN = 3  # tokens a Hero is reckoned to gather in the one more turn the Ending leaves it
# What a token kept is worth beyond what it buys: the score is the tokens times the Stage, so a
# rival that spent them freely on Travels, bids and stakes reached the Pact first and poor, and
# lost to a player who rested and attempted whenever the resources allowed (`bench/heros_journey.py`
# 200 games, 2p normal vs exploit: always-attempt 44.5% -> 66.5%). A Hero behind a pace of a Stage
# every ``PACE`` rounds presses on instead: hoarding then only runs the race into the round limit.
TOKEN_WORTH = 4.0
PACE = 3.5


def token_worth(view: dict, me: dict) -> float:
    """What each token gained or kept adds to a turn's worth, beyond its weight (``TOKEN_WORTH``
    while this Hero keeps pace; nothing when it has fallen behind it)."""
    return TOKEN_WORTH if view["round"] <= PACE * me["stage"] else 0.0


def wins_now(view: dict, me: dict, seat: str) -> bool:
    """Whether reaching the revealed Ending now leaves this Hero ahead of every other (each with
    its one more turn): an attempt then is worth far more than a Stage, it ends the race won."""
    if me["stage"] != 9 or not view.get("ending"):
        return False
    return after_ending(view, me, True) > max(after_ending(view, h, False)
                                              for h in view["heroes"] if h["seat"] != seat)


def after_ending(view: dict, h: dict, arrives: bool) -> float:
    """A Hero's score just after the revealed Ending is reached (by this Hero if ``arrives``:
    Stage 10, its stake placed and the met suit's token drawn; else at its own Stage with one
    more turn to come): the Calamity's discards and halving, the Windfall's draws (as many as the
    bank holds) and doubled Knots; the End's omen is unknown and left out. The one more turn is
    reckoned as ``LAST_TURN`` tokens gathered or, for a Hero at the Pact holding the Ending's
    suit, as reaching the Ending itself, whichever scores more: a rival that reckoned a Hero at
    the Pact beside it would only rest reached the Calamity 18 points ahead by that reckoning, and
    the other Hero reached it in its last turn and won by 47 (`bench/heros_journey.py` 2p normal
    vs normal, seed 101)."""
    if arrives:
        return _scored(view, h, True, 0)
    rest = _scored(view, h, False, LAST_TURN)
    if h["stage"] == 9 and view.get("ending") and h["tokens"][_ending_suit(view)] > 0:
        return max(rest, _scored(view, h, True, 0))
    return rest


def _ending_suit(view: dict) -> str:
    return _card(view["ending"]).suits[0]


def _scored(view: dict, h: dict, reaches: bool, extra: int) -> float:
    """``h``'s score once the revealed Ending's effect is applied, with ``extra`` tokens more; if
    it ``reaches`` the Ending, at Stage 10, one token of the Ending's suit placed and one of the
    met suit drawn (reckoned as another suit), else at its own Stage."""
    end = view.get("ending")
    toks = dict(h["tokens"])
    cards = list(h["mentors"]) + list(h["places"])
    drawn = 0
    if reaches and end:
        toks[_ending_suit(view)] -= 1
        drawn = 1
    doubled: set[str] = set()
    others = sum(n for s, n in toks.items() if s != "wyrms") + drawn
    if end == "calamity":
        cards = [c for c in cards if "wyrms" in _card(c).suits]
        extra -= (others + 1) // 2
    elif end == "windfall":
        # its draws come from what the bank holds (a rival reckoned 20 drawn from a bank of 4,
        # reached the Windfall 45 points ahead, and ended the race 11 behind:
        # `bench/heros_journey.py` 2p normal vs exploit: bank-drainer, seed 60)
        extra += min(2 * sum(1 for c in cards if "knots" in _card(c).suits),
                     sum(view["bank"].values())) + toks["knots"]
        doubled = {"knots"}
    total = sum(toks.values()) + drawn + extra
    # the Calamity's half is paid from the suits the Hero chooses: it keeps one of each if the
    # half it keeps covers the five (a reckoning that asked for two of each missed the bonus)
    bonus = 6 if all(n >= 1 for n in toks.values()) and (
        end != "calamity" or others // 2 >= len(toks) - 1) else 0
    stage = 10 if reaches else h["stage"]
    return (total + bonus) * stage + sum(_card(c).rank * (2 if doubled & set(_card(c).suits)
                                                           else 1) for c in cards)


def rest_draws(h: dict) -> int:
    """Tokens a Rest draws for this Hero at its Stage: four with an Encounter card of rank at most
    its Stage (three for the card, one for the Stage), else two."""
    return 4 if any(_card(c).rank <= h["stage"] for c in list(h["mentors"]) + list(h["places"])) \
        else 2


def catch_up(view: dict, me: dict, rival: dict) -> float:
    """Points a round of resting at the Pact gains on ``rival`` resting too: this Hero's draws
    count ten times (its Stage once it reaches the Ending), the rival's at its own Stage; a bank
    that holds less than both draw is shared in proportion (turn by turn, each takes from it).
    Two Heroes at the Pact resting alike gain nothing on each other (seed 32 of
    `bench/heros_journey.py` normal vs always-attempt: the rival behind held back eight rounds,
    the gap never closed, and the race halted at the round limit)."""
    bank = sum(view["bank"].values())
    mine, theirs = rest_draws(me), rest_draws(rival)
    if bank < mine + theirs:
        mine, theirs = bank * mine / (mine + theirs), bank * theirs / (mine + theirs)
        # their Rests empty the bank each round, and each time the Curse takes back half of each
        # one's largest suit: what is drawn is paid back, and neither gains. Two rivals at the
        # Pact (normal vs normal, seed 142) rested fifteen rounds so, each holding back from the
        # Calamity for a gain that never came, until the round limit's last round.
        mine = max(0.0, mine - (max(me["tokens"].values()) + 1) // 2)
        theirs = max(0.0, theirs - (max(rival["tokens"].values()) + 1) // 2)
    return 10 * mine - rival["stage"] * theirs


# Rounds at the Pact after which a Hero behind no longer holds back from the revealed Ending: the
# table has waited long enough. With no such limit, rivals stood at the Pact up to 63 rounds
# (`bench/heros_journey.py` 2p normal vs exploit: always-attempt, "longest stay", seed 24): a
# rival a hundred points behind at the Pact of The End, holding the Leaves it needed, held back
# from round 30 to round 66 (seed 37), every turn its playouts seeing the gap close within their
# noise, and it never closed. The cost: a rival at the limit ends the race even when one more
# Rest would gain a little (that row's "avoidably" 4 -> 13, its halts 1 -> 0).
HOLD_LIMIT = 20


def waited_out(view: dict, me: dict) -> bool:
    """Whether this Hero has stood at the Pact ``HOLD_LIMIT`` rounds or more."""
    reached = me.get("pact_round")
    return me["stage"] == 9 and reached is not None and view["round"] - reached >= HOLD_LIMIT


def holds_back(view: dict, me: dict, seat: str) -> bool:
    """Whether this Hero, able to attempt the Ending, should not: reaching it now would leave
    another Hero's score above its own (every other Hero then has one last turn), while waiting
    can close the gap: the rounds left, at what a round of resting gains on that Hero
    (``catch_up``, at most ``CATCH_UP``), cover it. Otherwise waiting loses more: at the last
    round the race ends anyway, and when the leader gathers as fast, the gap never closes."""
    if me["stage"] != 9 or not view.get("ending") or waited_out(view, me):
        return False
    left = view["max_rounds"] - view["round"]
    if left <= 1 or sum(view["bank"].values()) < GATHER:
        return False  # no rounds, or no tokens in the bank, to catch up with
    mine = after_ending(view, me, True)
    gap, leader = max((after_ending(view, h, False), h["seat"]) for h in view["heroes"]
                      if h["seat"] != seat)
    gap -= mine
    rate = min(CATCH_UP, catch_up(view, me, next(h for h in view["heroes"]
                                                 if h["seat"] == leader)))
    return 0 < gap < left * rate


def ending_lead(view: dict, me: dict, seat: str, paid: int = 0) -> int | None:
    """By how much reaching the revealed Ending first now, after paying ``paid`` tokens (a bid:
    from its largest suits but the Ending's), leaves this Hero ahead of the best other
    (``after_ending``; negative when behind), or None when it is not the first there to be. A
    rival at the Pact 1 point ahead by that reckoning bid 4 tokens for The End against a
    bank-drainer, 40 points at Stage 10, and ended the race 26 behind
    (`bench/heros_journey.py` 2p normal vs exploit: bank-drainer, seed 15)."""
    if me["stage"] != 9 or not view.get("ending") or view.get("ending_first") is not None:
        return None
    suit = _card(view["ending"]).suits[0]
    toks = dict(me["tokens"])
    ch = (view.get("pending") or {}).get("challenge") or {}
    if ch.get("attempter") == seat:  # its token is on the Ending already: count it once
        toks[suit] += 1
    for _ in range(paid):
        top = max((s for s in SUITS if s != suit and toks[s]), key=lambda s: toks[s],
                  default=suit)
        toks[top] = max(0, toks[top] - 1)
    me = {**me, "tokens": toks}
    return int(after_ending(view, me, True) - max(
        after_ending(view, h, False) for h in view["heroes"] if h["seat"] != seat))


LATE = 15  # rounds left below which the Ending's bid grows toward every token it can spare
LAST = 5  # rounds left from which it bids them all


def ending_bid_share(view: dict) -> float:
    """The share of its spare tokens an attempter at the Ending bids to keep its own card in play:
    half while rounds are left, all of them as the round limit nears. A Hero at the Pact holding the
    Excuse, which it meets by naming its strongest suit, bid three of seven tokens and was outbid
    by a player hoarding sixty, seven times over, until the round limit halted the race
    (`bench/heros_journey.py` 2p normal vs exploit: rest-hoarder, seed 12)."""
    left = view["max_rounds"] - view["round"]
    return 0.5 + 0.5 * min(1.0, max(0.0, (LATE - left) / (LATE - LAST)))
