"""Issue 42: a Trait in any sentence. Played: "Elsabet grows knows the Duke's secret", "Elsabet
is no longer knows the Duke's secret". A Trait's words are read once (traits.py) as an adjective,
a verb phrase or a noun phrase, and each form is told in its own frames. Every template and
storylet that tells a Trait is rendered here with Traits of one, three and six words in each form,
on a singular and a plural Asset, and the sentence is checked."""
from __future__ import annotations

import re

import pytest

from companion.games.becoming.narrate import narration_data, with_trait
from companion.games.becoming.traits import parse
from companion.story.grammar import Phrase
from companion.story.lemmas import lemmas_of
from companion.story.pronouns import SHE
from companion.story.template import Character, render

SAMPLES = {
    "adj": ["shaken", "quick to anger", "slow to trust anyone at all",
            "owed a debt"],  # played: "Captain Idris is left with owed a debt" (our own Trait)
    "vp": ["hesitates", "knows the secret", "never forgets a face or debt"],
    "np": ["courage", "a bad temper", "a temper like a struck match", "broken promise"],
}
ASSETS = [Phrase(words="Elsabet", form="name"), Phrase(words="quick wits", form="pl")]
KEYS = ("agent_trait", "trait_positive", "trait_negative", "trait_spent", "trait_removed")
# what may come straight before each form's words, and what never may
NOT_BEFORE = {"vp": r"\b(is|are|was|grows|grow|left|made|with|in|of|longer \w+)",
              "np": r"\b(is|are|grows|grow|left|made)",
              "adj": r"\b(gains|gain|carries|carry|loses|lose|with)"}


def test_each_form_is_read_from_the_words():
    for form, names in SAMPLES.items():
        for name in names:
            assert parse(name).form == form, name


@pytest.mark.parametrize("form", sorted(SAMPLES))
def test_every_trait_template_tells_every_form_grammatically(form):
    data = narration_data().templates
    for name in SAMPLES[form]:
        for asset in ASSETS:
            for key in KEYS:
                v = {"hero": Character(name="Ilse", pronouns=SHE),
                     "fate": Character(name="Veyla", pronouns=SHE), "asset": asset}
                told_key = with_trait(key, v, name)
                assert told_key in data, told_key
                words = v["trait"]
                if form == "vp":  # the verb agrees with its Asset
                    verb = words.split()[0] if words.split()[0] != "never" else words.split()[1]
                    assert verb.endswith("s") == (asset.form != "pl"), (asset, words)
                    assert lemmas_of(verb) & lemmas_of(name.split()[name.startswith("never")])
                for t in data[told_key]:
                    text = render(t, v)
                    assert "{" not in text and "[" not in text, (told_key, t)
                    assert words in text, (told_key, text)
                    before = text.split(words)[0]
                    assert not re.search(NOT_BEFORE[form] + r"\s*\(?$", before), (told_key, text)
                    assert not re.search(r"\b(is|are) no longer (knows?|hesitates?|never)\b", text)
                    if asset.form == "pl":
                        assert not re.search(r"quick wits (is|grows|gains|carries|loses|bears|"
                                             r"comes|knows|hesitates)\b", text, re.I), text


def test_a_player_names_a_trait_of_six_words():
    from companion.games.becoming.commands import TRAIT_WORDS
    assert TRAIT_WORDS >= 6


def test_a_price_names_a_trait_of_any_form():
    """Played (issue 42, tmux): "two dice, for what is knows every child by name in Mercy"."""
    from companion.games.becoming.narrate import cost_words
    for name, want in (("knows every child by name", "“knows every child by name” from Mercy"),
                       ("a temper like a struck match", "“a temper like a struck match” from"),
                       ("gentle", "what is gentle in Mercy")):
        view = {"assets": [{"id": "mercy", "traits": [{"name": name, "positive": True}]}]}
        assert cost_words("remove_positive", "mercy", view).startswith(want)


def test_an_assets_marks_are_listed_together_whatever_their_words():
    """Played (session 12): "Ysolde turns what has gone wrong in Brannagh against them: Captain
    Idris bitter, Captain Idris with owed a debt, ...": "Owed a Debt" is said of the Asset as
    "bitter" is, so one Asset's marks go together."""
    from companion.games.becoming.telling import marks_text
    from companion.story.voice import NarrationMemory

    memory = NarrationMemory(seed=1)
    memory.used.add("epithet|captain")  # named before: by its short name
    told = marks_text([(1, "captain", "trait", "Bitter"), (2, "captain", "trait", "Owed a Debt"),
                       (3, "steady_hand", "trait", "Cracked")], memory)
    assert told.startswith("Captain Idris bitter and owed a debt") and told.count("Idris") == 1
