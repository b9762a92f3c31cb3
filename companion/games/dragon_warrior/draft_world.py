"""GM drafting of places for a human table: ``companion draft dragon-warrior town "IDEA"`` and
``... dungeon --level N "IDEA"``.

Both are made through the engine's own moves: a town through session zero's Treasure, Villain and
Ally steps (3-5 houses, an inn, an item shop, maybe an equipment shop, the trouble, a Quest), a
dungeon through the outdoors' drawing step (one of the engine's layouts: 2-3 floors, 5-10 rooms,
floor Levels area + floor - 1), its Obstacle, each room's treasure budget (one treasure per room,
worth the room's Level) and a Boss card filled out by the point buy at the deepest floor's Level.
Names and words come from the idea and the offline tables (ours); the seed varies the picks.
"""
from __future__ import annotations

import json
import re
from typing import Any

from companion.core.game import Action
from companion.core.rng import derived_rng
from companion.games.dragon_warrior import draft_card, dungeon, premise, world
from companion.games.dragon_warrior.build import split_text
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import ALLY, TREASURE, VILLAIN, Phase, Place, State


def _words(idea: str) -> set[str]:
    return set(re.findall(r"[a-z]+", idea.lower()))


def _title(text: str) -> str:
    bare = re.sub(r"^(a|an|the|some)\s+", "", text.strip(), flags=re.I)
    return " ".join(w[:1].upper() + w[1:] for w in bare.split()) or "Nameless"


def _named(idea: str) -> bool:
    """Does the idea give its place a name ("Saltmere: a fishing village", "Port Wren")?"""
    t = " ".join(idea.split())
    return any(sep in t for sep in (" — ", " - ", ": ", ". ")) or t[:1].isupper()


def _do(s: State, seat: str, kind: str, text: str = "", **args) -> State:
    """One of the engine's own setup moves, checked against its legal list first."""
    a = Action(seat=seat, kind=kind, args=args, text=text)
    legal = world.setup_actions(s, seat)
    assert any(x.key() == a.key() for x in legal), (kind, args)
    s, _ = world.apply_setup(s, a)
    return s


def town(idea: str, level: int, seed: int = 0, taken: set[str] | None = None) -> dict[str, Any]:
    """A town drafted from an idea: its houses and people, shops, trouble and a Quest."""
    rng = derived_rng(seed, "dw-draft-town", idea.lower(), level)
    t = rules().tables
    taken = taken or set()
    head, said = split_text(idea)
    p = premise.read(idea)
    if _named(idea):  # "Saltmere: a fishing village ...": the name given
        name, look = _title(head), said or rng.choice(t.place_looks["street"])
    else:  # a premise, not a name: a town's name, and the premise is its look
        name = rng.choice([x for x in t.towns if x not in taken] or list(t.towns))
        look = idea
    look = look[:1].upper() + look[1:].rstrip(".") + "."
    s = _do(State(phase=Phase.TOWN), TREASURE, "town", name)
    people = [r for r in t.residents if r not in taken]
    rng.shuffle(people)
    for who in people[: 3 + rng.randrange(3)]:
        s = _do(s, TREASURE, "house", who)
    shop = rng.random() < 0.5
    s = _do(s, TREASURE, "houses_done", equipment_shop=shop)
    areas = [rng.choice(t.areas[min(level, len(t.areas)) - 1]),
             rng.choice(t.areas[min(level + 1, len(t.areas)) - 1])]
    for i, area in enumerate(areas, 1):
        s = _do(s, TREASURE, "area", area, level=i)
    trouble = p.trouble() or rng.choice(t.troubles)  # the premise's own trouble first
    s = _do(s, VILLAIN, "trouble", trouble)
    foe = premise.bare(p.foe)
    quest = rng.choice(t.premise_quests).format(area=areas[1], foe=foe) if foe else \
        rng.choice(t.quests).format(area=areas[1])
    s = _do(s, ALLY, "quest", quest, area="area-2")
    friend = rng.choice(t.friends)
    return {
        "kind": "town", "idea": idea, "name": name, "level": level, "look": look,
        "buildings": [{"id": p.id, "name": p.name, "kind": p.building} for p in s.places
                      if p.kind == "building"],
        "houses": [p.name for p in s.places if p.building == "house"],
        "equipment_shop": shop, "trouble": trouble, "friend": friend, "foe": p.foe,
        "quest": {"text": quest, "giver": "the throne room", "where": areas[1],
                  "level": level + 1},
        "areas": [{"name": a, "level": level + i} for i, a in enumerate(areas)],
        "shop": [c.name for c in rules().consumables]}


def town_markdown(d: dict[str, Any]) -> str:
    lines = [f"# Town: {d['name']} +{d['level']}", "", f"*From the idea:* {d['idea']}", "",
             d["look"], "", "## Buildings", ""]
    lines += [f"- {b['name'][:1].upper()}{b['name'][1:]}" for b in d["buildings"]]
    lines += ["", f"The item shop sells {', '.join(d['shop'])} (Level {d['level']} each)."
              + (" The equipment shop has nothing worth its price." if d["equipment_shop"]
                 else ""), "", "## People and trouble", "",
              f"- A friend: {d['friend']}.", f"- The trouble: {d['trouble']}.",
              *([f"- The foe: {d['foe']} (a Conflict card for the Villain)."]
                if d.get("foe") else []),
              f"- The Quest (from {d['quest']['giver']}): {d['quest']['text']}.", "",
              "## Around it", ""]
    lines += [f"- {a['name'][:1].upper()}{a['name'][1:]} +{a['level']}" for a in d["areas"]]
    return "\n".join(lines) + "\n"


