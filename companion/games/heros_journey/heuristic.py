"""The rival Heroes' heuristic (every level's rules of thumb; ``policy`` adds the hard level's
search on top). It sees only its seat's view (never another Hero's Challenge card,
the face-down Endings it was not shown, nor the order of any deck).

It plays the race: every token is weighed by what the Stages ahead will ask of it (the next
Stage's two suits most, the ones after less, the suits it is short of for meeting Challenges, the
Ending's suit once it is known or foreseen). On its turn it compares a Matching Encounter (nearly
always taken), a Challenge (by the chance that one of its two Challenge cards, or the Excuse, is a
suit it can meet, lowered when rivals may contest), Rest (the tokens gained) and Travel (the cards
and tokens gained against the price and the Mentors left behind). It contests a rival's Challenge
with a suit the rival is short of, bids little, and accepts a trade only when it gains by its own
weights (at the Pact it sells the Ending's suit only to a Hero ahead in it, ``ending_buyer``).
Levels: easy plays a random turn half the time while it keeps pace below the Pact (``strays``);
normal is the above; hard adds a small lookahead for Challenges (it also contests and bids more
keenly).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.game import Action

from . import last_turn, pace
from .auction import ATTEMPTER_CAP, CONTEST_CAP, bid, meet_margin, name_suit
from .bank import draw_steps
from .data import SUITS, card_index, rules
from .dealing import attempt_gap, respond, trade, wanted_offer
from .progress import (ENDING_NEED, REACH, after_travel,  # noqa: F401  (tests read them here)
                       ending_plan, must_dig, travel_progress)
from .race import (HOLD_BACK, after_ending, ending_bid_share, ending_lead,  # noqa: F401
                   holds_back, token_worth, waited_out,  # (the policy and tests read them here)
                   wins_now)
from .view import me_of
from .weighing import (CURSE_NEAR, curse_loss, drawn_worth, ending_guess,  # noqa: F401
                       stage_suits, staked, weights)  # (the policy and tests read them here)

ACTIONS = ("travel", "rest", "match", "challenge")  # the turn's action (offers aside)


def _card(cid: str):
    return card_index()[cid]


def card_value(cid: str, view: dict, me: dict) -> float:
    c = _card(cid)
    st = me["stage"]
    v = 0.4 * c.rank
    for k, bonus in ((1, 12.0), (2, 4.0), (3, 2.0)):
        if st + k <= 9 and set(stage_suits(st + k, view, me)) <= set(c.suits):
            v += bonus
    wts = weights(view, me)
    v += 0.15 * sum(wts[s] for s in c.suits) * min(c.rank, 5)
    end = ending_guess(view)
    if end and st >= 7 and _card(end).suits[0] in c.suits:
        v += 1.2 * c.rank  # its whole rank counts toward the 10 the Ending asks
    return v


def _total_tokens(me: dict) -> int:
    return sum(me["tokens"].values())


def challenge_chance(view: dict, me: dict, seat: str, level: str) -> float:
    """How likely a Challenge now ends with this Hero advancing (a rough estimate)."""
    st = me["stage"]
    nxt = stage_suits(st + 1, view, me)
    res = dict(me["resources"])
    for s in nxt[:2] if st < 9 else nxt[:1]:
        res[s] -= 1
    ok = {s for s in SUITS if res[s] >= st}
    hand = view.get("hand", [])
    known_ok = any(c == "excuse" and ok or (c != "excuse" and _card(c).suits[0] in ok)
                   for c in hand)
    unknown = [c for c in rules().role("challenge") if c not in hand]
    frac = sum(1 for c in unknown if (c == "excuse" and ok) or
               (c != "excuse" and _card(c).suits[0] in ok)) / max(1, len(unknown))
    p = 1.0 if known_ok else frac
    rivals = [h for h in view["heroes"] if h["seat"] != seat and h["stage"] <= st
              and h["challenge_cards"]]
    if st >= 9:  # for the Ending it bids half its tokens: a rival who cannot outbid that is no risk
        cap = max(ATTEMPTER_CAP, (_total_tokens(me) - 1) // 2)
        rivals = [h for h in rivals if min(CONTEST_CAP["hard"] + 1, _total_tokens(h)) >= cap]
    if rivals:  # each rival who may contest may do so with a suit this Hero lacks
        weak = sum(1 for s in SUITS if s not in ok) / 6
        rich = [h for h in rivals if _total_tokens(h) >= RICH * max(1, _total_tokens(me))]
        p *= (1 - weak) ** len(rich)  # it outbids this Hero whenever its card is such a suit
        p *= ((1 - 0.6 * weak) if level != "hard" else (1 - 0.5 * weak)) ** (
            len(rivals) - len(rich))
    return p


RICH = 2  # a rival holding this many times this Hero's tokens can outbid it in every auction


SUBSTITUTE = 0.6  # a token the lowest Hero picks when the bank lacks the suit asked for


def rest_draws(g: dict) -> list[str]:
    """The suits a Rest asks the bank for, in order."""
    if g["card"] is None:
        return list(g["suits"])
    suits = _card(g["card"]).suits
    if len(suits) == 3:
        return [*suits, g["stage_suit"]]
    other = next(s for s in suits if s != g["two"])
    return [g["two"], g["two"], other, g["stage_suit"]]


def rest_value(draws: list[str], view: dict, me: dict, wts: dict[str, float]) -> float:
    """What a Rest brings, as the bank stands, draw by draw: a suit the bank lacks comes as
    someone else's substitute; the draw that empties the bank brings the Curse Upon the Land at
    once, which takes half of this Hero's largest suit as it stands then (its choice among ties:
    the one it weighs least), often the very suit it gathers for its next Stage or the Ending."""
    bank = dict(view["bank"])
    toks = dict(me["tokens"])
    gain, cursed = 0.0, False
    for s, got, curse in draw_steps(draws, bank, toks, me.get("origin")):
        gain += wts[s] if got == s else SUBSTITUTE
        if curse:
            cursed = True
            gain -= curse_loss(toks, wts)
    if not cursed and sum(bank.values()) <= CURSE_NEAR:
        gain -= curse_loss(toks, wts)  # the next Rest anyone takes empties the bank
    return gain


def turn_value(a: Action, view: dict, me: dict, seat: str, level: str) -> float:
    g = a.args
    wts = weights(view, me)
    # each token kept is score at the end (the easy Hero spends freely)
    tw = token_worth(view, me) if level != "easy" else 0.0
    low = sorted(wts[s] for s in SUITS for _ in range(me["tokens"][s]))
    if a.kind == "match":
        return 40 - card_value(g["card"], view, me) + 5
    if a.kind == "challenge":
        if holds_back(view, me, seat):
            return HOLD_BACK  # the Ending now would lock in a loss: gather first
        p = challenge_chance(view, me, seat, level)
        if p <= 0.0:
            return DOOMED  # no Challenge card it could meet: a failure, and a turn or tokens lost
        # the two tokens staked are paid on success; against gathering its own card's suit
        # first, an attempt now is worth as much less as it is slower, and the turns it loses
        worth = WINNING_ENDING if wins_now(view, me, seat) else CHALLENGE_WORTH - 2 * tw
        now, later = _pace(view, me, seat, level, p)
        return p * worth * min(1.0, later / now) - 5 - max(0.0, now - later) * TRAVEL_TURN
    if a.kind == "rest":
        draws, left = rest_draws(g), sum(view["bank"].values())
        got = min(len(draws), left)  # less the Curse's half of its largest suit, if it empties it
        kept = got - ((max(me["tokens"].values()) + got + 1) // 2 if got >= left else 0)
        return rest_value(draws, view, me, wts) + tw * kept
    if a.kind == "travel":
        pair = view["encounters"][g["pair"]]
        cost = [1, 3, 5][g["pair"]]
        lying = sum(n for c in (pair["mentor"], pair["place"]) if c
                    for n in pair["tokens"].get(c, {}).values())  # taken with the pair
        gain = -sum(low[:cost]) - tw * (cost - lying)
        for m in me["mentors"]:
            if m != g["keep"]:
                gain += max(wts[s] for s in _card(m).suits) - card_value(m, view, me)
        for c in (pair["mentor"], pair["place"]):
            if c:
                gain += card_value(c, view, me)
                gain += sum(wts[s] * n for s, n in pair["tokens"].get(c, {}).items())
        if pair["place"] and me["stage"] != 3:
            gain -= sum(card_value(p, view, me) for p in me["places"])
        gain += ending_plan(view, me, g, pair) + travel_progress(me, g, pair)
        if me["stage"] < 9 and challenge_chance(view, me, seat, level) <= 0:
            gain += pace.UNBLOCK * challenge_chance(view, after_travel(me, g, pair), seat,
                                                    level)
        return gain - (TRAVEL_TURN if me["stage"] < 9 else 1.5)
    return 0.0


def _pace(view: dict, me: dict, seat: str, level: str, p: float) -> tuple[float, float]:
    """The turns expected to pass this Stage by attempting now at chance ``p``, and by gathering
    its own card's suit first (the same when it holds enough of it)."""
    now = pace.turns_to_pass(p)
    own = pace.short_of_own(view, me, staked(view, me))
    if own is None or not own[1]:
        return now, now
    suit, short = own
    ready = dict(me, resources={**me["resources"], suit: me["resources"][suit] + short})
    return now, pace.turns_after_gathering(short, challenge_chance(view, ready, seat, level),
                                           pace.gather_rate(view, me, suit,
                                                            stage_suits(me["stage"], view, me)))


