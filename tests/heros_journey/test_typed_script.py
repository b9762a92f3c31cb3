"""Issue 38, the player's half, typed as a player types it: through ``companion play
heros-journey --script -`` (a process), or the prompt's controller where the screen shows what a
script does not print (the bar)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.verbs import CommandError
from companion.games.heros_journey import GAME, commands
from companion.repl.controller import Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice
from companion.story.weave import theirs

from .table import go, head, make

ROOT = Path(__file__).resolve().parents[2]
# the three naming questions answered with Enter: the seat's own name, pronouns, no line
ENTER = "\n\n\n"


def script(moves: str, seed: int = 7) -> str:
    r = subprocess.run([sys.executable, "-m", "companion", "play", "heros-journey", "--seed",
                        str(seed), "--no-journal", "--script", "-"], input=moves, text=True,
                       capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_hero_is_named_and_described_first_and_enter_keeps_reproducible_defaults():
    out = script("Ottilie Marsh\nxe/xem/xyr\nA ferrier's child who swore to find where the "
                 "river ends.\norigin harvest\nquit\n")
    asked = out.split("origin harvest")[0]
    assert "Who is your Hero?" in asked and "Name your Hero (Enter: Wren)" in asked
    assert "Pronouns (" in asked and "A sentence or two about Ottilie" in asked
    assert "A ferrier's child who swore to find where the river ends." in asked  # told first
    told = flat(out.split("you> origin harvest")[1])
    assert "Ottilie Marsh" in told and "Ottilie set out first" in told
    assert "Wren" not in told  # the seat's own name gives way to the player's
    first, again = script(ENTER + "origin harvest\nquit\n"), script(ENTER + "origin harvest\n"
                                                                          "quit\n")
    assert first == again and "You are Wren" in first  # the same seed, the same defaults


@pytest.mark.parametrize("verb", ["bid", "challenge", "travel", "rest", "pay"])
def test_help_for_each_mechanism_explains_it_with_an_example(verb):
    out = script(ENTER + f"origin harvest\nhelp {verb}\nquit\n")
    helped = flat(out.split(f"you> help {verb}")[1].split("you> quit")[0])
    assert "Example:" in helped and len(helped) > 250, helped


def test_the_first_travel_that_leaves_tokens_warns_once_on_screen():
    out = script(ENTER + "origin harvest\ntravel seeker\npay moons suns waves leaves wyrms\n"
                 "end\nquit\n")
    warned = flat(out)
    assert warned.count("Careful: the 4 tokens you pay onto the pairs above stay on their "
                        "cards") == 1
    assert "a rival can take the Wanderer's pair, with your tokens on it, for 1 token" in warned


def test_the_bar_counts_tokens_apart_from_cards(tmp_path):
    seats = {seat: (HUMAN if seat == "hero1" else AI) for seat in GAME.seats}
    s = Session.start(GAME, 7, seats, OfflineVoice(GAME, 7), tmp_path / "j.jsonl",
                      emit=lambda kind, text: None)
    s.advance()
    c = Controller(s, lambda kind, text: None)
    for line in ("", "", "", "origin harvest", "travel seeker",
                 "pay moons suns waves leaves wyrms"):
        c.handle(line)
    bar = c.toolbar()
    assert "tokens Mo" in bar and " · cards " in bar and len(bar) <= 80, bar
    toks = re.search(r"tokens ((?:\w\w\d+ ?){6})", bar).group(1)
    me = next(h for h in s.view("hero1")["heroes"] if h["seat"] == "hero1")
    assert sum(int(x[2:]) for x in toks.split()) == sum(me["tokens"].values())
    cards = bar.split(" · cards ")[1].split(" · ")[0]
    held = {k: me["resources"][k] - me["tokens"][k] for k in me["tokens"]}
    assert cards == " ".join(f"{commands.SHORT[k]}{n}" for k, n in held.items() if n)
    assert me["mentors"] + me["places"]  # cards were taken, and the bar counts them apart


def test_no_rule_ids_or_internal_words_on_screen():
    out = script(ENTER + "origin harvest\nchallenge\nbid 3\nmatch mill\ntravel seeker mill\n"
                 "rest with the moon\nactions\ntravel seeker\npay knots\n"
                 "pay moons suns waves leaves wyrms\nactions\nend\nquit\n")
    assert not re.search(r"\(rule: [a-z]+-[a-z-]+\)", out), out
    assert not re.search(r"\b(hero\d|None|[a-z]+_[a-z]+)\b", out), \
        re.findall(r".{40}\b(?:hero\d|None|[a-z]+_[a-z]+)\b.{20}", out)


def test_a_choice_with_words_after_it_is_the_choice_and_a_line_of_the_story():
    """`name leaves -- Wren asks him ...` was refused as a Hero's name: typed at the prompt, a
    verb with words after -- is that verb, and the words are the story's."""
    from .test_challenge import _contest_setup

    s = _contest_setup()
    s = go(s, "hero2", "decline")
    s = go(s, "hero3", "contest", card="excuse", bid=1)
    s = go(s, "hero1", "drop")
    assert head(s)["k"] == "name_suit"
    view, legal = GAME.view(s, "hero3"), GAME.legal_actions(s, "hero3")
    a = commands.parse("name", "leaves -- Sefa asks him what grows on his road", view, legal,
                       "hero3")[0]
    assert a.kind == "name_suit" and a.args == {"suit": "leaves"}
    assert a.text == "Sefa asks him what grows on his road"


