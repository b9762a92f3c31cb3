"""Reply schema, validation with the legal actions in context, tolerant parsing of partial JSON."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from companion.core.game import Action
from companion.llm import checks
from companion.llm.schema import Reply, extract_json, parse_partial, reply_schema, reply_tokens


def test_reply_validates_against_the_legal_actions(request_for):
    req = request_for()
    ctx = {"legal": req.legal, "labels": req.labels}
    assert Reply.model_validate({"action": "2."}, context=ctx).action == 2
    with pytest.raises(ValidationError, match=r"not one of the legal actions \(1-4\).*1 play Grey"):
        Reply.model_validate({"action": 5}, context=ctx)
    with pytest.raises(ValidationError, match="placeholder"):
        Reply.model_validate({"action": 1, "narration": "<two or three sentences>"}, context=ctx)
    assert Reply.model_validate({"action": 1, "speech": "<optional>"}, context=ctx).speech == ""


def test_schema_asks_for_the_words_the_moves_need_and_no_more(request_for):
    plain = reply_schema(request_for().legal, lengths=True)
    assert list(plain["properties"]) == ["action", "narration", "speech"]
    assert plain["required"] == ["action", "narration"]  # speech may be left out
    schema = reply_schema(request_for(named=False).legal, lengths=True)
    assert list(schema["properties"]) == ["action", "text"]  # the answer is the story
    text = schema["properties"]["text"]
    assert text["title"] == "Name your champion"  # the question itself, no description to copy
    assert text["maxLength"] == checks.NAME_CHARS and text["minLength"] == 2
    assert re.fullmatch(text["pattern"], "Tamsin Reed") and not re.fullmatch(
        text["pattern"], "Hello, I'm your hero!")  # the grammar writes a name or nothing
    assert all("maxLength" in p for k, p in plain["properties"].items() if k != "action")
    assert "description" not in json.dumps(schema) + json.dumps(plain)
    assert reply_tokens(plain) > (checks.NARRATION_CHARS + checks.SPEECH_CHARS) // 4
    assert reply_tokens(schema) > checks.NAME_CHARS // 2
    mixed = request_for().legal + request_for(named=False).legal
    assert list(reply_schema(mixed, lengths=True)["properties"]) == [
        "action", "text", "narration", "speech"]
    strict = reply_schema(request_for().legal)
    assert "maxLength" not in json.dumps(strict)  # OpenAI's strict mode is given none
    assert strict["required"] == list(strict["properties"])  # and needs every key required


def test_the_grammar_writes_prose_not_markup(request_for):
    plain = reply_schema(request_for().legal, lengths=True)["properties"]
    narration = plain["narration"]["pattern"]
    assert re.fullmatch(narration, "Thunder rolls; \u201cRun,\u201d says Morwen.")
    assert re.fullmatch(narration, "")  # no narration: the narrator tells the move
    for debris in ("[0]Maze-like 1[", "1. keep the locket", "keep_anchors", "**Ash** runs", '{"action": 2}', "two\nlines",
                   'a "straight" quote', "x" * (checks.NARRATION_CHARS + 1)):
        assert not re.fullmatch(narration, debris), debris
    answer = reply_schema([Action(seat="p", kind="answer", ask="Heirloom: What is it?",
                                  optional_text=False)], lengths=True)["properties"]["text"]
    assert re.fullmatch(answer["pattern"], "A locket with a pressed flower.")
    assert not re.fullmatch(answer["pattern"], "")  # a required answer has words


def test_a_free_pronoun_question_is_answered_from_the_common_sets():
    from companion.core.game import Action

    ask = "Ash's pronouns (she, he, they, or your own set; Enter: they)"
    free = [Action(seat="p", kind="pronouns", ask=ask)]
    text = reply_schema(free, lengths=True)["properties"]["text"]
    assert text == {"type": "string", "enum": ["she", "he", "they"]}
    own = [Action(seat="p", kind="pronouns", args={"set": "own"}, ask="xe/xem/xyr",
                  optional_text=False)]  # a set of one's own is written, not picked
    assert "enum" not in reply_schema(own, lengths=True)["properties"]["text"]


def test_extract_json_from_fences_and_prose():
    assert extract_json('Here:\n```json\n{"action": 1}\n```') == {"action": 1}
    assert extract_json('I pick {"action": 2, "narration": "x"} thanks') == {"action": 2,
                                                                              "narration": "x"}
    with pytest.raises(ValueError):
        extract_json("no json here")


def test_parse_partial_reports_the_cut_string():
    fields, cut, closed = parse_partial('{"action": 3, "narration": "The wolf \\"grins\\" and')
    assert fields == {"action": 3, "narration": 'The wolf "grins" and'} and cut == "narration"
    assert not closed
    assert parse_partial('{"action": 1') == ({}, None, False)  # 1 may become 12
    assert parse_partial('{"action": 1}') == ({"action": 1}, None, True)
    with pytest.raises(ValueError):
        parse_partial('{"action": nope}')


@settings(deadline=None)  # parses every prefix: slow on a loaded machine, never wrong
@given(st.integers(1, 99), st.text(max_size=80), st.text(max_size=30))
def test_every_prefix_parses_to_a_prefix_of_the_narration(action, narration, speech):
    text = json.dumps({"action": action, "narration": narration, "speech": speech})
    previous = ""
    for end in range(1, len(text) + 1):
        fields, _, _ = parse_partial(text[:end])
        if "narration" in fields:
            assert narration.startswith(fields["narration"])
            assert fields["narration"].startswith(previous)
            previous = fields["narration"]
        if "action" in fields:
            assert fields["action"] == action
    assert parse_partial(text)[0] == {"action": action, "narration": narration, "speech": speech}
