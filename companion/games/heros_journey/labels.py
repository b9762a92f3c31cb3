"""Short labels for actions ("travel to the Seeker's Encounter, keeping the Sailor"): what a
refusal lists as the choices and what `actions` shows. The ground of every message that names a
move; it reads only the rules data and the names it is given (``names``: seat -> the name the
player gave that Hero; a seat not in it is named as its own, "Wren")."""
from __future__ import annotations

from companion.core.game import Action

from .data import NO_NAMES, SUITS, Names, hero_name, rules

PAIRS = ("Wanderer's", "Traveler's", "Seeker's")
PAIR_WORDS = ("wanderer", "traveler", "seeker")


def name(cid: str | None) -> str:
    if cid is None:
        return "nothing"
    r = rules()
    return r.card(cid).name if r.is_card(cid) else cid


def bundle(b: dict) -> str:
    return " + ".join(f"{n} {rules().suit(s).token}{'s' if n > 1 else ''}" for s, n in b.items())


def describe(a: Action, names: Names = NO_NAMES) -> str:
    g = a.args
    k = a.kind
    if k == "travel":
        keep = f", keeping {name(g['keep'])}" if g.get("keep") else ", keeping no Mentor"
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
        gave = {x: g["give"].count(x) for x in dict.fromkeys(g["give"])}
        return f"trade {bundle(gave)} to the bank for a {rules().suit(g['get']).token}{src}"
    if k == "offer":
        return f"offer {hero_name(g['to'], names)} {bundle(g['give'])} for {bundle(g['get'])}"
    if k == "contest":
        return f"contest with {name(g['card'])}, bidding {g['bid']}"
    if k == "raise":
        return f"raise the bid to {g['bid']}"
    if k == "discard_place":  # in words, not the engine's name for the move
        return f"leave {name(g.get('card'))} behind"
    if k == "discover":
        return f"take {name(g.get('card'))} (the Discovery)"
    if k in ("play", "keep"):
        return f"{k} {name(g.get('card'))}"
    if k == "pact":
        if g.get("mentor") is None:
            return "make no swap at the Pact"
        return f"at the Pact, swap {name(g['mentor'])} for the Mentor of pair {g['slot']}"
    if k == "betray":
        return f"give {name(g['card'])} to {hero_name(g['to'], names)}"
    if k == "omen":
        return f"play {name(g['card'])}" if g.get("card") else "turn up the top Challenge card"
    said = _said(k, g, names)
    if said:
        return said
    parts = [k.replace("_", " ")] + [f"{v}" for v in g.values() if v is not None]
    return " ".join(str(p) for p in parts)


def _token(suit: str) -> str:
    return rules().suit(suit).token


# the small choices in words, as "Read as:" and `actions` say them (not "hide left-hand")
SMALL = {"hide": "hide the Leaf and the Wave in your {hand} hand", "guess": "guess the {hand} hand",
         "pay": "pay a {suit}", "bonus": "take one {suit} more (the Harvest)",
         "name_suit": "name {suit_name} as the Excuse's suit", "substitute": "take a {suit} instead",
         "take": "take a {suit}", "draw": "draw a {suit}",
         "curse": "pay half your {suit_name} (the Curse)", "give": "give a {suit} to {to}",
         "decline": "pass: no contest", "drop": "drop out of the bidding",
         "expend": "expend {card}{token}", "expend_for_failure": "expend resources for the failure",
         "lie_down": "lay down your pawn and lose your next turn",
         "battle_deck": "turn up a card from the {deck} deck", "accept": "accept the offer",
         "refuse": "refuse the offer", "end": "end your turn"}


def _said(k: str, g: dict, names: Names = NO_NAMES) -> str:
    form = SMALL.get(k)
    if k == "bonus" and g.get("suit") is None:
        return "take no bonus token"
    if form is None:
        return ""
    suit = g.get("suit")
    values = {"hand": str(g.get("hand", "")).split("-")[0],
              "suit": _token(suit) if suit in SUITS else "",
              "suit_name": rules().suit(suit).name if suit in SUITS else "",
              "card": name(g.get("card")) if g.get("card") else "", "deck": g.get("deck", ""),
              "token": f"a {_token(suit)}" if suit in SUITS else "",
              "to": hero_name(g["to"], names) if g.get("to") else ""}
    try:
        return form.format(**values)
    except (KeyError, ValueError):
        return ""


