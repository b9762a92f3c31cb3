"""The offline AI for both seats of High Stakes. It reads only its seat's view (and the rules data).

The Game Master runs the Nightblades one-shot from its data, fairly:

* It frames the adventure's scenes in the order the data leads (a success goes on, a failure takes
  the failure road, a complication's trigger interrupts, a captured child ends up before the mage,
  a triggered scene won resumes where it broke in), and ends the story at an ending.
* It reads the player's declaration (their own words) for the problem and the approach: the words
  that match best decide which obstacle is faced and how, and so the attribute (it overrules the
  player's choice only when the words plainly point elsewhere) and the Difficulty (the approach's
  rung on the ladder, plus one for missing gear where that is how the problem is written).
* It sets the problem's Consequence before any die, and awards tactical advantage only when the
  fiction earned it: the words of a trigger in the declaration (salt against the slug, opening the
  book before the demon), or knowledge of a secret the player has actually uncovered (the golem's
  weak spot).
* It reveals a secret only when it is uncovered in play (a search that succeeds, a book read, a
  complication that sets it off, the player's own idea), and vetoes a narrative element only on the
  four grounds the rules allow.
* Complications: the problem's own first, then setbacks fitting the scene; never one that would
  knock a character out (the engine forbids those anyway).

The autoplay player plays the character sensibly: the attribute the scene calls for (or its best),
dice added from Traits, Relationships and its Unique Thing only when the roll looks short, the
stakes raised only when still short and only to consequences it can survive, each 6 kept when that
is enough, exploded when more is needed, spent on a 1 when the roll is safe anyway.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.core.game import Action

from .data import ATTRIBUTES, Rules, load
from .heard import goes_to, words_in
from .plan import (  # noqa: F401  (re-exported: the GM's reading of the scene)
    _active,
    _char,
    speaks_to,
    current_plan,
    judge,
    passed_in_scene,
    pick_approach,
    problems_open,
)
from .road import needs_rest, next_scene  # noqa: F401  (re-exported, as the plan's)


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError(f"the {seat} has no legal action to choose from")
    if seat == "gm":
        return _gm(view, list(legal), rng)
    return _player(view, list(legal), rng)


def _find(legal: list[Action], kind: str, **args: Any) -> Action | None:
    for a in legal:
        if a.kind == kind and all(a.args.get(k) == v for k, v in args.items()):
            return a
    return None


def story_next(view: dict, rules=None) -> tuple[str, str]:
    """What the GM frames next, ("scene", id) or ("end", ending): the road's next scene, unless
    the night's clock has run out (the last scene is the way home, or none)."""
    rules = rules or load()
    what, sid = next_scene(view, rules)
    if what == "scene" and view.get("scene_count", 0) >= view.get("max_scenes", 14) - 1 \
            and sid != "home":
        return "end", _fallback_ending(view)
    return what, sid


def _gm(view: dict, legal: list[Action], rng: random.Random) -> Action:
    rules = load()
    ph = view["phase"]
    kinds = {a.kind for a in legal}
    if ph == "frame":
        what, sid = story_next(view, rules)
        if what == "scene":
            a = _find(legal, "frame", scene=sid)
            if a:
                return a
            what, sid = "end", _fallback_ending(view)
        return _find(legal, "end_story", ending=sid) or _find(legal, "end_story") or legal[0]
    if ph == "call":
        return _gm_call(view, legal, rules)
    if ph == "stakes":
        return _gm_stakes(view, legal, rules)
    if ph == "judge":  # does the Trait apply, is the raise logical? (the reason goes with a no)
        ok, _ = judge(view, rules)
        return _find(legal, "allow" if ok else "refuse") or legal[0]
    if ph == "lose_relationship":
        plain = [a for a in legal if not a.args.get("name", "").startswith("avenge")]
        return (plain or legal)[-1]
    if ph == "veto":
        reason = veto_reason(view, rules)
        return _find(legal, "veto", reason=reason) if reason else _find(legal, "accept_element")  # type: ignore[return-value]
    if ph == "complication":
        return _gm_complication(view, legal, rng)
    if ph == "after":
        return gm_after(view, legal, rules)
    if "narrate" in kinds:
        return legal[0]
    return legal[0]


