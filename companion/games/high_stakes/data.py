"""Loads and validates the High Stakes rules data in ``rules/high_stakes/*.toml``.

Decisions:

* Every table is a pydantic model with ``extra="forbid"``, so a misspelt key fails loudly.
* Values we invented (holes in the text, or the scaffolding a program needs to run the one-shot)
  carry ``source = "ours"``; values from the rule text carry ``source = "text"``.
* Nothing is read at import time: :func:`load` reads the files on first call and caches the result.
  Cross-references (scene -> problem, complication -> scene, problem -> secret) are checked there.
"""
from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.core.resources import rules_path
from companion.story.reading import lexicon

Source = Literal["text", "ours"]
Attribute = Literal["body", "mind", "aura"]
ATTRIBUTES: tuple[str, ...] = ("body", "mind", "aura")

RULES_DIR = rules_path("high_stakes")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Limits(_Model):
    attribute_dice: int
    attribute_min: int
    attribute_max: int
    traits: int
    relationships: int
    trait_bonus: int
    relationship_bonus: int
    help_bonus: int
    very_good_bonus: int
    secret_bonus: int
    unique_bonus: int
    revenge_bonus: int
    heroic_bonus: int
    advantage_min: int
    advantage_max: int
    overkill_margin: int
    overkill_counts_raise: bool
    difficulty_max: int
    success_from: int
    explode_dice: int
    source: Source


class Consequence(_Model):
    id: str
    name: str
    bonus: int
    effect: Literal[
        "none", "loss", "equipment", "relationship", "captured", "social_death", "deaths_door", "dead"
    ]
    attribute: Attribute | None = None
    summary: str
    source: Source


class Rung(_Model):
    value: int
    name: str
    summary: str
    examples: list[str]
    source: Source


class SceneType(_Model):
    id: str
    name: str
    attribute: Literal["body", "mind", "aura", ""]
    rolls: bool
    raise_: bool = Field(alias="raise")
    summary: str
    source: Source


class Complication(_Model):
    id: str
    text: str
    # What it does in the engine, lasting: an attribute loss until the Rest; "harder": someone is
    # alerted, the next roll (here or later) is one harder, never more than +1 waiting; "gear": a
    # piece of gear lost; "time": the night one scene shorter.
    effect: Literal["loss", "harder", "gear", "time"] = "harder"
    attribute: Attribute | None = None
    tags: list[str] = Field(default_factory=list)
    needs: list[str] = Field(default_factory=list)  # what the scene must hold for it to make sense
    lasting: str = ""  # the lasting effect, said with it ("they will be ready for you")
    after: Literal["any", "success"] = "any"  # "success": it only makes sense after a win
    told: list[str] = Field(default_factory=list)  # ours: the story's words for it (no rules text)
    source: Source


class Element(_Model):
    id: str
    text: str
    source: Source


class Veto(_Model):
    id: str
    text: str
    source: Source


class Judge(_Model):
    """What each attribute is rolled for (the character sheet's lists): the words a fitting Trait
    may share with the scene's kind."""

    body: list[str]
    mind: list[str]
    aura: list[str]
    source: Source


class RaiseFit(_Model):
    """When raising the stakes to ``consequence`` is logical (none of the lists: always)."""

    consequence: str
    attributes: list[str] = Field(default_factory=list)
    scene_types: list[str] = Field(default_factory=list)
    acts: list[str] = Field(default_factory=list)  # act classes of the reading layer
    things: list[str] = Field(default_factory=list)  # words (any inflection) or kinds of thing
    reason: str
    source: Source


class Core(_Model):
    limits: Limits
    judge: Judge
    raise_fit: list[RaiseFit]
    consequence: list[Consequence]
    difficulty: list[Rung]
    scene_type: list[SceneType]
    complication: list[Complication]
    element: list[Element]
    veto: list[Veto]
    reading: list["Reading"] = Field(default_factory=list)


class Reading(_Model):
    """Where the engine reads an open or silent passage of the text its own way (said, not hidden)."""

    id: str
    text: str
    source: Source


# --- the setting and its adventure -----------------------------------------------------------


class VetoWords(_Model):
    setting: list[str]
    physics: list[str]
    secret: list[str]
    source: Source


class Setting(_Model):
    id: str
    title: str
    summary: str
    facts: list[str]
    veto_words: VetoWords
    source: Source


class Premade(_Model):
    id: str
    name: str
    concept: str
    body: int
    mind: int
    aura: int
    traits: list[str]
    relationships: list[str]
    secret: str = ""
    unique: str = ""
    source: Source


class Quick(_Model):
    names: list[str]
    concepts: list[str]
    traits: list[str]
    relationships: list[str]
    source: Source


