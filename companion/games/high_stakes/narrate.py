"""Offline narration for High Stakes: the story told from the table's own words, and the words the
offline GM and the autoplay player write when an action asks for text.

Decisions:

* The beats of this game are mostly words someone said: the GM's framing, the player's
  declaration, the narration of an outcome. ``narrate`` tells those words as prose (declarations
  quoted, the GM's words as they are) and adds short sentences for what the engine decided that no
  one said aloud: the stakes, a death, a secret uncovered, the Rest. Dice stay in small print
  (``render.mechanics``), never in the prose: an outcome is told as what happens.
* ``write`` only ever reads the seat's view and public data: the GM's words come from the
  adventure's framings, the problems' consequence texts, and a secret's text only once the engine
  has it revealed. So no narration can carry a secret the player has not uncovered.
* Choices are seeded by (session seed, step) and checked against the memory of sentences already
  told; banned topics and veils remove any sentence or quoted text that mentions them.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from companion.core.game import Action, Event
from companion.story.discourse import without_prompts
from companion.story.memory import sentences
from companion.story.voice import Beat, NarrationMemory

from .data import load
from .fabula import character_of
from .ending import closes_after_no_roll, made_true, recall, say, setback, taken_up, told_ending
from .plan import AGAIN, current_plan, framed, judge, not_about_you  # the GM's own reading
from .telling import and_ as _and, who as _who
from .telling import fiction, first_person_thing, gloss_off, shared_outcome, together, told_complication, told_of, unasked
from .lore import asked_of, known
from .road import as_met, left_by
from .scene_shape import cost_of_scene, want_at
from .tries import after_try, folded, gm_told, nth_try, routine
from .words import words

ATTR = {"body": "Body", "mind": "Mind", "aura": "Aura"}


@cache
def _own_lines() -> re.Pattern:
    """Every line the offline player writes as the hero ("I ..."), its slots open."""
    w, rules = words(), load()
    lines = [*w.declare.body, *w.declare.mind, *w.declare.aura, *w.declare.move_on,
             *(x for d in (w.raise_, w.raise_again, w.element) for v in d.values() for x in v),
             *(x for i in rules.ideas.values() for x in (*i.body, *i.mind, *i.aura)),
             w.pool.secret, w.pool.unique, w.pool.heroic, w.pool.join, GRATING]
    pats = [re.sub(r"\\\{\w+\\\}", ".+", re.escape(x)) for x in lines]
    return re.compile(f"(?:{'|'.join(AGAIN)})?(?:" + "|".join(pats) + ")", re.I)




def own(text: str) -> bool:
    """Whether ``text`` is a line the offline player wrote (told in the third person); a human
    player's words never are."""
    return bool(text) and _own_lines().fullmatch(" ".join(text.split())) is not None


GRATING = "I go to the window with the crooked grating and work it free."


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[0].upper() + text[1:] if text else text


def _closed(text: str) -> str:
    """A sentence with its full stop (the player's words may come without one)."""
    return text if not text or text[-1] in ".!?…”’\"'" else f"{text}."


def _names(view: dict, alive_only: bool = True) -> str:
    names = [c["name"] for c in view.get("characters", []) if c["status"] == "active" or not alive_only]
    if not names:
        names = [c["name"] for c in view.get("characters", [])] or ["the Nightblades"]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# Moves whose words are told elsewhere: a narrative element once the GM lets it stand; a sheet
# being made or grown (the front matter and the Experience lines show it; a Personal Secret is
# kept from the story until it comes out in a roll).
_TOLD_ELSEWHERE = frozenset({"element", "name", "concept", "secret", "unique", "attributes",
                             "trait_name", "relationship_name",  # the sheet in the front matter
                             "premade", "build", "new_trait", "new_relationship", "very_good",
                             "restore", "move", "keep_dice"})


def _with_friends(frame: str, memory: NarrationMemory, scene: dict) -> str:
    """Who came along is still there: a friend the player took along (or an element brought in)
    is in the framing of every later scene, until the story says otherwise."""
    friends = [p.name for k, p in memory.fabula.cast.items() if p.role == "friend" and p.present
               and p.name not in frame]
    if not friends or scene.get("type") == "rest" or not frame:
        return frame
    who = _and(friends)
    line = f"{who} {'is' if len(friends) == 1 else 'are'} still with you."
    return f"{without_prompts(frame)} {line}"


