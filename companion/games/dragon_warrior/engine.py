"""Dragon & Warrior: the rules engine (GAMES.md §4), the two-player variant. Pure functions over
a frozen State; each phase's rules live in their own module:

* world.py: session zero, the town, the areas, the chests, treasure, Dragon Tokens;
* build.py: point buy for the Warrior, Conflict cards, minions and Party Members;
* explore.py: moving between Spaces, scenes, shops, the inn, the end of a battle, Quests;
* battle.py / battle_apply.py: the card battle.

The engine checks every action against its own legal list before anything changes, so a refused
action names the rule and leaves the state as it was.
"""
from __future__ import annotations

from typing import ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Outcome, RuleError
from companion.games.dragon_warrior import battle, battle_apply, build, dungeon, explore, world
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.data import Rules, rules
from companion.games.dragon_warrior.why import rule_name
from companion.games.dragon_warrior.model import (
    ALLY,
    ROLES_SIDE,
    SEATS,
    TREASURE,
    VILLAIN,
    WARRIOR,
    Phase,
    State,
    WarriorOptions,
)

SETUP = {Phase.PALETTE, Phase.NAME, Phase.PRONOUNS, Phase.ADJECTIVE, Phase.TRAIT,
         Phase.QUESTIONS, Phase.TOWN, Phase.HOUSES, Phase.AREAS, Phase.TROUBLE, Phase.QUEST}


