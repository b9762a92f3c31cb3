"""Dragon & Warrior's state: plain, frozen data. The engine derives everything else from it.

Seats are the four roles (warrior, villain, ally, treasure); in the two-player variant one person
holds the three that are not the Warrior. Dragon Tokens belong to people, not roles, so they are
kept per side: the Warrior's player and the other player. A swap (three tokens) trades the sides.

Places are Spaces on a map that grows: a town's buildings and street, the outdoor Areas (part 2
adds points of interest and dungeon rooms as more Space kinds). Battles keep their own deck: every
one of the 52 cards is always in exactly one of deck, discard pile, a hand or the table.
"""
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from companion.core.game import Options

WARRIOR, VILLAIN, ALLY, TREASURE = "warrior", "villain", "ally", "treasure"
SEATS = (WARRIOR, VILLAIN, ALLY, TREASURE)
ROLES_SIDE = (VILLAIN, ALLY, TREASURE)
STATS = ("str", "agi", "hp", "mp")
FOE_STATS = ("atk", "def", "hp", "mp")
PALETTE_CAP = 6  # entries on the palette, both lists together, before play must begin
QUESTION_ROLES = (TREASURE, ALLY, VILLAIN)  # who asks the Warrior a question, in order


class Phase(StrEnum):
    PALETTE = "palette"
    CREATE = "create"
    NAME = "name"
    PRONOUNS = "pronouns"
    ADJECTIVE = "adjective"
    TRAIT = "trait"
    QUESTIONS = "questions"  # the other roles ask, the Warrior answers
    TOWN = "town"  # Treasure names the town
    HOUSES = "houses"  # Treasure adds 3-5 houses
    AREAS = "areas"  # Treasure names the Level 1 and Level 2 areas
    TROUBLE = "trouble"  # the Villain names the town's trouble
    QUEST = "quest"  # the Ally (the king) gives the first Quest in the throne room
    CHESTS = "chests"  # the Warrior opens the three chests
    TREASURE = "treasure"  # Treasure puts an item down (chest, house, after a win, reward)
    FOUND = "found"  # the Warrior takes or leaves what was found
    EXPLORE = "explore"  # the Warrior moves and acts; the heart of the session
    SCENE = "scene"  # the Ally or the Villain answers the Warrior's talk
    JOIN = "join"  # the Warrior accepts or declines a Party Member
    AMBUSH = "ambush"  # the Villain may start a battle in the space just entered
    BUILD = "build"  # a Conflict (or a Party Member) is being made by point buy
    BATTLE = "battle"
    AWARD = "award"  # after a battle, the Ally may award the Warrior's player a token
    LEVEL_UP = "level_up"
    RATE = "rate"  # Treasure rates a finished Quest
    DRAW = "draw"  # Treasure draws what is in an area the first time the Warrior walks in
    OBSTACLE = "obstacle"  # Treasure writes the Obstacle at a new dungeon's entrance
    JUDGE = "judge"  # Treasure judges whether the Warrior's Quest item gets past the Obstacle
    ROOM = "room"  # Treasure names and describes a dungeon room the Warrior walks into
    OVER = "over"


UNTIL = ("", "quest", "dungeon")  # or "level N"


class WarriorOptions(Options):
    # when the session stops: "" or "quest" (the town's last open Quest turned in), "dungeon"
    # (the first dungeon cleared), "level N" (the Warrior reaches Level N)
    until: str = ""
    swaps: bool = True  # three Dragon Tokens may trade the Warrior between the players

    @field_validator("until")
    @classmethod
    def _until(cls, v: str) -> str:
        v = " ".join(v.lower().split())
        if v in UNTIL:
            return v
        head, _, n = v.partition(" ")
        if head == "level" and n.isdigit() and 2 <= int(n) <= 30:
            return f"level {int(n)}"
        raise ValueError("expected quest, dungeon or 'level N' (N from 2 to 30)")


class Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str  # a consumable id, "weapon", "armor", "offhand" or "quest"
    level: int = 0
    name: str
    text: str = ""
    uses: int = 0  # fairy water
    town: str = ""  # wings: where they fly home to
    offhand_as: str = ""  # "weapon" or "armor"
    element: str = ""


