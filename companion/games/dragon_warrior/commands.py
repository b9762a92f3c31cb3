"""Dragon & Warrior at the prompt: its verbs, their completions, the toolbar and the screens.

Verbs turn typed words into Actions; the engine alone decides whether they are legal. Cards are
typed as 7h, 10d, ks or 7♥ and shown as A♠ 7♥. In a play, cards of one rank typed together are a
Critical; ``+`` separates the cards of a play that has several (Hurt, a Dragon Token): ``attack 7h
7s + 9c token``. Every verb takes ``-- TEXT`` for the player's own words.
"""
from __future__ import annotations

import re

from companion.core.game import Action, RuleError
from companion.core.verbs import CommandError, match_one
from companion.games.dragon_warrior import cards as C
from companion.games.dragon_warrior import maps, seats
from companion.games.dragon_warrior.explain import (  # noqa: F401
    help_topic,
    label,
    level_up_hint,
    shop_text,
)
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.why import not_now, rule_name
from companion.games.dragon_warrior.world import palette_check
from companion.games.dragon_warrior.words import phrase
from companion.story.pronouns import parse as parse_pronouns
from companion.story import grammar

WARRIOR_VERBS: dict[str, tuple[str, str]] = {
    "yes": ("yes TEXT", "Add something you want in the game to the palette's Yes list."),
    "no": ("no TEXT", "Add something to keep out of the game to the palette's No list."),
    "done": ("done", "Nothing more for the palette."),
    "build": ("build STR AGI HP MP | build default",
              "Make the Warrior: 10 points over Str 1, Agi 1, HP 5 (+1 Str, +1 Agi, +5 HP or "
              "+5 MP each). build default gives Str 6, Agi 3, HP 20."),
    "pronouns": ("pronouns she|he|they|it|xe/xem/xyr", "The Warrior's pronouns, or a set of "
                 "your own as subject/object/possessive."),
    "open": ("open", "Open the next treasure chest in the throne room."),
    "take": ("take", "Take what was found (equipment replaces what it beats) - or, when "
                     "attacked, take the hit without blocking."),
    "leave": ("leave", "Leave the found item where it is."),
    "drop": ("drop ITEM", "Drop an item from the pouch (to make room)."),
    "go": ("go PLACE", "Move to a neighbouring Space: a building, the streets, an area."),
    "enter": ("enter PLACE", "The same as go."),
    "search": ("search", "Search this house for treasure (once per building, ever)."),
    "talk": ("talk [-- TEXT]", "Start a scene with whoever is here (one per visit)."),
    "rest": ("rest", "At the inn: sleep, and wake with full HP and MP."),
    "shop": ("shop", "At the item shop: see what is for sale."),
    "buy": ("buy ITEM", "At the item shop: buy a consumable that fits in the pouch."),
    "equip": ("equip", "Equip the equipment just found (the same as take)."),
    "use": ("use ITEM [CARDS] [on party]", "Use an item. Healing in battle plays a card: "
                                           "use mint 9h."),
    "cast": ("cast SPELL [CARDS] [on party]", "Cast a spell: cast hurt 5s + 9c."),
    "attune": ("attune ELEMENT", "In a town: attune your attack spells (Hurt, Hurtmore) to an "
               "element (fire, frost, storm, holy, shadow, venom, iron, wood); a foe weak to it "
               "takes their damage multiplied."),
    "unlock": ("unlock ITEM [-- how]", "At a dungeon's entrance: try a Quest item on the "
                                       "Obstacle, and say how you use it."),
    "fight": ("fight", "Start a battle here (the only way a battle starts in town)."),
    "turnin": ("turnin", "Turn in a finished Quest to whoever gave it."),
    "trait": ("trait TEXT", "Write down a new trait for the Warrior."),
    "award": ("award", "Give the companion a Dragon Token for something cool."),
    "accept": ("accept", "Let a friend join as a Party Member."),
    "decline": ("decline", "Turn the friend's offer down."),
    "raise": ("raise STAT STAT", "Spend 2 level-up points, each on one of: str (+1 Strength: "
              "+1 Attack, a bigger pouch), agi (+1 Agility: a card more in hand, more on a "
              "Critical), hp (+5 max HP), mp (+5 max MP; a spell per 10). raise str hp, raise "
              "agi agi."),
    "attack": ("attack CARDS [at FOE] [token]",
               "Attack: the foe blocks each card with one of equal or higher rank. Cards of one "
               "rank together are a Critical (+ Agility to damage). token spends a Dragon Token "
               "for an extra card."),
    "maneuver": ("maneuver CARDS [token]", "Regain Defense equal to the cards' value; your last "
                                           "card draws a new hand."),
    "run": ("run CARDS [token]", "Run away: if the foe blocks, you stay; if not, you escape "
                                 "(no XP, no treasure)."),
    "block": ("block CARDS", "Block the attack: a card of equal or higher rank on each attacking "
                             "card."),
    "spellblock": ("spellblock", "Cast Spellblock to stop the attack (MP: half its cards' "
                                 "value)."),
    "token": ("token", "Add the word token to an action to spend a Dragon Token on an extra "
                       "card: attack 7h + 9c token."),
    "swap": ("swap", "With three Dragon Tokens (the other side's): take the Warrior's seat, or "
             "hand it back; any time (--no-swaps turns this off)."),
    "end": ("end", "Stop the session here (saved; the journal tells it)."),
    "hand": ("hand", "Show your hand."),
    "sheet": ("sheet", "Show the Warrior's sheet."),
    "map": ("map [town [NAME]|outdoors|dungeon]", "Draw a map: a town (this one or the one "
            "named), the outdoors, or the dungeon floor you are on (where you are, if no word)."),
    "drew": ("drew CARD, CARD...", "(physical deck) Enter the cards you drew from a real deck."),
}
VERBS: dict[str, tuple[str, str]] = dict(WARRIOR_VERBS)

