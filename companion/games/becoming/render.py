"""How Becoming's events read: small print on the screen and in the journal, the chapters (one
per scene), the front matter (the Quest, the Fates, the Hero's nine Assets) and the closing (the
Hero's sheet, the tally with every line of points, who told the close, an SVG chart of points by
scene).

``mechanics(event, seat)`` speaks to one viewer ("You roll ..." for the Hero at the terminal);
``seat=None`` is the neutral wording the journal uses.
"""
from __future__ import annotations

import re

from companion.core.game import Event
from companion.story import grammar, pronouns
from companion.games.becoming.data import rules
from companion.games.becoming.model import FATES, HERO, SEATS, VP_ASSET_LEFT
from companion.games.becoming.views import cost_text, dice_words, offer_text

STORY_SKIP = {"cost_drafted", "offer_sealed", "offer_made", "scene_ended", "pools", "ready",
              "story_over", "elements_told"}
SETUP_EVENTS = {"hero_named"}
WHY = {"negative": "a negative Trait added", "remove_positive": "a positive Trait removed",
       "subvert": "an Asset subverted", "positive": "a positive Trait added",
       "strike": "a negative Trait crossed out", "moon": "the moon shot, and won",
       "assets_left": "Assets left at the end"}
MARK = {True: "♣", False: "•"}


def who(seat: str | None, viewer: str | None = None) -> str:
    if seat is None:
        return "nobody"
    if seat == viewer:
        return "You"
    if seat == HERO:
        return "The Hero"
    f = rules().fate(seat)
    return f"{f.name} {f.title}"


def gain(seat: str, viewer: str | None, points: int) -> str:
    """"you +3" for the viewer, "Cassot +1" for anyone else."""
    name = "you" if seat == viewer else ("the Hero" if seat == HERO else rules().fate(seat).name)
    return f"{name} +{points}"


def _name(aid: str) -> str:
    return rules().asset(aid).name


def _faces(faces) -> str:
    return " ".join(str(x) for x in sorted(faces, reverse=True)) or "-"


