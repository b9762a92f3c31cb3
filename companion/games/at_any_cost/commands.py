"""At Any Cost at the prompt: its verbs, their completions, the toolbar and the status screen.

Verbs turn typed words into Actions; the engine alone decides whether they are legal. A typed
card is looked up in the player's own hand only, so a hidden card can never be named back.
"""
from __future__ import annotations

import shutil

from companion.core.game import Action, RuleError
from companion.games.at_any_cost.data import rules
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST
from companion.games.at_any_cost.render import card_label
from companion.core.verbs import CommandError, wrap_fields
from companion.core.verbs import match_many, match_one, norm
from companion.story import grammar, pronouns

VERBS: dict[str, tuple[str, str]] = {
    "play": ("play CARD [, CARD...] [-- how]",
             "Play cards from your hand to set, meet or raise the challenge. Each card must share "
             "a tag with the tags in play (the stage, its location, and the Antagonist's cards "
             "this stage). Names, unique beginnings of any of their words or hand numbers all "
             "work: play agile, map or play a sch. After -- tell how it goes, in your own words: "
             "play agile -- she vaults the gate."),
    "fold": ("fold [ANCHOR] [-- how]",
             "Give up the stage. The Antagonist's fold lets the hero move on; the Protagonist's "
             "fold costs an Anchor: name it (fold heirloom)."),
    "sacrifice": ("sacrifice ANCHOR [-- how it happens]",
                  "End the stage at any moment by giving up one of the hero's Anchors."),
    "keep": ("keep N N N N N", "Choose the 5 Anchors to keep out of the 8 drawn (numbers or names)."),
    "discard": ("discard CARD [, CARD...]", "At a stage's start, discard down to the hand limit "
                "(all the cards named, or none if that is too many)."),
    "hand": ("hand", "Show your hand, marking the cards that cannot be played now."),
    "anchors": ("anchors", "Show the hero's Anchors and what you wrote about them."),
    "map": ("map", "Show the five stages and the locations you may see."),
    "ask": ("ask ANCHOR -- QUESTION", "(Antagonist) Ask a follow-up question about an Anchor."),
    "begin": ("begin", "(Antagonist) No more questions: the journey begins."),
    "drew": ("drew CARD, CARD...", "(physical deck) Enter the cards you drew from your real deck."),
}


def _split_text(rest: str) -> tuple[str, str]:
    if "--" in rest:
        head, text = rest.split("--", 1)
        return head.strip(), text.strip()
    return rest.strip(), ""


def _hand_choices(view: dict) -> dict[str, str]:
    return {c["name"]: c["id"] for c in view.get("hand", [])}


def _anchor_choices(view: dict) -> dict[str, str]:
    return {a["name"]: a["id"] for a in view.get("anchors", [])}


