"""What a player's answer names, as a noun phrase the story can name again.

Asked "What is it?" or "What is their name?", a player answers in any form: "A tarnished ring
that every eldest child has worn", "my grandmother's paper lantern", "it's the lantern she
folded", "Pim, who laughs at everything". :func:`named` reads the answer's first clause as the
thing or person it names, in the player's words, ready for a third-person story: the opener that
only points at it ("it's", "this is") goes, a first-person owner becomes the teller's ("my
grandmother's lantern": "her grandmother's lantern"), a clause the player speaks in ("the
lantern I folded") is cut back to the thing itself, and its number comes from its head noun ("her
knitting needles" are, "the lantern" is). Words are read by their lemmas (``lemminflect``), as
the reading layer reads them (:mod:`companion.story.reading`).
"""
from __future__ import annotations

import re

from lemminflect import getAllLemmas

from companion.story.grammar import Phrase
from companion.story.pronouns import THEY, Pronouns
from companion.story.reading import read

# The answer's first clause ends at a stop, a semicolon, a dash or a comma ("Pim, who ...";
# "A ring; it stands for ...").
_CLAUSE = re.compile(r"[;.,!?:\u2014\u2013(]| - ")
# Words that only point at the thing named after them: "it's the lantern", "this is my ring".
# A name said as a name ("Her name is Pim", "he's called Pim", "named Pim"): the name.
_POINTER = re.compile(r"(?i)^(?:(?:it|this|that|she|he|they)(?:['’]s|\s+is|\s+was|\s+are|"
                      r"\s+were)\s+|(?:my|our|her|his|their|its)\s+name\s+(?:is|was)\s+)"
                      r"(?:called\s+|named\s+)?|^(?:called|named)\s+")
_ARTICLES = ("a", "an", "the")
_MINE = {"my": "their", "our": "their", "mine": "theirs", "ours": "theirs", "myself": "themself",
         "ourselves": "themself"}
# Words of the player's own voice that no possessive swap can carry into the third person
# ("the lantern I folded": "she folded" would need the verb agreed): the phrase stops before them.
_SPEAKER = frozenset("i i'm i've i'd i'll me we we're we've we'd we'll us you you're your yours "
                     "yourself".split())
# Words that open what is said of the thing rather than the thing itself ("a ring *that* ...",
# "a lantern *folded by* ..."): the head noun stands before the first of them.
_AFTER_HEAD = frozenset("that which who whom whose where when because since while by with from "
                        "in on at for to into under over through of as and or but if".split())
_DETERMINERS = frozenset("a an the this that these those some any every each no her his their its "
                         "my our your xyr hir eir".split())
_SUBJECTS = frozenset("he she they it xe ze ey".split())  # a clause of someone else's begins
LONGEST = 12  # words: a longer answer is named by its thing alone ("the paper lantern")


class Owned(Phrase):
    """A noun phrase that brings its own determiner ("her grandmother's lantern", "Oriel's
    knitting needles"): no article in any form, its number from its head noun."""

    many: bool = False

    @property
    def plural(self) -> bool:
        return self.many

    @property
    def a(self) -> str:
        return self.words

    @property
    def the(self) -> str:
        return self.words


def _is_name(words: list[str]) -> bool:
    """A person's or an animal's name: one to three words, each capitalised ("Pim", "Oriel
    Vane"), none a word that merely opens a sentence ("The", "It's"); or a name with its epithet
    ("Aldo the Bold", "Burdock the goat": a capitalised word, "the", one or two words more)."""
    if not words or words[0].lower() in _ARTICLES + ("it", "this", "that", "my", "our"):
        return False
    epithet = 3 <= len(words) <= 4 and words[1] == "the" and words[0][:1].isupper() and \
        all(w.isalpha() for w in words)
    return epithet or (1 <= len(words) <= 3 and all(w[:1].isupper() and w.isalpha()
                                                     for w in words))


def _plural(word: str) -> bool:
    """Whether a noun is written in the plural ("needles", "children"; not "glass")."""
    low = word.lower().strip("'’")
    found = getAllLemmas(low).get("NOUN")
    return bool(found) and low not in found and low != found[0] and \
        (low.endswith("s") or found[0] != low)


def _common(word: str) -> bool:
    """A word English knows as a common word ("Two", "Silver"), not a name ("Pim"); an owner
    ("Ash's flute", "Grandmother's ring") is kept as written: it may well be a name."""
    return word[:1].isupper() and not word.endswith(("'s", "’s")) and \
        bool(getAllLemmas(word.lower()))


