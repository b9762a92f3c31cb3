"""The cards and tables: the 45 cards, the suits, the bank, and the matching-encounter counts."""
from __future__ import annotations

from collections import Counter

import pytest

from companion.games.heros_journey.data import STAGE_CARDS, SUITS, load_rules, rules, rules_dir


def test_deck_is_the_extended_decktet_split_as_the_text_says():
    r = rules()
    assert len(r.cards) == 45
    roles = Counter(c.role for c in r.cards)
    assert roles == {"mentor": 14, "place": 11, "event": 10, "ending": 3, "challenge": 7}
    assert {"consul", "watchman", "light-keeper"} <= set(r.role("mentor"))
    assert {"island", "window", "borderland"} <= set(r.role("place"))
    assert r.card("bard").rank == 10 and r.card("watchman").rank == 1 and r.card("rite").rank == 1
    assert r.card("savage").suits == ("leaves", "wyrms")


def test_suits_have_token_names_and_the_bank_holds_72():
    r = rules()
    assert [s.token for s in r.suits] == ["Moon", "Sun", "Wave", "Leaf", "Wyrm", "Knot"]
    assert r.table.tokens_per_suit * len(SUITS) == 72


def test_matching_encounter_counts_come_out_as_the_text_says():
    r = rules()
    encounters = r.role("mentor") + r.role("place")
    per_stage = {}
    distinct = set()
    for stage in STAGE_CARDS:
        need = set(r.card(stage).suits)
        match = [c for c in encounters if need <= set(r.card(c).suits)]
        per_stage[stage] = len(match)
        distinct |= set(match)
    assert per_stage.pop("origin") == 3
    assert per_stage.pop("chance-meeting") == 1
    assert set(per_stage.values()) == {2}
    assert len(distinct) == 14


def test_unknown_keys_are_refused(tmp_path):
    for f in ("cards.toml", "game.toml"):
        (tmp_path / f).write_text((rules_dir() / f).read_text())
    text = (tmp_path / "game.toml").read_text().replace("[table]", "[table]\nbogus = 1")
    (tmp_path / "game.toml").write_text(text)
    with pytest.raises(ValueError):
        load_rules(tmp_path)
