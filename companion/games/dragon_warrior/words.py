"""Names as the story says them: "a blue slime", "the Whispering Fen", "Cass" as phrases that take
the right article in any sentence (the ground of the narration files)."""
from __future__ import annotations

from functools import cache

from companion.story.grammar import Phrase


@cache
def phrase(name: str) -> Phrase:
    """A name as written ("a blue slime", "the Whispering Fen", "Cass") as a phrase."""
    words = " ".join(name.split()) or "something"
    first, _, rest = words.partition(" ")
    low = first.lower()
    if low in ("a", "an") and rest:
        return Phrase(words=rest, form="a")
    if low == "the" and rest:
        head = rest.split(" of ")[0].split()[-1]
        return Phrase(words=rest, form="pl" if _plural(head) else "the")
    if low in ("some",) and rest:
        return Phrase(words=rest, form="mass")
    if words[0].isupper():
        return Phrase(words=words, form="name")
    return Phrase(words=words, form="a")


@cache
def _plural(word: str) -> bool:
    """Is this head noun plural ("streets", "Downs"; not "Pass", "Heath")?"""
    import inflect

    return word.lower() not in ("pass", "moss", "grass") and \
        bool(inflect.engine().singular_noun(word.lower()))