KINDS: dict[str, tuple[str, ...]] = {
    "origin": ("origin",), "prophecy": ("prophecy",), "travel": ("travel",), "rest": ("rest",),
    "match": ("match",), "challenge": ("challenge",), "play": ("play",),
    "contest": ("contest",), "bid": ("raise",), "pass": ("decline", "drop"), "name": ("name_suit",),
    "keep": ("keep",), "fail": ("expend_for_failure", "lie_down"), "pay": ("pay",),
    "expend": ("expend",), "take": ("take",), "bonus": ("bonus",),
    "give": ("substitute", "give"), "draw": ("draw",), "curse": ("curse",), "hide": ("hide",),
    "guess": ("guess",), "battle": ("battle_deck",), "discover": ("discover",),
    "drop": ("discard_place",), "betray": ("betray",), "pact": ("pact",), "omen": ("omen",),
    "accept": ("accept",), "refuse": ("refuse",), "end": ("end",),
}
ARG_ORDER = ("origin", "look", "pair", "card", "two", "stage_suit", "suits", "suit", "bid",
             "hand", "deck", "mentor", "slot", "to", "keep")


def arg_values(a: Action) -> list[tuple[str, object]]:
    out = []
    for key in ARG_ORDER:
        if key in a.args:
            v = a.args[key]
            if isinstance(v, list):
                out += [(key, x) for x in v]
            elif v is not None:
                out.append((key, v))
    return out


TRADE_FORMS = {"trade_offer": "offer HERO N SUIT for N SUIT",
               "trade_bank": "bank SUIT SUIT for SUIT", "back": "back"}


def _typed_bundle(b: dict) -> str:
    return " ".join(f"{n} {s}" for s, n in b.items())


def typed(a: Action, names: Names = NO_NAMES) -> str:
    """What to type for ``a`` at the prompt, or its description when it has no typed form."""
    return typed_command(a, names) or TRADE_FORMS.get(a.kind) or describe(a, names)


def typed_command(a: Action, names: Names = NO_NAMES) -> str:
    """The words that make ``a`` at the prompt ("drop desert", "hide left", "play ace of suns"),
    or "" when the action has no short typed form."""
    g = a.args
    if a.kind == "bank":
        src = f" from {name(g['source']).removeprefix('the ').lower()}" if g.get("source") else ""
        return f"bank {' '.join(g['give'])} for {g['get']}{src}"
    if a.kind == "offer":
        return (f"offer {hero_name(g['to'], names).lower()} {_typed_bundle(g['give'])} for "
                f"{_typed_bundle(g['get'])}")
    verb = next((v for v, kinds in KINDS.items() if a.kind in kinds), None)
    if verb is None:
        return ""
    words = [verb]
    if verb == "fail":
        words.append("lie" if a.kind == "lie_down" else "expend")
    for key, value in arg_values(a):
        if isinstance(value, bool):
            return ""
        if key in ("pair", "slot"):
            words += (["for"] if key == "slot" else []) + [PAIR_WORDS[value]]
        elif isinstance(value, int):
            words.append(str(value))
        elif value in SUITS:
            words.append(value)
        elif rules().is_card(value):
            words.append(rules().card(value).name.removeprefix("the ").lower())
        elif value.startswith("hero"):
            words += ([key] if key == "to" else []) + [hero_name(value, names).lower()]
        elif value in ("left-hand", "right-hand"):
            words.append(value.split("-")[0])
        else:
            words.append(str(value))
    if any(v is None for v in a.args.values()) and verb != "rest":  # "rest moons leaves"
        words.append("top" if a.kind == "omen" else "none")
    return " ".join(words)
