"""Issue 38: the race learnable from the screen, and commands that do what was typed or refuse.
Typed lines go through the prompt's own parser (``commands.parse``) and the engine."""
from __future__ import annotations

import re

import pytest

from companion.core.game import RuleError
from companion.core.verbs import CommandError
from companion.games.heros_journey import GAME, commands, flow
from companion.story import names

from .table import deal, go, head, make, tok
from .test_challenge import _contest_setup


def _script(moves: str):
    """``moves`` typed through ``companion play heros-journey --seed 7 --script -`` (the lines and
    veils and the three naming questions first)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "companion", "play", "heros-journey", "--seed", "7",
                        "--no-journal", "--script", "-"], input=moves, text=True,
                       capture_output=True, env={**os.environ, "PYTHONPATH": str(root)},
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return r


def _parse(state, line, seat="hero1"):
    verb, _, rest = line.partition(" ")
    return commands.parse(verb, rest, GAME.view(state, seat), GAME.legal_actions(state, seat),
                          seat)


def test_naming_the_excuses_suit_with_words_is_a_suit_and_a_line_not_a_heros_name():
    """Played: 'name leaves -- Wren asks him what grows on his road' was refused as a Hero's
    name (more than four words): the Excuse's choice shared the kind the prompt reads as one."""
    s = _contest_setup()
    s = go(s, "hero2", "decline")
    s = go(s, "hero3", "contest", card="excuse", bid=1)
    s = go(s, "hero1", "drop")
    assert head(s)["k"] == "name_suit"
    a = _parse(s, "name leaves -- Sefa asks him what grows on his road", seat="hero3")[0]
    assert a.kind not in names.KINDS
    assert a.args == {"suit": "leaves"} and a.text == "Sefa asks him what grows on his road"
    s2, _ = GAME.apply(s, a)
    assert next(t for t in s2.tasks if t["k"] == "ch_end")["suit"] == "leaves"


def test_a_payment_never_pays_a_suit_that_was_not_named():
    """Played: 'pay moons moons knots' with no Knot paid a Wave the player never named. Now the
    whole line is refused and nothing is paid."""
    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3}}, {}],
             tasks=[flow.pay("hero1", ["author", "desert", "bank"], "travel")])
    with pytest.raises(CommandError) as err:
        _parse(s, "pay moons moons knots")
    assert "Knots" in str(err.value) and "nothing is paid" in str(err.value)
    assert tok(s, "hero1", "moons") == 2 and tok(s, "hero1", "waves") == 3
    ok = _parse(s, "pay moons waves moons")
    assert [a.args["suit"] for a in ok] == ["moons", "waves", "moons"]


def test_the_first_travel_that_leaves_tokens_warns_once():
    commands.WARNED.clear()
    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3}}, {}],
             tasks=[flow.pay("hero1", ["author", "desert", "bank"], "travel")])
    v = GAME.view(s, "hero1")
    first = commands.turn_hint(v, GAME.legal_actions(s, "hero1"), "hero1")
    assert "Careful" in first and "rival" in first and "2 tokens" in first
    again = commands.turn_hint(v, GAME.legal_actions(s, "hero1"), "hero1")
    assert "Careful" not in again


def test_the_bar_counts_tokens_apart_from_cards():
    """Played: the bar said 'Wa10' for 1 Wave token and the Sea, while a bid is paid in tokens."""
    s = make([{"stage": 3, "tokens": {"moons": 1, "suns": 1, "waves": 1}, "places": ["sea"]},
              {}])
    bar = commands.toolbar(GAME.view(s, "hero1"))
    assert "tokens Mo1 Su1 Wa1 Le0 Wy0 Kn0" in bar and "cards Wa10" in bar
    assert len(bar) <= 80


@pytest.mark.parametrize("verb, words", [
    ("bid", ("tokens", "bank", "test", "back", "Example")),
    ("challenge", ("contest", "meet", "lie down", "Example")),
    ("travel", ("Wanderer", "rival", "parting", "Example")),
    ("rest", ("rank", "Stage", "bank", "Example")),
    ("pay", ("did not name", "Example")),
])
def test_help_explains_the_mechanism_with_an_example(verb, words):
    usage, text = commands.VERBS[verb]
    assert all(w in text for w in words), (verb, text)
    assert len(text) > 200


