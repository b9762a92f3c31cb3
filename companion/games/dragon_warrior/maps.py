"""The maps Treasure draws, from a seat's view: the town, the outdoors and each dungeon floor, as
terminal text (80 columns) and as crayon-style SVG for the HTML journal.

Marks are the text's: ``+N`` a Level, ``$`` treasure found (never again), ``X`` a room cleared; and
ours: ``@`` the Warrior, ``v`` stairs down found, ``^`` the way back up, ``?`` a room seen through
a doorway and not yet entered. A dungeon floor is drawn as its grid of rooms, three across.
"""
from __future__ import annotations

import textwrap
from html import escape

# An 80-column terminal shows 78 (the screen keeps a margin; a wider line wrapped a dungeon
# floor's third room onto a line of its own)
WIDTH = 78
CELL = 23  # a room's box on a floor, marks included; three across fit in WIDTH
GAP = 4
LEGEND = "@ you · X cleared · $ treasure found · v stairs down · ^ way up · ? unexplored"


def _places(view: dict) -> dict[str, dict]:
    return {p["id"]: p for p in view.get("places", [])}


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def where(view: dict) -> str:
    """Which map shows the Warrior: town, outdoors or dungeon."""
    here = _places(view).get(view.get("here", ""), {})
    if here.get("kind") == "room":
        return "dungeon"
    if here.get("kind") in ("area", "poi", "dungeon"):
        return "outdoors"
    return "town"


def towns(view: dict) -> list[dict]:
    """Every town's street, the first town first."""
    return [p for p in view.get("places", []) if p["kind"] == "street"]


def town_of(view: dict, pid: str | None = None) -> str:
    """The street of the town a space is in (outside a town: the home town's)."""
    p = _places(view).get(pid or view.get("here", ""), {})
    if p.get("kind") == "street":
        return p["id"]
    if p.get("kind") == "building":
        return p.get("parent") or "street"
    return view.get("home") or "street"


def _town_name(view: dict, street: dict) -> str:
    return street.get("town") or view.get("town") or "The town"


# -- terminal ------------------------------------------------------------------------------------------
def town_text(view: dict, sid: str | None = None) -> str:
    ps = _places(view)
    sid = sid or town_of(view)
    if sid not in ps:
        return "No map yet: the town is not drawn."
    here = view.get("here")
    street = ps[sid]
    rows = [f"{_town_name(view, street)} +{street['level']}" + " " * 4
            + "(@ you, $ treasure found)"]
    rows.append(f" {'@' if here == sid else ' '} {_cap(street['name'])}")
    inside = [ps[x] for x in street["links"] if x in ps and ps[x]["kind"] == "building"]
    for i, b in enumerate(inside):
        branch = "└─" if i == len(inside) - 1 else "├─"
        mark = "@" if b["id"] == here else " "
        rows.append(_cut(f"   {branch}{mark} {b['name']}{' $' if b['searched'] else ''}", WIDTH))
    gates = [ps[x]["name"] for x in street["links"] if x in ps and ps[x]["kind"] != "building"]
    if gates:
        rows.append(_cut(f"   Out of town: {', '.join(gates)}", WIDTH))
    rows += _quests(view, sid)
    return "\n".join(rows)


def _quests(view: dict, town: str) -> list[str]:
    ps = _places(view)
    out = []
    for q in view.get("quests", []):
        if town_of(view, q["giver"]) != town:
            continue
        state = "turned in" if q.get("turned_in") else "done" if q["done"] else "open"
        giver = ps.get(q["giver"], {}).get("name", q["giver"])
        out += textwrap.wrap(f"Quest ({state}, from {giver}): {q['text']}", WIDTH,
                             subsequent_indent="   ")
    return out


