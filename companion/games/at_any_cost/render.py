"""How At Any Cost's events read: small print on the live screen and in the journal, and the
Markdown story's headings, front matter and closing.

``mechanics(event, seat)`` is written for one viewer ("You draw ..." for the Protagonist at the
terminal); ``seat=None`` gives the neutral wording the journal uses.
"""
from __future__ import annotations

from companion.core.game import Event
from companion.games.at_any_cost.data import rules
from companion.story import grammar, pronouns
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST

# Private bookkeeping left out of the written story (the live screen still shows it).
STORY_SKIP = {"cards_drawn", "drew", "discarded", "stage_ended"}

# Events that belong to the front matter (the hero and the Anchors), not to the story's beats.
SETUP_EVENTS = {"hero_named", "hero_pronouns", "hero_described", "anchors_drawn", "anchors_kept",
                "anchor_answered", "question_asked", "question_answered", "hidden_dealt",
                "map_laid", "map_dealt"}


def card_label(cid: str) -> str:
    c = rules().card(cid)
    return f"{c.name} {c.value} [{' '.join(c.tags)}]"


def _who(seat: str, viewer: str | None) -> str:
    if seat == viewer:
        return "You"
    return "The Antagonist" if seat == ANTAGONIST else "The Protagonist"


def _totals(data: dict, viewer: str | None) -> str:
    p, a = data["protagonist_total"], data["antagonist_total"]
    if viewer == PROTAGONIST:
        return f"You {p} · Antagonist {a}"
    if viewer == ANTAGONIST:
        return f"You {a} · Protagonist {p}"
    return f"Protagonist {p} · Antagonist {a}"


_VERBS = {"challenge_set": "sets the challenge with", "challenge_met": "meets it with",
          "challenge_raised": "raises with"}
_VERBS_YOU = {"challenge_set": "set the challenge with", "challenge_met": "meet it with",
              "challenge_raised": "raise with"}


def mechanics(event: Event, viewer: str | None) -> str | None:
    d = rules()
    k, data = event.kind, event.data
    if k == "map_dealt":
        first, last = d.location(data["first"]), d.location(data["last"])
        return (f"The map: stage 1 {first.name} [{' '.join(first.tags)}] … stage 5 {last.name} "
                f"[{' '.join(last.tags)}]; stages 2-4 lie face down.")
    if k == "hidden_dealt":
        names = [d.location(x).name for x in data["locations"]]
        known = "only you know" if viewer == ANTAGONIST else "the Antagonist knows"
        return f"Face down ({known}): " + ", ".join(
            f"stage {i + 2} {n}" for i, n in enumerate(names))
    if k == "question_asked":
        name = d.anchor(data["anchor"]).name
        return f"The Antagonist asks about {name}: “{data['question']}”"
    if viewer != PROTAGONIST:  # what the Protagonist wrote, for an Antagonist at the table
        if k == "hero_named":
            return f"The hero is called {data['name']}."
        if k == "hero_pronouns":
            return f"{data['name']}'s pronouns: {pronouns.shown(data['pronouns'])}."
        if k == "hero_described" and data.get("text"):
            return f"The Protagonist describes {data['name']}: “{data['text']}”"
        if k == "anchor_answered" and data.get("text"):
            return f"{d.anchor(data['anchor']).name}: “{data['text']}”"
        if k == "question_answered" and data.get("text"):
            return f"The Protagonist answers: “{data['text']}”"
    if k == "cards_drawn":
        if not data["cards"]:
            return None
        who = "You draw" if data["seat"] == viewer else f"{_who(data['seat'], viewer)} draws"
        return f"{who}: " + ", ".join(card_label(c) for c in data["cards"])
    if k == "drew":
        if data["seat"] == viewer or viewer is None:  # the drawer (or the record) sees the cards
            return None
        return f"{_who(data['seat'], viewer)} draws {grammar.count(data['count'], 'card')}."
    if k == "discarded":
        who = "You discard" if data["seat"] == viewer else f"{_who(data['seat'], viewer)} discards"
        return f"{who} {card_label(data['card'])}."
    if k == "location_revealed":
        loc = d.location(data["location"])
        st = d.stage(data["stage"])
        return (f"Stage {st.number} · {st.name} · {loc.name} [{' '.join(loc.tags)}] · "
                f"tags in play: {', '.join(data['tags'])}")
    if k in ("challenge_set", "challenge_met", "challenge_raised"):
        who = _who(data["seat"], viewer)
        verbs = _VERBS_YOU if who == "You" else _VERBS
        cards = ", ".join(card_label(c) for c in data["cards"])
        new = f" · new tags: {', '.join(data['new_tags'])}" if data["new_tags"] else ""
        return f"{who} {verbs[k]} {cards} → {_totals(data, viewer)}{new}"
    if k == "antagonist_folded":
        if not data.get("set") and data.get("location"):
            return _no_challenge(data, viewer)
        return f"{_who(ANTAGONIST, viewer)} {'fold' if viewer == ANTAGONIST else 'folds'} " \
               f"({_totals(data, viewer)}): the hero moves on."
    if k == "anchor_sacrificed":
        name = d.anchor(data["anchor"]).name
        if viewer == PROTAGONIST:
            how = "You fold, and the hero gives up" if data["fold"] else "The hero gives up"
        else:
            how = ("The Protagonist folds, and the hero gives up" if data["fold"]
                   else "The Protagonist gives up")
        return f"{how} {name} ({grammar.count(data['left'], 'Anchor')} left)."
    if k == "journey_ended":
        kept = ", ".join(d.anchor(a).name for a in data["kept"]) or "nothing"
        lost = ", ".join(d.anchor(a).name for a in data["lost"]) or "nothing"
        return f"The journey is over. Kept: {kept}. Lost: {lost}."
    return None


