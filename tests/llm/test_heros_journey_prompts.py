"""The Hero's Journey rival prompts, built from real decisions of an offline 3-Hero game: every
rival gets rival.md with its own name, and no prompt holds another Hero's Challenge card, the
card another Hero bid with, or a Prophecy that seat was not shown."""
from __future__ import annotations

import pytest

from companion.core.registry import get_game
from companion.games.heros_journey import HjOptions
from companion.games.heros_journey.data import rules
from companion.llm import context
from companion.session import AI, Session
from companion.story.voice import OfflineVoice


class Recorder(OfflineVoice):
    name = "recorder"

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.session = None
        self.seen = []

    def decide(self, request, on_text=None, memory=None):
        self.seen.append((request, self.game.secrets(self.session.state, request.seat)))
        return super().decide(request, on_text)


@pytest.fixture(scope="module")
def decisions():
    game = get_game("heros-journey")
    voice = Recorder(game, 7)
    opts = HjOptions(players=3)
    session = Session.start(game, 7, {s: AI for s in game.seats_for(opts)}, voice, None,
                            options=opts)
    voice.session = session
    session.advance()
    assert session.is_over()
    return game, voice.seen


def test_rivals_get_the_rival_prompt_with_their_own_name(decisions):
    game, seen = decisions
    for request, _ in seen[::25]:
        system, user = context.build_messages(request, game.title)
        assert "a rival Hero in The Hero's Journey" in system["content"]
        assert request.view["you_are"]["name"] in user["content"]


def test_no_prompt_holds_what_its_seat_may_not_see(decisions):
    game, seen = decisions
    checked = 0
    for request, secrets in seen:
        if not secrets:
            continue
        user = context.build_messages(request, game.title)[1]["content"]
        for cid in secrets:
            assert f"\"{cid}\"" not in user and f"={cid}" not in user
            if rules().is_card(cid):
                assert f'"{rules().card(cid).name}"' not in user
        checked += 1
    assert checked > 50
