"""The ending is told (STORY.md §4): an epilogue of five sentences or more, with particulars.

:func:`epilogue` tells, in order, one storylet of each of the game's groups ``epilogue.open``,
``epilogue.stakes``, ``epilogue.kept``, ``epilogue.lost``, ``epilogue.turn`` and
``epilogue.close``, with the layer's own take-up of every stake no beat took up yet (after
``epilogue.stakes``), then ``epilogue.more`` while it is short of five sentences. Lines come
through :meth:`Library.tell`, so none repeats a sentence told earlier in the session, the hero's
pronouns are the player's, and a line the fabula contradicts is refused.

A particular is something of this session the ending names: a value of one of the slots the game
calls ``particulars`` (what was kept and lost, where, the decisive moment) whose words appear in
the text, and the player's own words quoted by a take-up. The epilogue records its text and its
particulars in the narration memory (``memory.epilogue``, ``memory.particulars``); the session
journals it as its own narration row (``"kind": "epilogue"``), shown under the heading "Epilogue".
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.story.fabula import Fabula
from companion.story.grammar import Phrase
from companion.story.memory import sentences
from companion.story.stakes import taken, tell_stake, words_of
from companion.story.template import Character, Choice

GROUPS = ("epilogue.open", "epilogue.stakes", "epilogue.kept", "epilogue.lost", "epilogue.turn",
          "epilogue.close")
MORE = "epilogue.more"
MIN_SENTENCES = 5
MIN_PARTICULARS = 3
SCENE = "epilogue"


def _words(value: Any) -> list[str]:
    """The words a slot's value shows in a sentence, to find it in the text."""
    if isinstance(value, Character):
        return [value.name]
    if isinstance(value, Phrase):
        return [value.words]
    if isinstance(value, Choice | list | tuple):
        return [w for v in value for w in _words(v)]
    text = str(value).strip("“”\"").strip()
    return [text] if text else []


def found(text: str, values: Mapping[str, Any], slots: Iterable[str]) -> list[str]:
    """The particulars among ``values[slot]`` for ``slot`` in ``slots`` that ``text`` names."""
    low = text.lower()
    out: list[str] = []
    for slot in slots:
        for w in _words(values.get(slot, "")):
            if w and w.lower() in low and w not in out:
                out.append(w)
    return out


def epilogue(fabula: Fabula, library, when: Mapping[str, Any], values: Mapping[str, Any],
             memory: Any, rng, particulars: Iterable[str] = (),
             hero: Character | None = None, scene: str = SCENE) -> str:
    """The told ending ("" when the game has no epilogue storylets). A campaign that tells an
    epilogue per session passes each its own ``scene`` (openers may then recur across sessions,
    never a whole sentence)."""
    hero = hero or fabula.character()
    parts: list[str] = []
    quoted: list[str] = []
    already = taken(memory.used)
    for group in GROUPS:
        line = library.tell(group, when, values, memory, scene, rng)
        if line:
            parts.append(line)
        if group == "epilogue.stakes":
            for stake in fabula.stakes:
                if stake.id in already:
                    continue
                said = tell_stake(stake, stake.result or "mixed", hero, memory, scene)
                if said:
                    parts.append(said)
                    quoted.append(words_of(stake))
    for _ in range(MIN_SENTENCES):
        if len(sentences(" ".join(parts))) >= MIN_SENTENCES:
            break
        line = library.tell(MORE, when, values, memory, scene, rng)
        if not line:
            break
        parts.insert(len(parts) - 1 if parts else 0, line)
    text = " ".join(p for p in parts if p)
    memory.epilogue = text
    memory.particulars = found(text, values, particulars) + [q for q in quoted if q]
    return text
