"""How Dragon & Warrior's events read: the small print on the live screen and in the journal
(battles blow by blow, cards shown as A♠ 7♥), the headings that cut the story into scenes and
battles, and the journal's front matter and closing.

``mechanics(event, viewer)`` is written for one viewer ("You draw ..." for the Warrior at the
terminal); ``viewer=None`` gives the neutral wording of the journal.
"""
from __future__ import annotations

from companion.story import grammar
from companion.core.game import Event
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import maps
from companion.games.dragon_warrior.data import rules

STORY_SKIP = {"drew", "card_choice", "card_begun", "pm_flips"}
SETUP_EVENTS = {"palette", "question", "answered", "pronouns", "adjective", "named"}


def _slots(slots) -> str:
    return " + ".join(C.labels(s) if len(s) == 1 else f"[{C.labels(s)} critical]" for s in slots)


def _who(name: str, viewer: str | None, seat: str = "warrior") -> str:
    return "You" if viewer == seat else name


def _spell(sid: str) -> str:
    return rules().spell(sid).name


def mechanics(event: Event, viewer: str | None) -> str | None:
    line = _mechanics(event, viewer)
    return line[:1].upper() + line[1:] if line else line


def _mechanics(event: Event, viewer: str | None) -> str | None:
    k, d = event.kind, event.data
    if k == "cards_drawn":
        who = "You draw" if viewer == d["who"] else (
            "The Warrior draws" if d["who"] == "warrior" else "The Villain draws")
        return f"{who} {C.labels(d['cards'])}."
    if k == "drew" and d["who"] != viewer and viewer is not None:
        who = "The Villain" if d["who"] == "villain" else "The Warrior"
        return f"{who} draws {grammar.count(d['count'], 'card')}."
    if k == "reshuffled":
        return f"The discard pile is shuffled back into the deck ({d['cards']} cards)."
    if k == "palette":
        return f"{d['list'].capitalize()} list: {d['text']}."
    if k == "answered" and viewer not in (None, "warrior"):  # the AI Warrior answered you
        return f"The Warrior answers the {d['role'].capitalize()}: “{d['text']}”"
    if k == "warrior_built":
        spells = ", ".join(_spell(s) for s in d["spells"]) or "none"
        return (f"Str {d['str']} · Agi {d['agi']} · HP {d['hp']} · MP {d['mp']} · "
                f"spells: {spells}.")
    if k == "item_found":
        if d["kind"] == "quest":
            return "A Quest item."
        what = d["kind"] if d["kind"] not in rules().tables.consumable_names else \
            rules().consumable(d["kind"]).name
        extra = f" (as {d['as']})" if d.get("as") else ""
        el = f" [{d['element']}]" if d.get("element") else ""
        return f"{d['name']} +{d['level']}: Level {d['level']} {what}{extra}{el}."
    if k == "taken":
        return (f"Attack {d['attack']} · Max Defense {d['max_defense']} · Pouch "
                f"{d['pouch']}/{d['capacity']}" + (f" (replaces {d['replaced']})"
                                                    if d["replaced"] else "") + ".")
    if k == "entered":
        forced = " A battle must come before leaving." if d["forced"] else ""
        if d["kind"] == "area":
            return f"Level {d['level']} area.{forced}"
        if d["kind"] == "room":
            if d.get("again") and not forced:
                return None  # a cleared room walked back through
            return f"Level {d['level']} room.{forced}" if d.get("named", True) else None
        if d["kind"] == "poi":
            return f"Level {d['level']} point of interest."
        if d["kind"] == "dungeon":
            barred = f" Barred: {d['barred']}. Try a Quest item (unlock ITEM)." \
                if d.get("barred") else ""
            return f"Level {d['level']} dungeon.{barred}"
        return None
    if k == "room_described":
        forced = " A battle must come before leaving." if d.get("forced") else ""
        return f"Level {d['level']} room, floor {d['floor']}.{forced}" if "level" in d else None
    if k == "dungeon_drawn":
        lo, hi = d["level"], d["level"] + d["floors"] - 1
        return (f"A dungeon in {d['area']}: {d['floors']} floors of {d['rooms']} rooms, "
                f"Levels {lo}-{hi}.")
    if k == "poi_drawn":
        return f"A point of interest in {d['area']}: {d['name']}."
    if k == "area_drawn" and d.get("from"):
        return f"A Level {d['level']} area: {d['name']}."
    if k == "obstacle_made":
        return f"Obstacle: {d['text']}. It needs a Quest item."
    if k == "unlock_tried":
        return f"Offered: {d['item']}" + (f" ({d['how']})" if d.get("how") else "") + "."
    if k == "obstacle_holds":
        return f"{d['item']} does not get past the Obstacle; the Warrior keeps it."
    if k == "obstacle_passed":
        return f"{d['item']} is spent: the way in is open."
    if k == "stairs_found":
        return f"Stairs down to floor {d['floor']}."
    if k == "battle_called" and d.get("boss"):
        return "The Boss: double points, double treasure, double XP."
    if k == "ball_of_light":
        return "The Ball of Light: the table takes turns telling how the Warrior brings peace."
    if k == "dungeon_cleared":
        return f"{d['name']} is cleared: no more forced battles; it is a town now."
    if k == "quest_given":
        return f"Quest from {d['giver']}: {d['text']} (at {d['place']})."
    if k == "card_made":
        extra = []
        if d["fast"]:
            extra.append("Fast")
        if d["weakness"] > 1:
            extra.append(f"weak to {d['weak_to']} x{d['weakness']}")
        if d["spells"]:
            extra.append("spells " + ", ".join(_spell(s) for s in d["spells"]))
        who = "Party Member" if d["party"] else ("minion" if d["minion_of"] else
                                                  "Boss" if d.get("boss") else "Conflict")
        above = ", one above this place: the Villain's pick" if d.get("above_place") else ""
        return (f"{d['name']} ({who}, Level {d['level']}{above}): Atk {d['atk']} · Def {d['def']} · "
                f"HP {d['hp']} · MP {d['mp']}" + (f" · {', '.join(extra)}" if extra else "") + ".")
    if k == "battle_begun":
        first = "The foe is Fast and acts first." if d["fast"] else "The Warrior acts first."
        minion = f" With it: {d['minion']}." if d["minion"] else ""
        return f"Battle at Level {d['level']}.{minion} {first}"
    if k in ("warrior_attacks", "warrior_runs"):
        who = _who("The Warrior", viewer)
        you = who == "You"
        if k == "warrior_runs":
            verb = "run" if you else "runs"
        elif d["spell"]:
            verb = ("cast " if you else "casts ") + _spell(d["spell"])
        else:
            verb = "attack" if you else "attacks"
        tok = " (a Dragon Token for the extra card)" if d["token"] else ""
        return f"{who} {verb} with {_slots(d['slots'])}{tok}."
    if k == "foe_attacks":
        spell = f" casting {_spell(d['spell'])}" if d["spell"] else ""
        return f"{d['name']} attacks{spell} with {C.labels(d['cards'])}."
    if k == "blocked":
        pairs = "; ".join(f"{C.labels(ans)} answers {C.labels(slot)}" for slot, ans in d["pairs"])
        return f"Blocked: {pairs}."
    if k == "no_block":
        return "Not blocked." if d.get("chose") else "No card to block with."
    if k == "spellblocked":
        return f"Spellblock: {d['mp']} MP, the attack is blocked."
    if k == "hit":
        if d["target"] == "warrior":
            where = f"Warrior HP {d['hp']} · Defense {d['defense']}"
        else:
            where = f"{d['name']} HP {d['hp']} · Defense {d['defense']}"
        crit = " (critical: + Agility)" if d.get("critical") else ""
        pm = " (the Party Member adds their Attack)" if d.get("party") and \
            d["target"] != "warrior" else ""
        lost = ", ".join(x for x in (f"Defense -{d['defense_lost']}" if d["defense_lost"] else "",
                                     f"HP -{d['hp_lost']}" if d["hp_lost"] else "") if x)
        return f"{d['damage']} damage{crit}{pm}: {lost or 'nothing lost'} → {where}."
    if k == "missed":
        if d.get("party"):
            return "The Party Member's card stops the blow: no damage."
        return "No damage."
    if k == "maneuvered":
        who = "The Warrior" if d["who"] == "warrior" else d.get("name", "The foe")
        cards = _slots(d["slots"]) if "slots" in d else C.labels(d["cards"])
        return f"{who} maneuvers with {cards}: Defense +{d['gain']} (now {d['defense']})."
    if k == "spell_cast":
        who = "The Warrior" if d["who"] == "warrior" else d.get("name", "The foe")
        bits = []
        if "heal" in d:
            bits.append(f"heals {d['heal']} HP" + (" on the Party Member" if d.get("target") ==
                                                   "party" else ""))
        if "defense" in d:
            bits.append(f"Defense back to {d['defense']}")
        if d["spell"] == "stamina":
            bits.append("draws a fresh hand; the turn goes on")
        return f"{who} casts {_spell(d['spell'])}" + (f": {', '.join(bits)}" if bits else "") + "."
    if k == "item_used":
        bits = []
        if "heal" in d:
            bits.append(f"heals {d['heal']} HP")
        if "attack" in d:
            bits.append(f"Attack now {d['attack']}")
        if "defense" in d:
            bits.append(f"Defense back to {d['defense']}")
        if "max_defense" in d:
            bits.append(f"Max Defense now {d['max_defense']}")
        if "uses_left" in d:
            bits.append(f"{d['uses_left']} use(s) left")
        cards = f" with {_slots(d['slots'])}" if d.get("slots") else ""
        return f"Uses {d['item']}{cards}" + (f": {', '.join(bits)}" if bits else "") + "."
    if k == "pm_flipped":
        return f"{d['name']} flips {C.label(d['card'])} from the top of the deck."
    if k == "pm_helps":
        return f"{d['name']}'s card beats the Villain's: it helps."
    if k == "pm_hurt":
        return f"{d['name']}'s card is lower: -{d['hp']} HP (left {d['left']})."
    if k == "pm_healed":
        if not d["hp"]:  # a tie at full HP: nothing to heal
            return f"{d['name']}'s card ties: {d['name']} is unhurt, with nothing to heal."
        return f"{d['name']}'s card ties: {d['name']} heals {d['hp']} HP."  # theirs, not yours
    if k == "pm_left":
        return f"{d['name']} can fight no more and leaves the party."
    if k == "minion_down":
        return f"{d['name']} is down."
    if k == "escape_failed":
        return "The escape is blocked."
    if k == "attuned":
        return f"Your attack spells are attuned to {d['element']} now."
    if k == "quest_item_held":
        if d["proper"]:
            return (f"{_cap(d['item'])} lays bare {d['foe']}'s weakness to {d['weak_to']}: every "
                    f"attack on it from now on does x{d['mult']} damage. (The Quest item is spent.)")
        return f"{_cap(d['item'])} does nothing against {d['foe']}: the turn is gone."
    if k == "woke_at_inn":
        return (f"Woke at {d['name']} in {d['town']} (the nearest town): HP and MP full; the "
                "session goes on.") if d.get("name") else ""
    if k == "battle_over":
        if d["result"] == "victory":
            lv = f" Level {d['level']}!" if d["levels_gained"] else ""
            dbl = " (x2: the foe was above the Warrior's Level)" if d["above"] else ""
            return f"Victory: +{d['xp_gained']} XP{dbl}, {d['xp']} in all.{lv}"
        if d["result"] == "defeat":
            return f"Defeat: -{d['xp_lost']} XP ({d['xp']} left; your Level is kept)."
        return "Escaped: no XP, no treasure; the foe will be back at full strength."
    if k == "raised":
        per = {"hp": rules().warrior.hp_per_point, "mp": rules().warrior.mp_per_point}
        parts = [f"+{n * per[st]} max {st.upper()}" if st in per else f"+{n} {st.capitalize()}"
                 for st, n in d.items() if st in ("str", "agi", "hp", "mp") and n]
        spells = f"; new spell: {', '.join(_spell(s) for s in d['new_spells'])}" \
            if d["new_spells"] else ""
        return f"Level {d['level']}: {', '.join(parts)}{spells}."
    if k == "token_awarded":
        who = "the Warrior's player" if d["to"] == "warrior" else "the companion"
        return f"A Dragon Token to {who} (tokens: Warrior {d['tokens'][0]} · others " \
               f"{d['tokens'][1]})."
    if k == "seats_swapped":
        return "Three Dragon Tokens spent: the Warrior changes hands."
    if k == "quest_rated":
        return (f"Quest rated {d['rating']}: +{d['xp_gained']} XP (x{max(1, d['xp'])}), treasure "
                f"worth {grammar.count(d['treasure_levels'], 'level')}.")
    if k == "rested":
        return f"HP {d['hp']} · MP {d['mp']}."
    if k == "nothing_found":
        return "Nothing found." if d.get("where") not in ("battle",) else "No treasure this time."
    if k == "dropped":
        return f"Dropped {d['item']}."
    if k == "left_behind":
        return f"Left {d['item']} behind."
    if k == "trait":
        return f"Trait: {d['text']}."
    return None


