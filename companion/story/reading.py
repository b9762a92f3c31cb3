"""The reading layer: what a player's sentence means, read once, for every game.

A sentence becomes a :class:`Reading` (its kind, its ranked acts, the act of its purpose clause,
its timing clause, the things and people it names, the attribute it implies) and every consumer
(High Stakes' GM, a Trait's fit, a fact made true, a vow or a remark, a talk question, a draft)
reads that structure, never the raw words. The act classes and the kinds of things are data
(``rules/reading/acts.toml``, ``rules/reading/things.toml``), general English shared by every
game; words are compared as lemmas (:mod:`companion.story.lemmas`), so any inflection counts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from lemminflect import getAllLemmas

from companion.story.clauses import (STOP, base_verb, claims, main_clause, modifies,
                                     split_clauses, verbish)
from companion.story.lemmas import Token, find, find_words, lemma_set, lemmas_of, past, tokens
from companion.story.readdata import index as _index
from companion.story.readdata import kind_index as _kind_index
from companion.story.readdata import lexicon
from companion.story.thrown import UP, gone_into, thrown

# -- the data --------------------------------------------------------------------------------------


def says_state(text: str, state: str) -> bool:
    """Does ``text`` say a thing is in ``state`` (``rules/reading/things.toml`` [state]: "the
    latch is broken" gives way), by the lemmas of its words, or by what a thing of a kind does
    ([state_by_kind]: "the latch lifts", a fastening that moves)?"""
    said, lex = lemma_set(text), lexicon()
    return bool(said & frozenset(lex.states.get(state, ()))) or any(
        said & frozenset(does) and kind in read(text).thing_kinds
        for kind, does in lex.by_kind.get(state, {}).items())


def names_thing(text: str, things: list[str]) -> bool:
    """Does ``text`` name one of ``things``, by lemma or by kind ("gratings", "a grate")?"""
    r = read(text)
    return bool((r.lemmas | r.thing_kinds) & set(things))


def family(act: str) -> str:
    return a.family if (a := lexicon().act.get(act)) else ""


def attribute_of(act: str) -> str:
    return a.attribute if (a := lexicon().act.get(act)) else ""


# -- the reading -----------------------------------------------------------------------------------

KINDS = ("deed", "question", "vow", "stake", "remark")  # a deed is an action told


@dataclass(frozen=True)
class Thing:
    """A thing, place or person the words name: as written, its lemma, its kinds ("watchdogs":
    watchdog, kinds dog and animal)."""

    text: str
    lemma: str
    kinds: frozenset[str]
    name: bool = False  # written with a capital inside the sentence: a name, kept as written
    part: bool = False  # the last word of a compound named before it (a rune-collar's collar)


@dataclass(frozen=True)
class Reading:
    text: str
    kind: str
    acts: tuple[tuple[str, float], ...]  # best first
    purpose: str = ""  # the act of a purpose clause ("so the men go to look": distract)
    while_: str = ""  # a timing clause, as written ("while they argue")
    things: tuple[Thing, ...] = ()
    attribute: str = ""  # body / mind / aura, "" when the words imply none

    @property
    def act(self) -> str:
        return self.acts[0][0] if self.acts else ""

    @property
    def declared_attribute(self) -> str:
        """The attribute to declare the words with when the player named none: the implied one
        when a verb or a phrase says the act (a thing named alone, "the broken latch", is too
        little to choose by: "" then, and the player is asked)."""
        return self.attribute if self.acts and self.acts[0][1] >= SAID else ""

    def top(self, n: int = 2, floor: float = 0.5) -> list[str]:
        """The first ``n`` acts whose score is at least ``floor`` of the best."""
        best = self.acts[0][1] if self.acts else 0
        return [a for a, s in self.acts[:n] if s >= best * floor]

    @property
    def lemmas(self) -> frozenset[str]:
        return frozenset(t.lemma for t in self.things)

    @property
    def thing_kinds(self) -> frozenset[str]:
        return frozenset().union(*(t.kinds for t in self.things))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(t.text for t in self.things if t.name)


# the least score of an act said by a verb, a phrase or a purpose ("so they go to look"); a
# thing named alone scores less (0.8)
SAID = 1.0
_WH = frozenset("who what where when why how which whose whom".split())
_AUX = frozenset("is are was were do does did can could will would shall should may might have has "
                 "had am isn't aren't don't doesn't didn't can't won't".split())
_SPEECH = frozenset("tell whisper claim insist say swear assure inform warn shout cry sob".split())
# verbs of asking: what follows is the question asked ("I ask Willow whether the last one who
# went up the hill came back": nobody climbs), or the deed asked for ("ask them to let me pass")
_ASKING = frozenset("ask inquire enquire query question".split())
# verbs of pretence: what follows is the part played ("pretend to be a drunk looking for his
# house": nobody searches)
_PRETENCE = frozenset("pretend feign".split())
_REPORTING = _SPEECH | _ASKING | _PRETENCE
# a verb of perceiving with one of these after it is a deed of looking, not a state ("I look
# around the room", "I feel along the wall" against "I look tired", "I feel sick")
_SEEKING = frozenset("around about for under behind beneath inside into through along over at "
                     "out".split())


def _is_noun(word: str) -> bool:
    found = getAllLemmas(word.lower())
    return not found or "NOUN" in found or "PROPN" in found


def _is_verb(word: str) -> bool:
    return "VERB" in getAllLemmas(word.lower()) or "AUX" in getAllLemmas(word.lower())


@lru_cache(maxsize=4096)
def kinds_of(lemma: str) -> frozenset[str]:
    """The kinds of a thing ("watchdog": dog, animal), a compound read by its last known word."""
    index = _kind_index()
    out = set(index.get(lemma, ()))
    if not out:
        for cut in range(3, len(lemma) - 2):  # watchdog: watch + dog; elephant: no "eleph"
            head, tail = lemma[:cut], lemma[cut:]
            if tail in index and len(tail) >= 3 and getAllLemmas(head):
                out |= index[tail]
                break
        if "-" in lemma:
            out |= kinds_of(lemma.rsplit("-", 1)[1])
    return frozenset(out)


def _lemma(tok: Token) -> str:
    """The one dictionary form a thing is known by: the noun's own lemma when it has one."""
    word = re.sub(r"['’]s$", "", tok.low).strip("'’")  # "the golem's runes": a golem
    found = getAllLemmas(word)
    if "NOUN" in found:
        return found["NOUN"][0].lower()
    if found:
        return sorted(next(iter(found.values())))[0].lower()
    return word


def _reported(toks: list[Token]) -> list[Token]:
    """The tokens less what a speech verb reports ("I sob that I'm looking for my mother": the
    looking is what is said, not what is done), up to a deed of the speaker's own after it
    ("... his dice are loaded and start a quarrel": the quarrel is done)."""
    for i, t in enumerate(toks):
        if not (t.lemmas & _REPORTING) or i + 1 >= len(toks):
            continue
        for j in range(i + 2, len(toks)):
            if toks[j].low == "and" and j + 1 < len(toks) and base_verb(toks[j + 1].low) \
                    and toks[j + 1].low not in ("i", "we"):
                return toks[:i + 1] + toks[j:]
        return toks[:i + 1]
    return toks


NOUN = 0.8  # what naming a thing says of an act ("a bribe", "the lock")
PHRASE = 2.5  # what a phrase of an act's own says of it ("make camp", "look the other way")


def _act_scores(toks: list[Token], text: str, weight: float = 1.0) -> dict[str, float]:
    """How strongly each act class is said in the tokens: a phrase 2.5 (2.4 with words between),
    a verb 1.6 (first verb 2.0), a noun 0.8; the words a phrase used count once."""
    lex = lexicon()
    scores: dict[str, float] = {}
    used: set[int] = set()
    said = []  # (words between, positions, class) of each phrase said
    for name, a in lex.act.items():
        for ph in a.phrases:
            n = len(tokens(ph))
            at = find_words(toks, ph, gap=3 if n > 1 else 0) if n > 1 else ()
            if at and not modifies(toks, at[0]):
                said.append((at[-1] - at[0] + 1 - len(at), at, name))
    # two phrases on the same words: the one said whole wins ("go looking for the bard" says
    # "look for", a search, not "go for" around "looking", an attack)
    for gap, at, name in sorted(said, key=lambda x: x[0]):
        if not used & set(at):  # (words between: a little less plainly said)
            scores[name] = max(scores.get(name, 0), (PHRASE - (0.1 if gap else 0)) * weight)
            used.update(at)
    verbs, nouns, tools = _index("verbs"), _index("nouns"), _index("tools")
    first_verb, used_tools = True, set()
    for i, t in enumerate(toks):
        if i in used or t.low in STOP:
            continue
        prev = toks[i - 1].low if i else ""
        determined = prev in ("a", "an", "the", "my", "his", "her", "their", "our", "your", "its",
                              "some", "of")
        hit = False
        if not determined and verbish(toks, i, text):
            for lemma in t.lemmas:
                for act in verbs.get(lemma, ()):
                    s = (2.0 if first_verb else 1.6) * weight
                    scores[act] = max(scores.get(act, 0), s)
                    hit = True
        if hit:
            first_verb = False
            continue
        if determined and t.low.endswith("ed"):  # "the drugged sausage", "the poisoned meat"
            for lemma in t.lemmas:
                for act in verbs.get(lemma, ()):
                    scores[act] = max(scores.get(act, 0), 1.4 * weight)
        for lemma in t.lemmas:
            for act in nouns.get(lemma, ()):
                scores[act] = max(scores.get(act, 0), NOUN * weight)
        for act in _agent(t.low):  # "a born haggler": one who haggles
            scores[act] = max(scores.get(act, 0), 1.2 * weight)
        if any(x.low in ("with", "using") for x in toks[max(0, i - 4):i]):  # the tool: how it
            used_tools |= {a for k in kinds_of(_lemma(t)) for a in tools.get(k, ())}  # is done
    named = {w for t in toks for w in (*t.lemmas, *kinds_of(_lemma(t)))} if used_tools else ()
    for act in used_tools:  # a tool says the act done to a thing of it (a latch, a padlock)
        if act in scores or set(named) & set(lex.act[act].nouns):
            scores[act] = max(scores.get(act, 0), 2.6 * weight)
    for act in gone_into(toks, lambda t: kinds_of(_lemma(t)),  # "melt into the ivy": hiding
                         {n: a.into for n, a in lex.act.items() if a.into}, _thrown(toks)[1]):
        scores[act] = max(scores.get(act, 0), 2.6 * weight)
    moves = lex.by_kind.get("gives_way", {})
    for i, t in enumerate(toks):  # "lift the inside latch": a fastening moved is unlocked
        for name, a in lex.act.items():
            if any(t.lemmas & set(moves.get(k, ())) and any(
                    k in kinds_of(_lemma(x)) for x in toks[i + 1:i + 4]) for k in a.moved):
                scores[name] = max(scores.get(name, 0), 2.6 * weight)
    for act in gone_into(toks, lambda t: kinds_of(_lemma(t)),  # "over the coping": climbing,
                         {n: a.up for n, a in lex.act.items() if a.up}, _thrown(toks)[1], UP):
        scores[act] = max(scores.get(act, 0), 1.8 * weight)  # under a first verb ("I look over")
    return scores


@lru_cache(maxsize=4096)
def _agent(word: str) -> tuple[str, ...]:
    """The acts of an agent noun: haggler (haggle), liar (lie), climber (climb), runner (run)."""
    if len(word) < 5 or not word.endswith(("er", "ar", "or")):
        return ()
    verbs = _index("verbs")
    for base in (word[:-2], word[:-1], word[:-2] + "e", word[:-3]):
        if base in verbs:
            return tuple(verbs[base])
    return ()


# acts said to someone (a coin given, a plea): a purpose of theirs is what is bought or asked
_GIVING = frozenset({"bribe", "persuade", "command", "threaten"})
def _thrown(toks: list[Token]) -> tuple[str, int]:
    """Where the words throw a thing: "place" or "being", and where it flies (see
    :func:`companion.story.thrown.thrown`)."""
    th = lexicon().throw
    return thrown(toks, frozenset(th.verbs), frozenset(th.towards),
                  lambda t, i: (t.capital and i > 0) or bool(kinds_of(_lemma(t)) & set(th.beings)))


def _purpose_act(purpose: str, thrown: bool = False) -> str:
    """The act a purpose clause stands for: another's attention drawn (distract), else its own.
    After a thing ``thrown`` at a place, others moved at all ("so their lantern swings that way")
    is what the throw is for."""
    if not purpose:
        return ""
    toks = tokens(purpose)
    if not toks:
        return ""
    lex = lexicon()
    others = toks[0].low not in ("i", "we") and not purpose.lower().startswith(("to ", "i ", "we "))
    if others and thrown and toks[0].low != "it":
        return "distract"
    if others:
        for w in lex.purpose.attention:
            if find(toks, w) >= 0:
                return "distract"
    scores = _act_scores(toks, purpose)
    return max(scores, key=scores.get) if scores else ""


def _things(toks: list[Token], skip: set[int]) -> tuple[Thing, ...]:
    out: list[Thing] = []
    seen: set[str] = set()
    for i, t in enumerate(toks):
        if i in skip or t.low in STOP or len(t.low) < 3:
            continue
        name = t.capital and i > 0 and toks[i - 1].text not in (".", "!", "?")
        if not name and not _is_noun(t.low):
            continue
        written = re.sub(r"['’]s?$", "", t.text) if name else t.text  # "Marta's": Marta
        lemma = written.lower() if name else _lemma(t)
        if lemma in seen:
            continue
        seen.add(lemma)
        out.append(Thing(written, lemma, kinds_of(lemma), bool(name)))
        if "-" in lemma and not name:  # a rune-collar is a collar too
            head = lemma.rsplit("-", 1)[1]
            if len(head) >= 3 and head not in seen and head not in STOP:
                seen.add(head)
                out.append(Thing(head, head, kinds_of(head), part=True))
    return tuple(out)


def _verb_positions(toks: list[Token]) -> set[int]:
    """Token positions read as the acts' verbs (not things)."""
    verbs = _index("verbs")
    out = set()
    for i, t in enumerate(toks):
        prev = toks[i - 1].low if i else ""
        if prev in ("a", "an", "the", "my", "his", "her", "their", "our", "your", "its", "some"):
            continue
        if any(lemma in verbs for lemma in t.lemmas) and _is_verb(t.low):
            if prev in ("i", "we", "and", "to", "then", "they", "he", "she") or i == 0 or \
                    (i > 0 and toks[i - 1].capital):
                out.add(i)
    return out


def _never_done(text: str, m: re.Match) -> bool:
    """Whether a "never" that matched is told of the past ("I never sold the mule", "she never
    knew her father"): what was, not a vow of what will be."""
    if not m.group(0).lower().endswith("never"):
        return False
    nxt = re.match(r"\s+([A-Za-z'’-]+)", text[m.end():])
    return bool(nxt) and past(nxt.group(1))


def kind_of(text: str, names: tuple[str, ...] = ()) -> str:
    """What kind of words: question, stake, vow, deed or remark (see :data:`KINDS`)."""
    t = " ".join(text.split()).strip().strip("“”\"'")
    if not t:
        return "remark"
    toks = tokens(t)
    if not toks:
        return "remark"
    low = t.lower()
    first = toks[0].low
    if t.rstrip().endswith("?") or (first in _WH | _AUX and len(toks) > 2 and first != "let"
                                    and not (first in _AUX and toks[1].low in ("i", "we"))):
        return "question"
    if first in ("if", "unless", "should") or low.startswith(("whatever happens", "no matter")):
        return "stake"
    # a commitment: I/we bound to what comes ("I will", "I'll", "I swear", "I won't", "never"),
    # a hero's reported oath ("Wren swears to ..."), "so long as" tying a vow to its price
    hero = {n.lower() for n in names}
    subj_first = first in ("i", "we") or low.startswith(("i'll", "we'll", "i'm going to"))
    if re.search(r"(?i)\b(?:swear|swears|swore|vow|vows|vowed|promise|promises|promised)\b", t):
        subject = toks[0]
        if subject.low in ("i", "we") or subject.capital:
            return "vow"
    narrator = first in ("she", "he", "they") or first in hero  # the player telling the hero
    m = re.match(r"(?i)\S+(?:'ll|\s+will|\s+shall|\s+won't|\s+will not|\s+must|"
                 r"\s+is going to|\s+never)\b", t)
    if narrator and m and not _never_done(t, m):
        return "vow"
    m = re.search(r"(?i)\b(?:I|we)(?:'ll|\s+will|\s+shall|\s+won't|\s+will not|\s+shall not|"
                  r"\s+must|\s+am going to|\s+never)\b", t)
    if m and not _never_done(t, m):
        return "vow"
    if re.search(r"(?i)\bso long as\b|\bwhatever it costs\b|\bor die\b|\bat any cost\b", t) and \
            re.search(r"(?i)\b(?:I|me|my|we|us)\b", t):
        return "vow"
    if re.match(r"(?i)(?:let|nothing will)\b", t) and re.search(r"(?i)\b(?:me|my|I)\b", t):
        return "vow"
    # a deed: the hero (I, we, or a name) doing something now; past, stative or another's words
    # are remarks
    verb_at = 1
    if subj_first:
        verb_at = 1
    elif toks[0].capital and (toks[0].low in hero or first not in STOP) and not \
            (len(toks) > 1 and toks[1].low in ("'s",)):
        verb_at = 1
        if len(toks) > 2 and toks[1].capital:  # "Old Hobb", "Auntie Bree"
            verb_at = 2
    else:
        return "remark"
    while verb_at < len(toks) and toks[verb_at].low in ("still", "just", "always", "then",
                                                        "quickly", "slowly", "quietly", "now"):
        verb_at += 1
    if verb_at >= len(toks):
        return "remark"
    v = toks[verb_at]
    if v.low in ("will", "would", "may", "might", "could", "should", "can", "must", "shall"):
        return "remark"  # another's future or a maybe: a prediction, not a deed
    if v.low.endswith("'s") or toks[0].text.endswith(("'s", "’s")):
        return "remark"
    found = getAllLemmas(v.low)
    if "VERB" not in found and "AUX" not in found:
        return "remark"
    lemma = found.get("VERB", found.get("AUX", ("",)))[0]
    stative = {"be", "know", "have", "remember", "think", "feel", "believe", "love", "hate", "like",
               "wish", "doubt", "fear", "understand", "see", "seem", "look", "smell", "taste",
               "grow", "was", "sound", "hope", "mean", "want", "need"}
    seeking = lemma in ("look", "feel", "smell", "listen") and verb_at + 1 < len(toks) and \
        toks[verb_at + 1].low in _SEEKING
    if (lemma in stative and not seeking) or v.low in ("was", "were", "had", "did", "said"):
        return "remark"
    past = v.low != lemma and not v.low.endswith("s") and v.low not in ("s",)
    if subj_first and v.low != lemma and v.low not in ("am",):
        return "remark"  # "I was", "I grew up": a past told, not a deed now
    if not subj_first and past:
        return "remark"
    return "deed"


def answer(text: str) -> bool | None:
    """The answer the words give to a yes-or-no choice: the last yes or no word said
    (``acts.toml`` [answer]; a word ending in n't is a no), or None when there is none."""
    lex = lexicon().answer
    yes, no = set(lex.get("yes", ())), set(lex.get("no", ()))
    said = None
    for w in re.findall(r"[a-z'’]+", (text or "").lower()):
        if w in yes:
            said = True
        elif w in no or w.endswith(("n't", "n’t")):
            said = False
    return said


# the act classes that answer an offer or a choice of accept or decline: agreeing is a yes;
# turning down, or keeping what is asked ("I'd rather keep my wyrms"), a no
ASSENT = {"agree": True, "turn_down": False, "keep": False}


def assent(r: "Reading") -> bool | None:
    """The yes or no words give to an offer: the first act of agreeing or refusing read in them,
    else the last yes or no word said (:func:`answer`); None when they give neither."""
    return next((ASSENT[a] for a, _ in r.acts if a in ASSENT), answer(r.text))


@lru_cache(maxsize=4096)
def read(text: str, names: tuple[str, ...] = ()) -> Reading:
    """A sentence (or a few) read: see :class:`Reading`. ``names`` are the story's own names
    (cast, places), kept as written."""
    raw = " ".join((text or "").split())
    kind = kind_of(raw, names)
    main, purpose, while_ = split_clauses(raw)
    mtoks = tokens(main)
    scores = _act_scores(_reported(mtoks), main)
    # "tell him (that) a rival paid me": a claim made to someone is a lie told; "tell them to
    # let me pass" / "ask them to" is a plea
    for i, t in enumerate(mtoks):
        if t.lemmas & (_SPEECH | _ASKING) and i + 1 < len(mtoks):
            nxt = [x.low for x in mtoks[i + 1:i + 5]]
            bids = any(a == "to" and base_verb(b) and b not in STOP for a, b in zip(nxt, nxt[1:]))
            if bids:  # "tell them to let me pass", "ask him to row us over": a plea
                scores["persuade"] = max(scores.get("persuade", 0), 2.1)
            elif t.lemmas & _ASKING:  # a question put to someone is talk
                scores["talk"] = max(scores.get("talk", 0), 2.1)
            elif "nothing" not in nxt and claims([x.low for x in mtoks[i + 1:i + 8]]):
                scores["deceive"] = max(scores.get("deceive", 0), 2.6)
            break
    at_place = _thrown(mtoks)[0] == "place"
    pact = _purpose_act(purpose, at_place)
    if at_place:  # a thing thrown at a place draws eyes there; a coin tossed down a lane is no bribe
        scores = {a: s for a, s in scores.items() if s >= SAID or a not in _GIVING}
        scores["distract"] = max(scores.get("distract", 0), 1.1)
    if pact == "distract" and not (set(scores) & _GIVING):
        scores["distract"] = max(scores.get("distract", 0), max(scores.values(), default=0) + 1.0)
    elif pact and not (pact == "distract" and set(scores) & _GIVING):
        scores[pact] = max(scores.get(pact, 0), 1.0)
    if while_:  # the timing clause is background: its acts count a little
        for a, s in _act_scores(tokens(while_), while_, 0.3).items():
            scores[a] = max(scores.get(a, 0), s)
    acts = lexicon().act
    # "wait", "use", "talk" lead only alone: not beside another act said by a verb or a phrase;
    # a thing merely named ("in the boat") does not silence them ("let the swell rock me to sleep");
    # nor is one said by a phrase of its own silenced ("I bed down ... and let the rain pass")
    if any(not acts[a].weak and s > NOUN for a, s in scores.items()):
        scores = {a: (s * 0.4 if acts[a].weak and s < PHRASE else s) for a, s in scores.items()}
    ranked = tuple(sorted(((a, round(s, 3)) for a, s in scores.items()), key=lambda x: -x[1]))
    skip = _verb_positions(mtoks)
    things = list(_things(mtoks, skip))
    for extra in (purpose, while_):
        if extra:
            etoks = tokens(extra)
            things.extend(t for t in _things(etoks, _verb_positions(etoks))
                          if t.lemma not in {x.lemma for x in things})
    for n in names:  # the story's own names, as the story writes them
        low = n.lower()
        for i, th in enumerate(things):
            if th.lemma == low or th.text.lower() == low:
                things[i] = Thing(n, low, th.kinds, True)
    attribute = attribute_of(ranked[0][0]) if ranked else ""
    return Reading(raw, kind, ranked, pact, while_, tuple(things), attribute)


# -- comparing readings ----------------------------------------------------------------------------

_BROAD = frozenset({"place", "trouble", "animal", "monster", "family", "quest", "settlement",
                    "body", "cover"})


def shared_things(a: Reading, b: Reading, common: frozenset[str] = frozenset()) -> set[str]:
    """The lemmas both readings name, less the ``common`` ones (things every way here shares)."""
    return (a.lemmas & b.lemmas) - common


def same_things(a: Reading, b: Reading, common: frozenset[str] = frozenset()) -> set[str]:
    """:func:`shared_things` less the words that name only a side, a sense or a quality of
    something (things.toml [aspect]): "the smell of the sausage" and "the sour smell" share a
    word, not a thing; "I wave the sausage" shares the sausage."""
    return shared_things(a, b, common) - {w for ws in lexicon().aspects.values() for w in ws}


def shared_kinds(a: Reading, b: Reading) -> set[str]:
    """The narrow kinds of thing both name (dog, book, rope...), not the broad ones (animal...)."""
    return set((a.thing_kinds & b.thing_kinds) - _BROAD)


def families(r: Reading, n: int = 2) -> set[str]:
    return {family(a) for a in r.top(n)} - {""}


@dataclass
class Fit:
    """Whether two readings meet (a Trait and an action), and why or why not, in words."""

    fits: bool
    why: str = ""
    acts: list[str] = field(default_factory=list)
    about: str = ""  # what the Trait is about, in words ("climbing")
    doing: str = ""  # what the action is, in words ("lying")


def describe_acts(r: Reading, n: int = 2) -> str:
    """The acts of a reading in plain words ("lying or talking someone round")."""
    words = {"distract": "drawing eyes away", "climb": "climbing", "descend": "climbing down",
             "sneak": "moving unseen", "hide": "hiding", "deceive": "lying", "trick": "tricks",
             "persuade": "talking someone round", "bribe": "paying someone off", "threaten":
             "threats", "command": "commands", "talk": "talking", "fight": "fighting", "defend":
             "defending", "search": "searching", "study": "reading and thinking", "unlock":
             "locks", "force": "force", "poison": "poisons", "calm": "calming", "flee": "running",
             "dodge": "dodging", "escape": "breaking free", "endure": "holding out", "steal":
             "stealing", "use": "using things", "help": "helping", "heal": "healing", "swim":
             "swimming", "wait": "waiting", "cross": "crossing", "travel": "going on your way",
             "rest": "resting", "learn": "learning", "attempt": "putting yourself to the test",
             "yield": "standing aside", "wager": "wagering", "agree": "agreeing",
             "turn_down": "turning an offer down", "exchange": "trading",
             "keep": "keeping what is yours"}
    acts = [words.get(a, a) for a in r.top(n)]
    things = [t.text for t in r.things if not t.part][:2]
    if not acts and things:
        return " and ".join(things)
    if not acts:
        return "something else"
    return " or ".join(acts)


def trait_fits(trait: str, action: Reading, context: Reading | None = None,
               acts: tuple[str, ...] = ()) -> Fit:
    """Does a Trait (its own words) fit what the character does? By the kind of deed (a talker's
    Trait for a lie, a plea or a bribe), or by the things both name (hounds and dogs). ``acts``
    are the act classes the game's own data gives the way taken (a way over a wall by a tree, a
    drain or a crack is a search and a climb): a Trait of one of them, or of its family, fits."""
    rt = read(trait)
    both = [action] + ([context] if context else [])
    fam_t = {family(a) for a, _ in rt.acts} - {""}
    acts_t = {a for a, _ in rt.acts}
    if acts_t & set(acts) or fam_t & ({family(a) for a in acts} - {""}):
        return Fit(True)
    for r in both:
        if acts_t & set(r.top(2)) or fam_t & families(r):
            return Fit(True)
        if shared_kinds(rt, r) or shared_things(rt, r):
            return Fit(True)
    about, doing = (describe_acts(rt) if rt.acts else ""), describe_acts(action)
    return Fit(False, refusal(trait, about, f"here you are {doing}"),
               [a for a, _ in rt.acts], about, doing)


def refusal(trait: str, about: str, here: str) -> str:
    """Why a Trait does not fit, in words: what it is about, or (when its words name no deed
    the layer knows, "soft-footed") that it does not say what is done here."""
    if about:
        return f"“{trait}” is about {about}, and {here}"
    return f"“{trait}” says nothing of that: {here}"