class AdventureInfo(_Model):
    id: str
    title: str
    hook: str
    start: str
    captured: str
    after_death: str
    max_scenes: int
    goal: str  # the problem whose solving is the adventure's success
    source: Source


class Exit(_Model):
    words: list[str]
    scene: str


class Scene(_Model):
    id: str
    title: str
    type: str
    place: str
    frame: str
    problems: list[str]
    exits: list[Exit] = Field(default_factory=list)
    next_success: str = ""
    next_failure: str = ""
    ending: str = ""
    hidden: bool = False  # a secret until the GM frames it
    triggered: bool = False  # set off by a complication, a consequence or a twist
    once: bool = False  # the GM frames it at most once
    resume_to: str = ""  # a triggered scene "resuming" into this one goes here instead
    answers: list[str] = Field(default_factory=list)  # the GM's replies when nothing is at stake
    replies: dict[str, list[str]] = Field(default_factory=dict)  # by who is spoken to (lower case)
    yields: list[Yield] = Field(default_factory=list)  # framing sentences facts replace
    props: list[Prop] = Field(default_factory=list)  # what the scene holds, as ways to act
    holds: list[str] = Field(default_factory=list)  # what is here, for the setbacks that need it
    safe: bool = False  # a place the characters may rest after (the guild, the lane below the hill)
    unsafe_won: str = ""  # why, once won, it is no place to rest ("" still safe): over the wall
    won: Won | None = None  # how it is met when the scene it broke into was won
    retreat: str = ""  # where a failure that was only a Retreat leads instead: a way back
    leave: list[Leave] = Field(default_factory=list)  # how it is left, by outcome and next scene
    source: Source

    def as_met(self, won_before: bool) -> "Scene":
        """The scene as it is met: its ``won`` place and framing when the scene it broke into
        was won (the alarm raised as the wall is topped finds the child on the coping)."""
        if self.won is None or not won_before:
            return self
        return self.model_copy(update={"place": self.won.place, "frame": self.won.frame})


class Ending(_Model):
    id: str
    title: str
    text: str
    # When the GM may end the story this way (any one suffices): "goal" the adventure's goal is
    # met; "road" a scene just played leads here; "captured" a character is a prisoner; "dead" a
    # character has died or none is left; "stuck" no scene of the adventure can follow; "always".
    when: list[Literal["goal", "road", "captured", "dead", "stuck", "always"]]
    source: Source


class Approach(_Model):
    attribute: Attribute
    difficulty: int
    label: str
    acts: list[str] = Field(default_factory=list)  # the act classes (rules/reading) it takes
    words: list[str] = Field(default_factory=list)  # the player's own words (taken as said)
    needs_lost_gear: bool = False  # the harder way, when the gear is gone
    needs_gear: bool = False  # only possible with the usual gear (a Nightblade's rope)
    reason: str = ""  # why this rung, said with the reading ("the dogs' own way in")
    source: Source


class Prop(_Model):
    """Something the scene holds that a declaration may use: one more approach to a problem."""

    problem: str
    attribute: Attribute
    difficulty: int
    label: str
    acts: list[str] = Field(default_factory=list)  # the act classes (rules/reading) it takes
    reason: str
    source: Source


class ProblemComplication(_Model):
    text: str
    effect: Literal["none", "loss", "trigger"] = "none"
    attribute: Attribute | None = None
    scene: str = ""
    reveals: str = ""
    source: Source


class AdvantageRule(_Model):
    dice: int
    words: list[str]
    secret: str = ""  # the player must have uncovered this secret for the trigger to count
    reveals: str = ""  # thinking of it uncovers this secret (the GM says so as it awards the dice)
    attribute: Attribute | None = None
    reason: str
    source: Source


class Ease(_Model):
    """A narrative element the players made true that opens another way past a problem."""

    kinds: list[str]  # element kinds (core.toml's elements) that fit
    difficulty: int  # added to the approach's Difficulty (negative: easier)
    reason: str
    source: Source


class OpenedBy(_Model):
    """A narrative element that opens a way the adventure keeps secret: a fact naming one of these
    things (read on lemmas and kinds of thing) uncovers the problem's secret when it is of one of
    these kinds, or says the thing is in ``state`` (a crooked grating found, a window whose latch
    is broken: whatever kind the player gave it)."""

    kinds: list[str]
    things: list[str]
    state: str = ""
    source: Source


class OpenWay(_Model):
    """A new approach to a problem that a fitting narrative element makes possible."""

    kinds: list[str]  # element kinds that can open it, when the fact names what its label names
    attribute: Attribute
    difficulty: int
    label: str
    acts: list[str] = Field(default_factory=list)  # the act classes (rules/reading) it takes
    reason: str
    source: Source