def test_a_payment_typed_never_pays_a_suit_that_was_not_named():
    """Seed 7, Harvest: a Travel to the Seeker's pair costs 5, and the player holds no second
    Moon: `pay moons moons ...` pays nothing at all, and the next line pays what it names."""
    out = script(ENTER + "origin harvest\ntravel seeker\npay moons moons suns waves leaves\n"
                 "pay moons suns waves leaves wyrms\nquit\n")
    refused = flat(out.split("you> pay moons moons")[1].split("you> pay moons suns")[0])
    assert "you hold 1 Moon and named 2: nothing is paid" in refused
    paid = re.findall(r"You pay an? (\w+)", out)
    assert paid == ["Moon", "Sun", "Wave", "Leaf", "Wyrm"]  # each as named, in that order


@pytest.mark.parametrize("line, told", [
    ("Tonight I rest under the broken bridge", "Tonight Ottilie rests under the broken bridge."),
    ("At first light I follow the gulls inland", "At first light Ottilie follows the gulls "
                                                 "inland."),
    ("Tam and I share the last of the bread", "Tam and Ottilie share the last of the bread."),
    ("After the storm, I count what is left", "After the storm, Ottilie counts what is left."),
])
def test_a_first_person_line_not_opening_with_i_is_told_of_the_hero(line, told):
    """Left alone last time: only a line opening with "I" was told of the Hero."""
    assert theirs(line, "Ottilie") == told


@pytest.mark.parametrize("line", [
    "My wyrm is not for sale, not even for leaves",
    "Our road goes through the marsh whatever they say",
    "We keep the lamp lit till morning",
])
def test_a_first_person_line_opening_with_my_or_we_is_the_heros_not_the_narrators(line):
    """'My wyrm is not for sale' stood as a sentence of the story, the narrator's own: a
    sentence opening in the first person (a capital My, We, Our) was read as the third."""
    told = theirs(line, "Ottilie")
    assert told.startswith("“") and "Ottilie" in told, told


def test_a_substitute_for_yourself_is_typed_as_the_token_you_take():
    """`give SUIT` to choose the token you get yourself was not understood: the screen says
    `take SUIT`, and take or draw choose it (give too, as before)."""
    s = make([{"stage": 2, "tokens": {"waves": 6}}, {"stage": 3},
              {"stage": 2, "tokens": {"waves": 6}}])
    s = go(s, "hero1", "rest", card=None, suits=["waves", "leaves"])
    view, legal = GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1")
    hint = commands.turn_hint(view, legal, "hero1")
    assert "choose the token you get instead" in hint and "take knots" in hint
    assert "give " not in hint
    for verb in ("take", "draw", "give"):
        a = commands.parse(verb, "knots", view, legal, "hero1")[0]
        assert a.kind == "substitute" and a.args == {"suit": "knots"}


def test_a_substitute_chosen_for_a_rival_is_still_given():
    s = make([{"stage": 3, "tokens": {"waves": 6}}, {"stage": 1, "tokens": {"waves": 6}},
              {"stage": 2}])
    s = go(s, "hero1", "rest", card=None, suits=["moons", "waves"])
    view, legal = GAME.view(s, "hero2"), GAME.legal_actions(s, "hero2")
    assert "give knots" in commands.turn_hint(view, legal, "hero2")
    with pytest.raises(Exception):  # take is the token you get, not one you give
        commands.parse("take", "knots", view, legal, "hero2")


