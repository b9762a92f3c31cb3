"""At Any Cost: the rules engine (GAMES.md §1). Pure functions over a frozen State.

Modelling choices, each a reading of the rule text:

* A meet or a raise is one action that plays a *set* of cards. Tags are checked card by card in the
  order the cards go down, and an Antagonist card's tags open the way for the cards after it, so a
  set is legal when some order plays every card; the engine finds that order itself (a card whose
  tags already match goes first) and records it.
* Discarding down to the hand limit is one card per action, both sides at once (their hands are
  hidden from each other, so neither waits for the other).
* The Protagonist may sacrifice an Anchor at any point of a stage's challenge (set, meet, raise),
  even while the Antagonist is to move; on the Protagonist's own turn to meet, giving up is the
  fold, which costs an Anchor all the same.
* The Antagonist may decline to set a challenge at all (the rule's "unable or unwilling"): that is a
  fold and the hero moves on.
* Locations are flipped after both sides discard, as the stage card's order of steps gives it.

Speed (``bench/run.py``): the engine stays pure and its states immutable, but it remembers what it
worked out: the tags in play per set of facts, the legal moves of the last state asked about (a
chooser and ``apply`` ask about the same state), and each legal-move template, built once (an
Action is frozen, so one instance serves every list). A proposed play is checked directly rather
than against the list of every playable set.

The engine ties its mixins together, each a file below it (one-way, checked by import-linter):
``steps.py`` (the rules steps: chance, setup decisions, the stage), ``legal.py`` (the legal moves and
the check of a proposed one), ``refusals.py`` (why a move is refused), ``views.py`` (what each seat
sees), ``tags.py`` (the derived facts: tags in play, totals, play order), over ``data.py`` and
``model.py`` (the ground: the rules data and the frozen State).
"""
from __future__ import annotations

from typing import ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Outcome, RuleError
from companion.games.at_any_cost.data import Rules, rules
from companion.games.at_any_cost.legal import Legal
from companion.games.at_any_cost.model import (
    ANCHORS_DRAWN,
    ANTAGONIST,
    PROTAGONIST,
    SEATS,
    AacOptions,
    Phase,
    State,
)
from companion.games.at_any_cost.refusals import Refusals
from companion.games.at_any_cost.steps import Steps
from companion.games.at_any_cost.tags import Tags
from companion.games.at_any_cost.views import Views
from companion.story import grammar

_CHANCE_PHASES = frozenset((Phase.DEAL_SEEDS, Phase.DEAL_HIDDEN, Phase.DRAW_ANCHORS,
                            Phase.DRAW_PROTAGONIST, Phase.DRAW_ANTAGONIST))
_PROTAGONIST_PHASES = frozenset((Phase.NAME_HERO, Phase.HERO_PRONOUNS, Phase.DESCRIBE_HERO,
                                 Phase.KEEP_ANCHORS, Phase.ANSWER_ANCHORS, Phase.MEET,
                                 Phase.EPILOGUE))


