"""Issue 20: terminal output of a player's or a model's text holds no control or escape sequence
(a shared journal must not retitle or clear its reader's terminal): the screens clean what they
show, and ``companion journal J`` cleans what it prints to a terminal."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.repl.screen import PlainScreen

ROOT = Path(__file__).resolve().parents[2]
EVIL = "\x1b]0;owned\x07\x1b[2J\x9b2J\u202e"


def test_the_screen_shows_no_escape_sequence():
    stream = io.StringIO()
    screen = PlainScreen(stream)
    for kind in ("narration", "speech", "info", "notice", "heading", "mechanics", "stream"):
        screen(kind, f"Wren{EVIL} walks on")
    out = stream.getvalue()
    assert "Wren walks on" in out
    assert not any(ch in out for ch in "\x1b\x07\x9b\u202e")


@pytest.mark.slow  # a whole autoplay and three renders, each a process on a terminal
def test_journal_printed_to_a_terminal_holds_no_escape(tmp_path):
    j = tmp_path / "a.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-m", "companion"]
    subprocess.run(run + ["autoplay", "at-any-cost", "--seed", "1", "--journal", str(j),
                          "--quiet"], check=True, env=env, capture_output=True, timeout=120)
    rows = j.read_text(encoding="utf-8").splitlines()
    said = {"type": "say", "n": 3, "seat": "protagonist", "text": f"Onward{EVIL}"}
    j.write_text("\n".join(rows + [json.dumps(said, ensure_ascii=False)]) + "\n",
                 encoding="utf-8")
    for fmt in ("md", "html", "jsonl"):
        main, sub = os.openpty()  # a terminal, as the reader's
        proc = subprocess.Popen(run + ["journal", str(j), "--format", fmt], stdout=sub,
                                stderr=subprocess.DEVNULL, env=env)
        os.close(sub)
        chunks = []
        while True:  # read as it comes: a terminal's buffer is small
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(main)
        out = b"".join(chunks).decode("utf-8", "replace")
        assert proc.wait(timeout=120) == 0
        assert "Onward" in out
        assert not any(ch in out for ch in "\x1b\x07\x9b\u202e"), fmt


def test_a_script_echoes_its_lines_without_their_escapes(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "companion", "play", "at-any-cost", "--seed", "3",
                        "--no-journal", "--script", "-"], input=f"Wren{EVIL}\nshe\n", text=True,
                       capture_output=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "> Wren\n" in r.stdout and "! control characters and terminal escapes were removed" \
        in r.stdout
    assert not any(ch in r.stdout for ch in "\x1b\x07\x9b\u202e")
