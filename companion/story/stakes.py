"""Stakes taken up: the beat that resolves what the player said was at stake says how it came out.

The player's words are quoted, never pasted in the first person after third-person prose
("“The child reaches the bank alive,” Wren had sworn, and so it came to pass."). Several ways of
saying it per result, chosen by ``index`` (how many stakes were taken up before), so a session with
five stakes does not tell five sentences of one shape. :func:`tell_stake` picks a way not told
before in the session and records in the narration memory that the stake was taken up
(``memory.taken_up(id)``), which ``bench/story.py`` counts.
"""
from __future__ import annotations

import re
from typing import Any

from companion.story.fabula import HERO, Stake
from companion.story.memory import Told
from companion.story.reading import kind_of
from companion.story.template import Character, render

# {w}: the player's words; {c}: a comma when the words end without ! or ?; {p}: a full stop.
WAYS: dict[str, tuple[str, ...]] = {
    "won": (
        "“{w}{c}” {hero} had sworn, and so it came to pass.",
        "{hero} had said it: “{w}{p}” And it held true.",
        "“{w}” were {hero}'s words, and {hero.they} [keeps:hero] them.",
        "“{w}{c}” {hero} had promised, and the promise holds.",
        "It was {hero} who had said “{w}”, and it proved true.",
        "{hero.their} own words had been “{w}”, and what followed bore them out.",
        "“{w}{c}” {hero} had said, and it is so.",
    ),
    "lost": (
        "“{w}{c}” {hero} had sworn, and it was not to be.",
        "{hero} had said it: “{w}{p}” It did not hold.",
        "“{w}” were {hero}'s words, and what followed broke them.",
        "“{w}{c}” {hero} had promised, and the promise failed.",
        "It was {hero} who had said “{w}”, and it came to nothing.",
        "{hero.their} own words had been “{w}”, and they did not come true.",
        "“{w}{c}” {hero} had said, and it was not so.",
    ),
    "mixed": (
        "“{w}{c}” {hero} had sworn, and it came true only in part.",
        "{hero} had said it: “{w}{p}” It held, but at a price.",
        "“{w}” were {hero}'s words, and half of them came true.",
        "“{w}{c}” {hero} had promised, and the promise was kept, though not whole.",
        "It was {hero} who had said “{w}”, and it was so, in a way.",
        "{hero.their} own words had been “{w}”, and they came true at a cost.",
    ),
}
# A stake the player put as a question ("Will the wolves let us through?"): it is answered, never
# "proved true" or "sworn".
QUESTION_WAYS: dict[str, tuple[str, ...]] = {
    "won": ("“{w}” {hero} had asked, and the answer was yes.",
            "{hero} had asked it: “{w}” The answer, when it came, was yes."),
    "lost": ("“{w}” {hero} had asked, and the answer was no.",
             "{hero} had asked it: “{w}” The answer, when it came, was no."),
    "mixed": ("“{w}” {hero} had asked, and the answer was yes, at a price.",
              "{hero} had asked it: “{w}” The answer was yes, though not for nothing."),
}
# When the player's words tell the hero's deed in the third person ("Maren grips the bell and
# swears she will be home by spring"), quoting them as the hero's speech would be wrong: an oath
# in them is reported ({o}: "that she would be home by spring"), a deed is told as the story had it.
OATH_WAYS: dict[str, tuple[str, ...]] = {
    "won": ("{hero} had sworn {o}, and so it came to pass.",
            "{hero} had promised {o}, and the promise holds.",
            "It had been sworn {o}, and what followed bore it out.",
            "{hero.they} had vowed {o}, and it is so.",
            "{hero}'s vow had been {o}, and it held.",
            "Once {hero} had sworn {o}, and it was so.",
            "The oath was {o}, and {hero} kept it."),
    "lost": ("{hero} had sworn {o}, and it was not to be.",
             "{hero} had promised {o}, and the promise failed.",
             "It had been sworn {o}, and what followed broke the oath.",
             "{hero.they} had vowed {o}, and it did not come true.",
             "{hero}'s vow had been {o}, and it failed.",
             "Once {hero} had sworn {o}, and it was not so.",
             "The oath was {o}, and it could not be kept."),
    "mixed": ("{hero} had sworn {o}, and it came true only in part.",
              "{hero} had promised {o}, and the promise was kept, though not whole.",
              "It had been sworn {o}, and it held, at a price.",
              "{hero.they} had vowed {o}, and it came true at a cost.",
              "{hero}'s vow had been {o}, and it held, though not whole.",
              "Once {hero} had sworn {o}, and it was so, at a cost.",
              "The oath was {o}, and {hero} kept half of it."),
}
DEED_WAYS: dict[str, tuple[str, ...]] = {
    "won": ("So the story had it, “{w}”, and so it came to pass.",
            "It was told as “{w}”, and it held true.",
            "“{w}”, the telling went, and what followed bore it out.",
            "What was told, “{w}”, came true.",
            "“{w}”: so it was told, and so it went.",
            "The telling had been “{w}”, and the end agreed with it.",
            "“{w}”, it was said, and it stood."),
    "lost": ("So the story had it, “{w}”, and it was not to be.",
             "It was told as “{w}”, and it did not hold.",
             "“{w}”, the telling went, and what followed broke it.",
             "What was told, “{w}”, did not come true.",
             "“{w}”: so it was told, and it went otherwise.",
             "The telling had been “{w}”, and the end said no.",
             "“{w}”, it was said, and it fell."),
    "mixed": ("So the story had it, “{w}”, and it came true only in part.",
              "It was told as “{w}”, and it held, at a price.",
              "“{w}”, the telling went, and half of it came true.",
              "What was told, “{w}”, came true at a cost.",
              "“{w}”: so it was told, and it went half that way.",
              "The telling had been “{w}”, and the end agreed, at a price.",
              "“{w}”, it was said, and it stood, though it cost."),
}
# A condition ("If the crowd takes the ember, the north dies"; "If she reaches the gate, the north
# lives") may name what the hero fights for or against: "and so it came to pass" would be wrong
# for one of them, so the telling says who had the better of it, not whether "it" happened.
CONDITION_WAYS: dict[str, tuple[str, ...]] = {
    "won": ("“{w}{c}” so it had stood, and it fell {hero}'s way.",
            "{hero} had known it: “{w}{p}” And {hero.they} came out on the right side of it.",
            "“{w}” was what hung on it, and {hero} won it.",
            "All of it had rested on “{w}”, and {hero} carried it.",
            "The whole of it came down to “{w}”, and it came down in {hero}'s favour.",
            "“{w}{c}” so the matter stood, and {hero} had the better of it.",
            "What hung on it was “{w}”, and {hero} won through."),
    "lost": ("“{w}{c}” so it had stood, and it fell against {hero}.",
             "{hero} had known it: “{w}{p}” And {hero.they} came out on the wrong side of it.",
             "“{w}” was what hung on it, and {hero} lost it.",
             "All of it had rested on “{w}”, and {hero} could not carry it.",
             "The whole of it came down to “{w}”, and it came down against {hero}.",
             "“{w}{c}” so the matter stood, and it got the better of {hero}.",
             "What hung on it was “{w}”, and it went the hard way for {hero}."),
    "mixed": ("“{w}{c}” so it had stood, and it ended between the two, at a price.",
              "{hero} had known it: “{w}{p}” It was won, and paid for.",
              "“{w}” was what hung on it, and {hero} paid to keep it.",
              "All of it had rested on “{w}”, and {hero} carried it, at a cost.",
              "The whole of it came down to “{w}”, and it came down half one way, half the other.",
              "“{w}{c}” so the matter stood, and {hero} came through it, though not whole.",
              "What hung on it was “{w}”, and {hero} kept it, and paid."),
}
# The hero gave the fight up (At Any Cost's fold): the stake is lost, but nothing the player swore
# was proved false ("she would not die among books" does not mean she died): the telling says the
# hero gave way, never that the oath broke. Keyed like the tables above.
YIELD_WAYS: dict[str, tuple[str, ...]] = {
    "quote": ("“{w}{c}” {hero} had sworn; but in the end {hero.they} gave way, and it was never settled.",
              "{hero} had said it: “{w}{p}” Then {hero.they} turned away and left it unproven.",
              "“{w}” were {hero}'s words, and in the end {hero.they} gave the fight up.",
              "“{w}{c}” {hero} had promised, and then let the matter go."),
    "oath": ("{hero} had sworn {o}, but in the end {hero.they} gave way, and it was never settled.",
             "{hero} had promised {o}; {hero.they} turned from the fight and left it unproven.",
             "It had been sworn {o}, and {hero} gave ground before it was settled."),
    "deed": ("So the story had it, “{w}”, until {hero} gave way.",
             "It was told as “{w}”, and then {hero} let it go.",
             "“{w}”, the telling went, until {hero} turned from it."),
    "condition": ("“{w}{c}” it had been said, and {hero} chose to give way.",
                  "{hero} had known it: “{w}{p}” And {hero.they} gave ground all the same.",
                  "“{w}” was what hung on it, and {hero} let it go."),
}
# A stake won that the game could not grant (the scene won, but what the words ask is not what a
# win gives: an Asset the Fates still hold, a truth the story never tells): told as the hero's
# attempt, never as come true. Keyed like the tables above.
ATTEMPT_WAYS: dict[str, tuple[str, ...]] = {
    "quote": ("“{w}{c}” {hero} had sworn, and {hero.they} won the ground to try for it.",
              "{hero} had said it: “{w}{p}” The Threat gave way; the rest was still to reach for.",
              "“{w}” were {hero}'s words; {hero.they} won the scene, and went after the rest.",
              "“{w}{c}” {hero} had promised; the scene was won, and the promise still to keep."),
    "oath": ("{hero} had sworn {o}; the scene was won, and the oath still to keep.",
             "{hero} had promised {o}, and won the ground to try for it.",
             "It had been sworn {o}; the Threat gave way, and the rest was still to reach for."),
    "deed": ("So the story had it, “{w}”; the scene was won, and that much still to reach for.",
             "It was told as “{w}”, and {hero} won the ground to try for it.",
             "“{w}”, the telling went; the Threat gave way, and the rest was still to win."),
    "condition": ("“{w}{c}” so it had stood; {hero} won the scene, and the rest was still to win.",
                  "“{w}” was what hung on it, and {hero} won the ground to try for it.",
                  "All of it had rested on “{w}”; the Threat gave way, and the rest was still "
                  "to reach for."),
}
# What the hero asks to hold even in defeat ("If I lose, the child still gets to the bank"): the
# condition is the hero's own loss, so a loss makes the rest come true, and a win leaves it moot.
IN_DEFEAT = re.compile(r"^(?:even\s+)?(?:if|should|when)\s+(?:I|we)\s+(?:lose|fail|fall|die|"
                       r"(?:do not|don't|can't|cannot|never)\s+(?:win|make it|come back|get through))"
                       r"\b", re.IGNORECASE)