def _anchor_named(head: str, view: dict) -> str:
    """The Anchor ``head`` names: by its name, or else by the player's own words for it (`sacrifice
    comb` gives up "Something beautiful" when its answer was "A comb of blue glass")."""
    try:
        return match_one(head, _anchor_choices(view), "Anchor")
    except CommandError:
        typed = norm(head).split()
        found = [a["id"] for a in view.get("anchors", []) if typed and all(
            any(w.startswith(t) for w in norm(a.get("answer", "")).split()) for t in typed)]
        if len(found) == 1:
            return found[0]
        raise


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    """The actions a typed command stands for (CommandError for a malformed one). Every verb
    takes ``-- TEXT``: the player's own telling of the move, which rides on it into the story."""
    head, text = _split_text(rest)
    if verb == "play":
        hand = [c["id"] for c in view.get("hand", [])]
        cards = match_many(head, _hand_choices(view), "card in your hand", numbered=hand)
        if len(set(cards)) != len(cards):
            raise CommandError("each card can be played once", "play CARD [, CARD...] [-- how]")
        return [Action(seat=seat, kind="play", args={"cards": sorted(cards)}, text=text)]
    if verb in ("sacrifice", "fold") and seat == PROTAGONIST:
        if not head:
            names = [a["name"] for a in view.get("anchors", [])]
            raise CommandError("name the Anchor to give up", names)
        anchor = _anchor_named(head, view)
        return [Action(seat=seat, kind="sacrifice", args={"anchor": anchor}, text=text)]
    if verb == "fold":
        if head:
            raise CommandError("the Antagonist folds without naming anything", "fold [-- how]")
        return [Action(seat=seat, kind="fold", text=text)]
    if verb == "sacrifice":
        raise RuleError("sacrifice", "only the Protagonist sacrifices Anchors")
    if verb == "keep":
        offered = [a["id"] for a in view.get("anchors_offered", [])]
        if not offered:
            raise RuleError("anchors", "there are no Anchors to choose from now")
        choices = {a["name"]: a["id"] for a in view["anchors_offered"]}
        keep = match_many(head, choices, "Anchor", numbered=offered)
        if len(set(keep)) != 5 or len(keep) != 5:
            raise CommandError(f"keep exactly 5 different Anchors (you named {len(set(keep))})",
                               "keep 1 3 4 6 8")
        return [Action(seat=seat, kind="keep", args={"anchors": sorted(keep)}, text=text)]
    if verb == "discard":
        hand = [c["id"] for c in view.get("hand", [])]
        cards = match_many(head, _hand_choices(view), "card in your hand", numbered=hand)
        if len(set(cards)) != len(cards):
            raise CommandError("each card can be discarded once", "discard CARD [, CARD...]")
        due = len(hand) - (view.get("hand_limit") or len(hand))
        if any(a.kind == "discard" for a in legal) and len(cards) > due:
            raise RuleError("hand limit", f"discard {grammar.count(due, 'card')} to reach the hand limit of "
                            f"{view['hand_limit']}; you named {len(cards)}, so none was discarded")
        actions = [Action(seat=seat, kind="discard", args={"card": c}) for c in cards]
        return actions[:-1] + [actions[-1].with_text(text)]  # the telling follows the last
    if verb == "ask":
        anchor = match_one(head, _anchor_choices(view), "Anchor")
        if not text:
            raise CommandError("write the question after --", "ask ANCHOR -- QUESTION")
        return [Action(seat=seat, kind="ask", args={"anchor": anchor}, text=text)]
    if verb == "begin":
        return [Action(seat=seat, kind="begin", text=text)]
    raise CommandError(f"unknown command {verb!r}", sorted(VERBS))


def check_answer(action: Action, text: str) -> None:
    """A typed answer the rules would read wrongly is refused here with the form expected (the
    engine never refuses a move for its text)."""
    if action.kind == "pronouns":
        try:
            pronouns.check(text)
        except ValueError as err:
            raise CommandError(str(err)) from None


def parse_chance(rest: str, options: list[str]) -> list[str]:
    """Card names typed for a physical draw, matched against what could have been drawn."""
    d = rules()
    choices = {d.name_of(o): o for o in options}
    return match_many(rest, choices, "card that could be drawn now")


def show(verb: str, view: dict) -> str | None:
    """Read-only verbs: hand, anchors, map."""
    if verb == "hand":
        return hand_text(view)
    if verb == "anchors":
        return anchors_text(view)
    if verb == "map":
        return map_text(view)
    return None


def complete(verb: str, view: dict, legal: list[Action]) -> list[str]:
    """Words that can follow ``verb`` now: only legal, visible choices."""
    if verb == "play":
        playable = {c for a in legal if a.kind == "play" for c in a.args["cards"]}
        return [c["name"] for c in view.get("hand", []) if c["id"] in playable]
    if verb == "discard":
        return [c["name"] for c in view.get("hand", [])] if any(
            a.kind == "discard" for a in legal) else []
    if verb in ("sacrifice", "fold"):
        return [a["name"] for a in view.get("anchors", [])]
    if verb == "keep":
        return [a["name"] for a in view.get("anchors_offered", [])]
    if verb == "ask":
        return [a["name"] for a in view.get("anchors", [])]
    return []


def useful_verbs(legal: list[Action]) -> list[str]:
    kinds = {a.kind for a in legal}
    verbs = [v for v, k in (("play", "play"), ("keep", "keep"), ("discard", "discard"),
                            ("sacrifice", "sacrifice"), ("fold", "fold"), ("ask", "ask"),
                            ("begin", "begin")) if k in kinds]
    return verbs + ["hand", "anchors", "map"]


# -- what the screen shows -----------------------------------------------------------------------
def hand_text(view: dict, marks: bool = True) -> str:
    """The hand, numbered; ``marks`` flags the cards no tag in play allows (not while the
    stage's location is still face down: its tags are not known yet)."""
    hand = view.get("hand", [])
    if not hand:
        return "Your hand is empty."
    rows = [f"  {i + 1} {card_label(c['id'])}"
            f"{'  ✗ no tag in play' if marks and not c['playable'] else ''}"
            for i, c in enumerate(hand)]
    return f"Your hand ({len(hand)}):\n" + "\n".join(rows)


