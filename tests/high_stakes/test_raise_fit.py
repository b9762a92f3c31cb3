"""When raising the stakes to a consequence is logical (the GM's ruling): read on act classes and
things by lemma and kind, never by a word found inside another word ("die" in "soldier")."""
from __future__ import annotations

import pytest

from companion.games.high_stakes.plan import judge


def _ruling(consequence: str, deed: str, attribute: str = "mind",
            scene_type: str = "interaction") -> tuple[bool, str]:
    view = {"scene": {"type": scene_type, "declaration": {"text": deed}},
            "roll": {"pools": [{"attribute": attribute}],
                     "asking": {"kind": "raise", "args": {"consequence": consequence}}}}
    return judge(view)


@pytest.mark.parametrize("consequence, deed", [
    ("wounded", "I read the map while the dogs strain at their chains"),
    ("wounded", "I clamber onto the table to read the ledger"),
    ("deaths_door", "I study the golem's runes as it lumbers toward me"),
    ("freedom", "I search the room before the guards come back"),
    ("game_over", "I duel the mage to the death"),
])
def test_a_raise_the_action_names_the_danger_of_fits(consequence, deed):
    ok, why = _ruling(consequence, deed)
    assert ok, why


@pytest.mark.parametrize("consequence, deed", [
    ("deaths_door", "I study the soldier's orders"),
    ("wounded", "I ask the cook about the brunch"),
    ("game_over", "I remember the old diet the master keeps"),
    ("concentration", "I charm the steward"),
])
def test_a_raise_with_no_such_danger_is_refused_with_the_reason(consequence, deed):
    ok, why = _ruling(consequence, deed, attribute="aura", scene_type="connection")
    assert not ok and why.startswith("you cannot risk"), why
