"""One end-to-end run through a real pseudo-terminal, as a player meets the game."""
from __future__ import annotations

import pytest

import os
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_new_player_starts_names_a_hero_and_leaves_with_ctrl_d(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "100"}
    journal = tmp_path / "t.jsonl"
    child = pexpect.spawn(sys.executable, ["-m", "companion", "play", "at-any-cost", "--seed",
                                           "3", "--journal", str(journal)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect("lines>")
    child.sendline("spiders")
    child.expect("veils>")
    child.sendline("")
    child.expect("Name your hero>")
    child.sendline("Wren")
    child.expect(r"pronouns")
    child.sendline("she")
    child.expect(r"\(optional\)>")
    child.sendline("")
    child.expect("keep 5")
    child.sendline("keep 1 2 3 4 5")
    child.expect(r"\?>")  # the first kept Anchor's questions
    child.sendcontrol("d")
    child.expect("companion resume")
    child.expect(pexpect.EOF)
    rows = journal.read_text()
    assert '"lines": ["spiders"]' in rows and '"text": "Wren"' in rows
