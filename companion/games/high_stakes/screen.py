"""High Stakes on the screen: the sheet, the roll in progress, what was uncovered, the status
line, and what each seat is asked at each moment (the turn hints). Pure functions of a view."""
from __future__ import annotations

from companion.core.game import Action
from companion.core.verbs import match_one

from .data import ATTRIBUTES, load

ATTR = {"body": "Body", "mind": "Mind", "aura": "Aura"}


MARKS = {"pending": "6?", "kept": "6✓", "exploded": "6✱", "cancels": "6→1", "one": "1!",
         "cancelled": "1✗"}


LEGEND = ("3-5 a success · 2 a failure · 6? a 6 still to decide · 6✓ a 6 kept as a success · "
          "6✱ a 6 exploded into two dice · 6→1 a 6 spent to cancel a 1 · 1! a 1: a complication "
          "· 1✗ a 1 cancelled")


def _chars(view: dict) -> dict[str, str]:
    return {c["name"]: c["id"] for c in view.get("characters", []) if c["status"] == "active"}


def _char_by(view: dict, name: str) -> dict:
    cid = match_one(name, _chars(view), "character")
    return next(c for c in view["characters"] if c["id"] == cid)


def _attrs(c: dict) -> str:
    out = []
    for a in ATTRIBUTES:
        x = c["attributes"][a]
        out.append(f"{ATTR[a]} {x['now']}" + (f" (of {x['base']})" if x["loss"] else ""))
    return " · ".join(out)


def sheet_text(view: dict, who: str = "") -> str:
    chars = view.get("characters", [])
    if who:
        chars = [_char_by(view, who)]
    if not chars:
        return "No character yet."
    blocks = []
    for c in chars:
        flags = [x for x, on in (("DEAD", c["status"] == "dead"), ("out: " + c["out_reason"], c["status"] == "out"),
                                 ("at death's door", c["deaths_door"]), ("captured", c["captured"]),
                                 ("socially dead", c["social_death"])) if on]
        rows = [f"{c['name']}" + (f", {c['concept']}" if c["concept"] else "")
                + (f"  [{', '.join(flags)}]" if flags else ""),
                f"  {_attrs(c)}",
                "  Traits:"]
        for i, t in enumerate(c["traits"]):
            state = "burned" if t["burned"] else ("ready" if t["left"] else "used")
            very = " (VERY good, +2)" if t["very"] else ""
            rows.append(f"    {i + 1} {t['name']}{very}  [{state}]")
        rows.append("  Relationships:")
        for i, r in enumerate(c["relationships"]):
            state = "lost" if r["lost"] else ("used" if r["used"] else "ready")
            foe = load().problems.get(r["revenge"]) if r["revenge"] else None
            bonus = f" (+{r['bonus']} against {foe.name if foe else r['revenge']})" if r["revenge"] else ""
            rows.append(f"    {i + 1} {r['name']}{bonus}  [{state}]")
        if c["unique"]:
            rows.append(f"  Unique Thing: {c['unique']}  [{'used' if c['unique_used'] else 'ready'}]")
        if c.get("secret"):
            rows.append(f"  Personal Secret: {c['secret']}  [{'revealed' if c['secret_used'] else 'kept'}]")
        blocks.append("\n".join(rows))
    return "\n".join(blocks)


def pool_text(view: dict) -> str:
    roll = view.get("roll")
    if not roll:
        return "No roll in progress."
    rows = []
    if roll.get("problem_name"):
        rows.append(f"Against: {roll['problem_name']}")
    if roll.get("difficulty") is not None:
        rows.append(f"Difficulty {roll['difficulty']} ({roll['rung']})")
    names = {c["id"]: c["name"] for c in view["characters"]}
    if roll.get("consequence"):
        # the consequence in force: a raised stake replaces the GM's for whoever raised it
        stakes = [(p["character"], p.get("at_stake") or roll["consequence"]) for p in roll["pools"]]
        said = lambda cs: " and ".join(f"{c['name']} ({c['summary']})" for c in cs)  # noqa: E731
        if all(st == stakes[0][1] for _, st in stakes):
            rows.append("If it fails: " + said(stakes[0][1]))
        else:
            rows += [f"If it fails, for {names.get(cid, cid)}: " + said(st) for cid, st in stakes]
    shared = roll.get("kind") == "shared"
    if shared:
        rows.append(f"Shared scene: the Difficulty {roll['difficulty']} is split between "
                    f"{len(roll['pools'])} characters, each rolling against their own part")
    for i, p in enumerate(roll["pools"]):
        srcs = " + ".join(f"{s['label']}" for s in p["sources"])
        part = ""
        if shared:
            part = f"   [part of the Difficulty: {p['part'] if p.get('part') is not None else '?'}" + (
                "" if p.get("success") is None else f", {'held' if p['success'] else 'failed'}") + "]"
        count = f"{p['size']} {'die' if p['size'] == 1 else 'dice'}"
        rows.append(f"{i + 1}. {names.get(p['character'], p['character'])}: {count} = {srcs}{part}"
                    if shared else f"{names.get(p['character'], p['character'])}: {count} = {srcs}")
        if p["dice"]:
            faces = []
            for j, d in enumerate(p["dice"]):
                faces.append(f"{j + 1}:{MARKS.get(d['state'], str(d['face']))}")
            rows.append("  dice " + " ".join(faces) + f"   successes {p['successes']}")
    if any(p["dice"] for p in roll["pools"]):
        rows.append(f"  ({LEGEND})")
    if roll.get("success") is not None and roll.get("kind") != "contest":
        rows.append("Result: " + ("success" if roll["success"] else "failure"))
    return "\n".join(rows)


