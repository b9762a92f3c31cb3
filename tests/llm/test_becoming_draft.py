"""A model writes a drafted Becoming Quest's scene texts (`companion draft becoming quest "..."
--model M`): inside a JSON schema, every text checked, our own text kept field by field where the
model's misses. Offline: a fake client, and the loopback stub server for the command line."""
from __future__ import annotations

import json
import tomllib

from companion.cli import main
from companion.core.game import Action  # noqa: F401  (conftest's fake shares it)
from companion.games.becoming.data import quest_from_dict
from companion.games.becoming.draft import draft_quest, run
from companion.llm.client import TransportError
from companion.llm.config import Settings
from companion.llm.draft import DraftWriter, schema_for

PREMISE = "a lighthouse keeper's daughter must relight the lamp before the fleet returns"
SETTINGS = Settings(voice="openai", model="fake-model", base_url="http://127.0.0.1:9/v1",
                    timeout=2.0)


def scene(n: int) -> str:
    return json.dumps({
        "setup": f"Maren climbs the cliff stair for the {n}th time, the lamp oil cold on her back.",
        "threat": f"Wreckers cut the signal lines, and the fleet is {n} hours out.",
        "elements": ["a can of lamp oil", "the cliff stair", "the wreckers' lanterns"]})


def test_the_model_writes_each_scene_and_misses_keep_ours(fake):
    ours = draft_quest(PREMISE, seed=0)
    fake.enqueue(
        scene(1),
        # copies a run of the prompt: an echo, ours kept
        json.dumps({"setup": "The Quest grows from this premise, in the game master's own words.",
                    "threat": "A gale rips at the stair.", "elements": ["a gale", "the stair"]}),
        # talks about the machinery: meta, ours kept
        json.dumps({"setup": "The Hero climbs.", "threat": "Roll the dice, then answer in JSON.",
                    "elements": ["a rope", "a lamp", "a gull"]}),
        "I cannot write that scene.",  # no JSON at all: the whole scene stays ours
        json.dumps({"setup": "The Hero wades.", "threat": "The tide turns.", "elements": "a rock"}),
        scene(6), scene(7), scene(8), scene(9))
    writer = DraftWriter("becoming", SETTINGS, client=fake, seed=0)
    data = tomllib.loads(run("quest", PREMISE, seed=0, writer=writer))
    quest_from_dict(data)  # it loads
    got, base = data["scenes"], ours["scenes"]
    assert got[0]["setup"].startswith("Maren climbs") and got[0]["elements"][0] == "a can of lamp oil"
    assert got[1]["setup"] == base[1]["setup"] and got[1]["threat"] == "A gale rips at the stair."
    assert got[2]["threat"] == base[2]["threat"] and got[2]["setup"] == "The Hero climbs."
    assert got[3] == {**base[3]}  # no JSON: every field ours
    assert got[4]["elements"] == base[4]["elements"] and got[4]["threat"] == "The tide turns."
    assert all(g["threat_dice"] == b["threat_dice"] and g["agent"] == b["agent"]
               for g, b in zip(got, base))
    assert writer.misses == {"echo": 1, "meta": 1, "format": 2}
    assert "misses: 1 echo, 2 format, 1 meta" in writer.summary()
    # each request: the premise in the system message, the scene's own fields in the schema
    first = fake.requests[0]
    assert PREMISE in first["messages"][0]["content"]
    assert "Scene 1 of 9" in first["messages"][1]["content"]
    assert first["schema"] == schema_for(ours_fields := {
        "setup": base[0]["setup"], "threat": base[0]["threat"], "elements": base[0]["elements"]})
    assert first["schema"]["properties"]["elements"]["minItems"] == len(ours_fields["elements"])


def test_a_model_that_cannot_be_reached_leaves_the_draft_offline_after_one_try(fake):
    fake.enqueue(TransportError("connection refused"))
    writer = DraftWriter("becoming", SETTINGS, client=fake)
    text = run("quest", PREMISE, seed=0, writer=writer)
    assert len(fake.requests) == 1 and writer.down == "connection refused"
    assert tomllib.loads(text)["scenes"] == draft_quest(PREMISE, seed=0)["scenes"]
    assert "0 of 27 scene texts passed" in writer.summary()
    assert "# 0 of 27 scene texts written by fake-model" in text


def test_the_command_line_drafts_with_a_model_on_the_stub_server(stub, capsys, tmp_path):
    for n in range(1, 10):
        stub.reply(scene(n))
    assert main(["draft", "becoming", "quest", PREMISE, "--base-url", stub.base_url,
                 "--model", "stub-model", "--timeout", "5"]) == 0
    out, err = capsys.readouterr()
    data = tomllib.loads(out)
    quest_from_dict(data)
    assert [s["setup"][:12] for s in data["scenes"]] == ["Maren climbs"] * 9
    assert "# 27 of 27 scene texts written by stub-model" in out
    assert "stub-model: 27 of 27 scene texts passed the checks" in err
    assert len(stub.requests) == 9
    assert stub.requests[0]["response_format"]["type"] == "json_schema"
    # and offline when asked, whatever is configured
    assert main(["draft", "becoming", "quest", PREMISE, "--voice", "offline",
                 "--base-url", stub.base_url]) == 0
    assert "Maren" not in capsys.readouterr().out and len(stub.requests) == 9


def test_with_no_model_configured_the_draft_is_offline_without_a_word(monkeypatch, tmp_path,
                                                                      capsys):
    for var in ("COMPANION_MODEL", "OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    assert main(["draft", "becoming", "quest", PREMISE]) == 0
    out, err = capsys.readouterr()
    assert tomllib.loads(out)["scenes"] == draft_quest(PREMISE)["scenes"] and err == ""
