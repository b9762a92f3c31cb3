"""The session loop: seats held by the human or the AI, every step applied, journaled, narrated.

The engine is the only authority. A human's move and an AI's choice both become an Action that the
engine must accept; an AI reply naming anything else is replaced by the offline policy's choice.
Each applied action is written to the journal (fsync'd) before anything about it reaches the
screen, then narrated. The session is rebuilt from its journal by replaying the actions, which is
how ``resume`` and ``undo`` work: undo is replay, one human decision shorter.

Output goes through ``emit(kind, text)``: kinds are "narration", "mechanics" (small print for the
human's eyes only: their draws, the totals), "speech", "notice" and "stream" (narration arriving
piece by piece from a model).
"""
from __future__ import annotations

import importlib.metadata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.game import CHANCE, Action, Chance, Event, Game, RuleError
from companion.core.registry import game_module, get_game
from companion.core.rng import Sampler
from companion.session.ahead import next_ai_seat
from companion.session.recall import noted_row, recall, told_rows
from companion.session.table import TableTalk
from companion.session.trouble import trouble as _trouble
from companion.journal.store import SCHEMA, Journal, JournalError, Timeline, timeline
from companion.llm.context import rolling_summary
from companion.story import weave
from companion.story.fabula import Fabula
from companion.story.voice import Beat, DecisionRequest, NarrationMemory, OfflineVoice, Voice

HUMAN, AI = "human", "ai"
SNAPSHOT_EVERY = 25
STORY_WINDOW = 8  # narrations passed verbatim to an AI decision; older ones are summarised
SAFETY_STEPS = 100_000  # no game of ours is near this long: reaching it means a loop

Emit = Callable[[str, str], None]


def _quiet(kind: str, text: str) -> None:
    pass


