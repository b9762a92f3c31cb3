"""What the player is told around a roll says what happens (s13, seed 909 at 80 columns): the
attribute notice says what the GM rules, the keep/explode prompt says where words go, the
premise notice fits the screen."""
from __future__ import annotations

import os
import subprocess
import sys


def _play(tmp_path, *lines: str, seed: int = 909, extra: tuple[str, ...] = (),
          columns: int | None = None) -> str:
    script = tmp_path / "moves.txt"
    script.write_text("\n\npremade Rust\naura I step forward: I will go.\n" + "\n".join(lines)
                      + "\nquit\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "companion", "play", "high-stakes", "--seed",
                          str(seed), "--voice", "offline", "--script", str(script),
                          "--journal", str(tmp_path / "j.jsonl"), *extra],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "COLUMNS": str(columns)} if columns else None)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_attribute_notice_says_what_the_gm_rules(tmp_path):
    """A crouch first, then a search of the wall for cracks: the GM rules it the scene's Mind way
    ("find a way over"), so the notice reads it as Mind, and the GM has nothing to overrule."""
    out = " ".join(_play(tmp_path, "I crouch low and search the wall for cracks").split())
    assert "Read as Mind" in out, out
    assert "Read as Body" not in out and "The GM makes it" not in out
    assert "“find a way over: a tree, a drain, a crack”: Mind" in out


def test_a_safety_line_keeps_the_premade_sheet_as_written(tmp_path):
    """Rust played with the line "harm to children": her sheet in the journal reads as the
    adventure wrote it (not "strangers and antidotes", "the baker's stranger"), and the line
    still holds for what the companion tells."""
    _play(tmp_path, "I crouch low and search the wall for cracks", extra=("--lines", "harm to children"))
    run = subprocess.run([sys.executable, "-m", "companion", "journal", str(tmp_path / "j.jsonl")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    story = run.stdout
    assert "- Traits: poisons and antidotes, remembers every face" in story, story
    assert "the baker's boy on Tallow Street: a secret crush" in story
    assert "stranger" not in story
    assert "touches the premise of High Stakes" in story  # the line is set
    from companion.story.safety import safety_for

    told = story.split("## Scene 1")[1]
    assert safety_for(("harm to children",), ()).keeps_lines(told)


def test_the_premise_notice_is_short_and_wraps_between_words(tmp_path):
    """At 80 columns the notice that the premise touches the line is three lines at most,
    broken between words, and quotes the part of the premise that says it."""
    out = _play(tmp_path, extra=("--lines", "harm to children"), columns=80)
    notice = out.split("\nHigh Stakes:")[0].splitlines()
    assert notice[0].startswith("! Your line “harm to children”"), out
    assert len(notice) <= 3 and all(len(line) <= 80 for line in notice), notice
    text = " ".join(" ".join(notice).split())
    assert "(you play a child assassin of the Nightblades)" in text
    assert "storytelling adventure" not in text
    assert all(line.startswith("  ") for line in notice[1:]), notice  # wrapped, indented
    assert "small print still says what the rules decide" in text  # no word cut in two


def test_the_sixes_prompt_says_words_go_after_the_choice(tmp_path):
    """Seed 2 rolls a 6 on the wall: the prompt says the words go after the choice; words typed
    without -- are refused with the form (they were dropped while the die was kept), and after
    -- they reach the story."""
    out = _play(tmp_path, "I crouch low and search the wall for cracks", "roll",
                "keep I grip the crack", "keep -- I grip the crack", seed=2)
    flat = " ".join(out.split())
    assert "keep -- I hold the ledge" in flat, flat
    refused, _, after = flat.partition("you> keep I grip the crack")
    assert "keep -- I grip the crack" in after.split("you>")[0]  # the form to type
    assert "6 kept" not in after.split("you>")[0]
    assert "6 kept" in after.split("you> keep -- I grip the crack")[1]
    assert "Rust grips the crack." in flat
