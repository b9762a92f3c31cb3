"""Hand-built At Any Cost states for rule tests: the exact cards a rule needs, nothing random."""
from __future__ import annotations

from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.model import Phase, State

ANCHORS = ("heirloom", "confidence", "youth", "dignity", "respect")


def challenge(stage: int = 2, location: str = "crossroads", phase: Phase = Phase.SET,
              protagonist_hand=(), antagonist_hand=(), protagonist_played=(),
              antagonist_played=(), anchors=ANCHORS, results=()) -> State:
    """A stage in progress: its location face up, the given hands and plays, decks hold the rest."""
    d = GAME.data
    used = set(protagonist_hand) | set(antagonist_hand) | set(protagonist_played) | \
        set(antagonist_played)
    chart = ["farm", "forest", "island", "lair", "mountain"]
    chart[stage - 1] = location
    face_up = tuple(i < stage or i == 4 for i in range(5))
    return State(
        phase=phase, stage=stage, map=tuple(chart), face_up=face_up,
        locations_out=tuple(x.id for x in d.locations if x.id not in chart),
        hero_name="Wren", anchors=tuple(anchors), answers={a: f"about {a}" for a in anchors},
        anchor_deck=tuple(a.id for a in d.anchors if a.id not in anchors),
        questions_done=True,
        protagonist_deck=tuple(c.id for c in d.protagonist if c.id not in used),
        antagonist_deck=tuple(c.id for c in d.antagonist if c.id not in used),
        protagonist_hand=tuple(protagonist_hand), antagonist_hand=tuple(antagonist_hand),
        protagonist_played=tuple(protagonist_played), antagonist_played=tuple(antagonist_played),
        results=tuple(results),
    )
