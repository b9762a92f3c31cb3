"""The player's voice: ``-- TEXT`` on every decision is told in its place, on screen and in every
rendered journal; the Protagonist is offered the telling when the Antagonist folds; parsing as
the README promises (unique beginnings, all or nothing, undo shows the situation again)."""
from __future__ import annotations

import re

import pytest

from companion.games.at_any_cost import GAME
from companion.journal.render import render_html, render_markdown, render_text
from companion.repl.controller import Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice

ANSWERS = ["Wren", "she", "A miller's daughter.", "keep 1 2 3 4 5", "home", "friend", "ring", "me",
           "wings"]


def start(tmp_path, seed=3, seats=None):
    out: list = []
    seats = seats or {"protagonist": HUMAN, "antagonist": AI}
    s = Session.start(GAME, seed, seats, OfflineVoice(GAME, seed), tmp_path / "j.jsonl",
                      emit=lambda kind, text: out.append((kind, text)))
    s.advance()
    return Controller(s, lambda kind, text: out.append((kind, text))), out


def play_with_words(c: Controller) -> list[str]:
    """A whole game where every decision carries the player's own words; returns them in order."""
    for line in ANSWERS:
        c.handle(line)
    said: list[str] = []
    k = 0
    while not c.done and k < 400:
        k += 1
        line = f"Wren tries thing number {k} and the road answers"
        if c.offered():
            c.handle(line)
        elif c.text_action() is not None:
            if c.text_action().kind == "reply":
                c.handle("Because of the river")
                continue
            c.handle(line)
        else:
            c.handle(f"do 1 -- {line}")
        said.append(line + ".")
    assert c.done
    return said


def _in_order(text: str, parts: list[str]) -> None:
    at = -1
    for part in parts:
        found = text.find(part, at + 1)
        assert found > at, f"{part!r} missing or out of order"
        at = found


def test_every_decision_with_words_is_told_in_place_on_screen_and_in_every_journal(tmp_path):
    c, out = start(tmp_path)
    said = play_with_words(c)
    assert len(said) > 20
    screen = "\n".join(text for kind, text in out if kind == "narration")
    path = c.session.journal.path
    md, page = render_markdown(path), render_html(path)
    story_md = md.split("## What was kept")[0]
    for text in (screen, story_md, page):
        _in_order(text, said[:-1])  # the last one is the epilogue, told at the end
    # the stake a stage's first words stated is taken up, quoted, in the third person
    assert re.search(r"“Wren tries thing number \d+ and the road answers[,.]?” ", screen) or \
        re.search(r"“Wren tries thing number \d+ and the road answers”", screen)
    assert said[-1] in md and said[-1] in page


def test_the_protagonist_is_offered_the_telling_when_the_antagonist_folds(tmp_path):
    for seed in range(3, 30):
        c, out = start(tmp_path / str(seed), seed)
        for line in ANSWERS:
            c.handle(line)
        steps = 0
        while not c.offered() and not c.done and steps < 300:
            steps += 1
            c.handle("Because." if c.text_action() is not None else "do 1")
        if c.offered():
            break
    else:
        pytest.fail("no Antagonist fold in 27 games")
    assert c.prompt().startswith("How does Wren ") and "Enter" in c.prompt()
    n = len(c.session.actions)
    c.handle("she climbs the wall and does not look back")
    row = [r for r in c.session.rows if r["type"] == "narration"][-1]
    assert row["text"] == "She climbs the wall and does not look back." and row["seat"]
    assert len(c.session.actions) > n  # play went on
    assert "She climbs the wall and does not look back." in render_markdown(
        c.session.journal.path)


def test_enter_at_an_offered_telling_lets_the_companion_tell_it(tmp_path):
    for seed in range(3, 30):
        c, out = start(tmp_path / str(seed), seed)
        for line in ANSWERS:
            c.handle(line)
        while not c.offered() and not c.done:
            c.handle("Because." if c.text_action() is not None else "do 1")
        if c.offered():
            break
    before = len([r for r in c.session.rows if r["type"] == "narration"])
    c.handle("")
    rows = [r for r in c.session.rows if r["type"] == "narration"]
    assert len(rows) == before + 1 and "seat" not in rows[-1] and rows[-1]["text"]


def test_an_antagonist_at_the_table_sees_every_reply_of_the_ai_hero(tmp_path):
    c, out = start(tmp_path, seats={"protagonist": AI, "antagonist": HUMAN})
    shown = "\n".join(text for _, text in out)
    hero = c.session.state.hero_name
    assert f"The hero is called {hero}." in shown and f"{hero}'s pronouns:" in shown
    for anchor in c.session.state.anchors:
        assert c.session.state.answers[anchor] in shown


def test_a_card_is_named_by_unique_beginnings_of_its_words(tmp_path):
    from companion.games.at_any_cost.commands import parse

    view = {"hand": [{"id": "a-scholar", "name": "A scholar"}, {"id": "a-spell", "name": "A spell"},
                     {"id": "agile", "name": "Agile"}]}
    (a,) = parse("play", "a sch -- she asks the librarian", view, [], "protagonist")
    assert a.args == {"cards": ["a-scholar"]} and a.text == "she asks the librarian"
    (b,) = parse("play", "sch, agile", view, [], "protagonist")
    assert b.args == {"cards": ["a-scholar", "agile"]}


