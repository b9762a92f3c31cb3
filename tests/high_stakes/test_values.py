"""States are values: the engine copies only what it changes (characters on write, logs by
sharing their entries) and builds its copies without re-validation, so these check, harder than
the conformance suite does, that no ``apply`` of any legal move ever changes the state it was
given, and that every state it makes is one pydantic would accept."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.game import CHANCE
from companion.core.playout import random_playout
from companion.games.high_stakes import GAME, HighStakesOptions
from companion.games.high_stakes.model import State


def _keep_going(game, s, due, rng):
    legal = game.legal_actions(s, due[0])
    going = [x for x in legal if x.kind != "end_story"] or legal
    a = rng.choice(going)
    return a.with_text("x") if a.ask is not None else a


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 3))
def test_no_apply_changes_its_input_and_every_state_is_valid(seed, players):
    steps = random_playout(GAME, seed, HighStakesOptions(players=players), _keep_going,
                           max_steps=3000)
    for i, (before, action, after, _) in enumerate(steps):
        snapshot = before.model_dump()
        if i % 3 == 0:  # every legal move of some of the states, not only the one played
            for seat in GAME.to_move(before):
                if seat != CHANCE:
                    for legal in GAME.legal_actions(before, seat):
                        GAME.apply(before, legal.with_text("t") if legal.ask else legal)
        GAME.apply(before, action)
        assert before.model_dump() == snapshot, f"step {i}: {action.kind} changed its input"
        assert State.model_validate(after.model_dump()) == after
        assert after.__pydantic_private__ is None
