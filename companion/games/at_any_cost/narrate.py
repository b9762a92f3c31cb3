"""Offline narration for At Any Cost, written with the shared story toolkit (companion.story).

Every card, place and Anchor has words in explicit forms in ``rules/at_any_cost/narration.toml``
(a card's plain name and its descriptor keywords made into noun phrases; a place's keywords made
into adjectives); each beat's sentence comes from templates that slot them by form, with verbs that
agree and the hero's own pronouns. Choices are seeded by (session seed, step), so a session narrates
the same way every time; no sentence is told twice in a session and no opener twice in a stage.

Decisions:

* A card keeps one incarnation for a whole stage (the Bandits card is "a band of robbers" from the
  moment it is set until the stage ends), so raises and meets refer to one consistent threat.
* The player's words are the story: text on a move (``play agile -- she vaults the gate``) is told
  in place of the companion's sentence for it, and on moves that tell nothing themselves (a discard,
  keeping Anchors) it follows the beat. The Antagonist's next line answers them, and the beat that
  ends the stage takes up the stake they stated in it (``telling.py``, from the storylets).
* The threats, folds, sacrifices and the epilogue are storylets (``rules/at_any_cost/
  storylets.toml``) chosen by salience from the fabula (``fabula.py``): see ``telling.py``.
* When the Antagonist folds, or a stage ends in a sacrifice the player did not narrate, the human
  Protagonist is offered the telling (``offer``); the session narrates only when they pass.
* Facts made true stay true: an Anchor lost is only ever remembered, never "still held", and what
  the player wrote about it is quoted back when it goes.
"""
from __future__ import annotations

import re
from typing import Any

from companion.core.game import Action, Event
from companion.games.at_any_cost.fabula import MET, RAISED, moves
from companion.games.at_any_cost import telling
from companion.games.at_any_cost.model import PROTAGONIST
from companion.games.at_any_cost.words import (
    DANGER,
    HELP,
    anchor_words,
    facts_of,
    hero_of,
    named_once,
    named_short,
    narration_data,
)
from companion.story import discourse, weave
from companion.story.grammar import Phrase
from companion.story.memory import Told
from companion.story.template import Choice, sentence, tell

# Moves whose text is data the rules ask for (a name, an answer, a question), not narration.
DATA_TEXT = {"name_hero", "pronouns", "describe_hero", "answer", "reply", "ask"}
# The slots each kind of template may use (the data test renders every template with these).
SLOTS: dict[str, set[str]] = {
    "opening": {"premise"}, "road": {"first", "last"}, "kept": {"hero", "kept"},
    "arrive": {"hero", "place", "look", "look2", "stage"},
    "speech": {"hero", "said"},
    "account": {"hero", "said"},
    "raised": {"hero", "place", "threats"}, "met": {"hero", "place", "stage", "help"},
    "offer_fold": {"hero", "place"}, "offer_stage": {"hero", "place", "anchor"},
}
ENDS_STAGE = ("antagonist_folded", "anchor_sacrificed")
MORE = Phrase(words="worse besides", form="mass")  # a stage's later raises past the second
FRAME_KEY = "frame|"  # a narration template told, in the session's used set (no frame twice)

# A place's keywords are alternatives (the crossroads: "Busy. Desolate."): two told together
# must not say opposite things (rules/at_any_cost/narration.toml, [places.*] adj).
CLASHES = ({"small", "large", "huge"}, {"quiet", "busy", "riotous"}, {"calming", "riotous"},
           {"busy", "desolate", "deserted", "half abandoned"}, {"still inhabited", "abandoned"},
           {"ancient", "freshly broken", "newly ruined"}, {"becalmed", "storm-tossed"},
           {"deserted", "dotted with villages", "crowned by a city"}, {"remote", "hidden in a city"},
           {"out in the wilderness", "hemmed in by streets", "sunk underground"},
           {"built by hands", "untouched by hands"}, {"lawless", "harshly ruled", "orderly to a fault"})