# the other seats' verbs (--seat villain, ally, treasure: seats.py) answer at the prompt too
for _verb, _entry in seats.all_verbs().items():
    VERBS.setdefault(_verb, _entry)


def verbs_for(seat: str | None) -> dict[str, tuple[str, str]]:
    """The verbs of the seat played: the Warrior's, or (--seat villain, who holds the Ally and
    Treasure too) the other side's."""
    if seat in (None, "warrior"):
        return WARRIOR_VERBS
    return seats.all_verbs()


_SIMPLE = {"done": "done", "open": "open", "leave": "leave", "search": "search", "rest": "rest",
           "swap": "swap",
           "fight": "fight", "award": "award", "accept": "accept", "decline": "decline",
           "end": "end", "spellblock": "spellblock"}


def _split_text(rest: str) -> tuple[str, str]:
    if "--" in rest:
        head, text = rest.split("--", 1)
        return head.strip(), text.strip()
    return rest.strip(), ""


def _with(actions: list[Action], text: str) -> list[Action]:
    return [a.with_text(text) if text else a for a in actions]


def _pick(legal: list[Action], kind: str, what: str, **args) -> Action:
    for a in legal:
        if a.kind == kind and all(a.args.get(k) == v for k, v in args.items()):
            return a
    kinds = sorted({a.kind for a in legal})
    raise RuleError(rule_name(kind), f"{what} is not possible now", kinds)


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    acting = legal[0].seat if legal else seat  # --seat villain holds the Ally and Treasure too
    if acting in seats.SEAT_VERBS and verb not in ("drew",):
        return seats.parse(verb, rest, view, legal, acting)
    head, text = _split_text(rest)
    battle = view.get("battle")
    pending = battle.get("pending") if battle else None
    if verb in ("yes", "no", "trait"):
        if not head:
            raise CommandError(f"write what after {verb}", VERBS[verb][0])
        palette_check(verb, head, view)
        return [Action(seat=seat, kind=verb, text=head)]
    if verb == "take" and pending is not None:
        return _with([_pick(legal, "take", "taking the hit")], text)
    if verb in ("take", "equip"):
        return _with([_pick(legal, "take", "taking it")], text)
    if verb in _SIMPLE:
        return _with([_pick(legal, _SIMPLE[verb], verb)], text)
    if verb == "turnin":
        return _with([_pick(legal, "turn_in", "turning in a Quest")], text)
    if verb == "build":
        if head.lower() in ("", "default"):
            d = rules().warrior.default
            nums = [d.str, d.agi, d.hp, d.mp]
        else:
            try:
                nums = [int(x) for x in head.replace(",", " ").replace("/", " ").split()]
            except ValueError:
                raise CommandError("give four numbers", VERBS["build"][0]) from None
            if len(nums) == 3:
                nums.append(0)
            if len(nums) != 4:
                raise CommandError("give Str, Agi, HP and MP", VERBS["build"][0])
        return _with([Action(seat=seat, kind="build", args=dict(zip(("str", "agi", "hp", "mp"),
                                                                      nums)))], text)
    if verb == "pronouns":
        word = head.lower().strip()
        if word in ("she", "he", "they", "it", "she/her", "he/him", "they/them", "it/its"):
            return [Action(seat=seat, kind="pronouns", args={"set": word.split("/")[0]})]
        if not word:
            raise CommandError("which pronouns?", VERBS["pronouns"][0])
        try:
            parse_pronouns(head)
        except ValueError as err:
            raise CommandError(str(err), VERBS["pronouns"][0]) from None
        return [Action(seat=seat, kind="pronouns", args={"set": "own"}, text=head.strip())]
    if verb in ("go", "enter"):
        here = next((p for p in view["places"] if p["id"] == view["here"]), None)
        names = {}
        for p in view["places"]:
            if here and p["id"] in here["links"]:
                names[p["name"]] = p["id"]  # "go sleepy heath" names "the Sleepy Heath"
                bare = re.sub(r"^(the|a|an) ", "", p["name"], flags=re.I)
                names.setdefault(bare, p["id"])
        if "town" in head.lower() or "street" in head.lower():
            names["town"] = "street"
        if head.lower().strip() in ("down", "stairs", "up"):
            names[head.lower().strip()] = _stairs(view, here, head.lower().strip())
        pid = match_one(head, names, "place you can reach from here")
        return _with([Action(seat=seat, kind="go", args={"to": pid})], text)
    if verb == "talk":
        if view.get("scene_here") and not any(a.kind == "talk" for a in legal):
            raise RuleError("talk", "one scene in each place per visit: the people here have had "
                            "their say; go somewhere else and come back to talk again")
        return [_pick(legal, "talk", "a scene here").with_text(text or head)]  # the words are the scene's
    if verb == "unlock":
        items = _bare({i["name"]: i["id"] for i in view["warrior"]["quest_items"]})
        if not items:
            raise CommandError("you hold no Quest item to try", VERBS["unlock"][0])
        item = match_one(head, items, "Quest item you hold")
        return [Action(seat=seat, kind="unlock", args={"item": item}, text=text)]
    if verb == "attune":
        el = match_one(head, {e: e for e in rules().elements.names}, "element")
        return _with([_pick(legal, "attune", f"attuning your spells to {el}", element=el)],
                     text)
    if verb == "buy":
        choices = {c.name: c.id for c in rules().consumables}
        kind = match_one(head, choices, "item on sale")
        return _with([Action(seat=seat, kind="buy", args={"kind": kind})], text)
    if verb == "drop":
        item = match_one(head, _pouch(view), "item in your pouch")
        return _with([Action(seat=seat, kind="drop", args={"item": item})], text)
    if verb == "raise":
        words = head.lower().split()
        if len(words) == 1 and words[0]:
            words = words * 2
        counts = {"str": 0, "agi": 0, "hp": 0, "mp": 0}
        for w in words:
            key = {"strength": "str", "agility": "agi"}.get(w, w)
            if key not in counts:
                raise CommandError(f"no stat {w!r}", "str, agi, hp, mp")
            counts[key] += 1
        if legal and legal[0].kind == "party_raise" and len(words) >= 1:
            return [Action(seat=seat, kind="party_raise", args={"stat": words[0]})]
        return _with([Action(seat=seat, kind="raise", args=counts)], text)
    if verb == "block":
        cards = _cards(head, battle)
        return _with([Action(seat=seat, kind="block", args={"cards": sorted(cards)})], text)
    if verb in ("attack", "maneuver", "run", "use", "cast"):
        return _with([_battle_action(verb, head, view, legal, seat)], text)
    if verb == "token":
        raise CommandError("add token to an action to spend a Dragon Token on an extra card",
                           "attack 7h + 9c token")
    if verb == "shop":
        raise CommandError("see show")  # handled by show()
    raise CommandError(f"unknown command {verb!r}", sorted(VERBS))


