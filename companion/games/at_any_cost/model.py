"""At Any Cost's state: plain, frozen data. The engine derives everything else from it.

Every card id is in exactly one list at any time (a deck, a hand, the cards played this stage, a
discard pile, or out of the game): that is the conservation invariant the tests check. Tags in play
are not stored: they are derived from the stage, its location and the Antagonist's played cards.
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from companion.core.game import Options

PROTAGONIST = "protagonist"
ANTAGONIST = "antagonist"
SEATS = (PROTAGONIST, ANTAGONIST)
ANCHORS_DRAWN = 8
ANCHORS_KEPT = 5
MAX_QUESTIONS = 2


class Phase(StrEnum):
    DEAL_SEEDS = "deal_seeds"  # chance: two seed locations face up at stages 1 and 5
    DEAL_HIDDEN = "deal_hidden"  # chance: three locations face down at stages 2-4
    NAME_HERO = "name_hero"
    HERO_PRONOUNS = "hero_pronouns"  # she, he, they or the player's own set
    DESCRIBE_HERO = "describe_hero"
    DRAW_ANCHORS = "draw_anchors"  # chance: 8 of the 12 Anchors
    KEEP_ANCHORS = "keep_anchors"
    ANSWER_ANCHORS = "answer_anchors"  # one kept Anchor at a time
    QUESTIONS = "questions"  # the Antagonist may ask one or two follow-ups
    DRAW_PROTAGONIST = "draw_protagonist"  # chance
    DRAW_ANTAGONIST = "draw_antagonist"  # chance
    DISCARD = "discard"  # both sides discard down to the hand limit
    SET = "set"  # the Antagonist sets the challenge
    MEET = "meet"  # the Protagonist meets it
    RAISE = "raise"  # the Antagonist raises
    EPILOGUE = "epilogue"
    OVER = "over"


class AacOptions(Options):
    pass


class Question(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    anchor: str
    question: str
    answer: str | None = None


class StageResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stage: int
    result: str  # "antagonist_folded" | "protagonist_folded" | "sacrifice"
    anchor: str | None = None
    protagonist_total: int
    antagonist_total: int


class State(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    phase: Phase = Phase.DEAL_SEEDS
    stage: int = 0  # 0 during setup, then 1-5
    map: tuple[str | None, ...] = (None,) * 5  # location id per stage
    face_up: tuple[bool, ...] = (False,) * 5
    location_deck: tuple[str, ...] = ()  # locations not yet dealt (unordered)
    locations_out: tuple[str, ...] = ()  # not used this game

    hero_name: str = ""
    hero_pronouns: str = "they"  # as story.pronouns.write gives it
    hero_details: str = ""
    premise: str = ""

    anchor_deck: tuple[str, ...] = ()
    anchors_drawn: tuple[str, ...] = ()  # the 8 on offer while choosing
    anchors: tuple[str, ...] = ()  # kept and not yet lost, in the order kept
    anchors_set_aside: tuple[str, ...] = ()
    anchors_lost: tuple[str, ...] = ()
    answers: dict[str, str] = Field(default_factory=dict)
    questions: tuple[Question, ...] = ()
    questions_done: bool = False

    protagonist_deck: tuple[str, ...] = ()
    antagonist_deck: tuple[str, ...] = ()
    protagonist_hand: tuple[str, ...] = ()
    antagonist_hand: tuple[str, ...] = ()
    protagonist_played: tuple[str, ...] = ()  # this stage, in the order played
    antagonist_played: tuple[str, ...] = ()
    protagonist_discard: tuple[str, ...] = ()
    antagonist_discard: tuple[str, ...] = ()

    results: tuple[StageResult, ...] = ()
    epilogue: str = ""
