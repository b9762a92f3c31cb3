"""The Hero's Journey at the prompt: verbs, completion, the table view and the toolbar.

Most verbs name a decision and its choices in the order the decision takes them (``travel seeker
sailor``: the Seeker's pair, keeping the Sailor; ``rest painter knots waves``: 2 Knots and a Sun
from the Painter, a Wave from the Stage). Words match card names, suit names, Hero names and pair
names by unique beginnings; the engine decides what is legal. ``-- TEXT`` after any command adds
your own words to the story.
"""
from __future__ import annotations

import re
import textwrap

from companion.core.game import Action
from companion.core.verbs import CommandError, match_one, norm, is_number

from .data import NO_NAMES, SUITS, Names, hero_name, rules, story, story_name, view_names
from . import freewords
from .flow import HjRuleError
from .helptext import HOW_TO_WIN, VERBS  # noqa: F401  (the prompt reads the game's verbs here)
from .labels import KINDS, arg_values, describe, typed, typed_command
from .render import cname
from .typed import NONE_WORDS, arg_words, explained, fits, pair_named, words_of


def _split_text(rest: str) -> tuple[str, str]:
    if "--" in rest:
        head, text = rest.split("--", 1)
        return head.strip(), text.strip()
    return rest.strip(), ""


def _choose(verb: str, rest: str, legal: list[Action], names: Names) -> Action:
    kinds = KINDS[verb]
    cands = [a for a in legal if a.kind in kinds]
    if not cands:
        raise HjRuleError("asked-now", f"{verb} is not a move you can make now",
                        legal=useful_verbs(legal))
    words = words_of(rest)
    if verb == "fail" and words:
        cands = [a for a in cands if fits(words[0], arg_words("", a.kind, names))]
        words = words[1:]
    named = {n for a in cands for k, v in arg_values(a) for n in arg_words(k, v, names)}
    if any(w in NONE_WORDS and w not in named for w in words):  # "keep none", "omen top"
        words = [w for w in words if w not in NONE_WORDS or w in named]
        cands = [a for a in cands if any(v is None for v in a.args.values())]
    full, partial = [], []
    for a in cands:
        vals = arg_values(a)
        if len(words) > len(vals):
            continue
        if all(fits(w, arg_words(k, v, names)) for w, (k, v) in zip(words, vals)):
            rest_vals = vals[len(words):]
            (full if not rest_vals else partial).append(a)
    found = full or partial
    keys = {a.key() for a in found}
    if len(keys) == 1:
        return found[0]
    if not found:
        raise CommandError(f"{verb} {rest.strip()!r} is not one of your choices now",
                           list(dict.fromkeys(typed(a, names) for a in cands))[:10])
    said = " ".join(f"{verb} {rest.strip()}".split())
    raise CommandError(f"“{said}” fits {len(keys)} moves: type one of them",
                       list(dict.fromkeys(typed(a, names) for a in found))[:10])


