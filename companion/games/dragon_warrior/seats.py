"""The Villain's, the Ally's and Treasure's verbs at the prompt (``--seat villain`` and the others):
each seat's moves typed as words, as the Warrior's are, not only picked by number.

A verb names one kind of move (``ask``, ``offer``, ``give``, ``attack``...). When the seat has one
move of that kind, the words after the verb are the move's text (``ask What did you leave
burning?``); when it has several, the words choose among them by what ``actions`` calls them
(``give healstuff 2``, ``quest sleepy heath -- find the miller``, ``attack 9h``), and the text
goes after ``--``. A move that is not there now is refused with the seat's verbs that are.
"""
from __future__ import annotations

import re

from companion.core.game import Action, RuleError
from companion.core.verbs import CommandError
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior.explain import label
from companion.games.dragon_warrior.world import palette_check

# verb: (usage, help, the kinds of move it names)
SEAT_VERBS: dict[str, dict[str, tuple[str, str, tuple[str, ...]]]] = {
    "villain": {
        "trouble": ("trouble TEXT", "Say what threatens the town and what it is short of.",
                    ("trouble",)),
        "ask": ("ask QUESTION", "Ask the Warrior a question in session zero.", ("ask",)),
        "skip": ("skip", "Ask nothing this time.", ("skip",)),
        "speak": ("speak TEXT", "Answer the Warrior's talk: who is here and what they say.",
                  ("speak",)),
        "ambush": ("ambush", "Start a battle in the space the Warrior just entered.",
                   ("ambush",)),
        "hold": ("hold", "Let the Warrior pass (or, as the Ally, keep the card unflipped).",
                 ("hold",)),
        "boss": ("boss [LEVEL] [-- TEXT]", "Bring in the dungeon's Boss.", ("boss",)),
        "new": ("new LEVEL -- NAME: LOOK", "Make a new Conflict card of a Level the rules "
                "allow.", ("new",)),
        "field": ("field CARD", "Bring back a Conflict card already made.", ("field",)),
        "weakness": ("weakness x2|x4 ELEMENT", "Give the card a Weakness (its points back).",
                     ("weakness",)),
        "fast": ("fast", "Make the card Fast: it acts before the Warrior.", ("fast",)),
        "minion": ("minion LEVEL", "Give the card a minion of a lower Level.", ("minion",)),
        "stats": ("stats", "No more abilities: on to the card's points.", ("stats",)),
        "stat": ("stat atk|def|hp|mp", "Spend one of the card's points.", ("stat",)),
        "spell": ("spell NAME", "Write a spell on the card.", ("spell",)),
        "attack": ("attack CARD", "Attack the Warrior with a card from your hand.",
                   ("attack",)),
        "maneuver": ("maneuver CARD", "Regain Defense equal to the card's value.",
                     ("maneuver",)),
        "cast": ("cast SPELL [CARDS]", "Cast one of the card's spells.", ("cast",)),
        "block": ("block CARDS", "Block the Warrior's blow with equal or higher cards.",
                  ("block",)),
        "take": ("take", "Take the blow without blocking.", ("take",)),
        "spellblock": ("spellblock", "Stop the blow with Spellblock.", ("spellblock",)),
        "pass": ("pass", "Do nothing this turn (no cards left).", ("pass",)),
    },
    "ally": {
        "ask": ("ask QUESTION", "Ask the Warrior a question in session zero.", ("ask",)),
        "skip": ("skip", "Ask nothing this time.", ("skip",)),
        "quest": ("quest [PLACE] -- TEXT", "Give the Warrior a Quest (in the place named).",
                  ("quest",)),
        "speak": ("speak TEXT", "Answer the Warrior's talk: who is here and what they say.",
                  ("speak",)),
        "offer": ("offer NAME: WHO THEY ARE", "A friend offers to join the Warrior's party.",
                  ("offer",)),
        "flip": ("flip", "The Party Member flips the top card to help.", ("flip",)),
        "hold": ("hold", "The Party Member keeps out of this blow.", ("hold",)),
        "award": ("award", "Give the Warrior's player a Dragon Token.", ("award",)),
        "pass": ("pass", "No token this time.", ("pass",)),
        "raise": ("raise atk|def|hp|mp", "Spend the Party Member's new point.",
                  ("party_raise",)),
        "new": ("new -- NAME: LOOK", "Name the Party Member's card.", ("new",)),
        "stat": ("stat atk|def|hp|mp", "Spend one of the Party Member's points.", ("stat",)),
    },
    "treasure": {
        "yes": ("yes TEXT", "Add to the palette's Yes list.", ("yes",)),
        "no": ("no TEXT", "Add to the palette's No list.", ("no",)),
        "done": ("done", "Nothing more (the palette, or done drawing this area).",
                 ("done", "drawn")),
        "ask": ("ask QUESTION", "Ask the Warrior a question in session zero.", ("ask",)),
        "skip": ("skip", "Ask nothing this time.", ("skip",)),
        "town": ("town NAME", "Name the town.", ("town",)),
        "house": ("house WHOSE", "Draw a house: whose is it?", ("house",)),
        "houses": ("houses done [shop|no shop]", "The town has its houses (with or without an "
                   "equipment shop).", ("houses_done",)),
        "area": ("area NAME", "Name a new area of the outdoors.", ("area",)),
        "give": ("give ITEM [LEVEL] [-- NAME: LOOK]", "Put down an item: healstuff, weapon, "
                 "armor, offhand, quest...", ("give",)),
        "nothing": ("nothing", "Nothing is found here.", ("nothing",)),
        "point": ("point -- NAME: LOOK", "Draw a point of interest in this area (a place to "
                  "search).", ("poi",)),
        "dungeon": ("dungeon FLOORS ROOMS -- NAME: LOOK", "Draw a dungeon in this area.",
                    ("dungeon",)),
        "lair": ("lair -- NAME: LOOK", "Draw the lord's lair.", ("lair",)),
        "obstacle": ("obstacle TEXT", "The Obstacle barring the dungeon.", ("obstacle",)),
        "room": ("room NAME: LOOK", "Name and describe the room the Warrior walks into.",
                 ("room",)),
        "fits": ("fits", "The Quest item gets the Warrior past the Obstacle.", ("fits",)),
        "refuse": ("refuse", "It does not.", ("refuse",)),
        "rate": ("rate N [TREASURE]", "Rate the finished Quest 1-5.", ("rate",)),
    },
}


