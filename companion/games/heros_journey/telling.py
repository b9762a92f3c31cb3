"""The Hero's Journey told from what the story holds: its storylets (``rules/heros_journey/
storylets.toml``) chosen by salience from the fabula (``fabula.py``), each shape told at most
twice a session (``CAP``: a third telling would read as a refrain; the beat is left to the small
print), and the told epilogue (companion.story.epilogue) with this session's particulars.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from companion.story import epilogue as told_ending
from companion.story.fabula import HERO, Fabula
from companion.story.grammar import Phrase
from companion.story.memory import Told
from companion.story.stakes import tell_stake
from companion.story.storylets import Library
from companion.story.template import Character, tell

from .data import SUITS, hero_name, rules, story, story_name, view_names
from .fabula import PLAYER

CAP = 2  # times one storylet or template may be told in a session
STORYLET = "storylet|"
SCENE_KEY = "hj-scene|"  # a storylet told in a scene (a round): not again in it
PARTICULARS = ("first", "last", "ending", "winner", "kept", "betrayed", "score")


@cache
def library() -> Library:
    return Library.load("heros-journey")


def told_count(used: set[str], storylet_id: str) -> int:
    prefix = f"{STORYLET}{storylet_id}|"
    return sum(1 for k in used if k.startswith(prefix))


def template_count(used: set[str], template: str) -> int:
    suffix = f"|{template}"
    return sum(1 for k in used if k.startswith("template|") and k.endswith(suffix))


def tell_capped(group: str, when: dict[str, Any], values: dict[str, Any], memory: Any,
                scene: str, rng) -> str:
    """Like :meth:`Library.tell`, but a storylet already told ``CAP`` times is passed over."""
    fabula = getattr(memory, "fabula", None) or Fabula()
    fit, _ = library().candidates(group, when, fabula, memory.used, rng)
    told = Told(memory.used)
    for s in fit:
        if told_count(memory.used, s.id) >= CAP or f"{SCENE_KEY}{scene}|{s.id}" in memory.used:
            continue  # told twice already, or already in this round
        texts = [t for t in s.text if all(slot.split(".")[0] in values for slot in _slots(t))]
        text = tell(texts, values, told, scene, rng, allows=memory.allows)
        if text:
            seq = sum(1 for k in memory.used if k.startswith(STORYLET))
            memory.used.add(f"{STORYLET}{s.id}|{seq:06d}")
            memory.used.add(f"{SCENE_KEY}{scene}|{s.id}")
            return text
    return ""


def take_up(memory: Any, stake_id: str, scene: str) -> str:
    """The player's words on a Challenge, taken up at the beat that resolves it (won when
    their Hero advances, lost when the Hero stays): told once, in the third person."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    stake = fabula.stake(stake_id)
    if stake is None or not stake.result or HERO not in fabula.cast or not memory.allows(
            stake.words) or memory.was_taken_up(stake_id):
        return ""
    return tell_stake(stake, stake.result, fabula.character(), memory, scene)


RECALLED = "hj-recall|"  # a line of the player's already recalled (memory.used)
RECALLS = 6  # lines recalled in a session at most: a callback, not a refrain
RECALL = ("At {stage.the}, {hero} [remembers] what {hero.they} had said at {where.the}: {quote}",
          "{hero} [thinks] back to {where.the} and {hero.their} own words there: {quote}",
          "What {hero} had said at {where.the} comes back at {stage.the}: {quote}")
# a line that comes back because what it was about comes up again: a card, a suit, a Stage
BACK = {
    "card": ("With {card.the} in the story again, {hero} [remembers] {hero.their} own words: "
             "{quote}", "{card.the} brings back what {hero} had said: {quote}"),
    "suit": ("A test of {quality} again, and {hero} [remembers] saying it: {quote}",
             "{quality} once more: {hero} had said {quote_mid} and {hero.they} [has] not forgotten."),
    "stage": ("At {stage.the} at last, {hero} [remembers] {hero.their} own words: {quote}",
              "{stage.the}, as {hero} had said it would be: {quote}"),
}


def said_lines(fabula: Fabula) -> list[tuple[int, str, str]]:
    """The player's own lines, in order: (step, words, the Stage card where said)."""
    out = []
    for k in fabula.fact_keys("said:"):
        step = int(k.split(":", 1)[1])
        out.append((step, fabula.words(k), fabula.words(f"said_at:{step}")))
    return sorted(out)


