"""Issue 36: the player's words are text, never structure. Whatever a player types (a name, an
answer, the words after ``--``, a telling, ``say``), the rendered story keeps the same headings,
lists, tables, rules, links and code blocks in Markdown and in HTML: only its text changes.

Each game is played once with a placeholder for every text a seat writes; hypothesis then puts a
typed line in its place (the journal's rows are the same moves, so the game replays the same) and
the document's structure must not move.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from companion.core.game import RuleError
from companion.core.registry import get_game
from companion.journal import render
from companion.journal.store import JournalError
from companion.session import HUMAN, Session
from companion.story.voice import DecisionRequest, OfflineVoice

GAMES = ["at-any-cost", "becoming", "dragon-warrior", "heros-journey", "high-stakes"]
MARK = "Qzx"  # a word no game writes: where a seat's text stands
PLAIN = "Ash"

ATTACKS = ["# Heading injected", "[x](javascript:alert(1))", "- a list", "1. first", "> quote",
           "---", "***", "| a | b |", "```", "~~~", "[ref]: http://example.invalid", "=====", "=",
           "![seen](http://example.invalid/t.png)", "<https://example.invalid>", "\\[x](y)",
           "\\\\[x](y)", "*emph* and **bold**", "a | b", "+ plus", "2) two", "## Two", "    code"]
LINE = st.one_of(
    st.sampled_from(ATTACKS),
    st.text(st.sampled_from(list("#>-+*_=|`~[]()!:\\.0123456789 aZ")), min_size=1,
            max_size=24),
    st.tuples(st.sampled_from(ATTACKS), st.sampled_from(ATTACKS)).map(" ".join),
).map(str.strip).filter(bool)


def _play(name: str, path: Path) -> None:
    """Every seat human; every move the offline policy's, its text the placeholder where the
    engine takes one (else the policy's own); every offered telling and a say: the placeholder."""
    game = get_game(name)
    options = game.options_model()
    seats_for = getattr(game, "seats_for", None)
    seats = tuple(seats_for(options)) if seats_for else game.seats
    s = Session.start(game, 1, {x: HUMAN for x in seats}, OfflineVoice(game, 1), path,
                      options=options)
    s.advance()
    for k in range(3000):
        if s.is_over():
            break
        if s.offered is not None:
            s.tell(MARK)
            continue
        seat = s.human_turn()
        if seat is None:
            break
        legal = s.legal(seat)
        request = DecisionRequest(game=game.name, seat=seat, step=len(s.actions),
                                  view=s.view(seat), legal=legal,
                                  labels=[game.describe(a) for a in legal])
        action = s.offline.decide(request).action
        # a High Stakes character's id is made from its name: the name stays the policy's
        if (action.ask is not None or action.text) and (name, action.kind) != ("high-stakes", "name"):
            try:
                game.apply(s.state, action.with_text(MARK))
                action = action.with_text(MARK)
            except RuleError:
                pass
        s.submit(action)
        if k % 9 == 0:
            s.say(seat, MARK)
    s.close()


@pytest.fixture(scope="module", params=GAMES)
def played(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / f"{request.param}.jsonl"
    _play(request.param, path)
    assert path.read_text(encoding="utf-8").count(MARK) > 5, "the drive planted no text"
    return request.param, path


def _with(journal: Path, typed: str, folder: Path) -> Path:
    """The journal with the typed line wherever a seat's text stood."""
    path = folder / "typed.jsonl"
    rows = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    path.write_text("\n".join(json.dumps(_swap(r, typed), ensure_ascii=False) for r in rows)
                    + "\n", encoding="utf-8")
    return path


def _swap(value, typed: str):
    if isinstance(value, str):
        return value.replace(MARK, typed)
    if isinstance(value, list):
        return [_swap(v, typed) for v in value]
    if isinstance(value, dict):
        return {k: _swap(v, typed) for k, v in value.items()}
    return value


_MD = MarkdownIt("commonmark").enable("table")
_TAGS = re.compile(r"<(h[1-6]|ul|ol|li|table|tr|td|th|hr|a|img|pre|blockquote|p)\b")


def structure(markdown: str, page: str) -> tuple[list[str], list[str]]:
    """The document's shape: Markdown's block and link tokens in order, the HTML's tags."""
    body = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S)  # YAML front matter: data
    shape = []
    for tok in _MD.parse(body):
        shape.append(tok.type)
        shape += [c.type for c in tok.children or [] if c.type in ("link_open", "image")]
    return shape, _TAGS.findall(page)


def _render(path: Path):
    told = render.story(path)  # one replay for both formats
    return structure(render.story_markdown(told), render.story_html(told))


@settings(max_examples=25, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@pytest.mark.slow
@given(typed=LINE)
def test_no_typed_line_changes_the_structure(played, typed, tmp_path):
    name, journal = played
    try:
        base = _render(_with(journal, PLAIN, tmp_path))
        shown = _render(_with(journal, typed, tmp_path))
    except JournalError:  # the engine refuses this text as a name or answer: nothing to render
        return
    assert shown == base, f"{name}: {typed!r} changed the document's structure"


def test_a_text_of_one_mark_keeps_the_structure(played, tmp_path):
    """A name or answer that is only a Markdown mark ("-", "|", ">") stands next to the game's
    own marks (a list item, a table cell, a quote): it is escaped where it stands, and the
    game's list, table and quote stay; a fence at the end of a text that a game's map wraps
    onto a line of its own closes no code block (hypothesis met these only now and then)."""
    name, journal = played
    try:
        base = _render(_with(journal, PLAIN, tmp_path))
    except JournalError:  # High Stakes: the planted text decided a way (as the test above)
        pytest.skip(f"{name}: the journal does not replay with a plain name in place")
    # and a text ending in a fence that a game's code block wraps onto a line of its own
    # and a table row opening a text that ends in a link ("| a | b | \\[x](y)", found by the
    # slow hypothesis test in Dragon & Warrior's sheet: only the row's pipe was escaped)
    for typed in [*"#>-+*_=|`~[]()!:\\.", *(f"{a} ```" for a in ATTACKS), "``` ~~~",
                  *(f"| a | b | {a}" for a in ATTACKS)]:
        try:
            shown = _render(_with(journal, typed, tmp_path))
        except JournalError:
            continue
        assert shown == base, f"{name}: {typed!r} changed the document's structure"
