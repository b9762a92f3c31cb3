"""Issue 41, At Any Cost: the telling reads as a story in one voice and one tense. Lines the lead
read aloud at seed 12 (hero Odo Threnwick) and the bench's one sentence per three routine events."""
from __future__ import annotations

import re
from functools import cache

import pytest

from bench.story import play
from companion.games.at_any_cost import GAME
from companion.session import Session
from companion.story import discourse

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



@cache
def journal(seed: int) -> Session:
    """A whole game, the Protagonist's seat held by a human played by the policy and speaking
    on its moves (bench/story.py's journals)."""
    return play(GAME, seed)[0]


def told(s: Session) -> list[str]:
    return [r["text"] for r in s.rows if r.get("type") == "narration" and not r.get("seat")]


def player_words(s: Session) -> list[str]:
    return [" ".join(r["action"]["text"].split()).rstrip(".!?") for r in s.rows
            if r.get("type") == "action" and r["action"].get("seat") == "protagonist"
            and r["action"].get("kind") in ("play", "sacrifice") and r["action"].get("text")]


def hero(s: Session) -> str:
    return next(r["action"]["text"] for r in s.rows if r.get("type") == "action"
                and r["action"].get("kind") == "name_hero")


@pytest.mark.parametrize("seed", [12, 3, 7])
def test_a_sentence_names_the_hero_once_and_then_says_him(seed):
    """'an old enemy twice Sefa's size calls Sefa by name' (seed 12; played as Odo Threnwick):
    the card's words name the hero and so does the line; the second mention is a pronoun."""
    s = journal(seed)
    name = hero(s)
    words = [w.lower() for w in player_words(s)]
    for text in told(s):
        for x in discourse.split(text):
            if any(w in x.lower() for w in words):
                continue  # the player's own words
            assert discourse.unquoted(x).count(name) <= 1, x


@pytest.mark.parametrize("seed", [12, 3, 7])
def test_the_players_first_person_words_are_quoted_as_theirs(seed):
    """'... and I swear I will never sell that mule' (seed 12, played) stood unmarked in the
    third-person telling: words in the first person are the hero's speech, quoted."""
    s = journal(seed)
    first = [w for w in player_words(s) if discourse.person(w) != {"third"}]
    assert first, "the policy said nothing in the first person: pick another seed"
    text = " ".join(told(s))
    for w in first:
        assert f"“{w[:1].upper()}{w[1:]}" in text, w
    for t in told(s):
        for x in discourse.split(t):
            assert discourse.person(x) == {"third"}, x


def test_words_said_at_the_move_before_a_stage_ends_are_not_quoted_straight_back():
    """'So the story had it, “<the line the player just said>”, and so it came to pass' (seed
    12, played): the player's line was the last thing read; the stage's end says how it came out
    without quoting it again."""
    checked = 0
    for seed in range(1, 21):
        s = journal(seed)
        for stake in s.memory.fabula.stakes:
            if stake.closed is None or stake.closed - stake.opened != 1:
                continue
            ending = " ".join(r["text"] for r in s.rows if r.get("type") == "narration"
                              and r.get("n") == stake.closed and r.get("kind") != "epilogue")
            words = stake.words.strip(" .").lower()
            checked += 1
            assert f"“{words}" not in ending.lower(), ending
    assert checked, "no stake said right before its stage ended in 20 seeds"


def test_a_vow_about_something_else_is_not_quoted_as_given_up_at_a_fold():
    """'“I swear …” were Odo Threnwick's words, and in the end he gave the fight up' (seed 12,
    played): the hero gave the stage up, but the vow was about something else; it is told as
    still standing, not quoted beside the fight given up."""
    from companion.games.at_any_cost.telling import bound
    from companion.story.reading import kind_of
    from companion.story.stakes import yielded

    checked = 0
    for seed in range(1, 21):
        s = journal(seed)
        f = s.memory.fabula
        for stake in f.stakes:
            if not yielded(stake, f) or kind_of(stake.words, (hero(s),)) != "vow":
                continue
            stage = int(stake.id.split("-")[1])
            if bound(stake.words, s.view(None), stage, f):
                continue
            ending = " ".join(r["text"] for r in s.rows if r.get("type") == "narration"
                              and r.get("n") == stake.closed and r.get("kind") != "epilogue")
            checked += 1
            assert "“" + stake.words.strip(" .").lower() not in ending.lower(), ending
    assert checked, "no vow about something else given up at a fold in 20 seeds"


