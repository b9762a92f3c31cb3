"""What the screen shows around streamed narration."""
from __future__ import annotations

import io

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
    from companion.repl.screen import WIDTH, plain

    command = f"{program()} resume /a/long/folder/of/journals/2026-11-23-high-stakes-12345.jsonl"
    shown = plain("info", f"Journal: /a/long/folder/x.jsonl. Resume any time: {command}")
    assert command in shown.split("\n")[-1] and len(shown.split("\n")[0]) <= WIDTH
