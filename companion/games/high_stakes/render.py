"""How High Stakes reads: small print on the live screen and in the journal, and the Markdown
story's title, front matter, scene headings and closing.

The journal should read like an actual-play report: a heading per scene, the GM's framing and the
table's words as prose (from the narrator), and beneath each beat the roll in small print: the
pool's sources, the faces, explosions, sixes kept or spent, successes against the Difficulty and
what the failure cost. ``mechanics(event, seat)`` is written for one viewer; ``seat=None`` gives the
neutral wording the journal uses. Nothing here reads a clock or a random source.
"""
from __future__ import annotations

from companion.core.game import Event

from .data import load

ATTR = {"body": "Body", "mind": "Mind", "aura": "Aura"}

# Bookkeeping left out of the written story's small print.
STORY_SKIP = {"creating", "attributes_chosen", "element_accepted", "scene_end", "gm_says", "move_on",
              "narration", "declare", "no_roll", "contest"}

# Events that belong to the front matter rather than to the story's beats.
SETUP_EVENTS: set[str] = set()


def _faces(faces: list[int]) -> str:
    return " ".join("⚅" if f == 6 else str(f) for f in faces).replace("⚅", "6")


def mechanics(event: Event, viewer: str | None) -> str | None:
    rules = load()
    k, d = event.kind, event.data
    if k == "character":
        if not d.get("joining"):
            return None  # the front matter shows the starting characters
        return (f"{d['name']}: Body {d['body']} · Mind {d['mind']} · Aura {d['aura']} · "
                f"Traits: {', '.join(d['traits'])}")
    if k == "scene":
        t = rules.scene_types.get(d["type"])
        place = f" · {d['place']}" if d.get("place") else ""
        return f"{t.name if t else d['type']} scene{place}"
    if k == "rest":
        healed = f"; healed: {', '.join(d['healed'])}" if d.get("healed") else ""
        return f"Rest: Traits and Relationships refresh{healed} (the session's one Rest)"
    if k == "roll_called":
        return f"Roll on {d['name']}" if d.get("name") else "The GM calls for a roll"
    if k == "attribute":
        return f"The GM makes it {ATTR[d['attribute']]}" if d.get("overruled") else None
    if k == "difficulty":
        worse = f" (+{d['harder']} from a setback)" if d.get("harder") else ""
        if "Difficulty" in (d.get("text") or ""):  # the GM's reading names it already
            return d["text"] + (f" Difficulty {d['value']} with the setback." if worse else "")
        why = f": {d['text']}" if d.get("text") else ""
        return f"Difficulty {d['value']}{worse}, {d['rung'].lower()}{why}"
    if k == "consequence":
        said = (d.get("text") or "").strip().rstrip(".")
        return "If it goes wrong: " + " and ".join(d["names"]) + (f" ({said})" if said else "")
    if k == "advantage":
        why = (d.get("text") or "").strip().rstrip(".")
        return f"Tactical advantage +{d['dice']}" + (f": {why}" if why else "") if d.get("dice") else None
    if k == "dice":
        return f"+{d['dice']} {d['label'].rsplit(' +', 1)[0]} (pool {d['pool']})"
    if k == "join":
        return f"{d['name']} joins the team effort ({ATTR[d['attribute']]})"
    if k == "share":
        return f"Shared scene: {d['name']} takes on a part of the trouble ({ATTR[d['attribute']]})"
    if k == "split":
        return (f"The Difficulty {d['difficulty']} is split: "
                + ", ".join(f"{x['name']} {x['part']}" for x in d["parts"]))
    if k == "rolling":
        return f"{d['dice']} {'die' if d['dice'] == 1 else 'dice'} against Difficulty {d['difficulty']}"
    if k == "overkill":
        return f"Overkill: {d['dice']} {'die' if d['dice'] == 1 else 'dice'} against Difficulty {d['difficulty']}, no roll"
    if k == "dice_rolled":
        return f"Rolled {_faces(d['faces'])}"
    if k == "six_kept":
        return f"die {d['die'] + 1}: 6 kept"
    if k == "six_exploded":
        return f"die {d['die'] + 1}: 6 exploded"
    if k == "explosion":
        return f"explosion: {_faces(d['faces'])}"
    if k == "one_cancelled":
        return f"the 6 (die {d['die'] + 1}) cancels the 1 (die {d['one'] + 1})"
    if k == "resolved":
        if d.get("overkill"):
            return "Success without dice"
        if any(p.get("part") is not None for p in d.get("pools", [])):
            return "; ".join(f"{p.get('name', '')} {p['successes']} of {p['part']}: "
                             f"{'held' if p['success'] else 'failed'}"
                             for p in d["pools"]) + (f" · {d['ones']} complication"
                                                     f"{'s' if d['ones'] > 1 else ''}" if d.get("ones") else "")
        out = f"{d['successes']} success{'es' if d['successes'] != 1 else ''} vs Difficulty " \
              f"{d['difficulty']}: {'success' if d['success'] else 'failure'}"
        if d.get("ones"):
            out += f" · {d['ones']} complication{'s' if d['ones'] > 1 else ''}"
        if d.get("six"):
            out += " · a narrative element"
        return out
    if k == "harder":
        return "The next roll: Difficulty +1" + (f" ({d['lasting']})" if d.get("lasting") else "")
    if k == "time_lost":
        return f"Dawn comes sooner: the story has {d['max_scenes']} scenes at most now"
    if k == "gear_lost":
        return f"{d['name']} loses a piece of gear"
    if k == "still_missing":
        return f"Not solved yet: {d['name']} needs a narrative element (a 6)"
    if k == "contest_tied":
        return f"Tied at {d['successes']}"
    if k == "contest_result":
        s = d["successes"]
        who = d.get("winner_name") or d.get("winner")
        return f"Contest {s[0]} to {s[1]}: " + (f"{who} wins" if d.get("winner") else "a draw")
    if k == "tiebreak":
        return f"Tie-break die {d['face']}: {d.get('winner_name') or d['winner']} wins"
    if k == "suffer":
        return f"{d['name']} suffers: {d['label']}"
    if k == "loss":
        return f"{ATTR[d['attribute']]} now {d['now']}"
    if k == "death":
        return f"{d['name']} dies ({d['cause']})"
    if k == "out":
        return f"{d['name']} is out of the story ({d['reason']})"
    if k == "relationship_lost":
        return f"Relationship lost: {d['name']}"
    if k == "secret":
        return f"Secret uncovered: {d['title']}"
    if k == "element":
        return f"Narrative element ({rules.elements[d['kind']].text})" if d["kind"] in rules.elements else None
    if k == "veto":
        return f"Vetoed: {rules.vetoes[d['reason']].text}"
    if k == "refused":
        why = (d.get("text") or "").strip().rstrip(".")
        if d.get("kind") == "raise":
            return f"The GM refuses {d['name']}'s raise to {d['what'].lower()}: {why or 'not logical here'}"
        return f"The GM refuses {d['name']}'s {d['what']}: {why or 'it does not apply to this roll'}"
    if k == "complication":
        return "Complication"
    if k == "trigger":  # the GM's eyes only
        sc = rules.scenes.get(d["scene"])
        return f"(GM) this sets off: {sc.title if sc else d['scene']}"
    if k == "avenged":
        return "Revenge taken: the bond is spent"
    if k == "experience":
        return f"Experience: {d['gain'].replace('_', ' ')}: {d['text']}"
    if k == "die_moved":
        return f"A die moves from {ATTR[d['from']]} to {ATTR[d['to']]}"
    if k == "story_end":
        return f"Ending: {d['title']}"
    return None


