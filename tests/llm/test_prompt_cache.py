"""Prompt-cache friendly prompts. One system message for every seat of a game (the reply format
and every seat's brief). In slots mode the decision message is one conversation per session
(``companion/llm/thread.py``): its trunk only grows (the public state once, then what changed
before each call), so every prompt repeats the previous one up to its turn byte for byte,
whichever seat sent it (a local server keeps one context and re-reads only what follows); the
turn (the seat's line, its ``private`` keys, the moves) is never kept, so no seat reads
another's. The fabula digest adds new lines at the end of their part. No network: a recording
stand-in model."""
from __future__ import annotations

import json

import pytest

from companion.core.registry import get_game
from companion.llm import context, templates
from companion.llm.client import Completion
from companion.llm.config import Settings
from companion.llm.openai_voice import OpenAIVoice
from companion.llm.thread import LEAD, THREAD_CHARS, Thread
from companion.session.loop import AI, Session

GAMES = ["at-any-cost", "high-stakes", "heros-journey", "becoming", "dragon-warrior"]


class _Enough(BaseException):
    pass


class Recorder:
    """Answers move 1 (a text from the grammar's choices when one is asked), records requests."""

    _model = "recorder"

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.requests: list[tuple[list[dict[str, str]], dict]] = []

    def complete(self, messages, *, schema=None, on_text=None, **kw):
        if len(self.requests) >= self.cap:
            raise _Enough
        self.requests.append((messages, schema or {}))
        text = (schema or {}).get("properties", {}).get("text", {}).get("enum", ["Ash"])[0]
        reply = json.dumps({"action": 1, "text": text})
        return Completion(text=reply, finish_reason="stop", mode="json_object_schema",
                          model=self._model, tokens_in=0, tokens_out=0, estimated=True,
                          latency_ms=0, notes=[{"event": "call", "outcome": "ok"}])


def prompts(name: str, cap: int = 24, seed: int = 1, with_voice: bool = False,
            limit: int = THREAD_CHARS):
    game = get_game(name)
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    model = Recorder(cap)
    requests = []
    voice = OpenAIVoice(game, seed, settings, client=model)
    voice.thread = Thread(limit)
    decide = voice._decide

    starts: list[int] = []  # the thread's starts as each recorded request was sent

    def spy(request, on_text, notes):  # the requests the model was asked (a lone move whose
        requests.append(request)          # words are picked asks nothing: slots.unasked)
        asked = len(model.requests)
        decision = decide(request, on_text, notes)
        if len(model.requests) == asked:
            requests.pop()
        else:
            starts.append(voice.thread.starts)
        return decision

    voice._decide = spy
    try:
        Session.start(game, seed, {s: AI for s in game.seats}, voice, None).advance()
    except _Enough:
        pass
    firsts = [m for m, _ in model.requests if len(m) == 2]  # first attempts
    voice.recorded_starts = starts  # a restart for the call past the cap is in no message
    return (firsts, requests, voice) if with_voice else (firsts, requests)


def _turn_at(user: str, request) -> int:
    """Where this call's turn (the seat's line, its private keys, the moves) begins."""
    return user.rindex("\n" + context.seat_line(request) + "\n")


@pytest.mark.parametrize("name", GAMES)
def test_the_conversation_only_grows_and_the_turn_is_never_kept(name):
    """Slots mode's one conversation: every prompt opens with the one system message, then the
    whole previous prompt up to its turn, byte for byte, whichever seat sent it (a local server
    keeps one context and re-reads only what follows that prefix); the new turn names the seat,
    shows its private keys whole and the moves last. The previous turn is not kept, so a seat
    never reads another's private keys."""
    rules = context.view_rules(name)
    assert rules.private, f"prompts/{name}/view.toml names no `private` keys"
    messages, requests, voice = prompts(name, with_voice=True, limit=10**6)
    assert voice.thread.starts == 1 and len(messages) > 10
    assert len({sent[0]["content"] for sent in messages}) == 1  # one system message, all seats
    previous = None
    switches = 0
    for (system, user, *_), request in zip(messages, requests, strict=False):
        text = user["content"]
        turn = _turn_at(text, request)
        shown = context.seat_view(request.view, name, request.seat, "slots")
        moves = min(i for i in (text[turn:].find(LEAD), text[turn:].find("Your move: 1."))
                    if i >= 0)
        for key in rules.private & set(shown):  # said in the turn only, before the moves
            said = context.view_lines({key: shown[key]})
            assert said not in text[:turn] and text[turn:].index(said) < moves
        if previous is not None:
            assert text.startswith(previous[0])
            switches += previous[1] != request.seat
            assert previous[2] not in text  # the last turn (its private keys, its moves) is gone
        previous = (text[:turn], request.seat, text[turn:])
    assert switches


