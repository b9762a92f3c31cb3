"""The one place that talks to an OpenAI-compatible chat API (OpenAI, Ollama, llama.cpp's and
llama-cpp-python's servers, vLLM). The only module that imports ``openai``, and lazily, so that
``companion --help`` never pays for it.

Decisions:

* One owner per failure class. The SDK's own retries are off (``max_retries=0``); transport
  failures (timeouts, connection errors, 429 honouring ``Retry-After``, 5xx, a stream that stalls or
  breaks) are retried here by one tenacity policy with exponential backoff and jitter, bounded in
  attempts and in total time (``Settings.timeout``), so a call can never hang. Invalid replies are
  not this module's business: the voice re-asks.
* Capabilities are learnt by refusal, once per client (one client per session). A request is first
  sent in the best structured mode (``MODES``: JSON-schema replies, then JSON mode with the
  server's own ``schema`` extension, then plain JSON mode, then plain text); a refusal (HTTP 400 or
  422, or a 500 whose message is a validation error, as llama-cpp-python answers a ``json_schema``
  response format) steps down the ladder and is remembered, and the same holds for optional
  parameters a server may reject (``stream_options``, ``seed``, ``temperature``, ``max_tokens``
  renamed ``max_completion_tokens``). Refusals are journaled, not retried.
* Every HTTP attempt, failed ones too, becomes a ledger row (tokens in and out, latency, model,
  server, outcome). Servers that report no usage get an estimate (4 characters a token), marked so.
* Ctrl-C inside a reply closes the stream and raises :class:`Interrupted` carrying the text so far.
"""
from __future__ import annotations

import email.utils
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.llm.config import Settings

MODES = ("json_schema", "json_object_schema", "json_object", "text")
MODE_LABELS = {
    "json_schema": "JSON-schema replies (response_format json_schema)",
    "json_object_schema": "JSON mode with the server's schema field (grammar)",
    "json_object": "JSON mode, schema in the prompt",
    "text": "plain text, JSON extracted",
}
CONNECT_TIMEOUT = 5.0
PREFILL_TIMEOUT = 30.0  # reading ahead while a human thinks: seconds, at most
STALL = 5.0  # seconds without a chunk, once the reply has begun, that cut a stream as stalled
_REFUSAL_500 = re.compile(
    r"validation|input should be|not supported|unsupported|unrecognized|extra inputs|"
    r"response_format|invalid", re.I)
_CONTEXT_FULL = re.compile(r"context.{0,20}(length|window|size)|too many tokens|exceeds", re.I)


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate (about 4 characters a token in English prose)."""
    return max(1, (len(text) + 3) // 4) if text else 0


class CallError(Exception):
    """A call that produced no usable reply. ``reason`` is one line for the journal and the screen."""

    def __init__(self, reason: str, text: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.text = text  # whatever arrived before it failed
        self.notes: list[dict[str, Any]] = []  # ledger rows of the attempts made
        self.retry_after: float | None = None  # seconds the server asked us to wait (429, 503)


class TransportError(CallError):
    """The server could not be reached, or kept failing, within the retry policy."""


class Rejected(CallError):
    """The server refused the request for a reason no capability change fixes (auth, model, size).
    ``permanent``: it will refuse every request of this session the same way (key, model)."""

    permanent = False


class Interrupted(CallError):
    """Ctrl-C during the reply: the stream was closed; ``text`` is what had arrived."""


class Stop(CallError):
    """Raised by an ``on_text`` callback to stop reading a reply it already knows it cannot use
    (an illegal action, a forbidden name): the stream is closed and the error passed on."""


class _Refusal(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class _Transient(Exception):
    """One failed attempt worth retrying (wraps the SDK error; carries Retry-After if any)."""

    def __init__(self, reason: str, retry_after: float | None = None, text: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after
        self.text = text


@dataclass
class Capabilities:
    """What this server has been seen to accept. Shared by every call of a session."""

    modes: list[str] = field(default_factory=lambda: list(MODES))
    refused: dict[str, str] = field(default_factory=dict)  # mode or parameter -> server's message
    stream_usage: bool = True
    seed: bool = True
    temperature: bool = True
    max_tokens_param: str = "max_tokens"

    @property
    def mode(self) -> str:
        return self.modes[0]


@dataclass
class Completion:
    text: str
    finish_reason: str | None
    mode: str
    model: str
    tokens_in: int
    tokens_out: int
    estimated: bool
    latency_ms: int
    notes: list[dict[str, Any]]  # rows for every attempt made, this one included (last)


def _retry_after(headers: Any) -> float | None:
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return float(ms) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _status_message(err: Any) -> str:
    """The server's own words, on one line, without any traceback it appended."""
    body = getattr(err, "body", None)
    text = str(getattr(err, "message", err))
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            text = str(inner["message"])
        elif body.get("detail"):
            text = str(body["detail"])
    text = re.split(r"\n\s*(?:File \"|Traceback)", text)[0]
    msgs = re.findall(r"""'msg': ["']((?:[^"\\]|\\.)+?)["'],""", text)  # pydantic's errors
    if msgs:
        text = "; ".join(msgs)
    return " ".join(text.split())