class DragonWarrior:
    name: ClassVar[str] = "dragon-warrior"
    title: ClassVar[str] = "Dragon & Warrior"
    seats: ClassVar[tuple[str, ...]] = SEATS
    default_human: ClassVar[str] = WARRIOR
    options_model: ClassVar[type] = WarriorOptions
    blurb: ClassVar[str] = (
        "an old-school console adventure told at the table: you are the Warrior, the companion "
        "plays the Villain, the Ally and Treasure; battles are fought with a deck of cards")
    # From the other side of the table (``--seat villain``: the human holds all three seats).
    seat_blurbs: ClassVar[dict[str, str]] = {seat: (
        "an old-school console adventure told at the table: you are the Villain, the Ally and "
        "Treasure, the companion plays the Warrior; battles are fought with a deck of cards")
        for seat in (VILLAIN, ALLY, TREASURE)}

    def __init__(self, data: Rules | None = None) -> None:
        self._data = data

    @property
    def data(self) -> Rules:
        if self._data is None:
            self._data = rules()
        return self._data

    def rules_digest(self) -> str:
        return self.data.digest

    def seat_holders(self, s: State, seats: dict[str, str]) -> dict[str, str]:
        """Who holds each seat: three Dragon Tokens trade the Warrior between the two players
        (the Warrior's player takes the Villain, the Ally and Treasure, and back again)."""
        warrior = seats.get(WARRIOR)
        # the other player: whoever holds a seat of the other side that the Warrior's player
        # does not (``--seat villain``: the human plays the Villain, the Ally and Treasure)
        others = next((seats[x] for x in (VILLAIN, ALLY, TREASURE)
                       if x in seats and seats[x] != warrior), seats.get(VILLAIN))
        if s.swapped:
            warrior, others = others, warrior
        return {seat: (warrior if seat == WARRIOR else others) if seat in SEATS else h
                for seat, h in seats.items()}

    def setup(self, options: WarriorOptions | None = None) -> State:
        if options is None:
            return State()
        return State(until=options.until, swaps=options.swaps)

    # -- whose move ------------------------------------------------------------------------------
    def to_move(self, s: State) -> list[str]:
        p = s.phase
        if p is Phase.OVER:
            return []
        if p is Phase.BATTLE:
            return battle.to_move(s)
        if p is Phase.PALETTE:
            return [world.palette_seat(s)]
        if p is Phase.QUESTIONS:
            return [world.question_state(s)[0]]
        if p in (Phase.TOWN, Phase.HOUSES, Phase.AREAS, Phase.TREASURE, Phase.RATE, Phase.DRAW,
                 Phase.OBSTACLE, Phase.JUDGE, Phase.ROOM):
            return [TREASURE]
        if p in (Phase.TROUBLE, Phase.AMBUSH):
            return [VILLAIN]
        if p in (Phase.QUEST, Phase.AWARD):
            return [ALLY]
        if p is Phase.SCENE:
            return [ALLY if world.in_town(world.place(s, s.here)) else VILLAIN]
        if p is Phase.BUILD:
            return [build.builder(s)]
        if p is Phase.LEVEL_UP:
            return [WARRIOR] if s.warrior.points > 0 else [ALLY]
        return [WARRIOR]

    def sequel(self, s: State) -> list[Action]:
        """The move that opens the next session of a finished one (``companion resume``): after
        the home town's last Quest, the voyage to a new town; after a night's stop, a defeat or
        an autoplay's own stop, the next morning where the Warrior is. None after the lord."""
        if s.phase is not Phase.OVER or s.ended in ("", "lord"):
            return []
        if s.ended == "quest":
            return [Action(seat=TREASURE, kind="voyage")]
        return [Action(seat=WARRIOR, kind="morning")]

    def chance(self, s: State) -> Chance:
        if s.phase is Phase.BATTLE and battle.to_move(s) == [CHANCE]:
            return battle_apply.chance(s)
        raise RuleError("chance", f"nothing is left to chance in phase {s.phase.value}")

    def is_over(self, s: State) -> bool:
        return s.phase is Phase.OVER

    def outcome(self, s: State) -> Outcome:
        w = s.warrior
        who = w.name or "The Warrior"
        why = {"quest": f"{who} turned in the town's last open Quest",
               "defeat": f"{who} was defeated and woke at the inn",
               "stopped": f"{who} stopped for the night",
               "dungeon": f"{who} cleared a dungeon",
               "lord": f"{who} beat the {w.adjective.lower()} lord and won back the Ball of Light",
               "level": f"{who} reached Level {w.level}"}.get(s.ended, f"{who} rests")
        won = f"{s.wins} battle{'' if s.wins == 1 else 's'} won"  # never "6 battle(s)"
        return Outcome(summary=f"{why}: Level {w.level}, {w.xp} XP, {won}.",
                       scores={WARRIOR: float(w.xp)})

    # -- legal actions -----------------------------------------------------------------------------
    def legal_actions(self, s: State, seat: str) -> list[Action]:
        if seat not in SEATS:
            return []
        acts = self._phase_actions(s, seat)
        if seat != WARRIOR and s.swaps and s.phase is not Phase.OVER and s.phase not in SETUP \
                and s.tokens[1] >= self.data.tokens.swap_cost and s.warrior.name:
            acts.append(Action(seat=seat, kind="swap"))  # three tokens, at any time
        return acts

    def _phase_actions(self, s: State, seat: str) -> list[Action]:
        p = s.phase
        if p is Phase.OVER:
            return []
        if p is Phase.BATTLE:
            return battle.legal(s, seat)
        if p in SETUP:
            return world.setup_actions(s, seat)
        if seat not in self.to_move(s):
            return []
        if p is Phase.CREATE:
            return build.creation_actions()
        if p is Phase.CHESTS:
            return [Action(seat=seat, kind="open", args={"chest": s.chests + 1})]
        if p is Phase.TREASURE:
            return world.treasure_actions(s, seat)
        if p is Phase.FOUND:
            return world.found_actions(s, seat)
        if p is Phase.EXPLORE:
            return explore.explore_actions(s)
        if p is Phase.SCENE:
            return explore.scene_actions(s, seat)
        if p is Phase.JOIN:
            return explore.join_actions(s, seat)
        if p is Phase.AMBUSH:
            return explore.ambush_actions(s, seat)
        if p is Phase.BUILD:
            if s.draft is None or s.draft.stage == "minion":
                return build.card_actions(s, seat)
            return build.draft_actions(s, seat)
        if p is Phase.LEVEL_UP:
            return explore.level_actions(s, seat)
        if p is Phase.AWARD:
            return explore.award_actions(s, seat)
        if p is Phase.RATE:
            return explore.rate_actions(s, seat)
        if p is Phase.DRAW:
            return dungeon.draw_actions(s, seat)
        if p is Phase.OBSTACLE:
            return dungeon.obstacle_actions(s, seat)
        if p is Phase.JUDGE:
            return dungeon.judge_actions(s, seat)
        if p is Phase.ROOM:
            return dungeon.room_actions(s, seat)
        return []

    # -- apply -----------------------------------------------------------------------------------
    def apply(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            return self._apply_chance(s, action)
        self._check_legal(s, action)
        p, k = s.phase, action.kind
        if p is Phase.OVER:  # the next session (sequel)
            if k == "voyage":
                return world.voyage(s)
            s = s.model_copy(update={"phase": Phase.EXPLORE, "ended": "", "until": "",
                                     "session": s.session + 1, "battles_before": s.battles})
            return s, [Event(kind="morning", data={"place": s.here})]
        if k == "swap":
            return world.swap(s)
        if p is Phase.BATTLE:
            return battle_apply.apply(s, action)
        if p in SETUP:
            return world.apply_setup(s, action)
        if p is Phase.CREATE:
            return build.apply_creation(s, action)
        if p is Phase.CHESTS:
            s = s.model_copy(update={"chests": s.chests + 1, "gift": "chest",
                                     "phase": Phase.TREASURE})
            return s, [Event(kind="chest_opened", data={"chest": s.chests})]
        if p is Phase.TREASURE:
            return world.apply_treasure(s, action)
        if p is Phase.FOUND:
            return world.apply_found(s, action)
        if p is Phase.EXPLORE:
            if k == "trait":
                return world.apply_setup(s, action)
            return explore.apply_explore(s, action)
        if p is Phase.SCENE:
            return explore.apply_scene(s, action)
        if p is Phase.JOIN:
            return explore.apply_join(s, action)
        if p is Phase.AMBUSH:
            return explore.apply_ambush(s, action)
        if p is Phase.BUILD:
            return self._apply_build(s, action)
        if p is Phase.LEVEL_UP:
            if k == "raise":
                s, events = build.apply_level_up(s, action)
                return world.settle(s), events
            return explore.apply_party_raise(s, action)
        if p is Phase.AWARD:
            return explore.apply_award(s, action)
        if p is Phase.RATE:
            return explore.apply_rate(s, action)
        if p is Phase.DRAW:
            return dungeon.apply_draw(s, action)
        if p is Phase.OBSTACLE:
            return dungeon.apply_obstacle(s, action)
        if p is Phase.JUDGE:
            return dungeon.apply_judge(s, action)
        if p is Phase.ROOM:
            return dungeon.apply_room(s, action)
        raise RuleError(rule_name(p.value), f"{k} is not possible now")

    def _apply_build(self, s: State, a: Action) -> tuple[State, list[Event]]:
        if a.kind == "field":
            foe = battle.foe(s, a.args["card"])
            return battle.start(s, foe)
        if a.kind == "new":
            minion_of = s.draft.foe.id if s.draft is not None else ""
            s = build.new_draft(s, a.args["level"], "battle", a.text, minion_of=minion_of)
            return s, [Event(kind="card_begun", data={"name": s.draft.foe.name},
                             visible_to=(VILLAIN,))]
        return build.apply_draft(s, a)

    def _apply_chance(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if self.to_move(s) != [CHANCE]:
            raise RuleError("turn order", "no card is due to be drawn now")
        chance = self.chance(s)
        items = list(action.args.get("items", []))
        chance.check(items)
        return battle_apply.apply_chance(s, items)

    def _check_legal(self, s: State, action: Action) -> None:
        if action.seat not in SEATS:
            raise RuleError("seats", f"there is no seat called {action.seat!r}", legal=SEATS)
        legal = self.legal_actions(s, action.seat) if s.phase is not Phase.OVER else [
            a for a in self.sequel(s) if a.seat == action.seat]
        key = action.key()
        for template in legal:
            if template.key() == key:
                if template.ask and not template.optional_text and not action.text.strip():
                    raise RuleError(rule_name(action.kind),
                                    f"{template.ask}: this needs some text")
                return
        raise self._why_illegal(s, action, legal)

    def _why_illegal(self, s: State, action: Action, legal: list[Action]) -> RuleError:
        """The most specific rule the action breaks, with what may be done instead."""
        from companion.games.dragon_warrior.why import why_illegal

        return why_illegal(self, s, action, legal)

    # -- views -----------------------------------------------------------------------------------
    def view(self, s: State, seat: str | None) -> dict:
        from companion.games.dragon_warrior.views import view

        return view(self, s, seat)

    def secrets(self, s: State, seat: str | None) -> set[str]:
        b = s.battle
        if b is None:
            return set()
        hidden: set[str] = set()
        if seat != VILLAIN:
            hidden |= set(b.villain_hand)
        if seat != WARRIOR:
            hidden |= set(b.warrior_hand)
        return hidden

    def describe(self, a: Action) -> str:
        from companion.games.dragon_warrior.views import describe

        return describe(a)


__all__ = ["DragonWarrior", "ROLES_SIDE", "C", "sheet"]