def quote(words: str, end: str = ".") -> str:
    """The player's words in quotation marks, closed by ``end`` (a comma mid-sentence) unless
    they close with their own ! or ?."""
    words = " ".join(words.split()).strip("“”\"").rstrip(".,;: ")
    if not words:
        return ""
    return f"“{words[0].upper() + words[1:]}{'' if words[-1] in '!?' else end}”"


def recall(memory: Any, step: int, stage: str, scene: str, rng, ups: tuple[str, ...] = (),
           ) -> str:
    """At a beat of the player's Hero, one earlier line of theirs, told once, quoted; first a
    line about what comes up here (``ups``: a card, a suit; and ``stage``, the Stage reached):
    the line said on meeting a Mentor comes back when that Mentor does. Else, at an arrival
    (``stage``), the oldest line said somewhere else. ``RECALLS`` in a session at most."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    if HERO not in fabula.cast or sum(1 for k in memory.used if k.startswith(RECALLED)) >= \
            RECALLS:
        return ""
    vows = {st.words for st in fabula.stakes}  # a Challenge's words: taken up where decided
    rnd = scene.rsplit("-", 1)[-1]  # "round-N": a line comes back after the round it was said
    lines = [(s, w, where) for s, w, where in said_lines(fabula) if s < step and
             f"{RECALLED}{s}" not in memory.used and memory.allows(w) and w not in vows
             and fabula.words(f"said_round:{s}") != rnd]
    here = [x for x in ups if x] + ([stage] if stage else [])
    for said_step, words, where in lines:
        about = set(fabula.words(f"said_about:{said_step}").split())
        hit = next((x for x in here if x in about), None)
        if hit is None or hit == where:
            continue
        values: dict[str, Any] = {"hero": fabula.character(), "quote": quote(words),
                                  "quote_mid": quote(words, ",")}
        if hit in SUITS:
            how = "suit"
            values["quality"] = f"{rules().suit(hit).quality} ({rules().suit(hit).name})"
        elif hit == stage:
            how, values["stage"] = "stage", _phrase(hit)
        else:
            how, values["card"] = "card", _phrase(hit)
        text = tell(list(BACK[how]), values, Told(memory.used), scene, rng, allows=memory.allows)
        if text:
            memory.used.add(f"{RECALLED}{said_step}")
            return text
    if not stage:
        return ""
    for said_step, words, where in lines:
        if not where or not rules().is_card(where) or where == stage:
            continue
        values = {"hero": fabula.character(), "where": _phrase(where), "stage": _phrase(stage),
                  "quote": quote(words)}
        text = tell(list(RECALL), values, Told(memory.used), scene, rng, allows=memory.allows)
        if text:
            memory.used.add(f"{RECALLED}{said_step}")
            return text
    return ""


def _slots(template: str) -> list[str]:
    import re

    return re.findall(r"\{([\w.]+)\}", template)


def _phrase(cid: str) -> Phrase:
    name = rules().card(cid).name
    return Phrase(words=name[4:], form="the") if name.startswith("the ") else Phrase(
        words=name, form="bare")


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ending(view: dict, memory: Any, rng) -> str:
    """The told epilogue: the player's Hero's road from their Origin to where it ended, who won,
    what they kept, the Betrayal if they gave a Mentor away, and the tally."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    if HERO not in fabula.cast:
        return ""
    me = next(h for h in view["heroes"] if h["seat"] == PLAYER)
    scores = view.get("scores") or {}
    if not scores:
        return ""
    best = max(scores.values())
    names = view_names(view)
    winner = next(s for s, v in scores.items() if v == best)
    hero = fabula.character()
    first_card = fabula.words(f"origin:{PLAYER}") or me.get("origin") or "rite"
    last_card = me.get("stage_card") or first_card
    end_card = view.get("ending") or fabula.words("ending") or last_card
    kept = me["mentors"] + me["places"]
    betrayal = fabula.words(f"betrayal:{PLAYER}")
    values: dict[str, Any] = {
        "hero": hero, "first": _phrase(first_card), "last": _phrase(last_card),
        "ending": _phrase(end_card),
        "winner": Character(name=hero_name(winner, names), pronouns=fabula.cast[
            HERO if winner == PLAYER else winner].pronouns) if (
            HERO if winner == PLAYER else winner) in fabula.cast else hero,
        "rivals": _names([h["name"] for h in view["heroes"] if h["seat"] != PLAYER]),
        "score": f"{scores.get(PLAYER, 0)} points",
    }
    lead = view.get("ending_first")
    if lead and lead != PLAYER and lead in fabula.cast:  # the Hero who reached the Ending first
        values["leader"] = Character(name=hero_name(lead, names),
                                     pronouns=fabula.cast[lead].pronouns)
    joined = [h["name"] for h in view["heroes"]
              if h["seat"] != PLAYER and h["stage"] >= 10]
    if joined:
        values["joined"] = _names(joined)
    if kept:
        values["kept"] = _names([rules().card(c).name for c in kept])
    if betrayal:
        values["betrayed"] = _phrase(betrayal.split(">")[0])
    want = fabula.words("want") if memory.allows(fabula.words("want")) else ""
    if want:  # the line the player opened with closes the story (not among the lines quoted)
        values["want"] = quote(want)
    said = [x for x in said_lines(fabula) if memory.allows(x[1]) and x[1] != want]
    if said:  # what this Hero said: the first line, and the last when there are more
        values["said_first"] = quote(said[0][1], "," if len(said) > 1 else ".")
        values["said_where"] = _phrase(said[0][2] if rules().is_card(said[0][2]) else first_card)
        values["said_last"] = quote(said[-1][1]) if len(said) > 1 else values["said_first"]
    when = {"said": len(said), "won": scores.get(PLAYER) == best, "reached": me["stage"] >= 10,
            "first": view.get("ending_first") == PLAYER, "joined": len(joined), "ending": end_card,
            "betrayed": bool(betrayal), "kept": len(kept), "halted": bool(view.get("halted")),
            "vows": len(fabula.stakes), "described": bool(want)}
    return told_ending.epilogue(fabula, library(), when, values, memory, rng,
                                particulars=PARTICULARS, hero=hero)


