"""The player's first-person deed told of the hero (a person shift): "With my last coin I buy the
map" is "With Oswy's last coin xe buys the map" in a third-person story, the player's other words
untouched.

The shift is refused ("") where it would guess: words with "we", "us", "our" or "you", quotes of
their own, a contraction ("I'm", "I'll"), the hero's own pronouns standing for someone else
("I ring the bell the way she did" for a "she" hero), a will, a need or a state for the deed
("I will not kneel", "I want the goat gone": the player's own to say, quoted by the caller), and
a second verb after "and" that may as well be a noun ("I pour the tea and milk"). Inflections come from
lemminflect (:mod:`companion.story.lemmas`), not hand-written endings.
"""
from __future__ import annotations

import re

from lemminflect import getAllLemmas

from companion.story.clauses import base_verb
from companion.story.lemmas import lemmas_of, past, third_person
from companion.story.readdata import kind_index
from companion.story.template import Character

# "I" with one of these is a will, a need or a state, not a deed told
WILL = frozenset({"am", "was", "will", "would", "shall", "should", "can", "could", "may", "might",
                  "must", "have", "had", "do", "did", "need", "want", "don't", "won't", "can't",
                  "wish", "hope", "think", "know", "believe", "feel", "like", "love", "hate",
                  "fear", "remember", "mean", "try"})
_REFUSE = re.compile(r"(?i)\b(we|us|our|ours|ourselves|you|your|yours|yourself|i'm|i'll|i've|"
                     r"i'd|let's)\b|[“”\"]")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|[^A-Za-z]+")
_JOINS = frozenset({"and", "or", "but", "then"})
# after a second verb, words that show it is one ("and hold still", "and dream of the sea"): a
# particle, a preposition, a determiner or a number that opens its object ("and face whatever
# comes", "and watch both doors", "and bid one token"; not "that" or "which", which may open a
# clause about a noun: "the tea and milk that the goat gave"), an object pronoun ("and set it on
# her knee")
_AFTER_VERB = frozenset("still up down out in off on over away back at of for to into onto with "
                        "until till not never from the a an my his her their its some every all "
                        "this these those any each no another both either neither whatever "
                        "whichever again it them him one two three four five six seven eight "
                        "nine ten half".split())


def _adverb(word: str) -> bool:
    """A word that is only ever an adverb ("quietly", "once")."""
    return set(getAllLemmas(word.lower())) == {"ADV"} or word.lower() in ("once", "then", "just",
                                                                            "still", "quietly")


def _surely_verb(words: list[str], j: int) -> bool:
    """Is ``words[j]``, after an "and", a second verb of the hero's: a verb in its plain form that
    no noun shares, or one the next word shows to be a verb ("and hold still")?"""
    w = words[j].lower()
    if not base_verb(w) or w in ("i",):
        return False
    if "NOUN" not in getAllLemmas(w) or (j and words[j - 1].lower() == "then"):
        return True  # ", then drop": after "then" a plain verb form is the next deed
    nxt = next((x.lower() for x in words[j + 1:] if x.strip()), "")
    return nxt in _AFTER_VERB


# the way a part of the body points ("face down", "head first", "feet foremost")
_FACING = frozenset("down up first foremost forward forwards backward backwards downward "
                    "downwards upward upwards".split())


def _manner(words: list[str], j: int) -> bool:
    """Is ``words[j]`` a part of the body that the next word points ("I slide the card across,
    face down"): a manner of the deed, not a second verb ("faces down")?"""
    nxt = next((x.lower() for x in words[j + 1:] if x.strip()), "")
    kinds = kind_index()
    return nxt in _FACING and any("body" in kinds.get(x, ()) for x in lemmas_of(words[j]))


def _subject(words: list[str], j: int) -> bool:
    """Is ``words[j]``, after an "and", the subject of a clause of its own: followed by a form of
    "be" or "have" that agrees with it ("and home is gone", "and the dogs were")?"""
    nxt = next((x.lower() for x in words[j + 1:] if x.strip()), "")
    return nxt in ("is", "was", "has", "are", "were")


