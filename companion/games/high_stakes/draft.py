"""GM drafting for a human Game Master: ``companion draft high-stakes scene "SITUATION"``.

From a short situation (and optionally a session journal, for the characters' current state) the
draft proposes what the rules ask the GM to fix before any die: the Difficulty, with its reasoning
on the ladder (each recognised obstacle placed on a rung, several obstacles summed, the other
approaches and their Difficulties, the overkill threshold); two or three Consequences with the
bonus dice a player would get by raising to them; Complications; a Secret to keep; a scene it could
trigger; and what would earn tactical advantage. Markdown for reading, JSON for tools. It works
offline from ``rules/high_stakes/draft.toml`` and the core tables; the seed varies the picks.
"""
from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from companion.core.rng import derived_rng
from companion.story.reading import describe_acts, lexicon, read, says_state

from .data import load, load_draft

WHATS = ("scene",)
ATTR = {"body": "Body", "mind": "Mind", "aura": "Aura"}


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ApproachRow(_M):
    label: str
    attribute: Literal["body", "mind", "aura"]
    delta: int


class Obstacle(_M):
    id: str
    words: list[str]
    name: str
    difficulty: int
    why: str
    type: str
    attribute: Literal["body", "mind", "aura"]
    foes: bool = False
    consequences: list[str]
    complications: list[str]
    secrets: list[str]
    triggers: list[str]
    approaches: list[ApproachRow]
    advantages: list[str]
    source: Literal["text", "ours"]


class Count(_M):
    single: list[str]
    couple: list[str]
    many: list[str]
    source: Literal["text", "ours"]


class Modifier(_M):
    words: list[str]
    delta: int
    why: str
    source: Literal["text", "ours"]


class Reading(_M):
    goal: list[str]
    talk: list[str]
    source: Literal["text", "ours"]


class Holds(_M):
    """When a drafted situation holds what a complication needs (read on the reading layer)."""
    need: str
    kinds: list[str] = []
    things: list[str] = []
    acts: list[str] = []
    states: list[str] = []
    party: bool = False
    source: Literal["text", "ours"]


class DraftData(_M):
    obstacle: list[Obstacle]
    count: Count
    modifier: list[Modifier]
    reading: Reading
    holds: list[Holds] = []


def tables() -> DraftData:
    data = DraftData.model_validate(load_draft())
    rules = load()
    for ob in data.obstacle:
        for c in ob.consequences:
            if c not in rules.consequences:
                raise ValueError(f"draft obstacle {ob.id}: unknown consequence {c!r}")
        if ob.type not in rules.scene_types:
            raise ValueError(f"draft obstacle {ob.id}: unknown scene type {ob.type!r}")
    return data


def holds(situation: str, party: bool = True) -> set[str]:
    """What the situation holds, for the complications that need something there (a weapon, a
    flame, a sleeper): the things it names by kind, the acts it says, the states, read on the
    reading layer; ``party`` when more than one character plays."""
    r = read(situation)
    acts = set(r.top(3, floor=0.3))
    out = set()
    for h in tables().holds:
        if (r.thing_kinds & set(h.kinds) or r.lemmas & set(h.things) or acts & set(h.acts)
                or any(says_state(situation, st) for st in h.states) or (h.party and party)):
            out.add(h.need)
    return out


def _match(word: str, text: str) -> re.Match | None:
    return re.search(rf"\b{re.escape(word.strip())}(s|es|ing)?\b", text)


def split_goal(situation: str) -> tuple[str, str]:
    """The situation up to what the character wants past the obstacle, and that goal ("")."""
    low = " " + situation.lower() + " "
    cuts = [(low.find(m), m) for m in tables().reading.goal if low.find(m) >= 0]
    if not cuts:
        return situation, ""
    at, marker = min(cuts)
    return low[:at].strip(), low[at + len(marker):].strip()


def is_talk(situation: str) -> str:
    """The word that makes this a dialogue scene ("" if none)."""
    text = " " + situation.lower() + " "
    return next((w for w in tables().reading.talk if _match(w, text)), "")


