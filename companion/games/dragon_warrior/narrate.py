"""Offline narration for Dragon & Warrior, and the words the offline Villain, Ally and Treasure
write.

``narrate`` tells the public beats: places entered, the foe appearing, the decisive blows, what is
found, levels, the Quest; the rest of a battle goes blow by blow in the small print. Templates live
in ``rules/dragon_warrior/narration.toml``; the toolkit (``companion.story``) makes verbs agree,
articles right and the player's pronouns come out, and never tells a sentence twice or an opener
twice in one scene (a scene: a visit to one Space, or one battle).

``write`` is the offline roles' pen (:mod:`pen`): names of towns, houses, areas, foes, friends and
items, drawn from ``tables.toml`` seeded by the step, skipping anything that touches the palette's
No list.
"""
from __future__ import annotations

import tomllib
from functools import cache

from companion.core.game import Action, Event
from companion.core.resources import rules_path
from companion.games.dragon_warrior import blows, ending, pen, people, shopping, talk
from companion.games.dragon_warrior.pen import keep_out
from companion.games.dragon_warrior.people import named_in_answers  # noqa: F401 (as before)
from companion.games.dragon_warrior.words import item_phrase, phrase, spoken  # noqa: F401 (narrate.phrase, as before)
from companion.games.dragon_warrior.data import rules
from companion.story.memory import Told
from companion.story.names import pronoun_again, short_name, shorten
from companion.story.weave import prose, quote
from companion.story.pronouns import KNOWN, THEY
from companion.story.pronouns import parse as parse_pronouns
from companion.story.template import Character, tell
from companion.story.voice import Beat, NarrationMemory


@cache
def templates() -> dict[str, tuple[str, ...]]:
    raw = tomllib.loads(rules_path("dragon_warrior", "narration.toml").read_text())
    return {k: tuple(v) for k, v in raw["templates"].items()}


def _pronouns(text: str):
    try:
        return parse_pronouns(text)
    except ValueError:
        return KNOWN.get(text, THEY)


def _hero(view: dict) -> Character:
    w = view.get("warrior", {})
    return Character(name=w.get("name") or "the Warrior",
                     pronouns=_pronouns(w.get("pronouns", "they")))


def _keeper(giver: str, view: dict) -> str:
    """Who speaks for the place a Quest is given in: the one whose house it is, or the keeper of
    a building ("the innkeeper", never "The inn has a Quest")."""
    if giver.startswith("the house of "):
        return giver.removeprefix("the house of ")
    kind = next((p.get("building", "") for p in view.get("places", []) if p["name"] == giver
                 and p["kind"] == "building"), "")
    return rules().tables.keepers.get(kind, giver)


def _outdoors(view: dict) -> bool:
    """Is the Warrior out in the open land (an area or a point of interest), not in a dungeon's
    room or a town?"""
    here = next((p for p in view.get("places", []) if p["id"] == view.get("here")), {})
    return here.get("kind") in ("area", "poi")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    if text and text[-1] not in ".!?”\"":
        text += "."
    return text[:1].upper() + text[1:]


CAP = 2  # times one template may be told in a session (a skeleton heard thrice reads as a tic)
ESSENTIAL = frozenset({  # beats told even when their lines are spent
    "victory", "defeat", "defeat_boss", "woke", "level_up", "battle_begun", "battle_begun_plain",
    "minion_with", "minion_down", "minion_fled", "escape_blocked",
    "boss_appears", "boss_falls", "dungeon_cleared", "quest_done", "quest_turned_in",
    "ball_of_light", "obstacle_passed", "town_named", "named",  # not a voyage: its heading tells it
    "palette_made", "king_speaks", "quest_item", "chest_1", "chest_2", "chest_3",
    "chest_1_theirs", "chest_2_theirs", "chest_3_theirs"})


