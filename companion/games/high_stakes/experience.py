"""Experience and campaigns: after the story each surviving character grows (a Trait, a
Relationship, a VERY good Trait or a burned one won back) and, after the first story, may move one
die; a campaign character carries into the next story with its session resources fresh."""
from __future__ import annotations

from companion.core.game import Action, Event, RuleError

from .base import ATTRS, Base, ev, act
from .model import Character, Relationship, State, Trait


class Experience(Base):
    def _legal_experience(self, s: State) -> list[Action]:
        P = "player"
        out: list[Action] = []
        lim = self.rules.limits
        c = s.char(s.exp_queue[0])
        if s.exp_step == "grow":
            out.append(act(seat=P, kind="new_trait", args={"character": c.id}, optional_text=False,
                              ask=f"Experience: a new Trait {c.name} learned in this story?"))
            out.append(act(seat=P, kind="new_relationship", args={"character": c.id}, optional_text=False,
                              ask=f"Experience: a new Relationship {c.name} made in this story?"))
            for t in c.traits:
                if not t.very and not t.burned:
                    out.append(act(seat=P, kind="very_good",
                                      args={"character": c.id, "trait": t.id, "name": t.name}))
                if t.burned:
                    out.append(act(seat=P, kind="restore",
                                      args={"character": c.id, "trait": t.id, "name": t.name}))
        else:
            for a in ATTRS:
                for b in ATTRS:
                    # the base keeps 1-4; a loss still running cannot drop the attribute to 0
                    if (a != b and c.base[a] > lim.attribute_min and c.current(a) > 1
                            and c.base[b] < lim.attribute_max):
                        out.append(act(seat=P, kind="move_die",
                                          args={"character": c.id, "from": a, "to": b}))
            out.append(act(seat=P, kind="keep_dice", args={"character": c.id}))
        return out

    def _campaign_character(self, raw: dict, index: int) -> Character:
        try:
            ch = Character.model_validate(raw)
        except Exception as err:  # pydantic's message names the bad field
            raise RuleError("campaign-character", f"character {index + 1} is not valid: {err}")
        if ch.status != "active":
            raise RuleError(
                "campaign-character", f"{ch.name} is {ch.status}: make a new character instead"
            )
        lim = self.rules.limits
        if sum(ch.base.values()) != lim.attribute_dice or not all(
            lim.attribute_min <= ch.base.get(a, 0) <= lim.attribute_max for a in ATTRS
        ):
            raise RuleError("attribute-dice", f"{ch.name}: attributes must be 8 dice, 1-4 each")
        # A new story is a new session: losses healed, per-session resources fresh. Burned
        # Traits, lost Relationships, social death and the used Personal Secret persist.
        ch.loss = {a: 0 for a in ATTRS}
        ch.deaths_door = False
        ch.captured = False
        ch.gear_lost = 0
        ch.unique_used = False
        for t in ch.traits:
            t.spent = 0
        # a revenge bond lasts until the fallen friend is avenged (text line 370: "the bonus lasts
        # until the character is avenged"), not one session
        for r in ch.relationships:
            r.used = False
        return ch

    def _exp_char(self, s: State) -> Character:
        return self._mine(s, s.exp_queue[0])

    def _exp_next(self, s: State, c: Character) -> None:
        if s.exp_step == "grow" and c.stories == 0 and not c.die_moved:
            s.exp_step = "move"
            return
        c.stories += 1
        s.exp_queue = s.exp_queue[1:]
        s.exp_step = "grow"
        if not s.exp_queue:
            s.phase = "over"

    def _do_new_trait(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        n = len(c.traits) + 1
        c.traits.append(Trait(id=f"t{n}", name=a.text.strip() or f"learned trait {n}"))
        self._exp_next(s, c)
        return [ev("experience", character=c.id, gain="trait", text=c.traits[-1].name)]

    def _do_new_relationship(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        n = len(c.relationships) + 1
        c.relationships.append(Relationship(id=f"r{n}", name=a.text.strip() or f"new bond {n}"))
        self._exp_next(s, c)
        return [ev("experience", character=c.id, gain="relationship", text=c.relationships[-1].name)]

    def _do_very_good(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.very = True
        self._exp_next(s, c)
        return [ev("experience", character=c.id, gain="very_good", text=t.name)]

    def _do_restore(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        t = next(t for t in c.traits if t.id == a.args["trait"])
        t.burned = False
        t.spent = 0
        self._exp_next(s, c)
        return [ev("experience", character=c.id, gain="restore", text=t.name)]

    def _do_move_die(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        c.base[a.args["from"]] -= 1
        c.base[a.args["to"]] += 1
        c.die_moved = True
        self._exp_next(s, c)
        return [ev("die_moved", character=c.id, **{"from": a.args["from"], "to": a.args["to"]})]

    def _do_keep_dice(self, s: State, a: Action) -> list[Event]:
        c = self._exp_char(s)
        self._exp_next(s, c)
        return []