def test_a_refusal_names_its_rule_in_words():
    s = make([{"stage": 2, "tokens": {"moons": 1}}, {}])
    from companion.core.game import Action

    with pytest.raises(RuleError) as err:
        GAME.apply(s, Action(seat="hero1", kind="challenge"))
    assert err.value.rule == "meeting a Challenge" and err.value.rule_id == "turn-challenge"
    assert "-" not in err.value.rule


def test_the_first_table_and_help_table_say_how_the_race_is_won(tmp_path):
    """Played at 80 columns (seed 11): the table showed 'Score if the Journey ended now' and
    nothing said what the score is or when the race ends, so a newcomer could not tell how to
    win. The first round's table says it once (later tables do not repeat it); `help table` too."""
    r = _script("\n\n\norigin harvest\nrest moons suns\nend\nhelp table\n")
    out = " ".join(r.stdout.split())
    first, _, later = out.partition("── Round 2")
    assert "How to win: the top score." in first and "x your Stage (10 at the Ending)" in first
    assert "one more turn for everyone else" in first
    table2, _, helped = later.partition("you> help table")
    assert "How to win" not in table2  # once, not every round
    assert "How to win: the top score." in helped


def test_a_quiet_round_is_one_line_on_screen_and_its_board_is_not_shown_again():
    """Issue 38: 'rounds where nothing happens get a screen': each rest told in a sentence and
    the whole table (the Event line, the Encounters) printed again though nothing on it moved.
    Now the round is told in one line, and an unchanged board in one line too."""
    r = _script("\n\n\norigin harvest\nrest moons suns\nend\ntable\n")
    round1 = r.stdout.split("you> end")[1].split("── Round 2")[0]
    story = [x for x in round1.splitlines() if x.startswith("  ") and not x.startswith("    ")]
    told = " ".join(x.strip() for x in story)
    assert story and told.count(". ") == 0 and told.endswith(".")  # one sentence
    assert all(n in told for n in ("Wren", "Brannoc", "Sefa")), told
    turn2 = r.stdout.split("── Round 2")[1].split("you> table")[0]
    assert "Event line and Encounters as before" in turn2 and "The Event line (" not in turn2
    assert "Heroes (tokens+cards per suit" in turn2  # what changed is still shown
    assert "The Event line (" in r.stdout.split("you> table")[1]  # `table` shows it all


def test_a_move_that_fits_several_says_so_and_lists_them():
    """Played (session 11, seed 4242): `rest -- I sleep in the hedge` at the Harvest said
    "rest : say which": a stray space, and no word of why."""
    r = _script("\n\n\norigin harvest\nrest -- I sleep in the hedge\nquit\n")
    out = " ".join(r.stdout.split())
    assert "“rest” fits 3 moves: type one of them (expected: rest moons suns" in out, out[-600:]
    assert "rest : say which" not in out


def test_a_rest_the_player_told_is_not_told_again_in_the_round_line():
    """Played (session 11, seed 4242): "I sleep in the hedge and dream of the letters on the
    mill-sign." was followed by "The Journey pauses for breath: ... and Ilsabet counts the
    miles": the player's Hero told twice, the second time against their words."""
    r = _script("\n\n\norigin harvest\nrest moons suns -- I sleep in the hedge\nend\nquit\n")
    round1 = " ".join(r.stdout.split("── Round 2")[0].split())
    assert "Wren sleeps in the hedge." in round1  # the player's plain deed, told of her
    line = next(x for x in round1.split("Wren sleeps in the hedge.")[1:] if "Brannoc" in x)
    assert "Brannoc" in line and "Sefa" in line and "Wren" not in line.split(".")[0], line


def test_the_players_first_person_words_are_told_of_their_hero_or_quoted_as_theirs():
    """Played (session 11, seed 4242): "I sleep in the hedge and dream of the letters on the
    mill-sign." stood unmarked in the third-person story."""
    from companion.story.weave import theirs
    assert theirs("I sleep in the hedge", "Ilsabet") == "Ilsabet sleeps in the hedge."
    told = theirs("I sleep in the hedge and dream of the letters on the mill-sign", "Ilsabet")
    assert told == "“I sleep in the hedge and dream of the letters on the mill-sign,” as " \
        "Ilsabet tells it."
    assert theirs("Where does my road go?", "Ilsabet") == "“Where does my road go?” Ilsabet asks."


