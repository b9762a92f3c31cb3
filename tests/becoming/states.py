"""Building Becoming states for the rule tests: a created Hero, then a scene walked to a step."""
from __future__ import annotations

from companion.core.game import CHANCE, Action
from companion.games.becoming import GAME
from companion.games.becoming.model import BecomingOptions, Phase, State, Trait
from companion.games.becoming.mechanics import asset_of

OPTIONS = BecomingOptions(quest="drowned_crown")
PICKS = ["mercy", "swordarm", "maren", "courage", "quick_wits", "hound", "honesty", "endurance",
         "brother"]


def act(s: State, seat: str, move: str, /, text: str = "", **args) -> State:
    s, _ = GAME.apply(s, Action(seat=seat, kind=move, args=args, text=text))
    return s


def step(s: State, seat: str, move: str, /, text: str = "", **args):
    return GAME.apply(s, Action(seat=seat, kind=move, args=args, text=text))


def roll(s: State, faces: list[int]) -> State:
    s, _ = GAME.apply(s, Action(seat=CHANCE, kind="chance",
                                args={"items": [str(f) for f in faces]}))
    return s


def created() -> State:
    """The Hero made (picks in seat order), at step 1 of scene 1 (Agent: the Spinner)."""
    s = GAME.setup(OPTIONS)
    for aid in PICKS:
        s = act(s, GAME.to_move(s)[0], "pick", asset=aid)
    s = act(s, "hero", "name", text="Ilse")
    return act(s, "hero", "pronouns", pronouns="she")


def at_hero_gather(s: State | None = None) -> State:
    s = s or created()
    agent = GAME.agent(s)
    s = act(s, agent, "elements")
    for t in GAME.to_move(s):
        s = act(s, t, "introduce")
    return act(s, agent, "threat")


def set_traits(s: State, aid: str, positive: int = 0, negative: int = 0) -> State:
    a = asset_of(s, aid)
    traits = tuple(Trait(id=f"x{aid}{i}", name=f"p{i}", positive=True, by="hero")
                   for i in range(positive))
    traits += tuple(Trait(id=f"y{aid}{i}", name=f"n{i}", positive=False, by="shears")
                    for i in range(negative))
    a = a.model_copy(update={"traits": traits})
    return s.model_copy(update={"assets": tuple(a if x.id == aid else x for x in s.assets)})


def turn(s: State, aid: str, by: str = "shears", name: str = "The Turned",
         marks: int = 0) -> State:
    """``aid`` subverted by ``by``: outright (a cost or a prize), or by its third negative Trait
    (``marks=3``: the three marks are kept with it, out of play, for a moon shot)."""
    kept = tuple(Trait(id=f"z{aid}{i}", name=f"m{i}", positive=False, by=by)
                 for i in range(marks))
    a = asset_of(s, aid).model_copy(update={"traits": (), "subverted_by": by,
                                            "turned_name": name, "turned_marks": kept})
    return s.model_copy(update={"assets": tuple(a if x.id == aid else x for x in s.assets)})


def tempters(s: State) -> list[str]:
    return [t for t in ("spinner", "measurer", "shears") if t != GAME.agent(s)]


def to_offers(s: State, invoke: tuple[str, ...] = (), moon: bool = False,
              agent_moon: bool = False) -> State:
    """From step 3 to step 5: the Hero invokes, the Agent takes every die it can."""
    for aid in invoke:
        s = act(s, "hero", "invoke", asset=aid)
    s = act(s, "hero", "moon" if moon else "gathered")
    agent = GAME.agent(s)
    if agent_moon:
        return act(s, agent, "moon")
    while True:
        take = [a for a in GAME.legal_actions(s, agent)
                if a.kind in ("invoke_trait", "invoke_subverted")]
        if not take:
            return act(s, agent, "gathered")
        s, _ = GAME.apply(s, take[0])


def both_back(s: State) -> State:
    for t in tempters(s):
        s = act(s, t, "back")
    return s


def to_roll(s: State) -> State:
    """Steps 8 done without more invocations."""
    while s.phase in (Phase.MORE_HERO, Phase.MORE_AGENT):
        s = act(s, GAME.to_move(s)[0], "ready")
    return s