def _nounish(word: str) -> bool:
    found = getAllLemmas(word.lower().strip("'’"))
    return not found or "NOUN" in found or "PROPN" in found or "ADJ" in found


def _head(words: list[str]) -> int:
    """Where the head noun stands among ``words``: the last noun before what is said of the
    thing ("paper lantern | folded by her aunt", "tarnished ring | that every eldest child has
    worn", "silver bells | her mother hung"); a word of a verb before a noun describes it
    ("knitting needles", "tarnished ring"). -1 when there is none."""
    head = -1
    for i, w in enumerate(words):
        low = w.lower()
        if low in _AFTER_HEAD or low in _SPEAKER or low in _SUBJECTS:
            if head >= 0:
                break
            continue
        if low in _DETERMINERS:
            if head >= 0:  # a new phrase begins: "the bells | her mother hung"
                break
            continue
        if low.endswith(("'s", "’s")):  # "grandmother's": an owner, the head comes after
            continue
        if not _nounish(w):
            nxt = words[i + 1].lower() if i + 1 < len(words) else ""
            describes = nxt and _nounish(nxt) and nxt not in _AFTER_HEAD | _DETERMINERS | \
                _SUBJECTS
            if head >= 0 and not describes:  # "folded by ...", "hung over ...": said of it
                break
            continue
        head = i
    return head


def named(answer: str, owner: Pronouns = THEY) -> Phrase | None:
    """The thing or person ``answer`` names, in the player's words, for a story told in the
    third person; ``owner`` are the pronouns of the one who answers (the hero's: "my" becomes
    "her", "xyr"). A name comes
    back as a name ("Pim"); a thing as a phrase that takes "the" ("A tarnished ring": the
    tarnished ring) or that brings its own owner (:class:`Owned`: "her grandmother's paper
    lantern"). None when the answer names nothing a sentence can hold (no noun, or a clause
    the player speaks in from its start: "I never had one")."""
    first = _CLAUSE.split(answer.strip(), maxsplit=1)[0].strip().strip("“”\"'")
    first = _POINTER.sub("", first).strip()
    words = first.split()
    if not words:
        return None
    if _is_name(words):
        return Phrase(words=" ".join(words), form="name")
    det = words[0].lower()
    if det in _SPEAKER:
        return None
    body = words[1:] if det in _ARTICLES else words
    if body is words and _common(words[0]):  # capitalised only as the answer's first word
        body = [words[0][:1].lower() + words[0][1:]] + words[1:]  # "Two ribbons": two
    body = [owner.form(_MINE[w.lower()]) if w.lower() in _MINE else w for w in body]
    cut = next((i for i, w in enumerate(body) if w.lower() in _SPEAKER), len(body))
    head = _head(body[:cut])
    if head < 0:
        return None
    if len(body[:cut]) > LONGEST or cut < len(body):  # too long, or spoken on: the thing alone
        body = body[:head + 1]
    else:
        body = body[:cut]
    body = [w for w in body if w]
    while body and body[-1].lower() in _AFTER_HEAD:  # "the lantern that": the lantern
        body.pop()
    if not body or not any(_nounish(w) for w in body):
        return None
    text = " ".join(body)
    many = _plural(body[min(head, len(body) - 1)])  # the head, as kept
    owned = det not in _ARTICLES and (det in _MINE or det.endswith(("'s", "’s")) or det in (
        "her", "his", "their", "its", owner.form("their")))
    if owned:
        return Owned(words=text, form="name", many=many)
    return Phrase(words=text, form="pl" if many else "the")


# The words that open a phrase of place after a thing ("a fortune *on* the enchanted mountain").
_PLACING = frozenset("on in at among of by near under beneath inside upon within atop across "
                     "beyond".split())


def names_place(words: str, place: list[str]) -> bool:
    """Whether ``words`` name a place by one of its names (``place``), as the reading layer
    reads things: every thing of the name among the words' things, in any inflection ("the
    enchanted mountain" names a place called "mountain"; "a place at the university" does not
    name "the place of learning")."""
    said = read(words).lemmas
    return any(things and things <= said for things in (read(p).lemmas for p in place))


def here(phrase: str, place: list[str]) -> str:
    """``phrase`` told where the story stands: the phrase of place that ends it goes when it
    names the place itself (``place``: the place's names) ("a fortune on the enchanted
    mountain", told on the mountain: "a fortune"; "the fabled plant of the last farm", at the
    farmstead: "the fabled plant"). Unchanged otherwise."""
    words = phrase.split()
    for i, w in enumerate(words[1:], 1):
        if w.lower() in _PLACING and names_place(" ".join(words[i + 1:]), place):
            return " ".join(words[:i])
    return phrase