def clash(a: Any, b: Any) -> bool:
    """Whether two of a place's adjectives say opposite things ("busy" and "desolate")."""
    x, y = str(getattr(a, "words", a)), str(getattr(b, "words", b))
    return any(x in group and y in group for group in CLASHES)


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # -- the story -------------------------------------------------------------------------------
    def narrate(self, beat: Any, memory: Any) -> str:
        """Story text for one resolved beat ("" when it tells nothing)."""
        own = self._own_words(beat.action)
        if own and not memory.allows(own):
            own = ""
        parts = []
        replaced = False
        for i, event in enumerate(beat.events):
            if own and event.kind in ("challenge_set", "challenge_met", "challenge_raised",
                                      "antagonist_folded", "anchor_sacrificed"):
                if event.kind in ENDS_STAGE:  # what the stage gathered for its end, then theirs
                    parts.append(self.owed(beat, memory))
                parts.append(self.spoken(own, beat, memory))  # the player told this beat
                replaced = True
                continue
            text = self._event(event, beat.view, memory, (beat.step, i))
            if text:
                parts.append(self._named(text, beat, memory))
        if own and not replaced:
            parts.append(self.spoken(own, beat, memory))
        settled = self.settle(beat, memory)
        if settled:
            parts.append(self._named(settled, beat, memory))
        return " ".join(p for p in parts if p)

    def owed(self, beat: Any, memory: Any) -> str:
        """What a stage's end tells beside its last move, whoever tells that move: the stage's
        later raises and the meets nobody told, gathered ("More had waited at the crossroads, a
        magical barrier and self-doubt"); "" when the beat ends no stage or nothing was
        gathered. The player's telling of the move takes the place of the companion's line for
        it, not of what came before it."""
        for i, event in enumerate(beat.events):
            if event.kind in ENDS_STAGE:
                stage = event.data.get("stage") or beat.view.get("stage") or 1
                values = self._values(beat.view, stage)
                label = (beat.step, i)
                values["place"] = self._again(values["place"], beat.view, stage, memory, label)
                scene = f"stage-{stage}"
                more = self._raised(stage, values, memory, scene, label)
                met = self._gathered(stage, values, memory, scene, label)
                text = " ".join(x for x in (more, met) if x)
                return self._named(text, beat, memory) if text else ""
        return ""

    @staticmethod
    def _named(text: str, beat: Any, memory: Any) -> str:
        """The hero named once a sentence, and by the short name once the story has told the
        full one (the player's own words and the epilogue keep theirs)."""
        hero = hero_of(beat.view)
        return named_short(named_once(text, hero), hero, memory.used)

    def settle(self, beat: Any, memory: Any) -> str:
        """What the story owes this beat whoever told it ("" when nothing is due): the stake of
        a stage it ended, taken up, and the told epilogue if the journey ended and none was told
        (the session asks after the player's own telling, or after a model's narration)."""
        for i, event in enumerate(beat.events):
            if event.kind in ENDS_STAGE:
                stage = event.data["stage"]
                return telling.settle(beat.view, stage, hero_of(beat.view), memory,
                                      f"stage-{stage}", beat.step)
            if event.kind == "journey_ended" and not any(
                    k.startswith("storylet|epilogue.") for k in memory.used):
                return self._event(event, beat.view, memory, (beat.step, i))
        return ""

    def spoken(self, own: str, beat: Any, memory: Any) -> str:
        """The player's words as the story tells them: a telling in the third person stands as
        prose; words in the first or second person ("and I swear I will never sell that mule")
        are the hero's speech, quoted and marked as theirs, never mixed unmarked into the
        third-person telling around them."""
        if discourse.person(own) == {"third"}:
            return weave.prose(own)
        hero = hero_of(beat.view)  # "I ring my mother's bell": "Wren rings her mother's bell",
        deed = weave.told_of_hero(own, hero.name, hero)  # the player's other words untouched
        if deed:
            return named_short(deed, hero, memory.used)
        # the telling up to the first clause in the first person is prose, the rest is speech
        bits = re.split(r"(,?\s+(?:and|but|then|so)\s+|;\s*|:\s*)", own)
        first = next((i for i in range(0, len(bits), 2) if _opens_in_person(bits[i])), 0)
        before = "".join(bits[:max(first - 1, 0)]).strip(" ,;:")
        if before and discourse.person(before) == {"third"}:  # "Odo leads Bracken up the path,
            # and I swear I will never sell that mule": the telling as prose, the speech quoted
            return f"{weave.prose(before)} {self.spoken(''.join(bits[first:]), beat, memory)}"
        words = weave.quote(own)[1:-1].rstrip(" .,;:")
        words = words[:1].upper() + words[1:]
        said = f"“{words}”" if words.endswith(("!", "?", "…")) else f"“{words},”"
        values = {"hero": hero_of(beat.view), "said": said}
        scene = f"stage-{beat.view.get('stage') or 0}"
        key = "account" if weave.narrates(own) else "speech"  # a deed told, or words said
        line = self._tell(key, values, memory, scene, (beat.step, key)) or \
            (f"{said} as {values['hero']} tells it." if key == "account" else
             f"{said} {values['hero']} says.")  # every frame told: the plainest, again
        return named_short(line, values["hero"], memory.used)  # the tag is ours, the quote theirs

    def theirs(self, own: str, beat: Any, memory: Any) -> str:
        """The player's answer to a telling offered them (how the hero moves on), as the story
        tells the player's words on a move (:meth:`spoken`): "We take the north road" is theirs,
        quoted, not first person unmarked in a third-person story. (What the stage gathered
        for its end is the companion's, told before it: :meth:`owed`.)"""
        return self.spoken(own, beat, memory)

    @staticmethod
    def _own_words(action: Action) -> str:
        if action.kind in DATA_TEXT:
            return ""
        return " ".join(action.text.split())

    def offer(self, beat: Any, seat: str) -> str:
        """The question that gives a human Protagonist the telling of this beat ("" for none):
        the hero moving on when the Antagonist folds, or going on after a sacrifice they did not
        narrate. The last stage's ending is asked by the rules themselves (the epilogue)."""
        if seat != PROTAGONIST or self._own_words(beat.action):
            return ""
        values = self._values(beat.view)
        for event in beat.events:
            if event.data.get("stage") == 5:
                continue
            if event.kind == "antagonist_folded":
                values = self._values(beat.view, event.data["stage"])
                return sentence(narration_data().templates["offer_fold"][0], values)
            if event.kind == "anchor_sacrificed":
                values = self._values(beat.view, event.data["stage"])
                values["anchor"] = narration_data().anchors[event.data["anchor"]].name
                return sentence(narration_data().templates["offer_stage"][0], values)
        return ""

    def _values(self, view: dict, stage: int | None = None) -> dict[str, Any]:
        n = narration_data()
        stage = stage or view.get("stage") or 1
        entry = view["map"][stage - 1] if view.get("map") else {}
        place = n.places.get(entry.get("location") or "")
        ends = [(view.get("map") or [{}] * 5)[i].get("location") for i in (0, 4)]
        return {
            "hero": hero_of(view),
            "place": place.name if place else Phrase(words="road", form="the", where="on"),
            "look": place.adjectives() if place else Choice(("long",)),
            "stage": n.stage(stage),
            "first": n.places[ends[0]].name if ends[0] else Phrase(words="start", form="the"),
            "last": n.places[ends[1]].name if ends[1] else Phrase(words="end", form="the"),
        }

    @staticmethod
    def _again(place: Phrase, view: dict, stage: int, memory: Any, label: tuple) -> Phrase:
        """A place already told is not named in full in every sentence of its stage: "in the
        cavern under the earth", then "in the deep places", "in the dark below" (its other
        names in narration.toml), the full name now and then."""
        entry = view["map"][stage - 1] if view.get("map") else {}
        words = narration_data().places.get(entry.get("location") or "")
        if words is None or len(words.np) < 2:
            return place
        told = [u.lower() for u in memory.used if "|" not in u]
        said = {p: sum(p.words.lower() in u for u in told) for p in words.np}
        if not said[place]:
            return place
        least = min(said.values())  # the name said least so far, so they take turns
        return memory.rng("place", *label).choice([p for p in words.np if said[p] == least])

    def _tell(self, key: str, values: dict, memory: Any, scene: str, label: tuple) -> str:
        return self._tell_from(narration_data().templates[key], key, values, memory, scene,
                               label)

    def _tell_from(self, templates: tuple[str, ...], key: str, values: dict, memory: Any,
                   scene: str, label: tuple) -> str:
        """A sentence from ``templates`` whose frame was not told before in the session (a frame
        is a template: "{hero} answers with {help}" told once, whatever help it names); "" when
        every frame was told, so a routine beat is left to the small print."""
        if "look" in values:  # two adjectives of the place that agree, the same all session
            look = list(values["look"])
            memory.rng("look", getattr(values.get("place"), "words", "")).shuffle(look)
            other = [x for x in look[1:] if not clash(look[0], x)]
            values = {**values, "look": look[0], "look2": other[0] if other else "still"}
        rng = memory.rng("pick", key, *label)
        order = [i for i, _ in enumerate(templates) if f"{FRAME_KEY}{key}|{i}" not in memory.used]
        rng.shuffle(order)
        for i in order:
            text = tell([templates[i]], values, Told(memory.used), scene, rng,
                        allows=memory.allows)
            if text:
                memory.used.add(f"{FRAME_KEY}{key}|{i}")
                return text
        return ""

    def _cards(self, cards: list[str], stage: int, memory: Any, fallback: Phrase) -> list[Phrase]:
        """Each card's incarnation for this stage (the same all stage long), allowed topics only."""
        out = []
        for cid in cards:
            options = [p for p in narration_data().cards[cid].np if memory.allows(p.words)]
            if memory.attempt:  # a retelling (X-card): not the incarnation told before
                told = " ".join(x for x in memory.used if "|" not in x)
                options = [p for p in options if p.words not in told] or options
            if options:
                rng = memory.rng("card", cid, stage)  # by card and stage only: stable all stage
                out.append(options[rng.randrange(len(options))])
        return out or [fallback]

    def _event(self, ev: Event, view: dict, memory: Any, label: tuple) -> str:
        k, data = ev.kind, ev.data
        stage = data.get("stage") or view.get("stage") or 1
        scene = f"stage-{stage}" if view.get("stage") else "setup"
        values = self._values(view, stage)
        if k not in ("location_revealed", "journey_ended"):
            values["place"] = self._again(values["place"], view, stage, memory, label)
        n = narration_data()
        if k == "map_dealt":
            values["first"] = n.places[data["first"]].name
            values["last"] = n.places[data["last"]].name
            premise = data["premise"] if memory.allows(data["premise"]) else ""
            road = self._tell("road", values, memory, "setup", label)
            return " ".join(x for x in (premise, road) if x)
        if k == "anchors_kept":
            values["kept"] = anchor_words(data["anchors"], memory)
            return self._tell("kept", values, memory, "setup", label)
        if k == "location_revealed":
            arrive = self._tell("arrive", values, memory, scene, label)
            if stage == 5:  # the climax comes back to what the hero set out for
                wanted = telling.climax_want(view, values, memory, scene,
                                             memory.rng("want", *label))
                arrive = " ".join(x for x in (arrive, wanted) if x)
            return arrive
        if k == "challenge_met":  # routine: gathered into the stage's end (``_gathered``)
            return ""
        if k == "challenge_raised" and any(
                step < label[0] for step, _ in moves(memory.fabula, RAISED, stage)):
            return ""  # a later raise of the stage is routine: gathered into the stage's end
        if k in ("challenge_set", "challenge_raised"):
            phrases = {c: self._cards([c], stage, memory, DANGER)[0] for c in data["cards"]}
            return telling.threat_lines(data["cards"], phrases, values, view, memory, scene,
                                        memory.rng("threat", *label), label[0],
                                        raised=k == "challenge_raised")
        rng = memory.rng("storylet", *label)
        if k in ENDS_STAGE:
            more = self._raised(stage, values, memory, scene, label)
            met = self._gathered(stage, values, memory, scene, label)
            line = self._end(ev, view, values, memory, scene, rng, label)
            return " ".join(x for x in (more, met, line) if x)
        return self._end(ev, view, values, memory, scene, rng, label)

    def _raised(self, stage: int, values: dict, memory: Any, scene: str, label: tuple) -> str:
        """The stage's later raises, in one sentence at its end ("Then a curse and a cliff come,
        one on the heels of the other"): the first raise is told as it comes."""
        cards = [c for _, cs in moves(memory.fabula, RAISED, stage)[1:] for c in cs]
        if not cards:
            return ""
        threats = [self._cards([c], stage, memory, DANGER)[0] for c in dict.fromkeys(cards)]
        if len(threats) > 2:  # not one long list (the small print names them all): two, and
            threats = threats[:2] + [MORE]  # "worse besides"
        return self._tell("raised", {**values, "threats": threats}, memory, scene, label)

    def _gathered(self, stage: int, values: dict, memory: Any, scene: str, label: tuple) -> str:
        """The stage's meets the player left untold, in one sentence at its end ("Against all of
        it Wren sets patience, agility and an animal"), not a sentence each as they came."""
        cards = [c for _, cs in moves(memory.fabula, MET, stage) for c in cs]
        if not cards:
            return ""
        values = {**values, "help": self._cards(list(dict.fromkeys(cards)), stage, memory, HELP)}
        return self._tell("met", values, memory, scene, label)

    def _end(self, ev: Event, view: dict, values: dict, memory: Any, scene: str, rng,
             label: tuple = ()) -> str:
        k, data = ev.kind, ev.data
        stage = data.get("stage") or view.get("stage") or 1
        n = narration_data()
        if k == "antagonist_folded":
            group = "fold" if data.get("set") else "quiet"
            when = {"stage": stage, "lost": len(view.get("anchors_lost", [])),
                    "kept": len(view.get("anchors", []))}
            if group == "quiet":  # a stage nothing opened: the hero's own things fill it
                values, when["keepsake"] = telling.keepsakes(view, values, memory)
            return telling.tell(group, when, values, memory, scene, rng)
        if k == "anchor_sacrificed":
            values["anchor"] = anchor_words([data["anchor"]], memory)[0]
            when = {"anchor": data["anchor"], "fold": bool(data.get("fold")), "stage": stage,
                    "lost": len(view.get("anchors_lost", []))}
            line = telling.tell("sacrifice", when, values, memory, scene, rng)
            said = facts_of(view).words(f"anchor:{data['anchor']}") or data.get("answer", "")
            if said and memory.allows(said):
                values["said"] = weave.prose(weave.quote(said))
                more = telling.tell("remember", when, values, memory, scene, rng)
                line = " ".join(x for x in (line, more) if x)
            return line
        if k == "journey_ended":
            values["first"] = n.places[view["map"][0]["location"]].name
            values["last"] = n.places[data["last"]].name
            return telling.ending(view, values,
                                  lambda cid, st: self._cards([cid], st, memory, DANGER)[0],
                                  memory, memory.rng("epilogue", *label))
        return ""

    # -- free text an AI seat writes -------------------------------------------------------------
    def write(self, action: Action, view: dict, memory: Any) -> str:
        w = narration_data().writing
        rng = memory.rng("write", action.kind, str(action.args))
        anchor_id = action.args.get("anchor")
        values: dict[str, Any] = {"hero": hero_of(view)}
        if anchor_id:
            values["anchor"] = narration_data().anchors[anchor_id].name
        pools = {
            "name_hero": w.names,
            "pronouns": w.pronouns,
            "describe_hero": w.details,
            "ask": tuple(q.ask for q in w.questions),
            "reply": self._replies(view),
            "answer": w.answers.get(anchor_id or "", ()),
        }
        said = {q.get("question") for q in view.get("questions", [])} | \
            {q.get("answer") for q in view.get("questions", [])}
        pool = [sentence(p, values) for p in pools.get(action.kind, ())]
        fresh = [p for p in pool if memory.allows(p) and p not in said]
        if not fresh:  # every text crosses a line (a hero named like one): told around it
            fresh = [t for t in (memory.safety.redact(p) for p in pool if p not in said) if t]
        return rng.choice(fresh) if fresh else ""

    def _replies(self, view: dict) -> tuple[str, ...]:
        """Answers that fit the question just asked (any question: its own replies)."""
        asked = view.get("questions", [])
        if not asked:
            return ()
        last = asked[-1]
        values = {"hero": hero_of(view), "anchor": narration_data().anchors[last["anchor"]].name}
        for q in narration_data().writing.questions:
            if sentence(q.ask, values) == last["question"]:
                return q.replies
        return ("{hero} thinks about that for a long moment, and does not answer.",)


def hidden_names(view: dict, seat: str, action: Action) -> list[str]:
    """Names in this seat's view that the table must not hear (the language-model voice's
    fidelity check uses them): face-down locations and the cards still in hand."""
    playing = set(action.args.get("cards", []))
    names = [st["location_name"] for st in view.get("map", [])
             if not st.get("face_up") and st.get("location_name")]
    return names + [c["name"] for c in view.get("hand", []) if c["id"] not in playing]


# The first word of a clause said in the first or second person: "I", "we", "my fingers".
_IN_PERSON = frozenset("i i'm i'll i've i'd we we're we'll we've you you're you'll my our your"
                       .split())


def _opens_in_person(clause: str) -> bool:
    """Does the clause speak as someone ("I remember why I came", "my fingers find it")? A clause
    that only names the speaker later ("a tinker's boy help me") is not where speech begins."""
    first = clause.strip(" ,;:").split(" ", 1)[0].lower().replace("’", "'")
    return first in _IN_PERSON
