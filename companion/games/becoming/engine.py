"""Becoming: the rules engine (GAMES.md §5). Pure functions over a frozen State.

The Hero (the human by default) against the three Fates, one of whom is each scene's Agent of
Threat while the other two tempt. The engine lists every legal move exactly, refuses anything else
with the rule's name, and leaves chance (the dice) to the sampler or the player's real dice.

Modelling choices, each a reading of the rule text:

* Invoking is one Asset (Hero) or one negative Trait or subverted Asset (Agent) per action, so the
  journal names each; "gathered"/"ready" ends the gathering.
* A Tempter builds a bargain cost by cost (at most three, from the three allowed kinds), then seals
  it with its dice (1-3) and whether it takes effect at once (step 7) or after the roll (step 11);
  or it backs the Agent. Both Tempters are awaited at once and nothing of a draft reaches any other
  seat until both have sealed (the kernel's several-seats-awaited mechanism).
* The Hero answers each bargain: accept, reject or counter. A counter names other costs from the
  same list (one to three) and one to three dice; the Tempter takes it (the bargain becomes the
  counter, accepted) or refuses it (the first bargain stands, to be accepted or rejected). One
  counter per bargain. An acceptance whose costs could no longer all be paid alongside those
  already accepted (two bargains asking for the same Asset) is refused, with the reason.
* Shooting the moon is declared at the start of one's gathering; the Hero needs nothing to win
  back (a success with nothing subverted still scores 5 and the usual positive Trait); her bargains
  are all refused (each still a die for the Agent unless he shoots too).
  The Agent's moon shot takes no dice from negative Traits, subverted Assets or the Tempters
  (neither backing nor rejections), so no Tempter may back him.
* The Agent's prize "on each risked Asset" is one mark per risked Asset still the Hero's, chosen
  Asset by Asset.
"""
from __future__ import annotations

import json
from typing import ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Outcome, RuleError
from companion.games.becoming import flow
from companion.story import pronouns
from companion.games.becoming import mechanics as m
from companion.games.becoming.data import Quest, Rules, quest_from_dict, rules
from companion.games.becoming.model import (
    COSTS,
    FATES,
    HERO,
    KINDS,
    MAX_COSTS,
    MAX_OFFER_DICE,
    PER_KIND,
    PRONOUNS,
    SEATS,
    BecomingOptions,
    Phase,
    State,
)
from companion.games.becoming.views import (
    PHASE_WORDS,
    cost_text,
    describe,
    seat_name,
    view_of,
)

CREATION = (Phase.QUEST, Phase.PICK, Phase.NAME, Phase.PRONOUNS)
SEAT_PHASES = {  # the seat awaited in each single-seat phase: "agent", "winner" or HERO
    Phase.ELEMENTS: "agent", Phase.THREAT: "agent", Phase.HERO_GATHER: HERO,
    Phase.AGENT_GATHER: "agent", Phase.ANSWERS: HERO, Phase.COUNTER: HERO,
    Phase.MORE_HERO: HERO,
    Phase.MORE_AGENT: "agent", Phase.PRIZE: "winner", Phase.PRIZE_TRAITS: "winner",
    Phase.RESOLVE: "winner", Phase.NAME: HERO, Phase.PRONOUNS: HERO,
}