@pytest.mark.parametrize("name", GAMES)
def test_what_the_conversation_keeps_is_the_same_for_every_seat(name):
    """Every view key the conversation keeps (all but ``private``) shows the same lines to every
    seat at the same moment: over offline autoplays, the views of all seats of each state."""
    from companion.story.voice import OfflineVoice

    game = get_game(name)
    rules = context.view_rules(name)
    states, view = [], game.view

    def spy(state, seat):
        states.append(state)
        return view(state, seat)

    game.view = spy
    try:
        for seed in (1, 2):
            Session.start(game, seed, {s: AI for s in game.seats}, OfflineVoice(game, seed),
                          None).advance()
    finally:
        game.view = view
    assert len(states) > 50
    for state in states[::2]:
        seen = {}
        for seat in game.seats:
            shown = context.seat_view(view(state, seat), name, seat, "slots")
            for key, value in shown.items():
                if key not in rules.private:
                    seen.setdefault(key, set()).add(context.view_lines({key: value}))
        differ = sorted(k for k, lines in seen.items() if len(lines) > 1)
        assert not differ, f"{name}: seats see {differ} differently: add them to `private`"


@pytest.mark.parametrize("name", GAMES)
def test_the_model_still_reads_the_stakes_the_facts_its_keys_and_the_last_line(name):
    messages, requests = prompts(name)
    for (_, user, *_), request in zip(messages, requests, strict=False):
        text = user["content"]
        for line in context.fabula_lines(request.fabula):
            assert line.rsplit(": ", 1)[-1] in text, line
        if request.story:
            assert context.quote(request.story, 1) in text
        shown = context.seat_view(request.view, name, request.seat, "slots")
        for key in shown:
            assert key.replace("_", " ") in text, key


def test_a_change_says_only_what_changed_and_a_key_gone_is_said_gone(request_for):
    base = request_for()
    thread = Thread()

    def call(view, story=(), step=3):
        request = base.model_copy(update={"view": view, "story": list(story), "step": step})
        return thread.messages(request, "Duel")[1]["content"]

    first = call({"sheet": {"name": "Wren", "hp": 5, "gold": 2}, "log": ["a", "b"],
                  "party": [{"name": "Ash", "hp": 3}, {"name": "Bo", "hp": 4}],
                  "phase": "camp"}, ["It begins."])
    trunk = first[:_turn_at(first, base)]
    second = call({"sheet": {"name": "Wren", "hp": 4, "gold": 2}, "log": ["a", "b", "c"],
                   "party": [{"name": "Ash", "hp": 3}, {"name": "Bo", "hp": 2}]},
                  ["It begins.", "Wren is hit."], step=5)
    assert second.startswith(trunk) and thread.starts == 1
    change = thread.trunk[len(trunk):]  # (said after the seat's line: it moved last too)
    assert change in second and change.splitlines()[1:] == [
        "Then:", "sheet (changed): hp 4", "log (added): c",
        "party (changed):", "- Bo; hp 2", "phase: none", "> Wren is hit."]
    third = call({"sheet": {"name": "Wren", "hp": 4, "gold": 2}, "log": ["a", "b", "c"],
                  "party": [{"name": "Ash", "hp": 3}, {"name": "Bo", "hp": 2}]},
                 ["It begins.", "Wren is hit."], step=6)
    assert third[:_turn_at(third, base)] == second[:_turn_at(second, base)]  # nothing new


