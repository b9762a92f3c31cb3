"""Every rule of GAMES.md §1 (At Any Cost), each with a test that fails if the rule is broken.

Card tags used below (rules/at_any_cost): stage 2 [Body]; Crossroads [Ally]. Antagonist: Bandits 1
[Ally], Fear 1 [Soul], Great heights 1 [Body], Guards 2 [Body Mind Soul], Spy 1 [Mind].
Protagonist: Agile 2 [Body], Map 1 [Tool Mind], Provisions 1 [Tool Body], Arms or armor 2 [Tool],
Kind 2 [Soul], A fellow traveller 2 [Ally].
"""
from __future__ import annotations

import pytest

from companion.core.game import CHANCE, Action, RuleError
from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST, Phase, State
from tests.at_any_cost.states import challenge

P, A = PROTAGONIST, ANTAGONIST


def play(seat, *cards):
    return Action(seat=seat, kind="play", args={"cards": sorted(cards)})


def keys(actions):
    return {a.key() for a in actions}


def chance(state, items):
    return GAME.apply(state, GAME.chance(state).outcome(items))


# -- setup ------------------------------------------------------------------------------------------
def test_seed_locations_go_face_up_to_stages_one_and_five_and_pick_the_story_seed():
    s = GAME.setup()
    assert GAME.chance(s).options == ("farm", "place-of-learning", "ruins", "mountain")
    s, events = chance(s, ["ruins", "farm"])
    assert s.map[0] == "ruins" and s.map[4] == "farm"
    assert s.face_up == (True, False, False, False, True)
    assert s.premise == GAME.data.story_seed("ruins", "farm").premise
    assert events[0].data["premise"] == s.premise


def test_three_face_down_locations_come_from_the_other_ten_and_the_unused_seeds():
    s, _ = chance(GAME.setup(), ["ruins", "farm"])
    options = set(GAME.chance(s).options)
    assert len(options) == 12 and {"place-of-learning", "mountain"} <= options
    assert not options & {"ruins", "farm"}
    s, events = chance(s, ["mountain", "city", "lair"])
    assert s.map == ("ruins", "mountain", "city", "lair", "farm")
    assert not any(s.face_up[1:4])
    assert len(s.locations_out) == 9 and not set(s.locations_out) & set(s.map)
    hidden = next(e for e in events if e.kind == "hidden_dealt")
    assert hidden.visible_to == (A,)


def _to_phase(phase: Phase, **texts) -> State:
    s, _ = chance(GAME.setup(), ["ruins", "farm"])
    s, _ = chance(s, ["mountain", "city", "lair"])
    if phase is Phase.NAME_HERO:
        return s
    s, _ = GAME.apply(s, Action(seat=P, kind="name_hero", text="Wren"))
    if phase is Phase.HERO_PRONOUNS:
        return s
    s, _ = GAME.apply(s, Action(seat=P, kind="pronouns", text="she"))
    if phase is Phase.DESCRIBE_HERO:
        return s
    s, _ = GAME.apply(s, Action(seat=P, kind="describe_hero"))
    s, _ = chance(s, list(GAME.chance(s).options[:8]))
    if phase is Phase.KEEP_ANCHORS:
        return s
    s, _ = GAME.apply(s, Action(seat=P, kind="keep",
                                args={"anchors": sorted(s.anchors_drawn[:5])}))
    if phase is Phase.ANSWER_ANCHORS:
        return s
    for anchor in s.anchors:
        s, _ = GAME.apply(s, Action(seat=P, kind="answer", args={"anchor": anchor},
                                    text=f"about {anchor}"))
    return s


def test_the_hero_needs_a_name_and_the_details_are_optional():
    s = _to_phase(Phase.NAME_HERO)
    with pytest.raises(RuleError, match="needs some text"):
        GAME.apply(s, Action(seat=P, kind="name_hero", text="  "))
    s, _ = GAME.apply(s, Action(seat=P, kind="name_hero", text="Wren"))
    s, _ = GAME.apply(s, Action(seat=P, kind="pronouns", text="xe/xem/xyr"))
    s, _ = GAME.apply(s, Action(seat=P, kind="describe_hero", text=""))
    assert s.hero_name == "Wren" and s.phase is Phase.DRAW_ANCHORS
    assert s.hero_pronouns == "xe/xem/xyr/xyrs/xemself"


