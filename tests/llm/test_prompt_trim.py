"""What slots mode's conversation reads afresh at a call, kept short (issue 39: the first words of
an AI move wait on the server reading them). Each test is an outcome a call's prompt shows, or a
call not made; no network: a recording stand-in model, the fake Duel game, the real games.
``bench/llm_live.py --prompts-only --human first`` measures the tokens."""
from __future__ import annotations

import json
import re

from companion.core.game import Action
from companion.core.registry import get_game
from companion.llm import context
from companion.llm.client import Completion
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.llm.thread import Thread
from companion.session.loop import AI, Session


def _voice(game, client, seed: int = 7) -> OpenAIVoice:
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    return OpenAIVoice(game, seed, settings, client=client)


class _Recorder:
    """Answers move 1, records each request's messages."""

    _model = "recorder"

    def __init__(self, cap: int = 30) -> None:
        self.cap = cap
        self.requests: list[list[dict[str, str]]] = []

    def complete(self, messages, *, schema=None, on_text=None, **kw):
        if len(self.requests) >= self.cap:
            raise KeyboardInterrupt  # (the voice turns it into a fallback; the test stops)
        self.requests.append(messages)
        return Completion(text=json.dumps({"action": 1}), finish_reason="stop",
                          mode="json_object_schema", model=self._model, tokens_in=0, tokens_out=0,
                          estimated=True, latency_ms=0, notes=[{"event": "call", "outcome": "ok"}])


def _turns(name: str, cap: int = 30, seed: int = 1) -> list[str]:
    """The decision messages of an all-AI session of ``name`` in slots mode (first attempts)."""
    game = get_game(name)
    model = _Recorder(cap)
    session = Session.start(game, seed, {s: AI for s in game.seats}, _voice(game, model, seed),
                            None)
    session.advance(max_steps=400)
    return [m[1]["content"] for m in model.requests if len(m) == 2]


def test_the_story_s_bookkeeping_is_not_read_as_story():
    """A fact the story layer keeps for itself (an id: the helper a stage met, a round's noted
    event, a Hero's travel) or that a stake already quotes is not in the prompt; facts in words
    are."""
    digest = "\n".join([
        "Hero: Tamsin (she/her)",
        "Stake (lost): \u201cIf I win, the ones who trusted me are safe tonight.\u201d",
        "True: said:16: If I win, the ones who trusted me are safe tonight.",
        "True: met:1:000020: a-friendly-local", "True: did:1:hero2: travel>sailor>cave",
        "True: noted:2: match", "True: stage:2: 21",
        "True: anchor:youth: A pressed flower in a locket",
        "True: turned:mercy: Hollow Mercy"])
    assert context.fabula_lines(digest) == [
        "Hero: Tamsin (she/her)",
        "Stake (lost): \u201cIf I win, the ones who trusted me are safe tonight.\u201d",
        "True: turned:mercy: Hollow Mercy", "True: anchor:youth: A pressed flower in a locket"]


def test_a_card_gone_from_a_long_hand_is_said_by_name(request_for):
    """A list longer than a prompt shows (its last items, and how many were left out) that loses
    an item is said as the item gone, not as the items that slid into view, changed: the
    conversation keeps the whole list and says its changes from it."""
    base = request_for()
    thread = Thread()
    hand = [{"name": f"Card {i}", "value": i % 3 + 1} for i in range(12)]

    def call(view, step):
        request = base.model_copy(update={"view": view, "story": [], "step": step})
        return thread.messages(request, "Duel")[1]["content"]

    first = call({"hand": hand}, 1)
    assert "- (4 earlier left out)" in first and "- Card 3;" not in first
    trunk = thread.trunk
    call({"hand": hand[:6] + hand[7:]}, 2)
    assert thread.trunk[len(trunk):].splitlines()[1:] == ["Then:", "hand (removed): Card 6"]


def test_a_field_that_is_a_dict_says_only_what_changed_in_it(request_for):
    """The Hero's Journey's Heroes each hold six suits of tokens: a change of one suit is said
    as that suit, not as all six again."""
    base = request_for()
    thread = Thread()
    suits = {"moons": 3, "suns": 1, "waves": 1, "leaves": 1, "wyrms": 1, "knots": 1}

    def call(view, step):
        request = base.model_copy(update={"view": view, "story": [], "step": step})
        thread.messages(request, "Duel")

    call({"heroes": [{"seat": "hero1", "tokens": suits}, {"seat": "hero2", "tokens": suits}]}, 1)
    trunk = thread.trunk
    call({"heroes": [{"seat": "hero1", "tokens": suits},
                     {"seat": "hero2", "tokens": {**suits, "waves": 2}}]}, 2)
    assert thread.trunk[len(trunk):].splitlines()[1:] == [
        "Then:", "heroes (changed):", "- seat hero2; tokens waves 2"]


