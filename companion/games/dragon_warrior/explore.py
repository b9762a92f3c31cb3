"""The Warrior on the map: moving between Spaces, scenes, searching, the inn and the shop, items
and spells outside battle, starting battles, and what a battle leaves behind (XP, levels, treasure,
a token, a finished Quest)."""
from __future__ import annotations

from companion.core.game import Action, Event
from companion.games.dragon_warrior import dungeon, sheet
from companion.games.dragon_warrior.build import new_draft
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import (
    ALLY,
    TREASURE,
    VILLAIN,
    WARRIOR,
    Phase,
    Quest,
    State,
)
from companion.games.dragon_warrior.space import (
    after_arrival,
    enter,
    forces_battle,
    nearest_inn,
    quest_targets,
    searchable,
    set_place,
    town_of,
    with_warrior,
)
from companion.games.dragon_warrior.world import (
    award,
    bid,
    can_award,
    in_town,
    place,
    settle,
    stop_if_done,
    town_level,
)

OUT_OF_BATTLE_CARD = 10  # "automatically a 10 when out of combat"


def explore_actions(s: State) -> list[Action]:
    w, here = s.warrior, place(s, s.here)
    acts: list[Action] = []
    if not s.forced:
        for pid in here.links:
            acts.append(Action(seat=WARRIOR, kind="go", args={"to": pid}))
    if not s.scene_here:
        acts.append(Action(seat=WARRIOR, kind="talk"))
    if searchable(here):
        acts.append(Action(seat=WARRIOR, kind="search"))
    acts += dungeon.unlock_actions(s)
    if here.building == "inn":
        acts.append(Action(seat=WARRIOR, kind="rest"))
    if in_town(here) and any(rules().spell(x).kind == "attack"
                             for x in sheet.warrior_spells(w.max_mp)):
        acts += [Action(seat=WARRIOR, kind="attune", args={"element": el})
                 for el in rules().elements.names if el != w.magic]
    if here.building == "item-shop":
        for c in rules().consumables:
            if sheet.pouch_used(w) + town_level(s) <= sheet.pouch_capacity(w):
                acts.append(Action(seat=WARRIOR, kind="buy", args={"kind": c.id}))
    for item in w.pouch:
        acts += _use_out_of_battle(s, item)
    for sid in sheet.warrior_spells(w.max_mp):
        sp = rules().spell(sid)
        if sp.mp > w.mp:
            continue
        if sp.kind == "heal":
            for who in _targets(s):
                acts.append(Action(seat=WARRIOR, kind="cast", args={"spell": sid, "target": who}))
        elif sp.kind in ("map", "travel") and not s.forced:
            acts += dungeon.spell_actions(s, sid)
    for i in w.pouch:
        acts.append(Action(seat=WARRIOR, kind="drop", args={"item": i.id}))
    if not s.battled_here:
        acts.append(Action(seat=WARRIOR, kind="fight"))
    for n, q in enumerate(s.quests):
        if q.done and not q.turned_in and q.giver == s.here:
            acts.append(Action(seat=WARRIOR, kind="turn_in", args={"quest": n}))
    acts.append(Action(seat=WARRIOR, kind="trait", ask="A new trait for the Warrior",
                       optional_text=False))
    if can_award(s, to_warrior=False):
        acts.append(Action(seat=WARRIOR, kind="award"))
    acts.append(Action(seat=WARRIOR, kind="end"))
    return acts


def _targets(s: State) -> list[str]:
    return [WARRIOR, "party"] if s.party is not None and s.party_hp > 0 else [WARRIOR]


def _use_out_of_battle(s: State, item) -> list[Action]:
    here = place(s, s.here)
    k = item.kind
    if k == "healstuff":
        return [Action(seat=WARRIOR, kind="use", args={"item": item.id, "target": who})
                for who in _targets(s)]
    if k in ("dragons-fire", "dragons-scale"):
        return [Action(seat=WARRIOR, kind="use", args={"item": item.id})]
    if k == "fairy-water" and s.forced and here.kind == "area" and \
            here.level < s.warrior.level + 5:
        return [Action(seat=WARRIOR, kind="use", args={"item": item.id})]
    if k == "wings" and s.here != item.town and not s.forced:
        return [Action(seat=WARRIOR, kind="use", args={"item": item.id})]
    return []


