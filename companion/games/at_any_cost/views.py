"""At Any Cost: what each seat may see, the secrets kept from it, and a move's label.

A mixin of the engine (``AtAnyCost``): it reads the engine's data and derived facts, and changes
nothing. Hidden cards are absent from a view, not flagged.
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST, SEATS, State


class Views:
    def view(self, s: State, seat: str | None) -> dict:
        """What ``seat`` may know (None: the audience). Hidden cards are absent, not flagged."""
        d = self.data
        sees_map = seat == ANTAGONIST
        stages = []
        for i, loc in enumerate(s.map):
            st = d.stage(i + 1)
            shown = loc is not None and (s.face_up[i] or sees_map)
            entry = {"stage": i + 1, "name": st.name, "stage_tags": list(st.tags),
                     "face_up": s.face_up[i], "location": loc if shown else None}
            if shown:
                entry["location_name"] = d.location(loc).name
                entry["location_tags"] = list(d.location(loc).tags)
                entry["keywords"] = list(d.location(loc).keywords)
            stages.append(entry)
        v = {
            "game": self.name, "seat": seat, "phase": s.phase.value, "stage": s.stage,
            "to_move": self.to_move(s), "map": stages, "premise": s.premise,
            "hero": {"name": s.hero_name, "details": s.hero_details,
                     "pronouns": s.hero_pronouns},
            "anchors": [self._anchor_view(s, a) for a in s.anchors],
            "anchors_lost": [self._anchor_view(s, a) for a in s.anchors_lost],
            "questions": [q.model_dump() for q in s.questions],
            "tags_in_play": self.tags_in_play(s),
            "played": {PROTAGONIST: [self._card_view(c) for c in s.protagonist_played],
                       ANTAGONIST: [self._card_view(c) for c in s.antagonist_played]},
            "totals": {PROTAGONIST: self.total(s.protagonist_played),
                       ANTAGONIST: self.total(s.antagonist_played)},
            "hand_sizes": {PROTAGONIST: len(s.protagonist_hand),
                           ANTAGONIST: len(s.antagonist_hand)},
            "deck_sizes": {PROTAGONIST: len(s.protagonist_deck),
                           ANTAGONIST: len(s.antagonist_deck)},
            "hand_limit": d.stage(s.stage).hand_limit if s.stage else None,
            "results": [r.model_dump() for r in s.results],
            "epilogue": s.epilogue,
        }
        if seat in SEATS:
            playable = set(self.tags_in_play(s))
            v["hand"] = [dict(self._card_view(c), playable=bool(playable & set(d.card(c).tags)))
                         for c in self._hand(s, seat)]
            v["discard"] = [self._card_view(c) for c in getattr(s, f"{seat}_discard")]
        if seat == PROTAGONIST and s.anchors_drawn:
            v["anchors_offered"] = [self._anchor_view(s, a) for a in s.anchors_drawn]
        return v

    def _card_view(self, cid: str) -> dict:
        c = self.data.card(cid)
        return {"id": c.id, "name": c.name, "value": c.value, "tags": list(c.tags),
                "keywords": list(c.keywords)}

    def _anchor_view(self, s: State, aid: str) -> dict:
        a = self.data.anchor(aid)
        return {"id": a.id, "name": a.name, "questions": list(a.questions),
                "answer": s.answers.get(aid, "")}

    def secrets(self, s: State, seat: str | None) -> set[str]:
        hidden: set[str] = set()
        if seat != ANTAGONIST:
            hidden |= {loc for i, loc in enumerate(s.map) if loc and not s.face_up[i]}
            hidden |= set(s.location_deck)
            hidden |= set(s.antagonist_hand + s.antagonist_deck + s.antagonist_discard)
        if seat != PROTAGONIST:
            hidden |= set(s.protagonist_hand + s.protagonist_deck + s.protagonist_discard)
            hidden |= set(s.anchors_drawn)
        return hidden

    # -- labels ----------------------------------------------------------------------------------
    def describe(self, a: Action) -> str:
        d = self.data
        if a.seat == CHANCE:
            return "chance: " + ", ".join(self._name(i) for i in a.args.get("items", []))
        k = a.kind
        if k == "play":
            cards = [d.card(c) for c in a.args["cards"]]
            inner = ", ".join(f"{c.name} {c.value} [{' '.join(c.tags)}]" for c in cards)
            return f"play {inner} (+{sum(c.value for c in cards)})"
        if k == "keep":
            return "keep " + ", ".join(d.anchor(x).name for x in a.args["anchors"])
        if k == "sacrifice":
            return f"sacrifice {d.anchor(a.args['anchor']).name}"
        if k == "discard":
            c = d.card(a.args["card"])
            return f"discard {c.name} {c.value} [{' '.join(c.tags)}]"
        if k == "ask":
            return f"ask about {d.anchor(a.args['anchor']).name}"
        if k == "answer":
            return f"answer {d.anchor(a.args['anchor']).name}"
        if k == "reply":
            return "answer the Antagonist's question"
        if k == "begin":
            return "no more questions: begin the journey"
        if k == "fold":
            return "fold (the hero moves on)"
        return {"name_hero": "name the hero", "pronouns": "give the hero's pronouns",
                "describe_hero": "describe the hero",
                "epilogue": "tell the ending"}.get(k, k)