def outdoors_text(view: dict) -> str:
    ps = _places(view)
    areas = [p for p in ps.values() if p["kind"] == "area"]
    if not areas:
        return "No outdoor map yet."
    here = view.get("here")
    first = ps.get("street", {})
    in_town = town_of(view) if ps.get(here, {}).get("kind") in ("building", "street") else ""
    rows = [f"The outdoors around {_town_name(view, first)}" + " " * 4
            + "(@ you, +N Level, $ treasure found)",
            f" {'@' if in_town == 'street' else ' '} [{_town_name(view, first)}] town +1"]

    def children(pid: str) -> list[dict]:
        return [p for p in ps.values() if p.get("parent") == pid
                and p["kind"] not in ("room", "building")]

    def line(p: dict, prefix: str, last: bool) -> None:
        branch = "└─" if last else "├─"
        mark = "@" if p["id"] == here or (p["kind"] == "dungeon" and
                                          ps.get(here, {}).get("dungeon") == p["id"]) else " "
        if p["kind"] == "area":
            text = f"{_cap(p['name'])} +{p['level']}"
        elif p["kind"] == "street":
            mark = "@" if in_town == p["id"] else " "
            text = f"⌂ [{_town_name(view, p)}] town +{p['level']}"
        elif p["kind"] == "poi":
            text = f"◇ {_cap(p['name'])} (point of interest){' $' if p['searched'] else ''}"
        else:
            state = ("cleared: a town" if p.get("cleared") else "open" if p.get("opened")
                     else f"barred: {p.get('obstacle') or '?'}")
            what = "the lord's lair" if p.get("lair") else "dungeon"
            text = f"▼ {_cap(p['name'])} ({what} +{p['level']}, {state})"
        pad = " " * (len(prefix) + 4)
        rows.extend(textwrap.wrap(f"{prefix}{branch}{mark} {text}", WIDTH,
                                  subsequent_indent=pad + ("│  " if p["kind"] in
                                                           ("area", "street") and
                                                           children(p["id"]) else "   "),
                                  drop_whitespace=False) or [""])
        kids = children(p["id"])
        for i, c in enumerate(kids):
            line(c, prefix + ("   " if last else "│  "), i == len(kids) - 1)

    roots = [p for p in areas if not p.get("parent")]
    for i, a in enumerate(roots):
        line(a, "   ", i == len(roots) - 1)
    return "\n".join(rows)


def _floor_rooms(view: dict, did: str, floor: int) -> list[dict]:
    return [p for p in view.get("places", []) if p["kind"] == "room" and p.get("dungeon") == did
            and p.get("floor") == floor]


def dungeon_text(view: dict, did: str | None = None, floor: int | None = None) -> str:
    ps = _places(view)
    here = ps.get(view.get("here", ""), {})
    if did is None:
        did = here.get("dungeon") or next((p["id"] for p in ps.values()
                                           if p["kind"] == "dungeon"), None)
    if did is None or did not in ps:
        return "No dungeon on the map yet."
    entrance = ps[did]
    floors = sorted({p["floor"] for p in ps.values() if p.get("dungeon") == did
                     and p["kind"] == "room"})
    if not floors:
        return f"{_cap(entrance['name'])}: barred by {entrance.get('obstacle') or 'something'}."
    if floor is None:
        floor = here.get("floor") if here.get("dungeon") == did else floors[0]
    return "\n".join([_cut(f"{_cap(entrance['name'])} · floor {floor} · Level "
                           f"{entrance['level'] + floor - 1}"
                           + (" · cleared: a town" if entrance.get("cleared") else ""), WIDTH),
                      LEGEND] + _grid(view, did, floor))


def _label(view: dict, r: dict) -> str:
    marks = ""
    if r["id"] == view.get("here"):
        marks += "@"
    if r.get("cleared"):
        marks += "X"
    if r.get("searched"):
        marks += "$"
    if r.get("stairs"):
        marks += "v"
    if r.get("floor", 1) > 1 and any(r["id"] == p.get("stairs") for p in view["places"]):
        marks += "^"
    if r.get("floor") == 1 and r.get("dungeon") in r.get("links", []):
        marks += "^"
    name = r["name"] if r.get("named") else "?"
    name = name[4:] if name.lower().startswith("the ") else name
    room = CELL - 4 - len(marks)
    return f"[{_cut(name, room):<{room}} {marks}]".replace(" ]", "]") if marks else \
        f"[{_cut(name, CELL - 2):<{CELL - 2}}]"


