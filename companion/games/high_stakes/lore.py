"""What a person of the adventure answers when asked (Willow, the other Nightblades): the question
is read on the reading layer (:func:`companion.story.asking.asked`: what it names, what it asks of
it: a want, a fear, a way), and answered from the adventure's ``[[lore]]`` (what its people know,
never a GM secret) or from who the Nightblades are; about anything else, an honest "I don't know"
that names what was asked about, in the player's own words. "" when the words ask nothing of
anything (the scene's own replies answer then)."""
from __future__ import annotations

import re

from lemminflect import getAllLemmas

from companion.story.asking import asked, families
from companion.story.lemmas import tokens
from companion.story.reading import Thing, kind_of, read

from .data import Lore, Rules, load

# what a question word asks, where its words say nothing more ("where is the villa?": the way)
_WH_ASKS = {"where": "way"}
_DETERMINERS = frozenset("the a an this that these those his her their your my our its".split())
_MINE = {"my": "your", "our": "your", "me": "you", "i": "you"}
_DONT_KNOW = {"fear": "what {x} is afraid of", "want": "what {x} wants", "way": "the way to {x}",
              "news": "any news of {x}", "": "{x}"}


_ASKED = re.compile(r"(?i)\b(?:ask|asks|asked|asking|wonder|inquire|enquire)\b(?:\s+[\w'’]+){0,3}?\s+"
                    r"(?:what|who|whom|whose|where|when|why|how|which|whether|if|about)\b")


def is_question(text: str) -> bool:
    """Words put as a question ("Willow, who is Lisius?"), or a question asked ("I ask Willow
    what ...", "... about the dogs"); a favour asked ("ask her for one more night", "ask Wind to
    lend me his knife") is no question."""
    return kind_of(text) == "question" or text.rstrip().endswith("?") or bool(_ASKED.search(text))


def asked_of(text: str, view: dict, rules: Rules | None = None) -> str:
    """Who of the scene's people the words speak to: the first one named (by the scene's
    ``replies``) who is not a player's own character; "" when none is named."""
    rules = rules or load()
    scene = rules.scenes.get((view.get("scene") or {}).get("id", ""))
    ours = {c["name"].lower() for c in view.get("characters", [])}
    low = text.lower()
    hits = sorted((m.start(), n) for n in (scene.replies if scene else ()) if n not in ours
                  for m in [re.search(rf"\b{re.escape(n)}\b", low)] if m)
    return hits[0][1] if hits else ""


def known(view: dict, rules: Rules | None = None) -> str:
    """What the one the current declaration asks knows of what was asked, from the adventure's
    ``[[lore]]`` (the offline GM's answer, and what a model GM is shown to answer from); ""
    when the words ask no one named anything."""
    rules = rules or load()
    text = ((view.get("scene") or {}).get("declaration") or {}).get("text", "")
    who = asked_of(text, view, rules) if text else ""
    return answer(text, who, view, rules) if who else ""


def answer(question: str, speaker: str, view: dict, rules: Rules | None = None) -> str:
    """``speaker``'s answer to ``question`` (a line of speech, quoted), from what the adventure
    knows, each of its questions in turn ("what the mage is afraid of, and whether the Red
    Sleeves know my face"); "" when the words are no question or name nothing to answer about."""
    rules = rules or load()
    if not is_question(question):
        return ""
    ours = [c.get("name", "") for c in view.get("characters", [])]
    names = tuple(n for n in [*ours, speaker.title(), *(p.name for p in rules.adv.premade)] if n)
    told: list[str] = []
    for clause in _CLAUSES.split(_what_is_asked(question)):
        for line in _answered(clause, speaker, ours, names, rules):
            if line not in told:
                told.append(line)
    return _said(" ".join(told[:4]), speaker.title()) if told else ""


def _what_is_asked(question: str) -> str:
    """The words of a question asked ("I tug Willow's sleeve and ask whether the mage keeps a
    cat": whether the mage keeps a cat; "... and ask her about the dogs": about the dogs, read
    from the asking verb); the deed before the asking is not asked about (her sleeve)."""
    m = _ASKED.search(question)
    if m is None:
        return question
    wh = m.group(0).split()[-1]
    return question[m.start():] if wh.lower() == "about" else question[m.end() - len(wh):]


# where one question ends and the next begins: "..., and whether ...", "... or where ..."
_CLAUSES = re.compile(r"(?i)(?:\s*[,;]\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)"
                      r"(?=(?:what|who|where|when|why|how|which|whether|if)\b)")


def _answered(clause: str, speaker: str, ours: list[str], names: tuple[str, ...],
              rules: Rules) -> list[str]:
    """The answer to one question: what is known of each thing it asks about, and an honest
    "I don't know" of the one asked about that nobody here knows."""
    a = asked(clause, names)
    asks = set(a.asks) or ({_WH_ASKS[a.wh]} if a.wh in _WH_ASKS else set())
    words = {w for fam in families().values() for w in fam}
    mine = {n.lower() for n in ours} | {speaker.lower()}
    asked_of = [t for t in a.about if t.lemma not in mine | words]
    things = _heads(clause, asked_of or [t for t in a.things if t.lemma not in mine | words])
    told: list[str] = []
    unknown: list[Thing] = []
    for t in things:
        line = _known(clause, t, a.wh, asks, rules)
        if line is None:
            unknown.append(t)
        elif line not in told:
            told.append(line)
    yes_no = re.match(r"(?i)\s*(?:whether|if)\s+(.+)", clause) or re.match(
        r"(?i)\s*(?:[A-Z][\w'’-]*,\s*)?(?:do|does|did)\s+(.+)", clause)  # "do the dogs bite?"
    if yes_no and told:  # "whether the Red Sleeves know my face": not known; what is, is told
        said = " ".join(_MINE.get(w.lower(), w) for w in yes_no.group(1).rstrip(" ?.").split())
        return [f"Whether {said}, I can't say.", *told]
    # a thing asked about that nobody here knows: said so, by its name (one named only in
    # passing beside what is known, "the villa at night", is left alone)
    known_of = [t for t in asked_of if t not in unknown]
    said_so = [t for t in unknown if not told or (t in asked_of and not known_of) or re.search(
        rf"(?i)\b(?:his|her|their|its|my|our|your)\s+(?:[\w'’-]+\s+)?{re.escape(t.text)}\b", clause)]
    if said_so:
        x = _phrase(clause, said_so[0])
        told.insert(0, f"{x[:1].upper()}{x[1:]}? I don't know anything about {x}.")
    return told


