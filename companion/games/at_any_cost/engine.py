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
than against the list of every playable set. Views and refusals live in ``views.py`` and
``refusals.py``.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Outcome, RuleError, replace
from companion.story import grammar, pronouns
from companion.games.at_any_cost.data import Rules, rules
from companion.games.at_any_cost.refusals import Refusals
from companion.games.at_any_cost.views import Views
from companion.games.at_any_cost.model import (
    ANCHORS_DRAWN,
    ANCHORS_KEPT,
    ANTAGONIST,
    MAX_QUESTIONS,
    PROTAGONIST,
    SEATS,
    AacOptions,
    Phase,
    Question,
    StageResult,
    State,
)

CHALLENGE = frozenset((Phase.SET, Phase.MEET, Phase.RAISE))
_CHANCE_PHASES = frozenset((Phase.DEAL_SEEDS, Phase.DEAL_HIDDEN, Phase.DRAW_ANCHORS,
                            Phase.DRAW_PROTAGONIST, Phase.DRAW_ANTAGONIST))
_PROTAGONIST_PHASES = frozenset((Phase.NAME_HERO, Phase.HERO_PRONOUNS, Phase.DESCRIBE_HERO,
                                 Phase.KEEP_ANCHORS, Phase.ANSWER_ANCHORS, Phase.MEET,
                                 Phase.EPILOGUE))


