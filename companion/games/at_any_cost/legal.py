"""At Any Cost: the legal moves of a seat, and the check that a proposed move is one of them.

A mixin of the engine (``AtAnyCost``), below the rules steps: it lists what each seat may do in
each phase (a meet or raise is one action that plays a set of cards; sacrifices at any point of a
stage's challenge; discards down to the hand limit), remembers the lists it built (Actions are
frozen, so one instance serves every list), and checks a proposed play directly.
"""
from __future__ import annotations

from itertools import combinations

from companion.core.game import CHANCE, Action, RuleError
from companion.games.at_any_cost.model import ANCHORS_KEPT, ANTAGONIST, PROTAGONIST, SEATS, Phase, State
from companion.games.at_any_cost.tags import other
from companion.story import pronouns

CHALLENGE = frozenset((Phase.SET, Phase.MEET, Phase.RAISE))


class Legal:
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
                                      ask=f"{s.hero_name}'s pronouns ({pronouns.ASK}; Enter: they)"))
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
                them = _pronouns(s.hero_pronouns).them
                acts.append(self._act(seat=seat, kind="epilogue",
                                   ask=f"How does {s.hero_name}'s journey end, and how did the "
                                       f"losses change {them}? (optional)"))
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
                if seat == ANTAGONIST and not opens(tags, combo, card_tags):
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
        mine, theirs = self._played(s, action.seat), self._played(s, other(action.seat))
        need = {Phase.SET: 1, Phase.MEET: self.total(theirs) - self.total(mine),
                Phase.RAISE: self.total(theirs) - self.total(mine) + 1}[s.phase]
        return (self.total(cards) >= need
                and self._order_play(s, action.seat, cards) is not None)

    def _next_unanswered(self, s: State) -> str:
        return next(a for a in s.anchors if a not in s.answers)


    def _check_legal(self, s: State, action: Action) -> None:
        if action.seat not in SEATS:
            raise RuleError("seats", f"there is no seat called {action.seat!r}", legal=SEATS)
        if action.kind == "play" and s.phase in CHALLENGE and self._play_is_legal(s, action):
            return
        legal = self.legal_actions(s, action.seat)
        template = next((a for a in legal if a.kind == action.kind and a.args == action.args
                         and same(a.args, action.args)), None)
        if template is not None:
            if template.ask and not template.optional_text and not action.text.strip():
                raise RuleError(action.kind, f"{template.ask}: this needs some text")
            return
        raise self._why_illegal(s, action, legal)



def _pronouns(written: str) -> pronouns.Pronouns:
    try:
        return pronouns.parse(written or "they")
    except ValueError:
        return pronouns.THEY


def opens(tags: set[str], cards: tuple[str, ...], card_tags: dict) -> bool:
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


def same(a: object, b: object) -> bool:
    """Equal as JSON is (Action.key's sense): 1, 1.0 and True are different things here."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
