"""The verbs at the prompt: typed words become the engine's actions; the table fits 80 columns."""
from __future__ import annotations

import random

import pytest

from companion.core.game import CHANCE
from companion.core.verbs import CommandError
from companion.games.heros_journey import GAME, HjOptions, commands, policy

from .table import deal, go, make
from tests.helpers import draw


def _parse(state, line, seat="hero1"):
    verb, _, rest = line.partition(" ")
    return commands.parse(verb, rest, GAME.view(state, seat), GAME.legal_actions(state, seat),
                          seat)


def test_turn_verbs_name_their_choices_in_order():
    s = make([{"stage": 3, "mentors": ["painter", "sailor"], "tokens": {"moons": 5},
               "origin": "rite"}, {}])
    assert _parse(s, "travel seeker sailor")[0].args == {"pair": 2, "keep": "sailor"}
    assert _parse(s, "travel 1 none")[0].args == {"pair": 0, "keep": None}
    assert _parse(s, "rest painter knots waves")[0].args == {
        "card": "painter", "two": "knots", "stage_suit": "waves"}
    with pytest.raises(CommandError):
        _parse(s, "rest painter")  # which suits? the choices are listed


def test_player_words_ride_on_the_action():
    s = make([{"origin": "rite"}, {}])
    a = _parse(s, "rest le mo -- I sleep under the stars")[0]
    assert a.args == {"card": None, "suits": ["moons", "leaves"]}
    assert a.text == "I sleep under the stars"


def test_trades_are_typed_whole():
    s = make([{"tokens": {"moons": 2, "suns": 1}}, {"tokens": {"knots": 2}}],
             tasks=[{"k": "trade", "seat": "hero1"}])
    bank = _parse(s, "bank moon sun for knot")[0]
    assert bank.args == {"give": ["moons", "suns"], "get": "knots", "source": None}
    GAME.apply(s, bank)
    offer = _parse(s, "offer brannoc 2 moons for 1 knot")[0]
    assert offer.args == {"to": "hero2", "give": {"moons": 2}, "get": {"knots": 1}}
    GAME.apply(s, offer)


def test_table_fits_eighty_columns_for_four_heroes():
    s = make([{"stage": 4, "mentors": ["light-keeper", "watchman", "consul"],
               "places": ["island", "window"], "tokens": {"moons": 12}},
              {"stage": 2}, {"stage": 9}, {"stage": 1}])
    text = commands.table_text(GAME.view(s, "hero1"))
    assert max(len(line) for line in text.splitlines()) <= 80
    for name in ("Wren", "Brannoc", "Sefa", "Old Marrow"):
        assert name in text
    assert len(commands.toolbar(GAME.view(s, "hero1"))) <= 80


def test_card_names_of_several_words_and_exact_bids():
    # hero2 contests hero1's attempt at the Journey: "ace of knots" is one name; 1 is not 10
    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 2}, "hand": ["ace-moons"]},
              {"stage": 2, "hand": ["ace-knots"], "tokens": {"knots": 12}}])
    s = deal(go(s, "hero1", "challenge"), "ace-suns")
    s = go(s, "hero1", "play", card="ace-suns")
    assert GAME.to_move(s) == ["hero2"]
    a = _parse(s, "contest ace of knots 1", "hero2")[0]
    assert a.args == {"card": "ace-knots", "bid": 1}
    assert _parse(s, "contest knots 12", "hero2")[0].args["bid"] == 12


def test_top_and_left_hand_are_choices_where_they_are_offered():
    s = make([{"origin": "rite", "tokens": {"moons": 3}}, {}],
             tasks=[{"k": "prophecy", "seat": "hero1"}])
    assert _parse(s, "prophecy top")[0].args == {"look": "top"}
    s = make([{"stage": 2}, {}], tasks=[{"k": "fist", "seat": "hero2", "hider": "hero1",
                                         "hide": None, "guess": None}])
    assert _parse(s, "hide left-hand")[0].args == {"hand": "left-hand"}
    assert _parse(s, "hide the right hand")[0].args == {"hand": "right-hand"}


def test_every_hint_names_a_command_that_does_what_it_says():
    """Through a whole game, each short list of choices the prompt offers is typed words that
    parse back to exactly that move, with a line saying what the choice is about."""
    st = GAME.setup(HjOptions(players=3))
    rng = random.Random(4)
    hinted = set()
    while not st.over:
        due = GAME.to_move(st)
        if due == [CHANCE]:
            a = draw(GAME.chance(st), rng)
        else:
            seat = due[0]
            view, legal = GAME.view(st, seat), GAME.legal_actions(st, seat)
            for x in legal[:8]:
                words = commands.typed_command(x)
                if words:
                    verb, _, rest = words.partition(" ")
                    assert commands.parse(verb, rest, view, legal, seat)[0].key() == x.key(), words
                    hinted.add(x.kind)
            hint = commands.turn_hint(view, legal, seat)
            assert "_" not in hint.split("(or")[0], hint  # no engine names like discard_place
            a = policy.choose(view, seat, legal, rng, "normal")
        st, _ = GAME.apply(st, a)
    assert {"origin", "prophecy", "play", "hide", "guess", "accept"} <= hinted | {"prophecy"}


def test_a_bid_out_of_reach_says_how_many_tokens_you_hold():
    # Brannoc (hero2) contests with his only 2 tokens; Wren raises to 2; Brannoc cannot go on
    from companion.core.game import RuleError

    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 2}, "hand": ["ace-moons"]},
              {"stage": 2, "hand": ["ace-knots"], "tokens": {"knots": 1, "wyrms": 1},
               "mentors": ["painter"]}])
    s = deal(go(s, "hero1", "challenge"), "ace-suns")
    s = go(go(s, "hero1", "play", card="ace-suns"), "hero2", "contest", card="ace-knots", bid=1)
    s = go(s, "hero1", "raise", bid=2)
    with pytest.raises(RuleError) as err:
        _parse(s, "bid 3", "hero2")
    assert err.value.message == ("a bid must beat 2 token(s), and you hold 2 token(s) (cards "
                                 "cannot be bid)")
    assert "pass" in err.value.legal


def test_a_rest_with_no_stage_suit_is_typed_without_a_none():
    # played: "expected: rest moons leaves none, ..." at Stage 1 with no Encounter card
    st = GAME.setup(HjOptions(players=3))
    rng = random.Random(4)
    while True:
        due = GAME.to_move(st)
        if due != [CHANCE]:
            rests = [a for a in GAME.legal_actions(st, due[0]) if a.kind.startswith("rest")]
            if rests:
                break
            a = policy.choose(GAME.view(st, due[0]), due[0], GAME.legal_actions(st, due[0]),
                              rng, "normal")
        else:
            a = draw(GAME.chance(st), rng)
        st, _ = GAME.apply(st, a)
    typed = [commands.typed_command(a) for a in rests]
    assert typed and not any(t.endswith(" none") for t in typed), typed
    assert "rest moons leaves" in typed or len(typed[0].split()) == 3, typed  # the two-suit form
    view = GAME.view(st, due[0])
    for a, words in zip(rests, typed):
        verb, _, rest = words.partition(" ")
        assert commands.parse(verb, rest, view, rests, due[0])[0].key() == a.key(), words