def recognise(situation: str) -> list[dict[str, Any]]:
    """The obstacles standing in the way in the situation (not in its goal), each with its
    Difficulty and the reason for it."""
    data = tables()
    text = " " + split_goal(situation)[0].lower() + " "
    spans: list[tuple[int, int]] = []
    found: list[dict[str, Any]] = []
    for ob in data.obstacle:
        hit = None
        for w in ob.words:
            m = _match(w, text)
            if m and not any(a <= m.start() and m.end() <= b for a, b in spans):
                hit = m
                break
        if hit is None:
            continue
        spans.append((hit.start(), hit.end()))
        diff, note = ob.difficulty, ob.why
        if ob.foes:
            before = text[max(0, hit.start() - 14):hit.start()]
            if any(w in before for w in data.count.single):
                diff = 0 if ob.id == "goblins" else max(1, diff - 1)
                note = f"just one of them, a rung or two lower than {ob.why}"
            elif any(w in before for w in data.count.couple):
                diff = 1 if ob.id == "goblins" else diff
                note = f"only a couple of them; on the ladder, {ob.why}"
            elif any(w in text for w in data.count.many):
                diff = 4 if ob.id == "goblins" else diff + 2
                note = f"a great many of them, two rungs above {ob.why}"
        found.append({"obstacle": ob, "word": hit.group(0).strip(), "difficulty": diff, "why": note})
    return found


def modifiers(situation: str) -> list[dict[str, Any]]:
    text = " " + situation.lower() + " "
    out = []
    for m in tables().modifier:
        hit = next((w for w in m.words if _match(w, text)), None)
        if hit:
            out.append({"word": hit, "delta": m.delta, "why": m.why})
    return out


def _characters_from_state(state: Any) -> list[dict[str, Any]]:
    """The characters' state at a point of a High Stakes session (the CLI replays the journal)."""
    from . import GAME

    view = GAME.view(state, "gm")
    out = []
    for c in view["characters"]:
        if c["status"] != "active":
            continue
        out.append({
            "name": c["name"],
            "attributes": {a: c["attributes"][a]["now"] for a in ATTR},
            "losses": {a: c["attributes"][a]["loss"] for a in ATTR if c["attributes"][a]["loss"]},
            "traits_ready": [t["name"] for t in c["traits"] if t["left"] > 0],
            "relationships_ready": [r["name"] for r in c["relationships"] if not r["used"] and not r["lost"]],
            "deaths_door": c["deaths_door"], "captured": c["captured"],
        })
    return out + [{"rest_used": view["rest_used"], "scene_count": view["scene_count"]}]


