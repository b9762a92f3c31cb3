"""Why an action is refused: the most specific rule it breaks, with the legal alternatives."""
from __future__ import annotations

from companion.core.game import CHANCE, Action, RuleError
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import VILLAIN, WARRIOR, Phase, State
from companion.games.dragon_warrior.views import label, names_in


def _labels(s: State, legal: list[Action]) -> list[str]:
    """The moves open instead, by name, each once (ten level-up splits read as one line)."""
    if legal and all(a.kind == "raise" for a in legal):
        return ["raise STAT STAT: two points over str, agi, hp (+5 max HP), mp (+5 max MP)"]
    names = names_in(s)
    return list(dict.fromkeys(label(a, names) for a in legal))[:24]


def _cast_reason(s: State, args: dict, in_battle: bool) -> str:
    sp = next((x for x in rules().spells if x.id == args.get("spell")), None)
    w = s.warrior
    if sp is None or sp.id not in sheet.warrior_spells(w.max_mp):
        return "you do not know that spell (one spell per 10 max MP, in list order)"
    if sp.mp > w.mp:
        return f"{sp.name} costs {sp.mp} MP and you have {w.mp}"
    if in_battle and sp.where in ("dungeon", "outside"):
        return f"{sp.name} is cast outside battle"
    if not in_battle and sp.where == "battle":
        return f"{sp.name} is cast in battle"
    if sp.kind == "spellblock":
        return "Spellblock is cast when you are attacked"
    if in_battle and sp.kind in ("attack", "heal"):
        n = 1 + sp.extra if sp.kind == "attack" else sp.cards
        played = sum(len(x) for x in args.get("slots", []))
        return f"{sp.name} plays {n} card{'s' if n > 1 else ''} (a Dragon Token adds one); " \
               f"you played {played}"
    return f"{sp.name} cannot be cast here"


def _spent(args: dict) -> str:
    """", build 7 2 25 5 spends 12" for a build typed with the four numbers ("" otherwise)."""
    w = rules().warrior
    try:
        st, ag, hp, mp = (int(args[x]) for x in ("str", "agi", "hp", "mp"))
        n = (st - w.base_str) + (ag - w.base_agi) + (hp - w.base_hp) // w.hp_per_point + \
            mp // w.mp_per_point
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""
    return f"; build {st} {ag} {hp} {mp} spends {n}"


def _level_reason(s: State, legal: list[Action], kind: str) -> str:
    levels = sorted(a.args["level"] for a in legal if a.kind == kind and "level" in a.args)
    here = next(p for p in s.places if p.id == s.here)
    what = "a minion" if s.draft is not None and s.draft.stage == "minion" else \
        ("a Boss" if kind == "boss" else "a Conflict")
    if what == "a minion":
        return f"the minion's Level was chosen with its master: {levels[0]}"
    return (f"{what} here is Level {' or '.join(map(str, levels))}: the Level of this place "
            f"({here.level}), or a little higher - at most {rules().conflict.levels_above} "
            f"above it and {rules().conflict.levels_above} above the Warrior's Level "
            f"({s.warrior.level})")


