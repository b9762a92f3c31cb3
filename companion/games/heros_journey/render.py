"""How The Hero's Journey's events read: small print on the screen and in the journal (bids,
trades, draws and payments), the Markdown story's headings, front matter and the closing score
table with its arithmetic.

``mechanics(event, seat)`` is written for one viewer ("You draw a Moon"); ``seat=None`` gives the
neutral wording the journal uses. Private events (a Challenge card dealt, the Prophecy) only reach
the seat that may see them: the session and the journal filter by ``visible_to`` first.
"""
from __future__ import annotations

from collections import Counter

from companion.core.game import Event

from .data import NO_NAMES, SUITS, Names, hero_name, rules, story, story_name, view_names

PAIRS = ("Wanderer's", "Traveler's", "Seeker's")
# Bookkeeping left out of the written story (the live screen still shows it).
STORY_SKIP = {"dealt_public", "endings_shuffled", "round", "revealed"}
SETUP_EVENTS: set[str] = set()
CLOSING_HEADING = "Where each road ended"  # above the score table, after the told epilogue


def cname(cid: str | None) -> str:
    if not cid:
        return "nothing"
    c = rules().card(cid)
    if c.role == "challenge":
        return c.name
    rank = {"pawn": "Pawn", "court": "Court", "crown": "Crown", "ace": "Ace",
            "excuse": ""}.get(c.face, c.face)
    suits = "/".join(rules().suit(s).name for s in c.suits)
    return f"{c.name} ({rank} {suits})".replace("( ", "(").replace(" )", ")") if suits else c.name


def token(suit: str, n: int = 1) -> str:
    t = rules().suit(suit).token
    if n == 1:
        return f"a {t}"
    return f"{n} {rules().suit(suit).name}"


def tokens(d: dict) -> str:
    parts = [token(s, n).replace("a ", "1 ", 1) if n == 1 else token(s, n)
             for s, n in d.items() if n]
    return ", ".join(parts) or "nothing"


def _count(n: int, suit: str) -> str:
    """'1 Sun', '3 Suns'."""
    return f"{n} {rules().suit(suit).token if n == 1 else rules().suit(suit).name}"


class _Names:
    """The Heroes as one event names them for one viewer: "You", else the name the player gave
    (the event carries the names of its race), else the seat's own."""

    def __init__(self, viewer: str | None, names: Names) -> None:
        self.viewer, self.names = viewer, names

    def name(self, seat: str | None) -> str:
        return hero_name(seat, self.names)

    def who(self, seat: str | None) -> str:
        return "You" if seat is not None and seat == self.viewer else self.name(seat)

    def whom(self, seat: str | None) -> str:
        """The Hero a move is done to: "you" for the viewer ("Sefa offers you ...")."""
        return "you" if seat is not None and seat == self.viewer else self.name(seat)

    def v(self, seat: str | None, verb: str, you: str | None = None) -> str:
        """'You draw' / 'Wren draws'."""
        if seat is not None and seat == self.viewer:
            return f"You {you or verb}"
        return f"{self.name(seat)} {verb}s" if not verb.endswith(("s", "h")) else \
            f"{self.name(seat)} {verb}es"


