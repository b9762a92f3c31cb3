"""Short labels for actions ("travel to the Seeker's Encounter, keeping the Sailor"): what a
refusal lists as the choices and what `actions` shows. The ground of every message that names a
move; it reads only the rules data."""
from __future__ import annotations

from companion.core.game import Action

from .data import rules

PAIRS = ("Wanderer's", "Traveler's", "Seeker's")


def name(cid: str | None) -> str:
    if cid is None:
        return "nothing"
    r = rules()
    return r.card(cid).name if r.is_card(cid) else cid


def bundle(b: dict) -> str:
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
        return f"offer {g['to']} {bundle(g['give'])} for {bundle(g['get'])}"
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
