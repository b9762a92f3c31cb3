"""Battles: one shuffled 52-card deck, the Warrior against a Conflict (and its minion), a Party
Member flipping cards for the Ally. Pure functions over the State (GAMES.md §4, "Battle").

Readings of the text, each tested:

* The deck is unordered; every draw is a chance event over the cards left in it. When a draw needs
  more cards than the deck holds, the discard pile is shuffled back in first (HOLE: the text never
  says what happens when the deck runs out; a table would reshuffle).
* A hand is drawn to its size at the start of its owner's turn only when it is empty. The minion
  plays from the Villain's one hand (sized by the master's level) and acts right after the master.
* An action plays *slots* (see cards.py). An attack hits unless every slot is blocked; a hit does
  the attacker's Attack once (+ Agility when the attack held a Critical), to Defense first, then
  HP. The defender blocks all slots or none: a partial block stops nothing, so it is not offered.
* Maneuver: Defense back up by the cards' value (never past its maximum); playing the last card of
  a hand draws a new hand at once (the text's "may": nobody would refuse, so it is automatic).
* The Party Member flips after the Villain's block on the Warrior's attack or flight (compared
  with the Villain's highest blocking card; no block counts as beaten), and before the Warrior's
  block on defence (compared with the attack's highest card; a higher flip blocks the attack). A
  helping flip on an attack deals the Party Member's Attack even if the Warrior was blocked.
* Defeat of the master ends the battle (a minion gives no XP: the master paid for it).
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action, Chance, Event, RuleError
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import (
    ALLY,
    SEATS,
    VILLAIN,
    WARRIOR,
    Attack,
    Battle,
    Fighter,
    Foe,
    Phase,
    State,
)


# -- small accessors -----------------------------------------------------------------------------
def foe(s: State, fid: str) -> Foe:
    for f in s.cards:
        if f.id == fid:
            return f
    if s.party is not None and s.party.id == fid:
        return s.party
    raise KeyError(fid)


def fighter(b: Battle, fid: str) -> Fighter:
    return next(f for f in b.fighters if f.id == fid)


def set_fighter(b: Battle, new: Fighter) -> Battle:
    return b.model_copy(update={"fighters": tuple(new if f.id == new.id else f
                                                  for f in b.fighters)})


def with_battle(s: State, **kw) -> State:
    assert s.battle is not None
    return s.model_copy(update={"battle": s.battle.model_copy(update=kw)})


def with_warrior_sheet(s: State, **kw) -> State:
    return s.model_copy(update={"warrior": s.warrior.model_copy(update=kw)})


def alive_foes(s: State) -> list[str]:
    b = s.battle
    out = [b.foe]
    if b.minion:
        out.append(b.minion)
    return out


def has_party(s: State) -> bool:
    return s.party is not None and s.party_hp > 0


# -- starting --------------------------------------------------------------------------------------
def start(s: State, master: Foe) -> tuple[State, list[Event]]:
    """A battle begins: the deck is shuffled (unordered), both hands are due."""
    minion = foe(s, master.minion) if master.minion else None
    fighters = [Fighter(id=master.id, hp=master.max_hp, defense=master.max_def, mp=master.max_mp)]
    if minion is not None:
        fighters.append(Fighter(id=minion.id, hp=minion.max_hp, defense=minion.max_def,
                                mp=minion.max_mp))
    first = master.id if master.fast else WARRIOR
    w = s.warrior
    s = s.model_copy(update={
        "battle": Battle(foe=master.id, minion=minion.id if minion else "",
                         fighters=tuple(fighters), deck=C.DECK, turn=first,
                         draw=WARRIOR, draw_then="start"),
        "battles": s.battles + 1, "battled_here": True, "forced": False,
        "warrior": w.model_copy(update={"defense": sheet.max_defense(w)}),
        "phase": Phase.BATTLE})
    return s, [Event(kind="battle_begun", data={
        "foe": master.id, "name": master.name, "level": master.level, "text": master.text,
        "minion": minion.name if minion else "", "minion_text": minion.text if minion else "",
        "fast": master.fast, "place": s.here,
        "first": "villain" if master.fast else WARRIOR})]


def hand_size(s: State, who: str) -> int:
    if who == WARRIOR:
        return sheet.warrior_hand(s.warrior)
    return sheet.villain_hand(foe(s, s.battle.foe).level)


def schedule_draw(s: State, who: str, then: str) -> tuple[State, list[Event]]:
    b = s.battle
    events: list[Event] = []
    need = hand_size(s, who) if who != "pm" else 1
    if len(b.deck) < need and b.discard:
        s = with_battle(s, deck=tuple(sorted(b.deck + b.discard)), discard=())
        events.append(Event(kind="reshuffled", data={"cards": len(s.battle.deck)}))
    return with_battle(s, draw=who, draw_then=then), events


def begin_turn(s: State, who: str) -> tuple[State, list[Event]]:
    """``who`` (warrior or a foe id) is to act; an empty hand is refilled first."""
    s = with_battle(s, turn=who, round=s.battle.round + (1 if who == WARRIOR else 0))
    b = s.battle
    if who == WARRIOR and not b.warrior_hand:
        return schedule_draw(s, WARRIOR, "turn")
    if who == b.foe and not b.villain_hand:
        return schedule_draw(s, VILLAIN, "turn")
    return s, []


# -- who acts ----------------------------------------------------------------------------------
def to_move(s: State) -> list[str]:
    b = s.battle
    if b.draw:
        return [CHANCE]
    p = b.pending
    if p is not None:
        if p.step == "flip":
            return [CHANCE]
        if p.step == "pm":
            return [ALLY]
        return [VILLAIN] if p.by == WARRIOR else [WARRIOR]
    return [WARRIOR] if b.turn == WARRIOR else [VILLAIN]


# -- legal actions ---------------------------------------------------------------------------------
def legal(s: State, seat: str) -> list[Action]:
    b = s.battle
    if seat not in to_move(s):
        return []
    p = b.pending
    if p is not None and p.step == "pm":
        return [Action(seat=ALLY, kind="flip"), Action(seat=ALLY, kind="hold")]
    if p is not None:
        return block_actions(s, seat, p)
    if seat == WARRIOR:
        return _warrior_actions(s)
    return _foe_actions(s)


def _tokens_ok(s: State) -> list[bool]:
    return [False, True] if s.tokens[0] > 0 else [False]


def _warrior_actions(s: State) -> list[Action]:
    b, w, d = s.battle, s.warrior, rules()
    hand = b.warrior_hand
    acts: list[Action] = []
    targets = alive_foes(s)
    for token in _tokens_ok(s):
        n = 1 + token
        plays = C.slot_plays(hand, n, crits=True)
        for slots in plays:
            for t in targets:
                acts.append(Action(seat=WARRIOR, kind="attack",
                                   args={"slots": _js(slots), "target": t, "token": token}))
        for slots in plays:
            acts.append(Action(seat=WARRIOR, kind="maneuver",
                               args={"slots": _js(slots), "token": token}))
            acts.append(Action(seat=WARRIOR, kind="run", args={"slots": _js(slots),
                                                               "token": token}))
        for item in w.pouch:
            if item.kind == "healstuff":
                for slots in plays:
                    for who in _heal_targets(s):
                        acts.append(Action(seat=WARRIOR, kind="use", args={
                            "item": item.id, "slots": _js(slots), "token": token,
                            "target": who}))
        for sid in w_spells(s):
            sp = d.spell(sid)
            if sp.mp > w.mp or sp.where not in ("battle", "anywhere"):
                continue
            if sp.kind == "attack":
                for slots in C.slot_plays(hand, 1 + sp.extra + token, crits=True):
                    for t in targets:
                        acts.append(Action(seat=WARRIOR, kind="cast", args={
                            "spell": sid, "slots": _js(slots), "target": t, "token": token}))
            elif sp.kind == "heal":
                for slots in C.slot_plays(hand, sp.cards + token, crits=True):
                    for who in _heal_targets(s):
                        acts.append(Action(seat=WARRIOR, kind="cast", args={
                            "spell": sid, "slots": _js(slots), "token": token, "target": who}))
            elif sp.kind in ("draw", "regen") and not token:
                acts.append(Action(seat=WARRIOR, kind="cast", args={"spell": sid}))
    for item in w.pouch:
        if item.kind in ("dragons-fire", "dragons-scale"):
            acts.append(Action(seat=WARRIOR, kind="use", args={"item": item.id}))
    weak = [t for t in targets if foe(s, t).weakness > 1 and t not in b.bared]
    for item in w.quest_items:  # a Quest item held up against a Weakness (Treasure judges it)
        for t in weak:
            acts.append(Action(seat=WARRIOR, kind="use", args={"item": item.id, "target": t}))
    if not acts:
        acts.append(Action(seat=WARRIOR, kind="pass"))
    return acts


def _heal_targets(s: State) -> list[str]:
    return [WARRIOR, "party"] if has_party(s) else [WARRIOR]


def w_spells(s: State) -> tuple[str, ...]:
    return sheet.warrior_spells(s.warrior.max_mp)


def _foe_actions(s: State) -> list[Action]:
    b, d = s.battle, rules()
    me = foe(s, b.turn)
    mine = fighter(b, me.id)
    hand = sorted(b.villain_hand)
    acts: list[Action] = []
    for c in hand:
        acts.append(Action(seat=VILLAIN, kind="attack", args={"cards": [c], "by": me.id}))
        acts.append(Action(seat=VILLAIN, kind="maneuver", args={"cards": [c], "by": me.id}))
    for sid in me.spells:
        sp = d.spell(sid)
        if sp.mp > mine.mp:
            continue
        if sp.kind == "attack":
            for slots in C.slot_plays(hand, 1 + sp.extra, crits=False):
                acts.append(Action(seat=VILLAIN, kind="cast", args={
                    "spell": sid, "cards": sorted(x[0] for x in slots), "by": me.id}))
        elif sp.kind == "heal":
            for slots in C.slot_plays(hand, sp.cards, crits=False):
                acts.append(Action(seat=VILLAIN, kind="cast", args={
                    "spell": sid, "cards": sorted(x[0] for x in slots), "by": me.id}))
        elif sp.kind in ("draw", "regen"):
            acts.append(Action(seat=VILLAIN, kind="cast", args={"spell": sid, "by": me.id}))
    if not hand:
        acts.append(Action(seat=VILLAIN, kind="pass", args={"by": me.id}))
    return acts


def block_actions(s: State, seat: str, p: Attack) -> list[Action]:
    b = s.battle
    hand = b.villain_hand if seat == VILLAIN else b.warrior_hand
    slots = [tuple(x) for x in p.slots]
    acts = [Action(seat=seat, kind="block", args={"cards": list(cards)})
            for cards in C.blocks(slots, hand)]
    if _can_spellblock(s, seat, p):
        acts.append(Action(seat=seat, kind="spellblock"))
    acts.append(Action(seat=seat, kind="take"))
    return acts


def spellblock_cost(p: Attack) -> int:
    return sheet.half_up(C.total(c for slot in p.slots for c in slot))


def _can_spellblock(s: State, seat: str, p: Attack) -> bool:
    cost = spellblock_cost(p)
    if seat == WARRIOR:
        return "spellblock" in w_spells(s) and s.warrior.mp >= cost
    defender = p.target
    return "spellblock" in foe(s, defender).spells and fighter(s.battle, defender).mp >= cost


def _js(slots) -> list[list[str]]:
    return [list(x) for x in slots]
