"""The shape of a model's reply to one decision: its JSON schema, its parsing, its validation.

Decisions:

* The schema is built per decision: ``action`` is an enum of the legal action numbers (1..n, as
  listed in the prompt), so a server that constrains replies to a schema cannot produce an illegal
  choice at all; validation (pydantic, with the legal actions in the validation context) is the
  backstop for servers that only promise JSON, or nothing.
* Field order is action, text, narration, speech: a streaming reply names its action before its
  narration, so the voice knows the move is legal before it shows any narration.
* Replies are parsed tolerantly (``parse_partial``): a reply cut short (Ctrl-C, ``max_tokens``, a
  dropped connection) still yields the fields that were complete, and the narration so far. The
  same parser feeds the streaming screen, so what is shown is exactly what is parsed.
"""
from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator

from companion.core.game import Action
from companion.llm import checks
from companion.llm.config import VOICE_MODES
from companion.story import names, pronouns

# How much a model writes (``companion doctor`` measures a model and picks one; ``--voice-mode``
# overrides): ``free``, the narration of its move (one to three sentences) and speech; ``storylet``,
# one sentence of its own added to the storylet the offline narrator tells for the beat; ``slots``,
# only the move and the short texts it asks for (a name, an answer, a question), each checked: the
# storylets tell the rest. (VOICE_MODES, from config.)
SENTENCE_CHARS = 160  # the one sentence a storylet-mode reply adds


# a raw newline or tab inside a string is what the model meant by one (small models under a loose
# grammar write them); strict JSON would throw the whole reply away for it
_DECODER = json.JSONDecoder(strict=False)
_PLACEHOLDER = re.compile(r"<[^<>]*>|\.\.\.|\u2026")  # a model copying the format, not writing


def wants_text(legal: list[Action]) -> bool:
    return any(a.ask is not None for a in legal)


def model_question(ask: str) -> str:
    """A question as a model is asked it: without the hints a person at the prompt needs, the
    closing brackets ("(optional)", "(she, he, they, ...; Enter: they)"), which small models
    copy into their answers."""
    text = ask.rstrip()
    while text.endswith(")"):
        depth, i = 0, len(text) - 1
        while i >= 0:
            depth += {")": 1, "(": -1}.get(text[i], 0)
            if depth == 0:
                break
            i -= 1
        if i <= 0:
            break
        text = text[:i].rstrip()
    return text or ask.strip()


def text_question(legal: list[Action]) -> str:
    """The question ``text`` answers: the legal actions' own, when they share one."""
    asks = list(dict.fromkeys(model_question(a.ask) for a in legal if a.ask is not None))
    return asks[0] if len(asks) == 1 else "The words the move you choose asks for"


# a grammar's idea of a name: one or two capitalised words ("Tamsin Reed", "Mary-Jo O'Neil")
_NAME_WORD = r"[A-Z]('[A-Z])?[a-z]{1,11}(-[A-Z][a-z]{1,11})?"
NAME_PATTERN = rf"^{_NAME_WORD}( {_NAME_WORD})?$"


def prose_pattern(limit: int, least: int = 0) -> str:
    """A grammar's idea of prose, ``limit`` characters at most: it starts with a letter or an
    opening quote and holds no markup (brackets, braces, angle brackets, ``_ | # * =``: ids and
    Markdown), no line break and no
    straight double quote or backslash (speech marks are typographic), so a small model can
    neither echo the move list ("[0]Maze-like 1[") nor break out of its JSON string."""
    body = f'[A-Za-z\u201c\u2018][^"\\\\\\[\\]{{}}<>\\n_|#*=]{{0,{max(0, limit - 1)}}}'
    return f"^{body}$" if least else f"^({body})?$"