def _bare(names: dict[str, str]) -> dict[str, str]:
    """Names also without their article: "brass key" names "a brass key with a tooth missing"."""
    out = dict(names)
    for name, i in names.items():
        out.setdefault(re.sub(r"^(the|a|an|some) ", "", name, flags=re.I), i)
    return out


def _stairs(view: dict, here: dict, way: str) -> str:
    """The room the stairs lead to from here (down a floor, or back up)."""
    if way in ("down", "stairs") and here.get("stairs"):
        return here["stairs"]
    for p in view["places"]:
        if p.get("stairs") == here.get("id") and p["id"] in here.get("links", []):
            return p["id"]
    raise CommandError(f"there are no stairs {'down' if way != 'up' else 'up'} here",
                       "go PLACE")


def _pouch(view: dict) -> dict[str, str]:
    return _bare({i["name"]: i["id"] for i in view["warrior"]["pouch"]})


def _cards(text: str, battle: dict | None) -> list[str]:
    out = []
    for word in text.replace(",", " ").split():
        card = C.parse_card(word)
        if card is None:
            raise CommandError(f"{word!r} is not a card", "cards like 7h, 10d, ks, a♠")
        if battle is not None and card not in battle.get("hand", []):
            raise RuleError("your hand", f"{C.label(card)} is not in your hand",
                            [C.labels(battle.get("hand", []))])
        out.append(card)
    return out


