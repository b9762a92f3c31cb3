"""The journal of an AI-vs-AI night reads as a story, not a transcript (found reading seed 1
aloud): the autoplay player's words vary and are told in the third person, a stake or a thing made
true is told once, a failure says what happens (no numbers), complications on one roll are one
beat, and the epilogue quotes any words once."""
from __future__ import annotations

import re
from functools import cache

from companion.games.high_stakes import GAME
from companion.games.high_stakes.fabula import feed
from companion.session import AI, Session
from companion.story import pronouns
from companion.story.fabula import Fabula
from companion.story.memory import sentences
from companion.story.template import Character
from companion.story.voice import Beat, OfflineVoice
from tests.high_stakes.drive import G, start, to_pool

SEEDS = (1, 2, 3, 5)
QUOTE = re.compile(r"“([^”]+)”")
# how a complication is told (storylets "setback" and "setbacks")
SETBACK = re.compile(r"^(And then it goes wrong:|Worse still,|There is a price:|Bad luck follows:|"
                     r"Whatever can go wrong does:|In that very moment,|Then it all goes wrong|"
                     r"One thing brings the next:|It costs, and more than once:|The night piles it on:)")


@cache
def night(seed: int) -> Session:
    s = Session.start(GAME, seed, {"player": AI, "gm": AI}, OfflineVoice(GAME, seed), None)
    s.advance()
    return s


def scenes(s: Session) -> list[list[tuple[str, str]]]:
    """The told texts by scene, each with the kind of the action that told it."""
    out: list[list[tuple[str, str]]] = [[]]
    kind = ""
    for r in s.rows:
        if r.get("type") == "action":
            kind = r["action"]["kind"]
            if kind == "frame":
                out.append([])
        elif r.get("type") == "narration" and r.get("kind") != "epilogue":
            out[-1].append((kind, r["text"]))
    return out


def test_no_sentence_or_quoted_words_are_told_twice_in_a_scene():
    for seed in SEEDS:
        for n, scene in enumerate(scenes(night(seed))):
            said = [x for k, t in scene if k != "continue" for x in sentences(t) if len(x) > 25]
            assert len(said) == len(set(said)), (seed, n, [x for x in said if said.count(x) > 1])
            quotes = [q for _, t in scene for q in QUOTE.findall(t)]
            assert len(quotes) == len(set(quotes)), (seed, n, quotes)


def test_the_same_words_on_two_rolls_of_a_scene_are_one_stake():
    s = to_pool(start("ash"))
    roll = next(a for a in G.legal_actions(s, "player") if a.kind == "roll").with_text(
        "I go in so deep that if it fails I will be caught.")
    f = Fabula()
    view = G.view(s, None)
    f = feed(f, Beat(step=1, action=roll, events=[], view=view))
    again = {**view, "history": [*view["history"], {"roll": True, "scene": 1}]}
    f = feed(f, Beat(step=2, action=roll, events=[], view=again))
    assert len(f.stakes) == 1


def test_nothing_is_made_true_twice_and_the_epilogue_quotes_once():
    for seed in SEEDS:
        s = night(seed)
        made = [m["text"] for m in GAME.view(s.state, None)["made_true"]]
        assert len(made) == len(set(made)), (seed, made)
        epi = next(r["text"] for r in s.rows if r.get("kind") == "epilogue")
        quotes = QUOTE.findall(epi)
        assert len(quotes) == len(set(quotes)), (seed, epi)


def test_a_scene_recalls_one_thing_made_true_at_most():
    recall = re.compile(r"(has not forgotten|still holds for|turns it over again|carries this in|"
                        r"Here it counts)")
    for seed in SEEDS:
        for scene in scenes(night(seed)):
            assert sum(len(recall.findall(t)) for _, t in scene) <= 1, (seed, scene[:2])


def test_the_story_says_what_happens_and_leaves_the_numbers_to_the_small_print():
    rules_talk = re.compile(r"\bDifficulty\b|\b\d+ success|\bsuccess(es)? of the\b|Captured, imprisoned|"
                            r"someone must get the character out|^Complication:|-\d \w+|"
                            r"next roll is one harder", re.M)
    for seed in SEEDS:
        for scene in scenes(night(seed)):
            for _, t in scene:
                assert not rules_talk.search(t), (seed, t)


