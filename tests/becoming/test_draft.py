"""Drafting a Quest for a human table, and playing it: `companion draft becoming quest "..."` then
`companion play|autoplay becoming --quest FILE`."""
from __future__ import annotations

import json

from companion.cli import main
from companion.games.becoming import GAME
from companion.games.becoming.data import load_quest_file
from companion.games.becoming.draft import draft_quest, to_toml
from companion.games.becoming.model import BecomingOptions, FATES


def test_a_drafted_quest_has_nine_rising_scenes_and_the_premise():
    q = draft_quest("A lighthouse keeper must relight the drowned lamp", seed=3)
    assert q["premise"] == "A lighthouse keeper must relight the drowned lamp"
    assert len(q["scenes"]) == 9
    dice = [s["threat_dice"] for s in q["scenes"]]
    assert dice == sorted(dice)
    assert sorted(s["agent"] for s in q["scenes"]) == sorted(FATES * 3)
    assert draft_quest("A lighthouse keeper must relight the drowned lamp", seed=3) == q


def test_the_drafted_file_loads_and_plays_and_travels_in_the_journal(tmp_path, capsys):
    from companion.journal.render import render_markdown
    from companion.session import AI, Session
    from companion.story.voice import OfflineVoice

    path = tmp_path / "q.toml"
    assert main(["draft", "becoming", "quest", "The", "salt", "witch", "wants", "her",
                 "daughter", "back", "--seed", "2"]) == 0
    path.write_text(capsys.readouterr().out)
    data = load_quest_file(path)
    s = GAME.setup(BecomingOptions(quest_data=data))
    assert GAME.quest(s).premise == "The salt witch wants her daughter back"
    from companion.cli import _with_quest  # what play and autoplay do with --quest FILE

    assert _with_quest(GAME, BecomingOptions(), str(path)).quest_data == data
    journal = tmp_path / "a.jsonl"
    session = Session.start(GAME, 1, {seat: AI for seat in GAME.seats}, OfflineVoice(GAME, 1),
                            journal, options=BecomingOptions(quest_data=data))
    session.advance(max_steps=40)
    session.close()
    header = json.loads(journal.read_text().splitlines()[0])
    assert header["options"]["quest_data"]["premise"] == data["premise"]
    path.unlink()  # the journal replays without the file
    assert "The salt witch wants her daughter back" in render_markdown(journal)


def test_a_bad_quest_file_is_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(to_toml(draft_quest("x y z")).replace("[[scenes]]", "[[scene]]", 1))
    assert main(["autoplay", "becoming", "--quest", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "is not a Quest the game can play" in err and "Traceback" not in err
    assert main(["autoplay", "at-any-cost", "--quest", str(bad), "--quiet"]) == 2
    assert "no --quest" in capsys.readouterr().err
