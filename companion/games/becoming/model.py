"""Becoming's state: plain, frozen data. The engine derives the dice pools and everything else.

The Hero's nine Assets each carry their Traits (at most five; a positive or a negative mark, with a
name). A subverted Asset has no Traits, a new name given by the Fate that turned it, and cannot be
invoked. Victory points are not stored as totals: every point comes from a :class:`Score` line
(who, why, how many), so the tally in the journal and the invariant "points equal the sum of the
trait and subversion events" read the same list.
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from companion.core.game import Options

HERO = "hero"
FATES = ("spinner", "measurer", "shears")
SEATS = (HERO, *FATES)
KINDS = ("virtue", "strength", "ally")
PER_KIND = 3  # three Virtues, three Strengths and three Allies
SCENES = 9
BASE_DICE = 3
BACKING_DICE = 3
MAX_TRAITS = 5
NEGATIVES_TO_SUBVERT = 3
MAX_COSTS = 3
MAX_OFFER_DICE = 3
PRONOUNS = ("she", "he", "they")

# Victory points, exactly as listed in the rules (GAMES.md §5).
VP_NEGATIVE = 1
VP_REMOVE_POSITIVE = 2
VP_SUBVERT = 4
VP_POSITIVE = 3
VP_STRIKE_NEGATIVE = 2
VP_MOON = 5
VP_ASSET_LEFT = 4

COSTS = ("subvert", "add_negative", "remove_positive")


class Phase(StrEnum):
    QUEST = "quest"  # chance: which of our Quests is told (skipped when an option names one)
    PICK = "pick"  # players alternately pick the Hero's nine Assets, the Hero first
    NAME = "name"
    PRONOUNS = "pronouns"
    ELEMENTS = "elements"  # step 1: the Agent narrates the scene's Elements
    AVATARS = "avatars"  # step 1: the Tempters introduce their avatars
    THREAT = "threat"  # step 2: the Agent presents the Threat and its stakes
    HERO_GATHER = "hero_gather"  # step 3
    AGENT_GATHER = "agent_gather"  # step 4
    OFFERS = "offers"  # step 5: both Tempters at once, in secret
    ANSWERS = "answers"  # step 6 (step 7 follows the last answer by itself)
    COUNTER = "counter"  # step 6: the Hero drafts a counter to one bargain (other costs, dice)
    COUNTER_REPLY = "counter_reply"  # step 6: that Tempter takes the counter or refuses it
    MORE_HERO = "more_hero"  # step 8, the Hero's part
    MORE_AGENT = "more_agent"  # step 8, the Agent's part
    ROLL_HERO = "roll_hero"  # step 9: chance
    ROLL_AGENT = "roll_agent"  # step 9: chance
    PRIZE = "prize"  # step 10 (step 11 follows by itself)
    PRIZE_TRAITS = "prize_traits"  # step 10: the Agent marks each risked Asset in turn
    RESOLVE = "resolve"  # step 12: the winner narrates
    CLOSE = "close"  # step 13: the winner(s) of the game narrate the close
    OVER = "over"


class BecomingOptions(Options):
    """``quest`` names one of our Quests (empty: chance picks one); ``quest_data`` is a whole
    Quest read from a file (``--quest FILE``), carried here so the journal replays without it."""

    quest: str = ""
    quest_data: dict | None = None


class Trait(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # "t7": unique in the game, so the Agent can name the Trait it invokes
    name: str
    positive: bool
    by: str  # the seat that put it there


class Asset(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # the Hero card's id
    kind: str  # virtue | strength | ally
    picked_by: str
    traits: tuple[Trait, ...] = ()
    subverted_by: str | None = None
    turned_name: str = ""  # the name the subverting Fate gave it
    turned_how: str = ""  # how it now works against the Hero
    # the three negative Traits that turned it (empty when a cost or a prize subverted it
    # outright): kept out of play while it is turned, they come back with it (RULINGS.md)
    turned_marks: tuple[Trait, ...] = ()

    @property
    def subverted(self) -> bool:
        return self.subverted_by is not None

    @property
    def positives(self) -> int:
        return sum(1 for t in self.traits if t.positive)

    @property
    def negatives(self) -> int:
        return sum(1 for t in self.traits if not t.positive)


class Cost(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str  # one of COSTS
    asset: str


class Offer(BaseModel):
    """A Tempter's answer at step 5: back the Agent, or a bargain (dice for costs)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tempter: str
    back: bool = False
    costs: tuple[Cost, ...] = ()
    dice: int = 0
    timing: str = "immediate"  # immediate | delayed
    sealed: bool = False
    speech: str = ""  # the Tempter's words through its avatar
    answer: str | None = None  # accepted | rejected (after the reveal)
    lapsed: tuple[int, ...] = ()  # indexes of costs that could no longer be paid


class Score(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    points: int
    why: str  # negative | remove_positive | subvert | negative_subverts | positive | strike |
    #           moon | assets_left
    scene: int
    asset: str | None = None


class SceneLog(BaseModel):
    """What a finished (or current) scene came to: for the sheet, the journal and the bench."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    scene: int
    agent: str
    hero_dice: int = 0
    agent_dice: int = 0
    hero_roll: tuple[int, ...] = ()
    agent_roll: tuple[int, ...] = ()
    winner: str | None = None  # hero | the agent's seat
    offers: int = 0
    accepted: int = 0
    backed: int = 0


class State(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    phase: Phase = Phase.QUEST
    quest: str = ""
    scene: int = 0  # 0 during creation, then 1-9
    picks: int = 0  # Assets picked so far
    hero_name: str = ""
    pronouns: str = "they"
    assets: tuple[Asset, ...] = ()
    next_trait: int = 1

    # the scene in progress
    invoked: tuple[str, ...] = ()  # the Hero's invoked (risked) Assets, in order
    agent_traits: tuple[str, ...] = ()  # negative Trait ids the Agent invoked
    agent_subverted: tuple[str, ...] = ()  # subverted Assets the Agent narrated in
    hero_moon: bool = False
    agent_moon: bool = False
    introduced: tuple[str, ...] = ()  # Tempters who introduced their avatars
    offers: tuple[Offer, ...] = ()
    rejections: int = 0
    counter: Offer | None = None  # the Hero's counter being drafted or awaiting its answer
    countered: tuple[str, ...] = ()  # Tempters whose bargain the Hero has countered this scene
    hero_roll: tuple[int, ...] = ()
    agent_roll: tuple[int, ...] = ()
    winner: str | None = None
    prize_marked: tuple[str, ...] = ()  # risked Assets the Agent's prize has marked
    moon_regained: bool = False
    renames: tuple[tuple[str, str], ...] = ()  # (asset, fate) waiting for a new name
    hero_stakes: str = ""
    threat_text: str = ""

    scores: tuple[Score, ...] = ()
    log: tuple[SceneLog, ...] = ()
    closers: tuple[str, ...] = ()  # the game's winners, who narrate the close
    closed: tuple[str, ...] = ()  # those of them who have
    close_words: tuple[str, ...] = ()  # those of them who told it in words of their own
    ended_early: bool = False
    facts: tuple[str, ...] = Field(default_factory=tuple)  # what the table made true, in order