def _slots(text: str, battle: dict | None) -> list[list[str]]:
    """``7h 7s + 9c``: a Critical (one rank) and a single card. Without +, cards of one rank
    form one set and other cards each their own slot."""
    groups = [g for g in text.split("+")] if "+" in text else [text]
    slots: list[list[str]] = []
    for g in groups:
        cards = _cards(g, battle)
        if "+" in text:
            if cards:
                slots.append(sorted(cards))
            continue
        by_rank: dict[str, list[str]] = {}
        for c in cards:
            by_rank.setdefault(C.rank_of(c), []).append(c)
        slots += [sorted(v) for v in by_rank.values()]
    return slots


def _battle_action(verb: str, head: str, view: dict, legal: list[Action], seat: str) -> Action:
    battle = view.get("battle")
    words = head.split()
    token = "token" in [w.lower() for w in words]
    words = [w for w in words if w.lower() != "token"]
    target_party = False
    if len(words) >= 2 and [w.lower() for w in words[-2:]] == ["on", "party"]:
        target_party, words = True, words[:-2]
    target = None
    if "at" in [w.lower() for w in words]:
        i = [w.lower() for w in words].index("at")
        foes = _bare({f["name"]: f["id"] for f in (battle or {}).get("fighters", [])})
        target = match_one(" ".join(words[i + 1:]), foes, "foe")
        words = words[:i]
    args: dict = {}
    if verb in ("use", "cast"):
        if not words:
            raise CommandError(f"{verb} what?", VERBS[verb][0])
        if verb == "use":
            held = _pouch(view)
            if battle is not None:  # a Quest item may be held up against a Weakness
                held.update(_bare({i["name"]: i["id"] for i in view["warrior"]["quest_items"]}))
            args["item"], n = _match_prefix(words, held, "item in your pouch")
        else:
            spells = {rules().spell(s).name: s for s in view["warrior"]["spells"]}
            args["spell"], n = _match_prefix(words, spells, "spell you know")
        words = words[n:]
    if battle is None and args.get("spell") == "return" and words:
        names = {p["name"]: p["id"] for p in view["places"]
                 if any(a.args.get("to") == p["id"] for a in legal if a.kind == "cast")}
        names.update({"town": "street", "home": "street"})
        args["to"] = match_one(" ".join(words), names, "town you have been to")
    if battle is None:  # outside battle: no cards
        wanted = {**args, "target": "party" if target_party else "warrior"}
        cands = [a for a in legal if a.kind == verb and all(a.args.get(k) == v
                                                            for k, v in args.items())]
        if not cands:
            raise RuleError(rule_name(verb), not_now(verb, legal), useful_verbs(legal))
        for a in cands:
            if a.args.get("target", "warrior") == wanted["target"]:
                return a
        return cands[0]
    slots = _slots(" ".join(words), battle) if words else []
    cands = [a for a in legal if a.kind == verb and all(a.args.get(k) == v
                                                        for k, v in args.items())]
    if not cands:
        raise RuleError(rule_name(verb), not_now(verb, legal, args.get("item", "")),
                        useful_verbs(legal))
    want = sorted(sorted(s) for s in slots)
    for a in cands:
        got = sorted(sorted(s) for s in a.args.get("slots", []))
        if got != want or bool(a.args.get("token")) != token:
            continue
        if target and a.args.get("target") != target:
            continue
        if "target" in a.args and a.args["target"] in ("warrior", "party") and \
                a.args["target"] != ("party" if target_party else "warrior"):
            continue
        return a
    if not slots and any(not a.args.get("slots") for a in cands):
        return next(a for a in cands if not a.args.get("slots"))
    # not in the legal list: let the engine name the rule
    base = dict(args, slots=[list(s) for s in slots], token=token)
    if verb in ("attack", "cast") and (verb == "attack" or cands[0].args.get("target")):
        base["target"] = target or battle["foe"]
    return Action(seat=seat, kind=verb, args=base)


