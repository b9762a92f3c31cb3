"""The offline roles' pen: what the offline Villain, Ally and Treasure write when they act (names
of towns, houses, areas, foes, friends and items, answers, speeches), drawn from ``tables.toml``
seeded by the step, skipping anything that touches the palette's No list (:func:`keep_out`).
"""
from __future__ import annotations

import re

from companion.core.game import Action
from companion.games.dragon_warrior import talk
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.people import dear_one, named_in_answers
from companion.games.dragon_warrior.words import item_phrase
from companion.story.template import sentence
from companion.story.voice import NarrationMemory

COMMON = frozenset({"never", "there", "which", "their", "about", "where", "other", "drawn",
                    "carved", "missing", "every"})  # words an Obstacle may share with an item

ASKING = (("fear", ("afraid", "fear", "fears", "scare", "scares", "night", "nightmare",
                     "dread")),
          ("left", ("leave", "left", "inherit", "inherited", "father", "mother", "parents")),
          ("love", ("love", "loves", "sweetheart", "heart", "marry")),
          ("where", ("where",)), ("why", ("why",)), ("how", ("how",)),
          ("who", ("who", "whom", "whose")), ("what", ("what", "which")))


def _answers_by(question: str, table: dict) -> tuple[str, ...]:
    """The Warrior's answers that fit a question of the player's own, by its words."""
    said = set(re.findall(r"[a-z']+", question.lower()))
    return next((table.get(key, ()) for key, words in ASKING if said & set(words)), ())


def write(action: Action, view: dict, memory: NarrationMemory) -> str:
    t = rules().tables
    rng = memory.rng("write", action.kind, len(view.get("places", [])),
                     view.get("battles", 0), view.get("next_level", 0),
                     len(view.get("questions", [])), view.get("chests", 0),
                     len(view.get("cards", [])), view.get("here", ""),
                     view.get("warrior", {}).get("pouch_used", 0),
                     len(view.get("warrior", {}).get("quest_items", [])))
    keep_out(view, memory)

    def ok(text: str) -> bool:
        return memory.allows(text)

    def pick(options, fallback: str = "") -> str:
        good = [o for o in options if ok(o)]
        return rng.choice(good) if good else fallback

    def fightable(name: str) -> bool:
        """May a battle with this foe be told? Its blows must keep the table's lines too (a No
        list's "cruelty to animals" let a two-headed goat be drawn, then left every blow of its
        battle untold)."""
        return ok(name) and ok(f"The Warrior strikes {name} and wounds it, and it strikes back.")

    k, args = action.kind, action.args
    if k == "yes":
        have = set(view["palette"]["yes"])
        return pick([x for x in t.palette_yes if x not in have], "friendly towns")
    if k == "no":
        have = set(view["palette"]["no"])
        return pick([x for x in t.palette_no if x not in have], "grim endings")
    if k == "name":
        return pick(t.names, "Rowan")
    if k == "adjective":
        return pick(t.adjectives, "Ember")
    if k == "trait":
        return pick(t.traits, "keeps promises")
    if k == "ask":
        return pick(t.questions.get(action.seat, ()), "What do you carry that matters?")
    if k == "answer":
        asked = [q["question"] for q in view.get("questions", []) if not q["answer"]]
        given = {q["answer"] for q in view.get("questions", []) if q["answer"]}
        options = t.answers_to.get(asked[-1], ()) if asked else ()
        if asked and not options:  # a question of the player's own: answered in its shape
            from companion.games.dragon_warrior.answer import own_answer

            said = own_answer(asked[-1], lambda words: pick(words))
            if said and ok(said):
                return said
        options = options or _answers_by(asked[-1] if asked else "", t.answers_by)
        return pick([o for o in options or t.answers if o not in given] or t.answers,
                    "I would rather not say.")
    if k == "town":
        taken = {p.get("town") for p in view.get("places", []) if p["kind"] == "street"}
        n = len(taken) + 1
        fresh = [x for x in t.towns if x not in taken] or [
            f"New {x}" for x in t.towns if f"New {x}" not in taken]
        return pick(fresh, f"Waymark {n}")
    if k == "house":
        taken = {p["name"] for p in view.get("places", [])}
        named = [r for r in named_in_answers(view) if f"the house of {r}" not in taken]
        towns = sum(1 for p in view.get("places", []) if p["kind"] == "street")
        if named and towns <= 1:  # the first town is home to the people the player named
            return named[0]
        fresh = [r for r in t.residents if f"the house of {r}" not in taken] or [
            f"{r.split(',')[0]} of {view.get('town') or 'the town'}" for r in t.residents
            if f"the house of {r.split(',')[0]} of {view.get('town')}" not in taken]
        return pick(fresh, "a quiet neighbour")
    if k == "area":
        level = args.get("level", 1)
        names = t.areas[min(level, len(t.areas)) - 1]
        taken = {p["name"] for p in view.get("places", [])}
        fresh = [n for n in names if n not in taken] or [
            n for row in t.areas for n in row if n not in taken]
        return pick(fresh, f"the Far Fields of Level {level}")
    if k == "trouble":
        return pick(t.troubles, "the harvest failed")
    if k == "quest" and not args["area"].startswith("area"):
        where = next((p["name"] for p in view.get("places", []) if p["id"] == args["area"]),
                     "the ruin")
        return pick([q.format(place=where) for q in rules().world.dungeon_quests],
                    f"deal with {where}")
    if k == "quest":
        area = next((p["name"] for p in view.get("places", []) if p["id"] == args["area"]),
                    "the wilds")
        return pick([q.format(area=area) for q in t.quests], f"clear {area}")
    if k == "give":
        return _item_text(args, t, pick, view)
    wt = rules().world
    used = {p["name"] for p in view.get("places", [])}
    if k == "dungeon":
        return pick([x for x in wt.dungeons if x.split(": ")[0] not in used], "the Old Cellars")
    if k == "lair":
        return pick(["the Black Keep: a castle of dark glass that drinks the light around it",
                     "the Hollow Crown: a mountain whose top was lifted off like a lid"],
                    "the Last Gate: a door in the sky")
    if k == "boss" and args.get("lord"):
        return "taller than the room should allow, with the stolen light caught in its chest"
    if k == "poi":
        return pick([x for x in wt.pois if x.split(": ")[0] not in used], "a Lonely Shrine")
    if k == "room":
        return pick([x for x in wt.rooms if x.split(": ")[0] not in used], "a Bare Room")
    if k == "obstacle":
        return obstacle(view, pick)
    if k == "boss":
        level = args.get("level", 1)
        names = t.foes[min(level, len(t.foes)) - 1]
        return pick([b for b in wt.bosses if fightable(b.split(": ")[0])],
                    "the Cellar King: a shape too big for its throne")
    if k == "unlock":
        return ""
    if k == "new":
        level = args.get("level", 1)
        names = t.foes[min(level, len(t.foes)) - 1]
        used = {c["name"] for c in view.get("cards", [])}
        fought = [n for n in names if fightable(n)]  # a foe the story cannot fight is not drawn
        name = pick([n for n in fought if n not in used] or fought, "a shadow")
        look = pick(t.foe_looks, "")
        return f"{name}: {look}" if look else name
    if k == "speak":
        warrior = view.get("warrior", {}).get("name") or "the Warrior"
        if action.seat == "villain" and view.get("asked"):  # asked out in the wild: taken up
            said = talk.take_up(view, view["asked"], "", warrior, lambda o: pick(o),
                                villain=True)
            if said:
                return said
        if action.seat == "villain":
            trouble = view.get("trouble") or "the roads are not safe"
            return pick([f"A voice from the brush laughs: the town will pay, because "
                         f"{trouble}", "Something watches from the rocks and does not "
                         "blink"], "Something watches")
        lines = []
        if view.get("asked"):  # the Warrior asked something: a friend answers it
            name, _, who = pick(t.friends, "Cass: a young guard").partition(": ")
            said = talk.answer(view, name, who, warrior, lambda o: pick(o))
            if said and ok(said):
                return said
        cares = dear_one(view)
        for f in t.friends:
            name, _, who = f.partition(": ")
            lines += [f"{name}, {who}, waves from a doorway and shares the gossip",
                      f"{name}, {who}, says the whole town is talking about the Quest"]
            if cares:
                lines.append(f"{name}, {who}, stops {warrior} to ask after the one "
                             f"{warrior} named as dearest: “{cares.rstrip('.')}”.")
        return pick(lines, "A friend waves")
    if k == "offer":
        friend = pick(t.friends, "Cass: a young guard")
        name, _, who = friend.partition(": ")
        return f"{name}: {who}, asks to come along"
    return pick(t.answers, "So be it.")

