"""Stakes taken up: the beat that resolves what the player said was at stake says how it came out.

The player's words are quoted, never pasted in the first person after third-person prose
("“The child reaches the bank alive,” Wren had sworn, and so it came to pass."). Several ways of
saying it per result, chosen by ``index`` (how many stakes were taken up before), so a session with
five stakes does not tell five sentences of one shape. :func:`tell_stake` picks a way not told
before in the session and records in the narration memory that the stake was taken up
(``memory.taken_up(id)``), which ``bench/story.py`` counts.
"""
from __future__ import annotations

from typing import Any

from companion.story.fabula import Stake
from companion.story.memory import Told
from companion.story.template import Character, render

# {w}: the player's words; {c}: a comma when the words end without ! or ?; {p}: a full stop.
WAYS: dict[str, tuple[str, ...]] = {
    "won": (
        "“{w}{c}” {hero} had sworn, and so it came to pass.",
        "{hero} had said it: “{w}{p}” And it held true.",
        "“{w}”: those were {hero}'s words, and {hero.they} [keeps:hero] them.",
        "“{w}{c}” {hero} had promised, and the promise holds.",
        "It was {hero} who had said “{w}”, and it proved true.",
        "{hero.their} own words had been “{w}”, and the road bore them out.",
        "“{w}{c}” {hero} had said, and it is so.",
    ),
    "lost": (
        "“{w}{c}” {hero} had sworn, and it was not to be.",
        "{hero} had said it: “{w}{p}” It did not hold.",
        "“{w}”: those were {hero}'s words, and the road broke them.",
        "“{w}{c}” {hero} had promised, and the promise failed.",
        "It was {hero} who had said “{w}”, and it came to nothing.",
        "{hero.their} own words had been “{w}”, and they did not come true.",
        "“{w}{c}” {hero} had said, and it was not so.",
    ),
    "mixed": (
        "“{w}{c}” {hero} had sworn, and it came true only in part.",
        "{hero} had said it: “{w}{p}” It held, but at a price.",
        "“{w}”: those were {hero}'s words, and half of them came true.",
        "“{w}{c}” {hero} had promised, and the promise was kept, though not whole.",
        "It was {hero} who had said “{w}”, and it was so, in a way.",
        "{hero.their} own words had been “{w}”, and they came true at a cost.",
    ),
}
TAKEN_KEY = "stake-taken|"


def words_of(stake: Stake) -> str:
    """The stake's words, ready to quote: outer quotes and a final full stop taken off, inner
    double quotes made single."""
    w = " ".join(stake.words.split()).strip("\"“”").strip()
    w = w.replace("“", "‘").replace("”", "’").replace('"', "’")
    while w.endswith((".", ",", ";", ":")):
        w = w[:-1].rstrip()
    return w[:1].upper() + w[1:] if w else w


def _values(stake: Stake, hero: Character) -> dict[str, Any]:
    w = words_of(stake)
    ends = w.endswith(("!", "?", "…"))
    return {"w": w, "c": "" if ends else ",", "p": "" if ends else ".", "hero": hero}


def _fill(way: str, values: dict[str, Any]) -> str:
    text = render(way, values)
    return text[:1].upper() + text[1:]


def take_up(stake: Stake, result: str, hero: Character, index: int = 0) -> str:
    """One sentence resolving ``stake`` as ``result`` (won, lost or mixed), in the third person,
    quoting the player's words; ``index`` picks among the ways of saying it."""
    ways = WAYS.get(result or "mixed", WAYS["mixed"])
    if not words_of(stake):
        return ""
    return _fill(ways[index % len(ways)], _values(stake, hero))


def tell_stake(stake: Stake, result: str, hero: Character, memory: Any, scene: str) -> str:
    """:func:`take_up`, in a way not told before in the session (none: ""), recorded in
    ``memory`` as taken up."""
    if not words_of(stake):
        return ""
    told = Told(memory.used)
    start = sum(1 for k in memory.used if k.startswith(TAKEN_KEY))
    ways = WAYS.get(result or "mixed", WAYS["mixed"])
    for i in range(len(ways)):
        text = take_up(stake, result, hero, start + i)
        if text and memory.allows(text) and told.fresh(text, scene):
            told.remember(text, scene)
            memory.taken_up(stake.id)
            return text
    return ""


def taken(used: set[str]) -> set[str]:
    """The ids of the stakes a narration took up (from the session's ``used`` set)."""
    return {k[len(TAKEN_KEY):] for k in used if k.startswith(TAKEN_KEY)}
