"""What each seat of Becoming may see, and how a legal action reads in a list.

Static text (the Fates' temperaments and avatars, the Assets' phrases) is not repeated in every
view: the narrator and the prompts read it from the data. Everything at this table is public (the Hero's sheet, the Fate cards, the dice) except a Tempter's
bargain while it is being made: until both Tempters have sealed theirs, a draft is in its maker's
view only ("my_offer"); the others see just who has finished.
"""
from __future__ import annotations

from typing import Protocol

from companion.core.game import CHANCE, Action
from companion.games.becoming import mechanics as m
from companion.games.becoming.data import Quest, Rules
from companion.games.becoming.model import FATES, HERO, SEATS, Offer, Phase, State


class Table(Protocol):
    """What a view needs of the engine (which sits above this file and passes itself in)."""

    name: str

    @property
    def data(self) -> Rules: ...

    def to_move(self, s: State) -> list[str]: ...

    def quest(self, s: State) -> Quest: ...

    def agent(self, s: State) -> str: ...

COST_WORDS = {"subvert": "subvert {asset}", "add_negative": "a negative Trait on {asset}",
              "remove_positive": "a positive Trait off {asset}"}


def asset_name(d: Rules, aid: str) -> str:
    return d.asset(aid).name


def cost_text(d: Rules, kind: str, aid: str) -> str:
    return COST_WORDS[kind].format(asset=asset_name(d, aid))


def dice_words(n: int) -> str:
    """'+1 die', '+3 dice'."""
    return f"+{n} {'die' if n == 1 else 'dice'}"


def offer_text(d: Rules, dice: int, timing: str, costs: list) -> str:
    """'+2 dice for: subvert Courage; a negative Trait on Old Maren (paid at once)'."""
    parts = "; ".join(cost_text(d, k, a) for k, a in costs)
    when = "paid at once" if timing == "immediate" else "paid after the roll"
    return f"{dice_words(dice)} for: {parts} ({when})"


PHASE_WORDS = {
    "quest": "the Quest is being chosen", "pick": "the Hero's Assets are being picked",
    "name": "the Hero is being named", "pronouns": "the Hero's pronouns are being chosen",
    "elements": "the Agent of Threat is setting the scene",
    "avatars": "the Tempters are introducing their avatars",
    "threat": "the Agent of Threat is presenting the Threat",
    "hero_gather": "the Hero is gathering dice", "agent_gather": "the Agent is gathering dice",
    "offers": "the Tempters are making their offers", "answers": "the Hero is answering bargains",
    "counter": "the Hero is drafting a counter", "counter_reply": "a Tempter is answering a counter",
    "more_hero": "the Hero may invoke more Assets", "more_agent": "the Agent may invoke more",
    "roll_hero": "the dice are being rolled", "roll_agent": "the dice are being rolled",
    "prize": "the winner is claiming the prize", "prize_traits": "the Agent is marking risked Assets",
    "resolve": "the winner is telling how the Threat ends",
    "close": "the close of the Quest is being told", "over": "the story is over"}


def seat_name(d: Rules, seat: str) -> str:
    if seat == HERO:
        return "the Hero"
    if seat == CHANCE:
        return "the dice"
    f = d.fate(seat)
    return f"{f.name} {f.title}"


def _offer_view(d: Rules, o: Offer) -> dict:
    out = {"offer_id": f"offer-{o.tempter}", "tempter": o.tempter,
           "fate": d.fate(o.tempter).name, "back": o.back, "sealed": o.sealed,
           "speech": o.speech, "answer": o.answer}
    if not o.back:
        out.update(dice=o.dice, timing=o.timing,
                   costs=[{"kind": c.kind, "asset": c.asset,
                           "text": cost_text(d, c.kind, c.asset)} for c in o.costs],
                   lapsed=list(o.lapsed))
        if o.sealed:
            out["text"] = offer_text(d, o.dice, o.timing, [(c.kind, c.asset) for c in o.costs])
    return out


def _fates(d: Rules) -> dict:
    """The Fate cards as every seat sees them (a fresh copy: views are handed out)."""
    return {f.seat: {"name": f.name, "title": f.title, "temper": dict(_tempers(d)[f.seat])}
            for f in d.fates}


_TEMPERS: dict[str, dict] = {}