def told_of(text: str, hero: Character) -> str:
    """``text`` (prose: one or more sentences, the player's, with "I") told of ``hero``: the
    first mention is the name ("I", "my": "Oswy", "Oswy's"), later ones the pronouns; the verb of
    each "I" agrees, and so does a plain verb joined to it ("and holds still"). "" when the shift
    would guess (see the module's note), or when the deed's first verb is a will or a state."""
    if _REFUSE.search(text) or not re.search(r"\b(I|[Mm]y|[Mm]e|[Mm]ine|[Mm]yself)\b", text):
        return ""
    pro = hero.pronouns
    theirs = {pro.they, pro.them, pro.their, pro.theirs, pro.themself}
    if {w.lower() for w in re.findall(r"[A-Za-z'’]+", text)} & {f.lower() for f in theirs}:
        return ""  # "the way she did, and my hands remember": she is someone else; whose hands?
    parts = _WORD.findall(text)
    words = [p for p in parts if p[:1].isalpha()]
    out: list[str] = []
    named = False
    subject = ""  # who the last verb agrees with: "name", "pronoun" or "" (not the hero)
    first_i = True
    wi = -1  # index into ``words``
    i = 0
    while i < len(parts):
        p = parts[i]
        if not p[:1].isalpha():
            out.append(p)
            i += 1
            continue
        wi += 1
        low = p.lower()
        start = not "".join(out).strip() or re.search(r"[.!?]\s*$", "".join(out)) is not None
        if p == "I":
            prev = words[wi - 1].lower() if wi else ""
            # "Loam and I dive", "the old goat and I have": a subject of two, the verb stays
            head = re.split(r"[.!?;,]", "".join(out))[-1].split()
            compound = prev in ("and", "or") and 2 <= len(head) <= 4
            who = pro.they if named and not compound else hero.name
            subject = "" if compound else ("pronoun" if who == pro.they else "name")
            out.append(who[:1].upper() + who[1:] if start else who)
            named = True
            # the verb after it, past adverbs
            j, k = i + 1, wi + 1
            while k < len(words) and _adverb(words[k]) and k + 1 < len(words):
                k += 1
            if k >= len(words):
                return ""
            verb = words[k].lower()
            if first_i and verb in WILL:
                return ""
            first_i = False
            if not subject:  # "Loam and I": the verb already agrees with the two
                new = words[k]
            elif verb in ("am", "was", "have"):
                new = {"am": "is", "was": "was", "have": "has"}[verb]
                if subject == "pronoun" and pro.plural_verbs:
                    new = {"am": "are", "was": "were", "have": "have"}[verb]
            elif subject and base_verb(verb) and not (subject == "pronoun" and pro.plural_verbs):
                new = third_person(verb)
            elif subject and not base_verb(verb) and not past(verb) and verb not in WILL:
                return ""  # "I sleeping": no verb form the shift knows
            else:
                new = words[k]
            # copy the words up to the verb, then the verb agreed
            while j < len(parts):
                q = parts[j]
                if q[:1].isalpha():
                    wi += 1
                    if wi == k:
                        out.append(new if new != verb else q)
                        break
                out.append(q)
                j += 1
            i = j + 1
            continue
        prev = words[wi - 1].lower() if wi else ""
        joined = prev in _JOINS or parts[i - 1].rstrip().endswith(",") if i else False
        if joined and subject and not (subject == "pronoun" and pro.plural_verbs) and \
                low != "i" and base_verb(low):
            if _subject(words, wi):  # "and home is gone": a clause of its own, home its subject
                out.append(p)
                subject = ""
                i += 1
                continue
            if _manner(words, wi):  # "across, face down": how it is done, the word stays
                out.append(p)
                i += 1
                continue
            if not _surely_verb(words, wi):
                return ""  # "and milk": a noun as likely as a verb; the caller quotes it
            out.append(third_person(p))  # "and holds still": the hero's second verb agrees
            i += 1
            continue
        if low in ("my", "mine"):
            who = (pro.their if low == "my" else pro.theirs) if named else f"{hero.name}'s"
            out.append(who[:1].upper() + who[1:] if start else who)
            named = True
        elif low in ("me", "myself"):
            who = (pro.them if low == "me" else pro.themself) if named else hero.name
            out.append(who)
            named = True
        else:
            out.append(p)
            if re.search(r"[.!?;]", "".join(parts[i + 1:i + 2])):
                subject = ""
        i += 1
    return "".join(out)


# the player's words said back to them: "I" is "you" ("i'm" "you are", "i'd" "you would", or "you
# had" before a past participle: "I'd wrapped it in my sleeve")
_YOU = {"i": "you", "my": "your", "me": "you", "mine": "yours", "myself": "yourself",
        "i'm": "you are", "we": "you", "our": "your", "us": "you", "we're": "you are",
        "i've": "you have", "i'll": "you will", "i'd": "you would"}


def second_person(words: str) -> str:
    """Lower-cased words of the player's, said back in the second person, the leading "you"
    left off ("i'm already inside, so i creep": "are already inside, so you creep")."""
    out = re.sub(r"\bi'd (\w+)", lambda m: ("i had " if _participle(m.group(1)) or
                                           m.group(1) == "better" else "i'd ") + m.group(1),
                 words.strip())  # ("I'd better run": had better)
    out = re.sub(r"[\w'-]+", lambda m: _YOU.get(m.group(0), m.group(0)), out)
    out = re.sub(r"\s+", " ", re.sub(r"[^\w\s,'-]", " ", out)).strip(" ,")
    out = re.sub(r"\byou (?:was|am)\b", lambda m: "you were" if m.group(0).endswith("was")
                 else "you are", out)  # "I was sent" -> "you were sent"; "I am" -> "you are"
    return out[4:] if out.startswith("you ") else out


def _participle(word: str) -> bool:
    """A past form that is no plain verb ("wrapped", "seen"; not "go", "sooner")."""
    from lemminflect import getInflection

    low = word.lower()
    return not base_verb(low) and (past(low) or any(
        low in getInflection(lemma, tag="VBN")
        for lemma in getAllLemmas(low, upos="VERB").get("VERB", ())))
