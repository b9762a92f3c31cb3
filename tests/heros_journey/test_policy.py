"""The rival AI: it plays from its own view, never accepts a trade that hurts it by its own
weights, takes a Matching Encounter when it has one, and beats random play."""
from __future__ import annotations

import random

import pytest

from companion.core.game import RuleError
from companion.games.heros_journey import GAME, HjOptions, commands, heuristic, policy
from companion.games.heros_journey.policy import play_game
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

from .table import go, make, toks, turn


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


@pytest.mark.parametrize("players", [3, pytest.param(4, marks=pytest.mark.slow)])
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


def test_a_rival_buys_the_token_it_must_stake_in_its_turn():
    """Two Waves short of the Journey (none to stake), every Wave with the player, Brannoc buys
    one from the player in the trading step after its action (before it, only a token that lets
    it attempt at once)."""
    from companion.games.heros_journey.playout import play

    from .table import make

    s = make([{"stage": 5, "tokens": {"waves": 12, "knots": 1}},
              {"stage": 2, "tokens": {"moons": 3, "knots": 3}, "mentors": ["painter"]}],
             current=1, tasks=[{"k": "turn", "seat": "hero2"}])
    legal = GAME.legal_actions(s, "hero2")
    assert not any(a.kind == "challenge" for a in legal)  # no Wave to stake on the Journey
    offers = []

    def choose(view, seat, legal, rng, level=None):
        a = policy.choose(view, seat, legal, rng, level)
        if seat == "hero2" and a.kind == "offer":
            offers.append(a.args)
        return a

    play(s, {"hero1": "normal", "hero2": "normal"}, random.Random(1), choose=choose,
         stop=lambda st: st.current != 1)
    assert offers and offers[0]["get"] == {"waves": 1} and offers[0]["to"] == "hero1", offers


def _at_the_pact(slots):
    """Bench seed 242 (2 normal), round 30: both Heroes at the Pact, the Windfall revealed (10
    Knots), every Knot token with the Heroes. Brannoc holds 7 Knots, the Light Keeper and the
    Window (a Knot each): 9 of the 11 it needs. The bank holds 2 Waves and nothing else."""
    return make([{"stage": 9, "tokens": {"moons": 5, "suns": 5, "waves": 6, "leaves": 8,
                                         "wyrms": 4, "knots": 7},
                  "mentors": ["light-keeper", "bard"], "places": ["window"]},
                 {"stage": 9, "tokens": {"moons": 7, "suns": 7, "waves": 4, "leaves": 4,
                                         "wyrms": 8, "knots": 5},
                  "mentors": ["painter", "author"], "places": ["sea"]}],
                slots=slots, revealed="windfall", pact_first="hero2")


def _turn(s, seat="hero1", level="normal"):
    """The seat's action for the turn, after any offers it makes first."""
    return turn(s, seat, level)[1]


def test_at_the_pact_a_travel_that_gives_up_a_small_card_of_the_endings_suit_for_a_big_one_closes_the_gap():
    # 8 Knots, the Light Keeper and the Window: 10 of 11. The Castle (7 Knots) for the Window
    # (1 Knot) closes the last one; the Window is not a loss the Castle does not cover.
    from companion.games.heros_journey import heuristic

    s = _at_the_pact((("watchman", "desert"), ("sailor", "island"), ("lunatic", "castle")))
    s = s.model_copy(update={"heroes": (s.heroes[0].model_copy(update={"tokens": toks(
        moons=5, suns=5, waves=6, leaves=7, wyrms=4, knots=8)}), s.heroes[1])})
    view = GAME.view(s, "hero1")
    me = heuristic.me_of(view, "hero1")
    assert me["resources"]["knots"] == 10
    plan = heuristic.ending_plan(view, me, {"pair": 2, "keep": "light-keeper"},
                                 view["encounters"][2])
    # one step closed, at the weight of a suit the bank lacks, and the Ending then in reach
    assert plan == 4.0 + heuristic.REACH


def test_at_the_pact_with_the_endings_suit_nowhere_to_be_had_a_rival_turns_up_new_pairs():
    # the seed's table: no Knot in the bank, none to buy, only the Watchman (1) in sight; resting
    # only feeds the Curse. The Wanderer's pair costs the Window but brings the Watchman back
    # and turns up a new pair.
    s = _at_the_pact((("watchman", "desert"), ("sailor", "island"), ("lunatic", "mill")))
    a = _turn(s)
    assert (a.kind, a.args["pair"], a.args["keep"]) == ("travel", 0, "light-keeper")


def test_three_rivals_who_may_contest_make_a_challenge_less_likely_than_one():
    """Bench seed 95 (4 Heroes, normal vs three random): at the Market, meeting only Waves, the
    normal Hero attempted nine times against three contesters and lost six turns lying down; the
    round limit came before its Ending. Each rival who may contest is another chance of a suit
    it lacks."""
    from companion.games.heros_journey import heuristic

    me = {"stage": 5, "tokens": {"moons": 1, "waves": 6, "leaves": 2, "knots": 2},
          "mentors": [], "hand": ["ace-waves"]}
    rivals = [{"stage": 1, "hand": [c]} for c in ("ace-moons", "ace-suns", "ace-knots")]
    chance = {}
    for n in (1, 3):
        s = make([me] + rivals[:n])
        view = GAME.view(s, "hero1")
        chance[n] = heuristic.challenge_chance(view, heuristic.me_of(view, "hero1"), "hero1",
                                               "normal")
    assert 0 < chance[3] < chance[1] < 1
