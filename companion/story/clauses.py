"""The clauses of a player's sentence: where the deed ends and its purpose or timing begins, and
whether the words after a speech verb carry a claim. Part of the reading layer
(:mod:`companion.story.reading`, ``../shared/READING.md``)."""
from __future__ import annotations

import re

from lemminflect import getAllLemmas

from companion.story.lemmas import Token, lemmas_of

STOP = frozenset("""a an the this that these those my your his her its our their me you him us them
i we he she it they myself yourself himself herself itself ourselves themselves one ones some any
all both each every other another such no not nothing something anything everything someone anyone
everyone who whom whose which what where when why how there here then than as at by for from in into
of off on onto out over past through to toward towards under up upon with without about above across
after against along among around before behind below beneath beside between beyond down during
near round since till until via within and or but so if whether unless while though although because
is am are was were be been being have has had do does did will would shall should can could may might
must let get got very just still only even also too again once more most much many few little lot
way side end time bit thing""".split())


# Where the main deed ends and a purpose, a timing clause or an aside begins.
_CLAUSE = re.compile(r"\s*[.;:!?]\s*|\s*[—–]\s*|\s+--?\s+")


# a timing clause told before the deed, up to its comma or the deed's own subject
_LEAD = re.compile(r"(?i)^(while|whilst|as soon as|when|once)\s+(.+?)"
                   r"(?:,\s*|\s+(?=(?:I|we)(?:\s|['’])))(.+)$")  # ("... I'll wriggle in")


# ", so I'll ...": a "so" after a comma, then the speaker, is what follows (not "so I can ...")
_THEREFORE = re.compile(r"(?i),\s*(?:and\s+)?so\s+"
                        r"(?=(?:I|we)(?:\s|['’])(?!\s*(?:can|could|may|might)\b))")


def deed_after_reason(text: str) -> str:
    """The deed a reason leads to ("I'd sooner not hurt them, so I'll toss them the beef": "I'll
    toss them the beef"); else the text as it is."""
    parts = _THEREFORE.split(text, maxsplit=1)
    return parts[1] if len(parts) == 2 and parts[1].strip() else text


def deed_first(text: str) -> str:
    """A sentence that opens with its timing clause told deed first ("While they're busy with
    their dice I'll wriggle in" -> "I'll wriggle in while they're busy with their dice"), for a
    restatement that starts from its subject; else the text as it is."""
    m = _LEAD.match(text.strip())
    if not m or text.rstrip().endswith("?"):
        return text
    return f"{m.group(3).rstrip(' .!')} {m.group(1).lower()} {m.group(2)}"


def split_clauses(text: str) -> tuple[str, str, str]:
    """(main, purpose, while) clauses of one sentence."""
    low = text
    purpose, while_ = "", ""
    # a timing clause told first runs to its comma or to the deed's own subject ("While they squint
    # at the lantern I vanish into the ivy": the vanishing is the deed)
    lead = _LEAD.match(text)
    if lead and not text.rstrip().endswith("?"):
        while_, low = lead.group(2), lead.group(3)
    m = re.search(r"(?i)\b(?:while|until|till|as soon as|whilst|when)\b(.+)$", low)
    if m and m.start() > 0:
        rest = m.group(0)
        # a timing clause is short: a deed after it is the main clause's again ("I wait until the
        # lantern gutters and creep past": the creeping)
        back = re.search(r"(?i)(?:,\s*|\s+)(?:and|then|and then)\s+(?=(?:I\s+)?[a-z]+\b)", rest)
        if back and base_verb(rest[back.end():].split()[0]):
            low = low[:m.start()] + " and " + rest[back.end():]
            rest = rest[:back.start()]
        low, while_ = (low if back else low[:m.start()]), " ".join(x for x in (while_, rest) if x)
    # ", so I'll toss them the beef": what the player does next, not what a deed is for ("so I can
    # see the yard" is a purpose): one deed after the other
    low = _THEREFORE.sub(" and ", low)
    m = re.search(r"(?i)\b(?:so that|in order to|so as to)\b(.+)$", low) or \
        re.search(r"(?i)\bso\s+(?=(?:i|we|you|he|she|it|they|the|both|all|his|her|their|everyone|"
                  r"someone|nobody|no one|[A-Z][a-z]+)\b)(.+)$", low)
    if m and m.start() > 0:
        low, purpose = low[:m.start()], m.group(m.lastindex or 1)
    elif not purpose:  # "I give the porter a coin to look the other way": an infinitive of purpose
        for m in re.finditer(r"\s+to\s+([a-z]+)\b", low):
            before = low[:m.start()].split()
            waits = any(lemmas_of(w) & {"wait", "watch"} for w in before)  # the awaited event
            if _in_claim(before):  # "tell him a fishwife paid me three pies to see if ...": said
                break
            if len(before) >= 3 and base_verb(m.group(1)) and not waits and \
                    not (lemmas_of(before[-1]) & _CATENATIVE) and before[-1].lower() not in STOP:
                low, purpose = low[:m.start()], "they " + low[m.start():].strip()[3:]
                break
    if purpose:  # "... so they look, then I go over the wall": the deed after it is the main's
        # (", and scramble over": after a comma, a bare verb is the deed's own again)
        back = re.search(r"(?i)(?:(?:,\s*|\s+)(?:then|and then|and I|and we)|,\s*and)\s+(?:I\s+)?"
                         r"(?=[a-z]+\b)", purpose)
        if back and base_verb(purpose[back.end():].split()[0]):
            low, purpose = low + " and " + purpose[back.end():], purpose[:back.start()]
    return low.strip(" ,"), purpose.strip(" ,"), while_.strip(" ,")


