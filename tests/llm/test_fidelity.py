"""The fidelity check: names in play or in view, hidden names, banned topics and veils."""
from __future__ import annotations

from companion.core.game import Action
from companion.llm.fidelity import Checker, checker_for, mentions, rules_names


def test_names_count_when_written_as_names():
    assert mentions("The road turns. Then the Wild beasts come.", "Wild beasts")
    assert not mentions("Wild beasts come down the hill.", "Wild beasts")  # sentence start
    assert not mentions("she casts a spell and is kind", "A spell")
    assert not mentions("she is kind.", "Kind")
    assert mentions("and the Map burns", "Map") and not mentions("the Mapmaker", "Map")
    assert mentions("Wild beasts come.", "Wild beasts", strict=True)  # hidden: anywhere
    assert mentions("the storm gathers", "Storm", strict=True)


def test_partial_text_waits_for_the_word_to_end():
    assert not mentions("and the Map", "Map", partial=True)  # may become "Maple"
    assert mentions("and the Map.", "Map", partial=True)


def test_checker_allows_what_the_view_or_move_holds(game, request_for):
    req = request_for()
    check = checker_for(game, req.view, req.legal[0], label=req.labels[0], seat="villain")
    assert check.problems("Then the Grey Wolf howls.") == []  # the card played
    assert "hidden" in check.problems("the Sudden Storm waits")[0]  # still in hand
    assert "not in play or in view" in check.problems("and the Silver Sword gleams")[0]


def test_banned_and_veiled_topics():
    check = Checker(banned=("spiders",), veils=("blood",))
    assert "banned" in check.problems("Spiders everywhere.")[0]
    assert "veiled" in check.problems("There was blood.")[0]
    assert check.longest == len("spiders") + 1


def test_at_any_cost_names_come_from_its_rules_data():
    names = rules_names("at-any-cost")
    assert {"Wild beasts", "Farm", "Heirloom", "Call to adventure"} <= names


def test_a_games_own_check_runs_on_the_finished_text(game):
    import fakegame.narrate as hooks

    hooks.check_narration = lambda text, action, view: ["says fold"] if "fold" in text else []
    try:
        check = checker_for(game, {}, Action(seat="hero", kind="play", args={"card": "sword"}))
        assert check.problems("I fold") == ["says fold"]
        assert check.problems("I fold", partial=True) == []
    finally:
        del hooks.check_narration


def test_echoed_markup_is_not_accepted_as_narration():
    from companion.llm.fidelity import Checker, is_prose

    assert not is_prose("[0]Maze-like 1[")  # seen from SmolLM2-135M in a live game
    assert not is_prose('{"action": 2}')
    assert not is_prose("1. 2. 3.")
    assert is_prose("Rain.")
    assert is_prose("The maze closes in, wall after wall, and Wren keeps walking.")
    assert Checker().problems("[0]Maze-like 1[") == [
        "is not prose: tell the move in sentences of words, without markup"]
    assert Checker().problems("The maze closes in around Wren.") == []
