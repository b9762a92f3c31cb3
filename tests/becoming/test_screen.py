"""Becoming at the prompt (issue 24): refusals in the player's words, `cost` in a Fate's seat
builds a bargain, the dice prompt says what it awaits, each bargain's consequence before the
answer, the bar names the leading Fate, the premise and the Fates before the first pick."""
from __future__ import annotations

import pytest

from companion.core.game import Action, RuleError
from companion.games.becoming import GAME
from companion.games.becoming.commands import consequences, toolbar, turn_hint
from companion.games.becoming.render import mechanics
from companion.repl.controller import Controller
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice
from tests.becoming.states import act, at_hero_gather, tempters, to_offers, to_roll


def _session(tmp_path, human: str, seed: int = 2):
    out: list = []
    seats = {seat: (HUMAN if seat == human else AI) for seat in GAME.seats}
    s = Session.start(GAME, seed, seats, OfflineVoice(GAME, seed), tmp_path / "j.jsonl",
                      emit=lambda kind, text: out.append((kind, text)))
    s.advance()
    return s, out


def test_cost_in_a_fates_seat_builds_a_bargain(tmp_path):
    s, out = _session(tmp_path, "shears")
    for _ in range(400):
        if s.offered is not None:
            s.tell("")
            continue
        if s.view("shears")["phase"] == "offers" and "shears" in s.awaiting():
            break
        a = s.legal("shears")[0]
        s.submit(a.with_text("" if a.optional_text else "Turned"))
    else:
        pytest.fail("the Shears never tempted")
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    target = next(x for x in s.legal("shears") if x.kind == "cost"
                  and x.args["kind"] == "add_negative")
    name = GAME.data.asset(target.args["asset"]).name
    c.handle(f"cost negative {name}")
    assert [(x["kind"], x["asset"]) for x in s.view("shears")["my_offer"]["costs"]] == [
        ("add_negative", target.args["asset"])]
    assert not any(kind == "error" for kind, _ in out[-3:])


def test_actions_at_a_dice_prompt_say_which_dice(tmp_path):
    s, out = _session(tmp_path, "hero")
    real = to_offers(at_hero_gather())
    for t in tempters(real):
        real = act(real, t, "back")
    s.state = to_roll(real)
    assert GAME.to_move(s.state) == ["chance"]
    Controller(s, lambda kind, text: out.append((kind, text))).handle("actions")
    said = out[-1][1]
    assert "nobody" not in said and "the Hero's dice" in said


def test_refusing_a_fate_that_backed_names_the_reason():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "back")
    s = act(s, t2, "cost", kind="add_negative", asset="mercy")
    s = act(s, t2, "offer", dice=1, timing="immediate")
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Action(seat="hero", kind="accept", args={
            "tempter": t1, "dice": 1, "timing": "immediate", "costs": []}))
    assert "backed the Agent" in err.value.message
    assert err.value.rule != s.phase.value


def test_a_bargain_says_what_it_would_cost_before_the_answer():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="quick_wits")
    s = act(s, t1, "offer", dice=1, timing="immediate")
    s = act(s, t2, "back")
    view = GAME.view(s, "hero")
    lines = consequences(view, [["subvert", "quick_wits"]], "immediate")
    assert lines[0].startswith("this subverts Quick Wits: you lose it and its 1 die")
    hint = turn_hint(view, GAME.legal_actions(s, "hero"), "hero")
    assert "this subverts Quick Wits" in hint
    assert "+1 die for" in hint and "+1 dice" not in hint


def test_one_die_is_a_die_in_the_revealed_offers():
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="add_negative", asset="mercy")
    s, events = GAME.apply(s, Action(seat=t1, kind="offer",
                                     args={"dice": 1, "timing": "delayed"}))
    s, events = GAME.apply(s, Action(seat=t2, kind="back"))
    line = next(mechanics(e, "hero") for e in events if e.kind == "offers_revealed")
    assert "+1 die for" in line and "+1 dice" not in line