def test_a_card_of_a_pair_names_the_pair_you_travel_to():
    """Played: 'travel wanderer diplomat' (the Diplomat lying at the Wanderer's Encounter) was
    refused: the word after the pair is the Mentor of your own you keep, and a newcomer names the
    card they go to. A card lying face up in a pair now names that pair; a Mentor of yours is
    still the one you keep."""
    s = make([{"tokens": {"moons": 3, "suns": 3}, "mentors": ["bard"]}, {}])
    assert _parse(s, "travel wanderer author")[0].args == {"pair": 0, "keep": None}
    assert _parse(s, "travel to the mountain")[0].args == {"pair": 1, "keep": None}
    assert _parse(s, "travel forest bard")[0].args == {"pair": 2, "keep": "bard"}
    with pytest.raises(CommandError) as err:
        _parse(s, "travel seeker author")
    assert "the Author lies at the Wanderer's Encounter, not the Seeker's" in str(err.value)


def test_a_rest_refused_says_why_and_where_the_story_goes():
    """Played: 'rest by the sea and mend my wick' at Stage 1, holding the Sea (rank 10), was
    refused with the choices alone: neither that a card must be of rank up to your Stage nor
    that words for the story go after --."""
    s = make([{"stage": 1, "origin": "rite", "places": ["sea"]}, {}])
    with pytest.raises(CommandError) as err:
        _parse(s, "rest by the sea and mend my wick")
    said = str(err.value)
    assert "rank up to your Stage (1): the Sea is 10" in said
    assert "words for the story go after --: rest " in said and \
        "-- by the sea and mend my wick" in said
    form = said.split("go after --: ")[1].split(" -- ")[0]
    assert _parse(s, f"{form} -- by the sea and mend my wick")[0].text == \
        "by the sea and mend my wick"