def _grid(view: dict, did: str, floor: int) -> list[str]:
    rooms = _floor_rooms(view, did, floor)
    at = {tuple(r["pos"]): r for r in rooms}
    if not at:
        return ["(nothing seen on this floor yet)"]
    cols = max(x for x, _ in at) + 1
    height = max(y for _, y in at) + 1
    out: list[str] = []
    for y in range(height):
        line = ""
        for x in range(cols):
            r = at.get((x, y))
            cell = _label(view, r).ljust(CELL) if r else " " * CELL
            line += cell
            if x < cols - 1:
                right = at.get((x + 1, y))
                joined = r and right and right["id"] in r["links"]
                line += "────" if joined else " " * GAP
        out.append(line.rstrip())
        if y < height - 1:
            below = ""
            for x in range(cols):
                r, d = at.get((x, y)), at.get((x, y + 1))
                mid = "│" if r and d and d["id"] in r["links"] else " "
                below += (" " * (CELL // 2) + mid).ljust(CELL) + (" " * GAP if x < cols - 1 else "")
            out.append(below.rstrip())
    return out


def map_text(view: dict, which: str = "") -> str:
    which = (which or where(view)).lower().strip()
    if which.startswith("out"):
        return outdoors_text(view)
    if which.startswith("dun") or which.startswith("floor"):
        parts = which.split()
        floor = int(parts[-1]) if parts[-1].isascii() and parts[-1].isdigit() else None
        return dungeon_text(view, floor=floor)
    name = which.removeprefix("town").strip()  # "map town Dunmarrow": another town's map
    for t in towns(view) if name else ():
        if _town_name(view, t).lower().startswith(name):
            return town_text(view, t["id"])
    return town_text(view)


def all_maps(view: dict) -> list[tuple[str, str]]:
    """Every map in the view: (title, text): the town, the outdoors, each dungeon floor seen."""
    out = [(_town_name(view, t), town_text(view, t["id"])) for t in towns(view)] or [
        ("The town", town_text(view))]
    out.append(("The outdoors", outdoors_text(view)))
    for d in [p for p in view.get("places", []) if p["kind"] == "dungeon"]:
        floors = sorted({p["floor"] for p in view["places"] if p.get("dungeon") == d["id"]
                         and p["kind"] == "room"})
        for f in floors:
            out.append((f"{_cap(d['name'])}, floor {f}", dungeon_text(view, d["id"], f)))
    return out


# -- SVG -----------------------------------------------------------------------------------------------
INK, PAPER, WAX = "#3b2f2a", "#fbf6e9", "#c0392b"


def _wobble(x: float, y: float, w: float, h: float, seed: int) -> str:
    """A box drawn by hand: its corners a little off, the same every time."""
    j = [((seed * 7 + i * 13) % 5 - 2) * 0.8 for i in range(8)]
    pts = [(x + j[0], y + j[1]), (x + w + j[2], y + j[3]), (x + w + j[4], y + h + j[5]),
           (x + j[6], y + h + j[7])]
    return "M" + " L".join(f"{a:.1f},{b:.1f}" for a, b in pts) + " Z"


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{escape(title)}" font-family="Comic Sans MS, Chalkboard, '
            f'cursive" font-size="12"><rect width="{width}" height="{height}" fill="{PAPER}"/>'
            f'<text x="10" y="18" font-size="15" fill="{INK}">{escape(title)}</text>'
            + "".join(body) + "</svg>")


def dungeon_svg(view: dict, did: str, floor: int) -> str:
    ps = _places(view)
    rooms = _floor_rooms(view, did, floor)
    at = {tuple(r["pos"]): r for r in rooms}
    w, h, gx, gy = 150, 52, 40, 34
    cols = max((x for x, _ in at), default=0) + 1
    rows = max((y for _, y in at), default=0) + 1
    body = []
    for (x, y), r in at.items():
        cx, cy = 10 + x * (w + gx), 30 + y * (h + gy)
        for other in r["links"]:
            o = ps.get(other)
            if o and o.get("floor") == floor and o["kind"] == "room" and \
                    tuple(o["pos"]) > (x, y):
                ox, oy = 10 + o["pos"][0] * (w + gx), 30 + o["pos"][1] * (h + gy)
                body.append(f'<line x1="{cx + w / 2}" y1="{cy + h / 2}" x2="{ox + w / 2}" '
                            f'y2="{oy + h / 2}" stroke="{INK}" stroke-width="3" '
                            f'stroke-linecap="round" opacity=".5"/>')
    for i, ((x, y), r) in enumerate(sorted(at.items())):
        cx, cy = 10 + x * (w + gx), 30 + y * (h + gy)
        fill = "#e8dcc0" if r.get("cleared") else "#fffdf5"
        body.append(f'<path d="{_wobble(cx, cy, w, h, i + floor)}" fill="{fill}" '
                    f'stroke="{INK}" stroke-width="2"/>')
        name = r["name"] if r.get("named") else "?"
        body.append(f'<text x="{cx + 8}" y="{cy + 20}" fill="{INK}">{escape(_cut(name, 22))}'
                    '</text>')
        marks = ("X " if r.get("cleared") else "") + ("$ " if r.get("searched") else "") + \
            ("v stairs" if r.get("stairs") else "")
        if marks:
            body.append(f'<text x="{cx + 8}" y="{cy + 40}" fill="{WAX}">{marks.strip()}</text>')
        if r["id"] == view.get("here"):
            body.append(f'<circle cx="{cx + w - 14}" cy="{cy + 14}" r="7" fill="{WAX}"/>')
    title = f"{_cap(ps[did]['name'])}, floor {floor} (Level {ps[did]['level'] + floor - 1})"
    return _svg(max(340, 20 + cols * (w + gx)), 40 + rows * (h + gy), body, title)


def outdoors_svg(view: dict) -> str:
    lines = outdoors_text(view).splitlines()[1:]
    body = [f'<text x="14" y="{40 + 18 * i}" fill="{INK}" xml:space="preserve">'
            f'{escape(line)}</text>' for i, line in enumerate(lines)]
    return _svg(640, 50 + 18 * len(lines), body, "The outdoors")


def town_svg(view: dict, sid: str = "street") -> str:
    ps = _places(view)
    street = ps.get(sid)
    if street is None:
        return ""
    inside = [ps[x] for x in street["links"] if x in ps and ps[x]["kind"] == "building"]
    body = [f'<path d="M20,70 Q320,50 620,75" stroke="#9a8b70" stroke-width="18" fill="none" '
            f'stroke-linecap="round" opacity=".5"/>',
            f'<text x="260" y="76" fill="{INK}">{escape(street["name"])}</text>']
    for i, b in enumerate(inside):
        x, y = 20 + (i % 4) * 155, 100 + (i // 4) * 80
        body.append(f'<path d="{_wobble(x, y, 140, 54, i)}" fill="#fffdf5" stroke="{INK}" '
                    f'stroke-width="2"/>')
        body.append(f'<text x="{x + 8}" y="{y + 22}" fill="{INK}">{escape(_cut(b["name"], 21))}'
                    '</text>')
        if b["searched"]:
            body.append(f'<text x="{x + 120}" y="{y + 44}" fill="{WAX}" font-size="16">$</text>')
        if b["id"] == view.get("here"):
            body.append(f'<circle cx="{x + 126}" cy="{y + 12}" r="7" fill="{WAX}"/>')
    rows = (len(inside) + 3) // 4
    return _svg(640, 110 + rows * 80, body, f"{_town_name(view, street)} +{street['level']}")


def svgs(view: dict) -> list[str]:
    out = [town_svg(view, t["id"]) for t in towns(view)] + [outdoors_svg(view)]
    for d in [p for p in view.get("places", []) if p["kind"] == "dungeon"]:
        for f in sorted({p["floor"] for p in view["places"] if p.get("dungeon") == d["id"]
                         and p["kind"] == "room"}):
            out.append(dungeon_svg(view, d["id"], f))
    return [x for x in out if x]
