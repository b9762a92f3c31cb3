"""High Stakes at the prompt: its verbs, their completions, the toolbar and the status screen.

Verbs turn typed words into Actions; the engine alone decides whether they are legal. A typed name
(a Trait, a Relationship, a character) is looked up among the player's own sheet, and the action is
taken from the legal list when it is there, so its arguments are exactly the engine's. When it is
not, the action is still sent, so the engine's refusal names the rule (a Trait already used this
session, the one Rest already had...).

Everyday play: ``body|mind|aura TEXT`` says what your character does and with which attribute;
``trait``, ``rel``, ``unique``, ``secret``, ``raise``, ``heroic`` add dice; ``roll``; then ``keep``,
``explode`` or ``cancel`` for each 6. Everything else the prompt asks for, you simply type.
"""
from __future__ import annotations

from companion.core.game import Action, RuleError
from companion.core.verbs import CommandError, is_number
from companion.core.verbs import match_one, norm
from companion.story import reading

from .data import ATTRIBUTES, load
from .plan import pick_approach
from .screen import (  # noqa: F401  (the screen's texts: the controller reads them from here)
    LEGEND,
    MARKS,
    _char_by,
    _chars,
    pool_text,
    secrets_text,
    sheet_text,
    show,
    status,
    toolbar,
    turn_hint,
)

ATTR = {"body": "Body", "mind": "Mind", "aura": "Aura"}

