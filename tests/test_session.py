"""The session: journal written before the screen, resume, undo, X-card, torn lines."""
from __future__ import annotations

import json
import re

import pytest

from companion.core.game import RuleError
from companion.session import AI, HUMAN, Session
from companion.games.at_any_cost import GAME
from companion.journal.store import Journal, JournalError, read, timeline
from companion.story.voice import OfflineVoice
from companion.repl.controller import Controller

SEATS = {"protagonist": HUMAN, "antagonist": AI}


def new(tmp_path, seed=3, seats=SEATS, **kw) -> tuple[Session, list]:
    shown = []
    s = Session.start(GAME, seed, seats, OfflineVoice(GAME, seed), tmp_path / "j.jsonl",
                      emit=lambda kind, text: shown.append((kind, text)), **kw)
    s.advance()
    return s, shown


def drive(session: Session, lines: list[str]) -> list:
    out = []
    c = Controller(session, lambda kind, text: out.append((kind, text)))
    for line in lines:
        c.handle(line)
    return out


SETUP = ["Wren", "she", "A miller's daughter.", "keep 1 2 3 4 5", "home", "friend", "ring", "me",
         "wings"]


def to_first_decision(tmp_path, seed=3):
    s, shown = new(tmp_path, seed)
    out = drive(s, SETUP)
    while s.human_turn() and s.view("protagonist")["phase"] == "questions":
        drive(s, ["Because."])
    return s, out


def test_every_action_is_journaled_before_it_is_shown(tmp_path):
    order = []
    path = tmp_path / "j.jsonl"

    def emit(kind, text):
        if kind == "narration":
            rows = read(path)[1]
            order.append(rows[-1]["type"])
    s = Session.start(GAME, 1, {"protagonist": AI, "antagonist": AI}, OfflineVoice(GAME, 1),
                      path, emit=emit)
    s.advance()
    assert order and set(order) == {"narration"}  # the narration row is on disk when shown
    header, rows, _, _ = read(path)
    assert header["game"] == "at-any-cost" and header["seed"] == 1
    assert [r["n"] for r in rows if r["type"] == "action"] == list(range(len(s.actions)))
    assert "api_key" not in path.read_text().lower()


def test_resume_rebuilds_the_same_state(tmp_path):
    s, _ = to_first_decision(tmp_path)
    drive(s, ["do 1"])
    state, narr = s.state, s.narrations
    s.close()
    again, warning = Session.resume(tmp_path / "j.jsonl")
    assert warning == "" and again.state == state and again.narrations == narr
    assert again.memory.used == s.memory.used


def test_a_torn_last_line_is_ignored_with_a_warning(tmp_path):
    s, _ = to_first_decision(tmp_path)
    state = s.state
    s.close()
    path = tmp_path / "j.jsonl"
    with open(path, "a") as f:
        f.write('{"type": "action", "n": 99, "act')
    again, warning = Session.resume(path)
    assert "cut off" in warning and again.state == state
    again.advance()
    drive(again, ["do 1"])
    again.close()
    assert all(json.loads(line) for line in path.read_text().splitlines())


def test_a_damaged_journal_is_an_error_naming_the_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "header", "schema": 1, "game": "at-any-cost", "seed": 1}\nnope\n{}\n')
    with pytest.raises(JournalError, match="line 2"):
        read(path)
    with pytest.raises(JournalError, match="not a companion journal"):
        (tmp_path / "x.jsonl").write_text('{"type": "action"}\n')
        read(tmp_path / "x.jsonl")


def test_undo_rewinds_the_last_decision_and_keeps_the_branch_marked(tmp_path):
    s, _ = to_first_decision(tmp_path)
    before_state, before_n = s.state, len(s.narrations)
    drive(s, ["do 1"])
    assert s.state != before_state
    n = s.undo()
    assert n >= 1 and s.state == before_state and len(s.narrations) == before_n
    header, rows, _, _ = read(tmp_path / "j.jsonl")
    assert rows[-1]["type"] == "undo"
    t = timeline(header, rows)
    assert t.undone and len(t.actions) == len(s.actions)
    s.close()
    again, _ = Session.resume(tmp_path / "j.jsonl")
    assert again.state == before_state


def test_the_x_card_retells_the_last_beat_after_an_undo(tmp_path):
    s, _ = to_first_decision(tmp_path)
    last = s.narrations[-1][1]
    drive(s, ["do 1"])
    s.undo()
    assert s.narrations[-1][1] == last
    named = " ".join(s.view(None)["hero"]["name"].lower().split() +
                     [a["name"].lower() for a in s.view(None)["anchors"]])
    word = max((w for w in re.findall(r"[a-z]+", last.lower()) if w not in named), key=len)
    retold = s.x_card(word)  # a word of the telling, not of what happened: it can be avoided
    assert retold and word not in retold.lower() and s.narrations[-1][1] == retold


