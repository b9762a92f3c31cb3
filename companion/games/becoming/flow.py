"""Becoming's scene order: what each accepted action does and which step follows (GAMES.md §5).

The thirteen steps of a scene are the engine's phases (see :class:`Phase`); steps 7 (immediate
bargains take effect) and 11 (delayed bargains take effect) need no decision and run by themselves
as the step before them ends. Legality is checked before any of this runs (engine.py), so these
functions only change the state and say what happened.

Two things can interrupt any step: a subverted Asset waiting for its new name (the Fate that turned
it is awaited until it names it), and the Hero losing her last Asset, which ends the game at once:
the rest of the scene and the remaining scenes are skipped and the close is told.
"""
from __future__ import annotations

from companion.core.game import Action, Event
from companion.story.pronouns import read as pronouns_read
from companion.games.becoming import mechanics as m
from companion.games.becoming.data import Quest, Rules
from companion.games.becoming.model import (
    FATES,
    HERO,
    SCENES,
    VP_ASSET_LEFT,
    VP_MOON,
    Asset,
    Cost,
    Offer,
    Phase,
    SceneLog,
    Score,
    State,
)


def tempters(q: Quest, scene: int) -> tuple[str, ...]:
    agent = q.scenes[scene - 1].agent
    return tuple(f for f in FATES if f != agent)


def agent_of(q: Quest, s: State) -> str:
    return q.scenes[s.scene - 1].agent


def _text(a: Action) -> str:
    return " ".join(a.text.split())


# -- creating the Hero ------------------------------------------------------------------------------
def pick(d: Rules, q: Quest, s: State, a: Action):
    card = d.asset(a.args["asset"])
    asset = Asset(id=card.id, kind=card.kind, picked_by=a.seat)
    s = s.model_copy(update={"assets": s.assets + (asset,), "picks": s.picks + 1})
    events = [Event(kind="asset_picked", data={"seat": a.seat, "asset": card.id,
                                               "kind": card.kind, "n": s.picks,
                                               "text": _text(a)})]
    if s.picks == 9:
        s = s.model_copy(update={"phase": Phase.NAME})
    return s, events


def name(d: Rules, q: Quest, s: State, a: Action):
    hero = _text(a)[:40] or d.hero.names[0]
    return (s.model_copy(update={"hero_name": hero, "phase": Phase.PRONOUNS}),
            [Event(kind="hero_named", data={"name": hero})])


def pronouns(d: Rules, q: Quest, s: State, a: Action):
    # a listed set, or the player's own read as At Any Cost reads it (legality never depends on
    # text: words that are no set read as "they"; the prompt refuses them first, commands.py)
    said = a.args.get("pronouns") or pronouns_read(a.text, s.hero_name)
    s = s.model_copy(update={"pronouns": said})
    events = [Event(kind="pronouns_chosen", data={"name": s.hero_name,
                                                  "pronouns": s.pronouns})]
    s, more = begin_scene(q, s, 1)
    return s, events + more


# -- a scene ----------------------------------------------------------------------------------------
def begin_scene(q: Quest, s: State, n: int):
    """The next scene is set; its Agent opens it (step 1), which is when the table hears of it."""
    s = s.model_copy(update={
        "scene": n, "phase": Phase.ELEMENTS, "invoked": (), "agent_traits": (),
        "agent_subverted": (), "hero_moon": False, "agent_moon": False, "introduced": (),
        "offers": (), "rejections": 0, "counter": None, "countered": (), "hero_roll": (), "agent_roll": (), "winner": None,
        "prize_marked": (), "moon_regained": False, "hero_stakes": "", "threat_text": ""})
    return s, []


def elements(d: Rules, q: Quest, s: State, a: Action):  # step 1
    n = s.scene
    sc = q.scenes[n - 1]
    prior = [x for x in s.log if x.scene == n - 1]
    setup, _, told = sc.told(bool(prior) and prior[-1].winner != HERO)
    s = s.model_copy(update={"phase": Phase.AVATARS})
    return s, [Event(kind="scene_begun", data={
        "scene": n, "title": sc.title, "agent": sc.agent, "threat_dice": sc.threat_dice,
        "setup": setup, "elements": list(told), "tempters": list(tempters(q, n))}),
        Event(kind="elements_told", data={"scene": n, "agent": a.seat, "text": _text(a)})]