def test_a_list_that_lost_items_says_which_by_name_not_the_whole_list(request_for):
    """A list that lost items (an Anchor lost, a card discarded), and perhaps gained some at
    its end, is said as the names of the items gone and the new items, not whole again; a
    list reordered is still said whole."""
    base = request_for()
    thread = Thread()

    def call(view, step):
        request = base.model_copy(update={"view": view, "story": [], "step": step})
        text = thread.messages(request, "Duel")[1]["content"]
        assert thread.trunk[thread.trunk.rfind("\nThen:"):] in text
        return thread.trunk

    hand = [{"name": "Riddles", "value": 1}, {"name": "Greed", "value": 1},
            {"name": "Despair", "value": 2}]
    first = call({"hand": hand, "kept": ["Youth", "Heirloom", "Respect"]}, 1)
    second = call({"hand": [hand[0], hand[2], {"name": "Curse", "value": 2},
                            {"name": "Illness", "value": 1}], "kept": ["Youth", "Respect"]}, 2)
    assert second[len(first):].splitlines()[1:] == [
        "Then:", "hand (removed): Greed", "hand (added):", "- Curse; value 2",
        "- Illness; value 1", "kept (removed): Heirloom"]
    third = call({"hand": [hand[2], hand[0]], "kept": ["Youth", "Respect"]}, 3)  # reordered
    assert "- Despair; value 2" in third[len(second):] and "removed" not in third[len(second):]


def test_past_its_bound_the_conversation_starts_again_from_the_whole_state():
    messages, requests, voice = prompts("becoming", cap=40, with_voice=True, limit=1500)
    assert voice.thread.starts > 1
    restarts = 0
    for i in range(1, len(messages)):
        earlier, later = messages[i - 1][1]["content"], messages[i][1]["content"]
        if not later.startswith(earlier[:_turn_at(earlier, requests[i - 1])]):
            restarts += 1
            assert later.index("Story so far (quoted):") < _turn_at(later, requests[i])
    # (s14: the call past the cap may restart the thread too, in no message recorded)
    assert restarts == voice.recorded_starts[-1] - 1
    longest = max(len(m[1]["content"]) for m in messages)
    assert longest < max(len(m[1]["content"]) for m in messages[:1]) + 1500 + 3000


def test_a_move_whose_words_are_picked_says_no_question_unless_its_lines_are_listed():
    """Slots mode: the model only chooses the moves whose words are picked for it (their first
    candidate), so the turn spends no tokens on their questions; the move whose lines it picks
    by number still says what it asks, and a move it must answer itself says its question."""
    messages, requests = prompts("at-any-cost", cap=25)
    turns = [user["content"][_turn_at(user["content"], request):]
             for (_, user, *_), request in zip(messages, requests, strict=False)]
    sacrifices = [t for t in turns if "sacrifice Youth" in t]
    assert sacrifices and not any("it asks" in t or "How does" in t for t in sacrifices)
    listed = [t for t in turns if "choose one by its number as \"line\"" in t]
    assert listed and all("asks:" in t for t in listed)
    request = requests[0]
    asked = [i for i, a in enumerate(request.legal, 1) if a.ask is not None]
    assert asked
    said = context.action_lines(request)
    assert "asks" in said
    assert "asks" not in context.action_lines(request, quiet=asked)
    assert context.action_lines(request, quiet=()) == said


@pytest.mark.parametrize("name", GAMES)
def test_in_slots_mode_the_system_message_keeps_each_brief_s_first_paragraph(name):
    """Slots mode's system message (read before every token of the conversation) is the reply
    format and who each seat is: each brief's first paragraph, none of the rest."""
    slots, free = (context.system_message(name, "T", mode) for mode in ("slots", "free"))
    assert len(slots) < len(free) or all(
        "\n\n" not in path.read_text().strip() for path in context.role_templates(name))
    for path in context.role_templates(name):
        brief = templates.render_file(path, context.role_variables("T", path.stem.replace("_", " ")))
        first, *rest = brief.strip().split("\n\n")
        assert first in slots and first in free
        for paragraph in rest:
            assert paragraph.strip() in free and paragraph.strip() not in slots