def _match_prefix(words: list[str], choices: dict[str, str], what: str) -> tuple[str, int]:
    """The longest run of leading words that names one of ``choices``, and how many words."""
    for n in range(len(words), 0, -1):
        try:
            return match_one(" ".join(words[:n]), choices, what), n
        except CommandError:
            continue
    return match_one(words[0], choices, what), 1


def parse_chance(rest: str, options: list[str]) -> list[str]:
    cards = []
    for word in rest.replace(",", " ").split():
        card = C.parse_card(word)
        if card is None:
            raise CommandError(f"{word!r} is not a card", "drew 7h, 10d, ks")
        cards.append(card)
    return cards


# -- what the screen shows -----------------------------------------------------------------------
def show(verb: str, view: dict, rest: str = "") -> str | None:
    if verb == "hand":
        return hand_text(view)
    if verb == "sheet":
        return sheet_text(view)
    if verb == "map":
        return maps.map_text(view, rest.split("--")[0])
    if verb == "shop":
        return shop_text(view)
    return None


def hand_text(view: dict) -> str:
    b = view.get("battle")
    if not b or "hand" not in b:
        return "No cards: hands are dealt in battle."
    return f"Your hand ({len(b['hand'])}): " + (C.labels(b["hand"]) or "empty")


def sheet_text(view: dict) -> str:
    w = view["warrior"]
    gear = []
    for slot in ("weapon", "armor", "offhand"):
        item = w[slot]
        gear.append(f"{slot}: {item['name']} +{item['level']}" if item else f"{slot}: -")
    pouch = ", ".join(f"{i['name']} +{i['level']}" for i in w["pouch"]) or "empty"
    spells = ", ".join(rules().spell(s).name for s in w["spells"]) or "none"
    return "\n".join([
        f"{w['name'] or 'The Warrior'} ({w['pronouns']}) · Level {w['level']} · XP {w['xp']} "
        f"(next Level at {w['next_level']})",
        f"Str {w['str']} · Agi {w['agi']} · Attack {w['attack']} · HP {w['hp']}/{w['max_hp']} · "
        f"MP {w['mp']}/{w['max_mp']} · Defense {w['defense']}/{w['max_defense']} · "
        f"hand {w['hand_size']}",
        " · ".join(gear),
        f"Pouch {w['pouch_used']}/{w['pouch_capacity']}: {pouch}",
        f"Spells: {spells} · Quest items: "
        + (", ".join(i["name"] for i in w["quest_items"]) or "none"),
        f"Traits: {'; '.join(w['traits']) or '-'} · Dragon Tokens: {view['tokens']['warrior']}"])


def map_text(view: dict) -> str:
    return maps.map_text(view)


def status(view: dict) -> str:
    parts = [sheet_text(view), map_text(view)]
    b = view.get("battle")
    if b:
        parts.append(battle_text(view))
    return "\n".join(parts)


def battle_text(view: dict) -> str:
    b = view["battle"]
    w = view["warrior"]
    rows = [f"You: HP {w['hp']}/{w['max_hp']} · Defense {w['defense']}/{w['max_defense']} · "
            f"MP {w['mp']}/{w['max_mp']}"]
    for f in b["fighters"]:
        rows.append(f"{f['name']}: HP {f['hp']}/{f['max_hp']} · Defense {f['defense']}/"
                    f"{f['max_def']} · MP {f['mp']}/{f['max_mp']} · Atk {f['atk']}")
    if view.get("party"):
        p = view["party"]
        rows.append(f"{p['name']} (Party Member): HP {p['hp']}/{p['max_hp']} · Atk {p['atk']}")
    rows.append(f"The foe holds {grammar.count(b['hands']['villain'], 'card')}; deck {b['deck']}.")
    return "\n".join(rows)


