"""Words for actions: a short label for each legal action, and the RuleError (naming the rule
broken) for an action that is not legal now."""
from __future__ import annotations

from companion.core.game import Action, RuleError

from .base import ATTR_NAME, PHASE_KINDS, Base
from .model import State


# What is going on, in words (never an internal phase name on screen).
MOMENT = {
    "create": "the characters are being made", "frame": "the GM is setting the next scene",
    "between": "you are between scenes", "declare": "it is time to say what you do",
    "call": "the GM is deciding whether it takes a roll", "stakes": "the GM is setting the stakes",
    "pool": "the dice pool is being built", "roll": "the dice are being rolled",
    "judge": "the GM is judging whether that fits the roll",
    "sixes": "the 6s are being decided", "explode": "an exploded 6 is being rolled",
    "tiebreak": "a tied contest waits", "tiebreak_roll": "the tie-breaking die is being rolled",
    "lose_relationship": "the GM is choosing the Relationship that ends",
    "element": "a narrative element may be added", "veto": "the GM is weighing the element",
    "narrate": "the outcome is being told", "complication": "the GM is choosing a setback",
    "after": "the GM is deciding what happens next", "experience": "Experience is being taken",
    "over": "the story is over",
}


# The arguments that hold a character's id, and the ones that hold a consequence's.
WHO_ARGS = ("character", "helper", "first", "second")
OWN_DICE = ("trait", "relationship", "secret", "unique", "raise", "heroic")  # one character's