def apply_explore(s: State, a: Action) -> tuple[State, list[Event]]:
    k, args = a.kind, a.args
    w = s.warrior
    if k == "go":
        return enter(s, args["to"])
    if k == "talk":
        s = s.model_copy(update={"scene_here": True, "phase": Phase.SCENE,
                                 "asked": " ".join(a.text.split())})
        return s, [Event(kind="talked", data={"place": s.here, "text": a.text.strip()})]
    if k == "search":
        places = tuple(p.model_copy(update={"searched": True}) if p.id == s.here else p
                       for p in s.places)
        s = s.model_copy(update={"places": places, "gift": "house",
                                 "gift_left": place(s, s.here).level, "phase": Phase.TREASURE})
        return s, [Event(kind="searched", data={"place": s.here})]
    if k == "rest":
        s = with_warrior(s, hp=w.max_hp, mp=w.max_mp)
        if s.party is not None:
            s = s.model_copy(update={"party_hp": s.party.max_hp})
        return s, [Event(kind="rested", data={"hp": w.max_hp, "mp": w.max_mp})]
    if k == "attune":
        s = with_warrior(s, magic=args["element"])
        return s, [Event(kind="attuned", data={"element": args["element"]})]
    if k == "buy":
        s = s.model_copy(update={"gift": f"shop:{args['kind']}", "gift_left": 0,
                                 "phase": Phase.TREASURE})
        return s, [Event(kind="shopping", data={"kind": args["kind"]})]
    if k == "use":
        return _use(s, args)
    if k == "unlock":
        return dungeon.apply_unlock(s, a)
    if k == "cast":
        sp = rules().spell(args["spell"])
        s = with_warrior(s, mp=w.mp - sp.mp)
        if sp.kind != "heal":
            return dungeon.apply_spell(s, a)
        if sp.kind == "heal":
            s, healed = heal(s, args["target"], sp.cards * OUT_OF_BATTLE_CARD)
            return s, [Event(kind="spell_cast", data={"who": WARRIOR, "spell": sp.id,
                                                      "heal": healed, "target": args["target"]})]
    if k == "drop":
        gone = next(i for i in w.pouch if i.id == args["item"])
        s = with_warrior(s, pouch=tuple(i for i in w.pouch if i.id != gone.id))
        return s, [Event(kind="dropped", data={"item": gone.name})]
    if k == "fight":
        s = s.model_copy(update={"phase": Phase.BUILD, "draft": None})
        return s, [Event(kind="battle_called", data={"by": WARRIOR, "place": s.here})]
    if k == "turn_in":
        n = args["quest"]
        quests = tuple(q.model_copy(update={"turned_in": True}) if i == n else q
                       for i, q in enumerate(s.quests))
        s = s.model_copy(update={"quests": quests, "phase": Phase.RATE})
        return s, [Event(kind="quest_turned_in", data={"text": s.quests[n].text})]
    if k == "award":
        return award(s, to_warrior=False)
    if k == "end":
        s = s.model_copy(update={"phase": Phase.OVER, "ended": "stopped"})
        return s, [Event(kind="session_ended", data={"why": "stopped"})]
    raise AssertionError(k)


def heal(s: State, target: str, amount: int) -> tuple[State, int]:
    if target == "party" and s.party is not None:
        new = min(s.party.max_hp, s.party_hp + amount)
        return s.model_copy(update={"party_hp": new}), new - s.party_hp
    w = s.warrior
    new = min(w.max_hp, w.hp + amount)
    return with_warrior(s, hp=new), new - w.hp


def _use(s: State, args: dict) -> tuple[State, list[Event]]:
    w = s.warrior
    item = next(i for i in w.pouch if i.id == args["item"])
    rest = tuple(i for i in w.pouch if i.id != item.id)
    data = {"item": item.name, "kind": item.kind}
    if item.kind == "healstuff":
        s = with_warrior(s, pouch=rest)
        s, healed = heal(s, args["target"], OUT_OF_BATTLE_CARD + item.level)
        return s, [Event(kind="item_used", data={**data, "heal": healed,
                                                 "target": args["target"]})]
    if item.kind == "dragons-fire":
        s = with_warrior(s, pouch=rest, fire=w.fire + item.level)
        return s, [Event(kind="item_used", data={**data, "attack": sheet.attack(s.warrior)})]
    if item.kind == "dragons-scale":
        s = with_warrior(s, pouch=rest, scale=w.scale + item.level)
        s = with_warrior(s, defense=sheet.max_defense(s.warrior))
        return s, [Event(kind="item_used", data={**data,
                                                 "max_defense": sheet.max_defense(s.warrior)})]
    if item.kind == "fairy-water":
        left = item.uses - 1
        pouch = rest if left <= 0 else tuple(
            i.model_copy(update={"uses": left}) if i.id == item.id else i for i in w.pouch)
        s = with_warrior(s, pouch=pouch).model_copy(update={"forced": False, "battled_here": True})
        return s, [Event(kind="item_used", data={**data, "uses_left": max(0, left)})]
    s = with_warrior(s, pouch=rest)  # wings
    s, events = enter(s, item.town)
    return s, [Event(kind="item_used", data=data)] + events


