"""Becoming's mechanics as pure functions over the State: Traits, subversion, points, dice.

Every change to the Hero's Assets goes through this module, so the rules about Traits live in one
place: at most five Traits on an Asset; the third negative Trait subverts it; a subverted Asset
loses its Traits, waits for a new name from the Fate that turned it, and takes no Traits while it
stays turned. Every point scored is a :class:`Score` line written here, next to the change that
earned it.

Reading of the rules where the outline is short (each is tested):

* A Trait's name is the writer's words when the action carries any, else one of our own from the
  Hero card's word lists, chosen by the Trait's number (deterministic, so replay agrees).
* A positive Trait that is removed is the newest one on the Asset.
* A regained Asset (the Hero's moon shot), RULINGS.md: one turned by its third negative Trait
  comes back with those three marks and the Hero crosses one out (+2): it returns with two. One
  subverted outright (by a bargain's cost or the Agent's prize) had its Traits "simply go away":
  it returns with none, and there is no mark to cross out (no +2).
"""
from __future__ import annotations

from collections.abc import Iterable

from companion.core.game import Event
from companion.games.becoming.data import Rules
from companion.games.becoming.model import (
    BACKING_DICE,
    BASE_DICE,
    HERO,
    MAX_TRAITS,
    NEGATIVES_TO_SUBVERT,
    VP_NEGATIVE,
    VP_POSITIVE,
    VP_REMOVE_POSITIVE,
    VP_STRIKE_NEGATIVE,
    VP_SUBVERT,
    Asset,
    Cost,
    Offer,
    Score,
    State,
    Trait,
)

FACES = ("1", "2", "3", "4", "5", "6")


def asset_of(s: State, aid: str) -> Asset:
    for a in s.assets:
        if a.id == aid:
            return a
    raise KeyError(aid)


def _put(s: State, asset: Asset) -> State:
    return s.model_copy(update={"assets": tuple(asset if a.id == asset.id else a
                                                for a in s.assets)})


def _score(s: State, seat: str, points: int, why: str, aid: str | None) -> State:
    return s.model_copy(update={"scores": s.scores + (
        Score(seat=seat, points=points, why=why, scene=s.scene, asset=aid),)})


def totals(s: State, seats: Iterable[str]) -> dict[str, int]:
    out = {seat: 0 for seat in seats}
    for line in s.scores:
        out[line.seat] = out.get(line.seat, 0) + line.points
    return out


def standing(s: State) -> list[Asset]:
    """The Hero's Assets still hers (not subverted)."""
    return [a for a in s.assets if not a.subverted]


def _trait_name(d: Rules, s: State, asset: Asset, positive: bool, given: str) -> str:
    given = " ".join(given.split())[:40]
    if given:
        return given
    words = d.hero.traits[asset.kind]
    pool = list(words.bright if positive else words.dark)
    taken = {t.name for t in asset.traits}
    start = s.next_trait % len(pool)
    for k in range(len(pool)):
        name = pool[(start + k) % len(pool)]
        if name not in taken:
            return name
    return pool[start]


# -- what may be done to an Asset -----------------------------------------------------------------
def can_add(asset: Asset) -> bool:
    return not asset.subverted and len(asset.traits) < MAX_TRAITS


def can_remove_positive(asset: Asset) -> bool:
    return not asset.subverted and asset.positives > 0


def can_subvert(asset: Asset) -> bool:
    return not asset.subverted


def can_pay(asset: Asset, kind: str) -> bool:
    if kind == "subvert":
        return can_subvert(asset)
    if kind == "add_negative":
        return can_add(asset)
    if kind == "remove_positive":
        return can_remove_positive(asset)
    return False


def simulate(asset: Asset, kind: str) -> Asset:
    """The Asset after ``kind`` is paid (for checking a bargain's costs in order)."""
    if kind == "subvert":
        return asset.model_copy(update={"traits": (), "subverted_by": "?"})
    if kind == "add_negative":
        traits = asset.traits + (Trait(id="?", name="?", positive=False, by="?"),)
        if sum(1 for t in traits if not t.positive) >= NEGATIVES_TO_SUBVERT:
            return asset.model_copy(update={"traits": (), "subverted_by": "?"})
        return asset.model_copy(update={"traits": traits})
    i = max(k for k, t in enumerate(asset.traits) if t.positive)
    return asset.model_copy(update={"traits": asset.traits[:i] + asset.traits[i + 1:]})