def test_dropping_a_place_on_the_journey_says_the_new_one_stays():
    """Played: on the Journey, taking the Castle while holding the Sea and the Island, the
    screen said 'Keep one Place: drop the other.' and offered the Sea and the Island: three
    Places, two named, and nothing said of the third."""
    s = make([{"stage": 3, "places": ["cave", "mill"], "tokens": {"moons": 3}}, {}])
    s, _ = GAME.apply(s, _parse(s, "travel wanderer")[0])  # the Moon it costs pays itself
    while head(s)["k"] != "drop_place":  # the pair's new cards turned up
        s = deal(s, GAME.chance(s).options[0])
    hint = commands.turn_hint(GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1"), "hero1")
    assert hint.startswith("On the Journey you may hold two Places: the one just taken stays")
    assert "drop cave" in hint and "drop mill" in hint


def test_the_challenge_cards_and_the_bids_say_what_they_decide():
    """Played: 'Now: play ace of moons; play excuse' with nothing said of what playing a card
    does, and, contested, 'Bids: Hesper Quill-Okonkwo 0, Brannoc 1. Bid above 1 (bid N), or
    pass.': neither that the highest bid's card is the test nor that its bidder pays."""
    from .test_challenge import _attempt

    s = _attempt([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 3},
                   "hand": ["ace-moons"]}, {"stage": 2, "tokens": {"knots": 3},
                                            "hand": ["ace-wyrms"]}], draw="ace-suns")
    hint = commands.turn_hint(GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1"), "hero1")
    assert hint.startswith("Play one of your two Challenge cards face down: its suit is the test")
    s = go(go(s, "hero1", "play", card="ace-suns"), "hero2", "contest", card="ace-wyrms", bid=1)
    hint = commands.turn_hint(GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1"), "hero1")
    assert hint.startswith("Bids: you 0, Brannoc 1. The highest bid's card is the test, and its "
                           "bidder pays the bid to the bank: bid above 1")


def test_help_contest_says_what_contesting_does():
    """Played: 'help contest' said only 'your card face down, a bid above the last one': not
    that the winning card is the test, for the rival and for you, nor what the bid costs."""
    usage, text = commands.VERBS["contest"]
    assert "your card's suit is the test" in text and "you pay the bid to the bank" in text
    assert "so do you" in text and "Example:" in text


def test_a_moon_drawn_by_a_hero_of_the_rite_says_why():
    """Played: travelling on from the Huntress (Moons), the screen said 'The Rite: take the
    Moon, or another suit instead.' at the Discovery, with nothing said of a Moon drawn: it is
    the Huntress's parting gift. And the small print read 'You travel ...; leaves the Huntress'."""
    from companion.games.heros_journey import render

    s = make([{"stage": 5, "origin": "rite", "mentors": ["huntress", "bard"],
               "tokens": {"wyrms": 3}}, {}])
    s, events = GAME.apply(s, _parse(s, "travel wanderer bard")[0])
    travel = next(e for e in events if e.kind == "travel")
    assert render.mechanics(travel, "hero1") == \
        "You travel to the Wanderer's Encounter, leaving the Huntress."
    hint = commands.turn_hint(GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1"), "hero1")
    assert hint.startswith("You draw a Moon (parting gift): as a Hero of the Rite you may take "
                           "another suit instead.")


def test_typed_at_the_prompt_a_card_names_its_pair_and_a_refused_rest_says_why():
    """The two readings above, through ``--script``: 'travel to the castle' goes to the
    Traveler's pair (seed 7 lays the Penitent and the Castle there), and a rest with words that
    name nothing is refused with the form to type and the words after --."""
    r = _script("\n\n\norigin harvest\nrest by the hedge and mend my boots\n"
                "travel to the castle -- the bell calls me on\nquit\n")
    out = " ".join(r.stdout.split())
    assert "words for the story go after --: rest " in out and \
        "-- by the hedge and mend my boots" in out
    assert "You travel to the Traveler's Encounter." in out
    assert "The bell calls Wren on." in out  # the player's words, told of their Hero


def test_the_players_two_deed_line_is_told_of_their_hero_in_their_pronouns():
    """Played (session 14, seed 31, ey/em): "rest moons leaves -- I sit under the old mill wheel
    and listen to it tick like a clock" was told "“I sit under ...,” as Thistle tells it": the
    Hero's pronouns never reached the person shift the other games use."""
    r = _script("Thistle\ney/em/eir\n\norigin harvest\nrest moons leaves -- I sit under the "
                "old mill wheel and listen to it tick like a clock\nbonus none\nend\nquit\n")
    out = " ".join(r.stdout.split())
    assert "Thistle sits under the old mill wheel and listens to it tick like a clock." in out, \
        out[-900:]
    assert "as Thistle tells it" not in out


def test_the_question_after_the_pronouns_uses_none():
    """Played (session 14, ey/em/eir): the next question read "Where they come from, what they
    want": the pronouns just given were not the ones it used."""
    r = _script("Thistle\ney/em/eir\n\nquit\n")
    asked = r.stdout.split("pronouns: ey/em/eir")[1].split("(Enter: skip)")[0]
    assert not re.search(r"\b(they|them|their)\b", asked), asked


def test_a_sentence_while_a_choice_is_asked_says_what_answers_it():
    """Played (session 14, seed 52): at Brannoc's Challenge, "I let him go, I have no quarrel
    with an old soldier" was refused as "unknown command 'i'"; then as no command (session 15).
    Words that stand aside pass; words that name no move are refused with the moves asked."""
    out = _seed_52("Orla\nshe/her\n\norigin rite\nprophecy bottom\nrest leaves wyrms\nend\n"
                   "I look up at the grey clouds\nI let him go, I have no quarrel with him\nquit\n")
    assert "unknown command 'i'" not in out, out[-600:]
    clouds = out.split("you> I look up at the grey clouds")[1].split("you>")[0]
    assert "“I look up at the grey clouds” is no command" in clouds
    assert "(expected: pass, contest ace of moons 1)" in clouds, clouds
    let_go = out.split("you> I let him go")[1].split("you>")[0]
    assert "Read as: you pass, and do not contest this Challenge." in let_go
    assert "You pass." in let_go and "Orla lets him go" in let_go


def test_an_origin_and_a_pass_told_in_words_are_played_through_the_script():
    """Session 19: the readings of this session reach the player through the REPL and --script,
    not only the reader: an origin told by its story, a contracted "I'll let him ..." at a
    contest."""
    out = _seed_52("Orla\nshe/her\n\nI grew up under the Order's bells\nprophecy bottom\n"
                   "rest leaves wyrms\nend\nI'll let him take his chances\nquit\n")
    assert "Read as: origin rite." in out and "You begin on the Rite." in out, out[-900:]
    chances = out.split("you> I'll let him take his chances")[1].split("you>")[0]
    assert "Read as: you pass, and do not contest this Challenge." in chances, chances


def _seed_52(moves: str) -> str:
    """``moves`` typed through ``companion play heros-journey --seed 52 --script -``: what the
    screen showed, on one line (at round 2, Brannoc attempts the Origin and Orla may contest)."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "companion", "play", "heros-journey", "--seed", "52",
                        "--no-journal", "--script", "-"], text=True, capture_output=True,
                       timeout=120, input=moves)
    return " ".join(r.stdout.split())