def toolbar(view: dict) -> str:
    w = view["warrior"]
    b = view.get("battle")
    if b:
        foes = " · ".join(f"{f['name']} HP {f['hp']}/{f['max_hp']} Def {f['defense']}"
                          f"/{f['max_def']}" + (f" MP {f['mp']}" if f["max_mp"] else "")
                          for f in b["fighters"])
        hand = C.labels(b.get("hand", [])) or "-"
        mine = view.get("seat") in ("warrior", None)  # --seat villain: the Warrior is theirs
        who = "you" if mine else (w.get("name") or "the Warrior")
        tokens = view["tokens"]["warrior" if mine else "others"]
        return (f" Battle · {who} HP {w['hp']}/{w['max_hp']} Def {w['defense']}/"
                f"{w['max_defense']} MP {w['mp']}/{w['max_mp']} · {foes} · hand {hand} · "
                f"tokens {tokens} · [F1] help")
    here = next((p["name"] for p in view.get("places", []) if p["id"] == view.get("here")),
                "session zero")
    qs = [q for q in view.get("quests", []) if not q["turned_in"]]
    n_open = sum(not q["done"] for q in qs)
    q = (f" · {grammar.count(n_open, 'Quest')} open" if n_open else
         f" · Quest done: turn it in" if qs else "")
    return (f" {here} · Lv {w['level']} XP {w['xp']}/{w['next_level']} · HP {w['hp']}/"
            f"{w['max_hp']} · MP {w['mp']}/{w['max_mp']} · pouch {w['pouch_used']}/"
            f"{w['pouch_capacity']}{q} · [F1] help")


def complete(verb: str, view: dict, legal: list[Action]) -> list[str]:
    b = view.get("battle")
    if legal and legal[0].seat in seats.SEAT_VERBS:
        if verb in ("attack", "maneuver", "block", "cast") and b:
            return [c.lower() for c in b.get("hand", [])]
        if verb == "stat" or verb == "raise":
            return ["atk", "def", "hp", "mp"]
        if verb == "give":
            return sorted({a.args["kind"] for a in legal if a.kind == "give"})
        return []
    if verb in ("attack", "maneuver", "run", "block") and b:
        return [c.lower() for c in b.get("hand", [])]
    if verb in ("go", "enter"):
        here = next((p for p in view.get("places", []) if p["id"] == view.get("here")), None)
        return list(here["links"]) if here else []
    if verb in ("use", "drop"):
        return [i["name"] for i in view["warrior"]["pouch"]]
    if verb == "cast":
        return [rules().spell(s).name for s in view["warrior"]["spells"]]
    if verb == "buy":
        return [c.name for c in rules().consumables]
    if verb == "raise":
        return ["str", "agi", "hp", "mp"]
    if verb == "pronouns":
        return ["she", "he", "they"]
    return []


_KIND_VERB = {"attack": "attack", "maneuver": "maneuver", "run": "run", "block": "block",
              "take": "take", "spellblock": "spellblock", "use": "use", "cast": "cast",
              "go": "go", "talk": "talk", "search": "search", "rest": "rest", "buy": "buy",
              "fight": "fight", "turn_in": "turnin", "award": "award", "end": "end",
              "open": "open", "leave": "leave", "drop": "drop", "accept": "accept",
              "decline": "decline", "raise": "raise", "unlock": "unlock", "party_raise": "raise", "yes": "yes",
              "no": "no", "done": "done", "build": "build", "pronouns": "pronouns",
              "trait": "trait", "attune": "attune", "swap": "swap"}


_OTHER_WORDS = {"drawn": "done drawing", "poi": "a point of interest"}


def useful_verbs(legal: list[Action]) -> list[str]:
    if legal and legal[0].seat in seats.SEAT_VERBS:
        return seats.seat_verbs_now(legal[0].seat, legal) + ["actions"]
    verbs = []
    for a in legal:
        v = _KIND_VERB.get(a.kind)
        if v and v not in verbs:
            verbs.append(v)
    return verbs + ["sheet", "map", "hand"]