def heading(event: Event) -> str | None:
    k, d = event.kind, event.data
    if k == "palette_made":
        return "Session zero"
    if k == "king_speaks":
        return "The throne room"
    if k == "voyage":
        return f"A new session: the road out of {d['from']}"
    if k == "morning":
        return "A new session"
    if k == "town_named" and d.get("voyage"):
        return f"{d['name']}, a Level {d['level']} town"
    if k == "obstacle_passed":
        return f"Into {d['dungeon']}"
    if k == "entered" and not d.get("named", True):
        return None  # the room is named as Treasure describes it
    if k == "entered" and (d.get("again") or d.get("walked")):
        return None  # back through a cleared room, or the streets again: one section goes on
    if k == "entered" and d.get("kind") == "room":  # a room met before (fled, or lost in)
        return f"Back in {d['name']}"
    if k == "entered":
        name = d["name"]
        return name[:1].upper() + name[1:]
    if k == "room_described":
        name = d["name"]
        return f"{name[:1].upper()}{name[1:]} (floor {d['floor']})"
    if k == "battle_begun":
        return f"Battle: {d['name']} (Level {d['level']})"
    if k == "quest_turned_in":
        return "The Quest's reward"
    return None


def story_title(view: dict) -> str:
    w = view["warrior"]
    if not w["name"]:
        return "a new Quest"
    return f"{w['name']} and the {w['adjective'] or 'Nameless'} Lord"


