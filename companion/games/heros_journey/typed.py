"""The typed words of a move: what names what (a card, a suit, a pair, a Hero, by unique
beginnings), multi-word names kept whole ("ace of suns"), a card that names the pair it lies in
(``travel to the island``), and why a typed move is not one of the choices when the words say it.
"""
from __future__ import annotations

from companion.core.game import Action
from companion.core.verbs import CommandError, is_number, norm

from .data import NO_NAMES, SUITS, Names, hero_name, rules
from .labels import KINDS, PAIR_WORDS as PAIRS, arg_values, typed_command

FILLER = {"the", "for", "to", "with", "and", "keep", "keeping", "on", "from", "a", "of", "in",
          "at", "s", "hand"}  # "hide left-hand", "guess the right hand"


def arg_words(key: str, value, names: Names) -> set[str]:
    """The words that may name an argument's value (a Hero: by the name in ``names``)."""
    if value is None:
        return {"none", "nobody", "no"}
    if isinstance(value, list):
        return set()
    if key == "pair" or key == "slot":
        return {PAIRS[value], str(value + 1)}
    if isinstance(value, int):
        return {str(value)}
    out = {norm(value)}
    if value in SUITS:
        s = rules().suit(value)
        out |= {norm(s.name), norm(s.token)}
    elif rules().is_card(value):
        name = norm(rules().card(value).name)
        out |= {name, name.removeprefix("the "), value}
    elif value.startswith("hero"):
        out.add(norm(hero_name(value, names)))
    if value in ("left-hand", "right-hand"):
        out.add(value.split("-")[0])
    if value == "lie_down":
        out.add("lie")
    return out


NONE_WORDS = {"none", "nobody", "no", "top", "nothing", "decline"}


def words_of(text: str) -> list[str]:
    """The typed words, with multi-word names kept whole where a name has several words
    ("ace of suns", "chance meeting" become one word each, the card's id)."""
    line = f" {norm(text)} "
    for phrase, word in _multiword():
        line = line.replace(f" {phrase} ", f" {word} ")
    return [w for w in line.split() if w not in FILLER]


_MULTI: list[tuple[str, str]] = []


def _multiword() -> list[tuple[str, str]]:
    """(typed phrase, one-word id) for every card whose name has several words, longest first."""
    if not _MULTI:
        r = rules()
        pairs = set()
        for c in r.cards:
            cid, name = c.id, norm(c.name).removeprefix("the ")
            for phrase in (name, norm(cid), " ".join(w for w in name.split() if w not in FILLER)):
                if " " in phrase:
                    pairs.add((phrase, cid))
        _MULTI.extend(sorted(pairs, key=lambda p: -len(p[0])))
    return _MULTI


def fits(word: str, names: set[str]) -> bool:
    if is_number(word):  # a number is exact: a bid of 1 is not a bid of 10
        return word in names
    return any(n == word or n.startswith(word) or word in n.split() for n in names)


def pair_named(head: str, view: dict, seat: str) -> str:
    """``travel wanderer diplomat``, ``travel to the island``: a card lying face up in a pair
    names that pair (you take both its cards); only a Mentor of your own is the one you keep."""
    me = next(h for h in view["heroes"] if h["seat"] == seat)
    out: list[str] = []
    for word in words_of(head):
        lies = [(i, c) for i, p in enumerate(view["encounters"]) for c in (p["mentor"], p["place"])
                if c and fits(word, arg_words("card", c, NO_NAMES))]
        if any(fits(word, arg_words("card", c, NO_NAMES)) for c in me["mentors"]) or \
                len(lies) != 1 or is_number(word) or word in PAIRS:
            out.append(word)
            continue
        (at, cid), = lies
        named = [i for i, p in enumerate(PAIRS) if any(fits(w, {p}) for w in out)]
        if named and named != [at]:
            raise CommandError(f"{rules().card(cid).name} lies at the "
                               f"{view['encounters'][at]['pair']} Encounter, not the "
                               f"{view['encounters'][named[0]]['pair']}", f"travel {PAIRS[at]}")
        if not named:
            out.insert(0, PAIRS[at])
    return " ".join(out)


def explained(err: CommandError, verb: str, head: str, view: dict, seat: str,
               legal: list[Action], names: Names) -> CommandError:
    """A typed move that is not a choice, with why where the words say it: a card of yours too
    high to rest with, and words that name nothing (the story's, which go after ``--``)."""
    me = next((h for h in view["heroes"] if h["seat"] == seat), None)
    words = words_of(head)
    why = []
    if verb == "rest" and me is not None:
        high = [c for c in me["mentors"] + me["places"] if rules().card(c).rank > me["stage"]
                and any(fits(w, arg_words("card", c, names)) for w in words)]
        if high:
            why.append(f"you rest with a card of rank up to your Stage ({me['stage']}): "
                       + ", ".join(f"{rules().card(c).name} is {rules().card(c).rank}"
                                   for c in high))
    if verb == "rest" and me is not None:
        why += _suits_no_rest_gives(words, me, legal)
    known = {n for a in legal for k, v in arg_values(a) for n in arg_words(k, v, names)}
    known |= {norm(c.name).removeprefix("the ") for c in rules().cards} | {
        norm(x) for s in rules().suits for x in (s.name, s.token)} | set(NONE_WORDS)
    story = [w for w in words if not fits(w, known) and not is_number(w)]
    form = next((typed_command(a, names) for a in legal if a.kind in KINDS.get(verb, ())), "")
    if story and form:
        why.append(f"words for the story go after --: {form} -- {head.strip()}")
    if not why:
        return err
    return CommandError(f"{err.message}: {'; '.join(why)}", err.expected)


def _suits_no_rest_gives(words: list[str], me: dict, legal: list[Action]) -> list[str]:
    """Suits typed that no rest gives now: a rest draws the suits of your Stage card (and of a
    card you rest with)."""
    gives = {v for a in legal if a.kind == "rest" for k, v in arg_values(a) if v in SUITS}
    typed = [s for s in SUITS if any(fits(w, arg_words("suit", s, NO_NAMES)) for w in words)]
    odd = [s for s in typed if s not in gives]
    if not odd or not me.get("stage_card") or not rules().is_card(me["stage_card"]):
        return []
    card = rules().card(me["stage_card"])
    with_card = any(a.kind == "rest" and a.args.get("card") for a in legal)
    return [f"no rest now draws {_or(odd)}: resting on {card.name} draws {_or(card.suits)}"
            + (", and a card you rest with its own suits" if with_card else "")]


def _or(suits) -> str:
    names = [rules().suit(s).name for s in SUITS if s in suits]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
