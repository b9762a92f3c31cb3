"""A character's name: one to four words, no sentence in it, capitals for an all-lower-case one."""
from __future__ import annotations

import pytest

from companion.story import names


@pytest.mark.parametrize("typed, written", [
    ("Wren", "Wren"), ("ash  tanager", "Ash Tanager"), ("de la Cruz", "de la Cruz"),
    ("J. R. Hale", "J. R. Hale"), ("St. Clair", "St. Clair"), ("Mary-Jo O'Neil", "Mary-Jo O'Neil"),
])
def test_names_are_kept_as_the_story_writes_them(typed, written):
    assert names.check(typed) == written


@pytest.mark.parametrize("typed", [
    "Wren goes on, quiet and watchful.", "Your move told as story", "Wren -- the brave", "",
    "...", "Why?", "x" * 41, "Wren (the brave)", "She walks.", "she", "They",
])
def test_a_sentence_is_no_name(typed):
    with pytest.raises(ValueError, match="e.g. Wren"):
        names.check(typed)


def test_a_models_name_must_start_with_a_capital():
    assert names.is_name("Wren") and not names.is_name("wren")
    assert not names.is_name("Your move told as story")  # five words


@pytest.mark.parametrize("text", ["To Rhosyn", "The Wanderer", "Of Ash", "For Mara", "The", "A"])
def test_a_models_name_does_not_start_with_an_article_or_a_preposition(text):
    assert not names.is_name(text)
    assert names.is_name("Aldo the Bold") and names.is_name("Tamsin Reed")


def test_a_player_may_still_type_a_titled_name():
    assert names.check("The Grey Lady") == "The Grey Lady"


@pytest.mark.parametrize("typed, head", [
    ("Ottilie Marsh, a ferrywoman's girl who cannot swim", "Ottilie Marsh"),
    ("ash tanager -- once a soldier, now a thief", "Ash Tanager"),
    ("Brannoc (the smith's son)", "Brannoc"),
])
def test_a_name_typed_with_who_the_hero_is_is_refused_with_the_name_alone_as_the_example(typed, head):
    with pytest.raises(ValueError) as err:
        names.check(typed)
    assert str(err.value).endswith(f"type the name alone, e.g. {head}")


def test_a_sentence_with_no_name_before_its_comma_gets_the_plain_example():
    with pytest.raises(ValueError) as err:
        names.check("Wren goes on and on and on, quiet and watchful.")
    assert "e.g. Wren or Ash Tanager" in str(err.value)