DEFEAT_WAYS: dict[str, tuple[str, ...]] = {
    "won": ("“{w}{c}” {hero} had said; but {hero.they} did not lose, and it never came to "
            "that.",
            "{hero} had asked it of a defeat: “{w}{p}” There was no defeat to ask it of.",
            "“{w}” had been {hero}'s word against losing, and {hero.they} did not lose."),
    "lost": ("“{w}{c}” {hero} had said; {hero.they} lost, and so it was.",
             "{hero} had asked it of a defeat: “{w}{p}” The defeat came, and so did that.",
             "“{w}” had been {hero}'s word against losing; {hero.they} lost, and it held."),
    "mixed": ("“{w}{c}” {hero} had said; it came to something between, and that held.",
              "{hero} had asked it of a defeat: “{w}{p}” Half a defeat came, and that much held.",
              "“{w}” had been {hero}'s word against losing, and it held, in part."),
}
# What the hero asks of a win ("If I win, Tobin crosses free"): the condition is the hero's own
# victory, so it is told as come to pass or not, like an oath, not as who had the better of it.
IN_VICTORY = re.compile(r"^(?:if|should|when)\s+(?:I|we)\s+(?:win|succeed|make it|get through|"
                        r"come back|prevail)\b", re.IGNORECASE)
CONDITION = re.compile(r"^(?:if|unless|should)\b", re.IGNORECASE)
# Verbs of an oath introduce it on their own ("swears she will ..."); verbs of saying only with
# "that", a colon or a quote ("says that ...", not "says the words for the lost").
SPEECH = re.compile(r"\b(?:(?:swears|swore|vows|vowed|promises|promised)(?: that)?"
                    r"|(?:says|said|insists|declares|tells \w+)(?: that|:))\s+(.+)$", re.IGNORECASE)