def introduce(d: Rules, q: Quest, s: State, a: Action):  # step 1
    s = s.model_copy(update={"introduced": s.introduced + (a.seat,)})
    if set(s.introduced) >= set(tempters(q, s.scene)):
        s = s.model_copy(update={"phase": Phase.THREAT})
    return s, [Event(kind="avatar_introduced", data={
        "scene": s.scene, "seat": a.seat, "avatar": d.fate(a.seat).avatar, "text": _text(a)})]


def threat(d: Rules, q: Quest, s: State, a: Action):  # step 2
    s = s.model_copy(update={"phase": Phase.HERO_GATHER, "threat_text": _text(a)})
    prior = [x for x in s.log if x.scene == s.scene - 1]
    _, told, _ = q.scenes[s.scene - 1].told(bool(prior) and prior[-1].winner != HERO)
    return s, [Event(kind="threat_presented", data={
        "scene": s.scene, "agent": a.seat, "threat": told,
        "text": _text(a)})]


def invoke(d: Rules, q: Quest, s: State, a: Action):  # steps 3 and 8
    aid = a.args["asset"]
    s = s.model_copy(update={"invoked": s.invoked + (aid,)})
    asset = m.asset_of(s, aid)
    return s, [Event(kind="asset_invoked", data={
        "scene": s.scene, "asset": aid, "positives": asset.positives, "text": _text(a),
        "pool": m.hero_pool(s), "more": s.phase is Phase.MORE_HERO})]


def hero_moon(d: Rules, q: Quest, s: State, a: Action):  # step 3
    s = s.model_copy(update={"hero_moon": True, "hero_stakes": _text(a),
                             "phase": Phase.AGENT_GATHER})
    return s, [Event(kind="moon_shot", data={"scene": s.scene, "seat": HERO, "text": _text(a),
                                             "pool": m.hero_pool(s)})]


def hero_gathered(d: Rules, q: Quest, s: State, a: Action):  # step 3 ends
    s = s.model_copy(update={"hero_stakes": _text(a), "phase": Phase.AGENT_GATHER})
    return s, [Event(kind="hero_gathered", data={"scene": s.scene, "text": _text(a),
                                                 "invoked": list(s.invoked),
                                                 "pool": m.hero_pool(s)})]


def _threat_dice(q: Quest, s: State) -> int:
    return q.scenes[s.scene - 1].threat_dice


def invoke_trait(d: Rules, q: Quest, s: State, a: Action):  # steps 4 and 8
    tid = a.args["trait"]
    owner = next(x for x in s.assets for t in x.traits if t.id == tid)
    trait = next(t for t in owner.traits if t.id == tid)
    s = s.model_copy(update={"agent_traits": s.agent_traits + (tid,)})
    return s, [Event(kind="agent_invoked", data={
        "scene": s.scene, "agent": a.seat, "asset": owner.id, "trait": trait.name,
        "text": _text(a), "pool": m.agent_pool(s, _threat_dice(q, s))})]


def invoke_subverted(d: Rules, q: Quest, s: State, a: Action):  # steps 4 and 8
    aid = a.args["asset"]
    s = s.model_copy(update={"agent_subverted": s.agent_subverted + (aid,)})
    return s, [Event(kind="agent_invoked", data={
        "scene": s.scene, "agent": a.seat, "asset": aid,
        "turned_name": m.asset_of(s, aid).turned_name, "text": _text(a),
        "pool": m.agent_pool(s, _threat_dice(q, s))})]


def agent_moon(d: Rules, q: Quest, s: State, a: Action):  # step 4
    s = s.model_copy(update={"agent_moon": True, "phase": Phase.OFFERS})
    return s, [Event(kind="moon_shot", data={"scene": s.scene, "seat": a.seat,
                                             "text": _text(a),
                                             "pool": m.agent_pool(s, _threat_dice(q, s))})]


