"""The Antagonist plans the road (STORY.md §5, the director): which cards it keeps for later.

The rules let the Antagonist look at the face-down Locations at any time and choose what to discard
down to the hand limit. A stage the Antagonist cannot open (no card in hand shares a tag with the
stage and its location) passes with no challenge at all: an empty stretch of the story. So it
plans, from its own view only (the map it may read, its hand; never the Protagonist's hand):

* **the reserve**: for the stages ahead, one card that can set each one's challenge, a different
  card for each (a card goes down once; one that cannot go down now is the cheapest to keep
  back). It sets and raises with the rest of its hand first (the policy keeps back a card for
  the next stage; its discards plan for all of them);
* **the keep** at a discard: of every set it may keep, the one that opens this stage and the most
  stages ahead, and among those the strongest, so the hand that reaches the climax has strength.

Stage 1's hand is dealt, not chosen (three cards, no discard): there the rules leave it to luck.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from companion.games.at_any_cost.data import rules


def road(view: dict) -> dict[int, frozenset[str]]:
    """The starting tags of each stage as this seat sees them (the stage card and its location,
    when the seat may see the location)."""
    return {e["stage"]: frozenset(e["stage_tags"]) | frozenset(e.get("location_tags") or ())
            for e in view.get("map", [])}


def ahead(view: dict) -> list[frozenset[str]]:
    """The starting tags of the stages after this one, nearest first."""
    stages = road(view)
    now = view.get("stage") or 0
    return [stages[n] for n in sorted(stages) if n > now]


def fits(card: str, tags: frozenset[str]) -> bool:
    return bool(tags & set(rules().card(card).tags))


def cover(hand: Iterable[str], stages: list[frozenset[str]], spare: frozenset[str] = frozenset()
          ) -> tuple[set[str], int]:
    """A card from ``hand`` for each of ``stages`` that one can open, a different card for each
    (a card goes down once: one that fits two stages opens only one of them), as many stages as
    the hand allows, the nearest first; and how many stages that is. Cards in ``spare`` (not
    wanted now) are kept back first, then the cheaper."""
    hand = sorted(set(hand))

    def rank(c: str) -> tuple:
        return (c not in spare, rules().card(c).value, c)

    match: dict[str, int] = {}  # card -> the stage it is kept for

    def assign(i: int, seen: set[str]) -> bool:  # an augmenting path (bipartite matching)
        for c in sorted((c for c in hand if fits(c, stages[i])), key=rank):
            if c in seen:
                continue
            seen.add(c)
            if c not in match or assign(match[c], seen):
                match[c] = i
                return True
        return False

    opened = sum(assign(i, set()) for i in range(len(stages)))
    return set(match), opened


def reserve(view: dict, in_play: Iterable[str]) -> set[str]:
    """The cards the Antagonist keeps back from this stage for the stages ahead."""
    hand = [c["id"] for c in view.get("hand", [])]
    now = frozenset(in_play)
    idle = frozenset(c for c in hand if not fits(c, now))
    return cover(hand, ahead(view), idle)[0]


def keep(view: dict, hand: list[str], limit: int) -> set[str]:
    """The ``limit`` cards to keep at a discard: the set that can open this stage and the most
    stages ahead (a different card for each), and among those the strongest (value, then the
    tags it can go down under). Every set of ``limit`` is weighed: a hand holds at most 13."""
    if len(hand) <= limit:
        return set(hand)
    stages = road(view)
    now = stages.get(view.get("stage") or 0, frozenset())
    wanted = [now] + ahead(view)

    def score(kept: tuple[str, ...]) -> tuple:
        return (cover(kept, wanted)[1], round(sum(_worth(c, now)[0] for c in kept), 3),
                tuple(sorted(kept)))

    return set(max(combinations(sorted(hand), limit), key=score))


def _worth(card: str, now: frozenset[str]) -> tuple:
    c = rules().card(card)
    return (c.value + 0.3 * len(c.tags) + 0.2 * bool(now & set(c.tags)), c.id)
