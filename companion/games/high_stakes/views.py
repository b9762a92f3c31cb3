"""What each seat sees: the character sheets, the roll in progress, the story so far; the GM's
secrets and hidden scenes stay out of the player's view until revealed."""
from __future__ import annotations

from typing import Any

from .base import ATTRS, Base
from .lore import known
from .model import Character, State


class Views(Base):
    def _sheet(self, c: Character, seat: str | None) -> dict[str, Any]:
        show_secret = seat in ("player", "gm") or c.secret_used
        return {
            "id": c.id, "name": c.name, "concept": c.concept,
            "attributes": {a: {"base": c.base[a], "loss": c.loss[a], "now": c.current(a)} for a in ATTRS},
            "traits": [{"id": t.id, "name": t.name, "very": t.very, "left": t.available(),
                        "burned": t.burned} for t in c.traits],
            "relationships": [{"id": r.id, "name": r.name, "used": r.used, "lost": r.lost,
                               "revenge": r.revenge, "bonus": r.bonus} for r in c.relationships],
            "secret": c.secret if show_secret else "", "has_secret": bool(c.secret),
            "secret_used": c.secret_used,
            "unique": c.unique, "unique_used": c.unique_used,
            "status": c.status, "out_reason": c.out_reason, "deaths_door": c.deaths_door,
            "captured": c.captured, "social_death": c.social_death, "gear_lost": c.gear_lost,
            "stories": c.stories, "die_moved": c.die_moved,
        }

    def _roll_view(self, s: State) -> dict[str, Any] | None:
        r = s.roll
        if r is None:
            return None
        rules = self.rules
        prob = rules.problems.get(r.problem)
        sf = rules.limits.success_from
        return {
            "kind": r.kind, "problem": r.problem, "problem_name": prob.name if prob else "",
            "difficulty": r.difficulty,
            "rung": rules.rung(r.difficulty).name if r.difficulty is not None else "",
            "consequence": [{"id": k, "name": rules.consequences[k].name,
                             "summary": rules.consequences[k].summary} for k in r.consequence],
            # the adventure's words for what goes wrong, only when the stake is the problem's own
            "consequence_text": prob.consequence_text if prob and r.consequence and list(r.consequence)
            in [list(prob.consequence), *(list(c) for c in prob.choices)] else "",
            "severity": self._severity(r.consequence), "advantage": r.advantage, "stage": r.stage,
            "helpers": list(r.helpers), "current": r.current, "overkill": r.overkill,
            "success": r.success, "winner": r.winner,
            "pools": [{
                "character": p.character, "attribute": p.attribute, "size": p.size(),
                "sources": [x.model_dump() for x in p.sources], "raised": p.raised, "heroic": p.heroic,
                "dice": [d.model_dump() for d in p.dice], "successes": p.successes(sf),
                # what failure costs this character now: a raise replaces the GM's consequence
                "at_stake": [{"id": k, "name": rules.consequences[k].name,
                              "summary": rules.consequences[k].summary}
                             for k in ([p.raised] if p.raised else r.consequence)],
                "ones": len(p.ones()), "rolled": p.rolled,
                "part": p.part, "success": p.success,
            } for p in r.pools],
            "complications_due": len(r.due_complications),
            "applied": [dict(x) for x in r.applied],
            "element": r.element if r.element not in ("", "-", "+") else "",
            # a Trait or a raise the GM is asked to judge, and what was ruled out this roll
            "asking": None if r.asking is None else {**r.asking, "args": dict(r.asking["args"]),
                                                     "what": self._asked(s, r.asking)},  # type: ignore[attr-defined]
            "refused": list(r.refused),
        }

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        s = state
        rules = self.rules
        info = rules.adv.adventure
        sc = s.scene
        out: dict[str, Any] = {
            "game": self.name, "seat": seat, "phase": s.phase, "to_move": self.to_move(s),
            "setting": rules.adv.setting.title,
            "adventure": {"title": info.title, "hook": info.hook},
            "characters": [self._sheet(c, seat) for c in s.characters],
            # the sheets as they entered the story (the journal's front matter shows these)
            # (the public view only: the seats' prompts have the sheets as they are now)
            "debut": [self._sheet(c, None) for c in s.debut] if seat is None else [],
            "scene": None if sc is None else {
                "number": sc.number, "id": sc.id, "type": sc.type, "title": sc.title, "place": sc.place,
                "frame": sc.frame, "beats": sc.beats, "max_beats": s.max_beats,
                "declaration": sc.declaration.model_dump() if sc.declaration else None,
            },
            "roll": self._roll_view(s),
            "rest_used": s.rest_used, "scene_count": s.scene_count, "max_scenes": s.max_scenes,
            "rest_now": s.phase in ("frame", "between") and bool(self._legal_rest(s)),  # type: ignore[attr-defined]
            "revealed": [{"id": x, "title": rules.secrets[x].title, "text": rules.secrets[x].text}
                         for x in s.revealed],
            "facts": list(s.facts),
            # what the players made true, with each element's kind: it stays true, and the GM
            # (every voice: the view is in each prompt) builds on it
            "made_true": [{"kind": k, "text": f} for f, k in zip(s.facts, s.fact_kinds)],
            "history": [dict(h) for h in s.history],
            "played": list(s.played),
            "solved": self._solved(s),
            # a character being built is the player's own business until it joins the story
            "draft": s.draft.model_dump() if s.draft and seat == "player" else (
                {"step": s.draft.step} if s.draft else None),
            "pending_new": s.pending_new,
            "exp_queue": list(s.exp_queue),  # whose Experience comes next
            "bonds": [dict(b) for b in s.bonds],
            "ending": None if not s.ending else {
                "id": s.ending, "title": rules.endings[s.ending].title,
                "text": rules.endings[s.ending].text, "epilogue": s.epilogue},
        }
        if seat == "gm":
            out["gm"] = {
                "secrets": [{"id": x.id, "title": x.title, "text": x.text, "revealed": x.id in s.revealed}
                            for x in rules.adv.secret],
                "triggers": list(s.triggers),
                "met": list(s.met),
            }
            told = known(out, rules) if out["scene"] and out["scene"]["declaration"] else ""
            if told:  # a question asked of the adventure's people: what they know to answer it
                out["gm"]["known"] = told
        return out

    def _solved(self, s: State) -> list[str]:
        """Problems overcome so far (a problem that needs a narrative element needs a 6 too)."""
        out: list[str] = []
        for h in s.history:
            p = self.rules.problems.get(h.get("problem", ""))
            if p and h.get("success") and (h.get("six") or not p.needs_element) and p.id not in out:
                out.append(p.id)
        return out

    def secrets(self, state: State, seat: str | None) -> set[str]:
        if seat == "gm":
            return set()
        rules = self.rules
        out: set[str] = set()
        for sec in rules.adv.secret:
            if sec.id not in state.revealed:
                out.add(sec.id)
                out.add(sec.text)
        for sc in rules.adv.scene:
            if sc.hidden and sc.id not in state.met:
                out.add(sc.id)
        # A character's Personal Secret is hidden from the public view too (its sheet shows "" until
        # it is revealed), but its text is free text that may equal anything else said in the
        # story, so it is checked by its own test rather than listed here.
        return out