def agent_gathered(d: Rules, q: Quest, s: State, a: Action):  # step 4 ends
    s = s.model_copy(update={"phase": Phase.OFFERS})
    return s, [Event(kind="agent_gathered", data={
        "scene": s.scene, "agent": a.seat, "text": _text(a),
        "pool": m.agent_pool(s, _threat_dice(q, s))})]


# -- step 5: the Tempters, in secret ------------------------------------------------------------
def offer_of(s: State, seat: str) -> Offer | None:
    return next((o for o in s.offers if o.tempter == seat), None)


def _set_offer(s: State, offer: Offer) -> State:
    others = tuple(o for o in s.offers if o.tempter != offer.tempter)
    return s.model_copy(update={"offers": tuple(sorted(
        others + (offer,), key=lambda o: FATES.index(o.tempter)))})


def back(d: Rules, q: Quest, s: State, a: Action):
    s = _set_offer(s, Offer(tempter=a.seat, back=True, sealed=True, speech=_text(a)))
    return _after_offer(d, q, s, a.seat)


def cost(d: Rules, q: Quest, s: State, a: Action):
    draft = offer_of(s, a.seat) or Offer(tempter=a.seat)
    c = Cost(kind=a.args["kind"], asset=a.args["asset"])
    s = _set_offer(s, draft.model_copy(update={"costs": draft.costs + (c,)}))
    return s, [Event(kind="cost_drafted", data={"scene": s.scene, "seat": a.seat,
                                                "kind": c.kind, "asset": c.asset},
                     visible_to=(a.seat,))]


def seal(d: Rules, q: Quest, s: State, a: Action):
    draft = offer_of(s, a.seat)
    assert draft is not None
    s = _set_offer(s, draft.model_copy(update={
        "dice": a.args["dice"], "timing": a.args["timing"], "sealed": True, "speech": _text(a)}))
    return _after_offer(d, q, s, a.seat)


def _after_offer(d: Rules, q: Quest, s: State, seat: str):
    """A Tempter's answer is sealed: nobody learns what it is until both are (step 5 → 6)."""
    events = [Event(kind="offer_sealed", data={"scene": s.scene, "seat": seat,
                                               "offer": _offer_data(offer_of(s, seat))},
                    visible_to=(seat,)),
              Event(kind="offer_made", data={"scene": s.scene, "seat": seat})]
    if not all(offer_of(s, t) is not None and offer_of(s, t).sealed
               for t in tempters(q, s.scene)):
        return s, events
    events.append(Event(kind="offers_revealed", data={
        "scene": s.scene, "offers": [_offer_data(o) for o in s.offers]}))
    bargains = [o for o in s.offers if not o.back]
    if s.hero_moon and bargains:  # shooting the moon accepts no bargains
        for o in bargains:
            s, more = _answer(s, o.tempter, "rejected", "")
            events += more
        return _step7(d, q, s, events)
    if not bargains:
        return _step7(d, q, s, events)
    return s.model_copy(update={"phase": Phase.ANSWERS}), events


def _offer_data(o: Offer) -> dict:
    return {"tempter": o.tempter, "back": o.back, "dice": o.dice, "timing": o.timing,
            "costs": [c.model_dump() for c in o.costs], "speech": o.speech}


# -- step 6 and 7 -----------------------------------------------------------------------------------
def _answer(s: State, tempter: str, answer: str, text: str):
    o = offer_of(s, tempter)
    s = _set_offer(s, o.model_copy(update={"answer": answer}))
    extra = 0
    if answer == "rejected" and not s.agent_moon:  # each rejection: a die for the Agent
        extra = 1
        s = s.model_copy(update={"rejections": s.rejections + 1})
    return s, [Event(kind="offer_answered", data={
        "scene": s.scene, "tempter": tempter, "answer": answer, "dice": o.dice,
        "timing": o.timing, "costs": [c.model_dump() for c in o.costs], "agent_die": extra,
        "text": text})]


