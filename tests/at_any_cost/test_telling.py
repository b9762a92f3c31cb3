"""The telling never runs ahead of the story, and never tells the same thing twice (issue 37).

* A stage the Antagonist could not open is told as a quiet stretch, and the small print says why.
* A threat names what is at risk; an Anchor is told as lost only at the sacrifice that takes it:
  read over the rendered journals of 100 autoplays, a sentence that tells a kept Anchor as taken
  fails.
* A place's other names each hold a word of its own name (the Lair's depths, not "the
  stronghold"), so a reader never takes them for another place.
* No frame (a sentence with names, quotes and the cards' and places' words masked) is told twice
  in a game, and the player's words are quoted back at most once outside the epilogue.
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.words import narration_data
from companion.journal.render import story
from companion.session import AI, Session
from companion.story import pronouns
from companion.story.nouns import here
from companion.story.template import Character
from companion.story.voice import NarrationMemory
from companion.story import lemmas, weave
from companion.story.memory import sentences
from companion.story.voice import OfflineVoice
from tests.helpers import told

# What telling an Anchor as taken says (any inflection: "loses", "stolen", "gave up").
TAKEN = ("lose", "steal", "give up", "sacrifice", "destroy", "take away", "be gone", "that go",
         "cost")


def test_a_stage_with_no_challenge_is_a_quiet_stretch_and_the_small_print_says_why(tmp_path):
    # seed 5: in stage 4 Underground (Tool, Luck) the Antagonist holds no Tool or Luck card
    text = told(tmp_path, "at-any-cost", 5)
    stage = text.split("## Stage 4")[1].split("## Stage 5")[0]
    assert "<sub>No challenge at the Underground: the Antagonist holds no card with its tags " \
           "(Tool, Luck), and the hero moves on.</sub>" in stage
    story_lines = [x for x in stage.splitlines()[1:] if x and not x.startswith("<sub>")]
    assert len(story_lines) == 2, story_lines  # the arrival, then the quiet stretch told
    assert "folds" not in stage
    # s14 (the brief's "empty stages"): the quiet stretch was any stage's ("finds time to think
    # about the road behind and the road ahead"); it is told by what the hero still holds, the
    # things the kept Anchors' answers name
    assert "the braided ribbon" in story_lines[1] and "Tamsin keeps" in story_lines[1], stage
    assert "| 4 | Underground | no challenge set | 0 · 0 |" in text


def _journal(seed: int, path) -> Session:
    s = Session.start(GAME, seed, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, seed),
                      path)
    s.advance()
    assert s.is_over()
    return s


def told_as_taken(sentence: str, anchors: list[str]) -> list[str]:
    """The Anchors (ids) among ``anchors`` that ``sentence`` names as they are told to go."""
    n = narration_data()
    named = [a for a in anchors
             if re.search(rf"\b{re.escape(n.anchors[a].name.words)}\b", sentence, re.I)]
    if named and any(lemmas.says(sentence, phrase) for phrase in TAKEN):
        return named
    return []


def test_the_detector_reads_the_sentence_the_issue_quotes():
    said = "A street urchin with quick hands slips close and steals, and it is their dignity " \
           "that goes."
    assert told_as_taken(said, ["dignity", "youth"]) == ["dignity"]
    assert told_as_taken("Greed wants her dignity most of all.", ["dignity"]) == []


@pytest.mark.slow
def test_an_anchor_is_told_as_taken_only_when_it_is_lost(tmp_path):
    """Over the rendered journals of 100 autoplays: every sentence of the story that names an
    Anchor as it goes names one lost at the end, and names none still kept (unless it says what
    was kept beside what was lost, as an epilogue does)."""
    wrong = []
    for seed in range(1, 101):
        path = tmp_path / f"aac-{seed}.jsonl"
        s = _journal(seed, path)
        kept = list(s.state.anchors)
        lost = list(s.state.anchors_lost)
        for kind, text in story(path).blocks:
            if kind != "narration":
                continue
            for sentence in sentences(text):
                if told_as_taken(sentence, kept) and not told_as_taken(sentence, lost):
                    wrong.append((seed, sentence))
    assert not wrong, wrong[:5]


def test_a_places_other_names_each_hold_a_word_of_its_own_name():
    """By dictionary forms, whole or as part of a compound: "ruined walls" (ruin) for the Ruins,
    "the mountainside" for the Mountain, "the wastes" for the Wasteland."""
    n = narration_data()

    def forms(text: str) -> set[str]:
        return {f for t in lemmas.tokens(text) for f in t.lemmas if len(f) > 3}

    for loc in GAME.data.locations:
        own = forms(loc.name)
        for phrase in n.places[loc.id].np:
            theirs = forms(phrase.words)
            assert any(a in b or b in a for a in own for b in theirs), (loc.name, phrase.words)


def frames(seed: int) -> tuple[Counter, Counter]:
    """The frames told in one bench journal (bench/story.py: the human seat speaks), and how
    often each sentence of the player's is quoted back outside the epilogue."""
    from bench.story import play, skeleton
    from companion.journal.store import timeline

    s, _ = play(GAME, seed)
    rows = timeline(s.header, s.rows).rows
    n = narration_data()
    phrases = {p.words for group in (n.cards, n.places) for w in group.values() for p in w.np}
    phrases |= {a.name.words for a in n.anchors.values()}
    names = [p.name for p in s.memory.fabula.cast.values()]
    theirs = {x for r in rows if r["type"] == "action" and r["action"].get("text")
              for x in sentences(weave.prose(r["action"]["text"]))}
    said = {r["n"]: weave.prose(r["action"]["text"]).rstrip(".!?") for r in rows
            if r["type"] == "action" and r["action"].get("text")}
    shapes: Counter = Counter()
    quoted: Counter = Counter()
    for r in rows:
        if r["type"] != "narration" or r.get("seat"):
            continue
        for sentence in sentences(r["text"]):
            if sentence in theirs:
                continue  # the player's own words told as the story
            if r["n"] in said and said[r["n"]] in sentence:
                continue  # the player's words told at their move, quoted as the hero's speech
            shape = skeleton(sentence, names)
            for p in sorted(phrases, key=len, reverse=True):
                shape = re.sub(rf"\b(?:an?|the|some|his|her|their|its) {re.escape(p)}\b|"
                               rf"\b{re.escape(p)}\b", "X", shape)
            shapes[shape] += 1
            if r.get("kind") != "epilogue":
                for q in re.findall(r"“([^”]*)”", sentence):
                    quoted[q.strip(" .,!?").lower()] += 1
    return shapes, quoted