def test_free_words_that_name_a_move_are_read_as_it_or_refused_with_the_form():
    """'walk to the sea' was an unknown command. Seed 7 lays the Light Keeper and the Mill at
    the Seeker's, the Penitent and the Castle at the Traveler's; no Sea."""
    out = flat(script(ENTER + "origin harvest\nwalk to the sea\nsing a song of the marsh\n"
                      "we make camp under the old oak\nI wander over to the castle\nquit\n"))
    sea = out.split("you> walk to the sea")[1].split("you>")[0]
    assert "reads as a travel, but the Sea lies in none of the pairs now" in sea
    assert "(as in travel wanderer)" in sea and " -- " not in sea
    song = out.split("you> sing a song")[1].split("you>")[0]
    assert "its words name no move" in song and "rest moons suns -- sing a song of the marsh" in song
    camp = out.split("you> we make camp")[1].split("you>")[0]
    assert "reads as a rest" in camp and "type the move and your words go with it" in camp
    assert "(as in rest moons suns)" in camp and " -- " not in camp
    castle = out.split("you> I wander over to the castle")[1]
    assert "Read as: travel to the Traveler's Encounter" in castle
    assert "You travel to the Traveler's Encounter." in castle
    assert "Wren wanders over to the castle." in castle  # told of her, in her words


def test_words_refused_for_want_of_a_choice_go_with_the_move_typed_next():
    """Played (seed 2211): "I bed down by the watchman's brazier..." read as a rest with the
    Watchman, refused for the Stage's suit it left open, and the form typed next ("rest watchman
    leaves") rested without the words: the player was told to type them again after --. The
    words refused are kept and go with the move typed bare; a move typed with its own words, or
    an instruction refused ("walk to the sea"), keeps none."""
    out = flat(script(ENTER + "origin harvest\nI make camp under the old oak\nrest moons suns\n"
                      "quit\n"))
    camp = out.split("you> I make camp")[1].split("you> rest moons suns")[0]
    assert "reads as a rest" in camp and "(as in rest moons suns)" in camp
    rest = out.split("you> rest moons suns")[1]
    assert "Wren makes camp under the old oak." in rest, rest