def answer(d: Rules, q: Quest, s: State, a: Action):
    s, events = _answer(s, a.args["tempter"], "accepted" if a.kind == "accept" else "rejected",
                        _text(a))
    return _after_answer(d, q, s, events)


def _after_answer(d: Rules, q: Quest, s: State, events: list[Event]):
    s = s.model_copy(update={"phase": Phase.ANSWERS, "counter": None})
    if any(o.answer is None for o in s.offers if not o.back):
        return s, events
    return _step7(d, q, s, events)


def unpayable_with_accepted(s: State, offer: Offer) -> tuple[Offer, Cost] | None:
    """The bargain and cost that could not be paid if ``offer`` were accepted beside the bargains
    already accepted this scene (None: all of them can be paid)."""
    accepted = [o for o in s.offers if o.answer == "accepted" and o.tempter != offer.tempter]
    ordered = sorted(accepted + [offer], key=lambda o: FATES.index(o.tempter))
    return m.first_unpayable({x.id: x for x in s.assets}, ordered)


def payable_with_accepted(s: State, offer: Offer) -> bool:
    return unpayable_with_accepted(s, offer) is None


# -- step 6: a counter ----------------------------------------------------------------------------
def counter(d: Rules, q: Quest, s: State, a: Action):
    t = a.args["tempter"]
    o = offer_of(s, t)
    s = s.model_copy(update={"phase": Phase.COUNTER, "countered": s.countered + (t,),
                             "counter": Offer(tempter=t, timing=o.timing)})
    return s, [Event(kind="counter_begun", data={"scene": s.scene, "tempter": t})]


def counter_cost(d: Rules, q: Quest, s: State, a: Action):
    c = Cost(kind=a.args["kind"], asset=a.args["asset"])
    s = s.model_copy(update={"counter": s.counter.model_copy(
        update={"costs": s.counter.costs + (c,)})})
    return s, [Event(kind="counter_cost", data={"scene": s.scene, "tempter": s.counter.tempter,
                                                "kind": c.kind, "asset": c.asset})]


def propose(d: Rules, q: Quest, s: State, a: Action):
    c = s.counter.model_copy(update={"dice": a.args["dice"], "sealed": True,
                                     "speech": _text(a)})
    s = s.model_copy(update={"counter": c, "phase": Phase.COUNTER_REPLY})
    first = offer_of(s, c.tempter)
    return s, [Event(kind="counter_proposed", data={
        "scene": s.scene, "tempter": c.tempter, "dice": c.dice, "timing": c.timing,
        "costs": [x.model_dump() for x in c.costs], "text": _text(a),
        "was": {"dice": first.dice, "costs": [x.model_dump() for x in first.costs]}})]


def withdraw(d: Rules, q: Quest, s: State, a: Action):
    """The Hero drops her counter unsaid: the bargain stands as offered (no second counter)."""
    t = s.counter.tempter
    return (s.model_copy(update={"phase": Phase.ANSWERS, "counter": None}),
            [Event(kind="counter_withdrawn", data={"scene": s.scene, "tempter": t})])


def counter_answered(d: Rules, q: Quest, s: State, a: Action):
    """The Tempter takes the counter (its bargain becomes the counter, accepted) or refuses it
    (its first bargain stands, to be accepted or rejected)."""
    c = s.counter
    taken = a.kind == "take"
    events = [Event(kind="counter_answered", data={
        "scene": s.scene, "tempter": c.tempter, "taken": taken, "text": _text(a)})]
    if taken:
        first = offer_of(s, c.tempter)
        s = _set_offer(s, first.model_copy(update={"costs": c.costs, "dice": c.dice}))
        s, more = _answer(s, c.tempter, "accepted", c.speech)
        events += more
    return _after_answer(d, q, s, events)


def _pay_all(d: Rules, s: State, timing: str, events: list[Event]) -> State:
    for o in s.offers:
        if o.back or o.answer != "accepted" or o.timing != timing:
            continue
        if not m.standing(s):
            break
        s, more, lapsed = m.pay(d, s, o)
        s = _set_offer(s, o.model_copy(update={"lapsed": lapsed}))
        events.append(Event(kind="bargain_paid", data={
            "scene": s.scene, "tempter": o.tempter, "timing": timing,
            "costs": [c.model_dump() for c in o.costs], "lapsed": list(lapsed)}))
        events += more
    return s


