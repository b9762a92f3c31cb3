"""Free words at your turn, read on the reading layer as the move they name (issue 38): "I walk
to the sea" is a travel to the pair where the Sea lies, "we make camp by the mill" a rest with
the Mill, "the soldier leads me into the battle" an advance by that Matching card, "I put myself
to the test" an attempt by a Challenge; at a contest or its bidding, words that stand aside ("I
let him go") pass. Words that name no move, or a move that is not a choice now, are refused with
the form to type; a telling refused for want of a choice is kept for the move typed next.

Which act classes each move answers to is this game's data (``MOVES``); the classes and their
words are the reading layer's (``rules/reading/acts.toml``), shared by every game.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Callable

from lemminflect import getAllLemmas

from companion.core.game import Action, RuleError
from companion.core.verbs import CommandError, norm
from companion.story import discourse, reading
from companion.story.lemmas import tokens

from .data import ORIGINS, STAGE_CARDS, rules, story, view_names
from .labels import PAIR_WORDS, PAIRS, TRADE_FORMS, arg_values, describe, typed, typed_command
from .narrate import goods
from .typed import arg_words, fits, words_of
from .view import me_of

# the act classes of the reading layer that each turn's move is (a flight to a place is a road; a
# lesson taken is a rest with that Mentor; so is a turn spent biding one's time or tending a hurt,
# where one is: the rules' Rest; a test braved, or tokens staked on one, is an attempt by a
# Challenge)
MOVES = {"travel": ("travel", "flee", "cross", "swim"), "rest": ("rest", "learn", "wait", "heal"),
         "challenge": ("attempt", "wager")}
# seeking someone or somewhere not yet yours is travelling to it ("in search of new places and
# allies", as the rules put a Travel)
SEEKING = ("search",)
LESSON = ("learn",)
# at a contest, or in its bidding: standing aside is a pass
ASIDE = ("yield",)
WAGER = ("wager",)
ALONE = frozenset({"alone", "nobody", "none", "solo", "myself"})  # a travel keeping no Mentor
BIDS = {"contest": ("contest",), "bid": ("raise",)}  # a bid offered: a contest, or a raise
NUMBERS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine "
                                           "ten".split())}
ASIDE_SAID = {"decline": "you pass, and do not contest this Challenge",
              "drop": "you drop out of the bidding (your bid comes back)"}


def _known() -> set[str]:
    """Words that name what a move is made with: a card, a suit, a pair."""
    r = rules()
    return {norm(c.name).removeprefix("the ") for c in r.cards} | {
        norm(x) for s in r.suits for x in (s.name, s.token)} | set(PAIR_WORDS)


def rewrite(raw: str, view: dict, legal: list[Action],
            parse: Callable[..., list[Action]]) -> tuple[str, str] | None:
    """``raw`` (a line that is no command) as the move its words name, with a note of how it
    was read; None when it is not the player's turn (the prompt says the line is no command)."""
    seat = view.get("you")
    if not seat or not legal:
        return None
    said = reading.read(raw)
    # told of the Hero only when the player tells it ("I walk to the sea", "Wren walks to the
    # sea"); "walk to the sea" is an instruction, not a line of the story
    text = raw if _tells(raw, view, seat) else ""
    tail = f" -- {raw}"
    if not any(a.kind in ("travel", "rest") for a in legal):
        offered = any(a.kind == "accept" for a in legal)
        said_no = reading.answer(raw)  # the last yes or no word said
        if len(raw.split()) < 2 and (said_no is None or not offered):  # ("deal", "nope")
            return None  # a mistyped word: the prompt's own "unknown command"
        aside = next((a for a in legal if a.kind in ASIDE_SAID), None)
        if aside is not None and (set(said.top(2)) & set(ASIDE) or _lets(raw, view, seat)):
            return _pass(aside, text, view, legal, seat, parse)
        yes = reading.assent(said) if offered else None  # "it's a deal", "no thank you", "a
        if offered and yes is None and _restates(raw, view):  # hard bargain, but yes", "I hand
            yes = True  # over the wyrm for the wave": the offer's own terms
        if yes is not None:
            answer = next(a for a in legal if a.kind == ("accept" if yes else "refuse"))
            line = answer.kind + (f" -- {text}" if text else "")
            parse(answer.kind, line.partition(" ")[2], view, legal, seat)
            return line, f"Read as: {describe(answer, view_names(view))}."
        if {"trade_bank", "trade_offer"} & {a.kind for a in legal} and _trades(raw, said, view,
                                                                             seat):
            return _trade(raw, said, text, view, legal, seat, parse)
        bid = next((v for v, kinds in BIDS.items() if any(a.kind in kinds for a in legal)), None)
        if bid and (set(said.top(2)) & set(WAGER) or _bids(said, bid, legal)):
            return _wager(raw, said, bid, text, view, legal, seat, parse)
        if aside is not None and said_no is False:  # "it's her test, not mine": no contest
            return _pass(aside, text, view, legal, seat, parse)
        counted = _suits(norm(raw).split()) if any(a.kind == "pay" for a in legal) else []
        if len(counted) > 1 and "or" not in norm(raw).split():  # "two wyrms and a moon", not
            # "a moon or a wave": the tokens counted, paid at once
            line = "pay " + " ".join(counted) + (f" -- {text}" if text else "")
            try:
                moves = parse("pay", line.partition(" ")[2], view, legal, seat)
            except (CommandError, RuleError) as err:
                raise CommandError(f"“{raw}” reads as paying {len(counted)} tokens, but "
                                   f"{err.message}; name the tokens and your words go with "
                                   "it (as in pay " + " ".join(counted[:1]) + ")",
                                   ["pay SUIT [SUIT ...]"], kept=_keep(raw, view, seat)) from None
            return line, f"Read as: pay {goods(Counter(counted))}."
        named = _named_choice(raw, legal, view) or _origin_told(said, legal)
        if named is not None:  # "I tuck both into my left fist": the one choice its words name
            form = typed_command(named, view_names(view))
            line = form + (f" -- {text}" if text else "")
            verb, _, rest = line.partition(" ")
            moves = parse(verb, rest, view, legal, seat)
            return line, f"Read as: {describe(moves[0], view_names(view))}."
        # a sentence while a choice is asked (a contest, a trade): say what answers it, not
        # "unknown command 'i'" (played, seed 52)
        forms: dict[str, str] = {}  # one example a verb ("contest ace of moons 1", not ten)
        for a in legal:
            form = typed(a, view_names(view)).split(" -- ")[0]  # a trade: its form in words
            if form:
                forms.setdefault(form.split(" ")[0], form)
        raise CommandError(f"“{raw}” is no command; what is asked now is answered with a move "
                           "like these (your words after --, where a move takes them)",
                           list(forms.values()))
    if _rival(raw, view, seat) and _trades(raw, said, view, seat):  # an offer, before your move
        return _trade(raw, said, text, view, legal, seat, parse)
    verb, head = _move(said, view, legal, seat)
    if verb is None:
        form = next((typed_command(a) for a in legal if a.kind == "rest"), "rest")
        raise CommandError(f"“{raw}” is no command, and its words name no move: at your turn "
                           "type travel, rest, match or challenge, your own words after -- (as "
                           f"in {form}{tail})")
    line = f"{verb} {head}".strip() + (f" -- {text}" if text else "")
    if verb == "travel":
        _lies_nowhere(raw, head, view, seat, tail)
    try:
        moves = parse(verb, line.partition(" ")[2], view, legal, seat)
    except CommandError as err:
        forms = [x.split(" -- ")[0] for x in err.expected.split(", ") if x]
        example = f" (as in {forms[0]})" if forms else ""
        raise CommandError(f"“{raw}” reads as a {verb}, but {err.message}; type the move "
                           f"and your words go with it{example}", forms,
                           kept=_keep(raw, view, seat)) from None
    if verb == "travel":
        _who_comes(raw, said, moves[0], view, legal, seat)
    return line, f"Read as: {describe(moves[0])}."


