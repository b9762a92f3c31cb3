"""A character's name, as a player or a model gave it.

A name is one to ``WORDS`` words and at most ``CHARS`` characters, with no sentence in it: no
``, ; : ! ? " ( )``, no ``--`` and no word of three letters or more closed by a full stop
("Wren goes on, quiet and watchful." is a line of story, not a name; "J. R. Hale" and "St. Clair"
are names). A name typed all in lower case is given capitals ("ash tanager" is "Ash Tanager");
one typed with any capital keeps the player's own ("de la Cruz").

Decisions: the same rule serves the human's prompt (:func:`check`, which refuses with the form
expected) and the model's reply check (:func:`is_name`); a model's name must also start with a
capital, since a small model writing in lower case is usually writing a sentence.
"""
from __future__ import annotations

import re

WORDS = 4
CHARS = 40
KINDS = frozenset({"name", "name_hero"})  # the actions that name a player's character
EXPECTED = "e.g. Wren or Ash Tanager"
# names offered to a model as examples when it names a character (a small model left to itself
# glues the premise's words into a "name"); three are shown, chosen by the story's own text
SUGGESTIONS = ("Wren", "Tamsin Reed", "Oren", "Ilse", "Corin Vale", "Mara", "Bram", "Sefa",
               "Aldo Finch", "Nell", "Pim", "Rhosyn", "Hale", "Juno Marsh", "Ketter", "Lark")


def suggestions(key: str, count: int = 3) -> list[str]:
    """``count`` example names, the same for the same ``key``."""
    import zlib

    start = zlib.crc32(key.encode("utf-8"))
    return [SUGGESTIONS[(start + 5 * i) % len(SUGGESTIONS)] for i in range(count)]

_SENTENCE = re.compile(r"[,;:!?\"()\[\]{}<>]|--|\.\.|[^\W\d_]{3,}\.")


# a pronoun typed where the name was asked (the pronouns question comes next)
_PRONOUNS = frozenset({"she", "he", "they", "it", "her", "him", "them", "xe", "ze", "i", "me",
                       "you", "we"})


def _problem(text: str) -> str | None:
    ws = text.split()
    if not ws or not re.search(r"[^\W\d_]", text):
        return "a name needs a letter"
    if len(ws) == 1 and ws[0].lower() in _PRONOUNS:
        return f"{ws[0]!r} is a pronoun (the pronouns are asked next); the name comes first"
    if len(ws) > WORDS or len(text) > CHARS:
        return f"a name is one to {WORDS} words, at most {CHARS} characters"
    if _SENTENCE.search(text):
        return "a name has no sentence in it (no commas, no full stop after a word)"
    return None


def clean(text: str) -> str:
    """The name as the story writes it: spaces collapsed; capitals given to an all-lower-case
    name."""
    text = " ".join(text.split())
    if text == text.lower():
        text = " ".join(w[:1].upper() + w[1:] for w in text.split())
    return text


# where a name typed with who the hero is ends: "Ottilie Marsh, a ferrywoman's girl"
_HEAD = re.compile(r"[,;:(]|--| - ")


def check(text: str) -> str:
    """The cleaned name, or ValueError naming the form expected (and, when the text opens with
    a name followed by words about the character, that name as the example)."""
    name = clean(text)
    problem = _problem(name)
    if problem:
        head = clean(_HEAD.split(name, 1)[0])
        if head != name and _problem(head) is None:
            raise ValueError(f"{problem}: type the name alone, e.g. {head}")
        raise ValueError(f"{problem}: {EXPECTED}")
    return name


# words of the question, not of a name: a small model answers "Name your hero" with "Your Hero's
# Name" or "The Hero" (a person may call their hero Hero; a model that does is copying the prompt)
_PROMPT_WORDS = frozenset({"your", "my", "name", "names", "hero", "hero's", "heroine", "character",
                           "player", "protagonist", "antagonist", "warrior's", "champion", "game",
                           "play", "story", "what", "who", "whom", "whose", "why", "how", "when",
                           "where", "which", "yes", "no", "none", "nobody", "unknown", "answer",
                           "text", "action"})
_ARTICLES = frozenset({"the", "a", "an"})  # "Aldo the Bold" is a name; "The" alone is not
# a model's name never starts with one of these: "To Rhosyn" and "The Wanderer" are the start of
# a sentence or a title (a player who types "The Grey Lady" keeps it: ``check`` allows it)
_LEADS = _ARTICLES | frozenset({"to", "for", "from", "of", "in", "on", "at", "by", "with",
                                "into", "onto", "upon", "about", "as", "toward", "towards",
                                "under", "over", "through", "without", "and", "or", "but"})


