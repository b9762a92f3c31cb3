"""Drafting for a human table: ``companion draft becoming quest "premise"`` writes a nine-scene Quest
that grows from the premise and that the engine loads and plays (``companion play becoming --quest
FILE``).

Offline, from our own tables (``rules/becoming/draft.toml``, see :mod:`.draft_data`): the premise
is read for who the Hero is, what they must do, its object and its deadline (:mod:`.premise`);
its words pick the setting whose keys they hit most (the seed picks among ties, and for a premise
that hits none), and within the setting the phrases that share a word with the premise ("lamp"
picks "a lamp room"); then each of the nine beats (setting out, a crossing, a guide's test,
pursuit, a place of the lost, betrayal, a guardian, the ordeal at the heart, the last enemy) is
told through the story toolkit's templates, so phrases take their articles and verbs agree. The
premise's own words run through the Quest: its deed, deadline and Hero each appear in a few scenes
(chosen by the seed, never all in one), its goal wherever a scene turns on it. Threat dice rise as
the beats say; the Agents of Threat rotate through the three Fates from where the seed says.

With a model (``--model`` or ``--base-url``), the command line passes a ``writer`` (built in
``companion.llm.draft``; this package calls no model): it is given each scene's parts
(:func:`model_parts`) and returns new texts for Setup, Threat and Elements; each is checked there
like any model text and here for the Quest's own forms (:func:`fit`), and a text that misses keeps
the offline one, field by field. The TOML says which fields the model wrote.

Deterministic: the same premise and seed give the same Quest (``derived_rng``). Whatever is
printed has passed the Quest's validation, so it always loads.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from companion.core.rng import derived_rng
from companion.games.becoming.data import quest_from_dict
from companion.games.becoming.draft_data import SIGHT, Beat, tables
from companion.games.becoming.model import FATES, SCENES
from companion.games.becoming.premise import Premise, fold, folds, read
from companion.story.grammar import Phrase
from companion.story.template import render, sentence, slots
from companion.story.weave import addresses_reader

SMALL = {"a", "an", "the", "of", "to", "and", "or", "before", "after", "must", "with", "for",
         "in", "on", "at", "by", "from", "into", "his", "her", "their", "its", "over", "under"}
TITLE_SMALL = {"a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with",
               "from", "as", "but", "nor"}
# How often a premise slot is told, at most, across the nine scenes (more reads as a refrain;
# the premise's Hero is named once, at the start: after that the Hero is the player's, by name).
CAPS = {"deed": 3, "pressure": 2, "who": 1}
GATED = set(CAPS)  # used only where the plan puts them (and so only when the premise gave them)
FIELDS = ("setup", "threat", "elements")
Writer = Callable[[str, list[dict[str, Any]]], list[dict[str, Any]]]


def title_case(text: str) -> str:
    words = text.split()
    return " ".join(w if (i and w.lower() in TITLE_SMALL) or w[:1].isupper() else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


def choose_setting(premise: Premise, rng) -> str:
    """The setting whose keys the premise's words hit most; the seed breaks ties."""
    hits = {sid: sum(1 for k in s.keys if fold(k) in premise.words)
            for sid, s in sorted(tables().setting.items())}
    best = max(hits.values())
    return rng.choice([sid for sid, n in hits.items() if n == best])


def _content(words: str) -> set[str]:
    return {f for w in words.split() for f in folds(w) if len(f) > 3 and f not in SMALL}


def choose_phrases(setting_id: str, premise: Premise, rng) -> dict[str, Phrase]:
    """One phrase for each of the setting's slots, for the whole Quest: one that shares a word
    with the premise when there is one, else any."""
    chosen = {}
    for name, phrases in sorted(tables().setting[setting_id].slots.items()):
        echoing = [p for p in phrases if _content(p.words) & premise.words]
        chosen[name] = rng.choice(echoing or list(phrases))
    return chosen


def _plan(beats: tuple[Beat, ...], premise: Premise, rng) -> set[tuple[int, str, str]]:
    """Which (beat, field) may tell each premise slot: the first place that can, and as many
    others as the cap allows, drawn by the seed."""
    given = {"who": premise.who, "deed": premise.deed, "pressure": premise.pressure}
    plan: set[tuple[int, str, str]] = set()
    for slot, cap in CAPS.items():
        if not given[slot]:
            continue
        places = [(n, f) for n, b in enumerate(beats) for f in ("setup", "threat")
                  if any(slot in slots(t) for t in getattr(b, f))]
        if not places:
            continue
        picked = [places[0]] + rng.sample(places[1:], min(cap - 1, len(places) - 1))
        plan |= {(n, f, slot) for n, f in picked}
    return plan