class Yield(_Model):
    """A sentence of a scene's framing that a fact made true replaces (facts stay true)."""

    things: list[str]  # a fact naming one of these things (a lemma or a kind of thing) ...
    state: str  # ... in this state (rules/reading/things.toml [state]: "gives_way") ...
    sentence: str  # ... replaces this sentence of the framing ...
    instead: str  # ... with this one ({fact}: the fact in the player's words)
    source: Source


class Won(_Model):
    """A scene as met when the scene it broke into was won: where the hero is by then, and how it
    opens (the alarm raised as a child tops the wall finds them on the coping, not in the lane)."""

    place: str
    frame: str
    source: Source


class Leave(_Model):
    """How a scene is left, told as the next framing opens: the way from its outcome to the next
    place ("Agramelus gets nothing out of you ... you slip out into the dark house"), so a
    captive freed or thrown to the slug is never simply somewhere else."""

    outcome: Literal["success", "failure"]
    to: str = ""  # the next scene this way leads to; "" for any other
    text: str
    source: Source


class Problem(_Model):
    id: str
    name: str
    villain: bool
    consequence: list[str]
    choices: list[list[str]] = Field(default_factory=list)
    consequence_text: str
    approaches: list[Approach]
    complication: ProblemComplication | None = None
    advantage: list[AdvantageRule] = Field(default_factory=list)
    immune: list[str] = Field(default_factory=list)
    immune_secret: str = ""  # the secret that trying what it is immune to uncovers
    reveals: list[str] = Field(default_factory=list)  # secrets a success uncovers
    needs_secret: str = ""  # the problem cannot be tried before this secret is uncovered
    needs_element: bool = False  # only a roll with a 6 (a narrative element) solves it
    still_missing: str = ""  # said at once when a success is not enough (no 6 for the element)
    eased_by: list[Ease] = Field(default_factory=list)
    raises: list[str] = Field(default_factory=list)  # raises that fit the dangers here
    opened_by: OpenedBy | None = None  # an element that uncovers needs_secret
    opens: list[OpenWay] = Field(default_factory=list)  # approaches an element makes possible
    passes: bool = True  # solving it clears the scene
    source: Source


class Secret(_Model):
    id: str
    title: str
    text: str
    scene: str = ""  # revealed as soon as this scene is played
    source: Source


class Idea(_Model):
    scene: str
    body: list[str]
    mind: list[str]
    aura: list[str]


class Lore(_Model):
    """What the people of the adventure know of someone or something, to answer a question put
    to them ("Willow, what is the mage afraid of?"): ``about`` the adventure's own names for it,
    ``asks`` what the answer tells (a family of ``rules/reading/asking.toml``, "" for who or what
    it is), ``text`` the answer in the speaker's words. Never a GM secret."""

    about: list[str]
    name: str  # how a speaker names it ("Agramelus", "the book")
    asks: Literal["", "want", "fear", "way", "news"] = ""
    text: str
    source: Source


class Adventure(_Model):
    setting: Setting
    premade: list[Premade]
    quick: Quick
    adventure: AdventureInfo
    scene: list[Scene]
    ending: list[Ending]
    problem: list[Problem]
    secret: list[Secret]
    idea: list[Idea]
    lore: list[Lore] = Field(default_factory=list)


