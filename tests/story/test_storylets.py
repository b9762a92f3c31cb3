"""The story layer (issue 22): storylets chosen by salience, stakes taken up, the epilogue, and the
fabula rebuilt by replay (undo and resume tell the same story)."""
from __future__ import annotations

import random
import re

import pytest

from companion.core.game import Action
from companion.session import AI, HUMAN, Session
from companion.story.epilogue import epilogue
from companion.story.fabula import HERO, Fabula, Outcome, Person, Stake
from companion.story.memory import sentences
from companion.story.pronouns import SHE
from companion.story.stakes import take_up, taken, tell_stake
from companion.story.storylets import Library, StoryletError, refusals
from companion.story.template import Character
from companion.story.voice import NarrationMemory, OfflineVoice

LINES = """
[vocabulary]
threat = "str"
stake_about = "str"
count = "int"

[[storylet]]
id = "raise.any"
group = "raise"
text = ["The trouble grows.", "It gets worse.", "Worse follows."]

[[storylet]]
id = "raise.loss"
group = "raise"
when = { threat = "loss" }
text = "The {thing} is gone."

[[storylet]]
id = "raise.loss.supplies"
group = "raise"
when = { threat = "loss", stake_about = "supplies" }
text = "The supplies {hero} swore to keep are gone."

[[storylet]]
id = "count.few"
group = "count"
when = { count = { max = 2 } }
text = "Few."

[[storylet]]
id = "count.many"
group = "count"
when = { count = { min = 3 } }
text = "Many."

[[storylet]]
id = "lru.a"
group = "lru"
text = ["A one.", "A two.", "A three."]

[[storylet]]
id = "lru.b"
group = "lru"
text = ["B one.", "B two.", "B three."]

[[storylet]]
id = "crown.held"
group = "crown"
when = { scene = "throne" }
text = "The crown gleams in {hero}'s hands."
requires = ["holds:crown"]

[[storylet]]
id = "crown.any"
group = "crown"
text = "The throne room is cold."
"""

HERO_WREN = Character(name="Wren", pronouns=SHE)


def lib() -> Library:
    return Library.from_toml(LINES, "test.toml")


def memory(fabula: Fabula | None = None) -> NarrationMemory:
    return NarrationMemory(seed=1, fabula=fabula or Fabula())


def tell(library, group, when, mem, values=None, scene="s"):
    return library.tell(group, when, values or {"hero": HERO_WREN, "thing": "food"}, mem, scene,
                        random.Random(0))


def test_a_storylets_conditions_select_it():
    mem = memory()
    assert tell(lib(), "count", {"count": 1}, mem) == "Few."
    assert tell(lib(), "count", {"count": 5}, mem) == "Many."
    assert tell(lib(), "raise", {"threat": "loss"}, mem) == "The food is gone."


def test_the_most_specific_storylet_wins():
    told = tell(lib(), "raise", {"threat": "loss", "stake_about": "supplies"}, memory())
    assert told == "The supplies Wren swore to keep are gone."


def test_least_recently_told_among_equals():
    mem, order = memory(), []
    for i in range(6):
        order.append(tell(lib(), "lru", {}, mem, scene=f"scene-{i}")[0])
    # two equals alternate: each is told again only after the other
    assert all(a != b for a, b in zip(order, order[1:])), order
    assert sorted(order) == ["A", "A", "A", "B", "B", "B"]


SPREAD = """
[[storylet]]
id = "spread"
group = "spread"
text = ["{hero} rests at {town}.", "{town} sleeps, and so does {hero}.",
        "Night falls on {town} and on {hero}."]
"""


@pytest.mark.parametrize("seed", range(8))
def test_a_storylets_templates_are_told_evenly_the_least_told_first(seed):
    # a long campaign tells one beat session after session, with new values each time: every
    # template is told once before any is told a second time (a skeleton heard thrice is a tic)
    library = Library.from_toml(SPREAD, "spread.toml")
    mem = memory()
    rng = random.Random(seed)
    shapes = []
    for i in range(6):
        text = library.tell("spread", {}, {"hero": HERO_WREN, "town": f"Town{i}"}, mem,
                            f"scene-{i}", rng)
        shapes.append(text.replace(f"Town{i}", "T"))
    assert len(set(shapes[:3])) == 3 and len(set(shapes[3:])) == 3, shapes


