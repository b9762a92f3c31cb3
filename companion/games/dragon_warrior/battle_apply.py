"""Battles, continued: what each battle action does (the legal lists are in battle.py)."""
from __future__ import annotations

from companion.core.game import Action, Chance, Event
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.battle import (
    with_battle,
    schedule_draw,
    set_fighter,
    with_warrior_sheet,
    begin_turn,
    fighter,
    foe,
    hand_size,
    has_party,
    spellblock_cost,
)
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import ALLY, SEATS, VILLAIN, WARRIOR, Attack, State


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """Apply a battle action already checked legal. Returns the state and what happened."""
    told = bool(a.text.strip()) and a.seat == WARRIOR
    if told and not s.battle.told:
        s = with_battle(s, told=True)
    if a.kind in ("block", "spellblock", "take"):
        return _answer(s, a)
    if a.kind in ("flip", "hold"):
        return _pm(s, a)
    if a.seat == WARRIOR:
        return _warrior(s, a)
    return _foe(s, a)


def _spend(s: State, who: str, cards: list[str]) -> State:
    b = s.battle
    field = "warrior_hand" if who == WARRIOR else "villain_hand"
    hand = tuple(c for c in getattr(b, field) if c not in cards)
    return with_battle(s, **{field: hand, "table": b.table + tuple(cards)})


def _flat(slots) -> list[str]:
    return [c for slot in slots for c in slot]


def _crits(slots) -> int:
    return sum(1 for slot in slots if len(slot) > 1)


def _pay_token(s: State, a: Action) -> State:
    if a.args.get("token"):
        t = s.tokens
        s = s.model_copy(update={"tokens": (t[0] - 1, t[1])})
    return s


# -- the Warrior's turn ------------------------------------------------------------------------
def _warrior(s: State, a: Action) -> tuple[State, list[Event]]:
    k, args = a.kind, a.args
    slots = tuple(tuple(x) for x in args.get("slots", []))
    played = _flat(slots)
    s = _pay_token(s, a)
    if _crits(slots):
        s = with_battle(s, log_crit=s.battle.log_crit + _crits(slots))
    base = {"cards": played, "slots": [list(x) for x in slots], "token": bool(args.get("token")),
            "critical": _crits(slots) > 0}
    if k == "pass":
        return _end_action(s, [Event(kind="passed", data={"who": WARRIOR})])
    if k in ("attack", "run") or (k == "cast" and rules().spell(args["spell"]).kind == "attack"):
        spell = args.get("spell", "")
        if spell:
            s = with_warrior_sheet(s, mp=s.warrior.mp - rules().spell(spell).mp)
        s = _spend(s, WARRIOR, played)
        target = args.get("target") or s.battle.foe
        p = Attack(by=WARRIOR, kind="run" if k == "run" else "attack", slots=slots,
                   target=target, spell=spell, token=bool(args.get("token")))
        s = with_battle(s, pending=p)
        ev = Event(kind="warrior_runs" if k == "run" else "warrior_attacks",
                   data={**base, "target": target, "spell": spell})
        s, more = _ask_block(s)
        return s, [ev] + more
    if k == "maneuver":
        s = _spend(s, WARRIOR, played)
        w = s.warrior
        gain = C.total(played)
        new = min(sheet.max_defense(w), w.defense + gain)
        s = with_warrior_sheet(s, defense=new)
        events = [Event(kind="maneuvered", data={**base, "who": WARRIOR, "gain": new - w.defense,
                                                 "defense": new})]
        return _after_maneuver(s, WARRIOR, events)
    if k == "use" and any(i.id == args["item"] for i in s.warrior.quest_items):
        return _end_action(*_hold_up(s, args["item"], args["target"]))
    if k == "use":
        item = next(i for i in s.warrior.pouch if i.id == args["item"])
        pouch = tuple(i for i in s.warrior.pouch if i.id != item.id)
        s = with_warrior_sheet(s, pouch=pouch)
        if item.kind == "healstuff":
            s = _spend(s, WARRIOR, played)
            amount = C.total(played) + item.level
            s, healed = _heal(s, args.get("target", WARRIOR), amount)
            ev = Event(kind="item_used", data={**base, "item": item.name, "kind": item.kind,
                                               "heal": healed, "target": args.get("target",
                                                                                  WARRIOR)})
        elif item.kind == "dragons-fire":
            s = with_warrior_sheet(s, fire=s.warrior.fire + item.level)
            ev = Event(kind="item_used", data={"item": item.name, "kind": item.kind,
                                               "attack": sheet.attack(s.warrior)})
        else:  # dragon's scale in battle: Defense back to full
            s = with_warrior_sheet(s, defense=sheet.max_defense(s.warrior))
            ev = Event(kind="item_used", data={"item": item.name, "kind": item.kind,
                                               "defense": s.warrior.defense})
        return _end_action(s, [ev])
    # cast: heal, draw, regen
    sp = rules().spell(args["spell"])
    s = with_warrior_sheet(s, mp=s.warrior.mp - sp.mp)
    if sp.kind == "heal":
        s = _spend(s, WARRIOR, played)
        s, healed = _heal(s, args.get("target", WARRIOR), C.total(played))
        return _end_action(s, [Event(kind="spell_cast", data={
            **base, "who": WARRIOR, "spell": sp.id, "heal": healed,
            "target": args.get("target", WARRIOR)})])
    if sp.kind == "regen":
        s = with_warrior_sheet(s, defense=sheet.max_defense(s.warrior))
        return s, [Event(kind="spell_cast", data={"who": WARRIOR, "spell": sp.id,
                                                  "defense": s.warrior.defense})]
    s, more = schedule_draw(s, WARRIOR, "stamina")  # stamina: a hand's worth, turn goes on
    return s, [Event(kind="spell_cast", data={"who": WARRIOR, "spell": sp.id})] + more


