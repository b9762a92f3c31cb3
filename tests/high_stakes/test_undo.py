"""Undo restarts from the session's last snapshot, not from setup: the result must be exactly what a
replay from the start gives (state, actions, public events, narrations, chance index)."""
from __future__ import annotations

import random

from companion.core.game import CHANCE
from companion.games.high_stakes import GAME, HighStakesOptions
from companion.journal.store import timeline
from companion.session import HUMAN, Session
from companion.story.voice import OfflineVoice


def _pick(session, rng):
    due = session.awaiting()
    legal = [a for a in session.legal(rng.choice(due)) if a.kind not in ("end_story", "raise", "heroic")]
    a = rng.choice(legal)
    return a.with_text("x") if a.ask else a


def test_undo_from_a_snapshot_equals_a_replay_from_the_start():
    seed = 3
    s = Session.start(GAME, seed, {"player": HUMAN, "gm": HUMAN}, OfflineVoice(GAME, seed), None,
                      options=HighStakesOptions(players=2, max_scenes=200))
    rng = random.Random(seed)
    for _ in range(90):
        s.advance()
        if s.is_over():
            break
        if s.awaiting() != [CHANCE]:
            s.submit(_pick(s, rng))
    assert len(s.actions) > 60 and s.snapshots, "the session must be long enough to snapshot"
    s.undo()
    s.undo()
    fresh = Session(game=GAME, seed=seed, seats=dict(s.seats), voice=OfflineVoice(GAME, seed),
                    options=s.options)
    fresh.header, fresh.rows = s.header, s.rows
    fresh._replay(timeline(s.header, s.rows))
    assert fresh.state == s.state
    assert [a.record() for a in fresh.actions] == [a.record() for a in s.actions]
    assert fresh.public_events == s.public_events
    assert fresh.narrations == s.narrations
    assert fresh.chance_index == s.chance_index
    assert fresh.snapshots.keys() == s.snapshots.keys()