def test_a_seat_moving_again_does_not_read_its_own_keys_again(request_for):
    """A seat that moves twice in a row (a Hero's turn, then its trade; a discard, then another)
    finds its unchanged private keys where its last call left them: said before the changes,
    and a list is never split around them."""
    base = request_for()
    thread = Thread()
    rules = context.ViewRules(private=frozenset({"hand", "map"}))

    def call(view, step):
        request = base.model_copy(update={"view": view, "story": [], "step": step})
        return thread.messages(request, "Duel")[1]["content"]

    import companion.llm.thread as thread_module

    original = thread_module.context.view_rules
    thread_module.context.view_rules = lambda game: rules
    try:
        first = call({"phase": "a", "map": ["Ford", "Hill"], "hand": ["Ash", "Oak"]}, 1)
        second = call({"phase": "b", "map": ["Ford", "Hill"], "hand": ["Ash", "Oak", "Yew"]}, 2)
    finally:
        thread_module.context.view_rules = original
    seat = first.index("Now, as the")
    head = first[seat:first.index("Choose a move:")]
    assert head.splitlines()[1:] == ["map: Ford, Hill", "hand: Ash, Oak"]
    # the seat's line and its unchanged map stay where the server read them; the change since,
    # then the hand (changed) and the moves follow
    kept = first[:first.index("hand: Ash, Oak")]
    assert second.startswith(kept)
    assert second[len(kept):].splitlines()[:4] == ["Then:", "phase: b", "", "hand: Ash, Oak, Yew"]


def test_a_card_s_value_and_tags_are_not_said_again_in_each_move():
    """At Any Cost in slots mode: a move names its cards only ("play Bandits, Greed (+2)",
    "discard Greed"); the hand the seat sees says each card's value and tags. The labels the
    checks read stay whole."""
    turns = _turns("at-any-cost", cap=40)
    moves = [line for t in turns for line in t.split("Choose a move:")[-1].splitlines()
             if re.match(r"\d+\. (play|discard) ", line)]
    assert moves and not any("[" in line for line in moves)
    assert any(line.endswith(")") and "(+" in line for line in moves)
    request = context.short_labels(_labelled("play Bandits 1 [Ally], Greed 2 [Tool Luck] (+3)"))
    assert request.labels == ["play Bandits, Greed (+3)"]


def _labelled(label: str):
    from companion.story.voice import DecisionRequest

    return DecisionRequest(game="at-any-cost", seat="antagonist", step=1, view={},
                           legal=[Action(seat="antagonist", kind="play")], labels=[label])


def test_a_fate_s_turn_says_what_it_wants_not_its_temperament_and_avatar():
    """Becoming in slots mode: the model picks among moves and among lines the narrator wrote
    in each Fate's voice, so a Fate's turn says what it wants; its temperament and avatar
    (45 tokens read afresh whenever the Fates take turns) are left to the narrator."""
    turns = [t for t in _turns("becoming", cap=20) if "\nme:" in t or "\nme " in t]
    assert turns and all("wants" in t and "temperament" not in t and "avatar:" not in t
                         for t in turns)


def test_a_place_is_not_said_with_the_ids_of_the_places_it_links_to():
    """Dragon & Warrior in slots mode: the places a seat sees (re-read at its every turn) say
    their names and levels, not "links street, area-2" (ids the prompt never names)."""
    turns = [t for t in _turns("dragon-warrior", cap=25) if "\nplaces:" in t]
    assert turns and not any("links " in t or "parent " in t for t in turns)


def test_words_known_to_miss_are_not_asked_for_again(game, fake, request_for, monkeypatch):
    """Slots mode keeps the offline policy's move even when none of the narrator's words for it
    pass the checks (they are journaled replaced, as before); the model only picks a number, so
    asking it again could not mend the words: one call, the move kept, the words replaced."""
    from companion.llm import checks

    req = request_for(story=["Wren climbs the old wall by the gate in the rain."])
    ask = Action(seat=req.seat, kind="tell", ask="What happens?")
    req = req.model_copy(update={"legal": [ask, req.legal[-1]],
                                 "labels": ["tell what happens", req.labels[-1]]})
    v = _voice(game, fake)
    monkeypatch.setattr(v, "_policy_choice", lambda request: ask)
    monkeypatch.setattr(type(v.offline.narrator), "write",
                        lambda *a: "Wren climbs the old wall by the gate in the rain.")
    assert checks.check("text", "Wren climbs the old wall by the gate in the rain.",
                        v._instructions_for(req), ask, required=True) is not None
    fake.enqueue(json.dumps({"action": 1}), json.dumps({"action": 1}))
    d = v.decide(req)
    assert len(fake.requests) == 1
    assert d.action.kind == "tell" and d.source == "model"
    assert any(n["event"] == "replaced" for n in d.notes)


def test_a_call_waits_for_the_reading_ahead_in_flight_and_drops_the_one_waiting(request_for,
                                                                                 monkeypatch):
    """llama-cpp-python's server ends a streamed reply at its first chunk when another request
    is queued behind it (``interrupt_requests``, on by default): a reading ahead sent after the
    AI's call, or queued with it, left the call's reply empty. So before the call the reading
    ahead still waiting is dropped and the one in flight is waited for: the call goes to a
    server with nothing queued, and nothing is sent while it streams."""
    import threading

    from fakegame import GAME

    release = threading.Event()
    log: list[str] = []

    class Slow(_Recorder):
        def prefill(self, messages):
            log.append("prefill")
            release.wait(10)
            log.append("prefill done")
            return True

        def complete(self, messages, **kw):
            log.append("call")
            return super().complete(messages, **kw)

    model = Slow()
    v = _voice(GAME, model)
    v.answered = True
    request = request_for()
    v.warm(lambda: request)  # in flight
    v.warm(lambda: request.model_copy(update={"story": ["Later."]}))  # waiting
    threading.Timer(0.3, release.set).start()
    v.decide(request)
    assert log == ["prefill", "prefill done", "call"]
    v.reader.idle.wait(2)
    assert log == ["prefill", "prefill done", "call"] and v.reader.sent == 1
