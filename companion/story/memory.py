"""The no-repeat memory: no sentence told twice in a session, no opener twice in a scene.

It lives in one set of strings (the ``used`` set of the session's narration memory), so it is
journaled with each narration (the session records what a telling added) and rebuilt on resume and
undo with nothing else to save. Sentences are kept as written; openers as ``"opener|SCENE|words"``
(the first two words of a sentence, folded), so "Not yet beaten..." and "It comes back harder..."
open at most one sentence each per stage. A name counts as one word however many it has ("Mara
Vell kneels" opens as "Mara kneels" and "She kneels" do): the opening is measured past it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

OPENER_WORDS = 2


def sentences(text: str) -> list[str]:
    """Split prose into sentences (after . ! ? and a closing quote, before a capital)."""
    parts = re.split(r"(?<=[.!?])[”’\"]?\s+(?=[“\"A-Z])", text.strip())
    return [p.strip() for p in parts if p.strip()]


def opener(text: str, names: Iterable[str] = ()) -> str:
    """The first words of a sentence; a name counts as one word, so the opening is measured past
    it ("Oswy Quillfeather kneels" and "Oswy Quillfeather opens" open differently, as "Oswy kneels"
    and "Oswy opens" do: a two-word name made every line led by the hero share one opener).
    ``names``: the names the sentence was made with (its characters'), each one word wherever it
    stands, whatever its words ("Veyla the Spinner turns"; "Then Veyla waits" opens as "Then she
    waits" does); a run of capitalised words counts as one name too (a name the caller did not
    give: "Then Oswy Quillfeather" stays one run)."""
    text = fold_names(text, names)
    known = {"_".join(n.split()).lower() for n in names}
    words = re.findall(r"[\w'’-]+", text)
    name = 0
    while name < len(words) and words[name][:1].isupper() and words[name].lower() not in known:
        name += 1
    head = [" ".join(words[:name])] + words[name:] if name > 1 else words
    return " ".join(head[:OPENER_WORDS]).lower()


def fold_names(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` of several words written as one ("Mara_Vell")."""
    for name in sorted({" ".join(n.split()) for n in names if len(n.split()) > 1},
                       key=len, reverse=True):
        text = re.sub(rf"(?<![\w'’-]){re.escape(name)}(?![\w-])", name.replace(" ", "_"), text,
                      flags=re.IGNORECASE)
    return text


class Told:
    """A view of the session's ``used`` set that understands sentences, openers and scenes."""

    def __init__(self, used: set[str]) -> None:
        self.used = used

    def _opener_key(self, text: str, scene: str, names: Iterable[str] = ()) -> str:
        return f"opener|{scene}|{opener(text, names)}"

    def fresh(self, text: str, scene: str, names: Iterable[str] = ()) -> bool:
        """Nothing in ``text`` was told before, and its opener is new in ``scene`` (``names``:
        the names it was made with, see :func:`opener`)."""
        parts = sentences(text)
        if any(p in self.used for p in parts) or text in self.used:
            return False
        return not parts or self._opener_key(parts[0], scene, names) not in self.used

    def remember(self, text: str, scene: str, names: Iterable[str] = ()) -> None:
        parts = sentences(text)
        self.used.update(parts)
        if parts:
            self.used.add(self._opener_key(parts[0], scene, names))

    def opened(self, text: str, scene: str, names: Iterable[str] = ()) -> bool:
        """True when ``text``'s opener was already used in ``scene``."""
        return self._opener_key(text, scene, names) in self.used
