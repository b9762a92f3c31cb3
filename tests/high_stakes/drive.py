"""Drive the High Stakes engine to the situation a test needs, through legal actions only."""
from __future__ import annotations

from companion.core.game import CHANCE, Action
from companion.games.high_stakes import GAME, HighStakesOptions
from companion.games.high_stakes.model import State

G = GAME


def find(s: State, seat: str, kind: str, **args) -> Action:
    """The one legal action of ``kind`` whose args include ``args``."""
    found = [a for a in G.legal_actions(s, seat) if a.kind == kind
             and all(a.args.get(k) == v for k, v in args.items())]
    assert len(found) == 1, f"{kind} {args}: {len(found)} matches in phase {s.phase}: " \
        f"{[(a.kind, a.args) for a in G.legal_actions(s, seat)][:20]}"
    return found[0]


def do(s: State, seat: str, kind: str, text: str = "", **args) -> State:
    """Apply the one legal action; a Trait or a raise the GM is asked about is allowed (tests of
    the GM's judgement use :func:`ask`)."""
    return do_ev(s, seat, kind, text, **args)[0]


def do_ev(s: State, seat: str, kind: str, text: str = "", **args):
    s, events = ask(s, seat, kind, text, **args)
    if s.phase == "judge":
        s, more = G.apply(s, find(s, "gm", "allow"))
        events = [*events, *more]
    return s, events


def ask(s: State, seat: str, kind: str, text: str = "", **args):
    """Apply the one legal action and stop there (a Trait or a raise waits for the GM)."""
    a = find(s, seat, kind, **args)
    return G.apply(s, a.with_text(text) if text else a)


def dice(s: State, *faces: int) -> State:
    assert G.to_move(s) == [CHANCE], s.phase
    chance = G.chance(s)
    s, _ = G.apply(s, chance.outcome([str(f) for f in faces]))
    return s


def start(*premades: str, players: int | None = None, **opts) -> State:
    """Characters from the ready-made list, and the story at its first framing."""
    s = G.setup(HighStakesOptions(players=players or len(premades) or 1, **opts))
    for p in premades:
        s = do(s, "player", "premade", id=p)
    assert s.phase == "frame", s.phase
    return s


def frame(s: State, type: str = "action", scene: str = "open", text: str = "A scene.") -> State:
    if type == "rest" and scene == "open":  # the Rest is the players' to narrate
        return do(s, "player", "rest", text)
    if s.phase == "between":  # the players' moment for a Rest: not taken
        s = do(s, "player", "go_on")
    if scene == "open":
        return do(s, "gm", "frame", text, scene="open", type=type)
    return do(set_off(s, scene), "gm", "frame", text, scene=scene)


def set_off(s: State, scene: str) -> State:
    """The state as if a setback had set ``scene`` off, so the GM may frame it out of the
    adventure's order (a test's way to reach a scene directly)."""
    if scene in G._ahead(s)[0]:
        return s
    return s.model_copy(update={"triggers": [*s.triggers, scene]})


def uncovered(s: State, *secrets: str) -> State:
    """The state as if these secrets had been uncovered in play earlier."""
    return s.model_copy(update={"revealed": [*s.revealed, *secrets]})


def to_pool(s: State, who: str = "ash", attribute: str = "body", difficulty: int = 2,
            consequence: list[str] | None = None, advantage: int = 0, problem: str = "open",
            scene_type: str = "action", scene: str = "open") -> State:
    """Frame a scene if none is open, declare, call a roll and set the stakes: the pool phase."""
    if s.phase in ("frame", "between"):
        s = frame(s, scene_type, scene)
    if s.phase == "after":
        s = do(s, "gm", "continue", "Go on.")
    s = do(s, "player", "act", "I try.", character=who, attribute=attribute)
    s = do(s, "gm", "roll", problem=problem)
    s = do(s, "gm", "attribute", attribute=attribute)
    s = do(s, "gm", "difficulty", value=difficulty)
    s = do(s, "gm", "consequence", kinds=consequence or ["retreat"])
    s = do(s, "gm", "advantage", dice=advantage)
    assert s.phase == "pool"
    return s


def finish_beat(s: State) -> State:
    """From wherever the beat is after the dice, answer everything with the first legal choice
    (no elements, accept, narrate, first complication) until the GM may go on or end the scene."""
    for _ in range(50):
        if s.phase in ("after", "frame", "create", "over"):
            return s
        if s.phase == "sixes":
            r = s.roll
            pool = r.pools[r.current]
            if pool.pending():
                s = do(s, "player", "keep", die=pool.pending()[0])
            else:
                s = do(s, "player", "done")
            continue
        if s.phase == "element":
            s = do(s, "player", "skip_element")
            continue
        seat = G.to_move(s)[0]
        a = G.legal_actions(s, seat)[0]
        s, _ = G.apply(s, a.with_text("x") if a.ask else a)
    raise AssertionError(f"stuck in {s.phase}")


def end_scene(s: State) -> State:
    s = finish_beat(s)
    if s.phase == "after":
        s = do(s, "gm", "end_scene")
    return s


def pool(s: State, i: int = 0):
    return s.roll.pools[i]


def trait(s: State, who: str, tid: str):
    return next(t for t in s.char(who).traits if t.id == tid)
