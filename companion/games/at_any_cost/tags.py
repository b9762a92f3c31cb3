"""At Any Cost: the facts every rules step derives from the state (a mixin of the engine).

The ground of the rules: the tags in play (the stage's, its location's once face up, and every tag
on the Antagonist's cards played this stage), a set of cards' total, the order in which a set of
cards can go down (each card must share a tag with those in play when it does; an Antagonist's card
opens its own tags to the cards after it), the hands and the hand limit. It reads the engine's data
(``self.data``, ``self._card_facts``) and changes nothing.
"""
from __future__ import annotations

from collections.abc import Iterable

from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST, State


class Tags:
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
            cache[key] = tuple(ordered_unique(tags))
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

    def _played(self, s: State, seat: str) -> tuple[str, ...]:
        return s.protagonist_played if seat == PROTAGONIST else s.antagonist_played

    def _name(self, any_id: str) -> str:
        try:
            return self.data.name_of(any_id)
        except KeyError:
            return any_id


def ordered_unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for x in items:
        seen.setdefault(x, None)
    return list(seen)


def other(seat: str) -> str:
    return ANTAGONIST if seat == PROTAGONIST else PROTAGONIST
