"""At Any Cost told from what the story holds: its storylets (``rules/at_any_cost/storylets.toml``)
chosen by salience from the fabula (companion.story).

* The Antagonist's threat is told from its card, the shape the card takes this stage, the place
  and what the hero holds (a Loss of supplies takes the food away; a sphinx asks; a thief
  steals), one line per card it plays.
* When the player spoke on their move, the Antagonist's next line answers those words: the stake
  they stated for the stage is quoted back in the third person, an Anchor their words touch is
  where the blow falls, a vow is put to the test.
* The beat that ends a stage takes up the stake stated in it, saying how it came out, quoting the
  player's words once: words that were a stake before are taken up again without a quote.
* The journey's end is a told epilogue (companion.story.epilogue) with the particulars of this
  session: the road, what was kept and lost and where, the climax, the player's first stake; it
  ends on what the hero set out for (the story seed's want), which the climax came back to.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from companion.games.at_any_cost.data import rules
from companion.games.at_any_cost.words import DEAREST, main_card, named_once, narration_data
from companion.story.nouns import here, named
from companion.story.pronouns import THEY, Pronouns
from companion.story.reading import kind_of
from companion.story.fabula import Fabula
from companion.story.grammar import Phrase
from companion.story.stakes import clean, tell_stake, voice, yielded
from companion.story.storylets import Library
from companion.story.template import Character
from companion.story import epilogue as told_ending

_COMMON = {"that", "this", "with", "from", "have", "will", "would", "there", "their", "they",
           "what", "when", "where", "which", "about", "never", "always", "again", "back", "still",
           "only", "once", "before", "after", "into", "over", "under", "every", "each", "some",
           "than", "then", "them", "were", "been", "being", "does", "done", "make", "made",
           "take", "takes", "come", "comes", "goes", "going", "keep", "keeps", "let", "lets",
           "nobody", "anyone", "someone", "thing", "things", "time", "road", "hold", "holds",
           "mean", "means", "away", "like", "look", "know", "need", "want", "wants", "give",
           "gave", "tell", "told", "said", "says", "just", "even", "much", "many", "more", "most",
           "good", "well", "long", "last", "first", "face", "walk", "find", "found", "could",
           "should", "must", "shall", "here", "your", "mine", "ours", "because", "while",
           "night", "morning", "evening", "year", "world", "people", "place", "hand", "hands",
           "eyes", "head", "water", "light", "dark", "side", "left", "right", "great", "little",
           "other", "another", "everything", "nothing", "something", "last", "next", "whole"}
NAMES = re.compile(r"(?<=\s)[A-Z][a-z]{2,}")  # a name in the player's words (Ash, Teo)
# The Antagonist's cards that are a plight, not a foe: they cannot hear the hero, go for what the
# hero holds or fight back, so the answer to the player's words is the road's.
PLIGHTS = frozenset({"endangered-innocents", "loss-of-supplies", "long-distances",
                     "impassible-terrain", "impossible-task", "lost", "great-heights", "isolated",
                     "limited-number-of-attempts", "deadline", "maze-like",
                     "dangerous-consumables", "something-hidden", "magical-barrier"})
ROAD = Phrase(words="road", form="the", where="on")
QUOTED_KEY = "quoted|"  # a sentence of the player's quoted back (outside the epilogue): once only
PARTICULARS = ("first", "last", "kept", "lost", "lostat", "climax_place", "climax_threat",
               "climax_anchor", "vow", "keepsake", "friends", "want")


THINGS = ("heirloom", "something-beautiful", "token-from-your-love")  # "What is it?" first
FRIENDS = ("best-friend", "animal-companion")  # "What is their name?" first


def keepsakes(view: dict, values: dict, memory: Any) -> tuple[dict, str]:
    """The things and friends the kept Anchors' answers name, as ``values`` ``keepsake`` and
    ``friends`` (phrases), and which the hero holds: "thing", "friend", "both" or ""."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    owner = values["hero"].pronouns
    kept = [a["id"] for a in view.get("anchors", [])]
    found = [k for k in (keepsake(a, fabula.words(f"anchor:{a}") or "", owner) for a in kept)
             if k and memory.allows(k[1].words)]
    things = [p for kind, p in found if kind == "thing"]  # every kept thing, by its words
    friends = [p for kind, p in found if kind == "friend"]
    values = {**values, **({"keepsake": things} if things else {}),
              **({"friends": friends} if friends else {})}
    return values, "both" if things and friends else "thing" if things else \
        "friend" if friends else ""


