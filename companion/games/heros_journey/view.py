"""What each seat sees of the table, and short labels for actions."""
from __future__ import annotations

from typing import Any

from companion.core.game import Action

from . import flow
from .data import SUITS, rules
from .model import State

PAIRS = ("Wanderer's", "Traveler's", "Seeker's")


def name(cid: str | None) -> str:
    if cid is None:
        return "nothing"
    r = rules()
    return r.card(cid).name if r.is_card(cid) else cid


def suits_dict(vals) -> dict[str, int]:
    return {s: n for s, n in zip(SUITS, vals) if n}


def view(state: State, seat: str | None) -> dict[str, Any]:
    from .engine import _ro

    w = _ro(state)  # read only: the view copies what it shows
    heroes = []
    for h in w.heroes:
        heroes.append({
            "seat": h.seat, "origin": h.origin, "stage": h.stage,
            "stage_card": (w.revealed if h.stage >= 10 else flow.stage_card(h))
            if h.origin or h.stage > 1 else None,
            "tokens": {s: h.tokens[i] for i, s in enumerate(SUITS)},
            "mentors": list(h.mentors), "places": list(h.places),
            "resources": {s: flow.res(h, s) for s in SUITS},
            "challenge_cards": len(h.hand), "turns_to_lose": h.skip,
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
        "pending": _pending(w, seat),
    }
    if w.over:
        from .events import score_of

        out["score_detail"] = {s: score_of(w, s)[1] for s in w.seats}
    me = next((h for h in w.heroes if h.seat == seat), None)
    if me is not None:
        from .data import story

        info = story().hero(seat)
        out["you_are"] = {"name": info.name, "pronouns": info.pronouns, "manner": info.manner,
                          "origin_story": getattr(info, me.origin) if me.origin else ""}
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
                "get", "among", "allowed", "suit"):
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


def _bundle(b: dict) -> str:
    return " + ".join(f"{n} {rules().suit(s).token}{'s' if n > 1 else ''}" for s, n in b.items())


def describe(a: Action) -> str:
    g = a.args
    k = a.kind
    if k == "travel":
        keep = f", keeping {name(g['keep'])}" if g.get("keep") else ", leaving every Mentor"
        return f"travel to the {PAIRS[g['pair']]} Encounter{keep}"
    if k == "rest":
        if g.get("card") is None:
            return f"rest: draw {' and '.join(rules().suit(s).token for s in g['suits'])}"
        two = f" (2 {rules().suit(g['two']).name})" if g.get("two") else ""
        return (f"rest with {name(g['card'])}{two}, +1 {rules().suit(g['stage_suit']).token} "
                "from your Stage")
    if k == "match":
        return f"advance by discarding {name(g['card'])} (a Matching Encounter)"
    if k == "challenge":
        return "attempt the next Stage by meeting a Challenge"
    if k == "bank":
        src = f" from {name(g['source'])}" if g.get("source") else ""
        return f"trade {' + '.join(g['give'])} to the bank for a {g['get']} token{src}"
    if k == "offer":
        return f"offer {g['to']} {_bundle(g['give'])} for {_bundle(g['get'])}"
    if k == "contest":
        return f"contest with {name(g['card'])}, bidding {g['bid']}"
    if k == "raise":
        return f"raise the bid to {g['bid']}"
    if k in ("play", "discover", "discard_place", "keep"):
        return f"{k} {name(g.get('card'))}"
    if k == "pact":
        if g.get("mentor") is None:
            return "make no swap at the Pact"
        return f"at the Pact, swap {name(g['mentor'])} for the Mentor of pair {g['slot']}"
    if k == "betray":
        return f"give {name(g['card'])} to {g['to']}"
    if k == "omen":
        return f"play {name(g['card'])}" if g.get("card") else "turn up the top Challenge card"
    parts = [k.replace("_", " ")] + [f"{v}" for v in g.values() if v is not None]
    return " ".join(str(p) for p in parts)