def test_several_complications_on_one_roll_are_one_beat():
    piles = 0
    for seed in SEEDS:
        s = night(seed)
        hist = [h for h in GAME.view(s.state, None)["history"] if h.get("roll")]
        piles += sum(1 for h in hist if h.get("ones", 0) > 1)
        for scene in scenes(s):
            run = 0
            for kind, t in scene:
                if kind == "narrate":
                    run = 0
                run += bool(SETBACK.match(t))
                assert run <= 1, (seed, t)
    assert piles  # the seeds do roll several 1s at once


def test_a_complications_rules_gloss_stays_in_the_small_print():
    from companion.games.high_stakes.telling import gloss_off

    assert gloss_off("the bite festers: fever and pain, -1 Mind") == "the bite festers"
    assert gloss_off("time slips away: night falls or dawn breaks") == \
        "time slips away: night falls or dawn breaks"


def test_the_autoplay_players_moves_are_told_in_the_third_person():
    for seed in SEEDS:
        for scene in scenes(night(seed)):
            for _, t in scene:
                bare = QUOTE.sub("", t)
                assert not re.search(r"(^|[.!?]\s)I\b|\bI (?!\w+”)", bare), (seed, t)


def test_third_person_uses_the_name_then_the_pronoun_and_agrees():
    from companion.games.high_stakes.telling import third_person

    sparrow = Character(name="Sparrow", pronouns=pronouns.SHE)
    assert third_person("I toss them the meat from my pouch and wait for them to sleep.", sparrow) \
        == "Sparrow tosses them the meat from her pouch and waits for them to sleep."
    assert third_person("I reach for what I always carry, and it steadies me.", sparrow) == \
        "Sparrow reaches for what she always carries, and it steadies her."
    assert third_person("I eat, wash the blood off and sleep.", sparrow) == \
        "Sparrow eats, washes the blood off and sleeps."
    they = Character(name="Moth", pronouns=pronouns.THEY)
    assert third_person("I climb, and then I wait.", they) == "Moth climbs, and then they wait."
    assert third_person("It goes better than I hoped: nobody will know I was here.", sparrow) == \
        "It goes better than Sparrow hoped: nobody will know she was here."  # not "hopeds"
    assert third_person("I went back, and I need rope.", sparrow) == "Sparrow went back, and she needs rope."


def test_a_human_players_plain_deed_is_told_of_the_hero_and_other_first_person_words_quoted():
    """Session 11: a plain "I do X" is told of the hero with the player's other words as typed
    ("Ash goes over the wall like a cat."), as in every game; words with more of the first
    person ("my rope") stay quoted, marked as the player's."""
    from companion.games.high_stakes.narrate import Narrator
    from companion.story.discourse import person
    from companion.story.voice import NarrationMemory

    for words, told_as in (("I go over the wall like a cat.", "Ash goes over the wall like a cat."),
                           ("I go over the wall on my rope.", "“I go over the wall on my rope")):
        s = to_pool(start("ash"))
        roll = next(a for a in G.legal_actions(s, "player") if a.kind == "roll").with_text(words)
        after, events = G.apply(s, roll)
        told = Narrator(5).narrate(Beat(step=1, action=roll, events=events,
                                        view=G.view(after, None)), NarrationMemory(seed=5))
        assert told_as in told, told
        assert person(told) == {"third"}


def test_a_pile_of_complications_reads_as_one_run_not_a_list():
    from companion.games.high_stakes.telling import together

    told = together(["the bite festers: fever and pain, -1 Mind", "time slips away: night falls or dawn breaks",
                     "an enemy or a danger turns up", "something tied or secured comes loose"])
    assert told == ("the bite festers; time slips away; an enemy or a danger turns up; "
                    "and more besides")
    assert together(["a guard looks up", "the rope frays"]) == "a guard looks up; and then the rope frays"


def test_in_a_party_a_told_deed_stays_prose_and_only_speech_is_quoted():
    from companion.games.high_stakes.ending import say
    from companion.story.voice import NarrationMemory
    view = {"scene_count": 2, "characters": [{"name": "Ash", "status": "active"},
                                             {"name": "Rust", "status": "active"}]}
    deed = say("Rust", "Rust reads the ledger in the counting-house", NarrationMemory(seed=1), view)
    assert deed == "Rust reads the ledger in the counting-house."
    speech = say("Rust", "I know what the merchant did", NarrationMemory(seed=1), view)
    assert "“I know what the merchant did" in speech and "Rust" in speech