def keepsake(anchor: str, answer: str, owner: Pronouns = THEY) -> tuple[str, Phrase] | None:
    """What a kept Anchor's first answer names, to be named again in the epilogue in the
    player's words (:func:`companion.story.nouns.named`): a thing ("A tarnished ring that every
    eldest child has worn; ..." -> the tarnished ring ...; "my grandmother's paper lantern" ->
    her grandmother's paper lantern) or a friend ("Pim, who ..." -> Pim; "my neighbour's boy").
    ``owner``: the hero's pronouns (the answer's "my" is the hero's). None when the Anchor is
    not a thing or a friend, or the answer names nothing a sentence can hold."""
    if anchor not in THINGS + FRIENDS:
        return None
    phrase = named(answer, owner)
    if phrase is None:
        return None
    return ("thing" if anchor in THINGS else "friend"), phrase


@cache
def library() -> Library:
    return Library.load("at-any-cost")


@cache
def _templates() -> dict[tuple[str, str], str]:
    return {(st.id, str(i)): t for st in library().storylets for i, t in enumerate(st.text)}


def tell(group: str, when: dict, values: dict, memory: Any, scene: str, rng) -> str:
    """A storylet's line for ``group`` (``Library.tell``) from a template not told before in the
    session: a frame is told once a game, whatever names fill it ("For every step Wren takes, the
    curse takes one too." is not followed by "... the legal trap takes one too.")."""
    told = {_templates().get((k.split("|")[1], k.split("|")[3])) for k in memory.used
            if k.startswith("storylet|") and k.count("|") == 3}
    return library().tell(group, when, values, _Unused(memory, told), scene, rng)


class _Unused:
    """The session's memory, refusing the templates in ``told`` (the Library asks ``allows``
    of each template before it fills it)."""

    def __init__(self, memory: Any, told: set) -> None:
        self._memory, self._told = memory, told

    def __getattr__(self, name: str) -> Any:
        return getattr(self._memory, name)

    def allows(self, text: str) -> bool:
        return text not in self._told and self._memory.allows(text)


def _content(text: str) -> set[str]:
    words = {w.lower().strip("'’") for w in re.findall(r"[A-Za-z'’]+", text)}
    out = set()
    for w in words:
        if len(w) >= 4 and w not in _COMMON:
            out.add(w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 4 else w)
    return out


def touches(words: str, view: dict) -> str:
    """The Anchor still held whose name or the player's words for it share a word of substance
    with ``words`` ("" when none)."""
    said = _content(words) | (set(NAMES.findall(words)) - {"The", "She", "And", "But", "His",
                                                            "Her", "They", "When", "From"})
    road = road_words(view)
    for a in view.get("anchors", []):
        name = narration_data().anchors[a["id"]].name.words
        answer = a.get("answer", "")
        if said & (_content(name) | (_content(head(answer)) - road)
                   | set(NAMES.findall(" " + answer))):
            return a["id"]
    return ""


def head(answer: str) -> str:
    """What an answer says the Anchor is: its first clause ("A tarnished ring my mother wore";
    "From the hives", not "the bees have never once stung her", which says why)."""
    return re.split(r"[,:;.!?—–(]|\s(?:who|which|that|because|since|when|and)\s", answer)[0]


def road_words(view: dict) -> set[str]:
    """The words that name the road itself (the premise, the stages and the places shown): a
    stake about the farm is about the farm, not about the Anchor whose answer mentions it."""
    text = " ".join([view.get("premise", "")] + [
        f"{st.get('name', '')} {st.get('location_name') or ''}" for st in view.get("map", [])])
    return _content(text)


def stage_words(fabula: Fabula, stage: int, before: int) -> tuple[int, str] | None:
    """The player's latest words in ``stage`` before step ``before``: (step, words)."""
    start = int(fabula.words(f"stage:{stage}") or 0)
    said = [(int(k.split(":")[1]), fabula.words(k)) for k in fabula.fact_keys("said:")]
    said = [(n, w) for n, w in said if start < n < before and w]  # start: the last stage's end
    return max(said) if said else None


def dear(view: dict, about: str, memory: Any, stage: int) -> Phrase:
    held = [a["id"] for a in view.get("anchors", [])]
    pick = about or (held[memory.rng("dear", stage).randrange(len(held))] if held else "")
    if not pick:
        return DEAREST
    phrase = narration_data().anchors[pick].name
    return phrase if memory.allows(phrase.words) else DEAREST