def mechanics(event: Event, viewer: str | None) -> str | None:
    k, d = event.kind, event.data
    if k == "quest_chosen":
        return f"The Quest: {d['title']}."
    if k == "asset_picked":
        verb = "pick" if d["seat"] == viewer else "picks"
        return f"{who(d['seat'], viewer)} {verb} {_name(d['asset'])} ({d['kind']}), {d['n']} of 9."
    if k == "pronouns_chosen":
        return f"The Hero is {d['name']} ({pronouns.shown(d['pronouns'])})."
    if k == "scene_begun":
        tempt = " and ".join(rules().fate(t).name for t in d["tempters"])
        return (f"Agent of Threat: {who(d['agent'])} · {d['threat_dice']} Threat dice · "
                f"Tempters: {tempt}")
    if k == "asset_invoked":
        return f"{who(HERO, viewer)} invoke{'' if viewer == HERO else 's'} {_name(d['asset'])} " \
               f"(risked) → Hero's dice {d['pool']}"
    if k == "hero_gathered":
        return f"The Hero's dice: {d['pool']}"
    if k == "moon_shot":
        return f"{who(d['seat'], viewer)} shoot{'' if d['seat'] == viewer else 's'} the moon " \
               f"({d['pool']} dice)"
    if k == "agent_invoked":
        what = f"{d['trait']} on {_name(d['asset'])}" if "trait" in d else \
            (f"{d['turned_name']} (the subverted {_name(d['asset'])})" if d.get("turned_name")
             else f"the subverted {_name(d['asset'])}")
        return f"{who(d['agent'], viewer)} invokes {what} → Agent's dice {d['pool']}"
    if k == "agent_gathered":
        return f"The Agent's dice: {d['pool']}"
    if k == "offer_sealed":
        o = d["offer"]
        if o["back"]:
            return "You back the Agent (sealed until both Tempters are done)."
        costs = "; ".join(cost_text(rules(), c["kind"], c["asset"]) for c in o["costs"])
        when = "at once" if o["timing"] == "immediate" else "after the roll"
        return f"Your sealed bargain: {dice_words(o['dice'])} for {costs} (paid {when})."
    if k == "offer_made":
        if d["seat"] == viewer:
            return None
        return f"{who(d['seat'], viewer)} has made an offer (hidden until both are made)."
    if k == "offers_revealed":
        rows = []
        for o in d["offers"]:
            name = rules().fate(o["tempter"]).name
            if o["back"]:
                rows.append(f"{name} backs the Agent (+3 dice to the Agent)")
            else:
                costs = "; ".join(cost_text(rules(), c["kind"], c["asset"]) for c in o["costs"])
                when = "at once" if o["timing"] == "immediate" else "after the roll"
                rows.append(f"{name} offers {dice_words(o['dice'])} for: {costs} (paid {when})")
        return "Offers revealed: " + " | ".join(rows)
    if k == "offer_answered":
        name = rules().fate(d["tempter"]).name
        verb = "accept" if d["answer"] == "accepted" else "reject"
        hero = who(HERO, viewer)
        s = "" if hero == "You" else "s"
        extra = " (+1 die to the Agent)" if d["agent_die"] else ""
        return f"{hero} {verb}{s} {name}'s bargain{extra}."
    if k == "counter_proposed":
        costs = [[c["kind"], c["asset"]] for c in d["costs"]]
        was = [[c["kind"], c["asset"]] for c in d["was"]["costs"]]
        name = rules().fate(d["tempter"]).name
        return (f"{who(HERO, viewer)} counter{'' if viewer == HERO else 's'} {name}'s bargain: "
                f"{offer_text(rules(), d['dice'], d['timing'], costs)}, in place of "
                f"{offer_text(rules(), d['was']['dice'], d['timing'], was)}.")
    if k == "counter_answered":
        name = rules().fate(d["tempter"]).name
        return (f"{name} takes the counter." if d["taken"] else
                f"{name} refuses the counter: the first bargain stands.")
    if k == "counter_withdrawn":
        return "The counter is dropped: the bargain stands as offered."
    if k == "bargain_paid":
        lapsed = f" ({grammar.count(len(d['lapsed']), 'cost')} could no longer be paid)" \
            if d["lapsed"] else ""
        return f"{rules().fate(d['tempter']).name}'s bargain falls due{lapsed}."
    if k == "pools":
        return f"Dice now: Hero {d['hero']} · Agent {d['agent']}"
    if k == "dice_rolled":
        side = "The Hero" if d["side"] == HERO else rules().fate(d["side"]).name
        return f"{side} rolls {_faces(d['faces'])} ({len(d['faces'])} dice)"
    if k == "threat_resolved":
        by = f"on {d['face']}s" if d["face"] else "on a total tie (the Hero wins ties)"
        return f"{who(d['winner'], viewer)} win{'' if d['winner'] == viewer else 's'} the " \
               f"Threat {by}."
    if k == "trait_added":
        sign = "positive ♣" if d["positive"] else "negative •"
        pts = 3 if d["positive"] else 1
        return (f"{_name(d['asset'])} gains the {sign} Trait “{d['trait']}” "
                f"({gain(d['by'], viewer, pts)})")
    if k == "trait_removed":
        return f"{_name(d['asset'])} loses “{d['trait']}” ♣ ({gain(d['by'], viewer, 2)})"
    if k == "asset_subverted":
        return (f"{_name(d['asset'])} is subverted ({gain(d['by'], viewer, 4)}); "
                f"the Hero has {grammar.count(d['left'], 'Asset')} left")
    if k == "asset_renamed":
        return f"{_name(d['asset'])} is now “{d['name']}”."
    if k == "asset_regained":
        if d.get("struck", "two") == "":  # subverted outright: its Traits went away
            return f"{_name(d['asset'])} is the Hero's again, bare of Traits."
        marks = grammar.count(len(d.get("marks", [0, 0])), "negative Trait")
        return (f"{_name(d['asset'])} is the Hero's again, with {marks} "
                f"({gain(HERO, viewer, 2)})")
    if k == "moon_won":
        return f"The moon shot succeeds ({gain(HERO, viewer, 5)})."
    if k == "quest_ended":
        tot = " · ".join(f"{who(s)} {d['totals'][s]}" for s in SEATS)
        end = "the Hero lost the last Asset" if d["early"] else "the ninth scene is done"
        return f"The Quest is over ({end}). Points: {tot}."
    if k == "prize_forgone":
        return "No Asset could take a Trait: the prize goes unclaimed."
    return None