def test_free_words_when_it_is_not_your_turn_are_no_command():
    from companion.games.heros_journey import flow

    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3}}, {}],
             tasks=[flow.pay("hero1", ["author", "desert", "bank"], "travel")])
    with pytest.raises(CommandError, match="is no command; what is asked now"):
        commands.rewrite("walk to the sea", GAME.view(s, "hero1"),  # not read as a Travel:
                         GAME.legal_actions(s, "hero1"))  # the payment asked is named instead
    assert commands.rewrite("sea", GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1")) is None
    with pytest.raises(CommandError):
        commands.rewrite("hum a tune", GAME.view(make([{}, {}]), "hero1"),
                         GAME.legal_actions(make([{}, {}]), "hero1"))


def test_a_rest_with_a_suit_no_rest_gives_says_which_suits_the_stage_gives():
    """Played (seed 23, the Rite): 'rest waves leaves' was refused with the choices alone; the
    Rite's rest draws Moons, Leaves or Wyrms and nothing said so."""
    out = flat(script(ENTER + "origin rite\nprophecy bottom\nrest waves leaves\nquit\n"))
    said = out.split("you> rest waves leaves")[1].split("you>")[0]
    assert "no rest now draws Waves: resting on the Rite draws Moons, Leaves or Wyrms" in said


def test_a_bank_trade_before_your_move_says_when_it_comes():
    """Played: 'bank wyrms wyrms for waves' typed at the Rite's Moon was refused 'choose a suit
    the bank still has': the bank had Waves; a bank trade is made after your move."""
    from companion.core.game import RuleError

    s = make([{"stage": 2, "tokens": {"wyrms": 3}}, {}])
    with pytest.raises(RuleError) as err:
        commands.parse("bank", "wyrms wyrms for waves", GAME.view(s, "hero1"),
                       GAME.legal_actions(s, "hero1"), "hero1")
    assert "a trade with the bank comes after your move" in str(err.value)


def test_a_failed_challenge_says_the_test_and_the_shortfall():
    """Played: contesting Sefa's Market, the test came out Suns and the screen said only 'You
    failed the Challenge': a contester must meet the test too, and did not see why it failed."""
    from .test_challenge import _attempt

    s = _attempt([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 1},
                   "hand": ["ace-moons"]}, {"stage": 5, "hand": ["ace-knots"]}])
    s = go(s, "hero1", "play", card="ace-suns")
    assert head(s)["k"] == "meet", head(s)
    hint = commands.turn_hint(GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1"), "hero1")
    assert "the test is Power, Suns: you hold 1, tokens and cards, and your Stage asks 2, " \
           "1 short" in hint


def test_travelling_on_from_two_mentors_names_both_in_a_list():
    from companion.games.heros_journey import render

    s = make([{"stage": 5, "mentors": ["huntress", "bard"], "tokens": {"wyrms": 3}}, {}])
    verb, _, rest = "travel wanderer".partition(" ")
    s, events = GAME.apply(s, commands.parse(verb, rest, GAME.view(s, "hero1"),
                                             GAME.legal_actions(s, "hero1"), "hero1")[0])
    travel = next(e for e in events if e.kind == "travel")
    assert render.mechanics(travel, "hero1").endswith("leaving the Huntress and the Bard.") or \
        render.mechanics(travel, "hero1").endswith("leaving the Bard and the Huntress.")


def _free(text: str, s, seat: str = "hero1"):
    return commands.rewrite(text, GAME.view(s, seat), GAME.legal_actions(s, seat))


# Wren at the Journey, next the Battle: the Soldier (a Matching card for it) and the Light Keeper
# with her; the Watchman and the Island lie at the Seeker's
WREN = {"stage": 3, "mentors": ["soldier", "light-keeper"], "places": ["forest"],
        "tokens": {"moons": 1, "suns": 1, "waves": 2, "leaves": 1, "wyrms": 2, "knots": 2},
        "hand": ["ace-wyrms"]}
SLOTS = (("author", "desert"), ("painter", "mountain"), ("watchman", "island"))


def test_a_test_braved_is_an_attempt_by_a_challenge():
    """Played: "put myself to the Fates' test" was no command."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    line, note = _free("put myself to the Fates' test", s)
    assert line.startswith("challenge") and "meeting a Challenge" in note
    assert _free("I march on to the battle", s)[0].startswith("challenge")  # the next Stage


def test_a_matching_card_named_with_the_next_stage_is_an_advance_by_it():
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    line, note = _free("with the soldier beside me I go forward to the battle", s)
    assert line.startswith("match soldier") and "discarding the Soldier" in note
    # the same Soldier taken along on a road to a pair is a travel, not a match
    assert _free("I sail for the island with the soldier", s)[0].startswith("travel")
    with pytest.raises(CommandError, match="reads as a match"):  # not a Matching card: why not
        _free("the light keeper guides me on to the next stage", s)


def test_a_card_named_inside_a_compound_is_that_card():
    """Played: "hitch a ride on a barge bound for the lighthouse" (the Light Keeper at a pair)."""
    s = make([{**WREN, "mentors": ["soldier"]}, {"stage": 2}],
             slots=(("author", "desert"), ("painter", "mountain"), ("light-keeper", "island")))
    line, note = _free("hitch a ride on a barge bound for the lighthouse with the soldier", s)
    assert line.startswith("travel") and "Seeker's Encounter" in note


def test_a_lesson_or_a_night_with_a_mentor_is_a_rest_with_that_mentor():
    """Played: "stay the night with the light keeper and learn" was no command."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    with pytest.raises(CommandError) as err:  # which Stage suit is still the player's to say
        _free("stay the night with the light keeper and learn", s)
    assert "reads as a rest" in err.value.message
    assert "rest light keeper moons" in err.value.expected


@pytest.mark.parametrize("text", [
    "I sit on the seawall a while and mend the lantern's wick, letting the day come to me",
    "I bide my time at the crossroads",  # biding one's time: the turn spent where one is
    "I stay where I am and keep my eyes open",
    "I bind my cuts by the fire",  # a hurt tended
])
def test_a_turn_spent_where_the_hero_is_reads_as_a_rest(text):
    """Played (session 18): sitting a while, mending, "letting the day come" was no command."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    with pytest.raises(CommandError) as err:  # which Stage suit is still the player's to say
        _free(text, s)
    assert "reads as a rest" in err.value.message


def test_tokens_staked_on_the_next_trial_are_a_challenge_and_a_search_is_a_travel():
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    assert _free("I stake everything on the next trial", s)[0].startswith("challenge")
    # sought where it lies: that pair; sought where nobody has turned it up: refused, as a travel
    assert "Traveler's Encounter" in _read_as(s, "I go looking for the Painter")
    with pytest.raises(CommandError, match="reads as a travel"):
        _free("I go looking for the Bard in the market towns", s)


def test_words_that_go_toward_a_place_lying_in_a_pair_are_a_travel_there():
    """Played (session 18): "I take the cliff path toward the Desert" was no command, and the
    refusal offered a rest. A song sung to a Mentor at a pair goes nowhere."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    assert "Wanderer's Encounter" in _read_as(
        s, "I take the cliff path toward the Desert, where the merchant's camels drink")
    assert "Seeker's Encounter" in _read_as(s, "out at dawn for the Island, oars creaking")
    with pytest.raises(CommandError, match="name no move"):
        _free("I sing to the Watchman", s)


def _read_as(s, text: str) -> str:
    try:
        return _free(text, s)[1]
    except CommandError as err:  # a travel asks who comes along
        return err.message