def anchors_text(view: dict) -> str:
    rows = []
    for a in view.get("anchors", []):
        rows.append(f"  {a['name']}: {a['answer'] or '(nothing written yet)'}")
    for a in view.get("anchors_lost", []):
        rows.append(f"  ✗ {a['name']} (lost)")
    return "Anchors:\n" + ("\n".join(rows) if rows else "  (none chosen yet)")


def map_text(view: dict) -> str:
    rows = []
    for e in view["map"]:
        here = "▶" if e["stage"] == view.get("stage") else " "
        loc = (f"{e['location_name']} [{' '.join(e['location_tags'])}]"
               + ("" if e["face_up"] else " (face down)")) if e.get("location") else "face down"
        rows.append(f" {here} {e['stage']} {e['name']} [{' '.join(e['stage_tags'])}] · {loc}")
    return "The map:\n" + "\n".join(rows)


def status(view: dict) -> str:
    parts = [map_text(view)]
    if view.get("stage"):
        seat = view["seat"]
        other = ANTAGONIST if seat == PROTAGONIST else PROTAGONIST
        parts.append(f"Tags in play: {', '.join(view['tags_in_play']) or '-'}")
        for who in (seat, other):
            cards = ", ".join(card_label(c["id"]) for c in view["played"][who]) or "nothing yet"
            name = "You" if who == seat else who.capitalize()
            parts.append(f"{name} played: {cards} (total {view['totals'][who]})")
        parts.append(f"{other.capitalize()} holds {grammar.count(view['hand_sizes'][other], 'card')}.")
    if "hand" in view:
        parts.append(hand_text(view))
    parts.append(anchors_text(view))
    return "\n".join(parts)


def toolbar(view: dict, width: int | None = None) -> str:
    """The status bar: its fields, wrapped between fields (never inside one) to the terminal's
    width, so the last of them (the Anchors, the help key) is never cut off."""
    stage = view.get("stage") or 0
    if not stage:
        fields = ["Setting out", "[F1] help"]
    else:
        entry = view["map"][stage - 1]
        loc = entry.get("location_name") if entry.get("face_up") else "?"
        seat = view["seat"]
        other = ANTAGONIST if seat == PROTAGONIST else PROTAGONIST
        t = view["totals"]
        fields = [f"Stage {stage}", loc, f"tags {' '.join(view['tags_in_play']) or '-'}",
                  f"you {t.get(seat, 0)} vs {t.get(other, 0)}",
                  f"hand {len(view.get('hand', []))}", f"anchors {len(view['anchors'])}",
                  "[F1] help"]
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    return wrap_fields(fields, width - 1)


def turn_hint(view: dict, legal: list[Action], seat: str) -> str:
    """What the player is asked to do now, shown when their turn begins."""
    kinds = {a.kind for a in legal}
    t = view.get("totals", {})
    if "keep" in kinds:
        rows = [f"  {i + 1} {a['name']:<26} {' '.join(a['questions'])}"
                for i, a in enumerate(view["anchors_offered"])]
        return ("You draw 8 Anchors; keep 5 (type: keep and their numbers, e.g. keep 1 3 4 6 8):\n"
                + "\n".join(rows))
    if "discard" in kinds:
        over = len(view["hand"]) - view["hand_limit"]
        entry = view["map"][view["stage"] - 1] if view.get("stage") else {}
        return (f"{hand_text(view, marks=bool(entry.get('face_up')))}\nDiscard {grammar.count(over, 'card')} to reach this stage's hand limit of "
                f"{view['hand_limit']} (discard CARD, ...).")
    if seat == PROTAGONIST and view.get("phase") == "meet":
        need = t[ANTAGONIST] - t[PROTAGONIST]
        if "play" not in kinds:
            return (f"{hand_text(view)}\nNothing in your hand can meet it: you must fold and "
                    "give up an Anchor (sacrifice ANCHOR).")
        return (f"{hand_text(view)}\nMeet the challenge: play cards worth at least {need}, or "
                "give up an Anchor (sacrifice ANCHOR).")
    if seat == ANTAGONIST and view.get("phase") in ("set", "raise"):
        need = 1 if view["phase"] == "set" else t[PROTAGONIST] - t[ANTAGONIST] + 1
        word = "Set the challenge" if view["phase"] == "set" else "Raise"
        can = f"play cards worth at least {need}" if "play" in kinds else "you cannot play"
        return f"{hand_text(view)}\n{word}: {can}, or fold."
    if "ask" in kinds:
        return "You may ask one or two questions about the Anchors (ask ANCHOR -- QUESTION), " \
               "or begin."
    return ""
