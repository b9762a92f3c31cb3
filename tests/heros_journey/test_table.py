"""The table a newcomer reads: what each Stage needs and who stands there, rows that wrap and are
never cut, the running score, the players' names, refusals that say what is missing and lists of
what to type."""
from __future__ import annotations

import pytest

from companion.core.game import Event, RuleError
from companion.core.verbs import CommandError
from companion.games.heros_journey import GAME, commands
from companion.games.heros_journey.events import score_of
from companion.games.heros_journey.model import thaw

from .table import go, head, make, tok

MANY = ["light-keeper", "watchman", "consul", "huntress", "bard", "penitent"]


def _parse(state, line, seat="hero1"):
    verb, _, rest = line.partition(" ")
    return commands.parse(verb, rest, GAME.view(state, seat), GAME.legal_actions(state, seat),
                          seat)


def test_each_stage_shows_its_two_suits_and_who_stands_on_it():
    s = make([{"stage": 4}, {"stage": 2}, {"stage": 4}])
    lines = commands.table_text(GAME.view(s, "hero1")).splitlines()
    battle = next(x for x in lines if " Battle " in x)
    assert "Wy+Kn 4" in battle and "Wren*" in battle and "Sefa" in battle
    assert "Wa+Le 2" in next(x for x in lines if " Origin " in x)
    assert "Mo+Su 9" in next(x for x in lines if " Pact " in x)


@pytest.mark.parametrize("width", [80, 160])
def test_rows_wrap_and_are_never_cut(width):
    s = make([{"stage": 4, "mentors": MANY, "places": ["island"]}, {"stage": 2}, {"stage": 9},
              {"stage": 1}], on_cards={"author": {"knots": 2}, "desert": {"suns": 1},
                                       "mountain": {"moons": 3}})
    text = commands.table_text(GAME.view(s, "hero1"), width)
    assert max(len(line) for line in text.splitlines()) <= width
    flat = " ".join(text.split())
    for c in MANY + ["island"]:
        assert commands._card_short(c) in flat  # every card whole, none cut off
    assert "Author: 2Kn; Desert: 1Su; Mountain: 3Mo" in flat or (
        "Author: 2Kn; Desert: 1Su" in flat and "Mountain: 3Mo" in flat)


def test_the_score_line_is_the_score_by_the_rules_if_it_ended_now():
    s = make([{"stage": 3, "tokens": {"moons": 2, "suns": 1}, "mentors": ["bard"]},
              {"stage": 5, "tokens": dict.fromkeys(("moons", "suns", "waves", "leaves", "wyrms",
                                                     "knots"), 1)}])
    w = thaw(s)
    line = next(x for x in commands.table_text(GAME.view(s, "hero1")).splitlines()
                if x.startswith("Score"))
    # Brannoc (6 + 6) × 5 = 60 leads Wren (3 × 3 + 10 = 19): named, best first
    assert score_of(w, "hero2")[0] == 60 and score_of(w, "hero1")[0] == 19
    assert line.endswith("Brannoc 60, Wren* 19")


def test_refusals_name_the_heroes_never_their_seats():
    s = make([{"tokens": {"moons": 2}}, {}], tasks=[{"k": "trade", "seat": "hero1"}])
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "offer", to="hero2", give={"moons": 1}, get={"knots": 1})
    assert err.value.message == "Brannoc does not hold 1 Knot (holds 0 Knots)"
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "offer", to="hero2", give={"moons": 3}, get={"knots": 1})
    assert err.value.message == "you offer 3 Moons but hold 2 Moons"
    with pytest.raises(RuleError) as err:
        go(s, "hero2", "end")
    assert "Brannoc" in err.value.message and "hero" not in err.value.message


def test_match_refusal_says_which_suit_the_card_lacks():
    s = make([{"stage": 2, "mentors": ["painter"]}, {}])  # next: the Journey, Moons and Waves
    with pytest.raises(RuleError) as err:
        GAME.apply(s, _parse(s, "match painter")[0])
    msg = err.value.message
    assert "bears no Moons or Waves" in msg and "the Journey needs Moons and Waves" in msg


def test_challenge_refusal_says_which_token_is_missing():
    s = make([{"stage": 2, "tokens": {"moons": 4}}, {}])
    with pytest.raises(RuleError) as err:
        GAME.apply(s, _parse(s, "challenge")[0])
    assert "no Waves token to place on the Journey" in err.value.message


def test_expected_lists_are_the_words_to_type():
    s = make([{"stage": 1, "places": ["desert"], "tokens": {"moons": 1}}, {}],
             tasks=[{"k": "drop_place", "seat": "hero1", "among": ["desert"]}])
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "discard_place", card="mill")
    assert err.value.legal == ["drop desert"]
    t = make([{"tokens": {"moons": 5}, "mentors": ["sailor"]}, {}])
    with pytest.raises(CommandError) as cerr:
        _parse(t, "travel seeker bard")
    assert "travel seeker sailor" in str(cerr.value) and "Encounter" not in cerr.value.expected