def _pick(templates: tuple[str, ...], allowed: set[str], rng) -> str:
    """A template naming only allowed premise slots, one that names the most of them."""
    usable = [t for t in templates if not (set(slots(t)) & (GATED - allowed))]
    most = max(len(set(slots(t)) & allowed) for t in usable)
    return rng.choice([t for t in usable if len(set(slots(t)) & allowed) == most])


def draft_quest(premise: str, seed: int = 0) -> dict:
    premise = " ".join(premise.split())
    if not premise:
        raise ValueError("give the Quest a premise: companion draft becoming quest \"...\"")
    rng = derived_rng(seed, "draft", premise)
    reading = read(premise)
    setting_id = choose_setting(reading, rng)
    setting = tables().setting[setting_id]
    values: dict[str, Any] = dict(choose_phrases(setting_id, reading, rng))
    values["goal"] = reading.goal or values["prize"]
    values["who"] = reading.who or Phrase(words="Hero", form="the")
    values["deed"] = reading.deed or ""
    values["pressure"] = reading.pressure or ""
    if values["pressure"].split()[:1] in (["or"], ["unless"], ["lest"]):
        values["pressure"] = ", " + values["pressure"]  # "..., or the city will burn"
    sights = rng.sample(list(setting.sights), SCENES)
    beats = tables().beat
    plan = _plan(beats, reading, rng)
    start = rng.randrange(len(FATES))
    scenes = []
    for n, beat in enumerate(beats):
        v = {**values, SIGHT: sights[n]}
        title = title_case(render(_pick(beat.title, set(), rng), v))
        setup = sentence(_pick(beat.setup, {s for b, f, s in plan if (b, f) == (n, "setup")},
                               rng), v)
        threat = sentence(_pick(beat.threat, {s for b, f, s in plan if (b, f) == (n, "threat")},
                                rng), v)
        elements = [" ".join(render(rng.choice(alt), v).split()) for alt in beat.elements]
        scenes.append({"title": title, "setup": setup, "threat": threat, "elements": elements,
                       "threat_dice": beat.dice, "agent": FATES[(start + n) % len(FATES)],
                       "source": "ours"})
    quest = {"id": f"drafted_{_slug(premise)}", "title": _title(premise, reading),
             "premise": premise,
             "source": "ours", "scenes": scenes}
    quest_from_dict(quest)  # what we print always loads
    return quest


def _slug(premise: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", premise.lower()).strip("_")[:32] or "quest"


def _title(premise: str, reading: Premise) -> str:
    """The goal, with the deadline when both are short ("The Lamp Before the Fleet Returns");
    the premise's first words when it names no goal."""
    if reading.goal is not None:
        title = reading.goal.the
        if reading.pressure and len(f"{title} {reading.pressure}".split()) <= 7 and \
                reading.pressure.split()[0].lower() in ("before", "until", "by", "ere"):
            title = f"{title} {reading.pressure}"
        return title_case(title[0].upper() + title[1:])
    words = re.split(r"[.;:,!?]", premise)[0].split()[:8]
    while len(words) > 2 and words[-1].lower() in SMALL:
        words.pop()
    title = " ".join(words)
    return title[0].upper() + title[1:]


# -- with a model -------------------------------------------------------------------------------
def model_parts(quest: dict) -> list[dict[str, Any]]:
    """What a model is asked to rewrite, scene by scene: the scene's place in the arc, its title
    and Agent, and our offline texts (the model may keep them)."""
    beats = tables().beat
    return [{"scene": n + 1, "title": sc["title"], "role": beats[n].role,
             "threat_dice": sc["threat_dice"],
             "fields": {"setup": sc["setup"], "threat": sc["threat"],
                        "elements": list(sc["elements"])}}
            for n, sc in enumerate(quest["scenes"])]


ARTICLES = {"a", "an", "the", "some", "two", "three", "four", "five", "six", "seven", "her",
            "his", "their", "its"}
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)]?$")


