"""The live suite's scripted Protagonist plays a whole game on the offline voice.

The live test runs the same script against a real model; this one keeps the script true to the
game's questions without a server (a question added to setup once made the live game stall at the
name prompt)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from localserver import PROTAGONIST_SCRIPT

ROOT = Path(__file__).resolve().parents[2]


def test_the_live_script_finishes_a_game_offline(tmp_path):
    script = tmp_path / "protagonist.txt"
    script.write_text(PROTAGONIST_SCRIPT)
    journal = tmp_path / "game.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "at-any-cost", "--voice", "offline",
         "--seat", "protagonist", "--seed", "5", "--script", str(script), "--journal",
         str(journal)], cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={"COMPANION_CONFIG": str(tmp_path / "none.toml"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    rows = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
    kinds = [e["kind"] for r in rows if r.get("type") == "action" for e in r.get("events", [])]
    assert "journey_ended" in kinds, done.stdout[-2000:]
    named = [e["data"]["name"] for r in rows if r.get("type") == "action"
             for e in r.get("events", []) if e["kind"] == "hero_named"]
    assert named == ["Wren"]
