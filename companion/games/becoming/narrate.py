"""Offline narration for Becoming, written with the story toolkit (companion.story).

Each public beat becomes a sentence or two from the templates in ``rules/becoming/narration.toml``,
slotting the Hero (name and the player's pronouns), the Fate acting (a character with its own
pronouns), the Assets as noun phrases from the Hero card, and the Fates' avatars. Choices are
seeded by (session seed, step); no sentence is told twice in a session and no opener twice in a
scene.

Decisions:

* The players' words are the story: text on a decision (``invoke courage -- she draws steel``, a
  winner's resolution, the Agent's Threat) is told in place of the companion's sentence for it.
  Text that is data (the Hero's name, a new name for a turned Asset, a Trait's name) is not.
* Each Fate speaks through its avatar: its bargain is told with its own words quoted, after all
  offers are revealed (never before: nothing of a draft is public).
* Facts made true stay true: a subverted Asset is told by the name its Fate gave it until the Hero
  wins it back.
"""
from __future__ import annotations

import re

import tomllib
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from companion.core.game import Action, Event
from companion.core.resources import rules_path
from companion.games.becoming import staking, telling, traits
from companion.games.becoming.data import rules
from companion.games.becoming.ending import (
    EPILOGUE_KEY,
    FIRST_PERSON,
    asset_words,
    mid,
    phrase_of,
    speaker,
    spoken,
    tag,
    tell_epilogue,
)
from companion.games.becoming.fabula import PRIZE
from companion.games.becoming.model import HERO, SCENES
from companion.story import pronouns, weave
from companion.story.grammar import Phrase, join
from companion.story.memory import Told, sentences
from companion.story.names import short_name
from companion.story.stakes import in_defeat, tell_stake
from companion.story.template import Character, tell

FATE_SEATS = ("spinner", "measurer", "shears")
DATA_TEXT = {"name", "pronouns", "rename", "claim", "offer", "back"}
NUMBERS = {1: "one die", 2: "two dice", 3: "three dice"}

# the scene's elements, in one sentence whatever their number ("Here are a crowd" read badly)
SEEN = ("All around: {}.", "Everywhere the eye falls: {}.", "Close by: {}.",
        "Look closer, and there is more: {}.")


class NarrationData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    stakes: tuple[str, ...] = Field(min_length=SCENES)
    moon_stakes: tuple[str, ...] = Field(min_length=SCENES)
    templates: dict[str, tuple[str, ...]]


@cache
def narration_data() -> NarrationData:
    data = tomllib.loads(rules_path("becoming", "narration.toml").read_text(encoding="utf-8"))
    return NarrationData.model_validate(data)


def asset_phrase(aid: str) -> Phrase:
    return phrase_of(rules().asset(aid).phrase)


def hero_of(view: dict) -> Character:
    hero = view.get("hero", {})
    said = pronouns.parse_or_they(hero.get("pronouns"))
    name = short_name(hero.get("name") or "") or "the Hero"
    return Character(name=name, pronouns=pronouns.called(said, name))


def _spent_at_once(events: list[Event]) -> dict[int, int]:
    """A good Trait won and taken away again in the same beat (a Fate's price paid from what the
    scene just gave): the index of its gain -> the index of its removal, told as one."""
    out: dict[int, int] = {}
    for j, e in enumerate(events):
        if e.kind != "trait_removed" or e.data.get("by") not in FATE_SEATS:
            continue
        gained = [i for i, g in enumerate(events[:j]) if g.kind == "trait_added" and
                  g.data.get("positive") and g.data["asset"] == e.data["asset"] and
                  g.data["trait"] == e.data["trait"] and i not in out]
        if gained:
            out[gained[-1]] = j
    return out


def _take_up(stake: Any, data: dict, view: dict, hero: Character, memory: Any,
             scene: str) -> str:
    """The scene's stake taken up: a won one as what the win could give (staking.py)."""
    if stake.result != "won":
        return tell_stake(stake, stake.result, hero, memory, scene)
    held = staking.held_asset(stake.words, view, bool(data.get("hero_moon")))
    by = fate_of(held["subverted_by"]).name if held and held.get("subverted_by") in FATE_SEATS \
        else ""
    return staking.tell_won(stake, view, bool(data.get("hero_moon")), hero, memory, scene, by)