class ReadAhead(Recorder):
    """A recorder that also records what the voice asks the server to read ahead."""

    def __init__(self, cap: int) -> None:
        super().__init__(cap)
        self.prefills: list[list[dict[str, str]]] = []
        self.calls: list[str] = []  # "prefill" / "complete", in order

    def prefill(self, messages):
        self.prefills.append(messages)
        self.calls.append("prefill")
        return True

    def complete(self, messages, **kw):
        self.calls.append("complete")
        return super().complete(messages, **kw)


def _settled() -> None:
    import threading

    for t in threading.enumerate():
        if t.name == "companion-prefill":
            t.join(timeout=10)


@pytest.mark.parametrize("mode", ["slots", "free"])
def test_while_a_human_thinks_the_server_reads_ahead_what_the_next_call_starts_with(mode):
    """Slots mode, a human to move: the voice has the server read the conversation so far and
    the head of the AI seat's turn (its line; no moves), and the next AI call starts with exactly
    that, so the server reads only what the human's move changed, and the moves. Free mode has no
    shared conversation to read ahead: nothing is sent."""
    from companion.story.voice import DecisionRequest, OfflineVoice

    game = get_game("at-any-cost")
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode=mode, sources={"voice_mode": "flag"})
    model = ReadAhead(400)
    voice = OpenAIVoice(game, 3, settings, client=model)
    seats = {"protagonist": "human", "antagonist": AI}
    session = Session.start(game, 3, seats, voice, None)
    session.advance()
    offline = OfflineVoice(game, 3)
    for _ in range(60):
        _settled()
        if session.offered is not None:  # the human may tell a beat: the companion does
            session.tell("")
            continue
        if session.is_over() or session.human_turn() is None:
            break
        legal = session.legal("protagonist")
        request = DecisionRequest(game=game.name, seat="protagonist", step=len(session.actions),
                                  view=session.view("protagonist"), legal=legal,
                                  labels=[game.describe(a) for a in legal])
        session.submit(offline.decide(request).action)
    _settled()
    if mode == "free":
        assert model.prefills == [] and model.requests
        return
    assert len(model.prefills) >= 5
    firsts = [m for m, _ in model.requests if len(m) == 2]
    for i, call in enumerate(model.calls):
        if call != "prefill" or "complete" not in model.calls[i + 1:]:
            continue
        ahead = model.prefills[model.calls[:i + 1].count("prefill") - 1]
        after = firsts[model.calls[:i].count("complete")]
        assert ahead[0] == after[0]  # the same system message
        assert after[1]["content"].startswith(ahead[1]["content"])
        assert LEAD not in ahead[1]["content"], ahead[1]["content"][-300:]  # no moves
        # the seat's line, once (where the last call put it: then the changes since follow it)
        assert ahead[1]["content"].count("\n" + context.seat_line(DecisionRequest(
            game=game.name, seat="antagonist", step=0, view={}, legal=[], labels=[])) + "\n") == 1


def test_the_only_ai_seat_is_told_its_own_keys_once_and_no_other_seat_reads_them():
    """With one AI seat at the table (a human plays the rest), that seat's private keys (the
    Antagonist's hand and map) go in the trunk with the public state, said once and read ahead,
    not in every turn. Should another seat come to read (a seat changed hands, or a second AI
    seat), the trunk starts afresh without them."""
    from companion.story.voice import DecisionRequest, OfflineVoice

    game = get_game("at-any-cost")
    session = Session.start(game, 3, {s: AI for s in game.seats}, OfflineVoice(game, 3), None)
    session.advance(max_steps=40)

    def request(seat: str, alone: bool) -> DecisionRequest:
        legal = session.legal(seat)
        return DecisionRequest(game=game.name, seat=seat, step=len(session.actions),
                               view=session.view(seat), legal=legal,
                               labels=[game.describe(a) for a in legal], alone=alone)

    rules = context.view_rules(game.name)
    hand = context.view_lines({k: v for k, v in context.seat_view(
        session.view("antagonist"), game.name, "antagonist", "slots").items()
        if k in rules.private})
    assert hand.strip()
    seen = context.view_lines(context.seat_view(session.view("protagonist"), game.name,
                                                "protagonist", "slots"))
    secret = [line for line in hand.splitlines() if line.startswith("- ") and line not in seen]
    assert secret  # the Antagonist's hand: the Protagonist never sees it
    thread = Thread()
    ahead = thread.warm(request("antagonist", True), "At Any Cost")[1]["content"]
    assert all(line in thread.trunk for line in secret)  # read ahead with the public state
    told = thread.messages(request("antagonist", True), "At Any Cost")[1]["content"]
    assert told.startswith(ahead)
    assert all(told.count(line) == 1 for line in secret)  # and not again in the turn
    other = thread.messages(request("protagonist", False), "At Any Cost")[1]["content"]
    assert not any(line in other for line in secret) and thread.starts == 2
    shared = Thread()
    shared.warm(request("antagonist", False), "At Any Cost")
    assert not any(line in shared.trunk for line in secret)