def test_standing_aside_at_a_contest_or_its_bidding_passes():
    from .test_challenge import _contest_setup

    s = _contest_setup()  # hero2 and hero3 may contest hero1's Challenge
    line, note = _free("I won't stand in his way", s, "hero2")
    assert line == "pass -- I won't stand in his way" and "do not contest" in note
    with pytest.raises(CommandError, match="is no command; what is asked now"):
        _free("I gaze at the grey clouds", s, "hero2")  # names nothing: the refusal stands
    line, note = _free("I stake two tokens on my ace of wyrms", s, "hero2")
    assert line.startswith("contest ace of wyrms 2")
    s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
    s = go(s, "hero3", "decline")
    line, note = _free("that is too rich for me, I fold", s, "hero1")
    assert line.startswith("pass") and "drop out of the bidding" in note


def test_pronouns_are_shown_as_typed():
    """Played: "she/her" typed, the Heroes' list and the naming line showed "(she)"."""
    from companion.core.game import Action
    from companion.games.heros_journey.render import front_matter

    out = flat(script("Orla\nshe/her\n\nquit\n"))
    assert "Orla's pronouns: she/her." in out, out[-800:]
    s = make([{}, {}], tasks=[{"k": "hero_pronouns", "seat": "hero1"}, {"k": "turn",
                                                                        "seat": "hero1"}])
    s = GAME.apply(s, Action(seat="hero1", kind="pronouns", text="she/her"))[0]
    assert "(she/her)" in front_matter(GAME.view(s, "hero1"))
    s = make([{}, {}], tasks=[{"k": "hero_pronouns", "seat": "hero1"}, {"k": "turn",
                                                                        "seat": "hero1"}])
    s = GAME.apply(s, Action(seat="hero1", kind="pronouns", text="xe/xem/xyr"))[0]
    assert "(xe/xem/xyr)" in front_matter(GAME.view(s, "hero1"))


def test_a_move_not_asked_now_is_refused_without_a_rule_that_is_no_rule():
    """Played: "rest is not a move you can make now (rule: one choice at a time)"."""
    out = script(ENTER + "rest\nquit\n")
    said = out.split("you> rest")[1].split("you>")[0]
    assert "rest is not a move you can make now" in said and "(rule:" not in said, said
    assert "· origin" in said  # what is asked instead


def test_words_that_name_the_one_choice_asked_make_it():
    """Played (seed 815): "I tuck both tokens into my left fist" at the Origin's hidden tokens
    was no command; "hide left" was the one choice its words named."""
    from companion.games.heros_journey import flow

    s = make([{"stage": 2, "tokens": {"moons": 2, "waves": 3}}, {}],
             tasks=[flow.pay("hero1", ["author", "desert", "bank"], "travel")])
    assert _free("I pay the ferryman with a moon", s) == (
        "pay moons -- I pay the ferryman with a moon", "Read as: pay a Moon.")
    with pytest.raises(CommandError, match="is no command"):  # both named: which is not said
        _free("a moon or a wave, I cannot choose", s)
    fist = make([{"stage": 2}, {"stage": 2}], tasks=[
        {"k": "fist", "seat": "hero2", "hider": "hero1", "hide": None, "guess": None}])
    line, note = _free("I tuck both tokens into my left fist", fist)
    assert line == "hide left -- I tuck both tokens into my left fist", note


def test_seeking_someone_who_lies_in_a_pair_is_a_travel_to_it():
    """Played (seed 815): "I go looking for the old watchman out in the dark" named no move."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    line, note = _free("I go looking for the old watchman out in the dark, alone", s)
    assert line.startswith("travel") and "Seeker's Encounter" in note
    with pytest.raises(CommandError, match="name no move"):  # nothing that lies in a pair
        _free("I search my pack for a spare knot", s)


@pytest.mark.parametrize("kind,args,said", [
    ("discard_place", {"card": "island"}, "leave the Island behind"),
    ("hide", {"hand": "left-hand"}, "hide the Leaf and the Wave in your left hand"),
    ("name_suit", {"suit": "waves"}, "name Waves as the Excuse's suit"),
    ("give", {"suit": "wyrms", "to": "hero2"}, "give a Wyrm to Brannoc"),
    ("bonus", {"suit": None}, "take no bonus token"),
    ("decline", {}, "pass: no contest"),
])
def test_a_small_choice_is_described_in_words_not_the_engines_names(kind, args, said):
    """Played (seed 815): "Read as: discard_place the Island." named the engine's move."""
    from companion.core.game import Action
    from companion.games.heros_journey.labels import describe

    assert describe(Action(seat="hero1", kind=kind, args=args)) == said


def test_a_no_at_a_contest_passes_and_a_bid_in_words_still_contests():
    """Played (session 18): "the Origin is hers to find, not mine to spoil" was no command."""
    from .test_challenge import _contest_setup

    s = _contest_setup()  # hero2 may contest hero1's attempt
    assert _free("Brannoc shrugs: the Origin is hers to find, not mine to spoil", s,
                 "hero2")[0].startswith("pass")
    assert _free("no doubt about it, I throw down my ace and bid one token", s,
                 "hero2")[0].startswith("contest")


