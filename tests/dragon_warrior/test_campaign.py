"""The campaign (issue 14 items 1, 5 and 7): a session ends after the home town's last Quest; the
next one opens with the voyage to a new town in a later area, set up as the first town was (name,
3-5 houses, the area beyond, trouble, a Quest from one of its people); the Warrior, the maps and the
Quests persist; `companion resume` continues a finished session; the journal has a chapter per
town; every Quest item the Warrior carries is used for an Obstacle (or still has one waiting)."""
from __future__ import annotations

import json
import shutil

import pytest

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import GAME, dungeon, maps
from companion.games.dragon_warrior.arena import explore_state
from companion.games.dragon_warrior.model import ALLY, TREASURE, VILLAIN, WARRIOR, Phase
from companion.games.dragon_warrior.world import place, town_level, town_of
from companion.journal.render import render_html, render_markdown
from companion.session import Session
from tests.dragon_warrior.play import autoplay, no_fsync


def act(s, seat, verb, text="", **args):
    return GAME.apply(s, Action(seat=seat, kind=verb, args=args, text=text))


def finished_town():
    """The first town's only Quest done and turned in, rated: the session is over."""
    s = explore_state(here="throne")
    s = s.model_copy(update={"quests": (s.quests[0].model_copy(update={"done": True}),)})
    s, _ = act(s, WARRIOR, "turn_in", quest=0)
    s, _ = act(s, TREASURE, "rate", rating=1, treasure=1, xp=0)
    while s.phase is Phase.TREASURE:
        s, _ = act(s, TREASURE, "nothing")
    return s


def voyage_to(s, name="Kettlebridge", houses=3):
    """The voyage, with every setup step of the new town taken by the table."""
    s, events = act(s, TREASURE, "voyage")
    assert s.phase is Phase.TOWN and events[0].kind == "voyage"
    s, _ = act(s, TREASURE, "town", text=name)
    for n in range(houses):
        s, _ = act(s, TREASURE, "house", text=f"Resident {n}")
    s, _ = act(s, TREASURE, "houses_done", equipment_shop=True)
    area = GAME.legal_actions(s, TREASURE)[0]
    s, _ = act(s, TREASURE, "area", level=area.args["level"], text="the Glass Dunes")
    s, _ = act(s, VILLAIN, "trouble", text="the well has gone sour")
    quest = next(a for a in GAME.legal_actions(s, ALLY)
                 if place(s, a.args["area"]).name == "the Glass Dunes")
    s, _ = act(s, ALLY, "quest", area=quest.args["area"], text="calm the Glass Dunes")
    return s


def test_the_session_ends_after_the_last_quest_and_only_the_sequel_may_follow():
    s = finished_town()
    assert s.phase is Phase.OVER and s.ended == "quest" and GAME.is_over(s)
    assert GAME.sequel(s) == [Action(seat=TREASURE, kind="voyage")]
    for seat in (WARRIOR, ALLY):
        assert GAME.legal_actions(s, seat) == []
    with pytest.raises(RuleError):
        act(s, WARRIOR, "morning")  # after a town's last Quest comes the voyage
    with pytest.raises(RuleError):
        act(s, WARRIOR, "go", to="street")


def test_the_voyage_builds_a_new_town_in_the_outermost_area_and_keeps_everything():
    before = finished_town()
    s = voyage_to(before)
    new = place(s, s.home)
    assert s.home != "street" and new.kind == "street" and new.town == "Kettlebridge"
    assert s.town == "Kettlebridge" and s.here == s.home and s.phase is Phase.EXPLORE
    assert new.level == 2 and new.parent == "area-2"  # in the outermost area, at its Level
    beyond = place(s, "area-3")
    assert beyond.level == new.level + 1 and beyond.links == (s.home,)  # neighbours differ by 1
    assert {p.id for p in before.places} < {p.id for p in s.places}  # the maps persist
    assert s.warrior == before.warrior and s.quests[:1] == before.quests  # so do Warrior, Quests
    houses = [p for p in s.places if p.building == "house" and town_of(s, p.id) == s.home]
    assert len(houses) == 3 and all(h.id.startswith(s.home) for h in houses)
    assert s.quests[-1].giver == houses[0].id  # one of its people gives the Quest
    assert town_level(s) == 2  # its shop sells Level 2 goods, its Quests reward Level 2
    assert s.session == 2


