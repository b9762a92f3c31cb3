"""The model as the reading layer's parser, never its storyteller (``../shared/READING.md``).

The offline reading (:mod:`companion.story.reading`) proposes its best candidates for what a
player's sentence means (the ways a scene offers, best first); a model configured for the session
may choose among them, or "as the player said it". The reply is one number from a closed list
(a JSON schema with an enum where the server constrains replies), so the model cannot invent a
reading; anything else, or any failure, leaves the offline reading in place.
"""
from __future__ import annotations

import json
import re
from typing import Any

from companion.llm.client import CallError, ModelClient

SYSTEM = ("You read what a player of a tabletop story game writes, and choose what it means. "
          "Answer only with the number of the reading that fits best.")


def _schema(n: int) -> dict[str, Any]:
    return {"type": "object", "properties": {"choice": {"type": "integer",
                                                          "enum": list(range(1, n + 1))}},
            "required": ["choice"], "additionalProperties": False}


def messages(sentence: str, candidates: list[str], scene: str = "") -> list[dict[str, str]]:
    """The question asked: the scene, the player's words as data (quoted), the numbered readings
    and, last, the player's own words taken as said."""
    lines = [f"{i}. {c}" for i, c in enumerate(candidates, 1)]
    lines.append(f"{len(candidates) + 1}. none of these: take it as the player said it")
    where = f"Scene: {scene}\n" if scene else ""
    return [{"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"{where}The player writes: {json.dumps(sentence)}\n"
                                        "What does the player try to do?\n" + "\n".join(lines)
                                        + '\nReply as JSON: {"choice": NUMBER}'}]


def pick(client: ModelClient, sentence: str, candidates: list[str], scene: str = "",
         seed: int = 0) -> int | None:
    """The index of the candidate the model picks, ``len(candidates)`` for "as said", or None when
    the model gave no usable answer (the offline reading stands)."""
    if not candidates:
        return None
    schema = _schema(len(candidates) + 1)
    try:
        reply = client.complete(messages(sentence, candidates, scene), schema=schema,
                                grammar_schema=schema, max_tokens=16, seed=seed, stream=False)
    except CallError:
        return None
    return parse(reply.text, len(candidates) + 1)


def parse(text: str, n: int) -> int | None:
    """The 0-based choice in a reply (``{"choice": 2}``, or a bare number), None if out of range."""
    try:
        value = json.loads(text).get("choice")
    except (ValueError, AttributeError):
        m = re.search(r"\d+", text or "")
        value = int(m.group(0)) if m else None
    if isinstance(value, int) and 1 <= value <= n:
        return value - 1
    return None