class AtAnyCost(Steps, Legal, Refusals, Views, Tags):
    name: ClassVar[str] = "at-any-cost"
    title: ClassVar[str] = "At Any Cost"
    seats: ClassVar[tuple[str, ...]] = SEATS
    default_human: ClassVar[str] = PROTAGONIST
    options_model: ClassVar[type] = AacOptions
    blurb: ClassVar[str] = (
        "a hero's journey in five stages: the Antagonist sets challenges, the Protagonist meets "
        "them or sacrifices what the hero holds dear"
    )

    def __init__(self, data: Rules | None = None) -> None:
        self._data = data

    @property
    def data(self) -> Rules:
        if self._data is None:
            self._data = rules()
        return self._data

    @property
    def _card_facts(self) -> tuple[dict[str, int], dict[str, frozenset[str]]]:
        """Plain dicts of card values and tags: the hot path of legal_actions reads them a lot."""
        if not hasattr(self, "_facts"):
            cards = self.data.protagonist + self.data.antagonist
            self._facts = ({c.id: c.value for c in cards},
                           {c.id: frozenset(c.tags) for c in cards})
        return self._facts

    def rules_digest(self) -> str:
        return self.data.digest

    # -- setup ---------------------------------------------------------------------------------
    def setup(self, options: AacOptions | None = None) -> State:
        d = self.data
        return State(
            location_deck=tuple(loc.id for loc in d.locations),
            anchor_deck=tuple(a.id for a in d.anchors),
            protagonist_deck=tuple(c.id for c in d.protagonist),
            antagonist_deck=tuple(c.id for c in d.antagonist),
        )

    # -- whose move ----------------------------------------------------------------------------
    def to_move(self, s: State) -> list[str]:
        p = s.phase
        if p in _CHANCE_PHASES:
            return [CHANCE]
        if p in _PROTAGONIST_PHASES:
            return [PROTAGONIST]
        if p is Phase.QUESTIONS:
            pending = s.questions and s.questions[-1].answer is None
            return [PROTAGONIST] if pending else [ANTAGONIST]
        if p is Phase.DISCARD:
            return [seat for seat in SEATS if self._over_limit(s, seat)]
        if p in (Phase.SET, Phase.RAISE):
            return [ANTAGONIST]
        return []

    def chance(self, s: State) -> Chance:
        # asked by the sampler, then by apply, for the same state: remember the last answer
        last = self.__dict__.get("_last_chance")
        if last is not None and last[0] is s:
            return last[1]
        chance = self._chance(s)
        self._last_chance = (s, chance)
        return chance

    def _chance(self, s: State) -> Chance:
        d = self.data
        if s.phase is Phase.DEAL_SEEDS:
            seeds = tuple(loc.id for loc in d.locations if loc.seed)
            return Chance(what="seed locations for stages 1 and 5", count=2, options=seeds,
                          physical_seats=SEATS)
        if s.phase is Phase.DEAL_HIDDEN:
            return Chance(what="face-down locations for stages 2, 3 and 4", count=3,
                          options=s.location_deck, visible_to=(ANTAGONIST,),
                          physical_seats=(ANTAGONIST,))
        if s.phase is Phase.DRAW_ANCHORS:
            return Chance(what="Anchors to choose from", count=ANCHORS_DRAWN,
                          options=s.anchor_deck, visible_to=(PROTAGONIST,),
                          physical_seats=(PROTAGONIST,))
        if s.phase is Phase.DRAW_PROTAGONIST:
            n = min(d.stage(s.stage).protagonist_draw, len(s.protagonist_deck))
            return Chance(what="Protagonist cards drawn", count=n, options=s.protagonist_deck,
                          visible_to=(PROTAGONIST,), physical_seats=(PROTAGONIST,))
        if s.phase is Phase.DRAW_ANTAGONIST:
            n = min(d.stage(s.stage).antagonist_draw, len(s.antagonist_deck))
            return Chance(what="Antagonist cards drawn", count=n, options=s.antagonist_deck,
                          visible_to=(ANTAGONIST,), physical_seats=(ANTAGONIST,))
        raise RuleError("chance", f"nothing is left to chance in phase {s.phase.value}")

    def is_over(self, s: State) -> bool:
        return s.phase is Phase.OVER

    def outcome(self, s: State) -> Outcome:
        lost = len(s.anchors_lost)
        kept = len(s.anchors)
        return Outcome(summary=self.told_outcome(s),
                       scores={ANTAGONIST: float(lost), PROTAGONIST: float(kept)})

    def told_outcome(self, s: State) -> str:
        """The outcome in the game's terms: where the hero came, the Anchors kept and lost."""
        who = s.hero_name or "The hero"
        d = self.data
        where = f" at the {d.location(s.map[4]).name}" if s.map[4] else ""
        kept = grammar.join([d.anchor(a).name for a in s.anchors]) or "none"
        lost = grammar.join([d.anchor(a).name for a in s.anchors_lost]) or "none"
        return (f"{who} ended the journey{where} with {len(s.anchors)} of "
                f"{len(s.anchors) + len(s.anchors_lost)} Anchors kept. Kept: {kept}. "
                f"Lost: {lost}.")

    def final_score(self, s: State) -> str:
        """No score line: the outcome says it in Anchors kept and lost."""
        return ""

    # -- apply -----------------------------------------------------------------------------------
    def apply(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            return self._apply_chance(s, action)
        self._check_legal(s, action)
        handler = getattr(self, f"_do_{action.kind}")
        return handler(s, action)