def test_undo_with_nothing_of_yours_is_refused(tmp_path):
    s, _ = new(tmp_path)
    with pytest.raises(RuleError, match="nothing|no decision"):
        s.undo()


def test_the_x_card_bans_the_topic_and_retells_the_last_beat(tmp_path):
    s = Session.start(GAME, 2, {"protagonist": AI, "antagonist": AI}, OfflineVoice(GAME, 2),
                      tmp_path / "j.jsonl")
    for _ in range(400):  # step until a challenge has been narrated
        s.advance(max_steps=1)
        if s.narrations and "challenge" in {e.kind.split("_")[0] for e in s.last_beat.events}:
            break
    last = s.narrations[-1][1]
    word = max(re.findall(r"[a-z]+", last.lower()), key=len)  # a keyword, in practice
    seen = len(s.narrations)
    retold = s.x_card(word)
    assert word not in retold.lower() and retold != last
    assert s.narrations[-1][1] == retold
    s.advance()
    assert all(word not in t.lower() for _, t in s.narrations[seen - 1:])
    s.close()
    again, _ = Session.resume(tmp_path / "j.jsonl")
    assert word in again.memory.banned and again.narrations[-1] == s.narrations[-1]


def test_physical_draws_are_typed_and_impossible_ones_refused(tmp_path):
    s, _ = new(tmp_path, physical=True)
    out = []
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    assert c.prompt() == "drew> "  # the seed locations, dealt face up from the real deck
    c.handle("drew farm, farm")
    assert any("cannot come up" in t for k, t in out if k == "error")
    c.handle("drew farm, ruins")
    assert s.state.map[0] == "farm" and s.state.map[4] == "ruins"
    # the face-down locations are the Antagonist's: dealt by the companion, never typed
    assert s.state.map[1] is not None and c.prompt() != "drew> "


def test_journal_refuses_to_overwrite(tmp_path):
    path = tmp_path / "j.jsonl"
    Journal.create(path, {"game": "at-any-cost"}).close()
    with pytest.raises(JournalError, match="already exists"):
        Journal.create(path, {"game": "at-any-cost"})


def test_calling_out_a_narration_retells_it_without_banning_anything(tmp_path):
    """Incoherence: either side may call a narration out; it is told again, differently."""
    s, _ = to_first_decision(tmp_path)
    last = s.narrations[-1][1]
    retold = s.x_card("")
    assert retold and retold != last and s.memory.banned == []
    header, rows, _, _ = read(tmp_path / "j.jsonl")
    assert [r["type"] for r in rows[-3:]] == ["x", "retract", "narration"]


def test_an_unreachable_model_is_reported_once_however_its_failures_are_worded(tmp_path):
    from companion.story.voice import Decision

    class FlakyVoice(OfflineVoice):
        name = "flaky"
        reasons = iter(["connection failed: refused", "the model was unreachable moments ago",
                        "timed out after 60 s", "token budget spent (10 of 10 tokens)"])

        def decide(self, request, on_text=None, memory=None):
            d = super().decide(request)
            reason = next(self.reasons, "the model was unreachable moments ago")
            return Decision(action=d.action, source="fallback",
                            notes=[{"event": "fallback", "reason": reason}])

    shown = []
    s = Session.start(GAME, 4, {"protagonist": AI, "antagonist": AI}, FlakyVoice(GAME, 4),
                      tmp_path / "j.jsonl", emit=lambda kind, text: shown.append((kind, text)))
    s.advance()
    notices = [t for k, t in shown if k == "notice"]
    assert len(notices) == 2  # once for the unreachable model, once for the spent budget
    assert "connection failed" in notices[0] and "budget" in notices[1]
    assert len([r for r in s.rows if r["type"] == "llm"]) > 20  # every case is journaled


def test_the_model_coming_back_after_a_rest_is_told_once(tmp_path):
    from companion.story.voice import Decision

    class RestingVoice(OfflineVoice):
        name = "resting"
        calls = 0

        def decide(self, request, on_text=None, memory=None):
            d = super().decide(request)
            self.calls += 1
            if self.calls <= 2:
                return Decision(action=d.action, source="fallback", notes=[
                    {"event": "fallback", "reason": "connection failed: refused"}])
            notes = [{"event": "recovered", "reason": "the model answers again"}] \
                if self.calls == 3 else []
            return Decision(action=d.action, source="model", notes=notes)

    shown = []
    s = Session.start(GAME, 4, {"protagonist": AI, "antagonist": AI}, RestingVoice(GAME, 4),
                      tmp_path / "j.jsonl", emit=lambda kind, text: shown.append((kind, text)))
    s.advance()
    notices = [t for k, t in shown if k == "notice"]
    assert len(notices) == 2 and "connection failed" in notices[0]
    assert notices[1] == "The model plays again: the model answers again."