def test_the_bar_names_the_leading_fate():
    s = at_hero_gather()
    from companion.games.becoming.model import Score
    s = s.model_copy(update={"scores": (Score(seat="measurer", points=4, why="subvert",
                                              scene=1),)})
    bar = toolbar(GAME.view(s, "hero"))
    assert "Cassot 4 (top Fate)" in bar and len(bar) <= 100
    nobody = toolbar(GAME.view(at_hero_gather(), "hero"))
    assert "Fates 0" in nobody and "top Fate" not in nobody  # 0-0-0: nobody leads
    tied = s.model_copy(update={"scores": (*s.scores, Score(seat="spinner", points=4,
                                                            why="subvert", scene=1))})
    assert "Fates tied at 4" in toolbar(GAME.view(tied, "hero"))


def test_the_premise_and_the_three_fates_come_before_the_first_pick():
    s = GAME.setup(GAME.options_model(quest="drowned_crown"))
    hint = turn_hint(GAME.view(s, "hero"), GAME.legal_actions(s, "hero"), "hero")
    q = GAME.data.quest("drowned_crown")
    assert q.premise in hint
    for f in GAME.data.fates:
        assert f.name in hint and f.temperament in hint


def test_typing_accept_for_a_bargain_that_cannot_be_paid_gets_the_engines_reason():
    from companion.games.becoming.commands import parse
    s = to_offers(at_hero_gather())
    t1, t2 = tempters(s)
    s = act(s, t1, "cost", kind="subvert", asset="mercy")
    s = act(s, t1, "offer", dice=2, timing="immediate")
    s = act(s, t2, "cost", kind="add_negative", asset="mercy")
    s = act(s, t2, "offer", dice=3, timing="delayed")
    s = act(s, "hero", "accept", tempter=t1, dice=2, timing="immediate",
            costs=[["subvert", "mercy"]])
    name = GAME.data.fate(t2).name
    [typed] = parse("accept", name, GAME.view(s, "hero"), GAME.legal_actions(s, "hero"), "hero")
    with pytest.raises(RuleError) as err:
        GAME.apply(s, typed)
    assert "no longer be paid" in err.value.message and "Mercy" in err.value.message


def test_two_bargains_that_together_turn_an_asset_say_so():
    from tests.becoming.states import set_traits
    s = to_offers(set_traits(at_hero_gather(), "maren", negative=1))
    t1, t2 = tempters(s)
    for t in (t1, t2):
        s = act(s, t, "cost", kind="add_negative", asset="maren")
        s = act(s, t, "offer", dice=2, timing="delayed")
    hint = turn_hint(GAME.view(s, "hero"), GAME.legal_actions(s, "hero"), "hero")
    assert "Accepting them all: a third negative Trait subverts Old Maren" in hint


def test_two_bargains_for_the_same_positive_trait_are_spelled_out_without_a_crash():
    from tests.becoming.states import set_traits
    s = to_offers(set_traits(at_hero_gather(), "mercy", positive=1))
    t1, t2 = tempters(s)
    for t in (t1, t2):
        s = act(s, t, "cost", kind="remove_positive", asset="mercy")
        s = act(s, t, "offer", dice=1, timing="immediate")
    view = GAME.view(s, "hero")
    lines = consequences(view, [["remove_positive", "mercy"], ["remove_positive", "mercy"]],
                         "immediate")
    assert "could not be paid" in lines[1]
    assert "Mercy" in turn_hint(view, GAME.legal_actions(s, "hero"), "hero")


def _make_the_hero_until(s, kind: str) -> None:
    """Pick the Hero's Assets (and name the Hero "Ilse") until a move of ``kind`` is due."""
    for _ in range(200):
        legal = s.legal("hero")
        if any(a.kind == kind for a in legal):
            return
        if s.human_turn() == "hero":
            a = next(x for x in legal if x.kind in ("pick", "name"))
            s.submit(a.with_text("Ilse") if a.ask is not None else a)
    pytest.fail(f"no {kind} move was ever due")


def test_a_bare_pronoun_answers_the_pronouns_question(tmp_path):
    """Found playing: after 'Name your Hero', typing `she` (as At Any Cost asks it) was 'unknown
    command'; a bare she, he or they is the pronouns move while it is legal."""
    s, out = _session(tmp_path, "hero")
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    _make_the_hero_until(s, "pronouns")
    out.clear()
    c.handle("she")
    assert not any(kind == "error" for kind, _ in out), out
    assert s.state.pronouns == "she"
    c.handle("he")  # no longer due: refused, nothing changes
    assert s.state.pronouns == "she"


