"""The roll and the sixes: dice are chance actions; each 6 is kept, exploded into two new dice or
spent to cancel a 1; contests compare successes and a tie is broken by a die or called a draw."""
from __future__ import annotations

from companion.core.game import Action, Chance, Event, RuleError

from .base import ATTR_NAME, FACES, Base, ev, act
from .model import Die, Pool, State


def state_name(s: State, cid: str) -> str:
    """A character's name for the record ("" for nobody: a draw)."""
    return s.char(cid).name if cid else ""


def _mark(pool: Pool, i: int, **change: object) -> None:
    """A die's new state: a new Die in its place (copies of the state share their dice)."""
    pool.dice = [d.model_copy(update=change) if j == i else d for j, d in enumerate(pool.dice)]


class Dice(Base):
    def _legal_sixes(self, s: State) -> list[Action]:
        P = "player"
        out: list[Action] = []
        r = s.roll
        assert r is not None
        pool = r.pools[r.current]
        for i in pool.pending():
            out.append(act(seat=P, kind="keep", args={"pool": r.current, "die": i}))
            out.append(act(seat=P, kind="explode", args={"pool": r.current, "die": i}))
        for i in pool.spendable_sixes():
            for j in pool.ones():
                out.append(act(seat=P, kind="cancel", args={"pool": r.current, "die": i, "one": j}))
        if not pool.pending():
            out.append(act(seat=P, kind="done"))
        return out

    def _legal_tiebreak(self, s: State) -> list[Action]:
        return [act(seat="player", kind="tiebreak"),
                act(seat="player", kind="draw", ask="How does the draw play out?")]

    def chance(self, state: State) -> Chance:
        r = state.roll
        if state.phase == "roll" and r is not None:
            pool = r.pools[r.current]
            who = state.char(pool.character).name
            n = pool.size()
            return Chance(
                what=f"roll {n} {'die' if n == 1 else 'dice'} for {who} ({ATTR_NAME.get(pool.attribute, pool.attribute)})",
                count=n,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        if state.phase == "explode" and r is not None:
            return Chance(
                what="explode a 6: roll 2 new dice",
                count=self.rules.limits.explode_dice,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        if state.phase == "tiebreak_roll" and r is not None:
            a, b = (state.char(p.character).name for p in r.pools)
            return Chance(
                what=f"break the tie: 1-3 {a} wins, 4-6 {b} wins",
                count=1,
                options=FACES,
                distinct=False,
                physical_seats=("player",),
            )
        raise RuleError("chance", "no dice are due now")

    def _apply_chance(self, s: State, faces: list[int]) -> list[Event]:
        r = s.roll
        assert r is not None
        if s.phase == "tiebreak_roll":
            r.tie_die = faces[0]
            r.winner = r.pools[0].character if faces[0] <= 3 else r.pools[1].character
            events = [ev("tiebreak", face=faces[0], winner=r.winner,
                          winner_name=state_name(s, r.winner))]
            return events + self._after_contest(s)
        pool = r.pools[r.current]
        origin = r.exploding if s.phase == "explode" else None
        pool.dice = [*pool.dice, *(Die(face=f, origin=origin,
                                       state="one" if f == 1 else "pending" if f == 6 else "plain")
                                   for f in faces)]
        pool.rolled = True
        kind = "explosion" if origin is not None else "dice_rolled"
        r.exploding = None
        events = [ev(kind, character=pool.character, faces=faces)]
        return events + self._after_dice(s)

    def _after_dice(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[r.current]
        has_kept = any(d.state == "kept" for d in pool.dice)
        if pool.pending() or (pool.ones() and has_kept):
            s.phase = "sixes"
            return []
        pool.done = True
        return self._next_pool(s)

    def _next_pool(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        if r.current + 1 < len(r.pools):
            r.current += 1
            s.phase = "roll"
            return []
        return self._resolve(s)

    def _do_keep(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        _mark(r.pools[r.current], a.args["die"], state="kept")
        return [ev("six_kept", die=a.args["die"])] + self._after_dice(s)

    def _do_explode(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        _mark(r.pools[r.current], a.args["die"], state="exploded")
        r.exploding = a.args["die"]
        s.phase = "explode"
        return [ev("six_exploded", die=a.args["die"])]

    def _do_cancel(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[r.current]
        _mark(pool, a.args["die"], state="cancels", cancels=a.args["one"])
        _mark(pool, a.args["one"], state="cancelled")
        return [ev("one_cancelled", die=a.args["die"], one=a.args["one"])] + self._after_dice(s)

    def _do_done(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.pools[r.current].done = True
        return self._next_pool(s)

    def _resolve(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        sf = self.rules.limits.success_from
        if r.kind == "contest":
            a, b = (p.successes(sf) for p in r.pools)
            r.stage = "done"
            if a == b:
                s.phase = "tiebreak"
                return [ev("contest_tied", successes=a)]
            r.winner = r.pools[0].character if a > b else r.pools[1].character
            return self._after_contest(s)
        total = sum(p.successes(sf) for p in r.pools)
        r.stage = "done"
        if r.kind == "shared":  # each part against its own share of the Difficulty
            r.pools = [p.model_copy(update={"success": p.successes(sf) >= (p.part or 0)})
                       for p in r.pools]
            r.success = all(p.success for p in r.pools)
        else:
            r.success = r.overkill or total >= (r.difficulty or 0)
        six = any(p.six_rolled() for p in r.pools)
        for p in r.pools:
            r.due_complications = [*r.due_complications, *(p.character for _ in p.ones())]
        events = [ev("resolved", successes=total, difficulty=r.difficulty, success=r.success,
                      overkill=r.overkill, ones=len(r.due_complications), six=six,
                      pools=[{"character": p.character, "faces": [d.face for d in p.dice],
                              "states": [d.state for d in p.dice], "size": p.size(),
                              "part": p.part, "successes": p.successes(sf), "success": p.success,
                              "name": s.char(p.character).name}
                             for p in r.pools])]
        prob = self.rules.problems.get(r.problem)
        if r.success:
            for p in r.pools:
                self._mine(s, p.character).captured = False
            events.extend(self._avenge(s, r.problem))
            if prob is not None and prob.needs_element and not six:
                # a success that does not solve the problem: say at once what is still missing
                events.append(ev("still_missing", problem=prob.id, name=prob.name,
                                  text=prob.still_missing or f"{prob.name} is not overcome yet: it "
                                  "takes a narrative element (a 6) as well"))
        else:
            if r.kind == "shared":  # the parts that held free their characters
                for p in r.pools:
                    if p.success:
                        self._mine(s, p.character).captured = False
            events.extend(self._apply_consequences(s, r, villain=r.problem if prob and prob.villain else ""))
        s.history = [*s.history, {
            "scene": s.scene.number if s.scene else 0, "scene_id": s.scene.id if s.scene else "",
            "roll": True, "problem": r.problem, "characters": [p.character for p in r.pools],
            "text": s.scene.declaration.text[:300] if s.scene and s.scene.declaration else "",
            "difficulty": r.difficulty, "successes": total, "success": r.success, "six": six,
            "ones": len(r.due_complications), "overkill": r.overkill,
            "consequence": [x["consequence"] for x in r.applied],
            "raised": [x.words for p in r.pools for x in p.sources if x.kind == "raise" and x.words],
        }]
        r.element = "" if six else "-"
        return events + self._advance(s)

    def _after_contest(self, s: State) -> list[Event]:
        r = s.roll
        assert r
        sf = self.rules.limits.success_from
        six = any(p.six_rolled() for p in r.pools)
        for p in r.pools:
            r.due_complications = [*r.due_complications, *(p.character for _ in p.ones())]
        r.success = True  # a contest always resolves into a story the player narrates
        s.history = [*s.history, {
            "scene": s.scene.number if s.scene else 0, "scene_id": s.scene.id if s.scene else "",
            "roll": True, "contest": True, "winner": r.winner,
            "characters": [p.character for p in r.pools],
            "successes": [p.successes(sf) for p in r.pools], "six": six,
            "ones": len(r.due_complications),
        }]
        r.element = "" if six else "-"
        events = [ev("contest_result", winner=r.winner, winner_name=state_name(s, r.winner),
                      successes=[p.successes(sf) for p in r.pools],
                      pools=[{"character": p.character, "faces": [d.face for d in p.dice],
                              "states": [d.state for d in p.dice]} for p in r.pools])]
        return events + self._advance(s)

    def _do_tiebreak(self, s: State, a: Action) -> list[Event]:
        s.phase = "tiebreak_roll"
        return []

    def _do_draw(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.winner = ""
        return [ev("draw", text=a.text.strip())] + self._after_contest(s)
