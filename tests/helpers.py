"""Helpers shared by the tests: random legal play, replay of action lists, view leaves."""
from __future__ import annotations

from companion.core.game import Action, Game
from companion.core.playout import random_playout


def random_playthrough(game: Game, seed: int, max_steps: int = 5000):
    """Random legal play of ``game`` with default options: (before, action, after, events)."""
    return random_playout(game, seed, max_steps=max_steps)


def play_actions(game: Game, actions: list[Action]):
    state = game.setup(game.options_model())
    for a in actions:
        state, _ = game.apply(state, a)
    return state


def string_leaves(obj) -> set[str]:
    """Every string value in a JSON-like tree (keys are a view's own field names). Walked with a
    stack, not nested generators: the secrets tests walk a view per seat per step, and the
    recursive walk was half of their time."""
    leaves: set[str] = set()
    stack = [obj]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            leaves.add(node)
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)
    return leaves


def recorded_decisions(name: str, seed: int, record=lambda session, request: request,
                       options=None, max_steps: int | None = None):
    """A whole offline game of ``name`` with every seat played by the AI, and what ``record``
    made of each decision as it was asked (``record(session, request)``, before the move):
    the real decisions the prompt tests build their prompts from. Returns (game, records)."""
    from companion.core.registry import get_game
    from companion.session import AI, Session
    from companion.story.voice import OfflineVoice

    game = get_game(name)
    seen: list = []

    class Recorder(OfflineVoice):
        name = "recorder"

        def decide(self, request, on_text=None, memory=None):
            seen.append(record(session, request))
            return super().decide(request, on_text)

    seats = game.seats_for(options) if options is not None else game.seats
    session = Session.start(game, seed, {s: AI for s in seats}, Recorder(game, seed), None,
                            **({"options": options} if options is not None else {}))
    if max_steps is None:
        session.advance()
        assert session.is_over(), f"{name} seed {seed} did not finish"
    else:
        session.advance(max_steps=max_steps)
    return game, seen


def draw(chance, rng):
    """A random outcome of ``chance`` from ``rng``: cards without replacement, dice with."""
    opts = list(chance.options)
    return chance.outcome(rng.sample(opts, chance.count) if chance.distinct else
                          [rng.choice(opts) for _ in range(chance.count)])


def told(tmp_path, game: str, seed: int, *options: str) -> str:
    """An offline autoplay of ``game`` through the command line, rendered as Markdown."""
    from companion.cli import main

    path, md = tmp_path / f"{game}-{seed}.jsonl", tmp_path / f"{game}-{seed}.md"
    assert main(["autoplay", game, "--seed", str(seed), *options, "--journal", str(path),
                 "--quiet"]) == 0
    assert main(["journal", str(path), "--format", "md", "--out", str(md)]) == 0
    return md.read_text()
