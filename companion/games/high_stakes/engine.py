"""The High Stakes rules engine: every die, Difficulty, Consequence and once-per-session resource.

Seats: ``player`` (the player characters; the human by default) and ``gm`` (the Game Master; the AI
by default). Almost everything in this game is narration, so most actions carry free text; the
engine's job is to make the numbers exact and to keep the GM's secrets out of the player's view.

The flow of one beat (all of it explicit actions, so a session is its action list):

  frame (gm) -> declare (player: who acts, which attribute, what they do) -> call (gm: no roll, or a
  roll on one of the scene's problems) -> stakes (gm: attribute, Difficulty, Consequence, tactical
  advantage, in that order, all BEFORE any die) -> pool (player: Traits, Relationships, Secret,
  Unique Thing, raising the stakes, Heroic Effort, helpers, team members) -> roll (chance) ->
  sixes (player: keep, explode or spend each 6 on a 1; explosions are chance) -> resolution (the
  engine applies the consequence) -> relationship lost (gm) -> narrative element (player) and veto
  (gm) -> narration (player on success, gm on failure) -> one complication per uncancelled 1 (gm)
  -> after (gm: go on, reveal a secret, or end the scene).

Choices made where the text is open (each is also noted where it is enforced):

* Raising the stakes picks one consequence strictly more severe (more bonus dice) than the one the
  GM set, and gives that consequence's full bonus; on failure it replaces the GM's consequence.
* A Heroic Effort needs a game-over consequence set by the GM (not one the player raised to), burns
  one still-usable Trait for +2, at most one per pool.
* One narrative element per roll in which any die showed a 6 (kept, exploded or spent).
* A 6 may cancel a 1 of the same character's dice, whether the 6 is still undecided or was kept.
* An attribute at 0 takes the character out of the story (the text's drastic effects all do).
* Death's door: further physical harm (a Body loss or death's door again) is fatal. Rest clears it.
* Overkill (pool >= Difficulty + 6) is automatic: the roll succeeds without dice.
* A character who succeeds at a roll is no longer captured.
The rules live in one module per phase of play, each a mixin of :class:`HighStakes`: creation.py,
scenes.py (framing and declaring), pool.py (stakes and the pool), dice.py (the roll and the sixes),
consequences.py (consequences and the sheet), experience.py (experience and campaigns); views.py and
labels.py say what each seat sees and what each action is called.
"""
from __future__ import annotations

from typing import ClassVar

from companion.core.game import CHANCE, Action, Event, Options, Outcome, RuleError
from companion.story import grammar

from .base import CHANCE_PHASES, PLAYER_PHASES, copy_state, release, attribute_splits, slug
from .consequences import Consequences
from .creation import Creation
from .dice import Dice
from .experience import Experience
from .labels import Labels
from .model import State
from .pool import PoolPhase
from .scenes import Scenes
from .views import Views

__all__ = ["HighStakes", "HighStakesOptions", "attribute_splits", "slug"]

# Which method lists a seat's legal actions in each phase.
PLAYER_LEGAL = {"create": "_legal_create", "frame": "_legal_rest", "between": "_legal_between",
                "declare": "_legal_declare",
                "pool": "_legal_pool", "sixes": "_legal_sixes", "tiebreak": "_legal_tiebreak",
                "element": "_legal_element", "experience": "_legal_experience"}
GM_LEGAL = {"frame": "_legal_frame", "call": "_legal_call", "stakes": "_legal_stakes",
            "judge": "_legal_judge",
            "lose_relationship": "_legal_lose", "veto": "_legal_veto",
            "complication": "_legal_complication", "after": "_legal_after"}


