"""Autoplayed sessions for the tests."""
from __future__ import annotations

from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior.model import SEATS, WarriorOptions
from companion.session import AI, Session
from companion.story.voice import OfflineVoice


def autoplay(seed: int, path, until: str = ""):
    s = Session.start(GAME, seed, {seat: AI for seat in SEATS}, OfflineVoice(GAME, seed), path,
                      options=WarriorOptions(until=until))
    s.advance()
    s.close()
    return s