def build(situation: str, *, state: Any = None, seed: int = 0) -> dict[str, Any]:
    rules = load()
    rng = derived_rng(seed, "draft", situation)
    found = recognise(situation)
    notes: list[str] = []
    goal = split_goal(situation)[1]
    talk = is_talk(situation)
    doing = read(situation)  # the reading layer: what the characters set out to do
    rolled = [a for a in doing.top(2) if not lexicon().act[a].weak]
    if not found and talk and not rolled:
        return _no_roll(situation, talk, goal, seed, state)
    if not found and rolled:  # stealing at a feast is rolled: the act decides, not the setting
        notes.append(f"What they set out to do ({describe_acts(doing)}) is rolled, whatever the "
                     "setting: nothing in the tables names the obstacle, so the Difficulty starts "
                     "at Moderate.")
    if goal:
        notes.append(f"What they want past the obstacle (“{goal}”) is the goal, not a second "
                     "obstacle: the Difficulty is the obstacle in the way.")
    if not found:
        notes.append("No obstacle in the tables matched the situation: Moderate (2) is a fair "
                     "default; move it up or down the ladder by comparing with its examples.")
    obstacles = [{"name": f["obstacle"].name, "word": f["word"], "difficulty": f["difficulty"],
                  "rung": rules.rung(f["difficulty"]).name, "why": f["why"]} for f in found]
    mods = modifiers(situation) if found else []
    total = (sum(o["difficulty"] for o in obstacles) if found else 2) + sum(m["delta"] for m in mods)
    rung = rules.rung(total)
    lead = max(found, key=lambda f: f["difficulty"])["obstacle"] if found else None
    by_act = {"aura": "interaction", "body": "action", "mind": "investigation"}.get(
        lexicon().act[rolled[0]].attribute, "action") if rolled else "action"
    stype = lead.type if lead else by_act
    attribute = lead.attribute if lead else rules.scene_types[stype].attribute or "body"
    reasoning = [f"{o['name'].capitalize()} (“{o['word']}”): {o['difficulty']}, {o['why']}" for o in obstacles]
    reasoning += [f"“{m['word']}”: +{m['delta']}, {m['why']}" for m in mods]
    parts = [o["difficulty"] for o in obstacles] + [m["delta"] for m in mods]
    if len(parts) > 1:
        head = ("Obstacles in one scene add up" if len(obstacles) > 1
                else "The obstacle, and what makes it harder")
        reasoning.append(f"{head}: {' + '.join(map(str, parts))}"
                         f" = {total} ({rung.name}: {rung.summary}).")
    reasoning.append(f"Overkill: a pool of {total + rules.limits.overkill_margin} dice or more "
                     "succeeds without a roll.")
    approaches = []
    for f in found:
        others = total - f["difficulty"]  # the rest of the scene still counts
        for ap in f["obstacle"].approaches:
            d = max(0, f["difficulty"] + ap.delta) + others
            approaches.append({"label": f"{ap.label} ({f['obstacle'].name})", "attribute": ap.attribute,
                               "difficulty": d})
    # consequences: the weakest fitting one first, then harsher ones a player could raise to
    kinds: list[str] = []
    for f in found:
        for k in f["obstacle"].consequences:
            if k not in kinds:
                kinds.append(k)
    if not kinds:
        kinds = ["retreat", "wounded", "freedom"]
    kinds.sort(key=lambda k: rules.consequences[k].bonus)
    picked = [kinds[0]]
    middle = [k for k in kinds[1:-1]]
    if middle:
        picked.append(rng.choice(middle))
    if len(kinds) > 1:
        picked.append(kinds[-1])
    consequences = [{"id": k, "name": rules.consequences[k].name, "bonus": rules.consequences[k].bonus,
                     "effect": rules.consequences[k].summary} for k in picked]
    complications = []
    for f in found:
        complications.extend(f["obstacle"].complications)
    chars = _characters_from_state(state)[:-1] if state is not None else []
    here = holds(situation, party=state is None or len(chars) > 1)  # a weapon only where one is
    generic = [c.text for c in rules.core.complication if stype in c.tags
               and set(c.needs) <= here]
    rng.shuffle(generic)
    complications = (complications + generic)[:3] if complications else generic[:3]
    secret_pool = [s for f in found for s in f["obstacle"].secrets] or ["someone in the scene is not who they claim to be"]
    trigger_pool = [t for f in found for t in f["obstacle"].triggers] or ["The noise draws someone who was not expected."]
    advantages = [a for f in found for a in f["obstacle"].advantages]
    draft = {
        "what": "scene", "situation": situation, "seed": seed,
        "scene_type": stype, "attribute": attribute,
        "difficulty": total, "rung": rung.name, "obstacles": obstacles, "reasoning": reasoning,
        "approaches": approaches,
        "consequences": consequences,
        "complications": complications,
        "secret": rng.choice(secret_pool),
        "triggered_scene": rng.choice(trigger_pool),
        "tactical_advantage": advantages,
        "notes": notes,
    }
    if state is not None:
        chars = _characters_from_state(state)
        meta = chars.pop() if chars and "rest_used" in chars[-1] else {}
        draft["characters"] = chars
        for c in chars:
            low = [ATTR[a] for a, v in c["attributes"].items() if v <= 1]
            if low or c["deaths_door"]:
                draft["notes"].append(f"{c['name']} is hurt ({', '.join(low) or 'at death'}'s door"
                                      if c["deaths_door"] else f"{c['name']} is down to 1 in {', '.join(low)}: "
                                      "a harsh consequence may take them out of the story.")
            if not c["traits_ready"]:
                draft["notes"].append(f"{c['name']} has no Trait left before a Rest.")
        if meta and not meta.get("rest_used"):
            draft["notes"].append("The session's Rest scene has not been played yet.")
    return draft


