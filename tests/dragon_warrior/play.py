"""Autoplayed sessions for the tests."""
from __future__ import annotations

from unittest import mock

from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior.model import SEATS, WarriorOptions
from companion.session import AI, Session
from companion.story.voice import OfflineVoice


def no_fsync():
    """Journal rows are written as in play but not fsync'd: durability is the journal store's own
    tests' business, and hundreds of fsyncs per session were most of this package's wall time on
    a busy disk."""
    return mock.patch("companion.journal.store.os.fsync", lambda fd: None)


def autoplay(seed: int, path, until: str = ""):
    """A whole session by the AI in every seat (see no_fsync)."""
    with no_fsync():
        s = Session.start(GAME, seed, {seat: AI for seat in SEATS}, OfflineVoice(GAME, seed), path,
                          options=WarriorOptions(until=until))
        s.advance()
        s.close()
    return s
