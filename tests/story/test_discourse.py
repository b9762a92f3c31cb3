"""The discourse step (companion/story/discourse.py): select, gather, refer, shape, one point of
view, no live prompt on the page."""
from __future__ import annotations

import pytest

from companion.story import discourse as d


def test_listing_is_english_and_bounded():
    assert d.listing(["mint", "tea", "a comfrey wrap"]) == "mint, tea and a comfrey wrap"
    assert d.listing(["mint", "tea", "mint"]) == "mint and tea"  # a repeat is said once
    assert d.listing(["mint", "tea", "a comfrey wrap", "a knot"], most=3) == \
        "mint, tea, a comfrey wrap and more"
    assert d.listing(["faith"]) == "faith"
    assert d.listing([]) == ""


def test_times_and_ordinals():
    assert [d.times(n) for n in (1, 2, 3, 11)] == ["once", "twice", "three times", "eleven times"]
    assert d.ordinal(2) == "second" and d.ordinal(21) == "twenty-first"
    with pytest.raises(ValueError, match="one or more"):
        d.times(0)


def test_select_keeps_the_beats_that_carry_a_scene():
    units = [d.Unit("buy", "Nella buys mint.", item="mint", key="shop"),
             d.Unit("buy", "Nella buys tea.", item="tea", key="shop"),
             d.Unit("fight", "The bat bites.", role="loss"),
             d.Unit("buy", "Nella buys a wrap.", item="a wrap", key="shop")]
    told, routine = d.select(units)
    assert [u.text for u in told] == ["The bat bites."]
    assert [u.item for u in routine] == ["mint", "tea", "a wrap"]


def test_gather_joins_a_run_of_one_kind_not_across_a_salient_beat():
    units = [d.Unit("buy", item="mint", key="shop"), d.Unit("buy", item="tea", key="shop"),
             d.Unit("buy", item="rope", key="smith"), d.Unit("fight", "Bitten.", role="loss"),
             d.Unit("fight", "Bitten again.", role="loss"),
             d.Unit("buy", item="a wrap", key="smith")]
    runs = d.gather(units)
    assert [(r.kind, r.key, r.items) for r in runs] == [
        ("buy", "shop", ["mint", "tea"]), ("buy", "smith", ["rope"]),
        ("fight", None, ["Bitten."]), ("fight", None, ["Bitten again."]),
        ("buy", "smith", ["a wrap"])]


def test_told_share_counts_events_with_a_sentence_of_their_own():
    assert d.told_share([(3, 1), (1, 1)]) == 0.5
    assert d.told_share([(2, 5)]) == 1.0
    assert d.told_share([]) == 0.0


def test_a_thing_is_brought_in_before_it_is_named_as_known():
    r = d.Referents(["crabby mudcrab", "drakee bat", "Old Sigrun"])
    line = "Nella swings at the crabby mudcrab while the drakee bat circles."
    assert r.unintroduced(line) == ["crabby mudcrab", "drakee bat"]
    assert r.mention("crabby mudcrab") == "a crabby mudcrab"  # the first mention brings it in
    assert r.mention("crabby mudcrab") == "the crabby mudcrab"
    assert r.unintroduced(line) == ["drakee bat"]
    r.meet("A drakee bat drops from the rafters.")
    assert r.unintroduced(line) == []
    assert r.unintroduced("Old Sigrun nods.") == []  # a proper name needs no article
    assert r.mention("Old Sigrun") == "Old Sigrun"


def test_names_are_matched_whole_and_the_longest_first():
    r = d.Referents(["bat", "drakee bat"])
    assert r.named("The drakee bat flaps; a batter waits.") == ["drakee bat"]


def test_shape_tells_each_part_once_in_order():
    s = d.Shape(want="Ash wants the book", obstacle="the golem bars the corridor",
                turn="he dives into the dumbwaiter shaft", cost="")
    assert s.told() == ("Ash wants the book. The golem bars the corridor. He dives into the "
                        "dumbwaiter shaft.")
    assert d.Shape(want="x", obstacle="x").parts() == ["X."]


@pytest.mark.parametrize("text,expected", [
    ("She climbs the wall.", {"third"}),
    ("I climb the wall.", {"first"}),
    ("You drop into a courtyard.", {"second"}),
    ("“I will not kneel,” she says.", {"third"}),  # quoted words are the speaker's
    ("'Who sent you, child?' he asks.", {"third"}),
    ("'Don't,' she says to you.", {"second"}),
])
def test_point_of_view_outside_quotes(text, expected):
    assert d.person(text) == expected


def test_live_prompts_are_found_and_left_off_the_page():
    t = ("Bruised and tied to a chair, Ash faces Agramelus. 'Who sent you, child? Where is my "
         "book?' His spells slide off him. What do you do?")
    assert d.prompts(t) == ["What do you do?"]
    assert d.without_prompts(t) == ("Bruised and tied to a chair, Ash faces Agramelus. 'Who sent "
                                    "you, child? Where is my book?' His spells slide off him.")
    assert d.prompts("Easy enough. What now?") == ["What now?"]
    assert d.prompts("Was it the wind? Nobody knew.") == []  # a question the story asks itself
    assert d.without_prompts("What do you do?\n\nThe bell rings.") == "The bell rings."


def test_split_keeps_a_quote_whole():
    assert d.split("Rust hugs her knees. 'The books were heavy,' she says. 'Be careful.'") == [
        "Rust hugs her knees.", "'The books were heavy,' she says.", "'Be careful.'"]