class Warrior(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    pronouns: str = "they"
    adjective: str = ""
    traits: tuple[str, ...] = ()
    level: int = 1
    xp: int = 0
    strength: int = 1
    agility: int = 1
    max_hp: int = 5
    hp: int = 5
    max_mp: int = 0
    mp: int = 0
    defense: int = 0
    weapon: Item | None = None
    armor: Item | None = None
    offhand: Item | None = None
    pouch: tuple[Item, ...] = ()
    quest_items: tuple[Item, ...] = ()
    points: int = 0  # level-up points not yet spent
    fire: int = 0  # Dragon's Fire: + Attack until the end of the next fight
    scale: int = 0  # Dragon's Scale: + Defense until the end of the next fight
    magic: str = ""  # the element the Warrior's attack spells are attuned to ("" none)


class Foe(BaseModel):
    """A Conflict card (or a Party Member, which is filled out the same way)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    text: str = ""
    level: int
    atk: int = 1
    max_def: int = 1
    max_hp: int = 5
    max_mp: int = 0
    fast: bool = False
    weakness: int = 1  # damage multiplier against weak_to: 1, 2 or 4
    weak_to: str = ""
    minion: str = ""  # id of the minion card fighting beside it
    minion_of: str = ""
    spells: tuple[str, ...] = ()
    boss: bool = False
    party: bool = False
    points: int = 0  # unspent points while it is being built


class Fighter(BaseModel):
    """A foe's or party member's current numbers in a battle."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    hp: int
    defense: int
    mp: int


class Draft(BaseModel):
    """A card being filled out by point buy."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    foe: Foe
    stage: str = "abilities"  # abilities -> stats -> spells
    minion_level: int = 0  # a minion still to be made after this card
    then: str = "battle"  # battle | party


class Attack(BaseModel):
    """Cards on the table waiting for an answer: an attack, a flight, or a PM flip."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    by: str  # "warrior" or a foe id
    kind: str  # attack | run
    slots: tuple[tuple[str, ...], ...]  # each a single card or a set of one rank (a Critical)
    target: str = ""  # foe id, or "warrior"
    spell: str = ""
    token: bool = False
    block: tuple[str, ...] = ()
    blocked: bool | None = None
    spellblock: bool = False
    flip: str = ""  # the Party Member's flipped card
    step: str = "block"  # block -> pm -> flip (chance) -> resolve


class Battle(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    foe: str  # the master's card id
    minion: str = ""
    fighters: tuple[Fighter, ...] = ()
    deck: tuple[str, ...] = ()  # unordered: each draw is a chance event
    discard: tuple[str, ...] = ()
    warrior_hand: tuple[str, ...] = ()
    villain_hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    turn: str = WARRIOR  # warrior | a foe id
    draw: str = ""  # whose hand is due from the deck: warrior | villain | pm | ""
    draw_then: str = ""  # what the draw was for: start | turn | maneuver | stamina
    pending: Attack | None = None
    round: int = 0
    log_crit: int = 0  # criticals the Warrior scored (the Ally's award reads it)
    told: bool = False  # the Warrior's player spoke during the battle (-- TEXT)
    fire: int = 0  # Dragon's Fire used in this battle
    bared: tuple[str, ...] = ()  # foes whose Weakness a proper Quest item laid bare


class Place(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str  # building | street | area | poi | dungeon (its entrance) | room
    name: str
    level: int = 1
    building: str = ""  # throne | inn | item-shop | equipment-shop | house
    links: tuple[str, ...] = ()
    searched: bool = False  # the $ mark: a building's, POI's or room's treasure, once ever
    text: str = ""  # what Treasure said it looks like
    parent: str = ""  # the area a POI or dungeon is in; the area an area grew from
    drawn: bool = False  # an area: Treasure has drawn what is in it
    # dungeons: the entrance holds the Obstacle and the Boss; rooms sit on floors at grid spots
    dungeon: str = ""
    floor: int = 0
    pos: tuple[int, int] = (0, 0)
    named: bool = False  # a room: Treasure has described it
    seen: bool = False  # a room: on the Warrior's map (entered, next door, or lit by Radiant)
    cleared: bool = False  # a room: the X mark; an entrance: the Boss is beaten
    safe: bool = False  # a room or entrance of a cleared dungeon: now part of a town
    stairs: str = ""  # a room: the room its stairs lead down to
    stairs_found: bool = False
    obstacle: str = ""
    opened: bool = False
    tried: tuple[str, ...] = ()  # Quest items Treasure judged not to fit
    boss_met: bool = False  # an entrance: the Villain has brought the Boss in
    boss_card: str = ""
    lair: bool = False  # an entrance: the lord's lair, whose Boss is the ___ lord
    town: str = ""  # a street: its town's name (a later town's street sits in an area)


class Quest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    giver: str  # the place where it is turned in
    area: str  # where it is done
    done: bool = False
    turned_in: bool = False


class State(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    phase: Phase = Phase.PALETTE
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    palette_turn: int = 0
    passes: int = 0
    questions: tuple[tuple[str, str, str], ...] = ()  # (role, question, answer)
    trouble: str = ""
    warrior: Warrior = Field(default_factory=Warrior)
    party: Foe | None = None
    party_hp: int = 0
    cards: tuple[Foe, ...] = ()  # the Villain's deck of Conflict cards
    draft: Draft | None = None
    town: str = ""  # the name of the town whose Quests are in play (the home town)
    home: str = "street"  # that town's street; a voyage moves it to a new town's
    places: tuple[Place, ...] = ()
    here: str = ""
    scene_here: bool = False  # a Scene was already played in this space this visit
    battled_here: bool = False  # a Battle was already fought in this space this visit
    forced: bool = False  # a battle must happen before the Warrior leaves this space
    ambushed: bool = False  # the Villain already decided about this visit
    chests: int = 0  # chests opened (0-3)
    found: Item | None = None  # an item on offer to the Warrior
    gift: str = ""  # what Treasure is filling: chest | house | battle | reward
    gift_left: int = 0  # levels Treasure may still give
    quests: tuple[Quest, ...] = ()
    battle: Battle | None = None
    battles: int = 0
    battles_before: int = 0  # battles fought in earlier sessions of the campaign
    session: int = 1  # which session of the campaign this is
    road: str = ""  # a voyage begun within a session: the town left behind (told with the next)
    wins: int = 0
    tokens: tuple[int, int] = (0, 0)  # (the Warrior's player, the other player)
    swapped: bool = False  # the human and the AI have traded the Warrior seat
    swaps: bool = True  # WarriorOptions.swaps: False turns the three-token swap off
    offer: str = ""  # a friend's offer to join as a Party Member
    award_due: bool = False  # after a battle, the Ally may award the Warrior's player a token
    wake_at: str = ""  # the inn a defeated Warrior last woke in
    defeats: int = 0  # battles lost this campaign (a setback: the session goes on)
    asked: str = ""  # what the Warrior's player said on starting this scene (talk -- TEXT)
    next_id: int = 1
    ended: str = ""  # why the session stopped
    until: str = ""  # WarriorOptions.until
    attempt: tuple[str, str] = ("", "")  # a Quest item offered at an Obstacle, and how
