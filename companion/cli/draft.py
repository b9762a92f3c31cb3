"""``draft``: the GM's drafting aid (a scene, a quest, a level), from a few words and, with
``--journal``, a session's state."""
from __future__ import annotations

import argparse
import json
import re
import sys

from companion.cli.common import EXIT_USAGE, UserError, game_named
from companion.cli.options import table_safety
from companion.story.safety import Safety


def journal_state(game, path: str):
    """The game state at the end of a journal (its actions replayed with its options)."""
    from companion.core.game import Action
    from companion.journal.store import JournalError, read, timeline
    from companion.session import game_options

    try:
        header, rows, _, _ = read(path)
    except (OSError, JournalError) as err:
        raise UserError(f"cannot read the journal {path}: {err}") from None
    if header.get("game") != game.name:
        raise UserError(f"{path} is a journal of {header.get('game')!r}, not of {game.name}")
    state = game.setup(game_options(game, header))
    for row in timeline(header, rows).actions:
        state, _ = game.apply(state, Action.model_validate(row["action"]))
    return state


def draft_usage_error(message: str):
    """Bad ``draft`` arguments as one line (argparse would print its usage block first)."""
    print(f"companion draft: {message} (e.g. companion draft GAME WHAT \"a few words\" "
          f"[--level N])", file=sys.stderr)
    sys.exit(EXIT_USAGE)


def cmd_draft(args) -> int:
    from companion.core.registry import game_module
    from companion.llm.draft import run_draft  # --level checked, a model writes when one is set

    game = game_named(args.game)
    drafting = game_module(game, "draft")
    if drafting is None:
        raise UserError(f"{game.title} has no drafting aid yet")
    state = journal_state(game, args.journal) if args.journal else None
    safety = Safety(*table_safety(args))
    try:
        text = first = run_draft(drafting, game, args, state=state)
        for k in range(1, DRAFT_TRIES if safety else 0):  # a draft that keeps the lines is chosen
            if safety.allows(text):
                break
            text = run_draft(drafting, game, argparse.Namespace(
                **{**vars(args), "seed": (args.seed or 0) + k * 7919}), state=state)
        text = text if safety.allows(text) else first  # none did: the first, screened
    except ValueError as err:
        raise UserError(str(err)) from None
    if safety and not safety.allows(text):
        text = screen_draft(text, safety, as_json=args.json)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


KEPT_OUT = "(kept out: a line or veil of yours)"
DRAFT_TRIES = 6  # drafts tried (other seeds) for one that crosses no line and shows no veil


def screen_draft(text: str, safety: Safety, as_json: bool = False) -> str:
    """A draft with the lines kept out and the veils faded: each string of a JSON draft, each
    line of a written one (its list or heading mark kept; a line left empty is dropped)."""
    if as_json:
        try:
            data = json.loads(text)
        except ValueError:
            as_json = False
        else:
            return json.dumps(_screen_value(data, safety), indent=2, ensure_ascii=False)
    out = []
    for line in text.splitlines():
        mark = re.match(r"\s*(?:[-*+]|#+|\d+[.)])?\s*(?:[A-Z][\w ]{0,30}:\s+)?", line).group(0)
        rest = line[len(mark):]
        body = safety.screen(rest)  # a draft tells no moment: a veil is kept out as a line is
        if body or not rest.strip():
            out.append(mark + body if body else line)
        elif mark.strip():  # a heading or a labelled line: say what was there
            out.append(mark + KEPT_OUT)
    return "\n".join(out)


def _screen_value(value, safety: Safety):
    if isinstance(value, str):
        return safety.screen(value) if value.strip() else value
    if isinstance(value, list):
        return [x for x in (_screen_value(v, safety) for v in value) if x != ""]
    if isinstance(value, dict):
        return {k: _screen_value(v, safety) for k, v in value.items()}
    return value
