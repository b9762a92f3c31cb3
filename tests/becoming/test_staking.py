"""Issue 42, "stakes declared, not told": a won stake is told as what the win could give."""
from __future__ import annotations

import re

from companion.games.becoming import GAME, staking
from companion.games.becoming.narrate import hero_of
from companion.story.fabula import Stake
from companion.story.stakes import take_up
from companion.story.template import Character
from companion.story.voice import NarrationMemory
from tests.becoming.states import created, turn

DECLARED = ("came to pass", "held true", "came true", "it is so", "proved true", "bore them out",
            "promise holds", "keeps them", "fell Maud's way", "won it", "carried it", "favour",
            "better of it", "won through", "right side", "it held", "kept it", "stood.",
            "went.", "agreed with it")
TRYING = ("try for it", "still to", "went after the rest")


def _stake(words: str) -> Stake:
    return Stake(id="scene-3", by="hero", words=words, about="scene-3", result="won")


def test_a_won_stake_the_game_cannot_grant_is_told_as_her_attempt_in_every_way():
    hero = Character(name="Maud")
    for words in ("If I win, Maud learns why her village is on the Duke's list",
                  "I will call Ash back from the fen", "Maud swears she will bring Ash home",
                  "Maud calls Ash back from the fen"):
        for i in range(8):
            told = take_up(_stake(words), "won", hero, i, granted=False)
            assert told and not any(d in told for d in DECLARED), told
            assert any(t in told for t in TRYING), told
            won = take_up(_stake(words), "won", hero, i)  # granted: told as come true
            assert not any(t in won for t in TRYING), won


def test_calling_back_a_turned_asset_is_not_told_as_come_true_while_it_stays_turned():
    """Played (issue 42, seed 11): "Maud calls Ash back from the fen" was told as "came true"
    while Ash stayed subverted."""
    s = turn(created(), "hound", by="spinner", name="Ash Gone Feral")
    view = GAME.view(s, None)
    hound = next(a for a in view["assets"] if a["id"] == "hound")
    words = f"I call {hound['name'].split()[0]} back from the fen"
    assert staking.held_asset(words, view, moon=False)["id"] == "hound"
    assert staking.held_asset(words, view, moon=True) is None  # a moon shot can win it back
    told = staking.tell_won(_stake(words), view, False, hero_of(view), NarrationMemory(seed=1),
                            "scene-3", "Veyla")
    assert not any(d in told for d in DECLARED) and any(t in told for t in TRYING), told
    assert told.endswith("Ash Gone Feral now, stayed with Veyla."), told
    plain = staking.tell_won(_stake("If I win, the way ahead stays open"), view, False,
                             hero_of(view), NarrationMemory(seed=1), "scene-3")
    assert not any(t in plain for t in TRYING) and "stayed with" not in plain, plain


def test_a_truth_to_learn_is_read_from_the_words():
    for words in ("If I win, Maud learns why her village is on the Duke's list",
                  "I will find out who sent the riders", "the witch tells me where the crown sleeps",
                  "I discover the Duke's secret"):
        assert staking.learns(words), words
    for words in ("If I win, the way ahead stays open", "I see the gate and run for it",
                  "I tell the crowd to go home"):
        assert not staking.learns(words), words


def test_words_that_are_not_a_vow_are_never_sworn():
    """Played (issue 42 notes): "“I talk to the witch,” Maud swears" (the tags went round
    regardless of the words)."""
    from companion.games.becoming.ending import spoken
    memory = NarrationMemory(seed=1)
    plain = [spoken("I talk to the witch about the crown", "Maud", memory) for _ in range(12)]
    assert not any(w in t for t in plain for w in ("swears", "promises")), plain
    vowed = [spoken("I will not leave Ash behind", "Ann", memory) for _ in range(12)]
    assert any("swears" in t or "promises" in t for t in vowed), vowed


def test_a_heros_full_name_is_told_when_she_is_named_then_her_given_name(tmp_path):
    """Played (issue 42 notes): "Maud Reedwater" in every sentence of a scene. The full name is
    told when she is named and on the table; the story calls her Maud."""
    import random

    from companion.games.becoming import policy
    from companion.journal.render import render_markdown
    from companion.repl.controller import Controller
    from companion.session import AI, HUMAN, Session
    from companion.story.voice import OfflineVoice
    from companion.games.becoming.model import BecomingOptions

    s = Session.start(GAME, 4, {seat: (HUMAN if seat == "hero" else AI) for seat in GAME.seats},
                      OfflineVoice(GAME, 4), tmp_path / "j.jsonl", emit=lambda k, t: None,
                      options=BecomingOptions(quest="drowned_crown"))
    s.advance()
    c = Controller(s, lambda k, t: None)
    while c.view()["phase"] == "pick":
        c.handle(f"pick {c.legal()[0].args['asset']}")
    c.handle("Maud Reedwater")
    c.handle("pronouns she")
    rng = random.Random(1)
    while not s.is_over() and (c.view().get("scene") or 0) <= 3:
        legal = s.legal("hero")
        s.submit(policy.choose(GAME.view(s.state, "hero"), "hero", legal, rng))
    md = render_markdown(tmp_path / "j.jsonl")
    story = "\n".join(x for x in md.splitlines() if x and not x.startswith(("<sub>", "|", "-")))
    assert "Maud Reedwater" in story  # named once in full
    assert story.count("Maud Reedwater") <= 2, story
    assert story.count("Maud") - story.count("Maud Reedwater") >= 5, story