CHALLENGE_WORTH = 40.0  # an attempt that surely advances
# An attempt no Challenge card can carry (no suit holds this Hero's Stage in resources once the
# stake is placed): it fails for sure, and the failure costs the shortfall in resources or the next
# turn. A rival at the Betrayal whose best suit held 6 attempted the Pact six times in eight rounds,
# lying down or paying each time, while the race ran into the round limit (`bench/heros_journey.py`
# 2p normal vs exploit: rest-hoarder, seed 98).
DOOMED = -60.0
WINNING_ENDING = 150.0  # an attempt at the Ending that, reached, leaves this Hero ahead
# a Travel costs the turn a Rest or an attempt would have had (a rival that travelled whenever the
# cards looked good lost the race to a player who simply attempted every turn: 2p normal vs
# exploit: always-attempt in bench/heros_journey.py, 25% -> 62% with this at 8 rather than 1.5).
# At the Pact a Travel is how the Ending's suit is dug up, and costs the old 1.5.
TRAVEL_TURN = 8.0


EASY_PACE = 2.5  # rounds a Stage: an easy Hero slower than this stops straying


def strays(view: dict, me: dict) -> bool:
    """Whether the easy Hero may take a random turn (it does half the time): only below the Pact
    and while it keeps up a pace of a Stage every 2.5 rounds. At the Pact, or behind that pace,
    it plays its best turn: a random rival hardly ever reaches an Ending, so the easy Hero must
    finish the Journey alone within the round limit (`bench/heros_journey.py` 2p easy vs random
    halted 58 of 500 games when it strayed at any time)."""
    return me["stage"] < 9 and view["round"] <= EASY_PACE * me["stage"] + 2