def payment_order(offers: Iterable[Offer]) -> list[Offer]:
    """Accepted bargains in the order they are paid: those due at once (step 7), then those due
    after the roll (step 11), each in seat order."""
    offers = list(offers)
    return ([o for o in offers if o.timing == "immediate"]
            + [o for o in offers if o.timing != "immediate"])


def first_unpayable(assets: dict[str, Asset], offers: Iterable[Offer]) -> tuple[Offer, Cost] | None:
    """The first bargain and cost that could not be paid if all ``offers`` were paid in order
    (None when all can be)."""
    work = dict(assets)
    for o in payment_order(offers):
        for c in o.costs:
            a = work.get(c.asset)
            if a is None or not can_pay(a, c.kind):
                return o, c
            work[c.asset] = simulate(a, c.kind)
    return None


def costs_payable(assets: dict[str, Asset], costs: Iterable[Cost]) -> bool:
    """True when every cost can be paid, in order, on these Assets."""
    work = dict(assets)
    for c in costs:
        a = work.get(c.asset)
        if a is None or not can_pay(a, c.kind):
            return False
        work[c.asset] = simulate(a, c.kind)
    return True


# -- changes ------------------------------------------------------------------------------------
def add_trait(d: Rules, s: State, aid: str, positive: bool, by: str,
              name: str = "") -> tuple[State, list[Event]]:
    a = asset_of(s, aid)
    assert can_add(a), "checked by the caller"
    trait = Trait(id=f"t{s.next_trait}", name=_trait_name(d, s, a, positive, name),
                  positive=positive, by=by)
    a = a.model_copy(update={"traits": a.traits + (trait,)})
    s = _put(s, a).model_copy(update={"next_trait": s.next_trait + 1})
    s = _score(s, by, VP_POSITIVE if positive else VP_NEGATIVE,
               "positive" if positive else "negative", aid)
    events = [Event(kind="trait_added", data={
        "scene": s.scene, "asset": aid, "trait": trait.name, "trait_id": trait.id,
        "positive": positive, "by": by, "traits": len(a.traits), "negatives": a.negatives})]
    if not positive and a.negatives >= NEGATIVES_TO_SUBVERT:
        s, more = subvert(s, aid, by, by_negative=True)
        events += more
    return s, events


def remove_positive(s: State, aid: str, by: str) -> tuple[State, list[Event]]:
    a = asset_of(s, aid)
    assert can_remove_positive(a), "checked by the caller"
    i = max(k for k, t in enumerate(a.traits) if t.positive)
    gone = a.traits[i]
    a = a.model_copy(update={"traits": a.traits[:i] + a.traits[i + 1:]})
    s = _score(_put(s, a), by, VP_REMOVE_POSITIVE, "remove_positive", aid)
    return s, [Event(kind="trait_removed", data={
        "scene": s.scene, "asset": aid, "trait": gone.name, "positive": True, "by": by})]


def subvert(s: State, aid: str, by: str, by_negative: bool = False) -> tuple[State, list[Event]]:
    """Turn the Asset: its Traits go away and ``by`` owes it a new name."""
    a = asset_of(s, aid)
    assert can_subvert(a), "checked by the caller"
    lost = [t.name for t in a.traits]
    marks = tuple(t for t in a.traits if not t.positive) if by_negative else ()
    a = a.model_copy(update={"traits": (), "subverted_by": by, "turned_name": "",
                             "turned_marks": marks})
    s = _score(_put(s, a), by, VP_SUBVERT, "subvert", aid)
    s = s.model_copy(update={"renames": s.renames + ((aid, by),)})
    return s, [Event(kind="asset_subverted", data={
        "scene": s.scene, "asset": aid, "by": by, "by_negative": by_negative,
        "traits_lost": lost, "left": len(standing(s))})]


