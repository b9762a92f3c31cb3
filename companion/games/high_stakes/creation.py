"""Creation: a ready-made Nightblade, or a character built step by step (8 dice over Body, Mind
and Aura, Traits, Relationships, a Personal Secret, a Unique Thing); new characters also join
mid-story after a death."""
from __future__ import annotations

from companion.core.game import Action, Event

from .base import ATTRS, Base, ev, act, attribute_splits, slug
from .model import Character, Draft, Relationship, State, Trait


class Creation(Base):
    def _legal_create(self, s: State) -> list[Action]:
        P = "player"
        out: list[Action] = []
        rules = self.rules
        lim = rules.limits
        d = s.draft
        if d is None:
            taken = set(s.used_premades) | {c.premade for c in s.characters if c.premade}
            for pm in rules.adv.premade:
                if pm.id not in taken:
                    out.append(act(seat=P, kind="premade", args={"id": pm.id, "name": pm.name}))
            out.append(act(seat=P, kind="build"))
        elif d.step == "attributes":
            for b, m, a in attribute_splits(lim.attribute_dice, lim.attribute_min, lim.attribute_max):
                out.append(act(seat=P, kind="attributes", args={"body": b, "mind": m, "aura": a}))
        elif d.step == "name":
            out.append(act(seat=P, kind="name", ask="Your character's name?", optional_text=False))
        elif d.step == "concept":
            out.append(act(seat=P, kind="concept", ask="Their concept, in a few words?"))
        elif d.step == "trait":
            n = len(d.traits) + 1
            out.append(act(seat=P, kind="trait_name", args={"n": n}, optional_text=False,
                              ask=f"Trait {n} of {lim.traits}: something they do well?"))
        elif d.step == "relationship":
            n = len(d.relationships) + 1
            out.append(act(seat=P, kind="relationship_name", args={"n": n}, optional_text=False,
                              ask=f"Relationship {n} of {lim.relationships}: who, and how do they feel?"))
        elif d.step == "secret":
            out.append(act(seat=P, kind="secret", optional_text=False,
                              ask="A Personal Secret (something they hide)?"))
            out.append(act(seat=P, kind="no_secret"))
        elif d.step == "unique":
            out.append(act(seat=P, kind="unique", optional_text=False,
                              ask="A Unique Thing (an object, fact or knowledge that defines them)?"))
            out.append(act(seat=P, kind="no_unique"))
        return out

    def _do_premade(self, s: State, a: Action) -> list[Event]:
        pm = self.rules.premades[a.args["id"]]
        ch = Character(
            id=self._new_id(s, pm.name),
            name=pm.name,
            concept=pm.concept,
            premade=pm.id,
            base={"body": pm.body, "mind": pm.mind, "aura": pm.aura},
            traits=[Trait(id=f"t{i + 1}", name=t) for i, t in enumerate(pm.traits)],
            relationships=[Relationship(id=f"r{i + 1}", name=r) for i, r in enumerate(pm.relationships)],
            secret=pm.secret,
            unique=pm.unique,
        )
        s.used_premades = [*s.used_premades, pm.id]
        return self._finish_character(s, ch)

    def _do_build(self, s: State, a: Action) -> list[Event]:
        s.draft = Draft(step="attributes")
        return [ev("creating")]

    def _do_attributes(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.base = {k: int(a.args[k]) for k in ATTRS}
        s.draft.step = "name"
        return [ev("attributes_chosen", **s.draft.base)]

    def _do_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.name = a.text.strip() or f"Nightblade {len(s.characters) + 1}"
        s.draft.step = "concept"
        return []

    def _do_concept(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.concept = a.text.strip()
        s.draft.step = "trait"
        return []

    def _do_trait_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.traits.append(a.text.strip() or f"trait {len(s.draft.traits) + 1}")
        if len(s.draft.traits) >= self.rules.limits.traits:
            s.draft.step = "relationship"
        return []

    def _do_relationship_name(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.relationships.append(a.text.strip() or f"relationship {len(s.draft.relationships) + 1}")
        if len(s.draft.relationships) >= self.rules.limits.relationships:
            s.draft.step = "secret"
        return []

    def _do_secret(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._use_secret(s, a)
        assert s.draft
        s.draft.secret = a.text.strip() or "a secret they never speak of"
        s.draft.step = "unique"
        return []

    def _do_no_secret(self, s: State, a: Action) -> list[Event]:
        assert s.draft
        s.draft.step = "unique"
        return []

    def _do_unique(self, s: State, a: Action) -> list[Event]:
        if s.phase == "pool":
            return self._use_unique(s, a)
        return self._complete_draft(s, a.text.strip() or "a keepsake")

    def _do_no_unique(self, s: State, a: Action) -> list[Event]:
        return self._complete_draft(s, "")

    def _complete_draft(self, s: State, unique: str) -> list[Event]:
        d = s.draft
        assert d is not None
        ch = Character(
            id=self._new_id(s, d.name),
            name=d.name,
            concept=d.concept,
            base=dict(d.base),
            traits=[Trait(id=f"t{i + 1}", name=t) for i, t in enumerate(d.traits)],
            relationships=[Relationship(id=f"r{i + 1}", name=r) for i, r in enumerate(d.relationships)],
            secret=d.secret,
            unique=unique,
        )
        return self._finish_character(s, ch)

    def _new_id(self, s: State, name: str) -> str:
        base = slug(name) or "pc"
        taken = {c.id for c in s.characters}
        cid, n = base, 2
        while cid in taken or cid in ("player", "gm", "chance"):
            cid, n = f"{base}-{n}", n + 1
        return cid

    def _finish_character(self, s: State, ch: Character) -> list[Event]:
        for i, bond in enumerate(s.bonds):
            ch.relationships.append(Relationship(
                id=f"v{len(ch.relationships) + 1}", name=f"avenge {bond['fallen']} on {bond['name']}",
                revenge=bond["villain"], bonus=self.rules.limits.revenge_bonus))
            del i
        s.characters = [*s.characters, ch]
        s.debut = [*s.debut, ch.model_copy(deep=True)]  # the sheet as it enters the story
        s.draft = None
        events = [ev("character", character=ch.id, name=ch.name, concept=ch.concept,
                      body=ch.base["body"], mind=ch.base["mind"], aura=ch.base["aura"],
                      traits=[t.name for t in ch.traits],
                      relationships=[r.name for r in ch.relationships],
                      unique=ch.unique, has_secret=bool(ch.secret), joining=s.scene_count > 0)]
        if s.scene_count > 0 and s.pending_new > 0:
            s.pending_new -= 1
        if self._creation_due(s):
            s.phase = "create"
        else:
            s.phase = "frame"
        return events

    def _creation_due(self, s: State) -> bool:
        if len(s.characters) >= s.max_characters:
            return False
        if s.scene_count == 0 and len(s.characters) < s.party:
            return True
        return s.pending_new > 0 and s.scene_count < s.max_scenes
