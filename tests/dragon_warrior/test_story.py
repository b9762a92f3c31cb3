"""The story layer for Dragon & Warrior (issue 22/25): the fabula adapter, a stake in the Warrior's
own words taken up when its battle ends, and the session's told epilogue."""
from __future__ import annotations

from companion.journal.store import read, timeline
from companion.story.fabula import HERO
from companion.story.memory import sentences


def test_the_fabula_holds_the_hero_the_quest_and_the_battles(quest_run):
    s, _ = quest_run
    f = s.memory.fabula
    assert f.cast[HERO].name == s.state.warrior.name
    assert f.fact_keys("quest:") and f.fact_keys("answer:") and f.fact_keys("foe:")
    assert len(f.outcomes) == s.state.battles


def test_the_session_ends_with_an_epilogue_of_this_session(quest_run):
    s, path = quest_run
    header, rows, _, _ = read(path)
    told = [r for r in timeline(header, rows).rows if r["type"] == "narration"]
    ending = [r for r in told if r.get("kind") == "epilogue"]
    assert len(ending) == 1 and ending[0] is told[-1]
    text = ending[0]["text"]
    assert len(sentences(text)) >= 5 and len(ending[0]["particulars"]) >= 3
    assert s.state.town in text
    before = {x for r in told[:-1] for x in sentences(r["text"])}
    assert not set(sentences(text)) & before  # no sentence told earlier


def test_the_warriors_words_on_a_fight_are_a_stake_taken_up_when_it_ends(tmp_path):
    from companion.core.game import Action
    from companion.games.dragon_warrior import GAME
    from companion.games.dragon_warrior.fabula import feed
    from companion.games.dragon_warrior.arena import explore_state
    from companion.story.fabula import Fabula
    from companion.story.voice import Beat

    s = explore_state(here="area-1")
    a = Action(seat="warrior", kind="fight", text="the scarecrow will not touch the barley")
    s2, events = GAME.apply(s, a)
    f = feed(Fabula(), Beat(step=7, action=a, events=events, view=GAME.view(s2, None)))
    st = f.stake(f"battle-{s.battles + 1}")
    assert st is not None and st.open and "barley" in st.words