def test_a_rulebook_complication_is_told_in_the_storys_words_and_the_rules_stay_in_small_print():
    from companion.games.high_stakes.telling import told_complication
    from companion.story.voice import NarrationMemory

    memory = NarrationMemory(seed=3)
    d = {"id": "collapsing", "text": "the floor, the bridge or the roof starts to give way: you get out "
                                     "bruised, -1 Body until the next Rest"}
    first, second = told_complication(d, 10, memory), told_complication(d, 20, memory)
    assert first != second  # each line once before any twice
    for line in (first, second):
        assert "the floor, the bridge or the roof" not in line and "-1" not in line and "Rest" not in line
    own = {"id": "dogs", "text": "the bite festers: fever and pain, -1 Mind"}
    assert told_complication(own, 30, memory) == own["text"]  # the adventure's own words stand
    from companion.games.high_stakes.data import load
    assert all(c.told for c in load().complications.values() if c.source == "text")


def test_trying_again_is_read_back_without_the_again():
    from companion.games.high_stakes.plan import as_said
    from companion.games.high_stakes.data import load
    rules = load()
    p = next(iter(rules.problems.values()))
    ap = as_said("Once more, I shout and wave to frighten it back.", "aura", p, rules, ["Ash"])
    assert ap.label == "shout and wave to frighten it back"


def test_complication_lines_name_nobody_by_pronoun():
    """A told complication does not know who is hurt or where: no 'they', 'them' or ceiling."""
    import re
    from companion.games.high_stakes.data import load
    for c in load().complications.values():
        for line in c.told:
            assert not re.search(r"\b(they|them|their|he|she|his|her|ceiling|roof)\b", line), line


