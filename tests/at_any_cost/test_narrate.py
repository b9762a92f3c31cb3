"""Offline narration: real sentences from the story toolkit, varied, seeded, never repeated, and
respectful of the player's words, lines and the X-card."""
from __future__ import annotations

import re
from itertools import islice

import pytest

from companion.session import AI, Session
from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.narrate import SLOTS, narration_data
from companion.story.voice import OfflineVoice
from companion.story import pronouns
from companion.story.memory import sentences
from companion.story.template import Character, render, sentence, slots
from companion.story.weave import addresses_reader

HEROES = [Character(name="Wren", pronouns=p) for p in
          (pronouns.SHE, pronouns.HE, pronouns.THEY, pronouns.parse("xe/xem/xyr"))]


def autoplay(seed: int, lines=None) -> Session:
    s = Session.start(GAME, seed, {"protagonist": AI, "antagonist": AI},
                      OfflineVoice(GAME, seed), None, lines=lines)
    s.advance()
    assert s.is_over()
    return s


def test_every_card_place_anchor_and_stage_has_words():
    n = narration_data()
    d = GAME.data
    assert set(n.cards) == {c.id for c in d.antagonist + d.protagonist}
    assert set(n.places) == {loc.id for loc in d.locations}
    assert all(len(n.places[loc].adj) >= 2 for loc in n.places)  # arrivals slot two
    assert set(n.anchors) == {a.id for a in d.anchors}
    assert set(n.stages) == {"1", "2", "3", "4", "5"}
    assert set(n.templates) == set(SLOTS)


def _options(slot: str) -> list:
    n = narration_data()
    places = [w.name for w in n.places.values()]
    anchors = [w.name for w in n.anchors.values()]
    antagonist = {c.id for c in GAME.data.antagonist}
    return {
        "hero": HEROES,
        "place": places, "first": places, "last": places,
        "look": [a for w in n.places.values() for a in w.adj], "look2": ["still"],
        "stage": list(n.stages.values()),
        "threat": [p for cid, w in n.cards.items() if cid in antagonist for p in w.np]
        + [[n.cards["bandits"].np[0], n.cards["despair"].np[0]]],
        "threats": [[p] for cid, w in n.cards.items() if cid in antagonist for p in w.np]
        + [[n.cards["bandits"].np[0], n.cards["despair"].np[0]]],
        "help": [p for cid, w in n.cards.items() if cid not in antagonist for p in w.np]
        + [[n.cards["map"].np[0], n.cards["agile"].np[0]]],
        "anchor": anchors, "kept": [[a] for a in anchors] + [anchors[:3]],
        "lost": [[a] for a in anchors] + [anchors[2:4]],
        "echo": ["the chain will hold"], "said": ["“A ring.”", "“I will not kneel,”"], "premise": ["A farmer's child."],
    }[slot]


def test_every_template_renders_with_every_phrase_it_slots():
    """Each slot is varied through every phrase of its class while the others stay fixed; every
    result is prose: nothing left unfilled, no colon gluing a keyword on, no second person."""
    checked = 0
    for key, templates in narration_data().templates.items():
        for template in templates:
            used = set(slots(template))
            assert used <= SLOTS[key], (key, template, used - SLOTS[key])
            assert ":" not in re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", template), template
            base = {s: _options(s)[0] for s in SLOTS[key]}
            for slot in used:
                for value in _options(slot):
                    text = sentence(template, {**base, slot: value})
                    assert not re.search(r"[{}\[\]]", text), (template, text)
                    assert not addresses_reader(text), text
                    checked += 1
    assert checked > 2000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_journals_read_as_stories(seed):
    """The issue's three seeded games: no sentence repeated in a stage (nor in the session), no
    keyword glued after a colon, no second person, the hero's pronouns used."""
    s = autoplay(seed)
    hero = s.state.hero_name
    they = pronouns.parse(s.state.hero_pronouns)
    story = [text for _, text in s.narrations]
    told = [x for text in story for x in sentences(text)]
    assert len(told) == len(set(told)) and len(told) > 15
    body = " ".join(story)
    assert not re.search(r":\s+[a-z]", body), re.findall(r"[^.]*:\s+[a-z][^.]*", body)[:3]
    assert not addresses_reader(body.replace(s.state.premise, ""))
    assert re.search(rf"\b({they.their}|{they.they}|{they.them})\b", body, re.IGNORECASE)
    assert hero in body