def _known(question: str, t: Thing, wh: str, asks: set[str], rules: Rules) -> str | None:
    """What the adventure's people know of ``t``, for what is asked of it (a want, a fear, a
    way; an honest "I don't know" for what is not known of it, then what is); None when they know
    nothing of it."""
    if wh == "how" and re.search(rf"(?i)\bto\s+(?:\w+\s+)?{re.escape(t.text)}\b", question):
        asks = asks | {"way"}  # "how do I get to the villa?"
    known = [lv for lv in rules.lore if _names(lv, t)]
    if known:
        fitting = [lv for lv in known if lv.asks and lv.asks in asks]
        if fitting:
            return fitting[0].text
        general = next((lv for lv in known if not lv.asks), None)
        ask = next(iter(sorted(asks)), "")
        if ask and general is not None:  # asked what the adventure does not know of it
            x = _DONT_KNOW[ask].format(x=_phrase(question, t))
            return f"{x[:1].upper()}{x[1:]}, I don't know. {general.text}"
        if general is not None:
            return general.text
    friend = next((p for p in rules.adv.premade if p.name.lower() == t.lemma), None)
    if friend is not None:
        return f"{friend.name}? {friend.concept[:1].upper()}{friend.concept[1:]}. You know that " \
            "as well as I do."
    return None


def _heads(question: str, things: list[Thing]) -> list[Thing]:
    """The things less those that only name which one ("the baker's daughter": the daughter;
    "the gate lantern": the lantern): a thing written just before another."""
    low = question.lower()
    out = []
    for i, t in enumerate(things):
        nxt = things[i + 1] if i + 1 < len(things) else None
        prev = things[i - 1] if i else None
        if prev is not None and _verb_after(low, prev, t):
            continue  # "the mage keeps": a deed of the mage, not a thing
        if not t.name and "ADV" in getAllLemmas(t.text.lower()) and len(things) > 1:
            continue  # "my face now", "the walls tonight": when, not what
        if nxt is not None and re.search(rf"\b{re.escape(t.text.lower())}\s+{re.escape(nxt.text.lower())}\b", low) \
                and not _verb_after(low, t, nxt):
            continue
        out.append(t)
    return out


def _verb_after(low: str, first: Thing, second: Thing) -> bool:
    """``second`` written right after ``first`` as its verb ("the mage keeps", "the dogs bite"):
    a word that is also a verb, in its -s form (or any form after a plural), after a word that is
    no possessive."""
    together = re.search(rf"\b{re.escape(first.text.lower())}\s+{re.escape(second.text.lower())}\b", low)
    word = second.text.lower()
    plural = first.text.lower().endswith("s") and not first.text.lower().endswith("ss")  # dogs bite
    return bool(together) and not first.text.endswith(("'s", "’s")) \
        and (word.endswith("s") or plural) and "VERB" in getAllLemmas(word)


def _names(lv: Lore, t: Thing) -> bool:
    """Does a lore entry name the thing asked about (by the adventure's own names, as lemmas)?"""
    for name in lv.about:
        last = read(name).things
        lemma = last[-1].lemma if last else name.lower()
        if t.lemma in (lemma, name.lower()):
            return True
    return False


def _phrase(question: str, t: Thing) -> str:
    """The thing asked about as the player wrote it, with what comes before it in its noun
    phrase ("the baker's daughter"), said back by another ("my brother": "your brother")."""
    toks = tokens(question)
    if t.name:  # "the Red Sleeves": the whole name, with its article
        at = next((i for i, x in enumerate(toks) if x.text == t.text), -1)
        start = at
        while start > 0 and toks[start - 1].capital and toks[start - 1].low not in ("i",):
            start -= 1
        words = [x.text for x in toks[start:at + 1]] if at >= 0 else [t.text]
        if start > 0 and toks[start - 1].low == "the":
            words.insert(0, "the")
        return " ".join(words)
    at = next((i for i, x in enumerate(toks) if x.low == t.text.lower()
               or x.low.startswith(t.text.lower())), -1)
    if at < 0:
        return f"the {t.text}"
    start = at
    for j in range(at - 1, max(-1, at - 4), -1):
        if toks[j].low in _DETERMINERS:
            start = j
            break
    words = [_MINE.get(x.low, x.text) for x in toks[start:at + 1]]
    if start == at:
        words = ["the", *words]
    return " ".join(words)


def _said(text: str, who: str) -> str:
    """Speech, then who said it: “A merchant from abroad,” says Willow."""
    text = text.rstrip()
    return f"“{text[:-1]},” says {who}." if text.endswith(".") else f"“{text}” says {who}."
