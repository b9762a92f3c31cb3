"""Session zero and the first session's places: the palette, the Warrior's name and traits, the
questions, the town and its buildings, the areas, chests, shops, the inn, scenes, Party Members,
treasure, the end of a battle, levels, Quests and Dragon Tokens (GAMES.md §4).

Readings of the text:

* Searching a building uses up its treasure whether or not Treasure puts anything down (the $
  mark): "cannot search that building for treasure ever again" is read as once per building.
* Out of battle there are no cards, so a card a healing item or spell asks for counts as a 10 (the
  text says so for healstuff; we read Heal and Healmore the same way).
* An Area forces a battle when the Warrior enters it at a Level at most the Area's; running away
  from that battle still counts as the battle (the text asks for "a Battle", not a win).
* A defeated Warrior loses 2 x Level XP, wakes at the town's inn, and the first session stops there
  (part 1's natural stop); so does turning in the town's last open Quest.
* The campaign ("you can start the next session with the voyage to a new Town, going through
  the same steps as you did at the beginning of the first session"): a session ends after the
  last Quest given in the home town is turned in (older towns' Quests do not hold it open). The
  next session opens with the voyage: the new town is built in the outermost area the Warrior has
  walked into, at that area's Level (ours: the text does not say where; later towns sit in later
  areas); Treasure names it and draws 3-5 houses, an inn and an item shop (maybe an equipment
  shop) and one new area beyond it, one Level higher; the Villain names its trouble; the Ally has
  one of its people (the first house) give a Quest about an area beside it or a dungeon or point
  of interest no Quest is about yet. The Warrior, every map and every Quest are kept. The new town
  is home: a defeat wakes the Warrior at its inn, its shop sells goods of its Level, Wings bought
  there fly back to it, Return reaches every town. A long autoplay (--until level N) goes on with
  the voyage in the same session.
* Quest reward: Treasure rates it 1-5 and splits the points between extra treasure levels and an
  XP multiplier of that many points (0 points: x1). The text's example "+1 treasure level and x2
  XP" for a Quest rated 3 fixes that reading; a single point on XP would change nothing, so it is
  not offered.
"""
from __future__ import annotations

from companion.core.game import Action, Event
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.build import new_draft, split_text
from companion.games.dragon_warrior.data import rules
from companion.story import pronouns
from companion.games.dragon_warrior.space import (  # noqa: F401 (re-exported)
    bid,
    enter,
    home_quests,
    in_town,
    link,
    place,
    quest_targets,
    streets,
    town_level,
    town_of,
    with_warrior,
)
from companion.games.dragon_warrior.model import (
    ALLY,
    PALETTE_CAP,
    QUESTION_ROLES,
    TREASURE,
    VILLAIN,
    WARRIOR,
    Item,
    Phase,
    Place,
    Quest,
    State,
)

PRONOUNS = ("she", "he", "they", "it")
EQUIP = ("weapon", "armor", "offhand")


def palette_seat(s: State) -> str:
    return WARRIOR if s.palette_turn % 2 == 0 else TREASURE


def question_state(s: State) -> tuple[str, str]:
    """(seat to move, "ask" or "answer") while the other roles ask the Warrior."""
    if s.questions and s.questions[-1][1] and not s.questions[-1][2]:
        return WARRIOR, "answer"
    return QUESTION_ROLES[len(s.questions)], "ask"


