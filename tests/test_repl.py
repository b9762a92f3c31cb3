"""The REPL without a terminal (prompt_toolkit's pipe input), and its verb registry."""
from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from companion.session import AI, HUMAN, Session
from companion.games.at_any_cost import GAME
from companion.games.at_any_cost.commands import VERBS
from companion.story.voice import OfflineVoice
from companion.repl.app import LegalCompleter, TerminalScreen, run_interactive
from companion.repl.controller import SHARED, Controller


def controller(tmp_path, seed=3):
    out = []

    def show(kind, text):  # one screen for the session and the controller, as in the CLI
        out.append((kind, text))
    s = Session.start(GAME, seed, {"protagonist": HUMAN, "antagonist": AI},
                      OfflineVoice(GAME, seed), tmp_path / "j.jsonl", emit=show)
    s.advance()
    return Controller(s, show), out


def to_meet(c: Controller):
    for line in ["Wren", "she", "", "keep 1 2 3 4 5", "a", "b", "c", "d", "e"]:
        c.handle(line)
    while c.view()["phase"] != "meet":
        c.handle("Because." if c.view()["phase"] == "questions" else "do 1")


def complete(c: Controller, text: str) -> list[str]:
    return [x.text for x in LegalCompleter(c).get_completions(Document(text), None)]


def test_every_verb_has_usage_and_help(tmp_path):
    c, out = controller(tmp_path)
    for verb in [*SHARED, *VERBS]:
        out.clear()
        c.handle(f"/help {verb}")
        assert out and out[0][0] == "info" and len(out[0][1]) > 20, verb


def test_completion_offers_exactly_the_playable_cards(tmp_path):
    c, _ = controller(tmp_path)
    to_meet(c)
    legal_cards = {GAME.data.card(x).name for a in c.legal() if a.kind == "play"
                   for x in a.args["cards"]}
    assert set(complete(c, "play ")) == legal_cards
    assert "play" in complete(c, "pl")
    anchors = {a["name"] for a in c.view()["anchors"]}
    assert set(complete(c, "sacrifice ")) == anchors


def test_completion_never_offers_hidden_cards(tmp_path):
    c, _ = controller(tmp_path)
    to_meet(c)
    hidden = {GAME.data.name_of(x) for x in GAME.secrets(c.session.state, "protagonist")}
    for verb in VERBS:
        assert not hidden & set(complete(c, f"{verb} "))


def test_toolbar_answers_where_what_who_and_stakes(tmp_path):
    c, _ = controller(tmp_path)
    to_meet(c)
    bar = c.toolbar()
    for part in ("Stage 1", "tags", "you 0 vs", "hand", "anchors 5"):
        assert part in bar


def test_a_question_prompt_takes_the_line_as_the_answer(tmp_path):
    c, _ = controller(tmp_path)
    assert c.prompt() == "Name your hero> "
    c.handle("do no harm")  # an answer that starts like a verb stays an answer
    assert c.session.state.hero_name == "Do No Harm"
    c.handle("undo")
    assert c.session.state.hero_name == "" and c.prompt() == "Name your hero> "


def test_the_interactive_loop_reads_lines_and_ctrl_d_saves(tmp_path):
    c, out = controller(tmp_path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("Wren\r\r")
        pipe.send_bytes(b"\x04")  # Ctrl-D
        run_interactive(c, TerminalScreen(), history=tmp_path / "hist")
    assert c.session.state.hero_name == "Wren" and c.done
    assert any("companion resume" in text for _, text in out)
    assert "Wren" in (tmp_path / "hist").read_text()


def test_a_look_only_verb_alone_works_at_a_question_prompt(tmp_path):
    c, out = controller(tmp_path)
    assert c.prompt() == "Name your hero> "
    c.handle("map")
    assert any("The map:" in text for _, text in out) and c.session.state.hero_name == ""
    c.handle("map reader")  # with more words it is an answer
    assert c.session.state.hero_name == "Map Reader"  # capitals for a lower-case name


def test_the_x_card_shows_the_retelling_once(tmp_path):
    c, out = controller(tmp_path)
    for line in ["Wren", "she", "", "keep 1 2 3 4 5"]:
        c.handle(line)
    out.clear()
    c.handle("/x")
    narrations = [t for k, t in out if k == "narration"]
    assert len(narrations) == 1 and out[0][0] == "notice"


def test_a_sentence_is_refused_as_the_heros_name_however_it_is_typed(tmp_path):
    c, out = controller(tmp_path)
    before = len(c.session.actions)
    for line in ["Wren goes on, quiet and watchful.", "/do 1 -- Wren goes on, quiet and watchful.",
                 "Wren the Brave of the High Pass"]:
        out.clear()
        c.handle(line)
        assert any(k == "error" and "Name your hero: a name" in t for k, t in out), (line, out)
        assert c.view()["phase"] == "name_hero" and len(c.session.actions) == before
    c.handle("ash tanager")  # typed all in lower case: the story writes it with capitals
    assert c.session.state.hero_name == "Ash Tanager"


def test_a_verb_with_its_telling_at_a_question_prompt_is_a_command_not_the_answer(tmp_path):
    c, out = controller(tmp_path)
    before = len(c.session.actions)
    c.handle("begin -- We set out at dawn.")
    assert any(k == "error" for k, _ in out) and len(c.session.actions) == before
    assert c.session.state.hero_name == ""


def test_a_name_of_several_words_not_held_is_refused_whole():
    """Played (session 11, Becoming): 'invoke Silver Tongue' (not picked) said "no Asset called
    'silver'"."""
    import pytest as _pytest

    from companion.core.verbs import CommandError, match_many
    choices = {"Hope": "hope", "Rook": "rook", "Old Lore": "lore"}
    with _pytest.raises(CommandError) as err:
        match_many("Silver Tongue", choices, "Asset")
    assert "no Asset called 'Silver Tongue'" in str(err.value)
    assert match_many("hope, old lore", choices, "Asset") == ["hope", "lore"]


def test_a_refusal_asking_for_a_name_takes_its_article():
    """Played (session 12, Dragon & Warrior): a bare 'buy' in the shop said "name a item on
    sale"."""
    import pytest as _pytest

    from companion.core.verbs import CommandError, match_one
    for what, said in (("item on sale", "name an item on sale"), ("Anchor", "name an Anchor"),
                       ("foe", "name a foe")):
        with _pytest.raises(CommandError) as err:
            match_one("", {"Tea": "tea"}, what)
        assert str(err.value).startswith(said), str(err.value)


def test_a_sentence_naming_every_anchor_of_one_keep_keeps_them(tmp_path):
    """Session 19, played: "I'll keep the heirloom, the moral code, confidence, the animal
    companion and the token from my love" was "unknown command"; words that name all a move is
    made with (articles and "my" / "your" aside) make it. Words that fit several stay refused."""
    c, out = controller(tmp_path, seed=17)
    for line in ["Wren", "she", ""]:
        c.handle(line)
    keep = [a for a in c.legal() if a.kind == "keep"]
    assert keep
    c.handle("I'll keep the heirloom and confidence")  # fits ten keeps: refused
    assert "names no one move open now" in out[-1][1] and any(a.kind == "keep" for a in c.legal())
    c.handle("I'll keep the heirloom, the moral code, confidence, the animal companion and "
             "the token from my love")
    assert any(kind == "notice" and text.startswith("Read as: keep") for kind, text in out)
    assert sorted(c.session.state.anchors) == ["animal-companion", "confidence", "heirloom",
                                               "moral-code", "token-from-your-love"]