def is_name(text: str) -> bool:
    """A model's name: the human's rule, it starts with a capital, it is not made of the
    question's words, and its first word is no article or preposition ("To Rhosyn")."""
    text = " ".join(text.split())
    words = {w.lower().replace("\u2019", "'") for w in text.split()}
    return (_problem(text) is None and text[:1].isupper()
            and not words & _PROMPT_WORDS and text.split()[0].lower() not in _LEADS)


# words that open a name without being the one a person is called by ("Old Hobb", "Sir Bran")
STYLED = frozenset("old young sir dame lady lord master mistress mother father brother "
                   "sister captain saint auntie uncle granny grandfather little "
                   # titles of rank and office ("Prince Aubren": Aubren, not "Prince")
                   "prince princess king queen duke duchess earl count countess baron baroness "
                   "emperor empress doctor professor friar abbot abbess reverend sergeant "
                   "lieutenant commander general".split())


def short_name(name: str) -> str:
    """How a story calls someone of several names once they are named: the given name ("Oswy
    Quillfeather": Oswy; "Aldo the Bold": Aldo), the name after a style ("Old Sigrun": Sigrun,
    "Captain Ilse Varn": Ilse); the whole name when it is one word or no name ("the Warrior")."""
    words = name.split()
    if len(words) < 2 or words[0].lower() in ("the", "a", "an") or not words[0][:1].isupper():
        return name  # "the Warrior" is no name to shorten; "de la Cruz" is the player's own
    while len(words) > 1 and words[0].lower() in STYLED:
        words = words[1:]
    if not words[0][:1].isupper() or not words[0].replace("-", "").replace("'", "").isalpha():
        return name
    return words[0]


def shorten(text: str, name: str, named: bool) -> tuple[str, bool]:
    """``text`` with ``name`` in full at its first mention (unless ``named`` already: the full
    name was told earlier in the scene) and the short name (:func:`short_name`) after, outside
    quotes ("Oswy Quillfeather ... Oswy"): a full name in every sentence reads as a register.
    Returns the text and whether the full name has now been told."""
    short = short_name(name)
    if short == name or not text:
        return text, named
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w-])")  # "Oswy Quillfeather's" too
    return after_first(text, pattern, lambda m, piece: short, named)


def after_first(text: str, pattern: re.Pattern, later, told: bool = False) -> tuple[str, bool]:
    """``text`` with each match of ``pattern`` outside quotes after the first (all of them when
    ``told``: the first was told before) replaced by ``later(match, piece)`` (``piece``: the
    stretch of text outside quotes it stands in). Returns the text and whether a first match has
    now been told."""
    pieces = re.split(r"(“[^”]*”)", text)
    for i, piece in enumerate(pieces):
        if piece.startswith("“"):
            continue

        def swap(m: re.Match, piece: str = piece) -> str:
            nonlocal told
            if not told:
                told = True
                return m.group(0)
            return later(m, piece)
        pieces[i] = pattern.sub(swap, piece)
    return "".join(pieces), told


def pronoun_again(parts: list[str], names: tuple[str, ...], they: str, their: str,
                  plural: bool, keep: int = -1) -> list[str]:
    """Told parts (in order) where a sentence that opens with one of ``names`` (the full name,
    the short one) right after one that opened so opens with the pronoun instead ("Pellinore
    sleeps with a spoon under zir pillow. Ze sleeps at the inn ..."; name and pronoun take turns
    in a longer run), quotes untouched; part
    ``keep`` (the player's words as written) is read, never changed. Not for a pronoun taking a
    plural verb ("they sleeps"): the verb would have to follow."""
    from companion.story.discourse import split

    names = tuple(n for n in names if n)
    if plural or not names:
        return parts
    opens = re.compile(rf"(?:{'|'.join(re.escape(n) for n in sorted(names, key=len, reverse=True))})"
                       r"(?:'s|’s)?(?![\w-])")
    last = False
    out = []
    for i, part in enumerate(parts):
        told = []
        for sent in split(part) if part else []:
            m = opens.match(sent)
            if m and last and i != keep:
                word = their if m.group(0).endswith(("'s", "’s")) else they
                sent = word[:1].upper() + word[1:] + sent[m.end():]
                m = None  # name and pronoun take turns: "Ze ... Pellinore ... Ze"
            last = bool(m)
            told.append(sent)
        out.append(" ".join(told) if part else part)
    return out
