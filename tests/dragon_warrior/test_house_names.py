"""A house is named for whoever lives there as the town knows them: the Warrior's sister Odile's
house is "the house of Odile", never "the house of the sister Odile" (the player's "My sister
Odile" with its "My" turned into "the")."""
from __future__ import annotations

import subprocess
import sys

import pytest

from companion.games.dragon_warrior.narrate import named_in_answers


def _named(answer: str, hero: str = "Bran") -> list[str]:
    return named_in_answers({"warrior": {"name": hero},
                             "questions": [{"question": "Who do you care about most?",
                                            "answer": answer}]})


@pytest.mark.parametrize("answer, want", [
    ("My sister Odile, who mends the nets", "Odile"),
    ("My older sister Mab, who fixes everything and asks for nothing.", "Mab"),
    ("my best friend Tomas the tanner", "Tomas the tanner"),
    ("My Aunt Greta, who wanted the farm", "Aunt Greta"),
    ("My mother, who pretends not to worry", "Bran's mother"),
    ("The miller's daughter in Fernholt, who writes me letters", "the miller's daughter"),
    ("Old Garrick the smith, whose son I beat", "Old Garrick the smith"),
])
def test_the_person_named_in_an_answer_is_named_as_the_town_knows_them(answer, want):
    assert _named(answer) == [want]


def test_a_played_town_has_odiles_house_and_the_story_says_she_lives_there(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("\n\nyes talking animals\ndone\nbuild default\nBran\npronouns he\nLantern\n"
                      "keeps a pressed flower from every town\nThe king's cold hands\n"
                      "My sister Odile, who mends the nets\n"
                      "My cousin, who never forgave me\nmap\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "companion", "play", "dragon-warrior", "--seed",
                          "41", "--script", str(script), "--journal", str(tmp_path / "j.jsonl")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = " ".join(run.stdout.split())
    assert "the house of Odile" in out and "the sister Odile" not in out
    assert "the house of Bran's cousin" in out and "the house of the cousin" not in out
    assert "Odile and Bran's cousin live there, just as Bran said." in out


def test_a_quest_item_keeps_its_whole_name():
    """Played (seed 27): the last chest held "a whistle carved from a", its "dragon's rib" taken
    for the look ("a brass key with a" in seed 1)."""
    from companion.core.game import Action
    from companion.games.dragon_warrior.world import apply_treasure
    from companion.games.dragon_warrior.arena import explore_state

    s = explore_state(here="house-1")
    for text in ("a whistle carved from a dragon's rib", "a brass key with a tooth missing"):
        _, events = apply_treasure(s, Action(seat="treasure", kind="give", text=text,
                                             args={"kind": "quest", "level": 0}))
        found = next(e for e in events if e.kind == "item_found")
        assert found.data["name"] == text, found.data
