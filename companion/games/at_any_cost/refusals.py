"""At Any Cost: why a move is refused, naming the rule it breaks and what may be done instead.

A mixin of the engine (``AtAnyCost``), used by ``apply`` once a move is known to be illegal; the
engine's legality test decides, this only explains.
"""
from __future__ import annotations

from companion.core.game import Action, RuleError
from companion.games.at_any_cost.model import (
    ANCHORS_DRAWN,
    ANCHORS_KEPT,
    ANTAGONIST,
    PROTAGONIST,
    Phase,
    State,
)

CHALLENGE = (Phase.SET, Phase.MEET, Phase.RAISE)


class Refusals:
    def _why_illegal(self, s: State, action: Action, legal: list[Action]) -> RuleError:
        """The most specific rule the action breaks, with what may be done instead."""
        labels = [self.describe(a) for a in legal[:40]]
        seat = action.seat
        if action.kind == "discard":
            if s.phase is Phase.DISCARD and self._over_limit(s, seat):
                return RuleError("hand", "that card is not in your hand", labels)
            return RuleError("hand limit", "cards are discarded only at the start of a stage, "
                             "down to the stage's hand limit", labels)
        if not legal:
            return RuleError("turn order", f"the {seat} has nothing to do now "
                             f"(waiting for: {', '.join(self.to_move(s)) or 'nobody'})")
        if action.kind == "play" and s.phase in CHALLENGE:
            cards = list(action.args.get("cards", []))
            hand = self._hand(s, seat)
            missing = [c for c in cards if c not in hand]
            if missing:
                return RuleError("hand", f"not in the {seat}'s hand: "
                                 f"{', '.join(self._name(c) for c in missing)}", labels)
            if len(set(cards)) != len(cards) or not cards:
                return RuleError("play", "play one or more different cards", labels)
            turn = {Phase.SET: ANTAGONIST, Phase.MEET: PROTAGONIST, Phase.RAISE: ANTAGONIST}
            if turn[s.phase] != seat:
                return RuleError("turn order", f"it is the {turn[s.phase]}'s turn to play", labels)
            if self._order_play(s, seat, cards) is None:
                tags = ", ".join(self.tags_in_play(s))
                bad = [self._name(c) for c in cards
                       if not set(self.tags_in_play(s)) & set(self.data.card(c).tags)]
                return RuleError("matching tags", f"{', '.join(bad)} shares no tag with the tags "
                                 f"in play ({tags})", labels)
            mine = self.total(self._played(s, seat)) + self.total(cards)
            theirs = self.total(self._played(s, ANTAGONIST if seat == PROTAGONIST else PROTAGONIST))
            if seat == PROTAGONIST:
                return RuleError("meet the challenge", f"your total would be {mine}, which does "
                                 f"not meet the Antagonist's {theirs}", labels)
            return RuleError("raise the challenge", f"the Antagonist's total would be {mine}, "
                             f"which does not exceed the Protagonist's {theirs}", labels)
        if action.kind == "sacrifice" and self._sacrificed_this_stage(s):
            return RuleError("sacrifice", "an Anchor was already given up this stage", labels)
        if action.kind == "sacrifice" and action.args.get("anchor") not in s.anchors:
            return RuleError("sacrifice", "that is not one of the hero's Anchors", labels)
        if action.kind == "keep":
            return RuleError("anchors", f"keep exactly {ANCHORS_KEPT} of the "
                             f"{ANCHORS_DRAWN} Anchors drawn", labels)
        return RuleError(s.phase.value, f"{action.kind} is not possible now", labels)