VERBS: dict[str, tuple[str, str]] = {
    "body": ("body [WHO:] WHAT YOU DO",
             "Act with Body: fight, climb, run, sneak, endure. Say what you do in your own words "
             "(body I throw my rope over the wall). With several characters, name who first "
             "(body rust: I climb)."),
    "mind": ("mind [WHO:] WHAT YOU DO",
             "Act with Mind: search, notice, remember, plan, pick a lock, resist."),
    "aura": ("aura [WHO:] WHAT YOU DO",
             "Act with Aura: persuade, trick, lie, charm, command, intimidate."),
    "trait": ("trait [WHO:] NAME|N [x2]",
              "Add a Trait's die (+1; a VERY good Trait +2, or x1 to keep one for later). Each "
              "Trait works once per session, until the Rest scene refreshes it."),
    "rel": ("rel NAME|N [-- how]",
            "Add a Relationship's die (+1) in a scene about that person; once per session until the "
            "Rest. A revenge bond gives +2 against the villain who killed a friend."),
    "unique": ("unique [-- how]", "Use your Unique Thing: +2 dice, once per session (Rest does not "
                                  "bring it back). At creation: unique TEXT describes it."),
    "secret": ("secret [-- how it comes out]",
               "Reveal your Personal Secret in this scene: +2 dice, once per campaign. At creation: "
               "secret TEXT describes it."),
    "raise": ("raise [WHO:] CONSEQUENCE [-- how]",
              "Raise the stakes: accept a worse consequence for failure for its bonus dice: face, "
              "equipment, wounded, relationship, concentration +1; freedom +2; social_death, "
              "deaths_door +3; game_over +4. Not in a flashback."),
    "heroic": ("heroic TRAIT [-- how]",
               "Heroic Effort: when the GM has put your life at stake, burn a Trait for +2 dice. It "
               "is gone until Experience wins it back."),
    "aid": ("aid WHO [-- how]", "Another of your characters helps the roll: +1 die, and shares "
                                "the consequence (or lend one of their Traits instead)."),
    "lend": ("lend WHO TRAIT [-- how]", "A friend helps by lending a fitting Trait: +1 die (the Trait is "
             "spent; one die per friend, so not as well as helping plainly)."),
    "join": ("join WHO ATTRIBUTE", "Team effort: another character rolls their own dice; all "
                                   "successes add up."),
    "share": ("share WHO ATTRIBUTE [-- how]",
              "Shared scene: another character takes on their own part of the trouble and rolls "
              "their own dice against their own share of the Difficulty (split it next). Each "
              "raises the stakes alone; only those whose part fails pay."),
    "split": ("split N N ...", "Shared scene: split the Difficulty between the characters, in "
                               "the order shown by pool (split 2 3: 2 for the first, 3 for the "
                               "second); the parts add up to the Difficulty, each at least 1."),
    "contest": ("contest WHO WHO ATTRIBUTE [-- over what]",
                "Two of your characters compete: attribute dice against attribute dice."),
    "roll": ("roll", "Roll the pool (with Difficulty + 6 dice or more it is overkill: no roll). "
                     "Then `pool` shows each die: {legend}."),
    "keep": ("keep [N] [-- WORDS]", "Keep a 6 as a success (N: which die; default the first 6). "
                         "After a story: keep your attributes as they are."),
    "explode": ("explode [N] [-- WORDS]", "Explode a 6: it is replaced by two new dice (and so on, for every 6)."),
    "cancel": ("cancel [SIX ONE] [-- WORDS]", "Spend a 6 to cancel a 1 (no complication from it)."),
    "done": ("done", "Done with the sixes (keep the rest of the dice as they are)."),
    "tiebreak": ("tiebreak", "A tied contest: roll one die to decide it."),
    "draw": ("draw [-- how]", "A tied contest: call it a draw."),
    "element": ("element [KIND] -- WHAT BECOMES TRUE",
                "After a 6: add a narrative element to the story (kinds: elements)."),
    "skip": ("skip", "Skip the optional step: the Personal Secret or Unique Thing at creation, or "
                     "the narrative element."),
    "rest": ("rest [-- where and how]",
             "Between scenes, somewhere safe: narrate the session's one Rest scene (Traits and "
             "Relationships refresh, losses heal). Not while the action goes on (a prisoner, a chase)."),
    "on": ("on [anyway]", "Between scenes: no Rest now, go on to the next scene."),
    "leave": ("leave [anyway] [-- where to]", "Move on: end the current scene (it warns first when that would end the story)."),
    "premade": ("premade NAME", "Play a ready-made Nightblade (Ash, Rust, Wind)."),
    "build": ("build", "Build your own character: 8 dice over Body, Mind and Aura, 5 Traits, 3 "
                       "Relationships, an optional Secret and Unique Thing."),
    "dice": ("dice BODY MIND AURA", "At creation: spread 8 dice, 1 to 4 each (dice 3 2 3)."),
    "learn": ("learn TEXT", "Experience: a new Trait from this story."),
    "bond": ("bond TEXT", "Experience: a new Relationship from this story."),
    "very": ("very TRAIT", "Experience: make a Trait VERY good (+2)."),
    "restore": ("restore TRAIT", "Experience: win back a Trait burned in a Heroic Effort."),
    "move": ("move FROM TO", "After your first story: move one die between attributes (1-4)."),
    "sheet": ("sheet [WHO]", "Show the character sheet: attributes and losses, Traits, "
                             "Relationships, what is used."),
    "pool": ("pool", "Show the roll in progress: the stakes, the pool's sources, the dice."),
    "secrets": ("secrets", "What you have uncovered, and what the players made true."),
    "ladder": ("ladder", "The Difficulty ladder with examples."),
    "consequences": ("consequences", "The consequence table with the bonus dice for raising."),
    "elements": ("elements", "Kinds of narrative element."),
    "drew": ("drew N N N ...", "(physical dice) Type the faces you rolled on your real dice."),
}

# What each mark on a die means (shown under the dice in `pool`, and in `help roll`).
VERBS["roll"] = (VERBS["roll"][0], VERBS["roll"][1].format(legend=LEGEND))

# The verbs a Game Master at the table uses: the GM's moves are numbered (actions, do N -- TEXT);
# these only look. The player's verbs (body, trait, roll...) are not the GM's to type.
GM_VERBS = ("sheet", "pool", "secrets", "ladder", "consequences", "elements", "drew")

READ_ONLY = {"sheet", "pool", "secrets", "ladder", "consequences", "elements"}


def verbs_for(seat: str | None) -> dict[str, tuple[str, str]]:
    """The game's verbs the seat may type (help lists these)."""
    if seat == "gm":
        return {v: VERBS[v] for v in GM_VERBS}
    return VERBS


def _split_text(rest: str) -> tuple[str, str]:
    if "--" in rest:
        head, text = rest.split("--", 1)
        return head.strip(), text.strip()
    return rest.strip(), ""