def rename(d: Rules, s: State, aid: str, by: str, name: str) -> tuple[State, list[Event]]:
    a = asset_of(s, aid)
    name = " ".join(name.split())[:60] or d.asset(aid).turned[0]
    a = a.model_copy(update={"turned_name": name})
    s = _put(s, a).model_copy(update={"renames": tuple(r for r in s.renames if r[0] != aid)})
    return s, [Event(kind="asset_renamed", data={"scene": s.scene, "asset": aid, "by": by,
                                                 "name": name})]


def regain(d: Rules, s: State, aid: str) -> tuple[State, list[Event]]:
    """The Hero's moon shot wins back a subverted Asset. Turned by its third negative Trait, it
    returns with those marks and she crosses out the last (+2); subverted outright, it returns
    bare (its Traits went away), with nothing to cross out (RULINGS.md)."""
    a = asset_of(s, aid)
    assert a.subverted, "checked by the caller"
    turned = a.turned_name
    marks, struck = a.turned_marks[:-1], a.turned_marks[-1:]
    a = a.model_copy(update={"subverted_by": None, "turned_name": "", "traits": marks,
                             "turned_marks": ()})
    s = _put(s, a)
    if struck:
        s = _score(s, HERO, VP_STRIKE_NEGATIVE, "strike", aid)
    return s, [Event(kind="asset_regained", data={
        "scene": s.scene, "asset": aid, "turned_name": turned,
        "marks": [t.name for t in marks], "struck": struck[0].name if struck else ""})]


def pay(d: Rules, s: State, offer: Offer) -> tuple[State, list[Event], tuple[int, ...]]:
    """Pay an accepted bargain's costs in order; a cost that can no longer be paid lapses."""
    events: list[Event] = []
    lapsed: list[int] = []
    for i, c in enumerate(offer.costs):
        a = asset_of(s, c.asset)
        if not can_pay(a, c.kind):
            lapsed.append(i)
            continue
        if c.kind == "subvert":
            s, more = subvert(s, c.asset, offer.tempter)
        elif c.kind == "add_negative":
            s, more = add_trait(d, s, c.asset, False, offer.tempter)
        else:
            s, more = remove_positive(s, c.asset, offer.tempter)
        events += more
    return s, events, tuple(lapsed)


# -- dice -----------------------------------------------------------------------------------------
def hero_pool(s: State) -> int:
    """3, +1 per invoked Asset still hers, +1 per positive Trait on those; + bargain dice.
    Shooting the moon: exactly 3."""
    if s.hero_moon:
        return BASE_DICE
    n = BASE_DICE
    for aid in s.invoked:
        a = asset_of(s, aid)
        if not a.subverted:
            n += 1 + a.positives
    n += sum(o.dice for o in s.offers if o.answer == "accepted")
    return n


def live_negative_ids(s: State) -> set[str]:
    return {t.id for a in s.assets if not a.subverted for t in a.traits if not t.positive}


def agent_pool(s: State, threat_dice: int) -> int:
    """The scene's Threat dice, +1 per invoked negative Trait still there, +1 per subverted Asset
    narrated in, +3 per backing Tempter, +1 per rejected bargain. Shooting the moon: the Threat
    dice alone."""
    if s.agent_moon:
        return threat_dice
    live = live_negative_ids(s)
    n = threat_dice + sum(1 for t in s.agent_traits if t in live)
    n += sum(1 for aid in s.agent_subverted if asset_of(s, aid).subverted)
    n += BACKING_DICE * sum(1 for o in s.offers if o.sealed and o.back)
    return n + s.rejections


def compare(hero: Iterable[int], agent: Iterable[int]) -> tuple[str, int | None]:
    """Who wins the roll: the side with more 6s; tied, more 5s; and so on down. A total tie goes
    to the Hero. Returns ("hero" | "agent", the face that decided it or None for a total tie)."""
    h, a = list(hero), list(agent)
    for face in range(6, 0, -1):
        if h.count(face) != a.count(face):
            return ("hero" if h.count(face) > a.count(face) else "agent"), face
    return "hero", None