def test_the_heros_pronouns_are_asked_after_the_name():
    s = _to_phase(Phase.HERO_PRONOUNS)
    (ask,) = GAME.legal_actions(s, P)
    assert ask.kind == "pronouns" and "she, he, they" in ask.ask
    for text, kept in (("", "they"), ("She", "she"), ("he/him", "he"), ("gibberish", "they")):
        after, events = GAME.apply(s, Action(seat=P, kind="pronouns", text=text))
        assert after.hero_pronouns == kept and after.phase is Phase.DESCRIBE_HERO
        assert GAME.view(after, None)["hero"]["pronouns"] == kept


def test_eight_anchors_are_drawn_and_exactly_five_kept():
    s = _to_phase(Phase.KEEP_ANCHORS)
    assert len(s.anchors_drawn) == 8 and len(s.anchor_deck) == 4
    legal = GAME.legal_actions(s, P)
    assert len(legal) == 56 and all(len(a.args["anchors"]) == 5 for a in legal)
    with pytest.raises(RuleError, match="keep exactly 5"):
        GAME.apply(s, Action(seat=P, kind="keep", args={"anchors": sorted(s.anchors_drawn[:4])}))
    outside = next(iter(s.anchor_deck))
    with pytest.raises(RuleError):
        GAME.apply(s, Action(seat=P, kind="keep",
                             args={"anchors": sorted([*s.anchors_drawn[:4], outside])}))


def test_kept_anchors_are_answered_in_the_order_they_were_shown():
    s = _to_phase(Phase.KEEP_ANCHORS)
    shown = list(s.anchors_drawn)
    chosen = [shown[6], shown[1], shown[4], shown[0], shown[2]]
    s, _ = GAME.apply(s, Action(seat=P, kind="keep", args={"anchors": sorted(chosen)}))
    assert list(s.anchors) == [shown[0], shown[1], shown[2], shown[4], shown[6]]
    asked = GAME.legal_actions(s, P)[0]
    assert asked.args["anchor"] == shown[0]


def test_each_kept_anchor_is_answered_and_stored():
    s = _to_phase(Phase.QUESTIONS)
    assert s.phase is Phase.QUESTIONS
    assert s.answers == {a: f"about {a}" for a in s.anchors}
    assert GAME.view(s, A)["anchors"][0]["answer"].startswith("about ")


def test_the_antagonist_asks_at_most_two_questions_then_stage_one_begins():
    s = _to_phase(Phase.QUESTIONS)
    for i in range(2):
        assert GAME.to_move(s) == [A]
        s, _ = GAME.apply(s, Action(seat=A, kind="ask", args={"anchor": s.anchors[i]},
                                    text=f"Why {i}?"))
        assert GAME.to_move(s) == [P]
        s, _ = GAME.apply(s, Action(seat=P, kind="reply", args={"anchor": s.anchors[i]},
                                    text="Because."))
    assert s.stage == 1 and s.phase is Phase.DRAW_PROTAGONIST
    assert [q.answer for q in s.questions] == ["Because.", "Because."]


def test_a_question_needs_words():
    s = _to_phase(Phase.QUESTIONS)
    with pytest.raises(RuleError, match="needs some text"):
        GAME.apply(s, Action(seat=A, kind="ask", args={"anchor": s.anchors[0]}, text=""))