def _no_challenge(data: dict, viewer: str | None) -> str:
    """The small print of a stage with no challenge at all, and why."""
    place = rules().location(data["location"]).name
    tags = ", ".join(data.get("tags", []))
    you = _who(ANTAGONIST, viewer) == "You"
    who = "you" if you else "the Antagonist"
    if data.get("unable"):
        why = f"{who} {'hold' if you else 'holds'} no card with its tags ({tags})"
    else:
        why = f"{who} {'choose' if you else 'chooses'} to set none"
    return f"No challenge at the {place}: {why}, and the hero moves on."


def heading(event: Event) -> str | None:
    """A Markdown section heading opened by this event, if any."""
    if event.kind == "location_revealed":
        st = rules().stage(event.data["stage"])
        loc = rules().location(event.data["location"])
        return f"Stage {st.number} · {st.name} · {loc.name}"
    if event.kind == "journey_ended" and event.data.get("text"):
        return "The end of the road"  # the player's own ending; the told one is the Epilogue
    return None


def story_title(view: dict) -> str:
    hero = view["hero"]["name"] or "A hero"
    first = view["map"][0].get("location_name") or "?"
    last = view["map"][4].get("location_name") or "?"
    return f"{hero}, from the {first} to the {last}"


def front_facts(view: dict) -> dict:
    """The story's facts for a Markdown front matter block (the journal adds game and seed)."""
    hero = view["hero"]
    out = {"hero": hero["name"] or "", "pronouns": hero.get("pronouns") or "they",
           "from": view["map"][0].get("location_name") or "",
           "to": view["map"][4].get("location_name") or ""}
    if view.get("phase") == "over":
        out["outcome"] = (f"{grammar.count(len(view['anchors']), 'Anchor')} kept, "
                          f"{len(view['anchors_lost'])} lost")
        out["kept"] = [a["name"] for a in view["anchors"]]
        out["lost"] = [a["name"] for a in view["anchors_lost"]]
    else:
        out["outcome"] = "unfinished"
    return out


def front_matter(view: dict) -> str:
    out = []  # the premise opens the story itself (the first narration), so it is not repeated
    hero = view["hero"]
    if hero["name"]:
        said = f" ({pronouns.shown(hero['pronouns'])})" if hero.get("pronouns") else ""
        out.append(f"**The hero: {hero['name']}{said}.** {hero['details']}".rstrip())
    anchors = view["anchors"] + view["anchors_lost"]
    if anchors:
        said = pronouns.parse_or_they(hero.get("pronouns"))
        carries = "carry" if said.plural_verbs else "carries"
        lines = [f"**What {said.they} {carries}:**", ""]
        lost = {a["id"] for a in view["anchors_lost"]}
        for a in anchors:
            answer = a["answer"] or "(left unsaid)"
            mark = " *(lost on the way)*" if a["id"] in lost else ""
            lines.append(f"- *{a['name']}*: {answer}{mark}")
        out.append("\n".join(lines))
    qs = [q for q in view.get("questions", []) if q.get("question")]
    if qs:
        lines = ["**Asked before setting out:**", ""]
        for q in qs:
            lines.append(f"- “{q['question']}” “{q.get('answer') or '…'}”")
        out.append("\n".join(lines))
    return "\n\n".join(out)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|") or "—"


def closing(view: dict) -> str:
    """The Anchors kept and lost (a table: what each was, in the player's words, and where it
    went), then each stage's outcome."""
    lost_at = {r["anchor"]: r for r in view["results"] if r.get("anchor")}
    rows = ["| Anchor | What it was | Kept or lost |", "|---|---|---|"]
    for a in view["anchors"] + view["anchors_lost"]:
        r = lost_at.get(a["id"])
        where = (f"lost at stage {r['stage']}, {_place(view, r['stage'])}" if r else "kept")
        rows.append(f"| {_cell(a['name'])} | {_cell(a['answer'])} | {where} |")
    stages = ["| Stage | Place | Outcome | Protagonist · Antagonist |", "|---|---|---|---|"]
    for r in view["results"]:
        if r["result"] == "antagonist_folded" and not r["antagonist_total"]:
            what = "no challenge set"
        elif r["result"] == "antagonist_folded":
            what = "the Antagonist folded"
        elif r["result"] == "protagonist_folded":
            what = f"the Protagonist folded; {rules().anchor(r['anchor']).name} lost"
        else:
            what = f"{rules().anchor(r['anchor']).name} sacrificed"
        stages.append(f"| {r['stage']} | {_place(view, r['stage'])} | {what} | "
                      f"{r['protagonist_total']} · {r['antagonist_total']} |")
    return "\n".join(rows) + "\n\n" + "\n".join(stages)


