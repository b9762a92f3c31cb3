"""What a person of the adventure answers when asked (Willow, the other Nightblades): the question
is read on the reading layer (:func:`companion.story.asking.asked`: what it names, what it asks of
it: a want, a fear, a way), and answered from the adventure's ``[[lore]]`` (what its people know,
never a GM secret) or from who the Nightblades are; about anything else, an honest "I don't know"
that names what was asked about, in the player's own words. "" when the words ask nothing of
anything (the scene's own replies answer then)."""
from __future__ import annotations

import re

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


def answer(question: str, speaker: str, view: dict, rules: Rules | None = None) -> str:
    """``speaker``'s answer to ``question`` (a line of speech, quoted), from what the adventure
    knows; "" when the words are no question or name nothing to answer about."""
    rules = rules or load()
    if not is_question(question):
        return ""
    ours = [c.get("name", "") for c in view.get("characters", [])]
    names = tuple(n for n in [*ours, speaker.title(), *(p.name for p in rules.adv.premade)] if n)
    a = asked(question, names)
    asks = set(a.asks) or ({_WH_ASKS[a.wh]} if a.wh in _WH_ASKS else set())
    words = {w for fam in families().values() for w in fam}
    who = speaker.title()
    mine = {n.lower() for n in ours} | {speaker.lower()}
    things = _heads(question, [t for t in a.about if t.lemma not in mine | words]) or \
        _heads(question, [t for t in a.things if t.lemma not in mine | words])
    if not things:
        return ""
    for t in things:
        if a.wh == "how" and re.search(rf"(?i)\bto\s+(?:\w+\s+)?{re.escape(t.text)}\b", question):
            asks = asks | {"way"}  # "how do I get to the villa?"
        known = [lv for lv in rules.lore if _names(lv, t)]
        if known:
            fitting = [lv for lv in known if lv.asks and lv.asks in asks]
            if fitting:
                return _said(fitting[0].text, who)
            general = next((lv for lv in known if not lv.asks), None)
            ask = next(iter(sorted(asks)), "")
            if ask and general is not None:  # asked what the adventure does not know of it
                x = _DONT_KNOW[ask].format(x=_phrase(question, t))
                return _said(f"{x[:1].upper()}{x[1:]}, I don't know. {general.text}", who)
            if general is not None:
                return _said(general.text, who)
        friend = next((p for p in rules.adv.premade if p.name.lower() == t.lemma), None)
        if friend is not None:
            return _said(f"{friend.name}? {friend.concept[:1].upper()}{friend.concept[1:]}. "
                         "You know that as well as I do.", who)
    x = _phrase(question, things[0])
    return _said(f"{x[:1].upper()}{x[1:]}? I don't know anything about {x}.", who)


def _heads(question: str, things: list[Thing]) -> list[Thing]:
    """The things less those that only name which one ("the baker's daughter": the daughter;
    "the gate lantern": the lantern): a thing written just before another."""
    low = question.lower()
    out = []
    for i, t in enumerate(things):
        nxt = things[i + 1] if i + 1 < len(things) else None
        if nxt is not None and re.search(rf"\b{re.escape(t.text.lower())}\s+{re.escape(nxt.text.lower())}\b", low):
            continue
        out.append(t)
    return out


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
    if t.name:
        return t.text
    toks = tokens(question)
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
