"""The offline players of Becoming: three Fates with their own temperaments, and a scripted Hero.

Every seat chooses from its own view only. Each Fate plays for its own points:

* As the Agent of Threat a Fate takes every die it can (every negative Trait and subverted Asset),
  shoots the moon only when it has nothing to invoke and its Threat dice already match the Hero's
  pool, and claims the prize worth more points (one subversion, +4, against a mark on each risked
  Asset: +5 for a mark that turns an Asset, +2 for stripping a positive Trait, +1 for a new
  negative).
* As a Tempter it either backs the Agent or bargains, by its temperament (the ``temper`` on its
  Fate card): how readily it backs, the cost it asks first, how many costs it likes, how many dice
  it gives per cost, and whether its price falls due at once or after the roll. It backs more when
  the Hero is far ahead in dice (a bargain would not be needed, so it would be refused), and
  bargains more when the Hero is behind (a desperate Hero pays).

The scripted Hero (used in autoplay and the bench) risks just enough Assets to match the Agent's
dice, keeps Assets with two negative Traits out of danger, prices every bargain (a subversion
costs her the Asset's 4 end points besides the Fate's gain; a mark that would turn an Asset is as
bad as a subversion), accepts when the dice are worth it to her at the current odds, shoots the
moon now and then to win back what she lost, and puts her positive Traits where they already
stack.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.game import Action
from companion.games.becoming.model import HERO

DIE_VALUE = 1.6  # what one more die is worth to the Hero, in points, when the pools are even


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError(f"the {seat} has no legal action to choose from")
    kinds = {a.kind for a in legal}
    if "pick" in kinds:
        return _pick(view, seat, legal, rng)
    if "pronouns" in kinds:
        return rng.choice(list(legal))
    if len(legal) == 1:
        return legal[0]
    if seat == HERO:
        return _hero(view, legal, rng)
    if view["phase"] == "offers":
        return _tempter(view, seat, legal, rng)
    return _agent(view, seat, legal, rng)


def _by_kind(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.kind == kind]


def _assets(view: dict) -> dict[str, dict]:
    return {a["id"]: a for a in view["assets"]}


def _pos(a: dict) -> int:
    return sum(1 for t in a["traits"] if t["positive"])


def _neg(a: dict) -> int:
    return sum(1 for t in a["traits"] if not t["positive"])


# -- creating the Hero ---------------------------------------------------------------------------
def _pick(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any Asset: the Hero takes what she likes, the Fates what they would like to turn."""
    return rng.choice(list(legal))