# -- the other roles' answers in exploration ------------------------------------------------------
def scene_actions(s: State, seat: str) -> list[Action]:
    here = place(s, s.here)
    who = ALLY if in_town(here) else VILLAIN
    if seat != who:
        return []
    acts = [Action(seat=seat, kind="speak", ask="Who is here, and what do they say?",
                   optional_text=False)]
    if who == ALLY and here.kind == "building":
        acts += [Action(seat=seat, kind="quest", args={"area": t}, optional_text=False,
                        ask="The Quest this person gives (what must be done there?)")
                 for t in quest_targets(s)]
    if who == ALLY and s.party is None:
        acts.append(Action(seat=seat, kind="offer", optional_text=False,
                           ask="Which friend offers to join the Warrior? (Name: what they are like)"))
    return acts


def apply_scene(s: State, a: Action) -> tuple[State, list[Event]]:
    text = " ".join(a.text.split())
    # the question is answered: by the friend who speaks, or by the one who gives a Quest or
    # offers to come along (the event carries it, so the telling answers it first)
    asked = {"asked": s.asked} if s.asked else {}
    s = s.model_copy(update={"asked": ""})
    if a.kind == "quest":
        q = Quest(text=text, giver=s.here, area=a.args["area"])
        s = s.model_copy(update={"quests": s.quests + (q,), "phase": Phase.EXPLORE})
        return s, [Event(kind="quest_given", data={
            "text": text, "giver": place(s, s.here).name, "place": place(s, q.area).name,
            **asked})]
    if a.kind == "speak":
        s = s.model_copy(update={"phase": Phase.EXPLORE, "asked": ""})
        return s, [Event(kind="scene", data={"role": a.seat, "text": text, "place": s.here})]
    s = s.model_copy(update={"offer": text, "phase": Phase.JOIN})
    return s, [Event(kind="pm_offered", data={"text": text, **asked})]


def join_actions(s: State, seat: str) -> list[Action]:
    if seat != WARRIOR:
        return []
    return [Action(seat=seat, kind="accept"), Action(seat=seat, kind="decline")]


def apply_join(s: State, a: Action) -> tuple[State, list[Event]]:
    if a.kind == "decline":
        s = s.model_copy(update={"offer": "", "phase": Phase.EXPLORE})
        return s, [Event(kind="pm_declined", data={})]
    s = new_draft(s, s.warrior.level, "party", s.offer)
    return s.model_copy(update={"phase": Phase.BUILD}), [Event(kind="pm_accepted", data={})]


def ambush_actions(s: State, seat: str) -> list[Action]:
    if seat != VILLAIN:
        return []
    here = place(s, s.here)
    boss = dungeon.boss_actions(s)
    if boss and dungeon.last_room_left(s, here):
        return boss  # the last room left holds the Boss
    return [Action(seat=seat, kind="ambush")] + boss + [Action(seat=seat, kind="hold")]


def apply_ambush(s: State, a: Action) -> tuple[State, list[Event]]:
    if a.kind == "boss":
        return dungeon.apply_boss(s, a)
    if a.kind == "hold":
        return s.model_copy(update={"phase": Phase.EXPLORE, "ambushed": True}), []
    s = s.model_copy(update={"phase": Phase.BUILD, "ambushed": True, "draft": None})
    return s, [Event(kind="battle_called", data={"by": VILLAIN, "place": s.here})]