def setup_actions(s: State, seat: str) -> list[Action]:
    p = s.phase
    if p is Phase.PALETTE and seat == palette_seat(s):
        return [Action(seat=seat, kind="yes", ask="Something you want in this game (Yes list)",
                       optional_text=False),
                Action(seat=seat, kind="no", ask="Something you want kept out (No list)",
                       optional_text=False),
                Action(seat=seat, kind="done")]
    if p is Phase.NAME and seat == WARRIOR:
        return [Action(seat=seat, kind="name", ask="The Warrior's name", optional_text=False)]
    if p is Phase.PRONOUNS and seat == WARRIOR:
        return [Action(seat=seat, kind="pronouns", args={"set": x}) for x in PRONOUNS] + [
            Action(seat=seat, kind="pronouns", args={"set": "own"}, optional_text=False,
                   ask="Your own set, as subject/object/possessive (e.g. xe/xem/xyr)")]
    if p is Phase.ADJECTIVE and seat == WARRIOR:
        return [Action(seat=seat, kind="adjective", optional_text=False,
                       ask="One word for the kind of warrior you are (it names the final lord)")]
    if p is Phase.TRAIT and seat == WARRIOR:
        return [Action(seat=seat, kind="trait", optional_text=False,
                       ask="A first trait: an ideal, goal, hobby or quirk")]
    if p is Phase.QUESTIONS:
        who, what = question_state(s)
        if seat != who:
            return []
        if what == "answer":
            role, question, _ = s.questions[-1]
            return [Action(seat=seat, kind="answer", optional_text=False,
                           ask=f"{role.capitalize()} asks: {question}")]
        return [Action(seat=seat, kind="ask", ask="A question for the Warrior",
                       optional_text=False), Action(seat=seat, kind="skip")]
    if p is Phase.TOWN and seat == TREASURE:
        return [Action(seat=seat, kind="town", ask="The town's name", optional_text=False)]
    if p is Phase.HOUSES and seat == TREASURE:
        n = len(_houses(s))
        acts = []
        if n < rules().town.max_houses:
            acts.append(Action(seat=seat, kind="house", ask="Whose house is it?",
                               optional_text=False))
        if n >= rules().town.min_houses:
            acts += [Action(seat=seat, kind="houses_done", args={"equipment_shop": x})
                     for x in (True, False)]
        return acts
    if p is Phase.AREAS and seat == TREASURE and s.home != "street":
        level = place(s, s.home).level + 1
        return [Action(seat=seat, kind="area", args={"level": level}, optional_text=False,
                       ask=f"Name the Level {level} area beyond {s.town}")]
    if p is Phase.AREAS and seat == TREASURE:
        level = sum(1 for x in s.places if x.kind == "area") + 1
        return [Action(seat=seat, kind="area", args={"level": level}, optional_text=False,
                       ask=f"Name the Level {level} area")]
    if p is Phase.TROUBLE and seat == VILLAIN:
        return [Action(seat=seat, kind="trouble", optional_text=False,
                       ask="What threatens the town, and what is it short of?")]
    if p is Phase.QUEST and seat == ALLY and s.home != "street":
        who = _houses(s)[0].name
        near = [a for a in place(s, s.home).links if place(s, a).kind == "area"]
        return [Action(seat=seat, kind="quest", args={"area": a}, optional_text=False,
                       ask=f"The Quest given in {who} (what must be done there?)")
                for a in near + quest_targets(s)]
    if p is Phase.QUEST and seat == ALLY:
        return [Action(seat=seat, kind="quest", args={"area": a.id}, optional_text=False,
                       ask="The Quest the king gives (what must be done there?)")
                for a in s.places if a.kind == "area"]
    return []


def palette_check(verb: str, text: str, view: dict) -> None:
    """An entry the palette's list holds already is refused with a word (at the prompt; the
    engine itself writes it only once)."""
    from companion.core.game import RuleError

    if verb not in ("yes", "no"):
        return
    same = already_listed((view.get("palette") or {}).get(verb, []), text)
    if same is not None:
        raise RuleError("the palette", f"“{same}” is already on the {verb.capitalize()} "
                        "list; add something else, or say done")


def already_listed(entries, text: str) -> str | None:
    """The entry of a palette list that says what ``text`` says, if any."""
    return next((x for x in entries if _same_entry(x, text)), None)


