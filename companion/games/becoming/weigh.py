"""What a move is worth to each player of Becoming, read from a seat's view (the text's victory
points, GAMES.md §5). The offline players (policy.py) weigh their moves with this.

Every seat wants to win: its points less the best rival's. The Hero's points count the 4 she would
score for each Asset still hers, so a lost Asset costs her now, as it will at the end. A scene's
likely outcomes come from the exact dice odds (odds.py) and the prizes the text sets: the Hero
winning adds a positive Trait (+3), and a moon shot 5 more and an Asset won back; the Agent
winning subverts an Asset (+4 to him, 4 end points from her) or marks the risked ones.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from companion.games.becoming.model import (
    FATES,
    HERO,
    VP_ASSET_LEFT,
    VP_MOON,
    VP_NEGATIVE,
    VP_POSITIVE,
    VP_REMOVE_POSITIVE,
    VP_STRIKE_NEGATIVE,
    VP_SUBVERT,
)
from companion.games.becoming.odds import hero_wins

__all__ = ["hero_wins"]

TEMPTATION = 1.75  # points a Hero will give up for dice now: the Tempters price their bargains to
# it (bench/becoming.py --games 200: 1.0 let the sensible Hero win 60.5% of games, over the 30-55%
# band; 1.75: 52.5%, early ends 6%)
FUTURE_DIE = 1.0  # a negative Trait left on the Hero is a die for every Agent from now on
Delta = dict[str, float]


def pos(a: dict) -> int:
    return sum(1 for t in a["traits"] if t["positive"])


def neg(a: dict) -> int:
    return sum(1 for t in a["traits"] if not t["positive"])


def standing(view: dict) -> dict[str, float]:
    """Each seat's points, the Hero's with 4 for every Asset still hers."""
    tot = {seat: float(view["scores"].get(seat, 0)) for seat in (HERO, *FATES)}
    tot[HERO] += VP_ASSET_LEFT * sum(1 for a in view["assets"] if not a["subverted"])
    return tot


def utility(seat: str, tot: dict[str, float]) -> float:
    return tot[seat] - max(v for k, v in tot.items() if k != seat)


def expect(seat: str, base: dict[str, float], outcomes: Iterable[tuple[float, Delta]]) -> float:
    """The seat's expected utility over (chance, change in points) outcomes."""
    total = 0.0
    for p, delta in outcomes:
        tot = {k: v + delta.get(k, 0.0) for k, v in base.items()}
        total += p * utility(seat, tot)
    return total


def plus(*deltas: Delta) -> Delta:
    out: Delta = {}
    for d in deltas:
        for k, v in d.items():
            out[k] = out.get(k, 0.0) + v
    return out


def agent_bonus(view: dict) -> int:
    """Dice the Agent can still claim from the Hero's negative Traits and turned Assets."""
    if view.get("moon", {}).get("agent"):
        return 0
    taken = set(view["agent_invoked"]["traits"]) | set(view["agent_invoked"]["subverted"])
    n = 0
    for a in view["assets"]:
        if a["subverted"]:
            n += a["id"] not in taken
        else:
            n += sum(1 for t in a["traits"] if not t["positive"] and t["id"] not in taken)
    return n


def hero_prize(view: dict, moon: bool) -> Delta:
    """The Hero wins the Threat: a positive Trait, and for a moon shot 5 and an Asset back."""
    can_claim = any(not a["subverted"] and len(a["traits"]) < 5 for a in view["assets"])
    gain = VP_POSITIVE if can_claim else 0.0
    if moon:
        gain += VP_MOON
        turned = [a for a in view["assets"] if a["subverted"]]
        if turned:
            gain += VP_ASSET_LEFT + FUTURE_DIE + VP_STRIKE_NEGATIVE * 0.5
    return {HERO: gain}


def mark_worth(a: dict) -> tuple[float, float]:
    """The Agent's best mark on one risked Asset: (his points, the Hero's loss)."""
    if a["subverted"]:
        return 0.0, 0.0
    if len(a["traits"]) < 5 and neg(a) >= 2:
        return VP_SUBVERT + VP_NEGATIVE, VP_ASSET_LEFT + pos(a) + FUTURE_DIE
    if pos(a):
        return VP_REMOVE_POSITIVE, 1.0 + FUTURE_DIE * 0
    if len(a["traits"]) < 5:
        return VP_NEGATIVE, FUTURE_DIE
    return 0.0, 0.0