def obstacle(view: dict, pick) -> str:
    """An Obstacle that one of the Warrior's Quest items answers (the text's advice)."""
    from companion.games.dragon_warrior.dungeon import tags

    held = set()
    for i in view.get("warrior", {}).get("quest_items", []):
        held |= tags(f"{i['name']} {i.get('text', '')}")
    obstacles = rules().world.obstacles
    names = set()  # the text: "Don't tell The Warrior what Quest item they should use"
    for i in view.get("warrior", {}).get("quest_items", []):
        names |= {w for w in re.findall(r"[a-z]+", i["name"].lower())
                  if len(w) > 4 and w not in COMMON}
    quiet = [o for o in obstacles
             if not names & set(re.findall(r"[a-z]+", o.text.lower()))]
    fitting = [o.text for o in quiet if held & set(o.tags)]
    return pick(fitting or [o.text for o in quiet or obstacles], obstacles[0].text)

def _item_text(args: dict, t, pick, view: dict) -> str:
    kind = args["kind"]
    if kind == "quest":
        from companion.games.dragon_warrior.dungeon import fits
        from companion.games.dragon_warrior.policy import wanted_key

        want = wanted_key(view) if view.get("gift") != "chest" else ""
        answers = [q for q in t.quest_items if fits(want, q, "")] if want else []
        return pick(answers or t.quest_items, "a plain brass key")
    if kind in t.consumable_names:
        looks = t.consumable_looks.get(kind, ())
        pairs = [f"{n}: {looks[i % len(looks)]}" if looks else n
                 for i, n in enumerate(t.consumable_names[kind])]
        held = {i["name"] for i in view.get("warrior", {}).get("pouch", [])}
        fresh = [p for p in pairs if p.split(": ")[0] not in held]  # loot varies
        return pick(fresh or pairs, rules().consumable(kind).name)
    pool = {"weapon": t.weapons, "armor": t.armors}.get(kind, t.offhands)
    worn = {(view.get("warrior", {}).get(x) or {}).get("name") for x in
            ("weapon", "armor", "offhand")}
    name = pick([x for x in pool if x not in worn] or pool, "a plain tool")
    look = pick(t.equipment_looks, "")
    if look:  # "it" for a Copper Sword, "they" for Wolf-Bear Claws
        look = sentence(look, {"thing": item_phrase(name)})
    return f"{name}: {look}" if look else name



def keep_out(view: dict, memory: NarrationMemory) -> None:
    """The palette's No list is a line: each entry joins the session's banned topics, so every
    told text, drafted room and model line is held to it by the one matcher
    (``NarrationMemory.allows``), as a line set with --lines is."""
    for entry in (view.get("palette") or {}).get("no", []):
        if entry.strip() and entry not in memory.banned:
            memory.banned.append(entry)