# -- the Hero ----------------------------------------------------------------------------------
def _hero(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    phase = view["phase"]
    assets = _assets(view)
    pools = view.get("pools", {"hero": 3, "agent": 3})
    if phase in ("hero_gather", "more_hero"):
        moon = _by_kind(legal, "moon")
        threat = view["scene_info"]["threat_dice"]
        turned = sum(1 for a in assets.values() if a["subverted"])
        # A moon shot faces the Agent's full dice (and any Tempter's backing) with three: only
        # worth it against a small Threat, to win back what was lost.
        if moon and threat + _agent_bonus(view) <= 3 and rng.random() < 0.15 * turned:
            return moon[0]
        # The Agent will add every negative Trait and turned Asset, and about one die more.
        expected = pools["agent"] + _agent_bonus(view) + 1
        if pools["hero"] < expected:
            safe = [a for a in _by_kind(legal, "invoke") if _neg(assets[a.args["asset"]]) < 2]
            if safe:
                return max(safe, key=lambda a: (_pos(assets[a.args["asset"]]),
                                                -_neg(assets[a.args["asset"]]),
                                                a.args["asset"]))
        done = _by_kind(legal, "gathered") or _by_kind(legal, "ready")
        return done[0]
    if phase == "answers":
        return _answer(view, legal)
    if phase == "prize":
        regain = _by_kind(legal, "regain")
        if regain:
            return regain[0]
        claims = _by_kind(legal, "claim")
        if claims:
            return max(claims, key=lambda a: (_pos(assets[a.args["asset"]]),
                                              -_neg(assets[a.args["asset"]]),
                                              a.args["asset"]))
    return legal[0]


def _agent_bonus(view: dict) -> int:
    """Dice the Agent has yet to claim from the Hero's negative Traits and turned Assets."""
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


def cost_to_hero(view: dict, costs: list) -> float:
    """What a bargain's costs would take from the Hero, in points (hers lost + the Fate's)."""
    assets = {k: dict(v, traits=list(v["traits"])) for k, v in _assets(view).items()}
    total = 0.0
    for kind, aid in costs:
        a = assets[aid]
        if a["subverted"]:
            continue
        if kind == "subvert" or (kind == "add_negative" and _neg(a) >= 2):
            total += 9 + 1.5 * _pos(a)  # its 4 end points, the Fate's 4-5, its dice
            a["subverted"] = True
        elif kind == "add_negative":
            total += 4.0  # the Fate's point, and a die for every Agent from now on
            a["traits"].append({"positive": False, "id": "?"})
        else:
            total += 4.0  # the Fate's two points, and a die whenever she invokes it
            a["traits"] = a["traits"][:-1]
    return total


def _answer(view: dict, legal: Sequence[Action]) -> Action:
    pools = view["pools"]
    # Rejections feed the Agent: count the other open offers as refused for a cautious estimate.
    deficit = pools["agent"] + _agent_bonus(view) - pools["hero"]
    worth = DIE_VALUE * (1 + max(0, deficit) / 3)
    best, best_gain = None, 0.0
    for a in _by_kind(legal, "accept"):
        gain = (a.args["dice"] + 1) * worth - cost_to_hero(view, a.args["costs"])
        if gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        return best
    return _by_kind(legal, "reject")[0]


# -- the Agent of Threat ---------------------------------------------------------------------------
def _agent(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    phase = view["phase"]
    assets = _assets(view)
    if phase in ("agent_gather", "more_agent"):
        take = _by_kind(legal, "invoke_trait") + _by_kind(legal, "invoke_subverted")
        if take:
            return take[0]
        moon = _by_kind(legal, "moon")
        threat = view["scene_info"]["threat_dice"]
        if moon and threat >= view["pools"]["hero"] and view["invoked"]:
            return moon[0]
        return (_by_kind(legal, "gathered") or _by_kind(legal, "ready"))[0]
    if phase == "prize":
        subverts = _by_kind(legal, "subvert")
        best = max(subverts, key=lambda a: (_pos(assets[a.args["asset"]]),
                                            _neg(assets[a.args["asset"]]), a.args["asset"]))
        if view["moon"]["agent"] or not _by_kind(legal, "mark_risked"):
            return best
        marks = sum(_mark_value(assets[aid]) for aid in view["invoked"]
                    if not assets[aid]["subverted"])
        return _by_kind(legal, "mark_risked")[0] if marks > 4 else best
    if phase == "prize_traits":
        return max(legal, key=lambda a: (_mark_worth(assets[a.args["asset"]], a.args["change"]),
                                         a.args["asset"], a.args["change"]))
    return legal[0]


def _mark_value(a: dict) -> int:
    return max(_mark_worth(a, "add_negative"), _mark_worth(a, "remove_positive"))


def _mark_worth(a: dict, change: str) -> int:
    if change == "remove_positive":
        return 2 if _pos(a) else 0
    if len(a["traits"]) >= 5:
        return 0
    return 5 if _neg(a) >= 2 else 1


# -- a Tempter --------------------------------------------------------------------------------------
def _tempter(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    temper = view["fates"][seat]["temper"]
    mine = view.get("my_offer")
    costs = [(c["kind"], c["asset"]) for c in mine["costs"]] if mine else []
    pools = view["pools"]
    lead = pools["hero"] - (pools["agent"] + _agent_bonus(view))
    if not costs:
        backs = _by_kind(legal, "back")
        # A Hero well ahead needs no bargain; a Hero well behind will pay for one.
        chance = temper["back"] + 0.08 * lead
        if view["moon"]["hero"]:
            chance += 0.4  # she refuses every bargain: backing is worth more to the Agent
        if backs and rng.random() < chance:
            return backs[0]
    want = max(1, min(temper["greed"], 1 + max(0, -lead) // 2))
    if len(costs) < want:
        cost = _next_cost(view, temper["favourite"], _by_kind(legal, "cost"), costs)
        if cost is not None:
            return cost
    offers = _by_kind(legal, "offer")
    if not offers:
        return legal[0]
    # Price it: enough dice for the Hero to take it, no more than the temperament allows.
    need = cost_to_hero(view, costs) / (DIE_VALUE * (1 + max(0, -lead) / 3)) - 1
    dice = max(1, min(3, round(max(need, len(costs) * temper["generosity"] / 2))))
    timing = temper["timing"]
    return next(a for a in offers if a.args["dice"] == dice and a.args["timing"] == timing)


def _next_cost(view: dict, favourite: str, options: list[Action], costs: list):
    """The favourite kind of cost first, on the Asset that hurts the Hero most."""
    if not options:
        return None
    assets = _assets(view)
    order = [favourite] + [k for k in ("remove_positive", "add_negative", "subvert")
                           if k != favourite]
    for kind in order:
        mine = [a for a in options if a.args["kind"] == kind]
        if kind == "subvert" and favourite != "subvert":
            continue  # only the Spinner asks for a whole Asset outright
        if mine:
            return max(mine, key=lambda a: (_pos(assets[a.args["asset"]]) * 2
                                            + (assets[a.args["asset"]]["invoked"]),
                                            -len(assets[a.args["asset"]]["traits"])
                                            if kind != "add_negative" else
                                            _neg(assets[a.args["asset"]]),
                                            a.args["asset"]))
    return options[0]
