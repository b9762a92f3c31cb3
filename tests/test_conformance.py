"""Every registered game against the kernel's contract (OpenSpiel-style conformance).

Random legal playthroughs must end; replaying the action list must give the same states; every
view must leave out what the engine says that seat must not know; a game must not depend on the
global ``random`` module; ``apply`` must never mutate its input; and whatever ``legal_actions``
lists, ``apply`` accepts.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.game import CHANCE, Action, Game, RuleError
from companion.core.registry import all_games
from tests.helpers import play_actions, random_playthrough, string_leaves

GAMES = list(all_games().values())
IDS = [g.name for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_replay_identically(game: Game, seed: int):
    steps = list(random_playthrough(game, seed))
    assert steps, "a game must take at least one step"
    final = steps[-1][2]
    assert game.is_over(final)
    replayed = play_actions(game, [a for _, a, _, _ in steps])
    assert replayed == final


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_views_hold_no_secrets(game: Game, seed: int):
    for before, _, after, events in random_playthrough(game, seed):
        for seat in (*game.seats, None):
            hidden = game.secrets(after, seat)
            leaves = set(string_leaves(game.view(after, seat)))
            assert not (hidden & leaves), f"{seat} view shows {hidden & leaves}"
        for e in events:  # public events (narrated to everyone) carry nobody's secrets
            if e.visible_to is None:
                for seat in game.seats:
                    leaked = game.secrets(after, seat) & set(string_leaves(e.data))
                    assert not leaked, f"public {e.kind} shows the {seat} {leaked}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_global_random_does_not_matter(game: Game):
    """A seeded game comes out the same however much of the global random is consumed."""
    first = [a for _, a, _, _ in random_playthrough(game, 99)]
    state = game.setup(game.options_model())
    for a in first:
        random.random()
        random.shuffle(list(range(10)))
        state, _ = game.apply(state, a)
    assert game.is_over(state)
    assert state == play_actions(game, first)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_apply_never_mutates_and_listed_moves_apply(game: Game):
    for before, action, after, _ in random_playthrough(game, 5):
        snapshot = before.model_dump_json()
        for seat in game.to_move(before):
            if seat == CHANCE:
                continue
            for legal in game.legal_actions(before, seat)[:30]:
                game.apply(before, legal.with_text("t") if legal.ask else legal)
        assert before.model_dump_json() == snapshot


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_unlisted_move_is_refused_naming_a_rule(game: Game):
    state = game.setup(game.options_model())
    for seat in game.seats:
        bogus = Action(seat=seat, kind="no-such-move", args={"x": 1})
        with pytest.raises(RuleError) as err:
            game.apply(state, bogus)
        assert err.value.rule


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_views_are_json(game: Game):
    for _, _, after, _ in random_playthrough(game, 11):
        for seat in (*game.seats, None):
            json.dumps(game.view(after, seat))