STAKE = re.compile(r"^(?:if|unless|should|whatever happens|no matter)\b|\b(?:swears|swore|vows|vowed|"
                   r"promises|promised|will|must|or else)\b", re.IGNORECASE)
# Words that say how things are ("I know how masters trade favours"), not what the hero will do,
# are never told as sworn or promised, unless they bind the speaker to something to come.
STATIVE = re.compile(r"^(?:I|we)(?:'m|'ve|\s+(?:(?:do not|don't|never|still|already|only)\s+)?"
                     r"(?:know|knew|am|was|were|have|had|remember|see|saw|think|thought|feel|felt|"
                     r"love|hate|like|understand|believe|can|could|wish|doubt|fear))\b", re.IGNORECASE)
COMMITS = re.compile(r"\b(?:will|won't|shall|must|swear|swore|sworn|promise|promised|vow|vowed|never|"
                     r"always|I'll|we'll|going to|or die|or else)\b|^(?:if|unless|whatever)\b", re.IGNORECASE)
REPORTED = {"will": "would", "won't": "would not", "can": "could", "can't": "could not",
            "shall": "should", "is": "was", "are": "were", "am": "was"}
_SPEAKS = r"(?:says|said|whispers|shouts|swears|tells \w+)"
FIRST_PERSON = re.compile(r"\b(I|I'm|I'll|I've|[Mm]e|[Mm]y|[Mm]ine|[Ww]e|[Ww]e'll|[Uu]s|[Oo]urs?)\b")
TAKEN_KEY = "stake-taken|"


