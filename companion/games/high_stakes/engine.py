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
"""
from __future__ import annotations

import itertools
import re
from typing import Any, ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Options, Outcome, RuleError

from . import data
from .model import (
    Character,
    Declaration,
    Die,
    Draft,
    Pool,
    Relationship,
    Roll,
    SceneState,
    Source,
    State,
    Trait,
)

ATTRS = data.ATTRIBUTES
FACES = ("1", "2", "3", "4", "5", "6")
ATTR_NAME = {"body": "Body", "mind": "Mind", "aura": "Aura"}

PLAYER_PHASES = {"create", "declare", "pool", "sixes", "tiebreak", "element", "experience"}
GM_PHASES = {"frame", "call", "stakes", "lose_relationship", "veto", "complication", "after"}
CHANCE_PHASES = {"roll", "explode", "tiebreak_roll"}

# Every kind of action a phase can ever hold (to tell "not now" from "not with these arguments").
PHASE_KINDS: dict[str, set[str]] = {
    "create": {"premade", "build", "attributes", "name", "concept", "trait_name",
               "relationship_name", "secret", "no_secret", "unique", "no_unique"},
    "frame": {"frame", "end_story", "reveal", "rest"},
    "declare": {"act", "contest", "move_on"},
    "call": {"no_roll", "roll", "reveal"},
    "stakes": {"attribute", "difficulty", "consequence", "advantage"},
    "pool": {"trait", "relationship", "secret", "unique", "raise", "heroic", "help", "lend",
             "join", "roll"},
    "sixes": {"keep", "explode", "cancel", "done"},
    "tiebreak": {"tiebreak", "draw"},
    "lose_relationship": {"lose"},
    "element": {"element", "skip_element"},
    "veto": {"accept_element", "veto"},
    "narrate": {"narrate"},
    "complication": {"complication"},
    "after": {"continue", "end_scene", "reveal", "end_story"},
    "experience": {"new_trait", "new_relationship", "very_good", "restore", "move_die",
                   "keep_dice"},
}


class HighStakesOptions(Options):
    """Game options. ``players`` (inherited) is how many characters the player creates.

    ``characters`` are campaign characters (dicts from :func:`campaign.load_character`), used
    instead of creating new ones. ``max_scenes`` bounds the story (default: the adventure's own).
    """

    characters: tuple[dict, ...] = ()
    max_scenes: int | None = None
    max_beats: int = 4


def _ev(event: str, /, **payload: Any) -> Event:
    return Event(kind=event, data=payload)


def _gm_ev(event: str, /, **payload: Any) -> Event:
    return Event(kind=event, data=payload, visible_to=("gm",))


def _copy(state: State) -> State:
    """A deep copy to work on (dump and re-validate: several times faster than deepcopy here)."""
    return State.model_validate(state.model_dump())


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24]


def attribute_splits(total: int = 8, lo: int = 1, hi: int = 4) -> list[tuple[int, int, int]]:
    """Every legal (body, mind, aura) split of the creation dice."""
    return [
        (b, m, total - b - m)
        for b in range(lo, hi + 1)
        for m in range(lo, hi + 1)
        if lo <= total - b - m <= hi
    ]


class HighStakes:
    name: ClassVar[str] = "high-stakes"
    title: ClassVar[str] = "High Stakes"
    seats: ClassVar[tuple[str, ...]] = ("player", "gm")
    default_human: ClassVar[str] = "player"
    options_model: ClassVar[type[Options]] = HighStakesOptions
    blurb: ClassVar[str] = (
        "a storytelling adventure: you play a child assassin of the Nightblades, the GM sets "
        "Difficulty and stakes before every roll and keeps the mage's secrets"
    )

    # ------------------------------------------------------------------ data
    @property
    def rules(self) -> data.Rules:
        return data.load()

    def rules_digest(self) -> str:
        return self.rules.digest

    # ------------------------------------------------------------------ setup
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
            party=party,
            max_scenes=opts.max_scenes or rules.adv.adventure.max_scenes,
            max_beats=max(1, opts.max_beats),
            used_premades=[c.premade for c in chars if c.premade],
        )
        return state

    def _campaign_character(self, raw: dict, index: int) -> Character:
        try:
            ch = Character.model_validate(raw)
        except Exception as err:  # pydantic's message names the bad field
            raise RuleError("campaign-character", f"character {index + 1} is not valid: {err}")
        if ch.status != "active":
            raise RuleError(
                "campaign-character", f"{ch.name} is {ch.status}: make a new character instead"
            )
        lim = self.rules.limits
        if sum(ch.base.values()) != lim.attribute_dice or not all(
            lim.attribute_min <= ch.base.get(a, 0) <= lim.attribute_max for a in ATTRS
        ):
            raise RuleError("attribute-dice", f"{ch.name}: attributes must be 8 dice, 1-4 each")
        # A new story is a new session: losses healed, per-session resources fresh. Burned
        # Traits, lost Relationships, social death and the used Personal Secret persist.
        ch.loss = {a: 0 for a in ATTRS}
        ch.deaths_door = False
        ch.captured = False
        ch.gear_lost = 0
        ch.unique_used = False
        for t in ch.traits:
            t.spent = 0
        ch.relationships = [r for r in ch.relationships if not r.revenge]
        for r in ch.relationships:
            r.used = False
        return ch

    # ------------------------------------------------------------------ turn order
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

    # ------------------------------------------------------------------ chance
    def chance(self, state: State) -> Chance:
        r = state.roll
        if state.phase == "roll" and r is not None:
            pool = r.pools[r.current]
            who = state.char(pool.character).name
            n = pool.size()
            return Chance(
                what=f"roll {n} dice for {who} ({ATTR_NAME.get(pool.attribute, pool.attribute)})",
                count=n,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        if state.phase == "explode" and r is not None:
            return Chance(
                what="explode a 6: roll 2 new dice",
                count=self.rules.limits.explode_dice,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        if state.phase == "tiebreak_roll" and r is not None:
            a, b = (state.char(p.character).name for p in r.pools)
            return Chance(
                what=f"break the tie: 1-3 {a} wins, 4-6 {b} wins",
                count=1,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        raise RuleError("chance", "no dice are due now")

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: State, seat: str) -> list[Action]:
        if state.phase == "over":
            return []
        if seat == CHANCE:
            return []  # chance outcomes come from chance(), not from a list
        if seat == "player":
            return self._legal_player(state)
        if seat == "gm":
            return self._legal_gm(state)
        return []

    def _legal_player(self, s: State) -> list[Action]:
        ph = s.phase
        P = "player"
        out: list[Action] = []
        rules = self.rules
        lim = rules.limits
        if ph == "create":
            d = s.draft
            if d is None:
                taken = set(s.used_premades) | {c.premade for c in s.characters if c.premade}
                for pm in rules.adv.premade:
                    if pm.id not in taken:
                        out.append(Action(seat=P, kind="premade", args={"id": pm.id, "name": pm.name}))
                out.append(Action(seat=P, kind="build"))
            elif d.step == "attributes":
                for b, m, a in attribute_splits(lim.attribute_dice, lim.attribute_min, lim.attribute_max):
                    out.append(Action(seat=P, kind="attributes", args={"body": b, "mind": m, "aura": a}))
            elif d.step == "name":
                out.append(Action(seat=P, kind="name", ask="Your character's name?", optional_text=False))
            elif d.step == "concept":
                out.append(Action(seat=P, kind="concept", ask="Their concept, in a few words?"))
            elif d.step == "trait":
                n = len(d.traits) + 1
                out.append(Action(seat=P, kind="trait_name", args={"n": n}, optional_text=False,
                                  ask=f"Trait {n} of {lim.traits}: something they do well?"))
            elif d.step == "relationship":
                n = len(d.relationships) + 1
                out.append(Action(seat=P, kind="relationship_name", args={"n": n}, optional_text=False,
                                  ask=f"Relationship {n} of {lim.relationships}: who, and how do they feel?"))
            elif d.step == "secret":
                out.append(Action(seat=P, kind="secret", optional_text=False,
                                  ask="A Personal Secret (something they hide)?"))
                out.append(Action(seat=P, kind="no_secret"))
            elif d.step == "unique":
                out.append(Action(seat=P, kind="unique", optional_text=False,
                                  ask="A Unique Thing (an object, fact or knowledge that defines them)?"))
                out.append(Action(seat=P, kind="no_unique"))
            return out
        if ph == "frame":
            if self._can_rest(s):
                out.append(Action(seat=P, kind="rest", ask="Narrate the Rest scene: where and how do you recover?"))
            return out
        if ph == "declare":
            for c in s.active():
                for a in ATTRS:
                    out.append(Action(seat=P, kind="act", args={"character": c.id, "attribute": a},
                                      ask=f"What does {c.name} do?", optional_text=False))
            act = s.active()
            for x, y in itertools.combinations(act, 2):
                for a in ATTRS:
                    out.append(Action(seat=P, kind="contest",
                                      args={"first": x.id, "second": y.id, "attribute": a},
                                      ask=f"What are {x.name} and {y.name} competing over?"))
            out.append(Action(seat=P, kind="move_on", ask="Where do you go next, or what are you waiting for?"))
            return out
        if ph == "pool":
            return self._legal_pool(s)
        if ph == "sixes":
            r = s.roll
            assert r is not None
            pool = r.pools[r.current]
            for i in pool.pending():
                out.append(Action(seat=P, kind="keep", args={"pool": r.current, "die": i}))
                out.append(Action(seat=P, kind="explode", args={"pool": r.current, "die": i}))
            for i in pool.spendable_sixes():
                for j in pool.ones():
                    out.append(Action(seat=P, kind="cancel", args={"pool": r.current, "die": i, "one": j}))
            if not pool.pending():
                out.append(Action(seat=P, kind="done"))
            return out
        if ph == "tiebreak":
            out.append(Action(seat=P, kind="tiebreak"))
            out.append(Action(seat=P, kind="draw", ask="How does the draw play out?"))
            return out
        if ph == "element":
            for e in rules.core.element:
                out.append(Action(seat=P, kind="element", args={"element": e.id}, optional_text=False,
                                  ask=f"A 6! Add a narrative element ({e.text}): what becomes true?"))
            out.append(Action(seat=P, kind="skip_element"))
            return out
        if ph == "narrate" and self.to_move(s) == [P]:
            out.append(Action(seat=P, kind="narrate", ask=self._narrate_ask(s)))
            return out
        if ph == "experience":
            c = s.char(s.exp_queue[0])
            if s.exp_step == "grow":
                out.append(Action(seat=P, kind="new_trait", args={"character": c.id}, optional_text=False,
                                  ask=f"Experience: a new Trait {c.name} learned in this story?"))
                out.append(Action(seat=P, kind="new_relationship", args={"character": c.id}, optional_text=False,
                                  ask=f"Experience: a new Relationship {c.name} made in this story?"))
                for t in c.traits:
                    if not t.very and not t.burned:
                        out.append(Action(seat=P, kind="very_good",
                                          args={"character": c.id, "trait": t.id, "name": t.name}))
                    if t.burned:
                        out.append(Action(seat=P, kind="restore",
                                          args={"character": c.id, "trait": t.id, "name": t.name}))
            else:
                for a in ATTRS:
                    for b in ATTRS:
                        # the base keeps 1-4; a loss still running cannot drop the attribute to 0
                        if (a != b and c.base[a] > lim.attribute_min and c.current(a) > 1
                                and c.base[b] < lim.attribute_max):
                            out.append(Action(seat=P, kind="move_die",
                                              args={"character": c.id, "from": a, "to": b}))
                out.append(Action(seat=P, kind="keep_dice", args={"character": c.id}))
            return out
        return out

    def _narrate_ask(self, s: State) -> str:
        r = s.roll
        if r is None:
            return "Narrate what happens."
        if r.kind == "contest":
            return "Narrate the contest and its winner."
        if r.success:
            extra = " (despite the complication)" if r.due_complications else ""
            return f"Narrate how you succeed{extra}."
        return "Narrate the failure and its consequence."

    def _legal_pool(self, s: State) -> list[Action]:
        P = "player"
        r = s.roll
        assert r is not None
        out: list[Action] = []
        rules = self.rules
        stype = rules.scene_types.get(s.scene.type if s.scene else "", None)
        raise_ok = stype.raise_ if stype else True
        base_sev = self._severity(r.consequence)
        in_roll = {p.character for p in r.pools} | set(r.helpers)
        for pi, pool in enumerate(r.pools):
            c = s.char(pool.character)
            for t in c.traits:
                av = t.available()
                if av <= 0:
                    continue
                if t.very:
                    for n in range(1, av + 1):
                        out.append(Action(seat=P, kind="trait",
                                          args={"character": c.id, "trait": t.id, "name": t.name, "dice": n}))
                else:
                    out.append(Action(seat=P, kind="trait", args={"character": c.id, "trait": t.id, "name": t.name}))
            for rel in c.relationships:
                if rel.lost or rel.used:
                    continue
                if rel.revenge and rel.revenge != r.problem:
                    continue
                out.append(Action(seat=P, kind="relationship",
                                  args={"character": c.id, "relationship": rel.id, "name": rel.name}))
            if c.secret and not c.secret_used:
                out.append(Action(seat=P, kind="secret", args={"character": c.id},
                                  ask="How does your secret come out in this scene?"))
            if c.unique and not c.unique_used:
                out.append(Action(seat=P, kind="unique", args={"character": c.id, "name": c.unique},
                                  ask="How does your Unique Thing help?"))
            if raise_ok and not pool.raised:
                for k in rules.core.consequence:
                    if k.bonus > base_sev and (k.id != "relationship" or self._has_relationship(c)):
                        out.append(Action(seat=P, kind="raise", args={"character": c.id, "consequence": k.id},
                                          ask="How do you raise the stakes?"))
            if "game_over" in r.consequence and not pool.heroic:
                for t in c.traits:
                    if t.available() > 0:
                        out.append(Action(seat=P, kind="heroic",
                                          args={"character": c.id, "trait": t.id, "name": t.name},
                                          ask="Your Heroic Effort: how do you pour everything into this?"))
            del pi
        for c in s.active():
            if c.id in in_roll:
                continue
            if r.kind == "single":
                out.append(Action(seat=P, kind="help", args={"helper": c.id},
                                  ask=f"How does {c.name} help?"))
            for a in ATTRS:
                out.append(Action(seat=P, kind="join", args={"character": c.id, "attribute": a},
                                  ask=f"What does {c.name} do in the team effort?"))
        for hid in r.helpers:
            if hid in r.lent:
                continue
            h = s.char(hid)
            for t in h.traits:
                if t.available() > 0:
                    out.append(Action(seat=P, kind="lend", args={"helper": hid, "trait": t.id, "name": t.name}))
        out.append(Action(seat=P, kind="roll"))
        return out

    def _legal_gm(self, s: State) -> list[Action]:
        G = "gm"
        ph = s.phase
        out: list[Action] = []
        rules = self.rules
        lim = rules.limits
        if ph == "frame":
            can_frame = s.scene_count < s.max_scenes and bool(s.active())
            if can_frame:
                for sc in rules.adv.scene:
                    if sc.type == "rest" and s.rest_used:
                        continue
                    if sc.once and sc.id in s.played:
                        continue
                    out.append(Action(seat=G, kind="frame", args={"scene": sc.id, "title": sc.title},
                                      ask="Set the scene: what, where, who? End with: what do you do?"))
                for t in rules.core.scene_type:
                    if t.id == "rest" and s.rest_used:
                        continue
                    out.append(Action(seat=G, kind="frame", args={"scene": "open", "type": t.id},
                                      ask="Set the scene: what, where, who? End with: what do you do?",
                                      optional_text=False))
                out.extend(self._reveals(s))
            out.extend(self._endings(s))
            return out
        if ph == "call":
            out.append(Action(seat=G, kind="no_roll",
                              ask="Nothing can go wrong: what happens? (end with: what do you do?)"))
            sc = rules.scenes.get(s.scene.id) if s.scene else None
            if sc is not None:
                for pid in sc.problems:
                    p = rules.problems[pid]
                    if p.needs_secret and p.needs_secret not in s.revealed:
                        continue
                    out.append(Action(seat=G, kind="roll", args={"problem": pid, "name": p.name}))
            out.append(Action(seat=G, kind="roll", args={"problem": "open"}))
            out.extend(self._reveals(s))
            return out
        if ph == "stakes":
            r = s.roll
            assert r is not None
            if r.stage == "attribute":
                for a in ATTRS:
                    out.append(Action(seat=G, kind="attribute", args={"attribute": a}))
            elif r.stage == "difficulty":
                for v in range(1, lim.difficulty_max + 1):
                    out.append(Action(seat=G, kind="difficulty", args={"value": v},
                                      ask="Why this Difficulty? (the obstacles, on the ladder)"))
            elif r.stage == "consequence":
                lead = s.char(r.pools[0].character)
                for kinds in self._consequence_sets(lead):
                    out.append(Action(seat=G, kind="consequence", args={"kinds": kinds},
                                      ask="What is at stake if the roll fails?"))
            elif r.stage == "advantage":
                for n in range(0, lim.advantage_max + 1):
                    out.append(Action(seat=G, kind="advantage", args={"dice": n},
                                      ask=None if n == 0 else "What did they do right to earn it?"))
            return out
        if ph == "lose_relationship":
            r = s.roll
            assert r is not None
            c = s.char(r.due_losses[0])
            for rel in c.relationships:
                if not rel.lost:
                    out.append(Action(seat=G, kind="lose",
                                      args={"character": c.id, "relationship": rel.id, "name": rel.name}))
            return out
        if ph == "veto":
            out.append(Action(seat=G, kind="accept_element"))
            for v in rules.core.veto:
                out.append(Action(seat=G, kind="veto", args={"reason": v.id},
                                  ask="Explain the veto: what does the element contradict?"))
            return out
        if ph == "narrate" and self.to_move(s) == [G]:
            out.append(Action(seat=G, kind="narrate", ask=self._narrate_ask(s)))
            return out
        if ph == "complication":
            r = s.roll
            assert r is not None
            prob = rules.problems.get(r.problem)
            victim = s.char(r.due_complications[0])
            if prob is not None and prob.complication is not None and self._harmless(
                    victim, prob.complication.effect, prob.complication.attribute):
                out.append(Action(seat=G, kind="complication", args={"id": "problem"},
                                  ask="Describe the setback."))
            for c in rules.core.complication:
                if self._harmless(victim, c.effect, c.attribute):
                    out.append(Action(seat=G, kind="complication", args={"id": c.id},
                                      ask="Describe the setback."))
            return out
        if ph == "after":
            if s.scene is not None and s.scene.beats < s.max_beats and s.active():
                out.append(Action(seat=G, kind="continue",
                                  ask="What happens next in this scene? (end with: what do you do?)"))
            out.append(Action(seat=G, kind="end_scene", ask="How does the scene close?"))
            out.extend(self._reveals(s))
            out.extend(self._endings(s))
            return out
        return out

    @staticmethod
    def _harmless(c: Character, effect: str, attribute: str | None) -> bool:
        """A Complication makes life harder but never kills or knocks a character out outright:
        no attribute loss that would reach 0, no Body loss at death's door."""
        if effect != "loss" or not c.active or attribute is None:
            return True
        if attribute == "body" and c.deaths_door:
            return False
        return c.current(attribute) > 1

    def _endings(self, s: State) -> list[Action]:
        return [Action(seat="gm", kind="end_story", args={"ending": e.id, "title": e.title},
                       ask="The epilogue: how does the story close?")
                for e in self.rules.adv.ending]

    def _reveals(self, s: State) -> list[Action]:
        return [
            Action(seat="gm", kind="reveal", args={"secret": sec.id, "title": sec.title},
                   ask="How is the secret uncovered?")
            for sec in self.rules.adv.secret
            if sec.id not in s.revealed
        ]

    def _can_rest(self, s: State) -> bool:
        return not s.rest_used and bool(s.active()) and s.scene_count < s.max_scenes

    @staticmethod
    def _has_relationship(c: Character) -> bool:
        return any(not r.lost for r in c.relationships)

    def _severity(self, kinds: list[str]) -> int:
        return sum(self.rules.consequences[k].bonus for k in kinds)

    def _consequence_sets(self, lead: Character) -> list[list[str]]:
        """Consequences the GM may set: one kind, or two that add up (wound AND capture)."""
        kinds = [k.id for k in self.rules.core.consequence
                 if k.id != "relationship" or self._has_relationship(lead)]
        out = [[k] for k in kinds]
        pairable = [k for k in kinds if k not in ("retreat", "game_over")]
        out.extend([a, b] for a, b in itertools.combinations(pairable, 2))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            if state.phase not in CHANCE_PHASES:
                raise RuleError("chance", "no dice are due now", [])
            self.chance(state).check(list(action.args.get("items", [])))
            s = _copy(state)
            events = self._apply_chance(s, [int(x) for x in action.args["items"]])
            s.steps += 1
            return s, events
        legal = self.legal_actions(state, action.seat)
        if action.key() not in {a.key() for a in legal}:
            raise self._diagnose(state, action, legal)
        s = _copy(state)
        handler = getattr(self, f"_do_{action.kind}")
        events = handler(s, action)
        s.steps += 1
        return s, events

    # --- creation ---------------------------------------------------------------------------
    def _do_premade(self, s: State, a: Action) -> list[Event]:
        pm = self.rules.premades[a.args["id"]]
        ch = Character(
            id=self._new_id(s, pm.name),
            name=pm.name,
            concept=pm.concept,
            premade=pm.id,
            base={"body": pm.body, "mind": pm.mind, "aura": pm.aura},
            traits=[Trait(id=f"t{i + 1}", name=t) for i, t in enumerate(pm.traits)],
            relationships=[Relationship(id=f"r{i + 1}", name=r) for i, r in enumerate(pm.relationships)],
            secret=pm.secret,
            unique=pm.unique,
        )
        s.used_premades.append(pm.id)
        return self._finish_character(s, ch)

    def _do_build(self, s: State, a: Action) -> list[Event]:
        s.draft = Draft(step="attributes")
        return [_ev("creating")]

    def _do_attributes(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.base = {k: int(a.args[k]) for k in ATTRS}
        s.draft.step = "name"
        return [_ev("attributes_chosen", **s.draft.base)]

    def _do_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.name = a.text.strip() or f"Nightblade {len(s.characters) + 1}"
        s.draft.step = "concept"
        return []

    def _do_concept(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.concept = a.text.strip()
        s.draft.step = "trait"
        return []

    def _do_trait_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.traits.append(a.text.strip() or f"trait {len(s.draft.traits) + 1}")
        if len(s.draft.traits) >= self.rules.limits.traits:
            s.draft.step = "relationship"
        return []

    def _do_relationship_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.relationships.append(a.text.strip() or f"relationship {len(s.draft.relationships) + 1}")
        if len(s.draft.relationships) >= self.rules.limits.relationships:
            s.draft.step = "secret"
        return []

    def _do_secret(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._use_secret(s, a)
        assert s.draft
        s.draft.secret = a.text.strip() or "a secret they never speak of"
        s.draft.step = "unique"
        return []

    def _do_no_secret(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.step = "unique"
        return []

    def _do_unique(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._use_unique(s, a)
        return self._complete_draft(s, a.text.strip() or "a keepsake")

    def _do_no_unique(self, s: State, a: Action) -> list[Event]:
        return self._complete_draft(s, "")

    def _complete_draft(self, s: State, unique: str) -> list[Event]:
        d = s.draft
        assert d is not None
        ch = Character(
            id=self._new_id(s, d.name),
            name=d.name,
            concept=d.concept,
            base=dict(d.base),
            traits=[Trait(id=f"t{i + 1}", name=t) for i, t in enumerate(d.traits)],
            relationships=[Relationship(id=f"r{i + 1}", name=r) for i, r in enumerate(d.relationships)],
            secret=d.secret,
            unique=unique,
        )
        return self._finish_character(s, ch)

    def _new_id(self, s: State, name: str) -> str:
        base = slug(name) or "pc"
        taken = {c.id for c in s.characters}
        cid, n = base, 2
        while cid in taken or cid in ("player", "gm", "chance"):
            cid, n = f"{base}-{n}", n + 1
        return cid

    def _finish_character(self, s: State, ch: Character) -> list[Event]:
        for i, bond in enumerate(s.bonds):
            ch.relationships.append(Relationship(
                id=f"v{len(ch.relationships) + 1}", name=f"avenge {bond['fallen']} on {bond['name']}",
                revenge=bond["villain"], bonus=self.rules.limits.revenge_bonus))
            del i
        s.characters.append(ch)
        s.draft = None
        events = [_ev("character", character=ch.id, name=ch.name, concept=ch.concept,
                      body=ch.base["body"], mind=ch.base["mind"], aura=ch.base["aura"],
                      traits=[t.name for t in ch.traits],
                      relationships=[r.name for r in ch.relationships],
                      unique=ch.unique, has_secret=bool(ch.secret), joining=s.scene_count > 0)]
        if s.scene_count > 0 and s.pending_new > 0:
            s.pending_new -= 1
        if self._creation_due(s):
            s.phase = "create"
        else:
            s.phase = "frame"
        return events

    def _creation_due(self, s: State) -> bool:
        if len(s.characters) >= s.max_characters:
            return False
        if s.scene_count == 0 and len(s.characters) < s.party:
            return True
        return s.pending_new > 0 and s.scene_count < s.max_scenes

    # --- scenes -----------------------------------------------------------------------------
    def _do_frame(self, s: State, a: Action) -> list[Event]:
        rules = self.rules
        sid = a.args["scene"]
        s.scene_count += 1
        if sid == "open":
            t = rules.scene_types[a.args["type"]]
            s.scene = SceneState(number=s.scene_count, id="open", type=t.id, title=t.name,
                                 frame=a.text.strip())
        else:
            sc = rules.scenes[sid]
            s.scene = SceneState(number=s.scene_count, id=sid, type=sc.type, title=sc.title,
                                 place=sc.place, frame=a.text.strip())
            if sc.hidden and sid not in s.met:
                s.met.append(sid)
        s.played.append(sid if sid != "open" else f"open:{a.args['type']}")
        s.roll = None
        s.triggers = [t for t in s.triggers if t != sid]
        events = [_ev("scene", number=s.scene.number, id=s.scene.id, type=s.scene.type,
                      title=s.scene.title, place=s.scene.place, text=s.scene.frame)]
        if sid != "open":
            for sec in rules.adv.secret:
                if sec.scene == sid and sec.id not in s.revealed:
                    events.extend(self._reveal(s, sec.id, ""))
        if s.scene.type == "rest":
            events.extend(self._rest(s))
        s.phase = "declare"
        return events

    def _do_rest(self, s: State, a: Action) -> list[Event]:
        s.scene_count += 1
        s.scene = SceneState(number=s.scene_count, id="open", type="rest", title="Rest",
                             frame=a.text.strip())
        s.played.append("open:rest")
        events = [_ev("scene", number=s.scene.number, id="open", type="rest", title="Rest",
                      place="", text=s.scene.frame, by="player")]
        events.extend(self._rest(s))
        s.phase = "declare"
        return events

    def _rest(self, s: State) -> list[Event]:
        """The session's one Rest: used Traits and Relationships refresh, losses heal."""
        s.rest_used = True
        healed = []
        for c in s.active():
            if any(c.loss.values()) or c.deaths_door:
                healed.append(c.name)
            c.loss = {a: 0 for a in ATTRS}
            c.deaths_door = False
            for t in c.traits:
                t.spent = 0
            for r in c.relationships:
                r.used = False
        return [_ev("rest", healed=healed)]

    def _do_move_on(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.history.append({"scene": s.scene.number, "scene_id": s.scene.id, "move_on": True,
                          "text": a.text.strip()[:300], "roll": False})
        return [_ev("move_on", text=a.text)] + self._close_scene(s, a.text)

    def _do_end_scene(self, s: State, a: Action) -> list[Event]:
        return self._close_scene(s, a.text)

    def _close_scene(self, s: State, text: str) -> list[Event]:
        events = [_ev("scene_end", number=s.scene.number if s.scene else 0, text=text)]
        s.scene = None
        s.roll = None
        if self._creation_due(s):
            s.phase = "create"
            s.draft = None
        else:
            s.phase = "frame"
        return events

    def _do_continue(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene.declaration = None
        s.roll = None
        s.phase = "declare"
        return [_ev("gm_says", text=a.text)]

    def _do_reveal(self, s: State, a: Action) -> list[Event]:
        return self._reveal(s, a.args["secret"], a.text)

    def _reveal(self, s: State, sid: str, how: str) -> list[Event]:
        if sid in s.revealed:
            return []
        sec = self.rules.secrets[sid]
        s.revealed.append(sid)
        return [_ev("secret", id=sid, title=sec.title, text=sec.text, how=how)]

    def _do_end_story(self, s: State, a: Action) -> list[Event]:
        s.ending = a.args["ending"]
        s.epilogue = a.text.strip()
        s.scene = None
        s.roll = None
        end = self.rules.endings[s.ending]
        events = [_ev("story_end", ending=s.ending, title=end.title, text=end.text, epilogue=s.epilogue)]
        s.exp_queue = [c.id for c in s.active()]
        s.exp_step = "grow"
        s.phase = "experience" if s.exp_queue else "over"
        return events

    # --- declaring and calling the roll -----------------------------------------------------
    def _do_act(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene.beats += 1
        s.scene.declaration = Declaration(character=a.args["character"], attribute=a.args["attribute"],
                                          text=a.text.strip())
        c = s.char(a.args["character"])
        s.phase = "call"
        return [_ev("declare", character=c.id, name=c.name, attribute=a.args["attribute"], text=a.text.strip())]

    def _do_contest(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene.beats += 1
        attr = a.args["attribute"]
        pools = []
        for cid in (a.args["first"], a.args["second"]):
            c = s.char(cid)
            pools.append(Pool(character=cid, attribute=attr, sources=[self._attr_source(c, attr)]))
        s.roll = Roll(kind="contest", pools=pools, stage="rolling")
        s.phase = "roll"
        x, y = (s.char(p.character).name for p in pools)
        return [_ev("contest", first=x, second=y, attribute=attr, text=a.text.strip())]

    def _attr_source(self, c: Character, attr: str) -> Source:
        return Source(kind="attribute", ref=attr, character=c.id, dice=c.current(attr),
                      label=f"{ATTR_NAME[attr]} {c.current(attr)}")

    def _do_no_roll(self, s: State, a: Action) -> list[Event]:
        assert s.scene and s.scene.declaration
        d = s.scene.declaration
        s.history.append({"scene": s.scene.number, "scene_id": s.scene.id, "character": d.character,
                          "attribute": d.attribute, "text": d.text[:300], "roll": False})
        s.phase = "after"
        return [_ev("no_roll", character=d.character, text=a.text.strip())]

    def _do_roll(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._roll_pool(s)
        assert s.scene and s.scene.declaration
        d = s.scene.declaration
        c = s.char(d.character)
        s.roll = Roll(problem=a.args["problem"],
                      pools=[Pool(character=c.id, attribute=d.attribute,
                                  sources=[self._attr_source(c, d.attribute)])])
        s.phase = "stakes"
        name = a.args.get("name", "")
        return [_ev("roll_called", problem=a.args["problem"], name=name)]

    def _do_attribute(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[0]
        c = s.char(pool.character)
        attr = a.args["attribute"]
        changed = attr != pool.attribute
        pool.attribute = attr
        pool.sources[0] = self._attr_source(c, attr)
        r.stage = "difficulty"
        return [_ev("attribute", character=c.id, attribute=attr, overruled=changed)]

    def _do_difficulty(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.difficulty = int(a.args["value"])
        r.stage = "consequence"
        rung = self.rules.rung(r.difficulty)
        return [_ev("difficulty", value=r.difficulty, rung=rung.name, text=a.text.strip())]

    def _do_consequence(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.consequence = list(a.args["kinds"])
        r.stage = "advantage"
        names = [self.rules.consequences[k].name for k in r.consequence]
        return [_ev("consequence", kinds=r.consequence, names=names, text=a.text.strip())]

    def _do_advantage(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        n = int(a.args["dice"])
        r.advantage = n
        if n:
            r.pools[0].sources.append(Source(kind="advantage", dice=n, label=f"tactical advantage +{n}",
                                             character=r.pools[0].character))
        r.stage = "pool"
        s.phase = "pool"
        return [_ev("advantage", dice=n, text=a.text.strip())]

    # --- building the pool -----------------------------------------------------------------
    def _pool_of(self, r: Roll, cid: str) -> Pool:
        for p in r.pools:
            if p.character == cid:
                return p
        raise KeyError(cid)

    def _added(self, s: State, pool: Pool, src: Source, **extra: Any) -> list[Event]:
        pool.sources.append(src)
        return [_ev("dice", character=pool.character, kind=src.kind, label=src.label, dice=src.dice,
                    pool=pool.size(), owner=src.character, ref=src.ref, **extra)]

    def _do_trait(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        t = next(t for t in c.traits if t.id == a.args["trait"])
        n = int(a.args.get("dice", 1))
        t.spent += n
        kind = "very" if t.very else "trait"
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind=kind, ref=t.id, character=c.id, dice=n, label=f"{t.name} +{n}"),
                           text=a.text.strip())

    def _do_relationship(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        rel = next(x for x in c.relationships if x.id == a.args["relationship"])
        rel.used = True
        kind = "revenge" if rel.revenge else "relationship"
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind=kind, ref=rel.id, character=c.id, dice=rel.bonus,
                                  label=f"{rel.name} +{rel.bonus}"), text=a.text.strip())

    def _use_secret(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        c.secret_used = True
        n = self.rules.limits.secret_bonus
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind="secret", character=c.id, dice=n, label=f"Personal Secret revealed +{n}"),
                           secret=c.secret, text=a.text.strip())

    def _use_unique(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        c.unique_used = True
        n = self.rules.limits.unique_bonus
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind="unique", character=c.id, dice=n, label=f"{c.unique.rstrip('.')} +{n}"),
                           text=a.text.strip())

    def _do_raise(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        k = self.rules.consequences[a.args["consequence"]]
        pool = self._pool_of(r, a.args["character"])
        pool.raised = k.id
        return self._added(s, pool, Source(kind="raise", ref=k.id, character=pool.character, dice=k.bonus,
                                           label=f"raised the stakes to {k.name} +{k.bonus}"),
                           consequence=k.id, text=a.text.strip())

    def _do_heroic(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.burned = True
        pool = self._pool_of(r, c.id)
        pool.heroic = t.id
        n = self.rules.limits.heroic_bonus
        return self._added(s, pool, Source(kind="heroic", ref=t.id, character=c.id, dice=n,
                                           label=f"Heroic Effort, burning {t.name} +{n}"), text=a.text.strip())

    def _do_help(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        h = s.char(a.args["helper"])
        r.helpers.append(h.id)
        n = self.rules.limits.help_bonus
        return self._added(s, r.pools[0], Source(kind="help", ref=h.id, character=h.id, dice=n,
                                                 label=f"{h.name} helps +{n}"), text=a.text.strip())

    def _do_lend(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        h = s.char(a.args["helper"])
        t = next(t for t in h.traits if t.id == a.args["trait"])
        t.spent += 1
        r.lent.append(h.id)
        return self._added(s, r.pools[0], Source(kind="lend", ref=t.id, character=h.id, dice=1,
                                                 label=f"{h.name}'s {t.name} +1"))

    def _do_join(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        r.kind = "team"
        r.pools.append(Pool(character=c.id, attribute=a.args["attribute"],
                            sources=[self._attr_source(c, a.args["attribute"])]))
        return [_ev("join", character=c.id, name=c.name, attribute=a.args["attribute"], text=a.text.strip())]

    def _roll_pool(self, s: State) -> list[Event]:
        r = s.roll
        assert r and r.difficulty is not None
        total = sum(p.size() for p in r.pools)
        r.stage = "rolling"
        r.current = 0
        if total >= r.difficulty + self.rules.limits.overkill_margin:
            r.overkill = True
            for p in r.pools:
                p.done = True
            return [_ev("overkill", dice=total, difficulty=r.difficulty)] + self._resolve(s)
        s.phase = "roll"
        return [_ev("rolling", dice=total, difficulty=r.difficulty)]

    # --- dice -------------------------------------------------------------------------------
    def _apply_chance(self, s: State, faces: list[int]) -> list[Event]:
        r = s.roll
        assert r is not None
        if s.phase == "tiebreak_roll":
            r.tie_die = faces[0]
            r.winner = r.pools[0].character if faces[0] <= 3 else r.pools[1].character
            events = [_ev("tiebreak", face=faces[0], winner=r.winner)]
            return events + self._after_contest(s)
        pool = r.pools[r.current]
        origin = r.exploding if s.phase == "explode" else None
        for f in faces:
            st = "one" if f == 1 else "pending" if f == 6 else "plain"
            pool.dice.append(Die(face=f, origin=origin, state=st))
        pool.rolled = True
        kind = "explosion" if origin is not None else "dice_rolled"
        r.exploding = None
        events = [_ev(kind, character=pool.character, faces=faces)]
        return events + self._after_dice(s)

    def _after_dice(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[r.current]
        has_kept = any(d.state == "kept" for d in pool.dice)
        if pool.pending() or (pool.ones() and has_kept):
            s.phase = "sixes"
            return []
        pool.done = True
        return self._next_pool(s)

    def _next_pool(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        if r.current + 1 < len(r.pools):
            r.current += 1
            s.phase = "roll"
            return []
        return self._resolve(s)

    def _do_keep(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.pools[r.current].dice[a.args["die"]].state = "kept"
        return [_ev("six_kept", die=a.args["die"])] + self._after_dice(s)

    def _do_explode(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.pools[r.current].dice[a.args["die"]].state = "exploded"
        r.exploding = a.args["die"]
        s.phase = "explode"
        return [_ev("six_exploded", die=a.args["die"])]

    def _do_cancel(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[r.current]
        six, one = pool.dice[a.args["die"]], pool.dice[a.args["one"]]
        six.state, six.cancels = "cancels", a.args["one"]
        one.state = "cancelled"
        return [_ev("one_cancelled", die=a.args["die"], one=a.args["one"])] + self._after_dice(s)

    def _do_done(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.pools[r.current].done = True
        return self._next_pool(s)

    # --- resolution ---------------------------------------------------------------------------
    def _resolve(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        sf = self.rules.limits.success_from
        if r.kind == "contest":
            a, b = (p.successes(sf) for p in r.pools)
            r.stage = "done"
            if a == b:
                s.phase = "tiebreak"
                return [_ev("contest_tied", successes=a)]
            r.winner = r.pools[0].character if a > b else r.pools[1].character
            return self._after_contest(s)
        total = sum(p.successes(sf) for p in r.pools)
        r.stage = "done"
        r.success = r.overkill or total >= (r.difficulty or 0)
        six = any(p.six_rolled() for p in r.pools)
        for p in r.pools:
            r.due_complications.extend(p.character for _ in p.ones())
        events = [_ev("resolved", successes=total, difficulty=r.difficulty, success=r.success,
                      overkill=r.overkill, ones=len(r.due_complications), six=six,
                      pools=[{"character": p.character, "faces": [d.face for d in p.dice],
                              "states": [d.state for d in p.dice], "size": p.size()} for p in r.pools])]
        prob = self.rules.problems.get(r.problem)
        if r.success:
            for p in r.pools:
                s.char(p.character).captured = False
            events.extend(self._avenge(s, r.problem))
        else:
            events.extend(self._apply_consequences(s, r, villain=r.problem if prob and prob.villain else ""))
        s.history.append({
            "scene": s.scene.number if s.scene else 0, "scene_id": s.scene.id if s.scene else "",
            "roll": True, "problem": r.problem, "characters": [p.character for p in r.pools],
            "text": s.scene.declaration.text[:300] if s.scene and s.scene.declaration else "",
            "difficulty": r.difficulty, "successes": total, "success": r.success, "six": six,
            "ones": len(r.due_complications), "overkill": r.overkill,
            "consequence": [x["consequence"] for x in r.applied],
        })
        r.element = "" if six else "-"
        return events + self._advance(s)

    def _after_contest(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        sf = self.rules.limits.success_from
        six = any(p.six_rolled() for p in r.pools)
        for p in r.pools:
            r.due_complications.extend(p.character for _ in p.ones())
        r.success = True  # a contest always resolves into a story the player narrates
        s.history.append({
            "scene": s.scene.number if s.scene else 0, "scene_id": s.scene.id if s.scene else "",
            "roll": True, "contest": True, "winner": r.winner,
            "characters": [p.character for p in r.pools],
            "successes": [p.successes(sf) for p in r.pools], "six": six,
            "ones": len(r.due_complications),
        })
        r.element = "" if six else "-"
        events = [_ev("contest_result", winner=r.winner,
                      successes=[p.successes(sf) for p in r.pools],
                      pools=[{"character": p.character, "faces": [d.face for d in p.dice],
                              "states": [d.state for d in p.dice]} for p in r.pools])]
        return events + self._advance(s)

    def _do_tiebreak(self, s: State, a: Action) -> list[Event]:
        s.phase = "tiebreak_roll"
        return []

    def _do_draw(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.winner = ""
        return [_ev("draw", text=a.text.strip())] + self._after_contest(s)

    def _advance(self, s: State) -> list[Event]:
        """After a resolution: relationship losses, element, veto, narration, complications."""
        r = s.roll
        assert r
        if r.due_losses:
            s.phase = "lose_relationship"
        elif r.element == "":
            s.phase = "element"
        elif r.element not in ("-", "+"):
            s.phase = "veto"
        elif not r.narrated:
            s.phase = "narrate"
        elif r.due_complications:
            s.phase = "complication"
        else:
            s.phase = "after"
        return []

    def _apply_consequences(self, s: State, r: Roll, villain: str) -> list[Event]:
        targets: list[tuple[str, list[str]]] = []
        for p in r.pools:
            targets.append((p.character, [p.raised] if p.raised else list(r.consequence)))
        if r.kind == "single":
            lead_kinds = targets[0][1]
            targets.extend((h, list(lead_kinds)) for h in r.helpers)
        events: list[Event] = []
        for cid, kinds in targets:
            c = s.char(cid)
            for k in kinds:
                if not c.active:
                    break
                events.extend(self._suffer(s, r, c, k, villain))
        return events

    def _suffer(self, s: State, r: Roll, c: Character, kind: str, villain: str) -> list[Event]:
        con = self.rules.consequences[kind]
        r.applied.append({"character": c.id, "consequence": kind})
        events = [_ev("suffer", character=c.id, name=c.name, consequence=kind, label=con.name)]
        eff = con.effect
        if eff == "loss":
            events.extend(self._lose(s, c, con.attribute or "body", villain))
        elif eff == "equipment":
            c.gear_lost += 1
        elif eff == "relationship":
            if self._has_relationship(c):
                r.due_losses.append(c.id)
        elif eff == "captured":
            c.captured = True
        elif eff == "social_death":
            c.social_death = True
        elif eff == "deaths_door":
            if c.deaths_door:
                events.extend(self._kill(s, c, "a second grievous wound at death's door", villain))
            else:
                c.deaths_door = True
        elif eff == "dead":
            events.extend(self._kill(s, c, con.name, villain))
        return events

    def _lose(self, s: State, c: Character, attr: str, villain: str = "") -> list[Event]:
        if attr == "body" and c.deaths_door:
            return self._kill(s, c, "hurt again at death's door", villain)
        c.loss[attr] += 1
        events = [_ev("loss", character=c.id, attribute=attr, now=c.current(attr))]
        if c.current(attr) <= 0:
            c.status = "out"
            c.out_reason = {"body": "body broken", "mind": "mind broken", "aura": "social death"}[attr]
            s.pending_new += 1
            events.append(_ev("out", character=c.id, name=c.name, reason=c.out_reason))
        return events

    def _kill(self, s: State, c: Character, cause: str, villain: str) -> list[Event]:
        c.status = "dead"
        c.out_reason = cause
        s.pending_new += 1
        events = [_ev("death", character=c.id, name=c.name, cause=cause, villain=villain)]
        if villain:
            prob = self.rules.problems[villain]
            s.bonds.append({"villain": villain, "name": prob.name, "fallen": c.name})
            for o in s.active():
                o.relationships.append(Relationship(
                    id=f"v{len(o.relationships) + 1}", name=f"avenge {c.name} on {prob.name}",
                    revenge=villain, bonus=self.rules.limits.revenge_bonus))
        return events

    def _avenge(self, s: State, problem: str) -> list[Event]:
        if not any(b["villain"] == problem for b in s.bonds):
            return []
        s.bonds = [b for b in s.bonds if b["villain"] != problem]
        for c in s.characters:
            c.relationships = [x for x in c.relationships if x.revenge != problem]
        return [_ev("avenged", villain=problem)]

    # --- after the dice -----------------------------------------------------------------------
    def _do_lose(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        rel = next(x for x in c.relationships if x.id == a.args["relationship"])
        rel.lost = True
        r.due_losses.pop(0)
        return [_ev("relationship_lost", character=c.id, name=rel.name)] + self._advance(s)

    def _do_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        text = a.text.strip() or self.rules.elements[a.args["element"]].text
        r.element = text
        return [_ev("element", kind=a.args["element"], text=text)] + self._advance(s)

    def _do_skip_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.element = "-"
        return self._advance(s)

    def _do_accept_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        s.facts.append(r.element)
        r.element = "+"
        return [_ev("element_accepted")] + self._advance(s)

    def _do_veto(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        reason = a.args["reason"]
        text = r.element
        r.element = "-"
        return [_ev("veto", reason=reason, element=text, text=a.text.strip())] + self._advance(s)

    def _do_narrate(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.narrated = True
        if s.history and a.text.strip():
            s.history[-1]["told"] = a.text.strip()[:300]
        return [_ev("narration", seat=a.seat, text=a.text.strip(), success=bool(r.success))] + self._advance(s)

    def _do_complication(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        cid = r.due_complications.pop(0)
        c = s.char(cid)
        cx = a.args["id"]
        events: list[Event] = []
        if cx == "problem":
            pc = self.rules.problems[r.problem].complication
            assert pc is not None
            events.append(_ev("complication", character=cid, id=f"{r.problem}", text=pc.text, note=a.text.strip()))
            if pc.effect == "loss" and pc.attribute and c.active:
                events.extend(self._lose(s, c, pc.attribute))
            elif pc.effect == "trigger":
                if pc.scene not in s.triggers:
                    s.triggers.append(pc.scene)
                events.append(_gm_ev("trigger", scene=pc.scene))
            if pc.reveals:
                events.extend(self._reveal(s, pc.reveals, ""))
        else:
            cd = self.rules.complications[cx]
            events.append(_ev("complication", character=cid, id=cx, text=cd.text, note=a.text.strip()))
            if cd.effect == "loss" and cd.attribute and c.active:
                events.extend(self._lose(s, c, cd.attribute))
        s.phase = "complication" if r.due_complications else "after"
        return events

    # --- experience -------------------------------------------------------------------------
    def _exp_char(self, s: State) -> Character:
        return s.char(s.exp_queue[0])

    def _exp_next(self, s: State, c: Character) -> None:
        if s.exp_step == "grow" and c.stories == 0 and not c.die_moved:
            s.exp_step = "move"
            return
        c.stories += 1
        s.exp_queue.pop(0)
        s.exp_step = "grow"
        if not s.exp_queue:
            s.phase = "over"

    def _do_new_trait(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        n = len(c.traits) + 1
        c.traits.append(Trait(id=f"t{n}", name=a.text.strip() or f"learned trait {n}"))
        self._exp_next(s, c)
        return [_ev("experience", character=c.id, gain="trait", text=c.traits[-1].name)]

    def _do_new_relationship(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        n = len(c.relationships) + 1
        c.relationships.append(Relationship(id=f"r{n}", name=a.text.strip() or f"new bond {n}"))
        self._exp_next(s, c)
        return [_ev("experience", character=c.id, gain="relationship", text=c.relationships[-1].name)]

    def _do_very_good(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.very = True
        self._exp_next(s, c)
        return [_ev("experience", character=c.id, gain="very_good", text=t.name)]

    def _do_restore(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.burned = False
        t.spent = 0
        self._exp_next(s, c)
        return [_ev("experience", character=c.id, gain="restore", text=t.name)]

    def _do_move_die(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        c.base[a.args["from"]] -= 1
        c.base[a.args["to"]] += 1
        c.die_moved = True
        self._exp_next(s, c)
        return [_ev("die_moved", character=c.id, **{"from": a.args["from"], "to": a.args["to"]})]

    def _do_keep_dice(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        self._exp_next(s, c)
        return []

    # ------------------------------------------------------------------ errors
    def _diagnose(self, s: State, a: Action, legal: list[Action]) -> RuleError:
        labels = [self.describe(x) for x in legal]
        kinds = {x.kind for x in legal}
        if not legal:
            return RuleError("turn", f"nothing for {a.seat} to do now (waiting for: "
                             f"{', '.join(self.to_move(s)) or 'nobody'})", labels)
        if a.kind not in PHASE_KINDS.get(s.phase, set()) or (
                a.seat not in self.to_move(s) and a.kind not in kinds):
            return RuleError("phase", f"'{a.kind}' is not possible now (the game is at: {s.phase})", labels)
        args = a.args
        rules = self.rules
        try:
            if a.kind in ("trait", "heroic", "lend"):
                c = s.char(args.get("character") or args.get("helper"))
                t = next(t for t in c.traits if t.id == args.get("trait"))
                if t.burned:
                    return RuleError("heroic-effort-burns",
                                     f"{t.name} was burned in a Heroic Effort: only Experience restores it", labels)
                if t.available() <= 0:
                    return RuleError("trait-once-per-session",
                                     f"{t.name} is already used this session: Traits refresh in the Rest scene", labels)
                if a.kind == "heroic":
                    if "game_over" not in (s.roll.consequence if s.roll else []):
                        return RuleError("heroic-effort-needs-game-over",
                                         "a Heroic Effort needs a game-over consequence set by the GM", labels)
                    return RuleError("heroic-effort-once", "one Heroic Effort per roll", labels)
                if a.kind == "trait" and int(args.get("dice", 1)) > t.available():
                    return RuleError("very-good-trait", f"{t.name} has only {t.available()} die left", labels)
            if a.kind == "relationship":
                c = s.char(args["character"])
                rel = next(x for x in c.relationships if x.id == args["relationship"])
                if rel.lost:
                    return RuleError("relationship-lost", f"{rel.name} has ended", labels)
                if rel.used:
                    return RuleError("relationship-once-per-session",
                                     f"{rel.name} is already used this session: it refreshes in the Rest scene", labels)
                if rel.revenge:
                    return RuleError("revenge-against-villain",
                                     "a revenge bond only counts in a scene against that villain", labels)
            if a.kind == "secret" and s.phase == "pool":
                return RuleError("secret-once-per-campaign", "the Personal Secret's dice are once per campaign", labels)
            if a.kind == "unique" and s.phase == "pool":
                return RuleError("unique-once-per-session", "the Unique Thing works once per session", labels)
            if a.kind == "raise":
                stype = rules.scene_types.get(s.scene.type if s.scene else "")
                if stype and not stype.raise_:
                    return RuleError("no-raise-in-flashback", "the stakes cannot be raised in a flashback", labels)
                pool = self._pool_of(s.roll, args["character"]) if s.roll else None
                if pool and pool.raised:
                    return RuleError("one-raise-per-roll", "the stakes are already raised for this roll", labels)
                return RuleError("raise-must-be-worse",
                                 "raising the stakes means choosing a worse consequence than the one set", labels)
            if a.kind in ("rest",) or (a.kind == "frame" and "rest" in (args.get("type"), args.get("scene"))):
                if s.rest_used:
                    return RuleError("one-rest-per-session", "this session has had its Rest scene", labels)
            if a.kind == "frame" and s.scene_count >= s.max_scenes:
                return RuleError("story-length", f"the story has had its {s.max_scenes} scenes: end it", labels)
            if a.kind == "continue":
                return RuleError("scene-length", f"a scene holds at most {s.max_beats} actions", labels)
            if a.kind == "attributes":
                return RuleError("attribute-dice", "8 dice over Body, Mind and Aura, 1 to 4 each", labels)
            if a.kind == "advantage":
                return RuleError("tactical-advantage", "tactical advantage is 0 (none) or 1 to 3 dice", labels)
            if a.kind == "difficulty":
                return RuleError("difficulty", f"Difficulty is 1 to {rules.limits.difficulty_max} "
                                 "(0 means no roll: use no_roll)", labels)
            if a.kind in ("keep", "explode"):
                return RuleError("sixes", "only a 6 not yet decided may be kept or exploded", labels)
            if a.kind == "cancel":
                return RuleError("six-cancels-one", "a 6 of the same dice may cancel one uncancelled 1", labels)
            if a.kind == "complication":
                return RuleError("complication-not-fatal", "a Complication makes life harder but never "
                                 "kills or takes a character out of the story at once", labels)
            if a.kind == "roll" and s.phase == "call":
                return RuleError("problem", "roll on one of this scene's problems, or 'open'", labels)
        except (KeyError, StopIteration, AttributeError, TypeError, ValueError):
            pass
        return RuleError("legal-actions", f"{a.kind} {args} is not one of the legal actions now", labels)

    # ------------------------------------------------------------------ views
    def _sheet(self, c: Character, seat: str | None) -> dict[str, Any]:
        show_secret = seat in ("player", "gm") or c.secret_used
        return {
            "id": c.id, "name": c.name, "concept": c.concept,
            "attributes": {a: {"base": c.base[a], "loss": c.loss[a], "now": c.current(a)} for a in ATTRS},
            "traits": [{"id": t.id, "name": t.name, "very": t.very, "left": t.available(),
                        "burned": t.burned} for t in c.traits],
            "relationships": [{"id": r.id, "name": r.name, "used": r.used, "lost": r.lost,
                               "revenge": r.revenge, "bonus": r.bonus} for r in c.relationships],
            "secret": c.secret if show_secret else "", "has_secret": bool(c.secret),
            "secret_used": c.secret_used,
            "unique": c.unique, "unique_used": c.unique_used,
            "status": c.status, "out_reason": c.out_reason, "deaths_door": c.deaths_door,
            "captured": c.captured, "social_death": c.social_death, "gear_lost": c.gear_lost,
            "stories": c.stories, "die_moved": c.die_moved,
        }

    def _roll_view(self, s: State) -> dict[str, Any] | None:
        r = s.roll
        if r is None:
            return None
        rules = self.rules
        prob = rules.problems.get(r.problem)
        sf = rules.limits.success_from
        return {
            "kind": r.kind, "problem": r.problem, "problem_name": prob.name if prob else "",
            "difficulty": r.difficulty,
            "rung": rules.rung(r.difficulty).name if r.difficulty is not None else "",
            "consequence": [{"id": k, "name": rules.consequences[k].name,
                             "summary": rules.consequences[k].summary} for k in r.consequence],
            "consequence_text": prob.consequence_text if prob and r.consequence else "",
            "severity": self._severity(r.consequence), "advantage": r.advantage, "stage": r.stage,
            "helpers": list(r.helpers), "current": r.current, "overkill": r.overkill,
            "success": r.success, "winner": r.winner,
            "pools": [{
                "character": p.character, "attribute": p.attribute, "size": p.size(),
                "sources": [x.model_dump() for x in p.sources], "raised": p.raised, "heroic": p.heroic,
                "dice": [d.model_dump() for d in p.dice], "successes": p.successes(sf),
                "ones": len(p.ones()), "rolled": p.rolled,
            } for p in r.pools],
            "complications_due": len(r.due_complications),
            "applied": [dict(x) for x in r.applied],
            "element": r.element if r.element not in ("", "-", "+") else "",
        }

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        s = state
        rules = self.rules
        info = rules.adv.adventure
        sc = s.scene
        out: dict[str, Any] = {
            "game": self.name, "seat": seat, "phase": s.phase, "to_move": self.to_move(s),
            "setting": rules.adv.setting.title,
            "adventure": {"title": info.title, "hook": info.hook},
            "characters": [self._sheet(c, seat) for c in s.characters],
            "scene": None if sc is None else {
                "number": sc.number, "id": sc.id, "type": sc.type, "title": sc.title, "place": sc.place,
                "frame": sc.frame, "beats": sc.beats, "max_beats": s.max_beats,
                "declaration": sc.declaration.model_dump() if sc.declaration else None,
            },
            "roll": self._roll_view(s),
            "rest_used": s.rest_used, "scene_count": s.scene_count, "max_scenes": s.max_scenes,
            "revealed": [{"id": x, "title": rules.secrets[x].title, "text": rules.secrets[x].text}
                         for x in s.revealed],
            "facts": list(s.facts),
            "history": [dict(h) for h in s.history],
            "played": list(s.played),
            "solved": self._solved(s),
            # a character being built is the player's own business until it joins the story
            "draft": s.draft.model_dump() if s.draft and seat == "player" else (
                {"step": s.draft.step} if s.draft else None),
            "pending_new": s.pending_new,
            "bonds": [dict(b) for b in s.bonds],
            "ending": None if not s.ending else {
                "id": s.ending, "title": rules.endings[s.ending].title,
                "text": rules.endings[s.ending].text, "epilogue": s.epilogue},
        }
        if seat == "gm":
            out["gm"] = {
                "secrets": [{"id": x.id, "title": x.title, "text": x.text, "revealed": x.id in s.revealed}
                            for x in rules.adv.secret],
                "triggers": list(s.triggers),
                "met": list(s.met),
            }
        return out

    def _solved(self, s: State) -> list[str]:
        """Problems overcome so far (a problem that needs a narrative element needs a 6 too)."""
        out: list[str] = []
        for h in s.history:
            p = self.rules.problems.get(h.get("problem", ""))
            if p and h.get("success") and (h.get("six") or not p.needs_element) and p.id not in out:
                out.append(p.id)
        return out

    def secrets(self, state: State, seat: str | None) -> set[str]:
        if seat == "gm":
            return set()
        rules = self.rules
        out: set[str] = set()
        for sec in rules.adv.secret:
            if sec.id not in state.revealed:
                out.add(sec.id)
                out.add(sec.text)
        for sc in rules.adv.scene:
            if sc.hidden and sc.id not in state.met:
                out.add(sc.id)
        # A character's Personal Secret is hidden from the public view too (its sheet shows "" until
        # it is revealed), but its text is free text that may equal anything else said in the
        # story, so it is checked by its own test rather than listed here.
        return out

    # ------------------------------------------------------------------ labels
    def describe(self, action: Action) -> str:
        k, a = action.kind, action.args
        at = lambda x: ATTR_NAME.get(x, x)  # noqa: E731
        labels = {
            "premade": lambda: f"play {a.get('name', a.get('id'))} (ready-made)",
            "build": lambda: "build your own character",
            "attributes": lambda: f"Body {a['body']}, Mind {a['mind']}, Aura {a['aura']}",
            "name": lambda: "name the character",
            "concept": lambda: "give the concept",
            "trait_name": lambda: f"name Trait {a.get('n')}",
            "relationship_name": lambda: f"name Relationship {a.get('n')}",
            "no_secret": lambda: "no Personal Secret",
            "no_unique": lambda: "no Unique Thing",
            "rest": lambda: "narrate the Rest scene (once per session)",
            "act": lambda: f"{a['character']} acts with {at(a['attribute'])}",
            "contest": lambda: f"contest: {a['first']} vs {a['second']} ({at(a['attribute'])})",
            "move_on": lambda: "move on (end the scene)",
            "relationship": lambda: f"Relationship: {a.get('name', a.get('relationship'))}",
            "unique": lambda: (f"Unique Thing: {a['name']} (+2)" if "name" in a else "Unique Thing"),
            "raise": lambda: f"raise the stakes: {a['consequence']}",
            "heroic": lambda: f"Heroic Effort: burn {a.get('name', a.get('trait'))} (+2)",
            "help": lambda: f"{a['helper']} helps (+1)",
            "lend": lambda: f"{a['helper']} lends {a.get('name', a.get('trait'))} (+1)",
            "join": lambda: f"{a['character']} joins the team effort ({at(a['attribute'])})",
            "keep": lambda: f"keep the 6 (die {a['die'] + 1}) as a success",
            "explode": lambda: f"explode the 6 (die {a['die'] + 1}): roll two more",
            "cancel": lambda: f"spend the 6 (die {a['die'] + 1}) to cancel the 1 (die {a['one'] + 1})",
            "done": lambda: "done with the sixes",
            "tiebreak": lambda: "roll a die to break the tie",
            "draw": lambda: "call it a draw",
            "element": lambda: f"add a narrative element ({a['element']})",
            "skip_element": lambda: "add no narrative element",
            "narrate": lambda: "narrate the outcome",
            "new_trait": lambda: "Experience: a new Trait",
            "new_relationship": lambda: "Experience: a new Relationship",
            "very_good": lambda: f"Experience: VERY good {a.get('name', a.get('trait'))}",
            "restore": lambda: f"Experience: win back the burned {a.get('name', a.get('trait'))}",
            "move_die": lambda: f"move a die from {at(a['from'])} to {at(a['to'])}",
            "keep_dice": lambda: "keep the attributes as they are",
            "frame": lambda: (f"frame an open scene ({a['type']})" if a.get("scene") == "open"
                              else f"frame scene: {a.get('title', a.get('scene'))}"),
            "end_story": lambda: f"end the story: {a.get('title', a.get('ending'))}",
            "reveal": lambda: f"reveal: {a.get('title', a.get('secret'))}",
            "no_roll": lambda: "no roll needed: narrate",
            "attribute": lambda: f"the roll uses {at(a['attribute'])}",
            "difficulty": lambda: f"Difficulty {a['value']}",
            "consequence": lambda: "Consequence: " + " and ".join(a["kinds"]),
            "advantage": lambda: ("no tactical advantage" if not a["dice"] else f"tactical advantage +{a['dice']}"),
            "lose": lambda: f"the Relationship ends: {a.get('name', a.get('relationship'))}",
            "accept_element": lambda: "accept the narrative element",
            "veto": lambda: f"veto the element ({a['reason']})",
            "complication": lambda: f"complication: {a['id']}",
            "continue": lambda: "go on with the scene",
            "end_scene": lambda: "end the scene",
        }
        if k == "trait":
            n = a.get("dice")
            return f"Trait: {a.get('name', a.get('trait'))} (+{n or 1})"
        if k == "secret":
            return "reveal your Personal Secret (+2, once per campaign)" if "character" in a else "a Personal Secret"
        if k == "roll":
            if "problem" in a:
                return f"roll on {a.get('name') or 'an open problem'}"
            return "roll the dice"
        if k == "chance":
            return "dice: " + " ".join(map(str, a.get("items", [])))
        fn = labels.get(k)
        return fn() if fn else k