class Labels(Base):
    def label(self, action: Action, names: dict[str, str]) -> str:
        """An action in words, with the characters by their names (``names``: id -> name, from
        the state or a view) and consequences and setbacks by theirs, never by their ids."""
        rules, a = self.rules, dict(action.args)
        for key in WHO_ARGS:
            if a.get(key) in names:
                a[key] = names[a[key]]
        if "consequence" in a and a["consequence"] in rules.consequences:
            a["consequence"] = rules.consequences[a["consequence"]].name.lower()
        if isinstance(a.get("kinds"), list):
            a["kinds"] = [rules.consequences[k].name.lower() if k in rules.consequences else k
                          for k in a["kinds"]]
        if action.kind == "complication" and a.get("id") in rules.complications:
            a["id"] = rules.complications[a["id"]].text
        if isinstance(a.get("name"), str):
            a["name"] = a["name"].rstrip(".")  # "Unique Thing: a lucky copper (+2)"
        said = self._describe(action.model_copy(update={"args": a}))
        if len(names) > 1 and action.kind in OWN_DICE and action.args.get("character") in names:
            return f"{names[action.args['character']]} · {said}"  # whose, in a party
        return said

    def _diagnose(self, s: State, a: Action, legal: list[Action]) -> RuleError:
        labels = [self.label(x, {c.id: c.name for c in s.characters}) for x in legal]
        kinds = {x.kind for x in legal}
        if a.kind == "rest" and a.seat == "player":
            if s.rest_used:
                return RuleError("one-rest-per-session", "this session has had its Rest scene", labels)
            if s.phase not in ("frame", "between"):
                unsafe = self._unsafe(s)  # type: ignore[attr-defined]
                if unsafe:  # leaving would not make it possible: say when it will be
                    return RuleError("rest-safe-moment", f"no chance to rest yet: {unsafe}", labels)
                if not self._wants_rest(s):  # type: ignore[attr-defined]
                    return RuleError("rest-nothing-to-recover", "nothing to rest from yet: no die "
                                     "lost, every Trait and Relationship still fresh (the Rest "
                                     "comes between scenes, somewhere safe, once per session)", labels)
                return RuleError("rest-between-scenes", "the Rest comes between scenes: finish this "
                                 "scene (or leave it), and you may rest then", labels)
            if self._unsafe(s):  # type: ignore[attr-defined]
                return RuleError("rest-safe-moment", "no chance to rest now: "
                                 + self._unsafe(s), labels)  # type: ignore[attr-defined]
        if not legal:
            return RuleError("turn", f"nothing for {a.seat} to do now (waiting for: "
                             f"{', '.join(self.to_move(s)) or 'nobody'})", labels)
        if a.kind not in PHASE_KINDS.get(s.phase, set()) or (
                a.seat not in self.to_move(s) and a.kind not in kinds):
            return RuleError("phase", f"that is not possible now: {MOMENT.get(s.phase, s.phase)}", labels)
        if a.kind == "done" and s.phase == "sixes":
            return RuleError("sixes", "decide every 6 first: keep it, explode it or spend it on a 1",
                             labels)
        args = a.args
        rules = self.rules
        try:
            if a.kind in ("trait", "lend", "raise") and s.roll and s.phase == "pool":
                from .pool import fit_key
                if fit_key(a.kind, args) in s.roll.refused:
                    what = "that raise" if a.kind == "raise" else "that Trait"
                    return RuleError("must-fit", f"the GM ruled {what} does not fit this roll "
                                     "(a Trait adds its die only if it applies; a raise must be "
                                     "logical)", labels)
            if a.kind in ("help", "lend") and s.roll and args.get("helper") in s.roll.helpers:
                return RuleError("one-die-per-friend", "a friend helps with one die: plainly or by "
                                 "lending one fitting Trait, not both", labels)
            if a.kind in ("trait", "heroic", "lend"):
                c = s.char(args.get("character") or args.get("helper"))
                t = next(t for t in c.traits if t.id == args.get("trait"))
                if t.burned:
                    return RuleError("heroic-effort-burns",
                                     f"{t.name} was burned in a Heroic Effort: only Experience restores it", labels)
                if t.available() <= 0:
                    return RuleError("trait-once-per-session",
                                     f"{t.name} is already used this session: Traits refresh in the Rest scene", labels)
                if a.kind == "heroic":
                    if "game_over" not in (s.roll.consequence if s.roll else []):
                        return RuleError("heroic-effort-needs-game-over",
                                         "a Heroic Effort needs a game-over consequence set by the GM", labels)
                    return RuleError("heroic-effort-once", "one Heroic Effort per roll", labels)
                if a.kind == "trait" and int(args.get("dice", 1)) > t.available():
                    return RuleError("very-good-trait", f"{t.name} has only {t.available()} die left", labels)
            if a.kind == "relationship":
                c = s.char(args["character"])
                rel = next(x for x in c.relationships if x.id == args["relationship"])
                if rel.lost:
                    return RuleError("relationship-lost", f"{rel.name} has ended", labels)
                if rel.used:
                    return RuleError("relationship-once-per-session",
                                     f"{rel.name} is already used this session: it refreshes in the Rest scene", labels)
                if rel.revenge:
                    return RuleError("revenge-against-villain",
                                     "a revenge bond only counts in a scene against that villain", labels)
            if a.kind == "secret" and s.phase == "pool":
                return RuleError("secret-once-per-campaign", "the Personal Secret's dice are once per campaign", labels)
            if a.kind == "unique" and s.phase == "pool":
                return RuleError("unique-once-per-session", "the Unique Thing works once per session", labels)
            if a.kind == "raise":
                stype = rules.scene_types.get(s.scene.type if s.scene else "")
                if stype and not stype.raise_:
                    return RuleError("no-raise-in-flashback", "the stakes cannot be raised in a flashback", labels)
                pool = self._pool_of(s.roll, args["character"]) if s.roll else None
                if pool and pool.raised:
                    return RuleError("one-raise-per-roll", "the stakes are already raised for this roll", labels)
                return RuleError("raise-must-be-worse",
                                 "raising the stakes means choosing a worse consequence than the one set", labels)
            if a.kind == "frame" and "rest" in (args.get("type"), args.get("scene")) and not s.rest_used:
                return RuleError("rest-is-the-players", "the players narrate the Rest scene, "
                                 "between scenes: the GM may not spend it for them", labels)
            if a.kind in ("rest",) or (a.kind == "frame" and "rest" in (args.get("type"), args.get("scene"))):
                if s.rest_used:
                    return RuleError("one-rest-per-session", "this session has had its Rest scene", labels)
            if a.kind == "end_story" and args.get("ending") in rules.endings:
                why = self._ending_unearned(s, args["ending"])  # type: ignore[attr-defined]
                if why:
                    return RuleError("ending-follows-the-story", f"the story cannot end "
                                     f"'{rules.endings[args['ending']].title}' now: {why}", labels)
            if a.kind == "reveal" and args.get("secret") in rules.secrets:
                return RuleError("secret-in-its-scene", "a secret is uncovered in play, in the scene "
                                 "it belongs to (a search, a book read, a setback, an idea)", labels)
            if a.kind == "frame" and args.get("scene") in rules.scenes and s.scene_count < s.max_scenes:
                return RuleError("scene-follows-the-adventure", f"'{rules.scenes[args['scene']].title}' "
                                 "does not follow from where the story stands", labels)
            if a.kind == "frame" and s.scene_count >= s.max_scenes:
                return RuleError("story-length", f"the story has had its {s.max_scenes} scenes: end it", labels)
            if a.kind == "continue":
                return RuleError("scene-length", f"a scene holds at most {s.max_beats} actions", labels)
            if a.kind == "attributes":
                return RuleError("attribute-dice", "8 dice over Body, Mind and Aura, 1 to 4 each", labels)
            if a.kind == "advantage":
                return RuleError("tactical-advantage", "tactical advantage is 0 (none) or 1 to 3 dice", labels)
            if a.kind == "difficulty":
                return RuleError("difficulty", f"Difficulty is 1 to {rules.limits.difficulty_max} "
                                 "(0 means no roll: use no_roll)", labels)
            if a.kind in ("keep", "explode"):
                return RuleError("sixes", "only a 6 not yet decided may be kept or exploded", labels)
            if a.kind == "cancel":
                return RuleError("six-cancels-one", "a 6 of the same dice may cancel one uncancelled 1", labels)
            if a.kind == "complication" and a.args.get("id") in rules.complications:
                cx = rules.complications[a.args["id"]]
                missing = sorted(set(cx.needs) - self.holds(s))  # type: ignore[attr-defined]
                if missing:
                    return RuleError("complication-fits", f"a Complication fits what the scene holds: "
                                     f"“{cx.text}” needs {' and '.join(missing)} here", labels)
            if a.kind == "complication":
                return RuleError("complication-not-fatal", "a Complication makes life harder but never "
                                 "kills or takes a character out of the story at once", labels)
            if a.kind == "roll" and s.phase == "call":
                return RuleError("problem", "roll on one of this scene's problems, or 'open'", labels)
        except (KeyError, StopIteration, AttributeError, TypeError, ValueError):
            pass
        try:
            what = self.describe(a)
        except (KeyError, TypeError, ValueError):
            what = a.kind
        return RuleError("legal-actions", f"'{what}' is not possible now ({MOMENT.get(s.phase, '')}): "
                         "actions lists what is", labels)

    def describe(self, action: Action) -> str:
        return self.label(action, {})

    def _describe(self, action: Action) -> str:
        k, a = action.kind, action.args
        at = lambda x: ATTR_NAME.get(x, x)  # noqa: E731
        labels = {
            "premade": lambda: f"play {a.get('name', a.get('id'))} (ready-made)",
            "build": lambda: "build your own character",
            "attributes": lambda: f"Body {a['body']}, Mind {a['mind']}, Aura {a['aura']}",
            "name": lambda: "name the character",
            "concept": lambda: "give the concept",
            "trait_name": lambda: f"name Trait {a.get('n')}",
            "relationship_name": lambda: f"name Relationship {a.get('n')}",
            "no_secret": lambda: "no Personal Secret",
            "no_unique": lambda: "no Unique Thing",
            "rest": lambda: "narrate the Rest scene (once per session)",
            "go_on": lambda: "go on to the next scene (no Rest now)",
            "act": lambda: f"{a['character']} acts with {at(a['attribute'])}",
            "contest": lambda: f"contest: {a['first']} vs {a['second']} ({at(a['attribute'])})",
            "move_on": lambda: "move on (end the scene)",
            "relationship": lambda: f"Relationship: {a.get('name', a.get('relationship'))}",
            "unique": lambda: (f"Unique Thing: {a['name']} (+2)" if "name" in a else "Unique Thing"),
            "raise": lambda: f"raise the stakes: {a['consequence']}",
            "heroic": lambda: f"Heroic Effort: burn {a.get('name', a.get('trait'))} (+2)",
            "help": lambda: f"{a['helper']} helps (+1)",
            "lend": lambda: f"{a['helper']} lends {a.get('name', a.get('trait'))} (+1)",
            "join": lambda: f"{a['character']} joins the team effort ({at(a['attribute'])})",
            "share": lambda: f"{a['character']} takes on a part of the trouble ({at(a['attribute'])}): a shared scene",
            "part": lambda: f"the part of character {a['pool'] + 1}: Difficulty {a['value']}",
            "keep": lambda: f"keep the 6 (die {a['die'] + 1}) as a success",
            "explode": lambda: f"explode the 6 (die {a['die'] + 1}): roll two more",
            "cancel": lambda: f"spend the 6 (die {a['die'] + 1}) to cancel the 1 (die {a['one'] + 1})",
            "done": lambda: "done with the sixes",
            "tiebreak": lambda: "roll a die to break the tie",
            "draw": lambda: "call it a draw",
            "element": lambda: f"add a narrative element ({a['element']})",
            "skip_element": lambda: "add no narrative element",
            "narrate": lambda: "narrate the outcome",
            "new_trait": lambda: "Experience: a new Trait",
            "new_relationship": lambda: "Experience: a new Relationship",
            "very_good": lambda: f"Experience: VERY good {a.get('name', a.get('trait'))}",
            "restore": lambda: f"Experience: win back the burned {a.get('name', a.get('trait'))}",
            "move_die": lambda: f"move a die from {at(a['from'])} to {at(a['to'])}",
            "keep_dice": lambda: "keep the attributes as they are",
            "frame": lambda: (f"frame an open scene ({a['type']})" if a.get("scene") == "open"
                              else f"frame scene: {a.get('title', a.get('scene'))}"),
            "end_story": lambda: f"end the story: {a.get('title', a.get('ending'))}",
            "reveal": lambda: f"reveal: {a.get('title', a.get('secret'))}",
            "no_roll": lambda: "no roll needed: narrate",
            "attribute": lambda: f"the roll uses {at(a['attribute'])}",
            "difficulty": lambda: f"Difficulty {a['value']}",
            "consequence": lambda: "Consequence: " + " and ".join(a["kinds"]),
            "advantage": lambda: ("no tactical advantage" if not a["dice"] else f"tactical advantage +{a['dice']}"),
            "lose": lambda: f"the Relationship ends: {a.get('name', a.get('relationship'))}",
            "accept_element": lambda: "accept the narrative element",
            "veto": lambda: f"veto the element ({a['reason']})",
            "complication": lambda: f"complication: {a['id']}",
            "continue": lambda: "go on with the scene",
            "allow": lambda: "allow it: it fits this roll",
            "refuse": lambda: "refuse it: it does not fit (say why)",
            "end_scene": lambda: "end the scene",
        }
        if k == "trait":
            n = a.get("dice")
            return f"Trait: {a.get('name', a.get('trait'))} (+{n or 1})"
        if k == "secret":
            return "reveal your Personal Secret (+2, once per campaign)" if "character" in a else "a Personal Secret"
        if k == "roll":
            if "problem" in a:
                return f"roll on {a.get('name') or 'an open problem'}"
            return "roll the dice"
        if k == "chance":
            return "dice: " + " ".join(map(str, a.get("items", [])))
        fn = labels.get(k)
        return fn() if fn else k
