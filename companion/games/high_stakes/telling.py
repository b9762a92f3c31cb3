"""How the story tells a move the offline player wrote, a failure and a pile of complications:
plain text functions the narrator (narrate.py) uses, no state of their own.

* The autoplay player writes as the hero speaks ("I hide in the drain until they pass."); the
  story around it is in the third person, so its words are told in the third person with the
  hero's name and pronouns ("Sparrow hides in the drain until they pass."). A human player's own
  words are never rewritten: only a text the offline player writes is (``own`` says which).
* A failure is told as what happens in the fiction: the adventure's words for the consequence
  without the rules' gloss after them ("You slip from the sill and hurt yourself", not ": -1
  Body"); the numbers stay in the small print.
* Several complications on one roll are one beat, not a list.
"""
from __future__ import annotations

import re
from typing import Any

from companion.story.discourse import QUOTED
from companion.story.template import Character

from .data import load

# Verbs the offline player's lines put after "and" with "I" as their subject ("I toss them the
# meat and wait"): told "and waits".
_AND_VERBS = frozenset(
    "wait climb work run squeeze slip hold lie smile ask plan think look push drop go hide keep "
    "listen make take try come sleep rest bandage doze eat find pick cut crawl tell throw stay "
    "sneak creep pull check climb search remember move rely put stake give reach bluff stab "
    "command strike slash grab bind tie open read call send shout jump dive swing cast fight "
    "distract lure lock close light burn break smash kick spill pour sing whisper talk argue "
    "bargain beg offer hand show point set leave follow watch wake aim whistle wave say scatter "
    "press play wash bite walk hum do lose hurt abort backtrack panic".split())
# Verbs that do not change for "he" or "she": modals and the past tense ("I hoped" is "Ash hoped").
_SAME = frozenset("will would can could must should might may shall did was had went saw knew "
                  "thought found came took made got gave told felt kept left ran held stood sat "
                  "heard said hid fell caught lost won brought bought fought led met slept spent "
                  "swore threw wore woke".split())
_IRREGULAR = {"am": "is", "have": "has", "do": "does", "go": "goes", "don't": "doesn't",
              "can't": "cannot", "won't": "won't"}
_ADVERBS = frozenset("always never just only also still even then first really".split())
_MODALS = frozenset("must can will would could should might may shall".split())
_TOKEN = re.compile(r"\b(I'm|I'll|I've|I'd|I|me|my|mine|myself|and)\b(\s+)?")


def _adverb(word: str) -> bool:
    """A word that is only ever an adverb ("finally", "slowly"), from lemminflect's tables."""
    from lemminflect import getAllLemmas

    return set(getAllLemmas(word.lower())) == {"ADV"}