def _same_entry(a: str, b: str) -> bool:
    """Two palette entries say the same when their words are the same dictionary forms
    ("spiders" and "Spider"), in any case."""
    from companion.story.lemmas import tokens

    xs, ys = tokens(a), tokens(b)
    return bool(xs) and len(xs) == len(ys) and all(
        x.low == y.low or x.lemmas & y.lemmas for x, y in zip(xs, ys))


def apply_setup(s: State, a: Action) -> tuple[State, list[Event]]:
    k, text = a.kind, " ".join(a.text.split())
    if k in ("yes", "no"):
        field = k
        # an entry the list holds already is not written twice ("No: spiders, spiders"); the
        # prompt refuses it with a word first (commands.parse: already_listed)
        again = already_listed(getattr(s, field), text) is not None
        s = s.model_copy(update={field: getattr(s, field) + (() if again else (text,)),
                                 "palette_turn": s.palette_turn + 1,
                                 "passes": s.passes + 1 if again else 0})  # nothing new: a pass
        if again and s.passes >= 2:
            s = s.model_copy(update={"phase": Phase.CREATE})
            return s, [Event(kind="palette_made", data={"yes": list(s.yes), "no": list(s.no)})]
        ev = [] if again else [Event(kind="palette", data={"list": k, "text": text,
                                                            "seat": a.seat})]
        if len(s.yes) + len(s.no) >= PALETTE_CAP:
            s = s.model_copy(update={"phase": Phase.CREATE})
            ev.append(Event(kind="palette_made", data={"yes": list(s.yes), "no": list(s.no)}))
        return s, ev
    if k == "done":
        s = s.model_copy(update={"palette_turn": s.palette_turn + 1, "passes": s.passes + 1})
        if s.passes >= 2:
            s = s.model_copy(update={"phase": Phase.CREATE})
            return s, [Event(kind="palette_made", data={"yes": list(s.yes), "no": list(s.no)})]
        return s, []
    if k == "name":
        s = with_warrior(s, name=text[:40]).model_copy(update={"phase": Phase.PRONOUNS})
        return s, [Event(kind="named", data={"name": text[:40]})]
    if k == "pronouns":
        chosen = a.args["set"]
        if chosen == "own":  # the REPL checks the form first; anything else reads as they/them
            try:
                chosen = pronouns.write(pronouns.parse(text))
            except ValueError:
                chosen = "they"
        s = with_warrior(s, pronouns=chosen).model_copy(update={"phase": Phase.ADJECTIVE})
        return s, [Event(kind="pronouns", data={"set": chosen})]
    if k == "adjective":
        word = (text.split() or ["Nameless"])[0].strip(".,;:!?").capitalize()[:20] or "Nameless"
        s = with_warrior(s, adjective=word).model_copy(update={"phase": Phase.TRAIT})
        return s, [Event(kind="adjective", data={"word": word})]
    if k == "trait":
        s = with_warrior(s, traits=s.warrior.traits + (text,))
        if s.phase is Phase.TRAIT:
            s = s.model_copy(update={"phase": Phase.QUESTIONS})
        return s, [Event(kind="trait", data={"text": text})]
    if k == "ask":
        s = s.model_copy(update={"questions": s.questions + ((a.seat, text, ""),)})
        return s, [Event(kind="question", data={"role": a.seat, "text": text})]
    if k == "skip":
        s = s.model_copy(update={"questions": s.questions + ((a.seat, "", ""),)})
        return _after_question(s), []
    if k == "answer":
        role, q, _ = s.questions[-1]
        s = s.model_copy(update={"questions": s.questions[:-1] + ((role, q, text),)})
        return _after_question(s), [Event(kind="answered", data={"role": role, "question": q,
                                                                 "text": text})]
    if k == "town" and s.places:
        return _voyage_town(s, text[:40])
    if k == "town":
        name = text[:40]
        places = (Place(id="street", kind="street", name=f"the streets of {name}", town=name,
                        links=("throne", "inn", "item-shop", "area-1")),
                  Place(id="throne", kind="building", building="throne",
                        name="the throne room", links=("street",)),
                  Place(id="inn", kind="building", building="inn", name="the inn",
                        links=("street",)),
                  Place(id="item-shop", kind="building", building="item-shop",
                        name="the item shop", links=("street",)))
        s = s.model_copy(update={"town": name, "places": places, "phase": Phase.HOUSES,
                                 "here": "throne"})
        return s, [Event(kind="town_named", data={"name": name})]
    if k == "house":
        home = s.home
        n = len(_houses(s)) + 1
        hid = bid(home, f"house-{n}")
        who = text[:60]
        house = Place(id=hid, kind="building", building="house", name=f"the house of {who}",
                      links=(home,), parent="" if home == "street" else home)
        s = link(s.model_copy(update={"places": s.places + (house,)}), home, hid)
        return s, [Event(kind="house_drawn", data={"id": hid, "who": who})]
    if k == "houses_done":
        home = s.home
        if a.args["equipment_shop"]:
            shop = Place(id=bid(home, "equipment-shop"), kind="building",
                         building="equipment-shop", name="the equipment shop", links=(home,),
                         parent="" if home == "street" else home)
            s = link(s.model_copy(update={"places": s.places + (shop,)}), home, shop.id)
        s = s.model_copy(update={"phase": Phase.AREAS})
        return s, [Event(kind="town_drawn", data={
            "town": s.town, "buildings": [p.name for p in s.places if p.kind == "building"
                                          and town_of(s, p.id) == home]})]
    if k == "area" and s.home != "street":  # a later town: one new area beyond it
        n = sum(1 for x in s.places if x.kind == "area") + 1
        level = a.args["level"]
        area = Place(id=f"area-{n}", kind="area", name=text[:60], level=level,
                     links=(s.home,), parent=s.home)
        s = link(s.model_copy(update={"places": s.places + (area,), "phase": Phase.TROUBLE}),
                  s.home, area.id)
        return s, [Event(kind="area_drawn", data={"id": area.id, "name": area.name,
                                                  "level": level})]
    if k == "area":
        level = a.args["level"]
        aid = f"area-{level}"
        links = ("street", "area-2") if level == 1 else ("area-1",)
        area = Place(id=aid, kind="area", name=text[:60], level=level, links=links,
                     parent="area-1" if level == 2 else "")
        s = s.model_copy(update={"places": s.places + (area,)})
        if level == 2:
            s = s.model_copy(update={"phase": Phase.TROUBLE})
        return s, [Event(kind="area_drawn", data={"id": aid, "name": area.name, "level": level})]
    if k == "trouble":
        s = s.model_copy(update={"trouble": text, "phase": Phase.QUEST})
        return s, [Event(kind="trouble", data={"text": text})]
    if k == "quest" and s.home != "street":  # a later town: one of its people gives it
        q = Quest(text=text, giver=_houses(s)[0].id, area=a.args["area"])
        s = s.model_copy(update={"quests": s.quests + (q,)})
        s, events = enter(s, s.home)
        return s, [Event(kind="quest_given", data={
            "text": text, "giver": place(s, q.giver).name, "place": place(s, q.area).name})
                   ] + events
    if k == "quest":
        q = Quest(text=text, giver="throne", area=a.args["area"])
        s = s.model_copy(update={"quests": s.quests + (q,), "phase": Phase.CHESTS})
        w = s.warrior
        return s, [Event(kind="king_speaks", data={
            "text": rules().king.text.format(name=w.name, adjective=w.adjective.lower()),
            "quest": text, "area": place(s, q.area).name})]
    raise AssertionError(k)