def test_an_offer_is_answered_in_words():
    """Played (seed 815): "no thank you, I mean to keep my wyrms" at Brannoc's offer was no
    command."""
    s = make([{"stage": 2, "tokens": {"wyrms": 2}}, {"stage": 2, "tokens": {"leaves": 3}}],
             tasks=[{"k": "respond", "seat": "hero1", "from": "hero2", "give": {"leaves": 2},
                     "get": {"wyrms": 1}}, {"k": "turn", "seat": "hero2"}])
    assert _free("no thank you, I mean to keep my wyrms", s)[0].startswith("refuse")
    assert _free("I accept the leaves with a bow", s)[0].startswith("accept")
    with pytest.raises(CommandError, match="is no command"):
        _free("I look at the leaves for a long while", s)
    # played (session 18): the offer's own terms, restated, take it; the yes or no the words
    # give answers it, the last one said
    assert _free("I hand over the wyrm for two leaves", s)[0].startswith("accept")
    assert _free("fine, but you owe me a song", s)[0].startswith("accept")
    assert _free("not leaves for my wyrm, Brannoc", s)[0].startswith("refuse")
    assert _free("let me think... no", s)[0].startswith("refuse")
    assert _free("you drive a hard bargain, but yes", s)[0].startswith("accept")
    assert _free("I'd sooner swallow my lantern than part with that wyrm", s)[0].startswith(
        "refuse")


def test_a_word_in_a_sentence_names_a_card_only_whole():
    """Played (seed 815): "I sleep it off in a hayloft and bind my cuts with strips of sail" was
    refused as "rest 'sailor'": a typed command names a card by its beginning, a sentence not."""
    from companion.games.heros_journey.freewords import cards_named
    from companion.story.reading import read

    assert cards_named(read("I bind my cuts with strips of sail")) == []
    assert cards_named(read("a barge bound for the lighthouse")) == ["light-keeper"]
    assert cards_named(read("I march with the soldiers")) == ["soldier"]
    s = make([{"stage": 4, "tokens": {"wyrms": 2, "waves": 1}, "mentors": ["bard"],
               "places": ["darkness"]}, {"stage": 2}])
    line, note = _free("I sleep it off in a hayloft and bind my cuts with strips of sail", s)
    assert line.startswith("rest -- ") and note == "Read as: rest: draw Wyrm and Knot."


def test_a_sentence_after_your_move_lists_the_trades_in_words():
    """Played (seed 815): a sentence after a rest listed "(expected: end, )": the trades had no
    form to show."""
    s = make([{"stage": 2, "tokens": {"wyrms": 3}}, {}], tasks=[{"k": "trade", "seat": "hero1"}])
    with pytest.raises(CommandError) as err:
        _free("I count my tokens twice over by the fire", s)
    assert ", )" not in str(err.value) and "bank SUIT SUIT for SUIT" in err.value.expected


def test_a_trade_told_in_words_is_made():
    """Played (seed 815): "I swap two wyrms at the bank for a sun" after a rest."""
    s = make([{"stage": 2, "tokens": {"wyrms": 3, "moons": 1}}, {"tokens": {"knots": 2}}],
             tasks=[{"k": "trade", "seat": "hero1"}])
    line, note = _free("I swap two wyrms at the bank for a sun", s)
    assert line.startswith("bank wyrms wyrms for suns")
    assert note == "Read as: trade 2 Wyrms to the bank for a Sun."
    line, note = _free("I offer Brannoc a moon in exchange for a knot", s)
    assert line.startswith("offer brannoc 1 moons for 1 knots")
    assert note == "Read as: offer Brannoc 1 Moon for 1 Knot."


def test_a_test_braved_to_find_something_out_is_no_lesson():
    """Played (seed 815): "I brave the drowned sea-caves to learn what the old chest holds" was
    read as a rest (a lesson), and the turn was spent resting."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    line, _ = _free("I brave the drowned sea-caves to learn what the old chest holds", s)
    assert line.startswith("challenge")


def test_the_next_stage_named_with_no_other_move_is_an_attempt():
    """Played (seed 815): "I try the Discovery once more" (trying a thing: no move)."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    assert _free("I try the Battle once more", s)[0].startswith("challenge")
    with pytest.raises(CommandError, match="name no move"):  # a Stage that is not the next
        _free("I try the Pact once more", s)


