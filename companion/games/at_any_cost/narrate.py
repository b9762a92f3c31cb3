"""Offline narration for At Any Cost, told from the cards' own words.

Every public beat becomes one or two sentences built from templates in
``rules/at_any_cost/narration.toml``, filled with the stage, the location and the descriptor
keywords of the cards played. Choices are seeded by (session seed, step), so a session narrates the
same way every time, and every sentence is checked against the session's memory so none is told
twice. Banned topics (lines, X-card) and veils remove keywords, templates and quoted player text
that mention them.
"""
from __future__ import annotations

import re
import tomllib
from functools import cache
from string import Formatter
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.core.game import Action, Event
from companion.games.at_any_cost.data import rules, rules_dir
from companion.story.voice import Beat, NarrationMemory

PLACEHOLDERS = {"hero", "place", "stage", "card", "cards", "kw", "kw2", "anchor", "answer",
                "first", "last", "premise", "ptotal", "atotal", "kept", "lost"}
PROPER = {"Anansi", "Puck", "Raven", "Coyote", "Loki"}


class FollowUp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ask: str
    replies: tuple[str, ...]


class Writing(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    names: tuple[str, ...]
    details: tuple[str, ...]
    questions: tuple[FollowUp, ...]
    answers: dict[str, tuple[str, ...]]


class NarrationData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    phrase: dict[str, str]
    anchor_phrase: dict[str, str]
    templates: dict[str, tuple[str, ...]]
    writing: Writing


@cache
def narration_data() -> NarrationData:
    data = tomllib.loads((rules_dir() / "narration.toml").read_text())
    return NarrationData.model_validate(data)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def _kw(word: str) -> str:
    return word if word.split()[0] in PROPER else word[0].lower() + word[1:]


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(text: str) -> str:
    """Tidy spacing and capitalise every sentence's first letter (phrases arrive lower-case)."""
    text = " ".join(text.split())
    text = re.sub(r"([.!?] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    return text[0].upper() + text[1:] if text else text


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # -- the story -------------------------------------------------------------------------------
    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        parts = []
        for i, event in enumerate(beat.events):
            text = self._event(event, beat.view, memory, (beat.step, i))
            if text:
                parts.append(text)
        return " ".join(parts)

    def _ctx(self, view: dict, stage: int | None = None) -> dict[str, Any]:
        hero = view.get("hero", {}).get("name") or "the hero"
        stage = stage or view.get("stage") or 1
        entry = view["map"][stage - 1] if view.get("map") else {}
        first = view["map"][0].get("location_name") if view.get("map") else None
        last = view["map"][4].get("location_name") if view.get("map") else None
        return {
            "hero": hero,
            "place": (entry.get("location_name") or "road").lower(),
            "place_keywords": list(entry.get("keywords", [])),
            "stage": rules().stage(stage).name.lower().removeprefix("the "),
            "first": (first or "start").lower(), "last": (last or "end").lower(),
        }

    def _event(self, ev: Event, view: dict, memory: NarrationMemory, label: tuple) -> str:
        ctx = self._ctx(view, ev.data.get("stage"))  # the stage the event happened in
        d = rules()
        k = ev.kind
        if k == "map_dealt":
            premise = self._pick("opening", {**ctx, "premise": ev.data["premise"],
                                             "first": d.location(ev.data["first"]).name.lower(),
                                             "last": d.location(ev.data["last"]).name.lower()},
                                 memory, label)
            road = self._pick("road", {**ctx, "first": d.location(ev.data["first"]).name.lower(),
                                       "last": d.location(ev.data["last"]).name.lower()},
                              memory, label + ("road",))
            return " ".join(x for x in (premise, road) if x)
        if k == "anchors_kept":
            kept = _join([narration_data().anchor_phrase[a] for a in ev.data["anchors"]])
            return self._pick("kept", {**ctx, "kept": kept}, memory, label)
        if k == "location_revealed":
            return self._pick("arrive", ctx, memory, label, keywords=ctx["place_keywords"])
        if k in ("challenge_set", "challenge_raised", "challenge_met"):
            cards = ev.data["cards"]
            phrase = _join([narration_data().phrase[c] for c in cards])
            if not memory.allows(phrase):
                phrase = "a danger" if k != "challenge_met" else "whatever is at hand"
            keywords = [w for c in cards for w in d.card(c).keywords]
            key = {"challenge_set": "set", "challenge_raised": "raise", "challenge_met": "meet"}[k]
            extra = {"card": phrase, "cards": phrase, "ptotal": ev.data["protagonist_total"],
                     "atotal": ev.data["antagonist_total"]}
            return self._pick(key, {**ctx, **extra}, memory, label, keywords=keywords)
        if k == "antagonist_folded":
            return self._pick("fold" if ev.data.get("set") else "quiet", ctx, memory, label)
        if k == "anchor_sacrificed":
            return self._sacrifice(ev, ctx, memory, label)
        if k == "journey_ended":
            return self._ending(ev, ctx, memory, label)
        return ""

    def _sacrifice(self, ev: Event, ctx: dict, memory: NarrationMemory, label: tuple) -> str:
        anchor = narration_data().anchor_phrase[ev.data["anchor"]]
        answer = ev.data.get("answer", "")
        said = f"{ctx['hero']} once said of it: “{answer}”" if answer else ""
        if said and not memory.allows(said):
            said = ""
        key = "sacrifice" if ev.data.get("fold") else "sacrifice_early"
        line = self._pick(key, {**ctx, "anchor": anchor, "answer": said}, memory, label)
        own = ev.data.get("text", "")
        if own and memory.allows(own):
            line = f"{line} {own}".strip()
        return line

    def _ending(self, ev: Event, ctx: dict, memory: NarrationMemory, label: tuple) -> str:
        d = rules()
        ctx = {**ctx, "last": d.location(ev.data["last"]).name.lower() if ev.data.get("last")
               else ctx["last"]}
        kept = _join([narration_data().anchor_phrase[a] for a in ev.data["kept"]])
        lost = _join([narration_data().anchor_phrase[a] for a in ev.data["lost"]])
        parts = [self._pick("ending_arrive", ctx, memory, label + (1,))]
        if kept:
            parts.append(self._pick("ending_kept", {**ctx, "kept": kept}, memory, label + (2,)))
        parts.append(self._pick("ending_lost", {**ctx, "lost": lost}, memory, label + (3,))
                     if lost else self._pick("ending_whole", ctx, memory, label + (3,)))
        if ev.data.get("text") and memory.allows(ev.data["text"]):
            parts.append(ev.data["text"])
        return " ".join(p for p in parts if p)

    def _pick(self, key: str, ctx: dict, memory: NarrationMemory, label: tuple,
              keywords: list[str] | None = None) -> str:
        """A sentence from ``key``'s templates that is allowed and has not been told before."""
        rng = memory.rng("pick", key, *label)
        templates = [t for t in narration_data().templates[key] if memory.allows(t)]
        rng.shuffle(templates)
        words = [w for w in (keywords or []) if memory.allows(w)]
        for template in templates:
            for _ in range(6):
                picks = rng.sample(words, min(2, len(words))) if words else []
                kw = _kw(picks[0]) if picks else "strange"
                kw2 = _kw(picks[1]) if len(picks) > 1 else "silent"
                text = _sentence(template.format(**{**ctx, "kw": kw, "kw2": kw2}))
                if text not in memory.used and memory.allows(text):
                    memory.used.add(text)
                    return text
        return ""

    # -- free text an AI seat writes -------------------------------------------------------------
    def write(self, action: Action, view: dict, memory: NarrationMemory) -> str:
        w = narration_data().writing
        rng = memory.rng("write", action.kind, str(action.args))
        hero = view.get("hero", {}).get("name") or "the hero"
        anchor_id = action.args.get("anchor")
        anchor = narration_data().anchor_phrase[anchor_id] if anchor_id else ""
        pools = {
            "name_hero": w.names,
            "describe_hero": w.details,
            "ask": tuple(q.ask for q in w.questions),
            "reply": self._replies(view, hero),
            "answer": w.answers.get(anchor_id or "", ()),
        }
        said = {q.get("question") for q in view.get("questions", [])} | \
            {q.get("answer") for q in view.get("questions", [])}
        pool = [p.format(hero=hero, anchor=anchor) for p in pools.get(action.kind, ())]
        fresh = [p for p in pool if memory.allows(p) and p not in said]
        return rng.choice(fresh) if fresh else ""

    def _replies(self, view: dict, hero: str) -> tuple[str, ...]:
        """Answers that fit the question just asked (any question: its own replies)."""
        asked = view.get("questions", [])
        if not asked:
            return ()
        last = asked[-1]
        anchor = narration_data().anchor_phrase[last["anchor"]]
        for q in narration_data().writing.questions:
            if q.ask.format(hero=hero, anchor=anchor) == last["question"]:
                return q.replies
        return ("{hero} thinks about that for a long moment, and does not answer.",)


def hidden_names(view: dict, seat: str, action: Action) -> list[str]:
    """Names in this seat's view that the table must not hear (the language-model voice's
    fidelity check uses them): face-down locations and the cards still in hand."""
    playing = set(action.args.get("cards", []))
    names = [st["location_name"] for st in view.get("map", [])
             if not st.get("face_up") and st.get("location_name")]
    return names + [c["name"] for c in view.get("hand", []) if c["id"] not in playing]