def test_several_assets_are_invoked_in_one_command():
    """Found playing: `invoke hope, ash -- ...` was 'no Asset called hope, ash'; several Assets
    named at once are invoked in order, the words ride on the first, and a repeated name is
    refused with nothing invoked."""
    from companion.core.verbs import CommandError
    from companion.games.becoming.commands import parse

    s = at_hero_gather()
    view, legal = GAME.view(s, "hero"), GAME.legal_actions(s, "hero")
    names = [a["name"] for a in view["assets"]][:2]
    acts = parse("invoke", f"{names[0].lower()}, {names[1].lower()} -- she holds up the lamp",
                 view, legal, "hero")
    assert [a.kind for a in acts] == ["invoke", "invoke"]
    assert [a.text for a in acts] == ["she holds up the lamp", ""]
    assert len({a.args["asset"] for a in acts}) == 2
    with pytest.raises(CommandError):
        parse("invoke", f"{names[0]}, {names[0]}", view, legal, "hero")


def test_the_story_title_reads_as_a_phrase():
    """Found reading a journal: "Becoming: Ilse and The Ember Winter" (a capital The mid-title)."""
    from companion.games.becoming.render import story_title

    assert story_title({"hero": {"name": "Ilse"}, "quest": {"title": "The Ember Winter"}}) == \
        "Ilse and the Ember Winter"
    assert story_title({"hero": {"name": "Ilse"}, "quest": {"title": "Theodric's Road"}}) == \
        "Ilse and Theodric's Road"


def test_a_trait_is_named_in_a_few_words_not_a_sentence():
    """Found playing (seed 21): `claim Ash the Hound -- Ash stays at her heel through the crowd`
    made the Trait that sentence, told ever after as "Ash the Hound is Ash stays at her heel
    through the crowd". A name of more than four words is refused, and nothing is claimed."""
    from companion.core.verbs import CommandError
    from companion.games.becoming.commands import parse

    s = at_hero_gather()
    view, legal = GAME.view(s, "hero"), GAME.legal_actions(s, "hero")
    name = view["assets"][0]["name"]
    with pytest.raises(CommandError, match="a word or a few"):
        parse("claim", f"{name} -- she stays at her heel through the crowd", view, legal, "hero")
    acts = parse("claim", f"{name} -- steady as stone", view, legal, "hero")
    assert [(a.kind, a.text) for a in acts] == [("claim", "steady as stone")]


def test_the_answer_prompt_says_what_a_refusal_costs_even_when_the_agent_shot_the_moon():
    """Found playing (seed 21): with Ysolde shooting the moon the prompt still said "each refusal
    gives the Agent a die"; the engine (rightly) gave her none."""
    for moon, said in ((False, "each refusal gives the Agent a die"),
                       (True, "the Agent shot the moon: a refusal gives Veyla nothing")):
        s = to_offers(at_hero_gather(), agent_moon=moon)  # (not 'gives it nothing': seed 23)
        for t in tempters(s):
            s = act(s, t, "cost", kind="add_negative", asset="mercy")
            s = act(s, t, "offer", dice=1, timing="immediate")
        hint = turn_hint(GAME.view(s, "hero"), GAME.legal_actions(s, "hero"), "hero")
        assert hint.startswith("Your answer to each bargain") and said in hint, hint
        before = GAME.view(s, "hero")["pools"]["agent"]
        s = act(s, "hero", "reject", **next(a.args for a in GAME.legal_actions(s, "hero")
                                            if a.kind == "reject"))
        assert GAME.view(s, "hero")["pools"]["agent"] == before + (0 if moon else 1)