def _houses(s: State) -> list[Place]:
    """The houses of the home town, in the order they were drawn."""
    return [p for p in s.places if p.building == "house" and town_of(s, p.id) == s.home]


# -- the campaign: the voyage to a new town -----------------------------------------------------
def host_area(s: State) -> Place:
    """Where a new town is built: the outermost area the Warrior has walked into (the highest
    Level; the newest of those)."""
    drawn = [p for p in s.places if p.kind == "area" and p.drawn] or \
        [p for p in s.places if p.kind == "area"]
    return max(reversed(drawn), key=lambda p: p.level)


def voyage(s: State) -> tuple[State, list[Event]]:
    """The home town's last Quest is turned in and the campaign goes on: the road to a new
    town, set up as the first one was (its name, houses, the area beyond, its trouble, a
    Quest). The Warrior, the maps and every Quest so far are kept."""
    host = host_area(s)
    s = s.model_copy(update={"phase": Phase.TOWN, "ended": "", "gift": "", "gift_left": 0,
                             "award_due": False, "forced": False, "session": s.session + 1,
                             "battles_before": s.battles})
    return s, [Event(kind="voyage", data={"from": s.town, "through": host.name,
                                          "level": host.level})]


def _voyage_town(s: State, name: str) -> tuple[State, list[Event]]:
    host = host_area(s)
    sid = f"town-{len(streets(s)) + 1}"
    street = Place(id=sid, kind="street", name=f"the streets of {name}", town=name,
                   level=host.level, parent=host.id,
                   links=(host.id, bid(sid, "inn"), bid(sid, "item-shop")))
    inn = Place(id=bid(sid, "inn"), kind="building", building="inn", name="the inn",
                links=(sid,), parent=sid, level=host.level)
    shop = Place(id=bid(sid, "item-shop"), kind="building", building="item-shop",
                 name="the item shop", links=(sid,), parent=sid, level=host.level)
    road = s.road  # a voyage within the session: the road is told with the new town
    s = s.model_copy(update={"places": s.places + (street, inn, shop), "town": name,
                             "home": sid, "here": sid, "trouble": "", "road": "",
                             "phase": Phase.HOUSES})
    s = link(s, host.id, sid)
    return s, [Event(kind="town_named", data={"name": name, "level": host.level,
                                              "area": host.name, "voyage": True,
                                              **({"from": road} if road else {})})]


