"""`companion autoplay heros-journey` plays to an Ending and scoring, and renders the same story
twice; the --players and --level options travel in the journal header."""
from __future__ import annotations

import json

from companion.cli import main


def test_autoplay_four_heroes_renders_the_same_story_twice(tmp_path, capsys):
    path = tmp_path / "hj.jsonl"
    assert main(["autoplay", "heros-journey", "--players", "4", "--seed", "9", "--voice",
                 "offline", "--quiet", "--journal", str(path)]) == 0
    out = capsys.readouterr().out
    assert "wins with" in out
    header = json.loads(path.read_text().splitlines()[0])
    assert header["options"]["players"] == 4 and set(header["seats"]) == {
        "hero1", "hero2", "hero3", "hero4"}
    md = tmp_path / "a.md"
    md2 = tmp_path / "b.md"
    assert main(["journal", str(path), "--format", "md", "--out", str(md)]) == 0
    assert main(["journal", str(path), "--format", "md", "--out", str(md2)]) == 0
    text = md.read_text()
    assert text == md2.read_text()
    assert "## Epilogue" in text and "## Where each road ended" in text
    assert "What was kept, what was lost" not in text  # At Any Cost's heading, not ours
    assert text.index("## Epilogue") < text.index("## Where each road ended") < text.index(
        "| Hero | Tokens |") and "× " in text
    assert main(["journal", str(path), "--format", "html", "--out", str(tmp_path / "a.html")]) == 0


def test_level_and_players_are_options(tmp_path, capsys):
    path = tmp_path / "hj.jsonl"
    assert main(["autoplay", "heros-journey", "--players", "2", "--level", "easy", "--seed", "3",
                 "--voice", "offline", "--quiet", "--journal", str(path)]) == 0
    header = json.loads(path.read_text().splitlines()[0])
    assert header["options"] == {"players": 2, "level": "easy"}
    assert main(["autoplay", "heros-journey", "--players", "7", "--seed", "3", "--voice",
                 "offline", "--quiet", "--journal", str(tmp_path / "x.jsonl")]) == 2
    assert main(["autoplay", "at-any-cost", "--level", "hard", "--seed", "3", "--voice",
                 "offline", "--quiet", "--journal", str(tmp_path / "y.jsonl")]) == 2