def _no_roll(situation: str, talk: str, goal: str, seed: int, state: Any) -> dict[str, Any]:
    """A dialogue scene with nothing in its way: played without dice."""
    rules = load()
    t = rules.scene_types["interaction"]
    return {
        "what": "scene", "situation": situation, "seed": seed,
        "scene_type": "interaction", "attribute": "aura", "roll": False,
        "difficulty": 0, "rung": rules.rung(0).name, "obstacles": [],
        "reasoning": [f"“{talk}”: a dialogue scene ({t.summary}). Nothing here stands in the way "
                      "or can go wrong in a way that matters, so there is no roll: the table "
                      "simply plays it out (Difficulty 0, Automatic).",
                      "If someone tries to manipulate, coerce, con, seduce, threaten or bribe, it "
                      "becomes an Aura roll: draft that moment instead."],
        "approaches": [], "consequences": [], "complications": [],
        "secret": "Someone at the table is hiding how much they know.",
        "triggered_scene": "A word said wrong turns the talk sour: from then on, whoever tries to "
                           "sway the other rolls Aura.",
        "tactical_advantage": [],
        "notes": [f"The goal: {goal}."] if goal else [],
        **({"characters": _characters_from_state(state)[:-1]} if state is not None else {}),
    }


def markdown(d: dict[str, Any]) -> str:
    out = [f"# Scene draft: {d['situation']}", ""]
    t = load().scene_types[d["scene_type"]]
    if d.get("roll") is False:
        out += [f"**{t.name} scene**: no roll.", "", "## No roll (Difficulty 0, Automatic)", ""]
        out += [f"- {r}" for r in d["reasoning"]] + [""]
        out += ["## Consequence", "", "None: nothing is at stake, so no dice and no complications.", ""]
        out += ["## Secret", "", d["secret"], ""]
        if d.get("triggered_scene"):
            out += ["## If it should turn", "", d["triggered_scene"], ""]
        if d["notes"]:
            out += ["## Notes", ""] + [f"- {n}" for n in d["notes"]] + [""]
        return "\n".join(out).rstrip() + "\n"
    out += [f"**{t.name} scene**, rolled with **{ATTR[d['attribute']]}** ({t.summary}).", ""]
    out += [f"## Difficulty {d['difficulty']} ({d['rung']})", ""]
    out += [f"- {r}" for r in d["reasoning"]] + [""]
    if d["approaches"]:
        out += ["Other approaches:", ""]
        out += [f"- {a['label']}: {ATTR[a['attribute']]}, Difficulty {a['difficulty']}" for a in d["approaches"]]
        out.append("")
    out += ["## Consequence (pick one before the roll)", ""]
    for c in d["consequences"]:
        bonus = "no bonus dice" if not c["bonus"] else f"+{c['bonus']} {'die' if c['bonus'] == 1 else 'dice'} if a player raises to it"
        out.append(f"- **{c['name']}** ({bonus}): {c['effect']}")
    out += ["", "## Complications (one per 1 rolled)", ""]
    out += [f"- {c}" for c in d["complications"]] + [""]
    out += ["## Secret", "", d["secret"], "", "## Triggered scene", "", d["triggered_scene"], ""]
    if d["tactical_advantage"]:
        out += ["## Tactical advantage, if they earn it", ""]
        out += [f"- {a}" for a in d["tactical_advantage"]] + [""]
    if d.get("characters"):
        out += ["## The characters now", ""]
        for c in d["characters"]:
            attrs = " · ".join(f"{ATTR[a]} {v}" for a, v in c["attributes"].items())
            out.append(f"- **{c['name']}**: {attrs}; Traits ready: {', '.join(c['traits_ready']) or 'none'}")
        out.append("")
    if d["notes"]:
        out += ["## Notes", ""] + [f"- {n}" for n in d["notes"]] + [""]
    return "\n".join(out).rstrip() + "\n"


def run(what: str, situation: str, *, state: Any = None, as_json: bool = False,
        seed: int = 0) -> str:
    """The draft as Markdown (or JSON). ``what`` is the kind of draft: only "scene" for now."""
    key = what.strip().lower()
    if key not in WHATS:
        raise ValueError(f"high-stakes can draft: {', '.join(WHATS)} (not {what!r})")
    if not situation.strip():
        raise ValueError("describe the situation in a few words, e.g. \"the heroes must cross a "
                         "rope bridge guarded by goblins\"")
    d = build(situation.strip(), state=state, seed=seed)
    if as_json:
        return json.dumps(d, indent=2, ensure_ascii=False) + "\n"
    return markdown(d)
