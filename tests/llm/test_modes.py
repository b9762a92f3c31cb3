"""How much the model writes (free, storylet, slots), where the mode comes from, and the fabula
digest in every prompt."""
from __future__ import annotations

import json

import pytest

from companion.llm import calibration, context
from companion.llm.config import ConfigError, Settings, load_settings
from companion.llm.openai_voice import OpenAIVoice
from companion.llm.schema import SENTENCE_CHARS, reply_schema
from companion.story.voice import Beat, NarrationMemory


def voice(game, fake, mode):
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode=mode, sources={"voice_mode": "flag"})
    return OpenAIVoice(game, 7, settings, client=fake)


def test_each_mode_asks_for_its_own_words(request_for):
    legal = request_for().legal
    free = reply_schema(legal, lengths=True)["properties"]
    storylet = reply_schema(legal, lengths=True, mode="storylet")["properties"]
    slots = reply_schema(legal, lengths=True, mode="slots")["properties"]
    assert {"narration", "speech"} <= set(free)
    assert storylet["narration"]["maxLength"] == SENTENCE_CHARS and "speech" not in storylet
    assert set(slots) == {"action"}


def test_slots_mode_the_model_moves_and_the_narrator_tells(game, fake, request_for):
    req = request_for()
    fake.enqueue(json.dumps({"action": 2}))
    shown: list[str] = []
    v = voice(game, fake, "slots")
    d = v.decide(req, on_text=shown.append)
    assert d.source == "model" and d.action.key() == req.legal[1].key() and d.narration == ""
    assert shown == []
    assert "narration" not in fake.requests[0]["schema"]["properties"]
    system = fake.requests[0]["messages"][0]["content"]
    assert "The narrator tells the story of it" in system
    assert d.notes[0]["event"] == "voice" and d.notes[0]["voice_mode"] == "slots"
    assert "(flag)" in d.notes[0]["reason"]
    from companion.llm import ledger
    assert "Voice mode: slots (flag)" in ledger.summarize(d.notes)


def test_storylet_mode_adds_one_sentence_after_the_narrators(game, fake, request_for):
    req = request_for()
    fake.reply(2, "Rain drips from the eaves.")
    shown: list[str] = []
    v = voice(game, fake, "storylet")
    d = v.decide(req, on_text=shown.append)
    assert d.source == "model" and d.narration == "" and shown == []  # not streamed alone
    beat = Beat(step=req.step, action=d.action, events=[], view={})
    told = v.narrate(beat, NarrationMemory(seed=1))
    offline = v.offline.narrate(beat, NarrationMemory(seed=1))
    assert told == f"{offline} Rain drips from the eaves.".strip()
    assert v.narrate(beat, NarrationMemory(seed=1)) == offline  # used once
    fake.reply(1, "Wind shakes the door.")
    again = v.decide(request_for(step=5))
    assert all(n["event"] != "voice" for n in again.notes)  # the mode is journaled once


def test_the_fabula_digest_rides_in_every_prompt_bounded(request_for):
    digest = "\n".join([
        "Hero: Wren (she/her)", "Stake (open): \u201cThe child reaches the bank alive\u201d",
        *[f"True: fact{i}: something made true in play, number {i}" for i in range(40)]])
    req = request_for(fabula=digest)
    user = context.build_messages(req, "Duel")[1]["content"]
    assert "What the story holds:\nHero: Wren (she/her)" in user
    assert "\u201cThe child reaches the bank alive\u201d" in user
    block = context.fabula_block(digest)
    assert len(block) <= context.FABULA_CHARS + 40 and "fact39" not in block
    # the digest comes after the view and before the story: the changing part last
    assert user.index("What the story holds") < user.index("Story so far")
    assert "What the story holds" not in context.build_messages(request_for(), "Duel")[1][
        "content"]


def test_the_system_message_is_byte_stable_per_seat_and_mode(request_for):
    a = context.build_messages(request_for(step=3), "Duel", "storylet")[0]["content"]
    b = context.build_messages(request_for(step=9, story=["Something new."]), "Duel",
                               "storylet")[0]["content"]
    assert a == b