@pytest.mark.parametrize("seed", range(1, 21))
def test_no_frame_is_told_twice_and_no_words_quoted_back_twice(seed):
    shapes, quoted = frames(seed)
    assert [f for f, k in shapes.items() if k > 1] == []
    assert [q for q, k in quoted.items() if k > 1] == []


@pytest.mark.parametrize("width", [80, 100])
def test_the_status_bar_wraps_between_fields_and_keeps_its_last_ones(width):
    """The longest bar a stage can have (stage 1: four tags in play, a two-word place)."""
    from companion.games.at_any_cost.commands import toolbar
    from tests.at_any_cost.states import challenge

    s = challenge(stage=1, location="place-of-learning", protagonist_hand=("agile",) * 1,
                  antagonist_played=("legendary-creature",))
    bar = toolbar(GAME.view(s, "protagonist"), width)
    lines = bar.split("\n")
    assert all(len(x) <= width - 1 for x in lines), lines
    fields = [f.strip() for x in lines for f in x.split(" · ")]
    assert fields[0] == "Stage 1" and fields[-2:] == ["anchors 5", "[F1] help"], fields
    assert "tags Soul Mind Ally Tool Body Luck" in fields  # never cut inside a field
    narrow = toolbar(GAME.view(s, "protagonist"), 40).split("\n")
    assert len(narrow) > 1 and all(not x.startswith(" · ") for x in narrow)


@pytest.mark.parametrize("seed", range(1, 21))
def test_the_climax_comes_back_to_what_the_hero_set_out_for_and_the_ending_answers_it(
        tmp_path, seed):
    """Issue 41: the premise's goal (the story seed's want: "a cure for a dying parent") is named
    when the climax begins and answered in the epilogue, after the hero's losses are told."""
    path = tmp_path / f"aac-{seed}.jsonl"
    s = _journal(seed, path)
    wanted = GAME.data.story_seed(s.state.map[0], s.state.map[4]).want
    assert wanted
    blocks = story(path).blocks
    climax = next(i for i, (kind, text) in enumerate(blocks)
                  if kind == "heading" and text.startswith("Stage 5"))
    arrival = next(text for kind, text in blocks[climax:] if kind == "narration")
    there = [p.words for p in narration_data().places[s.state.map[4]].np]
    assert here(wanted, there) in arrival, arrival  # told there: without its "there"
    ending = [r["text"] for r in s.rows if r["type"] == "narration"
              and r.get("kind") == "epilogue"][-1]
    assert ("narration", ending) in blocks  # on the page, not only in the record
    assert wanted in sentences(ending)[-1], ending


def test_what_the_hero_set_out_for_is_told_at_its_place_without_naming_the_place_again():
    """Played (session 11): "It is on the mountain that Wren will find a fortune on the
    enchanted mountain": the want, worded from the start of the road, was told on the mountain
    as if the mountain were still ahead. At the climax's place the want is told without it."""
    from companion.games.at_any_cost.telling import climax_want

    for first, last, there, bare in (("farm", "mountain", "mountain", "a fortune"),
                                     ("place-of-learning", "farm", "farm", "the fabled plant")):
        view = {"map": [{"location": first}, {}, {}, {}, {"location": last}]}
        values = {"hero": Character(name="Wren", pronouns=pronouns.SHE),
                  "place": narration_data().places[last].name}
        told = [climax_want(view, values, NarrationMemory(seed=n), "stage-5", random.Random(n))
                for n in range(12)]
        for text in told:
            assert bare in text and text.count(there) <= 1, text
