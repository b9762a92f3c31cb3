"""A defeat is a setback, not the end: the Warrior wakes at the nearest inn and plays on in the
same session; ``undo`` takes back the fatal blow like any decision (issue 25)."""
from __future__ import annotations

import random

from companion.games.dragon_warrior import GAME, policy
from companion.games.dragon_warrior.model import SEATS, WARRIOR, Phase
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

from tests.dragon_warrior.play import no_fsync


def reckless(s: Session, rng: random.Random):
    """The human Warrior plays as the offline Warrior does, but never blocks nor heals in battle."""
    seat = s.human_turn()
    legal = s.legal(seat)
    view = s.view(seat)
    if view.get("phase") == "battle":
        legal = [a for a in legal if a.kind not in ("block", "spellblock", "use", "cast")] or legal
    a = policy.choose(view, seat, legal, rng)
    return a.with_text("Rowan the Bold: a tired knight") if a.ask else a


def test_a_defeat_wakes_the_warrior_at_an_inn_and_undo_takes_the_fatal_blow_back(tmp_path):
    with no_fsync():
        s = Session.start(GAME, 5, {x: (HUMAN if x == WARRIOR else AI) for x in SEATS},
                          OfflineVoice(GAME, 5), tmp_path / "j.jsonl")
        s.advance()
        rng = random.Random(1)
        for _ in range(3000):
            if s.is_over() or s.state.defeats:
                break
            s.submit(reckless(s, rng))
        assert s.state.defeats == 1, "the reckless Warrior should have fallen"
        after = s.state
        assert not s.is_over() and after.phase is not Phase.OVER  # the session goes on
        assert GAME.view(after, WARRIOR)["places"] and \
            next(p for p in after.places if p.id == after.here).building == "inn"
        told = " ".join(text for _, text in s.narrations[-6:])
        assert "inn" in told
        s.undo()
        assert s.state.defeats == 0 and s.state.phase is Phase.BATTLE  # the blow is not struck
        assert s.state.warrior.hp > 0 and s.human_turn() == WARRIOR  # the Warrior decides again
        s.close()