def test_the_same_seed_tells_the_same_story_and_another_seed_another():
    a, b, c = autoplay(4), autoplay(4), autoplay(5)
    assert a.narrations == b.narrations
    assert a.narrations != c.narrations


def _until_stage_end(s, n: int) -> str:
    """What is told from step ``n`` to the end of its stage (a meet, and a raise after the
    stage's first, are routine: told gathered at the stage's end, issue 41)."""
    end = min((r["n"] for r in s.rows if r["type"] == "action" and r["n"] >= n and any(
        e["kind"] == "stage_ended" for e in r["events"])), default=10**9)
    return " ".join(t for k, t in s.narrations if n <= k <= end)


def test_every_stage_and_the_ending_are_narrated():
    s = autoplay(8)
    narrated = {row["n"] for row in s.rows if row["type"] == "narration"}
    for row in s.rows:
        if row["type"] == "action" and any(e["kind"] in (
                "challenge_set", "anchor_sacrificed", "journey_ended", "location_revealed")
                for e in row["events"]):
            assert row["n"] in narrated, row
        if row["type"] == "action" and any(e["kind"] in ("challenge_met", "challenge_raised")
                                           for e in row["events"]):
            assert _until_stage_end(s, row["n"]), row  # told by the stage's end


def test_a_sacrifice_names_the_anchor_and_what_was_written_about_it():
    for seed in range(30):
        s = autoplay(seed)
        for row in s.rows:
            if row["type"] == "action":
                lost = [e for e in row["events"] if e["kind"] == "anchor_sacrificed"]
                if lost:
                    text = " ".join(t for n, t in s.narrations if n == row["n"])
                    words = narration_data().anchors[lost[0]["data"]["anchor"]].name.words
                    assert words in text and lost[0]["data"]["answer"] in text
                    return
    pytest.fail("no sacrifice in 30 games")


def test_a_card_keeps_its_incarnation_through_a_stage():
    s = autoplay(3)
    n = narration_data()
    for row in s.rows:
        if row["type"] != "action":
            continue
        for e in row["events"]:
            if e["kind"] in ("challenge_set", "challenge_raised") and len(e["data"]["cards"]) == 1:
                text = _until_stage_end(s, row["n"])
                if "worse besides" in text:  # a third later raise is gathered as "worse
                    continue  # besides", unnamed (test_discourse.py): the small print names it
                assert any(p.words in text or render("{x}", {"x": p, "hero": Character(
                    name=s.state.hero_name)}) in text for p in n.cards[e["data"]["cards"][0]].np)


def test_lines_are_never_crossed():
    banned = ["fear", "river", "dragon", "bandits"]
    for seed in range(15):
        s = autoplay(seed, lines=banned)
        story = " ".join(t for _, t in s.narrations).lower()
        for word in banned:
            assert not re.search(rf"\b{word}", story), (seed, word)


def test_an_ai_protagonist_answers_the_question_that_was_asked():
    questions = narration_data().writing.questions
    checked = 0
    for seed in range(10):
        s = autoplay(seed)
        view = GAME.view(s.state, None)
        hero = Character(name=s.state.hero_name, pronouns=pronouns.parse(s.state.hero_pronouns))
        for q in s.state.questions:
            values = {"hero": hero, "anchor": narration_data().anchors[q.anchor].name}
            asked = next(x for x in questions if sentence(x.ask, values) == q.question)
            assert q.answer in {sentence(r, values) for r in asked.replies}, view["hero"]
            checked += 1
    assert checked >= 10


def test_an_ai_protagonist_picks_pronouns_and_the_story_uses_them():
    seen = set()
    for seed in islice(range(20), 12):
        s = autoplay(seed)
        seen.add(s.state.hero_pronouns)
    assert {"she", "he"} <= seen