# -- the start of a stage ---------------------------------------------------------------------------
def test_stage_one_begins_with_five_and_three_cards_and_a_limit_of_three():
    s = _to_phase(Phase.QUESTIONS)
    s, _ = GAME.apply(s, Action(seat=A, kind="begin"))
    assert s.stage == 1 and GAME.chance(s).count == 5
    s, _ = chance(s, list(GAME.chance(s).options[:5]))
    assert GAME.chance(s).count == 3
    s, _ = chance(s, list(GAME.chance(s).options[:3]))
    assert GAME.to_move(s) == [P] and len(s.protagonist_hand) == 5
    for _ in range(2):
        s, _ = GAME.apply(s, GAME.legal_actions(s, P)[0])
    assert len(s.protagonist_hand) == 3 and s.phase is Phase.SET


@pytest.mark.parametrize("stage", [1, 2, 3, 4])
def test_stage_start_draws_and_discards_down_to_the_limit(stage):
    """Folding out of ``stage`` starts the next one: its draws, its limit, its location."""
    s = challenge(stage=stage, phase=Phase.RAISE, protagonist_played=("agile",),
                  antagonist_played=("bandits",), protagonist_hand=("map",),
                  antagonist_hand=("spy",))
    s, events = GAME.apply(s, Action(seat=A, kind="fold"))
    nxt = stage + 1
    assert s.stage == nxt and s.phase is Phase.DRAW_PROTAGONIST
    assert "agile" in s.protagonist_discard and "bandits" in s.antagonist_discard
    assert s.protagonist_played == () and s.antagonist_played == ()
    assert GAME.chance(s).count == 5
    s, _ = chance(s, list(GAME.chance(s).options[:5]))
    assert GAME.chance(s).count == nxt + 2  # the Antagonist draws 3, 4, 5, 6, 7
    s, _ = chance(s, list(GAME.chance(s).options[: nxt + 2]))
    limit = nxt + 2  # hand limits 3, 4, 5, 6, 7
    assert GAME.data.stage(nxt).hand_limit == limit
    while GAME.to_move(s) and s.phase is Phase.DISCARD:
        seat = GAME.to_move(s)[0]
        s, _ = GAME.apply(s, GAME.legal_actions(s, seat)[0])
    assert len(s.protagonist_hand) <= limit and len(s.antagonist_hand) <= limit
    assert s.phase is Phase.SET and s.face_up[nxt - 1]


def test_both_sides_discard_at_once_and_only_while_over_the_limit():
    s = challenge(stage=2, phase=Phase.DISCARD,
                  protagonist_hand=("agile", "map", "kind", "provisions", "wise"),
                  antagonist_hand=("bandits", "fear", "spy"))
    assert GAME.to_move(s) == [P]
    s = challenge(stage=2, phase=Phase.DISCARD,
                  protagonist_hand=("agile", "map", "kind", "provisions", "wise"),
                  antagonist_hand=("bandits", "fear", "spy", "guards", "deadline"))
    assert set(GAME.to_move(s)) == {P, A}
    s, _ = GAME.apply(s, Action(seat=A, kind="discard", args={"card": "fear"}))
    assert GAME.to_move(s) == [P]
    with pytest.raises(RuleError, match="hand limit"):
        GAME.apply(s, Action(seat=A, kind="discard", args={"card": "spy"}))


def test_the_location_turns_face_up_after_the_discards():
    s = challenge(stage=3, phase=Phase.DISCARD, location="city",
                  protagonist_hand=("agile", "map", "kind", "provisions", "wise", "relic"),
                  antagonist_hand=("bandits",))
    s = s.model_copy(update={"face_up": (True, True, False, False, True)})
    assert "city" not in str(GAME.view(s, P)["map"])
    s, events = GAME.apply(s, Action(seat=P, kind="discard", args={"card": "relic"}))
    assert s.face_up[2] and s.phase is Phase.SET
    assert events[-1].kind == "location_revealed" and events[-1].data["location"] == "city"


# -- tags --------------------------------------------------------------------------------------------
def test_tags_in_play_are_the_stage_the_location_and_antagonist_cards_only():
    s = challenge(stage=2, location="crossroads", antagonist_played=("spy",),
                  protagonist_played=("arms-or-armor",), phase=Phase.RAISE)
    assert set(GAME.tags_in_play(s)) == {"Body", "Ally", "Mind"}  # no Tool from the Protagonist


