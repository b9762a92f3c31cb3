"""High Stakes: the GM's words as the story tells them, and a try told once (a part of the
discourse step, ``companion/story/discourse.py``).

* The GM speaks to the live player ("You drop into a courtyard ... What do you do?"); the story is
  told of the hero in the third person, without the questions put to the player (the screen asks
  those): :func:`gm_told`. Lines that only keep play going are left to the screen: :func:`routine`.
* The same try again in a scene is gathered into its outcome ("On the third try, it is not enough"):
  :func:`folded`, :func:`nth_try`. An outcome told just after its try says only what came of it
  ("It is not enough."), once a session: :func:`after_try`.
"""
from __future__ import annotations

import re

from companion.story.discourse import ordinal, without_prompts
from companion.story.voice import NarrationMemory

from .plan import AGAIN
from .scene_shape import party
from .telling import told_of
from .words import words


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] if text else text


def gm_told(text: str, view: dict, memory: NarrationMemory) -> str:
    """The GM's words as the story tells them: without the questions put to the live player
    ("What do you do?": the screen asks those), and of the hero in the third person ("You drop
    into a courtyard" -> "Ash drops into a courtyard"); quoted words stay as said."""
    text = without_prompts(text)
    if not text:
        return ""
    paras = [told_of(p, party(view, memory)) for p in text.split("\n\n")]
    return "\n\n".join(_sentence(p) for p in paras if p)


def routine(said: str) -> bool:
    """A line of the offline GM's that only keeps play going ("The night is not done with you
    yet. What do you do?", "No dice needed; it goes as you say."): the screen says it, the story
    does not need it."""
    w = words()
    return said in (*w.gm.continue_, *w.gm.no_roll, *w.gm.no_roll_done, *w.gm.end_scene,
                    *w.gm.open_frame)


_FOLD = "hs-fold|"


def _bare_try(text: str) -> str:
    text = " ".join(text.split())
    for x in AGAIN:
        if text.lower().startswith(x.lower()):
            text = text[len(x):]
            break
    return text[:1].lower() + text[1:]


def folded(said: str, view: dict, memory: NarrationMemory) -> bool:
    """Whether this declaration repeats a try already rolled in the scene (the offline player's
    words): it is gathered into its outcome, and the memory says which try it is."""
    sc = view.get("scene") or {}
    bare = _bare_try(said)
    tries = sum(1 for h in view.get("history", []) if h.get("scene") == sc.get("number")
                and h.get("roll") and _bare_try(h.get("text", "")) == bare)
    if not tries:
        return False
    memory.used.add(f"{_FOLD}{sc.get('number')}|{len(view.get('history', []))}|{tries + 1}")
    return True


def nth_try(told: str, view: dict, memory: NarrationMemory) -> str:
    """An outcome whose try was gathered into it, told as that try ("On the third try, it is not
    enough ..."); the outcome as it is otherwise."""
    sc = view.get("scene") or {}
    # the roll's history entry is written by now: the try was declared one entry before
    head = f"{_FOLD}{sc.get('number')}|{len(view.get('history', [])) - 1}|"
    key = next((k for k in memory.used if k.startswith(head)), None)
    if key is None or not told or f"{key}|told" in memory.used:
        return after_try(told, view, memory)
    memory.used.add(f"{key}|told")
    nth = ordinal(int(key.rsplit("|", 1)[1]))
    first = told[:1] if told.startswith(("I ", *_names_of(view))) else told[:1].lower()
    return f"On the {nth} try, {first}{told[1:]}"  # (a colon may follow: "it goes wrong: ...")


# An outcome that says the try again ("Ash tries to meet them with his poisoned blade, but it is
# not enough") just after the try was told ("Ash meets them with his poisoned blade."): only what
# came of it is told ("It is not enough.").
_RETOLD = (
    (re.compile(r"^It works: (?P<who>.+?) manages to .+?\.(?P<rest>\s.*)?$"), "It works."),
    (re.compile(r"^(?P<who>.+?) manages to .+?, but at a price\.(?P<rest>\s.*)?$"),
     "{who} manages it, but at a price."),
    (re.compile(r"^(?P<who>.+?) tries to .+? and gets there, though not cleanly\.(?P<rest>\s.*)?$"),
     "{who} gets there, though not cleanly."),
    (re.compile(r"^(?P<who>.+?) (?:tries|sets out) to .+?(?:, but |, and |; )(?P<then>[^.]+)\."
                r"(?P<rest>\s.*)?$"), "{then}."),
)


def _retold() -> tuple[tuple[re.Pattern, str], ...]:
    """:data:`_RETOLD`, the last form cut where the outcome's own words begin (the words after
    ``{label}`` in the narration's templates), not at the first ", and" of a try that has one
    ("tries to flick a pebble ..., and drop into the ivy, but it is not enough": "It is not
    enough", never "Drop into the ivy, but ...")."""
    heads = []
    for t in (*words().failure.tried, *words().success.plain):
        tail = t.split("{label}", 1)[1] if "{label}" in t else ""
        m = re.match(r"(, but |, and |; )(.+?)(?:\{consequence\}.*|\.)$", tail)
        if m:
            heads.append(re.escape(m.group(1)) + "(?P<then>" + re.escape(m.group(2).rstrip())
                         + ("[^.]*" if "{consequence}" in tail else "") + ")")
    if not heads:
        return _RETOLD
    told = re.compile(r"^(?P<who>.+?) (?:tries|sets out) to .+(?:" + "|".join(
        f"(?:{h})".replace("(?P<then>", "(?P<then%d>" % i) for i, h in enumerate(heads))
        + r")\.(?P<rest>\s.*)?$")
    return (*_RETOLD[:-1], (told, "{then}."), _RETOLD[-1])


def after_try(told: str, view: dict, memory: NarrationMemory) -> str:
    """The outcome of a try the story has just told, without the try said again (as it was,
    should the short form have been told already in the scene)."""
    sc = view.get("scene") or {}
    last = (view.get("history") or [{}])[-1]
    if not last.get("roll") or last.get("scene") != sc.get("number") or not last.get("text"):
        return told
    who = _names_of(view)
    for pattern, form in _retold():
        m = pattern.match(told)
        if m and m.group("who") in who:
            then = next((v for k, v in m.groupdict().items() if k.startswith("then") and v), "")
            if then.startswith("not well enough"):  # "not well enough: he is hurt"
                then = "it does not go well enough" + then[len("not well enough"):]
            head = _sentence(form.format(who=m.group("who"), then=then))
            # never twice in a session, as every sentence: else what came of it alone ("It goes
            # wrong: his gear is lost" told before: "His gear is lost."), or under another head
            came = then.split(": ", 1)[1] if ": " in then else ""
            others = [f"{x.split(':')[0]}: {came}." for x in words().failure.plain
                      if came and "{who}" not in x]  # or another head for it
            for short in (head, _sentence(f"{came}.") if came else "", *others):
                if short and f"hs-head|{short}" not in memory.used:
                    memory.used.add(f"hs-head|{short}")
                    return short + (m.group("rest") or "")
            return told
    return told


def _names_of(view: dict) -> tuple[str, ...]:
    return tuple(c["name"] for c in view.get("characters", []))