def test_a_lost_stake_told_of_the_hero_is_recalled_not_put_in_her_mouth():
    """The previous helper's notes: a taunt said a third-person stake back "in Maud's own
    voice" (“Maud calls Ash back from the fen,” the weaver says, in Maud's own voice)."""
    from companion.games.becoming.narrate import Narrator
    from companion.story.fabula import Fabula, Outcome, Person

    view = {**GAME.view(created(), None), "scene": 4}
    for words, own in (("Maud calls Ash back from the fen", False),
                       ("If I win, I keep what I came in with", True)):
        f = Fabula().meet(Person(key="hero", name="Ilse", role="hero"))
        f = f.state_stake("scene-3", "hero", words, about="scene-3", step=1)
        f = f.record(Outcome(step=2, scene="scene-3", kind="threat", winner="shears",
                             loser="hero", by="dice")).resolve_stake("scene-3", "lost", 2)
        memory = NarrationMemory(seed=1, fabula=f)
        told = Narrator(1)._taunt(view, {"hero": hero_of(view)}, memory, "scene-4", (1,))
        assert words in told, told
        assert ("own voice" in told or "says it back" in told or "like a lesson" in told) == own


def test_each_fates_own_imagery_is_told_only_of_her(tmp_path):
    """Played (seed 23, and autoplay seed 11): "Cassot ties off this part of the thread with a
    tight knot", "Ysolde ties off ..." (the thread is the Spinner's), "Ysolde gives the Hero an
    open hand, the way a merchant gives a first taste" (the Measurer's trade): three Fates read
    as one in three masks."""
    import re

    from tests.helpers import told
    own = {"Veyla": ("the thread pulls", "part of the thread"),
           "Cassot": ("merchant gives", "into his ledger"),
           "Ysolde": ("handle first", "the blade clean")}
    seen = 0
    for seed in (11, 23, 5):
        text = " ".join(told(tmp_path, "becoming", seed).split())
        for sentence in re.split(r"(?<=[.!?”])\s+", text):
            for fate, marks in own.items():
                if any(m in sentence for m in marks):
                    seen += 1
                    assert sentence.startswith(fate) or f" {fate} " in sentence.split(
                        marks[0])[0] + " ", (fate, sentence)
                    others = [f for f in own if f != fate]
                    assert not any(sentence.startswith(f) for f in others), (fate, sentence)
    assert seen


def test_a_person_among_the_assets_is_never_it():
    """Played (seed 23): "Maud loses Sister Vey: it belongs to Veyla now"; "Cassot lays down
    Elsabet ... as if he already knows its price"; "leans on Elsabet and puts it at risk"."""
    import re

    from companion.games.becoming.narrate import narration_data
    from companion.story.grammar import Phrase
    from companion.story.pronouns import SHE
    from companion.story.template import render
    person = Phrase(words="Sister Vey", form="name")
    values = {"hero": Character(name="Maud", pronouns=SHE),
              "fate": Character(name="Veyla", pronouns=SHE), "asset": person,
              "avatar": Phrase(words="weaver", form="a"), "trait": "Shaken",
              "turned": "The Healer Who Keeps Count", "dice": "two dice",
              "costs": "a mark against Mercy", "words": "If I win, nobody freezes",
              "assets": [person]}
    wrong = re.compile(r"\bputs? it\b|\bit belongs\b|\bit answers\b|\bits price\b")
    for key, templates in narration_data().templates.items():
        for t in templates:
            if "{asset" in t:
                text = render(t, values)
                assert not wrong.search(text), (key, text)


def test_the_last_asset_lost_in_the_last_scene_is_not_an_early_end():
    """Played (seed 23): Courage, the last Asset, was turned in scene 9, and the epilogue said
    the Quest "ended before its time, at the Duke of Reeds" (the bench counted it an early end)."""
    from companion.games.becoming import flow
    for scene, early in ((9, False), (8, True)):
        s = created().model_copy(update={"scene": scene})
        for aid in [a.id for a in s.assets]:
            s = turn(s, aid, by="shears")
        s, events = flow.to_close(s, early=True)
        assert s.ended_early is early and events[0].data["early"] is early, scene