# A round's routine moves (a rest, a travel) told together in one line at its last Hero's move:
# the whole round when nothing of note happened in it, else only the travels ("meanwhile").
REST_PARTS = ("{n} rests", "{n} makes camp", "{n} gathers strength", "{n} counts the miles",
              "{n} sits out the rain", "{n} rests by a small fire", "{n} mends a boot and waits")
CARD_PARTS = ("{n} learns from {c}", "{n} rests with {c}", "{n} sits a while with {c}")
TRAVEL = ("{n} travels on to {p}", "{n} takes the road to {p}", "{n} reaches {p}")


def last_mover(view: dict) -> str | None:
    """The Hero whose turn closes the round (the one before the first, in seat order)."""
    seats = [h["seat"] for h in view.get("heroes", [])]
    first = view.get("first")
    return seats[seats.index(first) - 1] if first in seats else None


def round_line(memory: Any, view: dict, rnd: int, scene: str, rng) -> str:
    """The round's routine moves in one line (``did:R:SEAT`` in the fabula), in seat order from
    the round's first Hero; the rests left out when the round had something of note."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    key = f"hj-round|{rnd}"
    if key in memory.used:
        return ""
    quiet = not fabula.holds(f"noted:{rnd}")
    seats = [h["seat"] for h in view.get("heroes", [])]
    names = view_names(view)
    first = seats.index(view["first"]) if view.get("first") in seats else 0
    parts, taught = [], []
    pick = lambda pool: rng.choice([x for x in pool if x not in used] or list(pool))  # noqa: E731
    used: list[str] = []
    for seat in seats[first:] + seats[:first]:
        did = fabula.words(f"did:{rnd}:{seat}")
        if not did or (not quiet and not did.startswith("travel")) or \
                fabula.holds(f"told:{rnd}:{seat}"):  # told in the player's words already
            continue
        name = story_name(seat, names)
        bits = did.split(">")
        if bits[0] == "travel":
            place = rules().card(bits[2]).name if bits[2] else ""
            mentor = rules().card(bits[1]).name if bits[1] else ""
            text = pick(TRAVEL).format(n=name, p=place) if place else \
                f"{name} falls in with {mentor}"
            parts.append(text + (f" with {mentor}" if place and mentor else ""))
        elif len(bits) > 1:
            taught.append((seat != PLAYER, seat, bits[1]))
            used.append(pick(CARD_PARTS))
            parts.append(used[-1].format(n=name, c=rules().card(bits[1]).name))
        else:
            used.append(pick(REST_PARTS))
            parts.append(used[-1].format(n=name))
    if not parts:
        return ""
    frames = story().templates["quiet" if quiet else "meanwhile"]
    text = tell(list(frames), {"moves": _names(parts)}, Told(memory.used), scene, rng,
                allows=memory.allows)
    if text:
        memory.used.add(key)
    for _, seat, cid in sorted(taught):  # what a Mentor or Place taught: the player's Hero first
        who = fabula.character(HERO if seat == PLAYER else seat)
        lesson = tell_capped("rest", {"card": cid}, {"hero": who}, memory, scene, rng)
        if lesson:
            return " ".join(x for x in (text, lesson) if x)
    return text
