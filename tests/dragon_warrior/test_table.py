"""Issue 40: the palette's No list is a line, every seat plays from its prompt, the screens speak
the game's words (no rule ids; a level-up says what a point buys)."""
from __future__ import annotations

from companion.cli import main
from companion.games.dragon_warrior import GAME
from companion.games.dragon_warrior.narrate import Narrator
from companion.session import Session
from companion.story.voice import NarrationMemory
from tests.dragon_warrior.play import no_fsync


def play_script(tmp_path, lines: str, *extra: str, seed: int = 23):
    script = tmp_path / "s.txt"
    script.write_text(lines)
    path = tmp_path / "j.jsonl"
    with no_fsync():
        code = main(["play", "dragon-warrior", "--seed", str(seed), "--journal", str(path),
                     "--script", str(script), *extra])
        s, _ = Session.resume(path)
        s.close()
    return code, s, path


def test_a_no_entry_said_twice_is_refused_with_a_word(tmp_path, capsys):
    # played: "no spiders" twice, and the journal's header read "No: spiders, spiders"
    _, s, _ = play_script(tmp_path, "\n\nno spiders\nno Spiders\ndone\nbuild default\n")
    out = capsys.readouterr().out
    assert list(s.state.no).count("spiders") == 1 and "Spiders" not in s.state.no, s.state.no
    assert "“spiders” is already on the No list" in out, out


def test_no_entry_is_kept_out_of_drafted_rooms_and_told_text():
    # played: "no spiders", then a dungeon room "The Spider-less Loft: webs everywhere"
    from companion.core.game import Action

    view = {"palette": {"yes": [], "no": ["spiders"]}, "places": [], "warrior": {},
            "battles": 0}
    rooms = set()
    for seed in range(60):
        memory = NarrationMemory(seed=seed)
        text = Narrator(seed).write(Action(seat="treasure", kind="room"), view, memory)
        rooms.add(text)
        assert "spider" not in text.lower(), text
        assert not memory.allows("a spider drops from the beams")
    assert len(rooms) > 3