def mechanics(event: Event, viewer: str | None) -> str | None:
    k, d = event.kind, event.data
    s = d.get("seat")
    say = _Names(viewer, d.get("names") or NO_NAMES)
    if k == "hero_named":
        return f"{'Your Hero is' if s == viewer else 'The first Hero is'} {d['name']}."
    if k == "hero_pronouns":
        return f"{d.get('name') or say.name(s)}'s pronouns: {d['pronouns']}."
    if k == "hero_described":
        return None  # the player's own words are told in the story, once
    if k == "draw":
        why = f" ({d['why']})" if d.get("why") else ""
        return f"{say.v(s, 'draw')} {token(d['suit'])}{why}."
    if k == "harvest_bonus":
        return f"{say.v(s, 'draw')} one {rules().suit(d['suit']).token} more (the Harvest)."
    if k == "rite_choice":
        return f"{say.v(s, 'take')} {token(d['suit'])} instead of a Moon (the Rite)."
    if k == "substitute":
        lack = f"The bank has no {rules().suit(d['suit']).name}: "
        if d.get("chooser") == s:
            took = say.v(s, 'take').replace("You ", "you ", 1)
            return lack + f"{took} {token(d['instead'])} instead."
        who = say.whom(d["chooser"]) if d.get("chooser") else "the bank"
        gives = "give" if d.get("chooser") and d["chooser"] == viewer else "gives"  # (the
        # journal's viewer is None, as the bank's chooser is: "the bank give Brannoc" was read)
        return lack + (f"{who} {gives} {say.whom(s)} {token(d['instead'])} instead.")
    if k == "pay":
        to = "to the bank" if d["to"] == "bank" else "onto " + rules().card(d["to"]).name
        return f"{say.v(s, 'pay')} {token(d['suit'])} {to} ({d['why']})."
    if k == "expend":
        what = rules().card(d["card"]).name if d.get("card") else token(d["suit"])
        return f"{say.v(s, 'expend')} {what} (worth {d['n']})."
    if k == "cannot_pay":
        return f"{say.who(s)} cannot pay the last {d['n']} ({d['why']})."
    if k == "dealt":
        return f"{say.v(s, 'hold')} {cname(d['card'])} as a Challenge card."
    if k == "challenge_drawn":
        return f"{say.v(s, 'draw')} {cname(d['card'])} from the Deck of Challenges."
    if k == "prophecy_seen":
        who = say.who(s).replace("You", "you")
        return (f"The Prophecy ({d['look']} Ending, seen only by {who}): "
                f"{rules().card(d['ending']).name}.")
    if k == "prophecy":
        return f"{say.v(s, 'look')} at the {d['look']} Ending (the Prophecy)."
    if k == "origin":
        return f"{say.v(s, 'begin')} on {rules().card(d['origin']).name}."
    if k == "first":
        who = say.who(s).replace("You", "you")
        return f"By lot, {who} {'go' if s == viewer else 'goes'} first."
    if k == "revealed":
        return f"Turned up for the {PAIRS[d['slot']]} Encounter: {cname(d['card'])}."
    if k == "travel":
        gone = [rules().card(c).name for c in d["left"]]
        listed = " and ".join([", ".join(gone[:-1]), gone[-1]] if len(gone) > 1 else gone)
        left = f", leaving {listed}" if gone else ""
        return f"{say.v(s, 'travel')} to the {PAIRS[d['pair']]} Encounter{left}."
    if k == "takes_pair":
        got = f" and {tokens(d['tokens'])} lying on them" if d["tokens"] else ""
        cards = " and ".join(cname(c) for c in (d["mentor"], d["place"]) if c)
        return f"{say.v(s, 'take')} {cards}{got}."
    if k == "leaves_place":
        return f"{say.v(s, 'leave')} {rules().card(d['card']).name} behind."
    if k == "rest":
        on = f" with {rules().card(d['card']).name}" if d.get("card") else ""
        return f"{say.v(s, 'rest')}{on}."
    if k == "match":
        return (f"{say.v(s, 'discard')} {cname(d['card'])}, a Matching Encounter: Stage "
                f"{d['stage']}.")
    if k == "attempt":
        return (f"{say.v(s, 'attempt')} {rules().card(d['target']).name}: "
                f"{' and '.join(token(x) for x in d['stake'])} placed on it.")
    if k == "challenge_played":
        return f"{say.v(s, 'play')} a Challenge card face down."
    if k == "bid":
        how = "contests with a card face down and bids" if d["joined"] else "raises the bid to"
        if s == viewer:
            how = how.replace("contests", "contest").replace("bids", "bid").replace(
                "raises", "raise")
        return f"{say.who(s)} {how} {d['bid']}."
    if k in ("bid_decline", "bid_drop"):
        return f"{say.who(s)} {'pass' if s == viewer else 'passes'}."
    if k == "challenge_issued":
        bid = f", paying {d['bid']} to the Fates" if d["bid"] else ""
        return f"Issued by {say.who(s).replace('You', 'you')}: {cname(d['card'])}{bid}."
    if k == "excuse_named":
        return f"The Excuse is named: {rules().suit(d['suit']).name}."
    if k == "challenge_back":
        return f"{say.v(s, 'keep' if d['kept'] else 'discard')} a Challenge card."
    if k == "met":
        return f"{say.who(s)}: {_count(d['have'], d['suit'])} ≥ Stage {d['need']}, met."
    if k == "failed":
        you = s is not None and s == viewer
        how = ("lies down (loses the next turn)" if not you else "you lie down (you lose your "
               "next turn)") if d["choice"] == "lie_down" else ("you expend" if you else
                                                                  "expends")
        return (f"{say.who(s)}: {_count(d['have'], d['suit'])} < Stage "
                f"{d['need']}, failed; {how}.")
    if k == "advance":
        return f"{say.v(s, 'advance')} to Stage {d['stage']}, {rules().card(d['card']).name}."
    if k == "stay":
        return f"{say.v(s, 'stay')} at Stage {d['stage']}; the staked tokens come back."
    if k == "fist_opened":
        return (f"{say.who(d['hider'])} hid the Leaf and the Wave in the "
                f"{d['hand'].replace('-', ' ')}; {say.who(s).replace('You', 'you')} guessed "
                f"{'right' if d['right'] else 'wrong'}.")
    if k == "journey_place":
        got = f", with {tokens(d['tokens'])} lying on it" if d.get("tokens") else ""
        return (f"{say.v(s, 'take')} {cname(d['card'])} from the Wanderer's Encounter "
                f"(the Journey){got}.")
    if k == "battle":
        tot = ", ".join(f"{say.name(x)} {n}" for x, n in d["totals"].items())
        return (f"The Battle: {tot}. {say.name(d['high'])} draws a Wyrm and a Knot; "
                f"{say.name(d['low'])} loses the next turn.")
    if k == "battle_card":
        return f"{say.v(s, 'turn', 'turn')} up {cname(d['card'])} for the Battle."
    if k == "discovery":
        return f"{say.v(s, 'discard')} {cname(d['card'])} (the Discovery)."
    if k == "discovered_card":
        return f"{say.v(s, 'take')} {cname(d['card'])} from the Deck of Challenges."
    if k == "gains_card":
        return f"{say.v(s, 'gain')} {cname(d['card'])}."
    if k == "betrayed":
        return f"{say.v(s, 'give')} {cname(d['card'])} to {say.whom(d['to'])}."
    if k == "betrayed_token":
        return f"{say.v(s, 'give')} {token(d['suit'])} to {say.whom(d['to'])}."
    if k == "ending_revealed":
        return f"The Ending is {cname(d['card'])}: 10 of its suit to reach it."
    if k == "pact_swap":
        return f"{say.v(s, 'swap')} {rules().card(d['old']).name} for {cname(d['new'])}."
    if k == "ending_reached":
        return f"{say.v(s, 'reach')} {rules().card(d['card']).name} (Stage 10)."
    if k == "calamity_discard":
        return f"{say.v(s, 'lose')} {rules().card(d['card']).name} (the Calamity)."
    if k == "curse_paid":
        return f"{say.v(s, 'pay')} {token(d['suit'], d['n'])} (the Curse Upon the Land)."
    if k == "omen":
        what = "every card" if d["suit"] == "all" else f"cards of {rules().suit(d['suit']).name}"
        whom = say.who(s).lower() if s == viewer else say.who(s)
        return f"The End: {cname(d['card'])} doubles {what} for {whom}."
    if k == "bank_trade":
        src = f" (from {rules().card(d['source']).name})" if d.get("source") else ""
        return (f"{say.v(s, 'trade')} {' + '.join(token(x) for x in d['give'])} to the bank "
                f"for {token(d['get'])}{src}.")
    if k == "offer":
        return (f"{say.who(s)} {'offer' if s == viewer else 'offers'} {say.whom(d['to'])} "
                f"{tokens(d['give'])} for {tokens(d['get'])}.")
    if k in ("trade_accepted", "trade_refused"):
        if k.endswith("refused"):
            return f"{say.v(s, 'refuse')} the offer."
        if viewer == d.get("by"):
            return (f"{say.v(s, 'accept')}: you give {tokens(d['give'])} and get "
                    f"{tokens(d['get'])}.")
        return (f"{say.v(s, 'accept')}: {tokens(d['give'])} from {say.name(d['by'])} for "
                f"{tokens(d['get'])}.")
    if k == "turn_lost":
        return f"{say.who(s)} {'lose' if s == viewer else 'loses'} this turn."
    if k == "halt":
        return f"No Ending after {d['rounds']} rounds: the Heroes are scored where they stand."
    if k == "market":
        return None  # the Knot's own draw line says it: "Sefa draws a Knot (market)."
    if k == "scores":
        return "Scores: " + "; ".join(_arith(x, det, say) for x, det in d["detail"].items()) + "."
    return None


