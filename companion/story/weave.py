"""The player's own words in the story: tidied as prose, quoted, and taken up by the AI.

A player's ``-- TEXT`` is story, shown and journaled as written; :func:`prose` only tidies the
edges (spacing, a capital, a closing full stop). :func:`echo` picks a short fragment of the
player's last line that the companion's next sentence may take up ("“the chain will hold,” Wren had
said; ..."), so the offline voice answers the player rather than talking past them.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.story.template import Character

_END = ".!?…”’\"'"
_SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
# Words too small to carry a fragment of the player's line on their own.
_LEADING = {"and", "but", "then", "so", "or", "yet"}
_SMALL = {"a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "it", "is", "was",
          "she", "he", "they", "her", "his", "their", "them", "him", "with", "for", "as", "so",
          "then", "that", "this", "i", "me", "my", "we", "our", "be", "by", "up", "out", "not"}


def prose(text: str) -> str:
    """A player's narration as a paragraph: spacing tidied, first letter capital, a closing
    full stop if it has no closing punctuation. Their words are otherwise untouched."""
    text = " ".join(text.split())
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    if text[-1] not in _END:
        text += "."
    return text


# Tags for the player's words when they tell what happens rather than speak ("“Tobin reads the
# names aloud and they wave us over,” as Hesper tells it"): theirs, marked so, never "says".
ACCOUNT_TAGS = ("as {n} tells it", "so {n} tells it", "{n} tells it so", "in {n}'s telling")


def narrates(text: str) -> bool:
    """Whether the player's words tell what happens (a deed, the hero's or someone's: "I go for
    the child first", "The sexton's wife pulls us inside") rather than speak (a vow, a stake, a
    question, words to someone or about oneself: "you", an order, "I don't trade marks")."""
    from companion.story.clauses import base_verb
    from companion.story.reading import kind_of

    text = " ".join(text.split())
    kind = kind_of(text)
    if not text or kind in ("vow", "stake", "question") or _SECOND_PERSON.search(text) \
            or text.rstrip().endswith("!"):
        return False
    if kind == "deed":
        return True
    first = re.sub(r"[^\w']", "", text.split()[0]).lower()
    if first in ("i", "we", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll"):
        return False  # the speaker of herself: said
    return kind == "remark" and not (first not in ("a", "an", "the") and base_verb(first))


# "I" with one of these is a will, a need or a state, the player's own to say: quoted, not retold
_WILL = frozenset({"am", "was", "will", "would", "shall", "should", "can", "could", "may", "might",
                   "must", "have", "had", "do", "did", "need", "want", "don't", "won't", "can't"})


def plain_deed(text: str, name: str) -> str:
    """A plain "I do X" told of the hero by ``name`` ("I ask who pays the tax men": "Ilse asks
    who pays the tax men"; after words that set the scene, "Tonight I rest": "Tonight Ilse
    rests"; with others, "Tam and I cross the ford": "Tam and Ilse cross the ford"), the player's
    other words untouched; "" when the words hold more of the first person, or a will, a need or a
    state ("I will not kneel"), or ask, which stay quoted."""
    from companion.story import discourse, lemmas

    said = prose(text)
    act = re.match(r"(?:(.+?)(,?) )?I ([a-z]+)(\b.*)$", said)
    if not act or act.group(3) in _WILL or discourse.person(act.group(4)) != {"third"} or \
            said.endswith("?"):
        return ""
    lead, comma, word, rest = act.group(1) or "", act.group(2), act.group(3), act.group(4)
    with_others = bool(re.search(r"\band$", lead)) and not _has_verb(lead)
    if lead and (discourse.person(lead) != {"third"} or len(lead.split()) > 6 or
                 (with_others and re.search(rf"(?i)\b{re.escape(name.split()[0])}\b", lead))):
        return ""  # "Wren and I" said by Wren: whose "I" is unclear; quoted
    from companion.story.clauses import base_verb
    joins = r"(?:\b(?:and|or|but)\s+(?:then\s+)?|,\s*(?:and\s+|then\s+)?|\bthen\s+)([a-z]+)"
    if any(base_verb(m.group(1)) for m in re.finditer(joins, rest)):
        return ""  # "I duck in and hold still": a second verb of the hero's; quoted, not half told
    verb = lemmas.third_person(word)
    if verb == word:
        return ""
    if with_others:  # "Tam and I cross the ford": "Tam and Ilse cross the ford"
        verb = word
    lead = f"{lead}{comma} " if lead else ""  # "Tonight I rest": "Tonight Ilse rests"
    return f"{lead}{name} {verb}{rest}"


_DETERMINERS = frozenset("the a an my our his her their its this that these those your".split())


def _has_verb(words: str) -> bool:
    """Does a phrase hold a verb ("the tea brewed and", not "Tam and", not "the savage and"): a
    word in a verb's told form (past, -s), or a verb's base not after a determiner; a word right
    after a determiner is a thing ("the guards", "the savage")."""
    from lemminflect import getAllLemmas

    ws = [w.lower().strip(",.;") for w in words.split()]
    for i, w in enumerate(ws):
        if w in ("and", *_DETERMINERS) or (i and ws[i - 1] in _DETERMINERS):
            continue
        found = getAllLemmas(w)
        if "VERB" in found and (w not in found["VERB"] or "NOUN" not in found):
            return True
    return False


def told_of_hero(words: str, name: str, hero: "Character | None" = None,
                 kind: str | None = None) -> str:
    """The player's first-person deed told of the hero, a sentence: a plain "I do X"
    (:func:`plain_deed`, by ``name``), or, given the ``hero`` (their pronouns), any the person
    shift reads (:func:`companion.story.shift.told_of`: "With Oswy's last coin xe buys the map").
    "" for a vow, a stake or a question (the player's own to say: quoted) and for what the shift
    will not guess at. ``kind``: the words' kind if the caller read it already."""
    from companion.story import shift
    from companion.story.reading import kind_of

    said = prose(words)
    deed = plain_deed(said, name) if said else ""
    if not deed and hero is not None and said:
        if (kind or kind_of(said, (name,))) not in ("vow", "stake", "question"):
            deed = shift.told_of(said, hero)
    return deed[:1].upper() + deed[1:]  # "the Warrior flexes": a sentence's start


def theirs(words: str, name: str, hero: "Character | None" = None) -> str:
    """The player's words on a move as a third-person story tells them, the words their own:
    told in the third person, prose; a plain "I do X", told of the hero (:func:`plain_deed`);
    else quoted with ``name``: asked, cried ("For the spoons!"), said, or (a deed) "as Wren
    tells it". Given the ``hero`` (their pronouns), a first-person deed is told of them
    (:func:`companion.story.shift.told_of`: "With Oswy's last coin xe buys the map"), and one the
    shift will not guess at is the hero's words, said, never tagged "as Wren tells it"."""
    from companion.story import discourse
    from companion.story.reading import kind_of

    said = prose(words)
    if not said:
        return said
    kind = kind_of(said, (name,))
    asked = _asked(said, name, kind)
    cried = _cried(said, name) and not _called(said, name)
    if discourse.person(said) == {"third"} and not asked and not cried and \
            not _called(said, name):
        return said
    q = quote(said)[1:-1].rstrip(" .,;:")
    if cried:  # the hero's cry, theirs as cried, never told of them
        return f"“{q}” {name} cries."
    deed = told_of_hero(said, name, hero, kind)
    if deed:
        return deed
    if q.endswith("?") or asked:
        return f"“{q.rstrip('?')}?” {name} asks."
    if narrates(said) and hero is None:
        return f"“{q},” as {name} tells it."
    return f"“{q}” {name} says." if q.endswith("!") else f"“{q},” {name} says."


# the words a telling starts with ("The door bursts open!", "She laughs!"): never a cry
_TELLING_LEADS = frozenset("i we my our the a an this that these those his her its their he she "
                           "it they "
                           "everyone everything everybody someone something somebody nobody "
                           "nothing no there all both each every".split())


_COUNTS = frozenset("two three four five six seven eight nine ten eleven twelve twenty hundred "
                    "thousand dozen several many few".split())


def _finite(toks: list, i: int) -> bool:
    """Is word ``i`` a told verb after its subject ("the roof collapses", "Loam laughs"): a
    verb's -s or past form (lemminflect), after a word that can be its subject (not "the
    spoons", not "for the spoons")?"""
    from lemminflect import getAllLemmas

    from companion.story.clauses import STOP

    w = toks[i].low
    if i == 0 or toks[i - 1].low in STOP - {"he", "she", "it", "they", "i", "we"} or \
            toks[i - 1].low in _COUNTS:  # "three spoons": a count, no subject
        return False
    if toks[i - 1].low.endswith(("'s", "s'")):  # "Ottilie's smoked eels": whose, not who did
        return False
    if w in ("is", "are", "was", "were", "has", "had", "does", "did"):
        return True
    verbs = getAllLemmas(w, upos="VERB").get("VERB", ())
    return bool(verbs) and w not in verbs and not w.endswith("ing")


def _cried(said: str, name: str) -> bool:
    """Is this a cry of the hero's: exclamations only, each with no subject telling what happens
    ("For the spoons!", "Charge!", "Tell Pim the poems were not that bad!", "Into the fray!"),
    not a telling ("The door bursts open!", "Loam laughs!", "Suddenly the roof gives way!") nor
    the player calling to the hero ("Wren, duck!")?"""
    from companion.story import discourse
    from companion.story.clauses import base_verb
    from companion.story.lemmas import tokens

    parts = discourse.split(said)
    if not parts or not all(p.rstrip().endswith("!") for p in parts) or \
            "second" in discourse.person(said):
        return False  # ("For my aunt!" is a cry; "Tell the moths I once ate a lamp!" too)
    for part in parts:
        toks = tokens(part)
        if not toks or toks[0].low in _TELLING_LEADS or \
                re.match(rf"(?i)\s*{re.escape(name)}\b", part):
            return False
        rest = next((i for i in range(1, len(toks)) if not toks[i].capital), len(toks))
        if base_verb(toks[0].low) and not (rest < len(toks) and _finite(toks, rest)):
            continue  # "Charge!", "Tell Pim ...!": an order cried
        if any(_finite(toks, i) for i in range(1, len(toks))):
            return False
    return True


def _asked(said: str, name: str, kind: str) -> bool:
    """Is this one question, in the third person, one the hero asks ("Is it true the miller drank
    the well dry?")? A question that names the hero is the player telling ("Would Wren make
    it?"), and so is one after a sentence of telling ("Wren pokes the chest. Does it bite?")."""
    from companion.story import discourse

    return kind == "question" and len(discourse.split(said)) == 1 and \
        not re.search(rf"(?i)\b{re.escape(name)}\b", said)


_CALLED = re.compile(r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}),\s+\S")


def _called(said: str, name: str) -> bool:
    """Is this one exclamation that calls someone by name ("Loam, now would be a lovely time to
    help!")? The hero speaks it: the story quotes it, never tells it as its own line."""
    from companion.story import discourse

    m = _CALLED.match(said)
    return bool(m) and said.rstrip().endswith("!") and len(discourse.split(said)) == 1 and \
        m.group(1).split()[0].lower() not in name.lower().split()


def quote(text: str) -> str:
    """The words in typographic double quotes (inner double quotes become single ones)."""
    text = " ".join(text.split()).strip("\"“”")
    text = re.sub(r"\"([^\"]*)\"", r"‘\1’", text).replace("“", "‘").replace("”", "’")
    return f"“{text}”"


def echo(text: str, max_words: int = 8) -> str:
    """A fragment of ``text`` worth taking up: the last clause of two to ``max_words`` words
    that carries a word of substance (else the last four words of a long one), without its
    closing punctuation ("" when there is none)."""
    clauses = re.split(r"[.!?;:,—–()]+|\s-\s|\.\.\.", text)
    for clause in reversed(clauses):
        words = clause.split()
        if not 2 <= len(words) <= max_words:
            continue
        if any(len(w) > 3 and w.lower().strip("'’\"") not in _SMALL for w in words):
            while len(words) > 2 and words[0].lower() in _LEADING:
                words = words[1:]
            return " ".join(words).strip("\"“”'‘’")
    for clause in reversed(clauses):  # only long clauses: the end of the last one
        words = clause.split()[-4:]
        if len(words) == 4 and any(len(w) > 3 for w in words):
            while len(words) > 2 and words[0].lower() in _LEADING:
                words = words[1:]
            return " ".join(words).strip("\"“”'‘’")
    return ""


def addresses_reader(text: str) -> bool:
    """True when ``text`` speaks to the reader ("you", "your"): card text in the second person
    must not reach the story."""
    return _SECOND_PERSON.search(text) is not None


def hear(used: set[str], step: int, text: str) -> None:
    """Remember a fragment of the player's words at ``step`` (in the session's no-repeat set,
    so it is journaled and rebuilt on resume like everything else told)."""
    fragment = echo(text)
    if fragment:
        used.add(f"heard|{step:07d}|{fragment}")


def take_up(used: set[str], step: int) -> str:
    """The player's latest words heard before ``step`` and not yet taken up ("" if none); a
    fragment is taken up once."""
    heard = sorted(k for k in used if k.startswith("heard|") and int(k.split("|")[1]) < step)
    if not heard:
        return ""
    _, at, fragment = heard[-1].split("|", 2)
    if f"took|{at}" in used:
        return ""
    used.add(f"took|{at}")
    return fragment
