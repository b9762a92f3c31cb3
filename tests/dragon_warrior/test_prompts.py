"""The Dragon & Warrior prompts, built from real decisions of an offline game: every role's
template renders, and no prompt holds a card another seat has in hand."""
from __future__ import annotations

import json
import re

import pytest

from companion.games.dragon_warrior import narrate
from companion.llm import context
from tests.helpers import recorded_decisions


@pytest.fixture(scope="module")
def decisions():
    return recorded_decisions(
        "dragon-warrior", 11, lambda session, r: (r, session.game.secrets(session.state, r.seat)))


def test_every_role_has_its_prompt_and_it_renders(decisions):
    game, seen = decisions
    assert {r.seat for r, _ in seen} == {"warrior", "villain", "ally", "treasure"}
    for request, _ in seen[::7]:
        system, user = context.build_messages(request, game.title)
        assert f"You are {'the ' if request.seat != 'treasure' else ''}" \
               f"{request.seat.capitalize()} in Dragon & Warrior" in system["content"]
        assert request.seat in user["content"]


def test_no_hand_reaches_another_seats_prompt(decisions):
    game, seen = decisions
    for request, secrets in seen:
        prompt = "\n".join(m["content"] for m in context.build_messages(request, game.title))
        leaked = [s for s in secrets if re.search(re.escape(json.dumps(s)), prompt)]
        assert not leaked, (request.seat, request.step, leaked)


def test_fidelity_hides_the_cards_kept_in_hand(decisions):
    game, seen = decisions
    request = next(r for r, _ in seen if r.view.get("battle", {}).get("hand")
                   and r.seat == "villain" and any(a.kind == "attack" for a in r.legal))
    action = next(a for a in request.legal if a.kind == "attack")
    hidden = narrate.hidden_names(request.view, request.seat, action)
    kept = [c for c in request.view["battle"]["hand"] if c not in action.args["cards"]]
    assert kept and all(any(c[:-1] in h for h in hidden) for c in kept)
