"""The Becoming prompts, built from real decisions of an offline game: a Fate's system message is
its role this scene (Agent of Threat or Tempter), and a Tempter's prompt never carries the other
Tempter's offer before the reveal; the fidelity hook names what a draft's narration may not say."""
from __future__ import annotations

import pytest

from companion.core.game import Action
from companion.games.becoming import narrate
from companion.llm import context
from tests.helpers import recorded_decisions


@pytest.fixture(scope="module")
def decisions():
    return recorded_decisions("becoming", 6, lambda session, r: (r, session.state), max_steps=400)


def test_a_fate_is_prompted_as_the_agent_or_a_tempter(decisions):
    game, seen = decisions
    roles = set()
    for request, state in seen:
        if request.seat == "hero" or not state.scene:
            continue
        user = context.build_messages(request, game.title)[1]["content"]
        agent = game.agent(state) == request.seat
        roles.add(agent)
        brief = "agent" if agent else "tempter"
        assert f"Now, as the {request.seat} (the {brief}'s brief):" in user
    assert roles == {True, False}


def test_a_tempter_never_sees_the_other_offer_before_the_reveal(decisions):
    game, seen = decisions
    checked = 0
    for request, state in seen:
        if state.phase.value != "offers":
            continue
        others = [o for o in state.offers if o.tempter != request.seat and not o.back]
        for o in others:
            prompt = context.build_messages(request, game.title)[1]["content"]
            assert f"offer-{state.scene}-{o.tempter}" not in prompt
            assert o.speech == "" or o.speech not in prompt
            checked += 1
    assert checked


def test_the_fidelity_hook_names_a_drafts_assets():
    view = {"phase": "offers", "my_offer": {"costs": [{"kind": "subvert", "asset": "mercy"}]}}
    action = Action(seat="spinner", kind="cost", args={"kind": "add_negative", "asset": "hound"})
    assert narrate.hidden_names(view, "spinner", action) == ["Ash the Hound", "Mercy"]
    assert narrate.hidden_names({"phase": "answers"}, "spinner", action) == []