class Becoming:
    name: ClassVar[str] = "becoming"
    title: ClassVar[str] = "Becoming"
    seats: ClassVar[tuple[str, ...]] = SEATS
    default_human: ClassVar[str] = HERO
    options_model: ClassVar[type] = BecomingOptions
    blurb: ClassVar[str] = (
        "nine scenes of heroic sacrifice: the Hero against the three Fates, who take turns to "
        "threaten and to tempt with bargains paid in Virtues, Strengths and Allies"
    )

    def seat_name(self, seat: str, state: State | None = None) -> str:
        """How a seat is named to the player: "the Hero", a Fate by her name ("Veyla"), in any
        state (``state``: the one in hand; the seats' names do not change with it)."""
        return seat_name(self.data, seat)

    def __init__(self, data: Rules | None = None) -> None:
        self._data = data
        self._custom: dict[str, Quest] = {}

    @property
    def data(self) -> Rules:
        if self._data is None:
            self._data = rules()
        return self._data

    def rules_digest(self) -> str:
        return self.data.digest

    def quest(self, s: State) -> Quest:
        if s.quest.startswith("{"):  # a Quest from a file rides in the state as JSON
            if s.quest not in self._custom:
                self._custom[s.quest] = quest_from_dict(json.loads(s.quest))
            return self._custom[s.quest]
        return self.data.quest(s.quest or self.data.quests[0].id)

    # -- setup --------------------------------------------------------------------------------------
    def setup(self, options: BecomingOptions | None = None) -> State:
        options = options or BecomingOptions()
        if options.quest_data is not None:
            quest_from_dict(options.quest_data)  # refuse a bad file before play starts
            return State(quest=json.dumps(options.quest_data, sort_keys=True),
                         phase=Phase.PICK)
        if options.quest:
            if not self.data.has_quest(options.quest):
                raise RuleError("quest", f"there is no Quest called {options.quest!r}",
                                [q.id for q in self.data.quests])
            return State(quest=options.quest, phase=Phase.PICK)
        return State()

    # -- whose move ---------------------------------------------------------------------------------
    def agent(self, s: State) -> str:
        return flow.agent_of(self.quest(s), s)

    def to_move(self, s: State) -> list[str]:
        p = s.phase
        if p is Phase.OVER:
            return []
        if s.renames:
            return [s.renames[0][1]]
        if p in (Phase.QUEST, Phase.ROLL_HERO, Phase.ROLL_AGENT):
            return [CHANCE]
        if p is Phase.PICK:
            return [SEATS[s.picks % len(SEATS)]]
        if p is Phase.AVATARS:
            return [t for t in flow.tempters(self.quest(s), s.scene) if t not in s.introduced]
        if p is Phase.OFFERS:
            return [t for t in flow.tempters(self.quest(s), s.scene)
                    if not ((o := flow.offer_of(s, t)) and o.sealed)]
        if p is Phase.CLOSE:
            return [seat for seat in s.closers if seat not in s.closed]
        if p is Phase.COUNTER_REPLY:
            return [s.counter.tempter] if s.counter else []
        who = SEAT_PHASES[p]
        if who == "agent":
            return [self.agent(s)]
        if who == "winner":
            return [s.winner]
        return [who]

    def chance(self, s: State) -> Chance:
        if s.phase is Phase.QUEST:
            return Chance(what="the Quest to be told", count=1,
                          options=tuple(q.id for q in self.data.quests))
        q = self.quest(s)
        if s.phase is Phase.ROLL_HERO:
            return Chance(what="the Hero's dice", count=m.hero_pool(s), options=m.FACES,
                          distinct=False, physical_seats=SEATS)
        if s.phase is Phase.ROLL_AGENT:
            fate = self.data.fate(self.agent(s))
            return Chance(what=f"the Agent of Threat's dice ({fate.name} {fate.title})",
                          count=m.agent_pool(s, q.scenes[s.scene - 1].threat_dice),
                          options=m.FACES, distinct=False, physical_seats=SEATS)
        raise RuleError("chance", f"nothing is left to chance in phase {s.phase.value}")

    def is_over(self, s: State) -> bool:
        return s.phase is Phase.OVER

    def outcome(self, s: State) -> Outcome:
        tot = m.totals(s, SEATS)
        names = [s.hero_name or "the Hero" if w == HERO else self.data.fate(w).name
                 for w in s.closers]
        who = " and ".join(names) if names else "nobody"
        left = len(m.standing(s))
        won = (f"{who} wins with {max(tot.values())} points" if len(names) == 1 else
               f"a tie: {who} share the win at {max(tot.values())} points each")
        return Outcome(summary=f"{won[:1].upper()}{won[1:]}; the Hero kept {left} of 9 Assets.",
                       scores={k: float(v) for k, v in tot.items()})

    def final_score(self, s: State) -> str:
        """The points, best first, each with its name: "Ysolde the Shears 44, ..., Wren 3"."""
        tot = m.totals(s, SEATS)
        name = {w: (s.hero_name or "the Hero") if w == HERO else
                f"{self.data.fate(w).name} {self.data.fate(w).title}" for w in SEATS}
        return ", ".join(f"{name[w]} {v}" for w, v in sorted(tot.items(), key=lambda kv: -kv[1]))

    # -- legal actions --------------------------------------------------------------------------------
    def legal_actions(self, s: State, seat: str) -> list[Action]:
        if seat not in SEATS or seat not in self.to_move(s):
            return []
        if s.renames:
            aid = s.renames[0][0]
            return [Action(seat=seat, kind="rename", args={"asset": aid}, optional_text=False,
                           ask=f"{self.data.asset(aid).name} is turned: its new name, as it "
                               "now works against the Hero")]
        p = s.phase
        d = self.data
        if p is Phase.PICK:
            counts = {k: sum(1 for a in s.assets if a.kind == k) for k in KINDS}
            taken = {a.id for a in s.assets}
            return [Action(seat=seat, kind="pick", args={"asset": c.id})
                    for c in d.hero.assets if c.id not in taken and counts[c.kind] < PER_KIND]
        if p is Phase.NAME:
            return [Action(seat=seat, kind="name", ask="Name your Hero", optional_text=False)]
        if p is Phase.PRONOUNS:
            return [*(Action(seat=seat, kind="pronouns", args={"pronouns": x}) for x in PRONOUNS),
                    Action(seat=seat, kind="pronouns", args={"set": "own"}, optional_text=False,
                           ask=f"{s.hero_name}'s pronouns ({pronouns.ASK})")]
        if p is Phase.ELEMENTS:
            return [Action(seat=seat, kind="elements",
                           ask="Narrate the scene's Elements (optional)")]
        if p is Phase.AVATARS:
            return [Action(seat=seat, kind="introduce",
                           ask=f"Introduce your avatar, {d.fate(seat).avatar} (optional)")]
        if p is Phase.THREAT:
            return [Action(seat=seat, kind="threat",
                           ask="Present the Threat and its stakes: what happens if you win?")]
        if p in (Phase.HERO_GATHER, Phase.MORE_HERO):
            return self._hero_gather(s, seat)
        if p in (Phase.AGENT_GATHER, Phase.MORE_AGENT):
            return self._agent_gather(s, seat)
        if p is Phase.OFFERS:
            return self._tempter(s, seat)
        if p is Phase.ANSWERS:
            return self._answers(s, seat)
        if p is Phase.COUNTER:
            return self._counter(s, seat)
        if p is Phase.COUNTER_REPLY:
            return [Action(seat=seat, kind=k, ask="What does your avatar say? (optional)")
                    for k in ("take", "refuse")]
        if p is Phase.PRIZE:
            return self._prize(s, seat)
        if p is Phase.PRIZE_TRAITS:
            acts = []
            for aid in flow.risked_unmarked(s):
                a = m.asset_of(s, aid)
                if m.can_add(a):
                    acts.append(Action(seat=seat, kind="mark",
                                       args={"asset": aid, "change": "add_negative"}))
                if m.can_remove_positive(a):
                    acts.append(Action(seat=seat, kind="mark",
                                       args={"asset": aid, "change": "remove_positive"}))
            return acts
        if p is Phase.RESOLVE:
            return [Action(seat=seat, kind="resolve",
                           ask="You won the Threat: narrate what happens (optional)")]
        if p is Phase.CLOSE:
            others = [self.seat_name(w) for w in s.closers if w != seat]
            ask = ("You won the game: narrate the close of the Quest (optional)" if not others
                   else f"You tied for the win with {' and '.join(others)}: narrate your part "
                        "of the close, told in turns (optional)")
            return [Action(seat=seat, kind="close", ask=ask)]
        return []

    def _hero_gather(self, s: State, seat: str) -> list[Action]:
        acts = [Action(seat=seat, kind="invoke", args={"asset": a.id},
                       ask="How does the Hero call on it? (optional)")
                for a in s.assets if not a.subverted and a.id not in s.invoked]
        if s.phase is Phase.HERO_GATHER:
            if not s.invoked:
                acts.append(Action(seat=seat, kind="moon",
                                   ask="Your stakes: what happens if you win? (optional)"))
            acts.append(Action(seat=seat, kind="gathered",
                               ask="Your stakes: what happens if you win? (optional)"))
        else:
            acts.append(Action(seat=seat, kind="ready"))
        return acts

    def _agent_gather(self, s: State, seat: str) -> list[Action]:
        acts = []
        if not s.agent_moon:
            for a in s.assets:
                if a.subverted and a.id not in s.agent_subverted:
                    acts.append(Action(seat=seat, kind="invoke_subverted", args={"asset": a.id},
                                       ask="How does it turn up in the Threat? (optional)"))
                for t in a.traits:
                    if not t.positive and t.id not in s.agent_traits and not a.subverted:
                        acts.append(Action(seat=seat, kind="invoke_trait",
                                           args={"asset": a.id, "trait": t.id}))
        if s.phase is Phase.AGENT_GATHER:
            if not s.agent_traits and not s.agent_subverted:
                acts.append(Action(seat=seat, kind="moon"))
            acts.append(Action(seat=seat, kind="gathered"))
        else:
            acts.append(Action(seat=seat, kind="ready"))
        return acts

    def _tempter(self, s: State, seat: str) -> list[Action]:
        draft = flow.offer_of(s, seat)
        costs = draft.costs if draft else ()
        acts = []
        if not costs and not s.agent_moon:
            acts.append(Action(seat=seat, kind="back", ask="What does your avatar say? "
                                                         "(optional)"))
        if len(costs) < MAX_COSTS:
            assets = {a.id: a for a in s.assets}
            for a in s.assets:
                for kind in COSTS:
                    if m.costs_payable(assets, (*costs, m.Cost(kind=kind, asset=a.id))):
                        acts.append(Action(seat=seat, kind="cost",
                                           args={"kind": kind, "asset": a.id}))
        if costs:
            for dice in range(1, MAX_OFFER_DICE + 1):
                for timing in ("immediate", "delayed"):
                    acts.append(Action(seat=seat, kind="offer",
                                       args={"dice": dice, "timing": timing},
                                       ask="What does your avatar say as it makes the offer? "
                                           "(optional)"))
        return acts

    def _answers(self, s: State, seat: str) -> list[Action]:
        """Step 6: accept (if its costs can still all be paid beside those accepted), reject or
        counter (once) each open bargain."""
        acts = []
        for o in s.offers:
            if o.back or o.answer is not None:
                continue
            args = {"tempter": o.tempter, "dice": o.dice, "timing": o.timing,
                    "costs": [[c.kind, c.asset] for c in o.costs]}
            kinds = ["accept", "reject"] if flow.payable_with_accepted(s, o) else ["reject"]
            acts += [Action(seat=seat, kind=k, args=args, ask="What does the Hero say? (optional)")
                     for k in kinds]
            if o.tempter not in s.countered:
                acts.append(Action(seat=seat, kind="counter", args={"tempter": o.tempter}))
        return acts

    def _counter(self, s: State, seat: str) -> list[Action]:
        """Step 6, a counter: costs from the same list (payable beside those accepted), then the
        dice asked for."""
        draft = s.counter
        assert draft is not None
        acts = []
        if len(draft.costs) < MAX_COSTS:
            for a in s.assets:
                for kind in COSTS:
                    trial = draft.model_copy(update={
                        "costs": draft.costs + (m.Cost(kind=kind, asset=a.id),)})
                    if flow.payable_with_accepted(s, trial):
                        acts.append(Action(seat=seat, kind="counter_cost",
                                           args={"kind": kind, "asset": a.id}))
        if draft.costs:
            acts += [Action(seat=seat, kind="propose", args={"dice": n},
                            ask="What does the Hero say as she counters? (optional)")
                     for n in range(1, MAX_OFFER_DICE + 1)]
        acts.append(Action(seat=seat, kind="withdraw"))
        return acts

    def _prize(self, s: State, seat: str) -> list[Action]:
        if seat == HERO:
            if s.hero_moon and not s.moon_regained and any(a.subverted for a in s.assets):
                return [Action(seat=seat, kind="regain",
                               args={"asset": a.id, "marks": len(a.turned_marks)})
                        for a in s.assets if a.subverted]
            acts = [Action(seat=seat, kind="claim", args={"asset": a.id},
                           ask="Name the positive Trait it gains (optional)")
                    for a in s.assets if m.can_add(a)]
            return acts or [Action(seat=seat, kind="forgo")]
        acts = [Action(seat=seat, kind="subvert", args={"asset": a.id})
                for a in s.assets if m.can_subvert(a)]
        if not s.agent_moon and flow.risked_unmarked(s):
            acts.append(Action(seat=seat, kind="mark_risked"))
        return acts

    # -- applying ---------------------------------------------------------------------------------------
    HANDLERS: ClassVar[dict] = {
        "pick": flow.pick, "name": flow.name, "pronouns": flow.pronouns,
        "elements": flow.elements, "introduce": flow.introduce, "threat": flow.threat,
        "invoke": flow.invoke, "gathered": None, "moon": None, "ready": None,
        "invoke_trait": flow.invoke_trait, "invoke_subverted": flow.invoke_subverted,
        "back": flow.back, "cost": flow.cost, "offer": flow.seal,
        "accept": flow.answer, "reject": flow.answer, "regain": flow.regain,
        "counter": flow.counter, "counter_cost": flow.counter_cost, "propose": flow.propose,
        "withdraw": flow.withdraw, "take": flow.counter_answered, "refuse": flow.counter_answered,
        "claim": flow.claim_positive, "forgo": flow.forgo, "subvert": flow.claim_subvert,
        "mark_risked": flow.claim_traits, "mark": flow.mark, "resolve": flow.resolve,
        "close": flow.close, "rename": flow.renamed,
    }

    def apply(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            return self._apply_chance(s, action)
        legal = self.legal_actions(s, action.seat)
        if action.key() not in {a.key() for a in legal}:
            raise self._refusal(s, action, legal)
        q = self.quest(s)
        handler = self.HANDLERS[action.kind]
        if handler is None:  # the same word at the Hero's and the Agent's steps
            hero = action.seat == HERO
            handler = {"gathered": flow.hero_gathered if hero else flow.agent_gathered,
                       "moon": flow.hero_moon if hero else flow.agent_moon,
                       "ready": flow.hero_ready if hero else flow.agent_ready}[action.kind]
        s, events = handler(self.data, q, s, action)
        return self._after(q, s, events)

    def _after(self, q: Quest, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        """The Hero's last Asset gone (and named by its Fate): the game ends at once."""
        if (s.phase not in (*CREATION, Phase.CLOSE, Phase.OVER) and not s.renames
                and s.assets and not m.standing(s)):
            s, more = flow.to_close(s, early=True, q=q)
            events = events + more
        return s, events

    def _apply_chance(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if self.to_move(s) != [CHANCE]:
            raise RuleError("turn order", "no dice are due to be rolled now")
        chance = self.chance(s)
        items = list(action.args.get("items", []))
        chance.check(items)
        if s.phase is Phase.QUEST:
            q = self.data.quest(items[0])
            s = s.model_copy(update={"quest": q.id, "phase": Phase.PICK})
            return s, [Event(kind="quest_chosen", data={"quest": q.id, "title": q.title,
                                                        "premise": q.premise})]
        s, events = flow.rolled(self.data, self.quest(s), s, [int(x) for x in items])
        return self._after(self.quest(s), s, events)

    def _refusal(self, s: State, a: Action, legal: list[Action]) -> RuleError:
        labels = [self.describe(x) for x in legal]
        due = self.to_move(s)
        if a.seat not in due:
            who = " and ".join(seat_name(self.data, x) for x in due) or "nobody"
            return RuleError("turn order", f"it is not {seat_name(self.data, a.seat)}'s move "
                             f"now: {PHASE_WORDS[s.phase.value]} (waiting for {who})", labels)
        k, args = a.kind, a.args
        assets = {x.id: x for x in s.assets}
        target = assets.get(args.get("asset", ""))
        if k == "pick":
            card = args.get("asset")
            if card in assets:
                return RuleError("Hero card", "that Asset is already the Hero's", labels)
            try:
                kind = self.data.asset(card).kind
            except KeyError:
                return RuleError("Hero card", f"there is no Asset {card!r} on the Hero card",
                                 labels)
            return RuleError("three of each", f"the Hero already has {PER_KIND} {kind} Assets",
                             labels)
        if k == "invoke" and target is not None and target.subverted:
            return RuleError("subverted Assets", "a subverted Asset cannot be invoked", labels)
        if k == "invoke" and args.get("asset") in s.invoked:
            return RuleError("invoking", "that Asset is already invoked this scene", labels)
        if k in ("invoke", "gathered") and s.hero_moon and a.seat == HERO:
            return RuleError("shooting the moon", "the Hero shooting the moon invokes no Assets",
                             labels)
        if k in ("invoke_trait", "invoke_subverted") and s.agent_moon:
            return RuleError("shooting the moon", "the Agent shooting the moon takes no dice "
                             "from negative Traits or subverted Assets", labels)
        if k == "moon":
            return RuleError("shooting the moon", "the moon is shot at the start of gathering, "
                             "before anything is invoked", labels)
        if k == "back" and s.agent_moon:
            return RuleError("shooting the moon", "an Agent shooting the moon takes no dice "
                             "from the Tempters", labels)
        if k == "cost":
            draft = flow.offer_of(s, a.seat)
            if draft and len(draft.costs) >= MAX_COSTS:
                return RuleError("bargain costs", f"at most {MAX_COSTS} costs in one bargain",
                                 labels)
            if args.get("kind") not in COSTS:
                return RuleError("bargain costs", "a bargain may ask only to subvert an Asset, "
                                 "add a negative Trait or remove a positive Trait", labels)
            return RuleError("Traits", "that cost cannot be paid on that Asset (five Traits at "
                             "most; a subverted Asset takes no Traits; only a positive Trait "
                             "can be removed)", labels)
        if k == "offer":
            if not (1 <= int(args.get("dice", 0) or 0) <= MAX_OFFER_DICE):
                return RuleError("bargain dice", "a bargain offers one to three dice", labels)
            return RuleError("bargain costs", "a bargain names its cost before its dice",
                             labels)
        if k == "mark" and (args.get("asset") in s.prize_marked
                            or args.get("asset") not in s.invoked):
            return RuleError("Agent's prize", "the prize marks each risked Asset once (a "
                             "negative Trait on it or a positive Trait off it)", labels)
        if k in ("claim", "mark") and target is not None:
            return RuleError("Traits", "an Asset holds at most five Traits, and a subverted "
                             "Asset takes none", labels)
        if k == "propose" and s.counter is not None and not s.counter.costs:
            return RuleError("countering", "a counter names at least one cost (cost negative "
                             "ASSET, ...) before the dice it asks", labels)
        if k == "propose" and s.counter is not None:
            return RuleError("countering", "a counter asks one to three dice", labels)
        if k == "counter_cost" and s.counter is not None:
            return RuleError("countering", "a counter asks at most three costs, each one that "
                             "could be paid beside the bargains you accepted", labels)
        if k in ("accept", "reject", "counter") and s.hero_moon:
            return RuleError("shooting the moon", "the Hero shooting the moon accepts no "
                             "bargains", labels)
        if k in ("accept", "reject", "counter") and s.phase is Phase.ANSWERS:
            return self._answer_refusal(s, a, labels)
        return RuleError("scene order", f"that is not a move now: {PHASE_WORDS[s.phase.value]}",
                         labels)

    def _answer_refusal(self, s: State, a: Action, labels: list[str]) -> RuleError:
        d = self.data
        t = a.args.get("tempter")
        o = flow.offer_of(s, t) if t in FATES else None
        if o is None:
            return RuleError("answering bargains", "that Fate made no offer this scene", labels)
        name = d.fate(t).name
        if o.back:
            return RuleError("answering bargains", f"{name} backed the Agent of Threat: there "
                             "is no bargain from that Fate to answer", labels)
        if o.answer is not None:
            return RuleError("answering bargains", f"{name}'s bargain is already "
                             f"{o.answer}", labels)
        if a.kind == "counter":
            return RuleError("countering", f"{name}'s bargain has been countered once already: "
                             "accept or reject it", labels)
        clash = flow.unpayable_with_accepted(s, o)
        if a.kind == "accept" and clash is not None:
            other, cost = clash
            whose = ("this bargain" if other.tempter == t
                     else f"{d.fate(other.tempter).name}'s bargain")
            return RuleError("bargain costs", f"{name}'s bargain can no longer be paid beside "
                             f"the one you accepted: {whose} would ask for "
                             f"{cost_text(d, cost.kind, cost.asset)}, which could not be paid "
                             "then. Reject it, or counter with other costs", labels)
        return RuleError("answering bargains", "answer the bargain as it was offered (its dice "
                         "and costs)", labels)

    # -- views ------------------------------------------------------------------------------------------
    def view(self, s: State, seat: str | None) -> dict:
        return view_of(self, s, seat)

    def secrets(self, s: State, seat: str | None) -> set[str]:
        """A Tempter's draft is known only to its maker until both Tempters have sealed."""
        if s.phase is not Phase.OFFERS:
            return set()
        return {f"offer-{s.scene}-{o.tempter}" for o in s.offers if o.tempter != seat}

    def describe(self, a: Action) -> str:
        return describe(self.data, a)

