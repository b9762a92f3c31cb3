"""Why an action is refused: the most specific rule it breaks, with the legal alternatives."""
from __future__ import annotations

from companion.core.game import Action, RuleError
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior.model import VILLAIN, WARRIOR, Phase, State


def why_illegal(game, s: State, action: Action, legal: list[Action]) -> RuleError:
    labels = [game.describe(a) for a in legal[:40]]
    k, args, seat = action.kind, action.args, action.seat
    due = game.to_move(s)
    if not legal:
        return RuleError("turn order", f"the {seat} has nothing to do now "
                         f"(waiting for: {', '.join(due) or 'nobody'})")
    b = s.battle
    if b is not None and k in ("attack", "maneuver", "run", "cast", "use", "block"):
        hand = b.warrior_hand if seat == WARRIOR else b.villain_hand
        played = [c for x in args.get("slots", []) for c in x] + list(args.get("cards", []))
        missing = [c for c in played if c not in hand]
        if missing:
            return RuleError("hand", "not in your hand: " + " ".join(
                C.label(c) if c in C.DECK else str(c) for c in missing), labels)
        if k == "block" and b.pending is not None:
            return RuleError("blocking", "to block, answer every attacking card with one of "
                             "equal or higher rank (a Critical with a set at least as large, of "
                             "higher rank)", labels)
        slots = args.get("slots", [])
        if any(len(x) > 1 and len({C.rank_of(c) for c in x}) > 1 for x in slots):
            return RuleError("criticals", "a Critical is 2-4 cards of the same rank", labels)
        if any(len(x) > 1 for x in slots) and seat == VILLAIN:
            return RuleError("criticals", "the Villain cannot play Criticals", labels)
        if args.get("token") and s.tokens[0] < 1:
            return RuleError("dragon tokens", "you have no Dragon Token to spend", labels)
        if k == "cast":
            return RuleError("magic", "that spell cannot be cast now (MP, the cards it needs, "
                             "or where you are)", labels)
        return RuleError("battle", f"{k} is not possible like that now", labels)
    if k == "go" and s.phase is Phase.EXPLORE:
        if s.forced:
            return RuleError("forced battle", "a battle must happen before you leave (an area "
                             "at or above your Level, or a dungeon room not yet cleared)", labels)
        return RuleError("map", "you cannot get there from here", labels)
    if k == "fight" and s.battled_here:
        return RuleError("one battle per space", "there was already a battle here; move on first",
                         labels)
    if k == "unlock":
        return RuleError("obstacle", "only a Quest item you hold, and that was not already "
                         "turned down here, can be tried on a dungeon's Obstacle", labels)
    if k == "cast" and b is None:
        return RuleError("magic", "that spell cannot be cast here: Radiant and Outside work in "
                         "a dungeon room, Return flies to a town you have been to, and none of "
                         "them while a battle is due", labels)
    if k == "search":
        return RuleError("treasure once", "this building's treasure was already taken (the $ "
                         "mark), or there is nothing here to search", labels)
    if k == "ambush":
        return RuleError("no battles in town", "the Villain cannot start a battle in a town",
                         labels)
    if k == "take":
        return RuleError("pouch", "the pouch is full: drop something or leave it", labels)
    if k == "build":
        return RuleError("point buy", "spend exactly 10 points over base Str 1, Agi 1, HP 5 "
                         "(+1 Str, +1 Agi, +5 HP or +5 MP per point)", labels)
    if k in ("stat", "fast", "minion", "weakness"):
        return RuleError("point buy", "that costs more points than the card has left", labels)
    if k == "buy":
        return RuleError("pouch", "that would not fit in the pouch, or there is no shop here",
                         labels)
    if seat not in due:
        return RuleError("turn order", f"it is not the {seat}'s move (waiting for: "
                         f"{', '.join(due)})", labels)
    return RuleError(s.phase.value, f"{k} is not possible now", labels)
