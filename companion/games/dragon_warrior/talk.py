"""The townsfolk answer what the Warrior asks (``talk -- I ask Marta about the dungeon``), from what
the world holds: the Quest, the areas around, the dungeon and its Obstacle (never the item that
opens it), the person the Warrior named dearest in session zero, the town's trouble; and, asked
nothing in particular, a word that uses the session-zero answers. Read from the Ally's (or the
Villain's) view only; the words are ours (offline)."""
from __future__ import annotations

import re
from collections.abc import Callable

from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.people import dear_one, known_as
from companion.story.asking import asked, is_question, said_back, subjects
from companion.story.reading import read

# What answers a question, by what the shared reading says it asks (companion.story.asking): the
# kinds of the things it names (rules/reading/things.toml) and the families its words say
# (rules/reading/asking.toml). First listed wins a tie: the person dearest, then the dungeon, the
# Quest, the trouble, the land around. "Where" leans to the land, "why" to the trouble.
TOPICS = {
    "dear": {"family"},
    "dungeon": {"dungeon", "monster", "news"},
    "quest": {"quest", "money", "want"},
    "trouble": {"trouble", "fear"},
    "area": {"place", "way"},
}
_HERE = "settlement"  # the town the talk happens in: naming it asks nothing of the land beyond


def _people(dear: str) -> set[str]:
    """Who the Warrior's dearest answer names: its names and its people ("my little brother Tam,
    who thinks I am braver": brother, tam), or its first thing when it names no one."""
    things = read(dear).things
    out = {t.lemma for t in things if t.name or "family" in t.kinds}
    return out or {t.lemma for t in things[:1]}


def _specific(text: str) -> set[str]:
    """The things a line of the world names that are its own (the miller, the well, the raiders),
    not the land every line names (hills, roads)."""
    return {t.lemma for t in read(text).things if not t.kinds & {"place", _HERE}}


def topic(asked_text: str, dear: str = "", world: dict[str, str] | None = None,
          wh: bool = True) -> str:
    """What a question is about, read by the shared reading layer: the person the Warrior named
    dearest when it names them; then a thing of the world it names ("the raiders" asks about a
    trouble of sea raiders, "the miller" about a Quest for the miller); then the topic its things
    and words point at most, a thing it is asked "about" counting most ("" for none); ``wh``:
    whether the question word alone may lean it ("where" to the land, "why" to the trouble)."""
    q = asked(asked_text)
    lemmas = q.lemmas
    if dear and lemmas & _people(dear):
        return "dear"
    for name, text in (world or {}).items():
        if text and lemmas & _specific(text):
            return name
    score = dict.fromkeys(TOPICS, 0.0)
    for t in q.things:
        kinds = set(t.kinds)
        if _HERE in kinds and q.wh != "where":
            kinds -= {"place"}
        if t not in q.mine:  # "any families in danger" asks of no one dear to the Warrior
            kinds -= TOPICS["dear"]
        weight = 3.0 if t in q.about else 2.0
        for name, marks in TOPICS.items():
            if kinds & marks:
                score[name] += weight
    for name, marks in TOPICS.items():
        score[name] += 2.0 * len(q.asks & marks)
    if q.wh == "where" and wh:  # where a thing lies: the land
        score["area"] += 1.0
    if q.wh == "why" and wh:  # why the people do as they do: what troubles the town
        score["trouble"] += 1.0
    best = max(score.values())
    return next(name for name, s in score.items() if s == best) if best > 0 else ""


def _article_low(text: str) -> str:
    """A thing as a clause says it, its article kept ("a maze of identical tunnels", never "maze
    of identical tunnels"), lower case when it opens with one."""
    return re.sub(r"^(A|An|The)\s", lambda m: m.group(1).lower() + " ", text.strip().rstrip("."))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def bare(text: str) -> str:
    return re.sub(r"^(my|the|a|an)\s+", "", text.strip().rstrip("."), flags=re.I)


