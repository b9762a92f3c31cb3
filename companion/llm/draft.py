"""A model's hand in a game's drafting aid: it rewrites the texts an offline draft asks it to,
inside a JSON schema, and every text is checked like any other model text before it is used.

A game's ``draft.run`` that takes a ``writer`` hands it the premise and a list of *parts* (for
Becoming, one per scene; a part may carry its own ``ask``, worded like ``ASK``)::

    {"scene": 3, "title": "The Shell-reader", "role": "someone wise knows the way on ...",
     "fields": {"setup": "our text", "threat": "our text", "elements": ["our", "phrases"]}}

and gets back, for each part, the fields the model wrote that passed the checks (a field missing
from the answer keeps the game's own text; the game checks its own forms on top, see
``companion.games.becoming.draft.fit``). One request per part, so one bad reply costs one scene,
not the Quest; the first transport failure or refusal ends the asking (the rest of the draft is
offline at once rather than after nine timeouts). The system message is the game's
``prompts/<game>/draft/<what>.md`` with the premise filled in (a folder of its own: the seat
templates beside it are the play voice's).

Checks (:mod:`companion.llm.checks`): every text must have words, fit its length, not copy a run
of the instructions (the prompt and the arc roles we sent; our own draft texts may be kept as
they are), not talk about the game's machinery. A string field must be a string, a list field a
list of strings; anything else is a miss. Misses are counted by kind for :meth:`summary`.
"""
from __future__ import annotations

import inspect
import json
import sys
from collections import Counter
from typing import Any

from companion.llm import checks, templates
from companion.llm.client import CallError, ModelClient
from companion.llm.config import Settings, load_settings
from companion.llm.schema import extract_json

TEXT_CHARS = checks.TEXT_CHARS  # a Setup or a Threat: a sentence or two
PHRASE_CHARS = 80  # an Element: a noun phrase
MAX_TOKENS = 500  # three short fields fit with room to spare
ASK = ("Scene {scene} of {count}: \"{title}\".\nIts part in the Quest: {role}.\n"
       "Our plain draft of it (keep what works, change the rest):\n{draft}\n"
       "Write this scene for the premise.")


