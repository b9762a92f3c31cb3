"""Issue 41, High Stakes: the journal reads as a story told in one voice, not a transcript of the
table. Live prompts stay on the screen; the GM's words are told of the hero in the third person;
a player's first-person words are quoted as theirs; the sheet is printed once; a scene says what it
cost; the premise's goal (the mage's book) comes back at the climax and the ending answers it; the
epilogue names only what the night held; and every line is consistent with the state (measured
by bench/story.py over 20 seeds)."""
from __future__ import annotations

from functools import cache

import pytest

from bench.story import measure, play
from companion.games.high_stakes import GAME
from companion.journal.render import render_markdown
from companion.session import AI, Session
from companion.story import discourse
from companion.story.voice import OfflineVoice

SEEDS = range(1, 21)


@cache
def night(seed: int) -> Session:
    """A whole night, the player's seat held by a human played by the policy (it makes its own
    character and speaks on its moves, as bench/story.py does)."""
    return play(GAME, seed)[0]


@cache
def autoplay(seed: int) -> Session:
    s = Session.start(GAME, seed, {"player": AI, "gm": AI}, OfflineVoice(GAME, seed), None)
    s.advance()
    return s


def told(s: Session) -> list[dict]:
    return [r for r in s.rows if r.get("type") == "narration" and not r.get("seat")]


def player_words(s: Session) -> list[str]:
    return [" ".join(r["action"]["text"].split()).rstrip(".!?") for r in s.rows
            if r.get("type") == "action" and r["action"].get("seat") == "player"
            and r["action"].get("text")]


@pytest.mark.parametrize("seed", [1, 2, 3, 101])
def test_no_live_prompt_reaches_the_story(seed):
    """'What do you do?' ended the framing of every scene, 13 times in one journal."""
    for s in (night(seed), autoplay(seed)):
        for r in told(s):
            assert discourse.prompts(r["text"]) == [], r["text"]


@pytest.mark.parametrize("seed", [1, 2, 3, 101])
def test_the_story_is_told_in_the_third_person_and_the_players_words_are_theirs(seed):
    """The narration moved between "I" (the player's lines), "you" (the GM) and the hero's name:
    now every told sentence is in the third person outside quotes, unless it is the player's own
    words as they typed them."""
    for s in (night(seed), autoplay(seed)):
        words = [w for w in player_words(s) if len(w.split()) > 2]
        for r in told(s):
            for x in discourse.split(r["text"]):
                if any(w in x for w in words):
                    continue  # the player's own words, as typed
                assert discourse.person(x) == {"third"}, x


def test_a_human_players_first_person_words_are_quoted_as_theirs():
    s = night(4)
    first = [w for w in player_words(s) if discourse.person(w) == {"first"}]
    assert first, "the policy said nothing in the first person: pick another seed"
    text = " ".join(r["text"] for r in told(s))
    for w in first:
        if w in text:
            assert f"“{w}" in text or f"“{w[:1].upper()}{w[1:]}" in text, w


def test_the_trait_list_is_printed_once(tmp_path):
    """The sheet made at the table was printed in the front matter and again as eight
    paragraphs, one per Trait and Relationship."""
    s, _ = play(GAME, 1, tmp_path)
    md = render_markdown(tmp_path / "high-stakes-1.jsonl")
    sheet = (s.view(None).get("debut") or s.view(None)["characters"])[0]  # as made at the table
    names = [t["name"] for t in sheet["traits"]] + [r["name"] for r in sheet["relationships"]]
    assert names
    for name in names:
        assert f"- Traits: " in md and name in md.split("## Scene 1", 1)[0]  # the front matter
        assert f"\n{name[:1].upper()}{name[1:]}.\n" not in md, name  # not a paragraph again


def test_the_epilogue_names_only_what_the_night_held():
    """The epilogue gave Moth 'the black blade' she never had."""
    checked = 0
    for seed in SEEDS:
        s = night(seed)
        ending = [r["text"] for r in told(s) if r.get("kind") == "epilogue"]
        sheets = str(s.view(None)["characters"]).lower()
        if ending and "black blade" not in sheets:
            checked += 1
            assert "black blade" not in ending[-1].lower(), ending[-1]
    assert checked