def test_no_sentence_is_told_twice():
    mem = memory()
    said = [tell(lib(), "raise", {}, mem, scene=f"scene-{i}") for i in range(5)]
    assert said[:3] and len(set(said[:3])) == 3 and said[3] == "" and said[4] == ""


def test_an_unknown_condition_is_refused_at_load_naming_the_file_and_id():
    bad = LINES + '\n[[storylet]]\nid = "oops"\ngroup = "raise"\nwhen = { weather = "rain" }\n' \
                  'text = "Rain."\n'
    with pytest.raises(StoryletError, match=r"test\.toml: storylet 'oops': unknown condition "
                                            r"'weather'"):
        Library.from_toml(bad, "test.toml")


@pytest.mark.parametrize("extra, why", [
    ('id = "x"\ngroup = "g"\nwhen = { count = "three" }\ntext = "T."', "not a int condition"),
    ('id = "x"\ngroup = "g"\ntext = "T."\nrequires = ["maybe:crown"]', "expected one of"),
    ('id = "raise.any"\ngroup = "g"\ntext = "T."', "used twice"),
    ('id = "x"\ngroup = "g"\ntext = "{hero.whom} T."', "no such form"),
    ('id = "x"\ngroup = "g"\ntext = "T."\ncolour = "red"', "colour"),
])
def test_bad_storylets_are_refused_at_load(extra, why):
    with pytest.raises(StoryletError, match=why):
        Library.from_toml(LINES + "\n[[storylet]]\n" + extra + "\n", "test.toml")


def test_a_contradicting_line_is_refused_and_counted():
    lost = Fabula().establish("crown", "the iron crown").end_fact("crown")
    mem = memory(lost)
    assert tell(lib(), "crown", {"scene": "throne"}, mem) == "The throne room is cold."
    assert refusals(mem.used) == 1
    held = memory(Fabula().establish("crown", "the iron crown"))
    assert tell(lib(), "crown", {"scene": "throne"}, held) == "The crown gleams in Wren's hands."
    assert refusals(held.used) == 0


def test_the_core_vocabulary_comes_from_the_fabula():
    text = """
[[storylet]]
id = "won"
group = "after"
when = { result = "won", stake = true }
text = "Won, and something still at stake."
[[storylet]]
id = "plain"
group = "after"
text = "After."
"""
    library = Library.from_toml(text, "core.toml")
    f = Fabula().state_stake("s1", "protagonist", "the child lives", step=1)
    f = f.record(Outcome(step=2, kind="stage", winner=HERO))
    assert tell(library, "after", {}, memory(f)) == "Won, and something still at stake."
    assert tell(library, "after", {}, memory(Fabula())) == "After."


def test_a_telling_is_not_quoted_as_the_heros_speech():
    from companion.story.stakes import voice

    assert voice("I will not kneel", HERO_WREN) == ("quote", "I will not kneel")
    assert voice("Wren swears she will be home by spring", HERO_WREN) == (
        "oath", "that she would be home by spring")
    assert voice("a soldier carries her down the scree", HERO_WREN)[0] == "deed"
    stake = Fabula().state_stake("s", "p", "a soldier carries her down the scree").stakes[0]
    told = take_up(stake, "lost", HERO_WREN)
    assert "Wren had" not in told and "“A soldier carries her down the scree”" in told


def test_a_stake_is_taken_up_in_the_third_person_quoting_the_player():
    stake = Fabula().state_stake("s", "protagonist", "I will bring the child home.").stakes[0]
    won = take_up(stake, "won", HERO_WREN)
    lost = take_up(stake, "lost", HERO_WREN)
    assert won == "“I will bring the child home,” Wren had sworn, and so it came to pass."
    assert "not to be" in lost and "“I will bring the child home,”" in lost
    mem = memory()
    first = tell_stake(stake, "won", HERO_WREN, mem, "s")
    again = tell_stake(stake, "won", HERO_WREN, mem, "s")
    assert first and again and first != again  # never one sentence twice
    assert taken(mem.used) == {"s"} and mem.was_taken_up("s")
    her = take_up(stake, "won", HERO_WREN, index=2)
    assert "she keeps them" in her