# verbs whose "to" starts the deed itself, not its purpose ("I try to climb")
_CATENATIVE = frozenset("try want need start begin attempt manage go rush hurry decide mean plan "
                        "dare refuse promise swear hope pretend seem have ought used run turn "
                        "move come climb get".split())


# verbs that report a claim: an infinitive after the claim is part of what is said
_TELLING = frozenset("tell say claim swear insist assure inform explain whisper shout".split())


def _in_claim(before: list[str]) -> bool:
    """Do the words end inside a claim told ("I tell him a fishwife paid me three pies")?"""
    at = next((i for i, w in enumerate(before) if lemmas_of(w) & _TELLING), -1)
    return at >= 0 and claims([w.lower() for w in before[at + 1:]])


def main_clause(text: str) -> str:
    """The deed itself, less its purpose and timing clauses ("I throw a stone so the men at the
    gate go to look": "I throw a stone")."""
    return split_clauses(" ".join((text or "").split()))[0]


_CLAUSE_ENDS = frozenset("until while when as so because if and but then before after till or".split())
_FINITE = frozenset("""is are was were am be been 's 're has have had will would can could must
shall should may might did does do""".split())
_SUBJECTS = frozenset("i he she we they you it".split())


def claims(after: list[str]) -> bool:
    """The words after a speech verb carry a claim ("tell the cook I was sent by the baker",
    "tell Fistur his dice are loaded", "swear that ..."): a "that", a finite verb or a subject
    before the clause ends. "whisper their names until they wag" says names, not a claim."""
    for i, w in enumerate(after):
        if w in _CLAUSE_ENDS and w != "that":
            return False
        if w == "that" or w in _FINITE or (i > 0 and (w in _SUBJECTS or _past_or_s(w))):
            return True
    return False


def _past_or_s(word: str) -> bool:
    """A verb that can only be a told verb here: "paid", "belongs", "sent" (not "names", which is
    a noun too, nor "waiting")."""
    verb = getAllLemmas(word, upos="VERB").get("VERB", ())
    return bool(verb) and word not in verb and not word.endswith("ing") and \
        not getAllLemmas(word, upos="NOUN")


def base_verb(word: str) -> bool:
    """A verb in its plain form ("creep", not "creeps", "crept" or "creeping")."""
    w = word.lower().strip(",.;")
    if w in ("i", "we"):
        return True
    found = getAllLemmas(w)
    return "VERB" in found and w in found["VERB"]


# Verbs of perceiving and learning: a fact told as seen ("from the top of the wall I see that the
# latch is a peg") is what is seen; where it was seen from is no part of it.
_PERCEIVE = ("see|sees|saw|spot|spots|spotted|notice|notices|noticed|spy|spies|spied|glimpse|"
             "glimpses|glimpsed|hear|hears|heard|learn|learns|learned|learnt|find|finds|found|"
             "realise|realises|realised|realize|realizes|realized|know|knows|knew")
_SEEN = re.compile(rf"(?i)\b(?:I|we|she|he|they)\s+(?:can\s+|could\s+)?(?:{_PERCEIVE})\b\s*"
                   r"(?:that\s+)?")


def what_is_seen(text: str) -> str:
    """A fact told as perceived, as what is perceived ("From the top of the wall I see the pantry
    window's latch is a peg": the pantry window's latch is a peg); else the text as it is."""
    m = _SEEN.search(text)
    return text[m.end():] if m and text[m.end():].strip() else text


# -- where a verb stands ------------------------------------------------------------------------

DETERMINERS = frozenset("a an the my his her their our your its this that some".split())


def modifies(toks: list[Token], i: int) -> bool:
    """Whether the word at ``i`` is a participle that tells of a thing named just before it, not
    a deed ("the trial waiting for me", "a road leading north"): an -ing word after a noun that a
    determiner leads, one or two words back."""
    if i < 2 or not toks[i].low.endswith("ing"):
        return False
    prev = toks[i - 1]
    known = getAllLemmas(prev.low)  # a word the dictionary lacks ("ferryman") is a name of a thing
    return prev.low not in STOP and ("NOUN" in known or not known) and \
        bool({t.low for t in toks[max(0, i - 3):i - 1]} & DETERMINERS)


# (a modal leads a bare verb too: "I will face it", "I'd rather keep them", "I'd sooner sleep";
# so does "let us": "Let's sneak past")
LEADS = frozenset("i we us you he she they it and then or to but also just quickly slowly quietly "
                  "softly carefully gently again once still never always will would shall "
                  "should can could may might must rather sooner".split())


def verbish(toks: list[Token], i: int, text: str) -> bool:
    """Is token ``i`` where a verb stands: first, after a subject, "and", "then", "to", an adverb
    or a comma ("the old cart track" is no tracking; "I track the cart" is)?"""
    if i == 0:
        return True
    prev = toks[i - 1]
    between = text[prev.end:toks[i].start] if text else ""
    # "the old soldier teaches me": a verb of a named doer, told by the person it is done to
    done_to = toks[i].low.endswith("s") and i + 1 < len(toks) and toks[i + 1].low in ("me", "us") \
        and "VERB" in getAllLemmas(toks[i].low)
    return (prev.low in LEADS or prev.low.endswith("ly") or "," in between or
            (prev.capital and i - 1 == 0) or done_to)
