"""Issue 41, At Any Cost: the telling reads as a story in one voice and one tense. Lines the lead
read aloud at seed 12 (hero Odo Threnwick) and the bench's one sentence per three routine events."""
from __future__ import annotations

import re

from companion.games.at_any_cost.telling import library
from companion.story.template import Character, render
from companion.story import pronouns
from companion.story.grammar import Phrase


def test_the_antagonists_answer_is_told_in_the_present_like_the_road():
    """'Odo Threnwick had made a start, and the road is the reply': a past perfect beside the
    present the whole road is told in. The answer to the player's words is in the present (what
    the hero has just said or done: the present perfect)."""
    hero = Character(name="Odo Threnwick", pronouns=pronouns.HE)
    threat = Phrase(words="road", form="the")
    dear = Phrase(words="mule", form="the")
    for st in library().storylets:
        if st.group != "answer":
            continue
        for template in st.text:
            text = render(template, {"hero": hero, "threat": threat, "dear": dear,
                                     "oath": "that he would never sell the mule"})
            bare = text.replace("as if the road had heard", "")  # "as if" takes the past
            assert not re.search(r"\b(had|was|were|rose|came|meant)\b", bare), (st.id, text)