def _fallback_ending(view: dict) -> str:
    if not _active(view):
        return "fallen"
    if any(c["captured"] for c in _active(view)):
        return "captured"
    return "unfinished"


def _gm_call(view: dict, legal: list[Action], rules: Rules) -> Action:
    sc = view["scene"]
    text = (sc.get("declaration") or {}).get("text", "")
    revealed = {x["id"] for x in view.get("revealed", [])}
    scene = rules.scenes.get(sc["id"])
    if scene is None or sc["type"] in ("rest", "connection") or not scene.problems:
        return _find(legal, "no_roll")  # type: ignore[return-value]
    if passed_in_scene(view, sc["number"], rules):
        return _find(legal, "no_roll")  # type: ignore[return-value]
    for ex in scene.exits:
        if goes_to(text, ex.words) and not any(speaks_to(text, ap) for p in problems_open(view, rules)
                                                for ap in p.approaches if ap.attribute != "aura"):
            return _find(legal, "no_roll")  # type: ignore[return-value]
    plan = current_plan(view, rules)
    p = plan.get("problem")
    if p is None:
        return _find(legal, "no_roll")  # type: ignore[return-value]
    for sid in plan.get("advantage_reveals", []):  # the player's own idea uncovers it
        a = _find(legal, "reveal", secret=sid)
        if a and sid not in revealed:
            return a
    if plan.get("immune"):
        a = _find(legal, "reveal", secret=p.immune_secret) if p.immune_secret else None
        if a:
            return a
        return _find(legal, "no_roll")  # type: ignore[return-value]
    return _find(legal, "roll", problem=p.id) or _find(legal, "roll", problem="open")  # type: ignore[return-value]


def _gm_stakes(view: dict, legal: list[Action], rules: Rules) -> Action:
    roll = view["roll"]
    plan = current_plan(view, rules)
    stage = roll["stage"]
    if stage == "attribute":
        ap = plan.get("approach")
        attr = ap.attribute if ap else roll["pools"][0]["attribute"]
        return _find(legal, "attribute", attribute=attr)  # type: ignore[return-value]
    if stage == "difficulty":
        return _find(legal, "difficulty", value=plan.get("difficulty", 2)) or legal[1]
    if stage == "consequence":
        kinds = plan.get("consequence") or ["retreat"]
        return _find(legal, "consequence", kinds=kinds) or _find(legal, "consequence", kinds=["retreat"])  # type: ignore[return-value]
    return _find(legal, "advantage", dice=plan.get("advantage", 0)) or legal[0]


def veto_reason(view: dict, rules: Rules) -> str:
    """The ground for vetoing the offered element, or "" to accept it."""
    element = ((view.get("roll") or {}).get("element") or "").lower()
    words = rules.adv.setting.veto_words
    for reason, lst in (("setting", words.setting), ("physics", words.physics), ("secret", words.secret)):
        if any(w in element for w in lst):
            return reason
    return ""


def _gm_complication(view: dict, legal: list[Action], rng: random.Random) -> Action:
    roll = view["roll"]
    own = _find(legal, "complication", id="problem")
    if own is not None:  # the adventure's own setback for this obstacle comes first
        return own
    stype = (view.get("scene") or {}).get("type", "action")
    rules = load()
    fitting = [a for a in legal if a.kind == "complication" and a.args["id"] != "problem"
               and stype in rules.complications[a.args["id"]].tags]
    # a line the scene holds (fire where there is a flame, a bystander who sees) before a line
    # that could be anywhere
    held = [a for a in fitting if rules.complications[a.args["id"]].needs]
    return rng.choice(held or fitting or legal)