def test_a_players_told_success_ends_its_sentence_before_the_stake_is_taken_up(tmp_path):
    """Played from --script (seed 21): 'Ash drops into the courtyard without a sound' ran into
    the take-up of the roll's words with no full stop between them."""
    import subprocess
    import sys
    script = tmp_path / "moves.txt"
    script.write_text("\n\npremade ash\naura I promise Willow I will bring the book back before dawn\n"
                      "body I wait for the watchmen to argue, then go up the wall where the ivy is "
                      "thickest\ntrait 5\nroll -- my fingers find every crack the ivy hides\nkeep\n"
                      "element -- from the top of the wall I see a lit window\n"
                      "Ash drops into the courtyard without a sound\non\nquit\n", encoding="utf-8")
    journal = tmp_path / "j.jsonl"
    run = subprocess.run([sys.executable, "-m", "companion", "play", "high-stakes", "--seed", "21",
                          "--script", str(script), "--journal", str(journal)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    md = subprocess.run([sys.executable, "-m", "companion", "journal", str(journal), "--format", "md"],
                        capture_output=True, text=True, timeout=60).stdout
    # its own sentence, then the take-up (said, not sworn: the words bind Ash to nothing)
    assert re.search(r"without a sound\. [^.“]*“My fingers find every crack the ivy hides", md), md
    assert "ivy hides,” Ash had sworn" not in md
    assert "“From the top of the wall I see a lit window”" in md  # recalled, capitalised
    assert "I promise Willow I will bring the book back before dawn" in md  # the player's words


def test_a_vow_with_no_roll_is_a_stake_on_the_night_broken_when_it_ends_empty_handed(tmp_path):
    """Played in tmux (seed 31): 'I swear to Willow I will bring the book back before the bells
    ring at dawn' was never heard of again, though the night ended without the book."""
    import subprocess
    import sys
    script = tmp_path / "moves.txt"
    script.write_text("\n\npremade Rust\naura I swear to Willow I will bring the book back before the "
                      "bells ring at dawn\nbody I go up the wall where the ivy is thickest\nroll\n"
                      "The ivy holds.\nleave\nleave anyway\n", encoding="utf-8")
    journal = tmp_path / "j.jsonl"
    run = subprocess.run([sys.executable, "-m", "companion", "play", "high-stakes", "--seed", "31",
                          "--script", str(script), "--journal", str(journal)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    md = subprocess.run([sys.executable, "-m", "companion", "journal", str(journal), "--format", "md"],
                        capture_output=True, text=True, timeout=60).stdout
    epilogue = md.split("Ending: Empty-Handed", 1)[1]
    assert "bells ring at dawn" in epilogue  # the vow, taken up at the end ...
    assert "not" in epilogue.split("bells ring at dawn", 1)[1].split(".")[0]  # ... as broken


def test_a_vow_is_kept_when_the_night_ends_with_the_book_and_broken_otherwise():
    from types import SimpleNamespace

    from companion.games.high_stakes import fabula as hs_fabula
    from companion.story.fabula import Fabula

    f = Fabula().state_stake("vow-3", "player", "I swear I will bring the book back", about="night")
    beat = SimpleNamespace(step=9, view={})
    for ending, result in (("success", "won"), ("aborted", "lost"), ("fallen", "lost")):
        done = hs_fabula._event(f, "story_end", {"ending": ending, "title": "x"}, beat)
        assert done.stake("vow-3").result == result, ending
    assert hs_fabula.VOW.search("Rust swears nothing") is None
    assert hs_fabula.VOW.search("on my life, I will be back")


def test_a_death_dealt_by_a_roll_is_told_once_with_the_rolls_outcome():
    """Played (seed 31): 'Rust dies.' and then 'Rust is hurt. Rust does not get up again.'"""
    from companion.games.high_stakes.narrate import Narrator
    from companion.story.voice import Beat, NarrationMemory
    from tests.high_stakes.drive import G, do, frame, start, to_pool

    s = do(to_pool(frame(start("ash")), consequence=["game_over"]), "player", "roll")
    roll = G.chance(s).outcome(["2", "2", "2"])
    s, events = G.apply(s, roll)
    assert any(e.kind == "death" for e in events)
    memory = NarrationMemory(seed=5)
    told = Narrator(5).narrate(Beat(step=9, action=roll, events=events, view=G.view(s, None)), memory)
    assert "dies" not in told, told
    seat = G.to_move(s)[0]
    narrate = next(a for a in G.legal_actions(s, seat) if a.kind == "narrate")
    assert "Ash does not get up again." in Narrator(5).write(narrate, G.view(s, seat), memory)


def test_a_success_is_told_by_what_was_tried_not_by_the_problems_name():
    # read aloud (seed 5): "Ash gets the better of the right book", "... of another way in"
    from companion.games.high_stakes.words import words

    told = words().success
    for line in told.plain + told.complicated:
        assert "{label}" in line and "{problem}" not in line, line


def test_the_first_frame_never_tells_the_players_own_character_as_someone_else():
    # played as Wind: "Wind picks at a splinter as if none of this concerned him. What do you do?"
    from companion.games.high_stakes.data import load
    from companion.games.high_stakes.plan import framed

    scene = next(sc for sc in load().scenes.values() if "splinter" in sc.frame)
    as_wind = framed(scene, {"characters": [{"name": "Wind"}]})
    assert "splinter" not in as_wind and "Rust is pale" in as_wind
    assert as_wind.endswith("What do you do?")
    assert "splinter" in framed(scene, {"characters": [{"name": "Ash"}]})


def test_a_thing_made_true_is_its_own_sentence_never_a_capital_after_a_colon():
    """Played (seed 7): 'And so it is: One of the dogs...' (a made-true element after a colon,
    with the capital its own sentence takes)."""
    from companion.games.high_stakes.ending import made_true
    from companion.story.voice import NarrationMemory

    told = {made_true("one of the dogs is lame and cannot run", "Ash", NarrationMemory(seed=n),
                      {"scene_count": n, "seed": n}) for n in range(40)}
    assert len(told) >= 4, told  # every way of telling it was tried
    assert not [t for t in told if re.search(r": [A-Z]", t)], told


def test_a_deed_the_player_tells_in_the_first_person_is_never_framed_as_said():
    """Played (session 11, seed 5150): '“My fingers find the seam and I'm over the coping before
    the lantern swings back,” Rust tells the dark' and 'Rust's answer comes quick: “I duck into a
    doorway...”': a deed in the player's words framed as speech. It is framed as Rust's telling;
    words said keep a speech frame."""
    import re

    from companion.games.high_stakes.ending import say
    from companion.story.voice import NarrationMemory
    from companion.story.fabula import Person
    from companion.story.pronouns import SHE
    view = {"scene_count": 2, "characters": [{"name": "Rust", "status": "active"}]}
    memory = NarrationMemory(seed=1)
    memory.fabula = memory.fabula.meet(Person(key="rust", name="Rust", pronouns=SHE))
    for i in range(8):
        told = say("Rust", f"I duck into doorway {i} and hold my breath until the lantern "
                           "passes", memory, view)
        # s14: a deed in the first person is told of the hero (story.shift), not quoted
        assert told.startswith(f"Rust ducks into doorway {i} and holds her breath"), told
        assert not re.search(r"\b(says|whispers|mutters|answer|tells the dark|tells it)\b", told), told
    plain = say("Rust", "I duck into a doorway", memory, view)
    half = say("Rust", "I duck in and hold still", memory, view)
    assert half == "Rust ducks in and holds still.", half
    guess = say("Rust", "My fingers find the seam and I'm over the coping", memory, view)
    assert "“My fingers find the seam and I'm over the coping" in guess  # the shift won't guess
    assert not re.search(r"\b(says|whispers)\b", guess)
    cry = say("Rust", "Down, boy! I am the dog's friend now", memory, view)
    assert "“Down, boy! I am the dog's friend now" in cry  # speech stays quoted, theirs
    framed = say("Rust", "The latch rises with a sigh and I fold myself through the frame", memory, view)
    assert framed == "The latch rises with a sigh and Rust folds herself through the frame.", framed
    stranger = say("Rust", "I duck into the doorway and hold my breath", NarrationMemory(seed=1), view)
    assert stranger.startswith("“I duck into")  # whose pronouns are unknown: not guessed at
    assert plain == "Rust ducks into a doorway.", plain  # only "I duck" retold
    said = [say("Rust", f"Who sent you, old man number {i}?", memory, view) for i in range(8)]
    assert not any("tells it" in t or "telling" in t for t in said), said


def test_a_relationships_words_are_what_is_drawn_on_not_a_stake():
    """Played (session 11): "Ash taught me to fall without breaking", said with Rust's
    Relationship to Ash, was quoted back after the roll as a stake that "did not hold". Words on
    a Relationship or a Trait say what the character draws on; they are a stake only when they
    say one (a condition, a vow)."""
    s = to_pool(start("rust"), who="rust")
    view = G.view(s, None)
    rel = next(a for a in G.legal_actions(s, "player") if a.kind == "relationship")
    trait = next(a for a in G.legal_actions(s, "player") if a.kind == "trait")
    for action, words, staked in (
            (rel, "Ash taught me to fall without breaking", False),
            (trait, "the cat in me knows where to put each foot", False),
            (rel, "if I slip now, Ash hangs for it", True),
            (rel, "for Ash I will not let go of this ledge", True)):
        f = feed(Fabula(), Beat(step=1, action=action.with_text(words), events=[], view=view))
        assert bool(f.stakes) is staked, words


def test_a_command_word_alone_at_the_narration_prompt_is_no_telling(tmp_path):
    """Played (session 11): a bare `keep` typed at "Narrate how you succeed" became the story
    line "Keep.". A command word alone is not story: the prompt asks again, and what is typed
    next is the telling."""
    import subprocess
    import sys
    script = tmp_path / "moves.txt"
    script.write_text("\n\npremade ash\naura I promise Willow I will bring the book back before dawn\n"
                      "body I wait for the watchmen to argue, then go up the wall where the ivy is "
                      "thickest\ntrait 5\nroll -- my fingers find every crack the ivy hides\nkeep\n"
                      "element -- from the top of the wall I see a lit window\nkeep\nexplode\n"
                      "Ash drops into the courtyard without a sound\nquit\n", encoding="utf-8")
    journal = tmp_path / "j.jsonl"
    run = subprocess.run([sys.executable, "-m", "companion", "play", "high-stakes", "--seed", "21",
                          "--script", str(script), "--journal", str(journal)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = " ".join(run.stdout.split())
    assert "Narrate how you succeed.> keep ✗" in out and "Keep." not in out, out
    assert "Explode." not in out
    md = subprocess.run([sys.executable, "-m", "companion", "journal", str(journal), "--format", "md"],
                        capture_output=True, text=True, timeout=60).stdout
    assert "Keep." not in md and "Explode." not in md and "without a sound" in md, md