def _after_question(s: State) -> State:
    if len(s.questions) >= len(QUESTION_ROLES) and not (
            s.questions[-1][1] and not s.questions[-1][2]):
        return s.model_copy(update={"phase": Phase.TOWN})
    return s


# -- treasure ------------------------------------------------------------------------------------
def treasure_actions(s: State, seat: str) -> list[Action]:
    if seat != TREASURE:
        return []
    ask = "Name it and describe it lovingly (Name: what it is like)"
    g = s.gift
    if g == "chest":
        if s.chests == 1:
            return [Action(seat=seat, kind="give", args={"kind": c.id, "level": 1}, ask=ask,
                           optional_text=False) for c in rules().consumables]
        if s.chests == 2:
            return [Action(seat=seat, kind="give", args=args, ask=ask, optional_text=False)
                    for args in _equipment_args(1)]
        return [Action(seat=seat, kind="give", args={"kind": "quest", "level": 0},
                       ask=_ask_for("quest", 0), optional_text=False)]
    if g.startswith("shop:"):
        return [Action(seat=seat, kind="give", args={"kind": g[5:], "level": town_level(s)},
                       ask=_ask_for(g[5:], town_level(s)), optional_text=False)]
    acts = [Action(seat=seat, kind="nothing")]
    if g in ("battle", "house", "reward"):  # a Quest item instead, for an Obstacle on the map
        acts.append(Action(seat=seat, kind="give", args={"kind": "quest", "level": 0}, ask=ask,
                           optional_text=False))
    for level in range(1, s.gift_left + 1):
        for c in rules().consumables:
            acts.append(Action(seat=seat, kind="give", args={"kind": c.id, "level": level},
                               ask=ask, optional_text=False))
        for args in _equipment_args(level):
            acts.append(Action(seat=seat, kind="give", args=args, ask=ask, optional_text=False))
    return acts