def voiced(memory: Any, *labels: Any):
    """The narrator's choices for this telling, seeded by the session and by the Hero the player
    made (her name): two players of one seed do not read the same passages, and a resumed game
    (its fabula rebuilt by replay) tells the same ones again."""
    hero = memory.fabula.hero()
    return memory.rng(*labels, hero.name if hero is not None else "")


def fate_of(seat: str) -> Character:
    f = rules().fate(seat)
    return Character(name=f.name, pronouns=pronouns.parse(f.pronoun))


RETURNING = re.compile(r"\b(?:again|of course)\b", re.IGNORECASE)  # an avatar met before


def now(offer: dict, view: dict | None) -> dict | None:
    """The view to name a cost's Trait from: only a price paid at once takes what the Asset holds
    now; a delayed one takes whatever is its best when it falls due."""
    return view if offer.get("timing", "immediate") == "immediate" else None


def cost_words(kind: str, aid: str, view: dict | None = None) -> str:
    """What a cost takes, in words; with the ``view``, a positive Trait removed is named (the
    engine removes the Asset's newest positive Trait): "what is brave in Ash the Hound"."""
    name = rules().asset(aid).name
    if kind == "remove_positive":
        asset = next((a for a in (view or {}).get("assets", []) if a["id"] == aid), None)
        best = [t["name"] for t in (asset or {}).get("traits", []) if t["positive"]]
        if not best:
            return f"the best of {name}"
        word = trait_words(best[-1])
        if traits.parse(word).form != "adj" or " " in word:  # not "what is knows every child
            # by name" nor "what is sure of foot on ice in Tobin": the Trait's own words, quoted
            return f"“{word}” from {name}"
        return f"what is {word} in {name}" if word == best[-1].lower() else f"“{word}” from {name}"
    return {"subvert": f"{name} itself", "add_negative": f"a mark against {name}"}[kind]


# A Trait inside a sentence: our own names are adjectives ("goes shaken"); a name a player gave
# is kept as written, without its closing stop (it goes mid-sentence).
trait_words = telling.trait_name
with_trait = telling.with_trait  # the Trait in its form, and the templates that tell it


def costs_words(costs: list[dict], view: dict | None = None) -> str:
    """"two marks against Sword Arm and what is gentle in Mercy": repeated costs counted, not
    listed (``view``: to name the positive Trait a cost would take)."""
    counts: dict[tuple[str, str], int] = {}
    for c in costs:
        counts[(c["kind"], c["asset"])] = counts.get((c["kind"], c["asset"]), 0) + 1
    out = []
    for (kind, aid), n in counts.items():
        text = cost_words(kind, aid, view)
        if n > 1 and kind == "add_negative":
            text = f"{NUMBER_WORDS[n]} marks against {rules().asset(aid).name}"
        elif n > 1:
            text = f"the best of {rules().asset(aid).name}, {NUMBER_WORDS[n]} times over"
        out.append(text)
    return join(out)


NUMBER_WORDS = {2: "two", 3: "three"}


def said(words: str, tag: str) -> str:
    """“Words,” tag. — a spoken line with its speech tag, punctuated as English does."""
    text = " ".join(words.split()).strip("\"“”")
    text = text[:1].upper() + text[1:]
    end = text[-1] if text else ""
    if end == ".":
        text = text[:-1] + ","
    elif end not in "!?,":
        text += ","
    return f"{weave.quote(text)} {tag}."


def said_as(words: str) -> str:
    """The player's words quoted whole, as the story tells them (a capital, a full stop)."""
    text = " ".join(words.split()).strip("\"“”")
    text = text[:1].upper() + text[1:]
    return text if text.endswith(("!", "?", ".", "…")) else text + "."


def once(text: str, memory: Any, scene: str) -> bool:
    """True (and remembered) if ``text`` was never told: a line a Fate or an AI Hero says again
    is left unsaid rather than repeated."""
    told = Told(memory.used)
    if any(x in memory.used for x in sentences(text)):
        return False
    told.remember(text, f"{scene}-speech")
    return True