class AtAnyCost(Views, Refusals):
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

    # -- derived facts -------------------------------------------------------------------------
    def tags_in_play(self, s: State) -> list[str]:
        """Stage tags + its location's (once face up) + every tag on Antagonist cards played."""
        if not 1 <= s.stage <= 5:
            return []
        i = s.stage - 1
        loc = s.map[i] if s.face_up[i] else None
        return list(self._tags_of(s.stage, loc, s.antagonist_played))

    def _tags_of(self, stage: int, loc: str | None, played: tuple[str, ...]) -> tuple[str, ...]:
        """The tags in play for these facts, computed once per distinct set of facts (a
        game asks the same question many times per step)."""
        key = (stage, loc, played)
        cache = self.__dict__.setdefault("_tag_cache", {})
        if key not in cache:
            tags = list(self.data.stage(stage).tags)
            if loc:
                tags += self.data.location(loc).tags
            for cid in played:
                tags += self.data.card(cid).tags
            if len(cache) > 4096:
                cache.clear()
            cache[key] = tuple(_ordered_unique(tags))
        return cache[key]

    def total(self, cards: Iterable[str]) -> int:
        values = self._card_facts[0]
        return sum(values[c] for c in cards)

    def _order_play(self, s: State, seat: str, cards: Iterable[str]) -> list[str] | None:
        """An order in which every card matches the tags in play when it goes down, or None."""
        return self._order_from(set(self.tags_in_play(s)), seat, cards)

    def _order_from(self, tags: set[str], seat: str, cards: Iterable[str],
                    partial: bool = False) -> list[str] | None:
        """As ``_order_play`` for given tags; ``partial`` returns the cards that could go down
        even when some cannot."""
        card_tags = self._card_facts[1]
        left = sorted(cards)
        order: list[str] = []
        progress = True
        while left and progress:
            progress = False
            for cid in list(left):
                if tags & card_tags[cid]:
                    order.append(cid)
                    left.remove(cid)
                    if seat == ANTAGONIST:
                        tags = tags | card_tags[cid]
                    progress = True
        return order if partial or not left else None

    def _hand(self, s: State, seat: str) -> tuple[str, ...]:
        return s.protagonist_hand if seat == PROTAGONIST else s.antagonist_hand

    def _over_limit(self, s: State, seat: str) -> bool:
        return len(self._hand(s, seat)) > self.data.stage(s.stage).hand_limit

    def _sacrificed_this_stage(self, s: State) -> bool:
        return any(r.stage == s.stage for r in s.results)

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
        who = s.hero_name or "The hero"
        return Outcome(
            summary=f"{who} finished the journey with {grammar.count(kept, 'Anchor')} kept and {lost} lost.",
            scores={ANTAGONIST: float(lost), PROTAGONIST: float(kept)},
        )

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, s: State, seat: str) -> list[Action]:
        # A chooser asks for the list and apply asks again for the same state: remember the last
        # answer (states are immutable, so the same object has the same legal moves).
        last = self.__dict__.get("_last_legal")
        if last is not None and last[0] is s and last[1] == seat:
            return list(last[2])
        acts = self._legal_actions(s, seat)
        self._last_legal = (s, seat, tuple(acts))
        return acts

    def _legal_actions(self, s: State, seat: str) -> list[Action]:
        if seat == CHANCE or seat not in SEATS:
            return []
        p = s.phase
        acts: list[Action] = []
        if seat == PROTAGONIST:
            if p is Phase.NAME_HERO:
                acts.append(self._act(seat=seat, kind="name_hero", ask="Name your hero",
                                   optional_text=False))
            elif p is Phase.HERO_PRONOUNS:
                acts.append(self._act(seat=seat, kind="pronouns",
                                      ask=f"{s.hero_name}'s pronouns ({pronouns.EXPECTED}; "
                                          "Enter: they)"))
            elif p is Phase.DESCRIBE_HERO:
                acts.append(self._act(seat=seat, kind="describe_hero",
                                   ask=f"A sentence or two about {s.hero_name} (optional)"))
            elif p is Phase.KEEP_ANCHORS:
                memo = self.__dict__.setdefault("_keep_memo", {})
                drawn = tuple(sorted(s.anchors_drawn))
                if drawn not in memo:
                    if len(memo) > 4096:
                        memo.clear()
                    memo[drawn] = tuple(
                        Action.unchecked(seat, "keep", {"anchors": list(keep)})
                        for keep in combinations(drawn, ANCHORS_KEPT))
                acts += memo[drawn]
            elif p is Phase.ANSWER_ANCHORS:
                anchor = self._next_unanswered(s)
                qs = " ".join(self.data.anchor(anchor).questions)
                acts.append(self._act(seat=seat, kind="answer", args={"anchor": anchor},
                                   ask=f"{self.data.anchor(anchor).name}: {qs}"))
            elif p is Phase.QUESTIONS and s.questions and s.questions[-1].answer is None:
                q = s.questions[-1]
                acts.append(self._act(seat=seat, kind="reply", args={"anchor": q.anchor},
                                   ask=q.question.strip() or "Your answer"))
            elif p is Phase.EPILOGUE:
                acts.append(self._act(seat=seat, kind="epilogue",
                                   ask=f"How does {s.hero_name}'s journey end, and how did the "
                                       "losses change them? (optional)"))
            elif p is Phase.MEET:
                acts += self._plays(s, seat, need=self.total(s.antagonist_played)
                                    - self.total(s.protagonist_played))
        if seat == ANTAGONIST:
            if p is Phase.QUESTIONS and not (s.questions and s.questions[-1].answer is None):
                for anchor in s.anchors:
                    acts.append(self._act(seat=seat, kind="ask", args={"anchor": anchor},
                                       ask=f"Your question about {self.data.anchor(anchor).name}",
                                       optional_text=False))
                acts.append(self._act(seat=seat, kind="begin"))
            elif p is Phase.SET:
                acts += self._plays(s, seat, need=1)
                acts.append(self._act(seat=seat, kind="fold"))
            elif p is Phase.RAISE:
                acts += self._plays(s, seat, need=self.total(s.protagonist_played)
                                    - self.total(s.antagonist_played) + 1)
                acts.append(self._act(seat=seat, kind="fold"))
        if p is Phase.DISCARD and self._over_limit(s, seat):
            acts += self._discards(seat, self._hand(s, seat))
        if seat == PROTAGONIST and p in CHALLENGE and not self._sacrificed_this_stage(s):
            acts += self._sacrifices(s.anchors, s.hero_name or "the hero")
        return acts

    def _discards(self, seat: str, hand: tuple[str, ...]) -> list[Action]:
        memo = self.__dict__.setdefault("_discard_memo", {})
        out = []
        for cid in sorted(set(hand)):
            act = memo.get((seat, cid))
            if act is None:
                act = memo[(seat, cid)] = Action.unchecked(seat, "discard", {"card": cid})
            out.append(act)
        return out

    def _sacrifices(self, anchors: tuple[str, ...], hero: str) -> tuple[Action, ...]:
        """The Protagonist's sacrifice moves (the same few lists, asked for again and again)."""
        memo = self.__dict__.setdefault("_sacrifice_memo", {})
        if (anchors, hero) not in memo:
            if len(memo) > 4096:
                memo.clear()
            memo[(anchors, hero)] = tuple(
                Action(seat=PROTAGONIST, kind="sacrifice", args={"anchor": anchor},
                       ask=f"How does {hero} give up {self.data.anchor(anchor).name}? "
                           "(optional)")
                for anchor in anchors)
        return memo[(anchors, hero)]

    def _act(self, **fields) -> Action:
        """A legal-action template, built once: Actions are frozen, so one instance can serve
        every list that offers the same move (validation is the cost of building one)."""
        key = (fields["seat"], fields["kind"], fields.get("ask"), fields.get("optional_text"),
               repr(fields.get("args")))  # args are built here, always in the same key order
        memo = self.__dict__.setdefault("_act_memo", {})
        act = memo.get(key)
        if act is None:
            if len(memo) > 50_000:
                memo.clear()
            act = memo[key] = Action(**fields)
        return act

    def _plays(self, s: State, seat: str, need: int) -> list[Action]:
        """Every set of cards from the hand that can go down now and reaches ``need`` points.

        Sets are listed in the order of ``combinations(sorted(hand), n)`` for n = 1, 2, ...
        Only cards that could go down at all take part (for the Protagonist those matching the
        tags in play; for the Antagonist those reachable once its other cards open their tags),
        which lists exactly the same sets in the same order, without trying hopeless ones.
        """
        hand = sorted(self._hand(s, seat))
        tags = set(self.tags_in_play(s))
        values, card_tags = self._card_facts
        if seat == PROTAGONIST:
            usable = [c for c in hand if tags & card_tags[c]]
        else:
            reachable = set(self._order_from(tags, seat, hand, partial=True))
            usable = [c for c in hand if c in reachable]
        if not usable:
            return []
        memo = self.__dict__.setdefault("_play_memo", {})
        acts = []
        for n in range(1, len(usable) + 1):
            for combo in combinations(usable, n):
                if sum(values[c] for c in combo) < need:
                    continue
                if seat == ANTAGONIST and not _opens(tags, combo, card_tags):
                    continue
                act = memo.get((seat, combo))
                if act is None:
                    if len(memo) > 50_000:
                        memo.clear()
                    act = memo[(seat, combo)] = Action.unchecked(seat, "play",
                                                                 {"cards": list(combo)})
                acts.append(act)
        return acts

    def _play_is_legal(self, s: State, action: Action) -> bool:
        """The test ``_plays`` applies, for one proposed set (apply's fast path)."""
        turn = {Phase.SET: ANTAGONIST, Phase.MEET: PROTAGONIST, Phase.RAISE: ANTAGONIST}
        if turn.get(s.phase) != action.seat or set(action.args) != {"cards"}:
            return False
        cards = action.args["cards"]
        hand = self._hand(s, action.seat)
        if (not isinstance(cards, list) or not cards or cards != sorted(set(cards))
                or any(not isinstance(c, str) or c not in hand for c in cards)):
            return False
        mine, theirs = self._played(s, action.seat), self._played(s, _other(action.seat))
        need = {Phase.SET: 1, Phase.MEET: self.total(theirs) - self.total(mine),
                Phase.RAISE: self.total(theirs) - self.total(mine) + 1}[s.phase]
        return (self.total(cards) >= need
                and self._order_play(s, action.seat, cards) is not None)

    def _next_unanswered(self, s: State) -> str:
        return next(a for a in s.anchors if a not in s.answers)

    # -- apply -----------------------------------------------------------------------------------
    def apply(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if action.seat == CHANCE:
            return self._apply_chance(s, action)
        self._check_legal(s, action)
        handler = getattr(self, f"_do_{action.kind}")
        return handler(s, action)

    def _check_legal(self, s: State, action: Action) -> None:
        if action.seat not in SEATS:
            raise RuleError("seats", f"there is no seat called {action.seat!r}", legal=SEATS)
        if action.kind == "play" and s.phase in CHALLENGE and self._play_is_legal(s, action):
            return
        legal = self.legal_actions(s, action.seat)
        template = next((a for a in legal if a.kind == action.kind and a.args == action.args
                         and _same(a.args, action.args)), None)
        if template is not None:
            if template.ask and not template.optional_text and not action.text.strip():
                raise RuleError(action.kind, f"{template.ask}: this needs some text")
            return
        raise self._why_illegal(s, action, legal)

    def _played(self, s: State, seat: str) -> tuple[str, ...]:
        return s.protagonist_played if seat == PROTAGONIST else s.antagonist_played

    def _name(self, any_id: str) -> str:
        try:
            return self.data.name_of(any_id)
        except KeyError:
            return any_id

    # chance --------------------------------------------------------------------------------------
    def _apply_chance(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if self.to_move(s) != [CHANCE]:
            raise RuleError("turn order", "no card is due to be drawn now")
        chance = self.chance(s)
        items = list(action.args.get("items", []))
        chance.check(items)
        d = self.data
        if s.phase is Phase.DEAL_SEEDS:
            first, last = items
            premise = d.story_seed(first, last).premise
            s = replace(
                s, map=(first, None, None, None, last), face_up=(True, False, False, False, True),
                location_deck=tuple(x for x in s.location_deck if x not in items),
                premise=premise, phase=Phase.DEAL_HIDDEN)
            return s, [Event.unchecked("map_dealt", {"first": first, "last": last,
                                                    "premise": premise})]
        if s.phase is Phase.DEAL_HIDDEN:
            rest = tuple(x for x in s.location_deck if x not in items)
            s = replace(
                s, map=(s.map[0], *items, s.map[4]), location_deck=(), locations_out=rest,
                phase=Phase.NAME_HERO)
            return s, [Event.unchecked("hidden_dealt", {"locations": items},
                             visible_to=(ANTAGONIST,)),
                       Event.unchecked("map_laid", {"face_down": 3, "out_of_game": len(rest)})]
        if s.phase is Phase.DRAW_ANCHORS:
            s = replace(
                s, anchor_deck=tuple(x for x in s.anchor_deck if x not in items),
                anchors_drawn=tuple(items), phase=Phase.KEEP_ANCHORS)
            return s, [Event.unchecked("anchors_drawn", {"anchors": items},
                             visible_to=(PROTAGONIST,))]
        seat = PROTAGONIST if s.phase is Phase.DRAW_PROTAGONIST else ANTAGONIST
        deck_field, hand_field = f"{seat}_deck", f"{seat}_hand"
        s = replace(s, **{
            deck_field: tuple(x for x in getattr(s, deck_field) if x not in items),
            hand_field: getattr(s, hand_field) + tuple(items)},
            phase=Phase.DRAW_ANTAGONIST if seat == PROTAGONIST else Phase.DISCARD)
        events = [Event.unchecked("cards_drawn", {"seat": seat, "cards": items},
                        visible_to=(seat,)),
                  Event.unchecked("drew", {"seat": seat, "count": len(items)})]
        if s.phase is Phase.DISCARD:
            s, more = self._after_discards(s)
            events += more
        return s, events

    # setup decisions -------------------------------------------------------------------------
    def _do_name_hero(self, s: State, a: Action):
        name = " ".join(a.text.split())[:60]
        return (replace(s, hero_name=name, phase=Phase.HERO_PRONOUNS),
                [Event.unchecked("hero_named", {"name": name})])

    def _do_pronouns(self, s: State, a: Action):
        # Legality never depends on text: words that are no pronoun set read as "they" (the
        # prompt refuses them with the expected form before they get here; see commands.py).
        try:
            written = pronouns.write(pronouns.parse(a.text))
        except ValueError:
            written = "they"
        return (replace(s, hero_pronouns=written, phase=Phase.DESCRIBE_HERO),
                [Event.unchecked("hero_pronouns", {"name": s.hero_name, "pronouns": written})])

    def _do_describe_hero(self, s: State, a: Action):
        text = a.text.strip()
        return (replace(s, hero_details=text, phase=Phase.DRAW_ANCHORS),
                [Event.unchecked("hero_described", {"name": s.hero_name, "text": text})])

    def _do_keep(self, s: State, a: Action):
        chosen = set(a.args["anchors"])
        keep = tuple(x for x in s.anchors_drawn if x in chosen)  # in the order they were shown
        aside = tuple(x for x in s.anchors_drawn if x not in chosen)
        s = replace(s, anchors=keep, anchors_set_aside=aside,
                    anchors_drawn=(), phase=Phase.ANSWER_ANCHORS)
        return s, [Event.unchecked("anchors_kept", {"anchors": list(keep)})]

    def _do_answer(self, s: State, a: Action):
        anchor = a.args["anchor"]
        answers = {**s.answers, anchor: a.text.strip()}
        done = all(x in answers for x in s.anchors)
        s = replace(s, answers=answers,
                    phase=Phase.QUESTIONS if done else Phase.ANSWER_ANCHORS)
        return s, [Event.unchecked("anchor_answered", {"anchor": anchor, "text": a.text.strip()})]

    def _do_ask(self, s: State, a: Action):
        q = Question(anchor=a.args["anchor"], question=a.text.strip())
        s = replace(s, questions=s.questions + (q,))
        return s, [Event.unchecked("question_asked", {"anchor": q.anchor, "question": q.question})]

    def _do_reply(self, s: State, a: Action):
        last = replace(s.questions[-1], answer=a.text.strip())
        s = replace(s, questions=s.questions[:-1] + (last,))
        events = [Event.unchecked("question_answered", {"anchor": last.anchor,
                                                        "text": last.answer})]
        if len(s.questions) >= MAX_QUESTIONS:
            s, more = self._begin_stage(replace(s, questions_done=True), 1)
            events += more
        return s, events

    def _do_begin(self, s: State, a: Action):
        return self._begin_stage(replace(s, questions_done=True), 1)

    # the stage -------------------------------------------------------------------------------
    def _begin_stage(self, s: State, stage: int) -> tuple[State, list[Event]]:
        """Discard last stage's played cards, then the draws are due (chance)."""
        s = replace(
            s, stage=stage, phase=Phase.DRAW_PROTAGONIST,
            protagonist_discard=s.protagonist_discard + s.protagonist_played,
            antagonist_discard=s.antagonist_discard + s.antagonist_played,
            protagonist_played=(), antagonist_played=())
        st = self.data.stage(stage)
        return s, [Event.unchecked("stage_begun", {"stage": stage, "name": st.name,
                                                   "tags": list(st.tags)})]

    def _do_discard(self, s: State, a: Action):
        seat, cid = a.seat, a.args["card"]
        hand = list(self._hand(s, seat))
        hand.remove(cid)
        s = replace(s, **{f"{seat}_hand": tuple(hand),
                          f"{seat}_discard": getattr(s, f"{seat}_discard") + (cid,)})
        events = [Event.unchecked("discarded", {"seat": seat, "card": cid}, visible_to=(seat,))]
        s, more = self._after_discards(s)
        return s, events + more

    def _after_discards(self, s: State) -> tuple[State, list[Event]]:
        """Once both hands are within the limit, the location turns face up and play begins."""
        if any(self._over_limit(s, seat) for seat in SEATS):
            return s, []
        i = s.stage - 1
        loc = s.map[i]
        flipped = not s.face_up[i]
        face_up = tuple(True if j == i else f for j, f in enumerate(s.face_up))
        s = replace(s, face_up=face_up, phase=Phase.SET)
        return s, [Event(kind="location_revealed",
                         data={"stage": s.stage, "location": loc, "flipped": flipped,
                               "tags": self.tags_in_play(s),
                               "hands": {seat: len(self._hand(s, seat)) for seat in SEATS}})]

    def _do_play(self, s: State, a: Action):
        seat = a.seat
        order = self._order_play(s, seat, a.args["cards"])
        assert order is not None  # _check_legal guarantees it
        before = set(self.tags_in_play(s))
        hand = tuple(c for c in self._hand(s, seat) if c not in order)
        played = self._played(s, seat) + tuple(order)
        phase_after = {Phase.SET: Phase.MEET, Phase.MEET: Phase.RAISE, Phase.RAISE: Phase.MEET}
        kind = {Phase.SET: "challenge_set", Phase.MEET: "challenge_met",
                Phase.RAISE: "challenge_raised"}[s.phase]
        s2 = replace(s, phase=phase_after[s.phase], **{f"{seat}_hand": hand,
                                                       f"{seat}_played": played})
        new_tags = [t for t in self.tags_in_play(s2) if t not in before]
        return s2, [Event(kind=kind, data={
            "seat": seat, "stage": s.stage, "cards": order, "added": self.total(order),
            "protagonist_total": self.total(s2.protagonist_played),
            "antagonist_total": self.total(s2.antagonist_played),
            "new_tags": new_tags, "tags": self.tags_in_play(s2)})]

    def _do_fold(self, s: State, a: Action):
        result = StageResult(stage=s.stage, result="antagonist_folded",
                             protagonist_total=self.total(s.protagonist_played),
                             antagonist_total=self.total(s.antagonist_played))
        events = [Event.unchecked("antagonist_folded", {
            "stage": s.stage, "set": s.phase is Phase.RAISE,
            "protagonist_total": result.protagonist_total,
            "antagonist_total": result.antagonist_total})]
        return self._end_stage(replace(s, results=s.results + (result,)), events)

    def _do_sacrifice(self, s: State, a: Action):
        anchor = a.args["anchor"]
        fold = s.phase is Phase.MEET
        result = StageResult(stage=s.stage, result="protagonist_folded" if fold else "sacrifice",
                             anchor=anchor,
                             protagonist_total=self.total(s.protagonist_played),
                             antagonist_total=self.total(s.antagonist_played))
        s = replace(
            s, anchors=tuple(x for x in s.anchors if x != anchor),
            anchors_lost=s.anchors_lost + (anchor,), results=s.results + (result,))
        events = [Event.unchecked("anchor_sacrificed", {
            "stage": s.stage, "anchor": anchor, "fold": fold, "text": a.text.strip(),
            "answer": s.answers.get(anchor, ""), "left": len(s.anchors)})]
        return self._end_stage(s, events)

    def _end_stage(self, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        events.append(Event.unchecked("stage_ended", {"stage": s.stage,
                                                      "result": s.results[-1].result}))
        if s.stage < 5:
            s, more = self._begin_stage(s, s.stage + 1)
            return s, events + more
        s = replace(
            s, phase=Phase.EPILOGUE,
            protagonist_discard=s.protagonist_discard + s.protagonist_played,
            antagonist_discard=s.antagonist_discard + s.antagonist_played,
            protagonist_played=(), antagonist_played=())
        return s, events

    def _do_epilogue(self, s: State, a: Action):
        s = replace(s, epilogue=a.text.strip(), phase=Phase.OVER)
        return s, [Event.unchecked("journey_ended", {
            "hero": s.hero_name, "text": s.epilogue, "kept": list(s.anchors),
            "lost": list(s.anchors_lost), "last": s.map[4]})]


def _ordered_unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for x in items:
        seen.setdefault(x, None)
    return list(seen)


def _opens(tags: set[str], cards: tuple[str, ...], card_tags: dict) -> bool:
    """Can the Antagonist lay down all of ``cards`` in some order, each card's tags opening the
    way for the next? (The test of ``_order_from``, without building the order.)"""
    have, left = set(tags), set(cards)
    while left:
        ready = {c for c in left if have & card_tags[c]}
        if not ready:
            return False
        left -= ready
        for c in ready:
            have |= card_tags[c]
    return True


def _same(a: object, b: object) -> bool:
    """Equal as JSON is (Action.key's sense): 1, 1.0 and True are different things here."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _other(seat: str) -> str:
    return ANTAGONIST if seat == PROTAGONIST else PROTAGONIST