def _tells(raw: str, view: dict, seat: str) -> bool:
    """Whether the words tell the Hero's deed, a line of the story: in the first person ("I walk
    to the sea"), or the third with the Hero as its subject ("Odalys follows the watchman", "she
    rides on": played, seed 2211, the first was dropped from the journal as an instruction)."""
    if "first" in discourse.person(raw):
        return True
    if not raw.split() or not any(h["seat"] == seat for h in view.get("heroes", [])):
        return False
    me = me_of(view, seat)
    subject = raw.split()[0].strip(",.;:!?").lower()
    return subject in {me["name"].split()[0].lower(),
                       (me.get("pronouns") or "").split("/")[0].lower()} - {""}


def _keep(raw: str, view: dict, seat: str) -> str:
    """The words a refusal keeps for the move typed next ("-- ..."): the player's telling, when
    it is one ("I bed down by the brazier"), not an instruction ("walk to the sea")."""
    return f"-- {raw}" if _tells(raw, view, seat) else ""


def _who_comes(raw: str, said: reading.Reading, move: Action, view: dict,
               legal: list[Action], seat: str) -> None:
    """A travel told in words that names none of your Mentors is asked who comes with you,
    not read as leaving them all (played, seed 815: "I go in search of the savage" left the
    Bard behind); "alone" or "nobody" says it."""
    me = me_of(view, seat)
    if move.args.get("keep") is not None or not me["mentors"] or set(norm(raw).split()) & ALONE:
        return
    pair = move.args["pair"]
    forms = [typed_command(a, view_names(view)) for a in legal
             if a.kind == "travel" and a.args.get("pair") == pair]
    keep = " or ".join(rules().card(c).name for c in me["mentors"])
    raise CommandError(f"“{raw}” reads as a travel to the {PAIRS[pair]} Encounter: who comes "
                       f"with you? You may keep one Mentor ({keep}); the others leave you a "
                       f"parting gift. Type the move and your words go with it (as in "
                       f"{forms[0]})", forms, kept=_keep(raw, view, seat))


