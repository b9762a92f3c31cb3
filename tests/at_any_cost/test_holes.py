"""The figure the HOLE asks for: how often the Antagonist can open a stage at all.

The lost tags (stages, seed locations, 12 Antagonist and 24 Protagonist cards) were filled by us.
If they were chosen badly, the Antagonist would often hold no card matching the stage and its
location, fold at once, and the stage would pass with no story. The text allows that to happen
"rarely", so we hold the share of stage openings where the Antagonist can set a challenge at or
above 0.88 over random games, and at or above 0.85 at every single stage. Measured when the tags were chosen: 0.928 overall, stage by stage
0.915, 0.91, 0.95, 0.935, 0.93 (400 random games); with stages 1 and 2 given more tags (stage 1's
hand is three dealt cards, stage 2's mostly fresh draws: rules/at_any_cost/stages.toml), 0.958,
stage by stage 0.985, 0.96, 0.973, 0.945, 0.925. Random play keeps no card for later; the offline
Antagonist does (road.py), and bench/at_any_cost.py counts the stages it still leaves empty.
"""
from __future__ import annotations

from collections import Counter

from companion.games.at_any_cost import GAME
from tests.helpers import random_playthrough

OVERALL_BOUND = 0.88
STAGE_BOUND = 0.85


def opening_share(games: int) -> tuple[float, dict[int, float]]:
    can, seen = Counter(), Counter()
    for seed in range(games):
        for before, _, after, _ in random_playthrough(GAME, seed):
            if after.phase.value == "set" and before.phase.value != "set":
                seen[after.stage] += 1
                if any(a.kind == "play" for a in GAME.legal_actions(after, "antagonist")):
                    can[after.stage] += 1
    return sum(can.values()) / sum(seen.values()), {s: can[s] / seen[s] for s in seen}


def test_the_antagonist_can_open_most_stages():
    overall, by_stage = opening_share(200)
    assert overall >= OVERALL_BOUND, by_stage
    assert min(by_stage.values()) >= STAGE_BOUND, by_stage
