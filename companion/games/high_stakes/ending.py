"""The told ending of a High Stakes story and the stakes taken up: the story layer's epilogue
(rules/high_stakes/storylets.toml) filled with this session's particulars, and the player's words
on a roll taken up when the roll is told."""
from __future__ import annotations

import random
import re

from companion.story.discourse import person as grammatical_person
from companion.story.epilogue import epilogue
from companion.story.fabula import HERO
from companion.story.reading import kind_of
from companion.story.shift import told_of
from companion.story.stakes import clean, tell_stake
from companion.story.voice import NarrationMemory
from companion.story.weave import narrates, plain_deed, prose

from .data import load
from .scene_shape import WANT, library
from .telling import gloss_off, third_person

PARTICULARS = ("place", "turn", "kept", "lost", "made")
# What a consequence suffered costs, in the epilogue's words.
COST = {"wounded": "a wound that will take a week to close", "face": "some of {their} pride",
        "equipment": "gear that will have to be stolen again", "relationship": "a friend",
        "concentration": "{their} nerve for a while", "freedom": "a night in the mage's ropes",
        "deaths_door": "very nearly everything", "social_death": "{their} name in the guild",
        "game_over": "everything"}


def taken_up(view: dict, memory: NarrationMemory) -> str:
    """The stakes resolved and not yet taken up: the player's words on this roll, and how it came
    out, in the third person."""
    f = memory.fabula
    out = []
    for st in f.stakes:
        if st.result and not memory.was_taken_up(st.id):
            line = tell_stake(st, st.result, f.character(), memory, f"scene-{view.get('scene_count', 0)}")
            if line:
                out.append(line)
    return " ".join(out)


def told_ending(view: dict, end: dict, memory: NarrationMemory) -> str:
    """The epilogue: five sentences or more with this session's particulars."""
    rules = load()
    f = memory.fabula
    hero = f.character()
    pro = hero.pronouns
    rolls = [h for h in view.get("history", []) if h.get("roll") and not h.get("contest")]
    last = rolls[-1] if rolls else {}
    prob = rules.problems.get(last.get("problem", ""))
    turn = prob.name if prob else ""
    costs = []
    for o in f.outcomes:
        for c in o.lost:
            if c != "retreat" and c in COST and o.loser == HERO:
                text = COST[c].format(their=pro.their)
                if text not in costs:
                    costs.append(text)
    keys = [k for k in f.fact_keys("made:", true=True) if f.facts[k].text]
    owed = [k for k in keys if f"{RECALLED}{k}" not in memory.used]  # not yet taken up
    made = [f.facts[k].text for k in (owed or keys)]
    # a second thing made true, in other words, for a sentence that must not quote {made} again
    earlier = [t for t in dict.fromkeys(f.facts[k].text for k in keys)
               if made and _bare(t) != _bare(made[-1])]
    friends = [p for k, p in f.cast.items() if k != HERO and p.present]
    ending = end.get("ending", "")
    kept = WANT if ending == "success" else held(view, hero.name, pro.their) if costs else \
        f"{pro.their} skin whole"
    place = _where(f.place) or "the villa on the hill"
    if ending == "success":  # where the book was taken, not the guild it was brought to
        got = [h for h in rolls if h.get("problem") == rules.adv.adventure.goal and h.get("success")]
        sc = rules.scenes.get(got[-1].get("scene_id", "")) if got else None
        place = _where(sc.place) if sc else "the mage's villa"
    values = {"hero": hero, "place": place, "turn": turn or "the last door",
              "kept": kept, "lost": _and(costs) or "nothing", "made": "“" + made[-1].strip().rstrip(".") + "”"
              if made else "", "friend": friends[0].character() if friends else hero,
              "earlier": "“" + earlier[-1].strip().rstrip(".") + "”" if earlier else ""}
    when = {"ending": ending, "won_turn": bool(last.get("success")), "cost": bool(costs),
            "made": bool(made), "earlier": bool(earlier), "friend": bool(friends), "rested": bool(view.get("rest_used"))}
    if not turn:
        values["turn"] = "the first step"
    elif not told_before(turn, memory):  # a thing the story never brought in is not named now
        sc = rules.scenes.get(last.get("scene_id", ""))
        values["turn"] = _where(sc.place) if sc else "the last door"
    values["want"] = WANT
    rng = random.Random(f"{memory.seed}:epilogue" if hasattr(memory, "seed") else "epilogue")
    return epilogue(f, library(), when, values, memory, rng, particulars=PARTICULARS, hero=hero)


def _where(place: str) -> str:
    """A scene's place as a name the epilogue can put in a sentence: without the aside after its
    comma ("the villa gate, by a smoky lantern" -> "the villa gate": "It was the villa gate, by a
    smoky lantern that decided the night")."""
    return place.split(", ")[0].strip()