def states(words: str) -> bool:
    """Whether the player's words state something at stake (an oath, a condition, the hero's own
    speech), not only tell a deed ("Old Hobb points her toward the lane home")."""
    return weight(words) > 0


def weight(words: str) -> int:
    """How plainly the words state a stake: 2 for an oath, a condition or a will ("I will not
    leave Tobin behind", "If she turns back, the farm burns"), 1 for the hero's own speech that
    only says what she does ("I talk to the farmer's wife"), 0 for a deed told."""
    if kind_of(words) in ("vow", "stake"):
        return 2
    return 1 if FIRST_PERSON.search(words) else 0


def voice(words: str, hero: Character) -> tuple[str, str]:
    """How the player's words may be taken up: ("quote", words) for speech (the player speaks as
    the hero: I, we, my...), ("oath", "that she would ...") for a telling that starts with the
    hero and holds an oath, ("deed", words) for any other telling (what happens, not said).

    A telling of several sentences is read sentence by sentence: the one that states what is at
    stake (an oath, a condition: "If she turns back now, the farm burns.") is the one taken up,
    whole, never a fragment spliced across sentences."""
    w = clean(words)
    if not w:
        return "quote", w
    if FIRST_PERSON.search(w):  # the player speaks as the hero: the words spoken are speech
        spoken = [p for p in re.split(r"(?<=[.!?])\s+(?=[A-Z“‘\"])", w) if FIRST_PERSON.search(p)]
        w = next((p for p in spoken if STAKE.search(p)), spoken[0])  # "Ysolt wades in. If the
        # river takes Pip, I will not forgive myself": the sentence the hero says, the stake
        parts = [p for p in re.split(r"\s*[;:—–]\s*|\s+-\s+", w) if FIRST_PERSON.search(p)]
        said = parts[0] if parts else w
        said = re.sub(rf",\s+\w+\s+{_SPEAKS}\s*,", ",", said)  # "..., Maren says, and I..."
        said = re.split(rf",?\s+\w+\s+{_SPEAKS}(?=\s*(?:[,.;:!?]|$))", said)[0]  # a tag, not
        # "the witch tells me where the crown sleeps" (a stake was cut at "and the")
        # up to the last clause in speech; "so long as", "so that" bind the clause before them
        bits = re.split(r"(,\s+(?:and|but|so(?!\s+(?:long|that|far|much)\b)|yet)\s+)", said)
        last = max((i for i, b in enumerate(bits) if FIRST_PERSON.search(b)), default=0)
        said = "".join(bits[:last + 1])
        vows = [b for b in bits[2::2] if STAKE.search(b) and FIRST_PERSON.search(b)]
        if vows and not STAKE.search(bits[0]):  # "I kneel and pray, and I will not lie to them":
            said = vows[0]  # the clause that vows is the stake

        return "quote", clean(said) or w
    names = {hero.name.lower(), hero.name.split()[0].lower(), hero.pronouns.they.lower()}
    parts = [clean(p) for p in re.split(r"(?<=[.!?])\s+(?=[A-Z“‘\"])", w) if clean(p)] or [w]
    for part in parts:  # an oath sworn by the hero, reported: "that she would ..."
        m = SPEECH.search(part)
        if m and part.split()[0].lower().strip(",.;:") in names:
            clause = " ".join(REPORTED.get(x.lower(), x) for x in m.group(1).rstrip("!?").split())
            return "oath", f"that {clause}"
    stated = [p for p in parts if STAKE.search(p)]
    return "deed", (stated[-1] if stated else parts[0]) if len(parts) > 1 else w