def why_illegal(game, s: State, action: Action, legal: list[Action]) -> RuleError:
    labels = _labels(s, legal)
    k, args, seat = action.kind, action.args, action.seat
    due = game.to_move(s)
    if not legal:
        if due == [CHANCE]:
            return RuleError("turn order", "the deck is due first: the cards drawn decide what "
                             "comes next")
        return RuleError("turn order", f"the {seat} has nothing to do now "
                         f"(waiting for: {', '.join(due) or 'nobody'})")
    b = s.battle
    if b is not None and k in ("attack", "maneuver", "run", "cast", "use", "block"):
        hand = b.warrior_hand if seat == WARRIOR else b.villain_hand
        played = [c for x in args.get("slots", []) for c in x] + list(args.get("cards", []))
        missing = [c for c in played if c not in hand]
        if missing:
            return RuleError("your hand", "not in your hand: " + " ".join(
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
            return RuleError("magic", _cast_reason(s, args, True), labels)
        if k in ("attack", "maneuver", "run") and not played and seat == WARRIOR:
            card = hand[-1].lower() if hand else "7h"  # as typed: "qc", "10h"
            return RuleError("battle", f"{k} plays a card from your hand: {k} CARD, as in "
                             f"{k} {card}", labels)
        if k in ("attack", "maneuver", "run", "use") and len(slots) > 1 and not args.get("token"):
            return RuleError("battle", f"{k} plays one card, or one Critical (2-4 cards of one "
                             "rank: attack 7h 7d); a Dragon Token adds one more card "
                             "(attack 7h + 9c token)", labels)
        return RuleError("battle", f"{k} is not possible like that now", labels)
    if b is not None and seat == WARRIOR and k in ("go", "talk", "rest", "buy", "search",
                                                   "attune", "unlock", "fight"):
        return RuleError("battle", f"not in the middle of a battle: {not_now('', legal)}"
                         if any(a.kind in ("block", "take") for a in legal) else
                         "not in the middle of a battle: fight it out, or run CARD to flee",
                         labels)
    if k in ("new", "boss") and "level" in args and not args.get("lord") and \
            any(a.kind == k and "level" in a.args for a in legal):
        return RuleError("Conflict Level", _level_reason(s, legal, k), labels)
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
        reason = _cast_reason(s, args, False)
        if reason.endswith("cannot be cast here"):
            reason = ("Radiant and Outside work in a dungeon room, Return flies to another town "
                      "you have been to, and none of them while a battle is due")
        return RuleError("magic", reason, labels)
    if k == "search":
        here = next((p for p in s.places if p.id == s.here), None)
        if here is not None and here.searched:
            return RuleError("treasure once", "this place's treasure was already taken (the $ "
                             "mark): never again", labels)
        return RuleError("search", "there is nothing here to search: houses, points of "
                         "interest and the rooms of a cleared dungeon hide treasure", labels)
    if k == "ambush":
        return RuleError("no battles in town", "the Villain cannot start a battle in a town",
                         labels)
    if k == "take":
        return RuleError("pouch", "the pouch is full: drop something or leave it", labels)
    if k == "build":
        return RuleError("point buy", "spend exactly 10 points over base Str 1, Agi 1, HP 5 "
                         f"(+1 Str, +1 Agi, +5 HP or +5 MP per point){_spent(args)}: build "
                         "STR AGI HP MP, as in build 6 3 20 0", labels)
    if k in ("stat", "fast", "minion", "weakness"):
        return RuleError("point buy", "that costs more points than the card has left", labels)
    if k == "buy" and s.phase is Phase.EXPLORE:
        here = next((p for p in s.places if p.id == s.here), None)
        if here is None or here.building != "item-shop":
            return RuleError("shop", "there is no shop here: go to the item shop", labels)
        w = s.warrior
        return RuleError("pouch", f"a Level {here.level} item takes {here.level} room and the "
                         f"pouch holds {sheet.pouch_used(w)}/{sheet.pouch_capacity(w)}: drop "
                         "something first", labels)
    if seat not in due:
        return RuleError("turn order", f"it is not the {seat}'s move (waiting for: "
                         f"{', '.join(due)})", labels)
    return RuleError(rule_name(s.phase.value), f"{k} is not possible now", labels)


# what the screen calls the part of the rules a refusal comes from (never an internal id)
_RULE_NAMES = {
    "palette": "the palette", "create": "making the Warrior", "name": "making the Warrior",
    "pronouns": "making the Warrior", "adjective": "making the Warrior",
    "trait": "making the Warrior", "questions": "session zero's questions",
    "town": "drawing the town", "houses": "drawing the town", "areas": "drawing the outdoors",
    "trouble": "the Villain's setup", "quest": "Quests", "chests": "the starting treasure",
    "treasure": "finding treasure", "found": "finding treasure", "explore": "moving about",
    "scene": "scenes", "join": "Party Members", "ambush": "who starts a battle",
    "build": "Conflict cards", "battle": "battle", "award": "Dragon Tokens",
    "level_up": "levelling up", "rate": "completing a Quest", "draw": "drawing the outdoors",
    "obstacle": "Obstacles", "judge": "Obstacles", "room": "dungeons", "over": "the end",
    "use": "using an item", "cast": "casting a spell", "attack": "battle",
    "maneuver": "battle", "run": "running away", "hand": "your hand",
    "open": "the throne room's chests", "go": "moving about", "enter": "moving about",
    "search": "searching", "shop": "shops", "buy": "shops",
    # every other verb a player types ("taking it is not possible now (rule: take)")
    "take": "taking a blow or a find", "block": "blocking", "spellblock": "casting a spell",
    "leave": "finding treasure", "drop": "the pouch", "rest": "the inn", "talk": "scenes",
    "fight": "who starts a battle", "turn_in": "completing a Quest", "unlock": "Obstacles",
    "accept": "Party Members", "decline": "Party Members", "raise": "levelling up",
    "party_raise": "levelling up", "yes": "the palette", "no": "the palette", "done": "the palette",
    "end": "ending a session", "attune": "magic", "swap": "Dragon Tokens",
}


def not_now(verb: str, legal: list[Action], item: str = "") -> str:
    """Why ``verb`` is not open now, when a foe's attack must be answered first ("you cannot
    attack that now" left a player under attack guessing), or the item named does nothing in a
    fight (Fairy Water); else that it is not open."""
    if verb not in ("block", "take") and any(a.kind in ("block", "take") for a in legal):
        then = f", then you may {verb}" if verb else ""
        return (f"a foe's attack comes first{then}: block CARDS (equal or higher rank on each) "
                "or take the hit")
    if verb == "use" and item and not any(a.kind == "use" and a.args.get("item") == item
                                          for a in legal):
        works = [rules().consumable(k).name for k in ("healstuff", "dragons-fire",
                                                       "dragons-scale")]
        return (f"that item does nothing in a fight: use ITEM CARD takes {works[0]}, "
                f"{works[1]} or {works[2]}")
    return f"you cannot {verb} that now"


def rule_name(word: str) -> str:
    """The game's own words for the part of the rules a refusal comes from."""
    return _RULE_NAMES.get(word, word.replace("_", " "))