def _ask_for(kind: str, level: int) -> str:
    """The question for the one item the Treasure must put down, naming it: "A Level 1
    Healstuff: name it..." (a bare "name it" had a player name a buckler that was a healstuff)."""
    what = "A Quest item" if kind == "quest" else f"A Level {level} " + next(
        (c.name for c in rules().consumables if c.id == kind), kind)
    return f"{what}: name it and describe it lovingly (Name: what it is like)"


def _equipment_args(level: int) -> list[dict]:
    out = [{"kind": "armor", "level": level}, {"kind": "offhand", "level": level, "as": "armor"}]
    for el in ("",) + rules().elements.names:
        out.append({"kind": "weapon", "level": level, "element": el})
        out.append({"kind": "offhand", "level": level, "as": "weapon", "element": el})
    return out


def apply_treasure(s: State, a: Action) -> tuple[State, list[Event]]:
    if a.kind == "nothing":
        where = s.gift
        s = s.model_copy(update={"gift_left": 0})
        return settle(s), [Event(kind="nothing_found", data={"place": s.here, "where": where})]
    args = a.args
    name, look = split_text(a.text, whole=60)  # a thing's whole name, as the pen wrote it
    kind, level = args["kind"], args["level"]
    item = Item(id=f"item-{s.next_id}", kind=kind, level=level, name=name, text=look,
                uses=level if kind == "fairy-water" else 0,
                town=town_of(s, s.here) if kind == "wings" else "",
                offhand_as=args.get("as", "weapon" if kind == "weapon" else ""),
                element=args.get("element", ""))
    if kind not in ("offhand",):
        item = item.model_copy(update={"offhand_as": ""})
    left = max(0, s.gift_left - level) if kind != "quest" else 0  # a Quest item ends the gift
    s = s.model_copy(update={"found": item, "phase": Phase.FOUND, "next_id": s.next_id + 1,
                             "gift_left": left})
    return s, [Event(kind="item_found", data={
        "id": item.id, "kind": kind, "level": level, "name": name, "text": look,
        "as": item.offhand_as, "element": item.element, "where": s.gift})]


def found_actions(s: State, seat: str) -> list[Action]:
    if seat != WARRIOR or s.found is None:
        return []
    item = s.found
    acts = []
    if item.kind in EQUIP or item.kind == "quest" or sheet.fits(s.warrior, item):
        acts.append(Action(seat=seat, kind="take"))
    acts.append(Action(seat=seat, kind="leave"))
    if item.kind not in EQUIP and item.kind != "quest" and not sheet.fits(s.warrior, item):
        acts += [Action(seat=seat, kind="drop", args={"item": i.id}) for i in s.warrior.pouch]
    return acts


def apply_found(s: State, a: Action) -> tuple[State, list[Event]]:
    item = s.found
    w = s.warrior
    if a.kind == "drop":
        gone = next(i for i in w.pouch if i.id == a.args["item"])
        s = with_warrior(s, pouch=tuple(i for i in w.pouch if i.id != gone.id))
        return s, [Event(kind="dropped", data={"item": gone.name})]
    s = s.model_copy(update={"found": None})
    if a.kind == "leave":
        return settle(s), [Event(kind="left_behind", data={"item": item.name})]
    replaced = ""
    if item.kind in EQUIP:
        old = getattr(w, item.kind)
        replaced = old.name if old else ""
        s = with_warrior(s, **{item.kind: item})
        s = with_warrior(s, defense=min(s.warrior.defense, sheet.max_defense(s.warrior))
               if s.phase is not Phase.FOUND else sheet.max_defense(s.warrior))
    elif item.kind == "quest":
        s = with_warrior(s, quest_items=w.quest_items + (item,))
    else:
        s = with_warrior(s, pouch=w.pouch + (item,))
    return settle(s), [Event(kind="taken", data={
        "item": item.name, "kind": item.kind, "level": item.level, "replaced": replaced,
        "attack": sheet.attack(s.warrior), "max_defense": sheet.max_defense(s.warrior),
        "pouch": sheet.pouch_used(s.warrior), "capacity": sheet.pouch_capacity(s.warrior)})]


