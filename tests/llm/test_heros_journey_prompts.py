"""The Hero's Journey rival prompts, built from real decisions of an offline 3-Hero game: every
rival gets rival.md with its own name, and no prompt holds another Hero's Challenge card, the
card another Hero bid with, or a Prophecy that seat was not shown."""
from __future__ import annotations

import pytest

from companion.games.heros_journey import HjOptions
from companion.games.heros_journey.data import rules
from companion.llm import context
from tests.helpers import recorded_decisions


@pytest.fixture(scope="module")
def decisions():
    game, seen = recorded_decisions(
        "heros-journey", 7, lambda session, r: (r, session.game.secrets(session.state, r.seat)),
        options=HjOptions(players=3))
    return game, seen


def test_rivals_get_the_rival_prompt_with_their_own_name(decisions):
    game, seen = decisions
    for request, _ in seen[::25]:
        system, user = context.build_messages(request, game.title)
        assert "a rival Hero in The Hero's Journey" in system["content"]
        assert request.view["you_are"]["name"] in user["content"]


def test_no_prompt_holds_what_its_seat_may_not_see(decisions):
    game, seen = decisions
    checked = 0
    for request, secrets in seen:
        if not secrets:
            continue
        user = context.build_messages(request, game.title)[1]["content"]
        for cid in secrets:
            assert f"\"{cid}\"" not in user and f"={cid}" not in user
            if rules().is_card(cid):
                assert f'"{rules().card(cid).name}"' not in user
        checked += 1
    assert checked > 50