@pytest.mark.parametrize("houses,ok", [(2, False), (5, True)])
def test_a_new_town_has_three_to_five_houses(houses, ok):
    s, _ = act(finished_town(), TREASURE, "voyage")
    s, _ = act(s, TREASURE, "town", text="Vell")
    for n in range(houses):
        s, _ = act(s, TREASURE, "house", text=f"Resident {n}")
    kinds = {a.kind for a in GAME.legal_actions(s, TREASURE)}
    assert ("houses_done" in kinds) is ok and ("house" in kinds) is (houses < 5)


def test_the_new_town_is_home_for_the_inn_the_wings_and_return():
    s = voyage_to(finished_town())
    home = s.home
    s, _ = act(s, WARRIOR, "go", to=f"{home}-item-shop")
    s, _ = act(s, WARRIOR, "buy", kind="wings")
    s, _ = act(s, TREASURE, "give", kind="wings", level=2, text="Gull Feather: light as a wish")
    s, _ = act(s, WARRIOR, "take")
    wings = next(i for i in s.warrior.pouch if i.kind == "wings")
    assert wings.town == home and wings.level == 2
    s, _ = act(s, WARRIOR, "go", to=home)
    s, _ = act(s, WARRIOR, "go", to="area-3")
    while s.phase is not Phase.EXPLORE:  # Treasure draws nothing, the Villain holds
        s, _ = act(s, TREASURE, "drawn") if s.phase is Phase.DRAW else act(s, VILLAIN, "hold")
    s = s.model_copy(update={"forced": False})
    s, _ = act(s, WARRIOR, "use", item=wings.id)
    assert s.here == home
    w = s.warrior.model_copy(update={"max_mp": 80, "mp": 80})
    s = s.model_copy(update={"warrior": w})
    back = {a.args["to"] for a in GAME.legal_actions(s, WARRIOR)
            if a.kind == "cast" and a.args["spell"] == "return"}
    assert "street" in back and home not in back  # every town visited but this one
    assert set(dungeon.towns_visited(s)) == {"street", home}


def test_a_defeat_wakes_the_warrior_at_the_nearest_towns_inn_and_the_session_goes_on():
    """The text: "wake up the next morning in the nearest Town's inn". Two towns: beaten in the
    new town's area, the Warrior wakes at its inn; beaten beside the first town, at the first
    town's inn, though the home town is the new one. A defeat is a setback, not the end."""
    from companion.games.dragon_warrior import battle
    from companion.games.dragon_warrior.explore import end_battle
    from companion.games.dragon_warrior.model import Foe

    s0 = voyage_to(finished_town())
    card = Foe(id="card-1", name="a sour well", level=2)
    woke = {}
    for area in ("area-3", "area-1"):
        s = s0.model_copy(update={"cards": (card,), "here": area})
        s, _ = battle.start(s, card)
        s, events = end_battle(s, "defeat")
        assert s.phase is Phase.EXPLORE and s.ended == "" and not GAME.is_over(s)
        assert events[-1].kind == "woke_at_inn" and events[-1].data["place"] == s.here
        woke[area] = (s.here, events[-1].data["town"])
        assert any(a.kind == "rest" for a in GAME.legal_actions(s, WARRIOR))
    assert woke["area-3"] == (f"{s0.home}-inn", "Kettlebridge")
    assert woke["area-1"] == ("inn", "Wickmere") and s0.home != "street"


