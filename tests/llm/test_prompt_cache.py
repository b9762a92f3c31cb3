"""Prompt-cache friendly prompts: one system message for every seat of a game (the reply format
and every seat's brief), then in every decision message what the seats share (the view's public
keys, the fabula digest), then the seat's name and its ``own`` keys, then the state that changes
from move to move (``last`` in ``prompts/<game>/view.toml``), so consecutive prompts, whichever
seat sent them, share everything up to the seat byte for byte (a local server keeps one context
and reuses only that prefix); the fabula digest adds new lines at the end of their part. No
network: a recording stand-in model."""
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
def test_what_seats_share_comes_first_then_the_seat_then_the_changing_state(name):
    rules = context.view_rules(name)
    assert rules.last, f"prompts/{name}/view.toml names no `last` keys"
    messages, requests = prompts(name)
    assert messages
    assert len({sent[0]["content"] for sent in messages}) == 1  # one system message, all seats
    for sent, request in zip(messages, requests, strict=False):
        user = sent[1]["content"]
        steady, own, state = context.view_parts(request.view, name, request.seat, "slots")
        shown = context.seat_view(request.view, name, request.seat, "slots")
        assert [k for k in shown if k in rules.last] == [k for k in rules.last if k in shown]
        seat = user.index(context.seat_line(request))
        assert user.index(steady) < seat < user.index("Story so far")
        if "What the story holds" in user:
            assert user.index("What the story holds") < seat
        for part in (own, state):
            if part:
                assert seat < user.index(part) < user.index("Story so far")
        if own and state:
            assert user.index(own) < user.index(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_next_prompt_reuses_everything_seats_share_whoever_sent_the_last(name):
    """Whenever the shared view and the fabula are unchanged since the last prompt (any seat's),
    the new prompt repeats it byte for byte up to the seat's name; and a seat's next prompt
    repeats its last one up to the changing state when its own keys did not change either. A
    local server keeps one context: that prefix is all it reuses."""
    messages, requests = prompts(name)
    previous: tuple[str, str, str, str, str] | None = None
    across = within = 0
    for (system, user, *_), request in zip(messages, requests, strict=False):
        steady, own, _ = context.view_parts(request.view, name, request.seat, "slots")
        text = system["content"] + user["content"]
        if previous is not None and previous[1:3] == (steady, request.fabula):
            shared = len(os.path.commonprefix([previous[0], text]))
            head = len(system["content"]) + user["content"].index(context.seat_line(request))
            assert shared >= head
            across += previous[4] != request.seat
            if previous[4] == request.seat and previous[3] == own:
                assert shared >= len(system["content"]) + user["content"].index(own) + len(own)
                within += 1
        previous = (text, steady, request.fabula, own, request.seat)
    assert across and within


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


def test_slots_mode_leaves_out_what_the_moves_labels_say():
    """``slots_drop``: a card's keywords (At Any Cost), a roll's bookkeeping and the player's
    Personal Secret (High Stakes: the one part of a sheet only one seat sees, so both seats
    share the sheets), a rival Hero's origin story (The Hero's Journey) are not re-read on every call in slots mode, where the model only
    chooses; free mode keeps them."""
    for name, key, inner in (("at-any-cost", "hand", "keywords"), ("high-stakes", "roll", "pools"),
                             ("high-stakes", "characters", "secret"),
                             ("heros-journey", "you_are", "origin_story")):
        _, requests = prompts(name, cap=40)
        views = [r.view for r in requests if r.view.get(key)]
        assert views, name
        for view in views:
            slots = context.seat_view(view, name, "x", "slots")
            items = slots[key] if isinstance(slots[key], list) else [slots[key]]
            assert all(inner not in item for item in items if isinstance(item, dict))
        assert any(inner in item for view in views
                   for item in (lambda v: v if isinstance(v, list) else [v])(
                       context.seat_view(view, name, "x")[key]) if isinstance(item, dict))