def test_a_command_typed_at_the_name_prompt_is_not_taken_as_the_name(tmp_path):
    """Played from a fresh clone (seed 4): "pick Faith" typed at "Name your Hero" (one pick too
    many) named the Hero "pick Faith" for the whole story."""
    s, out = _session(tmp_path, "hero")
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    _make_the_hero_until(s, "name")
    out.clear()
    c.handle("pick Faith")
    assert any(kind == "error" and "a name is asked now" in text for kind, text in out), out
    assert s.state.hero_name == ""
    c.handle("Faith")
    assert s.state.hero_name == "Faith"


def test_the_hero_takes_the_players_own_pronouns(tmp_path):
    """Becoming took only she, he or they: a set of the player's own (xe/xem, ze/hir/hir, the
    name alone) is the Hero's too, typed bare or after the verb, and the story uses it; a set
    it cannot read is refused with the forms expected and nothing changes."""
    s, out = _session(tmp_path, "hero")
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    _make_the_hero_until(s, "pronouns")
    out.clear()
    c.handle("qa/qem")
    assert any(kind == "error" and "at least three forms" in text for kind, text in out), out
    assert s.state.phase.value == "pronouns"
    out.clear()
    c.handle("xe/xem")
    assert not any(kind == "error" for kind, _ in out), out
    assert s.state.pronouns == "xe/xem/xyr/xyrs/xemself"
    assert any("The Hero is Ilse (xe/xem)." in text for _, text in out), out
    assert "Ilse (xe/xem)" in s.memory.fabula.digest()  # the story (and every prompt) uses it
    s2, out2 = _session(tmp_path / "named", "hero")
    c2 = Controller(s2, lambda kind, text: out2.append((kind, text)))
    _make_the_hero_until(s2, "pronouns")
    c2.handle("pronouns name")
    assert s2.state.pronouns == "Ilse/Ilse/Ilse's/Ilse's/Ilse"


def test_a_hero_by_name_alone_is_called_by_the_one_name_the_story_uses():
    """Played: a Hero "Mara Vell" who goes by name alone was "Mara" in the telling and "Mara
    Vell" wherever a pronoun stood ("Ysolde turns what has gone wrong in Mara against Mara
    Vell"): the name-alone set follows the short name."""
    from companion.games.becoming.narrate import hero_of
    from companion.story import pronouns

    written = pronouns.write(pronouns.by_name("Mara Vell"))
    hero = hero_of({"hero": {"name": "Mara Vell", "pronouns": written}})
    assert hero.name == "Mara"
    assert (hero.pronouns.they, hero.pronouns.their) == ("Mara", "Mara's")
    xe = hero_of({"hero": {"name": "Mara Vell", "pronouns": "xe/xem/xyr/xyrs/xemself"}})
    assert xe.pronouns.their == "xyr"


def test_the_bar_fits_80_columns_and_keeps_the_help_key():
    """Played at 80 columns: the bar ran to "... · Fates 0 · F1 h", the help key cut off. Its
    fields wrap between fields to the width, as At Any Cost's do."""
    from companion.games.becoming.model import Score
    s = at_hero_gather()
    s = s.model_copy(update={"scores": (Score(seat="measurer", points=14, why="subvert",
                                              scene=1),)})
    for view in (GAME.view(s, "hero"), GAME.view(at_hero_gather(), "hero")):
        bar = toolbar(view, width=80)
        assert all(len(line) <= 79 for line in bar.splitlines()), bar
        assert bar.rstrip().endswith("[F1] help") and "Agent " in bar, bar


def test_a_sentence_naming_the_one_choice_it_is_made_with_makes_it(tmp_path):
    """Session 19, played: "I'll take Courage, I think" at the Hero's first pick was "unknown
    command"; the one move open whose every value the words name whole is made, the words its
    telling. Words that name no such move stay refused."""
    s, out = _session(tmp_path, "hero")
    c = Controller(s, lambda kind, text: out.append((kind, text)))
    assert any(a.kind == "pick" for a in s.legal("hero"))
    c.handle("I'll take Courage, I think")
    assert any(kind == "notice" and text.startswith("Read as: pick Courage") for kind, text in out)
    assert "courage" in str(s.state.assets[0]).lower() and s.state.picks >= 1
    picks = s.state.picks
    c.handle("I'd like something brave")
    assert s.state.picks == picks and "names no one move open now" in out[-1][1], out[-1]