def heading(event: Event) -> str | None:
    if event.kind == "scene":
        d = event.data
        return f"Scene {d['number']} · {d['title']}"
    return None  # the told ending is a row of its own, under the session's "Epilogue" heading


def story_title(view: dict) -> str:
    names = [c["name"] for c in view.get("characters", [])]
    who = names[0] if len(names) == 1 else (", ".join(names[:-1]) + " and " + names[-1] if names else "")
    title = view["adventure"]["title"]
    return f"{who} and {title}" if who else title


def _sheet(c: dict) -> str:
    a = c["attributes"]
    lines = [f"**{c['name']}**" + (f", {c['concept']}" if c.get("concept") else ""),
             "",
             f"- Body {a['body']['base']} · Mind {a['mind']['base']} · Aura {a['aura']['base']}",
             "- Traits: " + ", ".join(t["name"] + (" (VERY good)" if t["very"] else "")
                                      + (" (burned)" if t["burned"] else "") for t in c["traits"]),
             "- Relationships: " + ", ".join(r["name"] + (" (lost)" if r["lost"] else "")
                                             for r in c["relationships"] if not r["revenge"])]
    if c.get("unique"):
        lines.append(f"- Unique Thing: {c['unique']}")
    if c.get("secret"):  # the public view shows it only once revealed
        lines.append(f"- Personal Secret (revealed): {c['secret']}")
    elif c.get("has_secret"):
        lines.append("- Personal Secret: kept")
    return "\n".join(lines)