def _tempers(d: Rules) -> dict[str, dict]:
    if d.digest not in _TEMPERS:
        _TEMPERS[d.digest] = {f.seat: f.temper.model_dump() for f in d.fates}
    return _TEMPERS[d.digest]


def lost_before(s: State) -> bool:
    """Did the Hero lose the scene before this one (its texts told in their 'lost' variant)?"""
    prior = [x for x in s.log if x.scene == s.scene - 1]
    return bool(prior) and prior[-1].winner != HERO


def view_of(game: Table, s: State, seat: str | None) -> dict:
    d = game.data
    v: dict = {"game": game.name, "seat": seat, "phase": s.phase.value, "scene": s.scene,
               "to_move": game.to_move(s)}
    v["fates"] = _fates(d)
    v["hero"] = {"name": s.hero_name, "pronouns": s.pronouns}
    v["assets"] = []
    for a in s.assets:
        card = d.asset(a.id)
        v["assets"].append({
            "id": a.id, "name": card.name, "kind": a.kind,
            "subverted": a.subverted, "subverted_by": a.subverted_by,
            "turned_name": a.turned_name, "invoked": a.id in s.invoked,
            "traits": [{"id": t.id, "name": t.name, "positive": t.positive, "by": t.by}
                       for t in a.traits]})
    if s.phase is Phase.PICK:
        taken = {a.id for a in s.assets}
        v["card"] = [{"id": c.id, "name": c.name, "kind": c.kind}
                     for c in d.hero.assets if c.id not in taken]
    v["scores"] = m.totals(s, SEATS)
    if s.phase in (Phase.CLOSE, Phase.OVER):  # the tally and the scene log, for the ending
        v["score_lines"] = [{"seat": x.seat, "points": x.points, "why": x.why,
                             "scene": x.scene, "asset": x.asset} for x in s.scores]
        v["log"] = [{"scene": x.scene, "agent": x.agent, "hero_roll": list(x.hero_roll),
                     "agent_roll": list(x.agent_roll), "winner": x.winner,
                     "offers": x.offers, "accepted": x.accepted, "backed": x.backed}
                    for x in s.log]
    v["renames"] = [list(r) for r in s.renames]
    if s.quest:
        q = game.quest(s)
        v["quest"] = {"id": q.id, "title": q.title, "premise": q.premise,
                      "agents": [sc.agent for sc in q.scenes],
                      "titles": [sc.title for sc in q.scenes],
                      "threat_dice": [sc.threat_dice for sc in q.scenes]}
    if s.scene:
        q = game.quest(s)
        sc = q.scenes[s.scene - 1]
        agent = sc.agent
        setup, threat, elements = sc.told(lost_before(s))
        v["scene_info"] = {"title": sc.title, "place": sc.where, "setup": setup, "threat": threat,
                           "elements": list(elements), "threat_dice": sc.threat_dice,
                           "agent": agent, "tempters": [f for f in FATES if f != agent]}
        v["pools"] = {"hero": m.hero_pool(s), "agent": m.agent_pool(s, sc.threat_dice)}
        v["moon"] = {"hero": s.hero_moon, "agent": s.agent_moon}
        v["invoked"] = list(s.invoked)
        v["agent_invoked"] = {"traits": list(s.agent_traits),
                              "subverted": list(s.agent_subverted)}
        v["stakes"] = {"hero": s.hero_stakes, "agent": s.threat_text}
        v["rejections"] = s.rejections
        v["rolls"] = {"hero": list(s.hero_roll), "agent": list(s.agent_roll)}
        v["winner"] = s.winner
        if s.phase is Phase.OFFERS:  # secret until both are sealed
            v["offers_made"] = [o.tempter for o in s.offers if o.sealed]
            mine = next((o for o in s.offers if o.tempter == seat), None)
            if mine is not None:
                v["my_offer"] = _offer_view(d, mine) | {"offer_id": f"offer-{s.scene}-{seat}"}
            v["offers"] = []
        else:
            v["offers"] = [_offer_view(d, o) for o in s.offers]
        if s.counter is not None:  # the Hero's counter, drafted at the table (no secret)
            v["counter"] = _offer_view(d, s.counter)
    if seat in FATES:  # who this Fate is, and (in a scene) which role it plays in it
        f = d.fate(seat)
        v["me"] = {"name": f.name, "title": f.title, "temperament": f.temperament,
                   "wants": f.wants, "avatar": f.avatar}
        if s.scene:
            v["prompt_role"] = "agent" if game.agent(s) == seat else "tempter"
    v["closers"] = list(s.closers)
    v["close_words"] = list(s.close_words)
    v["ended_early"] = s.ended_early
    return v