def heading(event: Event) -> str | None:
    if event.kind == "scene_begun":
        d = event.data
        return f"Scene {d['scene']} · {d['title']}"
    if event.kind == "quest_ended":
        return "The close of the Quest"
    return None


def story_title(view: dict) -> str:
    hero = view["hero"]["name"] or "A Hero"
    quest = view.get("quest", {}).get("title") or "a Quest"
    if quest.startswith("The "):  # mid-sentence: "Ilse and the Ember Winter"
        quest = "the " + quest[4:]
    return f"{hero} and {quest}"


def front_matter(view: dict) -> str:
    d = rules()
    out = []
    if view.get("quest"):
        out.append(f"*{view['quest']['premise']}*")
    lines = ["**The Fates:**", ""]
    for seat in FATES:
        f = d.fate(seat)
        lines.append(f"- **{f.name} {f.title}**, {f.temperament}. Wants {f.wants}. Speaks "
                     f"through {f.avatar}.")
    out.append("\n".join(lines))
    return "\n\n".join(out)


def sheet(view: dict) -> str:
    """The Hero's sheet: every Asset with its Traits (♣ positive, • negative) or its turned name."""
    hero = view["hero"]
    rows = [f"{hero['name'] or 'The Hero'} ({pronouns.shown(hero['pronouns'])})"]
    for kind in ("virtue", "strength", "ally"):
        for a in [x for x in view["assets"] if x["kind"] == kind]:
            if a["subverted"]:
                by = rules().fate(a["subverted_by"]).name
                turned = a["turned_name"] or "(not yet named)"
                rows.append(f"  ✗ {a['name']:<22} {kind:<8} subverted by {by}: “{turned}”")
                continue
            traits = ", ".join(f"{MARK[t['positive']]} {t['name']}" for t in a["traits"]) or "-"
            mark = "*" if a.get("invoked") else " "
            rows.append(f"  {mark} {a['name']:<22} {kind:<8} {traits}")
    pts = view["scores"]
    rows.append("Points: " + " · ".join(f"{'Hero' if s == HERO else rules().fate(s).name} "
                                        f"{pts[s]}" for s in SEATS))
    return "\n".join(rows)


def tally(view: dict) -> str:
    by_seat: dict[str, dict[str, list[int]]] = {s: {} for s in SEATS}
    for line in view.get("score_lines", []):
        by_seat[line["seat"]].setdefault(line["why"], []).append(line["points"])
    rows = ["| Who | For | Points |", "|---|---|---|"]
    for seat in SEATS:
        name = "The Hero" if seat == HERO else rules().fate(seat).name
        for why, pts in by_seat[seat].items():
            n = sum(pts) // VP_ASSET_LEFT if why == "assets_left" else len(pts)  # one line, 4 each
            rows.append(f"| {name} | {WHY.get(why, why)} ×{n} | {sum(pts)} |")
        rows.append(f"| **{name}** | **total** | **{view['scores'][seat]}** |")
    return "\n".join(rows)