def _hold_up(s: State, iid: str, target: str) -> tuple[State, list[Event]]:
    """A Quest item against a foe's Weakness: a proper one (Treasure's judgement, by its words)
    lays the Weakness bare for every later attack and is spent; any other does nothing, and the
    turn is gone."""
    item = next(i for i in s.warrior.quest_items if i.id == iid)
    f = foe(s, target)
    if not sheet.proper_against(item, f.weak_to):
        return s, [Event(kind="quest_item_held", data={"item": item.name, "foe": f.name,
                                                       "proper": False})]
    s = with_warrior_sheet(s, quest_items=tuple(i for i in s.warrior.quest_items
                                                 if i.id != iid))
    s = with_battle(s, bared=s.battle.bared + (target,))
    return s, [Event(kind="quest_item_held", data={
        "item": item.name, "foe": f.name, "proper": True, "weak_to": f.weak_to,
        "mult": f.weakness})]


def _heal(s: State, target: str, amount: int) -> tuple[State, int]:
    if target == "party" and has_party(s):
        new = min(s.party.max_hp, s.party_hp + amount)
        return s.model_copy(update={"party_hp": new}), new - s.party_hp
    w = s.warrior
    new = min(w.max_hp, w.hp + amount)
    return with_warrior_sheet(s, hp=new), new - w.hp


def _after_maneuver(s: State, who: str, events: list[Event]) -> tuple[State, list[Event]]:
    """Playing the last card of a hand draws a new one at once, then the turn passes."""
    b = s.battle
    empty = not (b.warrior_hand if who == WARRIOR else b.villain_hand)
    if empty:
        s, more = schedule_draw(s, WARRIOR if who == WARRIOR else VILLAIN, "maneuver")
        return s, events + more
    return _end_action(s, events)


