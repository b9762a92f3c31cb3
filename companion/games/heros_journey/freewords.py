"""Free words at your turn, read on the reading layer as the move they name (issue 38): "I walk
to the sea" is a travel to the pair where the Sea lies, "we make camp by the mill" a rest with
the Mill; words that name no move, or a move that is not a choice now, are refused with the form
to type, the words kept after ``--``.

Which act classes each move answers to is this game's data (``MOVES``); the classes and their
words are the reading layer's (``rules/reading/acts.toml``), shared by every game.
"""
from __future__ import annotations

from typing import Callable

from companion.core.game import Action
from companion.core.verbs import CommandError, norm
from companion.story import discourse, reading

from .data import rules
from .labels import PAIR_WORDS, describe, typed_command
from .typed import fits

# the act classes of the reading layer that each turn's move is (a flight to a place is a road)
MOVES = {"travel": ("travel", "flee", "cross", "swim"), "rest": ("rest",)}


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
    if not any(a.kind in ("travel", "rest") for a in legal):
        if len(raw.split()) < 2:
            return None  # a mistyped word: the prompt's own "unknown command"
        # a sentence while a choice is asked (a contest, a trade): say what answers it, not
        # "unknown command 'i'" (played, seed 52: "I let him go, I have no quarrel with him")
        forms: dict[str, str] = {}  # one example a verb ("contest ace of moons 1", not ten)
        for a in legal:
            form = typed_command(a).split(" -- ")[0]
            forms.setdefault(form.split(" ")[0], form)
        raise CommandError(f"“{raw}” is no command; what is asked now is answered with a move "
                           "like these (your words after --, where a move takes them)",
                           list(forms.values()))
    said = reading.read(raw)
    acts = [a for a, _ in said.acts]
    verb = next((v for v, classes in MOVES.items() if acts and acts[0] in classes), None)
    # told of the Hero only when the player tells it ("I walk to the sea"); "walk to the sea"
    # is an instruction, not a line of the story
    text = raw if "first" in discourse.person(raw) else ""
    tail = f" -- {raw}"
    if verb is None:
        form = next((typed_command(a) for a in legal if a.kind == "rest"), "rest")
        raise CommandError(f"“{raw}” is no command, and its words name no move: at your turn "
                           "type travel, rest, match or challenge, your own words after -- (as "
                           f"in {form}{tail})")
    known = _known()
    head = " ".join(t.text for t in said.things if fits(norm(t.text), known))
    line = f"{verb} {head}".strip() + (f" -- {text}" if text else "")
    if verb == "travel":
        _lies_nowhere(raw, head, view, seat, tail)
    try:
        moves = parse(verb, line.partition(" ")[2], view, legal, seat)
    except CommandError as err:
        forms = [x.split(" -- ")[0] for x in err.expected.split(", ") if x]
        example = f": {forms[0]}{tail}" if forms else ""
        raise CommandError(f"“{raw}” reads as a {verb}, but {err.message}; your words go "
                           f"after --{example}", forms, kept=raw) from None
    return line, f"Read as: {describe(moves[0])}."


def _lies_nowhere(raw: str, head: str, view: dict, seat: str, tail: str) -> None:
    """A travel to a card that lies in none of the three pairs (nor is a Mentor of yours) is
    refused saying so, and what each pair holds."""
    me = next(h for h in view["heroes"] if h["seat"] == seat)
    here = {c for p in view["encounters"] for c in (p["mentor"], p["place"]) if c}
    for word in head.split():
        cards = [c.id for c in rules().cards if fits(word, {norm(c.name).removeprefix("the ")})]
        if len(cards) == 1 and cards[0] not in here | set(me["mentors"]):
            pairs = "; ".join(f"the {p['pair']}: " + " + ".join(
                rules().card(c).name for c in (p["mentor"], p["place"]) if c)
                for p in view["encounters"])
            raise CommandError(f"“{raw}” reads as a travel, but {rules().card(cards[0]).name} "
                               f"lies in none of the pairs now ({pairs}); your words go "
                               f"after --: travel {PAIR_WORDS[0]}{tail}",
                               [f"travel {w}" for w in PAIR_WORDS], kept=raw)
