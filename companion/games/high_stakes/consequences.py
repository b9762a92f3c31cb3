"""Consequences and the sheet: what a failed roll costs (wounds, capture, death's door, death and
the friends' revenge), Relationships lost, narrative elements and the GM's veto, who narrates, and
one Complication per uncancelled 1."""
from __future__ import annotations

from companion.core.game import Action, Event
from companion.story.reading import names_thing, read, says_state

from .base import Base, ev, gm_ev, act
from .model import Character, Relationship, Roll, State


class Consequences(Base):
    def _legal_element(self, s: State) -> list[Action]:
        out = [act(seat="player", kind="element", args={"element": e.id}, optional_text=False,
                      ask=f"A 6! Add a narrative element ({e.text}): what becomes true?")
               for e in self.rules.core.element]
        out.append(act(seat="player", kind="skip_element"))
        return out

    def _legal_narrate(self, s: State, seat: str) -> list[Action]:
        if self.to_move(s) == [seat]:  # type: ignore[attr-defined]
            return [act(seat=seat, kind="narrate", ask=self._narrate_ask(s))]
        return []

    def _legal_lose(self, s: State) -> list[Action]:
        r = s.roll
        assert r is not None
        c = s.char(r.due_losses[0])
        return [act(seat="gm", kind="lose",
                       args={"character": c.id, "relationship": rel.id, "name": rel.name})
                for rel in c.relationships if not rel.lost]

    def _legal_veto(self, s: State) -> list[Action]:
        out = [act(seat="gm", kind="accept_element")]
        for v in self.rules.core.veto:
            out.append(act(seat="gm", kind="veto", args={"reason": v.id},
                              ask="Explain the veto: what does the element contradict?"))
        return out

    def _legal_complication(self, s: State) -> list[Action]:
        G = "gm"
        rules = self.rules
        out: list[Action] = []
        r = s.roll
        assert r is not None
        prob = rules.problems.get(r.problem)
        victim = s.char(r.due_complications[0])
        used = set(s.scene_complications)  # never the same setback twice in a scene
        pc = prob.complication if prob is not None else None
        if pc is not None and "problem" not in used and self._harmless(victim, pc.effect, pc.attribute) \
                and not (pc.effect == "trigger" and self._dealt_with(s, pc.scene)):
            out.append(act(seat=G, kind="complication", args={"id": "problem"},
                           ask="Describe the setback."))
        here = self.holds(s)
        for c in rules.core.complication:
            if c.id in used or (c.after == "success" and not r.success):
                continue
            if not set(c.needs) <= here:
                continue  # nothing here it could happen to (no friend, no book, no fire)
            if self._harmless(victim, c.effect, c.attribute):
                out.append(act(seat=G, kind="complication", args={"id": c.id},
                                  ask="Describe the setback."))
        if not out:  # every fitting setback came already: time slips away, always
            out.append(act(seat=G, kind="complication", args={"id": "time_lost"},
                           ask="Describe the setback."))
        return out

    def holds(self, s: State) -> set[str]:
        """What the scene holds, for the setbacks that need something there: the scene's own
        list, plus what the table shows (a friend beside the character, people to deal with, a
        villain, a creature just beaten, valuables made true, a weapon where a fight can be had and
        the words draw one: they fight, or name a blade)."""
        sc = self.rules.scenes.get(s.scene.id) if s.scene else None
        here = set(sc.holds) if sc else set()
        r = s.roll
        prob = self.rules.problems.get(r.problem) if r else None
        if len(s.active()) > 1 or any(k in ("newcomer", "admirer", "pet", "contact", "kin")
                                      for k in s.fact_kinds):
            here.add("friend")
        if s.scene and s.scene.type == "interaction":
            here.add("people")
        if prob is not None and prob.villain:
            here.add("villain")
            if r and r.success:
                here.add("creature")
        if "valuables" in s.fact_kinds:
            here.add("valuables")
        decl = s.scene.declaration if s.scene else None
        said = read(decl.text) if decl and decl.text else None
        if prob is not None and any({"fight", "defend"} & set(ap.acts) for ap in prob.approaches) \
                and said is not None and ({"fight", "defend"} & set(said.top(2))
                                          or "blade" in said.thing_kinds):
            here.add("weapon")  # a blade sticks only where one was drawn: a fight, a blade named
        elif s.scene and s.scene.id == "open":
            here.add("weapon")  # a scene of the GM's own: what is at hand is the GM's to say
        return here

    def _narrate_ask(self, s: State) -> str:
        r = s.roll
        if r is None:
            return "Narrate what happens."
        if r.kind == "contest":
            return "Narrate the contest and its winner."
        if r.success:
            extra = " (despite the complication)" if r.due_complications else ""
            prob = self.rules.problems.get(r.problem or "")
            found = [x.text for x in self.rules.adv.secret  # what this success uncovers, so the
                     if prob and x.id in prob.reveals and x.id not in s.revealed]  # telling fits it
            told = f" What you find: {found[0][:1].lower()}{found[0][1:]}" if found else ""
            return f"Narrate how you succeed{extra}.{told}"
        return "Narrate the failure and its consequence."

    @staticmethod
    def _harmless(c: Character, effect: str, attribute: str | None) -> bool:
        """A Complication makes life harder but never kills or knocks a character out outright:
        no attribute loss that would reach 0, no Body loss at death's door."""
        if effect != "loss" or not c.active or attribute is None:
            return True
        if attribute == "body" and c.deaths_door:
            return False
        return c.current(attribute) > 1

    def _advance(self, s: State) -> list[Event]:
        """After a resolution: relationship losses, element, veto, narration, complications."""
        r = s.roll
        assert r
        if r.due_losses:
            s.phase = "lose_relationship"
        elif r.element == "":
            s.phase = "element"
        elif r.element not in ("-", "+"):
            s.phase = "veto"
        elif not r.narrated:
            s.phase = "narrate"
        elif r.due_complications:
            s.phase = "complication"
        else:
            s.phase = "after"
        return []

    def _apply_consequences(self, s: State, r: Roll, villain: str) -> list[Event]:
        targets: list[tuple[str, list[str]]] = []
        for p in r.pools:
            if r.kind == "shared" and p.success:
                continue  # a shared scene: only those whose part failed pay
            targets.append((p.character, [p.raised] if p.raised else list(r.consequence)))
        if r.kind == "single":
            lead_kinds = targets[0][1]
            targets.extend((h, list(lead_kinds)) for h in r.helpers)
        events: list[Event] = []
        for cid, kinds in targets:
            c = self._mine(s, cid)
            for k in kinds:
                if not c.active:
                    break
                events.extend(self._suffer(s, r, c, k, villain))
        return events

    def _suffer(self, s: State, r: Roll, c: Character, kind: str, villain: str) -> list[Event]:
        con = self.rules.consequences[kind]
        r.applied = [*r.applied, {"character": c.id, "consequence": kind}]
        events = [ev("suffer", character=c.id, name=c.name, consequence=kind, label=con.name)]
        eff = con.effect
        if eff == "loss":
            events.extend(self._lose(s, c, con.attribute or "body", villain))
        elif eff == "equipment":
            c.gear_lost += 1
        elif eff == "relationship":
            if self._has_relationship(c):
                r.due_losses = [*r.due_losses, c.id]
        elif eff == "captured":
            c.captured = True
        elif eff == "social_death":
            c.social_death = True
        elif eff == "deaths_door":
            if c.deaths_door:
                events.extend(self._kill(s, c, "a second grievous wound at death's door", villain))
            else:
                c.deaths_door = True
        elif eff == "dead":
            events.extend(self._kill(s, c, con.name, villain))
        return events

    def _lose(self, s: State, c: Character, attr: str, villain: str = "") -> list[Event]:
        if attr == "body" and c.deaths_door:
            return self._kill(s, c, "hurt again at death's door", villain)
        c.loss[attr] += 1
        events = [ev("loss", character=c.id, attribute=attr, now=c.current(attr))]
        if c.current(attr) <= 0:
            # An attribute at 0 takes the character out in the text's own ways (lines 321-331):
            # Body 0 "impaired ... or killed in action": killed when a villain did it (and the
            # friends get their revenge dice), else permanently impaired; Mind 0 a broken mind;
            # Aura 0 "a social death: becoming a pariah or a recluse": alive, cast out of the
            # story, and no revenge dice (nobody was killed).
            if attr == "body" and villain:
                return events + self._kill(s, c, "killed in action: Body at 0", villain)
            c.status = "out"
            if attr == "aura":
                c.social_death = True
            c.out_reason = {"body": "permanently impaired: Body at 0",
                            "mind": "a broken mind: Mind at 0",
                            "aura": "a pariah: alive, but cast out by all (Aura at 0)"}[attr]
            s.pending_new += 1
            events.append(ev("out", character=c.id, name=c.name, reason=c.out_reason, attribute=attr))
        return events

    def _kill(self, s: State, c: Character, cause: str, villain: str) -> list[Event]:
        c.status = "dead"
        c.out_reason = cause
        s.pending_new += 1
        events = [ev("death", character=c.id, name=c.name, cause=cause, villain=villain)]
        if villain:
            prob = self.rules.problems[villain]
            s.bonds = [*s.bonds, {"villain": villain, "name": prob.name, "fallen": c.name}]
            for o in [self._own(s, x) for x in s.active()]:
                o.relationships.append(Relationship(
                    id=f"v{len(o.relationships) + 1}", name=f"avenge {c.name} on {prob.name}",
                    revenge=villain, bonus=self.rules.limits.revenge_bonus))
        return events

    def _avenge(self, s: State, problem: str) -> list[Event]:
        if not any(b["villain"] == problem for b in s.bonds):
            return []
        s.bonds = [b for b in s.bonds if b["villain"] != problem]
        for c in [self._own(s, x) for x in s.characters]:
            c.relationships = [x for x in c.relationships if x.revenge != problem]
        return [ev("avenged", villain=problem)]

    def _do_lose(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, a.args["character"])
        rel = next(x for x in c.relationships if x.id == a.args["relationship"])
        rel.lost = True
        r.due_losses = r.due_losses[1:]
        return [ev("relationship_lost", character=c.id, name=rel.name)] + self._advance(s)

    def _do_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        text = a.text.strip() or self.rules.elements[a.args["element"]].text
        r.element, r.element_kind = text, a.args["element"]
        return [ev("element", kind=a.args["element"], text=text)] + self._advance(s)

    def _do_skip_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.element = "-"
        return self._advance(s)

    def _do_accept_element(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        made = r.element
        s.facts = [*s.facts, made]
        s.fact_kinds = [*s.fact_kinds, r.element_kind]
        r.element = "+"
        # the element becomes true now (and is told now: an offer the GM vetoes is no story)
        events = [ev("element_accepted", text=made, kind=r.element_kind)]
        events += self._opened(s, made, r.element_kind)
        return events + self._advance(s)

    def _opened(self, s: State, fact: str, kind: str) -> list[Event]:
        """What the players made true opens a way the adventure kept secret (a crooked grating
        named is a way in): the problem's secret is uncovered, in the fact's own words."""
        events: list[Event] = []
        for p in self.rules.adv.problem:
            ob = p.opened_by
            if ob is None or not p.needs_secret or p.needs_secret in s.revealed:
                continue
            if names_thing(fact, ob.things) and (kind in ob.kinds or (
                    ob.state and says_state(fact, ob.state))):
                events += self._reveal(s, p.needs_secret, "")  # type: ignore[attr-defined]
        return events

    def _do_veto(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        reason = a.args["reason"]
        text = r.element
        r.element = "-"
        return [ev("veto", reason=reason, element=text, text=a.text.strip())] + self._advance(s)

    def _do_narrate(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.narrated = True
        if s.history and a.text.strip():
            # a new entry, not an edit: copies of the state share the entries of the history
            s.history = [*s.history[:-1], {**s.history[-1], "told": a.text.strip()[:300]}]
        return [ev("narration", seat=a.seat, text=a.text.strip(), success=bool(r.success))] + self._advance(s)

    def _dealt_with(self, s: State, scene: str) -> bool:
        """A scene whose every problem is already overcome (the dogs drugged asleep cannot come)."""
        sc = self.rules.scenes.get(scene)
        solved = set(self._solved(s))  # type: ignore[attr-defined]
        return sc is not None and bool(sc.problems) and all(p in solved for p in sc.problems)

    def _do_complication(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        cid, r.due_complications = r.due_complications[0], r.due_complications[1:]
        c = self._mine(s, cid)
        cx = a.args["id"]
        s.scene_complications = [*s.scene_complications, cx]
        events: list[Event] = []
        if cx == "problem":
            pc = self.rules.problems[r.problem].complication
            assert pc is not None
            events.append(ev("complication", character=cid, id=f"{r.problem}", text=pc.text, note=a.text.strip()))
            if pc.effect == "loss" and pc.attribute and c.active:
                events.extend(self._lose(s, c, pc.attribute))
            elif pc.effect == "trigger":
                if pc.scene not in s.triggers:
                    s.triggers = [*s.triggers, pc.scene]
                events.append(gm_ev("trigger", scene=pc.scene))
            if pc.reveals:
                events.extend(self._reveal(s, pc.reveals, ""))
        else:
            cd = self.rules.complications[cx]
            events.append(ev("complication", character=cid, id=cx, text=cd.text, note=a.text.strip()))
            if cd.effect == "loss" and cd.attribute and c.active:
                events.extend(self._lose(s, c, cd.attribute))
            elif cd.effect == "harder":
                if s.harder == 0:  # someone is ready for them: one harder, never stacked
                    s.harder = 1
                    events.append(ev("harder", character=cid, by=1, lasting=cd.lasting))
            elif cd.effect == "time":
                s.max_scenes = max(s.scene_count + 2, s.max_scenes - 1)
                events.append(ev("time_lost", character=cid, max_scenes=s.max_scenes))
            elif cd.effect == "gear":
                c.gear_lost += 1
                events.append(ev("gear_lost", character=cid, name=c.name))
        s.phase = "complication" if r.due_complications else "after"
        return events