def held(view: dict, name: str, their: str) -> str:
    """Something the hero still has at the end, from the sheet of this session: their Unique
    Thing (its first clause), else their life: never a thing they did not have."""
    me = next((c for c in view.get("characters", []) if c.get("name") == name), {})
    thing = (me.get("unique") or "").strip().rstrip(".").split(",")[0].strip()
    if thing and me.get("status") == "active":
        return thing[:1].lower() + thing[1:] if thing.split(" ", 1)[0] in ("A", "An", "The") \
            else thing
    return f"{their} life"


def told_before(words: str, memory: NarrationMemory) -> bool:
    """Whether the story has told ``words`` (a problem's name) in a line already."""
    low = words.lower()
    return any(low in u.lower() for u in memory.used if "|" not in u)


def _bare(text: str) -> str:
    return " ".join(text.lower().strip().rstrip(".").split())


def _and(items: list[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def say(who: str, words: str, memory: NarrationMemory, view: dict, own: bool = False) -> str:
    """The player's words on a move, framed in the way least recently used (``who``: a name).
    ``own``: the offline player wrote them as the hero speaking; with one hero they are told in
    the third person, as the story around them is. A human player's words are not rewritten:
    told in the third person, they stand as prose; a plain "I do X" with no other word of the
    first person is told of the hero ("I go over the wall": "Rust goes over the wall", only the
    subject and its verb changed); other words in the first or second person are quoted and
    marked as theirs, so the story keeps one point of view."""
    from companion.story.template import Character

    words = " ".join(words.split()).strip()
    if not words:
        return ""
    person = next((p for p in memory.fabula.cast.values() if p.name == who), None)
    char = person.character() if person else Character(name=who or "someone")
    active = [c for c in view.get("characters", []) if c.get("status") == "active"]
    if len(active) <= 1 and who in ("", *(c["name"] for c in active)):
        if own and who:
            return prose(third_person(words, char))
        if grammatical_person(words) == {"third"}:
            return prose(words)  # one hero, words that tell the story as it is told: prose
        deed = plain_deed(words, who) if who else ""  # "I duck into a doorway": "Rust ducks
        if deed:  # into a doorway", the player's other words as they wrote them
            return deed
        if person and narrates(words) and kind_of(words, (who,)) in ("deed", "remark") \
                and _all_mine(words):
            told = told_of(prose(words), char)  # "I flick a pebble ... so their lantern swings":
            if told:  # "Sorrel flicks a pebble ..." (shift.told_of; "" where it would guess)
                return told[:1].upper() + told[1:]
        if not who:  # nobody to say them: quoted all the same, theirs
            return "“" + prose(words).replace("“", "‘").replace("”", "’") + "”"
        # words in the first or second person are the player's: quoted and marked as theirs
    first = words.lstrip("\"“‘'").split(" ", 1)[0].rstrip(",:;").lower()
    if first in {"he", "she", "they", "it"} | {c["name"].split()[0].lower() for c in active}:
        return prose(words)  # a party, but the words tell a deed ("Rust reads ..."): prose, not speech
    bare = words.rstrip(".").replace("“", "‘").replace("”", "’")
    bare = bare[:1].upper() + bare[1:]  # a quote opens with a capital, as the player's sentence
    scene = f"scene-{view.get('scene_count', 0)}"
    rng = _rng(view)  # the same on replay (never the size of the memory)
    line = library().tell("say", {"narrates": narrates(words)}, {"who": char, "words": bare},
                          memory, scene, rng) if who else ""
    return line or (f"{who}: “{words}”" if who else f"“{words}”")


def _all_mine(words: str) -> bool:
    """Every sentence of the words tells the player's own deed ("I ..."): none is speech without
    its quotes ("Quiet, boy! I say to the dog": the cry stays quoted, theirs)."""
    return all(re.search(r"\b(?:I|[Mm]y|[Mm]e|[Mm]yself)\b", x)
               for x in re.split(r"(?<=[.!?])\s+", words.strip()) if x.strip())


def made_true(text: str, who: str, memory: NarrationMemory, view: dict, own: bool = False) -> str:
    """A narrative element made true, told in the way least recently used (``own``: written by
    the offline player as the hero speaking, told in the third person)."""
    from companion.story.template import Character

    person = next((p for p in memory.fabula.cast.values() if p.name == who), None)
    char = person.character() if person else Character(name=who or "the player")
    made = third_person(text.strip(), char) if own and person else text.strip()
    made = made[:1].upper() + made[1:]
    if made and made[-1] not in ".!?…”’":
        made += "."
    if not own and grammatical_person(made) != {"third"}:  # the player's own words: theirs
        made = f"“{made}”"
    if ": " in made:
        return made  # a colon of its own ("something glints: a key"): one colon a sentence
    if made.startswith("“"):
        pass  # the player's own words, quoted after the colon as they said them
    elif not _lower_lead(made, memory, view) or (not own and text.strip()[:1].isupper()):
        return made  # a name leads it, or the player's own capital: its own sentence, no colon
    else:
        made = made[:1].lower() + made[1:]
    scene = f"scene-{view.get('scene_count', 0)}"
    rng = _rng(view)  # the same on replay (never the size of the memory)
    return library().tell("made", {}, {"who": char, "made": made}, memory, scene, rng) \
        or f"A 6: {made}"


def _lower_lead(made: str, memory: NarrationMemory, view: dict) -> bool:
    """Whether a made-true sentence may follow a colon in lower case (issue 41: the element is one
    sentence with its telling, "Luck turns: one of the dogs follows her."): its first word is
    a word of the language (lemminflect's tables, or a short word such as "a" or "the"), never
    a name of the story ("Willow", "Agramelus")."""
    from lemminflect import getAllLemmas

    lead = made.split(" ", 1)[0].strip(".,;:!?'’")
    names = {p.name.split(" ")[0] for p in memory.fabula.cast.values()} | \
        {c.get("name", "").split(" ")[0] for c in view.get("characters", [])} | \
        {p.name.split(" ")[0] for p in load().adv.premade}
    if not lead or lead in names or lead == "I" or not lead[:1].isalpha() or lead[1:] != lead[1:].lower():
        return False
    return bool(getAllLemmas(lead.lower())) or len(lead) <= 3


def setback(text: str, note: str, memory: NarrationMemory, view: dict, many: bool = False) -> str:
    """A complication told as what happens, in the way least recently used (``many``: several
    on one roll, told as one run of trouble; the rules' gloss is in the small print)."""
    words = gloss_off(text)
    scene = f"scene-{view.get('scene_count', 0)}"
    rng = _rng(view)  # the same on replay (never the size of the memory)
    line = library().tell("setbacks" if many else "setback", {}, {"setback": words}, memory, scene,
                          rng) or f"{words[:1].upper()}{words[1:]}."
    return f"{line} {prose(note)}" if note.strip() else line


RECALLED = "hs-recalled|"


def recall(view: dict, memory: NarrationMemory, framing: str = "") -> str:
    """A later scene takes up one thing the players made true and no scene has recalled yet (the
    oldest first), quoting their words; "" when none is owed (one the ``framing`` already
    quotes is not recalled again)."""
    f = memory.fabula
    for key in f.fact_keys("made:", true=True):
        text = f.facts[key].text.strip()
        same = f"{RECALLED}words:{' '.join(text.lower().split())}"
        if not text or f"{RECALLED}{key}" in memory.used or same in memory.used:
            continue
        if text.rstrip(".").lower() in framing.lower():
            memory.used.update({f"{RECALLED}{key}", same})
            continue
        quoted = "“" + clean(text) + "”"  # the player's words, capitalised, inner quotes single
        scene = f"scene-{view.get('scene_count', 0)}"
        rng = _rng(view)  # the same on replay (never the size of the memory)
        line = library().tell("recall", {}, {"hero": f.character(), "made": quoted}, memory,
                              scene, rng)
        if line:
            memory.used.update({f"{RECALLED}{key}", same})  # the same words are not recalled again
            return line
    return ""


def _rng(view: dict) -> random.Random:
    return random.Random(f"hs:{view.get('scene_count', 0)}:{len(view.get('history', []))}:"
                         f"{view.get('phase', '')}")


def closes_after_no_roll(view: dict) -> bool:
    """Whether the offline GM ends the scene once this declaration needs no roll (its own
    choice in the ``after`` phase, asked of the view as it will be)."""
    from .base import act
    from .policy import gm_after

    sc = view.get("scene") or {}
    decl = sc.get("declaration") or {}
    if not sc:
        return False
    entry = {"scene": sc.get("number"), "scene_id": sc.get("id"), "character": decl.get("character", ""),
             "attribute": decl.get("attribute", ""), "text": decl.get("text", "")[:300], "roll": False}
    after = {**view, "phase": "after", "history": [*view.get("history", []), entry]}
    legal = [act(seat="gm", kind="end_scene")]
    if sc.get("beats", 0) < sc.get("max_beats", 4) and any(
            c["status"] == "active" for c in view.get("characters", [])):
        legal.append(act(seat="gm", kind="continue"))
    return gm_after(after, legal, load()).kind == "end_scene"
