"""A session killed with SIGKILL at any journal length resumes into the same story.

Each kill is a real process dying (``kill_child.py`` sends itself SIGKILL after the journal's K-th
line). The lengths chosen include every kind of place: just after the header, between an action's
row and its narration's row (where a beat used to vanish), and between two actions. The resumed
journal must render exactly the Markdown of an uninterrupted run. (`companion resume` itself is
run through a real process in test_cli.py; here the resume is in-process to keep the suite fast.)
"""
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.session import Session

CHILD = Path(__file__).with_name("kill_child.py")
ROOT = Path(__file__).resolve().parents[1]


def _resume(path: Path) -> None:
    """What `companion resume` does with a journal whose seats are all the AI's."""
    session, _ = Session.resume(path)
    session.advance()
    session.close()


def _render(path: Path, capsys) -> str:
    capsys.readouterr()
    assert main(["journal", str(path), "--format", "md"]) == 0
    return capsys.readouterr().out


def _kill_points(rows: list[dict], count: int) -> list[int]:
    """Journal lengths (header = line 1) to die at: the action-then-narration gaps first."""
    gaps = [i + 2 for i, (a, b) in enumerate(zip(rows, rows[1:]))
            if a["type"] == "action" and b["type"] == "narration"]
    others = [i + 2 for i, r in enumerate(rows) if r["type"] == "action"] + [2]
    step = max(1, len(gaps) // (count - 3))
    chosen = sorted(set(gaps[::step][: count - 3] + [gaps[-1], others[0], others[len(others) // 2]]))
    return chosen


@pytest.mark.slow
@pytest.mark.parametrize("game,seed", [("at-any-cost", "3"), ("high-stakes", "5")])
def test_killed_autoplay_resumes_into_the_same_story(game, seed, tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    assert main(["autoplay", game, "--seed", seed, "--journal", str(whole), "--quiet"]) == 0
    expected = _render(whole, capsys)
    rows = [json.loads(line) for line in whole.read_text().splitlines()[1:]]
    points = _kill_points(rows, 5)
    assert any(rows[k - 2]["type"] == "action" and rows[k - 1]["type"] == "narration"
               for k in points), "no kill falls between an action and its narration"
    for k in points:
        path = tmp_path / f"killed-{k}.jsonl"
        child = subprocess.run([sys.executable, str(CHILD), str(k), game, seed, str(path)],
                               cwd=ROOT, capture_output=True, text=True, timeout=120,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert child.returncode == -signal.SIGKILL, child.stderr[-2000:]
        assert len(path.read_text().splitlines()) == k
        _resume(path)
        assert _render(path, capsys) == expected, f"the story differs after a kill at line {k}"
