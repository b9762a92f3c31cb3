"""The High Stakes prompts, from real decisions of an offline game: each seat its own role; the
GM's prompt carries the facts the players made true and the secrets they uncovered, never the
adventure's unrevealed secrets nor a character's unrevealed Personal Secret."""
from __future__ import annotations

import pytest

from companion.llm import context
from tests.helpers import recorded_decisions


@pytest.fixture(scope="module")
def decisions():
    return recorded_decisions("high-stakes", 1)


def prompt(game, request) -> str:
    return "\n".join(m["content"] for m in context.build_messages(request, game.title))


def test_each_seat_has_its_own_role(decisions):
    game, seen = decisions
    gm = next(r for r in seen if r.seat == "gm")
    player = next(r for r in seen if r.seat == "player")
    assert "Now, as the gm:" in context.build_messages(gm, game.title)[1]["content"]
    assert "Now, as the player:" in context.build_messages(player, game.title)[1]["content"]
    system = context.build_messages(gm, game.title)[0]["content"]
    assert "The gm's brief:\nYou are the GM" in system and "The player's brief:" in system


def test_the_gm_never_sees_an_unrevealed_secret_and_always_the_uncovered_ones(decisions):
    game, seen = decisions
    checked = uncovered = 0
    for request in seen:
        if request.seat != "gm":
            continue
        text = prompt(game, request)
        # the GM's moves may offer to reveal a secret by its title (choosing that move is how a
        # secret comes out); nothing else of an unrevealed secret reaches the prompt
        told = text.replace(context.action_lines(request), "")
        for secret in request.view.get("gm", {}).get("secrets", []):
            if secret.get("revealed"):
                uncovered += 1
                assert secret["text"] in text
            else:
                checked += 1
                assert secret["text"] not in text and secret["title"] not in told
        for character in request.view.get("characters", []):
            if character.get("secret") and not character.get("secret_used"):
                assert character["secret"] not in text
        for fact in request.view.get("facts", [])[-3:]:
            assert str(fact.get("text", fact) if isinstance(fact, dict) else fact)[:40] in text
    assert checked and uncovered  # the game revealed some secrets and kept others


def test_prompts_stay_short(decisions):
    game, seen = decisions
    sizes = [len(prompt(game, context.shortlist(r))) for r in seen]
    assert sum(sizes) / len(sizes) < 7000 and max(sizes) < 12000


def test_the_model_is_not_offered_the_end_of_the_story_unless_the_director_would_end_it(decisions):
    game, seen = decisions
    ending = [r for r in seen if r.seat == "gm" and any(a.kind == "end_story" for a in r.legal)
              and any(a.kind != "end_story" for a in r.legal)]
    assert ending, "no GM decision with the end of the story among other moves"
    for request in ending:
        other = next(a for a in request.legal if a.kind != "end_story")
        spared = context.spare_the_ending(request, other, game)
        assert spared.legal and all(a.kind != "end_story" for a in spared.legal)
        assert len(spared.labels) == len(spared.legal)
        final = next(a for a in request.legal if a.kind == "end_story")
        assert context.spare_the_ending(request, final, game) == request  # the director's call stands
        assert context.spare_the_ending(request, other, object()) == request  # a game without such moves


def test_the_model_frames_the_scene_the_adventure_goes_to_next(decisions):
    """Played with SmolLM2 as the GM (seed 8): right after the hero dropped over the wall into
    the garden, the model framed the villa gate. The scene that follows is the director's."""
    game, seen = decisions
    framing = [r for r in seen if r.seat == "gm" and sum(a.kind == "frame" for a in r.legal) > 1]
    assert framing, "no GM decision with a choice of scenes"
    for request in framing:
        chosen = next(a for a in request.legal if a.kind == "frame")
        road = context.follow_the_road(request, chosen, game)
        assert [a for a in road.legal if a.kind == "frame"] == [chosen]
        assert len(road.labels) == len(road.legal)
        assert all(a in road.legal for a in request.legal if a.kind != "frame")  # other moves stay
        assert context.follow_the_road(request, chosen, object()) == request


def test_in_slots_mode_the_history_says_each_roll_by_its_outcome_not_its_words_again(decisions):
    """Slots mode (the model only chooses): a history item says the move and its outcome, not the
    declaration's words (the scene said them when they were declared) nor the outcome as told
    (the story quotes it). Each was read twice at the GM's slowest calls (narrating an outcome,
    choosing a complication) and at every restart of the conversation. Free mode keeps them."""
    game, seen = decisions
    checked = 0
    for request in seen:
        history = [h for h in request.view.get("history") or [] if h.get("text") or h.get("told")]
        if not history:
            continue
        slots = context.seat_view(request.view, game.name, request.seat, "slots")["history"]
        free = context.seat_view(request.view, game.name, request.seat, "free")["history"]
        items = [h for h in slots if isinstance(h, dict)]  # (a cut list ends "... N more")
        assert not any("text" in h or "told" in h for h in items), slots
        assert any(isinstance(h, dict) and ("text" in h or "told" in h) for h in free)
        assert len(slots) == len(free) and all("scene" in h for h in items)
        checked += 1
    assert checked >= 5
