"""Which AI seat is likely to move next, while a human thinks: the seat whose turn the model's
server reads ahead (``OpenAIVoice.warm``), so that its private keys (a hand, a map) are read
before the human moves, not after.

A guess, never a move: the human's first legal moves (``TRIES``) are each applied to a copy of
the state (engines are pure), with chance supplied by the session's own sampler and index (as
the session would supply it, ``CHANCE_STEPS`` at most), and the first AI seat then awaited gets a
vote. The seat with the most votes wins; with none (a move that asks words, a physical die) the
first AI seat. Nothing is journaled; the state is not touched.
"""
from __future__ import annotations

from collections import Counter

from companion.core.game import CHANCE, Game
from companion.core.rng import Sampler

TRIES = 8  # the human's moves tried
CHANCE_STEPS = 6  # chance steps followed after each


def next_ai_seat(game: Game, state, human: str, ai: list[str], seed: int,
                 chance_index: int) -> str | None:
    """The AI seat (of ``ai``) most likely to be awaited once ``human`` has moved."""
    if len(ai) < 2:
        return ai[0] if ai else None
    votes: Counter[str] = Counter()
    for action in game.legal_actions(state, human)[:TRIES]:
        try:
            after, _ = game.apply(state, action)
            index = chance_index
            for _ in range(CHANCE_STEPS):
                if game.is_over(after) or game.to_move(after) != [CHANCE]:
                    break
                after, _ = game.apply(after, Sampler(seed).sample(game.chance(after), index))
                index += 1
            due = [] if game.is_over(after) else game.to_move(after)
        except Exception:  # noqa: BLE001 - a guess: a move that needs words, a refused one
            continue
        seat = next((s for s in due if s in ai), None)
        if seat is not None:
            votes[seat] += 1
    return votes.most_common(1)[0][0] if votes else ai[0]