def regain_terms(marks: int) -> str:
    """What a regained Asset comes back with (RULINGS.md)."""
    if not marks:
        return "it was subverted outright: it returns with no Traits"
    left = marks - 1
    return (f"you cross out one of the {marks} negative Traits that turned it, +2 points; it "
            f"returns with {left} negative Trait{'s' if left != 1 else ''}")


def describe(d: Rules, a: Action) -> str:
    """A short label for a legal action (the REPL's `actions`, the model's numbered list)."""
    if a.seat == CHANCE:
        return "chance: " + " ".join(str(x) for x in a.args.get("items", []))
    k, args = a.kind, a.args
    asset = asset_name(d, args["asset"]) if "asset" in args else ""
    if k == "pick":
        card = d.asset(args["asset"])
        return f"pick {card.name} ({card.kind}): {card.phrase}"
    if k == "pronouns":
        return f"the Hero is {args['pronouns']}" if "pronouns" in args else \
            "the Hero's own pronouns (xe/xem, ze/hir, name...)"
    if k == "invoke":
        return f"invoke {asset} (risk it: +1 die and +1 per positive Trait)"
    if k == "invoke_trait":
        return f"invoke a negative Trait of {asset} ({args['trait']}): +1 die"
    if k == "invoke_subverted":
        return f"narrate the subverted {asset} into the Threat: +1 die"
    if k == "moon":
        return ("shoot the moon: roll exactly 3 dice, invoke nothing, accept no bargain"
                if a.seat == HERO else "shoot the moon: roll the Threat dice alone")
    if k == "gathered":
        return "done gathering dice"
    if k == "ready":
        return "ready to roll"
    if k == "back":
        return "back the Agent of Threat (+3 dice to the Agent)"
    if k == "cost":
        return f"ask as a cost: {cost_text(d, args['kind'], args['asset'])}"
    if k == "offer":
        when = "at once" if args["timing"] == "immediate" else "after the roll"
        return f"offer {args['dice']} {'die' if args['dice'] == 1 else 'dice'}, paid {when}"
    if k == "counter":
        return f"counter {d.fate(args['tempter']).name}'s bargain (name other costs and dice)"
    if k == "counter_cost":
        return f"counter with the cost: {cost_text(d, args['kind'], args['asset'])}"
    if k == "propose":
        return f"propose the counter for {dice_words(args['dice'])}"
    if k == "withdraw":
        return "drop the counter (the bargain stands as offered)"
    if k == "take":
        return "take the Hero's counter (your bargain becomes it, accepted)"
    if k == "refuse":
        return "refuse the Hero's counter (your first bargain stands)"
    if k in ("accept", "reject"):
        fate = d.fate(args["tempter"])
        text = offer_text(d, args["dice"], args["timing"], args["costs"])
        extra = "" if k == "accept" else " (the Agent gains a die)"
        return f"{k} {fate.name}'s bargain: {text}{extra}"
    if k == "regain":
        return f"win back {asset} ({regain_terms(args.get('marks', 0))})"
    if k == "claim":
        return f"add a positive Trait to {asset} (+3 points)"
    if k == "forgo":
        return "no Asset can take a Trait: the prize goes unclaimed"
    if k == "subvert":
        return f"subvert {asset} (+4 points)"
    if k == "mark_risked":
        return "mark each risked Asset (a negative Trait on it, or a positive Trait off it)"
    if k == "mark":
        return (f"a negative Trait on {asset} (+1)" if args["change"] == "add_negative"
                else f"a positive Trait off {asset} (+2)")
    if k == "rename":
        return f"give the subverted {asset} its new name"
    return {"name": "name the Hero", "elements": "narrate the scene's Elements",
            "introduce": "introduce your avatar", "threat": "present the Threat and its stakes",
            "resolve": "narrate the resolution of the Threat",
            "close": "narrate the close of the Quest"}.get(k, k)


__all__ = ["view_of", "describe", "offer_text", "cost_text", "asset_name", "dice_words",
           "seat_name", "PHASE_WORDS", "HERO", "Phase"]
