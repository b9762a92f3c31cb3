"""The rival AI: it plays from its own view, never accepts a trade that hurts it by its own
weights, takes a Matching Encounter when it has one, and beats random play."""
from __future__ import annotations

import random

import pytest

from companion.core.game import RuleError
from companion.games.heros_journey import GAME, HjOptions, commands, policy
from companion.games.heros_journey.policy import play_game
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

from .table import go, make


def _respond(give, get, stage=3):
    s = make([{"tokens": {"moons": 3, "knots": 2}}, {"stage": stage, "tokens": {
        "moons": 2, "waves": 2, "knots": 2}}], tasks=[{"k": "trade", "seat": "hero1"}])
    s = go(s, "hero1", "offer", to="hero2", give=give, get=get)
    legal = GAME.legal_actions(s, "hero2")
    return policy.choose(GAME.view(s, "hero2"), "hero2", legal, random.Random(1)).kind


def test_a_trade_that_hurts_is_refused_and_one_that_helps_is_accepted():
    # at the Journey (next: the Battle, Wyrms and Knots) Knots are precious, Moons are not
    assert _respond({"moons": 1}, {"knots": 2}) == "refuse"
    assert _respond({"knots": 2}, {"moons": 1}) == "accept"


def test_a_matching_encounter_is_taken():
    s = make([{"stage": 3, "mentors": ["soldier"], "tokens": {"moons": 2}}, {}])
    a = policy.choose(GAME.view(s, "hero1"), "hero1", GAME.legal_actions(s, "hero1"),
                      random.Random(0))
    assert (a.kind, a.args) == ("match", {"card": "soldier"})


def _play(seed, levels):
    return play_game(seed, levels)  # the bench's loop


@pytest.mark.parametrize("seed", [1, 2])
def test_normal_beats_random(seed):
    st = _play(seed, ["random", "normal"] if seed % 2 else ["normal", "random"])
    normal = "hero2" if seed % 2 else "hero1"
    assert st.scores[normal] == max(st.scores.values())
    assert st.ending_first is not None  # the race reached an Ending, not the round limit


def test_physical_deck_cards_are_typed_and_impossible_ones_refused():
    opts = HjOptions(players=2)
    session = Session.start(GAME, 3, {"hero1": HUMAN, "hero2": AI}, OfflineVoice(GAME, 3), None,
                            physical=True, options=opts)
    session.advance()
    chance = session.physical_chance()
    assert chance is not None and "Challenge" in chance.what  # your own card, from your deck
    card = commands.parse_chance("ace of moons", list(chance.options))
    session.submit(chance.outcome(card), by="physical")
    while session.physical_chance() is None or "Mentor" not in session.physical_chance().what:
        seat = session.human_turn()
        if seat:
            session.submit(session.legal(seat)[0])
        else:
            ch = session.physical_chance()
            session.submit(ch.outcome([ch.options[0]]), by="physical")
    ch = session.physical_chance()
    with pytest.raises(RuleError):  # a card already dealt cannot come up again
        session.submit(ch.outcome(["ace-moons"]), by="physical")
    first = ch.options[0]
    session.submit(ch.outcome([first]), by="physical")
    assert first not in session.physical_chance().options if session.physical_chance() else True


@pytest.mark.parametrize("players", [3, 4])
def test_rivals_race_to_an_ending_at_every_table_size(players):
    st = _play(players, ["normal"] * players)
    assert st.over and st.ending_first is not None and not st.halted
    assert max(h.stage for h in st.heroes) == 10


def _attempter_answers_a_contest(played: str) -> str:
    from .test_challenge import _attempt

    heroes = [{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 3}, "hand": ["ace-moons"]},
              {"stage": 2, "tokens": {"knots": 3, "wyrms": 2}, "hand": ["ace-wyrms"]},
              {"stage": 1, "tokens": {"suns": 1}, "hand": ["excuse"]}]
    s = go(_attempt(heroes, draw=played), "hero1", "play", card=played)
    s = go(go(s, "hero2", "contest", card="ace-wyrms", bid=1), "hero3", "decline")
    return policy.choose(GAME.view(s, "hero1"), "hero1", GAME.legal_actions(s, "hero1"),
                         random.Random(0), "normal").kind


def test_the_attempter_pays_to_keep_its_card_only_if_it_can_meet_it():
    assert _attempter_answers_a_contest("ace-suns") == "raise"  # 3 Suns at Stage 2: met
    assert _attempter_answers_a_contest("ace-knots") == "drop"  # no Knots: not worth a token



def test_a_rival_pays_its_bid_with_what_the_challenge_does_not_need():
    """Brannoc (Stage 2) won the bid with the Ace of Leaves and must meet Leaves: 2 Leaves is
    just enough, so the bid is paid in Moons, though Moons weigh more for the Journey ahead."""
    from .table import make

    s = make([{}, {"stage": 2, "tokens": {"leaves": 2, "moons": 1}}],
             tasks=[{"k": "pay", "seat": "hero2", "dests": ["bank"], "why": "bid",
                     "suits": ["moons", "suns", "waves", "leaves", "wyrms", "knots"]},
                    {"k": "ch_end", "seat": "hero2", "target": "journey", "stake": [],
                     "success": None, "issued": "ace-leaves", "suit": "leaves"}])
    legal = GAME.legal_actions(s, "hero2")
    a = policy.choose(GAME.view(s, "hero2"), "hero2", legal, random.Random(1), "normal")
    assert a.args["suit"] == "moons"


def test_a_rival_buys_the_token_it_must_stake_before_its_action():
    from .table import make

    s = make([{"stage": 5, "tokens": {"waves": 3, "knots": 1}},
              {"stage": 2, "tokens": {"moons": 3, "knots": 3}, "mentors": ["painter"]}],
             tasks=[{"k": "turn", "seat": "hero2"}])
    legal = GAME.legal_actions(s, "hero2")
    assert not any(a.kind == "challenge" for a in legal)  # no Wave to stake on the Journey
    rng = random.Random(1)
    a = policy.choose(GAME.view(s, "hero2"), "hero2", legal, rng, "normal")
    assert a.kind == "trade_offer"
    s, _ = GAME.apply(s, a)
    a = policy.choose(GAME.view(s, "hero2"), "hero2", GAME.legal_actions(s, "hero2"), rng,
                      "normal")
    assert a.kind == "offer" and a.args["get"] == {"waves": 1} and a.args["to"] == "hero1"