def test_only_the_home_towns_quests_end_a_session():
    s = voyage_to(finished_town())
    first_town_open = s.quests[0].model_copy(update={"turned_in": False, "done": False})
    s = s.model_copy(update={"quests": (first_town_open,) + tuple(
        q.model_copy(update={"done": True}) for q in s.quests[1:])})
    giver = s.quests[-1].giver
    s = s.model_copy(update={"here": giver})
    s, _ = act(s, WARRIOR, "turn_in", quest=len(s.quests) - 1)
    s, _ = act(s, TREASURE, "rate", rating=1, treasure=1, xp=0)
    while s.phase is Phase.TREASURE:
        s, _ = act(s, TREASURE, "nothing")
    assert s.ended == "quest"  # the first town's old Quest does not hold the session open


def test_a_stopped_session_goes_on_where_it_stopped_and_the_lord_ends_the_campaign():
    s, _ = act(explore_state(until="level 9"), WARRIOR, "end")
    assert GAME.sequel(s) == [Action(seat=WARRIOR, kind="morning")]
    s2, _ = act(s, WARRIOR, "morning")
    assert s2.phase is Phase.EXPLORE and s2.here == s.here and s2.until == "" and s2.session == 2
    lord = s.model_copy(update={"ended": "lord"})
    assert GAME.sequel(lord) == []
    with pytest.raises(RuleError):
        act(lord, WARRIOR, "morning")


def test_resume_goes_on_with_the_voyage_and_the_journal_has_a_chapter_per_town(
        tmp_path, quest_run, capsys):
    """`companion resume` on a session that ended after its town's last Quest: the voyage, a
    new town, its Quests, and again the command for the next session."""
    from companion.cli import main

    s1, path = quest_run
    assert s1.state.ended == "quest" and s1.sequel() is not None
    copy = tmp_path / "campaign.jsonl"
    shutil.copy(path, copy)
    script = tmp_path / "nothing.txt"
    script.write_text("")
    with no_fsync():
        assert main(["resume", str(copy), "--script", str(script)]) == 0
    # (the screen wraps long lines, and breaks a long command where the shell joins it)
    out = " ".join(capsys.readouterr().out.replace(" \\\n", " ").split())
    assert "A new session: the road out of" in out and f"resume {copy}" in out
    rows = [json.loads(x) for x in copy.read_text().splitlines()]
    assert sum(r.get("action", {}).get("kind") == "voyage" for r in rows) == 1
    with no_fsync():
        s2, warning = Session.resume(copy)  # the journal replays to the second session's end
        s2.close()
    st = s2.state
    assert not warning and st.session == 2 and st.home != "street" and GAME.is_over(st)
    assert st.warrior.name == s1.state.warrior.name
    assert {p.id for p in s1.state.places} <= {p.id for p in st.places}
    md = render_markdown(copy)
    voyage = md.index(f"## A new session: the road out of {s1.state.town}")
    chapter = md.index(f"## {st.town}, a Level ")
    assert md.index("## The throne room") < voyage < chapter
    if st.ended == "quest":  # the town's maps close its chapter with its last reward
        assert f"{st.town} +" in md[chapter:md.index("## What was kept")]
    assert render_html(copy).count("<svg") >= 3  # both towns and the outdoors


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory):
    base = tmp_path_factory.mktemp("campaigns")
    return {seed: autoplay(seed, base / f"{seed}.jsonl", until="level 4") for seed in (2, 3, 5)}


def test_long_autoplays_voyage_to_later_towns_and_draw_them(campaigns):
    for seed, s in campaigns.items():
        st = s.state
        towns = maps.towns(GAME.view(st, WARRIOR))
        assert st.ended == "level" and len(towns) >= 2, seed  # at least one voyage
        levels = [t["level"] for t in towns]
        assert levels == sorted(levels) and levels[-1] > 1  # towns in later areas
        v = GAME.view(st, WARRIOR)
        for t in towns:
            text = maps.town_text(v, t["id"])
            assert all(len(line) <= maps.WIDTH for line in text.splitlines())
            assert f"+{t['level']}" in text.splitlines()[0]
        outdoors = maps.outdoors_text(v)
        assert sum("⌂ [" in line for line in outdoors.splitlines()) == len(towns) - 1


