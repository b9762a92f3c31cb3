"""High Stakes' story adapter: what each beat adds to the fabula (companion.story.fabula).

* cast: the first character is the hero (``hero``), the others by their ids; a ready-made
  Nightblade carries its pronouns from the data, a character built on the spot is "they". Someone
  a narrative element brings in (a newcomer, an admirer, a pet, a friend made) joins the cast and
  stays present until the story says otherwise (a death, the end);
* stakes: the player's own words on a move of the pool (``roll -- TEXT``, a raise: what the
  character puts into this roll) state what the roll is for; the roll's result resolves it: won,
  lost, or mixed when a complication came with the success. Words on a Trait or a Relationship
  say what the character draws on ("Ash taught me to fall without breaking"): a memory, not a
  stake, unless they are one ("if I fall, Rust falls with me") or a vow ("for Rust I will not let
  go"), as the reading layer reads them; words on the declaration that no roll follows are not a stake (it simply happens),
  unless they are a vow ("I swear ...", "I promise ...", "on my life"): a vow is a stake on the
  night itself, kept when the story ends with the book brought home and broken otherwise;
* facts: each narrative element made true (``made:STEP``, in the player's words), each secret
  uncovered (``secret:ID``), the place of each scene (``place``);
* outcomes: each roll's result and its cost (the consequences suffered), by the problem;
* threads: a capture (``capture:CID``) until the character is free; a retreat (``retreat:SCENE``,
  "may be met again") until that scene is played again; the night itself (``night``) until the end.
"""
from __future__ import annotations

import re

from companion.story import pronouns
from companion.story.fabula import HERO, Fabula, Outcome, Person
from companion.story.reading import kind_of
from companion.story.template import Character
from companion.story.voice import Beat

from .data import load

# The events that carry a scene (bench/story.py's salient beats): a scene framed and ended, a
# loss, gear or time lost, a secret out, a death, a hero made, the story's end. A roll is routine:
# one sentence for the whole of it (the pool, the dice, the result), not one per step.
SALIENT_EVENTS = frozenset({"scene", "scene_end", "loss", "gear_lost", "time_lost", "secret",
                            "death", "relationship_lost", "character", "story_end"})
SPOKEN = frozenset({"roll", "relationship", "trait", "raise"})  # pool moves whose words are a stake
DRAWN_ON = frozenset({"relationship", "trait"})  # ... when they say one: else what is drawn on
JOINERS = {"newcomer", "admirer", "pet", "contact", "kin"}  # element kinds that bring someone in
_PRONOUNS = {"ash": pronouns.HE, "wind": pronouns.HE, "rust": pronouns.SHE}


def key_of(f: Fabula, cid: str) -> str:
    """The cast key of a character id: ``hero`` for the first one."""
    hero = f.hero()
    return HERO if hero is not None and hero.role == cid else cid


def feed(fabula: Fabula, beat: Beat) -> Fabula:
    action = beat.action
    words = " ".join(action.text.split())
    roll = beat.view.get("roll") or {}
    drawn = action.kind in DRAWN_ON and kind_of(words) not in ("stake", "vow")
    if words and action.seat == "player" and action.kind in SPOKEN and roll and not drawn:
        here = f"roll-{beat.view.get('scene_count', 0)}-"
        sid = f"{here}{_rolls(beat.view)}"
        said = any(s.id.startswith(here) and s.words == words for s in fabula.stakes)
        if fabula.stake(sid) is None and not said:  # the same words in a scene: one stake
            fabula = fabula.state_stake(sid, "player", words, about=roll.get("problem", ""),
                                        step=beat.step)
    if words and action.seat == "player" and action.kind == "act":
        fabula = _along(fabula, words)
        if VOW.search(words) and not any(s.id.startswith("vow-") for s in fabula.open_stakes()):
            fabula = fabula.state_stake(f"vow-{beat.step}", "player", words, about="night",
                                        step=beat.step)
    for event in beat.events:
        fabula = _event(fabula, event.kind, event.data, beat)
    return fabula


VOW = re.compile(r"\b(?:I|we) (?:swear|promise|vow|give (?:you |her |him )?(?:my|our) word)\b|"
                 r"\bon my (?:life|honou?r|mother's grave)\b", re.I)
_GIRL = re.compile(r"\b(girl|woman|she|her|daughter|sister|lass)\b", re.I)
_BOY = re.compile(r"\b(boy|man|he|his|him|son|brother|lad)\b", re.I)
_ALONG = re.compile(r"\b(together|with me|with us|comes with|come with|follows me|at my side|beside me)\b", re.I)


def _from_concept(concept: str) -> pronouns.Pronouns:
    """A character built on the spot has no pronoun step: the concept's own words say it ("a
    small grey-eyed girl"), else "they"."""
    girl, boy = bool(_GIRL.search(concept)), bool(_BOY.search(concept))
    return pronouns.SHE if girl and not boy else pronouns.HE if boy and not girl else pronouns.THEY