def _human_game(name: str, human: str, seed: int = 1, turns: int = 40):
    """A session of ``name`` with ``human`` played by the offline policy and the rest by a
    recording model that also records what it is asked to read ahead."""
    from companion.story.voice import DecisionRequest, OfflineVoice

    game = get_game(name)
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    model = ReadAhead(400)
    voice = OpenAIVoice(game, seed, settings, client=model)
    voice.answered = True  # as once the server has answered: reading ahead is allowed
    spied: list = []
    decide = voice._decide

    def spy(request, on_text, notes):
        spied.append(request)
        asked = len(model.requests)
        decision = decide(request, on_text, notes)
        if len(model.requests) == asked:  # nothing to choose, nothing asked (slots.unasked)
            spied.pop()
        return decision

    voice._decide = spy
    session = Session.start(game, seed, {s: "human" if s == human else AI for s in game.seats},
                            voice, None)
    offline = OfflineVoice(game, seed)
    try:
        session.advance()
        for _ in range(turns):
            _settled()
            if session.offered is not None:
                session.tell("")
                continue
            if session.is_over() or session.human_turn() is None:
                break
            legal = session.legal(human)
            session.submit(offline.decide(DecisionRequest(
                game=name, seat=human, step=len(session.actions), view=session.view(human),
                legal=legal, labels=[game.describe(a) for a in legal])).action)
    except _Enough:
        pass
    _settled()
    return model, spied


@pytest.mark.parametrize("name,human", [("dragon-warrior", "warrior"), ("heros-journey", "hero1"),
                                        ("becoming", "hero")])
def test_with_several_ai_seats_the_next_seat_s_private_keys_are_read_ahead(name, human):
    """Several AI seats, a human to move: the server reads ahead the head of the turn of the AI
    seat likely to move next (its line and its private keys), and when that seat's call comes,
    what of its head is unchanged is said before the human's move's changes: the call starts
    with that much of what was read ahead, so the server does not read it again. No call
    carries another seat's turn or private keys."""
    rules = context.view_rules(name)
    model, requests = _human_game(name, human)
    firsts = [m for m, _ in model.requests if len(m) == 2]
    read, kept, whole = 0, 0, 0
    for i, call in enumerate(model.calls):
        if call != "prefill" or "complete" not in model.calls[i + 1:] or \
                model.calls[i + 1] != "complete":
            continue
        ahead = model.prefills[model.calls[:i + 1].count("prefill") - 1][1]["content"]
        n = model.calls[:i].count("complete")
        after, request = firsts[n][1]["content"], requests[n]
        read += 1
        shown = context.seat_view(request.view, name, request.seat, "slots")
        private = context.view_lines({k: v for k, v in shown.items() if k in rules.private})
        line = context.seat_line(request) + "\n"
        seat_at = ahead.rfind("\n" + line) + 1
        if seat_at and after.startswith(ahead[:seat_at + len(line)]):  # this seat was guessed
            kept += 1
            first = private.split("\n", 1)[0] + "\n"  # the seat's first private key's line
            whole += bool(private) and after.startswith(ahead[:seat_at + len(line + first)])
        assert after.count(line) == 1 and all(  # no other seat's turn, no other seat's keys
            other == request.seat or context.seat_line(request.model_copy(
                update={"seat": other})) + "\n" not in after for other in requests_seats(name))
    assert read >= 5 and kept >= read * 0.6 and whole, (kept, whole, read)