def secrets_text(view: dict) -> str:
    rows = ["Uncovered:"] + [f"  {s['title']}: {s['text']}" for s in view.get("revealed", [])]
    if len(rows) == 1:
        rows.append("  nothing yet")
    if view.get("facts"):
        rows.append("Made true by the players:")
        rows += [f"  {f}" for f in view["facts"]]
    return "\n".join(rows)


def show(verb: str, view: dict) -> str | None:
    rules = load()
    if verb == "sheet":
        return sheet_text(view)
    if verb == "pool":
        return pool_text(view)
    if verb == "secrets":
        return secrets_text(view)
    if verb == "ladder":
        return "\n".join(f"  {r.value}{'+' if r.value == 5 else ''} {r.name}: {r.summary}. "
                         f"E.g. {'; '.join(r.examples[:3])}" for r in rules.core.difficulty)
    if verb == "consequences":
        return "\n".join(f"  {c.id:<14} +{c.bonus}  {c.name}: {c.summary}" for c in rules.core.consequence)
    if verb == "elements":
        return "\n".join(f"  {e.id:<22} {e.text}" for e in rules.core.element)
    return None


def status(view: dict) -> str:
    parts = []
    sc = view.get("scene")
    if sc:
        t = load().scene_types.get(sc["type"])
        parts.append(f"Scene {sc['number']} · {sc['title']} ({t.name if t else sc['type']})"
                     + (f" · {sc['place']}" if sc.get("place") else ""))
        if sc.get("frame"):
            parts.append(sc["frame"])
    else:
        parts.append(f"{view['adventure']['title']} · between scenes "
                     f"({view['scene_count']} of at most {view['max_scenes']} played)")
    parts.append(sheet_text(view))
    if view.get("roll"):
        parts.append(pool_text(view))
    parts.append(secrets_text(view))
    parts.append("Rest: " + ("already had this session" if view.get("rest_used") else
                             "still to come (yours to call between scenes, somewhere safe)"))
    return "\n".join(parts)


def acting(view: dict) -> dict | None:
    """The character whose turn it is: the one rolling now (in a shared scene, the part being
    rolled), else the one whose Experience is due, else the one who declared the scene's action,
    else the first still in play."""
    chars = {c["id"]: c for c in view.get("characters", [])}
    roll = view.get("roll") or {}
    pools = roll.get("pools") or []
    scene = view.get("scene") or {}
    for cid in ((pools[min(roll.get("current", 0), len(pools) - 1)]["character"] if pools
                 else None),
                (view.get("exp_queue") or [None])[0] if view.get("phase") == "experience" else None,
                (scene.get("declaration") or {}).get("character")):
        if cid in chars:
            return chars[cid]
    return next((c for c in chars.values() if c["status"] == "active"), None)


def toolbar(view: dict) -> str:
    c = acting(view)
    if c is None:
        return " Creating a character · [F1] help"
    a = c["attributes"]
    attrs = " ".join(f"{ATTR[x][0]}{a[x]['now']}" + (f"(-{a[x]['loss']})" if a[x]["loss"] else "")
                     for x in ATTRIBUTES)
    traits = sum(1 for t in c["traits"] if t["left"] > 0)
    rels = sum(1 for r in c["relationships"] if not r["used"] and not r["lost"])
    sc = view.get("scene")
    where = f"Scene {sc['number']} {sc['type']}" if sc else "between scenes"
    roll = view.get("roll") or {}
    stakes = ""
    if roll.get("difficulty") is not None:
        size = sum(p["size"] for p in roll["pools"])
        stakes = f" · Difficulty {roll['difficulty']} · pool {size}"
    # the Rest: "ready" only when it may be called now; otherwise that it is still to come
    rest = "" if view.get("rest_used") or stakes else (
        " · rest ready" if view.get("rest_now") else " · rest left")
    line = (f" {c['name']} {attrs} · traits {traits}/{len(c['traits'])} · rels {rels} · "
            f"{where}{stakes}{rest}")
    return line + (" · [F1] help" if len(line) < 68 else "")  # the bar fits in 80 columns