def is_turn(legal: Sequence[Action]) -> bool:
    """The choice of the turn's action (Travel, Rest or Attempt)."""
    return any(a.kind in ("travel", "rest") for a in legal)


def offer_first(view: dict, seat: str, legal: Sequence[Action]) -> Action | None:
    """The offer to open the turn with, when the one token this Hero lacks to attempt its next
    Stage can be bought from another Hero (``wanted_offer``), so that it attempts this turn; None
    otherwise: further short, it gathers by its Rests. A hard rival at the Pact of The End, three
    Leaves short, bought one each turn before a Rest that emptied the bank, paid half its Leaves to
    the Curse every other round, and stood there forty rounds to the round limit
    (`bench/heros_journey.py` 2p hard vs exploit: bank-drainer, seed 43). Buying them after the
    Rest instead fed the Curse all the same (2p normal vs exploit: always-attempt, halted 0 -> 3)."""
    kinds = {a.kind for a in legal}
    me = me_of(view, seat)
    if "trade_offer" in kinds and "challenge" not in kinds and not view.get("offers_made") \
            and not last_turn.is_last(view, seat) and attempt_gap(view, me) == 1 \
            and wanted_offer(view, seat, me) is not None:
        return next(a for a in legal if a.kind == "trade_offer")  # buy the missing token
    return None


def rank_turns(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
               level: str) -> list[Action]:
    """The turn's actions, best first by the heuristic (ties broken by ``rng``)."""
    me = me_of(view, seat)
    last = last_turn.is_last(view, seat)
    worth = last_value if last else turn_value
    ranked = sorted((a for a in legal if a.kind in ACTIONS),
                    key=lambda a: (worth(a, view, me, seat, level), rng.random()), reverse=True)
    if ranked and ranked[0].kind == "rest" and not last and must_dig(view, me):
        # the Ending's suit is nowhere to be had: a Rest brings it no nearer, however little a
        # Travel seems to gain. Both Heroes at the Pact of The End, the twelve Leaves split 7 and
        # 5 between them and none in the bank, rested fifty rounds to the round limit: the rival's
        # best Travel, to the Borderland, was worth 0.7 less than a Rest (`bench/heros_journey.py`
        # 2p normal vs exploit: always-attempt, seed 37)
        dig = next((a for a in ranked if a.kind == "travel" and ending_plan(
            view, me, a.args, view["encounters"][a.args["pair"]]) > 0), None)
        if dig is not None:
            ranked.remove(dig)
            ranked.insert(0, dig)
    return ranked


