"""GM drafting for a human table: ``companion draft dragon-warrior conflict --level N "IDEA"``
(and ``town`` / ``dungeon``, drafted by ``draft_world``).

A Conflict card is made in ``draft_card`` through the engine's own point buy; this file reads the
command (what, the idea, the level) and hands it to the one that drafts it.
"""
from __future__ import annotations

import json
from typing import Any

from companion.games.dragon_warrior import draft_world
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.draft_card import (  # noqa: F401 (the card's names, here too)
    WHATS,
    card,
    markdown,
    model_line,
    name_of,
    start,
)
from companion.games.dragon_warrior.model import State


def run(what: str, situation: str, *, state: Any = None, as_json: bool = False,
        seed: int = 0, level: int | None = None, writer: Any = None) -> str:
    """A Conflict (or Boss) card, a town or a dungeon, as Markdown or JSON, from an idea and a
    level (by default the Warrior's Level in the --journal given, else 1)."""
    key = what.strip().lower()
    if key not in WHATS:
        raise ValueError(f"dragon-warrior can draft: {', '.join(WHATS)} (not {what!r})")
    idea = " ".join(situation.split())
    if not idea:
        raise ValueError("give the idea in a few words, e.g. \"a jealous lighthouse keeper\"")
    top = rules().xp.max_level
    if level is None:  # from a journal: the Warrior's Level (the text: "the same or a bit higher")
        level = state.warrior.level if isinstance(state, State) else 1
    if not 1 <= level <= top:
        raise ValueError(f"a {'Conflict' if key in ('conflict', 'boss') else key}'s level is 1 to "
                         f"{top} (--level {level})")
    if key in ("town", "dungeon"):
        return draft_world.run(key, idea, level=level, seed=seed, as_json=as_json,
                               state=state if isinstance(state, State) else None, writer=writer)
    if isinstance(state, State):  # a name already on the table is not used again
        used = {c.name for c in state.cards}
        if name_of(idea) in used:
            raise ValueError(f"{name_of(idea)} is already a card in that journal")
    d = card(idea, level, boss=key == "boss", seed=seed)
    if writer is not None:  # a model rewrites the looks; the card's numbers stay ours
        from companion.games.dragon_warrior.draft_model import rewrite

        d = rewrite(key, idea, d, writer)
    if as_json:
        return json.dumps(d, indent=2, ensure_ascii=False) + "\n"
    return markdown(d)
