"""The offline players of Becoming: three Fates who each play to win, and a scripted Hero.

Every seat chooses from its own view only, and weighs a move by the text's victory points
(weigh.py): its own points less the best rival's, over the exact odds of the dice. So the Fates
are three players, not a team: each is the others' rival as much as the Hero's.

* The Agent of Threat takes every die he can (each is his), shoots the moon when the Threat dice
  alone and the bigger prize are worth more to him than his full pool, and claims the prize worth
  more to him; he does not take the Hero's last Asset while that would end the game with another
  player ahead of him.
* A Tempter backs the Agent or bargains, whichever earns it more: backing helps a rival Fate win
  the scene, a bargain pays the Tempter itself but arms the Hero. It prices each bargain for the
  Hero it faces (a bargain she should refuse is never offered: one she would take, or backing), and
  never bargains with a Hero shooting the moon (she must refuse, and a refusal is one die to the
  Agent where backing is three). Its temperament (the ``temper`` on its Fate card) picks among
  bargains worth about the same: the cost it likes to ask, how many, and when its price falls due.
  It takes a Hero's counter when the counter pays it at least what its first bargain would.
* The scripted Hero (autoplay and the bench) risks just enough Assets to match the Agent's dice,
  keeps Assets with two negative Traits out of danger, takes a bargain when it is worth more to her
  than refusing it, counters one she would refuse with a cheaper price, and shoots the moon when
  three dice and the moon's prize are her best chance.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.game import Action
from companion.games.becoming import weigh as w
from companion.games.becoming.data import wanted
from companion.games.becoming.model import HERO

COST_ORDER = ("add_negative", "remove_positive", "subvert")  # the least a Fate asks, first
DIRECTOR_FROM = 6  # the director (STORY.md §5) keeps the last act open from this scene on
BAND_HIGH = 0.5  # ... and by backing the Agent, all of them, when her chance is above this
BAND_LOW = 0.15  # ... by leaving the Hero at least this chance with every Asset she can risk
MOON_CHANCE = 0.07  # the least chance of the Threat a Hero shoots the moon on for its prize alone
MOON_CAP = 0.9  # the Agent's chance against a moon shot past which he claims no more dice
TEMPER_WEIGHT = 0.6  # how far a Fate's temperament may tip a close choice, in points


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError(f"the {seat} has no legal action to choose from")
    kinds = {a.kind for a in legal}
    if "pick" in kinds:
        return rng.choice(list(legal))  # the Hero takes what she likes, the Fates what they'd turn
    if "pronouns" in kinds:  # a listed set (a set of one's own is a player's)
        return rng.choice([a for a in legal if "pronouns" in a.args])
    if len(legal) == 1:
        return legal[0]
    if seat == HERO:
        return _hero(view, legal)
    if view["phase"] == "offers":
        return _tempter(view, seat, legal)
    if view["phase"] == "counter_reply":
        return _counter_reply(view, seat, legal)
    return _agent(view, seat, legal)


def _by_kind(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.kind == kind]


def _assets(view: dict) -> dict[str, dict]:
    return {a["id"]: a for a in view["assets"]}


def _agent_of(view: dict) -> str:
    return view["scene_info"]["agent"]


# -- the Hero ----------------------------------------------------------------------------------
def _plan_invoke(view: dict) -> tuple[list[str], int]:
    """The Assets she would risk (the safest that bring most dice) to reach the Agent's likely
    pool, and the pool that makes."""
    assets = _assets(view)
    want = view["pools"]["agent"] + agent_claims(view) + 1
    have = view["pools"]["hero"]
    plan = []
    free = sorted((a for a in assets.values() if not a["subverted"] and not a["invoked"]
                   and w.neg(a) < 2), key=lambda a: (-w.pos(a), w.neg(a), a["id"]))
    for a in free:
        if have >= want:
            break
        plan.append(a["id"])
        have += 1 + w.pos(a)
    return plan, have


def moon_is_best(view: dict) -> bool:
    """Three dice and the moon's prize against her best ordinary pool (the Tempters, who will
    all back the Agent against a moon shot, counted in): the moon when its chance is as good, or,
    when she is behind on points, fair and its prize worth more to her."""
    agent = _agent_of(view)
    base = w.standing(view)
    a_now = view["pools"]["agent"] + agent_claims(view)
    plan, h = _plan_invoke(view)
    risked = dict(view, invoked=list(view["invoked"]) + plan)
    p_normal, p_moon = w.hero_wins(h + 1, a_now + 2), w.hero_wins(3, moon_dice(view))
    if p_moon >= p_normal:
        return True  # as good a chance, and the bigger prize
    normal = w.expect(HERO, base, w.scene(risked, h + 1, a_now + 2, agent))
    moon = w.expect(HERO, base, w.scene(view, 3, moon_dice(view), agent, hero_moon=True))
    behind = w.utility(HERO, base) < 0
    return behind and p_moon >= MOON_CHANCE and moon > normal


def _hero(view: dict, legal: Sequence[Action]) -> Action:
    phase = view["phase"]
    assets = _assets(view)
    if phase in ("hero_gather", "more_hero"):
        moon = _by_kind(legal, "moon")
        if moon and moon_is_best(view):
            return moon[0]
        plan, _ = _plan_invoke(view)
        invoke = {a.args["asset"]: a for a in _by_kind(legal, "invoke")}
        for aid in plan:
            if aid in invoke:
                return invoke[aid]
        return (_by_kind(legal, "gathered") or _by_kind(legal, "ready"))[0]
    if phase == "answers":
        return _answer(view, legal)
    if phase == "counter":
        return _counter(view, legal)
    if phase == "prize":
        regain = _by_kind(legal, "regain")
        if regain:  # one that comes back bare first, then the one she lost last
            return min(regain, key=lambda a: (a.args.get("marks", 0), a.args["asset"]))
        claims = _by_kind(legal, "claim")
        if claims:
            return max(claims, key=lambda a: (w.pos(assets[a.args["asset"]]),
                                              -w.neg(assets[a.args["asset"]]),
                                              a.args["asset"]))
    return legal[0]


def _gain(view: dict, a: Action) -> float:
    p = view["pools"]
    return w.hero_gain(view, _agent_of(view), a.args["costs"], a.args["dice"],
                       a.args["tempter"], a.args["timing"], p["hero"],
                       p["agent"] + w.agent_bonus(view))


def _answer(view: dict, legal: Sequence[Action]) -> Action:
    accepts = sorted(_by_kind(legal, "accept"), key=lambda a: -_gain(view, a))
    if accepts and w.tempting(_gain(view, accepts[0])):
        return accepts[0]
    for a in _by_kind(legal, "counter"):
        return a  # a price she would not pay: try a cheaper one
    rejects = _by_kind(legal, "reject")
    return rejects[0] if rejects else legal[0]


def _counter(view: dict, legal: Sequence[Action]) -> Action:
    """Her counter: the one cheapest cost (a mark on an Asset with none, kept out of danger),
    for the dice the Tempter offered."""
    assets = _assets(view)
    drafted = view.get("counter") or {}
    if drafted.get("costs"):
        first = next(o for o in view["offers"] if o["tempter"] == drafted["tempter"])
        dice = first.get("dice", 1)
        props = _by_kind(legal, "propose")
        return next((a for a in props if a.args["dice"] == dice), props[0])
    costs = [a for a in _by_kind(legal, "counter_cost") if a.args["kind"] == "add_negative"
             and w.neg(assets[a.args["asset"]]) == 0]
    if not costs:
        return _by_kind(legal, "withdraw")[0]
    return min(costs, key=lambda a: (assets[a.args["asset"]]["invoked"],
                                     w.pos(assets[a.args["asset"]]), a.args["asset"]))


# -- the Agent of Threat ---------------------------------------------------------------------------
def _agent(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    phase = view["phase"]
    assets = _assets(view)
    if phase in ("agent_gather", "more_agent"):
        moon = _by_kind(legal, "moon")
        if moon and _agent_moon_is_best(view, seat):
            return moon[0]
        take = _by_kind(legal, "invoke_trait") + _by_kind(legal, "invoke_subverted")
        if take and not _moon_is_covered(view) and not _act_is_closing(view, 1):
            return take[0]
        return (_by_kind(legal, "gathered") or _by_kind(legal, "ready"))[0]
    if phase == "prize":
        return _prize(view, seat, legal)
    if phase == "prize_traits":
        return max(legal, key=lambda a: (_mark_points(assets[a.args["asset"]], a.args["change"]),
                                         a.args["asset"], a.args["change"]))
    return legal[0]


def moon_dice(view: dict) -> int:
    """The Agent's pool against a Hero shooting the moon once both Tempters back him (they
    always do): his pool now and the dice he could still claim, or fewer (see below)."""
    backing = 0 if view["phase"] in ("more_agent", "prize") else 3 * len(
        view["scene_info"]["tempters"])
    full = view["pools"]["agent"] + w.agent_bonus(view) + backing
    low = view["pools"]["agent"] + backing
    n = low
    while n < full and w.hero_wins(3, n) > 1 - MOON_CAP:
        n += 1
    return n


def _moon_is_covered(view: dict) -> bool:
    """The director (STORY.md §5): against a moon shot the Agent stops claiming dice once his
    chance of the Threat reaches MOON_CAP: the comeback the rules offer stays a real one."""
    if not view["moon"]["hero"]:
        return False
    backing = 0 if view["phase"] == "more_agent" else 3 * len(view["scene_info"]["tempters"])
    return w.hero_wins(3, view["pools"]["agent"] + backing) <= 1 - MOON_CAP


def hero_best(view: dict) -> int:
    """The dice the Hero can still roll this scene without losing an Asset to one more mark:
    her pool and every Asset she may still risk that has fewer than two negative Traits (three,
    and no more, when she shoots the moon)."""
    if view["moon"]["hero"]:
        return view["pools"]["hero"]
    return view["pools"]["hero"] + sum(1 + w.pos(a) for a in view["assets"]
                                       if not a["subverted"] and not a["invoked"]
                                       and w.neg(a) < 2)


def agent_claims(view: dict) -> int:
    """The dice the Agent will still claim from the Hero's Traits and turned Assets: all of them,
    but in the last act only as many as the director leaves him (see _act_is_closing)."""
    bonus = w.agent_bonus(view)
    if view["moon"]["hero"]:
        return bonus
    n = 0
    while n < bonus and not _act_is_closing(view, n + 1):
        n += 1
    return n


def _act_is_closing(view: dict, more: int) -> bool:
    """The director (STORY.md §5) of the last act: from DIRECTOR_FROM on, a Fate adds no more
    dice against the Hero (claiming her Traits, backing the Agent) once ``more`` would leave her,
    with everything she can still safely risk, less than BAND_LOW of the Threat. All three stay
    within the rules; they only leave a comeback possible, so her choices still decide it."""
    if (view.get("scene") or 0) < DIRECTOR_FROM:
        return False
    agent = view["pools"]["agent"]
    return w.hero_wins(hero_best(view), agent + more) < BAND_LOW


def _agent_moon_is_best(view: dict, seat: str) -> bool:
    base = w.standing(view)
    h = view["pools"]["hero"]
    full = view["pools"]["agent"] + w.agent_bonus(view)
    threat = view["scene_info"]["threat_dice"]
    normal = w.expect(seat, base, w.scene(view, h, full + 3, seat))  # a Tempter backs, likely
    moon = w.expect(seat, base, w.scene(view, h, threat, seat, agent_moon=True))
    return moon > normal


def _mark_points(a: dict, change: str) -> int:
    if change == "remove_positive":
        return 2 if w.pos(a) else 0
    if len(a["traits"]) >= 5:
        return 0
    return 5 if w.neg(a) >= 2 else 1


def _ends_behind(view: dict, seat: str, got: float) -> bool:
    """Would taking the Hero's last Asset end the game with someone ahead of this Fate?"""
    left = sum(1 for a in view["assets"] if not a["subverted"])
    if left > 1:
        return False
    tot = {k: float(v) for k, v in view["scores"].items()}
    tot[seat] += got
    return tot[seat] < max(v for k, v in tot.items() if k != seat)


