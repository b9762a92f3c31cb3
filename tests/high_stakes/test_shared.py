"""Issue 9, item 5: shared scenes (text, "Shared Scenes", line 589ff): the characters split their
dice against different parts of the trouble, each rolled independently against its own share of
the Difficulty, each raising the stakes alone; the players split the Difficulty, and the split is
shown."""
from __future__ import annotations

import pytest

from companion.core.game import RuleError
from companion.core.verbs import CommandError
from companion.games.high_stakes import commands
from tests.high_stakes.drive import G, dice, do, find, frame, start, to_pool


def shared(difficulty=5, consequence=("retreat",)):
    s = to_pool(start("ash", "rust", "wind"), difficulty=difficulty, consequence=list(consequence))
    s = do(s, "player", "share", "I take the one on the left.", character="rust", attribute="body")
    return s


def test_a_shared_scene_waits_for_the_players_to_split_the_difficulty():
    s = shared()
    assert s.roll.kind == "shared" and len(s.roll.pools) == 2
    kinds = {a.kind for a in G.legal_actions(s, "player")}
    assert "roll" not in kinds and "part" in kinds  # no dice before every part has its character
    values = sorted(a.args["value"] for a in G.legal_actions(s, "player") if a.kind == "part")
    assert values == [1, 2, 3, 4]  # Ash's part leaves at least 1 for Rust
    s = do(s, "player", "part", pool=0, value=2)
    assert [p.part for p in s.roll.pools] == [2, 3]  # the last takes what is left
    assert "roll" in {a.kind for a in G.legal_actions(s, "player")}
    text = commands.pool_text(G.view(s, "player"))
    assert "Difficulty 5 is split" in text
    assert "1. Ash: 3 dice = Body 3   [part of the Difficulty: 2]" in text
    assert "2. Rust: 2 dice = Body 2   [part of the Difficulty: 3]" in text


def test_each_part_is_rolled_alone_and_only_a_failed_part_pays():
    s = shared(difficulty=4, consequence=["wounded"])
    s = do(s, "player", "part", pool=0, value=2)  # Ash 2, Rust 2
    s = do(s, "player", "roll")
    s = dice(s, 4, 4, 2)  # Ash: 2 successes of 2, held
    s = dice(s, 4, 2)  # Rust: 1 of 2, failed
    r = s.roll
    assert [p.success for p in r.pools] == [True, False] and r.success is False
    assert s.char("ash").loss["body"] == 0 and s.char("rust").loss["body"] == 1
    # the total (3 successes against 4) would fail a team effort too; here Ash's part held alone


def test_each_raises_the_stakes_alone():
    s = shared(difficulty=4)
    s = do(s, "player", "raise", "For Willow.", character="rust", consequence="wounded")
    assert s.roll.pools[1].raised == "wounded" and not s.roll.pools[0].raised
    assert s.roll.pools[1].size() == 3
    s = do(s, "player", "part", pool=0, value=1)
    s = dice(do(s, "player", "roll"), 2, 2, 2)  # Ash fails his 1
    s = dice(s, 2, 2, 2)  # Rust fails her 3
    assert s.char("rust").loss["body"] == 1  # her raised stake
    assert s.char("ash").loss["body"] == 0 and s.roll.applied[0] == {"character": "ash",
                                                                      "consequence": "retreat"}


def test_no_share_when_the_difficulty_cannot_give_each_a_part():
    s = to_pool(start("ash", "rust"), difficulty=1)
    assert "share" not in {a.kind for a in G.legal_actions(s, "player")}
    t = to_pool(start("ash", "rust"), difficulty=3)
    t = do(t, "player", "join", character="rust", attribute="body")
    assert "share" not in {a.kind for a in G.legal_actions(t, "player")}  # a team effort already


def test_split_at_the_prompt_checks_the_parts():
    s = shared(difficulty=5)
    view, legal = G.view(s, "player"), G.legal_actions(s, "player")
    with pytest.raises(CommandError):
        commands.parse("split", "3 3", view, legal, "player")  # 6, not 5
    with pytest.raises(CommandError):
        commands.parse("split", "5 0", view, legal, "player")  # every part at least 1
    actions = commands.parse("split", "4 1", view, legal, "player")
    for a in actions:
        s, _ = G.apply(s, a)
    assert [p.part for p in s.roll.pools] == [4, 1]
    with pytest.raises(RuleError):
        commands.parse("split", "1 1", G.view(to_pool(start("ash")), "player"), [], "player")


def test_whose_dice_a_trait_goes_to_is_named_in_a_shared_scene():
    s = shared(difficulty=4)
    a = commands.parse("raise", "rust: wounded", G.view(s, "player"), G.legal_actions(s, "player"),
                       "player")[0]
    assert a.args == {"character": "rust", "consequence": "wounded"}
    assert find(s, "player", "raise", character="rust", consequence="wounded")
