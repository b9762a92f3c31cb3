"""How At Any Cost's events read: small print on the live screen and in the journal, and the
Markdown story's headings, front matter and closing.

``mechanics(event, seat)`` is written for one viewer ("You draw ..." for the Protagonist at the
terminal); ``seat=None`` gives the neutral wording the journal uses.
"""
from __future__ import annotations

from companion.core.game import Event
from companion.games.at_any_cost.data import rules
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST

# Private bookkeeping left out of the written story (the live screen still shows it).
STORY_SKIP = {"cards_drawn", "drew", "discarded", "stage_ended"}

# Events that belong to the front matter (the hero and the Anchors), not to the story's beats.
SETUP_EVENTS = {"hero_named", "hero_described", "anchors_drawn", "anchors_kept",
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
        return "Face down (only you know): " + ", ".join(
            f"stage {i + 2} {n}" for i, n in enumerate(names))
    if k == "question_asked":
        name = d.anchor(data["anchor"]).name
        return f"The Antagonist asks about {name}: “{data['question']}”"
    if k == "cards_drawn":
        if not data["cards"]:
            return None
        who = "You draw" if data["seat"] == viewer else f"{_who(data['seat'], viewer)} draws"
        return f"{who}: " + ", ".join(card_label(c) for c in data["cards"])
    if k == "drew":
        if data["seat"] == viewer or viewer is None:  # the drawer (or the record) sees the cards
            return None
        return f"{_who(data['seat'], viewer)} draws {data['count']} card(s)."
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
        return f"{_who(ANTAGONIST, viewer)} {'fold' if viewer == ANTAGONIST else 'folds'} " \
               f"({_totals(data, viewer)}): the hero moves on."
    if k == "anchor_sacrificed":
        name = d.anchor(data["anchor"]).name
        how = "fold and give up" if data["fold"] else "sacrifice"
        who = "You" if viewer == PROTAGONIST else "The Protagonist"
        verb = how if who == "You" else ("folds and gives up" if data["fold"] else "sacrifices")
        return f"{who} {verb} {name} ({data['left']} Anchor(s) left)."
    if k == "journey_ended":
        kept = ", ".join(d.anchor(a).name for a in data["kept"]) or "nothing"
        lost = ", ".join(d.anchor(a).name for a in data["lost"]) or "nothing"
        return f"The journey is over. Kept: {kept}. Lost: {lost}."
    return None


def heading(event: Event) -> str | None:
    """A Markdown section heading opened by this event, if any."""
    if event.kind == "location_revealed":
        st = rules().stage(event.data["stage"])
        loc = rules().location(event.data["location"])
        return f"Stage {st.number} · {st.name} · {loc.name}"
    if event.kind == "journey_ended":
        return "The end of the road"
    return None


def story_title(view: dict) -> str:
    hero = view["hero"]["name"] or "A hero"
    first = view["map"][0].get("location_name") or "?"
    last = view["map"][4].get("location_name") or "?"
    return f"{hero}: from the {first} to the {last}"


def front_matter(view: dict) -> str:
    out = []  # the premise opens the story itself (the first narration), so it is not repeated
    hero = view["hero"]
    if hero["name"]:
        out.append(f"**The hero: {hero['name']}.** {hero['details']}".rstrip())
    anchors = view["anchors"] + view["anchors_lost"]
    if anchors:
        lines = ["**What they carry:**", ""]
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


def closing(view: dict) -> str:
    kept = [a["name"] for a in view["anchors"]]
    lost = [a["name"] for a in view["anchors_lost"]]
    stages = {r["stage"]: r for r in view["results"]}
    rows = ["| Stage | Outcome | Totals (Protagonist · Antagonist) |", "|---|---|---|"]
    for n in sorted(stages):
        r = stages[n]
        if r["result"] == "antagonist_folded":
            what = "the Antagonist folded"
        elif r["result"] == "protagonist_folded":
            what = f"the Protagonist folded: {rules().anchor(r['anchor']).name} lost"
        else:
            what = f"{rules().anchor(r['anchor']).name} sacrificed"
        rows.append(f"| {n} | {what} | {r['protagonist_total']} · {r['antagonist_total']} |")
    parts = ["\n".join(rows)]
    parts.append(f"Kept: {', '.join(kept) or 'nothing'}. Lost: {', '.join(lost) or 'nothing'}.")
    return "\n\n".join(parts)
