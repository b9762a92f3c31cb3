"""What each seat may see (hands are absent from the other seats' views, the deck is only a
count), and the short labels of legal actions."""
from __future__ import annotations

from companion.story import grammar
from companion.core.game import CHANCE, Action
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.battle import fighter, foe
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import TREASURE, VILLAIN, WARRIOR, Foe, Item, State


def _item(i: Item | None) -> dict | None:
    if i is None:
        return None
    out = {"id": i.id, "kind": i.kind, "level": i.level, "name": i.name, "text": i.text}
    if i.uses:
        out["uses"] = i.uses
    if i.offhand_as:
        out["as"] = i.offhand_as
    if i.element:
        out["element"] = i.element
    return out


def _place(p, seat: str | None) -> dict:
    out = {"id": p.id, "kind": p.kind, "name": p.name, "level": p.level, "building": p.building,
           "links": list(p.links), "searched": p.searched}
    if p.kind in ("area", "poi", "dungeon", "room"):
        out.update(parent=p.parent, text=p.text)
    if p.kind == "street":
        out.update(town=p.town, parent=p.parent)
    if p.kind == "building":
        out.update(parent=p.parent)
    if p.kind == "dungeon":
        out.update(obstacle=p.obstacle, opened=p.opened, tried=list(p.tried),
                   cleared=p.cleared, boss_met=p.boss_met, lair=p.lair)
    if p.kind == "room":
        out.update(dungeon=p.dungeon, floor=p.floor, pos=list(p.pos), cleared=p.cleared,
                   safe=p.safe, named=p.named, seen=p.seen,
                   stairs=p.stairs if p.stairs_found or seat in (TREASURE, None) else "",
                   stairs_found=p.stairs_found)
    return out


def _foe(f: Foe) -> dict:
    return {"id": f.id, "name": f.name, "text": f.text, "level": f.level, "atk": f.atk,
            "max_def": f.max_def, "max_hp": f.max_hp, "max_mp": f.max_mp, "fast": f.fast,
            "weakness": f.weakness, "weak_to": f.weak_to, "spells": list(f.spells),
            "minion": f.minion, "party": f.party, "boss": f.boss}


def view(game, s: State, seat: str | None) -> dict:
    w = s.warrior
    v: dict = {
        "game": game.name, "seat": seat, "phase": s.phase.value, "to_move": game.to_move(s),
        "palette": {"yes": list(s.yes), "no": list(s.no), "passes": s.passes},
        "warrior": {
            "name": w.name, "pronouns": w.pronouns, "adjective": w.adjective,
            "traits": list(w.traits), "level": w.level, "xp": w.xp,
            "next_level": rules().xp.next_level[w.level - 1], "str": w.strength, "agi": w.agility,
            "hp": w.hp, "max_hp": w.max_hp, "mp": w.mp, "max_mp": w.max_mp,
            "defense": w.defense, "max_defense": sheet.max_defense(w),
            "attack": sheet.attack(w), "hand_size": sheet.warrior_hand(w),
            "weapon": _item(w.weapon), "armor": _item(w.armor), "offhand": _item(w.offhand),
            "pouch": [_item(i) for i in w.pouch], "pouch_used": sheet.pouch_used(w),
            "pouch_capacity": sheet.pouch_capacity(w), "quest_items": [_item(i) for i in
                                                                       w.quest_items],
            "spells": list(sheet.warrior_spells(w.max_mp)), "points": w.points,
            "fire": w.fire, "scale": w.scale, "magic": w.magic},
        "questions": [{"role": r, "question": q, "answer": a} for r, q, a in s.questions if q],
        "trouble": s.trouble, "town": s.town, "home": s.home,
        "places": [_place(p, seat) for p in s.places
                   if p.kind != "room" or p.seen or seat not in (WARRIOR, "ally")],
        "attempt": {"item": s.attempt[0], "how": s.attempt[1]} if s.attempt[0] else None,
        "until": s.until,
        "here": s.here, "forced": s.forced, "battled_here": s.battled_here,
        "scene_here": s.scene_here,
        "chests": s.chests, "found": _item(s.found), "gift": s.gift, "gift_left": s.gift_left,
        "quests": [q.model_dump() for q in s.quests],
        "party": ({**_foe(s.party), "hp": s.party_hp} if s.party is not None else None),
        "offer": s.offer, "cards": [_foe(f) for f in s.cards], "battles": s.battles,
        "session_battles": s.battles - s.battles_before, "session": s.session,
        "wins": s.wins, "tokens": {"warrior": s.tokens[0], "others": s.tokens[1]},
        "swapped": s.swapped, "ended": s.ended, "asked": s.asked,
    }
    if s.draft is not None and seat in (VILLAIN, "ally", None):
        v["draft"] = {**_foe(s.draft.foe), "stage": s.draft.stage, "points": s.draft.foe.points,
                      "minion_level": s.draft.minion_level}
    b = s.battle
    if b is not None:
        bv: dict = {
            "foe": b.foe, "minion": b.minion, "turn": b.turn, "round": b.round,
            "fighters": [{**_foe(foe(s, f.id)), "hp": f.hp, "defense": f.defense, "mp": f.mp}
                         for f in b.fighters if f.id in (b.foe, b.minion)],
            "deck": len(b.deck), "discard": list(b.discard), "table": list(b.table),
            "hands": {WARRIOR: len(b.warrior_hand), VILLAIN: len(b.villain_hand)},
        }
        p = b.pending
        if p is not None:
            bv["pending"] = {"by": p.by, "kind": p.kind, "slots": [list(x) for x in p.slots],
                             "target": p.target, "spell": p.spell, "step": p.step,
                             "block": list(p.block), "flip": p.flip}
        if seat == WARRIOR:
            bv["hand"] = sorted(b.warrior_hand, key=lambda c: (C.rank(c), c))
        if seat == VILLAIN:
            bv["hand"] = sorted(b.villain_hand, key=lambda c: (C.rank(c), c))
        v["battle"] = bv
    return v


