"""Prompt templates: plain files under ``prompts/``, with ``{name}`` placeholders, checked strictly.

``prompts/<game>/<seat>.md`` is the system message for an AI seat of that game (its role and how
to play it); ``prompts/shared/seat.md`` stands in for a game that has none; ``prompts/shared/
decision.md`` is the per-decision message (view, story, numbered actions, reply format).

Decisions (after simonw/llm's templates): no logic in templates, Python builds every list and
passes text in; a render reports every unknown placeholder and every missing required one at once,
so a typo in a template fails its test, not a player's session; only plain names are allowed
(``{a.b}``, ``{a[0]}``, ``{a!r}`` are refused, so a template cannot reach into objects); ``{{``
and ``}}`` are literal braces. ``$COMPANION_PROMPTS`` points at another prompts folder.
"""
from __future__ import annotations

import os
import string
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from companion.core.resources import prompts_path


class TemplateError(ValueError):
    pass


def prompts_dir() -> Path:
    override = os.environ.get("COMPANION_PROMPTS")
    if override:
        return Path(override)
    return prompts_path()


def game_prompts(game: str) -> Path:
    """The game's prompts folder (``prompts/at-any-cost``; an underscored name is accepted)."""
    for name in (game, game.replace("-", "_")):
        if (prompts_dir() / name).is_dir():
            return prompts_dir() / name
    return prompts_dir() / game


def template_path(game: str, seat: str) -> Path:
    """The seat's template, or the shared stand-in when the game has none."""
    path = game_prompts(game) / f"{seat}.md"
    if path.is_file():
        return path
    roles = sorted(game_prompts(game).glob("*.md"))  # one role for every seat (rival.md)
    return roles[0] if len(roles) == 1 else prompts_dir() / "shared" / "seat.md"


@lru_cache(maxsize=64)
def _read(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


def load(path: Path) -> str:
    try:
        return _read(path, path.stat().st_mtime)
    except OSError as err:
        raise TemplateError(f"cannot read prompt template {path}: {err}") from err


def placeholders(template: str, where: str = "template") -> list[str]:
    """Names used by the template, in order; raises TemplateError for anything but plain names."""
    names: list[str] = []
    bad: list[str] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as err:
        raise TemplateError(f"{where}: {err} (write {{{{ and }}}} for literal braces)") from err
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        if not field.isidentifier() or spec or conversion:
            bad.append("{" + field + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}")
        elif field not in names:
            names.append(field)
    if bad:
        raise TemplateError(f"{where}: only plain {{name}} placeholders are allowed: {', '.join(bad)}")
    return names


def render(
    template: str,
    variables: Mapping[str, object],
    *,
    required: Iterable[str] = (),
    where: str = "template",
) -> str:
    """Fill the template. Every unknown placeholder and every missing required one, reported at once."""
    used = placeholders(template, where)
    unknown = [n for n in used if n not in variables]
    missing = [n for n in required if n not in used]
    problems = []
    if unknown:
        problems.append("unknown placeholder(s) " + ", ".join("{" + n + "}" for n in unknown)
                        + " (this template is given: " + ", ".join(sorted(variables)) + ")")
    if missing:
        problems.append("missing required placeholder(s) " + ", ".join("{" + n + "}" for n in missing))
    if problems:
        raise TemplateError(f"{where}: " + "; ".join(problems))
    return template.format_map({k: str(v) for k, v in variables.items()}).strip() + "\n"


def render_file(path: Path, variables: Mapping[str, object], *, required: Iterable[str] = ()) -> str:
    return render(load(path), variables, required=required, where=str(path))
