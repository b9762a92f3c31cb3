"""GM drafting with a model (issue 14 item 6, "richer with a model"): the model rewrites a draft's
descriptive texts; each text is checked (the writer's echo/meta/length checks, then ours: no
second person, no digits, the Quest still names its place, the Obstacle still answered by the same
kind of Quest item, a minion still serves); the numbers the engine validated are untouched; a
miss keeps our text. Offline: a fake client, never a server."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from companion.games.dragon_warrior import draft as D
from companion.games.dragon_warrior.draft_world import dungeon_draft, town
from companion.llm.client import Completion, TransportError
from companion.llm.config import Settings
from companion.llm.draft import DraftWriter

SETTINGS = Settings(voice="openai", model="fake-model", base_url="http://127.0.0.1:9/v1",
                    timeout=2.0)
NUMBERS = ("level", "atk", "def", "hp", "mp", "fast", "weakness", "weak_to", "spells", "points")


@dataclass
class Fake:
    """Replies in order; records what it was asked."""
    replies: list[Any]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def complete(self, messages, *, schema=None, max_tokens=None, seed=None, **_):
        self.requests.append({"messages": messages, "schema": schema})
        item = self.replies.pop(0)
        if isinstance(item, BaseException):
            item.notes = []
            raise item
        return Completion(text=item, finish_reason="stop", mode="json_schema", model="fake",
                          tokens_in=10, tokens_out=10, estimated=False, latency_ms=1, notes=[])


def draft(what, idea, fake, **kw):
    writer = DraftWriter("dragon-warrior", SETTINGS, client=fake, what=what)
    return json.loads(D.run(what, idea, as_json=True, writer=writer, **kw)), writer


def test_a_card_gets_the_models_look_and_keeps_every_number():
    idea = "a jealous lighthouse keeper"
    ours = D.card(idea, 3, seed=0)
    look = "She swings a storm lantern on a chain and glares at every ship that passes."
    got, writer = draft("conflict", idea, Fake([json.dumps({"look": look})]), level=3)
    assert got["text"] == look and look in got["description"]
    assert {k: got[k] for k in NUMBERS} == {k: ours[k] for k in NUMBERS}
    asked = 1 + bool(ours["minion"])  # a minion's look is asked for too (not answered here)
    assert got["model"] == {"written": ["look"], "asked": asked}
    assert writer.passed == 1
    md = D.run("conflict", idea, level=3, writer=DraftWriter(
        "dragon-warrior", SETTINGS, client=Fake([json.dumps({"look": look})]), what="conflict"))
    assert look in md and f"Written by the model: look (1 of {asked} texts)" in md


def test_texts_that_break_our_rules_keep_ours():
    idea = "a jealous lighthouse keeper"
    ours = D.card(idea, 3, seed=0)
    for bad in ("You see a keeper with 40 hit points.",  # second person, a number
                "**The keeper** glares.",  # markup
                "One. Two. Three. Four sentences."):
        got, _ = draft("conflict", idea, Fake([json.dumps({"look": bad})]), level=3)
        assert got["text"] == ours["text"] and got["model"]["written"] == [], bad


def test_a_town_keeps_its_quests_place_and_its_people():
    idea = "Saltmarrow: a fishing town under the cliffs"
    ours = town(idea, 2)
    good = {"look": "Nets dry on every wall and gulls quarrel over the fish market.",
            "trouble": "The herring have gone and the boats stay in the harbour.",
            "quest": f"Find what drove the fish from {ours['quest']['where']}."}
    got, _ = draft("town", idea, Fake([json.dumps(good)]), level=2)
    assert got["look"] == good["look"] and got["quest"]["text"].startswith("Find what drove")
    assert got["buildings"] == ours["buildings"] and got["areas"] == ours["areas"]
    lost = {**good, "quest": "Find the lost nets somewhere out at sea."}  # names no place
    got, _ = draft("town", idea, Fake([json.dumps(lost)]), level=2)
    assert got["quest"] == ours["quest"] and "quest" not in got["model"]["written"]


def test_a_dungeons_obstacle_still_takes_the_same_items_and_rooms_are_phrases():
    from companion.games.dragon_warrior.data import rules

    idea = "the Drowned Library: shelves under black water"
    ours = dungeon_draft(idea, 3)
    answers = ours["obstacle"]["answers"]
    words = rules().world.tags
    fits = f"An arch of green stone that only a {words[answers[0]][0]} will open."
    other = next(t for t in words if t not in answers and not set(words[t]) & {
        w for a in answers for w in words[a]})
    wrong = f"An arch of green stone that only a {words[other][0]} will open."
    first = {"look": "Water laps at a stair that goes down into the stacks.",
             "obstacle": fits, "boss": "A librarian of wet paper hisses at the noise."}
    floors = [json.dumps({"rooms": ["shelves of swollen books"] * len(f["rooms"])})
              for f in ours["floors"]]
    got, _ = draft("dungeon", idea, Fake([json.dumps(first)] + floors), level=3)
    assert got["obstacle"]["text"] == fits.rstrip(".")
    assert got["obstacle"]["answers"] == answers  # the same Quest items get past it
    assert got["boss"]["text"].startswith("A librarian of wet paper")
    assert all(r["look"] == "shelves of swollen books" for f in got["floors"] for r in f["rooms"])
    for key in ("level", "rooms", "treasure_budget"):
        assert got[key] == ours[key]
    assert [(r["id"], r["level"], r["treasure_levels"], r["stairs_to"]) for f in got["floors"]
            for r in f["rooms"]] == [(r["id"], r["level"], r["treasure_levels"], r["stairs_to"])
                                     for f in ours["floors"] for r in f["rooms"]]
    assert {k: got["boss"][k] for k in NUMBERS} == {k: ours["boss"][k] for k in NUMBERS}
    got, _ = draft("dungeon", idea, Fake([json.dumps({**first, "obstacle": wrong})] + floors),
                   level=3)
    assert got["obstacle"] == ours["obstacle"]  # another kind of item would not open it: ours


def test_an_unreachable_model_leaves_the_draft_offline_after_one_try():
    idea = "the Drowned Library: shelves under black water"
    fake = Fake([TransportError("connection refused")])
    got, writer = draft("dungeon", idea, fake, level=3)
    ours = dungeon_draft(idea, 3)
    assert len(fake.requests) == 1 and writer.down == "connection refused"
    assert {k: v for k, v in got.items() if k != "model"} == ours
    assert got["model"]["written"] == []
    system = fake.requests[0]["messages"][0]["content"]
    assert idea in system and "Obstacle" in system
    assert "Part 1 of" in fake.requests[0]["messages"][1]["content"]