def _arith(seat: str, det: dict, say: _Names) -> str:
    """'Wren (11 tokens + 6) × 9 + 34 in cards = 187'."""
    bonus = " + 6" if det["bonus"] else ""
    knots = ", Knots double" if det["knots_doubled"] else ""
    cards = sum(det["cards"].values())
    return (f"{say.name(seat)} ({det['tokens']} tokens{bonus}{knots}) × {det['stage']} + "
            f"{cards} in cards = {det['total']}")


def heading(event: Event) -> str | None:
    if event.kind == "first":
        return "The road begins"
    if event.kind == "round":
        return f"Round {event.data['round']}"
    if event.kind == "ending_revealed":
        return f"The Pact: the Ending is {rules().card(event.data['card']).name}"
    return None


def story_title(view: dict) -> str:
    names = list(view_names(view).values())
    end = rules().card(view["ending"]).name if view.get("ending") else "the unknown Ending"
    return f"{', '.join(names[:-1])} and {names[-1]} on the road to {end}"


def front_matter(view: dict) -> str:
    lines = ["**The Heroes:**", ""]
    for h in view["heroes"]:  # where each comes from is told in the story itself
        info = story().hero(h["seat"])
        origin = f", from {rules().card(h['origin']).name}" if h.get("origin") else ""
        if h.get("said"):  # the player's own Hero, as they named them: the story opens with
            # how they described them, told once (here too, it read twice at the top)
            lines.append(f"- *{h['name']}* ({h['pronouns']}){origin}.")
            continue
        lines.append(f"- *{info.name}* ({info.pronouns}), {info.manner}{origin}.")
    return "\n".join(lines)


