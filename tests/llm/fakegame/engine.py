"""Duel: each seat holds named cards; on its turn a seat names its champion (once), plays a card or
folds. The first to three points, or the last not to fold, wins. Enough for the voice to choose among
a handful of legal actions, one of which asks for text, with a hand the other seat cannot see."""
from __future__ import annotations

from typing import Any, ClassVar

from companion.core.game import Action, Event, Options, Outcome, RuleError

CARDS = {
    "sword": ("Silver Sword", 2), "cloak": ("Wing Cloak", 1), "wolf": ("Grey Wolf", 2),
    "storm": ("Sudden Storm", 1), "key": ("Iron Key", 1), "map": ("Treasure Map", 1),
}
HANDS = {"hero": ["sword", "cloak", "key"], "villain": ["wolf", "storm", "map"]}


class DuelGame:
    name: ClassVar[str] = "duel"
    title: ClassVar[str] = "Duel"
    seats: ClassVar[tuple[str, ...]] = ("hero", "villain")
    default_human: ClassVar[str] = "hero"

    def setup(self, options: Options | None = None) -> dict[str, Any]:
        return {"turn": "villain", "hands": {k: list(v) for k, v in HANDS.items()},
                "played": [], "points": {"hero": 0, "villain": 0}, "named": {}, "over": False}

    def legal_actions(self, s: dict[str, Any], seat: str) -> list[Action]:
        if s["over"] or s["turn"] != seat:
            return []
        if seat not in s["named"]:
            return [Action(seat=seat, kind="name", ask="Name your champion", optional_text=False)]
        out = [Action(seat=seat, kind="play", args={"card": c}) for c in s["hands"][seat]]
        return out + [Action(seat=seat, kind="fold")]

    def apply(self, s: dict[str, Any], a: Action) -> tuple[dict[str, Any], list[Event]]:
        if a.key() not in {x.key() for x in self.legal_actions(s, a.seat)}:
            raise RuleError("turn", f"{a.kind} is not legal now")
        s = {**s, "hands": {k: list(v) for k, v in s["hands"].items()},
             "points": dict(s["points"]), "named": dict(s["named"]), "played": list(s["played"])}
        other = "hero" if a.seat == "villain" else "villain"
        if a.kind == "name":
            s["named"][a.seat] = a.text
            ev = Event(kind="named", data={"seat": a.seat, "name": a.text})
        elif a.kind == "play":
            card = a.args["card"]
            s["hands"][a.seat].remove(card)
            s["played"].append(card)
            s["points"][a.seat] += CARDS[card][1]
            ev = Event(kind="played", data={"seat": a.seat, "card": card})
        else:
            s["over"] = True
            ev = Event(kind="folded", data={"seat": a.seat})
        if s["points"][a.seat] >= 3 or not any(s["hands"].values()):
            s["over"] = True
        s["turn"] = other
        return s, [ev]

    def view(self, s: dict[str, Any], seat: str | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "turn": s["turn"], "points": s["points"], "champions": s["named"],
            "played": [{"id": c, "name": CARDS[c][0], "value": CARDS[c][1]} for c in s["played"]],
        }
        if seat in self.seats:
            v["hand"] = [{"id": c, "name": CARDS[c][0], "value": CARDS[c][1]}
                         for c in s["hands"][seat]]
        return v

    def secrets(self, s: dict[str, Any], seat: str) -> set[str]:
        return {c for k, h in s["hands"].items() if k != seat for c in h}

    def to_move(self, s: dict[str, Any]) -> list[str]:
        return [] if s["over"] else [s["turn"]]

    def chance(self, s):  # no chance in a duel
        raise RuleError("chance", "no chance in Duel")

    def is_over(self, s: dict[str, Any]) -> bool:
        return s["over"]

    def outcome(self, s: dict[str, Any]) -> Outcome:
        return Outcome(summary="over", scores=dict(s["points"]))

    def describe(self, a: Action) -> str:
        if a.kind == "play":
            name, value = CARDS[a.args["card"]]
            return f"play {name} ({value})"
        return {"name": "name your champion", "fold": "fold"}[a.kind]

    def rules_digest(self) -> str:
        return "duel-1"


GAME = DuelGame()
