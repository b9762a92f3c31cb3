"""Whole sessions through the session loop with the offline voice: autoplay reaches a natural
stop, replays identically, and reads as a story; a player's words land in the journal."""
from __future__ import annotations

import re

import pytest

from companion.core.game import Action
from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior.model import SEATS
from tests.dragon_warrior.play import autoplay
from companion.journal.render import render_markdown
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice


def test_autoplay_seed_11_reaches_a_natural_stop_through_battles(tmp_path, quest_run):
    s, path = quest_run
    assert s.is_over() and s.state.ended == "quest"  # a defeat no longer ends a session
    assert s.state.battles >= 2
    md = render_markdown(path)
    assert md.count("## Battle:") == s.state.battles and "## The throne room" in md
    again = autoplay(11, tmp_path / "b.jsonl")
    assert render_markdown(tmp_path / "b.jsonl") == md  # same seed, same story


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 7, 12])
def test_every_autoplay_stops(tmp_path, seed):
    s = autoplay(seed, tmp_path / f"{seed}.jsonl")
    assert s.is_over() and s.state.ended in ("quest", "stopped")


def test_the_companions_text_never_addresses_the_reader(quest_run):
    s, _ = quest_run
    for _, text in s.narrations:
        quoted = re.sub(r"“[^”]*”|\"[^\"]*\"", "", text)  # the king's speech may say "you"
        assert not re.search(r"\b(you|your)\b", quoted, re.I), text


def test_the_players_words_are_in_the_journal_in_their_place(tmp_path):
    seats = {seat: AI for seat in SEATS}
    seats["warrior"] = HUMAN
    path = tmp_path / "h.jsonl"
    s = Session.start(GAME, 3, seats, OfflineVoice(GAME, 3), path)
    s.advance()
    s.submit(Action(seat="warrior", kind="done"))
    s.submit(Action(seat="warrior", kind="build", args={"str": 6, "agi": 3, "hp": 20, "mp": 0}))
    s.submit(Action(seat="warrior", kind="name", text="Wren"))
    s.submit(Action(seat="warrior", kind="pronouns", args={"set": "she"}))
    s.submit(Action(seat="warrior", kind="adjective", text="Ember"))
    s.submit(Action(seat="warrior", kind="trait", text="hums when nervous"))
    for answer in ("Nineteen.", "My aunt.", "Bees."):
        s.submit(Action(seat="warrior", kind="answer", text=answer))
    for _ in range(3):
        s.submit(Action(seat="warrior", kind="open", args={"chest": s.state.chests + 1}))
        s.submit(Action(seat="warrior", kind="take"))
    s.submit(Action(seat="warrior", kind="go", args={"to": "street"},
                    text="Wren squints at the bright morning and grins"))
    s.close()
    md = render_markdown(path)
    assert "Wren squints at the bright morning and grins." in md
    assert md.index("## The throne room") < md.index("Wren squints")
    assert "Bees." in md  # the answers are kept and shown


def test_three_tokens_trade_the_warrior_seat_between_human_and_ai(tmp_path):
    seats = {seat: AI for seat in SEATS}
    seats["warrior"] = HUMAN
    s = Session.start(GAME, 3, seats, OfflineVoice(GAME, 3), None)
    s.state = s.state.model_copy(update={"swapped": True})
    assert s.human_seats == ["villain", "ally", "treasure"]
    assert s.holders["warrior"] == AI


def test_autoplay_until_dungeon_goes_through_an_obstacle_and_a_boss_to_the_clearing(
        tmp_path, dungeon_run):
    s, path = dungeon_run
    assert s.state.ended == "dungeon"
    assert not s.state.warrior.quest_items  # the chest's Quest item opened the dungeon
    md = render_markdown(path)
    for words in ("## The throne room", "Obstacle:", "is spent: the way in is open",
                  "(floor 2)", "The Boss: double points", "it is a town now"):
        assert words in md, words
    cleared = md.index("it is a town now")  # the dungeon's maps close its chapter
    assert "```text" in md[cleared:md.index("## What was kept")]
    assert "## Into " in md  # the dungeon is a chapter of its own
    from companion.journal.render import render_html
    assert render_html(path).count("<svg") >= 4  # town, outdoors, two floors
    again = autoplay(11, tmp_path / "e.jsonl", until="dungeon")
    assert render_markdown(tmp_path / "e.jsonl") == md