def fit(field: str, value: Any) -> str | list[str] | None:
    """A model's text in the Quest's own forms, or None: Setup and Threat are one to three
    sentences in the third person; Elements are two to four noun phrases, not sentences."""
    if field in ("setup", "threat"):
        if not isinstance(value, str):
            return None
        text = " ".join(value.split())
        if not text or not text[0].isupper() or not _SENTENCE_END.search(text):
            return None
        if len(text) > 240 or len(re.findall(r"[.!?](\s|$)", text)) > 3:
            return None
        if addresses_reader(text) or re.search(r"[{}\[\]<>*_#]", text):
            return None
        return text
    if field == "elements":
        if not isinstance(value, list) or not 2 <= len(value) <= 4:
            return None
        out = []
        for item in value:
            if not isinstance(item, str):
                return None
            item = " ".join(item.split()).rstrip(".")
            if not item or len(item) > 80 or len(item.split()) > 12 or addresses_reader(item):
                return None
            if re.search(r"[{}\[\]<>*_#:;!?]", item) or re.search(r"\.\s", item):
                return None
            first = item.split()[0]
            if first.lower() not in ARTICLES and not first[:1].isupper():
                return None  # "one more time", "crashing": not a thing a scene holds
            out.append(item[0].lower() + item[1:] if first.lower() in ARTICLES else item)
        if len({e.lower() for e in out}) < len(out):
            return None  # "the pirates", "the pirates"
        return out
    return None


def with_texts(quest: dict, texts: list[dict[str, Any]]) -> tuple[dict, list[list[str]]]:
    """The Quest with each scene's fields replaced by the model's where they fit, and the names
    of the fields replaced in each scene."""
    scenes, written = [], []
    for n, sc in enumerate(quest["scenes"]):
        got = texts[n] if n < len(texts) else {}
        sc = dict(sc)
        mine = []
        for field in FIELDS:
            value = fit(field, got.get(field))
            other = [sc[f].lower() for f in ("setup", "threat") if f != field]
            if isinstance(value, str) and value.lower() in other:
                value = None  # a Setup that is the scene's Threat word for word tells nothing
            if value is not None and value != sc[field]:
                sc[field] = value
                mine.append(field)
        scenes.append(sc)
        written.append(mine)
    out = {**quest, "scenes": scenes}
    quest_from_dict(out)
    return out, written


def to_toml(quest: dict, written: list[list[str]] | None = None, by: str = "") -> str:
    """The Quest as a TOML file (strings written as TOML basic strings)."""
    s = json.dumps
    out = ["# A Quest drafted by `companion draft becoming quest`; edit freely, then play it with",
           "# companion play becoming --quest THIS_FILE"]
    if written is not None:
        n = sum(len(w) for w in written)
        out.append(f"# {n} of {len(FIELDS) * len(quest['scenes'])} scene texts written by "
                   f"{by or 'the model'}; the rest from our tables.")
    out += [f"id = {s(quest['id'])}", f"title = {s(quest['title'], ensure_ascii=False)}",
            f"premise = {s(quest['premise'], ensure_ascii=False)}",
            f"source = {s(quest['source'])}"]
    for i, sc in enumerate(quest["scenes"]):
        out += ["", "[[scenes]]"]
        if written is not None and written[i]:
            out.append(f"# written by {by or 'the model'}: {', '.join(written[i])}")
        for key in ("title", "setup", "threat"):
            out.append(f"{key} = {s(sc[key], ensure_ascii=False)}")
        out.append("elements = [" + ", ".join(s(e, ensure_ascii=False) for e in sc["elements"])
                   + "]")
        out += [f"threat_dice = {sc['threat_dice']}", f"agent = {s(sc['agent'])}",
                f"source = {s(sc['source'])}"]
    return "\n".join(out) + "\n"


def run(what: str, situation: str, *, state: Any = None, as_json: bool = False,
        seed: int = 0, writer: Writer | None = None) -> str:
    """The draft as TOML (or JSON). ``state`` (a journal's) is not needed: a Quest stands alone.
    ``writer``: a model's (see the module's docstring); None drafts offline."""
    if what != "quest":
        raise ValueError(f"Becoming drafts a quest (companion draft becoming quest \"premise\"), "
                         f"not {what!r}")
    quest = draft_quest(situation, seed)
    written = None
    by = getattr(writer, "name", "") if writer is not None else ""
    if writer is not None:
        quest, written = with_texts(quest, writer(quest["premise"], model_parts(quest)))
    if as_json:
        return json.dumps(quest, indent=1, ensure_ascii=False)
    return to_toml(quest, written, by)
