"""A real Ctrl-C (SIGINT) in the middle of a streamed reply: no traceback, a legal move."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stub_server import chunk

CHILD = Path(__file__).with_name("sigint_child.py")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_mid_stream_keeps_the_move_and_the_whole_sentences(stub):
    words = ["The storm", " breaks over", " the hills.", " Rain falls", " and the wind",
             " howls across", " the empty moor", " as the night", " closes in"]
    stub.stream([chunk('{"action": 2, "narration": "')] + [chunk(w) for w in words]
                + [chunk(' more"}', "stop")], stall=20.0, stall_after=len(words) + 1)
    child = subprocess.Popen([sys.executable, str(CHILD), stub.base_url],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    streamed = ""
    while time.monotonic() < deadline:  # wait until the narration shows, then press Ctrl-C
        line = child.stdout.readline()
        if line.startswith("STREAM"):
            streamed += json.loads(line.split(" ", 1)[1])
            if "hills." in streamed:
                break
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 0, err
    assert "Traceback" not in err
    result = json.loads(out.split("RESULT ", 1)[1])
    assert result["source"] == "model" and result["legal"], (result, err[-4000:])
    assert result["narration"] == "The storm breaks over the hills."
    assert result["last"]["event"] == "interrupted"