def test_a_stake_told_of_the_hero_is_not_quoted_as_her_speech(tmp_path):
    """Played (seed 23, scene 4): 'done -- Maud leads the riders into the sinking ground and the
    fen keeps them' was told as “Maud leads the riders ...,” Maud tells the Fates."""
    from companion.journal.render import render_markdown
    from companion.repl.controller import Controller
    from companion.session import AI, HUMAN, Session
    from companion.story.voice import OfflineVoice
    from companion.games.becoming.model import BecomingOptions

    s = Session.start(GAME, 4, {seat: (HUMAN if seat == "hero" else AI) for seat in GAME.seats},
                      OfflineVoice(GAME, 4), tmp_path / "j.jsonl", emit=lambda k, t: None,
                      options=BecomingOptions(quest="drowned_crown"))
    s.advance()
    c = Controller(s, lambda k, t: None)
    while c.view()["phase"] == "pick":
        c.handle(f"pick {c.legal()[0].args['asset']}")
    c.handle("Maud Reedwater")
    c.handle("pronouns she")
    c.handle("done -- Maud leads the riders into the sinking ground and the fen keeps them")
    md = render_markdown(tmp_path / "j.jsonl")
    line = next(x for x in md.splitlines() if "sinking ground" in x and not x.startswith("<"))
    assert "What Maud plays for: “Maud leads the riders" in line, line
    assert not any(t in line for t in ("Maud tells", "Maud says", "says Maud", "Maud swears",
                                       "Maud answers", "Maud promises")), line


def test_a_stake_is_never_cut_mid_sentence():
    """Played (issue 42, seed 11): “If I win, I catch all three of the witch's lies and” was what
    hung on it: 'the witch tells me where ...' was taken for a speech tag ('Maren says')."""
    hero = Character(name="Maud")
    words = "If I win, I catch all three of the witch's lies and the witch tells me where the crown sleeps"
    for result in ("won", "lost"):
        for i in range(7):
            told = take_up(_stake(words), result, hero, i)
            assert "where the crown sleeps" in told, told
    tagged = take_up(_stake("I will find the crown, Maren says"), "won", hero, 0)
    assert "Maren says" not in tagged and "I will find the crown" in tagged, tagged


def test_what_was_asked_of_a_defeat_is_not_thrown_back_as_lost():
    """Played (session 11, seed 808): "If I lose, the child still gets to the bank", lost, came
    back at the next scene as "Veyla has not forgotten what Hesper staked and lost". Lost, those
    words held: there is nothing for a Fate to taunt her with."""
    from companion.games.becoming.narrate import Narrator
    from companion.story.fabula import Fabula, Outcome, Person

    view = {**GAME.view(created(), None), "scene": 4}
    f = Fabula().meet(Person(key="hero", name="Ilse", role="hero"))
    f = f.state_stake("scene-3", "hero", "If I lose, the child still gets to the bank",
                      about="scene-3", step=1)
    f = f.record(Outcome(step=2, scene="scene-3", kind="threat", winner="shears",
                         loser="hero", by="dice")).resolve_stake("scene-3", "lost", 2)
    memory = NarrationMemory(seed=1, fabula=f)
    assert Narrator(1)._taunt(view, {"hero": hero_of(view)}, memory, "scene-4", (1,)) == ""


def test_a_deed_the_player_tells_is_theirs_not_a_line_spoken():
    """Played (session 11, seed 808): “Tobin reads the names on the post aloud until the
    toll-men laugh and wave us over,” Hesper says: a deed told in the player's words was given
    a speech tag. It is marked as her telling; words she says to someone keep theirs."""
    from companion.games.becoming.ending import spoken

    memory = NarrationMemory(seed=1)
    for deed in ("Tobin reads the names on the post aloud until the toll-men wave us over",
                 "I go for the child on the cart first, crown or no crown"):
        told = spoken(deed, "Hesper", memory)
        assert "tells it" in told or "telling" in told, told
        assert not re.search(r"\b(says|swears|promises|answers)\b", told), told
    said = spoken("I don't trade marks on a bird for dice", "Hesper", memory)
    assert "tells it" not in said and "telling" not in said, said


def test_a_question_staked_is_asked_never_told_the_fates():
    """Played (s14): “Will the wolves let us through if I give them the horse?” Thessaly tells
    the Fates. A question is asked, whatever tag comes round."""
    from companion.games.becoming.ending import tag
    from companion.games.becoming.narrate import said

    memory = NarrationMemory(seed=1)
    for _ in range(6):
        words = "Will the wolves let us through if I give them the horse?"
        told = said(words, tag("Thessaly", memory, words=words))
        assert re.search(r"\basks\b|wants to know", told), told