def test_a_kill_in_the_last_instant_resumes_into_the_same_session_finished(tmp_path, capsys):
    # issue 36: killed after the session's last action (before its ending was told), `resume`
    # played a whole new chapter unasked; it finishes the session it was in, and says so
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from companion.cli import main

    root = Path(__file__).resolve().parents[2]
    whole = tmp_path / "whole.jsonl"
    assert main(["autoplay", "dragon-warrior", "--seed", "3", "--journal", str(whole),
                 "--quiet"]) == 0
    lines = whole.read_text().splitlines()
    assert '"epilogue"' in lines[-1]  # the last row tells the ending of the last action
    capsys.readouterr()
    assert main(["journal", str(whole), "--format", "md"]) == 0
    expected = capsys.readouterr().out
    for back in (1, 2):  # before the ending's row; before the last beat's telling
        path = tmp_path / f"killed-{back}.jsonl"
        child = subprocess.run([sys.executable, str(root / "tests" / "kill_child.py"),
                                str(len(lines) - back), "dragon-warrior", "3", str(path)],
                               cwd=root, capture_output=True, text=True, timeout=120,
                               env={**os.environ, "PYTHONPATH": str(root)})
        assert child.returncode == -signal.SIGKILL, child.stderr[-2000:]
        capsys.readouterr()
        assert main(["resume", str(path)]) == 0
        out = capsys.readouterr().out
        assert len(path.read_text().splitlines()) == len(lines), "a new chapter was played"
        assert "its ending is told now, and it is finished" in out, out
        assert main(["journal", str(path), "--format", "md"]) == 0
        assert capsys.readouterr().out == expected


def test_a_battle_resumed_midway_gathers_its_blows_from_before_the_resume(tmp_path, quest_run):
    # a routine blow says nothing when it lands: it is held, to be told later with the rest
    # ("Round and round it goes: Rowan comes up empty three times ..."). Quit mid-battle and
    # resumed, the battle told "twice": the blows held before the quit were forgotten
    import json

    from companion.games.dragon_warrior.model import WarriorOptions
    from tests.dragon_warrior.play import no_fsync

    _, whole = quest_run
    rows = [json.loads(x) for x in whole.read_text().splitlines()[1:]]
    told = {r["n"] for r in rows if r["type"] == "narration"}
    held = [r["n"] for r in rows if r["type"] == "action" and r["n"] not in told and
            any(e["kind"] in ("hit", "missed") for e in r["events"])]
    path = tmp_path / "quit.jsonl"
    with no_fsync():
        s = Session.start(GAME, 11, {seat: AI for seat in SEATS}, OfflineVoice(GAME, 11), path,
                          options=WarriorOptions())
        s.advance(max_steps=held[2] + 1)  # two routine blows held, and a third just now
        assert s.state.battle is not None
        s.close()
        s, _ = Session.resume(path)
        s.advance()
        s.close()
    md = render_markdown(whole)
    assert re.search(r"three times", md)  # the battle's gathered sentence, as told unbroken
    assert render_markdown(path) == md


def test_the_players_own_no_entry_is_shown_in_their_words(tmp_path):
    # played (s12): the No entry "cruelty to horses" was shown "No list: cruelty to creatures",
    # told around the line "cruelty to animals" set before it
    shown = []
    s = Session.start(GAME, 3, {seat: (HUMAN if seat == "warrior" else AI) for seat in SEATS},
                      OfflineVoice(GAME, 3), tmp_path / "p.jsonl",
                      emit=lambda kind, text: shown.append(text), lines=["cruelty to animals"])
    s.advance()
    s.submit(Action(seat="warrior", kind="no", text="cruelty to horses"))
    s.close()
    assert "No list: cruelty to horses." in shown, shown


def test_the_sessions_summary_counts_battles_in_words_not_battle_s():
    # played (s14): "Gudrun Fishwhistle stopped for the night: Level 3, 12 XP, 6 battle(s) won."
    from companion.games.dragon_warrior import GAME as G
    from companion.games.dragon_warrior.arena import explore_state as state

    for wins, said in ((1, "1 battle won."), (6, "6 battles won.")):
        s = state().model_copy(update={"wins": wins, "ended": "stopped"})
        assert G.outcome(s).summary.endswith(said), G.outcome(s).summary