def reply_schema(legal: list[Action], *, lengths: bool = False,
                 mode: str = "free") -> dict[str, Any]:
    """JSON schema of a reply to this decision, built for it: ``action`` an enum of the legal
    numbers; no descriptions a model could copy into a value.

    The reply asks for the words the moves need and no more, since every field a small model
    writes is one more chance to copy the prompt: when every listed move asks a question, the
    reply is ``action`` and ``text`` (the answer is the story; the narrator tells the rest); when
    none does, ``action``, ``narration`` and ``speech`` (optional where the server's grammar
    allows it); a mix has all four, ``text``
    titled with the question itself.

    ``lengths`` is for servers whose grammar honours string constraints: ``maxLength`` on every
    string, so a rambling model ends its JSON in time, ``minLength`` on a required text, and a
    ``pattern`` on each: a name's (capitalised words) when every move asks for a character's name,
    else prose (:func:`prose_pattern`). OpenAI's strict mode is given none of them.

    ``mode`` (``VOICE_MODES``) is how much the model writes beside the move: ``storylet`` asks for
    one sentence (``SENTENCE_CHARS``) and no speech, ``slots`` for no narration at all."""
    def string(limit: int, least: int = 0, title: str = "", pattern: str = "") -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if title:
            out["title"] = title
        if lengths:
            out["maxLength"] = limit
            if least:
                out["minLength"] = least
            out["pattern"] = pattern or prose_pattern(limit, least)
        return out

    props: dict[str, Any] = {
        "action": {"type": "integer", "enum": list(range(1, len(legal) + 1))},
    }
    asking = [a for a in legal if a.ask is not None]
    if asking:
        limit = max(checks.text_limit(a) for a in asking)
        least = 2 if all(not a.optional_text for a in asking) else 0
        naming = all(a.kind in names.KINDS for a in asking)
        props["text"] = string(limit, least, text_question(legal),
                               NAME_PATTERN if naming and least else "")
        if all(pronouns.asks_freely(a) for a in asking):  # a closed question: its answers
            props["text"] = {"type": "string", "enum": list(pronouns.COMMON)}
    required = list(props)
    if len(asking) < len(legal) and mode == "free":
        props["narration"] = string(checks.NARRATION_CHARS)
        props["speech"] = string(checks.SPEECH_CHARS)
        required.append("narration")
    elif len(asking) < len(legal) and mode == "storylet":
        props["narration"] = string(SENTENCE_CHARS)
        required.append("narration")
    return {
        "type": "object",
        "properties": props,
        "required": required if lengths else list(props),  # strict mode: every key required
        "additionalProperties": False,
    }


def with_text_choices(schema: dict[str, Any], choices: list[str]) -> dict[str, Any]:
    """``schema`` with its ``text`` one of ``choices``: a naming move asked again after its name
    missed is answered from the names its prompt offered, so the second answer is a name."""
    props = dict(schema["properties"])
    props["text"] = {"type": "string", "enum": list(choices)}
    return {**schema, "properties": props}


def with_line_choices(schema: dict[str, Any], lines: dict[int, list[str]]) -> dict[str, Any]:
    """Slots mode: ``schema`` whose words are picked, not written: no ``text``; a ``line``, the
    number of one of the lines the prompt lists (``slots.listed``), when it lists some."""
    props = {k: v for k, v in schema["properties"].items() if k != "text"}
    count = max((len(texts) for texts in lines.values()), default=0)
    if count > 1:
        props["line"] = {"type": "integer", "enum": list(range(1, count + 1))}
    required = [k for k in schema.get("required", []) if k != "text"] + (
        ["line"] if "line" in props else [])
    return {**schema, "properties": props, "required": required}


def reply_tokens(schema: dict[str, Any]) -> int:
    """``max_tokens`` with room above the longest reply the schema allows: a token a character
    at worst (a small model's newlines and odd spellings come a character a token), plus the
    keys and the action. It bounds the reply, it does not lengthen it."""
    chars = sum(p.get("maxLength", 400) for p in schema["properties"].values()
                if p.get("type") == "string")
    return chars + 64


