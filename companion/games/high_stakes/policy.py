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

from .data import ATTRIBUTES, Approach, Problem, Rules, load

# -- reading the GM's view --------------------------------------------------------------------------


def _active(view: dict) -> list[dict]:
    return [c for c in view["characters"] if c["status"] == "active"]


def _char(view: dict, cid: str) -> dict:
    return next(c for c in view["characters"] if c["id"] == cid)


def _words_in(text: str, words: Sequence[str]) -> int:
    low = f" {text.lower()} "
    return sum(1 for w in words if w.lower() in low)


def problems_open(view: dict, rules: Rules) -> list[Problem]:
    """The current scene's problems that can be tried now (secret-gated ones once uncovered)."""
    sc = view.get("scene") or {}
    scene = rules.scenes.get(sc.get("id", ""))
    if scene is None:
        return []
    revealed = {x["id"] for x in view.get("revealed", [])}
    return [rules.problems[p] for p in scene.problems
            if not rules.problems[p].needs_secret or rules.problems[p].needs_secret in revealed]


def passed_in_scene(view: dict, number: int, rules: Rules) -> bool:
    """Did a roll in scene ``number`` solve a problem that clears the scene?"""
    for h in view.get("history", []):
        if h.get("scene") != number or not h.get("roll") or not h.get("success"):
            continue
        p = rules.problems.get(h.get("problem", ""))
        if p is None or not p.passes:
            continue
        if p.needs_element and not h.get("six"):
            continue
        return True
    return False


def pick_approach(view: dict, text: str, attribute: str, rules: Rules
                  ) -> tuple[Problem, Approach] | None:
    """The problem and approach the declaration points at (words first, then the attribute)."""
    best: tuple[float, Problem, Approach] | None = None
    char = None
    decl = (view.get("scene") or {}).get("declaration") or {}
    if decl.get("character"):
        char = _char(view, decl["character"])
    for i, p in enumerate(problems_open(view, rules)):
        for j, ap in enumerate(p.approaches):
            hits = _words_in(text, ap.words)
            if not p.passes and hits == 0:
                continue  # side problems (a search) only when the words ask for them
            lost = bool(char and char["gear_lost"] > 0)
            if ap.needs_gear and lost:
                continue  # the rope is gone
            if ap.needs_lost_gear and not lost and not _words_in(text, ("bare hand", "no rope", "without")):
                continue
            score = hits * 2 + (1 if ap.attribute == attribute else 0) - i * 0.01 - j * 0.001
            if best is None or score > best[0]:
                best = (score, p, ap)
    return (best[1], best[2]) if best else None


def current_plan(view: dict, rules: Rules | None = None) -> dict[str, Any]:
    """What the GM makes of the current declaration: problem, approach, Difficulty and why,
    Consequence, tactical advantage and why. Shared by the policy and the GM's own words."""
    rules = rules or load()
    sc = view.get("scene") or {}
    decl = sc.get("declaration") or {}
    text = decl.get("text", "")
    roll = view.get("roll") or {}
    plan: dict[str, Any] = {"problem": None, "approach": None}
    found = None
    if roll.get("problem") and roll["problem"] in rules.problems:
        p = rules.problems[roll["problem"]]
        found = pick_approach(view, text, decl.get("attribute", "body"), rules)
        if found is None or found[0].id != p.id:
            ap = max(p.approaches, key=lambda a: (_words_in(text, a.words), a.attribute == decl.get("attribute")))
            found = (p, ap)
    elif not roll:
        found = pick_approach(view, text, decl.get("attribute", "body"), rules)
    if found is None:
        return plan
    p, ap = found
    plan.update(problem=p, approach=ap)
    rung = rules.rung(ap.difficulty)
    plan["difficulty"] = ap.difficulty
    plan["why"] = f"{p.name}, {ap.label} ({rung.summary})"
    cons = list(p.consequence)
    if p.choices:
        ch = _char(view, decl["character"]) if decl.get("character") else None
        body = ch["attributes"]["body"]["now"] if ch else 3
        cons = list(p.choices[0] if body > 1 else p.choices[-1])
    plan["consequence"] = cons
    plan["consequence_text"] = p.consequence_text
    revealed = {x["id"] for x in view.get("revealed", [])}
    facts = " ".join(view.get("facts", []))
    dice, reasons, reveals = 0, [], []
    for rule in p.advantage:
        if rule.secret and rule.secret not in revealed:
            continue
        if rule.attribute and rule.attribute != ap.attribute:
            continue
        if _words_in(text, rule.words) or _words_in(facts, rule.words):
            dice += rule.dice
            reasons.append(rule.reason)
            if rule.reveals:
                reveals.append(rule.reveals)
    plan["advantage"] = min(dice, rules.limits.advantage_max)
    plan["advantage_why"] = "; ".join(reasons)
    plan["advantage_reveals"] = reveals
    plan["immune"] = [w for w in p.immune if w in text.lower()]
    return plan


# -- the GM's road through the adventure --------------------------------------------------------


