"""Attempting the next Stage by Meeting a Challenge: stakes, sufficiency (the text's examples),
the contest and its bids, the Excuse, meeting and failing, advancing and refilling hands."""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, RuleError
from companion.games.heros_journey import GAME

from .table import card_places, deal, go, head, hero, make, tok, total_tokens


def test_savage_example_is_sufficient_for_the_battle():
    # the Savage (3 Wyrms), 1 Wyrm and 2 Knot tokens, at the Journey: after staking 1 Wyrm and
    # 1 Knot on the Battle, 3 Wyrms and 1 Knot remain: 4, enough for Stage 4.
    s = make([{"stage": 3, "mentors": ["savage"], "tokens": {"wyrms": 1, "knots": 2},
               "hand": ["ace-moons"]}, {}])
    assert any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))
    poorer = make([{"stage": 3, "mentors": ["savage"], "tokens": {"wyrms": 1, "knots": 1},
                    "hand": ["ace-moons"]}, {}])  # no Knot left after staking
    with pytest.raises(RuleError) as err:
        go(poorer, "hero1", "challenge")
    assert err.value.rule_id == "turn-challenge"
    # the refusal counts what would be left, in English: "3 Wyrms and 0 Knots"
    assert "you would have 3 Wyrms and 0 Knots" in str(err.value)


def test_refusal_counts_one_token_in_the_singular():
    # a Moon card and a Moon and a Wave token, at the Origin, before the Journey (Moons+Waves 3):
    # after staking one of each, 1 Moon and 1 Wave are left
    s = make([{"stage": 2, "mentors": ["watchman"], "tokens": {"moons": 1, "waves": 2},
               "hand": ["ace-suns"]}, {}])
    with pytest.raises(RuleError) as err:
        go(s, "hero1", "challenge")
    assert "you would have 1 Moon and 1 Wave;" in str(err.value)


def test_bard_example_needs_a_moon_for_the_pact():
    # the Bard (10 Suns): after 1 Sun and 1 Moon go on the Pact, at least one Moon must remain
    base = {"stage": 8, "mentors": ["bard"], "hand": ["ace-moons"]}
    s = make([{**base, "tokens": {"suns": 1, "moons": 1}}, {}])
    assert not any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))
    s = make([{**base, "tokens": {"suns": 1, "moons": 2}}, {}])
    assert any(a.kind == "challenge" for a in GAME.legal_actions(s, "hero1"))


def _attempt(heroes, draw="ace-suns"):
    s = make(heroes)
    s = go(s, "hero1", "challenge")
    return deal(s, draw)


def test_uncontested_challenge_met_advances_and_pays_the_stake():
    # hero1 at the Origin (2) attempts the Journey (Moons, Waves); plays the Ace of Suns; has 2 Suns
    s = _attempt([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 2},
                   "hand": ["ace-moons"]}, {"stage": 5, "hand": ["ace-knots"]}])
    assert s.on_cards["journey"] == (1, 0, 1, 0, 0, 0)
    s = go(s, "hero1", "play", card="ace-suns")
    # hero2 is above hero1: may not contest; the Ace of Suns is issued, met (2 >= 2): +1 Sun
    assert hero(s, "hero1").stage == 3
    assert tok(s, "hero1", "suns") == 3 and "journey" not in s.on_cards
    assert hero(s, "hero1").hand == ("ace-moons",)
    assert "ace-suns" in s.challenge_pile
    assert total_tokens(s) == 72


def test_failed_challenge_takes_the_stake_back_and_costs():
    s = _attempt([{"stage": 2, "tokens": {"moons": 2, "waves": 3, "knots": 1},
                   "hand": ["ace-knots"]}, {"stage": 5}], draw="ace-suns")
    s = go(s, "hero1", "play", card="ace-suns")  # 0 Suns < Stage 2: failure, shortfall 2
    assert head(s)["k"] == "meet" and GAME.to_move(s) == ["hero1"]
    lie = go(s, "hero1", "lie_down")
    assert hero(lie, "hero1").stage == 2 and hero(lie, "hero1").skip == 1
    assert tok(lie, "hero1", "moons") == 2 and "journey" not in lie.on_cards  # stake back
    pay = go(s, "hero1", "expend_for_failure")
    pay = go(pay, "hero1", "expend", suit="moons")
    assert head(pay)["k"] == "expend" and head(pay)["need"] == 1
    pay = go(pay, "hero1", "expend", suit="knots")
    assert hero(pay, "hero1").skip == 0 and hero(pay, "hero1").stage == 2
    assert sum(hero(pay, "hero1").tokens) == 6 - 2