def test_at_most_one_told_sentence_per_three_routine_events_over_twenty_seeds():
    """Issue 41's measure (bench/story.py, sent/routine): every raise told in a sentence or
    three and every silent meet in one made 0.67 told sentences per routine event. A stage's
    later raises and its untold meets are gathered into its end ("Then a curse and a cliff
    come, and there is no resting. Against all of it Wren sets patience and an animal."),
    and nothing is told that the state does not hold."""
    from bench.story import measure

    runs = [measure(journal(seed)) for seed in range(1, 21)]
    routine = sum(r["routine"] for r in runs)
    assert routine > 300
    assert sum(r["routine_told"] for r in runs) / routine <= 1 / 3
    assert sum(r["unfit"] for r in runs) == 0 and sum(r["prompts"] for r in runs) == 0
    assert all(r["third"] == r["counted"] for r in runs)  # one point of view


def test_a_telling_with_an_oath_in_the_first_person_is_told_then_quoted():
    """Played at seed 12: 'Odo leads Bracken up the goat path, and I swear I will never sell
    that mule' stood unmarked in the third-person story; quoted whole, Odo said 'Odo leads
    Bracken'. The telling stays prose; the oath is his, quoted."""
    from types import SimpleNamespace

    from companion.games.at_any_cost.narrate import Narrator
    from companion.story.voice import NarrationMemory

    beat = SimpleNamespace(view={"hero": {"name": "Odo Threnwick", "pronouns": "he"},
                                 "stage": 1}, step=5)
    told = Narrator(1).spoken("Odo leads Bracken up the goat path, and I swear I will never "
                              "sell that mule", beat, NarrationMemory(seed=1))
    assert told.startswith("Odo leads Bracken up the goat path. “I swear I will never sell that "
                           "mule,” "), told
    assert discourse.person(told) == {"third"}


def test_words_that_bind_the_hero_to_nothing_are_not_told_as_sworn_when_he_gives_up():
    """Played at seed 12, the epilogue: '“I forgive you, Tam,” Odo Threnwick had sworn; but in
    the end he gave way': a remark, not a vow, given up at the climax."""
    from companion.story.fabula import Stake
    from companion.story.stakes import take_up

    hero_ = Character(name="Odo Threnwick", pronouns=pronouns.HE)
    st = Stake(id="stage-5", by="protagonist", about="stage-5", opened=3,
               words="I forgive you, Tam, but you are not coming in")
    for i in range(8):
        told = take_up(st, "lost", hero_, i, yielded=True)
        assert "sworn" not in told and "promised" not in told, told
    vow = st.model_copy(update={"words": "I will never sell that mule"})
    assert any("sworn" in take_up(vow, "lost", hero_, i, yielded=True) for i in range(4))


def test_speech_begins_where_a_clause_speaks_as_the_hero_not_where_it_names_him():
    """Played at seed 31: 'a travelling friar and a tinker's boy help me cut a way through' was
    split at 'and' and told 'A travelling friar. “A tinker's boy help me cut...”': the 'me' is
    not where the hero starts to speak. A clause that opens with I or my is."""
    from types import SimpleNamespace

    from companion.games.at_any_cost.narrate import Narrator
    from companion.story.voice import NarrationMemory

    beat = SimpleNamespace(view={"hero": {"name": "Brannoch Tell", "pronouns": "he"},
                                 "stage": 2}, step=5)
    told = Narrator(1).spoken("a travelling friar and a tinker's boy help me cut a way through "
                              "with my hammer", beat, NarrationMemory(seed=1))
    assert told == "A travelling friar and a tinker's boy help Brannoch Tell cut a way " \
                   "through with his hammer.", told  # told of him whole (s14: the person shift)
    told = Narrator(1).spoken("Ailsa's bead catches the light and I remember why I came", beat,
                              NarrationMemory(seed=1))
    assert told.startswith("Ailsa's bead catches the light. “I remember why I came,” "), told


