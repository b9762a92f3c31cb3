"""The High Stakes state: characters, the scene, the roll in progress, the story so far.

Decisions:

* Plain pydantic models. The engine never mutates a state it was given: ``apply`` works on a deep
  copy and returns it, so the models themselves need not be frozen (and copying stays cheap).
* A character's attribute is ``base - loss``: losses heal at the session's Rest scene; the base
  only changes through Experience (the one die moved after the first story).
* Resources are counted where they live: a Trait's ``spent`` dice (refreshed by Rest), ``burned``
  (a Heroic Effort: gone until Experience), a Relationship's ``used`` flag, the Unique Thing's
  ``unique_used`` (once per session, Rest does not refresh it), the Personal Secret's
  ``secret_used`` (once per campaign: it travels in the character file).
* A roll is a list of pools (one per character rolling: one for a single roll, several for a team
  effort or a contest). Each pool lists its sources of dice, so the pool size is always the sum of
  its sources, and its dice with what became of each 6 (kept, exploded, spent to cancel a 1).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Phase = Literal[
    "create",  # player: choose or build a character
    "frame",  # gm: set the next scene, or end the story
    "between",  # player: between scenes in a safe moment, the Rest now or go on
    "declare",  # player: say what a character does
    "call",  # gm: roll or no roll (and on what problem)
    "stakes",  # gm: attribute, Difficulty, Consequence, tactical advantage
    "pool",  # player: add dice (Traits, Relationships, raising the stakes...), then roll
    "judge",  # gm: does the Trait (or the raise) the player asks for fit this roll?
    "roll",  # chance: the pool's dice
    "sixes",  # player: keep, explode or spend each 6
    "explode",  # chance: two dice for an exploded 6
    "tiebreak",  # player: a tied contest: roll a die, or call it a draw
    "tiebreak_roll",  # chance: the tie-breaking die
    "lose_relationship",  # gm: which Relationship ends
    "element",  # player: a narrative element after a 6
    "veto",  # gm: accept or veto the element
    "narrate",  # the winner of the roll narrates (player on success, gm on failure)
    "complication",  # gm: one setback per uncancelled 1
    "after",  # gm: go on with the scene, reveal a secret, or end the scene
    "experience",  # player: Experience for each surviving character
    "over",
]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Trait(_M):
    id: str
    name: str
    very: bool = False  # VERY good: two dice per session instead of one
    spent: int = 0  # dice used since the last Rest
    burned: bool = False  # burned in a Heroic Effort: unusable until Experience restores it

    def capacity(self) -> int:
        return 2 if self.very else 1

    def available(self) -> int:
        return 0 if self.burned else self.capacity() - self.spent


class Relationship(_M):
    id: str
    name: str
    used: bool = False  # used since the last Rest
    lost: bool = False  # ended by a consequence
    revenge: str = ""  # a revenge bond: the villain (problem id) who killed a friend
    bonus: int = 1


class Character(_M):
    id: str
    name: str
    concept: str = ""
    premade: str = ""
    base: dict[str, int]
    loss: dict[str, int] = Field(default_factory=lambda: {"body": 0, "mind": 0, "aura": 0})
    traits: list[Trait]
    relationships: list[Relationship]
    secret: str = ""
    secret_used: bool = False  # once per campaign
    unique: str = ""
    unique_used: bool = False  # once per session
    status: Literal["active", "dead", "out"] = "active"
    out_reason: str = ""
    deaths_door: bool = False
    captured: bool = False
    social_death: bool = False
    gear_lost: int = 0
    stories: int = 0  # stories finished (Experience taken)
    die_moved: bool = False  # the one die reallocated after the first story

    def current(self, attribute: str) -> int:
        return self.base[attribute] - self.loss[attribute]

    @property
    def active(self) -> bool:
        return self.status == "active"


class Source(_M):
    """One source of dice in a pool."""

    kind: Literal[
        "attribute", "trait", "very", "relationship", "revenge", "secret", "unique", "raise",
        "heroic", "help", "lend", "advantage",
    ]
    ref: str = ""  # attribute, trait id, relationship id, consequence id, helper id
    character: str = ""  # whose resource it is
    dice: int
    label: str
    words: str = ""  # what the player said with it (a raise: no roll of a scene says it twice)


class Die(_M):
    face: int
    origin: int | None = None  # index of the exploded 6 this die came from
    state: Literal["plain", "one", "cancelled", "pending", "kept", "exploded", "cancels"] = "plain"
    cancels: int | None = None  # for a 6 spent on a 1: that 1's index


class Pool(_M):
    character: str
    attribute: str
    sources: list[Source]
    raised: str = ""  # the consequence chosen when raising the stakes
    heroic: str = ""  # the trait burned in a Heroic Effort
    dice: list[Die] = Field(default_factory=list)
    rolled: bool = False
    done: bool = False
    part: int | None = None  # a shared scene: this character's share of the Difficulty
    success: bool | None = None  # a shared scene: whether this character's part held

    def size(self) -> int:
        return sum(s.dice for s in self.sources)

    def successes(self, success_from: int = 3) -> int:
        return sum(
            1
            for d in self.dice
            if (d.state == "plain" and d.face >= success_from) or d.state == "kept"
        )

    def ones(self) -> list[int]:
        return [i for i, d in enumerate(self.dice) if d.state == "one"]

    def pending(self) -> list[int]:
        return [i for i, d in enumerate(self.dice) if d.state == "pending"]

    def spendable_sixes(self) -> list[int]:
        return [i for i, d in enumerate(self.dice) if d.state in ("pending", "kept")]

    def six_rolled(self) -> bool:
        return any(d.face == 6 for d in self.dice)


class Roll(_M):
    kind: Literal["single", "team", "shared", "contest"] = "single"
    problem: str = "open"
    difficulty: int | None = None
    consequence: list[str] = Field(default_factory=list)
    advantage: int = 0
    stage: Literal["attribute", "difficulty", "consequence", "advantage", "pool", "rolling", "done"] = (
        "attribute"
    )
    pools: list[Pool]
    helpers: list[str] = Field(default_factory=list)
    lent: list[str] = Field(default_factory=list)  # helpers who lent a Trait
    current: int = 0  # the pool being rolled or decided
    exploding: int | None = None  # index of the 6 whose two dice are due
    overkill: bool = False
    success: bool | None = None
    winner: str = ""  # contests: the winning character id ("" for a draw)
    tie_die: int | None = None
    due_complications: list[str] = Field(default_factory=list)  # character ids, one per 1
    due_losses: list[str] = Field(default_factory=list)  # character ids losing a Relationship
    applied: list[dict] = Field(default_factory=list)  # consequences applied, for the record
    asking: dict | None = None  # a Trait, a lent Trait or a raise awaiting the GM's judgement
    refused: list[str] = Field(default_factory=list)  # what the GM ruled does not fit this roll
    element: str = ""  # "" a 6 came up and no element yet; "-" none; "+" accepted; else offered
    element_kind: str = ""
    narrated: bool = False


class Declaration(_M):
    character: str
    attribute: str
    text: str = ""


class SceneState(_M):
    number: int
    id: str  # adventure scene id, or "open"
    type: str
    title: str
    place: str = ""
    frame: str = ""  # the GM's framing words
    beats: int = 0  # declarations made in this scene
    declaration: Declaration | None = None


class Draft(_M):
    """A character being created."""

    step: Literal["attributes", "name", "concept", "trait", "relationship", "secret", "unique"]
    base: dict[str, int] = Field(default_factory=dict)
    name: str = ""
    concept: str = ""
    traits: list[str] = Field(default_factory=list)
    relationships: list[str] = Field(default_factory=list)
    secret: str = ""


class State(_M):
    phase: Phase
    characters: list[Character] = Field(default_factory=list)
    debut: list[Character] = Field(default_factory=list)  # each sheet as it entered the story
    party: int = 1  # characters to create before the story starts
    draft: Draft | None = None
    scene: SceneState | None = None
    roll: Roll | None = None
    rest_used: bool = False
    scene_count: int = 0
    max_scenes: int = 14
    max_beats: int = 4
    max_characters: int = 8
    revealed: list[str] = Field(default_factory=list)  # secrets uncovered, in order
    met: list[str] = Field(default_factory=list)  # hidden scenes already framed
    played: list[str] = Field(default_factory=list)  # scene ids framed, in order
    used_premades: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)  # narrative elements that became real
    fact_kinds: list[str] = Field(default_factory=list)  # each fact's kind (the elements list)
    history: list[dict] = Field(default_factory=list)  # one entry per resolved beat
    triggers: list[str] = Field(default_factory=list)  # gm only: scenes set off by complications
    harder: int = 0  # 0 or 1: someone alerted by a complication; the next roll is one harder
    scene_complications: list[str] = Field(default_factory=list)  # complications this scene
    pending_new: int = 0  # characters owed to the player after deaths
    bonds: list[dict] = Field(default_factory=list)  # revenge bonds: {villain, fallen}
    ending: str = ""
    epilogue: str = ""
    exp_queue: list[str] = Field(default_factory=list)
    exp_step: Literal["grow", "move"] = "grow"
    steps: int = 0  # actions applied (for bounded play and the record)

    def char(self, cid: str) -> Character:
        for c in self.characters:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def active(self) -> list[Character]:
        return [c for c in self.characters if c.active]