def settle(s: State) -> State:
    """What comes next once a gift, a battle's aftermath or a level-up step is done."""
    if s.found is not None:
        return s.model_copy(update={"phase": Phase.FOUND})
    if s.warrior.points > 0 or (s.party is not None and s.party.points > 0):
        return s.model_copy(update={"phase": Phase.LEVEL_UP})
    if s.gift == "chest":
        if s.chests < 3:
            return s.model_copy(update={"phase": Phase.CHESTS, "gift": ""})
        return s.model_copy(update={"phase": Phase.EXPLORE, "gift": ""})
    if s.gift and s.gift_left > 0:
        return s.model_copy(update={"phase": Phase.TREASURE})
    if s.gift == "reward" and all(q.turned_in for q in home_quests(s)):
        # "the moment after you turn in the last Quest for a Town is a good time to end"; a
        # long autoplay (--until level N) goes straight on with the voyage to a new town
        if s.until in ("", "quest"):
            return s.model_copy(update={"phase": Phase.OVER, "gift": "", "ended": "quest"})
        if s.until.startswith("level"):
            return s.model_copy(update={"phase": Phase.TOWN, "gift": "", "gift_left": 0,
                                        "award_due": False, "road": s.town})
    if s.gift:
        s = s.model_copy(update={"gift": "", "gift_left": 0})
    if s.award_due:
        if can_award(s, to_warrior=True):
            return s.model_copy(update={"phase": Phase.AWARD})
        s = s.model_copy(update={"award_due": False})
    return stop_if_done(s.model_copy(update={"phase": Phase.EXPLORE}))


def stop_if_done(s: State) -> State:
    """The session's own stop (WarriorOptions.until): a dungeon cleared, or a Level reached."""
    if any(p.lair and p.cleared for p in s.places):  # the lord is beaten: the Ball of Light
        return s.model_copy(update={"phase": Phase.OVER, "ended": "lord"})
    if s.until == "dungeon" and any(p.kind == "dungeon" and p.cleared for p in s.places):
        return s.model_copy(update={"phase": Phase.OVER, "ended": "dungeon"})
    if s.until.startswith("level ") and s.warrior.level >= int(s.until.split()[1]):
        return s.model_copy(update={"phase": Phase.OVER, "ended": "level"})
    return s


# -- Dragon Tokens -------------------------------------------------------------------------------
def can_award(s: State, to_warrior: bool) -> bool:
    t = rules().tokens
    middle = 2 * t.per_player_in_middle - sum(s.tokens)
    held = s.tokens[0] if to_warrior else s.tokens[1]
    return middle > 0 and held < t.max_per_player


def award(s: State, to_warrior: bool) -> tuple[State, list[Event]]:
    w, o = s.tokens
    s = s.model_copy(update={"tokens": (w + 1, o) if to_warrior else (w, o + 1)})
    return s, [Event(kind="token_awarded", data={"to": "warrior" if to_warrior else "others",
                                                 "tokens": list(s.tokens)})]


def swap(s: State) -> tuple[State, list[Event]]:
    """The other player pays three tokens and takes the Warrior; tokens follow the players."""
    w, o = s.tokens
    s = s.model_copy(update={"tokens": (o - rules().tokens.swap_cost, w),
                             "swapped": not s.swapped})
    return s, [Event(kind="seats_swapped", data={"seats": [WARRIOR, VILLAIN, ALLY, TREASURE],
                                                 "tokens": list(s.tokens)})]