def own_words(view: dict) -> list[str]:
    """The words of the players' characters, as written on their sheets (a premade's too: the
    player chose it): theirs and the adventure's fixed words, which a safety line keeps out of
    what the companion tells, never rewrites ("poisons and antidotes", "the baker's boy on
    Tallow Street: a secret crush")."""
    out = []
    for c in [*(view.get("debut") or []), *view.get("characters", [])]:
        out += [c.get("name", ""), c.get("concept", ""), c.get("unique", ""), c.get("secret", "")]
        out += [t["name"] for t in c.get("traits", [])]
        out += [r["name"] for r in c.get("relationships", []) if not r.get("revenge")]
    return [" ".join(x.split()) for x in out if x and x.strip()]


def front_matter(view: dict) -> str:
    """The hook and the characters as they started (not as Experience left them: the closing
    shows those)."""
    out = [f"*{view['setting']}.* {view['adventure']['hook']}"]
    now = {c["id"]: c for c in view.get("characters", [])}
    for c in view.get("debut") or view.get("characters", []):
        later = now.get(c["id"], c)  # a Personal Secret revealed in play is shown as revealed
        out.append(_sheet({**c, "secret": later.get("secret", ""), "has_secret": later.get("has_secret")}))
    return "\n\n".join(out)


def closing(view: dict) -> str:
    rules = load()
    parts = []
    end = view.get("ending")
    if end:
        parts.append(f"**{end['title']}.** {end['text']}")
    fates = []
    for c in view.get("characters", []):
        if c["status"] == "dead":
            fates.append(f"{c['name']} died ({c['out_reason']})")
        elif c["status"] == "out" and c["social_death"]:
            fates.append(f"{c['name']} lives on as a pariah, out of the story ({c['out_reason']})")
        elif c["status"] == "out":
            fates.append(f"{c['name']} left the story ({c['out_reason']})")
        else:
            marks = [x for x, on in (("captured", c["captured"]), ("at death's door", c["deaths_door"]),
                                     ("socially dead", c["social_death"])) if on]
            fates.append(f"{c['name']} lives" + (f" ({', '.join(marks)})" if marks else ""))
    parts.append("; ".join(fates) + ".")
    names = {c["id"]: c["name"] for c in view.get("characters", [])}
    rows = ["| Scene | Roll | Difficulty | Successes | Result |", "|---|---|---|---|---|"]
    for h in view.get("history", []):
        if not h.get("roll"):
            continue
        if h.get("contest"):
            rows.append(f"| {h['scene']} | contest | - | {' to '.join(map(str, h['successes']))} | "
                        f"{names.get(h.get('winner', ''), h.get('winner')) or 'draw'} |")
            continue
        p = rules.problems.get(h.get("problem", ""))
        what = p.name if p else "open"
        res = "overkill" if h.get("overkill") else ("success" if h.get("success") else
                                                    "failure: " + ", ".join(h.get("consequence", [])))
        if h.get("ones"):
            res += f" (+{h['ones']} complication{'s' if h['ones'] > 1 else ''})"
        rows.append(f"| {h['scene']} | {what} | {h['difficulty']} | {h['successes']} | {res} |")
    if len(rows) > 2:
        parts.append("\n".join(rows))
    revealed = view.get("revealed", [])
    if revealed:
        parts.append("Secrets uncovered: " + "; ".join(r["title"] for r in revealed) + ".")
    if view.get("facts"):
        parts.append("What the players made true: " + " ".join(f"“{f}”" for f in view["facts"]))
    parts.append("The characters after Experience:\n\n" + "\n\n".join(
        _sheet(c) for c in view.get("characters", []) if c["status"] == "active"))
    return "\n\n".join(parts)