def test_several_tokens_paid_in_one_command():
    s = make([{"tokens": {"moons": 3, "suns": 2}}, {}])
    s = go(s, "hero1", "travel", pair=2, keep=None)  # 5 owed, all five tokens
    acts = _parse(s, "pay moons suns moons suns moons")
    for a in acts:
        s = GAME.apply(s, a)[0]
    assert tok(s, "hero1", "moons") == 0 and tok(s, "hero1", "suns") == 0
    t = make([{"tokens": {"moons": 2, "suns": 1}}, {}])
    t = go(t, "hero1", "travel", pair=1, keep=None)  # 3 owed
    acts = _parse(t, "pay suns moons moons")  # after the Sun only Moons are left: paid alone
    assert [a.args["suit"] for a in acts] == ["suns"]
    for a in acts:
        t = GAME.apply(t, a)[0]
    assert tok(t, "hero1", "moons") == 0 and head(t)["k"] != "pay"


def test_who_goes_first_reads_as_a_sentence_to_the_player_and_to_the_journal():
    from companion.core.game import Event
    from companion.games.heros_journey import render

    e = Event(kind="first", data={"seat": "hero1"})
    assert render.mechanics(e, "hero1") == "By lot, you go first."
    assert render.mechanics(e, None) == "By lot, Wren goes first."


def test_a_long_name_keeps_the_star_that_marks_your_row():
    """Played at 80 columns: 'Hesper Quill-Okonkwo' was cut to 'Hesper Quil' in the Heroes rows,
    and the star that says which row is yours went with it. It is named as the story calls them."""
    s = make([{}, {}]).model_copy(update={"persona": {"hero1": {"name": "Hesper Quill-Okonkwo"}}})
    rows = commands.table_text(GAME.view(s, "hero1")).splitlines()
    at = rows.index("Heroes (tokens+cards per suit; Stage; cards):")
    assert rows[at + 2].startswith("  Hesper*    ") and rows[at + 3].startswith("  Brannoc ")


def test_a_move_made_to_you_or_by_you_says_you():
    """Played: 'Sefa offers Hesper Quill-Okonkwo 2 Leaves for 1 Wyrm.' in the player's own small
    print, the line under it saying 'Sefa offers you': the one it is made to is you too."""
    from companion.games.heros_journey import render

    offer = Event(kind="offer", data={"seat": "hero3", "to": "hero1", "give": {"leaves": 2},
                                      "get": {"wyrms": 1}, "names": {"hero1": "Hesper"}})
    assert render.mechanics(offer, "hero1") == "Sefa offers you 2 Leaves for 1 Wyrm."
    assert render.mechanics(offer, None) == "Sefa offers Hesper 2 Leaves for 1 Wyrm."
    gift = Event(kind="betrayed", data={"seat": "hero2", "to": "hero1", "card": "author"})
    assert render.mechanics(gift, "hero1").endswith(" to you.")
    assert render.mechanics(gift, "hero3").endswith(" to Wren.")
    sub = Event(kind="substitute", data={"seat": "hero3", "chooser": "hero1", "suit": "waves",
                                         "instead": "moons"})
    assert render.mechanics(sub, "hero1") == \
        "The bank has no Waves: you give Sefa a Moon instead."
    # read in a journal (no viewer), the bank's own choice agrees with it (s18: "the bank give")
    bank = Event(kind="substitute", data={"seat": "hero2", "chooser": None, "suit": "suns",
                                          "instead": "waves"})
    assert render.mechanics(bank, None) == \
        "The bank has no Suns: the bank gives Brannoc a Wave instead."


def test_the_event_line_picture_stacks_heroes_on_one_stage_without_overlap():
    """Seen in a browser (session 18): with three Heroes at the Pact, a pawn was drawn over the
    name of the one above it, and "Chance Meeting" ran out of its box."""
    import re

    from companion.games.heros_journey import render

    s = make([{"stage": 9}, {"stage": 10}, {"stage": 9}, {"stage": 9}], revealed="calamity")
    svg = render.event_line_svg(GAME.view(s, None))
    height = int(re.search(r'height="(\d+)"', svg).group(1))
    pawns = [(float(x), int(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="(\d+)"', svg)]
    at_pact = sorted(y for x, y in pawns if x == pawns[0][0])
    assert len(at_pact) == 3
    for above, below in zip(at_pact, at_pact[1:]):
        assert below - 9 > above + 21 + 1  # its circle starts under the name above it
    assert at_pact[-1] + 21 < height  # the last name inside the picture
    assert ">Chance</text>" in svg and ">Meeting</text>" in svg  # two lines in its box