def test_a_try_told_in_the_first_person_is_never_sworn_or_promised():
    """Played (At Any Cost, seed 31): "“I ask the liar what the good cause was,” Brannoch Tell had
    promised, and the promise holds." A try binds the hero to nothing: it is told as said."""
    stake = Fabula().state_stake("s", "protagonist", "I ask the liar what the good cause was, "
                                                     "and listen to the whole of it").stakes[0]
    for result in ("won", "lost", "mixed"):
        for i in range(8):
            told = take_up(stake, result, HERO_WREN, index=i)
            assert "sworn" not in told and "promise" not in told, told


def test_a_deed_said_in_the_first_person_is_never_kept_or_broken_like_a_promise():
    """Played (Dragon & Warrior, seed 23): "unlock whistle -- I play the guardian a lullaby
    backwards so it wakes up confused", the way in opened: "“I play the guardian a lullaby
    backwards so it wakes up confused” were Oswy's words, and xe keeps them." A deed said is
    not a promise: it came true, or it did not."""
    from companion.story.stakes import WAYS, binds

    stake = Fabula().state_stake("s", "hero", "I hum to the ferryman's goat until it lies "
                                              "down").stakes[0]
    for result in ("won", "lost", "mixed"):
        for i in range(len(WAYS[result])):
            told = take_up(stake, result, HERO_WREN, index=i)
            assert "keeps them" not in told and "broke them" not in told, told
            assert "sworn" not in told and "promise" not in told, told
    assert binds(WAYS["won"][2]) and not binds(WAYS["won"][1])


def test_a_stake_lost_by_the_hero_giving_up_is_told_as_given_up_not_as_broken():
    """A fold loses the stake, but an oath that was never tried is not told as broken."""
    f = Fabula().state_stake("stage-1", "protagonist", "Wren swears she will not die among books")
    f = f.resolve_stake("stage-1", "lost", step=7)
    folded = f.record(Outcome(step=7, kind="stage", winner="antagonist", loser="hero", by="fold"))
    beaten = f.record(Outcome(step=7, kind="stage", winner="antagonist", loser="hero", by="card"))
    for fabula, broken in ((folded, False), (beaten, True)):
        told = tell_stake(fabula.stakes[0], "lost", HERO_WREN, memory(fabula), "s")
        assert "that she would not die among books" in told
        assert ("gave" in told or "turned" in told) is not broken, told
        assert any(w in told for w in ("not to be", "failed", "broke", "did not")) is broken, told


EPILOGUE = """
[[storylet]]
id = "open"
group = "epilogue.open"
text = "The road ends at {place.the}."
[[storylet]]
id = "kept"
group = "epilogue.kept"
text = ["{hero} still has {kept}.", "{kept} [stays:kept] with {hero.them}."]
[[storylet]]
id = "lost"
group = "epilogue.lost"
text = "{hero.their} {lost.bare} [is:lost] gone."
[[storylet]]
id = "turn"
group = "epilogue.turn"
text = "It turned at {turn.the}."
[[storylet]]
id = "close"
group = "epilogue.close"
text = "{hero.they} [goes] home changed."
"""


def test_the_epilogue_tells_five_sentences_with_particulars_and_the_stakes():
    from companion.story.grammar import Phrase

    library = Library.from_toml(EPILOGUE, "epilogue.toml")
    f = Fabula().meet(Person(key=HERO, name="Wren", pronouns=SHE))
    f = f.state_stake("s", "protagonist", "I will bring the ring home").resolve_stake("s", "won", 3)
    values = {"hero": f.character(), "place": Phrase.parse("a: mill"),
              "kept": [Phrase.parse("a: ring")], "lost": [Phrase.parse("a: dog")],
              "turn": Phrase.parse("a: bridge")}
    mem = memory(f)
    text = epilogue(f, library, {}, values, mem, random.Random(1),
                    particulars=("place", "kept", "lost", "turn"))
    assert len(sentences(text)) >= 5, text
    assert "She goes home changed." in text and "Her dog is gone." in text
    assert "“I will bring the ring home,” Wren had sworn" in text
    assert set(mem.particulars) >= {"mill", "ring", "dog", "bridge", "I will bring the ring home"}
    assert mem.epilogue == text