def _mover(beat: Beat) -> str:
    """Whose move it was (the character the action or the roll in progress names)."""
    view, a = beat.view, beat.action.args
    cid = a.get("character") or ""
    if not cid:
        roll = view.get("roll") or {}
        pools = roll.get("pools") or []
        cid = pools[min(roll.get("current", 0), len(pools) - 1)]["character"] if pools else ""
    if not cid:
        active = [c for c in view.get("characters", []) if c["status"] == "active"]
        cid = active[0]["id"] if len(active) == 1 else ""
    return _who(view, cid) if cid else ""


# A scene come back to ({place}: where, with its preposition: "to the mage's library", "outside
# the villa's high walls"); what was made true, said again there.
_AGAIN = ("You come back {place}. It is not as you left it: whoever saw you last is warier now, "
          "and the night is older.",
          "Back {place}, with less of the night left than you would like.",
          "You come back {place} once more. Something has moved since you left: a lantern, a "
          "door, a sleeper turning over.",
          "Once more you come back {place}, and it is quieter than before, the kind of quiet "
          "that listens.")
_STILL = ("What was made true still stands.", "Nothing has undone what you made true.",
          "It is still so, as you made it.")
_WHERE = ("outside", "inside", "under", "above", "below", "behind", "beyond", "near", "in", "at",
          "on", "into", "before")


