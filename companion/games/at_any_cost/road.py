"""The Antagonist plans the road (STORY.md §5, the director): which cards it keeps for later.

The rules let the Antagonist look at the face-down Locations at any time and choose what to discard
down to the hand limit. A stage the Antagonist cannot open (no card in hand shares a tag with the
stage and its location) passes with no challenge at all: an empty stretch of the story. So it
plans, from its own view only (the map it may read, its hand; never the Protagonist's hand):

* **the reserve**: for every stage still ahead, one card that can set that stage's challenge
  (a card that fits several stages ahead covers them all; a card that cannot go down now is the
  cheapest to keep back). It sets and raises with the rest of its hand first;
* **the keep** at a discard: the cards that open this stage, then the reserve for the stages
  ahead, then the strongest of the rest, so the hand that reaches the climax has strength in it.

Stage 1's hand is dealt, not chosen (three cards, no discard): there the rules leave it to luck.
"""
from __future__ import annotations

from collections.abc import Iterable

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
    """A small set of cards from ``hand`` that can open each of ``stages`` (nearest first), and
    how many of them it opens. Cards in ``spare`` (not wanted now) are kept back first; then the
    card that opens the most stages still open; then the cheaper."""
    hand = sorted(set(hand))
    kept: set[str] = set()
    opened = 0
    for i, tags in enumerate(stages):
        if any(fits(c, tags) for c in kept):
            opened += 1
            continue
        can = [c for c in hand if c not in kept and fits(c, tags)]
        if not can:
            continue
        later = stages[i + 1:]
        kept.add(min(can, key=lambda c: (c not in spare, -sum(fits(c, t) for t in later),
                                         rules().card(c).value, c)))
        opened += 1
    return kept, opened


def reserve(view: dict, in_play: Iterable[str]) -> set[str]:
    """The cards the Antagonist keeps back from this stage for the stages ahead."""
    hand = [c["id"] for c in view.get("hand", [])]
    now = frozenset(in_play)
    idle = frozenset(c for c in hand if not fits(c, now))
    return cover(hand, ahead(view), idle)[0]


def keep(view: dict, hand: list[str], limit: int) -> set[str]:
    """The ``limit`` cards to keep at a discard: this stage's opener, the reserve for the stages
    ahead, then the strongest of the rest (value, then the tags it can go down under)."""
    stages = road(view)
    now = stages.get(view.get("stage") or 0, frozenset())
    kept, _ = cover(hand, [now] + ahead(view))
    kept = set(sorted(kept, key=lambda c: _worth(c, now), reverse=True)[:limit])
    rest = sorted((c for c in hand if c not in kept), key=lambda c: _worth(c, now), reverse=True)
    return kept | set(rest[:max(0, limit - len(kept))])


def _worth(card: str, now: frozenset[str]) -> tuple:
    c = rules().card(card)
    return (c.value + 0.3 * len(c.tags) + 0.2 * bool(now & set(c.tags)), c.id)
