"""Prompt-cache friendly prompts: in every game's decision message the state that changes from
move to move (``last`` in ``prompts/<game>/view.toml``) comes after the steady view and the
fabula digest, so consecutive prompts of a seat share everything before it byte for byte; the
fabula digest adds new lines at the end of their part. No network: a recording stand-in model."""
from __future__ import annotations

import json
import os

import pytest

from companion.core.registry import get_game
from companion.llm import context
from companion.llm.client import Completion
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.session.loop import AI, Session

GAMES = ["at-any-cost", "high-stakes", "heros-journey", "becoming", "dragon-warrior"]


class _Enough(BaseException):
    pass


class Recorder:
    """Answers move 1 (a text from the grammar's choices when one is asked), records requests."""

    _model = "recorder"

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.requests: list[tuple[list[dict[str, str]], dict]] = []

    def complete(self, messages, *, schema=None, on_text=None, **kw):
        if len(self.requests) >= self.cap:
            raise _Enough
        self.requests.append((messages, schema or {}))
        text = (schema or {}).get("properties", {}).get("text", {}).get("enum", ["Ash"])[0]
        reply = json.dumps({"action": 1, "text": text})
        return Completion(text=reply, finish_reason="stop", mode="json_object_schema",
                          model=self._model, tokens_in=0, tokens_out=0, estimated=True,
                          latency_ms=0, notes=[{"event": "call", "outcome": "ok"}])


def prompts(name: str, cap: int = 24, seed: int = 1):
    game = get_game(name)
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    model = Recorder(cap)
    requests = []
    voice = OpenAIVoice(game, seed, settings, client=model)
    decide = voice._decide

    def spy(request, on_text, notes):
        requests.append(request)
        return decide(request, on_text, notes)

    voice._decide = spy
    try:
        Session.start(game, seed, {s: AI for s in game.seats}, voice, None).advance()
    except _Enough:
        pass
    return [m for m, _ in model.requests if len(m) == 2], requests  # first attempts


@pytest.mark.parametrize("name", GAMES)
def test_the_changing_state_comes_after_the_steady_view_and_the_fabula(name):
    rules = context.view_rules(name)
    assert rules.last, f"prompts/{name}/view.toml names no `last` keys"
    messages, requests = prompts(name)
    assert messages
    for sent, request in zip(messages, requests, strict=False):
        user = sent[1]["content"]
        steady, state = context.view_parts(request.view, name, request.seat)
        shown = context.seat_view(request.view, name, request.seat)
        assert [k for k in shown if k in rules.last] == [k for k in rules.last if k in shown]
        if not state:
            continue
        at = user.index(state)
        assert user.index(steady) < at < user.index("Story so far")
        if "What the story holds" in user:
            assert user.index("What the story holds") < at


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_next_prompt_reuses_everything_before_what_changed(name):
    """Whenever the steady view and the fabula of a seat are unchanged since its last prompt,
    the new prompt repeats the old one byte for byte up to the changing state."""
    messages, requests = prompts(name)
    last: dict[str, tuple[str, str, str]] = {}
    checked = 0
    for (system, user, *_), request in zip(messages, requests, strict=False):
        steady, _ = context.view_parts(request.view, name, request.seat)
        key = system["content"]
        text = system["content"] + user["content"]
        before = last.get(key)
        if before is not None and before[1] == steady and before[2] == request.fabula:
            shared = len(os.path.commonprefix([before[0], text]))
            head = text.index(steady) + len(steady) + len(context.fabula_block(request.fabula))
            assert shared >= head
            checked += 1
        last[key] = (text, steady, request.fabula)
    assert checked


def test_a_new_fact_is_added_at_the_end_of_its_part_and_bookkeeping_is_left_out():
    older = "\n".join(["Hero: Wren (she/her), at farm",
                       "Last outcome (stage-1): antagonist prevailed by fold",
                       "Stake (open): \u201cAsh comes home\u201d",
                       "True: said:21: Ash", "True: stage:1: 15",
                       "True: answer:home:0: A mill town on a slow river."])
    newer = older.replace("True: said:21: Ash",
                          "True: threat:2: an impossible task\nTrue: said:21: Ash")
    a, b = context.fabula_block(older), context.fabula_block(newer)
    assert "stage:1" not in a  # a fact whose words are a number is bookkeeping
    assert a.index("A mill town") < a.index("said:21") < a.index("Last outcome")
    assert b[:b.index("said:21: Ash")] == a[:a.index("said:21: Ash")]  # what came before stays
    assert b.index("said:21: Ash") < b.index("an impossible task") < b.index("Last outcome")


def test_slots_mode_rereads_less_one_story_line_and_at_most_six_moves(request_for):
    story = ["The first line of the story.", "The second line of the story."]
    slots = context.build_messages(request_for(story=story), "Duel", "slots")[1]["content"]
    free = context.build_messages(request_for(story=story), "Duel", "free")[1]["content"]
    assert "> The second line" in slots and "The first line" not in slots
    assert "> The first line" in free and "> The second line" in free
    messages, requests = prompts("at-any-cost", cap=30)
    assert any(len(r.legal) > context.SLOTS_MOVES for r in requests)  # hands of many plays
    for _, user in messages:
        assert f"\n{context.SLOTS_MOVES + 1}. " not in user["content"].split("Decision ")[-1]