def test_a_model_antagonist_may_not_name_its_face_down_locations_or_its_hand():
    """The language-model voice's fidelity check reads this game's hidden_names hook."""
    from companion.core.game import Action
    from companion.llm.fidelity import checker_for
    from tests.at_any_cost.states import challenge

    s = challenge(stage=2, antagonist_hand=("bandits", "despair"))  # stages 3, 4: Island, Lair
    view = GAME.view(s, "antagonist")
    move = Action(seat="antagonist", kind="play", args={"cards": ["bandits"]})
    check = checker_for(GAME, view, move, seat="antagonist")
    assert check.problems("Bandits wait at the crossroads.") == []
    assert check.problems("Bandits wait; beyond them, the Island.")
    assert check.problems("Bandits, and behind them Despair.")


def test_an_arrival_describes_the_place_not_the_signs():
    """Found playing: "By the time Tamsin reaches the mountain, the signs are plain to read, cold
    and full of caves." (the place's look hung on 'the signs'). Each arrival's look follows the
    place or a word standing for it."""
    from companion.games.at_any_cost.words import narration_data

    for line in narration_data().templates["arrive"]:
        before = line.split("{look}")[0]
        assert not before.rstrip(", ").endswith(("read", "signs")), line


def test_a_place_is_never_told_with_two_opposite_looks():
    """Played (seed 19): 'Ilse walks on to the crossroads, and finds the place busy and
    desolate'. A place's keywords are alternatives; two told together must agree."""
    from companion.games.at_any_cost.narrate import CLASHES, clash

    every = {a for p in narration_data().places.values() for a in p.adj}
    assert set().union(*CLASHES) <= every  # the table names real adjectives
    crossroads = narration_data().places["crossroads"].adj
    assert clash("busy", "desolate") and not clash("busy", "sunk underground")
    for seed in range(12):
        s = autoplay(seed)
        body = " ".join(text for _, text in s.narrations)
        for place in narration_data().places.values():
            name = place.name.words
            said = [[a for a in place.adj if re.search(rf"\b{re.escape(a)}\b", x)]
                    for x in sentences(body) if name in x]
            for looks in said:
                assert not any(clash(a, b) for a in looks for b in looks if a != b), (seed, looks)
    assert "busy" in crossroads and "desolate" in crossroads


@pytest.mark.parametrize("seed", [7, 31])
def test_a_place_is_named_in_full_on_arrival_then_by_its_other_names(tmp_path, seed):
    # read aloud (seed 31): "the mountain" in eight sentences of the climax, "the cavern under
    # the earth" in five of stage 3
    from tests.helpers import told

    text = told(tmp_path, "at-any-cost", seed)
    stages = re.split(r"^## Stage \d .*$", text.split("## Epilogue")[0], flags=re.M)[1:]
    places = narration_data().places
    assert len(stages) == 5
    for body in stages:
        lines = [x for x in body.splitlines() if x and not x.startswith("<sub>")]
        place = next(w for w in places.values() if w.name.words in lines[0].lower())
        # the other names hold a word of the plain one ("the mountainside"): count the plain
        # name where it is not part of another
        bare = [strip(x.lower(), place.np[1:]) for x in lines]
        full = sum(re.search(rf"\b{re.escape(place.name.words)}\b", x) is not None
                   for x in bare)
        others = sum(any(p.words in x.lower() for p in place.np[1:]) for x in lines)
        assert full <= max(2, others), (place.name.words, full, others, body)


def strip(text: str, names) -> str:
    for p in sorted(names, key=lambda p: len(p.words), reverse=True):
        text = text.replace(p.words, "")
    return text


def test_one_anchor_lost_is_not_told_as_the_first_of_several(tmp_path):
    # read aloud (seed 12): "The road took his good name, the first of it at the farm", one
    # Anchor lost in all; and "In the foreign roads" (a place's other name with the wrong word)
    from tests.helpers import told

    text = told(tmp_path, "at-any-cost", 12)
    epilogue = text.split("## Epilogue")[1].split("## What was kept")[0]
    assert "lost at stage 5" in text and text.count("| lost at stage") == 1
    assert "the first of it" not in epilogue and "first at" not in epilogue, epilogue
    assert "good name" in epilogue and "at the farm" in epilogue, epilogue
    assert "In the foreign roads" not in text
