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
  keeping Anchors) it follows the beat. The companion's next sentence may take up a few of those
  words (story.weave.echo).
* When the Antagonist folds, or a stage ends in a sacrifice the player did not narrate, the human
  Protagonist is offered the telling (``offer``); the session narrates only when they pass.
* Facts made true stay true: an Anchor lost is only ever remembered, never "still held", and what
  the player wrote about it is quoted back when it goes.
"""
from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from companion.core.game import Action, Event
from companion.core.resources import rules_path
from companion.games.at_any_cost.model import PROTAGONIST
from companion.story import pronouns, weave
from companion.story.facts import FactBook
from companion.story.grammar import Phrase
from companion.story.lexicon import Words
from companion.story.memory import Told
from companion.story.template import Character, Choice, sentence, slots, tell

# Moves whose text is data the rules ask for (a name, an answer, a question), not narration.
DATA_TEXT = {"name_hero", "pronouns", "describe_hero", "answer", "reply", "ask"}
# The slots each kind of template may use (the data test renders every template with these).
SLOTS: dict[str, set[str]] = {
    "opening": {"premise"}, "road": {"first", "last"}, "kept": {"hero", "kept"},
    "arrive": {"hero", "place", "look", "look2", "stage"},
    "set": {"hero", "place", "stage", "threat", "echo"},
    "raise": {"hero", "place", "stage", "threat", "echo"},
    "meet": {"hero", "place", "stage", "help"},
    "fold": {"hero", "place"}, "quiet": {"hero", "place"},
    "sacrifice": {"hero", "place", "anchor"}, "sacrifice_early": {"hero", "place", "anchor"},
    "remember": {"hero", "said"},
    "ending_arrive": {"hero", "last"}, "ending_kept": {"hero", "kept"},
    "ending_lost": {"hero", "lost"}, "ending_whole": {"hero"},
    "offer_fold": {"hero", "place"}, "offer_stage": {"hero", "place", "anchor"},
}
DANGER = Phrase(words="danger", form="a")
HELP = Phrase(words="whatever is at hand", form="name")


class FollowUp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ask: str
    replies: tuple[str, ...]


class Writing(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    names: tuple[str, ...]
    pronouns: tuple[str, ...]
    details: tuple[str, ...]
    questions: tuple[FollowUp, ...]
    answers: dict[str, tuple[str, ...]]


class NarrationData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: dict[str, Words]
    places: dict[str, Words]
    anchors: dict[str, Words]
    stages: dict[str, Phrase]
    templates: dict[str, tuple[str, ...]]
    writing: Writing

    @field_validator("stages", mode="before")
    @classmethod
    def _stages(cls, v: dict) -> dict:
        return {k: Phrase.parse(x) if isinstance(x, str) else x for k, x in v.items()}

    def stage(self, number: int) -> Phrase:
        return self.stages[str(number)]


@cache
def narration_data() -> NarrationData:
    data = tomllib.loads(rules_path("at_any_cost", "narration.toml").read_text())
    return NarrationData.model_validate(data)


def hero_of(view: dict) -> Character:
    hero = view.get("hero", {})
    try:
        said = pronouns.parse(hero.get("pronouns") or "they")
    except ValueError:
        said = pronouns.THEY
    return Character(name=hero.get("name") or "the hero", pronouns=said)


def facts_of(view: dict) -> FactBook:
    """What play made true, from the public view: the Anchors kept (in the player's words) and
    the ones lost."""
    book = FactBook()
    for a in view.get("anchors", []):
        book = book.establish(f"anchor:{a['id']}", a.get("answer", ""), by=PROTAGONIST)
    for a in view.get("anchors_lost", []):
        book = book.establish(f"anchor:{a['id']}", a.get("answer", ""), by=PROTAGONIST)
        book = book.end(f"anchor:{a['id']}")
    return book


DEAREST = Phrase(words="dearest thing", form="a")  # an Anchor whose words are banned


def anchor_words(ids: list[str], memory: Any) -> list[Phrase]:
    """The Anchors' words, leaving out any that name a banned or veiled topic."""
    words = [narration_data().anchors[a].name for a in ids]
    return [w for w in words if memory.allows(w.words)] or [DEAREST]


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # -- the story -------------------------------------------------------------------------------
    def narrate(self, beat: Any, memory: Any) -> str:
        """Story text for one resolved beat ("" when it tells nothing)."""
        own = self._own_words(beat.action)
        if own and memory.allows(own):
            weave.hear(memory.used, beat.step, own)
        else:
            own = ""
        parts = []
        replaced = False
        for i, event in enumerate(beat.events):
            if own and event.kind in ("challenge_set", "challenge_met", "challenge_raised",
                                      "antagonist_folded", "anchor_sacrificed"):
                parts.append(weave.prose(own))  # the player told this beat themselves
                replaced = True
                continue
            text = self._event(event, beat.view, memory, (beat.step, i))
            if text:
                parts.append(text)
        if own and not replaced:
            parts.append(weave.prose(own))
        return " ".join(parts)

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
            "place": place.name if place else Phrase(words="road", form="the"),
            "look": place.adjectives() if place else Choice(("long",)),
            "stage": n.stage(stage),
            "first": n.places[ends[0]].name if ends[0] else Phrase(words="start", form="the"),
            "last": n.places[ends[1]].name if ends[1] else Phrase(words="end", form="the"),
        }

    def _tell(self, key: str, values: dict, memory: Any, scene: str, label: tuple) -> str:
        templates = narration_data().templates[key]
        if "echo" not in values:
            templates = tuple(t for t in templates if "echo" not in slots(t))
        else:  # the player just spoke: answer them first, if a sentence taking it up is fresh
            first = tuple(t for t in templates if "echo" in slots(t))
            told = self._tell_from(first, key, values, memory, scene, label)
            if told:
                return told
        return self._tell_from(templates, key, values, memory, scene, label)

    def _tell_from(self, templates: tuple[str, ...], key: str, values: dict, memory: Any,
                   scene: str, label: tuple) -> str:
        if "look" in values:  # two different adjectives of the place
            look = list(values["look"])
            rng = memory.rng("look", *label)
            rng.shuffle(look)
            values = {**values, "look": look[0], "look2": look[1] if len(look) > 1 else "still"}
        return tell(templates, values, Told(memory.used), scene, memory.rng("pick", key, *label),
                    allows=memory.allows)

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
            return self._tell("arrive", values, memory, scene, label)
        if k in ("challenge_set", "challenge_raised", "challenge_met"):
            key = {"challenge_set": "set", "challenge_raised": "raise", "challenge_met": "meet"}[k]
            if key == "meet":
                values["help"] = self._cards(data["cards"], stage, memory, HELP)
            else:
                values["threat"] = self._cards(data["cards"], stage, memory, DANGER)
                echo = weave.take_up(memory.used, label[0])
                if echo and memory.allows(echo):
                    values["echo"] = echo
            return self._tell(key, values, memory, scene, label)
        if k == "antagonist_folded":
            return self._tell("fold" if data.get("set") else "quiet", values, memory, scene,
                              label)
        if k == "anchor_sacrificed":
            values["anchor"] = anchor_words([data["anchor"]], memory)[0]
            line = self._tell("sacrifice" if data.get("fold") else "sacrifice_early", values,
                              memory, scene, label)
            said = facts_of(view).words(f"anchor:{data['anchor']}") or data.get("answer", "")
            if said and memory.allows(said):
                values["said"] = weave.prose(weave.quote(said))
                line = " ".join(x for x in (line, self._tell("remember", values, memory, scene,
                                                              label + ("said",))) if x)
            return line
        if k == "journey_ended":
            return self._ending(data, values, view, memory, label)
        return ""

    def _ending(self, data: dict, values: dict, view: dict, memory: Any, label: tuple) -> str:
        facts = facts_of(view)
        kept = [a for a in data["kept"] if facts.holds(f"anchor:{a}")]
        lost = [a for a in data["lost"] if facts.ended(f"anchor:{a}")]
        values["last"] = narration_data().places[data["last"]].name
        parts = [self._tell("ending_arrive", values, memory, "ending", label + (1,))]
        if kept:
            values["kept"] = anchor_words(kept, memory)
            parts.append(self._tell("ending_kept", values, memory, "ending", label + (2,)))
        if lost:
            values["lost"] = anchor_words(lost, memory)
            parts.append(self._tell("ending_lost", values, memory, "ending", label + (3,)))
        else:
            parts.append(self._tell("ending_whole", values, memory, "ending", label + (3,)))
        return " ".join(p for p in parts if p)

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
