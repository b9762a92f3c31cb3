"""GM drafting: `companion draft dragon-warrior conflict --level N "idea"` prints a legal card."""
from __future__ import annotations

import json
import re

import pytest

from companion.cli import main
from companion.core.game import Action
from companion.games.dragon_warrior import build, sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import VILLAIN, Draft, Foe, State

IDEAS = ["a jealous lighthouse keeper", "a swift bandit queen and her gang",
         "Old Gorm: a clockwork knight rusted at the joints"]


def _draft(capsys, *argv: str) -> str:
    assert main(["draft", "dragon-warrior", *argv]) == 0
    return capsys.readouterr().out


def _replay(s: State, choices: list[dict]) -> State:
    """Each printed choice must be on the engine's own legal list when it is made."""
    for ch in choices:
        a = Action(seat=VILLAIN, kind=ch["kind"], args=ch["args"])
        assert a in build.draft_actions(s, VILLAIN), ch
        s, _ = build.apply_draft(s, a)
    return s


def _check_numbers(d: dict) -> None:
    c = rules().conflict
    p, st = d["points"], d["points"]["stats"]
    assert p["budget"] + p["fast"] + p["weakness"] + p["minion"] == sum(st.values())
    assert (d["atk"], d["def"], d["hp"], d["mp"]) == (
        c.base_atk + st["atk"], c.base_def + st["def"], c.base_hp + c.hp_per_point * st["hp"],
        c.base_mp + c.mp_per_point * st["mp"])
    assert len(d["spells"]) == d["mp"] // c.mp_per_spell
    assert all(rules().spell(x).conflict for x in d["spells"])


def _engine_check(d: dict) -> None:
    """Replay the card (and its minion) through the engine's point buy from an empty card."""
    c = rules().conflict
    boss = d["kind"] == "boss"
    foe = Foe(id="foe-1", name=d["name"], level=d["level"], atk=c.base_atk, max_def=c.base_def,
              max_hp=c.base_hp, max_mp=c.base_mp, boss=boss,
              points=sheet.conflict_points(d["level"], boss=boss))
    assert d["points"]["budget"] == (6 if boss else 3) * d["level"]
    s = _replay(State(draft=Draft(foe=foe), next_id=2), d["choices"])
    made = next(f for f in s.cards if f.id == "foe-1")
    assert (made.atk, made.max_def, made.max_hp, made.max_mp, made.fast, made.weakness,
            made.weak_to, list(made.spells)) == (d["atk"], d["def"], d["hp"], d["mp"], d["fast"],
                                                 d["weakness"], d["weak_to"], d["spells"])
    _check_numbers(d)
    if d["minion"] is None:
        assert s.draft is None and d["points"]["minion"] == 0
        return
    m = d["minion"]
    assert s.draft is not None and s.draft.stage == "minion"
    level = s.draft.minion_level
    assert level == d["points"]["minion_level"] < d["level"]
    assert d["points"]["minion"] == -2 * level
    s = build.new_draft(s, level, "battle", m["name"], minion_of="foe-1")
    s = _replay(s, m["choices"])
    mine = next(f for f in s.cards if f.minion_of == "foe-1")
    assert (mine.atk, mine.max_def, mine.max_hp, mine.max_mp) == (m["atk"], m["def"], m["hp"],
                                                                 m["mp"])
    assert m["points"]["budget"] == 3 * level
    _check_numbers(m)
    assert s.battle is not None and s.battle.minion == mine.id  # the pair takes the field


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_conflict_cards_are_legal_and_add_up(capsys, level):
    for seed in range(4):
        for idea in IDEAS:
            d = json.loads(_draft(capsys, "conflict", "--level", str(level), "--json",
                                  "--seed", str(seed), idea))
            assert d["level"] == level and not d["boss"]
            _engine_check(d)


def test_a_boss_card_has_double_points_and_is_legal(capsys):
    for level in (1, 3, 5):
        d = json.loads(_draft(capsys, "boss", "--level", str(level), "--json", IDEAS[1]))
        assert d["boss"] and d["points"]["budget"] == 6 * level
        _engine_check(d)
        assert "double experience" in d["description"]


def test_the_abilities_all_turn_up_across_seeds(capsys):
    seen = set()
    for seed in range(12):
        d = json.loads(_draft(capsys, "conflict", "--level", "4", "--json", "--seed", str(seed),
                              IDEAS[1]))
        seen |= {k for k in ("fast", "minion") if d[k]} | ({"weakness"} if d["weakness"] > 1
                                                            else set())
        seen |= {"spells"} if d["spells"] else set()
    assert seen == {"fast", "minion", "weakness", "spells"}


def test_the_printed_card_adds_up(capsys):
    out = _draft(capsys, "conflict", "--level", "3", "a jealous lighthouse keeper")
    assert out.startswith("# Conflict card: The Jealous Lighthouse Keeper (Level 3)")
    lines = re.findall(r"Points: (\d+) to spend; abilities ([+-]?\d+); stats .* = (\d+)", out)
    assert lines
    for budget, abilities, stats in lines:
        assert int(budget) + int(abilities) == int(stats)
    assert "a jealous lighthouse keeper" in out


def test_deterministic_per_seed(capsys):
    args = ("conflict", "--level", "5", "--seed", "7", IDEAS[0])
    assert _draft(capsys, *args) == _draft(capsys, *args)
    outs = {_draft(capsys, "conflict", "--level", "5", "--seed", str(n), IDEAS[0])
            for n in range(6)}
    assert len(outs) > 1


def test_the_idea_gives_name_and_look(capsys):
    d = json.loads(_draft(capsys, "conflict", "--level", "2", "--json", IDEAS[2]))
    assert d["name"] == "Old Gorm"
    assert d["text"] == "A clockwork knight rusted at the joints."
    assert d["text"] in d["description"]