def answer(view: dict, friend: str, who: str, warrior: str,
           choose: Callable[[list[str]], str] | None = None) -> str:
    """A friend's answer to what the Warrior asked; "" when nothing was asked. ``choose`` picks
    among the shapes of an answer (the narrator's seeded, topic-safe pick; the first else)."""
    asked = " ".join(str(view.get("asked") or "").split())
    if not asked:
        return ""
    qs = view.get("questions", [])
    dear = dear_one(view)
    places = {p["id"]: p for p in view.get("places", [])}
    open_q = [q for q in view.get("quests", []) if not q["turned_in"]]
    world = {"trouble": str(view.get("trouble") or ""),
             "quest": " ".join(q["text"] for q in open_q)}
    # "Uncle, who is paying the tax men?": the one addressed is not what is asked about
    called = re.match(r"([\w' ]{1,30}),\s+(.+)$", asked)
    speaker = f"{friend}, {who}," if who else friend
    named = _named_place(asked, places.values())
    # what is asked: the words after the one called ("Grandmother, did you hide the tobacco?":
    # the tobacco, not the grandmother), else the whole question
    said_to = called.group(2) if called else asked
    if called and re.search(r"(?i)\b(he|she|him|her|hers|his|they|them|their)\b", said_to):
        said_to = asked  # "Uncle Bertil, is he well?": asked after the one called
    kind = topic(said_to, dear, world)
    wanted = any(_sought(view, t.kinds) for t in subjects(said_to, (friend.lower(),)))
    if named is None and (wanted or not kind or kind == "area" and
                          not topic(said_to, dear, world, False)):
        said = take_up(view, said_to, speaker, warrior, choose, (friend,))  # "where is the pie?"
        if said:
            return said
    kind = kind or topic(asked, dear, world)
    if named is not None and kind != "dear":
        return _about_place(named, view, speaker, warrior)
    if kind == "quest":
        open_ = [q for q in view.get("quests", []) if not q["turned_in"]]
        if not open_:
            return f"{speaker} shakes their head: every Quest given here is done, and the town owes {warrior} for it"
        q = open_[0]
        where = places.get(q["area"], {}).get("name", "out there")
        state = "and it is done: go and claim the reward" if q["done"] else \
            f"and it waits in {where}"
        return f"{speaker} lowers their voice: the Quest is to {bare(q['text'])}, {state}"
    if kind == "dungeon":
        dungeons = [p for p in places.values() if p["kind"] == "dungeon"]
        if not dungeons:
            trouble = (view.get("trouble") or "the roads are not safe").strip().rstrip(".")
            return f"{speaker} has heard no tale of a dungeon yet, only that {trouble}"
        d = next((x for x in dungeons if not x.get("cleared")), dungeons[0])
        return _about_place(d, view, speaker, warrior)
    if kind == "area":
        here_lvl = (view.get("warrior") or {}).get("level", 1)
        areas = [p for p in places.values() if p["kind"] == "area"]
        if not areas:
            return f"{speaker} points at the gate: the road starts there, and nobody knows where it ends"
        far = max(areas, key=lambda p: p["level"])
        near = min(areas, key=lambda p: p["level"])
        risk = f"{warrior} will do well out there" if far["level"] < here_lvl else \
            f"{warrior} will have to fight every step of the way"
        return (f"{speaker} draws in the dust: first {near['name']}, then out to {far['name']} "
                f"(Level {far['level']}); {risk}")
    if kind == "trouble":
        trouble = (view.get("trouble") or "nobody says it aloud").strip().rstrip(".")
        return f"{speaker} glances at the door: {trouble}"
    if kind == "dear" and dear:
        who = known_as(dear, warrior) or bare(dear)  # the person, not the answer pasted whole
        return (f"{speaker} smiles at the question: {who}? Seen only this morning, and asking "
                f"after {warrior} too")
    rival = next((q["answer"] for q in qs if q["answer"] and q["question"] == RIVAL), "")
    home = next((q["answer"] for q in qs if q["answer"] and q["question"].startswith(HOME)), "")
    about = f", and {_person(rival)} has been asking after {warrior}, and not kindly" \
        if rival else f"; nobody would live anywhere but here, {bare(home).lower()}" if home else ""
    return (f"{speaker} listens to {warrior} and answers as best they can: the whole town is "
            f"talking about the Quest{about}")


RIVAL = "Who in town would not be sorry to see you fail?"  # the Villain's question: a person
HOME = "Where does the town sit"  # Treasure's: a place, told as one


def _person(answer: str) -> str:
    """The person an answer names ("Aunt Greta, who wanted the farm" -> "Aunt Greta")."""
    return bare(answer).split(",")[0].split(" who ")[0].strip()


def _named_place(asked: str, places) -> dict | None:
    """An area or dungeon the question names ("about the Sunken Orchard")."""
    low = " ".join(re.findall(r"[a-z0-9']+", asked.lower()))
    for p in places:
        name = " ".join(re.findall(r"[a-z0-9']+", bare(p["name"]).lower()))
        if p["kind"] in ("area", "dungeon") and name and f" {name} " in f" {low} ":
            return p
    return None


