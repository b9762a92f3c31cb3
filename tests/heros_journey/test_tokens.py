"""The rivals keep their tokens and end the race when waiting cannot help: positions from
`bench/heros_journey.py` 2p normal vs exploit: always-attempt (issue 38)."""
from __future__ import annotations

import random

from companion.games.heros_journey import GAME, heuristic, policy

from .table import make


def _first_round():
    one = {s: 1 for s in ("moons", "suns", "waves", "leaves", "wyrms", "knots")}
    return make([{"stage": 1, "tokens": one}, {"stage": 1, "tokens": one}],
                slots=(("author", "desert"), ("painter", "mountain"), ("sailor", "cave")))


def test_the_easy_hero_still_spends_freely_so_the_levels_stay_apart():
    """The easy Hero's best turn weighs tokens only by what they buy: it takes the Seeker's pair
    where a normal one keeps its tokens (bench 2p normal vs easy, 100 games: 79% before token
    worth, 69% when easy kept its tokens too, 89% now at 200)."""
    s = _first_round()
    legal = GAME.legal_actions(s, "hero1")
    view = GAME.view(s, "hero1")
    best = heuristic.rank_turns(view, "hero1", legal, random.Random(0), "easy")[0]
    assert (best.kind, best.args.get("pair")) == ("travel", 2), best
    best = heuristic.rank_turns(view, "hero1", legal, random.Random(0), "normal")[0]
    assert (best.kind, best.args.get("pair")) != ("travel", 2), best


def test_a_rival_at_the_first_round_does_not_pay_five_of_its_six_tokens_for_the_seekers_pair():
    """Seed 0: the normal rival opened by paying five of its six tokens for the Seeker's pair (the
    Sailor and the Cave) and reached the Pact with 12 tokens, while a player who rested and
    attempted whenever it could held 56 at the End. The score is the tokens times the Stage."""
    s = make([{"stage": 1, "tokens": {s: 1 for s in ("moons", "suns", "waves", "leaves", "wyrms",
                                                     "knots")}},
              {"stage": 1, "tokens": {s: 1 for s in ("moons", "suns", "waves", "leaves", "wyrms",
                                                     "knots")}}],
             slots=(("author", "desert"), ("painter", "mountain"), ("sailor", "cave")))
    legal = GAME.legal_actions(s, "hero1")
    assert any(a.kind == "travel" and a.args["pair"] == 2 for a in legal)
    view = GAME.view(s, "hero1")
    for seed in range(5):
        a = policy.choose(view, "hero1", legal, random.Random(seed), "normal")
        assert not (a.kind == "travel" and a.args["pair"] == 2), a


def _both_at_the_pact(round_: int):
    """Seed 32, round 31: both Heroes at the Pact, the Calamity revealed, four tokens in the bank.
    Wren (the Savage, the Author, the Cave: 13 Wyrms) can reach the Ending but would end it
    behind; Brannoc, ahead, rests on the Merchant (9) as Wren would on the Cave."""
    return make([
        {"origin": "rite", "stage": 9, "tokens": {"moons": 5, "suns": 5, "waves": 5, "leaves": 5,
                                                  "wyrms": 4, "knots": 6},
         "mentors": ["savage", "author"], "places": ["cave"], "hand": ["ace-wyrms"]},
        {"origin": "rite", "stage": 9, "tokens": {"moons": 6, "suns": 6, "waves": 7, "leaves": 7,
                                                  "wyrms": 6, "knots": 6},
         "mentors": ["merchant"], "hand": ["ace-knots"]}],
        revealed="calamity", endings=("calamity", "end", "windfall"), pact_first="hero2",
        round=round_)


def test_a_rival_behind_at_the_pact_ends_the_race_when_resting_cannot_close_the_gap():
    """Both rest alike at the Pact and share a nearly empty bank: waiting gains nothing on the
    leader. The rival held back eight rounds and the race halted at the round limit; it now
    reaches for the Ending."""
    s = _both_at_the_pact(31)
    s = s.model_copy(update={"bank": (1, 1, 1, 1, 0, 0)})
    view = GAME.view(s, "hero1")
    me = heuristic.me_of(view, "hero1")
    assert heuristic.after_ending(view, me, True) < heuristic.after_ending(
        view, heuristic.me_of(view, "hero2"), False)  # behind
    assert not heuristic.holds_back(view, me, "hero1")
