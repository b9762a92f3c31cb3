"""Run ``companion autoplay`` and SIGKILL this very process right after the journal's K-th line.

The test uses it to die at an exact journal length, which a timer from outside cannot hit: the
window between an action's row and its narration's row is microseconds wide.
Usage: python kill_child.py K GAME SEED JOURNAL
"""
import os
import signal
import sys

from companion.cli import main
from companion.journal import store

limit, game, seed, path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
written = 0  # lines in the journal so far (the header is the first)
append = store.Journal.append


def append_then_die(self, row):
    global written
    append(self, row)
    written += 1
    if written >= limit:
        os.kill(os.getpid(), signal.SIGKILL)


store.Journal.append = append_then_die
sys.exit(main(["autoplay", game, "--seed", seed, "--journal", path, "--quiet"]))