@pytest.mark.parametrize("words, result", [
    ("Brannoch Tell talks the ferryman round", "won"), ("I talk him round", "won"),
    ("Brannoch Tell talks the ferryman round", "lost"), ("I talk him round", "mixed")])
def test_a_deed_is_told_as_what_happened_never_as_sworn(words, result):
    """Seen (seed 33, lead): "So the story had it, “…”, and so it came to pass" and "“I talk
    him round,” Brannoch Tell had sworn" for a deed the player told: a deed was done, not sworn;
    the stage's end says how it came out."""
    from companion.games.at_any_cost.telling import settle
    from companion.story.fabula import Fabula, Person
    from companion.story.stakes import taken
    from companion.story.voice import NarrationMemory

    hero = Character(name="Brannoch Tell", pronouns=pronouns.HE)
    memory = NarrationMemory(seed=3)
    memory.fabula = Fabula().meet(Person(key="hero", name="Brannoch Tell", pronouns=pronouns.HE)) \
        .state_stake("stage-2", "protagonist", words, step=4).resolve_stake("stage-2", result, 9)
    line = settle({"results": []}, 2, hero, memory, "stage-2", now=9)
    assert line and "stage-2" in taken(memory.used), line
    low = line.lower()
    for wrong in ("sworn", "swore", "promise", "story had it", "came to pass", "“"):
        assert wrong not in low, line


def test_a_stages_gathered_raises_are_not_one_long_list():
    """Seen (lead): "After that a flood, a soul-crushing doubt, a social trap laid in polite words
    and a trickster had stood in the way too." Past two, the rest are "worse besides" (the small
    print names every card)."""
    from companion.games.at_any_cost.words import narration_data

    forms = narration_data().templates["raised"]
    pats = [re.compile("^" + re.escape(f).replace(re.escape("{threats}"), "(?P<t>.+?)")
                       .replace(re.escape("{hero}"), ".+?").replace(re.escape("{place.at}"), ".+?")
                       + "$") for f in forms]
    seen = 0
    for seed in range(1, 21):
        for text in told(journal(seed)):
            for x in discourse.split(text):
                m = next((m for p in pats for m in [p.match(x)] if m), None)
                if m:
                    seen += 1
                    assert m.group("t").count(", ") <= 1, x  # "a, b and worse besides"
    assert seen


def test_a_hero_of_two_names_is_named_in_full_once_then_by_the_short_name(monkeypatch):
    """Played (telling3, seed 12): "Odo Threnwick" in nearly every sentence of the journal. The
    full name once, then "Odo" (and a pronoun later in a sentence); the player's words and the
    epilogue keep theirs."""
    from companion.games.at_any_cost import narrate
    from companion.story.names import short_name  # the story layer's, shared by every game

    assert short_name("Odo Threnwick") == "Odo" and short_name("Old Hobb") == "Hobb"
    assert short_name("Aldo the Bold") == "Aldo" and short_name("Pim") == "Pim"
    assert short_name("Quill Ashmoor") == "Quill"  # played: a given name that is also a word
    real = narrate.narration_data

    def named():
        n = real()
        return n.model_copy(update={"writing": n.writing.model_copy(
            update={"names": ["Odo Threnwick"]})})
    monkeypatch.setattr(narrate, "narration_data", named)
    s = play(GAME, 12)[0]
    assert hero(s) == "Odo Threnwick"
    words = [w.lower() for w in player_words(s)]
    rows = [r["text"] for r in s.rows if r.get("type") == "narration" and not r.get("seat")
            and r.get("kind") != "epilogue"]
    full = [x for t in rows for x in discourse.split(t) if "Odo Threnwick" in discourse.unquoted(x)
            and not any(w in x.lower() for w in words)]
    assert len(full) <= 1, full
    assert sum("Odo" in x for t in rows for x in discourse.split(t)) > 5
    # the speech tags are the story's too: "“I will not kneel …,” Odo says"
    tags = [discourse.unquoted(x) for t in rows for x in discourse.split(t) if "“" in x]
    assert tags and not [x for x in tags if "Odo Threnwick" in x][1:], tags


