"""The GM's road through the adventure: which scene comes next (or which ending), after a
success, a failure, a capture or a fall, and when the party needs its one Rest."""
from __future__ import annotations

from .data import Rules, Scene, load
from .heard import goes_to
from .plan import _active, passed_in_scene


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
    story = [p for p in played if p in rules.scenes]
    last = story[-1] if story else ""
    if any(c["captured"] for c in active) and story and last != adv.captured:
        # a capture is honoured first: the next scene opens with the prisoner before the mage
        if adv.captured not in played:
            return ("scene", adv.captured)
        if not _won_last(view, last, rules):
            return ("end", "captured")
    for t in gm.get("triggers", []):
        sc = rules.scenes.get(t)
        if sc and not (sc.once and t in played) and not late \
                and not all(p in solved for p in sc.problems):
            return ("scene", t)
    if not story:
        return ("scene", adv.start)
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
    if not ok and sc.retreat and nxt in rules.endings and retreated(view, number):
        nxt = sc.retreat  # "the conflict may be faced again later": a way back, not an ending
    if not ok:
        said = " ".join(h.get("text", "") for h in view.get("history", []) if h.get("scene") == number)
        for ex in sc.exits:
            if goes_to(said, ex.words):
                nxt = ex.scene
    if nxt == "resume":
        nxt = _resume(story, rules)
    return _settle(nxt, view, rules, story)


def left_by(view: dict, nxt: str, rules: Rules | None = None) -> str:
    """How the last scene played was left, on the way to ``nxt``, by its outcome (the scene's
    ``leave`` data: a captive who did not bend is thrown to the slug, or slips out); "" when the
    scene says nothing of it."""
    rules = rules or load()
    story = [p for p in view.get("played", []) if p in rules.scenes]
    if not story or story[-1] == nxt:
        return ""
    sc = rules.scenes[story[-1]]
    outcome = "success" if _won_last(view, sc.id, rules) else "failure"
    ways = [lv for lv in sc.leave if lv.outcome == outcome]
    way = next((lv for lv in ways if lv.to == nxt), None) or next((lv for lv in ways if not lv.to),
                                                                   None)
    return way.text if way else ""


def retreated(view: dict, number: int) -> bool:
    """Did scene ``number`` end in a failed roll whose cost was only a Retreat?"""
    rolls = [h for h in view.get("history", []) if h.get("scene") == number and h.get("roll")
             and not h.get("contest")]
    return bool(rolls) and not rolls[-1].get("success") and set(rolls[-1].get("consequence") or
                                                               ["retreat"]) <= {"retreat"}


def needs_rest(view: dict) -> bool:
    """The party is hurt enough to spend the session's one Rest: two dice lost, or an attribute
    down to 1 (death's door is not healed by a Rest)."""
    return any(sum(a["loss"] for a in c["attributes"].values()) >= 2
               or min(a["now"] for a in c["attributes"].values()) <= 1 for c in _active(view))


def as_met(sc: Scene, view: dict, rules: Rules | None = None) -> Scene:
    """The scene as it is met: its ``won`` place and framing when the scene it broke into (the
    one played before it) was won (the alarm raised as the wall is topped finds the child on the
    coping, not in the lane below)."""
    if sc.won is None:
        return sc
    rules = rules or load()
    story = [p for p in view.get("played", []) if p in rules.scenes]
    if story and story[-1] == sc.id and (view.get("scene") or {}).get("id") == sc.id:
        story = story[:-1]  # framed already: the one before it
    return sc.as_met(bool(story) and _won_last(view, story[-1], rules))


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
            if nxt == "resume" or (nxt in rules.scenes and rules.scenes[nxt].once and nxt in played):
                return ("end", "captured" if any(c["captured"] for c in _active(view)) else "aborted")
            continue
        if sc.type == "rest" and view.get("rest_used"):
            return ("end", sc.ending or "success")
        return ("scene", nxt)
    return ("end", "aborted")