def _words(raw: str) -> list[str]:
    """The words of a sentence, lower case, without the marks around them."""
    return [w.strip(".,;:!?\"'") for w in norm(raw).split()]


def _pass(aside: Action, text: str, view: dict, legal: list[Action], seat: str,
          parse: Callable[..., list[Action]]) -> tuple[str, str]:
    """Standing aside at a contest or its bidding, the player's telling kept."""
    line = "pass" + (f" -- {text}" if text else "")
    parse("pass", line.partition(" ")[2], view, legal, seat)
    return line, f"Read as: {ASIDE_SAID[aside.kind]}."


def _lets(raw: str, view: dict, seat: str) -> bool:
    """Whether the words let the other Hero do it ("I'll let him face it alone", "let Brannoc
    have his test"): at a contest, the permissive is standing aside."""
    words = _words(raw)
    them = {"him", "her", "them"} | {norm(h["name"]).split()[0] for h in view["heroes"]
                                       if h["seat"] != seat}
    return any(w == "let" and them & set(words[i + 1:i + 2]) for i, w in enumerate(words))


def _bids(said: reading.Reading, bid: str, legal: list[Action]) -> bool:
    """Whether the words offer a bid by the game's own verb ("I raise to three") or by the
    Challenge card the bid is made with ("I throw my ace of wyrms into his test")."""
    held = {a.args["card"] for a in legal if a.args.get("card")}
    said_lemmas = {x for t in tokens(said.text) for x in t.lemmas}
    return bool(said_lemmas & set(BIDS[bid])) or bool(held & set(words_of(said.text)))


def _named_choice(raw: str, legal: list[Action], view: dict) -> Action | None:
    """The one choice asked now whose every argument the words name ("left" in "I tuck both
    into my left fist", "moons" in "I pay with a moon"), when no other choice's are named."""
    said = set(words_of(raw)) | {_lemma(w) for w in words_of(raw)}
    names = view_names(view)
    fits_all = []
    for a in legal:
        vals = arg_values(a)
        if vals and typed_command(a, names) and all(
                said & {w for w in arg_words(k, v, names) | _suit_words(k, v)
                        if not w.isdigit() or len(vals) == 1}
                for k, v in vals):
            fits_all.append(a)
    keys = {a.key() for a in fits_all}
    return fits_all[0] if len(keys) == 1 else None