def _pick(legal: list[Action], seat: str, kind: str, text: str = "", **args) -> Action:
    """The legal action of ``kind`` whose args include ``args`` (with text); when none is legal, a
    bare Action with those args, so the engine's refusal names the broken rule."""
    for a in legal:
        if a.kind == kind and all(a.args.get(k) == v for k, v in args.items()):
            return a.with_text(text) if text else a
    return Action(seat=seat, kind=kind, args=args, text=text)


def _me(view: dict) -> dict:
    roll = view.get("roll") or {}
    if roll.get("pools"):
        cid = roll["pools"][0]["character"]
    else:
        act = [c for c in view.get("characters", []) if c["status"] == "active"]
        if not act:
            raise CommandError("no character is in play")
        cid = act[0]["id"]
    return next(c for c in view["characters"] if c["id"] == cid)


def _whose(view: dict, head: str) -> tuple[dict | None, str]:
    """``WHO: rest`` names one of the characters rolling; else (None, head)."""
    if ":" in head:
        name, rest = head.split(":", 1)
        if len(name.split()) == 1:
            rolling = {p["character"] for p in (view.get("roll") or {}).get("pools", [])}
            c = _char_by(view, name.strip())
            if c["id"] not in rolling:
                raise CommandError(f"{c['name']} is not rolling here", "trait WHO: N, raise WHO: CONSEQUENCE")
            return c, rest.strip()
    return None, head


def _numbered(text: str, items: list[dict], what: str) -> str:
    """An item id by number (1-based) or by name."""
    t = text.strip()
    if is_number(t):
        k = int(t)
        if not 1 <= k <= len(items):
            raise CommandError(f"there is no {what} number {k}", f"1 to {len(items)}")
        return items[k - 1]["id"]
    return match_one(t, {i["name"]: i["id"] for i in items}, what)


def _attr(word: str) -> str:
    w = norm(word)
    for a in ATTRIBUTES:
        if a.startswith(w) and w:
            return a
    raise CommandError(f"{word!r} is not an attribute", "body, mind, aura")