def test_failure_cost_may_be_a_whole_card_without_change():
    s = _attempt([{"stage": 2, "tokens": {"moons": 1, "waves": 1}, "mentors": ["lunatic"],
                   "hand": ["ace-knots"]}, {"stage": 5}], draw="ace-suns")
    s = go(s, "hero1", "play", card="ace-suns")
    s = go(s, "hero1", "expend_for_failure")
    s = go(s, "hero1", "expend", card="lunatic")  # 6 paid for a shortfall of 2: no change
    assert "lunatic" in s.mentor_under and head(s).get("k") != "expend"


def _contest_setup(h2_tokens=None, h2_stage=2):
    heroes = [{"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 3},
               "hand": ["ace-moons"]},
              {"stage": h2_stage, "tokens": h2_tokens or {"knots": 3, "wyrms": 2},
               "hand": ["ace-wyrms"]},
              {"stage": 1, "tokens": {"suns": 1}, "hand": ["excuse"]}]
    s = _attempt(heroes, draw="ace-suns")
    return go(s, "hero1", "play", card="ace-suns")


def test_contest_bids_must_rise_and_the_winner_issues_and_pays():
    s = _contest_setup()
    assert GAME.to_move(s) == ["hero2"]  # starting on the attempter's left
    v1 = GAME.view(s, "hero1")
    assert "ace-wyrms" not in str(v1) and "ace-suns" not in str(GAME.view(s, "hero2"))
    s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
    with pytest.raises(RuleError) as err:
        go(s, "hero3", "contest", card="excuse", bid=1)  # must exceed the last bid
    assert err.value.rule_id == "challenge-bid"
    s = go(s, "hero3", "decline")
    assert GAME.to_move(s) == ["hero1"]  # the attempter may bid too
    s = go(s, "hero1", "drop")
    # hero2 wins and pays its bid (1 token, its choice of suit); Wyrms are issued
    assert head(s)["k"] == "pay" and GAME.to_move(s) == ["hero2"]
    s = go(s, "hero2", "pay", suit="knots")
    assert hero(s, "hero2").tokens[4] + hero(s, "hero2").tokens[5] == 4
    assert head(s)["k"] == "keep_card" and GAME.to_move(s) == ["hero1"]
    s = go(s, "hero1", "keep", card="ace-moons")  # hand limit: keep one of the two
    assert hero(s, "hero1").hand == ("ace-moons",) and "ace-suns" in s.challenge_pile
    # hero1 meets first: 0 Wyrms at Stage 2: fails
    assert head(s)["k"] == "meet" and head(s)["seat"] == "hero1"
    s = go(s, "hero1", "lie_down")
    # hero2 (a Challenger) meets too: 1-2 Wyrm tokens left vs Stage 2
    assert hero(s, "hero1").stage == 2 and total_tokens(s) == 72


def test_the_excuse_is_named_by_its_winner():
    s = _contest_setup()
    s = go(s, "hero2", "decline")
    s = go(s, "hero3", "contest", card="excuse", bid=1)
    s = go(s, "hero1", "drop")
    assert head(s)["k"] == "name_suit" and GAME.to_move(s) == ["hero3"]
    s = go(s, "hero3", "name_suit", suit="wyrms")
    ch = next(t for t in s.tasks if t["k"] == "ch_end")
    assert ch["suit"] == "wyrms" and ch["issued"] == "excuse"


def test_attempter_outbids_and_keeps_its_own_card():
    s = _contest_setup()
    s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
    s = go(s, "hero3", "decline")
    s = go(s, "hero1", "raise", bid=2)
    assert GAME.to_move(s) == ["hero2"]
    s = go(s, "hero2", "drop")
    # Suns issued; hero1 paid 2 tokens: 1 Sun left + ... it still advances if it met the
    # Challenge (the text: bidding may leave you short of the Stage's rank)
    assert "challenge_pile" and head(s)["k"] in ("keep_card", "pay", "meet", "deal")


def test_a_hero_above_the_attempter_may_not_contest():
    s = _contest_setup(h2_stage=3)
    assert GAME.to_move(s) == ["hero3"]


def test_every_hero_without_a_challenge_card_is_dealt_one_after():
    s = _contest_setup()
    s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
    s = go(s, "hero3", "decline")
    s = go(s, "hero1", "drop")
    s = go(s, "hero2", "pay", suit="knots")
    s = go(s, "hero1", "keep", card="ace-moons")
    s = go(s, "hero1", "lie_down")
    while GAME.to_move(s) != [CHANCE]:
        seat = GAME.to_move(s)[0]
        a = GAME.legal_actions(s, seat)[0]
        s = go(s, seat, a.kind, **a.args)
    assert head(s)["k"] == "deal" and head(s)["seat"] == "hero2"
    s = deal(s, GAME.chance(s).options[0])
    assert len(hero(s, "hero2").hand) == 1
    assert sorted(card_places(s)) == sorted(set(card_places(s)))  # each card in one place