def _about_place(p: dict, view: dict, speaker: str, warrior: str) -> str:
    """What a friend knows of the area or dungeon the Warrior named."""
    if p["kind"] == "dungeon":
        if p.get("cleared"):
            return f"{speaker} laughs: {p['name']} is safe since {warrior} went down there"
        barred = p.get("obstacle") if not p.get("opened") else ""
        bar = f" Its way in is barred: {_article_low(barred)}; nobody has found what opens it." \
            if barred else " Its door stands open now, and something waits deep inside."
        return f"{speaker} says the old folk whisper about {p['name']}.{bar}"
    level = (view.get("warrior") or {}).get("level", 1)
    risk = (f"{warrior} will do well out there" if p["level"] < level else
            f"It will test {warrior}, and every step of it can start a fight")
    quest = next((q for q in view.get("quests", []) if q["area"] == p["id"]
                  and not q["turned_in"]), None)
    job = ""  # a sentence each, not one run of colons ("well: it will test ...: every step ...")
    if quest is not None:
        job = (" The Quest there is done, and the reward waits." if quest["done"] else
               f" That is where the Quest waits: to {bare(quest['text'])}.")
    return f"{speaker} knows {p['name']} well. {risk[:1].upper()}{risk[1:]}.{job}"


def _first(options: list[str]) -> str:
    return options[0] if options else ""


def _neighbour(view: dict) -> tuple[str, str]:
    """Someone of this town the Warrior might ask instead, and where they live: a house of the
    town other than the one the talk is in (the innkeeper at the inn when there is none)."""
    places = {p["id"]: p for p in view.get("places", [])}
    here = places.get(view.get("here", ""), {})
    street = here.get("id") if here.get("kind") == "street" else here.get("parent") or "street"
    houses = [p for p in places.values() if p["kind"] == "building" and p.get("building") ==
              "house" and (p.get("parent") or "street") == street and p["id"] != here.get("id")]
    if not houses:
        return "the innkeeper", "the inn"
    house = houses[sum(map(ord, view.get("asked", "") or "x")) % len(houses)]
    return house["name"].removeprefix("the house of "), house["name"]


def _sought(view: dict, kinds: frozenset[str]) -> str:
    """A building of this town where a thing of these kinds is found (tables.sought), or "";
    "here" when it is the one the talk is in."""
    want = {b for b, ks in rules().tables.sought.items() if kinds & set(ks)}
    here = next((p for p in view.get("places", []) if p["id"] == view.get("here")), {})
    street = here.get("id") if here.get("kind") == "street" else here.get("parent") or "street"
    found = next((p for p in view.get("places", []) if p["kind"] == "building" and
                  p.get("building") in want and (p.get("parent") or "street") == street), None)
    return "" if found is None else "here" if found["id"] == here.get("id") else found["name"]


def take_up(view: dict, asked_text: str, speaker: str, warrior: str,
            choose: Callable[[list[str]], str] | None = None, skip: tuple[str, ...] = (),
            villain: bool = False) -> str:
    """The answer to a question on none of the town's topics, that takes up what was asked in
    the asker's words ("Where can I buy a good pie?": "... for a good pie, try the inn"; "Who is
    the Lady of the Lake?": "... for the Lady of the Lake, the one to ask is Old Marta"), from
    what the one asked can know (the town's buildings by the kinds of things found there, its
    people, the land, its trouble), or honestly not; "" when the words are no question or name
    nothing (the caller's own answer then). ``villain``: the Villain's voice, out in the wild."""
    text = " ".join(asked_text.split())
    if not is_question(text):
        return ""
    names = tuple(n.lower() for n in (*skip, warrior, view.get("town") or "") if n)
    names += tuple(w.lower() for n in skip for w in n.split())
    things = subjects(text, names)
    if not things:
        return ""
    # a thing the town has a place for first ("where would a traveller get some stew": the stew)
    thing = next((t for t in things if _sought(view, t.kinds)), things[0])
    shapes = rules().tables.take_up
    x = said_back(text, thing)
    who, house = _neighbour(view)
    areas = [p for p in view.get("places", []) if p["kind"] == "area"]
    values = {"speaker": speaker, "x": x, "X": x[:1].upper() + x[1:], "who": who, "house": house,
              "town": view.get("town") or "the town", "warrior": warrior,
              "Warrior": warrior[:1].upper() + warrior[1:],
              "trouble": (view.get("trouble") or "the roads turned bad").strip().rstrip("."),
              "near": min(areas, key=lambda p: p["level"])["name"] if areas else "the hills",
              "far": max(areas, key=lambda p: p["level"])["name"] if areas else "the far hills",
              "place": _sought(view, thing.kinds)}
    values.update({k[:1].upper() + k[1:]: v[:1].upper() + v[1:] for k, v in values.items()
                   if k in ("who", "place")})
    q = asked(text)
    key = "villain" if villain else "mine" if x.lower().startswith("my ") else \
        "right_here" if values["place"] == "here" else "found" if values["place"] else \
        q.wh if q.wh in ("where", "who", "why") else "other"
    options = [o.format(**values) for o in shapes.get(key, ())]
    return (choose or _first)(options)
