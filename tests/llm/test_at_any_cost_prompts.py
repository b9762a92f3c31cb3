"""The At Any Cost prompts, built from real decisions of an offline game: they render, carry the
cards' descriptors, and hold nothing the seat may not know."""
from __future__ import annotations

import json
import re

import pytest

from companion.core.game import CHANCE
from companion.core.registry import get_game
from companion.session import AI, Session
from companion.llm import context
from companion.llm.fidelity import mentions
from companion.story.voice import OfflineVoice


class Recorder(OfflineVoice):
    name = "recorder"

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.session = None
        self.seen = []

    def decide(self, request, on_text=None, memory=None):
        state = self.session.state
        secrets = self.game.secrets(state, request.seat)
        face_down = [st["location_name"] for st in self.game.view(state, "antagonist")["map"]
                     if not st["face_up"] and st.get("location_name")]
        self.seen.append((request, secrets, face_down))
        return super().decide(request, on_text)


@pytest.fixture(scope="module")
def decisions():
    game = get_game("at-any-cost")
    voice = Recorder(game, 4)
    session = Session.start(game, 4, {s: AI for s in game.seats}, voice, None)
    voice.session = session
    session.advance()
    assert session.is_over()
    return game, voice.seen


def test_every_decision_renders_for_both_seats(decisions):
    game, seen = decisions
    assert {r.seat for r, _, _ in seen} == {"antagonist", "protagonist"}
    for request, _, _ in seen:
        system, user = context.build_messages(request, game.title)
        assert f"You are the {request.seat.capitalize()} in At Any Cost" in system["content"]
        assert f"1 to {len(request.legal)}" in user["content"]


def test_prompts_carry_the_cards_descriptors(decisions):
    game, seen = decisions
    request = next(r for r, _, _ in seen if r.view.get("hand"))
    user = context.build_messages(request, game.title)[1]["content"]
    card = request.view["hand"][0]
    assert card["name"] in user and all(k in user for k in card["keywords"])


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