def threat_lines(cards: list[str], phrases: dict[str, Phrase], values: dict, view: dict,
                 memory: Any, scene: str, rng, step: int, raised: bool) -> str:
    """The Antagonist's move told: the main card's line, the others it brings, and an answer to
    the player's words when they spoke since its last move."""
    if not cards:
        return ""
    values_ = dict(values)
    main = main_card(cards)
    stage = view.get("stage") or 1
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    heard = stage_words(fabula, stage, step + 1)
    if heard and f"answered|{heard[0]}" in memory.used:
        heard = None
    about = touches(heard[1], view) if heard else ""
    values_["threat"] = phrases[main]
    values_["dear"] = dear(view, about, memory, stage)
    when = {"threat": main, "shape": phrases[main].words, "stage": stage, "raised": raised}
    parts = [tell("threat", when, values_, memory, scene, rng)]
    others = [phrases[c] for c in cards if c != main]
    if others:
        values_["also"] = others
        parts.append(tell("also", when, values_, memory, scene, rng))
    stake = fabula.stake(f"stage-{stage}")
    if heard:
        if main in PLIGHTS:  # a plight cannot hear, go for or fight back: the road answers
            values_["threat"] = ROAD
        kind, text = voice(heard[1], values["hero"])
        values_["words"] = text if kind == "quote" else clean(heard[1])
        if kind == "oath":
            values_["oath"] = text
        answer = {**when, "first": bool(stake and stake.opened == heard[0]),
                  "vow": kind_of(heard[1], (values["hero"].name,)) == "vow", "about": about,
                  "voice": kind}
        line = tell("answer", answer, values_, memory, scene, rng) \
            if memory.allows(heard[1]) else ""
        if line:
            memory.used.add(f"answered|{heard[0]}")
            parts.append(line)
    return " ".join(p for p in parts if p)


def settle(view: dict, stage: int, hero: Character, memory: Any, scene: str,
           now: int | None = None) -> str:
    """The stake of ``stage`` taken up, if it was resolved and no narration took it up yet.
    Words told in this very beat (``now``: the player's own telling of the move that ended the
    stage) are not quoted straight back: the line says how they came out."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    stake = fabula.stake(f"stage-{stage}")
    if stake is None or stake.open or memory.was_taken_up(stake.id):
        return ""
    if not memory.allows(stake.words):
        return ""
    key = f"{QUOTED_KEY}{' '.join(stake.words.lower().split())}"
    # "now": words told in this very beat; "just": words said at the move right before it (the
    # player's line is the last thing the reader read: not quoted straight back); "again": a
    # stake before, quoted then
    group = "now" if now is not None and stake.opened == now else \
        "just" if now is not None and stake.opened is not None and 0 < now - stake.opened <= 1 \
        else "again" if key in memory.used and kind_of(stake.words, (hero.name,)) != "deed" \
        else ""  # ("It was the old promise" is not said of a deed)
    if group:
        line = tell(group, {"result": stake.result or "mixed", "stage": stage},
                              {"hero": hero}, memory, scene, memory.rng(group, stage))
        if line:
            memory.taken_up(stake.id)
            memory.used.add(key)
        return line
    if yielded(stake, fabula) and kind_of(stake.words, (hero.name,)) == "vow" and \
            not bound(stake.words, view, stage, fabula):
        # the hero gave the stage up, but the vow was about something else ("I swear I will
        # never sell that mule", and the fight given up was not about the mule): it was not
        # broken, and quoting it beside "gave the fight up" would say it was
        line = tell("unsettled", {"stage": stage}, {"hero": hero}, memory, scene,
                    memory.rng("unsettled", stage))
        if line:
            memory.taken_up(stake.id)
            memory.used.add(key)
        return line
    if kind_of(stake.words, (hero.name,)) == "deed":
        # a deed ("Brannoch Tell talks the ferryman round", "I talk him round") was told as it
        # happened: it is not quoted back as sworn, promised or "so the story had it"; the line
        # says how what the hero set about came out
        line = tell("deed", {"result": stake.result or "mixed", "stage": stage}, {"hero": hero},
                    memory, scene, memory.rng("deed", stage))
        if line:
            memory.taken_up(stake.id)
            memory.used.add(key)
        return line
    text = tell_stake(stake, stake.result, hero, _NewFrames(memory), scene)
    if text:
        memory.used.update((key, f"{FRAME_KEY}{_frame(text)}"))
    return text


def bound(words: str, view: dict, stage: int, fabula: Fabula) -> bool:
    """Whether the player's words are about what the hero gave up at the end of ``stage`` (the
    Anchor lost there: its name or the player's words for it share a word of substance)."""
    lost = next((r.get("anchor") for r in view.get("results", []) if r.get("stage") == stage),
                None)
    if not lost:
        return False
    name = narration_data().anchors[lost].name.words
    return bool(_content(words) & (_content(name) | _content(head(fabula.words(f"anchor:{lost}")))))