def _step7(d: Rules, q: Quest, s: State, events: list[Event]):
    s = _pay_all(d, s, "immediate", events)
    phase = Phase.MORE_AGENT if s.hero_moon else Phase.MORE_HERO
    if s.hero_moon and s.agent_moon:
        phase = Phase.ROLL_HERO
    s = s.model_copy(update={"phase": phase})
    return s, events + [Event(kind="pools", data={
        "scene": s.scene, "hero": m.hero_pool(s), "agent": m.agent_pool(s, _threat_dice(q, s))})]


# -- step 8 ---------------------------------------------------------------------------------------
def hero_ready(d: Rules, q: Quest, s: State, a: Action):
    phase = Phase.ROLL_HERO if s.agent_moon else Phase.MORE_AGENT
    s = s.model_copy(update={"phase": phase})
    return s, [Event(kind="ready", data={"scene": s.scene, "seat": HERO, "text": _text(a),
                                         "pool": m.hero_pool(s)})]


def agent_ready(d: Rules, q: Quest, s: State, a: Action):
    s = s.model_copy(update={"phase": Phase.ROLL_HERO})
    return s, [Event(kind="ready", data={"scene": s.scene, "seat": a.seat, "text": _text(a),
                                         "pool": m.agent_pool(s, _threat_dice(q, s))})]


# -- step 9: the roll -------------------------------------------------------------------------------
def rolled(d: Rules, q: Quest, s: State, faces: list[int]):
    if s.phase is Phase.ROLL_HERO:
        s = s.model_copy(update={"hero_roll": tuple(faces), "phase": Phase.ROLL_AGENT})
        return s, [Event(kind="dice_rolled", data={"scene": s.scene, "side": HERO,
                                                   "faces": faces})]
    s = s.model_copy(update={"agent_roll": tuple(faces)})
    side, face = m.compare(s.hero_roll, s.agent_roll)
    winner = HERO if side == "hero" else agent_of(q, s)
    s = s.model_copy(update={"winner": winner, "phase": Phase.PRIZE})
    events = [Event(kind="dice_rolled", data={"scene": s.scene, "side": agent_of(q, s),
                                              "faces": faces}),
              Event(kind="threat_resolved", data={
                  "scene": s.scene, "winner": winner, "face": face,
                  "hero": sorted(s.hero_roll, reverse=True),
                  "agent": sorted(s.agent_roll, reverse=True),
                  "hero_moon": s.hero_moon, "agent_moon": s.agent_moon})]
    if winner == HERO and s.hero_moon:
        s = s.model_copy(update={"scores": s.scores + (
            Score(seat=HERO, points=VP_MOON, why="moon", scene=s.scene),)})
        events.append(Event(kind="moon_won", data={"scene": s.scene, "seat": HERO}))
    return s, events


# -- step 10: the prize ---------------------------------------------------------------------------
def claim_positive(d: Rules, q: Quest, s: State, a: Action):
    s, events = m.add_trait(d, s, a.args["asset"], True, HERO, _text(a))
    return _step11(d, q, s, events)


def forgo(d: Rules, q: Quest, s: State, a: Action):
    return _step11(d, q, s, [Event(kind="prize_forgone", data={"scene": s.scene,
                                                               "seat": a.seat})])


def regain(d: Rules, q: Quest, s: State, a: Action):
    s, events = m.regain(d, s, a.args["asset"])
    return s.model_copy(update={"moon_regained": True}), events


def claim_subvert(d: Rules, q: Quest, s: State, a: Action):
    s, events = m.subvert(s, a.args["asset"], a.seat)
    if s.agent_moon and risked_unmarked(s):  # the Agent's moon shot: subvert AND mark each
        return s.model_copy(update={"phase": Phase.PRIZE_TRAITS}), events
    return _step11(d, q, s, events)