def _warn_if_it_ends(view: dict, anyway: str) -> None:
    """``leave`` and ``on`` end the story when the road leads to an ending: say so first."""
    from .policy import story_next

    what, where = story_next(view)  # the road, and the night's clock
    if what == "end":
        ending = load().endings.get(where)
        raise CommandError(f"this ends the story here ({ending.title if ending else where}): "
                           f"type `{anyway}` to end it, or try something else first")


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    head, text = _split_text(rest)
    kinds = {a.kind for a in legal}
    if verb in ATTRIBUTES:
        words = rest.strip().removeprefix("--").strip()
        who = None
        if ":" in words.split(" ", 1)[0] or (":" in words and len(words.split(":", 1)[0].split()) == 1):
            name, words = words.split(":", 1)
            who = _char_by(view, name)["id"]
        if who is None:
            if "act" not in kinds:
                raise RuleError("phase", "you cannot declare an action now")
            who = next(a.args["character"] for a in legal if a.kind == "act")
        words = words.strip()
        if words.startswith("--"):  # "body ash: -- I climb": the words mark of the other verbs
            words = words[2:].strip()
        if not words:
            raise CommandError(f"say what you do: {verb} WHAT YOU DO")
        return [_pick(legal, seat, "act", words, character=who, attribute=verb)]
    if verb in ("trait", "rel", "raise", "heroic", "unique", "secret") and view.get("phase") == "pool":
        c, head = _whose(view, head)  # "trait rust: 3": a team or shared scene names whose dice
    else:
        c = None
    if verb == "trait":
        c = c or _me(view)
        dice = None
        parts = head.split()
        if parts and parts[-1].lower() in ("x1", "x2"):
            dice = int(parts[-1][1])
            head = " ".join(parts[:-1])
        tid = _numbered(head, c["traits"], "Trait")
        t = next(x for x in c["traits"] if x["id"] == tid)
        args = {"character": c["id"], "trait": tid}
        if t["very"]:
            args["dice"] = dice or min(2, max(1, t["left"]))
        return [_pick(legal, seat, "trait", text, **args)]
    if verb == "rel":
        c = c or _me(view)
        rid = _numbered(head, c["relationships"], "Relationship")
        return [_pick(legal, seat, "relationship", text, character=c["id"], relationship=rid)]
    if verb in ("unique", "secret"):
        if view.get("phase") == "create":
            if not rest.strip():
                raise CommandError(f"describe it: {verb} TEXT (or skip)")
            return [_pick(legal, seat, verb, rest.strip())]
        c = c or _me(view)
        return [_pick(legal, seat, verb, text, character=c["id"])]
    if verb == "raise":
        c = c or _me(view)
        table = {x.id: x.id for x in load().core.consequence}
        table.update({x.name: x.id for x in load().core.consequence})
        kind = match_one(head.replace(" ", "_") if head.replace(" ", "_") in table else head, table,
                         "consequence")
        return [_pick(legal, seat, "raise", text, character=c["id"], consequence=kind)]
    if verb == "heroic":
        c = c or _me(view)
        tid = _numbered(head, c["traits"], "Trait")
        return [_pick(legal, seat, "heroic", text, character=c["id"], trait=tid)]
    if verb == "aid":
        h = _char_by(view, head)
        return [_pick(legal, seat, "help", text, helper=h["id"])]
    if verb == "lend":
        parts = head.split(None, 1)
        if len(parts) < 2:
            raise CommandError("lend WHO TRAIT")
        h = _char_by(view, parts[0])
        tid = _numbered(parts[1], h["traits"], "Trait")
        return [_pick(legal, seat, "lend", text, helper=h["id"], trait=tid)]
    if verb == "join":
        parts = head.split()
        if len(parts) != 2:
            raise CommandError("join WHO ATTRIBUTE", "join wind body")
        c = _char_by(view, parts[0])
        return [_pick(legal, seat, "join", text, character=c["id"], attribute=_attr(parts[1]))]
    if verb == "share":
        parts = head.split()
        if len(parts) != 2:
            raise CommandError("share WHO ATTRIBUTE", "share rust mind")
        c = _char_by(view, parts[0])
        return [_pick(legal, seat, "share", text, character=c["id"], attribute=_attr(parts[1]))]
    if verb == "split":
        roll = view.get("roll") or {}
        pools = roll.get("pools") or []
        values = head.replace(",", " ").split()
        if roll.get("kind") != "shared" or len(pools) < 2:
            raise RuleError("shared-scene", "there is no shared scene to split: share WHO ATTRIBUTE first")
        if len(values) != len(pools) or not all(is_number(v) and int(v) >= 1 for v in values):
            raise CommandError(f"give {len(pools)} parts, each at least 1, in the order pool shows",
                               "split " + " ".join(["1"] * len(pools)))
        nums = [int(v) for v in values]
        if sum(nums) != roll["difficulty"]:
            raise CommandError(f"the parts must add up to the Difficulty, {roll['difficulty']} "
                               f"(these make {sum(nums)})")
        return [_pick(legal, seat, "part", pool=i, value=v) for i, v in enumerate(nums[:-1])]
    if verb == "contest":
        parts = head.split()
        if len(parts) != 3:
            raise CommandError("contest WHO WHO ATTRIBUTE", "contest ash wind body")
        a, b = _char_by(view, parts[0])["id"], _char_by(view, parts[1])["id"]
        order = [c["id"] for c in view["characters"]]
        if order.index(a) > order.index(b):
            a, b = b, a
        return [_pick(legal, seat, "contest", text, first=a, second=b, attribute=_attr(parts[2]))]
    if verb == "roll":  # words given with the roll are the player's: they reach the story
        return [_pick(legal, seat, "roll", text)]
    if verb in ("keep", "explode", "cancel", "done"):
        if verb == "keep" and view.get("phase") == "experience":
            return [_pick(legal, seat, "keep_dice")]
        return [_six(verb, head, view, legal, seat, text)]
    if verb in ("tiebreak", "draw"):
        return [_pick(legal, seat, verb, text)]
    if verb == "element":
        elements = {e.id: e.id for e in load().core.element}
        kind = "own"
        if head:
            kind = match_one(head, elements, "kind of element")
        if not text:
            raise CommandError("say what becomes true: element [KIND] -- TEXT")
        return [_pick(legal, seat, "element", text, element=kind)]
    if verb == "skip":
        for k in ("no_secret", "no_unique", "skip_element"):
            if k in kinds:
                return [_pick(legal, seat, k)]
        raise RuleError("phase", "there is nothing optional to skip now")
    if verb == "rest":
        told = rest.strip().lstrip("-").strip()  # "rest in the attic, ..." is told "In the attic, ..."
        return [_pick(legal, seat, "rest", told[:1].upper() + told[1:])]
    if verb == "on":
        if head.strip().lower() not in ("anyway", "!"):
            _warn_if_it_ends(view, "on anyway")
        return [_pick(legal, seat, "go_on", text)]
    if verb == "leave":
        said = rest.strip().lstrip("-").strip()
        if head.strip().lower() in ("anyway", "!"):
            said = text
        elif "move_on" in kinds:
            _warn_if_it_ends(view, "leave anyway")
        return [_pick(legal, seat, "move_on", said)]
    if verb == "premade":
        pm = {p.name: p.id for p in load().adv.premade}
        return [_pick(legal, seat, "premade", id=match_one(head, pm, "ready-made character"))]
    if verb == "build":
        return [_pick(legal, seat, "build")]
    if verb == "dice":
        nums = head.replace(",", " ").split()
        if len(nums) != 3 or not all(is_number(n) for n in nums):
            raise CommandError("dice BODY MIND AURA", "dice 3 2 3")
        b, m, a = map(int, nums)
        return [_pick(legal, seat, "attributes", body=b, mind=m, aura=a)]
    if verb in ("learn", "bond"):
        if not rest.strip():
            raise CommandError(f"{verb} TEXT")
        kind = "new_trait" if verb == "learn" else "new_relationship"
        c = _exp_char(view)
        return [_pick(legal, seat, kind, rest.strip(), character=c["id"])]
    if verb in ("very", "restore"):
        c = _exp_char(view)
        tid = _numbered(head, c["traits"], "Trait")
        return [_pick(legal, seat, "very_good" if verb == "very" else "restore", character=c["id"], trait=tid)]
    if verb == "move":
        parts = head.split()
        if len(parts) != 2:
            raise CommandError("move FROM TO", "move mind body")
        c = _exp_char(view)
        return [_pick(legal, seat, "move_die", character=c["id"], **{"from": _attr(parts[0]), "to": _attr(parts[1])})]
    raise CommandError(f"unknown command {verb!r}", sorted(VERBS))