def _with_schema(messages: list[dict[str, str]], schema: dict[str, Any]) -> list[dict[str, str]]:
    """The schema in the prompt, for servers that cannot be given it (JSON mode, plain text)."""
    import json

    note = ("\n\nYour reply must be one JSON object valid against this JSON schema:\n"
            + json.dumps(schema, separators=(",", ":")))
    last = messages[-1]
    return messages[:-1] + [{**last, "content": last["content"] + note}]


_END = object()


def _pump(handle: Any, deadline: float, parts: list[str]) -> Any:
    """The stream's chunks, read by a thread of their own so that the deadline holds whatever
    the server does: a stream that drips is cut at the deadline (the SDK's read timeout counts
    from the last byte, not from the start), one that sends nothing for ``STALL`` seconds once
    it has begun is cut then, each with what it said so far (the thread ends at its read
    timeout; the stream is closed by the caller)."""
    import queue
    import threading

    box: queue.Queue = queue.Queue()

    def read() -> None:
        try:
            for chunk in handle:
                box.put((chunk, None))
        except BaseException as err:  # noqa: BLE001 - handed to the reader below
            box.put((None, err))
        box.put((_END, None))

    threading.Thread(target=read, name="companion-stream", daemon=True).start()
    begun = False  # the first chunk waits for the prompt's reading; later ones only for a token
    while True:
        left = deadline - time.monotonic()
        wait = min(left, STALL) if begun else left
        try:
            chunk, err = box.get(timeout=max(0.0, wait)) if wait > 0 else box.get_nowait()
        except queue.Empty:
            if begun and wait < left:
                raise _Transient(f"the stream stalled (nothing for {STALL:g} s)",
                                 text="".join(parts)) from None
            raise _Transient("the reply took longer than the time bound",
                             text="".join(parts)) from None
        begun = True
        if err is not None:
            raise err
        if chunk is _END:
            return
        yield chunk