def _prize(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    assets = _assets(view)
    subverts = _by_kind(legal, "subvert")
    marks = _by_kind(legal, "mark_risked")
    best = max(subverts, key=lambda a: (w.pos(assets[a.args["asset"]]),
                                        w.neg(assets[a.args["asset"]]), a.args["asset"]))
    if view["moon"]["agent"] or not marks:
        return best
    risked = [assets[aid] for aid in view["invoked"] if not assets[aid]["subverted"]]
    mark_pts = sum(w.mark_worth(a)[0] for a in risked)
    mark_loss = sum(w.mark_worth(a)[1] for a in risked)
    sub_loss = w.VP_ASSET_LEFT + w.pos(assets[best.args["asset"]])
    if _ends_behind(view, seat, w.VP_SUBVERT):
        return marks[0]
    base = w.standing(view)
    by_sub = w.utility(seat, w.plus(base, {seat: w.VP_SUBVERT, HERO: -sub_loss}))
    by_marks = w.utility(seat, w.plus(base, {seat: mark_pts, HERO: -mark_loss}))
    return marks[0] if by_marks > by_sub else best


# -- a Tempter --------------------------------------------------------------------------------------
def _pools(view: dict) -> tuple[int, int]:
    return view["pools"]["hero"], view["pools"]["agent"] + w.agent_bonus(view)


def _offer_value(view: dict, seat: str, costs: list, dice: int, timing: str) -> tuple[float, float]:
    """(this Tempter's expected utility, the Hero's gain from accepting) for a bargain."""
    agent = _agent_of(view)
    h, a = _pools(view)
    gain = w.hero_gain(view, agent, costs, dice, seat, timing, h, a)
    q = w.takes(gain)
    base = w.standing(view)
    yes = w.expect(seat, base, w.bargain_outcomes(view, agent, costs, dice, seat, timing, True,
                                                  h, a))
    no = w.expect(seat, base, w.bargain_outcomes(view, agent, costs, dice, seat, timing, False,
                                                 h, a))
    return q * yes + (1 - q) * no, gain


def _back_value(view: dict, seat: str) -> float:
    h, a = _pools(view)
    return w.expect(seat, w.standing(view), w.scene(view, h, a + 3, _agent_of(view)))


def _plans(view: dict, seat: str, legal: Sequence[Action], costs: list, temper: dict):
    """Bargains that start with the draft so far: (costs, dice), at most ``greed`` costs, each
    cost on an Asset of its own."""
    invoked = set(view["invoked"])
    singles = [(a.args["kind"], a.args["asset"]) for a in _by_kind(legal, "cost")
               if wanted(temper, a.args["kind"], a.args["asset"] in invoked)]
    used = {aid for _, aid in costs}
    singles = [c for c in singles if c[1] not in used]
    out = [list(costs)] if costs else []
    out += [list(costs) + [c] for c in singles]
    if len(costs) + 2 <= temper["greed"]:
        top = sorted(singles, key=lambda c: -w.bargain_effect(view, [c], seat, "delayed")[0][seat])
        top = top[:5]
        out += [list(costs) + [c1, c2] for i, c1 in enumerate(top) for c2 in top[i + 1:]
                if c1[1] != c2[1]]
    return [(p, d) for p in out for d in (1, 2, 3)]


def _tempter(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    temper = view["fates"][seat]["temper"]
    timing = temper["timing"]
    mine = view.get("my_offer")
    costs = [(c["kind"], c["asset"]) for c in mine["costs"]] if mine else []
    backs = _by_kind(legal, "back")
    if backs and not costs and view["moon"]["hero"]:
        return backs[0]  # she must refuse every bargain: backing is three dice, a refusal one
    best, best_value = None, float("-inf")
    kindest, kindest_gain = None, float("-inf")  # the director's bargain, when backing closes
    for plan, dice in _plans(view, seat, legal, costs, temper):
        value, gain = _offer_value(view, seat, plan, dice, timing)
        if gain > kindest_gain:
            kindest, kindest_gain = (plan, dice), gain
        if not w.tempting(gain) and (backs or costs):
            continue  # a bargain she should refuse, even tempted, is never offered
        value += TEMPER_WEIGHT * sum(1 for k, _ in plan if k == temper["asks"][0]) / 3
        if value > best_value:
            best, best_value = (plan, dice), value
    if backs and not costs and (best is None or _backs(view, seat, temper, best_value)):
        if best is None and kindest is not None and _act_is_closing(view, 3):
            best = kindest  # a refused bargain is one die to the Agent, backing three
        else:
            return backs[0]
    elif best is None and costs and kindest is not None:
        best = kindest  # finishing the director's bargain
    if best is None:  # the Agent shoots the moon: no backing, so the least costly bargain
        offers = _by_kind(legal, "offer")
        if costs and offers:
            return next((a for a in offers if a.args["timing"] == timing), offers[0])
        return _fallback(view, seat, _by_kind(legal, "cost"))
    plan, dice = best
    if len(plan) > len(costs):
        kind, aid = plan[len(costs)]
        return next(a for a in _by_kind(legal, "cost")
                    if a.args["kind"] == kind and a.args["asset"] == aid)
    return next(a for a in _by_kind(legal, "offer")
                if a.args["dice"] == dice and a.args["timing"] == timing)


def _nearest_want(temper: dict, invoked: set[str], costs: list[Action]) -> list[Action]:
    """Costs in the order a Fate would rather ask them when none is quite what she wants: her
    own kinds first (on the Assets she looks to, then any), then the rest."""
    def rank(a: Action) -> tuple:
        kind, aid = a.args["kind"], a.args["asset"]
        mine = temper["asks"].index(kind) if kind in temper["asks"] else len(temper["asks"])
        return (mine, not wanted(temper, kind, aid in invoked) if kind in temper["asks"] else 0,
                COST_ORDER.index(kind), aid)
    return sorted(costs, key=rank)


def _fallback(view: dict, seat: str, costs: list[Action]) -> Action:
    """The bargain a Tempter must make against an Agent shooting the moon (she may not back
    him) when no price she wants is there to ask. The offers are hidden until both are made,
    but the Fates' cards are not: the second Tempter asks a price other than the one the first
    would ask by this same rule, so two Fates never ask the same thing (issue 42, played at seed
    23: both asked 'subvert Courage', the Hero's last Asset)."""
    invoked = set(view["invoked"])
    tempters = view["scene_info"]["tempters"]
    mine = _nearest_want(view["fates"][seat]["temper"], invoked, costs)
    if len(tempters) < 2 or seat != tempters[1]:
        return mine[0]
    first = _nearest_want(view["fates"][tempters[0]]["temper"], invoked, costs)[0]
    return next((a for a in mine if a.args != first.args), mine[0])


def _backs(view: dict, seat: str, temper: dict, bargain: float) -> bool:
    """Does this Tempter back the Agent rather than make its best bargain? Each Fate by its own
    want (``backs`` on its card), and none once backing would close the last act."""
    tempters = view["scene_info"]["tempters"]
    if _act_is_closing(view, 3) or (_act_is_closing(view, 3 * len(tempters))
                                    and seat != tempters[0]):
        return False  # the first of them may back when one backing leaves the act open
    h, a = _pools(view)
    if (view.get("scene") or 0) >= DIRECTOR_FROM and w.hero_wins(hero_best(view), a) >= BAND_HIGH:
        return True  # nor is the last act a walk: a Hero with the dice to win is pressed
    if temper["backs"] == "no_bargain":
        return False  # the Spinner would rather remake the Hero than sink her
    if temper["backs"] == "hero_strong" and w.hero_wins(hero_best(view), a) >= 0.5:
        return True  # the Shears will not let a Hero with the dice to win walk away whole
    back = _back_value(view, seat) + TEMPER_WEIGHT * (temper["back"] - 0.25) * 4
    return back >= bargain


def _counter_reply(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    """Take the Hero's counter when it pays at least what the first bargain would (she refuses
    a bargain that is worth less to her than refusing it)."""
    c = view["counter"]
    first = next(o for o in view["offers"] if o["tempter"] == seat)
    agent = _agent_of(view)
    h, a = _pools(view)
    base = w.standing(view)
    counter = w.expect(seat, base, w.bargain_outcomes(
        view, agent, [(x["kind"], x["asset"]) for x in c["costs"]], c["dice"], seat,
        c["timing"], True, h, a))
    costs = [(x["kind"], x["asset"]) for x in first["costs"]]
    gain = w.hero_gain(view, agent, costs, first["dice"], seat, first["timing"], h, a)
    accepted = w.tempting(gain)
    stands = w.expect(seat, base, w.bargain_outcomes(view, agent, costs, first["dice"], seat,
                                                     first["timing"], accepted, h, a))
    pick = "take" if counter >= stands else "refuse"
    return _by_kind(legal, pick)[0]
