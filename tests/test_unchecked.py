"""The kernel's unchecked constructors give the very objects validation would (engines use them on
their hot paths, so a difference would show up as a replay or journal that differs)."""
from companion.core.game import Action, Event


def test_an_unchecked_action_is_the_validated_action():
    cases = [
        (Action.unchecked("protagonist", "play", {"cards": ["agile", "map"]}),
         Action(seat="protagonist", kind="play", args={"cards": ["agile", "map"]})),
        (Action.unchecked("protagonist", "name_hero", ask="Name your hero", optional_text=False),
         Action(seat="protagonist", kind="name_hero", ask="Name your hero", optional_text=False)),
        (Action.unchecked("antagonist", "fold"), Action(seat="antagonist", kind="fold")),
    ]
    for fast, slow in cases:
        assert fast == slow
        assert fast.key() == slow.key() and fast.record() == slow.record()
        assert fast.model_dump_json(exclude_defaults=True) == slow.model_dump_json(
            exclude_defaults=True)
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.with_text("Wren") == slow.with_text("Wren")


def test_an_unchecked_event_is_the_validated_event():
    fast = Event.unchecked("cards_drawn", {"seat": "protagonist", "cards": ["a"]}, ("protagonist",))
    slow = Event(kind="cards_drawn", data={"seat": "protagonist", "cards": ["a"]},
                 visible_to=("protagonist",))
    assert fast == slow
    assert fast.model_dump(exclude_defaults=True) == slow.model_dump(exclude_defaults=True)
    assert Event.unchecked("drew") == Event(kind="drew")
    assert not fast.seen_by("antagonist") and fast.seen_by("protagonist")


def test_replace_is_model_copy_with_the_update():
    from companion.core.game import Chance, replace
    from companion.games.at_any_cost import GAME

    state = GAME.setup(GAME.options_model())
    changes = {"hero_name": "Wren", "stage": 2}
    fast, slow = replace(state, **changes), state.model_copy(update=changes)
    assert fast == slow and fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
    assert state.hero_name == "" and fast is not state  # the original is left as it was
    chance = Chance(what="a card", count=1, options=("a", "b"))
    assert chance.outcome(["b"]) == Action(seat="chance", kind="chance", args={"items": ["b"]})