def test_a_rest_names_only_your_own_cards():
    """Played (seed 815): "I spend the evening with the consul, learning the market's ledgers"
    was refused as "rest 'consul market'" (the Market is the Stage, not a card of hers)."""
    s = make([{**WREN, "stage": 6, "mentors": ["consul"], "places": []}, {"stage": 2}],
             slots=SLOTS)
    with pytest.raises(CommandError) as err:
        _free("I spend the evening with the consul, learning the market's ledgers", s)
    assert "reads as a rest, but “rest consul” fits 2 moves" in err.value.message


def test_an_offer_told_at_your_turn_is_made_before_the_move():
    """Played (seed 815): "I offer Brannoc two moons for a single leaf" at the turn named no
    move, though an offer may be made any time in the turn."""
    s = make([{"stage": 2, "tokens": {"moons": 3}}, {"tokens": {"leaves": 2}}])
    line, note = _free("I offer Brannoc two moons for a single leaf", s)
    assert line.startswith("offer brannoc 2 moons for 1 leaves")
    assert note == "Read as: offer Brannoc 2 Moons for 1 Leaf."


def test_a_travel_in_words_naming_no_mentor_asks_who_comes():
    """Played (seed 815): "I go in search of the savage who sings to the sea" left the Bard and
    the Consul behind, which the words never said."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    with pytest.raises(CommandError) as err:
        _free("I sail for the island", s)
    assert "who comes with you?" in err.value.message
    assert "travel seeker soldier" in err.value.expected
    assert "keeping the Soldier" in _free("I sail for the island with the soldier", s)[1]
    assert "keeping no Mentor" in _free("I sail for the island alone", s)[1]


def test_a_travel_by_a_hero_with_no_mentor_does_not_say_it_leaves_mentors():
    """Played (seed 2211): a Hero with no Mentor travelled, "Read as: travel to the Seeker's
    Encounter, leaving every Mentor", which reads as though it had some to leave."""
    s = make([{**WREN, "mentors": []}, {"stage": 2}], slots=SLOTS)
    note = _free("I sail for the island", s)[1]
    assert note.startswith("Read as: travel to the") and "Mentor" in note
    assert "leaving" not in note


def test_a_suit_named_in_words_is_the_suit_not_its_ace():
    """Played (seed 815): "... learn the names of the leaves" read "leaves" as the Ace of Leaves,
    and the rest's suit went unread."""
    from companion.games.heros_journey.freewords import cards_named
    from companion.story.reading import read

    assert cards_named(read("I learn the names of the leaves")) == []
    s = make([{**WREN, "stage": 9, "mentors": ["savage"], "places": []}, {"stage": 2}],
             slots=SLOTS)
    with pytest.raises(CommandError) as err:
        _free("I sit with the savage by the fire and learn the names of the leaves", s)
    assert "“rest savage leaves” fits 2 moves" in err.value.message


def test_a_token_chosen_for_yourself_is_refused_as_take_not_give():
    """Played (seed 815): at "Now: take moons; take waves; take knots", "take wyrms" was refused
    "give 'wyrms' is not one of your choices now (expected: give moons, ...)", and "end" listed
    "You can: give"."""
    from companion.games.heros_journey import flow

    s = make([{"stage": 2}, {"stage": 3, "tokens": {"leaves": 12, "wyrms": 12}}],
             tasks=[flow.draw("hero1", "leaves", "rest")])
    view, legal = GAME.view(s, "hero1"), GAME.legal_actions(s, "hero1")
    with pytest.raises(CommandError) as err:
        commands.parse("take", "wyrms", view, legal, "hero1")
    assert "take 'wyrms' is not one of your choices" in err.value.message
    assert "take moons" in err.value.expected and "give" not in str(err.value)
    with pytest.raises(Exception) as err:
        commands.parse("end", "", view, legal, "hero1")
    assert "take" in err.value.legal and "give" not in err.value.legal


def test_an_offer_told_in_the_players_words_is_not_told_again():
    """Played (seed 815): "Ysolde offers Brannoc her sun in exchange for one of his leaves.
    Ysolde offers Brannoc a Sun for a Leaf." """
    out = flat(script(ENTER + "origin harvest\nI offer Brannoc a moon in exchange for one of "
                      "his leaves\nquit\n"))
    told = out.split("you> I offer Brannoc")[1].split("· Brannoc")[0]
    prose = told.split("his leaves.", 1)[1]  # after the player's words, before the answer
    assert "Wren offers Brannoc a moon in exchange for one of his leaves." in told
    assert "Wren" not in prose and "Moon" not in prose, prose