def claim_traits(d: Rules, q: Quest, s: State, a: Action):
    s = s.model_copy(update={"phase": Phase.PRIZE_TRAITS})
    return s, [Event(kind="prize_chosen", data={"scene": s.scene, "seat": a.seat,
                                                "risked": risked_unmarked(s)})]


def risked_unmarked(s: State) -> list[str]:
    return [aid for aid in dict.fromkeys(s.invoked)
            if aid not in s.prize_marked and not m.asset_of(s, aid).subverted]


def mark(d: Rules, q: Quest, s: State, a: Action):
    aid = a.args["asset"]
    if a.args["change"] == "add_negative":
        s, events = m.add_trait(d, s, aid, False, a.seat, _text(a))
    else:
        s, events = m.remove_positive(s, aid, a.seat)
    s = s.model_copy(update={"prize_marked": s.prize_marked + (aid,)})
    if risked_unmarked(s):
        return s, events
    return _step11(d, q, s, events)


# -- steps 11 to 13 ----------------------------------------------------------------------------------
def _step11(d: Rules, q: Quest, s: State, events: list[Event]):
    s = _pay_all(d, s, "delayed", events)
    return s.model_copy(update={"phase": Phase.RESOLVE}), events


def resolve(d: Rules, q: Quest, s: State, a: Action):  # step 12
    s = _log_scene(q, s)
    events = [Event(kind="threat_narrated", data={"scene": s.scene, "winner": a.seat,
                                                  "text": _text(a)}),
              Event(kind="scene_ended", data={"scene": s.scene})]
    if s.scene >= SCENES:
        s, more = to_close(s, early=False)
        return s, events + more
    s, more = begin_scene(q, s, s.scene + 1)
    return s, events + more


def _log_scene(q: Quest, s: State) -> State:
    if any(entry.scene == s.scene for entry in s.log) or s.scene == 0:
        return s
    bargains = [o for o in s.offers if o.sealed and not o.back]
    entry = SceneLog(scene=s.scene, agent=agent_of(q, s), hero_dice=len(s.hero_roll),
                     agent_dice=len(s.agent_roll), hero_roll=s.hero_roll,
                     agent_roll=s.agent_roll, winner=s.winner, offers=len(bargains),
                     accepted=sum(1 for o in bargains if o.answer == "accepted"),
                     backed=sum(1 for o in s.offers if o.sealed and o.back))
    return s.model_copy(update={"log": s.log + (entry,)})


def to_close(s: State, early: bool, q: Quest | None = None):
    """The game is over: the Hero scores her remaining Assets and the winners tell the close."""
    if early and q is not None:
        s = _log_scene(q, s)
    early = early and s.scene < SCENES  # the last Asset lost in scene 9 ends the game on time
    left = len(m.standing(s))
    if left:
        s = s.model_copy(update={"scores": s.scores + (
            Score(seat=HERO, points=VP_ASSET_LEFT * left, why="assets_left", scene=s.scene),)})
    tot = m.totals(s, (HERO, *FATES))
    best = max(tot.values())
    winners = tuple(seat for seat in (HERO, *FATES) if tot[seat] == best)
    s = s.model_copy(update={"phase": Phase.CLOSE, "closers": winners, "ended_early": early})
    return s, [Event(kind="quest_ended", data={"scene": s.scene, "early": early,
                                               "assets_left": left, "totals": tot,
                                               "winners": list(winners)})]


def close(d: Rules, q: Quest, s: State, a: Action):  # step 13
    s = s.model_copy(update={"closed": s.closed + (a.seat,),
                             "close_words": s.close_words + ((a.seat,) if _text(a) else ())})
    events = [Event(kind="close_told", data={"seat": a.seat, "text": _text(a)})]
    if set(s.closed) >= set(s.closers):
        s = s.model_copy(update={"phase": Phase.OVER})
        events.append(Event(kind="story_over", data={"winners": list(s.closers)}))
    return s, events


def renamed(d: Rules, q: Quest, s: State, a: Action):
    return m.rename(d, s, a.args["asset"], a.seat, _text(a))