def front_matter(view: dict) -> str:
    w = view["warrior"]
    pal = view["palette"]
    lines = [f"**{w['name'] or 'The Warrior'}** ({w['pronouns']}), a warrior of the "
             f"{w['adjective'] or 'nameless'} kind: " + ("; ".join(w["traits"]) or "no traits yet")
             + "."]
    if pal["yes"] or pal["no"]:
        lines += ["", f"*Yes:* {', '.join(pal['yes']) or '-'} · *No:* {', '.join(pal['no']) or '-'}"]
    for q in view.get("questions", []):
        lines += ["", f"> *{q['role'].capitalize()} asks:* {q['question']}  ", f"> {q['answer']}"]
    first = next((p for p in view.get("places", []) if p["id"] == "street"), None)
    if first is not None and len(maps.towns(view)) == 1:
        lines += ["", f"*Town:* {view['town']} (+1) · *Trouble:* {view.get('trouble') or '-'}"]
    elif first is not None:
        lines += ["", "*Towns:* " + ", ".join(f"{t['town'] or view['town']} (+{t['level']})"
                                             for t in maps.towns(view))]
    return "\n".join(lines)


def closing(view: dict) -> str:
    w = view["warrior"]
    why = {"quest": "The town's last open Quest is turned in: a good place to end a session. "
                    "The next one begins with the voyage to a new town.",
           "defeat": "Defeated, the Warrior woke at the inn: the session ends there.",
           "stopped": "The Warrior stopped for the night.",
           "dungeon": "The dungeon is cleared and has become a town: the session ends there.",
           "lord": "The lord is beaten and the Ball of Light is found: the campaign is over.",
           "level": f"Level {w['level']} reached: the session ends there."}.get(view.get("ended", ""), "")
    gear = [f"{slot} {w[slot]['name']} +{w[slot]['level']}" for slot in ("weapon", "armor",
                                                                          "offhand") if w[slot]]
    pouch = ", ".join(f"{i['name']} +{i['level']}" for i in w["pouch"]) or "empty"
    quests = "; ".join(f"{q['text']} ({'done' if q['done'] else 'open'})"
                       for q in view.get("quests", []))
    drawn = []
    for title, text in maps.all_maps(view):
        drawn += ["", f"**{title}**", "", "```text", text, "```"]
    return "\n".join([
        why, "",
        f"{w['name']}: Level {w['level']} · {w['xp']} XP · HP {w['hp']}/{w['max_hp']} · "
        f"MP {w['mp']}/{w['max_mp']} · Attack {w['attack']} · Max Defense {w['max_defense']}",
        f"Gear: {', '.join(gear) or 'none'} · Pouch: {pouch} · Battles: {view['battles']} "
        f"({view['wins']} won)", f"Quests: {quests or 'none'}"] + drawn)


def interlude(events, view) -> str:
    """Maps at a chapter's end: a dungeon's floors when it is cleared, the town and the outdoors
    when a Quest's reward is settled. ``view`` gives the view after this step."""
    kinds = {e.kind for e in events}
    if "dungeon_cleared" in kinds:
        did = next(e.data["dungeon"] for e in events if e.kind == "dungeon_cleared")
        v = view()
        floors = sorted({p["floor"] for p in v["places"] if p.get("dungeon") == did
                         and p["kind"] == "room"})
        return "\n\n".join(f"```text\n{maps.dungeon_text(v, did, f)}\n```" for f in floors)
    if "quest_rated" in kinds:
        v = view()
        return f"```text\n{maps.town_text(v)}\n```\n\n```text\n{maps.outdoors_text(v)}\n```"
    return ""


def pictures(view: dict) -> str:
    """The maps as drawn on paper, for the HTML journal."""
    return "".join(f"<figure>{svg}</figure>" for svg in maps.svgs(view))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