def test_the_mode_comes_from_the_settings_then_doctor_then_slots(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    s = Settings(voice="openai", model="smollm2", base_url="http://127.0.0.1:8/v1")
    assert calibration.resolve(s) == ("slots", "default")
    calibration.remember(s, calibration.pick({"free": (5, 12)}), {"free": (5, 12)})
    assert calibration.resolve(s) == ("slots", "doctor")
    assert calibration.pick({"free": (20, 24), "storylet": (24, 24)}) == "storylet"
    assert calibration.pick({"free": (24, 24), "storylet": (24, 24)}) == "free"
    flagged = load_settings(model="smollm2", voice_mode="storylet", env={}, path=tmp_path / "x")
    assert calibration.resolve(flagged) == ("storylet", "flag")
    env = load_settings(env={"COMPANION_MODEL": "m", "COMPANION_VOICE_MODE": "free"},
                        path=tmp_path / "x")
    assert calibration.resolve(env) == ("free", "env")
    with pytest.raises(ConfigError, match="voice_mode must be one of"):
        load_settings(model="m", voice_mode="poetry", env={}, path=tmp_path / "x")


def test_doctor_calibrates_on_a_few_decisions_and_remembers_the_mode(tmp_path, monkeypatch):
    """A model whose every reply passes is given free prose; one whose replies all miss (here:
    an echo of the reply format) gets only the short checked slots."""
    from companion.llm import doctor, openai_voice
    from conftest import FakeModel

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1")

    def model_saying(narration: str, text: str):
        fake = FakeModel()

        def reply(messages):
            return json.dumps({"action": 1, "text": text, "narration": narration, "speech": ""})

        fake.enqueue(*[reply] * 40)
        return fake

    good = model_saying("Mist curls along the river road.", "Wren")
    monkeypatch.setattr(openai_voice, "ModelClient", lambda s: good)
    asked, ok = doctor.run_calibration(settings, 6)
    assert asked == 6 and ok == asked
    echo = "one to three short sentences, present tense, in words of your own"
    bad = model_saying(echo, echo)
    monkeypatch.setattr(openai_voice, "ModelClient", lambda s: bad)
    asked, ok = doctor.run_calibration(settings, 6)
    assert asked == 6 and ok == 0
    calibration.remember(settings, calibration.pick({"free": (ok, asked)}), {"free": (ok, asked)})
    assert calibration.resolve(settings) == ("slots", "doctor")


def test_slots_mode_picks_each_text_from_checked_candidates(game, fake, request_for):
    """A small model picks its words instead of writing them, by number, never spelling them
    out (a few tokens of reply): a name from the names the prompt lists, so what reaches the
    journal is a name; a number out of range, or none, is the first name."""
    req = request_for(named=False)
    names = context.name_examples(req)
    fake.enqueue(json.dumps({"action": 1, "line": 2}))
    d = voice(game, fake, "slots").decide(req)
    schema = fake.requests[0]["schema"]["properties"]
    assert "text" not in schema and schema["line"]["enum"] == list(range(1, len(names) + 1))
    user = fake.requests[0]["messages"][1]["content"]
    assert all(f'{i}) "{name}"' in user for i, name in enumerate(names, 1))
    assert d.source == "model" and d.action.text == names[1]
    assert [n["outcome"] for n in d.notes if n["event"] == "call"] == ["ok"]
    for reply in ({"action": 1, "line": len(names) + 1}, {"action": 1}):
        fake.enqueue(json.dumps(reply))
        d = voice(game, fake, "slots").decide(req.model_copy(update={"step": 7}))
        assert d.source == "model" and d.action.text == names[0]


def test_slots_mode_offers_no_move_whose_words_no_candidate_could_give(game, fake, request_for,
                                                                       monkeypatch):
    """High Stakes' GM: every candidate for a scene's words retold the hook, so the model wrote
    them itself and missed. A move left without a checked candidate is not offered while
    another move is left to choose."""
    from companion.core.game import Action

    req = request_for()
    ask = Action(seat=req.seat, kind="say", ask="What does the villain say to the crowd?",
                 optional_text=False)
    req = req.model_copy(update={"legal": [*req.legal, ask], "labels": [*req.labels, "speak"]})
    v = voice(game, fake, "slots")
    writer = type(v.offline.narrator)  # every seed's narrator
    monkeypatch.setattr(writer, "write",
                        lambda *a: "What does the villain say to the crowd?")  # an echo
    fake.enqueue(json.dumps({"action": 1}))
    d = v.decide(req)
    user = fake.requests[0]["messages"][1]["content"]
    assert "speak" not in user and d.source == "model" and d.action.kind != "say"
    monkeypatch.setattr(writer, "write", lambda *a: "Bow to your betters.")
    fake.enqueue(json.dumps({"action": len(req.legal), "text": "Bow to your betters."}))
    d = v.decide(req.model_copy(update={"step": 5}))
    assert "speak" in fake.requests[1]["messages"][1]["content"] and d.action.kind == "say"
    assert d.action.text == "Bow to your betters."


def test_slots_mode_leaves_optional_words_to_the_game_when_no_candidate_exists(
        game, fake, request_for, monkeypatch):
    """Becoming's Agent introduces its avatar with optional words the offline narrator leaves
    to the game: in slots mode the model chooses the move and writes none of it."""
    from companion.core.game import Action

    req = request_for()
    ask = Action(seat=req.seat, kind="introduce", ask="Introduce your avatar", optional_text=True)
    req = req.model_copy(update={"legal": [ask, req.legal[-1]],
                                 "labels": ["introduce your avatar", req.labels[-1]]})
    v = voice(game, fake, "slots")
    monkeypatch.setattr(type(v.offline.narrator), "write", lambda *a: "")
    monkeypatch.setattr(v, "_policy_choice", lambda request: ask)
    fake.enqueue(json.dumps({"action": 1}))
    d = v.decide(req)
    assert set(fake.requests[0]["schema"]["properties"]) == {"action"}  # nothing to write
    assert d.source == "model" and d.action.kind == "introduce" and d.action.text == ""
    assert not [n for n in d.notes if n["event"] == "miss"]


def test_slots_mode_asks_nothing_when_there_is_nothing_to_choose(game, fake, request_for,
                                                                  monkeypatch):
    """A lone move whose words are picked for the model (one candidate, or none where they are
    optional) leaves it nothing to choose: no call, and the move is played with those words
    (Becoming's Fates narrated the Elements and introduced their avatars this way, a third of
    their moves, each a whole call to read back {"action": 1}). A lone move whose lines it
    picks from is still asked."""
    from companion.core.game import Action

    req = request_for()
    ask = Action(seat=req.seat, kind="introduce", ask="Introduce your avatar", optional_text=True)
    req = req.model_copy(update={"legal": [ask], "labels": ["introduce your avatar"]})
    v = voice(game, fake, "slots")
    monkeypatch.setattr(type(v.offline.narrator), "write", lambda *a: "")
    d = v.decide(req)
    assert not fake.requests and d.action.kind == "introduce" and d.action.text == ""
    assert d.source == "offline" and not d.notes
    said = Action(seat=req.seat, kind="introduce", ask="What does your avatar say?")
    req = req.model_copy(update={"legal": [said]})
    lines = iter(["The ledger is closed tonight.", "I lend to no one in the rain.",
                  "The ledger is closed tonight."] * 3)
    monkeypatch.setattr(type(v.offline.narrator), "write", lambda *a: next(lines))
    fake.enqueue(json.dumps({"action": 1, "line": 2}))
    d = v.decide(req.model_copy(update={"step": 4}))
    assert len(fake.requests) == 1 and d.action.text == "I lend to no one in the rain."


def test_slots_mode_lists_the_policys_move_first(game, fake, request_for):
    """SmolLM2 picks move 1 far more often than any other: in slots mode the offline policy's
    choice is listed first (the model still chooses); free mode keeps the engine's order."""
    req = request_for()
    req = req.model_copy(update={"legal": req.legal[::-1], "labels": req.labels[::-1]})
    v = voice(game, fake, "slots")
    preferred = v._policy_choice(req)
    assert req.legal.index(preferred) != 0  # the engine lists it elsewhere
    fake.enqueue(json.dumps({"action": 1}))
    d = v.decide(req)
    assert d.action.key() == preferred.key()
    moves = fake.requests[0]["messages"][1]["content"].split("Choose a move:")[1]
    assert moves.strip().startswith(f"1. {req.labels[req.legal.index(preferred)]}")
    fake.enqueue(json.dumps({"action": 1, "narration": "Rain falls."}))
    d = voice(game, fake, "free").decide(req.model_copy(update={"step": 5}))
    assert d.action.key() == req.legal[0].key()


def test_slots_mode_keeps_the_policys_move_even_without_a_checked_candidate(
        game, fake, request_for, monkeypatch):
    """Played: dropping High Stakes' next scene (its words retold the hook) left the GM only
    the end of the story, which SmolLM2 chose after the first line. The policy's move stays,
    offered with the narrator's words."""
    from companion.core.game import Action

    req = request_for()
    ask = Action(seat=req.seat, kind="say", ask="What does the villain say to the crowd?",
                 optional_text=False)
    req = req.model_copy(update={"legal": [*req.legal, ask], "labels": [*req.labels, "speak"]})
    v = voice(game, fake, "slots")
    monkeypatch.setattr(type(v.offline.narrator), "write",
                        lambda *a: "What does the villain say to the crowd?")
    monkeypatch.setattr(v.offline.policy, "choose", lambda view, seat, legal, rng: legal[-1])
    for _ in range(2):  # the narrator's words miss the echo check: re-asked, then replaced
        fake.enqueue(json.dumps({"action": 1, "text": "What does the villain say to the crowd?"}))
    d = v.decide(req)
    assert fake.requests[0]["messages"][1]["content"].split("Choose a move:")[1].strip().startswith(
        "1. speak")
    assert d.source == "model" and d.action.kind == "say"


def test_a_picked_line_is_read_from_the_reply_whatever_its_shape():
    """``slots.pick``: the listed line the reply numbers, for the move it chose; numbers written
    as strings (a server that only promised JSON); a text that is one of the move's candidates;
    else the move's first candidate; a move without candidates is left alone."""
    from companion.llm import slots

    choices = {1: ["Ash", "Wren"], 2: ["Bow to your betters."], 3: [""]}
    lines = slots.listed(choices)
    assert lines == {1: ["Ash", "Wren"]}
    assert slots.pick({"action": 1, "line": 2}, choices, lines)["text"] == "Wren"
    assert slots.pick({"action": "1", "line": "2"}, choices, lines)["text"] == "Wren"
    assert slots.pick({"action": 1, "line": 3}, choices, lines)["text"] == "Ash"
    assert slots.pick({"action": 1, "text": "Wren"}, choices, lines)["text"] == "Wren"
    assert slots.pick({"action": 1, "text": "Bow to your betters."}, choices, lines)["text"] == "Ash"
    assert slots.pick({"action": 2, "line": 2}, choices, lines)["text"] == "Bow to your betters."
    assert slots.pick({"action": 3}, choices, lines)["text"] == ""
    assert slots.pick({"action": 4, "line": 1}, choices, lines) == {"action": 4, "line": 1}
    assert slots.listed({1: ["a", "b"], 2: ["c", "d"]}) == {}  # several choices: none listed


def test_the_opening_says_the_mode_and_how_an_unmeasured_model_may_write_more(
        game, fake, tmp_path, monkeypatch):
    """A model no one has measured plays in slots mode, and the player is told how to measure
    it; once doctor has chosen, the opening only names the mode."""
    from companion.cli.play import intro
    from companion.cli.common import game_named
    from companion.session import AI, HUMAN, Session

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1")
    aac = game_named("at-any-cost")
    unmeasured = OpenAIVoice(aac, 7, settings, client=fake)
    assert (unmeasured.mode, unmeasured.mode_source) == ("slots", "default")
    seats = {"protagonist": HUMAN, "antagonist": AI}
    session = Session.start(aac, 7, seats, unmeasured, None)
    text = intro(aac, session, "protagonist", unmeasured, None)
    assert "(voice: openai, slots mode: `" in text and "doctor --calibrate` measures" in text
    # the model flags the player typed are in the command to copy; a URL with a password is not
    flagged = load_settings(model="smollm2", base_url="http://127.0.0.1:8871/v1", env={},
                            path=tmp_path / "none.toml")
    text = intro(aac, session, "protagonist", OpenAIVoice(aac, 7, flagged, client=fake), None)
    assert ("doctor --calibrate --model smollm2 --base-url http://127.0.0.1:8871/v1` measures"
            in text), text
    secret = load_settings(model="m", base_url="http://me:pw@127.0.0.1:8871/v1", env={},
                           path=tmp_path / "none.toml")
    text = intro(aac, session, "protagonist", OpenAIVoice(aac, 7, secret, client=fake), None)
    assert "pw@" not in text and "--calibrate --model m`" in text
    calibration.remember(settings, "storylet", {"storylet": (23, 24)})
    measured = OpenAIVoice(aac, 7, settings, client=fake)
    text = intro(aac, session, "protagonist", measured, None)
    assert "(voice: openai, storylet mode)" in text and "calibrate" not in text


def test_slots_mode_words_the_game_wrote_for_the_move_pass_the_name_check(game, fake, request_for,
                                                                          monkeypatch):
    """High Stakes' GM picked the "face" Consequence, whose game-written words ("humiliated: -1
    Aura until a Rest scene") name the Rest scene, a known name not in the view: refused, asked
    again, refused, and the same words journaled as the offline voice's. What the move's own
    candidates name is in play for it; a name hidden from the table never is."""
    from companion.core.game import Action

    req = request_for()
    ask = Action(seat=req.seat, kind="say", ask="What does the villain say to the crowd?",
                 optional_text=False)
    req = req.model_copy(update={"legal": [ask, req.legal[-1]], "labels": ["speak", "fold"]})
    v = voice(game, fake, "slots")
    writer = type(v.offline.narrator)
    monkeypatch.setattr(writer, "write", lambda *a: "Not even the Silver Sword will save you.")
    monkeypatch.setattr(v, "_policy_choice", lambda request: ask)
    fake.enqueue(json.dumps({"action": 1}))
    d = v.decide(req)
    assert d.source == "model" and d.action.text == "Not even the Silver Sword will save you."
    assert [n["outcome"] for n in d.notes if n["event"] == "call"] == ["ok"]  # first try
    monkeypatch.setattr(writer, "write", lambda *a: "My Grey Wolf waits in my hand.")  # hidden
    fake.enqueue(json.dumps({"action": 1}))
    d = v.decide(req.model_copy(update={"step": 5}))
    assert any(n["event"] == "miss" and n["kind"] == "fidelity" and "Grey Wolf" in n["reason"]
               for n in d.notes)  # still refused (what the offline voice then says is its own)