def schema_for(fields: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema with one property per field: a string, or an array of short strings as long
    as our own list (at least two)."""
    props: dict[str, Any] = {}
    for name, ours in fields.items():
        if isinstance(ours, list):
            n = max(2, len(ours))
            props[name] = {"type": "array", "minItems": n, "maxItems": n,
                           "items": {"type": "string", "maxLength": PHRASE_CHARS}}
        else:
            props[name] = {"type": "string", "maxLength": TEXT_CHARS}
    return {"type": "object", "properties": props, "required": list(fields),
            "additionalProperties": False}


class DraftWriter:
    """Callable as ``writer(premise, parts) -> [fields that passed, per part]``."""

    def __init__(self, game: str, settings: Settings, client: Any = None, *, what: str = "quest",
                 seed: int = 0):
        self.game = game
        self.what = what
        self.settings = settings
        self.client = client if client is not None else ModelClient(settings)
        self.seed = seed
        self.asked = 0  # fields asked for (a list of Elements is one)
        self.passed = 0  # fields that passed the checks
        self.misses: Counter[str] = Counter()
        self.down = ""  # why the model stopped being asked, if it did
        self.tokens = 0  # spent, in and out, against settings.budget_tokens

    @property
    def name(self) -> str:
        return self.settings.model or self.settings.server

    def _system(self, premise: str) -> tuple[str, checks.Instructions]:
        path = templates.game_prompts(self.game) / "draft" / f"{self.what}.md"
        raw = templates.load(path)
        system = templates.render(raw, {"premise": premise}, required=["premise"],
                                  where=str(path))
        return system, checks.Instructions([raw, ASK])

    def __call__(self, premise: str, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        system, instructions = self._system(premise)
        instructions = instructions.plus(str(p.get(k, "")) for p in parts for k in ("role", "ask"))
        out: list[dict[str, Any]] = []
        for part in parts:
            fields = part["fields"]
            self.asked += len(fields)
            if self.down:
                out.append({})
                continue
            ask = (part.get("ask") or ASK).format(  # a game may word its own request
                scene=part.get("scene", len(out) + 1), count=len(parts),
                title=part.get("title", ""), role=part.get("role", ""),
                draft=json.dumps(fields, ensure_ascii=False, indent=1))
            messages = [{"role": "system", "content": system}, {"role": "user", "content": ask}]
            try:
                done = self.client.complete(messages, schema=schema_for(fields),
                                            max_tokens=MAX_TOKENS, seed=self.seed)
            except CallError as err:
                self.down = err.reason
                out.append({})
                continue
            self.tokens += done.tokens_in + done.tokens_out
            budget = self.settings.budget_tokens
            if budget and self.tokens >= budget:
                self.down = f"its token budget ({budget}) is spent"
            try:
                reply = extract_json(done.text)
            except ValueError:
                self.misses["format"] += 1
                out.append({})
                continue
            out.append(self._checked(reply, fields, instructions))
        return out

    def _checked(self, reply: dict[str, Any], fields: dict[str, Any],
                 instructions: checks.Instructions) -> dict[str, Any]:
        kept: dict[str, Any] = {}
        for name, ours in fields.items():
            value = reply.get(name)
            if isinstance(ours, list):
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    self.misses["format"] += 1
                    continue
                missed = [m for v in value if (m := self._miss(name, v, instructions,
                                                               PHRASE_CHARS))]
                if missed:
                    self.misses[missed[0].kind] += 1
                    continue
                kept[name] = [" ".join(v.split()) for v in value]
                self.passed += 1
            else:
                if not isinstance(value, str):
                    self.misses["format"] += 1
                    continue
                miss = self._miss(name, value, instructions, TEXT_CHARS)
                if miss:
                    self.misses[miss.kind] += 1
                    continue
                kept[name] = " ".join(value.split())
                self.passed += 1
        return kept

    @staticmethod
    def _miss(name: str, text: str, instructions: checks.Instructions,
              limit: int) -> checks.Miss | None:
        miss = checks.check("text", text, instructions, required=True)
        if miss is None and len(text.strip()) > limit:
            return checks.Miss(name, "too_long", f'"{name}" is {len(text)} characters; '
                                                 f"at most {limit}")
        return miss

    def summary(self) -> str:
        """One line for the screen: what the model wrote and what stayed ours."""
        misses = ", ".join(f"{n} {k}" for k, n in sorted(self.misses.items()))
        unit = "scene texts" if self.what == "quest" else "texts"
        line = (f"{self.name}: {self.passed} of {self.asked} {unit} passed the checks; "
                f"the rest are from our tables")
        if misses:
            line += f" (misses: {misses})"
        if self.down:
            line += f"; the model stopped answering: {self.down}"
        return line


def writer_for(game: str, args: Any) -> DraftWriter | None:
    """The model writer the command line's flags ask for (``--voice``, ``--model``,
    ``--base-url``, ``--api-key``, ``--budget``, ``--timeout``, as for play), or None to draft
    offline: ``--voice offline``, or no model configured with ``--voice auto`` (``--voice openai``
    with nothing configured is OpenAI's own API, as for play)."""
    voice = getattr(args, "voice", "auto")
    if voice == "offline":
        return None
    settings = load_settings(model=args.model, base_url=args.base_url, api_key=args.api_key,
                             budget_tokens=args.budget, timeout=args.timeout,
                             voice=None if voice == "auto" else voice)
    if not settings.configured:
        return None
    return DraftWriter(game, settings, what=args.what, seed=args.seed or 0)


def run_draft(drafting: Any, game: Any, args: Any, *, state: Any = None) -> str:
    """A game's ``draft.run`` for the command line: ``--level`` only for a game whose drafts take
    one (else ValueError, one line), a model's writer when the game takes one and a model is
    configured; what the model wrote is summed up in one line on stderr."""
    params = inspect.signature(drafting.run).parameters
    more: dict[str, Any] = {}
    if getattr(args, "level", None) is not None:
        if "level" not in params:
            raise ValueError(f"{game.title} drafts take no --level")
        more["level"] = args.level
    writer = None
    if "writer" in params:
        writer = writer_for(game.name, args)
        if writer is not None:
            more["writer"] = writer
    text = drafting.run(args.what, " ".join(args.situation), state=state, as_json=args.json,
                        seed=args.seed or 0, **more)
    if writer is not None:
        print(writer.summary(), file=sys.stderr)
    return text