# -- the fabula in a session: fed after every step, rebuilt by replay ----------------------------
def _game():
    from companion.games.at_any_cost import GAME

    return GAME


def _play(tmp_path, moves: int, seed: int = 4):
    game = _game()
    s = Session.start(game, seed, {"protagonist": HUMAN, "antagonist": AI},
                      OfflineVoice(game, seed), tmp_path / "j.jsonl")
    s.advance()
    policy = s.offline.policy
    rng = random.Random(2)
    for i in range(moves):
        seat = s.human_turn()
        if seat is None:
            break
        legal = s.legal(seat)
        action = policy.choose(s.view(seat), seat, legal, rng)
        if action.ask is not None:
            action = action.with_text(s.offline.narrator.write(action, s.view(seat), s.memory)
                                      or "Wren")
        elif action.kind in ("play", "sacrifice"):
            action = action.with_text(f"she holds on, move {i}")
        s.submit(action)
    return s


def test_the_fabula_is_fed_by_the_adapter(tmp_path):
    s = _play(tmp_path, 40)
    f = s.memory.fabula
    assert f.hero() is not None and f.hero().name
    assert f.fact_keys("anchor:") and f.stakes
    assert f.stakes[0].words.startswith("She holds on") or "holds on" in f.stakes[0].words


def test_the_fabula_survives_undo_and_resume(tmp_path):
    s = _play(tmp_path, 40)
    path = s.journal.path
    before = s.memory.fabula
    s.undo()
    after_undo = s.memory.fabula
    assert after_undo != before or not before.stakes  # undo takes the last step's story back
    s.close()
    resumed, _ = Session.resume(path)
    assert resumed.memory.fabula == after_undo  # the same story after replay
    # a fresh replay of the same journal tells the same fabula as the live session had
    live = _play(tmp_path / "again", 40)
    path2 = live.journal.path
    live.close()
    again, _ = Session.resume(path2)
    assert again.memory.fabula == live.memory.fabula


def test_an_ai_decision_carries_the_fabula_digest(tmp_path):
    seen = []
    game = _game()

    class Spy(OfflineVoice):
        def decide(self, request, on_text=None, memory=None):
            seen.append(request.fabula)
            return super().decide(request, on_text, memory)

    s = Session.start(game, 4, {"protagonist": AI, "antagonist": AI}, Spy(game, 4), None)
    s.advance()
    assert s.is_over()
    assert any("Hero:" in d for d in seen) and all(len(d) <= 700 for d in seen)


def test_a_game_without_an_adapter_has_an_empty_fabula():
    from companion.core.registry import all_games, game_module

    for game in all_games().values():
        if game_module(game, "fabula") is None:
            s = Session.start(game, 1, {seat: AI for seat in game.seats},
                              OfflineVoice(game, 1), None)
            s.advance(max_steps=20)
            assert s.memory.fabula == Fabula()
            break


def test_undo_rebuilds_from_a_snapshot_with_its_fabula(tmp_path):
    s = _play(tmp_path, 200, seed=24)  # a game longer than one snapshot's span (25 actions)
    assert len(s.actions) > 25 and s.snapshots  # snapshots were taken
    whole = s.memory.fabula
    s.undo()
    s.close()  # one process writes a journal at a time: the lock goes with the session
    s2, _ = Session.resume(s.journal.path)
    assert s2.memory.fabula == s.memory.fabula
    assert whole.hero() == s.memory.fabula.hero()