FRAME_KEY = "stake-frame|"  # a stake's taking up told, its quote masked: no frame twice
_QUOTE = re.compile(r"“[^”]*”")


def _frame(text: str) -> str:
    return _QUOTE.sub("“”", text)


class _NewFrames:
    """The session's memory, refusing a sentence whose frame (its quote masked) was told before:
    "“…”, the telling went, and the road bore it out." once a game, whatever it quotes."""

    def __init__(self, memory: Any) -> None:
        self._memory = memory

    def __getattr__(self, name: str) -> Any:
        return getattr(self._memory, name)

    def allows(self, text: str) -> bool:
        return (self._memory.allows(text)
                and f"{FRAME_KEY}{_frame(text)}" not in self._memory.used)


def want(view: dict) -> str:
    """What the hero goes for (the story seed's want: "a cure for a dying parent"), "" before
    the road is dealt."""
    ends = [(view.get("map") or [{}] * 5)[i].get("location") for i in (0, 4)]
    if not all(ends):
        return ""
    try:
        return rules().story_seed(ends[0], ends[1]).want
    except (KeyError, ValueError, StopIteration):
        return ""


def climax_want(view: dict, values: dict, memory: Any, scene: str, rng) -> str:
    """At the climax's place, the story comes back to what the hero set out for."""
    wanted = want(view)
    if not wanted or not memory.allows(wanted):
        return ""
    last = (view.get("map") or [{}] * 5)[4].get("location")
    if last:  # told there: "a fortune", not "a fortune on the enchanted mountain" on the mountain
        wanted = here(wanted, [p.words for p in narration_data().places[last].np])
    return tell("want", {"stage": 5}, {**values, "want": wanted}, memory, scene, rng)


def ending(view: dict, values: dict, phrases, memory: Any, rng) -> str:
    """The told epilogue of the journey."""
    fabula: Fabula = getattr(memory, "fabula", None) or Fabula()
    n = narration_data()
    results = view.get("results", [])

    def place(stage: int) -> Phrase | None:
        loc = (view.get("map") or [{}] * 5)[stage - 1].get("location")
        return n.places[loc].name if loc else None

    kept = [a["id"] for a in view.get("anchors", [])]
    lost = [a["id"] for a in view.get("anchors_lost", [])]
    values = dict(values)
    if kept:
        values["kept"] = [n.anchors[a].name for a in kept]
    values, held = keepsakes(view, values, memory)
    things, friends = values.get("keepsake"), values.get("friends")
    if lost:
        values["lost"] = [n.anchors[a].name for a in lost]
        first_loss = next((r["stage"] for r in results if r.get("anchor")), None)
        if first_loss and place(first_loss) and place(first_loss) in (place(1), place(5)):
            values["lostat"] = place(first_loss)  # at most two places: the road's two ends
    climax = next((r for r in results if r["stage"] == 5), None)
    climax_result = {"antagonist_folded": "won", "protagonist_folded": "lost",
                     "sacrifice": "mixed"}.get(climax["result"] if climax else "", "won")
    if place(5):
        values["climax_place"] = place(5)
    threat = fabula.words("threat:5")
    if threat:
        values["climax_threat"] = phrases(threat, 5)
    if climax and climax.get("anchor"):
        values["climax_anchor"] = n.anchors[climax["anchor"]].name
    stakes = fabula.stakes
    # the first stake, quoted as where it all began once its own stage took it up; one still
    # untaken (worded for the place the road ended at) is told below with how it came out
    if stakes and memory.allows(stakes[0].words) and memory.was_taken_up(stakes[0].id):
        kind, text = voice(stakes[0].words, values["hero"])
        name = values["hero"].name
        values["vow"] = {"quote": f"{name}'s own words, “{text}”", "oath": f"{name}'s oath {text}",
                         "deed": f"the telling “{text}”"}[kind]
    wanted = want(view)
    if wanted and memory.allows(wanted):
        values["want"] = wanted
    when = {"wanted": "want" in values, "lost": len(lost), "kept": len(kept), "vows": len(stakes),
            "vows_broken": sum(1 for s in stakes if s.result == "lost"),
            "keepsake": held, "climax": climax_result, "contest": bool(threat),
            "stage": 5}
    text = told_ending.epilogue(fabula, library(), when, values, memory, rng,
                                particulars=PARTICULARS, hero=values["hero"])
    once = named_once(text, values["hero"])  # the session finds its ending in the told text
    if getattr(memory, "epilogue", None) == text:
        memory.epilogue = once
    return once