def dungeon_draft(idea: str, level: int, seed: int = 0) -> dict[str, Any]:
    """A dungeon drafted from an idea: floors of named rooms, an Obstacle, the treasure budget,
    and a Boss card at the deepest floor's Level."""
    rng = derived_rng(seed, "dw-draft-dungeon", idea.lower(), level)
    wt = rules().world
    words = _words(idea)
    name, look = split_text(idea)
    p = premise.read(idea)
    if not _named(idea):  # a premise, not a name: a dungeon's name
        used = [x.split(": ")[0] for x in wt.dungeons]
        name, look = rng.choice(used), re.sub(r"(?i)^where\b", "here", idea)
    name = "the " + _title(name) if not name[:1].isupper() else name
    floors, rooms = rng.choice(dungeon.layouts())
    area = Place(id="area-1", kind="area", name="the area around it", level=level, drawn=True)
    s = State(phase=Phase.DRAW, places=(area,), here="area-1")
    a = Action(seat=TREASURE, kind="dungeon", args={"floors": floors, "rooms": rooms},
               text=f"{name}: {look}" if look else name)
    assert any(x.key() == a.key() for x in dungeon.draw_actions(s, TREASURE))
    s, _ = dungeon.apply_draw(s, a)
    fitting = [o for o in wt.obstacles if set(o.tags) & dungeon.tags(idea)]
    obstacle = rng.choice(fitting or list(wt.obstacles))
    s, _ = dungeon.apply_obstacle(s, Action(seat=TREASURE, kind="obstacle", text=obstacle.text))
    names = list(wt.rooms)
    rng.shuffle(names)
    out_floors = []
    for f in range(1, floors + 1):
        out_rooms = []
        for r in dungeon.rooms_of(s, "dungeon-1", f):
            rname, rlook = split_text(names.pop() if names else f"Room {r.id}")
            out_rooms.append({"id": r.id, "name": rname, "look": rlook, "level": r.level,
                              "pos": list(r.pos), "treasure_levels": r.level,
                              "stairs_to": r.stairs,
                              "links": [x for x in r.links if x != "dungeon-1"]})
        out_floors.append({"floor": f, "level": level + f - 1, "rooms": out_rooms})
    foe = premise.bare(p.foe)
    if foe:  # the premise's foe haunts its rooms and is its Boss
        signs = rules().tables.premise_signs
        for i, f in enumerate(out_floors):
            room = f["rooms"][0]
            room["look"] = (room["look"].rstrip(".") + ". " if room["look"] else "") + \
                signs[(seed + i) % len(signs)].format(foe=foe).rstrip(".")
    deepest = level + floors - 1
    boss_idea = rng.choice(wt.bosses) if not words & {"boss", "lord", "king", "queen"} else idea
    if foe:
        boss_idea = f"the {_title(foe)}'s keeper: {idea}"
    boss = draft_card.card(boss_idea, deepest, boss=True, seed=seed)
    keys = [o.tags for o in wt.obstacles if o.text == obstacle.text][0]
    return {
        "kind": "dungeon", "idea": idea, "name": name, "look": look, "level": level,
        "floors": out_floors, "rooms": floors * rooms,
        "obstacle": {"text": obstacle.text, "answers": list(keys)},
        "treasure_budget": sum(r["treasure_levels"] for f in out_floors for r in f["rooms"]),
        "boss": boss}


def dungeon_markdown(d: dict[str, Any]) -> str:
    lines = [f"# Dungeon: {d['name'][:1].upper()}{d['name'][1:]} +{d['level']}", "",
             f"*From the idea:* {d['idea']}", ""]
    if d["look"]:
        look = d["look"][:1].upper() + d["look"][1:]
        lines += [look if look[-1:] in ".!?" else look + ".", ""]
    lines += [f"**Obstacle:** {d['obstacle']['text']}. A Quest item gets past it (one that "
              f"answers: {', '.join(d['obstacle']['answers'])}).", "",
              f"{len(d['floors'])} floors, {d['rooms']} rooms; every room forces a battle until "
              f"cleared and holds one treasure: {d['treasure_budget']} treasure levels in all, "
              f"and the Boss drops double its Level.", ""]
    for f in d["floors"]:
        lines += [f"## Floor {f['floor']} (Level {f['level']})", ""]
        for r in f["rooms"]:
            stairs = " Stairs down." if r["stairs_to"] else ""
            lines.append(f"- **{r['name'][:1].upper()}{r['name'][1:]}**: "
                         f"{r['look'] or 'bare walls'}. Treasure worth "
                         f"{r['treasure_levels']}.{stairs}")
        lines.append("")
    boss = draft_card.markdown(d["boss"]).replace("# Boss card:", "## Boss:", 1)
    return "\n".join(lines + [""]) + boss


def run(what: str, idea: str, *, level: int, seed: int, as_json: bool,
        state: State | None = None, writer: Any = None) -> str:
    from companion.games.dragon_warrior.draft_model import rewrite

    if what == "town":
        taken = {p.name.removeprefix("the house of ") for p in state.places} if state else set()
        d = town(idea, level, seed, taken)
    else:
        d = dungeon_draft(idea, level, seed)
    if writer is not None:  # a model rewrites the texts; the engine's numbers stay ours
        d = rewrite(what, idea, d, writer)
    if as_json:
        return json.dumps(d, indent=2, ensure_ascii=False) + "\n"
    text = town_markdown(d) if what == "town" else dungeon_markdown(d)
    if d.get("model"):
        head, _, rest = text.partition("\n\n")
        text = "\n".join([head, ""] + draft_card.model_line(d)) + "\n" + rest
    return text