def test_every_quest_item_carried_is_used_for_an_obstacle_or_has_one_waiting(campaigns):
    """Chekhov's guns: each Quest item the Warrior took is spent getting past an Obstacle, or is
    still held while a barred dungeon on the map has an Obstacle it fits (its use is waiting)."""
    for seed, s in campaigns.items():
        taken = [e.data["item"] for e in s.public_events
                 if e.kind == "taken" and e.data["kind"] == "quest"]
        spent = [e.data["item"] for e in s.public_events if e.kind == "obstacle_passed"]
        assert taken, seed
        held = {i.name: i for i in s.state.warrior.quest_items}
        barred = [p for p in s.state.places if p.kind == "dungeon" and not p.opened]
        for name in taken:
            if name in spent:
                continue
            item = held[name]
            assert any(dungeon.fits(d.obstacle, f"{item.name} {item.text}", "")
                       for d in barred), (seed, name)
        assert spent, seed


def test_map_town_name_draws_another_towns_map():
    s = voyage_to(finished_town(), name="Kettlebridge")
    v = GAME.view(s, WARRIOR)
    assert maps.map_text(v, "town").startswith("Kettlebridge +2")
    assert maps.map_text(v, "town wick").startswith("Wickmere +1")  # a town by its name
    assert "the throne room" in maps.map_text(v, "town wickmere")


def test_a_voyage_within_a_session_tells_the_road_and_cleared_rooms_get_no_new_heading(
        campaigns):
    for seed, s in campaigns.items():
        md = render_markdown(s.journal.path)
        chapters = [i for i, line in enumerate(md.splitlines()) if line.startswith("## ")
                    and ", a Level " in line]
        assert chapters, seed
        lines = md.splitlines()
        towns = [x["name"] for x in maps.towns(GAME.view(s.state, WARRIOR))]
        for i in chapters:  # the chapter opens with the road from the last town
            assert any(x.removeprefix("the streets of ") in lines[i + 2] for x in towns), seed
        rooms = {p.name for p in s.state.places if p.kind == "room" and p.named}
        headings = {line[3:] for line in lines if line.startswith("## ")}
        assert not {r[:1].upper() + r[1:] for r in rooms} & headings, seed  # only "(floor N)"


def test_the_offline_ally_gives_no_quest_for_the_lords_lair_before_the_warrior_is_ready():
    """Bench (story.py, seed 3): a town's Quest for the lord's lair (Level 30) given to a Level
    17 Warrior was the town's last to turn in, so no voyage came and the campaign stood still."""
    import random

    from companion.games.dragon_warrior import policy
    from companion.games.dragon_warrior.model import Place

    s = explore_state(here="house-1")
    lair = Place(id="dungeon-7", kind="dungeon", name="the Black Keep", level=10,
                 parent="area-2", dungeon="dungeon-7", links=("area-2",), lair=True)
    poi = Place(id="poi-4", kind="poi", name="a Bandits' Hideout", level=2, parent="area-2",
                links=("area-2",))
    for extra, wants in (((lair, poi), "poi-4"), ((lair,), None)):
        t = s.model_copy(update={"places": s.places + extra})
        t, _ = GAME.apply(t, Action(seat=WARRIOR, kind="talk"))
        legal = GAME.legal_actions(t, ALLY)
        assert any(a.kind == "quest" and a.args["area"] == "dungeon-7" for a in legal)
        for seed in range(8):
            a = policy.choose(GAME.view(t, ALLY), ALLY, legal, random.Random(seed))
            assert a.args.get("area") == wants if wants else a.kind != "quest", a
    ready = s.model_copy(update={"places": s.places + (lair,),
                                 "warrior": s.warrior.model_copy(update={"level": 25})})
    ready, _ = GAME.apply(ready, Action(seat=WARRIOR, kind="talk"))
    a = policy.choose(GAME.view(ready, ALLY), ALLY, GAME.legal_actions(ready, ALLY),
                      random.Random(0))
    assert a.kind == "quest" and a.args["area"] == "dungeon-7"  # ready: the lord's Quest