# -- the Villain's turn ------------------------------------------------------------------------
def _foe(s: State, a: Action) -> tuple[State, list[Event]]:
    k, args = a.kind, a.args
    me = args["by"]
    cards = list(args.get("cards", []))
    if k == "pass":
        return _end_action(s, [Event(kind="passed", data={"who": me})])
    f = fighter(s.battle, me)
    if k == "attack" or (k == "cast" and rules().spell(args["spell"]).kind == "attack"):
        spell = args.get("spell", "")
        if spell:
            s = with_battle(s, fighters=set_fighter(s.battle, f.model_copy(
                update={"mp": f.mp - rules().spell(spell).mp})).fighters)
        s = _spend(s, VILLAIN, cards)
        p = Attack(by=me, kind="attack", slots=tuple((c,) for c in cards), target=WARRIOR,
                   spell=spell)
        s = with_battle(s, pending=p)
        ev = Event(kind="foe_attacks", data={"who": me, "name": foe(s, me).name,
                                             "cards": cards, "spell": spell})
        if has_party(s):
            s = with_battle(s, pending=p.model_copy(update={"step": "pm"}))
            return s, [ev]
        s, more = _ask_block(s)
        return s, [ev] + more
    if k == "maneuver":
        s = _spend(s, VILLAIN, cards)
        new = min(foe(s, me).max_def, f.defense + C.total(cards))
        s = with_battle(s, fighters=set_fighter(s.battle, f.model_copy(update={"defense": new})).fighters)
        ev = Event(kind="maneuvered", data={"who": me, "name": foe(s, me).name, "cards": cards,
                                            "gain": new - f.defense, "defense": new})
        return _after_maneuver(s, me, [ev])
    sp = rules().spell(args["spell"])
    f = f.model_copy(update={"mp": f.mp - sp.mp})
    if sp.kind == "heal":
        s = _spend(s, VILLAIN, cards)
        new = min(foe(s, me).max_hp, f.hp + C.total(cards))
        healed = new - f.hp
        s = with_battle(s, fighters=set_fighter(s.battle, f.model_copy(update={"hp": new})).fighters)
        return _end_action(s, [Event(kind="spell_cast", data={
            "who": me, "name": foe(s, me).name, "spell": sp.id, "cards": cards, "heal": healed})])
    if sp.kind == "regen":
        f = f.model_copy(update={"defense": foe(s, me).max_def})
        s = with_battle(s, fighters=set_fighter(s.battle, f).fighters)
        return s, [Event(kind="spell_cast", data={"who": me, "name": foe(s, me).name,
                                                  "spell": sp.id, "defense": f.defense})]
    s = with_battle(s, fighters=set_fighter(s.battle, f).fighters)
    s, more = schedule_draw(s, VILLAIN, "stamina")
    return s, [Event(kind="spell_cast", data={"who": me, "name": foe(s, me).name,
                                              "spell": sp.id})] + more


# -- answers: blocks, spellblock, the Party Member's flip -------------------------------------------
def _ask_block(s: State) -> tuple[State, list[Event]]:
    """The defender may block; with an empty hand and no Spellblock there is nothing to ask."""
    from companion.games.dragon_warrior.battle import block_actions  # the one legal list

    p = s.battle.pending
    seat = VILLAIN if p.by == WARRIOR else WARRIOR
    options = block_actions(s, seat, p)
    if len(options) == 1 and not (s.battle.villain_hand if seat == VILLAIN
                                  else s.battle.warrior_hand):
        s = with_battle(s, pending=p.model_copy(update={"blocked": False}))
        return _after_block(s, [Event(kind="no_block", data={"who": seat})])
    return with_battle(s, pending=p.model_copy(update={"step": "block"})), []


def _answer(s: State, a: Action) -> tuple[State, list[Event]]:
    p = s.battle.pending
    seat = a.seat
    if a.kind == "take":
        s = with_battle(s, pending=p.model_copy(update={"blocked": False}))
        return _after_block(s, [Event(kind="no_block", data={"who": seat, "chose": True})])
    if a.kind == "spellblock":
        cost = spellblock_cost(p)
        if seat == WARRIOR:
            s = with_warrior_sheet(s, mp=s.warrior.mp - cost)
        else:
            f = fighter(s.battle, p.target)
            s = with_battle(s, fighters=set_fighter(s.battle, f.model_copy(
                update={"mp": f.mp - cost})).fighters)
        s = with_battle(s, pending=p.model_copy(update={"blocked": True, "spellblock": True}))
        return _after_block(s, [Event(kind="spellblocked", data={"who": seat, "mp": cost})])
    cards = list(a.args["cards"])
    s = _spend(s, seat, cards)
    s = with_battle(s, pending=p.model_copy(update={"blocked": True, "block": tuple(cards)}))
    pairs = C.assign_block([tuple(x) for x in p.slots], cards)
    return _after_block(s, [Event(kind="blocked", data={
        "who": seat, "cards": cards,
        "pairs": [[list(slot), list(ans)] for slot, ans in zip(p.slots, pairs or [])]})])


