"""The hard rival's search: the tables it samples agree with everything its view shows, vary only
in what it cannot see, never depend on the true hidden cards, keep its Prophecy where it saw it,
and a seed plays the same move twice. (How much stronger hard plays is measured by
bench/heros_journey.py, not here.)"""
from __future__ import annotations

import random

from companion.core.game import CHANCE
from companion.games.heros_journey import GAME, HjOptions, policy
from companion.games.heros_journey.data import rules
from companion.games.heros_journey.search import best_turn, determinize

from .table import card_places, make, total_tokens
from tests.helpers import draw


def _turn_views(players: int, seed: int, limit: int = 40):
    """(true state, seat, view) at the first ``limit`` turn decisions of a normal game."""
    st = GAME.setup(HjOptions(players=players))
    rng = random.Random(seed)
    out = []
    while not st.over and len(out) < limit:
        due = GAME.to_move(st)
        if due == [CHANCE]:
            a = draw(GAME.chance(st), rng)
        else:
            seat = due[0]
            view = GAME.view(st, seat)
            if view["pending"].get("task") == "turn":
                out.append((st, seat, view))
            a = policy.choose(view, seat, GAME.legal_actions(st, seat), rng, "normal")
        st, _ = GAME.apply(st, a)
    return out


def test_a_sampled_table_shows_the_seat_exactly_what_it_sees():
    hands = set()
    for st, seat, view in _turn_views(3, 5):
        table = determinize(view, seat, random.Random(len(hands)))
        assert table is not None
        assert GAME.view(table, seat) == view  # nothing it knows is changed
        assert table.tasks == st.tasks
        assert total_tokens(table) == 72 and sorted(card_places(table)) == sorted(
            card_places(st))
        mine = next(h for h in table.heroes if h.seat == seat)
        assert mine.hand == next(h for h in st.heroes if h.seat == seat).hand
        hands.add(tuple(h.hand for h in table.heroes if h.seat != seat))
    assert len(hands) > 5  # the rivals' Challenge cards are sampled, not copied


def test_the_sample_never_depends_on_the_hidden_cards():
    # two tables that differ only in hero2's Challenge card look the same to hero1
    a = make([{"hand": ["ace-moons"]}, {"hand": ["ace-suns"]}])
    b = make([{"hand": ["ace-moons"]}, {"hand": ["ace-knots"]}])
    va, vb = GAME.view(a, "hero1"), GAME.view(b, "hero1")
    assert va == vb
    assert determinize(va, "hero1", random.Random(3)) == determinize(vb, "hero1", random.Random(3))
    seen = {determinize(va, "hero1", random.Random(i)).heroes[1].hand for i in range(30)}
    assert seen <= {(c,) for c in rules().role("challenge") if c != "ace-moons"}
    assert len(seen) > 3


def test_the_prophecy_stays_where_it_was_seen():
    for look, pos in (("bottom", -1), ("top", 0)):
        s = make([{"hand": ["ace-moons"]}, {"hand": ["ace-suns"]}],
                 endings=("windfall", "end", "calamity"))
        h1 = s.heroes[0].model_copy(update={
            "prophecy": "windfall" if look == "top" else "calamity", "prophecy_pos": look})
        s = s.model_copy(update={"heroes": (h1, s.heroes[1])})
        for i in range(8):
            t = determinize(GAME.view(s, "hero1"), "hero1", random.Random(i))
            assert t.endings[pos] == h1.prophecy and sorted(t.endings) == sorted(s.endings)


def test_no_table_is_built_away_from_the_seats_turn():
    s = make([{}, {}], tasks=[{"k": "turn", "seat": "hero2"}])
    assert determinize(GAME.view(s, "hero1"), "hero1", random.Random(0)) is None


def test_the_hard_choice_is_legal_and_the_same_for_a_seed():
    st, seat, view = _turn_views(2, 7, limit=6)[-1]
    legal = GAME.legal_actions(st, seat)
    picks = {policy.choose(view, seat, legal, random.Random(11), "hard").key() for _ in range(2)}
    assert len(picks) == 1 and picks <= {a.key() for a in legal}
    ranked = sorted(legal, key=lambda a: a.key())
    assert best_turn(view, seat, legal, random.Random(2), ranked) in ranked[:4]


def _standing(me: dict, rival: dict) -> float:
    from companion.games.heros_journey.search import standing

    return standing(make([me, rival], revealed="calamity"), "hero1")


def test_far_ahead_a_stage_is_worth_more_than_a_hoard_and_close_tokens_still_count():
    rich = {"wyrms": 8, "suns": 8, "waves": 8, "leaves": 8, "moons": 2, "knots": 2}
    ahead, poor = {"stage": 9, "tokens": rich}, {"stage": 4, "tokens": {"moons": 3}}
    base = _standing(ahead, poor)
    hoard = _standing({**ahead, "tokens": {**rich, "moons": 4, "knots": 5}}, poor) - base
    race = _standing({**ahead, "stage": 10}, poor) - base
    assert hoard < 5 < race  # the lead is safe: racing for the Ending beats piling up tokens
    level = {"stage": 9, "tokens": {"wyrms": 5, "suns": 5, "moons": 2}}
    even = _standing(level, level)
    assert _standing({**level, "tokens": {"wyrms": 10, "suns": 5, "moons": 2}}, level) - even > 40