def test_the_premises_goal_comes_back_at_the_climax_and_the_ending_answers_it():
    """The hero's want (the guild wants the mage's book) is said as the night sets out, again in
    the scene that holds the book, and the epilogue says where the book is at the end."""
    for seed in SEEDS:
        s = night(seed)
        rows = told(s)
        body = " ".join(r["text"] for r in rows if r.get("kind") != "epilogue")
        ending = [r["text"] for r in rows if r.get("kind") == "epilogue"]
        played = s.view(None).get("played", [])
        if len(played) > 1:
            assert "the mage's book" in body, f"seed {seed}: the want is never said"
        if "library" in played:
            assert "came for" in body, f"seed {seed}: the climax does not come back to the want"
        assert ending and "the mage's book" in ending[-1], f"seed {seed}: {ending}"


def test_a_scene_that_cost_something_says_so_once_as_it_closes():
    s = autoplay(101)
    costs = [r["text"] for r in told(s) if "cost Ash" in r["text"] or "poorer by" in r["text"]]
    assert costs
    assert len(costs) == len(set(costs))
    for c in costs:  # one sentence, the losses gathered in it
        assert len([x for x in discourse.split(c) if "cost" in x or "poorer" in x]) == 1


@pytest.mark.slow  # twenty seeds
def test_every_line_is_consistent_with_the_state_over_twenty_seeds():
    """A thing a line names is one the state holds there, and one the story brought in before
    naming it as known (bench/story.py's check)."""
    for seed in SEEDS:
        s, stalled = play(GAME, seed)
        m = measure(s, stalled)
        assert m["unfit"] == 0, m["problems"]
        assert m["prompts"] == 0


def test_the_same_try_again_is_gathered_into_its_outcome():
    """Trying the same thing again was a declaration and an outcome each time (a fight in one-line
    exchanges): the repeated try is told once, as its outcome ("On the third try, ...")."""
    from companion.games.high_stakes.plan import AGAIN

    s = autoplay(101)
    lines = [x for r in told(s) for x in discourse.split(r["text"])]
    assert any(x.startswith("On the third try, ") for x in lines)
    again = tuple(a.strip() for a in AGAIN)
    assert not [x for x in lines if x.startswith(again)]


def test_an_outcome_the_player_lets_pass_is_still_told():
    """Enter at 'Narrate how you succeed' left the scene with no turn in the story."""
    from companion.games.high_stakes.narrate import Narrator
    from companion.story.voice import Beat, NarrationMemory
    from tests.high_stakes.drive import G, dice, do, start, to_pool

    s = dice(do(to_pool(start("ash")), "player", "roll"), 4, 4, 4)
    narrate = next(a for a in G.legal_actions(s, "player") if a.kind == "narrate")
    after, events = G.apply(s, narrate)  # no words: the player let it pass
    told = Narrator(5).narrate(Beat(step=9, action=narrate, events=events,
                                    view=G.view(after, None)), NarrationMemory(seed=5))
    assert told and discourse.person(told) == {"third"}
    assert any(w in told for w in ("works", "manages", "planned")), told


def test_the_bench_counts_only_the_human_seats_words_as_the_players():
    """bench/story.py took every seat's text for the player's: the GM's words (an AI seat's)
    were left out of the told sentences it counts, so High Stakes looked terser than it reads."""
    s = night(1)
    gm = [" ".join(r["action"]["text"].split()) for r in s.rows if r.get("type") == "action"
          and r["action"].get("seat") == "gm" and r["action"].get("text")]
    sentences = [x for r in told(s) for x in discourse.split(r["text"])]
    assert any(w.rstrip(".!?") in x for w in gm for x in sentences), "the GM said nothing told"
    words = [w.lower() for w in player_words(s) if len(w.split()) > 2]
    ours = [x for x in sentences if not any(w in x.lower() for w in words)]
    theirs = len(sentences) - len(ours)
    assert theirs and measure(s)["counted"] >= len(ours) - 2  # the bench matches by sentence


