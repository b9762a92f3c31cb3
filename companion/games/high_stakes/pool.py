"""The pool: the GM sets the stakes before any die (attribute, Difficulty, Consequence, tactical
advantage); the player adds dice (Traits, Relationships, the Personal Secret, the Unique Thing,
raising the stakes, a Heroic Effort, a friend's help, team members), then rolls or wins by Overkill."""
from __future__ import annotations

import itertools

from companion.core.game import Action, Event

from .base import ATTRS, Base, ev, act
from .model import Pool, Source, State


def fit_key(kind: str, args: dict) -> str:
    """What a judgement is about: this Trait of this character, this raise (not how many dice)."""
    if kind == "raise":
        return f"raise:{args['character']}:{args['consequence']}"
    if kind == "lend":
        return f"lend:{args['helper']}:{args['trait']}"
    return f"trait:{args['character']}:{args['trait']}"


class PoolPhase(Base):
    def _legal_stakes(self, s: State) -> list[Action]:
        r = s.roll
        assert r is not None
        has_rel = r.stage == "consequence" and self._has_relationship(s.char(r.pools[0].character))
        return self._memo(("stakes", r.stage, has_rel), lambda: self._stakes_templates(r.stage, has_rel))

    def _stakes_templates(self, stage: str, has_rel: bool) -> list[Action]:
        G = "gm"
        out: list[Action] = []
        lim = self.rules.limits
        if stage == "attribute":
            for a in ATTRS:
                out.append(act(seat=G, kind="attribute", args={"attribute": a}))
        elif stage == "difficulty":
            for v in range(1, lim.difficulty_max + 1):
                out.append(act(seat=G, kind="difficulty", args={"value": v},
                               ask="Why this Difficulty? (the obstacles, on the ladder)"))
        elif stage == "consequence":
            for kinds in self._consequence_sets(has_rel):
                out.append(act(seat=G, kind="consequence", args={"kinds": kinds},
                               ask="What is at stake if the roll fails?"))
        elif stage == "advantage":
            for n in range(0, lim.advantage_max + 1):
                out.append(act(seat=G, kind="advantage", args={"dice": n},
                               ask=None if n == 0 else "What did they do right to earn it?"))
        return out

    def _consequence_sets(self, has_relationship: bool) -> list[list[str]]:
        """Consequences the GM may set: one kind, or two that add up (wound AND capture); losing a
        Relationship only for a character who still has one."""
        kinds = [k.id for k in self.rules.core.consequence
                 if k.id != "relationship" or has_relationship]
        out = [[k] for k in kinds]
        pairable = [k for k in kinds if k not in ("retreat", "game_over")]
        out.extend([a, b] for a, b in itertools.combinations(pairable, 2))
        return out

    def _do_attribute(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        pool = r.pools[0]
        c = s.char(pool.character)
        attr = a.args["attribute"]
        changed = attr != pool.attribute
        pool.attribute = attr
        pool.sources = [self._attr_source(c, attr), *pool.sources[1:]]
        r.stage = "difficulty"
        return [ev("attribute", character=c.id, attribute=attr, overruled=changed)]

    def _do_difficulty(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.difficulty = int(a.args["value"]) + s.harder  # a setback earlier in the scene bites
        extra, s.harder = s.harder, 0
        r.stage = "consequence"
        rung = self.rules.rung(r.difficulty)
        return [ev("difficulty", value=r.difficulty, rung=rung.name, text=a.text.strip(),
                    harder=extra)]

    def _do_consequence(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        r.consequence = list(a.args["kinds"])
        r.stage = "advantage"
        names = [self.rules.consequences[k].name for k in r.consequence]
        events = [ev("consequence", kinds=r.consequence, names=names, text=a.text.strip())]
        c = s.char(r.pools[0].character)
        if c.deaths_door and self._worsens_wounds(r.pools[0].attribute, r.consequence, r.problem):
            events += self._fatal_test(s, c, r.problem)
        return events

    def _worsens_wounds(self, attribute: str, consequence: list[str], problem: str) -> bool:
        """A Body test that could logically worsen a character's wounds: the harm at stake is
        physical, or the problem is a danger to the body (its raises include a wound)."""
        physical = {"wounded", "deaths_door", "game_over"}
        prob = self.rules.problems.get(problem)
        return attribute == "body" and bool(physical & set(consequence) or (
            prob is not None and physical & set(prob.raises)))

    def _fatal_test(self, s: State, c, problem: str) -> list[Event]:
        """Death's door (text line 665): "a character in this condition dies if he is required
        to make any Body test for any cause that could logically worsen his wounds". The roll
        never happens: the scene goes on without them."""
        prob = self.rules.problems.get(problem)
        victim = self._mine(s, c.id)
        events = self._kill(s, victim, "a Body test at death's door",  # type: ignore[attr-defined]
                            problem if prob is not None and prob.villain else "")
        assert s.scene
        s.history = [*s.history, {"scene": s.scene.number, "scene_id": s.scene.id, "character": c.id,
                                  "roll": False, "died": True, "problem": problem}]
        s.roll = None
        s.phase = "after"
        return events

    def _do_advantage(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        n = int(a.args["dice"])
        r.advantage = n
        if n:
            r.pools[0].sources = [*r.pools[0].sources, Source(kind="advantage", dice=n, label=f"tactical advantage +{n}",
                                             character=r.pools[0].character)]
        r.stage = "pool"
        s.phase = "pool"
        return [ev("advantage", dice=n, text=a.text.strip())]

    def _legal_pool(self, s: State) -> list[Action]:
        P = "player"
        r = s.roll
        assert r is not None
        out: list[Action] = []
        rules = self.rules
        stype = rules.scene_types.get(s.scene.type if s.scene else "", None)
        raise_ok = stype.raise_ if stype else True
        base_sev = self._severity(r.consequence)
        in_roll = {p.character for p in r.pools} | set(r.helpers)
        refused = set(r.refused)  # the GM ruled these do not fit this roll: not asked again
        for pi, pool in enumerate(r.pools):
            c = s.char(pool.character)
            for t in c.traits:
                av = t.available()
                if av <= 0 or fit_key("trait", {"character": c.id, "trait": t.id}) in refused:
                    continue
                if t.very:
                    for n in range(1, av + 1):
                        out.append(act(seat=P, kind="trait",
                                          args={"character": c.id, "trait": t.id, "name": t.name, "dice": n}))
                else:
                    out.append(act(seat=P, kind="trait", args={"character": c.id, "trait": t.id, "name": t.name}))
            in_pool = {x.ref for x in pool.sources if x.kind == "revenge"}
            for rel in c.relationships:
                if rel.lost or rel.used or rel.id in in_pool:
                    continue
                if rel.revenge and rel.revenge != r.problem:
                    continue
                out.append(act(seat=P, kind="relationship",
                                  args={"character": c.id, "relationship": rel.id, "name": rel.name}))
            if c.secret and not c.secret_used:
                out.append(act(seat=P, kind="secret", args={"character": c.id},
                                  ask="How does your secret come out in this scene?"))
            if c.unique and not c.unique_used:
                out.append(act(seat=P, kind="unique", args={"character": c.id, "name": c.unique},
                                  ask="How does your Unique Thing help?"))
            if raise_ok and not pool.raised:
                for k in rules.core.consequence:
                    if k.bonus > base_sev and (k.id != "relationship" or self._has_relationship(c)) \
                            and fit_key("raise", {"character": c.id, "consequence": k.id}) not in refused:
                        out.append(act(seat=P, kind="raise", args={"character": c.id, "consequence": k.id},
                                          ask="How do you raise the stakes?"))
            if "game_over" in r.consequence and not pool.heroic:
                for t in c.traits:
                    if t.available() > 0:
                        out.append(act(seat=P, kind="heroic",
                                          args={"character": c.id, "trait": t.id, "name": t.name},
                                          ask="Your Heroic Effort: how do you pour everything into this?"))
            del pi
        for c in s.active():
            if c.id in in_roll:
                continue
            if r.kind == "single":
                # A friend helps with one die (text line 139: "+1 die for each character helping";
                # line 236: a friend "may also help by burning an appropriate trait"): either
                # plainly, or by lending one Trait that fits, never both.
                out.append(act(seat=P, kind="help", args={"helper": c.id},
                               ask=f"How does {c.name} help?"))
                for t in c.traits:
                    if t.available() > 0 and fit_key("lend", {"helper": c.id, "trait": t.id}) not in refused:
                        out.append(act(seat=P, kind="lend",
                                       args={"helper": c.id, "trait": t.id, "name": t.name},
                                       ask=f"How does {c.name}'s {t.name} help?"))
            if r.kind in ("single", "team"):
                for a in ATTRS:
                    out.append(act(seat=P, kind="join", args={"character": c.id, "attribute": a},
                                   ask=f"What does {c.name} do in the team effort?"))
            # a shared scene: each takes on a part of the trouble (each part at least 1)
            if r.kind in ("single", "shared") and not r.helpers and len(r.pools) + 1 <= r.difficulty:
                for a in ATTRS:
                    out.append(act(seat=P, kind="share", args={"character": c.id, "attribute": a},
                                   ask=f"Which part of the trouble does {c.name} take on, and how?"))
        if r.kind == "shared":
            open_parts = [i for i, p in enumerate(r.pools) if p.part is None]
            if open_parts:  # the players split the Difficulty, one part at a time
                i = open_parts[0]
                given = sum(p.part or 0 for p in r.pools)
                most = r.difficulty - given - (len(open_parts) - 1)
                for v in range(1, most + 1):
                    out.append(act(seat=P, kind="part", args={"pool": i, "value": v}))
                return out  # no roll before every part of the Difficulty has its character
        out.append(act(seat=P, kind="roll"))
        return out

    # -- the GM judges whether a Trait or a raise fits (the text: "+1 die from a Trait if it
    # applies", line 262; "if you can logically raise the stakes", line 653) ----------------------
    def _legal_judge(self, s: State) -> list[Action]:
        return self._memo(("judge",), lambda: [
            act(seat="gm", kind="allow"),
            act(seat="gm", kind="refuse", optional_text=False,
                ask="Why does it not fit? (say it to the player)")])

    def _ask_gm(self, s: State, a: Action) -> list[Event]:
        """A Trait, a lent Trait or a raise waits for the GM's word: nothing is spent yet."""
        r = s.roll
        assert r
        r.asking = {"kind": a.kind, "args": dict(a.args), "text": a.text.strip()}
        s.phase = "judge"
        who = s.char(a.args.get("character") or a.args.get("helper"))
        return [ev("asks", kind=a.kind, character=who.id, name=who.name, what=self._asked(s, r.asking),
                    text=a.text.strip())]

    def _asked(self, s: State, asking: dict) -> str:
        """What is asked for, in words: "stage magician's tricks", "Game over"."""
        args = asking["args"]
        if asking["kind"] == "raise":
            return self.rules.consequences[args["consequence"]].name
        c = s.char(args.get("character") or args.get("helper"))
        return next(t.name for t in c.traits if t.id == args["trait"])

    def _do_allow(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r and r.asking
        asking, r.asking = r.asking, None
        s.phase = "pool"
        grant = {"trait": self._grant_trait, "lend": self._grant_lend, "raise": self._grant_raise}
        return grant[asking["kind"]](s, asking["args"], asking["text"])

    def _do_refuse(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r and r.asking
        asking, r.asking = r.asking, None
        r.refused = [*r.refused, fit_key(asking["kind"], asking["args"])]
        s.phase = "pool"
        who = s.char(asking["args"].get("character") or asking["args"].get("helper"))
        return [ev("refused", kind=asking["kind"], character=who.id, name=who.name,
                    what=self._asked(s, asking), text=a.text.strip())]

    def _do_trait(self, s: State, a: Action) -> list[Event]:
        return self._ask_gm(s, a)

    def _do_lend(self, s: State, a: Action) -> list[Event]:
        return self._ask_gm(s, a)

    def _do_raise(self, s: State, a: Action) -> list[Event]:
        return self._ask_gm(s, a)

    def _grant_trait(self, s: State, args: dict, text: str) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, args["character"])
        t = next(t for t in c.traits if t.id == args["trait"])
        n = int(args.get("dice", 1))
        t.spent += n
        kind = "very" if t.very else "trait"
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind=kind, ref=t.id, character=c.id, dice=n, label=f"{t.name} +{n}"),
                           text=text)

    def _do_relationship(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, a.args["character"])
        rel = next(x for x in c.relationships if x.id == a.args["relationship"])
        # a revenge bond is no once-per-session die: it lasts until the fallen are avenged
        rel.used = not rel.revenge
        kind = "revenge" if rel.revenge else "relationship"
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind=kind, ref=rel.id, character=c.id, dice=rel.bonus,
                                  label=f"{rel.name} +{rel.bonus}"), text=a.text.strip())

    def _use_secret(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, a.args["character"])
        c.secret_used = True
        n = self.rules.limits.secret_bonus
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind="secret", character=c.id, dice=n, label=f"Personal Secret revealed +{n}"),
                           secret=c.secret, text=a.text.strip())

    def _use_unique(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, a.args["character"])
        c.unique_used = True
        n = self.rules.limits.unique_bonus
        return self._added(s, self._pool_of(r, c.id),
                           Source(kind="unique", character=c.id, dice=n, label=f"{c.unique.rstrip('.')} +{n}"),
                           text=a.text.strip())

    def _grant_raise(self, s: State, args: dict, text: str) -> list[Event]:
        r = s.roll
        assert r
        k = self.rules.consequences[args["consequence"]]
        pool = self._pool_of(r, args["character"])
        pool.raised = k.id
        return self._added(s, pool, Source(kind="raise", ref=k.id, character=pool.character, dice=k.bonus,
                                           label=f"raised the stakes to {k.name} +{k.bonus}",
                                           words=" ".join(text.split())[:300]),
                           consequence=k.id, text=text)

    def _do_heroic(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = self._mine(s, a.args["character"])
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.burned = True
        pool = self._pool_of(r, c.id)
        pool.heroic = t.id
        n = self.rules.limits.heroic_bonus
        return self._added(s, pool, Source(kind="heroic", ref=t.id, character=c.id, dice=n,
                                           label=f"Heroic Effort, burning {t.name} +{n}"), text=a.text.strip())

    def _do_help(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        h = s.char(a.args["helper"])
        r.helpers = [*r.helpers, h.id]
        n = self.rules.limits.help_bonus
        return self._added(s, r.pools[0], Source(kind="help", ref=h.id, character=h.id, dice=n,
                                                 label=f"{h.name} helps +{n}"), text=a.text.strip())

    def _grant_lend(self, s: State, args: dict, text: str) -> list[Event]:
        r = s.roll
        assert r
        h = self._mine(s, args["helper"])
        t = next(t for t in h.traits if t.id == args["trait"])
        t.spent += 1
        r.lent = [*r.lent, h.id]
        r.helpers = [*r.helpers, h.id]  # a friend who lends a Trait is helping: same consequence
        n = self.rules.limits.help_bonus
        return self._added(s, r.pools[0], Source(kind="lend", ref=t.id, character=h.id, dice=n,
                                                 label=f"{h.name}'s {t.name} +{n}"),
                           text=text)

    def _do_join(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        r.kind = "team"
        r.pools = [*r.pools, Pool(character=c.id, attribute=a.args["attribute"],
                            sources=[self._attr_source(c, a.args["attribute"])])]
        return [ev("join", character=c.id, name=c.name, attribute=a.args["attribute"], text=a.text.strip())]

    # -- shared scenes (text, "Shared Scenes", line 589: "they split their dice against different
    # enemies or problems in the scene ... his/her dice will be rolled independently of others";
    # each raises the stakes alone; "The players split the Difficulty") ----------------------------
    def _do_share(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r
        c = s.char(a.args["character"])
        r.kind = "shared"
        pools = [p.model_copy(update={"part": None}) for p in r.pools]  # a new split is due
        r.pools = [*pools, Pool(character=c.id, attribute=a.args["attribute"],
                                sources=[self._attr_source(c, a.args["attribute"])])]
        return [ev("share", character=c.id, name=c.name, attribute=a.args["attribute"],
                    text=a.text.strip())]

    def _do_part(self, s: State, a: Action) -> list[Event]:
        r = s.roll
        assert r and r.difficulty is not None
        i, v = int(a.args["pool"]), int(a.args["value"])
        r.pools = [p.model_copy(update={"part": v}) if j == i else p for j, p in enumerate(r.pools)]
        left = [j for j, p in enumerate(r.pools) if p.part is None]
        if len(left) == 1:  # the last character takes what is left
            rest = r.difficulty - sum(p.part or 0 for p in r.pools)
            r.pools = [p.model_copy(update={"part": rest}) if j == left[0] else p
                       for j, p in enumerate(r.pools)]
            left = []
        if left:
            return []
        names = {c.id: c.name for c in s.characters}
        return [ev("split", difficulty=r.difficulty,
                    parts=[{"character": p.character, "name": names[p.character], "part": p.part}
                           for p in r.pools])]

    def _roll_pool(self, s: State) -> list[Event]:
        r = s.roll
        assert r and r.difficulty is not None
        total = sum(p.size() for p in r.pools)
        r.stage = "rolling"
        r.current = 0
        # Overkill is for a problem negligible to the heroes (text, "Overkill", line 573: "if there
        # are no consequences for failure, or the problem you are facing is negligible"; line 579:
        # "6 more dice than the Difficulty"). Dice bought by raising the stakes do not count: a
        # raise is a risk taken on a roll, and with no roll nothing would be risked.
        lim = self.rules.limits
        judged = total if lim.overkill_counts_raise else total - sum(
            x.dice for p in r.pools for x in p.sources if x.kind == "raise")
        if judged >= r.difficulty + lim.overkill_margin and r.kind != "shared":
            r.overkill = True
            for p in r.pools:
                p.done = True
            return [ev("overkill", dice=total, difficulty=r.difficulty)] + self._resolve(s)
        s.phase = "roll"
        return [ev("rolling", dice=total, difficulty=r.difficulty)]