class Reply(BaseModel):
    """A validated reply. Validate with ``context={"legal": [...]}`` to check the action number."""

    model_config = ConfigDict(extra="ignore")  # JSON mode lets models add keys; they are dropped

    action: int
    text: str = ""
    narration: str = ""
    speech: str = ""

    @field_validator("action", mode="before")
    @classmethod
    def _number(cls, value: Any) -> Any:
        # "3", "3.", "#3", "3) Play Agile": take the leading number; anything else stays invalid.
        if isinstance(value, str):
            m = re.match(r"\s*#?\s*(\d+)\b", value)
            if m:
                return int(m.group(1))
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    @field_validator("text", "narration", "speech", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return "" if value is None else value

    @model_validator(mode="after")
    def _legal(self, info: ValidationInfo) -> "Reply":
        legal = (info.context or {}).get("legal")
        if legal is None:
            return self
        n = len(legal)
        if not 1 <= self.action <= n:
            raise ValueError(
                f"action {self.action} is not one of the legal actions (1-{n}); "
                f"the rules allow only: {legal_list(legal, info.context.get('labels'))}"
            )
        chosen: Action = legal[self.action - 1]
        if chosen.ask is not None and not chosen.optional_text and not self.text.strip():
            raise ValueError(
                f"action {self.action} asks {chosen.ask!r}: put the answer in \"text\""
            )
        self.narration = self.narration.strip()
        self.speech = self.speech.strip()
        self.text = self.text.strip()
        if _PLACEHOLDER.fullmatch(self.speech):
            self.speech = ""
        if _PLACEHOLDER.fullmatch(self.narration):
            raise ValueError("the narration is a placeholder: write the story of the move itself")
        return self

    def action_for(self, legal: list[Action]) -> Action:
        chosen = legal[self.action - 1]
        return chosen.with_text(self.text) if chosen.ask is not None else chosen


def legal_list(legal: list[Action], labels: list[str] | None = None) -> str:
    labels = labels or [a.kind for a in legal]
    return "; ".join(f"{i} {label}" for i, label in enumerate(labels, 1))


# ---------------------------------------------------------------------------------------------
# Tolerant parsing: complete fields of a JSON object that may be cut short, or wrapped in prose.

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


class _Cut(Exception):
    """The text ended inside a value."""


_PLAIN = re.compile(r'[^"\\]+')


def _string(s: str, i: int) -> tuple[str, int, bool]:
    """Parse a JSON string starting after its opening quote: (value, next index, complete)."""
    out: list[str] = []
    n = len(s)
    while i < n:
        m = _PLAIN.match(s, i)
        if m:
            out.append(m.group(0))
            i = m.end()
            continue
        c = s[i]
        if c == '"':
            return "".join(out), i + 1, True
        # a backslash escape
        if i + 1 >= n:
            break
        e = s[i + 1]
        if e != "u":
            out.append(_ESCAPES.get(e, e))
            i += 2
            continue
        hexa = s[i + 2:i + 6]
        if len(hexa) < 4:
            break
        try:
            code = int(hexa, 16)
        except ValueError:
            out.append(hexa)
            i += 6
            continue
        if 0xD800 <= code < 0xDC00:  # a surrogate pair: wait for its second half
            if n < i + 12:
                break
            if s[i + 6:i + 8] == "\\u":
                try:
                    low = int(s[i + 8:i + 12], 16)
                except ValueError:
                    low = 0
                if 0xDC00 <= low < 0xE000:
                    out.append(chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)))
                    i += 12
                    continue
        out.append(chr(code))
        i += 6
    return "".join(out), n, False


def _skip_ws(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \t\r\n":
        i += 1
    return i


def _value(s: str, i: int) -> tuple[Any, int]:
    """Parse any complete JSON value at i (raises _Cut if it is not complete)."""
    i = _skip_ws(s, i)
    if i >= len(s):
        raise _Cut
    c = s[i]
    if c == '"':
        value, j, done = _string(s, i + 1)
        if not done:
            raise _Cut
        return value, j
    if c in "{[":
        try:
            value, j = _DECODER.raw_decode(s, i)
        except json.JSONDecodeError as err:
            raise _Cut from err
        return value, j
    for word, value in (("true", True), ("false", False), ("null", None)):
        if s.startswith(word, i):
            return value, i + len(word)
        if word.startswith(s[i:]):
            raise _Cut
    m = _NUMBER.match(s, i)
    if m:
        if m.end() == len(s):  # "12" may be the start of "123"
            raise _Cut
        return json.loads(m.group(0)), m.end()
    raise ValueError(f"unexpected {c!r} at offset {i}")


def parse_partial(text: str) -> tuple[dict[str, Any], str | None, bool]:
    """Parse the first JSON object in ``text``, tolerating a cut-off end.

    Returns (complete fields, the key whose string value was cut off or None, closed) where the
    cut-off string's value so far is also in the dict. Raises ValueError when no object starts or
    the text is not JSON where it should be (garbage).
    """
    start = text.find("{")
    if start < 0:
        raise ValueError("no JSON object in the reply")
    s = text
    i = start + 1
    fields: dict[str, Any] = {}
    while True:
        i = _skip_ws(s, i)
        if i >= len(s):
            return fields, None, False
        if s[i] == "}":
            return fields, None, True
        if s[i] == ",":
            i += 1
            continue
        if s[i] != '"':
            raise ValueError(f"expected a key at offset {i}, found {s[i]!r}")
        key, i, done = _string(s, i + 1)
        if not done:
            return fields, None, False
        i = _skip_ws(s, i)
        if i >= len(s):
            return fields, None, False
        if s[i] != ":":
            raise ValueError(f"expected ':' after {key!r}")
        i = _skip_ws(s, i + 1)
        if i < len(s) and s[i] == '"':
            value, i, done = _string(s, i + 1)
            fields[key] = value
            if not done:
                return fields, key, False
            continue
        try:
            fields[key], i = _value(s, i)
        except _Cut:
            return fields, None, False


def extract_json(text: str) -> dict[str, Any]:
    """The reply's JSON object, from a bare object, a fenced block or an object inside prose."""
    fence = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.S)
    candidates = [fence.group(1)] if fence else []
    candidates.append(text.strip())
    start = text.find("{")
    if start >= 0:
        candidates.append(text[start:])
    for candidate in candidates:
        try:
            value, _ = _DECODER.raw_decode(candidate.strip())
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    raise ValueError("the reply holds no complete JSON object")