def verbs_for(seat: str, warrior_verbs: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    if seat in SEAT_VERBS:
        return {v: (u, h) for v, (u, h, _) in SEAT_VERBS[seat].items()}
    return warrior_verbs


def all_verbs() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for table in SEAT_VERBS.values():
        for v, (u, h, _) in table.items():
            out.setdefault(v, (u, h))
    return out


def seat_verbs_now(seat: str, legal: list[Action]) -> list[str]:
    """The seat's verbs that name a move it has now, in its table's order."""
    kinds = {a.kind for a in legal}
    return [v for v, (_, _, ks) in SEAT_VERBS.get(seat, {}).items() if kinds & set(ks)]


def hint(seat: str, legal: list[Action]) -> str:
    """What the Villain, the Ally or Treasure may do now, as verbs that work as typed."""
    table = SEAT_VERBS.get(seat, {})
    verbs = seat_verbs_now(seat, legal)
    forms = ", ".join(table[v][0] for v in verbs)
    ask = next((a.ask for a in legal if a.ask), "") if len(verbs) == 1 else ""
    return (f"Your move as the {seat.capitalize()}" + (f" ({ask})" if ask else "")
            + f": {forms}. help VERB for more; actions lists every move.")


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    table = SEAT_VERBS[seat]
    if verb not in table:
        raise CommandError(f"{verb} is not a move of the {seat.capitalize()}",
                           seat_verbs_now(seat, legal) + ["help"])
    kinds = table[verb][2]
    cands = [a for a in legal if a.kind in kinds]
    if not cands:
        raise RuleError("the order of play", f"{verb} is not possible now",
                        seat_verbs_now(seat, legal))
    head, sep, text = rest.partition("--")
    head, text = head.strip(), text.strip()
    if len(cands) == 1 and not sep and cands[0].ask:
        head, text = "", rest.strip()  # the words are the move's text: ask What did you ...
    pick = cands[0] if len(cands) == 1 and not head else _choose(cands, head, view)
    if pick.ask and not pick.optional_text and not text:
        raise CommandError(f"{pick.ask}: this needs words", table[verb][0])
    if pick.kind in ("yes", "no"):
        palette_check(pick.kind, text, view)
    return [pick.with_text(text) if text else pick]


def _choose(cands: list[Action], head: str, view: dict) -> Action:
    """The move the words name: by the cards played, else by the words of its label."""
    if any("cards" in a.args for a in cands) and head:
        cards = []
        for word in head.replace(",", " ").replace("+", " ").split():
            card = C.parse_card(word)
            if card is None:
                raise CommandError(f"{word!r} is not a card", "cards like 7h, 10d, ks")
            cards.append(card)
        for a in cands:
            if sorted(a.args.get("cards", [])) == sorted(cards):
                return a
        raise RuleError("battle", f"{C.labels(cards)} is not a move now",
                        [label(a, view) for a in cands])
    words = [w.lower() for w in head.replace(",", " ").split()]
    if not words:
        if len({label(a, view) for a in cands}) == 1:
            return cands[0]
        raise CommandError("say which", [label(a, view) for a in cands])
    fits = [a for a in cands if _names(label(a, view), words)]
    if len(fits) == 1 or (fits and len({label(a, view) for a in fits}) == 1):
        return fits[0]
    if not fits:
        raise CommandError(f"no such move: {head!r}", [label(a, view) for a in cands])
    # the plainest of them, when one is plainest ("give weapon": the weapon with no element)
    sizes = sorted((len(label(a, view).split()), i) for i, a in enumerate(fits))
    if len(sizes) == 1 or sizes[0][0] < sizes[1][0]:
        return fits[sizes[0][1]]
    raise CommandError(f"{head!r} could be several; say which", [label(a, view) for a in fits])


def _names(text: str, words: list[str]) -> bool:
    """Every typed word begins a word of ``text`` ("heal 2" names "give a Level 2 Healstuff";
    "x4 fire" names "weakness x4 to fire"); ``no shop`` names the move without one."""
    have = re.sub(r"[,:()\[\]]", " ", text.lower()).split()  # "[iron]" is named by "iron"
    if ("no" in words) != ("no" in have):
        return False
    return all(any(h.startswith(w) for h in have) for w in words if w != "no")
