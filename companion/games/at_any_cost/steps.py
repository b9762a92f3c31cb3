"""At Any Cost: the rules steps, each move applied to a state (a mixin of the engine).

Chance (the deal, the Anchors on offer, each stage's draws), the setup decisions (the hero, the
Anchors kept and answered, the Antagonist's questions), and the stage: its draws and discards, the
location turned face up, set, meet and raise, the folds and sacrifices that end it, and the
epilogue. Every step is a pure function of (state, action) returning (new state, events).
"""
from __future__ import annotations

from companion.core.game import CHANCE, Action, Event, RuleError, replace
from companion.games.at_any_cost.model import (
    MAX_QUESTIONS,
    PROTAGONIST,
    ANTAGONIST,
    SEATS,
    Phase,
    Question,
    StageResult,
    State,
)
from companion.story import pronouns


class Steps:
    # chance --------------------------------------------------------------------------------------
    def _apply_chance(self, s: State, action: Action) -> tuple[State, list[Event]]:
        if self.to_move(s) != [CHANCE]:
            raise RuleError("turn order", "no card is due to be drawn now")
        chance = self.chance(s)
        items = list(action.args.get("items", []))
        chance.check(items)
        d = self.data
        if s.phase is Phase.DEAL_SEEDS:
            first, last = items
            premise = d.story_seed(first, last).premise
            s = replace(
                s, map=(first, None, None, None, last), face_up=(True, False, False, False, True),
                location_deck=tuple(x for x in s.location_deck if x not in items),
                premise=premise, phase=Phase.DEAL_HIDDEN)
            return s, [Event.unchecked("map_dealt", {"first": first, "last": last,
                                                    "premise": premise})]
        if s.phase is Phase.DEAL_HIDDEN:
            rest = tuple(x for x in s.location_deck if x not in items)
            s = replace(
                s, map=(s.map[0], *items, s.map[4]), location_deck=(), locations_out=rest,
                phase=Phase.NAME_HERO)
            return s, [Event.unchecked("hidden_dealt", {"locations": items},
                             visible_to=(ANTAGONIST,)),
                       Event.unchecked("map_laid", {"face_down": 3, "out_of_game": len(rest)})]
        if s.phase is Phase.DRAW_ANCHORS:
            s = replace(
                s, anchor_deck=tuple(x for x in s.anchor_deck if x not in items),
                anchors_drawn=tuple(items), phase=Phase.KEEP_ANCHORS)
            return s, [Event.unchecked("anchors_drawn", {"anchors": items},
                             visible_to=(PROTAGONIST,))]
        seat = PROTAGONIST if s.phase is Phase.DRAW_PROTAGONIST else ANTAGONIST
        deck_field, hand_field = f"{seat}_deck", f"{seat}_hand"
        s = replace(s, **{
            deck_field: tuple(x for x in getattr(s, deck_field) if x not in items),
            hand_field: getattr(s, hand_field) + tuple(items)},
            phase=Phase.DRAW_ANTAGONIST if seat == PROTAGONIST else Phase.DISCARD)
        events = [Event.unchecked("cards_drawn", {"seat": seat, "cards": items},
                        visible_to=(seat,)),
                  Event.unchecked("drew", {"seat": seat, "count": len(items)})]
        if s.phase is Phase.DISCARD:
            s, more = self._after_discards(s)
            events += more
        return s, events


    # setup decisions -------------------------------------------------------------------------
    def _do_name_hero(self, s: State, a: Action):
        name = " ".join(a.text.split())[:60]
        return (replace(s, hero_name=name, phase=Phase.HERO_PRONOUNS),
                [Event.unchecked("hero_named", {"name": name})])

    def _do_pronouns(self, s: State, a: Action):
        # Legality never depends on text: words that are no pronoun set read as "they" (the
        # prompt refuses them with the expected form before they get here; see commands.py).
        written = pronouns.read(a.text, s.hero_name)
        return (replace(s, hero_pronouns=written, phase=Phase.DESCRIBE_HERO),
                [Event.unchecked("hero_pronouns", {"name": s.hero_name, "pronouns": written})])

    def _do_describe_hero(self, s: State, a: Action):
        text = a.text.strip()
        return (replace(s, hero_details=text, phase=Phase.DRAW_ANCHORS),
                [Event.unchecked("hero_described", {"name": s.hero_name, "text": text})])

    def _do_keep(self, s: State, a: Action):
        chosen = set(a.args["anchors"])
        keep = tuple(x for x in s.anchors_drawn if x in chosen)  # in the order they were shown
        aside = tuple(x for x in s.anchors_drawn if x not in chosen)
        s = replace(s, anchors=keep, anchors_set_aside=aside,
                    anchors_drawn=(), phase=Phase.ANSWER_ANCHORS)
        return s, [Event.unchecked("anchors_kept", {"anchors": list(keep)})]

    def _do_answer(self, s: State, a: Action):
        anchor = a.args["anchor"]
        answers = {**s.answers, anchor: a.text.strip()}
        done = all(x in answers for x in s.anchors)
        s = replace(s, answers=answers,
                    phase=Phase.QUESTIONS if done else Phase.ANSWER_ANCHORS)
        return s, [Event.unchecked("anchor_answered", {"anchor": anchor, "text": a.text.strip()})]

    def _do_ask(self, s: State, a: Action):
        q = Question(anchor=a.args["anchor"], question=a.text.strip())
        s = replace(s, questions=s.questions + (q,))
        return s, [Event.unchecked("question_asked", {"anchor": q.anchor, "question": q.question})]

    def _do_reply(self, s: State, a: Action):
        last = replace(s.questions[-1], answer=a.text.strip())
        s = replace(s, questions=s.questions[:-1] + (last,))
        events = [Event.unchecked("question_answered", {"anchor": last.anchor,
                                                        "text": last.answer})]
        if len(s.questions) >= MAX_QUESTIONS:
            s, more = self._begin_stage(replace(s, questions_done=True), 1)
            events += more
        return s, events

    def _do_begin(self, s: State, a: Action):
        return self._begin_stage(replace(s, questions_done=True), 1)

    # the stage -------------------------------------------------------------------------------
    def _begin_stage(self, s: State, stage: int) -> tuple[State, list[Event]]:
        """Discard last stage's played cards, then the draws are due (chance)."""
        s = replace(
            s, stage=stage, phase=Phase.DRAW_PROTAGONIST,
            protagonist_discard=s.protagonist_discard + s.protagonist_played,
            antagonist_discard=s.antagonist_discard + s.antagonist_played,
            protagonist_played=(), antagonist_played=())
        st = self.data.stage(stage)
        return s, [Event.unchecked("stage_begun", {"stage": stage, "name": st.name,
                                                   "tags": list(st.tags)})]

    def _do_discard(self, s: State, a: Action):
        seat, cid = a.seat, a.args["card"]
        hand = list(self._hand(s, seat))
        hand.remove(cid)
        s = replace(s, **{f"{seat}_hand": tuple(hand),
                          f"{seat}_discard": getattr(s, f"{seat}_discard") + (cid,)})
        events = [Event.unchecked("discarded", {"seat": seat, "card": cid}, visible_to=(seat,))]
        s, more = self._after_discards(s)
        return s, events + more

    def _after_discards(self, s: State) -> tuple[State, list[Event]]:
        """Once both hands are within the limit, the location turns face up and play begins."""
        if any(self._over_limit(s, seat) for seat in SEATS):
            return s, []
        i = s.stage - 1
        loc = s.map[i]
        flipped = not s.face_up[i]
        face_up = tuple(True if j == i else f for j, f in enumerate(s.face_up))
        s = replace(s, face_up=face_up, phase=Phase.SET)
        return s, [Event(kind="location_revealed",
                         data={"stage": s.stage, "location": loc, "flipped": flipped,
                               "tags": self.tags_in_play(s),
                               "hands": {seat: len(self._hand(s, seat)) for seat in SEATS}})]

    def _do_play(self, s: State, a: Action):
        seat = a.seat
        order = self._order_play(s, seat, a.args["cards"])
        assert order is not None  # _check_legal guarantees it
        before = set(self.tags_in_play(s))
        hand = tuple(c for c in self._hand(s, seat) if c not in order)
        played = self._played(s, seat) + tuple(order)
        phase_after = {Phase.SET: Phase.MEET, Phase.MEET: Phase.RAISE, Phase.RAISE: Phase.MEET}
        kind = {Phase.SET: "challenge_set", Phase.MEET: "challenge_met",
                Phase.RAISE: "challenge_raised"}[s.phase]
        s2 = replace(s, phase=phase_after[s.phase], **{f"{seat}_hand": hand,
                                                       f"{seat}_played": played})
        new_tags = [t for t in self.tags_in_play(s2) if t not in before]
        return s2, [Event(kind=kind, data={
            "seat": seat, "stage": s.stage, "cards": order, "added": self.total(order),
            "protagonist_total": self.total(s2.protagonist_played),
            "antagonist_total": self.total(s2.antagonist_played),
            "new_tags": new_tags, "tags": self.tags_in_play(s2)})]

    def _do_fold(self, s: State, a: Action):
        result = StageResult(stage=s.stage, result="antagonist_folded",
                             protagonist_total=self.total(s.protagonist_played),
                             antagonist_total=self.total(s.antagonist_played))
        data = {"stage": s.stage, "set": s.phase is Phase.RAISE,
                "protagonist_total": result.protagonist_total,
                "antagonist_total": result.antagonist_total}
        if s.phase is Phase.SET:  # no challenge at all: say why in the small print
            data.update(location=s.map[s.stage - 1], tags=self.tags_in_play(s),
                        unable=not self._plays(s, ANTAGONIST, need=1))
        events = [Event.unchecked("antagonist_folded", data)]
        return self._end_stage(replace(s, results=s.results + (result,)), events)

    def _do_sacrifice(self, s: State, a: Action):
        anchor = a.args["anchor"]
        fold = s.phase is Phase.MEET
        result = StageResult(stage=s.stage, result="protagonist_folded" if fold else "sacrifice",
                             anchor=anchor,
                             protagonist_total=self.total(s.protagonist_played),
                             antagonist_total=self.total(s.antagonist_played))
        s = replace(
            s, anchors=tuple(x for x in s.anchors if x != anchor),
            anchors_lost=s.anchors_lost + (anchor,), results=s.results + (result,))
        events = [Event.unchecked("anchor_sacrificed", {
            "stage": s.stage, "anchor": anchor, "fold": fold, "text": a.text.strip(),
            "answer": s.answers.get(anchor, ""), "left": len(s.anchors)})]
        return self._end_stage(s, events)

    def _end_stage(self, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        events.append(Event.unchecked("stage_ended", {"stage": s.stage,
                                                      "result": s.results[-1].result}))
        if s.stage < 5:
            s, more = self._begin_stage(s, s.stage + 1)
            return s, events + more
        s = replace(
            s, phase=Phase.EPILOGUE,
            protagonist_discard=s.protagonist_discard + s.protagonist_played,
            antagonist_discard=s.antagonist_discard + s.antagonist_played,
            protagonist_played=(), antagonist_played=())
        return s, events

    def _do_epilogue(self, s: State, a: Action):
        s = replace(s, epilogue=a.text.strip(), phase=Phase.OVER)
        return s, [Event.unchecked("journey_ended", {
            "hero": s.hero_name, "text": s.epilogue, "kept": list(s.anchors),
            "lost": list(s.anchors_lost), "last": s.map[4]})]
