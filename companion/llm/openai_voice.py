"""The model voice: an AI seat that decides and narrates through an OpenAI-compatible model.

One model call per AI decision (re-asks and retries aside; a forced move, the only legal one and
asking no text, is no decision and costs no call). The reply is one JSON object (see
``schema``): the number of a legal action, any text the action asks for, the narration of the move
and optional speech. Human moves, and any beat the model did not narrate, are told by the offline
narrator: the model is never called for them.

One time bound per move (``Settings.timeout``, counted from the moment the voice is asked):
every call, retry and re-ask of the move shares it, each attempt given an equal share of what is
left (a stream that drips or stalls is cut at its share, what it said kept only if it passes the
checks), and no call starts when less than ``MIN_SHARE`` is left. The README's number is the worst
case of a move.

What can go wrong, and who owns it:

* transport (timeouts, refused connections, 429, 5xx, a broken or stalled stream): the client's
  tenacity policy retries within a time bound; if that fails the offline voice decides.
* an invalid reply (not JSON, an action number that is not legal, a required text missing) or a
  narration that fails the fidelity check (names a card not in play or hidden, a banned topic):
  re-asked once with the error; then the offline policy decides and the offline narrator speaks
  (after a fidelity miss on a legal action, only the narration is dropped).
* a reply cut short (Ctrl-C inside it, the time bound, a stream dropped for good): the stream is
  closed; a complete, legal action is kept with the whole sentences told so far (if they pass the
  fidelity check), else the offline voice decides. Never a traceback.
* a spent token budget: the offline voice decides from then on.
* a fallback is the offline voice's move in the position the session offered (not in the
  shortlist the model was shown): a useless or down server tells the offline story.
* a server that stayed unreachable through the retries, ran past the bound, or answered so slowly
  that the move took more than a quarter of it (the answer is used), opens the circuit breaker
  (``breaker``), and so do three decisions in a row answered to no use (nothing of the
  answer usable: refused, unparseable, off-schema, illegal, every word refused by the checks):
  the offline voice plays, at no cost, until a probe a while later finds the model answering again
  (401, 403 and 404 answers: not again this session); one note when it opens, one when it closes.
* text that looks like a credential in a reply never reaches the journal (``redact``): the
  check refuses it as story, and every ledger row is redacted before it is returned.

Every attempt is a ledger row in ``Decision.notes`` (the session journals them as ``llm`` rows).

Streaming to the screen (``on_text``): narration is shown as it arrives, but only once the reply's
action is known to be legal, and held back by the length of the longest forbidden name so a
forbidden name is caught before any of it shows. Whenever streamed narration is abandoned (a retry,
a re-ask, a fallback), the voice ends the line with " \u2026\\n". So: if anything was streamed and
``Decision.narration`` is not empty, the screen already shows it; if ``Decision.narration`` is
empty, the session asks ``narrate`` after applying the move.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from companion.core.game import Game
from companion.core.rng import derived_rng
from companion.llm import calibration, checks, context, fidelity, ledger, slots
from companion.llm.readahead import ReadAhead
from companion.llm.thread import Thread
from companion.llm.breaker import Breaker
from companion.llm.client import CallError, Interrupted, ModelClient, Rejected, Stop, TransportError
from companion.llm.config import Settings
from companion.llm.redact import redact
from companion.llm.screen import ELLIPSIS, Screen  # noqa: F401 - ELLIPSIS: the voice's API
from companion.llm.schema import (Reply, extract_json, parse_partial, reply_schema, reply_tokens,
                                  with_line_choices, with_text_choices)
from companion.llm.slots import trimmed as _trimmed
from companion.llm.slots import whole_sentences as _sentences
from companion.llm.templates import TemplateError
from companion.story.voice import Beat, Decision, DecisionRequest, NarrationMemory, OfflineVoice

SAID = 24  # the model's own texts remembered against repeats (answers are not narration lines)
MIN_SHARE = 0.25  # seconds: less left of a move's bound than this, and no call is started
SLOW = 0.25  # an answer used after more than this share of the bound rests the breaker too


def _gist(reason: str) -> str:
    """A reason's first clause, for the breaker's one line."""
    return reason.split(": ", 1)[-1].split(";")[0][:120] if reason else "no usable reply"


def make_voice(game: Game, seed: int, settings: Settings):
    """The voice the settings ask for: the model voice when a model is configured, else offline."""
    if not settings.configured:
        return OfflineVoice(game, seed)
    return OpenAIVoice(game, seed, settings)


class OpenAIVoice:
    """An AI seat voiced by a language model, with the offline voice as its fallback."""

    name = "openai"

    def __init__(self, game: Game, seed: int, settings: Settings, *, client: Any = None,
                 reasks: int = 1) -> None:
        self.game = game
        self.seed = seed
        self.settings = settings
        self.offline = OfflineVoice(game, seed)
        self.client = client if client is not None else ModelClient(settings)
        # the SDK is imported and built now, at the table's setting, not inside the first
        # move's time bound (seconds on a busy machine)
        getattr(self.client, "sdk", None)
        self.reasks = reasks
        self.title = getattr(game, "title", game.name)
        self.spent = 0  # tokens, this session
        # open: the server is down and the offline voice plays at no cost
        self.breaker = Breaker(lambda: self.clock())
        self.answered = False  # the server has answered once this session (no longer cold)
        self.answered_now = False  # ... during the current decision
        self.said: list[str] = []  # the model's last texts that went to the journal (any field)
        self.clock = time.monotonic  # the breaker's
        self.timer = time.monotonic  # the move's bound
        self._instructions = checks.instruction_text(game)
        # how much the model writes: free | storylet | slots (schema.VOICE_MODES), and why
        self.mode, self.mode_source = calibration.resolve(settings)
        self.mode_said = False  # the journal records the mode once, with the first call
        self.pending: tuple[Any, str] | None = None  # storylet mode: (action key, its sentence)
        self.slots = slots.Slots(self.offline, seed)  # slots mode: the candidates to pick from
        # this decision's picks (slots mode): per move its candidates, and the listed lines
        self.picks: tuple[dict[int, list[str]], dict[int, list[str]]] = ({}, {})
        self.thread = Thread()  # slots mode: the session's one conversation (prompt cache)
        self.reader: ReadAhead | None = None  # slots mode: reading ahead, one at a time
        self.asked: DecisionRequest | None = None  # this decision's request, as the session made it
        self.deadline = 0.0  # this decision's end (``timer``): the settings' timeout from its start
        # how this decision's asking went, for the breaker: ok (some of the model's answer was
        # used), useless (it answered, none of it usable), failed (transport; the breaker knows)
        self.outcome = ""

    # -- the session's side -----------------------------------------------------------------------
    def restore(self, rows: list[dict[str, Any]]) -> None:
        """Count the tokens already spent in a resumed session (its journaled llm rows)."""
        self.spent += ledger.tokens_spent(rows)

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        """The offline narrator's telling (its storylets); in storylet mode, the model's one
        sentence for the move it chose follows it."""
        text = self.offline.narrate(beat, memory)
        pending, self.pending = self.pending, None
        if pending is not None and pending[0] == beat.action.key():
            sentence = pending[1]
            if memory.allows(sentence) and sentence not in text:
                text = f"{text} {sentence}".strip()
        return text

    @property
    def budget_left(self) -> int | None:
        budget = self.settings.budget_tokens
        return None if budget is None else budget - self.spent

    # -- reading ahead while a human thinks ----------------------------------------------------------
    def warm(self, request: Callable[[], DecisionRequest]) -> None:
        """Slots mode, when a human is to move: the server reads the story so far (the trunk)
        into its prompt cache in the background, so the next AI move reads only what the
        human's move changed and its turn (``request`` builds that moment's request, and is
        called only when reading ahead). A hint, not a move: nothing journaled or counted; from
        the first human turn on (the first AI call read it all as the player waited), not while
        the breaker rests; one at a time, the newest waiting (``readahead``); an absent server
        fails it at once, a hung one holds a call no longer than its move's bound (``settle``)."""
        prefill = getattr(self.client, "prefill", None)
        if self.mode != "slots" or prefill is None or self.breaker.open or self.breaker.probing:
            return
        self.reader = self.reader or ReadAhead(prefill)
        self.reader.send(self.thread.warm(request(), self.title))

    # -- deciding ---------------------------------------------------------------------------------
    def decide(self, request: DecisionRequest,
               on_text: Callable[[str], None] | None = None) -> Decision:
        if not request.legal:
            raise ValueError("decide() needs at least one legal action")
        if len(request.legal) == 1 and request.legal[0].ask is None:
            # a forced move is no decision: no model call; the narrator tells it after it resolves
            return Decision(action=request.legal[0], source="offline")
        self.pending = None
        decision = self._decide_once(request, on_text)
        if not self.mode_said and decision.notes:
            self.mode_said = True
            decision.notes.insert(0, self._row(request, event="voice", voice_mode=self.mode,
                                               source=self.mode_source,
                                               reason=f"voice mode {self.mode} "
                                                      f"({self.mode_source})"))
        if self.mode == "storylet" and decision.source == "model" and decision.narration:
            # told after the narrator's storylet for the beat (narrate), never streamed alone
            self.pending = (decision.action.key(), decision.narration)
            decision.narration = ""
        decision.notes = [redact(n) for n in decision.notes]  # no credential reaches the journal
        return decision

    def _decide_once(self, request: DecisionRequest,
                     on_text: Callable[[str], None] | None) -> Decision:
        notes: list[dict[str, Any]] = []
        self.asked, self.outcome = request, ""
        started = self.timer()
        self.deadline = started + self.settings.timeout  # one bound for the whole move
        if self.breaker.open:
            return self._fallback(request, notes, self.breaker.skip())
        probing = self.breaker.probing  # the rest is over: one attempt, no back-off
        attempts = getattr(self.client, "max_attempts", None)
        try:
            if probing and attempts is not None:
                self.client.max_attempts = 1
            decision = self._decide(request, on_text, notes)
            if decision.source == "model":  # what it told, so it is not told again
                self.said += [t for t in (decision.action.text, decision.narration,
                                          decision.speech) if t.strip()]
                del self.said[:-SAID]
        except KeyboardInterrupt:  # Ctrl-C outside the stream (the stream's own is handled within)
            return self._fallback(request, notes, "stopped by Ctrl-C")
        except Exception as err:  # noqa: BLE001 - a bug here must cost the model, not the game
            return self._fallback(request, notes, f"internal error: {type(err).__name__}: {err}")
        finally:
            if attempts is not None:
                self.client.max_attempts = attempts
        took = self.timer() - started
        if self.outcome == "ok" and took > self.settings.timeout * SLOW:
            # used, but a server this slow would make every move as slow: it rests
            self.outcome = "failed"
            rest = self.breaker.failed(f"slow: the answer took {took:.0f} s of the "
                                       f"{self.settings.timeout:g} s a move may take")
            decision.notes.append(self._row(request, event="breaker", reason=self.breaker.reason,
                                            rest_s=round(rest)))
        if self.outcome == "ok":
            skipped = self.breaker.succeeded()
            if probing:  # said once: the session tells the player the model is back
                decision.notes.insert(0, self._row(
                    request, event="recovered",
                    reason=f"the model answers again (the offline voice played {skipped} "
                           "move(s) meanwhile)"))
        elif self.outcome == "useless":
            why = next((n.get("reason", "") for n in reversed(decision.notes)
                        if n.get("event") in ("fallback", "replaced", "fidelity")), "")
            rest = self.breaker.useless(_gist(why))
            if rest is not None:
                decision.notes.append(self._row(request, event="breaker",
                                                reason=self.breaker.reason, rest_s=round(rest)))
        return decision

    def _rest(self, err: CallError, request: DecisionRequest,
              notes: list[dict[str, Any]]) -> None:
        """After a failure no retry fixed: the breaker opens, so later moves do not each wait it
        out (a journaled note says so); a probe later asks again."""
        permanent = isinstance(err, Rejected) and err.permanent
        if permanent or isinstance(err, TransportError):
            self.outcome = "failed"
            rest = self.breaker.failed(err.reason, permanent=permanent,
                                       at_least=getattr(err, "retry_after", None))
            notes.append(self._row(request, event="breaker", reason=self.breaker.reason,
                                   rest_s=None if permanent else round(rest)))

    def _answered(self) -> None:
        """The server answered (whatever the reply's worth): no longer cold. Whether the breaker
        closes is the decision's outcome's to say (a useless answer does not close it)."""
        self.answered = self.answered_now = True

    def _instructions_for(self, request: DecisionRequest) -> checks.Instructions:
        """What the prompt holds that a reply must not copy: what we wrote (templates, the
        questions asked) and the story lines it quotes (a reply repeating them tells nothing
        new: small models answer a question with the last narration)."""
        quoted = request.story[-context.STORY_LINES:]
        return self._instructions.plus([a.ask for a in request.legal if a.ask], story=quoted,
                                       told=[*request.story, *self.said])

    def _decide(self, request: DecisionRequest, on_text: Callable[[str], None] | None,
                notes: list[dict[str, Any]]) -> Decision:
        self.answered_now = False
        preferred = self._policy_choice(request)
        request = context.follow_the_road(context.spare_the_ending(request, preferred, self.game),
                                          preferred, self.game)
        request = context.shortlist(request, preferred,
                                    context.SLOTS_MOVES if self.mode == "slots" else context.MAX_MOVES)
        if self.mode == "slots":
            request = context.lead_with(self.slots.voiceable(
                request, self._instructions_for(request), preferred), preferred)
        instructions = self._instructions_for(request)
        # slots: each text the moves ask for is picked by number from checked candidates
        choices = self.slots.choices(request, instructions, preferred) \
            if self.mode == "slots" else {}
        lines = slots.listed(choices)
        self.picks = (choices, lines)
        try:
            messages = self.thread.messages(request, self.title, lines, choices) \
                if self.mode == "slots" else \
                context.build_messages(request, self.title, self.mode, lines)
        except TemplateError as err:
            return self._fallback(request, notes, f"prompt template error: {err}")
        checkers: dict[int, fidelity.Checker] = {}

        def checker(number: int) -> fidelity.Checker:  # a name the game's words for the move
            if number not in checkers:  # say (slots' candidates) is in play; hidden ones never
                checkers[number] = fidelity.checker_for(
                    self.game, request.view, request.legal[number - 1],
                    label=" ".join((request.labels[number - 1], *choices.get(number, ()))),
                    seat=request.seat, banned=request.banned, veils=request.veils)
            return checkers[number]

        only = slots.unasked(request, choices, lines) if self.mode == "slots" else None
        if only is not None:  # nothing to choose, nothing asked: the offline voice's move
            offline = self._offline_move()
            return Decision(action=offline if offline.key() == only.key() else only,
                            source="offline", notes=notes)
        # only a free narration is streamed: a storylet-mode sentence follows the narrator's
        screen = Screen(on_text if self.mode == "free" else None, len(request.legal), checker,
                         instructions)
        schema = reply_schema(request.legal, mode=self.mode)
        grammar = reply_schema(request.legal, lengths=True, mode=self.mode)
        if choices:
            schema, grammar = with_line_choices(schema, lines), with_line_choices(grammar, lines)
        max_tokens = reply_tokens(grammar)
        error = ""
        kept: tuple[Reply, dict[str, str]] | None = None  # a legal reply, and its fields' misses
        attempts = 1 if self.breaker.probing else 1 + self.reasks  # a probe asks once
        attempt = 0
        while attempt < attempts:
            attempt += 1
            if self.reader is not None:  # a call queued with a reading ahead is cut short
                self.reader.settle(self.deadline - self.timer() - MIN_SHARE)
            time_left = self.deadline - self.timer()
            if time_left < MIN_SHARE:  # the move's bound is spent: no call is started
                screen.abandon()
                if kept is not None:
                    break
                self.outcome = "useless" if self.answered_now else "failed"
                if self.outcome == "failed":
                    self._rest(TransportError("out of time"), request, notes)
                return self._fallback(request, notes, f"out of time ({self.settings.timeout:g} s "
                                      f"a move) after {attempt - 1} attempt(s): {error}".rstrip(": "))
            # each attempt left has an equal share of what is left of the bound: a reply that
            # drips or stalls is cut in time for the re-ask
            share = time_left / (attempts - attempt + 1)
            left = self.budget_left
            if left is not None and left <= 0:
                screen.abandon()
                if kept is not None:
                    break
                return self._fallback(request, notes, self._budget_reason())
            seed = derived_rng(self.seed, "llm", request.seat, request.step, attempt).randrange(2**31)
            try:
                done = self.client.complete(
                    messages, schema=schema, grammar_schema=grammar, on_text=screen.feed,
                    seed=seed, max_tokens=max_tokens, bound=share)
                raw, finish, rows = done.text, done.finish_reason, done.notes
            except Interrupted as err:
                self._account(err.notes, request, attempt, notes)
                cut = self._cut_short(request, err, screen, checker, notes)
                if cut is not None:
                    return cut
                screen.abandon()
                return self._fallback(request, notes, "stopped by Ctrl-C before the move was chosen")
            except Stop as err:
                self._account(err.notes, request, attempt, notes)
                self._answered()
                raw, finish, rows = err.text, "stopped", err.notes
                kind, error = screen.kind or "illegal", err.reason
                self._mark(rows, kind, error)
                miss_kind = screen.miss if kind == "miss" else "fidelity"
                if kind != "illegal":
                    notes.append(self._row(request, event="miss", field="narration",
                                           kind=miss_kind, reason=error[:300], attempt=attempt))
                screen.abandon()
                salvaged = self._salvage(raw, request) if kind != "illegal" else None
                if salvaged is not None:  # a legal move whose narration was stopped
                    salvaged.narration = salvaged.speech = ""
                    misses = self._misses(salvaged, request, checker, instructions)
                    misses["narration"] = (miss_kind, error)
                    kept = (salvaged, misses)
            except CallError as err:
                self._account(err.notes, request, attempt, notes)
                cut = self._cut_short(request, err, screen, checker, notes)
                if cut is not None:
                    if isinstance(err, TransportError):  # cut by the bound: slow, it rests
                        self._rest(err, request, notes)
                    return cut
                screen.abandon()
                self._rest(err, request, notes)
                if kept is not None:
                    break
                return self._fallback(request, notes, err.reason)
            else:
                self._account(rows, request, attempt, notes)
                self._answered()
                reply, kind, error = self._validate(raw, finish, request)
                own = choices.get(reply.action) if reply is not None else None
                if own and reply.text not in own:  # a candidate written for another move
                    reply.text = own[0]
                if reply is not None:
                    misses = self._misses(reply, request, checker, instructions)
                    if not misses:
                        self.outcome = "ok"
                        self._mark(rows, "ok", "")
                        screen.finish(reply.narration)
                        return Decision(
                            action=reply.action_for(request.legal), narration=reply.narration,
                            speech=reply.speech, source="model", notes=notes)
                    kept = (reply, misses)
                    kind = "fidelity" if any(k == "fidelity" for k, _ in misses.values()) \
                        else "miss"
                    error = "; ".join(why for _, why in misses.values())
                    for name, (miss_kind, why) in misses.items():
                        notes.append(self._row(request, event="miss", field=name, kind=miss_kind,
                                               reason=why[:300], attempt=attempt))
                self._mark(rows, kind, error)
                screen.abandon()
            if kept is not None and set(kept[1]) == {"text"} and \
                    kept[0].action in self.slots.unchecked:
                break  # words known to miss (slots.choices): asking again changes nothing
            if attempt < attempts and kept is not None and "text" in kept[1] and \
                    checks.asks_name(request.legal[kept[0].action - 1]):
                # a name that missed is asked again from the names the prompt offered
                examples = context.name_examples(request)
                schema = with_text_choices(schema, examples)
                grammar = with_text_choices(grammar, examples)
                error += f"; choose one of: {', '.join(examples)}"
            if attempt < attempts:
                messages = messages + [
                    {"role": "assistant", "content": (raw or "")[:2000]},
                    context.reask_message(error, attempt + 1),
                ]
        if kept is not None:  # the move was fine; only some of its words were not
            return self._keep(request, *kept, error, notes, screen)
        self.outcome = "useless"
        return self._fallback(request, notes, f"no usable reply after {attempts} attempts: {error}")

    def _policy_choice(self, request: DecisionRequest):
        rng = derived_rng(self.seed, "policy", request.seat, request.step)
        try:
            return self.offline.policy.choose(request.view, request.seat, request.legal, rng)
        except Exception:  # noqa: BLE001 - only a hint for the shortlist
            return None

    def _misses(self, reply: Reply, request: DecisionRequest,
                checker: Callable[[int], fidelity.Checker],
                instructions: checks.Instructions) -> dict[str, tuple[str, str]]:
        """field -> (kind, reason) for every field of a legal reply that may not be journaled."""
        action = request.legal[reply.action - 1]
        out: dict[str, tuple[str, str]] = {}
        for name in ("text", "narration", "speech"):
            value = getattr(reply, name)
            if name == "text" and action.ask is None:
                continue
            required = name == "text" and not action.optional_text
            miss = checks.check(name, value, instructions, action, required=required)
            if miss is not None:
                out[name] = (miss.kind, miss.reason)
                continue
            problems = checker(reply.action).problems(value) if value.strip() else []
            if problems:
                out[name] = ("fidelity", f'"{name}" ' + "; ".join(problems))
        return out

    def _keep(self, request: DecisionRequest, reply: Reply, misses: dict[str, tuple[str, str]],
              error: str, notes: list[dict[str, Any]], screen: Screen) -> Decision:
        """The model's legal move, with the words that failed replaced: a text by the offline
        narrator's, a narration or speech by nothing (the narrator tells the move)."""
        action = reply.action_for(request.legal)
        narration = "" if "narration" in misses else reply.narration
        speech = "" if "speech" in misses else reply.speech
        if "text" in misses:
            action = action.with_text(self._offline_text(request, reply.action - 1))
        kept_words = [n for n in ("text", "narration", "speech") if n not in misses
                      and getattr(reply, n).strip() and not (n == "text" and action.ask is None)]
        if self.outcome != "failed":  # a move with none of its words usable is a useless answer
            self.outcome = "ok" if kept_words or not misses else "useless"
        replaced = ", ".join(sorted(misses)) or "the words"
        notes.append(self._row(request, event="fidelity" if any(
            k == "fidelity" for k, _ in misses.values()) else "replaced",
            reason=f"{replaced} replaced by the offline voice's: {error}"[:400],
            model=self._model_name()))
        screen.finish(narration)
        return Decision(action=action, narration=narration, speech=speech, source="model",
                        notes=notes)

    def _offline_text(self, request: DecisionRequest, index: int) -> str:
        """The offline narrator's words for the move the model chose. Its policy is not asked:
        a game's policy may choose nothing from a list cut to one move (High Stakes' did, and
        the model's legal move fell back on an AttributeError)."""
        narrator = self.offline.narrator
        if narrator is not None:
            memory = NarrationMemory(self.seed, banned=request.banned, veils=request.veils)
            return narrator.write(request.legal[index], request.view, memory)
        one = request.model_copy(update={"legal": [request.legal[index]],
                                         "labels": [request.labels[index]]})
        return self.offline.decide(one).action.text

    def _validate(self, raw: str, finish: str | None,
                  request: DecisionRequest) -> tuple[Reply | None, str, str]:
        """(reply, "", "") or (None, kind, error): kind is invalid or illegal."""
        ctx = {"legal": request.legal, "labels": request.labels}
        try:
            data = slots.pick(extract_json(raw), *self.picks)
            named = data.get("action")
            if isinstance(named, str):  # a label instead of its number
                low = [label.casefold() for label in request.labels]
                if named.strip().casefold() in low:
                    data["action"] = low.index(named.strip().casefold()) + 1
        except ValueError as err:
            if finish == "length":  # cut short by max_tokens: keep what is complete and valid
                reply = self._salvage(raw, request)
                if reply is not None:
                    return reply, "", ""
                why = "the reply was cut short (max_tokens) before its action was complete"
            else:
                why = f"{err}; it began: {raw[:80]!r}" if raw.strip() else "the reply was empty"
            return None, "invalid", why
        try:
            return _trimmed(Reply.model_validate(data, context=ctx), request), "", ""
        except ValidationError as err:
            parts = []
            for e in err.errors(include_url=False):
                loc = ".".join(str(x) for x in e["loc"])
                msg = e["msg"].removeprefix("Value error, ")
                parts.append(f"{loc}: {msg}" if loc else msg)
            text = "; ".join(parts)
            kind = "illegal" if "not one of the legal actions" in text else "invalid"
            return None, kind, text

    def _salvage(self, raw: str, request: DecisionRequest) -> Reply | None:
        """The complete part of a reply cut short, if it names a legal action."""
        try:
            fields, cut, _ = parse_partial(raw)
        except ValueError:
            return None
        if "action" not in fields:
            return None
        for key in ("narration", "speech", "text"):
            if key == cut:
                fields[key] = _sentences(fields[key])
        fields = slots.pick(fields, *self.picks)
        try:
            return Reply.model_validate(fields, context={"legal": request.legal,
                                                          "labels": request.labels})
        except ValidationError:
            return None

    def _cut_short(self, request: DecisionRequest, err: CallError, screen: Screen,
                   checker: Callable[[int], fidelity.Checker],
                   notes: list[dict[str, Any]]) -> Decision | None:
        """Keep what is valid of a reply cut short (Ctrl-C, the time bound, a dropped stream): a
        complete legal action, with the whole sentences told if they pass the fidelity check."""
        reply = self._salvage(err.text, request) if err.text else None
        if reply is None:
            return None
        kept = "the move"
        if reply.narration and checker(reply.action).problems(
                " ".join((reply.text, reply.narration, reply.speech))):
            reply.narration = reply.speech = ""
        elif reply.narration:
            kept += " and the whole sentences told"
        screen.finish(reply.narration)
        event = "interrupted" if isinstance(err, Interrupted) else "cut_short"
        notes.append(self._row(request, event=event, reason=f"{err.reason}; kept {kept}"))
        self.outcome = "ok"
        return Decision(action=reply.action_for(request.legal), narration=reply.narration,
                        speech=reply.speech, source="model", notes=notes)

    # -- bookkeeping ------------------------------------------------------------------------------
    def _model_name(self) -> str | None:
        return getattr(self.client, "_model", None) or self.settings.model_name

    def _row(self, request: DecisionRequest, **fields: Any) -> dict[str, Any]:
        return {"seat": request.seat, "step": request.step, **fields}

    def _account(self, rows: list[dict[str, Any]], request: DecisionRequest, attempt: int,
                 notes: list[dict[str, Any]]) -> None:
        for row in rows:
            row.update(seat=request.seat, step=request.step, attempt=attempt)
            if self.settings.budget_tokens:
                row["budget"] = self.settings.budget_tokens
            if row.get("event") == "call":
                self.spent += int(row.get("tokens_in") or 0) + int(row.get("tokens_out") or 0)
            notes.append(row)

    @staticmethod
    def _mark(rows: list[dict[str, Any]], outcome: str, error: str) -> None:
        """Record the validation verdict on the attempt that produced the reply."""
        for row in reversed(rows):
            if row.get("event") == "call":
                row["outcome"] = outcome
                if error:
                    row["error"] = error[:300]
                return

    def _budget_reason(self) -> str:
        return (f"token budget spent ({self.spent:,} of {self.settings.budget_tokens:,} tokens): "
                "the offline voice plays on")

    def _fallback(self, request: DecisionRequest, notes: list[dict[str, Any]],
                  reason: str) -> Decision:
        notes.append(self._row(request, event="fallback", reason=reason,
                               model=self._model_name(), server=self.settings.server))
        return Decision(action=self._offline_move(request), narration="", source="fallback",
                        notes=notes)

    def _offline_move(self, request: DecisionRequest | None = None) -> Any:
        """The offline voice's move in this position: the request as the session made it, not
        the shortlist the model was shown (High Stakes told another story from move 1 on)."""
        asked = self.asked if self.asked is not None and (
            request is None or self.asked.step == request.step) else request
        return self.offline.decide(asked).action