def _gm_hint(view: dict, legal: list[Action]) -> str:
    """For a human GM: what the offline GM would do here, from the adventure's notes."""
    from .plan import current_plan
    from .road import next_scene

    ph = view.get("phase")
    if ph == "frame":
        what, sid = next_scene(view)
        rules = load()
        name = rules.scenes[sid].title if what == "scene" and sid in rules.scenes else sid
        return f"Your notes suggest: {'frame' if what == 'scene' else what} {name}. (actions, then do N -- TEXT)"
    if ph == "judge":
        from .plan import judge

        ask = (view.get("roll") or {}).get("asking") or {}
        who = next((c["name"] for c in view["characters"]
                    if c["id"] in (ask.get("args", {}).get("character"), ask.get("args", {}).get("helper"))), "")
        what = (f"to raise the stakes to {ask.get('what', '').lower()}" if ask.get("kind") == "raise"
                else f"to add the Trait “{ask.get('what', '')}”")
        decl = ((view.get("scene") or {}).get("declaration") or {}).get("text", "")
        ok, why = judge(view)
        return (f"{who} asks {what} to “{decl}”. Does it fit? allow: do 1; refuse: do 2 -- why. "
                f"Your notes suggest: {'allow it' if ok else 'refuse: ' + why}.")
    if ph in ("call", "stakes"):
        plan = current_plan(view)
        if plan.get("problem") is not None:
            return (f"Your notes suggest: {plan['why']}; Difficulty {plan['difficulty']}; if it fails: "
                    f"{plan['consequence_text']}" + (f"; +{plan['advantage']} tactical advantage "
                                                     f"({plan['advantage_why']})" if plan.get("advantage") else "")
                    + ". (actions, then do N)")
    return "Your move as GM: actions lists what you can do (do N -- TEXT)."


def turn_hint(view: dict, legal: list[Action], seat: str) -> str:
    kinds = {a.kind for a in legal}
    ph = view.get("phase")
    if seat == "gm":
        return _gm_hint(view, legal)
    if "premade" in kinds or "build" in kinds:
        free = [a.args["id"] for a in legal if a.kind == "premade"]
        if not free:
            return "Build your own Nightblade (build): the ready-made ones are all in the story."
        rules = load()
        rows = [f"Choose your Nightblade: premade NAME ({', '.join(rules.premades[x].name for x in free)}),"
                " or build your own (build)."]
        for x in free:  # only those still free: a taken one is in the story already
            pm = rules.premades[x]
            rows.append(f"  {pm.name}: Body {pm.body} Mind {pm.mind} Aura {pm.aura}; "
                        + ", ".join(pm.traits[:3]) + ".")
        return "\n".join(rows)
    if "attributes" in kinds:
        return "Spread 8 dice over Body, Mind and Aura, 1 to 4 each: dice BODY MIND AURA (dice 3 2 3)."
    if "no_secret" in kinds:
        return "A Personal Secret (+2 dice once per campaign, the day it comes out): secret TEXT, or skip."
    if "no_unique" in kinds:
        return "A Unique Thing (an object or knowledge that defines you, +2 once per session): unique TEXT, or skip."
    if ph == "between":
        return ("Between scenes, somewhere safe: rest -- where and how you recover (the session's "
                "one Rest: Traits and Relationships refresh, losses heal), or on.")
    if ph == "declare":
        names = sorted({a.args["character"] for a in legal if a.kind == "act"})
        who = "" if len(names) == 1 else f" (name who first: body {names[0]}: ...)"
        door = [c["name"] for c in view.get("characters", []) if c["status"] == "active" and c["deaths_door"]]
        warn = (f"\n  {' and '.join(door)} {'is' if len(door) == 1 else 'are'} at death's door: a Body "
                "roll that could worsen the wounds kills.") if door else ""
        return ("What do you do? Say it in your own words; put body / mind / aura first to choose "
                f"the attribute{who}. Or leave to move on. (sheet shows your Traits.)" + warn)
    if ph == "pool" and "part" in kinds:
        roll = view.get("roll") or {}
        return pool_text(view) + (f"\nSplit the Difficulty {roll.get('difficulty')} between them: "
                                  f"split {' '.join(['N'] * len(roll.get('pools', [])))} (each at "
                                  "least 1, adding up to the Difficulty).")
    if ph == "pool":
        return pool_text(view) + (
            "\nAdd dice if you like (trait N, rel N, unique, secret, raise CONSEQUENCE"
            + (", heroic TRAIT" if "heroic" in kinds else "")
            + (", aid WHO, join WHO ATTRIBUTE, share WHO ATTRIBUTE" if "share" in kinds or "join" in kinds else "")
            + "), then roll.")
    if ph == "sixes":
        return pool_text(view) + ("\nFor each 6: keep (a success), explode (two new dice) or "
                                  "cancel (spend it on a 1); words for the story go after the "
                                  "choice: keep -- I hold the ledge. done when finished.")
    if ph == "element":
        return "A 6 came up: add a narrative element (element [KIND] -- what becomes true), or skip."
    if ph == "tiebreak":
        return "A tie: tiebreak (one die decides) or draw."
    if ph == "experience":
        if "move_die" in kinds or "keep_dice" in kinds:
            return "After your first story you may move one die: move FROM TO, or keep."
        return ("Experience: learn TEXT (a new Trait), bond TEXT (a new Relationship), very TRAIT "
                "(VERY good)" + (", restore TRAIT" if "restore" in kinds else "") + ".")
    return ""
