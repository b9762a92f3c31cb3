"""Who the player's Hero is (issue 38): asked at the start, as the other games ask it, before the
Origin is chosen: a name, pronouns and a sentence or two about them, each with a default (Enter
keeps the seat's own: Wren, she/her). An AI seat asked the same is given a name by the offline
narrator (``Narrator.write``: seeded, so ``--seed`` reproduces it).

Decisions: only the first seat (the player's by default) is asked, so a table of AI rivals keeps
its names; the answers live in the state's ``persona``, from which every wording takes them
(see ``data.given_names``); a journal or script made before this step, whose
first move for that seat is its Origin, skips the questions (``skip_for``)."""
from __future__ import annotations

from companion.core.game import Action
from companion.story import pronouns

from .data import given_names, hero_name, hero_pronouns
from .flow import HjRuleError, ev, kind, pop
from .model import Work

KINDS = ("hero_name", "hero_pronouns", "hero_about")
ACTION = {"hero_name": "name", "hero_pronouns": "pronouns", "hero_about": "describe_hero"}


def tasks(seat: str) -> list[dict]:
    return [{"k": k, "seat": seat} for k in KINDS]


def _legal(w: Work, t: dict, seat: str) -> list[Action]:
    name = hero_name(seat, given_names(w.persona)) if t["k"] != "hero_name" else ""
    ask = {"hero_name": "Name your Hero (Enter: Wren)",
           # at most 78 columns with the prompt's "> ", whatever the name's length
           "hero_pronouns": f"Pronouns ({pronouns.ASK}; "
                            f"Enter: {hero_pronouns(seat, w.persona.get(seat, {}))})",
           "hero_about": f"A sentence or two about {name.split()[0][:20] if name else 'them'} "
                         "(Enter: skip)"}[t["k"]]
    return [Action.unchecked(seat, ACTION[t["k"]], {}, ask=ask)]


def _act(w: Work, t: dict, a: Action) -> None:
    if a.kind != ACTION[t["k"]]:
        raise HjRuleError("naming the Hero", f"{_legal(w, t, a.seat)[0].ask} is asked now")
    pop(w)
    text = " ".join(a.text.split())
    me = w.persona.setdefault(a.seat, {})
    if t["k"] == "hero_name" and text:
        me["name"] = text[:60]
        ev(w, "hero_named", seat=a.seat, name=me["name"])
    elif t["k"] == "hero_pronouns" and text:
        try:  # the prompt refuses a set it cannot read; here it reads as "they"
            said = pronouns.parse(text)
            # shown as typed ("she/her", not "she"), when it reads back alone as the same set
            me["pronouns"] = text[:60] if pronouns.parse_or_they(text[:60]) == said else \
                pronouns.write(said)
        except ValueError:
            me["pronouns"] = "they/them"
        ev(w, "hero_pronouns", seat=a.seat, pronouns=me["pronouns"])
    elif t["k"] == "hero_about" and text:
        me["about"] = text
        ev(w, "hero_described", seat=a.seat, text=text)
    if not me:
        del w.persona[a.seat]


for _k in KINDS:
    kind(_k, due=lambda w, t: [t["seat"]], legal=_legal, act=_act)


def skip_for(w: Work, action: Action) -> bool:
    """A move for the seat being asked that is not an answer (an Origin, from a journal or a
    script made before the Hero was asked about): the questions are dropped, the move stands."""
    t = w.tasks[0] if w.tasks else None
    if t is None or t["k"] not in KINDS or action.seat != t["seat"] or \
            action.kind == ACTION[t["k"]]:
        return False
    w.tasks[:] = [x for x in w.tasks if not (x["k"] in KINDS and x["seat"] == t["seat"])]
    return True