def test_a_way_taken_as_said_is_not_told_with_another_ways_consequence():
    """The GM rolled a climb to a balcony 'as said' against the scene's first open problem (the
    lion-mouth lock) and told that problem's words when it failed: 'The lock beats Rust'. The
    adventure's words fit its own ways; the player's own way fails in the rules' words."""
    from companion.games.high_stakes.plan import current_plan
    from companion.story.voice import NarrationMemory
    from tests.high_stakes.drive import G, dice, do
    from tests.high_stakes.test_ai import declared, run_gm
    from companion.games.high_stakes.narrate import Narrator

    s = run_gm(declared("house_front", "I climb up the drainpipe to the first-floor balcony."))
    plan = current_plan(GAME.view(s, "gm"))
    assert s.roll.problem == "door" and plan["as_said"]
    assert "lock" not in plan.get("consequence_text", "")  # the GM's words before the dice
    s = do(s, "player", "roll")
    s = dice(s, *([2] * s.roll.pools[0].size()))
    a = G.legal_actions(s, "gm")[0]
    assert a.kind == "narrate"
    told = Narrator(0).write(a, GAME.view(s, "gm"), NarrationMemory(seed=0))
    assert told and "lock" not in told.lower(), told


_FAILED = ("it is not enough", "it goes wrong", "the night will not have it", "not well enough")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_outcome_never_retells_the_try_just_told_and_is_one_sentence(seed):
    """Read aloud (telling3, issue 41): "Ash looks for the book the mage was reading last. Ash
    tries to look for the book the mage was reading last; the night will not have it. The candle
    gutters and time runs short." The try is told once; its outcome says what came of it, in one
    sentence ("It goes wrong: something Ash carried is gone.")."""
    s = night(seed)
    names = [c.name for c in s.state.characters]
    lines = [x for r in told(s) for x in discourse.split(r["text"])]
    retold = [x for x in lines if any(x.startswith(f"{n} tries to ") for n in names)
              and any(f in x for f in _FAILED)]
    assert not retold, retold
    alone = [x for x in lines if x.rstrip(".").lower() in _FAILED + ("not this time", "it fails")]
    assert not alone, alone  # a failure is told with what it cost, not in a sentence of its own


def test_a_thing_made_true_is_one_sentence_with_its_telling():
    """"With a 6 it becomes true. One of the dogs licks her hand afterwards and follows her." was
    two sentences for one beat; a thing made true is told in one."""
    import re

    from companion.games.high_stakes.ending import made_true
    from companion.story.voice import NarrationMemory

    for n in range(12):
        line = made_true("One of the dogs licks my hand and follows me.", "Ash",
                         NarrationMemory(seed=n), {"scene_count": n, "seed": n}, own=True)
        assert len(discourse.split(line)) == 1 and not re.search(r": [A-Z]", line), line
    # a name leads it: its own sentence, the capital kept
    line = made_true("Willow left the gate open", "Ash", NarrationMemory(seed=1), {"seed": 1})
    assert line == "Willow left the gate open."


def test_routine_events_are_told_in_at_most_one_sentence_per_three():
    """Issue 41's measure over 20 seeds (bench/story.py's sent/routine): 0.37 on main before."""
    runs = [measure(night(seed)) for seed in SEEDS]
    told_ = sum(m["routine_told"] for m in runs)
    events = sum(m["routine"] for m in runs)
    assert told_ * 3 <= events, (told_, events)


def test_the_epilogue_names_a_place_without_the_aside_after_its_comma():
    """Seen (seed 33): "It was the villa gate, by a smoky lantern that decided the night"."""
    import copy

    from companion.games.high_stakes.data import load
    from companion.games.high_stakes.ending import told_ending
    from companion.story.voice import NarrationMemory

    scenes = [sc for sc in load().scenes.values() if ", " in sc.place]
    assert scenes
    s = night(1)
    end = next(e for r in s.rows if r.get("type") == "action" for e in r.get("events", [])
               if e["kind"] == "story_end")["data"]
    for sc in scenes:
        view = copy.deepcopy(GAME.view(s.state, None))
        rolls = [h for h in view["history"] if h.get("roll") and not h.get("contest")]
        rolls[-1]["scene_id"] = sc.id  # the night turned there, and ended there
        memory = NarrationMemory(seed=1)
        memory.fabula = s.memory.fabula.at(place=sc.place)
        ending = told_ending(view, end, memory)
        assert sc.place not in ending and sc.place.split(", ")[0] in ending, ending
