"""The At Any Cost prompts, built from real decisions of an offline game: they render, carry the
cards' descriptors, and hold nothing the seat may not know."""
from __future__ import annotations

import json
import re

import pytest

from companion.core.game import CHANCE
from companion.llm import context
from companion.llm.fidelity import mentions
from tests.helpers import recorded_decisions


def _seen(session, request):
    state = session.state
    game = session.game
    face_down = [st["location_name"] for st in game.view(state, "antagonist")["map"]
                 if not st["face_up"] and st.get("location_name")]
    return request, game.secrets(state, request.seat), face_down


@pytest.fixture(scope="module")
def decisions():
    game, seen = recorded_decisions("at-any-cost", 4, _seen)
    return game, seen


def test_every_decision_renders_for_both_seats(decisions):
    game, seen = decisions
    assert {r.seat for r, _, _ in seen} == {"antagonist", "protagonist"}
    for request, _, _ in seen:
        system, user = context.build_messages(request, game.title)
        assert system["content"].startswith("You play one seat of At Any Cost")
        assert f"You are the {request.seat.capitalize()}" in system["content"]
        last = len(request.legal)
        assert (f"\n{last}. " if last > 1 else "Your move: 1. ") in user["content"]


def test_the_static_part_is_first_and_byte_identical(decisions):
    """Every decision of either seat sends the same system message (the reply format and both
    seats' briefs), so a server's prompt cache reuses it whoever moves; the decision names the
    seat and its brief."""
    game, seen = decisions
    systems = {context.build_messages(request, game.title)[0]["content"] for request, _, _ in seen}
    assert systems == {context.system_message("at-any-cost", game.title)}
    for request, _, _ in seen:
        user = context.build_messages(request, game.title)[1]["content"]
        assert f"Now, as the {request.seat}:" in user


def test_a_long_move_list_is_shortened_around_the_policys_choice(decisions):
    game, seen = decisions
    request = max((r for r, _, _ in seen), key=lambda r: len(r.legal))
    assert len(request.legal) > context.MAX_MOVES
    preferred = request.legal[-2]
    short = context.shortlist(request, preferred)
    assert len(short.legal) == context.MAX_MOVES and preferred in short.legal
    assert {a.kind for a in short.legal} == {a.kind for a in request.legal}
    assert [request.legal.index(a) for a in short.legal] == sorted(
        request.legal.index(a) for a in short.legal)  # the engine's order is kept


def test_prompts_carry_the_cards_descriptors(decisions):
    game, seen = decisions
    request = next(r for r, _, _ in seen if r.view.get("hand"))
    user = context.build_messages(request, game.title)[1]["content"]
    card = request.view["hand"][0]
    assert card["name"] in user and all(k in user for k in card["keywords"][:4])


def test_no_secret_reaches_a_prompt(decisions):
    game, seen = decisions
    for request, secrets, face_down in seen:
        prompt = "\n".join(m["content"] for m in context.build_messages(request, game.title))
        # a secret id as a JSON value (not a key: the card "map" and the view's "map" share it)
        leaked = [s for s in secrets if re.search(re.escape(json.dumps(s)) + r"(?!\s*:)", prompt)]
        assert not leaked, (request.seat, request.step, leaked)
        if request.seat == "protagonist":
            told = [n for n in face_down if mentions(prompt, n, strict=True)]
            assert not told, (request.step, told)
        assert CHANCE not in {a.seat for a in request.legal}