@pytest.mark.parametrize("argv,says", [
    (["conflict", "--level", "3"], "required: situation"),
    (["conflict", "--level", "3", "  "], "give the idea"),
    (["conflict", "--level", "0", "a troll"], "level is 1 to 30"),
    (["conflict", "--level", "31", "a troll"], "level is 1 to 30"),
    (["castle", "--level", "2", "a troll"], "can draft: conflict, boss"),
])
def test_bad_input_is_one_clear_line(capsys, argv, says):
    try:
        code = main(["draft", "dragon-warrior", *argv])
    except SystemExit as ex:  # argparse's own checks (a missing idea) exit from inside
        code = ex.code
    err = capsys.readouterr().err
    assert code == 2
    assert says in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_level_on_a_game_whose_drafts_take_none_is_one_line(capsys):
    from companion.cli import main

    assert main(["draft", "high-stakes", "scene", "a rope bridge", "--level", "3"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "companion: High Stakes drafts take no --level"


# -- towns and dungeons ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_drafted_town_is_made_by_the_engines_own_setup(capsys, seed):
    d = json.loads(_draft(capsys, "town", "--level", "2", "--seed", str(seed), "--json",
                          "Gullport: a fishing town on stilts"))
    assert d["name"] == "Gullport" and d["level"] == 2
    assert 3 <= len(d["houses"]) <= 5 and len(set(d["houses"])) == len(d["houses"])
    kinds = [b["kind"] for b in d["buildings"]]
    assert {"throne", "inn", "item-shop"} <= set(kinds)
    assert ("equipment-shop" in kinds) == d["equipment_shop"]
    assert [a["level"] for a in d["areas"]] == [2, 3] and d["quest"]["text"]
    md = _draft(capsys, "town", "--level", "2", "--seed", str(seed), "Gullport: stilts")
    assert md.startswith("# Town: Gullport +2") and "## Buildings" in md and "Quest" in md


@pytest.mark.parametrize("level", [1, 3])
def test_a_drafted_dungeon_has_legal_floors_rooms_and_a_boss_that_adds_up(capsys, level):
    from companion.games.dragon_warrior import dungeon
    from companion.games.dragon_warrior.draft import start

    d = json.loads(_draft(capsys, "dungeon", "--level", str(level), "--json",
                          "a drowned lighthouse"))
    floors = d["floors"]
    assert (len(floors), len(floors[0]["rooms"])) in dungeon.layouts()
    assert 5 <= d["rooms"] <= 10
    for f in floors:
        assert f["level"] == level + f["floor"] - 1
        assert all(r["level"] == f["level"] for r in f["rooms"])
    assert sum(1 for f in floors for r in f["rooms"] if r["stairs_to"]) == len(floors) - 1
    assert d["treasure_budget"] == sum(r["level"] for f in floors for r in f["rooms"])
    assert d["obstacle"]["text"] in {o.text for o in rules().world.obstacles}
    b = d["boss"]
    assert b["boss"] and b["level"] == level + len(floors) - 1
    assert b["points"]["budget"] == sheet.conflict_points(b["level"], boss=True)
    _check_numbers(b)
    made = _replay(start(b["level"], True, b["name"], b["text"]), b["choices"])
    assert any(c.boss and c.atk == b["atk"] for c in made.cards)
    md = _draft(capsys, "dungeon", "--level", str(level), "a drowned lighthouse")
    assert "**Obstacle:**" in md and "## Floor 1" in md and "## Boss:" in md


def test_a_minions_look_starts_with_a_capital(capsys):
    for seed in range(12):
        d = json.loads(_draft(capsys, "conflict", "--level", "5", "--seed", str(seed), "--json",
                              "a swift bandit queen and her gang"))
        if d["minion"]:
            assert d["minion"]["text"].startswith("It serves")
            return
    pytest.fail("no minion in twelve seeds")


def test_draft_reads_the_warriors_level_from_a_journal(capsys, dungeon_run):
    session, path = dungeon_run
    d = json.loads(_draft(capsys, "conflict", "--journal", str(path), "--json", "a mossy ogre"))
    assert d["level"] == session.state.warrior.level > 1
    d = json.loads(_draft(capsys, "conflict", "--journal", str(path), "--level", "1", "--json",
                          "a mossy ogre"))
    assert d["level"] == 1


def test_a_drafted_town_takes_its_foe_place_and_trouble_from_the_premise(capsys):
    # issue 35: "a fishing village beset by sea raiders" drew a rival lord's tax collectors,
    # named "Fishing Village Beset By Sea Raiders +1"
    from companion.cli import main
    from companion.games.dragon_warrior.data import rules

    for seed in range(3):
        assert main(["draft", "dragon-warrior", "town", "a fishing village beset by sea raiders",
                     "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        title = out.splitlines()[0].removeprefix("# Town: ").rsplit(" +", 1)[0]
        assert title in rules().tables.towns, title  # a name, not the premise in capitals
        assert "The trouble: the town is beset by sea raiders" in out, out
        quest = next(x for x in out.splitlines() if x.startswith("- The Quest"))
        assert "sea raiders" in quest and "A fishing village" in out, out


def test_a_drafted_dungeon_has_the_premises_serpent_and_cult(capsys):
    from companion.cli import main

    assert main(["draft", "dragon-warrior", "dungeon", "where a serpent cult keeps its hoard"]) == 0
    out = capsys.readouterr().out
    assert "Where A Serpent" not in out.splitlines()[0], out
    rooms = [x for x in out.splitlines() if x.startswith("- **")]
    assert any("serpent cult" in r for r in rooms), rooms
    boss = out.split("## Boss:")[1].splitlines()[0]
    assert "Serpent" in boss and "Cult" in boss, boss