def gm_after(view: dict, legal: list[Action], rules: Rules) -> Action:
    sc = view["scene"]
    hist = [h for h in view.get("history", []) if h.get("scene") == sc["number"]]
    last = hist[-1] if hist else {}
    revealed = {x["id"] for x in view.get("revealed", [])}
    end = _find(legal, "end_scene")
    go_on = _find(legal, "continue")
    if last.get("roll") and last.get("success"):
        p = rules.problems.get(last.get("problem", ""))
        if p is not None:
            for sid in p.reveals:
                if sid not in revealed:
                    a = _find(legal, "reveal", secret=sid)
                    if a:
                        return a
    if view.get("gm", {}).get("triggers") or view.get("pending_new") or not _active(view):
        return end  # type: ignore[return-value]
    if passed_in_scene(view, sc["number"], rules):
        return end  # type: ignore[return-value]
    scene = rules.scenes.get(sc["id"])
    if scene is None or not scene.problems:
        return end  # type: ignore[return-value]
    if any(c["captured"] for c in _active(view)) and sc["id"] not in (
            rules.adv.adventure.captured, "slug_pit"):
        return end  # type: ignore[return-value]
    text = last.get("text", "")
    if any(goes_to(text, ex.words) for ex in scene.exits) and not last.get("roll"):
        return end  # type: ignore[return-value]
    if last.get("roll") and not last.get("success"):
        cons = last.get("consequence", [])
        if not cons or cons == ["retreat"] or "retreat" in cons:
            # a retreat loses the scene, unless another way is still open here
            others = [p for p in problems_open(view, rules) if p.passes and p.id != last.get("problem")]
            if go_on and others and len([h for h in hist if h.get("roll")]) < 2:
                return go_on
            return end  # type: ignore[return-value]
    return go_on or end  # type: ignore[return-value]


# -- the player -------------------------------------------------------------------------------------


def _player(view: dict, legal: list[Action], rng: random.Random) -> Action:
    ph = view["phase"]
    kinds = {a.kind for a in legal}
    if ph == "create":
        if "premade" in kinds:
            pre = [a for a in legal if a.kind == "premade"]
            return pre[0] if rng.random() < 0.75 else _find(legal, "build") or pre[0]
        if "build" in kinds:
            return _find(legal, "build")  # type: ignore[return-value]
        if "attributes" in kinds:
            return rng.choice(legal)
        for k in ("no_secret", "no_unique"):
            if k in kinds and rng.random() < 0.4:
                return _find(legal, k)  # type: ignore[return-value]
        return next(a for a in legal if a.kind not in ("no_secret", "no_unique"))
    if ph == "between":  # the session's one Rest: taken when it is needed, not before
        rest = _find(legal, "rest")
        return rest if rest and needs_rest(view) else _find(legal, "go_on") or legal[0]
    if ph == "declare":
        return _player_declare(view, legal, rng)
    if ph == "pool":
        return _player_pool(view, legal, rng)
    if ph == "sixes":
        return _player_sixes(view, legal)
    if ph == "tiebreak":
        return _find(legal, "tiebreak")  # type: ignore[return-value]
    if ph == "element":
        return _player_element(view, legal, rng)
    if ph == "experience":
        return _player_experience(view, legal, rng)
    return legal[0]


def _player_declare(view: dict, legal: list[Action], rng: random.Random) -> Action:
    rules = load()
    acts = [a for a in legal if a.kind == "act"]
    if not acts:
        return legal[0]
    free = [c for c in _active(view)]
    who = free[0]["id"] if free else acts[0].args["character"]
    attr = preferred_attribute(view, who, rules, rng)
    return _find(legal, "act", character=who, attribute=attr) or acts[0]