class ModelClient:
    """A chat client for one session: lazily built SDK client, remembered capabilities, retries."""

    def __init__(
        self,
        settings: Settings,
        *,
        max_attempts: int = 4,
        backoff: float = 0.5,
        max_backoff: float = 8.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.sleep = sleep
        self.caps = Capabilities()
        self._sdk: Any = None
        self._model: str | None = settings.model_name

    # -- the SDK, built on first use ------------------------------------------------------------
    @property
    def sdk(self) -> Any:
        if self._sdk is None:
            import openai  # the only import of the SDK in the project

            self._sdk = openai.OpenAI(
                api_key=self.settings.api_key or "not-needed",  # local servers want no key
                base_url=self.settings.base_url or None,
                max_retries=0,  # tenacity owns transport retries
                timeout=openai.Timeout(self.settings.timeout, connect=CONNECT_TIMEOUT),
            )
        return self._sdk

    @property
    def server(self) -> str:
        return self.settings.server

    def model(self, bound: float | None = None) -> str:
        """The configured model, or the server's first model when none is configured."""
        if self._model is None:
            models = self.list_models(bound)
            if not models:
                raise Rejected(f"{self.server} lists no models: set one with --model")
            self._model = models[0]
        return self._model

    def list_models(self, bound: float | None = None) -> list[str]:
        return self._with_retries(lambda remaining: [m.id for m in self.sdk.models.list(
            timeout=self._timeout(remaining))], notes=[], bound=bound)

    def prefill(self, messages: list[dict[str, str]]) -> bool:
        """Have the server read ``messages`` (one token of reply, thrown away), so that a local
        server's prompt cache holds them for the next call that starts the same way. A hint:
        one attempt, a short time bound, any failure ignored (the next real call says it)."""
        if self._model is None:
            return False
        try:
            self.sdk.chat.completions.create(
                model=self._model, messages=messages, timeout=self._timeout(PREFILL_TIMEOUT),
                **{self.caps.max_tokens_param: 1})
        except Exception:  # noqa: BLE001 - a hint: the real call will meet the same trouble
            return False
        return True

    # -- retries --------------------------------------------------------------------------------
    def _timeout(self, remaining: float) -> Any:
        import openai

        return openai.Timeout(max(0.01, remaining), connect=min(CONNECT_TIMEOUT, max(0.01, remaining)))

    def _classify(self, err: BaseException, text: str = "") -> BaseException:
        """Map an SDK error to _Transient (retry), _Refusal (capability) or Rejected (give up)."""
        import openai

        if isinstance(err, openai.APITimeoutError):
            return _Transient("timed out", text=text)
        if isinstance(err, openai.APIConnectionError):
            cause = err.__cause__ or err.__context__
            detail = f": {cause}" if cause else ""
            return _Transient(f"connection failed{detail}", text=text)
        if isinstance(err, openai.APIStatusError):
            status = err.status_code
            message = _status_message(err)
            if status == 429:
                return _Transient(f"rate limited (429): {message}",
                                  _retry_after(err.response.headers), text)
            if status in (400, 422) or (status == 500 and _REFUSAL_500.search(message)):
                if _CONTEXT_FULL.search(message):
                    return Rejected(f"the prompt does not fit the model ({status}): {message}")
                return _Refusal(status, message)
            if status >= 500 or status in (408, 409):
                return _Transient(f"server error {status}: {message}",
                                  _retry_after(err.response.headers), text)
            err = Rejected(f"refused ({status}): {message}")
            err.permanent = status in (401, 403, 404)
            return err
        if isinstance(err, openai.APIError):  # an error event inside a stream
            return _Transient(f"server error in the stream: {err.message}", text=text)
        module = type(err).__module__.split(".")[0]
        if isinstance(err, ValueError) or module in ("httpx2", "httpx", "httpcore2", "httpcore",
                                                      "h11", "openai"):
            # garbage in the stream (not JSON), a protocol error: the server misbehaved
            return _Transient(f"bad response from the server: {type(err).__name__}: {err}"[:300],
                              text=text)
        return err

    def _with_retries(self, attempt: Callable[[float], Any], notes: list[dict[str, Any]],
                      bound: float | None = None) -> Any:
        """Run ``attempt(remaining_seconds)`` under the transport policy, within ``bound``
        seconds (the settings' timeout at most); raise TransportError."""
        import tenacity

        self.sdk  # build the client (importing openai takes a while) before the clock starts
        limit = self.settings.timeout if bound is None else min(bound, self.settings.timeout)
        deadline = time.monotonic() + limit

        def wait(state: tenacity.RetryCallState) -> float:
            exc = state.outcome.exception() if state.outcome else None
            if isinstance(exc, _Transient) and exc.retry_after is not None:
                return exc.retry_after
            base = min(self.max_backoff, self.backoff * 2 ** (state.attempt_number - 1))
            return base + random.uniform(0, base / 2)

        def stop(state: tenacity.RetryCallState) -> bool:
            left = deadline - time.monotonic()
            return state.attempt_number >= self.max_attempts or state.upcoming_sleep >= left

        def once() -> Any:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _Transient("out of time")
            try:
                return attempt(remaining)
            except (_Transient, _Refusal, CallError, KeyboardInterrupt):
                raise
            except Exception as err:  # noqa: BLE001 - classified, never swallowed
                raise self._classify(err) from err

        retrying = tenacity.Retrying(
            retry=tenacity.retry_if_exception_type(_Transient),
            wait=wait,
            stop=stop,
            sleep=self.sleep,
            reraise=True,
        )
        try:
            return retrying(once)
        except _Transient as err:
            tries = retrying.statistics.get("attempt_number", 1)
            failed = TransportError(f"{err.reason} (after {tries} attempt(s))", err.text)
            failed.retry_after = err.retry_after
            raise failed from None

    # -- one chat completion --------------------------------------------------------------------
    def complete(
        self,
        messages: list[dict[str, str]],
        *,
        schema: dict[str, Any] | None = None,
        grammar_schema: dict[str, Any] | None = None,
        on_text: Callable[[str], None] | None = None,
        max_tokens: int | None = None,
        seed: int | None = None,
        stream: bool = True,
        mode: str | None = None,
        bound: float | None = None,
    ) -> Completion:
        """One reply, in the best mode this server accepts, within ``bound`` seconds (the
        move's share of its time bound; the settings' timeout at most), retries, refusals and a
        slow stream included: a stream still going at the deadline is cut (TransportError, with
        the text so far). ``on_text(text_so_far)`` is called as
        the reply grows (a shorter or different ``text_so_far`` means a retry started over).

        Raises TransportError, Rejected or Interrupted; every attempt is in the error's ``notes``
        attribute as well as in the returned Completion's."""
        notes: list[dict[str, Any]] = []
        prompt_chars = sum(len(m["content"]) for m in messages)
        limit = self.settings.timeout if bound is None else min(bound, self.settings.timeout)
        deadline = time.monotonic() + limit
        try:
            model = self.model(limit)
            while True:
                current = mode or self.caps.mode
                try:
                    result = self._with_retries(
                        lambda remaining: self._attempt(
                            messages, current, schema, grammar_schema, on_text, max_tokens, seed,
                            stream, model, prompt_chars, remaining, notes),
                        notes, bound=deadline - time.monotonic(),
                    )
                except _Refusal as refusal:
                    learnt = self._learn(refusal, current, notes)
                    if learnt and (mode is None or learnt not in MODES):
                        continue
                    raise Rejected(f"the server refused the request ({refusal.status}): "
                                   f"{refusal.message[:200]}") from None
                result.notes = notes
                return result
        except KeyboardInterrupt:  # Ctrl-C between attempts (connecting, backing off)
            err: CallError = Interrupted("stopped by Ctrl-C")
        except _Refusal as refusal:  # outside a completion (listing models)
            err = Rejected(f"the server refused the request ({refusal.status}): {refusal.message}")
        except CallError as caught:
            err = caught
        err.notes = notes
        raise err

    def _learn(self, refusal: _Refusal, mode: str, notes: list[dict[str, Any]]) -> str | None:
        """Remember what the server refused; the mode or parameter given up, or None."""
        msg = refusal.message
        low = msg.lower()
        what: str | None = None
        if "stream_options" in low and self.caps.stream_usage:
            self.caps.stream_usage, what = False, "stream_options"
        elif "max_completion_tokens" in low and self.caps.max_tokens_param == "max_tokens":
            self.caps.max_tokens_param, what = "max_completion_tokens", "max_tokens"
        elif "temperature" in low and self.caps.temperature:
            self.caps.temperature, what = False, "temperature"
        elif re.search(r"\bseed\b", low) and self.caps.seed:
            self.caps.seed, what = False, "seed"
        elif mode in self.caps.modes and len(self.caps.modes) > 1:
            self.caps.modes.remove(mode)
            what = mode
        if what is None:
            return None
        self.caps.refused[what] = msg[:300]
        notes.append({
            "event": "refusal", "refused": what, "status": refusal.status,
            "message": msg[:300], "next": self.caps.mode, "model": self._model,
            "server": self.server,
        })
        return what

    def _request(
        self, mode: str, schema: dict[str, Any] | None, grammar_schema: dict[str, Any] | None,
        max_tokens: int | None, seed: int | None,
    ) -> dict[str, Any]:
        params: dict[str, Any] = {self.caps.max_tokens_param: max_tokens or self.settings.max_tokens}
        if self.caps.temperature:
            params["temperature"] = self.settings.temperature
        if seed is not None and self.caps.seed:
            params["seed"] = seed
        if schema is not None:
            if mode == "json_schema":
                params["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": "reply", "strict": True, "schema": schema},
                }
            elif mode == "json_object_schema":
                params["response_format"] = {"type": "json_object",
                                             "schema": grammar_schema or schema}
            elif mode == "json_object":
                params["response_format"] = {"type": "json_object"}
        return params

    def _attempt(
        self, messages, mode, schema, grammar_schema, on_text, max_tokens, seed, stream, model,
        prompt_chars, remaining, notes,
    ) -> Completion:
        params = self._request(mode, schema, grammar_schema, max_tokens, seed)
        if schema is not None and mode in ("json_object", "text"):
            messages = _with_schema(messages, schema)
        started = time.monotonic()
        deadline = started + remaining
        row: dict[str, Any] = {
            "event": "call", "model": model, "server": self.server, "mode": mode,
            "tokens_in": 0, "tokens_out": 0, "estimated": True,
        }
        parts: list[str] = []
        usage = None
        finish = None
        served_model = model
        handle = None
        try:
            try:
                if stream:
                    if self.caps.stream_usage:
                        params["stream_options"] = {"include_usage": True}
                    handle = self.sdk.chat.completions.create(
                        model=model, messages=messages, stream=True,
                        timeout=self._timeout(remaining), **params)
                    for chunk in _pump(handle, deadline, parts):
                        served_model = getattr(chunk, "model", None) or served_model
                        if getattr(chunk, "usage", None):
                            usage = chunk.usage
                        for choice in chunk.choices or ():
                            delta = getattr(choice.delta, "content", None) if choice.delta else None
                            if delta:
                                parts.append(delta)
                                if on_text is not None:
                                    on_text("".join(parts))
                            if choice.finish_reason:
                                finish = choice.finish_reason
                else:
                    response = self.sdk.chat.completions.create(
                        model=model, messages=messages, timeout=self._timeout(remaining), **params)
                    served_model = response.model or served_model
                    usage = response.usage
                    choice = response.choices[0] if response.choices else None
                    if choice is not None:
                        parts.append(choice.message.content or "")
                        finish = choice.finish_reason
                        if on_text is not None and parts[0]:
                            on_text(parts[0])
            except KeyboardInterrupt:
                row["outcome"] = "interrupted"
                raise Interrupted("stopped by Ctrl-C", "".join(parts)) from None
            except (_Transient, _Refusal, CallError):
                raise
            except Exception as err:  # noqa: BLE001 - classified below
                mapped = self._classify(err, "".join(parts))
                if mapped is err:
                    raise
                raise mapped from err
        except BaseException as err:
            row.setdefault("outcome", {
                _Transient: "transport", _Refusal: "refused", Rejected: "rejected", Stop: "stopped",
            }.get(type(err), "error"))
            if isinstance(err, CallError) and not err.text:
                err.text = "".join(parts)
            row["error"] = (getattr(err, "reason", None) or getattr(err, "message", None)
                            or str(err))[:300]
            raise
        finally:
            if handle is not None:
                try:
                    handle.close()
                except Exception:  # noqa: BLE001 - closing a broken stream may fail; nothing to do
                    pass
            text = "".join(parts)
            row["latency_ms"] = int((time.monotonic() - started) * 1000)
            if usage is not None and getattr(usage, "prompt_tokens", None) is not None:
                row["tokens_in"] = usage.prompt_tokens
                row["tokens_out"] = usage.completion_tokens or 0
                row["estimated"] = False
                details = getattr(usage, "prompt_tokens_details", None)
                cached = getattr(details, "cached_tokens", None) if details is not None else None
                if isinstance(cached, int):  # the server's prompt cache (OpenAI, vLLM, llama.cpp)
                    row["tokens_cached"] = cached
            elif text or "outcome" not in row:  # the server read the prompt and answered
                row["tokens_in"] = estimate_tokens("x" * prompt_chars)
                row["tokens_out"] = estimate_tokens(text)
            row["model"] = served_model
            notes.append(row)
        row["outcome"] = "ok"
        if finish == "length":
            row["finish"] = "length"
        return Completion(
            text="".join(parts), finish_reason=finish, mode=mode, model=served_model,
            tokens_in=row["tokens_in"], tokens_out=row["tokens_out"], estimated=row["estimated"],
            latency_ms=row["latency_ms"], notes=notes,
        )