def _exp_char(view: dict) -> dict:
    if view.get("phase") != "experience":
        raise RuleError("phase", "Experience comes at the end of the story")
    queue = view.get("exp_queue") or []
    for a in view["characters"]:  # the character whose Experience is due (then the first alive)
        if queue and a["id"] == queue[0]:
            return a
    for a in view["characters"]:
        if a["status"] == "active":
            return a
    raise CommandError("no character takes Experience")


def _six(verb: str, head: str, view: dict, legal: list[Action], seat: str, text: str = "") -> Action:
    roll = view.get("roll") or {}
    if view.get("phase") != "sixes":
        raise RuleError("sixes", "there are no sixes to decide now")
    cur = roll["current"]
    dice = roll["pools"][cur]["dice"]
    if verb == "done":
        return _pick(legal, seat, "done", text)
    words = [x for x in head.split() if not is_number(x)]
    if words:  # words for the story go after --; a die is a number (they were dropped)
        raise CommandError(f"{verb} takes the number of a die, not {' '.join(words)!r}: your "
                           "words for the story go after --", f"{verb} -- {' '.join(words)}")
    nums = [int(x) - 1 for x in head.split() if is_number(x)]
    if verb in ("keep", "explode"):
        pending = [i for i, d in enumerate(dice) if d["state"] == "pending"]
        die = nums[0] if nums else (pending[0] if pending else -1)
        return _pick(legal, seat, verb, text, pool=cur, die=die)
    sixes = [i for i, d in enumerate(dice) if d["state"] in ("pending", "kept")]
    ones = [i for i, d in enumerate(dice) if d["state"] == "one"]
    six = nums[0] if len(nums) > 0 else (sixes[0] if sixes else -1)
    one = nums[1] if len(nums) > 1 else (ones[0] if ones else -1)
    return _pick(legal, seat, "cancel", text, pool=cur, die=six, one=one)


