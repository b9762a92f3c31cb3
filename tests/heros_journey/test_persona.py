"""Issue 38: the player's Hero is named and described at the start (as in the other games), told
in the story's opening and named so everywhere; an autoplay's Hero is described the same way for
the same seed; and the player's own lines come back when what they were about comes up again."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.game import Action, Event
from companion.story.fabula import Fabula
from companion.story.voice import Beat, NarrationMemory
from companion.games.heros_journey import GAME, HjOptions, fabula as adapter
from companion.games.heros_journey.narrate import Narrator

ROOT = Path(__file__).resolve().parents[2]


def _play(script: str, tmp_path: Path, seed: int = 7) -> tuple[str, str]:
    journal = tmp_path / "hj.jsonl"
    r = subprocess.run([sys.executable, "-m", "companion", "play", "heros-journey", "--seed",
                        str(seed), "--journal", str(journal), "--script", "-"], input=script,
                       text=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                       timeout=120)
    assert r.returncode == 0, r.stderr
    md = subprocess.run([sys.executable, "-m", "companion", "journal", str(journal), "--format",
                         "md"], text=True, capture_output=True, timeout=120,
                        env={**os.environ, "PYTHONPATH": str(ROOT)})
    return r.stdout, md.stdout


def test_the_hero_is_named_and_described_and_the_story_opens_with_them(tmp_path):
    """Played: the player was never asked a name or who the Hero is; every Hero was Wren."""
    screen, journal = _play("Ottilie Marsh\nhe\nOttilie keeps the ferry at the mill-race ford "
                            "and wants to see the sea.\norigin harvest\nrest moons suns\nend\n",
                            tmp_path)
    asked = screen.split("origin harvest")[0]
    assert "Name your Hero" in asked and "pronouns" in asked and "A sentence or two" in asked
    # the rivals' lines, the small print and the story name the Hero as the player did
    assert "Your Hero is Ottilie Marsh." in screen and "Wren" not in screen.split(
        "Your Hero is Ottilie Marsh.")[1]
    story = [x for x in journal.split("## The road begins")[0].splitlines()
             if x and not x.startswith(("<sub>", "-", "#", "*", "---", "game:", "seed:",
                                        "seats:", "voice:"))]
    assert story[0].startswith("Ottilie keeps the ferry at the mill-race ford")
    assert "Ottilie Marsh" in story[1] and "Wren" not in story[1], story
    assert "*Ottilie Marsh* (he), from the Harvest." in journal  # described once: the story
    assert journal.count("Ottilie keeps the ferry at the mill-race ford") == 1  # opens with it
    # once introduced by the name the player gave, the story calls him by his first name
    later = [x for x in journal.split("## The road begins")[1].splitlines()
             if x and not x.startswith(("<sub>", "#"))]
    assert later and "Ottilie" in " ".join(later) and "Ottilie Marsh" not in " ".join(later)


def test_enter_keeps_the_seats_own_hero():
    s = GAME.setup(HjOptions(players=2))
    while GAME.to_move(s) == ["chance"]:
        c = GAME.chance(s)
        s, _ = GAME.apply(s, Action(seat="chance", kind="chance",
                                    args={"items": list(c.options[:c.count])}))
    for kind in ("name", "pronouns", "describe_hero"):
        (a,) = GAME.legal_actions(s, "hero1")
        assert a.kind == kind and a.ask
        s, _ = GAME.apply(s, a)  # Enter: no text
    v = GAME.view(s, "hero1")
    assert v["you_are"]["name"] == "Wren" and v["you_are"]["pronouns"] == "she/her"
    assert GAME.legal_actions(s, "hero1")[0].kind == "origin"


@pytest.mark.slow  # two whole autoplays
def test_an_autoplayed_hero_is_described_the_same_for_the_same_seed(tmp_path):
    from tests.helpers import told

    lines, endings = [], []
    for i, seed in enumerate((5, 5)):
        d = tmp_path / str(i)
        d.mkdir()
        text = told(d, "heros-journey", seed)
        top = text.split("**The Heroes:**")[1].split("\n")
        lines.append((top[2], top[6]))  # the Hero's line in the list, the story's first line
        endings.append(text.split("## Epilogue")[1].split("## Where each road ended")[0])
    assert lines[0] == lines[1] and lines[0][0].startswith("- *Wren* (she/her), from the ")
    # described in a line of its own, not the seat's fixed manner, told once: the story's first
    want = lines[0][1].rstrip(".")
    assert want.startswith("Wren ") and want not in lines[0][0]
    # the epilogue closes on what the player said of their Hero at the start
    assert f"“{want}" in endings[0], endings[0]


def _view(stage=3, rnd=4):
    st = GAME.setup(HjOptions(players=3))
    view = GAME.view(st, None)
    for h in view["heroes"]:
        h["stage"], h["origin"], h["stage_card"] = stage, "harvest", "journey"
    return {**view, "round": rnd, "first": "hero1"}


def _beat(step, events, seat="hero1", kind="rest", text="", args=None, view=None):
    return Beat(step=step, action=Action(seat=seat, kind=kind, text=text, args=args or {}),
                events=[Event(kind=k, data=d) for k, d in events], view=view or _view())


def test_a_line_said_on_meeting_a_mentor_comes_back_with_that_mentor():
    """Played: about 12 lines typed (the mill-race ford, the old author...) each appeared once in
    place. A line said on a move is about what that move met (the Mentor and Place taken, a
    card it names); it comes back, quoted, when that card comes up again, once."""
    memory = NarrationMemory(1)
    f = Fabula()
    said = _beat(2, [("takes_pair", {"seat": "hero1", "mentor": "author", "place": "mill"})],
                 kind="travel", text="Wren asks the old author what grows on his road",
                 view=_view(rnd=2))
    f = adapter.feed(f, said)
    assert {"author", "mill"} <= set(f.words("said_about:2").split())
    memory.fabula = f
    later = _beat(9, [("rest", {"seat": "hero1", "card": "author"})], view=_view(rnd=5))
    memory.fabula = adapter.feed(memory.fabula, later)
    told = Narrator(1).narrate(later, memory)
    assert "“Wren asks the old author what grows on his road" in told and "Author" in told
    again = _beat(12, [("rest", {"seat": "hero1", "card": "author"})], view=_view(rnd=6))
    memory.fabula = adapter.feed(memory.fabula, again)
    assert "what grows on his road" not in Narrator(1).narrate(again, memory)  # once


def test_a_line_said_at_a_challenge_comes_back_at_a_later_test_of_its_quality_not_another():
    """Played (session 18): a line said at the Origin, whose test was Violence (Wyrms), came back
    at a test of Nature as "Nature (Leaves) once more": the Origin only asks Leaves at stake."""
    words = "I square my shoulders and walk into the trial"
    f = adapter.feed(Fabula(), _beat(3, [], kind="challenge", text=words, view=_view(stage=1)))
    f = adapter.feed(f, _beat(4, [("challenge_issued", {"seat": "hero1", "card": "ace-wyrms",
                                                         "bid": 0}),
                                  ("advance", {"seat": "hero1", "stage": 2, "card": "origin"})],
                              kind="play", view=_view(stage=2)))
    about = set(f.words("said_about:3").split())
    assert "wyrms" in about and "leaves" not in about and "waves" not in about
    memory = NarrationMemory(1)
    memory.fabula = f
    for step, card, rnd, back in ((9, "ace-leaves", 6, False), (12, "ace-wyrms", 8, True)):
        test = _beat(step, [("challenge_issued", {"seat": "hero1", "card": card, "bid": 0}),
                            ("stay", {"seat": "hero1", "stage": 2, "card": "journey"})],
                     kind="play", view=_view(stage=2, rnd=rnd))
        memory.fabula = adapter.feed(memory.fabula, test)
        assert (words in Narrator(1).narrate(test, memory)) == back, card


def test_a_line_naming_a_place_comes_back_when_the_hero_reaches_it():
    f = adapter.feed(Fabula(), _beat(1, [], kind="origin", text="I was born by the Mill",
                                     args={"origin": "harvest"}, view=_view(rnd=1)))
    assert "mill" in f.words("said_about:1").split()
    memory = NarrationMemory(1)
    memory.fabula = f
    arrive = _beat(20, [("takes_pair", {"seat": "hero1", "mentor": None, "place": "mill"})],
                   kind="travel", view=_view(rnd=7))
    memory.fabula = adapter.feed(memory.fabula, arrive)
    assert "“I was born by the Mill" in Narrator(1).narrate(arrive, memory)


def _named(name: str):
    """A race of three set up as far as the player's Hero's Origin, the Hero named ``name``."""
    s = GAME.setup(HjOptions(players=3))
    while GAME.to_move(s) == ["chance"]:
        c = GAME.chance(s)
        s, _ = GAME.apply(s, Action(seat="chance", kind="chance",
                                    args={"items": list(c.options[:c.count])}))
    for kind, text in (("name", name), ("pronouns", "he"), ("describe_hero", "")):
        (a,) = GAME.legal_actions(s, "hero1")
        s, _ = GAME.apply(s, a.with_text(text))
    return s


def _origin(s):
    (a,) = [x for x in GAME.legal_actions(s, "hero1") if x.args.get("origin") == "harvest"]
    return GAME.apply(s, a)


def test_two_races_in_one_process_each_tell_only_their_own_heros_name():
    """Issue 38: the names the player gave were kept for 'the race in hand' (a context variable
    set by the engine from the last state it touched): a second race's move, or a call with no
    race at all, named the Hero as the other race's player had. The names now go with the race:
    its events carry them and its view shows them."""
    from companion.games.heros_journey import commands, render
    from companion.repl.ending import final_score

    a, b = _named("Ottilie Marsh"), _named("Bram Tuck")
    a, a_events = _origin(a)
    view_a = GAME.view(a, None)
    b, b_events = _origin(b)  # the other race moves last
    view_b = GAME.view(b, None)
    for events, view, mine, theirs in ((a_events, view_a, "Ottilie", "Bram"),
                                       (b_events, view_b, "Bram", "Ottilie")):
        small = " ".join(x for e in events if (x := render.mechanics(e, None)))
        assert f"{mine} " in small and theirs not in small, small
        told = Narrator(3).narrate(_beat(5, [(e.kind, e.data) for e in events], kind="origin",
                                         args={"origin": "harvest"}, view=view),
                                   NarrationMemory(3))
        assert mine in told and theirs not in told, told
        table = commands.status(view)
        assert mine in table and theirs not in table
        assert mine in render.front_matter(view) and theirs not in render.front_matter(view)
    assert GAME.seat_name("hero1", a) == "Ottilie Marsh"
    assert GAME.seat_name("hero1", b) == "Bram Tuck"
    # a call with no race names each Hero as the seat's own: never a name left from a race
    assert GAME.seat_name("hero1") == "Wren"
    assert render.mechanics(Event(kind="draw", data={"seat": "hero1", "suit": "moons"}),
                            None) == "Wren draws a Moon."
    assert GAME.describe(Action(seat="hero2", kind="betray", args={"card": "author",
                                                                   "to": "hero1"})) == \
        "give the Author to Wren"
    outcome = type("O", (), {"scores": {"hero1": 23.0, "hero2": 142.0, "hero3": 108.0}})()
    assert final_score(GAME, GAME.setup(HjOptions(players=3)), outcome) == \
        "Brannoc 142, Sefa 108, Wren 23"
    assert final_score(GAME, a, outcome) == "Brannoc 142, Sefa 108, Ottilie Marsh 23"


def test_a_resumed_race_names_the_player_by_the_name_they_gave(tmp_path):
    """Resuming said "you are Wren" once the name no longer came from the last race touched:
    the seat's name is asked of the race being resumed."""
    _play("Ottilie Marsh\nhe\n\norigin harvest\n", tmp_path)
    r = subprocess.run([sys.executable, "-m", "companion", "resume", str(tmp_path / "hj.jsonl"),
                        "--script", "-"], input="", text=True, capture_output=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    assert "you are Ottilie Marsh." in r.stdout, r.stdout[:400]


def test_the_origin_names_the_hero_in_full_before_the_players_words_on_it():
    """Played: 'origin rite -- I kneel at the cold hearth of Dunmere' was told 'Hesper kneels at
    the cold hearth of Dunmere... Hesper Quill-Okonkwo leaves the Order's walls': the first name
    before the full one that introduces them."""
    s = _named("Hesper Quill-Okonkwo")
    (a,) = [x for x in GAME.legal_actions(s, "hero1") if x.args.get("origin") == "rite"]
    a = a.with_text("I kneel at the cold hearth of Dunmere")
    s, events = GAME.apply(s, a)
    told = Narrator(3).narrate(Beat(step=9, action=a, events=events, view=GAME.view(s, None)),
                               NarrationMemory(3))
    assert told.index("Hesper Quill-Okonkwo") < told.index("Hesper kneels at the cold hearth")
