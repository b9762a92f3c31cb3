"""Issue 42 and the Becoming parts of issue 41: the telling of a session (the AI Hero's stakes,
the Fates' entrances, the ending), read from offline autoplays and built beats."""
from __future__ import annotations

import json

from companion.cli import main


def _journal(tmp_path, seed: int) -> list[dict]:
    path = tmp_path / f"b{seed}.jsonl"
    assert main(["autoplay", "becoming", "--seed", str(seed), "--journal", str(path),
                 "--quiet"]) == 0
    return [json.loads(x) for x in path.read_text().splitlines()[1:]]


def test_no_stake_is_sworn_in_two_scenes_and_each_moon_shot_has_its_own_words(tmp_path):
    """Played (issue 41, seed 101): "If I win, this place remembers me kindly" sworn in scenes 1
    and 2; (issue 42, seed 2) six moon shots in a row, each sworn in those words."""
    from companion.games.becoming.narrate import narration_data
    moons = 0
    for seed in (2, 101, 5, 11):
        rows = _journal(tmp_path, seed)
        sworn = [(r["action"]["kind"], r["action"]["text"]) for r in rows
                 if r["type"] == "action" and r["action"]["seat"] == "hero"
                 and r["action"]["kind"] in ("gathered", "moon") and r["action"]["text"]]
        words = [w for _, w in sworn]
        assert len(words) == len(set(words)), (seed, words)
        for kind, w in sworn:
            moons += kind == "moon"
            assert (w in narration_data().moon_stakes) == (kind == "moon"), (seed, kind, w)
    assert moons  # the moon's own words were checked


def test_a_tie_is_told_as_a_tie_and_the_close_names_only_who_told_it():
    """Played (issue 42, seed 11, a tie at 17-17 with Ysolde): "You won the game" on a tie, and
    "The close was told by the Hero and Ysolde" when only the Hero narrated (RULINGS.md)."""
    from companion.games.becoming import GAME
    from companion.games.becoming import flow
    from companion.games.becoming.ending import tell_epilogue
    from companion.games.becoming.model import Score
    from companion.games.becoming.narrate import hero_of
    from companion.games.becoming.render import close_line
    from companion.story.voice import NarrationMemory
    from tests.becoming.states import act, created

    s = created()
    s = s.model_copy(update={"scene": 9, "scores": (
        Score(seat="shears", points=36, why="negative", scene=9),)})
    s, _ = flow.to_close(s, early=False)
    assert s.closers == ("hero", "shears")
    ask = GAME.legal_actions(s, "hero")[0].ask
    assert "tied for the win with Ysolde" in ask and "You won the game" not in ask
    assert GAME.outcome(s).summary.startswith("A tie: Ilse and Ysolde share the win at 36")
    s = act(s, "hero", "close", text="The river keeps its own counsel.")
    s = act(s, "shears", "close")
    view = GAME.view(s, None)
    line = close_line(view)
    assert line.startswith("A tie at 36 points: the Hero and Ysolde share the win")
    assert "told in words by the Hero." in line and "Ysolde;" not in line.split("told")[1]
    told = tell_epilogue(view, hero_of(view), NarrationMemory(seed=3), __import__("random")
                         .Random(3))
    assert "Ysolde" in told and "36" in told and "montage" not in told, told