def in_defeat(words: str) -> bool:
    """Whether the words ask what holds if the hero loses ("If I lose, the child still gets to
    the bank"): lost, they come true; won, they never came to pass."""
    return bool(IN_DEFEAT.match(clean(words)))


def words_of(stake: Stake) -> str:
    """The stake's words, ready to quote (:func:`clean`)."""
    return clean(stake.words)


def clean(words: str) -> str:
    """A player's words ready to quote: outer quotes and a final full stop taken off, inner
    double quotes made single, a capital first letter."""
    w = " ".join(words.split()).strip("\"“”").strip()
    w = w.replace("“", "‘").replace("”", "’").replace('"', "’")
    while w.endswith((".", ",", ";", ":")):
        w = w[:-1].rstrip()
    return w[:1].upper() + w[1:] if w else w


def _values(stake: Stake, hero: Character) -> dict[str, Any]:
    w = words_of(stake)
    ends = w.endswith(("!", "?", "…"))
    return {"w": w, "c": "" if ends else ",", "p": "" if ends else ".", "hero": hero}


def _fill(way: str, values: dict[str, Any]) -> str:
    text = render(way, values)
    return text[:1].upper() + text[1:]


# What a way of ours says of the words when it tells them as binding the hero: sworn, promised,
# or words kept or broken as a promise is ("were Wren's words, and she keeps them"). Only words
# that bind (a vow, a stake) are told so; a deed said in the first person ("I play the guardian a
# lullaby") was said, and came true or not.
_BINDING = ("sworn", "promise", "[keeps:hero] them", "broke them")