def last_value(a: Action, view: dict, me: dict, seat: str, level: str) -> float:
    """A last turn's worth: the final standing it leaves (``last_turn``)."""
    return last_turn.value(
        a.kind, a.args, view, me,
        challenge_chance(view, me, seat, level) if a.kind == "challenge" else 0.0,
        rest_draws(a.args) if a.kind == "rest" else [], staked(view, me))


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random,
           level: str | None = None) -> Action:
    if not legal:
        raise ValueError(f"{seat} has no legal action")
    level = level or view.get("level", "normal")
    me = me_of(view, seat)
    kinds = {a.kind for a in legal}
    if kinds & {"travel", "rest"}:
        if level == "easy" and rng.random() < 0.5 and strays(view, me):
            return rng.choice([a for a in legal if a.kind in ACTIONS])
        return offer_first(view, seat, legal) or rank_turns(view, seat, legal, rng, level)[0]
    wts = weights(view, me)
    pend = view.get("pending", {})
    k = legal[0].kind

    def by(f, reverse=True):
        return max(legal, key=f) if reverse else min(legal, key=f)

    if k == "origin":
        return legal[0] if rng.random() < 0.5 else legal[-1]
    if k == "prophecy":
        return next(a for a in legal if a.args["look"] == "bottom")
    if k in ("take", "bonus", "draw"):
        return by(lambda a: drawn_worth(view, me, wts, a.args["suit"]) if a.args["suit"]
                  else 0.01)
    if k == "substitute":
        drawer = pend.get("seat")
        if drawer == seat:
            return by(lambda a: drawn_worth(view, me, wts, a.args["suit"]))
        other = me_of(view, drawer)
        ow = weights(view, other)
        return by(lambda a: ow[a.args["suit"]], reverse=False)
    if k == "curse":
        return by(lambda a: wts[a.args["suit"]], reverse=False)
    if k == "pay":
        return by(lambda a: pay_cost(a.args["suit"], view, me, wts), reverse=False)
    if k == "expend":
        return by(lambda a: (wts[a.args["suit"]] if "suit" in a.args else
                             card_value(a.args["card"], view, me) / max(1, _card(
                                 a.args["card"]).rank) + 3), reverse=False)
    if k in ("expend_for_failure", "lie_down"):
        deficit = me["stage"] - me["resources"].get((pend.get("challenge") or {}).get("suit")
                                                    or "moons", 0)
        can = any(a.kind == "expend_for_failure" for a in legal) and not last_turn.is_last(
            view, seat)  # (no turn follows the last one to lose: lying down costs nothing)
        if can and deficit <= 3 and _total_tokens(me) >= deficit:
            return next(a for a in legal if a.kind == "expend_for_failure")
        return next(a for a in legal if a.kind == "lie_down")
    if k == "play":
        return by(lambda a: meet_margin(a.args["card"], view, me))
    if k in ("decline", "drop"):
        return bid(view, seat, me, legal, level)
    if k == "name_suit":
        return name_suit(view, seat, me, legal)
    if k == "keep":
        return by(lambda a: meet_margin(a.args["card"], view, me) if a.args["card"] else -50)
    if k in ("hide", "guess"):
        return rng.choice(legal)
    if k == "battle_deck":
        return rng.choice(legal)
    if k == "discard_place":
        return by(lambda a: card_value(a.args["card"], view, me), reverse=False)
    if k == "discover":
        return by(lambda a: meet_margin(a.args["card"], view, me, ahead=1))
    if k == "betray":
        return by(lambda a: (-me_of(view, a.args["to"])["stage"], rng.random()))
    if k == "give":
        return by(lambda a: (-me_of(view, a.args["to"])["stage"], rng.random()))
    if k == "pact":
        return by(lambda a: 0 if a.args["mentor"] is None else
                  card_value(view["encounters"][a.args["slot"]]["mentor"], view, me)
                  - card_value(a.args["mentor"], view, me) - 2 * (wts["suns"] + wts["moons"]))
    if k == "omen":
        return by(lambda a: _omen_value(a.args["card"], me))
    if k in ("accept", "refuse"):
        return respond(view, seat, me, legal, wts)
    if k in ("end", "back"):
        return trade(view, seat, me, legal, wts, rng)
    return legal[0]


def _omen_value(cid: str | None, me: dict) -> float:
    cards = me["mentors"] + me["places"]
    if cid is None:
        return sum(_card(c).rank for c in cards) * 2 / 7  # about 2 of 7 cards double each
    if cid == "excuse":
        return sum(_card(c).rank for c in cards)
    return sum(_card(c).rank for c in cards if _card(cid).suits[0] in _card(c).suits)


def pay_cost(suit: str, view: dict, me: dict, wts: dict[str, float]) -> float:
    """What paying a token of ``suit`` costs: its weight, and far more when it is the suit of the
    Challenge about to be met and this Hero would fall short of it (a bid paid with the very suit
    the test asks for fails the test)."""
    ch = (view.get("pending") or {}).get("challenge") or {}
    cost = wts[suit]
    if ch.get("suit") == suit and view["pending"].get("why") == "bid" and (
            me["resources"][suit] - 1 < me["stage"]) and ch.get("attempter") is not None:
        cost += 100.0
    if me["tokens"][suit] == 1:
        cost += 0.5  # the last of a suit: the +6 for all six, a token to stake
    return cost