# where a thing was found, as its line says it: only a chest just opened may be "it" or "inside"
FOUND = {"chest": "item_found", "battle": "loot", "house": "searched", "reward": "reward"}


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # -- telling beats -------------------------------------------------------------------------
    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        view = beat.view
        keep_out(view, memory)
        told = Told(memory.used)
        scene = self._scene(view)
        if any(ev.kind == "battle_over" for ev in beat.events):  # its end is the battle's scene
            scene = f"battle-{view.get('battles', 0)}"
        parts: list[str] = []
        a = beat.action
        own = -1  # the player's words as written, if told: never shortened
        theirs = False  # the player told this beat's deed in their own words
        if not shopping.buying(beat):  # the shopping held back, one sentence, before what's next
            parts.append(self._gathered(view, memory, told, scene, (beat.step, "shop")))
        if a.seat == "warrior" and a.text.strip() and a.kind not in _TEXT_IS_DATA:
            words = spoken(a.text, _hero(view))  # the player's "I ..." told of the hero, or theirs
            if memory.allows(words):
                parts.append(words)
                theirs = True
                own = len(parts) - 1 if words == prose(a.text) else -1  # theirs, as written
        for i, ev in enumerate(beat.events):
            if ev.kind == "pm_helps" and any(_friends_kill(e) for e in beat.events):
                continue  # the friend's blow that ends the fight tells it (pm_kill)
            text = self._event(ev, view, memory, told, scene, (beat.step, i), theirs)
            if text:
                parts.append(text)
        hero = _hero(view)
        if any(parts) or view.get("battle") is None:  # routine blows held, before what's next
            parts.insert(0, blows.gathered(view, hero, memory, memory.rng("fight", beat.step), phrase))
            own += 1 if own >= 0 else 0
        took = ending.settle(beat.step, hero, memory, scene, theirs)  # their words, taken up
        if took:
            parts.append(took)
        parts = [self._short(p, hero, scene, memory, keep=i == own) for i, p in enumerate(parts)]
        if scene.startswith("battle-") and view.get("battle") is None and \
                f"named-in-full|{scene}" in memory.used:  # what follows on the field: named
            memory.used.add(f"named-in-full|{self._scene(view)}")
        pro = hero.pronouns  # a sentence opening with the hero after one that did: the pronoun
        parts = pronoun_again(parts, (hero.name, short_name(hero.name)), pro.they, pro.their,
                              pro.plural_verbs, keep=own)
        if view.get("phase") == "over" and view.get("ended") and not memory.epilogue:
            told_end = ending.told_ending(view, hero, memory, memory.rng("epilogue", beat.step))
            if told_end:  # its own scene: the full name first, then the short one or a pronoun
                told_end = pronoun_again([shorten(told_end, hero.name, False)[0]],
                                         (hero.name, short_name(hero.name)), pro.they,
                                         pro.their, pro.plural_verbs)[0]
                if memory.epilogue:
                    memory.epilogue = told_end  # the session journals it as its own row
                parts.append(told_end)
        return " ".join(p for p in parts if p)

    def _short(self, text: str, hero: Character, scene: str, memory: NarrationMemory,
               keep: bool = False) -> str:
        """The hero's full name at its first mention in a scene, the short name after ("Oswy
        Quillfeather ... Oswy"); the player's own words (``keep``) are left as written."""
        key = f"named-in-full|{scene}"
        short, named = shorten(text, hero.name, key in memory.used)
        if named:
            memory.used.add(key)
        return text if keep else short

    def _gathered(self, view: dict, memory: NarrationMemory, told: Told, scene: str,
                  label: tuple) -> str:
        """The purchases held back untold (:mod:`shopping`), as one sentence a visit."""
        out = []
        for key, items in shopping.owed(memory, view):
            text = self._tell(key, {"hero": _hero(view), "items": items}, memory, told, scene,
                              label)
            if text:
                out.append(text)
        return " ".join(out)

    def _scene(self, view: dict) -> str:
        b = view.get("battle")
        if b is not None:
            return f"battle-{view.get('battles', 0)}"
        return f"{view.get('here', 'setup')}-{view.get('battles', 0)}"

    def _tell(self, key: str, values: dict, memory: NarrationMemory, told: Told, scene: str,
              label: tuple) -> str:
        """A line of ``key``'s templates, the least told first. A template is told at most
        twice a session: when all of a key's are spent, the beat goes untold (the small print
        still says what happened), except for the beats a story cannot skip (ESSENTIAL)."""
        ts = templates().get(key, ())
        if not ts:
            return ""
        rng = memory.rng(*label)
        uses = {t: sum(1 for n in range(CAP) if f"tpl|{key}|{i}|{n}" in memory.used)
                for i, t in enumerate(ts)}
        order = sorted(ts, key=lambda t: (uses[t], rng.random()))
        if key not in ESSENTIAL:
            order = [t for t in order if uses[t] < CAP]
        for t in order:
            text = tell([t], values, told, scene, rng, allows=memory.allows)
            if text:
                i = ts.index(t)
                memory.used.add(f"tpl|{key}|{i}|{min(uses[t], CAP - 1) if uses[t] < CAP else uses[t]}")
                return text
        return ""

    def _recall(self, view: dict, thing: str, hero: Character, memory: NarrationMemory) -> str:
        """What the player said of ``thing`` in session zero, told back as theirs when the story
        reaches it (" “The roofs are old shields,” Wren had said, and so it is."), once; "" else."""
        said = people.recalled(view, thing, memory.used)
        q = quote(_sentence(said))[1:-1].rstrip(".") if said else ""
        q = q if q.endswith(("?", "!")) else f"{q},"  # a story's sentence ends it, not a quote
        told = f"“{q}” {hero.name} had said, and so it is." if said else ""
        return f" {told}" if told and memory.allows(told) else ""

    def _reply(self, d: dict, view: dict, name: str, who: str, memory: NarrationMemory) -> str:
        """The answer to what the Warrior asked, told before the Quest or the offer that the
        same friend makes ("" when nothing was asked); ends with a space."""
        if not d.get("asked"):
            return ""
        warrior = view.get("warrior", {}).get("name") or "the Warrior"
        rng = memory.rng("reply", d["asked"], name)
        fresh = lambda options: next(  # noqa: E731 (a shape not told yet, allowed)
            (o for o in rng.sample(options, len(options)) if memory.allows(o)
             and f"reply|{o}" not in memory.used), "")
        said = talk.answer({**view, "asked": d["asked"]}, name, who, warrior, fresh)
        if said and memory.allows(said):
            memory.used.add(f"reply|{said}")
            return _sentence(said) + " "
        return ""

    def _event(self, ev: Event, view: dict, memory: NarrationMemory, told: Told, scene: str,
               label: tuple, theirs: bool = False) -> str:
        """One event's line; ``theirs``: the player told the beat's deed in their own words."""
        k, d = ev.kind, ev.data
        hero = _hero(view)
        v: dict = {"hero": hero, "town": view.get("town") or "the town"}
        say = lambda key, **more: self._tell(key, {**v, **more}, memory, told, scene, label)  # noqa: E731
        if k == "palette_made":
            first = say("palette_made")
            opening = f"“{' '.join(rules().opening.text.split())}” So the Warrior reads aloud."
            return f"{first} {opening}".strip() if memory.allows(opening) else first
        if k == "named":
            return say("named")
        if k == "town_named" and d.get("voyage"):
            road = say("voyage", town=d["from"], place=phrase(d["area"])) if d.get("from") \
                else ""
            town = say("voyage_town_named", town=d["name"], level=d["level"],
                       place=phrase(d["area"]))
            return f"{road} {town}".strip()
        if k == "town_named":
            return say("town_named")
        if k == "voyage":
            return say("voyage", town=d["from"], place=phrase(d["through"]))
        if k == "morning":
            return say("morning")
        if k == "town_drawn":  # the people the player named live there, and the story says so
            named = [n for n in named_in_answers(view) if f"the house of {n}" in d.get("buildings", [])]
            who = " and ".join(named)
            also = f" {who[:1].upper()}{who[1:]} {'lives' if len(named) == 1 else 'live'} there, " \
                f"just as {hero.name} said." if named else ""
            return say("town_drawn") + also + self._recall(view, "town", hero, memory)
        if k == "area_drawn":  # "harder" only beside an easier area already drawn
            before = [p["level"] for p in view.get("places", [])
                      if p["kind"] == "area" and p["id"] != d.get("id")]
            key = "area_drawn_harder" if before and d["level"] > max(before) else "area_drawn"
            return say(key, place=phrase(d["name"]), level=d["level"])
        if k == "trouble":
            return say("trouble", text=d["text"].rstrip("."))
        if k == "king_speaks":
            speech = d["text"].strip()
            quest = _sentence(f"The king's Quest: {d['quest']}")
            told = f"{speech} {quest}" if memory.allows(speech + quest) else ""
            return told + self._recall(view, "throne", hero, memory)
        if k == "chest_opened":  # told how the player opened it ("I kick it open"): not again
            key = f"chest_{min(3, d['chest'])}"
            return say(f"{key}_theirs" if theirs else key)
        if k == "item_found":
            item = item_phrase(d["name"])
            look = _sentence(d["text"]) if d.get("text") else ""
            if d["kind"] == "quest":
                return say("quest_item", item=item)
            shop = str(d.get("where", "")).startswith("shop:")
            key = "shop" if shop else FOUND.get(d.get("where", ""), "item_found")
            text = say(key, item=item, look=look) if look and memory.allows(look) else ""
            if shop:  # never "Inside lies ..." for what was bought over a counter
                visit = f"shop-visit|{view.get('here')}|{view.get('battles', 0)}|" \
                    f"{view.get('session_battles', 0)}"
                if visit in memory.used:  # the rest of one visit's shopping: told later, gathered
                    shopping.hold(memory, visit, d["name"])
                    return ""
                memory.used.add(visit)
                return text or say("shop_plain", item=item)
            if not text and key == "loot" and _outdoors(view):  # grass and mud, not in a dungeon
                text = say("loot_plain_outdoors", item=item)
            return text or say(f"{key}_plain", item=item, level=d["level"])
        if k == "nothing_found" and d.get("where") in ("house", "battle"):
            return say("nothing_found")
        if k == "taken" and shopping.at_shop(view) and d["kind"] not in ("weapon", "armor", "offhand",
                                                                 "quest"):
            return ""  # bought over the counter: the purchase's line told it
        if k == "taken" and theirs:  # "I hang the key on a string": never "wraps it carefully"
            return ""
        if k == "taken":
            key = "taken" if d["kind"] != "quest" else "quest_taken"
            if d["kind"] in ("weapon", "armor", "offhand"):
                key = "equipped" if d["replaced"] else "equipped_new"
            return say(key, item=item_phrase(d["item"]))
        if k == "dungeon_drawn":
            return say("dungeon_drawn", place=phrase(d["name"]), area=d["area"])
        if k == "poi_drawn":
            return say("poi_drawn", place=phrase(d["name"]), area=d["area"])
        if k == "obstacle_made":
            return say("obstacle_made", place=phrase(d["name"]), text=d["text"].rstrip("."))
        if k == "unlock_tried":  # the player's own words, when given, told it
            return "" if d.get("how") else say("unlock_tried", item=item_phrase(d["item"]))
        if k == "obstacle_holds":
            return say("obstacle_holds", item=item_phrase(d["item"]))
        if k == "obstacle_passed":
            return say("obstacle_passed", item=item_phrase(d["item"]), place=phrase(d["dungeon"]))
        if k == "room_described":
            look = _sentence(d["text"]) if d.get("text") else ""
            if look and memory.allows(look):
                return say("room_entered", place=phrase(d["name"]), look=look)
            return say("room_plain", place=phrase(d["name"]))
        if k == "stairs_found":
            return say("stairs_found", level=d["floor"])
        if k == "battle_called" and d.get("boss"):
            return say("boss_appears")
        if k == "ball_of_light":
            return say("ball_of_light", adjective=d["lord"].lower())
        if k == "dungeon_cleared":
            return say("dungeon_cleared", place=phrase(d["name"]))
        if k == "quest_given":  # the person, not their house ("Dame Piety, retired, has")
            who = _keeper(d["giver"], view)
            reply = self._reply(d, view, who, "", memory)
            who = f"{who}," if "," in who else who
            return reply + _sentence(f"{who[:1].upper()}{who[1:]} has a Quest: "
                                     f"{d['text'].rstrip('.')}")
        if k == "item_used" and view.get("battle") is not None:
            item = item_phrase(d["item"])
            if d.get("kind") == "healstuff" and d.get("target") == "party" and view.get("party"):
                return say("heal_party_item", item=item, pm=phrase(view["party"]["name"]))
            key = {"healstuff": "heal_item", "dragons-fire": "fire_item",
                   "dragons-scale": "scale_item"}.get(d.get("kind", ""), "used_item")
            return say(key, item=item)
        if k == "spell_cast" and d.get("who") == "warrior" and d["spell"] in ("heal", "healmore"):
            return say("heal_spell")
        if k == "spell_cast" and d.get("who") != "warrior" and d.get("name"):
            key = {"heal": "foe_heals", "healmore": "foe_heals", "armor-regen": "foe_regen",
                   "stamina": "foe_stamina"}.get(d["spell"], "")
            return say(key, foe=phrase(d["name"])) if key else ""
        if k == "spell_cast" and d.get("who") == "warrior" and d["spell"] == "radiant":
            return say("radiant")
        if k == "spell_cast" and d.get("who") == "warrior" and d["spell"] in ("outside", "return"):
            return say("travel")
        if k == "entered" and not d.get("named", True):
            return ""  # Treasure describes the room next
        if k == "entered" and d.get("walked"):
            return ""  # the streets again on the way somewhere: the walk goes untold
        if k == "entered" and d.get("barred"):
            return say("barred", place=phrase(d["name"]), text=d["barred"].rstrip("."))
        if k == "entered":
            where = next((p for p in view.get("places", []) if p["id"] == d["place"]), {})
            kind = where.get("building") or ("street" if d["kind"] == "street" else d["place"])
            looks = rules().tables.place_looks.get(kind, ())
            if looks:
                look = looks[sum(map(ord, d["place"])) % len(looks)]
                first = say("entered_look", place=phrase(d["name"]), look=look) \
                    if memory.allows(look) and look not in memory.used else ""
                if first:
                    return first
            key = {"area": "entered_area", "street": "entered_street"}.get(d["kind"],
                                                                           "entered_town")
            return say(key, place=phrase(d["name"]))
        if k == "scene":
            said = _sentence(d["text"])
            if not memory.allows(said):
                return ""
            met = people.opening(said, rules().tables.friends)
            name, said_ = (met[0], met[2]) if met else ("", said)
            if f"scene-said|{said_}" in memory.used:  # a thing is said once, by anyone
                if not met:
                    name = said.split(",")[0].split(" says")[0].strip()
                    name = name if len(name.split()) <= 4 else ""
                again = f"scene-by|{name}|{said_}" in memory.used or not met
                return say("scene_again", pm=phrase(name)) if name and again else ""
            memory.used.update({f"scene-said|{said_}", f"scene-by|{name}|{said_}"})
            return people.once(memory.used, *met) if met else said
        if k == "pm_offered":
            name, _, who = d["text"].partition(": ")
            met = people.opening(f"{name}, {who}", rules().tables.friends)
            reply = self._reply(d, view, name, "" if f"met|{name}" in memory.used else
                                met[1] if met else who, memory)
            memory.used.update({f"met|{name}"} if reply and met else set())  # brought in
            text = _sentence(people.once(memory.used, *met) if met else
                             f"{name}, {who}" if who else name)
            return reply + (text if memory.allows(text) else "")
        if k == "pm_joined":
            return say("pm_joined", pm=phrase(d["name"]))
        if k == "battle_begun":
            foe = phrase(d["name"])
            look = _sentence(d["text"]) if d.get("text") else ""
            text = say("battle_begun", foe=foe, look=look) \
                if look and memory.allows(look) else ""
            text = text or say("battle_begun_plain", foe=foe)
            if d.get("minion"):  # brought in before the story names it as known
                mlook = _sentence(d["minion_text"]) if d.get("minion_text") else ""
                more = say("minion_with_look", foe=foe, minion=phrase(d["minion"]), look=mlook) \
                    if mlook and memory.allows(mlook) else ""
                more = more or say("minion_with", foe=foe, minion=phrase(d["minion"]))
                text = f"{text} {more}".strip()
            return text
        if k == "missed" and d.get("party"):
            return ""  # the Party Member's flip told it
        friend = (view.get("party") or {}).get("name")
        if _friends_kill(ev) and friend:  # the friend's Attack ended it: the friend's win
            blows.turn(d, k, view, memory)
            text = say("pm_kill", pm=phrase(friend), foe=phrase(d["name"]))
            if text:
                return text
        if k in ("hit", "missed"):  # a turn told, a routine blow held (blows.py)
            return blows.line(d, k, view, hero, phrase(d["name"]), memory, label) \
                if blows.turn(d, k, view, memory) else blows.hold(d, k, view, memory)
        if k == "pm_held":  # the friend waits: told with the blows it waited through
            return blows.hold_back(d["name"], view, memory)
        if k == "pm_helps":  # a foe's blow stopped, or the Warrior's carried home
            return say("pm_blocks" if d.get("blocks") else "pm_helps", pm=phrase(d["name"]))
        if k == "pm_healed":  # the flip matched: the friend catches a breath (binds a cut if hurt)
            return say("pm_healed" if d.get("hp", 1) else "pm_tied", pm=phrase(d["name"]))
        if k == "pm_hurt":
            return say("pm_hurt", pm=phrase(d["name"]))
        if k == "pm_left":
            return say("pm_left", pm=phrase(d["name"]))
        if k == "escape_failed":
            return say("escape_blocked")
        if k == "minion_down":
            return say("minion_down", minion=phrase(d["name"]))
        if k == "battle_over":
            foe = phrase(d["foe"])
            if d["result"] == "victory":
                text = say("boss_falls" if d.get("boss") else "victory", foe=foe)
                if d.get("minion"):  # the minion leaves the story in words
                    text = f"{text} {say('minion_fled', foe=foe, minion=phrase(d['minion']))}"
                if d.get("levels_gained"):
                    more = say("level_up", level=d["level"])
                    text = f"{text} {more}".strip()
                return text
            if d["result"] == "defeat":
                return say("defeat_boss" if d.get("boss") else "defeat", foe=foe)
            return say("escaped", foe=foe)  # fled: the minion stays with its master
        if k == "woke_at_inn":
            return say("woke", town=d.get("town") or v["town"])
        if k == "quest_done":
            return say("quest_done", quest=d["text"].rstrip("."))
        if k == "quest_turned_in":
            return say("quest_turned_in")
        if k == "rested":
            return say("rested")
        if k == "token_awarded":
            return say("token")
        if k == "session_ended":
            return say("ended")
        return ""

    # -- writing for the AI roles ---------------------------------------------------------------
    def write(self, action: Action, view: dict, memory: NarrationMemory) -> str:
        """The offline roles' pen (:mod:`pen`)."""
        return pen.write(action, view, memory)