def _third(verb: str) -> str:
    low = verb.lower()
    if low in _SAME or (low.endswith("ed") and len(low) > 3 and low not in ("need", "feed", "bleed", "speed", "seed", "weed")):
        return verb
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if re.search(r"(s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(text: str, hero: Character, named: bool = False) -> str:
    """``text``, written as the hero speaking ("I ... my ..."), told about the hero: the first
    "I" becomes the name (the pronoun when the hero was ``named`` just before), later ones the
    pronoun, and the verb after them agrees."""
    pro = hero.pronouns
    plural = False
    words = text.split(" ")
    out: list[str] = []
    i = 0
    subject_verb = False  # the clause's subject is the hero (so "and wait" becomes "and waits")
    while i < len(words):
        w = words[i]
        core = w.strip(".,;:!?")
        tail = w[len(core):] if w.startswith(core) else ""
        lead = out == [] or out[-1].endswith((".", "!", "?"))
        if core in ("I", "I'm", "I'll", "I've", "I'd"):
            subj = pro.they if named else hero.name
            if named and lead:
                subj = subj[:1].upper() + subj[1:]
            plural = pro.plural_verbs and named  # a name takes "climbs", "they" takes "climb"
            named = True
            rest = {"I'm": " is" if not plural else " are", "I'll": " will", "I've": " has" if not plural else " have",
                    "I'd": " would", "I": ""}[core]
            out.append(subj + rest + tail)
            subject_verb = True
            if core == "I" and not tail and i + 1 < len(words):
                j = i + 1
                while j < len(words) - 1 and (words[j].lower() in _ADVERBS or _adverb(words[j])):
                    out.append(words[j])
                    j += 1
                verb = words[j]
                vcore = verb.strip(".,;:!?")
                out.append(verb if plural else verb.replace(vcore, _third(vcore), 1))
                subject_verb = vcore.lower() not in _MODALS  # "must abort and try again"
                i = j + 1
                continue
            i += 1
            continue
        if core in ("me", "Me"):
            out.append(pro.them + tail)
        elif core in ("my", "My"):
            out.append((pro.their.capitalize() if core == "My" else pro.their) + tail)
        elif core in ("mine",):
            out.append(pro.theirs + tail)
        elif core in ("myself",):
            out.append(pro.themself + tail)
        elif subject_verb and not plural and core in _AND_VERBS and out and out[-1].endswith(","):
            # "eats, washes the blood off and sleeps"
            out.append(w.replace(core, _third(core), 1))
        elif core == "and" and subject_verb and not plural and i + 1 < len(words) \
                and words[i + 1].strip(".,;:!?") in _AND_VERBS:
            nxt = words[i + 1]
            vcore = nxt.strip(".,;:!?")
            out.extend([w, nxt.replace(vcore, _third(vcore), 1)])
            i += 2
            continue
        else:
            out.append(w)
        if tail and tail[-1] in ".!?;":
            subject_verb = False
        i += 1
    return " ".join(out)


_YOU_SUBJECT = re.compile(
    r"(^|[,:;]\s*|[.!?]\s+|\b(?:then|and|until|when|if|so|while|before|after|as|that|what|"
    r"whatever|wherever|whoever|however|whichever|where|how|why)\s+)you\b|"
    r"()you(?= (?:were|are|was|will|would|can|could|have|had|must|should|might|do|did)\b)",
    re.I)
# "the three of you", "one of you": the party, not the hero alone
_OF_YOU = re.compile(r"\b(one|two|three|four|five|all|both|each|some|none|either|neither|any|"
                     r"most|the rest) of you\b", re.I)
_PREPOSITIONS = frozenset(
    "to at toward towards behind before after for with from about around over under past of into "
    "onto on upon like than near beside by without against among between through".split())


def _verb_forms(word: str) -> tuple[bool, bool]:
    """(a verb's base form, an inflected verb form) for ``word``, from lemminflect's tables."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word.lower()).get("VERB", ())
    return word.lower() in lemmas, any(x != word.lower() for x in lemmas)


def _subject_you(text: str) -> str:
    """"you" as the subject of a verb after other words ("Around the corner you hear") made
    "I" too, so :func:`third_person` tells it of the hero; "you" after a preposition or an
    inflected verb ("toward you", "saw you") stays an object."""
    words = text.split(" ")
    for i, w in enumerate(words):
        if w != "you" or i == 0 or i + 1 >= len(words):
            continue
        prev, nxt = words[i - 1].lower(), words[i + 1].strip(".,;:!?")
        if prev.strip(".,;:!?") in _PREPOSITIONS or _verb_forms(prev.strip(".,;:!?"))[1]:
            continue
        if _verb_forms(nxt)[0]:
            words[i] = "I"
    return " ".join(words)


def told_of(gm_words: str, hero: Character, named: bool = False) -> str:
    """The GM's words to the player ("you slip from the sill and hurt yourself"), told of the
    hero as the story is ("Ash slips from the sill and hurts himself"); "your" before the hero
    is named is the name's ("he breaks Ash's nerve and Ash tells him too much"). Words in quotes
    are someone's own and stay as said ('Who sent you, child?')."""
    quotes: list[str] = []

    def hide(m: re.Match) -> str:
        quotes.append(m.group(0))
        return f"\x00{len(quotes) - 1}\x00"

    text = QUOTED.sub(hide, gm_words)
    text = _OF_YOU.sub(lambda m: f"{m.group(1)} of them", text)
    text = re.sub(r"\byourself\b", "myself", text)
    first_you = _YOU_SUBJECT.search(text)
    first_your = re.search(r"\b[Yy]our\b", text)
    if first_your and not named and (first_you is None or first_your.start() < first_you.start()):
        text = text[:first_your.start()] + f"{hero.name}'s" + text[first_your.end():]
    text = re.sub(r"\byour\b", "my", text)
    text = re.sub(r"\bYour\b", "My", text)
    text = _YOU_SUBJECT.sub(lambda m: (m.group(1) or m.group(2) or "") + "I", text)
    text = _subject_you(text)
    text = re.sub(r"\byou\b", "me", text)
    first_me = re.search(r"\bme\b", text)
    first_i = re.search(rf"\bI\b|{re.escape(hero.name)}", text)
    if first_me and not named and (first_i is None or first_me.start() < first_i.start()):
        # the hero first met as an object is named ("She tells Sparrow", not "She tells her")
        text = text[:first_me.start()] + hero.name + text[first_me.end():]
        named = True
    text = re.sub(r"\bI are\b", "I am", text)
    text = re.sub(r"\bI were\b", "I was", text)
    text = third_person(text, hero, named)
    return re.sub(r"\x00(\d+)\x00", lambda m: quotes[int(m.group(1))], text)


def fiction(consequence_text: str, summary: str) -> str:
    """The adventure's words for a consequence without the rules' gloss ("Its tentacles wrap
    you: captured, imprisoned or trapped: ..." -> "Its tentacles wrap you"); "" when the text is
    only the rules' summary."""
    text = consequence_text.strip().rstrip(".")
    if not text or text.lower() == summary.strip().rstrip(".").lower():
        return ""
    head = text.split(":")[0].strip()
    if head.lower() == summary.split(":")[0].strip().lower():
        return ""
    return head


_RULES = re.compile(r"\d|\broll\b|\bRest\b|Difficulty")


def gloss_off(text: str) -> str:
    """A complication's words without the rules' gloss after them ("the bite festers: fever and
    pain, -1 Mind" -> "the bite festers"): the effect is in the small print."""
    text = text.strip().rstrip(".")
    head, _, rest = text.partition(":")
    return head.strip() if rest and _RULES.search(rest) else text


def together(texts: list[str]) -> str:
    """Several complications as one run of trouble: "a; b; and then c" (each without its stop and
    without the clause after a colon; past three, "and more besides": the small print lists all)."""
    items = [gloss_off(t) for t in texts if t.strip()]
    if len(items) <= 1:
        return items[0] if items else ""
    items = [t.split(":")[0] if len(t.split(":")[0]) > 12 else t for t in items]
    more = len(items) > 3
    items = items[:3]
    return "; ".join(items[:-1]) + ("; " if more else "; and then ") + items[-1] + \
        ("; and more besides" if more else "")


_THIRD = re.compile(r"\b(he|she|him|his|her|hers|they|them|their)\b", re.I)


def first_person_thing(thing: str) -> str:
    """A Unique Thing as the character says it ("I reach for ..."): the sheet writes it about
    them ("from the mother he does not remember"), so a clause in the third person is left out
    rather than mixing "I" and "he"."""
    thing = thing.strip().rstrip(".")
    if _THIRD.search(thing):
        thing = thing.split(",")[0].strip()
    if not thing or _THIRD.search(thing):
        return "my keepsake"
    return thing[:1].lower() + thing[1:]


def unasked(text: str) -> str:
    """``text`` without the question it ends on (after the last sentence or quote that closes)."""
    out = text.strip()
    while out.endswith("?"):
        cut = re.sub(r"\s*[^.!?'’”\"]*\?$", "", out).strip()
        if not cut or cut == out:
            break
        out = cut
    return out


def and_(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def shared_outcome(view: dict, roll: dict) -> str:
    """A shared scene's outcome: whose part held, whose gave way and what it cost them."""
    rules = load()
    held = [who(view, p["character"]) for p in roll["pools"] if p.get("success")]
    failed = [p for p in roll["pools"] if not p.get("success")]
    out = []
    if held:
        out.append(f"{and_(held)} {'holds' if len(held) == 1 else 'hold'} their part of the trouble.")
    for p in failed:
        cost = "; ".join(rules.consequences[x["consequence"]].summary for x in roll.get("applied", [])
                         if x["character"] == p["character"]) or "the trouble gets past them"
        out.append(f"{who(view, p['character'])}'s part gives way: {cost}.")
    return " ".join(out)


def who(view: dict, cid: str) -> str:
    for c in view.get("characters", []):
        if c["id"] == cid:
            return c["name"]
    return cid


def told_complication(d: dict, step: int, memory: Any) -> str:
    """A rulebook complication (event data ``d``) in the story's words: its ``told`` lines, one
    not told before in the session first; the adventure's own complications, and any without
    such lines, as written. The rules' text stays in the small print."""
    c = load().complications.get(d.get("id", ""))
    if c is None or not c.told:
        return d["text"]
    fresh = [t for t in c.told if f"hs-told|{t}" not in memory.used] or list(c.told)
    line = memory.rng("hs-told", step, c.id).choice(fresh)
    memory.used.add(f"hs-told|{line}")
    return line