def test_a_card_must_share_a_tag_with_the_tags_in_play():
    s = challenge(antagonist_hand=("fear", "bandits"))
    assert play(A, "fear").key() not in keys(GAME.legal_actions(s, A))
    with pytest.raises(RuleError) as err:
        GAME.apply(s, play(A, "fear"))
    assert err.value.rule == "matching tags" and "Fear" in err.value.message


def test_an_antagonist_card_opens_its_tags_for_the_cards_after_it():
    s = challenge(antagonist_hand=("guards", "fear"))
    legal = keys(GAME.legal_actions(s, A))
    assert play(A, "guards", "fear").key() in legal  # Guards brings Soul, then Fear fits
    s2, events = GAME.apply(s, play(A, "fear", "guards"))
    assert events[0].data["cards"] == ["guards", "fear"]  # the order the tags allow
    assert "Soul" in GAME.tags_in_play(s2) and "Mind" in events[0].data["new_tags"]


def test_protagonist_cards_open_no_tags():
    s = challenge(phase=Phase.MEET, antagonist_played=("bandits",),
                  protagonist_hand=("provisions", "arms-or-armor"))
    assert play(P, "provisions", "arms-or-armor").key() not in keys(GAME.legal_actions(s, P))
    with pytest.raises(RuleError, match="matching tags"):
        GAME.apply(s, play(P, "provisions", "arms-or-armor"))


def test_setting_the_challenge_needs_a_card_matching_stage_or_location():
    s = challenge(antagonist_hand=("great-heights",))  # [Body] = the stage's tag
    assert play(A, "great-heights").key() in keys(GAME.legal_actions(s, A))
    s2, events = GAME.apply(s, play(A, "great-heights"))
    assert s2.phase is Phase.MEET and events[0].kind == "challenge_set"


# -- meet, raise, fold -------------------------------------------------------------------------------
def test_the_protagonist_must_equal_or_exceed_the_antagonist_total():
    s = challenge(phase=Phase.MEET, antagonist_played=("guards",),
                  protagonist_hand=("map", "agile"))
    with pytest.raises(RuleError) as err:
        GAME.apply(s, play(P, "map"))
    assert err.value.rule == "meet the challenge" and "1" in err.value.message
    s2, _ = GAME.apply(s, play(P, "agile"))  # 2 meets 2: equal is enough
    assert s2.phase is Phase.RAISE


def test_the_antagonist_must_exceed_the_protagonist_total():
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",),
                  protagonist_played=("agile",), antagonist_hand=("great-heights", "guards"))
    with pytest.raises(RuleError) as err:
        GAME.apply(s, play(A, "great-heights"))  # 1 + 1 = 2 does not exceed 2
    assert err.value.rule == "raise the challenge"
    s2, _ = GAME.apply(s, play(A, "guards"))
    assert s2.phase is Phase.MEET and GAME.total(s2.antagonist_played) == 3


def test_meet_and_raise_alternate():
    s = challenge(antagonist_hand=("bandits", "guards"), protagonist_hand=("agile", "kind"))
    s, _ = GAME.apply(s, play(A, "bandits"))
    assert GAME.to_move(s) == [P]
    s, _ = GAME.apply(s, play(P, "agile"))
    assert GAME.to_move(s) == [A]
    with pytest.raises(RuleError, match="turn"):
        GAME.apply(s, play(P, "kind"))


def test_an_antagonist_fold_moves_the_hero_on_without_loss():
    s = challenge(phase=Phase.RAISE, antagonist_played=("bandits",),
                  protagonist_played=("agile",), antagonist_hand=("fear",))
    assert [a.kind for a in GAME.legal_actions(s, A)] == ["fold"]  # cannot raise: must fold
    s2, events = GAME.apply(s, Action(seat=A, kind="fold"))
    assert s2.anchors == s.anchors and s2.stage == 3
    assert s2.results[-1].result == "antagonist_folded"