class Rules:
    """The loaded tables, with lookups by id."""

    def __init__(self, core: Core, adv: Adventure, digest: str) -> None:
        self.core = core
        self.adv = adv
        self.digest = digest
        self.limits = core.limits
        self.consequences = {c.id: c for c in core.consequence}
        self.ladder = {r.value: r for r in core.difficulty}
        self.scene_types = {t.id: t for t in core.scene_type}
        self.complications = {c.id: c for c in core.complication}
        self.elements = {e.id: e for e in core.element}
        self.vetoes = {v.id: v for v in core.veto}
        self.premades = {p.id: p for p in adv.premade}
        self.scenes = {s.id: s for s in adv.scene}
        self.endings = {e.id: e for e in adv.ending}
        self.problems = {p.id: p for p in adv.problem}
        self.secrets = {s.id: s for s in adv.secret}
        self.ideas = {i.scene: i for i in adv.idea}
        self.lore = list(adv.lore)
        self.raise_fit = {r.consequence: r for r in core.raise_fit}
        self._check()

    def rung(self, value: int) -> Rung:
        """The ladder rung for a Difficulty (5 and above share the top rung)."""
        return self.ladder[min(value, max(self.ladder))]

    def _check(self) -> None:
        known = set(lexicon().act)
        ways = [(p.id, a.label, a.acts) for p in self.problems.values()
                for a in [*p.approaches, *p.opens]]
        ways += [(s.id, pr.label, pr.acts) for s in self.scenes.values() for pr in s.props]
        for where, label, acts in ways:
            if not acts:
                raise ValueError(f"{where}: the way {label!r} needs its act classes (acts = [...], "
                                 "from rules/reading/acts.toml)")
            for a in acts:
                if a not in known:
                    raise ValueError(f"{where}: the way {label!r} has an unknown act {a!r} "
                                     f"(known: {', '.join(sorted(known))})")
        for c in self.consequences.values():
            if c.effect == "loss" and c.attribute is None:
                raise ValueError(f"consequence {c.id}: a loss needs an attribute")
        for s in self.scenes.values():
            if s.type not in self.scene_types:
                raise ValueError(f"scene {s.id}: unknown type {s.type!r}")
            for p in s.problems:
                if p not in self.problems:
                    raise ValueError(f"scene {s.id}: unknown problem {p!r}")
            for nxt in (s.next_success, s.next_failure, s.retreat, *(e.scene for e in s.exits)):
                if nxt and nxt != "resume" and nxt not in self.scenes and nxt not in self.endings:
                    raise ValueError(f"scene {s.id}: leads to unknown {nxt!r}")
            for lv in s.leave:
                if lv.to and lv.to not in self.scenes:
                    raise ValueError(f"scene {s.id}: leaves to unknown {lv.to!r}")
            if s.resume_to and s.resume_to not in self.scenes:
                raise ValueError(f"scene {s.id}: unknown resume_to {s.resume_to!r}")
            for pr in s.props:
                if pr.problem not in s.problems:
                    raise ValueError(f"scene {s.id}: prop for a problem not in the scene {pr.problem!r}")
            if s.ending and s.ending not in self.endings:
                raise ValueError(f"scene {s.id}: unknown ending {s.ending!r}")
        for r in self.raise_fit.values():
            if r.consequence not in self.consequences:
                raise ValueError(f"raise_fit: unknown consequence {r.consequence!r}")
            unknown = [a for a in r.acts if a not in lexicon().act]
            if unknown:
                raise ValueError(f"raise_fit {r.consequence}: unknown act classes {unknown}")
        for p in self.problems.values():
            kinds = [p.consequence, *p.choices, p.raises]
            for kind in (k for ks in kinds for k in ks):
                if kind not in self.consequences:
                    raise ValueError(f"problem {p.id}: unknown consequence {kind!r}")
            if p.complication and p.complication.effect == "trigger":
                if p.complication.scene not in self.scenes:
                    raise ValueError(f"problem {p.id}: complication leads to unknown scene")
            for sid in [*p.reveals, p.needs_secret, p.immune_secret, *(a.secret for a in p.advantage),
                        *(a.reveals for a in p.advantage)]:
                if sid and sid not in self.secrets:
                    raise ValueError(f"problem {p.id}: unknown secret {sid!r}")
        for pm in self.premades.values():
            dice = (pm.body, pm.mind, pm.aura)
            lim = self.limits
            if sum(dice) != lim.attribute_dice or not all(
                lim.attribute_min <= d <= lim.attribute_max for d in dice
            ):
                raise ValueError(f"premade {pm.id}: attributes break the 8-dice rule")
            if len(pm.traits) != lim.traits or len(pm.relationships) != lim.relationships:
                raise ValueError(f"premade {pm.id}: needs 5 Traits and 3 Relationships")
        info = self.adv.adventure
        if info.goal not in self.problems:
            raise ValueError(f"adventure: unknown goal {info.goal!r}")
        for sid in (info.start, info.captured, *([info.after_death] if info.after_death != "resume" else [])):
            if sid not in self.scenes:
                raise ValueError(f"adventure: unknown scene {sid!r}")


def _read(name: str) -> tuple[dict, bytes]:
    raw = (RULES_DIR / name).read_bytes()
    return tomllib.loads(raw.decode("utf-8")), raw


@cache
def load() -> Rules:
    """Read, validate and cross-check the rules data (once per process)."""
    core_doc, core_raw = _read("core.toml")
    adv_doc, adv_raw = _read("nightblades.toml")
    digest = hashlib.sha256(core_raw + b"\0" + adv_raw).hexdigest()[:16]
    return Rules(Core.model_validate(core_doc), Adventure.model_validate(adv_doc), digest)


@cache
def load_draft() -> dict:
    """The GM drafting tables (``draft.toml``), validated in :mod:`.draft`."""
    doc, _ = _read("draft.toml")
    return doc