def score_rows(view: dict) -> list[str]:
    """The score table with its arithmetic: (tokens + 6?) × Stage + card ranks."""
    names = view_names(view)
    rows = ["| Hero | Tokens | All six? | × Stage | + Cards | = Score |",
            "|---|---|---|---|---|---|"]
    for seat, det in (view.get("score_detail") or {}).items():
        cards = " + ".join(f"{rules().card(c).name} {v}" for c, v in det["cards"].items()) or "0"
        knots = " (Knots double)" if det["knots_doubled"] else ""
        rows.append(f"| {hero_name(seat, names)} | {det['tokens']}{knots} | "
                    f"{'+6' if det['bonus'] else '-'} | × {det['stage']} | + {cards} | "
                    f"**{det['total']}** |")
    return rows


def closing(view: dict) -> str:
    scores = view.get("scores") or {}
    if not scores:
        return ""
    best = max(scores.values())
    names = view_names(view)
    win = [hero_name(s, names) for s, v in scores.items() if v == best]
    how = ("The Fates called a halt before any Ending." if view.get("halted") or not
           view.get("ending_first") else
           f"{hero_name(view['ending_first'], names)} reached "
           f"{rules().card(view['ending']).name} first.")
    omens = view.get("omens") or {}
    om = "".join(f" {hero_name(s, names)}'s omen doubled "
                 f"{'every card' if x == 'all' else 'cards of ' + rules().suit(x).name}."
                 for s, x in omens.items())
    table = "\n".join(score_rows(view))
    return f"{how}{om} {' and '.join(win)} {'win' if len(win) > 1 else 'wins'} with {best}.\n\n" \
        f"{table}"


def suit_line(h: dict) -> str:
    return " ".join(f"{rules().suit(s).name[:2]}{h['tokens'][s]}+"
                    f"{h['resources'][s] - h['tokens'][s]}" for s in SUITS)


def pictures(view: dict) -> str:
    """The HTML journal's picture (the journal's ``pictures`` hook): the Event line."""
    return event_line_svg(view)


def event_line_svg(view: dict) -> str:
    """The Event line as a picture: ten Stages left to right, a pawn for each Hero where it
    stands (Heroes on one Stage stacked under it, each with its name), the Ending named once it
    is revealed. A Stage's name too long for its box takes two lines."""
    import html

    names = ["Rite / Harvest", "Origin", "Journey", "Battle", "Discovery", "Market",
             "Chance Meeting", "Betrayal", "Pact",
             rules().card(view["ending"]).name.removeprefix("the ") if view.get("ending")
             else "Ending"]
    colours = ("#b5532a", "#2a6fb5", "#3c8d3c", "#8a4bb0")
    w, box, row = 760, 72, 34  # a pawn's row: its circle, then its name under it
    stacks = Counter(min(h["stage"], 10) - 1 for h in view["heroes"])  # Heroes on each Stage
    height = 82 + max(stacks.values(), default=1) * row
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" '
           'font-family="sans-serif" font-size="10" role="img" '
           'aria-label="The Event line and where each Hero stands">']
    for i, name in enumerate(names):
        x = 6 + i * (box + 3)
        lines = name.split(" ", 1) if len(name) > 12 and " " in name and "/" not in name \
            else [name]
        label = "".join(f'<text x="{x + box / 2}" y="{(54 if len(lines) == 1 else 49) + 11 * j}" '
                        f'text-anchor="middle">{html.escape(t)}</text>'
                        for j, t in enumerate(lines))
        out.append(f'<rect x="{x}" y="20" width="{box}" height="44" rx="5" fill="#f4efe4" '
                   f'stroke="#8b7d5c"/><text x="{x + box / 2}" y="{36 if len(lines) > 1 else 38}"'
                   f' text-anchor="middle">{i + 1}</text>{label}')
    drawn: Counter[int] = Counter()  # Heroes already drawn on each Stage
    for k, h in enumerate(view["heroes"]):
        i = min(h["stage"], 10) - 1
        x = 6 + i * (box + 3) + box / 2
        y = 82 + drawn[i] * row
        drawn[i] += 1
        who = html.escape(story_name(h["seat"], view_names(view)))  # as the story calls them
        out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="{colours[k % 4]}"/>'
                   f'<text x="{x}" y="{y + 4}" text-anchor="middle" fill="white">{who[0]}</text>'
                   f'<text x="{x}" y="{y + 21}" text-anchor="middle">{who}</text>')
    out.append("</svg>")
    return "".join(out)
