"""The card data: counts, strict validation, and every HOLE value marked as ours."""
from __future__ import annotations

import shutil

import pytest
from pydantic import ValidationError

from companion.games.at_any_cost.data import TAGS, load_rules, rules, rules_dir


def test_counts_match_the_rules():
    r = rules()
    assert (len(r.stages), len(r.locations), len(r.anchors), len(r.antagonist),
            len(r.protagonist), len(r.seeds)) == (5, 14, 12, 40, 32, 12)
    assert sorted(loc.name for loc in r.locations if loc.seed) == \
        ["Farm", "Mountain", "Place of learning", "Ruins"]


def test_draws_and_limits_are_the_printed_ones():
    assert [(s.antagonist_draw, s.protagonist_draw, s.hand_limit) for s in rules().stages] == \
        [(3, 5, 3), (4, 5, 4), (5, 5, 5), (6, 5, 6), (7, 5, 7)]


def test_every_lost_tag_is_filled_and_marked_ours():
    r = rules()
    ours = {c.name for c in r.antagonist + r.protagonist if c.source == "ours"}
    assert {"Self-doubt", "Traps", "Bandits"} <= ours and len(
        [c for c in r.antagonist if c.source == "ours"]) == 12
    assert len([c for c in r.protagonist if c.source == "ours"]) == 24
    assert all(s.source == "ours" for s in r.stages)
    assert {loc.name for loc in r.locations if loc.source == "ours"} == \
        {"Farm", "Place of learning", "Ruins", "Mountain"}
    assert r.card("legendary-creature").tags == TAGS and r.card("legendary-creature").source == \
        "text"


def test_unknown_keys_are_rejected(tmp_path):
    copy = tmp_path / "rules"
    shutil.copytree(rules_dir(), copy)
    text = (copy / "antagonist.toml").read_text()
    (copy / "antagonist.toml").write_text(text.replace('value = 1\n', 'value = 1\ncolour = "red"\n',
                                                       1))
    with pytest.raises(ValidationError, match="colour"):
        load_rules(copy)


def test_a_missing_story_seed_is_an_error(tmp_path):
    copy = tmp_path / "rules"
    shutil.copytree(rules_dir(), copy)
    text = (copy / "story_seeds.toml").read_text()
    (copy / "story_seeds.toml").write_text(text.split("[[seed]]", 2)[0] + "[[seed]]" +
                                           text.split("[[seed]]", 2)[2])
    with pytest.raises(ValidationError, match="story seeds"):
        load_rules(copy)


def test_no_premise_gives_the_hero_pronouns_before_the_player_does():
    """Played (s13): the story opened "A goatherd's child ... sets out at last for the great
    university of their dreams", told before the hero is named and the player gives the hero's
    pronouns (ze/hir): the premise chose them. A premise names the hero without a pronoun."""
    import re

    from companion.story.pronouns import HE, SHE, THEY
    forms = {f for p in (HE, SHE, THEY) for f in (p.they, p.them, p.their, p.theirs, p.themself)}
    said = {seed.premise: sorted(w for w in re.findall(r"[a-z]+", seed.premise.lower())
                                 if w in forms) for seed in rules().seeds}
    assert len(said) == 12 and not {p: w for p, w in said.items() if w}
