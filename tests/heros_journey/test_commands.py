"""The verbs at the prompt: typed words become the engine's actions; the table fits 80 columns."""
from __future__ import annotations

import pytest

from companion.core.verbs import CommandError
from companion.games.heros_journey import GAME, commands

from .table import make


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