def character_of(view: dict, cid: str) -> Character:
    """A character of the view by id, with the pronouns the story uses for them."""
    c = next((c for c in view.get("characters", []) if c.get("id") == cid), {})
    said = _PRONOUNS.get(cid) or _from_concept(c.get("concept", ""))
    return Character(name=c.get("name") or "the Nightblade", pronouns=said)


def _along(f: Fabula, words: str) -> Fabula:
    """A friend of the setting the player takes along ("Rust comes with me") is present from now
    on, until the story says otherwise."""
    if not _ALONG.search(words):
        return f
    for p in load().adv.premade:
        if re.search(rf"\b{re.escape(p.name)}\b", words) and p.id not in f.cast and \
                not any(x.name == p.name for x in f.cast.values()):
            f = f.meet(Person(key=p.id, name=p.name, pronouns=_PRONOUNS.get(p.id, pronouns.THEY),
                              role="friend"))
    return f


def _rolls(view: dict) -> int:
    return sum(1 for h in view.get("history", []) if h.get("roll"))


def _event(f: Fabula, kind: str, d: dict, beat: Beat) -> Fabula:
    if kind == "character":
        first = f.hero() is None
        said = _PRONOUNS.get(d["character"]) or _from_concept(d.get("concept", ""))
        person = Person(key=HERO if first else d["character"], name=d["name"], pronouns=said,
                        role=d["character"])
        f = f.meet(person)
        return f.open_thread("night", "quest", "the mage's book", beat.step) if first else f
    if kind == "scene":
        f = f.at(place=d.get("place") or d.get("title") or "", scene=d.get("id", ""))
        for t in f.open_threads("retreat"):
            if t.id == f"retreat:{d.get('id')}":
                f = f.close_thread(t.id)  # met again
        return f
    if kind == "resolved":
        result = "lost" if not d.get("success") else ("mixed" if d.get("ones") else "won")
        for st in f.open_stakes():
            if st.id.startswith(f"roll-{beat.view.get('scene_count', 0)}-"):
                f = f.resolve_stake(st.id, result, beat.step)
        roll = beat.view.get("roll") or {}
        lost = tuple(x["consequence"] for x in roll.get("applied", []))
        return f.record(Outcome(step=beat.step, scene=f.scene, kind="roll",
                                winner=HERO if d.get("success") else roll.get("problem", ""),
                                loser=roll.get("problem", "") if d.get("success") else HERO,
                                lost=lost, by=roll.get("problem", "")))
    if kind == "suffer":
        who = key_of(f, d["character"])
        if d.get("consequence") == "freedom":
            return f.open_thread(f"capture:{d['character']}", "capture", f"{d['name']} is held",
                                 beat.step)
        if d.get("consequence") == "retreat" and f.scene:
            return f.open_thread(f"retreat:{f.scene}", "retreat", f"{f.place}: may be met again",
                                 beat.step)
        return f.establish(f"cost:{beat.step}:{who}", d.get("label", ""), by="gm")
    if kind == "element_accepted" and d.get("text"):
        f = f.establish(f"made:{beat.step}", d["text"], by="player")
        if d.get("kind") in JOINERS:
            name = _named(d["text"])
            if name and name.lower() not in f.cast:
                f = f.meet(Person(key=name.lower(), name=name, role="friend"))
        return f
    if kind == "secret":
        return f.establish(f"secret:{d.get('id', beat.step)}", d.get("title", ""), by="gm")
    if kind in ("death", "out"):
        return f.leave(key_of(f, d["character"]))
    if kind == "story_end":
        for st in f.open_stakes():  # a vow on the night is kept or broken by how it ended
            if st.id.startswith("vow-"):
                f = f.resolve_stake(st.id, "won" if d.get("ending") == "success" else "lost",
                                    beat.step)
        for t in f.open_threads():
            if t.kind != "capture":
                f = f.close_thread(t.id)
        return f.establish("ending", d.get("title", ""), by="gm").end()
    if kind == "rest":
        return f.establish(f"rest:{beat.step}", "rested", by="player")
    return _freed(f, beat)


def _freed(f: Fabula, beat: Beat) -> Fabula:
    """A capture thread closes when the character is no longer held."""
    for t in f.open_threads("capture"):
        cid = t.id.split(":", 1)[1]
        c = next((c for c in beat.view.get("characters", []) if c["id"] == cid), None)
        if c is not None and not c.get("captured"):
            f = f.close_thread(t.id)
    return f


def _named(text: str) -> str:
    """The person an element names: a character of the setting, else a capitalised word that
    does not open a sentence."""
    known = [p.name for p in load().adv.premade] + ["Willow", "Agramelus", "Fistur", "Gallius"]
    for name in known:
        if re.search(rf"\b{re.escape(name)}\b", text):
            return name
    for m in re.finditer(r"(?<=[a-z,;] )([A-Z][a-z]+)", text):
        return m.group(1)
    return ""