def test_the_epilogue_names_at_most_two_places():
    """Issue 41 (a journal a reader finishes): the epilogue named the road's start, its end and
    the place the first thing was lost; it names the road's two ends at most."""
    from companion.games.at_any_cost.words import narration_data

    n = narration_data()
    for seed in range(1, 21):
        s = journal(seed)
        ending = [r["text"] for r in s.rows if r.get("type") == "narration"
                  and r.get("kind") == "epilogue"][-1].lower()
        names = {n.places[m["location"]].name.words.lower() for m in s.view(None)["map"]
                 if m.get("location")}
        assert len([p for p in names if p in ending]) <= 2, (seed, ending)


@pytest.mark.parametrize("deed", [
    "I ring mother's bell once, the way she did in fog, and my hands remember what to do",
    "The sexton's wife pulls us into the bell tower out of the snow",
])
def test_a_deed_the_player_tells_is_marked_as_their_telling_not_said(deed):
    """Played (session 11, seed 4111): '“The sexton's wife pulls us into the bell tower out of
    the snow,” Ottilie Marsh tells the road' and '“I ring mother's bell once...,” Ottilie Marsh
    says aloud, to no one in particular': a deed told in the player's words, given a speech tag.
    It is marked as the hero's telling; words said keep a speech tag."""
    from types import SimpleNamespace

    from companion.games.at_any_cost.narrate import Narrator
    from companion.story.voice import NarrationMemory

    beat = SimpleNamespace(view={"hero": {"name": "Ottilie Marsh", "pronouns": "she"},
                                 "stage": 2}, step=5)
    memory = NarrationMemory(seed=1)
    for _ in range(4):
        told = Narrator(1).spoken(deed, beat, memory)
        assert "tells it" in told or "telling" in told, told
        assert not re.search(r"\b(says|tells the road)\b", told), told
    said = Narrator(1).spoken("I will not leave Pell behind", beat, NarrationMemory(seed=1))
    assert "tells it" not in said and "telling" not in said, said


def test_a_stages_gathered_raises_read_right_whatever_fills_them():
    """Played: "More had waited at the ruins, a spell of control among it": the line's "it" stood
    for "more" and read as the thing itself. Every line of the gathered raises, filled with every
    card's every phrase (alone, two, two and worse besides), names the things and never points
    back at them with a pronoun."""
    from companion.games.at_any_cost.narrate import MORE
    from companion.games.at_any_cost.words import narration_data
    from companion.story.grammar import Phrase
    from companion.story.template import Character, sentence

    n = narration_data()
    phrases = [p for card in n.cards.values() for p in card.np]
    place = Phrase(words="ruins", form="pl", where="among")
    fills = [[p] for p in phrases] + [[p, q] for p, q in zip(phrases, phrases[1:])] + \
        [[p, q, MORE] for p, q in zip(phrases, phrases[2:])]
    for form in n.templates["raised"]:
        for threats in fills:
            text = sentence(form, {"hero": Character(name="Mara Vell"), "place": place,
                                   "threats": threats})
            assert not re.search(r"\b(among|with|of|in) (it|them)\b", text), text
            assert all(p.words.lower() in text.lower() for p in threats if "{" not in p.words), text


def test_a_first_person_deed_is_told_of_the_hero_in_xyr_pronouns():
    """s13: only a plain "I do X" was told of the hero; "I hide the lamp under my coat" stayed
    the player's, quoted "as Quill tells it". The person shift tells it of the hero, with the
    player's pronouns; a vow stays the player's, said."""
    from types import SimpleNamespace

    from companion.games.at_any_cost.narrate import Narrator
    from companion.story.voice import NarrationMemory

    beat = SimpleNamespace(view={"hero": {"name": "Quill", "pronouns": "xe/xem/xyr/xyrs/xemself"},
                                 "stage": 2}, step=5)
    told = Narrator(1).spoken("I hide the lamp under my coat", beat, NarrationMemory(seed=1))
    assert told == "Quill hides the lamp under xyr coat.", told
    said = Narrator(1).spoken("I will not leave Pell behind", beat, NarrationMemory(seed=1))
    assert said.startswith("“I will not leave Pell behind,”"), said