def test_a_telling_of_several_sentences_is_taken_up_by_its_stake_sentence():
    """Found in play: "says the words for the lost" is no oath, and the stake is the condition
    the player set in a sentence of its own, quoted whole (never a fragment across sentences)."""
    from companion.story.fabula import Stake
    from companion.story.stakes import voice
    from companion.story.template import Character

    maren = Character(name="Maren", pronouns=SHE)
    words = ("Maren closes her hand on the abbot's prayer beads and says the words for the lost, "
             "and the fear goes quiet. If she turns back now, the farm burns.")
    assert voice(words, maren) == ("deed", "If she turns back now, the farm burns")
    assert voice("Maren climbs on. She swears she will bring the goat home alive.", maren) == (
        "oath", "that she would bring the goat home alive")
    assert voice("Maren swears she will bring the goat home alive.", maren) == (
        "oath", "that she would bring the goat home alive")
    assert voice("Maren says that the farm will stand.", maren)[0] == "oath"
    # played (At Any Cost, seed 40): a telling, then the hero's own words with the stake in them;
    # the vow quoted was the whole telling, "Ysolt cuts a pole ... I will not forgive myself"
    ysolt = Character(name="Ysolt", pronouns=SHE)
    assert voice("Ysolt cuts a pole from the willows and wades in. If the river takes Pip, I will "
                 "not forgive myself.", ysolt) == (
        "quote", "If the river takes Pip, I will not forgive myself")
    # and of a deed and a vow said in one breath, the vow ("Ysolt had promised “I kneel and pray
    # with the pilgrims, and I will not lie to them about who I am”")
    assert voice("I kneel and pray with the pilgrims, and I will not lie to them about who I am.",
                 ysolt) == ("quote", "I will not lie to them about who I am")
    # played (Becoming, seed 21): "so long as" is not a new clause ("Senna had said it: “Let the
    # sun take the last of me.” It did not hold." left out what she asked in return)
    assert voice("Let the sun take the last of me, so long as the north wakes warm", ysolt) == (
        "quote", "Let the sun take the last of me, so long as the north wakes warm")
    assert voice("I will go, and I will bring the goat back", ysolt)[1] == (
        "I will go, and I will bring the goat back")
    told = take_up(Stake(id="s", by="protagonist", words=words, opened=1), "lost", maren)
    assert "the fear goes quiet" not in told and "If she turns back now, the farm burns" in told


def test_a_condition_won_did_not_come_to_pass():
    """Found playing Becoming: the stake "If the crowd takes the ember tonight, the whole north
    dies in the dark", won, was told "... and so it came to pass" (the very thing fought off). A
    condition may name what the hero fights for or against, so its telling says who had the
    better of it, never that "it" came to pass."""
    from companion.story.fabula import Stake

    for words in ("If the crowd takes the ember tonight, the whole north dies in the dark.",
                  "Unless she reaches the gate, the north freezes"):
        stake = Stake(id="s", by="hero", words=words, opened=1)
        for i in range(7):
            won = take_up(stake, "won", HERO_WREN, index=i)
            lost = take_up(stake, "lost", HERO_WREN, index=i)
            assert words.rstrip(".") in won and words.rstrip(".") in lost
            assert re.search(r"Wren had the better|right side|Wren won (it|through)|fell Wren's way|"
                             r"Wren carried it|in Wren's favour", won), won
            assert re.search(r"better of Wren|wrong side|Wren lost it|fell against Wren|"
                             r"could not carry it|came down against Wren|hard way for Wren", lost), lost
            for told in (won, lost):
                assert not re.search(r"came to pass|held true|it is so|proved true|bore|"
                                     r"did not hold|not to be", told), told


def test_words_that_say_how_things_are_are_never_told_as_an_oath():
    """Played (At Any Cost, seed 19): 'I know how masters trade favours' came back as
    '“I know how masters trade favours,” Ilse had sworn'."""
    from companion.story.fabula import Stake
    knows = Stake(id="s", by="protagonist", words="I know how masters trade favours", opened=1)
    vows = Stake(id="t", by="protagonist", words="I will bring the ring home", opened=1)
    for i in range(8):
        for result in ("won", "lost", "mixed"):
            told = take_up(knows, result, HERO_WREN, index=i)
            assert "sworn" not in told and "promise" not in told, told
    assert any("sworn" in take_up(vows, "won", HERO_WREN, index=i) for i in range(8))


def test_a_fight_given_up_after_several_plays_is_never_told_as_given_up_before_it_was_tried():
    """Played (At Any Cost, seed 19): four plays met the challenge before the fold, and the
    telling said she 'gave the fight up before they were tried'."""
    from companion.story.fabula import Stake
    for words in ("I wait, still as a copyist at her desk", "Wren swears she will not die here"):
        stake = Stake(id="s", by="protagonist", words=words, opened=1)
        for i in range(8):
            told = take_up(stake, "lost", HERO_WREN, index=i, yielded=True)
            assert told and not re.search(r"before (?:it|they) (?:could be|were) (?:put|tried)|"
                                          r"rather than see it tried", told), told


