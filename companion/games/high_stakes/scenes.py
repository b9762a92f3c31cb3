"""Framing and declaring: the GM frames scenes (or the Rest), reveals secrets and ends the story;
the player says who acts and how; the GM calls for a roll on one of the scene's problems, or none."""
from __future__ import annotations

import itertools

from companion.core.game import Action, Event

from .base import ATTRS, Base, ev, act
from .model import Declaration, Pool, Roll, SceneState, State


class Scenes(Base):
    def _legal_rest(self, s: State) -> list[Action]:
        """While the GM is to frame the next scene the players may still call their Rest (a seat
        not awaited, as with a human GM); with an AI GM the ``between`` phase asks them first."""
        if self._can_rest(s) and not self._unsafe(s):
            return [act(seat="player", kind="rest",
                        ask="Narrate the Rest scene: where and how do you recover?")]
        return []

    def _legal_between(self, s: State) -> list[Action]:
        return [*self._legal_rest(s), act(seat="player", kind="go_on")]

    def _legal_declare(self, s: State) -> list[Action]:
        return self._memo(("declare", *((c.id, c.name) for c in s.active())),
                          lambda: self._declare_templates(s))

    def _declare_templates(self, s: State) -> list[Action]:
        P = "player"
        out: list[Action] = []
        for c in s.active():
            for a in ATTRS:
                out.append(act(seat=P, kind="act", args={"character": c.id, "attribute": a},
                                  ask=f"What does {c.name} do?", optional_text=False))
        active = s.active()
        for x, y in itertools.combinations(active, 2):
            for a in ATTRS:
                out.append(act(seat=P, kind="contest",
                                  args={"first": x.id, "second": y.id, "attribute": a},
                                  ask=f"What are {x.name} and {y.name} competing over?"))
        out.append(act(seat=P, kind="move_on", ask="Where do you go next, or what are you waiting for?"))
        return out

    def _legal_frame(self, s: State) -> list[Action]:
        G = "gm"
        out: list[Action] = []
        rules = self.rules
        can_frame = s.scene_count < s.max_scenes and bool(s.active())
        if can_frame:
            ahead = self._ahead(s)[0]
            for sc in rules.adv.scene:
                if sc.id not in ahead:  # the GM's scenes follow the adventure
                    continue
                out.append(act(seat=G, kind="frame", args={"scene": sc.id, "title": sc.title},
                                  ask="Set the scene: what, where, who? End with: what do you do?"))
            for t in rules.core.scene_type:
                if t.id == "rest":  # the players narrate the Rest: the GM never spends it for them
                    continue
                out.append(act(seat=G, kind="frame", args={"scene": "open", "type": t.id},
                                  ask="Set the scene: what, where, who? End with: what do you do?",
                                  optional_text=False))
        out.extend(self._endings(s))
        return out

    def _legal_call(self, s: State) -> list[Action]:
        G = "gm"
        rules = self.rules
        out = [act(seat=G, kind="no_roll",
                      ask="Nothing can go wrong: what happens? (end with: what do you do?)")]
        sc = rules.scenes.get(s.scene.id) if s.scene else None
        if sc is not None:
            for pid in sc.problems:
                p = rules.problems[pid]
                if p.needs_secret and p.needs_secret not in s.revealed:
                    continue
                out.append(act(seat=G, kind="roll", args={"problem": pid, "name": p.name}))
        out.append(act(seat=G, kind="roll", args={"problem": "open"}))
        out.extend(self._reveals(s))
        return out

    def _legal_after(self, s: State) -> list[Action]:
        G = "gm"
        out: list[Action] = []
        if s.scene is not None and s.scene.beats < s.max_beats and s.active():
            out.append(act(seat=G, kind="continue",
                              ask="What happens next in this scene? (end with: what do you do?)"))
        out.append(act(seat=G, kind="end_scene", ask="How does the scene close?"))
        out.extend(self._reveals(s))
        out.extend(self._endings(s))
        return out

    def _endings(self, s: State) -> list[Action]:
        ahead = self._ahead(s)  # once for all the endings
        return [act(seat="gm", kind="end_story", args={"ending": e.id, "title": e.title},
                    ask="The epilogue: how does the story close?")
                for e in self.rules.adv.ending if not self._ending_unearned(s, e.id, ahead)]

    def _ending_unearned(self, s: State, ending: str,
                         ahead: tuple[set[str], set[str], set[str]] | None = None) -> str:
        """Why the story may not end this way now ("" if it may): an ending follows the state."""
        rules = self.rules
        e = rules.endings[ending]
        reachable, roads, solved = ahead or self._ahead(s)
        ok = {
            "always": True,
            "goal": rules.adv.adventure.goal in solved,
            "road": ending in roads,
            "captured": any(c.captured for c in s.active()),
            "dead": any(c.status != "active" for c in s.characters) or not s.active(),
            "stuck": not reachable,
        }
        if any(ok[w] for w in e.when):
            return ""
        why = {"goal": f"the goal is not met ({rules.problems[rules.adv.adventure.goal].name})",
               "road": "no scene played leads there", "captured": "nobody is a prisoner",
               "dead": "nobody has died", "stuck": "the adventure still goes on"}
        return "; ".join(why[w] for w in e.when if w in why)

    def _ahead(self, s: State) -> tuple[set[str], set[str], set[str]]:
        """The adventure scenes the GM may frame next, and the endings the roads reach: the roads
        out of the last scene played (success, failure, its exits, "resume" to an interrupted
        scene), the scenes set off by complications, the prisoner's scene, the start. A monster
        already beaten or a scene that happens once is passed through along its road."""
        rules = self.rules
        adv = rules.adv.adventure
        played = [p for p in s.played if not p.startswith("open:")]
        solved = set(self._solved(s))  # type: ignore[attr-defined]
        todo: list[str] = []
        if not played:
            todo.append(adv.start)
        else:
            last = rules.scenes[played[-1]]
            todo += [last.next_success, last.next_failure, last.retreat, *(e.scene for e in last.exits),
                     last.ending]
            if any(c.status != "active" for c in s.characters):
                todo.append(adv.after_death)
        todo += s.triggers
        if any(c.captured for c in s.active()):
            todo.append(adv.captured)
        scenes: set[str] = set()
        roads: set[str] = set()
        seen: set[str] = set()
        while todo:
            x = todo.pop()
            if not x or x in seen:
                continue
            seen.add(x)
            if x == "resume":
                todo += [rules.scenes[p].resume_to or p for p in played if not rules.scenes[p].triggered]
                todo += [rules.scenes[p].resume_to for p in played if rules.scenes[p].resume_to]
                continue
            if x in rules.endings:
                roads.add(x)
                continue
            sc = rules.scenes[x]
            if sc.once and x in s.played:
                todo.append(sc.next_failure)
                continue
            if sc.type == "rest" and s.rest_used:
                todo.append(sc.ending)
                continue
            scenes.add(x)
            if sc.triggered and sc.problems and all(p in solved for p in sc.problems):
                todo.append(sc.next_success)
        return scenes, roads, solved

    def _reveals(self, s: State) -> list[Action]:
        """Secrets the GM may uncover now: only those tied to the scene in play (its problems'
        secrets, what a success or a complication there uncovers, the scene's own secret)."""
        tied = self._scene_secrets(s)
        return [
            act(seat="gm", kind="reveal", args={"secret": sec.id, "title": sec.title},
                ask="How is the secret uncovered?")
            for sec in self.rules.adv.secret
            if sec.id not in s.revealed and sec.id in tied
        ]

    def _scene_secrets(self, s: State) -> set[str]:
        rules = self.rules
        sc = rules.scenes.get(s.scene.id) if s.scene else None
        if sc is None:
            return set()
        out = {x.id for x in rules.adv.secret if x.scene == sc.id}
        for pid in sc.problems:
            p = rules.problems[pid]
            out.update(p.reveals)
            out.update(x for x in (p.needs_secret, p.immune_secret, *(a.secret for a in p.advantage),
                                   *(a.reveals for a in p.advantage)) if x)
            if p.complication and p.complication.reveals:
                out.add(p.complication.reveals)
        return out

    def _can_rest(self, s: State) -> bool:
        return not s.rest_used and bool(s.active()) and s.scene_count < s.max_scenes

    def _unsafe(self, s: State) -> str:
        """Why this is no moment for a Rest ("" if it is one). The text: a Rest is narrated by the
        players (line 240: "if someone narrates a Rest scene"), somewhere safe (line 635: "a good
        night's rest in a safe location"); "as the next scene is a continuation of this action
        scene, the characters have no chance to narrate a Rest scene" (line 617)."""
        if any(c.captured for c in s.active()):
            return "a character is a prisoner: the action goes on until they are free"
        if s.triggers:
            return "something the last scene set off is already coming: the action goes on"
        last = self.rules.scenes.get(s.played[-1]) if s.played else None
        if last is not None and last.triggered:
            return "the next scene is a continuation of this one: no chance to rest"
        if last is not None and not last.safe:  # the mage's courtyard is nowhere to sleep
            return (f"{last.place} is no safe place: the Rest can come once you are somewhere safe "
                    "(out of the villa, or back at the guild)")
        if last is not None and last.unsafe_won and last.problems and \
                all(p in self._solved(s) for p in last.problems):  # type: ignore[attr-defined]
            return (f"{last.unsafe_won}: the Rest can come once you are somewhere safe (out of the "
                    "villa, or back at the guild)")
        return ""

    def _wants_rest(self, s: State) -> bool:
        """Something a Rest would give back: a loss, a used Trait or Relationship."""
        return any(any(c.loss.values()) or any(t.spent for t in c.traits)
                   or any(r.used for r in c.relationships) for c in s.active())

    def _do_frame(self, s: State, a: Action) -> list[Event]:
        rules = self.rules
        sid = a.args["scene"]
        s.scene_count += 1
        if sid == "open":
            t = rules.scene_types[a.args["type"]]
            s.scene = SceneState(number=s.scene_count, id="open", type=t.id, title=t.name,
                                 frame=a.text.strip())
        else:
            before = rules.scenes.get(s.played[-1]) if s.played else None  # where the hero is:
            won = before is not None and bool(before.problems) and \
                set(before.problems) <= set(self._solved(s))  # type: ignore[attr-defined]
            sc = rules.scenes[sid].as_met(won)
            s.scene = SceneState(number=s.scene_count, id=sid, type=sc.type, title=sc.title,
                                 place=sc.place, frame=a.text.strip())
            if sc.hidden and sid not in s.met:
                s.met = [*s.met, sid]
        s.played = [*s.played, sid if sid != "open" else f"open:{a.args['type']}"]
        s.roll = None
        s.scene_complications = []  # whoever was alerted is still ready for them (s.harder)
        s.triggers = [t for t in s.triggers if t != sid]
        events = [ev("scene", number=s.scene.number, id=s.scene.id, type=s.scene.type,
                      title=s.scene.title, place=s.scene.place, text=s.scene.frame)]
        if sid != "open":
            for sec in rules.adv.secret:
                if sec.scene == sid and sec.id not in s.revealed:
                    events.extend(self._reveal(s, sec.id, ""))
        if s.scene.type == "rest":
            events.extend(self._rest(s))
        s.phase = "declare"
        return events

    def _do_rest(self, s: State, a: Action) -> list[Event]:
        s.harder, s.scene_complications = 0, []
        s.scene_count += 1
        s.scene = SceneState(number=s.scene_count, id="open", type="rest", title="Rest",
                             frame=a.text.strip())
        s.played = [*s.played, "open:rest"]
        events = [ev("scene", number=s.scene.number, id="open", type="rest", title="Rest",
                      place="", text=s.scene.frame, by="player")]
        events.extend(self._rest(s))
        s.phase = "declare"
        return events

    def _rest(self, s: State) -> list[Event]:
        """The session's one Rest: used Traits and Relationships refresh, losses heal."""
        s.rest_used = True
        healed = []
        for c in [self._own(s, x) for x in s.active()]:
            if any(c.loss.values()):
                healed.append(c.name)
            c.loss = {a: 0 for a in ATTRS}
            # death's door stays: a Rest heals losses (text line 635), and nothing says it mends
            # a grievous wound; the character survives "only with the help of others"
            for t in c.traits:
                t.spent = 0
            for r in c.relationships:
                r.used = False
        return [ev("rest", healed=healed)]

    def _do_move_on(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.history = [*s.history, {"scene": s.scene.number, "scene_id": s.scene.id, "move_on": True,
                                  "text": a.text.strip()[:300], "roll": False}]
        return [ev("move_on", text=a.text)] + self._close_scene(s, a.text)

    def _do_end_scene(self, s: State, a: Action) -> list[Event]:
        return self._close_scene(s, a.text)

    def _close_scene(self, s: State, text: str) -> list[Event]:
        events = [ev("scene_end", number=s.scene.number if s.scene else 0, text=text)]
        s.scene = None
        s.roll = None
        if self._creation_due(s):
            s.phase = "create"
            s.draft = None
        elif self._can_rest(s) and self._wants_rest(s) and not self._unsafe(s):
            s.phase = "between"  # a safe moment: the players' call, their one Rest now or go on
        else:
            s.phase = "frame"
        return events

    def _do_go_on(self, s: State, a: Action) -> list[Event]:
        s.phase = "frame"
        return []

    def _do_continue(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene = s.scene.model_copy(update={"declaration": None})
        s.roll = None
        s.phase = "declare"
        return [ev("gm_says", text=a.text)]

    def _do_reveal(self, s: State, a: Action) -> list[Event]:
        return self._reveal(s, a.args["secret"], a.text)

    def _reveal(self, s: State, sid: str, how: str) -> list[Event]:
        if sid in s.revealed:
            return []
        sec = self.rules.secrets[sid]
        s.revealed = [*s.revealed, sid]
        return [ev("secret", id=sid, title=sec.title, text=sec.text, how=how)]

    def _do_end_story(self, s: State, a: Action) -> list[Event]:
        s.ending = a.args["ending"]
        s.epilogue = a.text.strip()
        s.scene = None
        s.roll = None
        end = self.rules.endings[s.ending]
        events = [ev("story_end", ending=s.ending, title=end.title, text=end.text, epilogue=s.epilogue)]
        s.exp_queue = [c.id for c in s.active()]
        s.exp_step = "grow"
        s.phase = "experience" if s.exp_queue else "over"
        return events

    def _do_act(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene = s.scene.model_copy(update={
            "beats": s.scene.beats + 1,
            "declaration": Declaration(character=a.args["character"], attribute=a.args["attribute"],
                                       text=a.text.strip())})
        c = s.char(a.args["character"])
        s.phase = "call"
        return [ev("declare", character=c.id, name=c.name, attribute=a.args["attribute"], text=a.text.strip())]

    def _do_contest(self, s: State, a: Action) -> list[Event]:
        assert s.scene
        s.scene = s.scene.model_copy(update={"beats": s.scene.beats + 1})
        attr = a.args["attribute"]
        pools = []
        for cid in (a.args["first"], a.args["second"]):
            c = s.char(cid)
            pools.append(Pool(character=cid, attribute=attr, sources=[self._attr_source(c, attr)]))
        s.roll = Roll(kind="contest", pools=pools, stage="rolling")
        s.phase = "roll"
        x, y = (s.char(p.character).name for p in pools)
        return [ev("contest", first=x, second=y, attribute=attr, text=a.text.strip())]

    def _do_no_roll(self, s: State, a: Action) -> list[Event]:
        assert s.scene and s.scene.declaration
        d = s.scene.declaration
        s.history = [*s.history, {"scene": s.scene.number, "scene_id": s.scene.id, "character": d.character,
                                  "attribute": d.attribute, "text": d.text[:300], "roll": False}]
        s.phase = "after"
        return [ev("no_roll", character=d.character, text=a.text.strip())]

    def _do_roll(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._roll_pool(s)
        assert s.scene and s.scene.declaration
        d = s.scene.declaration
        c = s.char(d.character)
        s.roll = Roll(problem=a.args["problem"],
                      pools=[Pool(character=c.id, attribute=d.attribute,
                                  sources=[self._attr_source(c, d.attribute)])])
        s.phase = "stakes"
        name = a.args.get("name", "")
        return [ev("roll_called", problem=a.args["problem"], name=name)]