def _bundle(words: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    n = 1
    for w in words:
        if is_number(w):
            n = int(w)
            continue
        suit = match_one(w, {norm(s.name): s.id for s in rules().suits} | {
            norm(s.token): s.id for s in rules().suits}, "suit")
        out[suit] = out.get(suit, 0) + n
        n = 1
    return out


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    head, text = _split_text(rest)
    if verb == "bank" and not {a.kind for a in legal} & {"trade_bank", "end", "bank"}:
        raise HjRuleError("asked-now", "a trade with the bank comes after your move, before "
                          "you end your turn; it is not a choice now", legal=useful_verbs(legal))
    if verb == "bank":
        m = re.split(r"\bfor\b", head, maxsplit=1)
        if len(m) != 2:
            raise CommandError("name what you give and what you get", VERBS["bank"][0])
        give_part, get_part = m
        src = None
        if " from " in f" {get_part} ":
            get_part, _, src_part = get_part.partition("from")
            src = match_one(src_part, {rules().card(c).name: c for p in view["encounters"]
                                       for c in (p["mentor"], p["place"]) if c}, "face-up card")
        give = [s for s, n in _bundle(words_of(give_part)).items() for _ in range(n)]
        get = list(_bundle(words_of(get_part)))
        if len(get) != 1:
            raise CommandError("the bank gives one token", VERBS["bank"][0])
        return [Action(seat=seat, kind="bank", args={"give": sorted(give, key=SUITS.index),
                                                     "get": get[0], "source": src}, text=text)]
    if verb == "offer":
        words = head.split()
        if not words:
            raise CommandError("offer to whom?", VERBS["offer"][0])
        others = {h["name"]: h["seat"] for h in view["heroes"] if h["seat"] != seat}
        to = match_one(words[0], others, "Hero")
        m = re.split(r"\bfor\b", " ".join(words[1:]), maxsplit=1)
        if len(m) != 2:
            raise CommandError("offer HERO what FOR what", VERBS["offer"][0])
        give, get = _bundle(words_of(m[0])), _bundle(words_of(m[1]))
        return [Action(seat=seat, kind="offer", args={"to": to, "give": give, "get": get},
                       text=text)]
    if verb in ("table", "hand"):
        raise CommandError(f"{verb} only shows the table", verb)
    turn = any(a.kind in ("travel", "rest") for a in legal)
    if turn and verb == "challenge" and not any(a.kind == "challenge" for a in legal):
        return [Action(seat=seat, kind="challenge", text=text)]  # the engine says why not
    if turn and verb == "match" and not any(a.kind == "match" for a in legal):
        me = next(h for h in view["heroes"] if h["seat"] == seat)
        mine = {rules().card(c).name: c for c in me["mentors"] + me["places"]}
        if not mine:
            raise HjRuleError("turn-match", "you have no Encounter card to match with")
        return [Action(seat=seat, kind="match", args={"card": match_one(head, mine, "card of "
                                                                         "yours")}, text=text)]
    if verb == "pay" and len(head.split()) > 1:  # several tokens at once: pay moons moons sun
        owed = len(view.get("pending", {}).get("dests", []))
        words = head.split()
        if owed and len(words) > owed:
            raise CommandError(f"only {owed} token(s) are owed", "pay SUIT [SUIT ...]")
        suits = [match_one(w, {norm(x.name): x.id for x in rules().suits} | {
            norm(x.token): x.id for x in rules().suits}, "suit") for w in words]
        return [Action(seat=seat, kind="pay", args={"suit": x}, text=text if i == 0 else "")
                for i, x in enumerate(_asked_payments(view, seat, suits, owed))]
    kinds = {a.kind for a in legal}
    if verb in ("bid", "contest") and not kinds & {"raise", "contest"} and kinds & {
            "drop", "decline"}:  # in the auction, but no bid is within reach
        held = sum(next(h for h in view["heroes"] if h["seat"] == seat)["tokens"].values())
        high = view.get("pending", {}).get("high", 0)
        raise HjRuleError("challenge-bid", f"a bid must beat {high} token(s), and you hold "
                        f"{held} token(s) (cards cannot be bid)", legal=useful_verbs(legal))
    names = view_names(view)
    if verb == "travel":
        head = pair_named(head, view, seat)
    drawing = kinds == {"substitute"} and _own_draw(view, seat)  # a token for yourself
    own = verb in DRAWING and drawing
    if own:
        verb = "give"  # the token you get in place of one the bank lacks: "take knots"
    try:
        return [_choose(verb, head, legal, names).with_text(text)]
    except HjRuleError as err:
        if drawing:  # "You can: take", as the prompt asks it, not the engine's "give"
            raise HjRuleError(err.rule_id, err.message,
                              ["take" if v == "give" else v for v in err.legal]) from None
        raise
    except CommandError as err:
        if own:  # refused as the prompt asks it: "take", not the engine's "give"
            raise CommandError(err.message.replace("give ", "take ", 1),
                               [x.replace("give ", "take ", 1)
                                for x in err.expected.split(", ") if x]) from None
        if verb == "rest" and len(head.split()) == 2:  # the two Stage suits in either order
            try:
                return [_choose(verb, " ".join(reversed(head.split())), legal,
                                names).with_text(text)]
            except CommandError:
                pass
        raise explained(err, verb, head, view, seat, legal, names) from None


DRAWING = ("take", "draw", "bonus")  # the verbs by which a Hero gets a token of their choice


def _own_draw(view: dict, seat: str) -> bool:
    """Is the token being chosen one the player draws themselves (the lowest Hero, choosing
    what they get instead of a suit the bank lacks)?"""
    pend = view.get("pending") or {}
    return pend.get("task") == "draw" and pend.get("seat") == seat


def rewrite(raw: str, view: dict, legal: list[Action]) -> tuple[str, str] | None:
    """A line that is no command, read as the move its words name ("I walk to the sea")."""
    return freewords.rewrite(raw, view, legal, parse)


def _asked_payments(view: dict, seat: str, suits: list[str], owed: int) -> list[str]:
    """The payments the engine will ask for, of those typed: once only one suit is left to pay
    with, the rest is paid by itself (so a second or third typed token would be refused)."""
    me = next(h for h in view["heroes"] if h["seat"] == seat)
    held = dict(me["tokens"])
    allowed = view.get("pending", {}).get("suits") or list(SUITS)
    for s in dict.fromkeys(suits):  # every suit typed is held, as often as typed, or none is paid
        if suits.count(s) > held.get(s, 0):
            have, info = held.get(s, 0), rules().suit(s)
            raise CommandError(f"you hold {have} {info.token if have == 1 else info.name} and "
                               f"named {suits.count(s)}: nothing is paid",
                               [x for x in allowed if held.get(x)])
    out: list[str] = []
    for s in suits:
        if owed and len(out) >= owed:
            break
        if sum(1 for x in allowed if held.get(x)) <= 1 and out:
            break  # the rest is automatic
        if not held.get(s):
            raise CommandError(f"you hold no {rules().suit(s).name} to pay",
                               [x for x in allowed if held.get(x)])
        held[s] -= 1
        out.append(s)
    return out


def parse_chance(rest: str, options: list[str]) -> list[str]:
    choices = {rules().card(o).name: o for o in options if rules().is_card(o)}
    # no view here: a Hero drawn by lot is named as the seat's own (the lot is drawn by the app)
    choices |= {hero_name(o, NO_NAMES): o for o in options if o.startswith("hero")}
    words = [w.strip() for w in rest.split(",") if w.strip()]
    if not words:
        raise CommandError("name the card", sorted(choices))
    return [match_one(w, choices, "card that could come up now") for w in words]


def complete(verb: str, view: dict, legal: list[Action]) -> list[str]:
    kinds = KINDS.get(verb, ())
    out: list[str] = []
    for a in legal:
        if a.kind in kinds:
            vals = arg_values(a)
            if vals:
                k, v = vals[0]
                name = sorted(arg_words(k, v, view_names(view)), key=len)[-1]
                if name not in out:
                    out.append(name)
    if verb == "offer":
        out = [h["name"] for h in view["heroes"] if h["seat"] != view.get("you")]
    if verb == "bank":
        out = [s.name for s in rules().suits]
    return out


def label(action: Action, view: dict) -> str:
    """What `actions` lists for ``action``: its description, the Heroes named as in the view."""
    return describe(action, view_names(view))


def useful_verbs(legal: list[Action]) -> list[str]:
    kinds = {a.kind for a in legal}
    verbs = [v for v, ks in KINDS.items() if set(ks) & kinds]
    if "trade_bank" in kinds or "end" in kinds:
        verbs += ["bank"]
    if "trade_offer" in kinds:
        verbs += ["offer"]
    return verbs + ["table", "hand"]


def show(verb: str, view: dict) -> str | None:
    if verb == "table":
        return table_text(view)
    if verb == "hand":
        return hand_text(view)
    return None


# -- what the screen shows --------------------------------------------------------------------------
SHORT = {"moons": "Mo", "suns": "Su", "waves": "Wa", "leaves": "Le", "wyrms": "Wy", "knots": "Kn"}
LINE = ("rite", "harvest", "origin", "journey", "battle", "discovery", "market", "chance-meeting",
        "betrayal", "pact")


def _short(cid: str) -> str:
    return rules().card(cid).name.removeprefix("the ")


def board_key(view: dict) -> tuple:
    """What the Event line and the Encounters show: who stands where, what is staked, the three
    pairs and the tokens on them."""
    return (tuple((h["seat"], h["stage"]) for h in view["heroes"]), view.get("ending"),
            repr(view["stakes"]), repr(view["encounters"]))


def table_text(view: dict, width: int = 78, board: bool = True) -> str:
    """The whole table; rows wrap at ``width`` columns (never cut; 78 leaves the screen's
    margin at 80). ``board=False``: the Event line and the Encounters in one line (unchanged
    since they were shown: a quiet round is not a screen)."""
    you = view.get("you")
    rows: list[str] = []
    if not board:
        rows.append("Event line and Encounters as before (`table` shows them).")
        return "\n".join(rows + table_text(view, width).split("\n")[_heroes_row(view):])
    stages: dict[int, list[str]] = {}
    for h in view["heroes"]:
        stages.setdefault(min(h["stage"], 10), []).append(_who(h["seat"], view))
    rows.append("The Event line (Stage, what it needs, who stands there):")
    for n in range(1, 11):
        if n == 1:
            name, needs = "Rite / Harvest", "start"
        elif n <= 9:
            name = _short(LINE[n])
            needs = "+".join(SHORT[s] for s in rules().card(LINE[n]).suits) + f" {n}"
        elif view.get("ending"):
            name = _short(view["ending"])
            needs = f"10 {SHORT[rules().card(view['ending']).suits[0]]}"
        else:
            name, needs = "Ending", f"10 of its suit (one of {view['endings_face_down']} face down)"
        who = ", ".join(stages.get(n, []))
        stake = view["stakes"].get(LINE[n] if 2 <= n <= 9 else (view.get("ending") or ""), {})
        ch = (view.get("pending") or {}).get("challenge") or {}
        by = f" by {_who(ch['attempter'], view)}" if ch.get("attempter") else ""
        st = f" [{_toks(stake)} staked{by}]" if stake else ""
        rows += _wrap(f"  {n:>2} {name:<15} {needs:<9} {who}{st}", width, 30)
    rows += _wrap("  (Mo Moons, Su Suns, Wa Waves, Le Leaves, Wy Wyrms, Kn Knots. To reach a "
                  "Stage, stake a token of each of its suits and still hold both, at least its "
                  "rank together, or discard a card bearing both)", width, 3)
    rows.append("Encounters (Mentor + Place, tokens lying on them):")
    for i, p in enumerate(view["encounters"]):
        cards = " + ".join(_card_short(c) for c in (p["mentor"], p["place"]) if c) or "(empty)"
        tk = "; ".join(f"{_short(c)}: {_toks(t)}" for c, t in p["tokens"].items())
        cost = (1, 3, 5)[i]
        rows += _wrap(f"  {p['pair']:<11} ({cost}) {cards}" + (f"  [{tk}]" if tk else ""),
                      width, 18)
    rows.append("Heroes (tokens+cards per suit; Stage; cards):")
    rows.append("  " + " " * 11 + "  ".join(f"{SHORT[s]:^5}" for s in SUITS) + "  St")
    for h in view["heroes"]:
        star = "*" if h["seat"] == you else ""  # kept when a long name is cut to fit
        name = hero_name(h["seat"], view_names(view))
        if len(name + star) > 11:  # "Hesper*" for Hesper Quill-Okonkwo, as the story calls xem
            name = story_name(h["seat"], view_names(view))
        name = name[:11 - len(star)] + star
        cells = "  ".join(f"{h['tokens'][s]:>2}+{h['resources'][s] - h['tokens'][s]:<2}"
                          for s in SUITS)
        lost = " (loses a turn)" if h["turns_to_lose"] else ""
        rows.append(f"  {name:<11}{cells}  {h['stage']:>2}{lost}")
        cards = [_card_short(c) for c in h["mentors"] + h["places"]]
        if cards:
            rows += _wrap_items(cards, width, 13)
    rows += _wrap(score_line(view), width, 2)
    if view["round"] <= 1 and not view.get("over"):  # the goal, once, on the first table
        rows += _wrap("  " + HOW_TO_WIN, width, 2)
    bank = " ".join(f"{SHORT[s]}{n}" for s, n in view["bank"].items())
    rows += _wrap(f"Bank: {bank} · decks: {view['decks']['mentor']} Mentors, "
                  f"{view['decks']['place']} Places, {view['decks']['challenges']} Challenges",
                  width, 2)
    rows += _wrap(f"Round {view['round']} of at most {view['max_rounds']}"
                  + (f" · last turns: {', '.join(_who(s, view) for s in view['final_turns'])}"
                     if view.get("ending_first") else ""), width, 2)
    return "\n".join(rows)


def _heroes_row(view: dict) -> int:
    rows = table_text(view).split("\n")
    return rows.index("Heroes (tokens+cards per suit; Stage; cards):")


def _who(seat: str, view: dict) -> str:
    """A Hero as the table names them (the view's name), starred when it is the viewer's."""
    return hero_name(seat, view_names(view)) + ("*" if seat == view.get("you") else "")


def _wrap(row: str, width: int, indent: int) -> list[str]:
    """A row broken at spaces into lines of at most ``width``, the rest indented: never cut."""
    if len(row) <= width:
        return [row]
    lead = len(row) - len(row.lstrip(" "))
    return textwrap.wrap(row.strip(), width=width, initial_indent=" " * lead,
                         subsequent_indent=" " * indent, break_on_hyphens=False)


def _wrap_items(items: list[str], width: int, indent: int) -> list[str]:
    """Items joined by commas, a line broken only between items."""
    lines, line = [], " " * indent
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if line.strip() and len(line) + 1 + len(piece) > width:
            lines.append(line.rstrip())
            line = " " * indent
        line += ("" if not line.strip() else " ") + piece
    lines.append(line.rstrip())
    return lines


def score_line(view: dict) -> str:
    """What each Hero would score if the Journey ended now (the scoring rules), best first."""
    now = view.get("scores") if view.get("over") else view.get("score_now") or {}
    order = sorted(now.items(), key=lambda kv: -kv[1])
    lead = "Scores" if view.get("over") else "Score if the Journey ended now"
    return f"{lead}: " + ", ".join(f"{_who(s, view)} {v}" for s, v in order)


def _toks(d: dict) -> str:
    return " ".join(f"{n}{SHORT[s]}" for s, n in d.items() if n)


def _card_short(cid: str) -> str:
    c = rules().card(cid)
    rank = {"pawn": "1", "court": "1", "crown": "10"}.get(c.face, c.face)
    return f"{_short(cid)} {rank}{''.join(SHORT[s] for s in c.suits)}"


def hand_text(view: dict) -> str:
    out = []
    hand = view.get("hand") or []
    out.append("Your Challenge card: " + (", ".join(cname(c) for c in hand) or "none"))
    p = view.get("prophecy")
    if p:
        out.append(f"Your Prophecy: the {p['look']} Ending is {cname(p['ending'])} (secret).")
    me = next((h for h in view["heroes"] if h["seat"] == view.get("you")), None)
    if me:
        cards = ", ".join(cname(c) for c in me["mentors"] + me["places"]) or "none"
        out.append(f"Your cards: {cards}")
    return "\n".join(out)


def status(view: dict) -> str:
    return table_text(view) + "\n" + hand_text(view)


def toolbar(view: dict) -> str:
    me = next((h for h in view["heroes"] if h["seat"] == view.get("you")), None)
    turn = hero_name(view["turn"], view_names(view)) if view.get("turn") else "-"
    if me is None:
        return f" Round {view['round']} · turn: {turn} · [F1] help"
    toks = " ".join(f"{SHORT[s]}{me['tokens'][s]}" for s in SUITS)  # what bids and payments use
    cards = " ".join(f"{SHORT[s]}{me['resources'][s] - me['tokens'][s]}" for s in SUITS
                     if me["resources"][s] > me["tokens"][s]) or "none"
    bar = f" Stage {me['stage']} · tokens {toks} · cards {cards}"
    for more in (f"turn: {turn}", f"round {view['round']}", "[F1] help"):
        if len(bar) + 3 + len(more) <= 80:  # the least needed goes first when space is short
            bar += f" · {more}"
    return bar


def turn_hint(view: dict, legal: list[Action], seat: str) -> str:
    pend = view.get("pending", {})
    names = view_names(view)
    task = pend.get("task")
    if task in ASKED:
        return ASKED[task]
    if task == "turn":
        trade = (" You may trade with a Hero first: offer HERO N SUIT for N SUIT."
                 if any(a.kind == "trade_offer" for a in legal) else "")
        key = board_key(view)
        same = SHOWN.get("board") == key
        SHOWN["board"] = key
        return (f"{table_text(view, board=not same)}\n{hand_text(view)}\nYour turn: travel, "
                "rest, match or "
                f"challenge (help VERB; `actions` lists every move).{trade}")
    if task == "trade":
        return "Trade if you like (bank ..., offer ...), then end your turn: end."
    ch = pend.get("challenge") or {}
    if task == "auction":
        att = hero_name(ch.get("attempter"), names)
        target = rules().card(ch["target"]).name if ch.get("target") else "the next Stage"
        high = pend.get("high", 0)
        bids = ", ".join(f"{'you' if x == seat else hero_name(x, names)} {n}"
                         for x, n in pend.get("bids", {}).items())
        if any(a.kind == "contest" for a in legal):
            return (f"{att} attempts {target}. Contest it with your Challenge card face down "
                    f"and a bid above {high} (contest CARD N), or pass. Bids: {bids}.")
        return (f"Bids: {bids}. The highest bid's card is the test, and its bidder pays the bid "
                f"to the bank: bid above {high} to make it yours (bid N), or pass.")
    if task == "meet":
        return (f"You failed the Challenge{_shortfall(view, seat)}: expend at least your "
                "shortfall (fail expend), or lay down your pawn and lose your next turn (fail "
                "lie).")
    if task == "keep_card":
        return "Your Challenge card lost the contest: keep CARD (back to your hand) or keep none."
    if task == "pay":
        n = len(pend.get("dests", []))
        onto = ", ".join(sorted({("the bank" if d == "bank" else rules().card(d).name)
                                 for d in pend.get("dests", [])}))
        lead = ("The Calamity: every Hero pays half their tokens that are not Wyrms, rounded "
                "up. " if pend.get("why") == "calamity" else "")
        onto_pairs = sum(1 for d in pend.get("dests", []) if d != "bank")
        warn = ""
        if pend.get("why") == "travel" and onto_pairs and "travel" not in WARNED:
            WARNED.add("travel")  # told once a sitting: the first Travel that leaves tokens
            warn = (f"\nCareful: the {onto_pairs} token{'s' if onto_pairs > 1 else ''} you pay "
                    "onto the pairs above stay on their cards, and the next Hero to take a pair "
                    "takes its tokens too: a rival can take the Wanderer's pair, with your "
                    "tokens on it, for 1 token.")
        return (f"{lead}Pay {n} token{'s' if n > 1 else ''} ({pend.get('why')}; onto {onto}): "
                f"pay SUIT [SUIT ...]{warn}")
    if task == "expend":
        return (f"Expend {pend.get('need')} more (tokens count 1, a card its rank; no change): "
                "expend SUIT or expend CARD")
    lead = _lead(legal, pend, seat, names)
    me = next((h for h in view["heroes"] if h["seat"] == seat), None)
    if task == "drop_place" and me and len(me["places"]) > len(pend.get("among", ())):
        lead = ("On the Journey you may hold two Places: the one just taken stays; drop one of "
                "the others. ")
    if legal and legal[0].kind == "back":  # the bank's or the offers' menu
        what = ("offer HERO N SUIT for N SUIT" if any(a.kind == "offer" for a in legal) else
                "bank SUIT SUIT for SUIT (1:1 on the Market)")
        return f"Trade: {what}, or back ({len(legal) - 1} choices; `actions` lists them)."
    if len(legal) <= 8:
        typed = list(dict.fromkeys(typed_command(a, names) or describe(a, names) for a in legal))
        if legal[0].kind == "substitute" and _own_draw(view, seat):  # a token for yourself
            typed = [t.replace("give ", "take ", 1) for t in typed]
        return f"{lead}Now: " + "; ".join(typed) + " (or `do N` from `actions`)."
    return f"{lead}Now: {task} ({len(legal)} choices; `actions` lists them)."


def _shortfall(view: dict, seat: str) -> str:
    """Why the player failed: the test's suit, what they hold of it and what their Stage asks
    (a contester must meet the test too, and may not know its suit until now)."""
    suit = ((view.get("pending") or {}).get("challenge") or {}).get("suit")
    me = next((h for h in view["heroes"] if h["seat"] == seat), None)
    if suit not in SUITS or me is None:
        return ""
    info, have = rules().suit(suit), me["resources"][suit]
    return (f" (the test is {info.quality}, {info.name}: you hold {have}, tokens and cards, and "
            f"your Stage asks {me['stage']}, {me['stage'] - have} short)")


ASKED = {  # who the Hero is, asked before the Origins (persona.py)
    "hero_name": "Who is your Hero? A name, then their pronouns and a line about them: the story "
                 "opens with your words and comes back to them.",
    "hero_pronouns": "",
    # no pronoun: asked right after the player gave theirs ("ey/em" was answered with "they")
    "hero_about": "Your Hero's home, want and oath, in your own words.",
}
WARNED: set[str] = set()
SHOWN: dict[str, tuple] = {}  # the board last shown at a turn, in this sitting  # first-time warnings already given in this sitting

LEADS = {  # by the kind of the choices offered
    "discard_place": "Keep one Place: drop the other. ",
    "take": "You draw a Moon{why}: as a Hero of the Rite you may take another suit instead. ",
    "substitute": "The bank has no {suit}: choose another suit for {seat}. ",
    "bonus": "The Harvest: your Leaf brings one more token, of any other suit. ",
    "hide": "{seat} arrives at the Origin: hide a Leaf and a Wave in one hand; {seat} guesses. ",
    "guess": "At the Origin {hider} hides a Leaf and a Wave in one hand: guess which. ",
    "prophecy": "The Prophecy: look at the bottom Ending, or pay 3 Moons to see the top one. ",
    "origin": "Begin on the Rite (2 Moons and the Prophecy) or the Harvest (a bonus with each "
              "Leaf). ",
    "curse": "The Curse Upon the Land: pay half your largest suit; choose which suit. ",
    "battle_deck": "The Battle: turn up the top Mentor or the top Place; its rank adds to your "
                   "Wyrms and Knots. ",
    "betray": "The Betrayal: give your highest-ranked Mentor to another Hero. ",
    "give": "The Betrayal: with no Mentor, give your Wyrms and Knots away. ",
    "pact": "The Pact: pay 2 Suns and 2 Moons to swap a Mentor for a face-up one, or none. ",
    "discover": "The Discovery: take any card from the Deck of Challenges. ",
    "name_suit": "The Excuse is wild: name the suit of the test. ",
    "omen": "The End: play your Challenge card (cards of its suit score double; the Excuse, all) "
            "or turn up the top one. ",
    "draw": "Choose the suit of the token you draw. ",
    "play": "Play one of your two Challenge cards face down: its suit is the test, and you need "
            "as many of it (tokens + card ranks) as your Stage; the Excuse names any suit. ",
    "accept": "{from_} offers you {give} for {get}. ",
}


def _lead(legal: list[Action], pend: dict, you: str, names: Names) -> str:
    """A short line that says what the choice is about, before the typed choices."""
    text = LEADS.get(legal[0].kind if legal else "", "")
    suit = pend.get("suit")
    who = pend.get("seat")
    return text.format(seat="you" if who == you else hero_name(who, names) if who else "a Hero",
                       hider=hero_name(pend["hider"], names) if pend.get("hider") else "a Hero",
                       suit=rules().suit(suit).name if suit in SUITS else "such token",
                       from_=hero_name(pend["from"], names) if pend.get("from") else "A Hero",
                       give=_bundle_text(pend.get("give")), get=_bundle_text(pend.get("get")),
                       why=f" ({pend['why']})" if pend.get("why") else ""
                       ).replace(": choose another suit for you.", ", and you are the lowest "
                                 "Hero: choose the token you get instead.")


def _bundle_text(b: dict | None) -> str:
    return " + ".join(f"{n} {rules().suit(s).name if n > 1 else rules().suit(s).token}"
                      for s, n in (b or {}).items()) or "nothing"