def test_a_card_is_named_without_its_leading_article():
    """Found playing: `discard sneaky, old friend` was refused though the hand held "An old
    friend"; a name given without its article, or by the beginnings of its words, matches."""
    from companion.games.at_any_cost.commands import parse

    view = {"hand": [{"id": "an-old-friend", "name": "An old friend"},
                     {"id": "sneaky", "name": "Sneaky"},
                     {"id": "a-friendly-local", "name": "A friendly local"}]}
    picked = parse("discard", "sneaky, old friend", view, [], "protagonist")
    assert [a.args["card"] for a in picked] == ["sneaky", "an-old-friend"]
    picked = parse("discard", "friendly loc, sneaky", view, [], "protagonist")
    assert [a.args["card"] for a in picked] == ["a-friendly-local", "sneaky"]


def test_an_anchor_is_named_by_the_players_own_words_for_it():
    """Found playing: `sacrifice comb` was refused though the player had written "A comb of blue
    glass" for Something beautiful; the player's words name their Anchor too, if only one."""
    from companion.core.verbs import CommandError
    from companion.games.at_any_cost.commands import parse

    view = {"anchors": [
        {"id": "something-beautiful", "name": "Something beautiful",
         "answer": "A comb of blue glass her mother won at the fair."},
        {"id": "best-friend", "name": "Best friend and companion",
         "answer": "Oriel, the miller's daughter, who laughs louder than anyone."}]}
    (a,) = parse("sacrifice", "comb -- she gives it up", view, [], "protagonist")
    assert a.args == {"anchor": "something-beautiful"} and a.text == "she gives it up"
    (b,) = parse("sacrifice", "oriel", view, [], "protagonist")
    assert b.args == {"anchor": "best-friend"}
    with pytest.raises(CommandError):  # in both answers: say which
        parse("sacrifice", "the", view, [], "protagonist")


def test_a_discard_of_too_many_is_refused_whole(tmp_path):
    c, out = start(tmp_path, seed=3)
    for line in ANSWERS:
        c.handle(line)
    while c.view()["phase"] != "discard" or not any(a.kind == "discard" for a in c.legal()):
        c.handle("Because." if c.text_action() is not None else "do 1")
    view = c.view()
    due = len(view["hand"]) - view["hand_limit"]
    hand = [str(i + 1) for i in range(due + 1)]
    state = c.session.state
    out.clear()
    c.handle("discard " + " ".join(hand))
    assert c.session.state == state
    assert any(kind == "error" and "none was discarded" in text for kind, text in out)


def test_undo_shows_the_situation_again(tmp_path):
    c, out = start(tmp_path)
    for line in ANSWERS:
        c.handle(line)
    while c.view()["phase"] != "meet":
        c.handle("Because." if c.text_action() is not None else "do 1")
    c.handle("do 1")
    while c.view()["phase"] != "meet" and not c.done:
        c.handle("Because." if c.text_action() is not None else "do 1")
    out.clear()
    c.handle("undo")
    kinds = [k for k, _ in out]
    assert "narration" in kinds and any("Tags in play" in t for _, t in out)


def test_pronouns_that_are_no_set_are_refused_with_the_form(tmp_path):
    c, out = start(tmp_path)
    c.handle("Wren")
    out.clear()
    c.handle("x1 y2")
    assert any(kind == "error" and "she, he, they" in text for kind, text in out)
    assert c.text_action().kind == "pronouns"
    c.handle("xe/xem/xyr")
    assert c.session.state.hero_pronouns == "xe/xem/xyr/xyrs/xemself"


def test_a_hero_who_goes_by_their_name_alone_or_it_its(tmp_path):
    """it/its was refused for want of a third form; "name" (the hero goes by their name alone)
    read as they. Both are the sets meant, kept in the journal and shown short."""
    c, out = start(tmp_path)
    c.handle("Mara Vell")
    c.handle("name")
    assert c.session.state.hero_pronouns == "Mara Vell/Mara Vell/Mara Vell's/Mara Vell's/Mara Vell"
    from companion.games.at_any_cost.render import front_matter

    assert "The hero: Mara Vell (name only)." in front_matter(c.session.view(None))
    c2, _ = start(tmp_path / "it")
    c2.handle("Cog")
    c2.handle("it/its")
    assert c2.session.state.hero_pronouns == "it"


def test_the_journal_verb_shows_terminal_text_not_markdown(tmp_path):
    c, out = start(tmp_path)
    for line in ANSWERS:
        c.handle(line)
    out.clear()
    c.handle("journal")
    text = "\n".join(t for _, t in out)
    assert "**" not in text and "<sub>" not in text and "|---" not in text and "## " not in text
    assert any(k == "mechanics" for k, _ in out) and any(k == "narration" for k, _ in out)
    assert render_text(c.session.journal.path)  # the same blocks the verb shows


def test_sacrifice_and_fold_take_words_and_the_mechanics_say_who_gave_what(tmp_path):
    c, out = start(tmp_path)
    for line in ANSWERS:
        c.handle(line)
    while c.view()["phase"] != "meet":
        c.handle("Because." if c.text_action() is not None else "do 1")
    anchor = c.view()["anchors"][0]["name"]
    c.handle(f"sacrifice {anchor} -- she lets it fall into the river")
    shown = "\n".join(t for _, t in out)
    assert "She lets it fall into the river." in shown
    assert not re.search(r"\bYou fold and give up\b", shown)
    assert "You fold, and the hero gives up" in shown


def test_a_bare_x_card_retells_the_threat_as_something_else(tmp_path):
    from companion.games.at_any_cost.narrate import narration_data

    c, out = start(tmp_path)
    for line in ANSWERS:
        c.handle(line)
    while c.view()["phase"] != "meet":
        c.handle("Because." if c.text_action() is not None else "do 1")
    before = c.session.narrations[-1][1]
    card = c.view()["played"]["antagonist"][-1]["id"]
    words = [p.words for p in narration_data().cards[card].np if p.words in before]
    retold = c.session.x_card("")
    assert retold and retold != before and words and words[0] not in retold