def _listed(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is one of ``legal``: seat, kind and args (the text does not count), args
    compared exactly as their JSON would be (1 is not 1.0 nor True)."""
    kind, seat, args = action.kind, action.seat, action.args
    for x in legal:  # a listed template itself, or a copy of one with its text
        if x.args is args and x.kind == kind and x.seat == seat:
            return True
    return any(x.kind == kind and x.seat == seat and x.args == args and _same(x.args, args)
               for x in legal)


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())  # type: ignore[attr-defined]
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))  # type: ignore[arg-type]
    return a == b


def _bonds(chars: list, rules) -> list[dict]:
    """The revenge bonds campaign characters bring into a new story (until the fallen are
    avenged): one per villain, so a character who joins later shares it too."""
    out: list[dict] = []
    for c in chars:
        for r in c.relationships:
            if r.revenge and not any(b["villain"] == r.revenge for b in out):
                prob = rules.problems.get(r.revenge)
                fallen = r.name.removeprefix("avenge ").rsplit(" on ", 1)[0]
                out.append({"villain": r.revenge, "name": prob.name if prob else r.revenge,
                            "fallen": fallen})
    return out


class HighStakesOptions(Options):
    """Game options. ``players`` (inherited) is how many characters the player creates.

    ``characters`` are campaign characters (dicts from :func:`campaign.load_character`), used
    instead of creating new ones. ``max_scenes`` bounds the story (default: the adventure's own).
    """

    characters: tuple[dict, ...] = ()
    max_scenes: int | None = None
    max_beats: int = 4


class HighStakes(Creation, Scenes, PoolPhase, Dice, Consequences, Experience, Views, Labels):
    name: ClassVar[str] = "high-stakes"
    title: ClassVar[str] = "High Stakes"
    seats: ClassVar[tuple[str, ...]] = ("player", "gm")
    default_human: ClassVar[str] = "player"
    # moves that end the whole story: a model voice offers them only when the offline GM would
    ends_story: ClassVar[frozenset[str]] = frozenset({"end_story"})
    # where the story goes next is the adventure's: a model voice frames the offline GM's scene
    directed: ClassVar[frozenset[str]] = frozenset({"frame"})
    options_model: ClassVar[type[Options]] = HighStakesOptions
    blurb: ClassVar[str] = (
        "a storytelling adventure: you play a child assassin of the Nightblades, the GM sets "
        "Difficulty and stakes before every roll and keeps the mage's secrets"
    )

    # What the game is from the GM's chair (the intro for `--seat gm`).
    seat_blurbs: ClassVar[dict[str, str]] = {
        "gm": "a storytelling adventure: you are the Game Master; you frame the scenes, set "
              "Difficulty and stakes before every roll and keep the mage's secrets, while the "
              "companion plays the Nightblades"}

    def __init__(self) -> None:
        self._last_legal: tuple[State, str, int, tuple[Action, ...]] | None = None

    def rules_digest(self) -> str:
        return self.rules.digest

    def setup(self, options: Options) -> State:
        rules = self.rules
        opts = options if isinstance(options, HighStakesOptions) else HighStakesOptions(
            players=options.players
        )
        chars = [self._campaign_character(raw, i) for i, raw in enumerate(opts.characters)]
        ids = [c.id for c in chars]
        if len(set(ids)) != len(ids):
            raise RuleError("campaign-character", "two campaign characters share an id")
        party = max(opts.players or 1, 1) if not chars else len(chars)
        state = State(
            phase="create" if not chars else "frame",
            characters=chars,
            debut=[c.model_copy(deep=True) for c in chars],
            party=party,
            max_scenes=opts.max_scenes or rules.adv.adventure.max_scenes,
            max_beats=max(1, opts.max_beats),
            used_premades=[c.premade for c in chars if c.premade],
            bonds=_bonds(chars, rules),
        )
        return state

    def to_move(self, state: State) -> list[str]:
        ph = state.phase
        if ph == "over":
            return []
        if ph in CHANCE_PHASES:
            return [CHANCE]
        if ph == "narrate":
            r = state.roll
            if r is not None and (r.success or r.kind == "contest"):
                return ["player"]
            return ["gm"]
        if ph in PLAYER_PHASES:
            return ["player"]
        return ["gm"]

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def outcome(self, state: State) -> Outcome:
        rules = self.rules
        if not state.ending:
            return Outcome(summary="the story is not over")
        end = rules.endings.get(state.ending)
        title = end.title if end else state.ending
        fates = ", ".join(
            f"{c.name} {'alive' if c.active else c.status}" for c in state.characters
        )
        wins = sum(1 for h in state.history if h.get("success"))
        return Outcome(
            summary=f"{title}. {fates}.",
            scores={"player": 1.0 if state.ending == "success" else 0.0, "successes": float(wins)},
        )

    def final_score(self, state: State) -> str:
        """The end screen's score: how many rolls went the players' way."""
        rolls = [h for h in state.history if h.get("roll") and not h.get("contest")]
        wins = sum(1 for h in rolls if h.get("success"))
        return f"{wins} of {grammar.count(len(rolls), 'roll')} succeeded"

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        # A session asks for the list, then applies one of them, which checks against the list:
        # the last answer is kept for that same state object (states are values: never edited).
        last = self._last_legal
        if last is not None and last[0] is state and last[1] == seat and last[2] == state.steps:
            return list(last[3])
        ph = state.phase
        if ph == "narrate" and seat in ("player", "gm"):
            out = self._legal_narrate(state, seat)
        else:
            table = PLAYER_LEGAL if seat == "player" else GM_LEGAL if seat == "gm" else {}
            method = table.get(ph)
            out = getattr(self, method)(state) if method else []
        self._last_legal = (state, seat, state.steps, tuple(out))
        return out

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            if state.phase not in CHANCE_PHASES:
                raise RuleError("chance", "no dice are due now", [])
            self.chance(state).check(list(action.args.get("items", [])))
            s = copy_state(state)
            events = self._apply_chance(s, [int(x) for x in action.args["items"]])
            s.steps += 1
            return release(s), events
        legal = self.legal_actions(state, action.seat)
        if not _listed(action, legal):
            raise self._diagnose(state, action, legal)
        s = copy_state(state)
        handler = getattr(self, f"_do_{action.kind}")
        events = handler(s, action)
        s.steps += 1
        return release(s), events