def _after_block(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    p = s.battle.pending
    if p.by == WARRIOR and has_party(s) and p.step != "pm_done":
        s = with_battle(s, pending=p.model_copy(update={"step": "pm"}))
        return s, events
    s, more = resolve(s)
    return s, events + more


def chance(s: State) -> Chance:
    b = s.battle
    if not b.draw:  # the Party Member's flip
        return Chance(what="the Party Member's card from the top of the deck", count=1,
                      options=b.deck, physical_seats=SEATS)
    who = b.draw
    n = min(hand_size(s, who), len(b.deck))
    if who == WARRIOR:
        return Chance(what="the Warrior's hand", count=n, options=b.deck,
                      visible_to=(WARRIOR,), physical_seats=(WARRIOR,))
    return Chance(what="the Villain's hand", count=n, options=b.deck, visible_to=(VILLAIN,))


def apply_chance(s: State, items: list[str]) -> tuple[State, list[Event]]:
    b = s.battle
    who, then = b.draw, b.draw_then
    deck = tuple(c for c in b.deck if c not in items)
    if not who:  # the flip
        s = with_battle(s, deck=deck, table=b.table + tuple(items),
                pending=b.pending.model_copy(update={"flip": items[0], "step": "resolve"}))
        events = [Event(kind="pm_flipped", data={"card": items[0], "name": s.party.name})]
        s, more = resolve(s)
        return s, events + more
    field = "warrior_hand" if who == WARRIOR else "villain_hand"
    s = with_battle(s, deck=deck, draw="", draw_then="", **{field: getattr(b, field) + tuple(items)})
    events = [Event(kind="cards_drawn", data={"who": who, "cards": list(items)},
                    visible_to=(WARRIOR,) if who == WARRIOR else (VILLAIN,)),
              Event(kind="drew", data={"who": who, "count": len(items), "why": then})]
    if then == "start" and who == WARRIOR:
        s, more = schedule_draw(s, VILLAIN, "start")
        return s, events + more
    if then == "start":
        s, more = begin_turn(s, s.battle.turn)
        return s, events + more
    if then == "maneuver":
        s, more = _end_action(s, [])
        return s, events + more
    return s, events


def _pm(s: State, a: Action) -> tuple[State, list[Event]]:
    p = s.battle.pending
    if a.kind == "hold":
        s = with_battle(s, pending=p.model_copy(update={"step": "pm_done"}))
        if p.by != WARRIOR:
            s, more = _ask_block(s)
            return s, [Event(kind="pm_held", data={"name": s.party.name})] + more
        s, more = resolve(s)
        return s, [Event(kind="pm_held", data={"name": s.party.name})] + more
    s, more = schedule_draw(s, "pm", "flip")  # reshuffles an empty deck if need be
    s = with_battle(s, draw="", draw_then="", pending=p.model_copy(update={"step": "flip"}))
    return s, [Event(kind="pm_flips", data={"name": s.party.name})] + more


def resolve(s: State) -> tuple[State, list[Event]]:
    """Settle the pending attack or flight: the flip's effect, then damage or escape."""
    b = s.battle
    p = b.pending
    events: list[Event] = []
    pm_helps = pm_blocks = False
    if p.flip and p.step in ("resolve",):
        mine = C.rank(p.flip)
        if p.by == WARRIOR:
            theirs = max((C.rank(c) for c in p.block), default=0)
        else:
            theirs = max(C.rank(c) for slot in p.slots for c in slot)
        if mine > theirs:
            pm_helps = p.by == WARRIOR
            pm_blocks = p.by != WARRIOR
            events.append(Event(kind="pm_helps", data={"name": s.party.name, "card": p.flip,
                                                       "against": theirs, "kind": p.kind,
                                                       **({"blocks": True} if pm_blocks else {})}))
        elif mine < theirs:
            lost = C.value(p.flip)
            s = s.model_copy(update={"party_hp": max(0, s.party_hp - lost)})
            events.append(Event(kind="pm_hurt", data={"name": s.party.name, "card": p.flip,
                                                      "hp": lost, "left": s.party_hp}))
            if s.party_hp <= 0:
                events.append(Event(kind="pm_left", data={"name": s.party.name}))
                s = s.model_copy(update={"party": None, "party_hp": 0})
        else:
            s, healed = _heal(s, "party", C.value(p.flip))
            events.append(Event(kind="pm_healed", data={"name": s.party.name, "card": p.flip,
                                                        "hp": healed}))
        if p.by != WARRIOR and not pm_blocks:
            # the Warrior still chooses a block after the flip
            s = with_battle(s, pending=p.model_copy(update={"step": "pm_done", "flip": ""}))
            s, more = _ask_block(s)
            return s, events + more
    if p.kind == "run":
        escaped = not p.blocked or pm_helps
        s = with_battle(s, pending=None)
        if escaped:
            events.append(Event(kind="escaped", data={"foe": b.foe}))
            from companion.games.dragon_warrior.explore import end_battle
            s, more = end_battle(s, "fled")
            return s, events + more
        events.append(Event(kind="escape_failed", data={"foe": b.foe}))
        return _end_action(s, events)
    if p.by == WARRIOR:
        w = s.warrior
        dmg = 0
        if not p.blocked:
            dmg = sheet.attack(w) + (w.agility if _crits(p.slots) else 0)
            target = foe(s, p.target)
            dmg *= sheet.weakness_multiplier(target, w, p.spell, target.id in b.bared)
        if pm_helps:
            dmg += s.party.atk
        s, hit = _damage(s, p.target, dmg)
        events.append(Event(kind="hit" if dmg else "missed", data={
            "by": WARRIOR, "target": p.target, "name": foe(s, p.target).name, **hit,
            "party": pm_helps, "critical": bool(_crits(p.slots)) and not p.blocked,
            **({"spell": p.spell} if p.spell else {})}))  # the story tells a spell as one
    else:
        blocked = p.blocked or pm_blocks
        dmg = 0 if blocked else foe(s, p.by).atk
        s, hit = _damage(s, WARRIOR, dmg)
        events.append(Event(kind="hit" if dmg else "missed", data={
            "by": p.by, "name": foe(s, p.by).name, "target": WARRIOR, **hit,
            "party": pm_blocks}))
    s = with_battle(s, pending=None)
    return _end_action(s, events)


def _damage(s: State, target: str, dmg: int) -> tuple[State, dict]:
    """Damage comes off Defense first; what is left comes off HP."""
    if target == WARRIOR:
        w = s.warrior
        to_def = min(w.defense, dmg)
        to_hp = min(w.hp, dmg - to_def)
        s = with_warrior_sheet(s, defense=w.defense - to_def, hp=w.hp - to_hp)
        return s, {"damage": dmg, "defense_lost": to_def, "hp_lost": to_hp,
                   "hp": s.warrior.hp, "defense": s.warrior.defense}
    f = fighter(s.battle, target)
    to_def = min(f.defense, dmg)
    to_hp = min(f.hp, dmg - to_def)
    f = f.model_copy(update={"defense": f.defense - to_def, "hp": f.hp - to_hp})
    s = with_battle(s, fighters=set_fighter(s.battle, f).fighters)
    return s, {"damage": dmg, "defense_lost": to_def, "hp_lost": to_hp, "hp": f.hp,
               "defense": f.defense}


# -- after every action --------------------------------------------------------------------------
def _end_action(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Table to the discard pile, deaths settled, then the next fighter's turn."""
    from companion.games.dragon_warrior.explore import end_battle

    b = s.battle
    s = with_battle(s, discard=b.discard + b.table, table=())
    b = s.battle
    if s.warrior.hp <= 0:
        s, more = end_battle(s, "defeat")
        return s, events + more
    if fighter(b, b.foe).hp <= 0:
        s, more = end_battle(s, "victory")
        return s, events + more
    if b.minion and fighter(b, b.minion).hp <= 0:
        events.append(Event(kind="minion_down", data={"name": foe(s, b.minion).name}))
        s = with_battle(s, minion="")
        b = s.battle
    # next: Warrior -> master -> minion -> Warrior
    if b.turn == WARRIOR:
        nxt = b.foe
    elif b.turn == b.foe and b.minion:
        nxt = b.minion
    else:
        nxt = WARRIOR
    s, more = begin_turn(s, nxt)
    return s, events + more


ALLY_SEAT = ALLY