def _place(view: dict, stage: int) -> str:
    entry = view["map"][stage - 1]
    return entry.get("location_name") or "face down"


def revealed(views: dict) -> str:
    """With ``--reveal``: what the table kept hidden at the end (face-down places, each hand)."""
    out = []
    seer = views.get(ANTAGONIST, {})
    down = [f"stage {e['stage']}: {e['location_name']}" for e in seer.get("map", [])
            if not e.get("face_up") and e.get("location_name")]
    if down:
        out.append("- Face down: " + ", ".join(down))
    for seat in (PROTAGONIST, ANTAGONIST):
        hand = views.get(seat, {}).get("hand", [])
        if hand:
            out.append(f"- The {seat}'s hand: " + ", ".join(card_label(c["id"]) for c in hand))
    return "\n".join(out)


def svg(view: dict, final: dict) -> str:
    """The map as an inline SVG picture: five stages in a row, each with its location as it was
    revealed (face down: a blank card), the pawn on the stage reached, and under each stage what
    it cost (the Anchor lost there) or that the hero went on whole."""
    from html import escape

    results = {r["stage"]: r for r in final.get("results", [])}
    reached = final.get("stage") or 0
    w, card_w, gap = 760, 130, 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} 250" role="img" '
             'aria-label="The map: five stages and their locations" '
             'font-family="Georgia, serif">',
             '<rect width="100%" height="100%" fill="#fbf8f2"/>',
             f'<line x1="{15 + card_w // 2}" y1="120" x2="{w - 15 - card_w // 2}" y2="120" '
             'stroke="#b9a98c" stroke-width="3" stroke-dasharray="8 6"/>']
    for i, entry in enumerate(view["map"]):
        x = 15 + i * (card_w + gap)
        stage = entry["stage"]
        parts.append(f'<rect x="{x}" y="14" width="{card_w}" height="58" rx="6" fill="#ece5d8" '
                     'stroke="#8c7b5e"/>')
        parts.append(f'<text x="{x + card_w / 2}" y="36" text-anchor="middle" font-size="12" '
                     f'fill="#6b655c">Stage {stage}</text>')
        parts.append(f'<text x="{x + card_w / 2}" y="56" text-anchor="middle" font-size="12.5" '
                     f'fill="#222">{escape(entry["name"])}</text>')
        name = entry.get("location_name")
        face_up = entry.get("face_up")
        fill = "#fff" if name and face_up else ("#f1ece2" if name else "#d9d2c4")
        dash = "" if face_up else ' stroke-dasharray="4 3"'
        parts.append(f'<rect x="{x}" y="92" width="{card_w}" height="56" rx="6" fill="{fill}" '
                     f'stroke="#8c7b5e"{dash}/>')
        label = escape(name) if name else "face down"
        style = "" if name and face_up else ' font-style="italic" fill="#6b655c"'
        parts.append(f'<text x="{x + card_w / 2}" y="125" text-anchor="middle" font-size="14"'
                     f'{style}>{label}</text>')
        if name and not face_up:
            parts.append(f'<text x="{x + card_w / 2}" y="141" text-anchor="middle" '
                         'font-size="10" fill="#6b655c">(face down)</text>')
        if stage == reached and final.get("phase") != "over":
            parts.append(f'<circle cx="{x + card_w - 14}" cy="104" r="7" fill="#b0413e"/>')
        r = results.get(stage)
        if r and r.get("anchor"):
            lost = escape(rules().anchor(r["anchor"]).name)
            parts.append(f'<text x="{x + card_w / 2}" y="178" text-anchor="middle" '
                         f'font-size="13" fill="#b0413e">✗ {lost}</text>')
            parts.append(f'<text x="{x + card_w / 2}" y="196" text-anchor="middle" '
                         'font-size="11" fill="#6b655c">lost here</text>')
        elif r and not r.get("antagonist_total"):
            parts.append(f'<text x="{x + card_w / 2}" y="178" text-anchor="middle" '
                         'font-size="13" fill="#6b655c">– a quiet stretch</text>')
        elif r:
            parts.append(f'<text x="{x + card_w / 2}" y="178" text-anchor="middle" '
                         'font-size="13" fill="#3d6b45">✓ went on whole</text>')
    if final.get("phase") == "over":
        kept = ", ".join(a["name"] for a in final["anchors"]) or "nothing"
        parts.append(f'<text x="{w / 2}" y="232" text-anchor="middle" font-size="13" '
                     f'fill="#222">Kept to the end: {escape(kept)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