def preferred_attribute(view: dict, who: str, rules: Rules, rng: random.Random) -> str:
    """What the autoplay player would lean on here, from what its view shows."""
    sc = view["scene"]
    c = _char(view, who)
    revealed = {x["id"] for x in view.get("revealed", [])}
    sid = sc["id"]
    if c["deaths_door"]:  # a Body test that could worsen the wounds would kill
        return max(("mind", "aura"), key=lambda a: c["attributes"][a]["now"] + rng.random())
    if sid == "clay_golem" and "secret-golem-weakness" in revealed:
        return "body"
    if sid == "winged_demon" and ("secret-demon-book" in revealed or rng.random() < 0.5):
        return "aura"
    if sid == "house_front":
        tried = [h for h in view.get("history", []) if h.get("scene") == sc["number"]]
        if "secret-loose-grating" in revealed:
            return "body"
        if not tried:
            return "mind"
    stype = rules.scene_types.get(sc["type"])
    natural = stype.attribute if stype and stype.attribute else ""
    now = {a: c["attributes"][a]["now"] for a in ATTRIBUTES}
    scores = {a: now[a] + (1.5 if a == natural else 0) + rng.random() for a in ATTRIBUTES}
    return max(scores, key=scores.get)  # type: ignore[arg-type]


# Words in a Trait's name that suit an attribute (so the autoplay player picks a fitting Trait).
TRAIT_HINTS = {
    "body": ("blade", "knife", "climb", "run", "skulk", "shadow", "fight", "rooftop", "throw", "quick"),
    "mind": ("read", "poison", "remember", "lock", "knows", "elvish", "map", "face", "study"),
    "aura": ("talk", "lie", "fast-talk", "charm", "trick", "magician", "straight face", "people"),
}


def _expected(size: int) -> float:
    return size * 4 / 6


def _fits(view: dict, a: Action) -> bool:
    """Whether the GM would let this Trait or raise stand (the player reads the same sheet)."""
    if a.kind not in ("trait", "lend", "raise"):
        return True
    rules = load()
    if a.kind == "raise":
        what = rules.consequences[a.args["consequence"]].name
    else:
        who = a.args.get("character") or a.args.get("helper")
        what = next(t["name"] for t in _char(view, who)["traits"] if t["id"] == a.args["trait"])
    asking = {"kind": a.kind, "args": dict(a.args), "text": "", "what": what}
    return judge({**view, "roll": {**view["roll"], "asking": asking}}, rules)[0]


def _player_pool(view: dict, legal: list[Action], rng: random.Random) -> Action:
    legal = [a for a in legal if _fits(view, a)]  # ask only for what fits
    roll = view["roll"]
    diff = roll["difficulty"] or 1
    size = sum(p["size"] for p in roll["pools"])
    want = diff + 0.6 + (0.4 if diff >= 3 else 0)
    roll_now = _find(legal, "roll")
    if _expected(size) >= want:
        return roll_now  # type: ignore[return-value]
    lead = roll["pools"][0]["character"]
    c = _char(view, lead)
    text = ((view.get("scene") or {}).get("declaration") or {}).get("text", "").lower()
    heroic = [a for a in legal if a.kind == "heroic"]
    if heroic:
        return heroic[0]
    pool = roll["pools"][0]
    kinds_in = Counter(x["kind"] for x in pool["sources"])
    attr = pool["attribute"]
    traits = [a for a in legal if a.kind == "trait" and a.args["character"] == lead]
    if traits and kinds_in["trait"] + kinds_in["very"] < 2:
        def fit(a: Action) -> int:
            name = a.args["name"].lower()
            words = sum(2 for w in name.split() if len(w) > 3 and w in text)
            return words + sum(1 for w in TRAIT_HINTS[attr] if w in name)
        traits.sort(key=lambda a: (-fit(a), -(a.args.get("dice") or 1)))
        if fit(traits[0]) > 0 or diff >= 3:
            return traits[0]
    rels = [a for a in legal if a.kind == "relationship" and a.args["character"] == lead]
    revenge = [a for a in rels if a.args["name"].startswith("avenge")]
    if revenge:
        return revenge[0]
    if rels and diff >= 3 and not kinds_in["relationship"]:
        return rels[0]
    for kind in ("help", "lend"):
        a = _find(legal, kind)
        if a:
            return a
    if diff >= 3:
        a = _find(legal, "unique", character=lead)
        if a:
            return a
    if diff >= 4:
        a = _find(legal, "secret", character=lead)
        if a:
            return a
    now = {a: c["attributes"][a]["now"] for a in ATTRIBUTES}
    safe = ["equipment"] + [k for k, a in (("face", "aura"), ("concentration", "mind"), ("wounded", "body"))
                            if now[a] > 2 and not (a == "body" and c["deaths_door"])]
    if diff >= 3 and _expected(size) < diff:
        safe.append("freedom")
    for k in safe:
        a = _find(legal, "raise", character=lead, consequence=k)
        if a and rng.random() < 0.7:
            return a
    return roll_now  # type: ignore[return-value]