def rewrite(raw: str, view: dict, legal: list[Action]) -> str | tuple[str, str] | None:
    """A line that is no verb: ``body: I climb`` is ``body I climb``; plain words when an action is
    due are declared with the attribute the reading layer finds in them ("I ask Willow whether..."
    is Aura; "I shin up the fig tree" is Body), with a notice saying so; words that imply none get
    asked which attribute they use (rather than 'unknown command')."""
    head, _, rest = raw.partition(" ")
    word = head.rstrip(":").lower()
    if head.endswith(":") and word in ATTRIBUTES:
        return f"{word} {rest}"
    if any(a.kind == "act" for a in legal):
        attribute = ruled_attribute(view, raw, reading.read(raw).declared_attribute)
        if attribute in ATTRIBUTES:
            return (f"{attribute} {raw}", f"Read as {ATTR[attribute]} (another: undo, then "
                                          "body / mind / aura WORDS).")
        raise CommandError("which attribute? type body (act, fight, climb), mind (search, "
                           "notice, plan) or aura (talk, charm, lie): your words are kept",
                           kept=raw)
    return None


def ruled_attribute(view: dict, raw: str, implied: str) -> str:
    """The attribute the GM will rule for these words: the one of the scene's way they find
    (the GM's own pick on the same reading: "I crouch low and search the wall for cracks" finds
    "find a way over", Mind, though its first verb is a crouch), else the one the words imply
    (their own way, as said)."""
    if implied not in ATTRIBUTES:
        return implied
    found = pick_approach(view, raw, implied, load())
    if found is None or found[1].reason.startswith("as you said it"):
        return implied
    return found[1].attribute


def parse_chance(rest: str, options: list[str]) -> list[str]:
    """Faces typed for a physical roll: numbers 1-6, separated by spaces or commas."""
    faces = rest.replace(",", " ").split()
    bad = [f for f in faces if f not in options]
    if not faces or bad:
        raise CommandError(f"type the faces you rolled, 1 to 6 (not {' '.join(bad) or 'nothing'})",
                           "drew 3 5 6 1")
    return faces


def complete(verb: str, view: dict, legal: list[Action]) -> list[str]:
    kinds = {a.kind for a in legal}
    if verb == "trait":
        return [a.args["name"] for a in legal if a.kind == "trait"]
    if verb == "rel":
        return [a.args["name"] for a in legal if a.kind == "relationship"]
    if verb == "heroic":
        return [a.args["name"] for a in legal if a.kind == "heroic"]
    if verb == "raise":
        return [a.args["consequence"] for a in legal if a.kind == "raise"]
    if verb in ("aid", "join", "share", "sheet"):
        return list(_chars(view))
    if verb == "premade":
        return [a.args["name"] for a in legal if a.kind == "premade"]
    if verb == "element":
        return [a.args["element"] for a in legal if a.kind == "element"]
    if verb in ("very", "restore"):
        k = "very_good" if verb == "very" else "restore"
        return [a.args["name"] for a in legal if a.kind == k]
    if verb in ("move",):
        return list(ATTRIBUTES) if "move_die" in kinds else []
    return []


USEFUL = [
    ("premade", "premade"), ("build", "build"), ("dice", "attributes"), ("skip", "no_secret"),
    ("skip", "no_unique"), ("secret", "secret"), ("unique", "unique"),
    ("body", "act"), ("mind", "act"), ("aura", "act"), ("contest", "contest"), ("leave", "move_on"),
    ("rest", "rest"), ("on", "go_on"),
    ("trait", "trait"), ("rel", "relationship"), ("raise", "raise"), ("heroic", "heroic"),
    ("aid", "help"), ("lend", "lend"), ("join", "join"), ("share", "share"), ("split", "part"),
    ("roll", "roll"),
    ("keep", "keep"), ("explode", "explode"), ("cancel", "cancel"), ("done", "done"),
    ("tiebreak", "tiebreak"), ("draw", "draw"), ("element", "element"), ("skip", "skip_element"),
    ("learn", "new_trait"), ("bond", "new_relationship"), ("very", "very_good"),
    ("restore", "restore"), ("move", "move_die"), ("keep", "keep_dice"),
]


def label(action: Action, view: dict) -> str:
    """``actions``' words for a move: characters by name, consequences by name (not ids)."""
    from . import GAME

    return GAME.label(action, {c["id"]: c["name"] for c in view.get("characters", [])})


def useful_verbs(legal: list[Action]) -> list[str]:
    kinds = {a.kind for a in legal}
    out: list[str] = []
    for verb, kind in USEFUL:
        if kind in kinds and verb not in out:
            out.append(verb)
    return out + ["sheet", "pool"]