@dataclass
class Session(TableTalk):
    game: Game
    seed: int
    seats: dict[str, str]  # seat -> HUMAN | AI
    voice: Voice
    journal: Journal | None = None
    physical: bool = False
    emit: Emit = _quiet
    options: Any = None  # the game's Options (recorded in the header; every replay uses them)
    character_file: str | None = None  # a campaign character saved back at the end (CLI's job)
    offline: OfflineVoice = field(init=False)
    state: Any = field(init=False)
    actions: list[Action] = field(default_factory=list)
    chance_index: int = 0
    memory: NarrationMemory = field(init=False)
    narrations: list[tuple[int, str]] = field(default_factory=list)  # (action index, text)
    public_events: list[Event] = field(default_factory=list)
    last_beat: Beat | None = None
    # A telling offered to the human (the hero moving on after a fold...): (beat, seat, question,
    # the voice's own narration to use if they pass). Play waits for their answer (tell).
    offered: tuple[Beat, str, str, str] | None = None
    fallbacks_told: set[str] = field(default_factory=set)  # kinds of fallback already reported
    llm_rows: list[dict[str, Any]] = field(default_factory=list)
    header: dict[str, Any] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)  # every row, as in the journal
    # Every SNAPSHOT_EVERY actions: (state, chance index, public events so far). States are values
    # (apply never changes one), so undo restarts from the last snapshot it keeps, not from setup.
    snapshots: dict[int, tuple[Any, int, int]] = field(default_factory=dict)
    # True when resuming told the last beat of a session that was over (killed in its last
    # instant): the resume finishes that session and says so; the next one waits to be asked
    ended_on_resume: bool = False

    def __post_init__(self) -> None:
        self.offline = OfflineVoice(self.game, self.seed)
        if self.options is None:
            self.options = self.game.options_model()
        self.state = self.game.setup(self.options)
        self.memory = NarrationMemory(seed=self.seed)
        self.render = game_module(self.game, "render")
        self.fabulist = game_module(self.game, "fabula")  # the game's story adapter (feed)

    # -- creating and resuming --------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game, seed: int, seats: dict[str, str], voice: Voice,
              journal_path: Path | None, physical: bool = False, emit: Emit = _quiet,
              lines: list[str] | None = None, veils: list[str] | None = None,
              options: Any = None, character_file: str | None = None) -> "Session":
        session = cls(game=game, seed=seed, seats=seats, voice=voice, physical=physical,
                      emit=emit, options=options, character_file=character_file)
        session.header = {"type": "header", "schema": SCHEMA, "game": game.name,
                          "title": game.title, "seed": seed, "seats": seats, "voice": voice.name,
                          "physical": physical, "rules": game.rules_digest(),
                          "options": session.options.model_dump(mode="json",
                                                                exclude_defaults=True),
                          "version": _version()}
        if character_file:
            session.header["character_file"] = str(character_file)
        lines = [x.strip() for x in lines or [] if x.strip()]
        veils = [x.strip() for x in veils or [] if x.strip()]
        if lines or veils:  # the table's safety tools ride in the header (every replay reads them)
            session.header.update(lines=lines, veils=veils)
            session.memory.banned += lines
            session.memory.veils += veils
        if journal_path is not None:
            session.journal = Journal.create(journal_path, session.header)
        session.check_premise()
        return session

    @classmethod
    def resume(cls, path: Path, voice_factory: Callable[[Game, int, dict], Voice] | None = None,
               emit: Emit = _quiet) -> tuple["Session", str]:
        """Rebuild a session from its journal; returns (session, warning or "")."""
        journal, header, rows, warning = Journal.reopen(path)
        try:
            game = get_game(header["game"])
        except KeyError as err:
            journal.close()
            raise JournalError(f"{path}: unknown game {header.get('game')!r}") from err
        if header.get("rules") != game.rules_digest():
            warning = (warning + "\n" if warning else "") + (
                "the rules data changed since this journal was written; replaying anyway")
        seed = int(header["seed"])
        voice = voice_factory(game, seed, header) if voice_factory else OfflineVoice(game, seed)
        session = cls(game=game, seed=seed, seats=dict(header["seats"]), voice=voice,
                      physical=bool(header.get("physical")), emit=_quiet,
                      options=game_options(game, header),
                      character_file=header.get("character_file"))
        session.header, session.rows = header, rows
        session._replay(timeline(header, rows))
        session.journal = journal
        session._tell_untold(timeline(header, rows))
        session.emit = emit
        return session, warning

    def _tell_untold(self, t: Timeline) -> None:
        """Narrate the last action if the process died between its row and its narration's.

        Narration follows its action at once, so only the last action can lack it. Telling it now
        gives the story an uninterrupted run would have had: the offline voice is seeded and its
        memory was rebuilt from the journal; a model voice is asked again (or falls back), and the
        row says it was told on resume. A beat that needs no narration stays untold, as before.
        """
        if not t.actions:
            return
        last = t.actions[-1]
        told = told_rows(t, last["n"])
        if told:  # told; but the ending written with it may have been cut off by the kill
            owed = told[-1].get("ending", "")  # (a noted row has none)
            if owed and not any(r.get("kind") == "epilogue" for r in told):
                row = {"type": "narration", "n": last["n"], "text": owed, "kind": "epilogue",
                       "particulars": told[-1].get("particulars", []), "told": [],
                       "resumed": True}
                self.journal_row(row)
                self.narrations.append((last["n"], owed))
                self.ended_on_resume = self.is_over()
            return
        events = [Event.model_validate(e) for e in last.get("events", [])]
        self.narrate_beat(Beat(step=last["n"], action=Action.model_validate(last["action"]),
                           events=[e for e in events if e.visible_to is None],
                           view=self.view(None)), resumed=True)
        self.ended_on_resume = self.is_over()

    def _replay(self, t: Timeline) -> None:
        """Rebuild state and memory from the rows in force (no journal writes, no narration)."""
        kept = [Action.model_validate(row["action"]) for row in t.rows if row["type"] == "action"]
        start = self._snapshot_before(kept)
        told_before = self.public_events
        self.state = self.game.setup(self.options)
        self.actions, self.narrations, self.public_events = [], [], []
        self.chance_index = 0
        fabula = Fabula()
        if start:
            self.state, self.chance_index, told, fabula = self.snapshots[start]
            self.actions, self.public_events = kept[:start], told_before[:told]
        self.snapshots = {n: snap for n, snap in self.snapshots.items() if n <= start}
        index = 0
        self.memory = NarrationMemory(seed=self.seed, fabula=fabula,
                                      banned=list(self.header.get("lines", [])),
                                      veils=list(self.header.get("veils", [])))
        self.llm_rows = list(t.of_type("llm"))
        for row in t.rows:
            kind = row["type"]
            if kind == "action":
                action, index = kept[index], index + 1
                if index <= start:
                    continue  # restored from the snapshot
                try:
                    self._apply(action)
                except RuleError as err:
                    raise JournalError(f"action {row['n']} in the journal is not legal "
                                       f"on replay: {err}") from err
            elif kind == "narration":
                self.narrations.append((row["n"], row["text"]))
        recall(self.memory, t)  # the table's safety, its talk, and what each telling noted
        self.last_beat = None
        self.offered = None

    def _snapshot_before(self, kept: list[Action]) -> int:
        """The latest snapshot taken within the actions that stay (0: none, replay from setup)."""
        same = 0
        for old, new in zip(self.actions, kept):
            if old.record() != new.record():
                break
            same += 1
        return max((n for n in self.snapshots if n <= same), default=0)

    # -- who is to act ----------------------------------------------------------------------------
    @property
    def holders(self) -> dict[str, str]:
        """Who holds each seat now: the journal's seats, unless the game trades them in play
        (Dragon & Warrior's three Dragon Tokens swap the Warrior between the human and the AI);
        derived from the state, so replay, resume and undo agree."""
        trade = getattr(self.game, "seat_holders", None)
        return trade(self.state, self.seats) if trade is not None else self.seats

    @property
    def human_seats(self) -> list[str]:
        return [s for s, holder in self.holders.items() if holder == HUMAN]

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def awaiting(self) -> list[str]:
        return self.game.to_move(self.state)

    def physical_chance(self) -> Chance | None:
        """The chance event the human must supply from a real deck or dice, if one is due."""
        if not self.physical or self.awaiting() != [CHANCE]:
            return None
        chance = self.game.chance(self.state)
        if any(seat in chance.physical_seats for seat in self.human_seats):
            return chance
        return None

    def human_turn(self) -> str | None:
        """The human seat awaited now (None: nobody human is awaited)."""
        return next((s for s in self.awaiting() if self.holders.get(s) == HUMAN), None)

    def legal(self, seat: str) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: str | None) -> dict:
        return self.game.view(self.state, seat)

    # -- playing ----------------------------------------------------------------------------------
    def sequel(self) -> Action | None:
        """The move that opens the next session of a finished one, if the game is a campaign
        that goes on (its optional ``sequel(state)``); None when the story is over for good."""
        sequel = getattr(self.game, "sequel", None)
        moves = sequel(self.state) if sequel is not None and self.is_over() else []
        return moves[0] if moves else None

    def go_on(self) -> bool:
        """Open the next session (journaled like any move), then play until a human is due."""
        action = self.sequel()
        if action is None or self.ended_on_resume:
            self.ended_on_resume = False  # the next `resume` opens the next session
            return False
        self._step(action, by=AI)
        self.advance()
        return True

    def submit(self, action: Action, by: str = HUMAN) -> None:
        """Apply a human move (or a typed physical chance outcome); raises RuleError, changing
        nothing, if the engine refuses it. Then the AI and chance play until a human is due."""
        if action.seat != CHANCE and self.holders.get(action.seat) != HUMAN:
            raise RuleError("seats", f"you do not hold the {action.seat} seat")
        if action.seat == CHANCE and self.physical_chance() is None:
            raise RuleError("chance", "no card or die is waiting to be entered by you")
        if self.offered is not None:
            raise RuleError("tell", f"first: {self.offered[2]} (or Enter to let the companion "
                            "tell it)")
        self._step(action, by=by)
        self.advance()

    def advance(self, max_steps: int | None = None) -> None:
        """Let chance and the AI seats move until a human decision (or the end) is due, or
        until ``max_steps`` steps were taken (stepping through an autoplay)."""
        for _ in range(max_steps or SAFETY_STEPS):
            if self.is_over() or self.offered is not None:
                return
            due = self.awaiting()
            if due == [CHANCE]:
                if self.physical_chance() is not None:
                    return
                self._step(Sampler(self.seed).sample(self.game.chance(self.state),
                                                     self.chance_index), by=CHANCE)
                continue
            ai = [s for s in due if self.holders.get(s) == AI]
            if not ai:
                self._warm()
                return
            self._ai_move(ai[0])
        if max_steps:
            return
        raise RuntimeError("the game did not reach a human decision or an end")

    def _request(self, seat: str, legal: list[Action]) -> DecisionRequest:
        return DecisionRequest(
            game=self.game.name, seat=seat, step=len(self.actions),
            view=self.view(seat), legal=legal, labels=[self.game.describe(a) for a in legal],
            story=[text for _, text in self.narrations[-STORY_WINDOW:]],
            summary=rolling_summary(self.public_events),
            banned=list(self.memory.banned), veils=list(self.memory.veils),
            fabula=self.memory.fabula.digest(),
            alone=sum(h == AI for h in self.holders.values()) == 1)

    def _warm(self) -> None:
        """A human is to move: a voice that can (the model's, in slots mode) reads the story so
        far into its server's cache while the player thinks, so the next AI move reads less."""
        warm = getattr(self.voice, "warm", None)
        human = self.human_turn()
        ai = [s for s, h in self.holders.items() if h == AI]
        if warm is not None and ai and not self.is_over():  # for the seat likely to move next
            warm(lambda: self._request(ai[0] if human is None else next_ai_seat(
                self.game, self.state, human, ai, self.seed, self.chance_index) or ai[0], []))

    def _ai_move(self, seat: str) -> None:
        legal = self.legal(seat)
        request = self._request(seat, legal)
        decision = self.voice.decide(request, on_text=lambda chunk: self.emit("stream", chunk))
        for note in decision.notes:
            self.journal_row({"type": "llm", "n": len(self.actions), **note})
            self.llm_rows.append({"type": "llm", **note})
        keys = {a.key() for a in legal}
        if decision.action.key() not in keys:  # never trust a proposer: the engine's list rules
            decision = self.offline.decide(request)
            decision.source = "fallback"
        if decision.source == "fallback":
            self._tell_fallback(decision)
        back = next((n for n in decision.notes if n.get("event") == "recovered"), None)
        if back is not None:  # once per rest: the model plays again (a later outage is told anew)
            self.fallbacks_told.discard("unreachable")
            self.emit("notice", f"The model plays again: {back.get('reason', 'it answers')}.")
        self._step(decision.action, by=AI, narration=decision.narration, source=decision.source)
        if decision.speech:
            self.emit("speech", decision.speech)

    def _tell_fallback(self, decision) -> None:
        """Say once per kind of trouble why the offline voice played a model's move."""
        reason = next((n.get("reason") for n in reversed(decision.notes)
                       if n.get("event") == "fallback" and n.get("reason")),
                      "the model's reply was not a legal move")
        kind = _trouble(reason)
        if kind in self.fallbacks_told:
            return
        self.fallbacks_told.add(kind)
        self.emit("notice", f"The offline voice plays this move: {reason}. (Said once; the "
                  "journal records every case.)")

    def _apply(self, action: Action) -> list[Event]:
        state, events = self.game.apply(self.state, action)
        self.state = state
        self.actions.append(action)
        if action.seat == CHANCE:
            self.chance_index += 1
        public = [e for e in events if e.visible_to is None]
        self.public_events += public
        if self.fabulist is not None:  # the story holds what happened (rebuilt by every replay)
            beat = Beat(step=len(self.actions) - 1, action=action, events=public,
                        view=self.view(None))
            self.memory.fabula = self.fabulist.feed(self.memory.fabula, beat)
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self.snapshots[len(self.actions)] = (state, self.chance_index, len(self.public_events),
                                                 self.memory.fabula)
        return events

    def _step(self, action: Action, by: str, narration: str = "", source: str = "") -> None:
        events = self._apply(action)
        n = len(self.actions) - 1
        row = {"type": "action", "n": n, "by": by, "action": action.record(),
               "events": [e.model_dump(exclude_defaults=True) for e in events]}
        if source:
            row["source"] = source
        self.journal_row(row)
        shown: set[tuple[int, str]] = set()  # a human holding several seats: each line once
        own = (action.text.strip(),) if by == HUMAN and action.text.strip() else ()  # as written
        for seat in self.human_seats or [None]:
            for i, event in enumerate(events):
                if event.seen_by(seat) and self.render is not None:
                    title = self.memory.safety.redact_keeping(self.render.heading(event) or "", own)
                    if title and (i, title) not in shown:
                        shown.add((i, title))
                        self.emit("heading", title)
                    line = self.memory.safety.redact_keeping(self.render.mechanics(event, seat)
                                                             or "", own)
                    if line and (i, line) not in shown:
                        shown.add((i, line))
                        self.emit("mechanics", line)
        self.last_beat = Beat(step=n, action=action, events=[e for e in events
                                                             if e.visible_to is None],
                              view=self.view(None))
        for seat in self.human_seats:
            question = self._offer(self.last_beat, seat)
            if question:  # the story is theirs to tell first; Enter lets the companion tell it
                self.offered = (self.last_beat, seat, question, narration)
                return
        self.narrate_beat(self.last_beat, given=narration)

    def _offer(self, beat: Beat, seat: str) -> str:
        narrator = self.offline.narrator
        offer = getattr(narrator, "offer", None)
        return offer(beat, seat) if offer is not None else ""

    def tell(self, text: str) -> None:
        """The human's answer to the telling offered them: their words become the beat's
        narration, in its place; "" lets the companion tell it. Then play goes on."""
        if self.offered is None:
            raise RuleError("tell", "no telling is waiting for you")
        beat, seat, _, given = self.offered
        self.offered = None
        text = " ".join(text.split())
        if text and self.memory.allows(text):
            self._owed(beat, "owed")  # what their telling does not replace (a stage's raises)
            before = set(self.memory.used)
            weave.hear(self.memory.used, beat.step, text)
            theirs = getattr(self.offline.narrator, "theirs", None)  # told of the hero, or quoted
            told = theirs(text, beat, self.memory) if theirs is not None else weave.prose(text)
            self._row({"type": "narration", "n": beat.step, "text": told, "seat": seat,
                       "told": sorted(self.memory.used - before)})
            self._owed(beat, "settle")  # a stake it resolved
        else:
            self.narrate_beat(beat, given=given)
        self.advance()

    def _owed(self, beat: Beat, hook: str) -> None:
        """The companion's row for what the narrator's ``hook`` says a told beat still owes."""
        owe, before = getattr(self.offline.narrator, hook, None), set(self.memory.used)
        text = self.memory.screen(owe(beat, self.memory)) if owe is not None else ""
        if text:
            self._row({"type": "narration", "n": beat.step, "text": text,
                       "told": sorted(self.memory.used - before)})

    def _row(self, row: dict) -> None:
        """A narration row: journaled, kept and shown (an epilogue under its heading)."""
        self.journal_row(row)
        self.narrations.append((row["n"], row["text"]))
        if row.get("kind") == "epilogue":
            self.emit("heading", "Epilogue")
        self.emit("narration", row["text"])

    def narrate_beat(self, beat: Beat, given: str = "", resumed: bool = False) -> None:
        """Tell ``beat`` (``given``: the words a player or model told it in) and journal what was
        told; the X-card's retelling (table.py) comes here too."""
        before = set(self.memory.used)
        text = given if given and self.memory.allows(given) else \
            self.voice.narrate(beat, self.memory)
        settle = getattr(self.offline.narrator, "settle", None)
        if settle is not None and (given or not isinstance(self.voice, OfflineVoice)):
            owed = settle(beat, self.memory)  # a stake or the ending another voice left untold
            text = " ".join(x for x in (text, owed) if x)
        ending, self.memory.epilogue = self.memory.epilogue, ""
        if ending and ending in text:  # the told ending is a row of its own (STORY.md §4)
            rest = self.memory.screen(" ".join(text.replace(ending, " ").split()))
            ending = self.memory.screen(ending)
            text = " ".join(x for x in (rest, ending) if x)
        else:
            rest, ending, text = "", "", self.memory.screen(text)  # lines and veils, last gate
        if not text:  # told nothing; what it noted (a blow held for later) is journaled all the same
            row = noted_row(beat.step, before, self.memory)
            if row is not None:
                self.journal_row({**row, "resumed": True} if resumed else row)
            return
        told = sorted(self.memory.used - before)
        rows = [{"type": "narration", "n": beat.step, "text": text, "told": told}]
        if ending:
            # the beat's row carries its ending too: a kill between the two rows leaves
            # resume what it needs to finish the session exactly (_tell_untold)
            rows = ([{"type": "narration", "n": beat.step, "text": rest, "told": told,
                      "ending": ending, "particulars": list(self.memory.particulars)}]
                    if rest else []) + [
                {"type": "narration", "n": beat.step, "text": ending, "kind": "epilogue",
                 "particulars": list(self.memory.particulars), "told": [] if rest else told}]
        for row in rows:
            self._row({**row, "resumed": True} if resumed else row)

    # -- rewinding ---------------------------------------------------------------------------------
    def undo(self) -> int:
        """Rewind to just before the human's last decision; returns how many actions were undone.
        The undone rows stay in the journal behind an undo mark."""
        # by who made it, not by the journal's seats: a game that trades seats in play (Dragon &
        # Warrior's swap) gives the human other seats than they started with
        mine = [r["n"] for r in timeline(self.header, self.rows).rows if r["type"] == "action"
                and r["action"]["seat"] != CHANCE
                and r.get("by", HUMAN if self.seats.get(r["action"]["seat"]) == HUMAN else AI)
                == HUMAN]
        if not mine:
            raise RuleError("undo", "there is no decision of yours to undo yet")
        keep = mine[-1]
        undone = len(self.actions) - keep
        self.journal_row({"type": "undo", "to": keep})
        self._replay(timeline(self.header, self.rows))
        return undone

    def journal_row(self, row: dict[str, Any]) -> None:
        """Keep ``row`` in the session and append it to the journal file."""
        self.rows.append(row)
        if self.journal is not None:
            self.journal.append(row)

    def note(self, text: str) -> None:
        """A line for the reader from outside the game (why an autoplay stopped): journaled as a
        notice row, and shown."""
        self.journal_row({"type": "notice", "n": len(self.actions) - 1, "text": text})
        self.emit("notice", text)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()


def game_options(game: Game, header: dict[str, Any]):
    """The options a journal's game was set up with (defaults for journals without any)."""
    return game.options_model.model_validate(header.get("options") or {})


def _version() -> str:
    try:
        return importlib.metadata.version("companion")
    except importlib.metadata.PackageNotFoundError:
        return "dev"
