"""What each seat sees of the table: a plain dict built from the state, secrets left out."""
from __future__ import annotations

from typing import Any

from . import flow
from .data import SUITS, given_names, hero_name, hero_pronouns, story
from .events import score_of
from .labels import PAIRS
from .model import State, read_only


def me_of(view: dict, seat: str) -> dict:
    """A Hero's entry in a view (its own, or another Hero's public one)."""
    return next(h for h in view["heroes"] if h["seat"] == seat)


def suits_dict(vals) -> dict[str, int]:
    return {s: n for s, n in zip(SUITS, vals) if n}


def view(state: State, seat: str | None) -> dict[str, Any]:
    w = read_only(state)  # read only: the view copies what it shows
    heroes = []
    names = given_names(w.persona)
    for h in w.heroes:
        said = w.persona.get(h.seat, {})
        heroes.append({
            "seat": h.seat, "name": hero_name(h.seat, names),
            "pronouns": hero_pronouns(h.seat, said),
            "said": dict(said),  # what the player said of this Hero (name, pronouns, about)
            "origin": h.origin, "stage": h.stage,
            "stage_card": (w.revealed if h.stage >= 10 else flow.stage_card(h))
            if h.origin or h.stage > 1 else None,
            "tokens": {s: h.tokens[i] for i, s in enumerate(SUITS)},
            "mentors": list(h.mentors), "places": list(h.places),
            "resources": {s: flow.res(h, s) for s in SUITS},
            "challenge_cards": len(h.hand), "turns_to_lose": h.skip,
            "pact_round": h.pact_round,
        })
    out: dict[str, Any] = {
        "you": seat, "players": len(w.seats), "round": w.round, "max_rounds": w.max_rounds, "level": w.level,
        "turn": w.seats[w.current] if w.tasks or w.over else None,
        "first": w.seats[w.first],
        "bank": {s: w.bank[i] for i, s in enumerate(SUITS)},
        "heroes": heroes,
        "encounters": [{"pair": PAIRS[i], "mentor": m, "place": p,
                        "tokens": {c: suits_dict(w.on_cards.get(c, [0] * 6))
                                   for c in (m, p) if c and c in w.on_cards}}
                       for i, (m, p) in enumerate(w.slots)],
        "stakes": {c: suits_dict(v) for c, v in w.on_cards.items()
                   if flow.card(c).role in ("event", "ending")},
        "decks": {"mentor": len(w.mentor_pile) + len(w.mentor_under),
                  "place": len(w.place_pile) + len(w.place_under),
                  "challenges": len(w.challenge_pile)},
        "ending": w.revealed, "endings_face_down": len(w.endings) - (1 if w.revealed else 0),
        "pact_first": w.pact_first, "ending_first": w.ending_first,
        "final_turns": list(w.final_turns), "offers_made": list(w.offers_made), "over": w.over, "halted": w.halted,
        "scores": dict(w.scores), "omens": dict(w.doubled),
        "score_now": {s: score_of(w, s)[0] for s in w.seats},
        "pending": _pending(w, seat),
    }
    if w.over:
        out["score_detail"] = {s: score_of(w, s)[1] for s in w.seats}
    me = next((h for h in w.heroes if h.seat == seat), None)
    if me is not None:
        info = story().hero(seat)
        said = w.persona.get(seat, {})
        out["you_are"] = {"name": hero_name(seat, names), "pronouns": hero_pronouns(seat, said),
                          "manner": said.get("about") or ("" if said else info.manner),
                          "origin_story": getattr(info, me.origin) if me.origin and not said
                          else ""}
        out["hand"] = list(me.hand)
        out["prophecy"] = ({"look": me.prophecy_pos, "ending": me.prophecy}
                           if me.prophecy else None)
    return out


def _pending(w, seat: str | None) -> dict[str, Any]:
    if not w.tasks:
        return {}
    t = w.tasks[0]
    k = t["k"]
    out: dict[str, Any] = {"task": k}
    for key in ("seat", "hider", "attempter", "lead", "high", "why", "need", "from", "give",
                "get", "among", "allowed", "suit", "suits"):
        if key in t:
            out[key] = t[key]
    if "dests" in t:
        out["dests"] = list(t["dests"])
    if k == "auction":
        out["bids"] = dict(t["bids"])
        out["contesting"] = sorted(t["cards"])
        if seat in t["cards"]:
            out["your_card"] = t["cards"][seat]
    if k == "fist":
        out["hidden"] = t["hide"] is not None
        if seat == t["hider"] and t["hide"]:
            out["your_hand"] = t["hide"]
    for j in w.tasks:
        if j["k"] == "ch_end":
            out["challenge"] = {"attempter": j["seat"], "target": j["target"],
                                "suit": j["suit"], "issued": j["issued"]}
            break
    return out
