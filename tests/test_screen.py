"""What the screen shows around streamed narration."""
from __future__ import annotations

import io
import re

import pytest

from companion.repl.screen import PlainScreen


def screen():
    buf = io.StringIO()
    return PlainScreen(buf), buf


def test_streamed_narration_is_not_shown_twice():
    s, buf = screen()
    s("stream", "The wind ")
    s("stream", "rises.")
    s("narration", "The wind rises.")
    s("mechanics", "The Antagonist folds.")
    out = buf.getvalue()
    assert out.count("The wind rises.") == 1
    assert "rises.\n    · The Antagonist folds." in out  # small print starts on its own line


def test_an_abandoned_stream_is_followed_by_the_narration_that_replaces_it():
    s, buf = screen()
    s("stream", "The dragon (a card the table must not hear) …\n")
    s("narration", "Something stirs at the crossroads.")
    out = buf.getvalue()
    assert "Something stirs at the crossroads." in out


def test_small_print_between_the_stream_and_its_narration_does_not_repeat_it():
    s, buf = screen()
    s("stream", "Bandits block the road.")
    s("mechanics", "The Antagonist sets the challenge with Bandits 1 [Ally]")
    s("narration", "Bandits block the road.")
    out = buf.getvalue()
    assert out.count("Bandits block the road.") == 1 and "· The Antagonist sets" in out


def test_a_path_in_a_hint_is_never_broken_to_be_copied():
    from companion.repl.screen import plain

    path = "/tmp/fresh/.venv/bin/companion resume transcripts/2026-11-23-at-any-cost-90189.jsonl"
    for kind in ("info", "narration", "mechanics"):
        text = plain(kind, f"Saved. Resume with: {path}")
        assert "transcripts/2026-11-23-at-any-cost-90189.jsonl" in text, (kind, text)


def test_a_command_to_copy_is_never_broken_across_lines():
    from companion.repl.hints import program
    from companion.repl.screen import plain, width

    command = f"{program()} resume /a/long/folder/of/journals/2026-11-23-high-stakes-12345.jsonl"
    shown = plain("info", f"Journal: /a/long/folder/x.jsonl. Resume any time: {command}")
    assert len(shown.split("\n")[0]) <= width()
    # on lines of its own, broken only where the shell joins it (" \" at a line's end)
    assert _as_the_shell_reads(shown.split("\n", 1)[1]) == command


def _as_the_shell_reads(lines: str) -> str:
    return " ".join(re.sub(r" \\\n\s*", " ", lines).split())


@pytest.mark.parametrize("kind", ["info", "data"])
def test_a_long_command_breaks_where_the_shell_joins_it(monkeypatch, kind):
    """Played at 80 columns: the resume command ran past the edge, and the terminal broke it
    where a shell does not join it."""
    from companion.repl.hints import program
    from companion.repl.screen import plain

    monkeypatch.setenv("COLUMNS", "80")
    command = (f"{program()} journal '/tmp/a folder/2026-11-29-heros-journey-41235.jsonl' "
               "--format html --out /home/someone/stories/2026-11-29-heros-journey-41235.html")
    text = f"  {command}" if kind == "data" else f"Read it as a page: {command}"
    shown = plain(kind, text)
    rows = shown.split("\n")
    assert all(len(r) <= 78 for r in rows), rows
    assert all(r.endswith(" \\") for r in rows[1 if kind == "info" else 0:-1]), rows
    assert _as_the_shell_reads("\n".join(rows[1 if kind == "info" else 0:])) == command


def test_text_is_wrapped_to_the_terminal_as_it_is_when_shown(monkeypatch):
    # the width was read once, when the module was first imported, and kept for the process:
    # a terminal resized in play was not followed, and which width the tests saw depended on
    # what had imported the screen first, and under what COLUMNS (pytest-xdist's workers have
    # 80, and a refusal's "(rule: matching tags)" was broken across two lines)
    from companion.repl.screen import plain

    words = " ".join(["word"] * 60)
    for columns, wide in (("60", 58), ("100", 96), ("80", 78)):
        monkeypatch.setenv("COLUMNS", columns)
        for kind in ("narration", "mechanics", "notice", "info"):
            lines = plain(kind, words).split("\n")
            assert max(map(len, lines)) <= wide and max(map(len, lines)) > wide - 6, (kind, lines)
        assert len(plain("heading", "Stage 1")) == wide