def _origin_told(said: reading.Reading, legal: list[Action]) -> Action | None:
    """The origin whose story the words share things with, more than the other's ("I grew up
    under the Order's bells": the Rite; "my father's barley": the Harvest). Each origin's story is
    the game's own telling of it (``story.toml``, ``heroes.toml``), not a list made for this."""
    origins = [a for a in legal if a.kind == "origin"]
    if not origins:
        return None
    told, common = _origin_stories()
    shared = {a.args["origin"]: len(reading.same_things(said, told[a.args["origin"]], common))
              for a in origins}
    best = max(shared.values())
    top = [a for a in origins if shared[a.args["origin"]] == best]
    return top[0] if best and len(top) == 1 else None


@cache
def _origin_stories() -> tuple[dict[str, reading.Reading], frozenset[str]]:
    """Each origin's story read, and the things both tell (the road, the Heroes' names)."""
    tell = story()
    told = {o: reading.read(" ".join([*tell.templates.get(f"origin_{o}", ()),
                                      *(getattr(h, o) for h in tell.heroes)]))
            for o in ORIGINS}
    return told, frozenset.intersection(*(r.lemmas for r in told.values()))


def _suit_words(key: str, value) -> set[str]:
    """A Challenge card of one suit is named in a sentence by its suit ("I lay down the moon
    card": the Ace of Moons), when no other choice's card shares it (``_named_choice``)."""
    if key != "card" or not isinstance(value, str) or not value.startswith("ace-"):
        return set()
    s = rules().suit(value.removeprefix("ace-"))
    return {norm(s.name), norm(s.token)}


def _lemma(word: str) -> str:
    found = getAllLemmas(word)
    return found["NOUN"][0] if "NOUN" in found else word


def _suits(words: list[str]) -> list[str]:
    """The tokens the words count ("two wyrms and a moon": wyrms wyrms moons)."""
    by = {norm(x): s.id for s in rules().suits for x in (s.name, s.token)}
    out, n = [], 1
    for w in words:
        if w in NUMBERS or w.isdigit():
            n = int(NUMBERS.get(w, w))
        elif w in by:
            out += [by[w]] * max(n, 1)
            n = 1
    return out


def _restates(raw: str, view: dict) -> bool:
    """Whether the words name the offer's own terms, every suit of it, and no "no": "I hand
    over the wyrm for the wave" at an offer of a Wave for a Wyrm takes it (played, session 18)."""
    p = view.get("pending") or {}
    terms = set(p.get("give") or {}) | set(p.get("get") or {})
    words = _words(raw)
    return bool(terms) and terms <= set(_suits(words)) and reading.answer(raw) is not False


def _rival(raw: str, view: dict, seat: str) -> str | None:
    """The name of the other Hero the words name, if any."""
    said = norm(raw).split()
    return next((h["name"] for h in view["heroes"] if h["seat"] != seat
                 and norm(h["name"]).split()[0] in said), None)


def _trades(raw: str, said: reading.Reading, view: dict, seat: str) -> bool:
    """Do the words tell a trade: an exchange said, or tokens given for tokens ("two moons for
    a leaf")?"""
    give, _, get = norm(raw).rpartition(" for ")
    return "exchange" in {act for act, _ in said.acts} or bool(
        give and _suits(give.split()) and _suits(get.split()))


def _trade(raw: str, said: reading.Reading, text: str, view: dict, legal: list[Action],
           seat: str, parse: Callable[..., list[Action]]) -> tuple[str, str]:
    """A trade told in words: with the bank ("I swap two wyrms at the bank for a sun"), or
    offered to a Hero named ("I offer Brannoc a moon for his knot")."""
    give_part, _, get_part = norm(raw).rpartition(" for ")
    give, get = _suits(give_part.split()), _suits(get_part.split())
    names = view_names(view)
    to = _rival(raw, view, seat)
    turn = any(a.kind in ("travel", "rest") for a in legal)  # an offer is made any time then
    if to and (turn or any(a.kind == "trade_offer" for a in legal)):
        count = lambda xs: " ".join(f"{xs.count(s)} {s}" for s in dict.fromkeys(xs))  # noqa: E731
        verb, rest = "offer", f"{norm(to).split()[0]} {count(give)} for {count(get)}"
    else:
        verb, rest = "bank", f"{' '.join(give)} for {' '.join(get)}"
    line = f"{verb} {rest}" + (f" -- {text}" if text else "")
    try:
        moves = parse(verb, line.partition(" ")[2], view, legal, seat)
    except (CommandError, RuleError) as err:
        form = TRADE_FORMS["trade_bank" if verb == "bank" else "trade_offer"]
        raise CommandError(f"“{raw}” reads as a trade, but {err.message}; name the tokens "
                           f"and your words go with it: {form}",
                           [TRADE_FORMS["trade_bank"], TRADE_FORMS["trade_offer"]],
                           kept=_keep(raw, view, seat)) from None
    return line, f"Read as: {describe(moves[0], names)}."