def binds(way: str) -> bool:
    """Does this way of ours (a template of :data:`WAYS`) tell the words as a promise?"""
    return any(b in way for b in _BINDING)


def take_up(stake: Stake, result: str, hero: Character, index: int = 0,
            yielded: bool = False, granted: bool = True) -> str:
    """One sentence resolving ``stake`` as ``result`` (won, lost or mixed), in the third person,
    quoting the player's words (or reporting an oath in a third-person telling: :func:`voice`);
    ``index`` picks among the ways of saying it. ``yielded``: lost because the hero gave the fight
    up (:data:`YIELD_WAYS`). ``granted``: False when the stake was won but asks for what the
    game could not give (:data:`ATTEMPT_WAYS`: told as the hero's attempt)."""
    if not words_of(stake):
        return ""
    kind, text = voice(stake.words, hero)
    condition = kind != "oath" and CONDITION.match(text) and not (
        kind == "quote" and IN_VICTORY.match(text))
    if kind == "quote" and in_defeat(text):
        ways = DEFEAT_WAYS.get(result or "mixed", DEFEAT_WAYS["mixed"])
        return _fill(ways[index % len(ways)], _values(stake.model_copy(update={"words": text}),
                                                      hero))
    if kind == "quote" and text.rstrip().endswith("?"):
        ways = QUESTION_WAYS.get(result or "mixed", QUESTION_WAYS["mixed"])
    elif yielded and result == "lost":
        ways = YIELD_WAYS["condition" if condition else kind]
    elif not granted and result == "won":
        ways = ATTEMPT_WAYS["condition" if condition else kind]
    else:
        table = CONDITION_WAYS if condition else \
            {"quote": WAYS, "oath": OATH_WAYS, "deed": DEED_WAYS}[kind]
        ways = table.get(result or "mixed", table["mixed"])
    if kind == "quote" and kind_of(text) not in ("vow", "stake"):
        ways = tuple(w for w in ways if not binds(w)) or ways
        # words that bound the hero to nothing ("I forgive you, Tam"; "I ask the liar what the
        # good cause was", a try told in the first person) were said, not sworn or promised
    if kind == "quote" and STATIVE.match(text) and not COMMITS.search(text):  # "I know how
        ways = tuple(w for w in ways if not binds(w)) or ways  # ...": said
    values = {**_values(stake.model_copy(update={"words": text}), hero), "o": text}
    return _fill(ways[index % len(ways)], values)


def tell_stake(stake: Stake, result: str, hero: Character, memory: Any, scene: str,
               granted: bool = True) -> str:
    """:func:`take_up`, in a way not told before in the session (none: ""), recorded in
    ``memory`` as taken up."""
    if not words_of(stake):
        return ""
    told = Told(memory.used)
    start = sum(1 for k in memory.used if k.startswith(TAKEN_KEY))
    gave_up = yielded(stake, getattr(memory, "fabula", None))
    for i in range(len(WAYS["mixed"])):
        text = take_up(stake, result, hero, start + i, gave_up, granted)
        if text and memory.allows(text) and told.fresh(text, scene, [hero.name]):
            told.remember(text, scene, [hero.name])
            memory.taken_up(stake.id)
            return text
    return ""


def yielded(stake: Stake, fabula: Any) -> bool:
    """Whether ``stake`` was lost because the hero gave the fight up: an outcome recorded at the
    step that closed it, lost by the hero, decided by a fold."""
    if fabula is None or stake.result != "lost" or stake.closed is None:
        return False
    return any(o.step == stake.closed and o.loser == HERO and o.by == "fold"
               for o in fabula.outcomes)


def taken(used: set[str]) -> set[str]:
    """The ids of the stakes a narration took up (from the session's ``used`` set)."""
    return {k[len(TAKEN_KEY):] for k in used if k.startswith(TAKEN_KEY)}