# -- after a battle --------------------------------------------------------------------------------
def end_battle(s: State, result: str) -> tuple[State, list[Event]]:
    """Defense back to max for everyone; Dragon's Fire and Scale wear off; XP, a Quest, a level,
    treasure and a token after a win; the inn after a defeat."""
    from companion.games.dragon_warrior.battle import foe

    b = s.battle
    master = foe(s, b.foe)
    standing = foe(s, b.minion).name if b.minion else ""  # a minion still on its feet
    w = s.warrior.model_copy(update={"fire": 0, "scale": 0})
    w = w.model_copy(update={"defense": sheet.max_defense(w)})
    s = s.model_copy(update={"battle": None, "warrior": w})
    events: list[Event] = []
    if result == "fled":
        s = s.model_copy(update={"phase": Phase.EXPLORE})
        return s, [Event(kind="battle_over", data={"result": "fled", "foe": master.name,
                                                    "minion": standing})]
    if result == "defeat":  # a setback, not the end: the nearest inn, and the session goes on
        xp = sheet.xp_after_defeat(w)
        inn = nearest_inn(s, s.here)
        bed = place(s, inn)
        town = place(s, town_of(s, inn)).town if bed.building == "inn" else bed.name
        s = with_warrior(s, xp=xp, hp=w.max_hp, mp=w.max_mp).model_copy(update={
            "here": inn, "phase": Phase.EXPLORE, "scene_here": False, "battled_here": False,
            "forced": False, "ambushed": False, "defeats": s.defeats + 1, "wake_at": inn})
        if s.party is not None:
            s = s.model_copy(update={"party_hp": s.party.max_hp})
        return stop_if_done(s), [Event(kind="battle_over", data={
            "result": "defeat", "foe": master.name, "xp_lost": w.xp - xp, "xp": xp,
            "boss": master.boss, "minion": standing}),
            Event(kind="woke_at_inn", data={"town": town, "place": inn,
                                            "name": bed.name})]
    gain = sheet.xp_for_win(master, w.level)
    xp = w.xp + gain
    level = sheet.level_after(w, xp)
    gained = level - w.level
    s = with_warrior(s, xp=xp, level=level,
           points=w.points + gained * rules().warrior.level_up_points)
    if gained and s.party is not None:
        s = s.model_copy(update={"party": s.party.model_copy(
            update={"points": s.party.points + gained})})
    budget = master.level * (2 if master.boss else 1)
    here = place(s, s.here)
    if here.kind in ("room", "poi"):  # one treasure per room and point of interest, ever
        budget = 0 if here.searched else budget
        s = set_place(s, here.id, searched=True)
    s = s.model_copy(update={"wins": s.wins + 1, "award_due": True, "gift": "battle",
                             "gift_left": budget})
    events.append(Event(kind="battle_over", data={
        "result": "victory", "foe": master.name, "xp_gained": gain, "xp": xp,
        "level": level, "levels_gained": gained, "above": master.level > w.level,
        "boss": master.boss, "minion": standing}))
    if here.kind == "room" and not here.cleared:
        s = set_place(s, here.id, cleared=True)
        s, more = dungeon.find_stairs(s, here.id)
        events += more
    cleared = ""
    if master.boss and here.kind == "room" and not place(s, here.dungeon).cleared:
        cleared = here.dungeon
        s, more = dungeon.clear_dungeon(s, here.dungeon)
        events += more
    quests = list(s.quests)
    for i, q in enumerate(quests):
        if not q.done and ((q.area == s.here and here.kind != "dungeon") or q.area == cleared):
            quests[i] = q.model_copy(update={"done": True})
            events.append(Event(kind="quest_done", data={"text": q.text}))
    s = s.model_copy(update={"quests": tuple(quests)})
    return settle(s), events


def level_actions(s: State, seat: str) -> list[Action]:
    from companion.games.dragon_warrior.build import level_up_actions

    if s.warrior.points > 0:
        return level_up_actions(s) if seat == WARRIOR else []
    if seat == ALLY and s.party is not None and s.party.points > 0:
        return [Action(seat=seat, kind="party_raise", args={"stat": x})
                for x in ("atk", "def", "hp", "mp")]
    return []


def apply_party_raise(s: State, a: Action) -> tuple[State, list[Event]]:
    c = rules().conflict
    p = s.party
    stat = a.args["stat"]
    bump = {"atk": {"atk": p.atk + 1}, "def": {"max_def": p.max_def + 1},
            "hp": {"max_hp": p.max_hp + c.hp_per_point},
            "mp": {"max_mp": p.max_mp + c.mp_per_point}}[stat]
    p = p.model_copy(update={**bump, "points": p.points - 1})
    hp = s.party_hp + (c.hp_per_point if stat == "hp" else 0)
    s = s.model_copy(update={"party": p, "party_hp": hp})
    return settle(s), [Event(kind="party_raised", data={"name": p.name, "stat": stat})]


def award_actions(s: State, seat: str) -> list[Action]:
    if seat != ALLY:
        return []
    return [Action(seat=seat, kind="award"), Action(seat=seat, kind="pass")]


def apply_award(s: State, a: Action) -> tuple[State, list[Event]]:
    s = s.model_copy(update={"award_due": False})
    if a.kind == "pass":
        return settle(s), []
    s, events = award(s, to_warrior=True)
    return settle(s), events


def rate_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    acts = []
    for rating in range(1, rules().town.quest_rating_max + 1):
        for xp in range(0, rating + 1):
            if xp == 1:
                continue
            acts.append(Action(seat=seat, kind="rate", args={
                "rating": rating, "treasure": rating - xp, "xp": xp}))
    return acts


def apply_rate(s: State, a: Action) -> tuple[State, list[Event]]:
    base = town_level(s)
    mult = max(1, a.args["xp"])
    gain = base * mult
    w = s.warrior
    xp = w.xp + gain
    level = sheet.level_after(w, xp)
    s = with_warrior(s, xp=xp, level=level,
           points=w.points + (level - w.level) * rules().warrior.level_up_points)
    s = s.model_copy(update={"gift": "reward", "gift_left": base + a.args["treasure"]})
    return settle(s), [Event(kind="quest_rated", data={
        **a.args, "xp_gained": gain, "treasure_levels": base + a.args["treasure"],
        "level": level})]
