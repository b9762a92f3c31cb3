"""The maps, drawn at every step of a long autoplay (through a town, the outdoors and a dungeon to
its clearing): 80 columns, the Warrior on exactly one spot that is where they stand, the marks
where the state says, every room drawn a real space, every SVG well-formed."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from companion.games.dragon_warrior import GAME, maps
from companion.games.dragon_warrior.arena import dungeon_state
from companion.games.dragon_warrior.commands import show
from companion.games.dragon_warrior.model import WarriorOptions


def _room_labels(text: str) -> list[str]:
    return re.findall(r"\[([^\]]*)\]", text)


def test_every_map_of_a_long_autoplay_renders(dungeon_run):
    session, _ = dungeon_run
    s = GAME.setup(WarriorOptions(until="dungeon"))
    drawn = 0
    for n, action in enumerate(session.actions):
        s, _ = GAME.apply(s, action)
        if not s.places or s.phase.value not in ("explore", "over"):
            continue
        v = GAME.view(s, "warrior")
        names = {p["id"]: p for p in v["places"]}
        assert s.here in names  # every map position is a real space
        shown = maps.all_maps(v)
        for title, text in shown:
            for line in text.splitlines():
                assert len(line) <= maps.WIDTH, (title, line)
        here = maps.map_text(v)  # the map for where the Warrior is
        marks = "".join(_room_labels(here)) if maps.where(v) == "dungeon" else \
            here.split("\n", 1)[1]  # (the first line is the legend)
        assert marks.count("@") == 1, here
        if maps.where(v) == "dungeon":
            me = names[s.here]
            floor = [p for p in v["places"] if p.get("dungeon") == me["dungeon"]
                     and p.get("floor") == me["floor"]]
            labels = _room_labels(here)
            assert len(labels) == len(floor)  # one box per real room on this floor, no more
            mine = next(lab for lab in labels if "@" in lab)
            assert mine.startswith("?") or mine.split()[0] in me["name"]
            for p in floor:
                lab = next(lab for lab in labels if lab.strip().startswith(
                    (p["name"][4:] if p["name"].lower().startswith("the ") else p["name"])[:8])
                    or (not p["named"] and lab.startswith("?")))
                assert ("X" in lab.split()[-1]) == bool(p["cleared"]) or not p["named"]
        drawn += len(shown)
        if n % 7 == 0 or s.phase.value == "over":
            for svg in maps.svgs(v):
                ET.fromstring(svg)  # well-formed
    assert drawn > 50
    assert s.phase.value == "over"
    final = GAME.view(s, "warrior")
    assert any("floor 2" in t for t, _ in maps.all_maps(final))


def test_map_words_pick_the_map_and_hide_what_is_not_seen():
    s = dungeon_state(here="dungeon-1-1-1")
    s = s.model_copy(update={"places": tuple(
        p.model_copy(update={"seen": True, "named": True, "name": "the Echo Well"})
        if p.id == "dungeon-1-1-1" else p for p in s.places)})
    v = GAME.view(s, "warrior")
    dungeon = show("map", v, "")
    assert "Echo Well" in dungeon and "@" in dungeon and "floor 1" in dungeon
    assert "Wickmere" in show("map", v, "town")
    out = show("map", v, "outdoors")
    assert "The Tooth Caves" in out and "+2" in out
    # rooms never seen are not drawn, and hidden stairs are not marked
    assert len(_room_labels(dungeon)) == 1 and "v" not in _room_labels(dungeon)[0].split()[-1]


def test_maps_fit_what_an_80_column_screen_shows():
    # played (s14, 80 columns): a floor of three rooms wrapped its third room onto a line of its
    # own ("[?" then "  ]"): the screen shows 78 columns of 80
    assert maps.WIDTH <= 78 and 3 * maps.CELL + 2 * maps.GAP <= maps.WIDTH
