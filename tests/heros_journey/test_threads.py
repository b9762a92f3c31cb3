"""The engine's read cache is safe when games run at once in threads (batch autoplay): a question
about one game's state never gets the answer computed for another game's state."""
from __future__ import annotations

import sys
import threading

from companion.games.heros_journey import GAME, HjOptions
from companion.games.heros_journey.model import read_only as _ro


def test_the_read_cache_never_answers_for_another_game():
    states = [GAME.setup(HjOptions(players=n)) for n in (2, 3, 4, 2, 3, 4)]
    errors: list[str] = []
    start = threading.Barrier(len(states))

    def ask(state):
        start.wait()
        for _ in range(1000):
            w = _ro(state)
            if len(w.seats) != len(state.seats) or w.heroes[0].tokens != list(
                    state.heroes[0].tokens) or w.bank != list(state.bank):
                errors.append(f"asked about {len(state.seats)} Heroes, got {len(w.seats)}")
                return

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to provoke the race
    try:
        threads = [threading.Thread(target=ask, args=(s,)) for s in states]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors, errors[0]


def test_no_working_copy_is_shared_between_threads():
    # the cached copy is mutable: two threads asking about the same state each get their own
    state = GAME.setup(HjOptions(players=3))
    mine = _ro(state)
    theirs: list = []
    t = threading.Thread(target=lambda: theirs.append(_ro(state)))
    t.start()
    t.join()
    assert theirs[0] is not mine
    assert _ro(state) is mine  # within one thread the copy is kept for the next question