def pictures(view: dict) -> str:
    """For the HTML journal: the night as a path of scenes, each roll beneath its scene with its
    successes against the Difficulty (green held, red failed) and a red dot per complication."""
    from html import escape

    rules = load()
    played = list(view.get("played") or [])
    if not played:
        return ""
    rolls: dict[int, list[dict]] = {}
    for h in view.get("history", []):
        if h.get("roll") and not h.get("contest"):
            rolls.setdefault(h.get("scene", 0), []).append(h)
    step, top = 120, 40
    deepest = max((len(v) for v in rolls.values()), default=0)
    width, height = step * len(played) + 40, top + 90 + 22 * max(deepest, 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="The night, scene by scene">',
           f'<line x1="{20 + step // 2}" y1="{top}" x2="{20 + step * len(played) - step // 2}" '
           f'y2="{top}" stroke="#888" stroke-width="3"/>']
    for i, sid in enumerate(played):
        x = 20 + step * i + step // 2
        sc = rules.scenes.get(sid)
        title = sc.title if sc else sid.split(":", 1)[-1].capitalize()
        kind = sc.type if sc else sid.split(":", 1)[-1]
        fill = {"rest": "#6a9", "connection": "#ccc", "interaction": "#9bd",
                "investigation": "#db9"}.get(kind, "#d99")
        out.append(f'<circle cx="{x}" cy="{top}" r="11" fill="{fill}" stroke="#444"/>')
        out.append(f'<text x="{x}" y="{top + 4}" font-size="11" text-anchor="middle">{i + 1}</text>')
        short = title if len(title) <= 18 else title[:17] + "…"
        out.append(f'<text x="{x}" y="{top + 30}" font-size="11" text-anchor="middle">'
                   f'{escape(short)}</text>')
        for j, h in enumerate(rolls.get(i + 1, [])):
            y = top + 50 + 22 * j
            ok = bool(h.get("success"))
            label = f"{h.get('successes', 0)}/{h.get('difficulty', 0)} {'held' if ok else 'failed'}"
            out.append(f'<rect x="{x - 40}" y="{y - 12}" width="80" height="17" rx="4" '
                       f'fill="{"#cfe8cf" if ok else "#f3c9c9"}" stroke="#999"/>')
            out.append(f'<text x="{x}" y="{y}" font-size="10" text-anchor="middle">{label}</text>')
            for k in range(int(h.get("ones") or 0)):
                out.append(f'<circle cx="{x + 46 + 7 * k}" cy="{y - 4}" r="3" fill="#c33">'
                           f'<title>complication</title></circle>')
    out.append("</svg>")
    ending = (view.get("ending") or {}).get("title") if isinstance(view.get("ending"), dict) else ""
    caption = "The night, scene by scene: each roll's successes against its Difficulty; red dots " \
              "are complications" + (f" · {escape(ending)}" if ending else "")
    return f"<figure>{''.join(out)}<figcaption>{caption}</figcaption></figure>"