def test_a_games_conditions_are_not_resolved_in_the_same_words_twice():
    # played (Becoming, seed 21): the first and the fourth condition of nine scenes were both
    # "“...,” it had been said, and Senna had the better of it" (three ways, taken in turn)
    from companion.story.stakes import CONDITION_WAYS, OATH_WAYS, take_up
    from companion.story.fabula import Stake

    senna = Character(name="Senna", pronouns=SHE)
    stake = Stake(id="s", by="hero", words="If the bridge falls, I fall with the ember held high",
                  opened=1)
    for result in ("won", "lost", "mixed"):
        told = [take_up(stake, result, senna, i) for i in range(7)]
        openings = {" ".join(t.split()[:2]) + t.split("”")[-1] for t in told}
        assert len(set(told)) == 7 and len(openings) == 7, told
        assert len(CONDITION_WAYS[result]) == len(OATH_WAYS[result])


@pytest.mark.parametrize("words", ["If I lose, the child still gets to the bank",
                                   "Even if I fail, Tobin walks home free",
                                   "If we don't make it, the village keeps the mill"])
def test_what_is_asked_of_a_defeat_comes_true_when_the_hero_loses(words):
    """Played (session 11, Becoming seed 808): "If I lose, the child still gets to the bank",
    lost, was told "so it had stood, and it fell against Hesper": the words ask what holds in
    defeat, so a loss makes them true and a win leaves them moot."""
    from companion.story.stakes import in_defeat, take_up
    assert in_defeat(words)
    stake = Stake(id="s1", by="hero", words=words)
    for i in range(3):
        lost = take_up(stake, "lost", HERO_WREN, i)
        won = take_up(stake, "won", HERO_WREN, i)
        assert "against Wren" not in lost and "wrong side" not in lost
        assert ("so it was" in lost or "so did that" in lost or "it held" in lost), lost
        assert "not lose" in won or "no defeat" in won or "did not lose" in won, won


def test_a_condition_on_someone_else_is_not_asked_of_a_defeat():
    from companion.story.stakes import in_defeat
    assert not in_defeat("If the bridge falls, the north starves")
    assert not in_defeat("If I win, this place remembers me kindly")


def test_what_is_asked_of_a_win_is_told_as_come_to_pass():
    """Played (session 11, Becoming seed 808): "If I win, Tobin crosses without his name going on
    that post", won, was told "And she came out on the right side of it": what the words ask
    came to pass, and is told so."""
    from companion.story.stakes import take_up
    stake = Stake(id="s1", by="hero", words="If I win, Tobin crosses free")
    won = [take_up(stake, "won", HERO_WREN, i) for i in range(7)]
    lost = [take_up(stake, "lost", HERO_WREN, i) for i in range(7)]
    assert not any("side of it" in t or "better of" in t for t in won + lost), won + lost
    assert any("came to pass" in t or "held true" in t for t in won), won


@pytest.mark.parametrize("result, answer", [("won", "yes"), ("lost", "no"), ("mixed", "yes")])
def test_a_stake_put_as_a_question_is_answered_not_proved_true(result, answer):
    """Played (s14, Becoming): "done -- Will the wolves let us through if I give them the horse?"
    won, and was taken up "It was Thessaly who had said “Will the wolves ...?”, and it proved
    true": a question is not true or false, sworn or promised. It is answered."""
    from companion.story import pronouns
    from companion.story.fabula import Stake
    from companion.story.stakes import take_up
    from companion.story.template import Character

    hero = Character(name="Thessaly", pronouns=pronouns.parse("ze/zir"))
    stake = Stake(id="s", by="hero", words="Will the wolves let us through if I give them the "
                                           "horse?", opened=1)
    for i in range(4):
        told = take_up(stake, result, hero, i)
        assert "asked" in told and "answer" in told and answer in told, told
        assert not re.search(r"\b(true|sworn|promised|held)\b", told), told