def test_a_protagonist_fold_costs_the_anchor_they_choose():
    s = challenge(phase=Phase.MEET, antagonist_played=("guards",), protagonist_hand=("map",))
    legal = GAME.legal_actions(s, P)
    assert {a.kind for a in legal} == {"sacrifice"}  # nothing meets 2: fold = give an Anchor
    s2, events = GAME.apply(s, Action(seat=P, kind="sacrifice", args={"anchor": "youth"}))
    assert "youth" not in s2.anchors and s2.anchors_lost == ("youth",)
    lost = events[0]
    assert lost.kind == "anchor_sacrificed" and lost.data["fold"] and lost.data["answer"]
    assert s2.stage == 3


def test_the_protagonist_may_sacrifice_at_any_point_even_on_the_antagonists_turn():
    s = challenge(antagonist_hand=("bandits",))
    assert GAME.to_move(s) == [A]
    sac = Action(seat=P, kind="sacrifice", args={"anchor": "dignity"})
    assert sac.key() in keys(GAME.legal_actions(s, P))
    s2, events = GAME.apply(s, sac.with_text("Wren kneels."))
    assert s2.results[-1].result == "sacrifice" and events[0].data["text"] == "Wren kneels."


def test_only_the_heros_own_anchors_can_be_given_up():
    s = challenge(phase=Phase.MEET, antagonist_played=("guards",), anchors=("youth",))
    with pytest.raises(RuleError, match="not one of the hero's Anchors"):
        GAME.apply(s, Action(seat=P, kind="sacrifice", args={"anchor": "heirloom"}))


def test_cards_not_in_hand_cannot_be_played():
    s = challenge(antagonist_hand=("bandits",))
    with pytest.raises(RuleError) as err:
        GAME.apply(s, play(A, "legendary-creature"))
    assert err.value.rule == "hand"


# -- the end -----------------------------------------------------------------------------------------
def test_after_stage_five_the_ending_is_told_and_the_game_ends():
    s = challenge(stage=5, location="farm", phase=Phase.RAISE, antagonist_played=("bandits",),
                  protagonist_played=("a-fellow-traveller",), antagonist_hand=())
    s, events = GAME.apply(s, Action(seat=A, kind="fold"))
    assert s.phase is Phase.EPILOGUE and GAME.to_move(s) == [P]
    assert s.protagonist_played == () and "a-fellow-traveller" in s.protagonist_discard
    s, events = GAME.apply(s, Action(seat=P, kind="epilogue", text="Home at last."))
    assert GAME.is_over(s) and events[0].data["text"] == "Home at last."
    assert events[0].data["kept"] == list(s.anchors)
    assert "5 Anchors kept" in GAME.outcome(s).summary


# -- hidden information ---------------------------------------------------------------------------
def test_the_protagonist_never_sees_face_down_locations_or_the_antagonists_hand():
    s = challenge(stage=2, antagonist_hand=("bandits", "fear"), protagonist_hand=("agile",))
    pv, av = GAME.view(s, P), GAME.view(s, A)
    assert [e["location"] for e in pv["map"]] == ["farm", "crossroads", None, None, "mountain"]
    assert [e["location"] for e in av["map"]] == ["farm", "crossroads", "island", "lair",
                                                  "mountain"]
    assert "bandits" not in str(pv) and "agile" in str(pv)
    assert "agile" not in str(av) and pv["hand_sizes"][A] == 2


def test_an_impossible_physical_draw_is_refused():
    s = challenge(stage=2, phase=Phase.DRAW_PROTAGONIST, protagonist_hand=("agile",))
    with pytest.raises(RuleError, match="cannot come up"):
        GAME.apply(s, GAME.chance(s).outcome(["agile", "map", "kind", "wise", "relic"]))
    with pytest.raises(RuleError, match="expected 5"):
        GAME.apply(s, Action(seat=CHANCE, kind="chance", args={"items": ["map"]}))