def _friends_kill(ev: Event) -> bool:
    """Is this the Warrior's blow carried home by the Party Member's flip, and the last of its
    foe? (Without the friend's Attack it would not have ended the foe.)"""
    d = ev.data
    return ev.kind == "hit" and d.get("by") == "warrior" and bool(d.get("party")) and \
        bool(d.get("hp_lost")) and d.get("hp", 1) == 0


_TEXT_IS_DATA = {"name", "adjective", "trait", "answer", "yes", "no", "pronouns"}  # not told: data


# -- hooks for the language-model voice's fidelity check ------------------------------------------------
_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def known_names() -> list[str]:
    """Names from the rules a narration may only use when the view or the move holds them."""
    d = rules()
    return [s.name for s in d.spells] + [c.name for c in d.consumables if c.name[0].isupper()]


def hidden_names(view: dict, seat: str, action: Action) -> list[str]:
    """The cards still in the seat's hand after this move: the table must not hear them, in
    symbols ("7♥") or in words ("seven of hearts", "7 of hearts")."""
    from companion.games.dragon_warrior import cards as C

    playing = set(action.args.get("cards", []))
    playing |= {c for slot in action.args.get("slots", []) for c in slot}
    hand = (view.get("battle") or {}).get("hand", [])
    out: list[str] = []
    for card in hand:
        if card in playing:
            continue
        rank, suit = card[:-1], card[-1]
        word = _RANK_WORDS.get(rank, rank)
        out += [C.label(card), f"{word} of {_SUIT_WORDS[suit]}", f"{rank} of {_SUIT_WORDS[suit]}"]
    return out