def test_a_payment_counted_in_words_pays_those_tokens_at_once():
    """Played (seed 2211): "I pay with two wyrms, two knots and a moon" at a Travel's price of 5
    was no command (a single token named was read; several counted were not)."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    s = go(s, "hero1", "travel", pair=2, keep="soldier")
    s, _ = GAME.apply(s, GAME.legal_actions(s, "hero1")[0])  # the Light Keeper's parting gift
    assert {a.kind for a in GAME.legal_actions(s, "hero1")} == {"pay"}
    line, note = _free("I pay with two wyrms, two knots and a moon", s)
    assert line == "pay wyrms wyrms knots knots moons -- I pay with two wyrms, two knots and a moon"
    assert note == "Read as: pay two Wyrms, two Knots and a Moon."
    with pytest.raises(CommandError, match="reads as paying 2 tokens"):  # no Sun to pay with
        _free("I pay two suns", s.model_copy(update={"heroes": (s.heroes[0].model_copy(
            update={"tokens": (5, 0, 2, 1, 2, 2)}), s.heroes[1])}))


def test_a_move_told_of_the_hero_in_the_third_person_is_a_line_of_the_story():
    """Played (seed 2211): "Odalys follows the watchman up toward the mountain passes" was read
    as a travel, and its words dropped from the story as if it were an instruction ("walk to the
    sea"). Told with the Hero as its subject, by name or pronoun, it is kept."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    for told in ("Wren sails for the island with the soldier",
                 "she sails for the island with the soldier"):
        assert _free(told, s)[0].endswith(f" -- {told}"), told
    assert " -- " not in _free("sail for the island with the soldier", s)[0]


def test_words_answer_a_choice_whatever_their_grammar():
    """Session 19, set D of bench/reading_corpus.toml: a one-word answer, a contraction before
    the verb, the game's own verb in a sentence, the card a bid is made with, a lesson from a
    Mentor who lies in a pair, and keeping what an offer asks for were all no command."""
    from .test_challenge import _contest_setup

    offer = make([{"stage": 2, "tokens": {"wyrms": 2}}, {"stage": 2, "tokens": {"leaves": 3}}],
                 tasks=[{"k": "respond", "seat": "hero1", "from": "hero2", "give": {"leaves": 2},
                         "get": {"wyrms": 1}}, {"k": "turn", "seat": "hero2"}])
    assert _free("gladly", offer)[0].startswith("accept")  # a one-word yes
    assert _free("nope", offer)[0].startswith("refuse")
    assert _free("I'll hang on to my wyrm, friend", offer)[0].startswith("refuse")
    s = _contest_setup()  # hero2 may contest hero1's attempt
    assert _free("I'll let him take his chances", s, "hero2")[0].startswith("pass")
    with pytest.raises(CommandError, match="reads as a contest"):  # the bid is asked
        _free("I slap my ace of wyrms down on his test", s, "hero2")
    s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
    s = go(s, "hero3", "decline")
    assert _free("I raise him to two", s, "hero1")[0].startswith("bid 2")
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    assert "Traveler" in _read_as(s, "I long to be taught by the painter")  # a road to him
    assert "reads as a rest" in _read_as(s, "I'd sooner sleep in the forest tonight")


def test_a_challenge_card_is_named_by_its_suit_in_a_sentence():
    """Session 19, played: "I lay down the moon card, face hidden" with the Aces of Moons and
    Waves in hand was no command."""
    from .test_challenge import _attempt

    s = _attempt([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 2},
                   "hand": ["ace-moons"]}, {"stage": 5, "hand": ["ace-knots"]}], draw="ace-suns")
    line, note = _free("I lay down the sun card, face hidden", s)
    assert line.startswith("play ace of suns")
    assert _free("the moon one", s)[0].startswith("play ace of moons")


def test_an_origin_told_in_words_is_the_one_whose_story_they_share():
    """Session 18, played: "I grew up under the Order's bells and learned the prophecies by heart"
    at the origin was no command. Each origin's story is the game's own telling of it."""
    s = make([{}, {}], tasks=[{"k": "origin", "seat": "hero1"}, {"k": "origin", "seat": "hero2"}])
    assert _free("I grew up under the Order's bells and learned the prophecies by heart",
                 s)[0].startswith("origin rite")
    assert _free("I was raised among candles and old vows", s)[0].startswith("origin rite")
    assert _free("I left the bean rows to the crows", s)[0].startswith("origin harvest")
    with pytest.raises(CommandError, match="is no command"):  # nothing of either: asked
        _free("I lived on the road", s)


def test_a_turn_spent_on_something_until_a_time_is_a_rest():
    """Session 18, played: "I mind the nets by the slipway till the gulls settle" was no
    command."""
    s = make([WREN, {"stage": 2}], slots=SLOTS)
    assert "reads as a rest" in _read_as(
        s, "I mind the goats at the forest edge until dusk")  # (the Forest: above her Stage)
    with pytest.raises(CommandError, match="no command"):  # a place elsewhere named: not asked
        _free("I stare at the island until it fades", s)