def turn_hint(view: dict, legal: list[Action], seat: str) -> str:
    kinds = {a.kind for a in legal}
    phase = view.get("phase")
    b = view.get("battle")
    if phase == "palette":
        return ("The palette: add to the Yes list (yes TEXT) or the No list (no TEXT), or say "
                "done.")
    if legal and legal[0].seat != "warrior":  # the other side (--seat villain): its verbs
        return seats.hint(legal[0].seat, legal)
    if phase == "create":
        return ("Make the Warrior: 10 points over Str 1, Agi 1, HP 5 (+1 Str, +1 Agi, +5 HP or "
                "+5 MP each; a spell per 10 MP). build default (Str 6, Agi 3, HP 20) or build "
                "STR AGI HP MP.")
    if phase == "pronouns":
        return ("The Warrior's pronouns: pronouns she, he, they or it, or your own set "
                "(pronouns xe/xem/xyr).")
    if phase == "chests":
        left = 3 - int(view.get("chests") or 0)  # the chests opened so far are not waiting
        return {3: "Three chests wait", 2: "Two chests still wait", 1: "One chest still waits"
                }.get(left, "A chest waits") + " in the throne room: open."
    if phase == "found":
        found = view["found"]["name"]  # "a Thorn Whip" opens the prompt: "A Thorn Whip"
        return f"{found[:1].upper()}{found[1:]}: take it or leave it" + (
            " (the pouch is full: drop ITEM first)" if "drop" in kinds else "") + "."
    if phase == "join":
        return "A friend offers to join you: accept or decline."
    if phase == "level_up":
        return level_up_hint(view, legal)
    if b:
        hand = C.labels(b.get("hand", [])) or "(empty)"
        p = b.get("pending")
        if p is not None and p["by"] != "warrior":
            return (f"Attacked with {C.labels(c for s in p['slots'] for c in s)}: block CARDS "
                    f"(equal or higher rank on each), take the hit"
                    + (", or spellblock" if "spellblock" in kinds else "") + f". Hand: {hand}")
        return (f"Your turn. Hand: {hand}. attack CARDS, maneuver CARD, run CARD"
                + (", use ITEM CARD" if "use" in kinds else "")
                + (", cast SPELL CARDS" if "cast" in kinds else "") + ".")
    if phase == "explore":
        here = next(p for p in view["places"] if p["id"] == view["here"])
        if here["kind"] == "dungeon" and not here.get("opened") and "unlock" in kinds:
            be = grammar.agree("is", phrase(here["name"]).plural)  # "the Tooth Caves are"
            return (f"{here['name'][:1].upper()}{here['name'][1:]} {be} barred: "
                    f"{here.get('obstacle')}. Try a Quest item you hold: unlock ITEM -- how "
                    "you use it. Or go back.")
        names = {p["id"]: p["name"] for p in view["places"]}
        exits = ", ".join(names.get(x, x) for x in here["links"])
        must = " A battle must come before you leave (fight)." if view["forced"] else ""
        return (f"You are in {here['name']}. Exits: {exits}.{must} You can: "
                + ", ".join(useful_verbs(legal)) + ".")
    return ""


def rewrite(raw: str, view: dict, legal: list[Action]) -> str | None:
    """A line that is no verb: a bare ``she`` (or ``xe/xem/xyr``) when the Warrior's pronouns are
    asked is ``pronouns she``."""
    word = raw.strip().lower()
    if any(a.kind == "pronouns" for a in legal) and word and (
            word in ("she", "he", "they", "it") or "/" in word):
        return f"pronouns {raw.strip()}"
    return None


def check_answer(action: Action, text: str) -> str | None:
    """An answer typed with the verb of its question (``name Wren`` at the name prompt) is the
    words after it: the Warrior is Wren, not 'name Wren'. The kind of warrior is one word."""
    head, _, rest = text.strip().partition(" ")
    if head.lower() == action.kind and rest.strip():
        text = rest.strip()
    if action.kind == "adjective" and len(text.split()) > 1:
        # played: a trait typed here became "the wants lord"
        raise CommandError(f"one word is asked, for the kind of warrior you are (it names the "
                           f"final lord), not “{text}”", "one word: bold, gentle, quiet, grim...")
    return text
