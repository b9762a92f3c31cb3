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