def next_scene(view: dict, rules: Rules | None = None) -> tuple[str, str]:
    """("scene", id) to frame next, or ("end", ending id)."""
    rules = rules or load()
    played = [p for p in view.get("played", [])]
    adv = rules.adv.adventure
    gm = view.get("gm", {})
    active = _active(view)
    if not active:
        return ("end", "fallen")
    solved = set(view.get("solved", []))
    late = view.get("scene_count", 0) >= view.get("max_scenes", 14) - 4
    for t in gm.get("triggers", []):
        sc = rules.scenes.get(t)
        if sc and not (sc.once and t in played) and not late \
                and not all(p in solved for p in sc.problems):
            return ("scene", t)
    story = [p for p in played if p in rules.scenes]
    if not story:
        return ("scene", adv.start)
    last = story[-1]
    if any(c["captured"] for c in active) and last != adv.captured:
        if adv.captured not in played:
            return ("scene", adv.captured)
        if not _won_last(view, last, rules):
            return ("end", "captured")
    sc = rules.scenes[last]
    number = _last_number(view, last)
    acted = {c for h in view.get("history", []) if h.get("scene") == number
             for c in h.get("characters", [h.get("character")]) if c}
    if acted and not any(c["id"] in acted for c in active):
        # a new Nightblade takes up the job where the last one fell
        nxt = adv.after_death if adv.after_death != "resume" else _resume(story + ["-"], rules)
        return _settle(nxt, view, rules, story)
    hurt = any(c["deaths_door"] or sum(a["loss"] for a in c["attributes"].values()) >= 2
               or min(a["now"] for a in c["attributes"].values()) <= 1 for c in active)
    if hurt and not view.get("rest_used") and played and not played[-1].startswith("open:"):
        return ("rest", "")  # somewhere quiet to lick the wounds: the session's one Rest
    if sc.ending:
        return ("end", sc.ending)
    ok = passed_in_scene(view, number, rules)
    nxt = sc.next_success if ok else sc.next_failure
    if not ok:
        said = " ".join(h.get("text", "") for h in view.get("history", []) if h.get("scene") == number)
        for ex in sc.exits:
            if _words_in(said, ex.words):
                nxt = ex.scene
    if nxt == "resume":
        nxt = _resume(story, rules)
    return _settle(nxt, view, rules, story)


def _won_last(view: dict, sid: str, rules: Rules) -> bool:
    return passed_in_scene(view, _last_number(view, sid), rules)


def _last_number(view: dict, sid: str) -> int:
    nums = [h["scene"] for h in view.get("history", []) if h.get("scene_id") == sid]
    sc = view.get("scene")
    if sc and sc.get("id") == sid:
        return sc["number"]
    return max(nums) if nums else -1


def _resume(story: list[str], rules: Rules) -> str:
    """Back to the scene a triggered scene broke into: retry it, or go on if it was won."""
    for sid in reversed(story[:-1]):
        sc = rules.scenes[sid]
        if sc.resume_to:
            return sc.resume_to
        if not sc.triggered:
            return sid
    return rules.adv.adventure.start


def _settle(nxt: str, view: dict, rules: Rules, story: list[str]) -> tuple[str, str]:
    played = view.get("played", [])
    solved = set(view.get("solved", []))
    for _ in range(8):
        if nxt in rules.endings:
            return ("end", nxt)
        sc = rules.scenes[nxt]
        if sc.triggered and sc.problems and all(p in solved for p in sc.problems):
            nxt = sc.next_success if sc.next_success != "resume" else _resume(story + [nxt], rules)
            continue  # that monster is already dealt with: the way is open
        if sc.once and nxt in played:
            nxt = sc.next_failure if nxt != sc.next_failure else "aborted"
            if nxt in rules.scenes and rules.scenes[nxt].once and nxt in played:
                return ("end", "captured" if any(c["captured"] for c in _active(view)) else "aborted")
            continue
        if sc.type == "rest" and view.get("rest_used"):
            return ("end", sc.ending or "success")
        return ("scene", nxt)
    return ("end", "aborted")


# -- choosing ---------------------------------------------------------------------------------------


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


def _gm(view: dict, legal: list[Action], rng: random.Random) -> Action:
    rules = load()
    ph = view["phase"]
    kinds = {a.kind for a in legal}
    if ph == "frame":
        what, sid = next_scene(view, rules)
        if what == "rest":
            a = _find(legal, "frame", scene="open", type="rest")
            if a:
                return a
            what, sid = next_scene({**view, "rest_used": True}, rules)
        if what == "scene" and view["scene_count"] >= view["max_scenes"] - 1 and sid != "home":
            what, sid = "end", _fallback_ending(view)
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
    if ph == "lose_relationship":
        plain = [a for a in legal if not a.args.get("name", "").startswith("avenge")]
        return (plain or legal)[-1]
    if ph == "veto":
        reason = veto_reason(view, rules)
        return _find(legal, "veto", reason=reason) if reason else _find(legal, "accept_element")  # type: ignore[return-value]
    if ph == "complication":
        return _gm_complication(view, legal, rng)
    if ph == "after":
        return _gm_after(view, legal, rules)
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
        if _words_in(text, ex.words) and not any(_words_in(text, ap.words) for p in problems_open(view, rules)
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
        for sec in ("secret-golem-poison",):
            a = _find(legal, "reveal", secret=sec)
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
    ones = sum(p["ones"] for p in roll["pools"])
    first = ones - roll.get("complications_due", 0) == 0
    if own is not None and first and rng.random() < 0.85:
        return own
    stype = (view.get("scene") or {}).get("type", "action")
    rules = load()
    fitting = [a for a in legal if a.kind == "complication" and a.args["id"] != "problem"
               and stype in rules.complications[a.args["id"]].tags]
    return rng.choice(fitting or legal)


def _gm_after(view: dict, legal: list[Action], rules: Rules) -> Action:
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
    if any(_words_in(text, ex.words) for ex in scene.exits) and not last.get("roll"):
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


def _player_pool(view: dict, legal: list[Action], rng: random.Random) -> Action:
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
    prefer = list(prefer)
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
