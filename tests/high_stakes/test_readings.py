"""Issue 9, item 6: the readings of the text the engine now enforces. An attribute at 0 in the
text's own ways (lines 321-331), revenge dice until the fallen are avenged (line 370), death at a
Body test at death's door (line 665)."""
from __future__ import annotations

from companion.games.high_stakes import HighStakesOptions, load_character, save_character
from tests.high_stakes.drive import G, dice, do, end_scene, finish_beat, frame, start, to_pool


def test_aura_at_zero_is_a_living_pariah_and_brings_no_revenge_dice():
    s = frame(start("ash", "rust"), scene="gate")
    s.characters[0].loss["aura"] = 2  # Ash: Aura 3, down to 1
    s = to_pool(s, attribute="aura", problem="guards", consequence=["face"], difficulty=5)
    s = dice(do(s, "player", "roll"), 2)
    ash = s.char("ash")
    assert ash.status == "out" and ash.social_death and "pariah" in ash.out_reason
    assert ash.status != "dead" and s.bonds == []  # alive: nobody to avenge
    assert not any(r.revenge for r in s.char("rust").relationships)


def test_body_at_zero_at_a_villains_hands_is_death_and_the_friends_get_revenge_dice():
    s = frame(start("ash", "rust"), scene="courtyard")
    s.characters[0].loss["body"] = 2  # Ash: Body 3, down to 1
    s = to_pool(s, problem="dogs", consequence=["wounded"], difficulty=5)
    s = dice(do(s, "player", "roll"), 2)
    assert s.char("ash").status == "dead" and s.bonds[0]["villain"] == "dogs"
    bond = next(r for r in s.char("rust").relationships if r.revenge)
    assert bond.revenge == "dogs" and bond.bonus == 2
    # without a villain, Body 0 leaves the character impaired, not killed
    o = start("ash")
    o.characters[0].loss["body"] = 2
    o = to_pool(o, consequence=["wounded"], difficulty=5)
    o = dice(do(o, "player", "roll"), 2)
    assert o.char("ash").status == "out" and "impaired" in o.char("ash").out_reason


def fallen_ash():
    s = frame(start("ash", "rust"), scene="courtyard")
    s = to_pool(s, problem="dogs", consequence=["game_over"], difficulty=5)
    return dice(do(s, "player", "roll"), 2, 2, 2)


def revenge_roll(s, difficulty=9):
    s = to_pool(s, who="rust", problem="dogs", consequence=["retreat"], difficulty=difficulty)
    bond = next(r for r in s.char("rust").relationships if r.revenge)
    return do(s, "player", "relationship", character="rust", relationship=bond.id)


def test_revenge_dice_count_on_every_roll_against_the_villain_until_avenged():
    s = revenge_roll(finish_beat(fallen_ash()))  # Rust fights on, in the same scene
    assert s.roll.pools[0].size() == 2 + 2  # Rust's Body 2 + the bond's 2
    assert not any(a.kind == "relationship" and a.args["name"].startswith("avenge")
                   for a in G.legal_actions(s, "player"))  # once per roll
    s = finish_beat(dice(do(s, "player", "roll"), 2, 2, 2, 2))  # failed: not avenged
    s = do(s, "gm", "continue", "Again.")
    s = revenge_roll(s, difficulty=2)  # not spent by the first use: it lasts until avenged
    assert s.roll.pools[0].size() == 4
    s = dice(do(s, "player", "roll"), 4, 4, 4, 4)
    assert s.bonds == [] and not any(r.revenge for r in s.char("rust").relationships)


def test_a_revenge_bond_outlasts_the_story(tmp_path):
    s = end_scene(fallen_ash())
    s = do(s, "player", "premade", id="wind")  # a new Nightblade joins (and shares the bond)
    s = do(s, "gm", "end_story", ending="unfinished")
    while s.phase == "experience":
        s = do(s, "player", "new_trait", "never forgets a dog's bark",
               character=s.exp_queue[0]) if s.exp_step == "grow" else do(s, "player", "keep_dice")
    path = save_character(s, tmp_path / "party.json")
    s2 = G.setup(HighStakesOptions(characters=tuple(load_character(path))))
    rust = s2.char("rust")
    assert any(r.revenge == "dogs" and r.bonus == 2 for r in rust.relationships)
    assert s2.bonds and s2.bonds[0]["villain"] == "dogs" and s2.bonds[0]["fallen"] == "Ash"


def test_a_body_test_at_deaths_door_that_could_worsen_the_wounds_kills_before_any_die():
    s = to_pool(start("ash"), consequence=["deaths_door"], difficulty=9)
    s = finish_beat(dice(do(s, "player", "roll"), 2, 2, 2))
    assert s.char("ash").deaths_door and s.char("ash").active
    s = do(s, "gm", "continue", "The dogs are coming.")
    s = do(s, "player", "act", "I fight on.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="open")
    s = do(s, "gm", "attribute", attribute="body")
    s = do(s, "gm", "difficulty", value=1)
    s = do(s, "gm", "consequence", kinds=["wounded"])
    assert s.char("ash").status == "dead" and s.roll is None and s.phase == "after"
    assert "death's door" in s.char("ash").out_reason


def test_a_harmless_body_test_or_another_attribute_at_deaths_door_is_rolled():
    s = to_pool(start("ash"), consequence=["deaths_door"], difficulty=9)
    s = finish_beat(dice(do(s, "player", "roll"), 2, 2, 2))
    s = do(s, "gm", "continue", "Quiet now.")
    s = do(s, "player", "act", "I run.", character="ash", attribute="body")
    s = do(s, "gm", "roll", problem="open")
    for kind, arg in (("attribute", {"attribute": "body"}), ("difficulty", {"value": 1}),
                      ("consequence", {"kinds": ["retreat"]}), ("advantage", {"dice": 0})):
        s = do(s, "gm", kind, **arg)
    assert s.phase == "pool" and s.char("ash").active
