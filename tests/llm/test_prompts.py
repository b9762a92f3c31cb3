"""Templates render strictly; every prompt file renders with what its caller supplies; context is
bounded and quotes the players' words."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.game import Event
from companion.llm import context, templates
from companion.llm.templates import TemplateError, render

PROMPTS = templates.prompts_dir()


def test_render_reports_every_unknown_and_missing_placeholder_at_once():
    with pytest.raises(TemplateError) as info:
        render("{seat} {veiw} {acts}", {"seat": "x", "view": "v"}, required=["view", "actions"])
    msg = str(info.value)
    assert "{veiw}" in msg and "{acts}" in msg and "{view}" in msg and "{actions}" in msg


def test_only_plain_names_are_placeholders():
    with pytest.raises(TemplateError, match="only plain"):
        render("{seat.__class__} {seat!r} {seat:>9}", {"seat": "x"})
    assert render("{{literal}} {seat}", {"seat": "x"}) == "{literal} x\n"


def test_values_are_not_templates_themselves():
    assert render("{view}", {"view": '{"seat": "{seat}"}'}) == '{"seat": "{seat}"}\n'


SEAT_TEMPLATES = sorted(p for p in PROMPTS.glob("*/*.md") if p.parent.name != "shared")


@pytest.mark.parametrize("path", SEAT_TEMPLATES + [PROMPTS / "shared" / "seat.md"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_seat_template_renders_with_the_role_variables(path: Path):
    text = templates.render_file(path, context.role_variables("At Any Cost", "antagonist"))
    assert "{" not in text and len(text) < 1400  # a role is short: the seat's aim and its telling


def test_at_any_cost_has_both_seats():
    names = {p.stem for p in SEAT_TEMPLATES if p.parent.name == "at-any-cost"}
    assert names == {"antagonist", "protagonist"}
    assert templates.template_path("at-any-cost", "antagonist").parent.name == "at-any-cost"
    assert templates.template_path("no-such-game", "x").name == "seat.md"


def test_decision_and_reask_render_with_their_callers_variables(request_for):
    messages = context.build_messages(request_for(story=["“I will not go back.”"]), "Duel")
    user = messages[1]["content"]
    assert "1. play Grey Wolf (2)" in user and "4. fold" in user
    assert "> “I will not go back.”" in user
    assert "- Grey Wolf; value 2" in user and "wolf" not in user  # ids beside names are dropped
    reask = context.reask_message("action 9 is not legal", 2)["content"]
    assert "action 9 is not legal" in reask and "attempt 2" in reask


def test_the_question_comes_last_without_the_prompts_hints(request_for):
    user = context.build_messages(request_for(named=False), "Duel")[1]["content"]
    assert "Your move: 1. name your champion\nIt asks: Name your champion (a name, such as " in user
    assert context.model_question("Ash's pronouns (she, he, they, or your own set (e.g. "
                                  "xe/xem/xyr); Enter: they)") == "Ash's pronouns"
    assert context.model_question("A sentence or two about Ash (optional)") == \
        "A sentence or two about Ash"
    assert context.model_question("(optional)") == "(optional)"


def test_view_rules_leave_out_what_the_game_says(request_for):
    view = {"game": "g", "seat": "s", "discard": [1, 2], "hand": [{"id": "a", "name": "A"}],
            "results": list(range(20))}
    shown = context.view_json(view, "at-any-cost")
    assert '"discard"' not in shown and '"game"' not in shown
    assert '"(12 earlier left out)"' in shown and '"hand":[{"name":"A"}]' in shown
    compact = context.compact_view(view, "at-any-cost")
    assert compact.splitlines() == ["results: (12 earlier left out), 12, 13, 14, 15, 16, 17, 18, 19",
                                    "hand:", "- A"]


def test_view_rules_keep_a_gms_unrevealed_secrets_out(tmp_path, monkeypatch):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "view.toml").write_text(
        'drop = ["cards.*.base"]\nfocus = {map = "stage"}\n'
        '[[keep_if]]\npath = "gm.secrets"\nflag = "revealed"\nseats = ["gm"]\n'
        '[[drop_unless]]\npath = "pcs"\nfield = "secret"\nflag = "secret_used"\nseats = ["gm"]\n')
    monkeypatch.setenv("COMPANION_PROMPTS", str(tmp_path))
    context.view_rules.cache_clear()
    view = {"stage": 2, "map": [{"stage": 1, "name": "Farm"}, {"stage": 2, "name": "Ruins"}],
            "cards": {"a": {"base": 1, "now": 2}},
            "gm": {"secrets": [{"title": "Loose grating", "revealed": True},
                               {"title": "Alarm spell", "revealed": False}]},
            "pcs": [{"name": "Sparrow", "secret": "sells gossip", "secret_used": False}]}
    try:
        gm = context.compact_view(view, "g", "gm")
        player = context.compact_view(view, "g", "player")
    finally:
        context.view_rules.cache_clear()
    assert "Loose grating" in gm and "Alarm spell" not in gm and "sells gossip" not in gm
    assert "Alarm spell" in player and "sells gossip" in player
    assert "Ruins" in gm and "Farm" not in gm and "base" not in gm and "now 2" in gm


def test_story_is_bounded_and_quoted():
    lines = [f"line {i} " + "x" * 1000 for i in range(50)]
    quoted = context.quote(lines)
    assert quoted.count("\n> ") == context.STORY_LINES - 1
    assert all(len(q) <= context.STORY_CHARS + 2 for q in quoted.splitlines())
    assert "line 49" in quoted and "line 45" not in quoted


def test_rolling_summary_is_bounded_deterministic_and_public_only():
    events = [Event(kind="played", data={"seat": "hero", "card": f"c{i}"}) for i in range(500)]
    events.append(Event(kind="drew", data={"cards": ["secret-card"]}, visible_to=("hero",)))
    summary = context.rolling_summary(events)
    assert len(summary) <= 600 and summary == context.rolling_summary(events)
    assert "played x500" in summary and "c499" in summary and "secret-card" not in summary
    assert context.rolling_summary([]) == ""
    assert len(context.rolling_summary(events, max_chars=120)) <= 120


def test_a_long_history_does_not_grow_the_prompt(request_for):
    """The same decision at the 10th and the 1000th step of a session: within 1.2x."""

    def at(depth: int) -> int:
        events = [Event(kind=k, data={"seat": "hero", "card": f"card-{i}", "text": "y" * 200})
                  for i in range(depth * 3) for k in ("played", "drew")]
        story = [f"Narration {i}: " + "the road goes on " * 20 for i in range(depth)]
        req = request_for(step=depth, story=story[-8:], summary=context.rolling_summary(events))
        return sum(len(m["content"]) for m in context.build_messages(req, "Duel"))

    assert at(1000) <= 1.2 * at(10)
