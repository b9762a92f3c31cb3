"""The offline GM's reading of the adventure: which problems are still open, which approach a
declaration's words point to, where the story stands and which scene comes next. Pure functions of
a seat's view and the rules data, shared by the policy, the narrator and the commands.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .data import Approach, Problem, Rules, load

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


def opened_ways(view: dict, p: Problem) -> list[tuple[Approach, str]]:
    """Approaches to ``p`` that what the players made true opens, each with the fact behind it."""
    out = []
    made = view.get("made_true") or []
    for ow in p.opens:
        fact = next((m["text"] for m in reversed(made) if m["kind"] in ow.kinds
                     and any(w in m["text"].lower() for w in ow.fact_words)), None)
        if fact is not None:
            out.append((Approach(attribute=ow.attribute, difficulty=ow.difficulty, label=ow.label,
                                 words=ow.words, source=ow.source), fact))
    return out


def framed(scene, view: dict) -> str:
    """A scene's framing, with what the players made true kept true (a sentence a fact
    contradicts is replaced by the fact)."""
    text = scene.frame
    for y in scene.yields:
        fact = next((f for f in reversed(view.get("facts") or [])
                     if any(w in f.lower() for w in y.words)), None)
        if fact is not None and y.sentence in text:
            text = text.replace(y.sentence, y.instead.format(fact=fact.strip().rstrip(".") + "."))
    return text


def pick_approach(view: dict, text: str, attribute: str, rules: Rules
                  ) -> tuple[Problem, Approach] | None:
    """The problem and approach the declaration points at (words first, then the attribute)."""
    best: tuple[float, Problem, Approach] | None = None
    char = None
    decl = (view.get("scene") or {}).get("declaration") or {}
    if decl.get("character"):
        char = _char(view, decl["character"])
    for i, p in enumerate(problems_open(view, rules)):
        for j, ap in enumerate([*p.approaches, *(w for w, _ in opened_ways(view, p))]):
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
    opened = dict((w.label, f) for w, f in opened_ways(view, p))
    if ap.label in opened:  # a way the players' own element opened: say so
        ow = next(o for o in p.opens if o.label == ap.label)
        plan["why"] += f"; {ow.reason}: {opened[ap.label].rstrip('.')}"
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
    made = view.get("made_true") or []
    for ease in ([] if ap.label in opened else p.eased_by):  # what the players made true eases it
        fit = next((m for m in reversed(made) if m["kind"] in ease.kinds), None)
        if fit is not None:
            plan["difficulty"] = max(1, plan["difficulty"] + ease.difficulty)
            plan["why"] += f"; {ease.reason}: {fit['text'].rstrip('.')}"
            break
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


def needs_rest(view: dict) -> bool:
    """The party is hurt enough to spend the session's one Rest: two dice lost, or an attribute
    down to 1 (death's door is not healed by a Rest)."""
    return any(sum(a["loss"] for a in c["attributes"].values()) >= 2
               or min(a["now"] for a in c["attributes"].values()) <= 1 for c in _active(view))


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


# -- judging a Trait or a raise -------------------------------------------------------------------
_STOP = {"with", "from", "that", "this", "into", "over", "under", "every", "like", "their", "your",
         "ways", "things", "good", "knows", "anyone", "speaks"}


def _stems(text: str) -> set[str]:
    """The words of ``text`` that carry meaning, cut to a common stem (climbs/climbing: climb)."""
    import re

    out = set()
    for w in re.findall(r"[a-z][a-z'-]*", text.lower()):
        w = w.replace("'s", "").strip("'-")
        if len(w) < 4 or w in _STOP:
            continue
        out.add(w[:5])
    return out


def judge(view: dict, rules: Rules | None = None) -> tuple[bool, str]:
    """The offline GM's ruling on what the player asks (``view["roll"]["asking"]``): does the
    Trait apply to this action, is the raise logical here? ``(True, "")`` or ``(False, why)``, the
    reason said to the player."""
    rules = rules or load()
    roll = view.get("roll") or {}
    asking = roll.get("asking") or {}
    sc = view.get("scene") or {}
    decl = (sc.get("declaration") or {}).get("text", "")
    attribute = (roll.get("pools") or [{}])[0].get("attribute", "")
    stype = sc.get("type", "")
    plan = current_plan(view, rules)
    ap = plan.get("approach")
    action = " ".join([decl, *(ap.words if ap else []), ap.label if ap else ""])
    doing = f"to {ap.label}" if ap else "with what you are doing"
    if asking.get("kind") in ("trait", "lend"):
        name = asking.get("what", "")
        mine = _stems(name) | _stems(" ".join(rules.trait_words.get(name.lower(), [])))
        if mine & _stems(action):
            return True, ""
        kind_words = getattr(rules.core.judge, attribute, []) if attribute else []
        named = _stems(name) | _stems(" ".join(rules.trait_words.get(name.lower(), [])[:3]))
        if named & _stems(" ".join(kind_words)) and rules.scene_types.get(stype) is not None \
                and rules.scene_types[stype].attribute == attribute:
            return True, ""  # a Trait for what this kind of scene is rolled for
        return False, f"the Trait “{name}” does not help you {doing.removeprefix('to ')}"
    if asking.get("kind") == "raise":
        k = asking["args"]["consequence"]
        fit = rules.raise_fit.get(k)
        prob = rules.problems.get(roll.get("problem", ""))
        if fit is None or not (fit.attributes or fit.scene_types or fit.words):
            return True, ""
        if prob is not None and k in prob.raises:
            return True, ""
        said = f"{decl} {asking.get('text', '')}".lower()
        if attribute in fit.attributes or stype in fit.scene_types or any(w in said for w in fit.words):
            return True, ""
        return False, f"you cannot risk {rules.consequences[k].name.lower()} {doing}: {fit.reason}"
    return True, ""
