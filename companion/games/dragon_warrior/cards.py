"""The 52-card deck: ids, ranks, values, labels, and the sets a battle plays and blocks with.

A card id is rank then suit letter: "AS", "7H", "10D", "KC". Ranks run A < 2 < ... < K; values are
the face numbers, Ace 1 and every face card 10.

A played action is a list of *slots*: each slot is one card, or (the Warrior only) a Critical: two
to four cards of one rank. An attack needs one slot; Hurt adds one, Hurtmore three, a Dragon Token
one more. To block, the defender answers every slot: a single card with one card of equal or
higher rank, a Critical with a set at least as large, of one rank, strictly higher.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
DECK = tuple(r + s for s in SUITS for r in RANKS)

Slot = tuple[str, ...]


def rank_of(card: str) -> str:
    return card[:-1]


def rank(card: str) -> int:
    """1 (Ace) to 13 (King): the order that decides blocks."""
    return RANKS.index(card[:-1]) + 1


def value(card: str) -> int:
    """Ace 1, number cards their number, face cards 10."""
    return min(rank(card), 10)


def total(cards: Iterable[str]) -> int:
    return sum(value(c) for c in cards)


def label(card: str) -> str:
    return card[:-1] + SUIT_SIGNS[card[-1]]


def labels(cards: Iterable[str]) -> str:
    return " ".join(label(c) for c in cards)


def parse_card(text: str) -> str | None:
    """A typed card ("7h", "10♦", "Ks", "t c") as an id, or None."""
    t = text.strip().upper().replace(" ", "")
    for sign, letter in SUIT_SIGNS.items():
        t = t.replace(letter.upper(), sign)
    t = t.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    if t.startswith("T"):
        t = "10" + t[1:]
    if t.startswith("1") and not t.startswith("10"):
        t = "A" + t[1:]
    return t if t in DECK else None


def is_set(slot: Sequence[str]) -> bool:
    return len(slot) >= 1 and len({rank_of(c) for c in slot}) == 1


@cache
def _groups(hand: tuple[str, ...], crits: bool) -> tuple[Slot, ...]:
    """Every slot the hand can make: single cards, and with ``crits`` sets of 2-4 of a rank."""
    out: list[Slot] = [(c,) for c in hand]
    if crits:
        by_rank: dict[str, list[str]] = defaultdict(list)
        for c in hand:
            by_rank[rank_of(c)].append(c)
        for cards in by_rank.values():
            for n in range(2, len(cards) + 1):
                out += [tuple(sorted(x)) for x in combinations(sorted(cards), n)]
    return tuple(out)


def slot_plays(hand: Sequence[str], n: int, crits: bool) -> list[tuple[Slot, ...]]:
    """Every way to play ``n`` disjoint slots from ``hand`` (order of slots does not matter)."""
    groups = _groups(tuple(sorted(hand)), crits)
    out: list[tuple[Slot, ...]] = []

    def walk(start: int, used: frozenset[str], chosen: list[Slot]) -> None:
        if len(chosen) == n:
            out.append(tuple(chosen))
            return
        for i in range(start, len(groups)):
            g = groups[i]
            if used.isdisjoint(g):
                walk(i + 1, used | set(g), chosen + [g])

    walk(0, frozenset(), [])
    return out


def answers(slot: Slot, card_set: Sequence[str]) -> bool:
    """Does ``card_set`` block ``slot``? One card against one card (equal or higher rank); against
    a Critical, a set of one rank, at least as many cards, strictly higher."""
    if not card_set or not is_set(card_set):
        return False
    if len(slot) == 1:
        return len(card_set) == 1 and rank(card_set[0]) >= rank(slot[0])
    return len(card_set) >= len(slot) and rank(card_set[0]) > rank(slot[0])


def blocks(slots: Sequence[Slot], hand: Sequence[str]) -> list[tuple[str, ...]]:
    """Every set of cards from ``hand`` that blocks all of ``slots`` (as sorted card tuples).

    A block is judged by the cards it spends; two assignments of the same cards are one block."""
    found: set[tuple[str, ...]] = set()
    hand = sorted(hand)

    def options(slot: Slot, free: list[str]) -> list[tuple[str, ...]]:
        if len(slot) == 1:
            return [(c,) for c in free if rank(c) >= rank(slot[0])]
        by_rank: dict[str, list[str]] = defaultdict(list)
        for c in free:
            if rank(c) > rank(slot[0]):
                by_rank[rank_of(c)].append(c)
        opts = []
        for cards in by_rank.values():
            for n in range(len(slot), len(cards) + 1):
                opts += list(combinations(cards, n))
        return opts

    def walk(i: int, free: list[str], used: tuple[str, ...]) -> None:
        if i == len(slots):
            found.add(tuple(sorted(used)))
            return
        for opt in options(slots[i], free):
            walk(i + 1, [c for c in free if c not in opt], used + tuple(opt))

    walk(0, list(hand), ())
    return sorted(found)


def assign_block(slots: Sequence[Slot], cards: Sequence[str]) -> list[tuple[str, ...]] | None:
    """How ``cards`` (all of them) answer ``slots`` one by one, or None if they cannot."""
    def walk(i: int, free: list[str]) -> list[tuple[str, ...]] | None:
        if i == len(slots):
            return [] if not free else None
        slot = slots[i]
        if len(slot) == 1:
            cands = [(c,) for c in free if rank(c) >= rank(slot[0])]
        else:
            cands = []
            by_rank: dict[str, list[str]] = defaultdict(list)
            for c in free:
                if rank(c) > rank(slot[0]):
                    by_rank[rank_of(c)].append(c)
            for cs in by_rank.values():
                for n in range(len(slot), len(cs) + 1):
                    cands += list(combinations(cs, n))
        for opt in cands:
            rest = walk(i + 1, [c for c in free if c not in opt])
            if rest is not None:
                return [tuple(opt)] + rest
        return None

    return walk(0, sorted(cards))