def requests_seats(name: str) -> tuple[str, ...]:
    return get_game(name).seats


@pytest.mark.parametrize("name,human,seat", [("heros-journey", "hero1", "hero2"),
                                             ("dragon-warrior", "warrior", "treasure")])
def test_the_seat_read_ahead_is_the_one_the_game_will_await(name, human, seat):
    """The guess follows the game, not the seats' order in the table: after Hero 1's move the
    next Hero to travel; in Dragon & Warrior's first town, the Treasure who draws it."""
    from companion.session.ahead import next_ai_seat

    game = get_game(name)
    session = Session.start(game, 1, {s: "human" if s == human else AI for s in game.seats},
                            __import__("companion.story.voice", fromlist=["x"]).OfflineVoice(
                                game, 1), None)
    session.advance()
    ai = [s for s in game.seats if s != human]
    assert next_ai_seat(game, session.state, human, ai, 1, session.chance_index) == seat
    assert next_ai_seat(game, session.state, human, ai[:1], 1, 0) == ai[0]


def test_reading_ahead_moves_the_restart_to_the_human_s_think_time():
    """With reading ahead in use, a call does not start the trunk afresh at the bound (a full
    read while the player waits): the next reading ahead does, while they think. Past 1.5 times the
    bound a call still restarts, so the prompt stays bounded."""
    messages, requests, voice = prompts("becoming", cap=40, with_voice=True, limit=10**6)
    thread = Thread(limit=600)
    thread.messages(requests[0], "Becoming")
    thread.warm(requests[0], "Becoming")
    assert thread.starts == 1
    size = 0
    for request in requests[1:]:
        thread.messages(request, "Becoming")
        if thread.starts > 1:
            break
        size = len(thread.trunk) - thread.base
    assert thread.starts == 2 and size > 900  # restarted at a call only past 1.5 times the bound
    before = thread.starts
    while len(thread.trunk) - thread.base <= 600:
        thread.messages(requests.pop(), "Becoming")
    thread.warm(requests[-1], "Becoming")
    assert thread.starts == before + 1  # a reading ahead restarts at the bound


def test_readings_ahead_never_queue_at_the_server_the_newest_waits():
    """A server reads one request at a time: readings ahead asked faster than it reads them (a
    player answering question after question on a busy machine) are not all sent, so the AI's
    next call does not wait behind a queue of them. One is in flight; the newest asked
    meanwhile waits and is sent after it; the ones it replaced never are."""
    import threading

    game = get_game("at-any-cost")
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1",
                        voice_mode="slots", sources={"voice_mode": "flag"})
    release = threading.Event()

    class Slow(Recorder):
        def __init__(self) -> None:
            super().__init__(10)
            self.read: list[str] = []
            self.running = 0
            self.most = 0

        def prefill(self, messages):
            self.running += 1
            self.most = max(self.most, self.running)
            release.wait(10)
            self.read.append(messages[1]["content"])
            self.running -= 1
            return True

    model = Slow()
    voice = OpenAIVoice(game, 3, settings, client=model)
    voice.answered = True
    session = Session.start(game, 3, {"protagonist": "human", "antagonist": AI}, voice, None)
    seen = []
    for step in range(4):  # four readings ahead asked while the first is still being read
        request = session._request("antagonist", []).model_copy(
            update={"story": [f"Line {step}."], "step": step})
        voice.warm(lambda request=request: request)
        seen.append(voice.thread.trunk)
    release.set()
    _settled()
    assert model.most == 1 and len(model.read) == 2
    assert model.read[0].startswith(seen[0]) and "Line 1." not in model.read[0]
    assert "> Line 3." in model.read[1]  # the newest (its trunk: seen[-1], the seat's line where
    assert all(line in model.read[1] for line in seen[-1].splitlines())  # the first put it)