def _already_said(element: str, setup: str) -> bool:
    """Is this Element's head ("clay lamp" of "a clay lamp with a red eye of fire") in the
    sentence just told?"""
    words = element.lower().split()
    if words and words[0] in ("a", "an", "the", "some"):
        words = words[1:]
    head = []
    for w in words:
        if w in ("with", "of", "on", "at", "in", "from", "by", "that", "who", "and"):
            break
        head.append(w)
    return len(head) > 1 and " ".join(head) in setup.lower()


def close_appositive(text: str, asset: Any) -> str:
    """An Asset written with an appositive ("Elsabet, who waits at the mill") closes it with a
    comma when the sentence goes on: "Elsabet, who waits at the mill, is left frightened"."""
    words = getattr(asset, "words", "")
    if ", " not in words:
        return text
    return re.sub(re.escape(words) + r"(?= [\w“])", words + ",", text)


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # -- the story -------------------------------------------------------------------------------
    def narrate(self, beat: Any, memory: Any) -> str:
        """The beat told; when nothing is told, nothing is remembered either (no row is
        journaled for it, so a resumed session could not rebuild what it noted: issue 36)."""
        before = set(memory.used)
        text = self._narrate(beat, memory)
        if not text:
            memory.used.intersection_update(before)
        return text

    def _narrate(self, beat: Any, memory: Any) -> str:
        own = "" if beat.action.kind in DATA_TEXT else " ".join(beat.action.text.split())
        if own and not memory.allows(own):
            own = ""
        if own:
            weave.hear(memory.used, beat.step, own)
        parts: list[str] = []
        prize = telling.prize_untold(memory.fabula, memory.used)
        marking = {(step, i) for _, step, i, *_ in prize if step == beat.step}
        if prize and (not marking or any(e.kind == "quest_ended" for e in beat.events)):
            parts.append(self._prize(prize, beat, memory))  # the Agent is done marking
        if beat.action.kind in ("gathered", "ready"):  # what each side risked, in one sentence
            parts.append(self._invoked(beat, memory) if beat.action.seat == HERO
                         else self._agent_invoked(beat, memory))
        told_own = False
        spent = _spent_at_once(beat.events)
        for i, event in enumerate(beat.events):
            if i in spent.values() or (beat.step, i) in marking:
                continue  # told with the Trait it takes away, or with the rest of the prize
            if i in spent:
                removed = beat.events[spent[i]].data
                v = {"hero": hero_of(beat.view), "fate": fate_of(removed["by"]),
                     "asset": asset_words(event.data["asset"], memory)}
                key = with_trait("trait_spent", v, event.data["trait"])
                scene = f"scene-{event.data.get('scene') or 0}"
                parts.append(self._tell(key, v, memory, scene, (beat.step, i)))
                continue
            if own and not told_own and event.kind in OWN_EVENTS:
                if event.kind == "asset_invoked":  # her words tell it: not told again with others
                    memory.used.add(f"invoke-told|{event.data.get('scene')}|{event.data['asset']}")
                parts.append(spoken(own, speaker(beat.action.seat, beat.view), memory,
                                    beat.action.seat != HERO, hero_of(beat.view)))
                told_own = True
                continue
            text = self._event(event, beat.view, memory, (beat.step, i))
            if text:
                parts.append(text)
        if own and not told_own:
            ours = own in narration_data().stakes + narration_data().moon_stakes  # an AI Hero's
            n = beat.view.get("scene") or 0
            if beat.action.seat == HERO and beat.action.kind in ("gathered", "moon") and any(
                    st.words == beat.action.text and st.id != f"scene-{n}"
                    for st in memory.fabula.stakes):  # the same stake as before: not sworn again
                own = self._tell("stake_again", {"hero": hero_of(beat.view)}, memory,
                                 f"scene-{n}", (beat.step, "again"))
            elif beat.action.seat == HERO and beat.action.kind in ("gathered", "moon") and \
                    (not FIRST_PERSON.search(own) or weave.narrates(own)):  # a stake told of
                # her, or a deed ("I keep my promise"), is what she plays for, not her speech
                own = f"What {hero_of(beat.view).name} plays for: {weave.quote(said_as(own))}"
            elif beat.action.seat == HERO and beat.action.kind in ("gathered", "moon"):
                own = said(own, tag(hero_of(beat.view).name, memory, words=own))  # spoken
            else:
                own = spoken(own, speaker(beat.action.seat, beat.view), memory,
                             beat.action.seat != HERO, hero_of(beat.view))
            if own and (not ours or once(own, memory, f"scene-{n}")):
                parts.append(own if own.startswith("“") else weave.prose(own))
        return " ".join(p for p in parts if p)

    def settle(self, beat: Any, memory: Any) -> str:
        """What the story still owes after a beat someone else told (a player's telling, a
        model's narration): the scene's stake taken up, and the epilogue if none was told."""
        parts = []
        hero = hero_of(beat.view)
        for i, event in enumerate(beat.events):
            if event.kind == "threat_resolved":
                stake = memory.fabula.stake(f"scene-{event.data['scene']}")
                if stake is not None and stake.result and not memory.was_taken_up(stake.id):
                    parts.append(_take_up(stake, event.data, beat.view, hero, memory,
                                          f"scene-{event.data['scene']}"))
            if event.kind == "quest_ended" and EPILOGUE_KEY not in memory.used:
                parts.append(tell_epilogue(beat.view, hero, memory,
                                           voiced(memory, "epilogue", beat.step, i)))
        return " ".join(p for p in parts if p)

    def _tell(self, key: str, values: dict, memory: Any, scene: str, label: tuple,
              seat: str = "") -> str:
        """A sentence from a template not yet used in this scene (two Fates picking Assets are
        not told in the same words), or from any once all have been. ``seat``: a Fate's own
        lines (``KEY_SEAT``) join the shared ones, and are told first: the three Fates read as
        three people, not one voice with three names."""
        own = narration_data().templates.get(f"{key}_{seat}", ()) if seat else ()
        templates = narration_data().templates[key] + own
        turn = 0  # the templates go round: each once, then each once again
        while all(f"template|{scene}|{turn}|{t}" in memory.used for t in templates):
            turn += 1
        mark = lambda t: f"template|{scene}|{turn}|{t}"  # noqa: E731
        rng = voiced(memory, "pick", key, *label)
        fresh = [t for t in templates if mark(t) not in memory.used]
        mine = [t for t in own if t in fresh and f"own-line|{t}" not in memory.used]
        for group in (mine, fresh, templates):  # hers first, each once in the story
            order = list(group)
            rng.shuffle(order)
            for t in order:
                text = tell([t], values, Told(memory.used), scene, rng, allows=memory.allows)
                if text:
                    memory.used.update({mark(t), f"own-line|{t}"} if t in own else {mark(t)})
                    return close_appositive(text, values.get("asset"))
        return ""


    def _prize(self, marks: list, beat: Any, memory: Any) -> str:
        """The Agent's prize on every risked Asset, told together once she is done marking."""
        n, step, i = marks[0][:3]
        by = memory.fabula.facts[memory.fabula.fact_keys(f"{PRIZE}{n}:{step:06d}:{i:02d}:")[0]].by
        v = {"hero": hero_of(beat.view), "fate": fate_of(by)}
        return " ".join(self._tell(key, vals, memory, f"scene-{n}", (beat.step, "prize", i), by)
                        for i, (key, vals) in enumerate(telling.prize_told(marks, memory, v)))

    def _taunt(self, view: dict, v: dict, memory: Any, scene: str, label: tuple) -> str:
        """The Fate who took the last Threat says the Hero's lost stake back to her, once: the
        words she staked follow her into the next scene."""
        n = (view.get("scene") or 0) - 1
        stake = memory.fabula.stake(f"scene-{n}")
        won = next((o.winner for o in memory.fabula.outcomes if o.scene == f"scene-{n}"), HERO)
        if stake is None or stake.result != "lost" or won == HERO or not memory.allows(
                stake.words) or {f"taunt|{n}", f"taunt|{n - 1}"} & memory.used:
            return ""  # once a scene, and never two scenes running
        if in_defeat(stake.words):  # "If I lose, the child gets to the bank": lost, it held;
            return ""  # nothing of it for a Fate to throw back
        memory.used.add(f"taunt|{n}")
        vals = {**v, "fate": fate_of(won), "avatar": phrase_of(rules().fate(won).avatar_name),
                "words": stake.words.strip().rstrip(".")}
        key = "taunt" if FIRST_PERSON.search(stake.words) else "taunt_told"  # her words, or
        return self._tell(key, vals, memory, "taunts", label)  # the story's; each way in turn

    def _event(self, ev: Event, view: dict, memory: Any, label: tuple) -> str:
        k, data = ev.kind, ev.data
        scene = f"scene-{data.get('scene') or view.get('scene') or 0}"
        hero = hero_of(view)
        v: dict[str, Any] = {"hero": hero}
        if "asset" in data:
            v["asset"] = asset_words(data["asset"], memory)
        for key in ("seat", "agent", "by", "tempter"):
            if isinstance(data.get(key), str) and data[key] in FATE_SEATS:
                v["fate"] = fate_of(data[key])
        say = lambda key: self._tell(key, v, memory, scene, label)  # noqa: E731
        if k == "quest_chosen":  # the premise itself heads the journal (front matter)
            return say("quest")
        if k == "hero_named":  # the draft told at once (issue 41: nine picks, nine sentences)
            v["hero"] = Character(name=data["name"], pronouns=pronouns.THEY)
            v["own"], v["given"] = telling.gifts(memory.fabula, memory)
            return " ".join(x for x in (say("gifts_own") if v["own"] else say("named"),
                                        say("gifts") if v["given"] else "") if x)
        if k == "asset_picked":
            return ""  # told with the rest once the Hero is named (telling.gifts)
        if k == "scene_begun":
            sc = view.get("scene_info") or {}
            setup = data["setup"] if memory.allows(data["setup"]) else ""
            things = [x for x in data["elements"] if memory.allows(x)
                      and not _already_said(x, setup)]  # not "a clay lamp" twice running
            seen = voiced(memory, "seen", *label).choice(SEEN).format(join(things)) if things else ""
            return " ".join(x for x in (setup, seen) if x) or sc.get("title", "")
        if k == "avatar_introduced":
            return self._entrance(data["seat"], view, memory, scene, label)
        if k == "threat_presented":
            threat = data["threat"] if memory.allows(data["threat"]) else ""
            return " ".join(x for x in (threat, self._taunt(view, v, memory, scene, label)) if x)
        if k == "asset_invoked":
            return ""  # told with the others she risks, when she is done gathering (_invoked)
        if k == "moon_shot":
            return say("moon" if data["seat"] == HERO else "agent_moon")
        if k == "agent_invoked":
            return ""  # told with the rest, when she is done gathering (_agent_invoked)
        if k == "offers_revealed":
            return self._offers(data["offers"], v, memory, scene, label, view)
        if k == "counter_proposed":
            v["costs"] = costs_words(data["costs"], now(data, view))
            v["dice"] = NUMBERS.get(data["dice"], f"{data['dice']} dice")
            return say("counter")
        if k == "counter_answered":
            return say("counter_taken" if data["taken"] else "counter_refused")
        if k == "offer_answered":
            return say("accept" if data["answer"] == "accepted" else "reject")
        if k == "trait_added":
            return say(with_trait("trait_positive" if data["positive"] else "trait_negative",
                                  v, data["trait"]))
        if k == "trait_removed":
            return say(with_trait("trait_removed", v, data["trait"]))
        if k == "asset_subverted":
            return say("subverted")
        if k == "asset_renamed":
            v["turned"] = mid(data["name"])  # "called the Bowed Head", mid-sentence
            return say("renamed") if memory.allows(data["name"]) else ""
        if k == "asset_regained":
            v["turned"] = mid(data.get("turned_name") or "lost")
            return say("regained")
        if k == "threat_resolved":
            if data["winner"] != HERO:
                v["fate"] = fate_of(data["winner"])
            line = say("hero_wins") if data["winner"] == HERO else \
                self._tell("agent_wins", v, memory, scene, label, data["winner"])
            stake = memory.fabula.stake(f"scene-{data['scene']}")
            if stake is not None and stake.result:
                taken = _take_up(stake, data, view, hero, memory, scene)
                line = " ".join(x for x in (line, taken) if x)
            return line
        if k == "threat_narrated":
            if data["winner"] != HERO:
                v["fate"] = fate_of(data["winner"])
            if data["winner"] == HERO:  # said nothing: the roll told the win and what it meant
                stake = memory.fabula.stake(scene)
                return "" if stake is not None and memory.was_taken_up(stake.id) \
                    else say("resolve_hero")
            return self._tell("resolve_agent", v, memory, scene, label, data["winner"])
        if k == "quest_ended":
            early = say("ended_early") if data["early"] else ""
            told = tell_epilogue(view, hero, memory, voiced(memory, "epilogue", *label))
            return " ".join(x for x in (early, told) if x)
        if k == "close_told":
            return ""  # the epilogue told the close; a player's own words are told as theirs
        return ""

    def _invoked(self, beat: Any, memory: Any) -> str:
        """The Assets the Hero risked since she last said she was done, told in one sentence
        (issue 41: "She leans on the blade. She calls on patience." read as a log)."""
        view = beat.view
        n = view.get("scene") or 0
        fresh = [aid for aid in view.get("invoked", [])
                 if f"invoke-told|{n}|{aid}" not in memory.used]
        if not fresh:
            return ""
        memory.used.update(f"invoke-told|{n}|{aid}" for aid in fresh)
        v: dict[str, Any] = {"hero": hero_of(view)}
        label = (beat.step, "invoked")
        if len(fresh) == 1:
            v["asset"] = asset_words(fresh[0], memory)
            return self._tell("invoke", v, memory, f"scene-{n}", label)
        v["assets"] = [asset_words(aid, memory) for aid in fresh]
        return self._tell("invoke_all", v, memory, f"scene-{n}", label)

    def _agent_invoked(self, beat: Any, memory: Any) -> str:
        """What the Agent turned against the Hero since she last gathered, in one sentence
        (issue 41: "Veyla remembers that courage is tarnished, and uses it. The Threat grows where
        humility is bent. Visions of Ruin stands with the Threat now." read as a log)."""
        n = beat.view.get("scene") or 0
        fresh = telling.untold_invocations(memory.fabula, n, memory.used)
        if not fresh:
            return ""
        memory.used.update(f"{telling.TOLD}{n}|{step}" for step, *_ in fresh)
        v: dict[str, Any] = {"hero": hero_of(beat.view), "fate": fate_of(beat.action.seat)}
        label, scene = (beat.step, "agent-invoked"), f"scene-{n}"
        if len(fresh) == 1:
            _, aid, what, name = fresh[0]
            v["asset"] = asset_words(aid, memory)
            if what == "trait":
                return self._tell(with_trait("agent_trait", v, name), v, memory, scene, label)
            v["turned"] = mid(name) if name else "what was lost"
            return self._tell("agent_turned", v, memory, scene, label)
        v["marks"] = telling.marks_text(fresh, memory)
        again = f"agent-marks|{v['marks']}"  # the same wounds as before: not listed again
        key = "agent_again" if again in memory.used else "agent_all"
        memory.used.add(again)
        return self._tell(key, v, memory, scene, label, beat.action.seat)

    def _entrance(self, seat: str, view: dict, memory: Any, scene: str, label: tuple) -> str:
        """An avatar steps in, in words that fit the scene's place (no ferryman's daughter in a
        doorway on the open Mere). Each avatar is met with a sentence of its own; after that she
        speaks through her offers, and an entrance is told again only in a line that says she is
        back ("again", "of course"), at most one a scene, none three scenes after her last (issue 41: each
        avatar entered every scene, and "a young woman" was met a second time)."""
        fate = rules().fate(seat)
        met = f"intro|{seat}"  # a line that says "again" only once the Hero has met her
        if met in memory.used and f"entrance|{scene}" in memory.used:
            return ""  # the other avatar has entered this scene already
        n = int(scene.rsplit("-", 1)[-1] or 0)
        if met in memory.used and any(f"entered|{seat}|{n - k}" in memory.used
                                      for k in (1, 2, 3)):
            return ""  # seen lately: she speaks through her offer, not another entrance
        place = (view.get("scene_info") or {}).get("place", "road")
        rng = voiced(memory, "intro", *label)
        for lines in (fate.intro_at.get(place, ()), fate.intro_lines):
            fresh = [x for x in lines if x not in memory.used and memory.allows(x)
                     and (met in memory.used) == bool(RETURNING.search(x))]
            if fresh:
                line = rng.choice(fresh)
                memory.used.update((line, met, f"entrance|{scene}", f"entered|{seat}|{n}"))
                return line
        return ""

    def _offers(self, offers: list[dict], v: dict, memory: Any, scene: str,
                label: tuple, view: dict | None = None) -> str:
        """Each Tempter's offer in one sentence: the avatar's words and the deal they stand for
        ("“A little thread from you,” says the weaver, and Veyla asks a mark against Courage for
        one die"); without words to quote, the deal alone (issue 41: four sentences a scene)."""
        parts = []
        for i, o in enumerate(offers):
            fate = rules().fate(o["tempter"])
            # the avatar by her short name: the whole of her was told in the front matter and at
            # her entrance ("the ferryman's daughter", not "... with a knife for every knot")
            vals = {**v, "fate": fate_of(o["tempter"]), "avatar": phrase_of(fate.avatar_name)}
            key = "back" if o["back"] else "offer"
            if not o["back"]:
                vals["dice"] = NUMBERS.get(o["dice"], f"{o['dice']} dice")
                vals["costs"] = costs_words(o["costs"], now(o, view))
            speech = o.get("speech", "")
            heard = f"speech|{speech}"  # a Tempter's words are quoted once a game
            line = said(speech, tag(fate.avatar_name, memory, fate=True, words=speech)) if speech \
                and memory.allows(speech) and heard not in memory.used else ""
            deal = self._tell(f"{key}_said", vals, memory, f"{scene}-{o['tempter']}",
                              label + (i,)) if line else ""
            if line and deal:
                joined = f"{line[:-1]}, {deal[:1].lower()}{deal[1:]}"
                if once(joined, memory, scene):
                    memory.used.update((heard, speech))  # and not chosen again (write)
                    parts.append(joined)
                    continue
            line = self._tell(key, vals, memory, scene, label + (i,))
            if line:
                parts.append(line)
        return " ".join(parts)

    # -- free text an AI seat writes -------------------------------------------------------------
    def write(self, action: Action, view: dict, memory: Any) -> str:
        rng = memory.rng("write", action.kind, str(action.args), view.get("scene"))
        d = rules()
        k = action.kind
        if k == "name":
            pool = list(d.hero.names)
        elif k == "introduce":
            return ""  # the avatar's entrance is told from the Fate card
        elif k in ("offer", "back"):
            fate = d.fate(action.seat)
            pool = list(fate.offer_lines if k == "offer" else fate.back_lines)
        elif k == "rename":
            pool = list(d.asset(action.args["asset"]).turned)
        elif k in ("gathered", "moon") and action.seat == HERO:
            # one line a scene, in turn from a place chosen once per game: never sworn twice
            pool = list(narration_data().moon_stakes if k == "moon" else narration_data().stakes)
            start = memory.rng("stakes", k).randrange(len(pool))
            return pool[(start + (view.get("scene") or 1) - 1) % len(pool)]
        else:
            return ""
        fresh = [p for p in pool if memory.allows(p) and p not in memory.used
                 and f"speech|{p}" not in memory.used]  # quoted already (kept on resume)
        choice = rng.choice(fresh or pool)
        if k in ("offer", "back", "gathered", "moon"):
            memory.used.add(choice)
        return choice


# Beats the acting player's own words tell in place of the companion's sentence.
OWN_EVENTS = {"avatar_introduced", "asset_invoked", "agent_invoked",
              "offer_answered", "threat_narrated", "close_told", "ready"}


def hidden_names(view: dict, seat: str, action: Action) -> list[str]:
    """What the table must not hear yet (the model voice's fidelity check): while the Tempters
    bargain in secret, the Assets a Tempter's own draft asks for, so its narration cannot give its
    offer away before both are revealed. Nothing else at this table is hidden."""
    if view.get("phase") != "offers":
        return []
    mine = view.get("my_offer") or {}
    ids = [c["asset"] for c in mine.get("costs", [])]
    if action.kind == "cost":
        ids.append(action.args["asset"])
    return sorted({rules().asset(i).name for i in ids})