def _player_sixes(view: dict, legal: list[Action]) -> Action:
    roll = view["roll"]
    cur = roll["current"]
    pool = roll["pools"][cur]
    diff = roll["difficulty"]
    dice = pool["dice"]
    others = sum(p["successes"] for i, p in enumerate(roll["pools"]) if i != cur)
    have = pool["successes"] + others
    pending = [i for i, d in enumerate(dice) if d["state"] == "pending"]
    ones = [i for i, d in enumerate(dice) if d["state"] == "one"]
    if diff is None:  # a contest: more is better, keep them
        return _find(legal, "keep", die=pending[0]) if pending else _find(legal, "done")  # type: ignore[return-value]
    if pending:
        i = pending[0]
        if ones and have >= diff:
            return _find(legal, "cancel", die=i, one=ones[0]) or _find(legal, "keep", die=i)  # type: ignore[return-value]
        if have + len(pending) >= diff:
            return _find(legal, "keep", die=i)  # type: ignore[return-value]
        return _find(legal, "explode", die=i)  # type: ignore[return-value]
    kept = [i for i, d in enumerate(dice) if d["state"] == "kept"]
    if ones and kept and have - 1 >= diff:
        return _find(legal, "cancel", die=kept[0], one=ones[0]) or _find(legal, "done")  # type: ignore[return-value]
    return _find(legal, "done")  # type: ignore[return-value]


def _player_element(view: dict, legal: list[Action], rng: random.Random) -> Action:
    sid = (view.get("scene") or {}).get("id", "")
    prefer = {"library": ["clue", "information"], "halls": ["sound", "passage"],
              "house_front": ["passage", "clue"], "courtyard": ["better", "pet"],
              "gate": ["insight", "admirer"], "villa_walls": ["weather", "tracks"]}.get(
        sid, ["better", "clue", "sound", "information", "object", "weather", "tracks"])
    made = {m.get("kind") for m in view.get("made_true", [])}  # nothing made true twice
    prefer = [e for e in prefer if e not in made]
    rng.shuffle(prefer)
    for e in prefer:
        a = _find(legal, "element", element=e)
        if a and rng.random() < 0.9:
            return a
    return _find(legal, "skip_element") or legal[0]


def _player_experience(view: dict, legal: list[Action], rng: random.Random) -> Action:
    kinds = {a.kind for a in legal}
    if "restore" in kinds:
        return _find(legal, "restore")  # type: ignore[return-value]
    if "move_die" in kinds or "keep_dice" in kinds:
        return _find(legal, "keep_dice") if rng.random() < 0.6 else rng.choice(legal)
    pick = rng.random()
    if pick < 0.45:
        return _find(legal, "new_trait")  # type: ignore[return-value]
    if pick < 0.75:
        return _find(legal, "new_relationship")  # type: ignore[return-value]
    very = [a for a in legal if a.kind == "very_good"]
    return rng.choice(very) if very else _find(legal, "new_trait")  # type: ignore[return-value]