def _back_to(place: str) -> str:
    """A place come back to, with its preposition: "to the mage's library"; "outside the villa's
    high walls" (the place's own preposition; its aside after a comma left out)."""
    place = place.split(",", 1)[0].strip()
    return place if place.split(" ", 1)[0].lower() in _WHERE else f"to {place}"


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    # ------------------------------------------------------------------ the story
    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        parts: list[str] = []
        for i, ev in enumerate(beat.events):
            text = self._event(ev, beat, memory, (beat.step, i))
            if text and not memory.allows(text):
                # a banned topic (X-card) takes out the sentences that name it, not the whole
                # telling: a scene's framing is told again without it, never dropped
                text = " ".join(p for p in sentences(text) if memory.allows(p))
            if text and memory.allows(text) and text not in parts:
                parts.append(text)
                memory.used.add(text)
        said = " ".join(beat.action.text.split())
        making = beat.action.kind in ("trait", "relationship") and not beat.view.get("roll")
        later = making or beat.action.kind in _TOLD_ELSEWHERE or any(  # told by its event (an element: once
            " ".join(str(e.data.get("text") or "").split()) == said  # the GM lets it stand)
            for e in beat.events if e.kind != "asks")
        if said and beat.action.seat == "player" and not later and memory.allows(said) \
                and not any(said in p for p in parts):
            # the player's words on any move (a roll, a six kept, going on) reach the story
            line = say(_mover(beat), said, memory, beat.view, own(said))
            parts.append(line)
            memory.used.add(line)
        return "\n\n".join(parts)

    def settle(self, beat: Beat, memory: NarrationMemory) -> str:
        """What the story owes this beat whoever told it (a model, or the player's own words):
        the stakes of a roll it resolved, taken up, and the told ending if the story ended and
        none was told ("" when nothing is due)."""
        out = []
        if any(e.kind in ("narration", "resolved", "story_end") for e in beat.events):
            out.append(taken_up(beat.view, memory))
        for e in beat.events:
            if e.kind == "story_end" and not any(k.startswith("storylet|epilogue.")
                                                  for k in memory.used):
                out.append(told_ending(beat.view, e.data, memory))
        return " ".join(x for x in out if x)

    def _chooser(self, memory: NarrationMemory, label: tuple):
        """A ``pick`` (as ``write`` has) for lines the story tells in the GM's words: seeded by
        the beat, a line not told before first."""
        rng = memory.rng("hs-outcome", *label)

        def pick(options: list[str], **fill: Any) -> str:
            opts = [o.format(**fill) for o in options]
            fresh = [o for o in opts if o not in memory.used and memory.allows(o)]
            pool = fresh or [o for o in opts if memory.allows(o)]
            return rng.choice(pool) if pool else ""
        return pick

    def _pick(self, options: list[str], memory: NarrationMemory, label: tuple, **fill: Any) -> str:
        rng = memory.rng("hs", *label)
        opts = list(options)
        rng.shuffle(opts)
        for o in opts:
            text = _sentence(o.format(**fill))
            if text not in memory.used and memory.allows(text):
                return text
        return ""

    def _event(self, ev: Event, beat: Beat, memory: NarrationMemory, label: tuple) -> str:
        d, k, view = ev.data, ev.kind, beat.view
        rules = load()
        said = (d.get("text") or "").strip()
        if k == "character":
            if not d.get("joining"):
                return ""  # the starting characters are in the story's front matter
            return f"{d['name']}, {d['concept']}, joins the story." if d.get("concept") \
                else f"{d['name']} joins the story."
        if k == "scene":
            sc = rules.scenes.get(d.get("id", ""))
            if said and beat.action.seat == "player":  # a scene the player opened (the Rest)
                return say(_mover(beat), said, memory, view, own(said))
            told = said or (framed(as_met(sc, view, rules), view) if sc else "")
            if not told:
                return ""
            back = recall(view, memory, told) if d.get("type") != "rest" else ""  # one a scene
            want = want_at(d, view, memory)  # the hero's goal, where the night comes back to it
            framing = gm_told(_with_friends(told, memory, d), view, memory)
            return "\n\n".join(x for x in (framing, want, back) if x)
        if k == "secret":
            how = (d.get("how") or "").strip()
            return gm_told(_sentence(how) if how else d["text"], view, memory)
        if k == "rest":
            healed = d.get("healed") or []
            tail = f" {', '.join(healed)} heal{'s' if len(healed) == 1 else ''}." if healed else ""
            return "Rest at last: spent Traits and Relationships come back." + tail
        if k == "declare":
            if said and own(said) and folded(said, view, memory):
                return ""  # the same try again: its outcome tells it ("On the third try, ...")
            return say(d["name"], said, memory, view, own(said)) if said else ""
        if k == "contest":
            return f"{d['first']} against {d['second']}: “{said}”" if said else \
                f"{d['first']} and {d['second']} compete."
        if k == "scene_end":  # what the scene cost, then any words of the GM's that are not filler
            cost = cost_of_scene(view, memory)
            said = "" if said in words().gm.end_scene else gm_told(said, view, memory)
            return " ".join(x for x in (said, cost) if x)
        if k == "narration" and not said and (view.get("roll") or {}).get("pools"):
            # the player let it pass: the turn is still told, in the offline GM's words
            said = self._outcome(view, self._chooser(memory, label), memory)
            told = after_try(gm_told(_closed(said), view, memory), view, memory) if said else ""
            return " ".join(x for x in (told, taken_up(view, memory)) if x)
        if k == "narration":  # the outcome, then what the player had put on it, taken up
            told = gm_told(_closed(said), view, memory) if beat.action.seat == "gm" else \
                say(_mover(beat), said, memory, view, own(said))  # the player's: marked as theirs
            told = nth_try(told, view, memory)
            return " ".join(x for x in (told, taken_up(view, memory)) if x)
        if k in ("no_roll", "gm_says"):
            return "" if routine(said) else gm_told(said, view, memory)
        if k in ("move_on", "draw"):
            return say(_mover(beat), said, memory, view, own(said)) if said else ""
        if k == "consequence":
            return ""  # rules talk: the small print says what is at stake, the story does not
        if k == "advantage":
            return ""  # rules talk: the dice and the GM's reason are in the small print
        if k == "dice":
            who = _who(view, d["character"])
            if d["kind"] == "secret":
                out = f"{who}'s secret comes out: {d.get('secret', '')}"
                if said and not own(said):  # the player's own words with it, marked as theirs
                    out += " " + say(who, said, memory, view)
                return out
            if d["kind"] in ("help", "lend") and said and beat.action.kind != "allow":
                return say(_who(view, d.get('owner') or d['character']), said, memory, view, own(said))
            if said and beat.action.kind != "allow":  # a Trait, a raise...: the player's words
                return say(who, said, memory, view, own(said))  # (asked of the GM: told when asked)
            return ""
        if k in ("join", "share") and said:
            return say(d["name"], said, memory, view, own(said))
        if k == "overkill":
            return "No need for dice: it is no contest at all."
        if k == "still_missing":  # said once: a second try short of it is in the small print
            return "" if any(p in memory.used for p in sentences(d["text"])) else d["text"]
        if k == "element":
            return ""  # offered, not yet true: it is told once the GM lets it stand
        if k == "element_accepted":
            made = (d.get("text") or "").strip()
            return made_true(made, _mover(beat), memory, view, own(made)) if made else ""
        if k == "refused":
            return ""  # a ruling, in the small print with its reason
        if k == "veto":
            offered = (d.get("element") or "").strip()
            what = f"“{offered.rstrip('.')}” will not stand" if offered else "That will not stand"
            return f"{what}: {gm_told(said, view, memory)}" if said else f"{what}."
        if k == "complication":  # several on one roll: one beat, told with the last of them
            return self._pile(d, beat, memory)
        if k == "death":  # a death a roll dealt is told with the roll's outcome, not twice
            applied = (view.get("roll") or {}).get("applied", [])
            dealt = any(x.get("character") == d.get("character") for x in applied)
            return "" if dealt else f"{d['name']} dies."
        if k == "out":
            return f"{d['name']} is out of the story: {gloss_off(d['reason'])}."
        if k == "relationship_lost":
            return f"A bond is broken: {d['name']}."
        if k == "avenged":
            return "The fallen are avenged."
        if k == "story_end":
            epi = (d.get("epilogue") or "").strip()
            # a vow on the night, kept or broken, then the epilogue
            told = " ".join(x for x in (taken_up(view, memory), told_ending(view, d, memory)) if x)
            if not told:
                return f"{d['title']}. {d['text']}" + (f" {epi}" if epi else "")
            return (f"{_closed(_sentence(epi))}\n\n" if epi else "") + told
        if k == "experience":
            what = {"trait": "gains a Trait:", "relationship": "gains a Relationship:",
                    "very_good": "is now VERY good:", "restore": "wins back"}.get(d["gain"], "grows:")
            return f"{_who(view, d['character'])} {what} {d['text']}."
        if k == "die_moved":
            return (f"{_who(view, d['character'])} has grown: a die moves from "
                    f"{ATTR[d['from']]} to {ATTR[d['to']]}.")
        return ""

    def _pile(self, d: dict, beat: Beat, memory: NarrationMemory) -> str:
        """A complication; while more are due on this roll it waits, and the last tells them all
        as one run of trouble (its texts kept in the memory under ``hs-pile|``)."""
        view = beat.view
        head = f"hs-pile|{view.get('scene_count', 0)}|"
        memory.used.add(f"{head}{beat.step:06d}|{d.get('note', '')}|{told_complication(d, beat.step, memory)}")
        if (view.get("roll") or {}).get("complications_due"):
            return ""
        pile = sorted(k for k in memory.used if k.startswith(head) and f"hs-piled|{k}" not in memory.used)
        memory.used.update(f"hs-piled|{k}" for k in pile)
        parts = [k[len(head):].split("|", 2) for k in pile]
        if len(parts) <= 1:  # the GM's words, told of the hero (no "your sleeve")
            return gm_told(setback(parts[0][2] if parts else d["text"], d.get("note", ""), memory,
                                   view), view, memory)
        return gm_told(setback(together([x[2] for x in parts]),
                               " ".join(x[1] for x in parts if x[1]), memory, view, many=True),
                       view, memory)

    # ------------------------------------------------------------------ words for AI seats
    def write(self, action: Action, view: dict, memory: NarrationMemory) -> str:
        w = words()
        rules = load()
        sc = view.get("scene") or {}
        label = ("write", action.kind, str(sorted(action.args.items())), sc.get("number", 0),
                 sc.get("beats", 0), len(view.get("history", [])), view.get("scene_count", 0))
        rng = memory.rng(*label)
        used = ({h.get(f, "") for h in view.get("history", []) for f in ("text", "told")}
                | set(view.get("facts", [])) | memory.used)
        k, a = action.kind, action.args

        def pick(options: list[str], **fill: Any) -> str:
            opts = [o.format(**fill) for o in options]
            fresh = [o for o in opts if o not in used and memory.allows(o)]
            pool = fresh or [o for o in opts if memory.allows(o)]
            return rng.choice(pool) if pool else ""

        draft = view.get("draft") or {}
        quick = rules.adv.quick
        if action.seat == "player":
            if k == "name":
                taken = {c["name"] for c in view.get("characters", [])}
                return pick([n for n in quick.names if n not in taken] or quick.names)
            if k == "concept":
                return pick(quick.concepts)
            if k == "trait_name":
                return pick([t for t in quick.traits if t not in draft.get("traits", [])])
            if k == "relationship_name":
                return pick([r for r in quick.relationships if r not in draft.get("relationships", [])])
            if k == "secret" and "character" not in a:
                return pick(w.create.secrets)
            if k == "unique" and "character" not in a:
                return pick(w.create.uniques)
            if k == "act":
                return self._declaration(view, a, pick)
            if k == "contest":
                return pick(w.declare.contest)
            if k == "move_on":
                return pick(w.declare.move_on)
            if k == "rest":
                return pick(w.declare.rest)
            if k == "raise":
                return self._raise(view, a["consequence"], memory, pick)
            if k == "secret":
                return w.pool.secret
            if k == "unique":
                return w.pool.unique.format(unique=first_person_thing(a.get("name", "")))
            if k == "heroic":
                return w.pool.heroic
            if k in ("help", "join"):
                return getattr(w.pool, k)
            if k == "element":
                return pick(w.element.get(a["element"], w.element["better"]))
            if k == "narrate":
                return self._outcome(view, pick, memory)
            if k == "draw":
                return pick(w.success.draw)
            if k == "new_trait":
                return pick(w.experience.traits)
            if k == "new_relationship":
                return pick(w.experience.relationships)
            return ""
        # the GM
        if k == "frame":
            if a.get("scene") == "open":
                return pick(w.gm.open_frame)
            sc_data = rules.scenes.get(a.get("scene", ""))
            if sc_data is None:
                return ""
            left = left_by(view, sc_data.id, rules)  # how the last scene was left, by its outcome
            told = self._framing(as_met(sc_data, view, rules), view)
            return f"{left} {told}" if left else told
        if k == "no_roll":
            told = self._no_roll(view, pick)
            # the offline GM closes the scene right after this answer: no question left hanging
            # ("What do you do?" and at once "The scene closes.")
            return unasked(told) if closes_after_no_roll(view) else told
        if k == "difficulty":
            plan = current_plan(view, rules)
            if plan.get("reading") and plan.get("difficulty") == a["value"]:
                return plan["reading"]
            return w.gm.difficulty_open.format(difficulty=a["value"], rung=rules.rung(a["value"]).name.lower())
        if k == "consequence":
            plan = current_plan(view, rules)
            prob = plan.get("problem")
            if plan.get("consequence") == a["kinds"] and plan.get("consequence_text"):
                if prob is not None and prob.choices:  # name the one the GM chose
                    head = plan["consequence_text"].split(":")[0]
                    return f"{head}: " + " and ".join(rules.consequences[x].summary for x in a["kinds"])
                return plan["consequence_text"]
            names = " and ".join(rules.consequences[x].summary for x in a["kinds"])
            return names
        if k == "advantage":
            plan = current_plan(view, rules)
            return plan.get("advantage_why", "") if a.get("dice") else ""
        if k == "narrate":
            return self._outcome(view, pick, memory)
        if k == "continue":
            return pick(w.gm.continue_)
        if k == "end_scene":
            return pick(w.gm.end_scene)
        if k == "reveal":
            return w.reveal.get(a["secret"], "")
        if k == "veto":
            return w.gm.veto.format(reason=rules.vetoes[a["reason"]].text)
        if k == "refuse":
            why = judge(view, rules)[1]
            return _sentence(why) if why else "That does not fit what you are doing."
        if k == "end_story":  # the story layer tells the epilogue; the GM adds nothing of its own
            return ""
        return ""

    def _framing(self, sc_data, view: dict) -> str:
        """A scene's framing; a scene played again is never the same."""
        if sc_data.id in view.get("played", []):  # a scene played again is never the same
            facts = view.get("facts") or []
            n = len(view.get("played", []))  # the same on replay; another way each return
            kept = f" {_STILL[n % len(_STILL)]} “{_sentence(facts[-1]).rstrip('.')}.”" \
                if facts else ""
            back = _AGAIN[n % len(_AGAIN)].format(place=_back_to(sc_data.place))
            return f"{back}{kept} What do you do?"
        return framed(sc_data, view)

    def _raise(self, view: dict, kind: str, memory: NarrationMemory, pick) -> str:
        """A raise in the scene's words (its obstacle), never what an earlier roll of the scene
        said; after a failed roll here, in the words of trying again."""
        w = words()
        sc = view.get("scene") or {}
        prob = load().problems.get((view.get("roll") or {}).get("problem", ""))
        here = [h for h in view.get("history", []) if h.get("scene") == sc.get("number") and h.get("roll")]
        fill = {"problem": prob.name if prob else "it"}
        said = {x for h in here for x in h.get("raised", [])}
        again = w.raise_again.get(kind, []) if here and not here[-1].get("success") else []
        named = bool(prob) and (prob.name.startswith("the ") or "'s " in prob.name)  # not "another way in"
        lines = [x.format(**fill) for x in again + w.raise_.get(kind, []) if named or "{problem}" not in x]
        fresh = [x for x in lines if x not in said]
        return fresh[0] if fresh and again else pick(fresh or lines)

    def _declaration(self, view: dict, a: dict, pick) -> str:
        rules = load()
        w = words()
        sc = view.get("scene") or {}
        idea = rules.ideas.get(sc.get("id", ""))
        attr = a["attribute"]
        revealed = {x["id"] for x in view.get("revealed", [])}
        if idea is None:
            return pick(getattr(w.declare, attr))
        lines = list(getattr(idea, attr))
        if "secret-golem-weakness" not in revealed:
            lines = [x for x in lines if "weak spot" not in x] or lines
        elif sc.get("id") == "clay_golem":
            lines = [x for x in lines if "weak spot" in x] or lines
        if sc.get("id") == "winged_demon" and "secret-demon-book" in revealed and attr == "aura":
            lines = [x for x in lines if "book" in x] or lines
        if sc.get("id") == "house_front" and "secret-loose-grating" in revealed and attr == "body":
            lines = [GRATING]
        ever = [h.get("text", "") for h in view.get("history", [])]
        line = pick([x for x in lines if not any(x[1:] in h for h in ever)] or lines)  # a new idea first
        here = {h.get("text", "") for h in view.get("history", []) if h.get("scene") == sc.get("number")}
        if line in here:  # tried before in this scene: said as trying again
            ways = [x for x in AGAIN if ":" not in line or not x.endswith(": ")]
            line = pick([f"{x}{line[:1].lower() if line[:2] != 'I ' else 'I'}{line[1:]}" for x in ways])
        return line

    def _no_roll(self, view: dict, pick) -> str:
        rules = load()
        w = words()
        from .heard import answering, goes_to, handed
        from .plan import passed_in_scene, problems_open, speaks_to

        sc = view.get("scene") or {}
        said_as = (sc.get("declaration") or {}).get("text", "")
        text = said_as.lower()
        scene = rules.scenes.get(sc.get("id", ""))
        plan = current_plan(view, rules)
        if plan.get("immune"):
            return pick(w.gm.no_roll_immune)
        if scene is not None and scene.problems:
            if passed_in_scene(view, sc.get("number", -1), rules):
                return pick(w.gm.no_roll_done)
            gated = [rules.problems[p] for p in scene.problems if rules.problems[p].needs_secret]
            if any(speaks_to(text, ap) for p in gated for ap in p.approaches) and not any(
                    p.id == g.id for p in problems_open(view, rules) for g in gated):
                return pick(w.gm.no_roll_barred)
            if any(goes_to(text, ex.words) for ex in scene.exits):
                return pick(w.gm.no_roll_exit)
        who = asked_of(said_as, view, rules)  # the first one named answers (never a player's)
        told = known(view, rules)  # what was asked, from what the adventure's people know
        if told:
            return f"{told} What do you do?"
        if who or (scene is not None and scene.answers):  # the one spoken to answers, if here
            said = pick(answering(text, scene.replies[who] if who else scene.answers))  # type: ignore[union-attr]
            said = not_about_you(said, [c["name"] for c in view.get("characters", [])])
            thing = handed(said_as, who.title()) if who else ""  # a deed for them: taken up first
            if thing:
                said = pick(w.gm.take_up, who=who.title(), thing=thing) + " " + said
            return said + " What do you do?"
        return pick(w.gm.no_roll)

    def _outcome(self, view: dict, pick, memory: NarrationMemory) -> str:
        """The outcome in words that match the dice: success or not, complications, the winner."""
        rules = load()
        w = words()
        roll = view.get("roll") or {}
        if roll.get("kind") == "contest":
            if not roll.get("winner"):
                return pick(w.success.draw)
            return pick(w.success.contest, winner=_who(view, roll["winner"]))
        if roll.get("kind") == "shared":
            return shared_outcome(view, roll)
        lead = roll.get("pools", [{}])[0].get("character", "")
        who = _who(view, lead)
        prob = rules.problems.get(roll.get("problem", ""))
        plan = current_plan(view, rules)
        label = plan["approach"].label if plan.get("approach") else "as planned"
        successes = sum(p["successes"] for p in roll.get("pools", []))
        if roll.get("success"):
            key = "complicated" if roll.get("complications_due") else "plain"
            if prob and prob.needs_element and not any(
                    d["face"] == 6 for p in roll.get("pools", []) for d in p["dice"]):
                key = "partial"  # solved only with a narrative element: no 6, not yet
            return pick(getattr(w.success, key), who=who, label=label,
                        problem=prob.name if prob else "the problem")
        applied = roll.get("applied", [])
        said_before = "" if plan.get("as_said") else \
            roll.get("consequence_text", prob.consequence_text if prob else "")  # (plan.py)
        set_ids = [c["id"] if isinstance(c, dict) else c for c in roll.get("consequence") or []]
        cons = [x["consequence"] for x in applied if x["character"] == lead]
        # what happens, in the adventure's words as the GM said them before the dice (without the
        # rules' gloss), else in the story's; a consequence told before is not told again
        seen = " ".join(h.get("told", "") for h in view.get("history", [])
                        if h.get("scene") == (view.get("scene") or {}).get("number")).lower()
        hero = character_of(view, lead)
        told = fiction(said_before, rules.consequences[cons[0]].summary) \
            if cons and said_before and cons == set_ids else ""
        told = told_of(told, hero) if told else ""  # the GM's words, told of the hero
        if told and told.lower() in seen:
            told = ""
        if not told and cons:
            fresh = [x.format(who=who) for c in cons[:1] for x in w.failure.told.get(c, [])]
            told = next((x for x in fresh if x.lower() not in seen), "")
        if not cons:
            told = "nothing comes of it"
        dead = [c["name"] for c in view.get("characters", []) if c["status"] == "dead"
                and any(x["character"] == c["id"] for x in applied)]
        plain = [x for x in w.failure.plain if who not in told or "{who}" not in x]  # a name once
        if len(view.get("characters", [])) == 1 and plan.get("approach"):  # alone: what was
            label = plan.get("own") or plan["approach"].label  # tried, then its cost
            label = told_of(label, hero, named=True)  # "with her bent pin"
            plain = list(w.failure.tried) if f"{who} tries to {label}".lower() not in seen \
                else plain
        line = pick(plain, who=who, label=label, consequence=told) if told else \
            pick(w.failure.again, who=who)  # what came of it after a colon, as it is written
        they = hero.pronouns  # "Rust tries ...: she has to back away", "Ash ...: his gear is lost"
        if f": {who} " in line and line.index(who) < line.index(f": {who} ") and \
                not they.plural_verbs:  # ("they has" would not do: the name stays)
            line = line.replace(f": {who} ", f": {they.they} ", 1)
        if f": {who}'s " in line and line.index(who) < line.index(f": {who}'s "):
            line = line.replace(f": {who}'s ", f": {they.their} ", 1)
        if dead:
            line += f" {', '.join(dead)} does not get up again."
        return line