def _wager(raw: str, said: reading.Reading, verb: str, text: str, view: dict,
           legal: list[Action], seat: str, parse: Callable[..., list[Action]]) -> tuple[str, str]:
    """A bid offered in words ("I throw down my ace and bid two"): the contest or the raise with
    the card and the number named; words that leave either open are refused with the forms."""
    words = [NUMBERS.get(w, w) for w in norm(raw).split()]
    held = {a.args["card"] for a in legal if a.args.get("card")}  # the Challenge card(s) you hold
    cards = [c for c in cards_named(said) if c in held] or (list(held) if len(held) == 1 else [])
    head = " ".join([_short(c) for c in cards[:1]] + [w for w in words if w.isdigit()][:1])
    line = f"{verb} {head}".strip() + (f" -- {text}" if text else "")
    try:
        moves = parse(verb, line.partition(" ")[2], view, legal, seat)
    except CommandError as err:
        forms = [x.split(" -- ")[0] for x in err.expected.split(", ") if x]
        raise CommandError(f"“{raw}” reads as a {verb}, but {err.message}; name the bid and "
                           "your words go with it" + (f" (as in {forms[0]})" if forms else ""),
                           forms, kept=_keep(raw, view, seat)) from None
    return line, f"Read as: {describe(moves[0])}."


def _move(said: reading.Reading, view: dict, legal: list[Action],
          seat: str) -> tuple[str | None, str]:
    """The turn's move the words name, and the words that name what it is made with. A Matching
    card of yours named with the next Stage ("the soldier leads me into the battle") is an
    advance by it; a test braved, or a road to the next Stage, an attempt by a Challenge."""
    # the first of the leading acts that is a move ("try for the Origin": trying a thing, or an
    # attempt; the attempt is the move)
    verb = next((v for a in said.top(3) for v, classes in MOVES.items() if a in classes), None)
    named = cards_named(said)
    me = me_of(view, seat)
    nxt = next_card(me, view)
    toward = bool(nxt and nxt in named) or "stage" in said.lemmas  # "the next stage"
    mine = [c for c in named if c in set(me["mentors"]) | set(me["places"])]
    matching = [c for c in mine if c in {a.args.get("card") for a in legal if a.kind == "match"}]
    if verb != "rest" and (toward or verb == "challenge") and (matching or mine):
        # a card of yours that does not match is refused by the engine, saying why
        return "match", _short((matching or mine)[0])
    if verb == "challenge" or (toward and verb in ("travel", None)):  # "I try the Discovery"
        return "challenge", ""
    lying = {c for p in view["encounters"] for c in (p["mentor"], p["place"]) if c}
    if verb is None and set(said.top(2)) & set(SEEKING) and set(named) - set(me["mentors"]) - \
            set(me["places"]):
        verb = "travel"  # "I go looking for the old watchman": a Travel is a search (the rules)
    if verb == "rest" and set(said.top(3)) & set(LESSON) and set(named) & lying and \
            not set(mine):
        verb = "travel"  # a lesson from a Mentor not yet yours is sought on the road to them
    if verb is None and _bound_for(said.text, [c for c in named if c in lying and
                                               rules().card(c).role == "place"]):
        verb = "travel"  # "I take the cliff path toward the Desert": whatever the verb, a road
    if verb is None and re.match(r"(?i)(?:until|till)\b", said.while_) and \
            not set(named) - set(mine):
        verb = "rest"  # "I mind the nets by the slipway till the gulls settle": a turn spent
    if verb is None:
        return None, ""
    head = _head(said)
    if verb == "rest":  # a rest is with a card of yours ("the market's ledgers": the Stage)
        head = [c for c in head if not rules().is_card(c) or c in set(me["mentors"]) |
                set(me["places"])]
    if verb == "travel":  # "out in the dark" with the Watchman at a pair: the Watchman's pair
        here = [c for c in head if not rules().is_card(c) or c in lying | set(me["mentors"])]
        head = here if any(rules().is_card(c) for c in here) else head
    return verb, " ".join(_short(c) if rules().is_card(c) else c for c in head)