def agent_prize(view: dict, agent: str, moon: bool) -> Delta:
    """The Agent wins: the better of one subversion or a mark on each risked Asset (a moon shot
    takes both)."""
    standing_assets = [a for a in view["assets"] if not a["subverted"]]
    if not standing_assets:
        return {}
    target = max(standing_assets, key=lambda a: pos(a))
    sub = (VP_SUBVERT, VP_ASSET_LEFT + pos(target))
    marks = [mark_worth(a) for a in view["assets"] if a["id"] in view.get("invoked", [])]
    mk = (sum(m[0] for m in marks), sum(m[1] for m in marks))
    if moon:
        got, lost = sub[0] + mk[0], sub[1] + mk[1]
    else:
        got, lost = max(sub, mk)
    return {agent: got, HERO: -lost}


def scene(view: dict, hero_dice: int, agent_dice: int, agent: str, hero_moon: bool = False,
          agent_moon: bool = False) -> list[tuple[float, Delta]]:
    p = hero_wins(hero_dice, agent_dice)
    return [(p, hero_prize(view, hero_moon)), (1 - p, agent_prize(view, agent, agent_moon))]


# -- bargains -------------------------------------------------------------------------------------
def bargain_effect(view: dict, costs: list, tempter: str, timing: str) -> tuple[Delta, int]:
    """What paying ``costs`` does: the change in points (the Tempter's gain, the Hero's loss) and
    the dice it takes from the Hero's pool now (an invoked Asset turned or stripped at once)."""
    assets = {a["id"]: dict(a, traits=list(a["traits"])) for a in view["assets"]}
    invoked = set(view.get("invoked", []))
    got = lost = 0.0
    dice_lost = 0
    for kind, aid in costs:
        a = assets[aid]
        if a["subverted"]:
            continue
        turns = kind == "subvert" or (kind == "add_negative" and neg(a) >= 2)
        if turns:
            got += VP_SUBVERT + (VP_NEGATIVE if kind == "add_negative" else 0)
            lost += VP_ASSET_LEFT + pos(a) + FUTURE_DIE * 0.5
            if timing == "immediate" and aid in invoked:
                dice_lost += 1 + pos(a)
            a["subverted"] = True
        elif kind == "add_negative":
            got += VP_NEGATIVE
            lost += FUTURE_DIE
            a["traits"].append({"positive": False, "id": "?"})
        else:
            got += VP_REMOVE_POSITIVE
            lost += 1.0
            if timing == "immediate" and aid in invoked:
                dice_lost += 1
            last = max((i for i, t in enumerate(a["traits"]) if t["positive"]), default=None)
            if last is not None:
                a["traits"].pop(last)
    return {tempter: got, HERO: -lost}, dice_lost


def bargain_outcomes(view: dict, agent: str, costs: list, dice: int, tempter: str, timing: str,
                     accepted: bool, hero_dice: int, agent_dice: int):
    """The scene's outcomes if this bargain is accepted (its dice, its costs) or refused (+1 die
    to the Agent unless he shoots the moon)."""
    if not accepted:
        extra = 0 if view.get("moon", {}).get("agent") else 1
        return scene(view, hero_dice, agent_dice + extra, agent,
                     agent_moon=view.get("moon", {}).get("agent", False))
    delta, lost = bargain_effect(view, costs, tempter, timing)
    return [(p, plus(d, delta)) for p, d in scene(
        view, hero_dice + dice - lost, agent_dice, agent,
        agent_moon=view.get("moon", {}).get("agent", False))]


def hero_gain(view: dict, agent: str, costs: list, dice: int, tempter: str, timing: str,
              hero_dice: int, agent_dice: int) -> float:
    """How much better off the Hero is accepting this bargain than refusing it."""
    base = standing(view)
    yes = expect(HERO, base, bargain_outcomes(view, agent, costs, dice, tempter, timing, True,
                                              hero_dice, agent_dice))
    no = expect(HERO, base, bargain_outcomes(view, agent, costs, dice, tempter, timing, False,
                                             hero_dice, agent_dice))
    return yes - no


def tempting(gain: float) -> bool:
    """Would a Hero take a bargain worth ``gain`` to her? Dice in hand look bigger than the
    arithmetic of the end says: she takes one that costs her up to TEMPTATION points."""
    return gain + TEMPTATION > 0


def takes(gain: float) -> float:
    """How likely a Hero is to take a bargain worth ``gain`` to her (the Tempter's guess: about
    even at the edge of temptation, near certain well inside it)."""
    return 1.0 / (1.0 + math.exp(-3.0 * (gain + TEMPTATION)))
