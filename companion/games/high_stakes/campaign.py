"""Campaign characters: a High Stakes character lives on between stories in a small JSON file.

What travels: the sheet (attributes after the die moved after the first story, Traits with the
VERY good ones and the burned ones, Relationships including the lost ones), the Personal Secret
and whether it was spent (once per campaign), the Unique Thing, social death (it lasts the whole
campaign), and how many stories the character has finished. What does not: losses, death's door,
capture, lost gear and the once-per-session uses: a new story is a new session
(:meth:`HighStakes.setup` resets them when the character is loaded).

``load_character(path)`` returns the list of character dicts to pass as
``HighStakesOptions(characters=tuple(...))``; ``save_character(state, path)`` writes the living
characters of a state (usually the final one, after Experience).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .model import Character, State

FORMAT = "high-stakes-character"
VERSION = 1


class CharacterFileError(ValueError):
    pass


def save_character(state: State, path: str | os.PathLike) -> Path:
    """Write the living characters of ``state`` to ``path`` (JSON, atomically)."""
    chars = [c for c in state.characters if c.status == "active"]
    if not chars:
        raise CharacterFileError("no living character to save: they all died or left the story")
    doc = {"format": FORMAT, "version": VERSION,
           "characters": [c.model_dump(mode="json") for c in chars]}
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, target)
    return target


def load_character(path: str | os.PathLike) -> list[dict[str, Any]]:
    """The characters saved in ``path``, validated, as dicts for ``HighStakesOptions``."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CharacterFileError(f"no character file at {p}") from None
    except json.JSONDecodeError as err:
        raise CharacterFileError(f"{p} is not a character file (bad JSON: {err.msg})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise CharacterFileError(f"{p} is not a High Stakes character file")
    if doc.get("version") != VERSION:
        raise CharacterFileError(f"{p}: character file version {doc.get('version')} is not {VERSION}")
    out = []
    for raw in doc.get("characters", []):
        try:
            out.append(Character.model_validate(raw).model_dump(mode="json"))
        except Exception as err:
            raise CharacterFileError(f"{p}: a character is not valid: {err}") from None
    if not out:
        raise CharacterFileError(f"{p} holds no character")
    return out