TOWARD = frozenset({"to", "toward", "towards", "for", "unto"})  # words that say where one goes


def _bound_for(raw: str, places: list[str]) -> bool:
    """Whether the words go toward one of ``places`` (cards lying in a pair): a word that says
    where one goes at most three words before the place's name ("the cliff path toward the
    Desert", "out at dawn for the Island"); the only places a Hero goes are the Encounters."""
    words = _words(raw)
    for c in places:
        name = _short(c)
        for i, w in enumerate(words):
            if (w == name.split()[0] or _compound(w, name)) and TOWARD & set(words[max(0, i - 3):i]):
                return True
    return False


def _short(cid: str) -> str:
    return norm(rules().card(cid).name).removeprefix("the ")


def next_card(me: dict, view: dict) -> str | None:
    """The card of the Hero's next Stage (the revealed Ending after the Pact)."""
    stage = me.get("stage") or 1
    if stage < 9:
        return STAGE_CARDS[stage - 1]
    return view.get("ending") if stage == 9 else None


def _compound(word: str, name: str) -> bool:
    """A compound whose first part is a word of a card's name: "lighthouse" (the Light Keeper),
    "battlefield" (the Battle)."""
    return any(len(part) >= 4 and word.startswith(part) and len(word) - len(part) >= 3
               and bool(getAllLemmas(word[len(part):])) for part in name.split())


def cards_named(said: reading.Reading) -> list[str]:
    """The cards the words name, by a whole word of the name ("the Island", "the keeper") or a
    compound, in order: in a sentence a word is whole, so "sail" is no Sailor (a typed command
    names a card by its beginning)."""
    out: list[str] = []
    suits = {norm(x) for s in rules().suits for x in (s.name, s.token)}  # "leaves": a suit
    for t in said.things:
        if t.part:
            continue
        for c in rules().cards:
            n = _short(c.id)
            if c.id not in out and any(w == n or (w in n.split() and w not in suits) or
                                       _compound(w, n) for w in {norm(t.text), t.lemma}):
                out.append(c.id)
    return out


def _head(said: reading.Reading) -> list[str]:
    """The words a travel or a rest is made with: the cards named (as ids), suits and pairs."""
    known = _known() - {_short(c.id) for c in rules().cards}
    out: list[str] = []
    for t in said.things:
        if t.part:
            continue
        cards = cards_named(reading.Reading(t.text, "", (), things=(t,)))
        if cards:
            out += [c for c in cards if c not in out]
        elif {norm(t.text), t.lemma} & known:
            out.append(norm(t.text))
    return out


def _lies_nowhere(raw: str, head: str, view: dict, seat: str, tail: str) -> None:
    """A travel to a card that lies in none of the three pairs (nor is a Mentor of yours) is
    refused saying so, and what each pair holds."""
    me = me_of(view, seat)
    here = {c for p in view["encounters"] for c in (p["mentor"], p["place"]) if c}
    for word in head.split():
        cards = [c.id for c in rules().cards if fits(word, {norm(c.name).removeprefix("the ")})]
        if len(cards) == 1 and cards[0] not in here | set(me["mentors"]):
            pairs = "; ".join(f"the {p['pair']}: " + " + ".join(
                rules().card(c).name for c in (p["mentor"], p["place"]) if c)
                for p in view["encounters"])
            raise CommandError(f"“{raw}” reads as a travel, but {rules().card(cards[0]).name} "
                               f"lies in none of the pairs now ({pairs}); type the move "
                               f"and your words go with it (as in travel {PAIR_WORDS[0]})",
                               [f"travel {w}" for w in PAIR_WORDS], kept=_keep(raw, view, seat))