def scene_table(view: dict) -> str:
    rows = ["| Scene | Agent | Dice (Hero · Agent) | Bargains (accepted) | Backing | Winner |",
            "|---|---|---|---|---|---|"]
    for e in view["log"]:
        winner = "the Hero" if e["winner"] == HERO else (
            rules().fate(e["winner"]).name if e["winner"] else "-")
        rows.append(f"| {e['scene']} | {rules().fate(e['agent']).name} | "
                    f"{len(e['hero_roll'])} · {len(e['agent_roll'])} | {e['offers']} "
                    f"({e['accepted']}) | {e['backed']} | {winner} |")
    return "\n".join(rows)


def points_by_scene(view: dict) -> dict[str, list[int]]:
    """Each seat's running total after each scene (the chart's lines)."""
    last = max([x["scene"] for x in view["score_lines"]] + [e["scene"] for e in view["log"]]
               + [1])
    out = {s: [0] * last for s in SEATS}
    for line in view["score_lines"]:
        for i in range(max(line["scene"], 1) - 1, last):
            out[line["seat"]][i] += line["points"]
    return out


COLOURS = {HERO: "#b8860b", "spinner": "#4a6fa5", "measurer": "#5a8a5a", "shears": "#a33"}


def chart_svg(view: dict) -> str:
    """A small line chart of victory points by scene, one line per seat."""
    series = points_by_scene(view)
    n = max(len(v) for v in series.values())
    top = max([max(v) for v in series.values()] + [1])
    w, h, pad = 360, 160, 28
    x = lambda i: pad + (w - 2 * pad) * (i / max(1, n - 1))  # noqa: E731
    y = lambda p: h - pad - (h - 2 * pad) * p / top  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" role="img" aria-label="Victory points by scene">',
             f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#999"/>']
    for i in range(n):
        parts.append(f'<text x="{x(i):.0f}" y="{h - 10}" font-size="10" '
                     f'text-anchor="middle">{i + 1}</text>')
    for k, seat in enumerate(SEATS):
        pts = " ".join(f"{x(i):.1f},{y(p):.1f}" for i, p in enumerate(series[seat]))
        name = "Hero" if seat == HERO else rules().fate(seat).name
        parts.append(f'<polyline fill="none" stroke="{COLOURS[seat]}" stroke-width="2" '
                     f'points="{pts}"/>')
        parts.append(f'<text x="{pad + 70 * k}" y="12" font-size="10" '
                     f'fill="{COLOURS[seat]}">{name} {series[seat][-1]}</text>')
    parts.append("</svg>")
    return "".join(parts)


def closing(view: dict) -> str:
    text = sheet(view)  # a fence longer than any run of backticks in it: a name cannot close it
    fence = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", text)), default=0))
    parts = ["**The Hero's sheet at the end:**", "", fence, text, fence, "",
             "**The tally:**", "", tally(view), "", "**Scene by scene:**", "",
             scene_table(view)]
    parts += ["", close_line(view)] if view["closers"] else []
    return "\n".join(parts)


def close_line(view: dict) -> str:
    """Who won, and who told the close in words (RULINGS.md: a tie is told as a tie; a winner
    who said nothing is not named as its teller: the epilogue above told it)."""
    name = lambda s: "the Hero" if s == HERO else rules().fate(s).name  # noqa: E731
    closers = [name(s) for s in view["closers"]]
    tellers = [name(s) for s in view.get("close_words", [])]
    top = max(view["scores"].values()) if view.get("scores") else 0
    if len(closers) > 1:
        line = f"A tie at {top} points: {' and '.join(closers)} share the win and the close"
    else:
        line = f"{closers[0][:1].upper()}{closers[0][1:]} won, with {top} points"
    told = (f"told in words by {' and '.join(tellers)}" if tellers else
            "no winner told it in words of their own, so the epilogue above is the close")
    return f"{line}; {told}."


def pictures(view: dict) -> str:
    """For the HTML journal: the chart of victory points by scene, with its caption."""
    if "score_lines" not in view:  # the story is not over
        return ""
    return f"<figure>{chart_svg(view)}<figcaption>Victory points by scene</figcaption></figure>"
