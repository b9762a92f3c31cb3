"""The seeded sampler that settles chance outcomes outside the engines.

Each chance outcome is drawn from a generator seeded by (session seed, index of this chance event),
hashed, so it depends on nothing else: not on the global ``random`` module, not on how many moves
came before, not on the process. Undoing a decision and choosing again therefore meets the same
deck order, as it would at a real table, and replay never needs the sampler at all (the outcomes are
in the journal).
"""
from __future__ import annotations

import hashlib
import random

from companion.core.game import Action, Chance


def derived_rng(seed: int, *labels: object) -> random.Random:
    """A private generator for (seed, labels...): stable across runs, platforms and Python versions."""
    material = "/".join([str(seed), *map(str, labels)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(material).digest()[:8], "big"))


class Sampler:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def sample(self, chance: Chance, index: int) -> Action:
        rng = derived_rng(self.seed, "chance", index)
        if chance.distinct:
            items = rng.sample(list(chance.options), chance.count)
        else:
            items = [rng.choice(chance.options) for _ in range(chance.count)]
        return chance.outcome(items)
