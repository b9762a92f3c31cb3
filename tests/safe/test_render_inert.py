"""Issue 20: a journal is a document people share, so it must be inert. A payload planted in every
text a game takes (names where the engine allows them, details, answers, palette, elements, Traits,
the words after ``--``, tellings, ``say``, the voice's narration) is escaped wherever it lands: no
raw tag in the Markdown (outside code blocks, where Markdown shows ``<`` as it is) or the HTML, no
terminal escape anywhere."""
from __future__ import annotations

import pytest

from companion.journal import render

from .drive import RAW_TAG, outside_code, play

GAMES = ["at-any-cost", "becoming", "dragon-warrior", "heros-journey", "high-stakes"]


@pytest.fixture(scope="module", params=GAMES)
def planted(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("inert") / f"{request.param}.jsonl"
    session, count = play(request.param, 1, path)
    return request.param, path, session, count


def test_the_payloads_were_taken_and_the_story_finished(planted):
    game, path, session, count = planted
    assert session.is_over(), f"{game}: the planted session did not reach its end"
    assert count > 20  # the drive did plant: the test below cannot pass on an empty story


def test_no_raw_tag_in_the_markdown(planted):
    _, path, _, _ = planted
    md = render.render_markdown(path, reveal=True)
    assert "alert(1)" in md  # the words are kept, as text
    assert RAW_TAG.findall(outside_code(md)) == []
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in md
    assert "\x1b" not in md and "\x07" not in md


def test_no_raw_tag_in_the_html(planted):
    _, path, _, _ = planted
    page = render.render_html(path, reveal=True)
    assert "alert(1)" in page
    assert RAW_TAG.findall(page) == []
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "\x1b" not in page and "\x07" not in page


def test_the_terminal_story_holds_no_escape(planted):
    _, path, _, _ = planted
    for _, text in render.render_text(path):
        assert "\x1b" not in text and "\x07" not in text


def test_the_audited_sections_are_escaped(planted):
    """The audit's holes by name: At Any Cost's hero details and Anchor answers, High Stakes'
    "What the players made true" and the Traits after Experience, Dragon & Warrior's palette."""
    game, path, _, _ = planted
    md = render.render_markdown(path)
    sections = {"at-any-cost": ["**The hero:", "**What "],
                "high-stakes": ["What the players made true:", "The characters after Experience"],
                "dragon-warrior": ["*Yes:*"]}
    for marker in sections.get(game, []):
        at = md.index(marker)
        chunk = md[at:at + 600]
        assert "&lt;" in chunk and RAW_TAG.findall(chunk) == [], (marker, chunk)