def _slots(args: dict) -> str:
    slots = args.get("slots")
    if slots is None:
        return C.labels(args.get("cards", []))
    return " + ".join(C.labels(x) if len(x) == 1 else f"[{C.labels(x)}]" for x in slots)


def names_in(s: State) -> dict[str, str]:
    """Ids a player never reads, with the names they do: places, items, foes."""
    out = {p.id: p.name for p in s.places}
    w = s.warrior
    for i in w.pouch + w.quest_items + tuple(x for x in (w.weapon, w.armor, w.offhand) if x):
        out[i.id] = i.name
    out.update({c.id: c.name for c in s.cards})
    if s.party is not None:
        out[s.party.id] = s.party.name
    out.update({"warrior": "yourself", "party": "your Party Member"})
    return out


def label(a: Action, names: dict[str, str]) -> str:
    """An action as a player reads it: ``describe`` with every id replaced by its name."""
    args = {k: names.get(v, v) if isinstance(v, str) and k in ("to", "item", "target", "card",
                                                               "area")
            else v for k, v in a.args.items()}
    return describe(a.model_copy(update={"args": args}))


def describe(a: Action) -> str:
    k, args = a.kind, a.args
    if a.seat == CHANCE:
        return "chance: " + C.labels(args.get("items", []))
    tok = " (+ a Dragon Token)" if args.get("token") else ""
    if k == "attack":
        return f"attack {args.get('target', '')} with {_slots(args)}{tok}".replace("  ", " ")
    if k == "maneuver":
        return f"maneuver with {_slots(args)}{tok}"
    if k == "run":
        return f"run away, playing {_slots(args)}{tok}"
    if k == "cast":
        sp = rules().spell(args["spell"]).name
        extra = f" with {_slots(args)}" if args.get("slots") or args.get("cards") else ""
        tgt = " on your Party Member" if args.get("target") in ("party", "your Party Member") \
            else ""
        to = f" to {args['to']}" if args.get("to") else ""
        return f"cast {sp}{extra}{tgt}{to}{tok}"
    if k == "use":
        extra = f" with {_slots(args)}" if args.get("slots") else ""
        tgt = " on your Party Member" if args.get("target") in ("party", "your Party Member") \
            else f" against {args['target']}" if args.get("target") not in (
                None, "warrior", "yourself") else ""
        return f"use {args['item']}{extra}{tgt}{tok}"
    if k == "block":
        return f"block with {C.labels(args['cards'])}"
    if k == "build":
        return f"Str {args['str']} · Agi {args['agi']} · HP {args['hp']} · MP {args['mp']}"
    if k == "raise":
        per = {"hp": rules().warrior.hp_per_point, "mp": rules().warrior.mp_per_point}
        parts = [f"+{n * per[st]} max {st.upper()}" if st in per else f"+{n} {st.capitalize()}"
                 for st, n in args.items() if n]
        return "level up: " + ", ".join(parts)
    if k == "attune":
        return f"attune your attack spells to {args['element']}"
    if k == "swap":
        return "spend three Dragon Tokens: take the Warrior"
    if k == "drawn":
        return "done drawing this area"
    if k == "poi":
        return "a point of interest (a place to search)"
    if k == "houses_done":  # two moves that differ only by the shop
        return "houses done, with an equipment shop" if args.get("equipment_shop") else \
            "houses done, no equipment shop"
    if k == "go":
        return f"go to {args['to']}"
    if k == "give":
        what = args["kind"]  # a consumable by its name ("Dragon's Fire", not dragons-fire)
        if what in rules().tables.consumable_names:
            what = rules().consumable(what).name
        if args.get("as"):
            what += f" (as {args['as']})"
        if args.get("element"):
            what += f" [{args['element']}]"
        return f"give a Level {args['level']} {what}" if args["level"] else f"give a {what}"
    if k == "rate":
        return (f"rate the Quest {args['rating']}: +{grammar.count(args['treasure'], 'treasure level')}, "
                f"XP x{max(1, args['xp'])}")
    if k == "weakness":
        return f"weakness x{args['mult']} to {args['element']}"
    if k == "minion":
        return f"a Level {args['level']} minion"
    if k == "stat":
        return f"+1 point to {args['stat']}"
    if k == "spell":
        return f"the spell {rules().spell(args['spell']).name}"
    if k == "pronouns":
        return f"pronouns: {args['set']}"
    if k == "field":
        return f"field {args['card']}"
    if k == "new":
        return f"a new Level {args['level']} card"
    if k == "buy":
        return f"buy {rules().consumable(args['kind']).name}"
    if k == "quest":
        return f"a Quest in {args['area']}"
    if k == "drop":
        return f"drop {args['item']}"
    if k == "dungeon":
        return f"a dungeon of {args['floors']} floors, {args['rooms']} rooms each"
    if k == "area" and "level" in args:
        return f"a Level {args['level']} area"
    if k == "unlock":
        return f"use {args['item']} on the Obstacle"
    if k == "boss":
        return f"bring in a Level {args['level']} Boss" if "level" in args and \
            not args.get("lord") else "bring in the Boss"
    if k == "party_raise":
        return f"+1 point to the Party Member's {args['stat']}"
    return k.replace("_", " ")
