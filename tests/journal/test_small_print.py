"""The journal's small print sits with its own beat, as the live screen prints it: a row's
mechanics right above that row's text, and what came before a heading (a new round, the Ending
turned up in the middle of a move) above the heading, never under the next section's title."""
from __future__ import annotations

from companion.core.game import Event
from companion.core.registry import game_module
from companion.games.heros_journey import GAME, HjOptions
from companion.journal.render import story
from companion.journal.store import read, timeline
from companion.session import AI, Session
from companion.story.voice import OfflineVoice


def _journal(path, seed=4):
    seats = {"hero1": AI, "hero2": AI, "hero3": AI}
    s = Session.start(GAME, seed, seats, OfflineVoice(GAME, seed), path,
                      options=HjOptions(players=3))
    s.advance()
    s.close()
    return path


def _beats(path):
    """Per action row: its mechanics lines and headings in event order, as a story shows them to
    everyone, and the first text told of it (None when the row is not narrated)."""
    header, rows = read(path)[:2]
    t = timeline(header, rows)
    hooks = game_module(GAME, "render")
    told: dict[int, str] = {}
    for r in t.rows:
        if r["type"] == "narration" and r.get("kind") != "epilogue":
            told.setdefault(r["n"], r["text"])
    quiet = getattr(hooks, "SETUP_EVENTS", set()) | getattr(hooks, "STORY_SKIP", set())
    out = []
    for row in t.actions:
        items = []
        for e in (Event.model_validate(x) for x in row.get("events", [])):
            if e.visible_to is not None:
                continue
            if hooks.heading(e):
                items.append(("heading", hooks.heading(e)))
            line = hooks.mechanics(e, None) if e.kind not in quiet else ""
            if line:
                items.append(("small", line))
        out.append((items, told.get(row["n"])))
    return out


def test_a_narrated_rows_small_print_is_right_above_its_text(tmp_path):
    path = _journal(tmp_path / "hj.jsonl")
    blocks = story(path).blocks
    at, checked = 0, 0  # blocks are walked in order: each row's text comes after the last
    for items, text in _beats(path):
        if text is None:
            continue
        i = blocks.index(("narration", text), at)
        at = i + 1
        if items and items[-1][0] == "small":
            assert blocks[i - 1][0] == "small" and blocks[i - 1][1].endswith(items[-1][1]), (
                text, blocks[i - 1])
            checked += 1
    assert checked >= 10


def test_small_print_before_a_heading_closes_the_section_above_it(tmp_path):
    path = _journal(tmp_path / "hj.jsonl")
    blocks = story(path).blocks
    pending = None  # the last mechanics line shown since the last text or heading
    checked = 0
    headings = iter(i for i, (kind, _) in enumerate(blocks) if kind == "heading")
    for items, text in _beats(path):
        for kind, line in items:
            if kind == "small":
                pending = line
            else:
                i = next(headings)
                while blocks[i][1] != line:
                    i = next(headings)
                if pending is not None:
                    assert blocks[i - 1][0] == "small" and blocks[i - 1][1].endswith(pending), (
                        line, blocks[i - 1])
                    checked += 1
                pending = None
        if text is not None:
            pending = None
    assert checked >= 5
