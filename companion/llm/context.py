"""Bounded context for AI decisions: the rolling summary, and the prompt built from a request.

The prompt at the 200th decision must be about the size of the prompt at the 10th, so every part
of it has a fixed bound: the story so far is folded into a fixed-size summary, only the last few
narrations ride along verbatim (each clipped), long strings in the view are clipped, and nothing
else accumulates. ``bench/llm_context.py`` measures it.

Safety and trust: the players' words (story lines, the hero's details, answers in the view) are
story, never instructions; they reach the model as quoted lines (``> ``) or JSON strings, under a
system message that says so. Lines, X-carded topics and veils ride in every decision message.

The system message (the seat's role, ``prompts/<game>/<seat>.md``) depends on nothing that changes
during a session, so servers that cache prompt prefixes can reuse it.
"""
from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from companion.core.game import Event
from companion.llm import templates
from companion.story.voice import DecisionRequest

STORY_LINES = 4  # the last narrations quoted verbatim
STORY_CHARS = 400  # each clipped to this
VIEW_STRING_CHARS = 300  # any longer string in the view is clipped
VIEW_LIST_ITEMS = 8  # any longer list in the view keeps its last items
SUMMARY_CHARS = 600

# Placeholders a template must use (a prompt without them cannot work).
DECISION_REQUIRED = ("view", "actions", "reply_format")
REASK_REQUIRED = ("error",)


def _clip(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _short(value: Any, limit: int = 40) -> str:
    if isinstance(value, (list, tuple)):
        return "/".join(_short(v, limit) for v in value[:4]) + ("/\u2026" if len(value) > 4 else "")
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_short(v, 12)}" for k, v in list(value.items())[:3]) + "}"
    return _clip(str(value), limit)


def _event_line(event: Event) -> str:
    data = ", ".join(f"{k}={_short(v)}" for k, v in list(event.data.items())[:3])
    return _clip(f"{event.kind}({data})" if data else event.kind, 100)


def rolling_summary(events: Sequence[Event], max_chars: int = 600) -> str:
    """A short, deterministic digest of the public events so far: counts, then the latest first.

    Only public events are read (``visible_to`` None), so a caller that passes a seat's events
    cannot leak them into a prompt the other seat sees. Never longer than ``max_chars``.
    """
    public = [e for e in events if e.visible_to is None]
    if not public:
        return ""
    counts = Counter(e.kind for e in public)
    head = "So far: " + ", ".join(f"{kind} x{n}" for kind, n in sorted(counts.items())) + "."
    head = _clip(head, max_chars // 2)
    latest: list[str] = []
    room = max_chars - len(head) - len(" Latest: ") - 1
    for event in reversed(public):
        line = _event_line(event)
        if sum(len(x) + 2 for x in latest) + len(line) > room:
            break
        latest.append(line)
    text = head + (" Latest: " + "; ".join(latest) + "." if latest else "")
    return text[:max_chars]


def _clip_view(node: Any, max_items: int = VIEW_LIST_ITEMS) -> Any:
    """Bound a view for a prompt: empty values and ids beside names dropped, strings clipped, long
    lists cut to their last ``max_items`` (with a count of what was left out)."""
    if isinstance(node, dict):
        named = "name" in node
        return {k: _clip_view(v, max_items) for k, v in node.items()
                if v not in (None, [], {}, "") and not (named and k == "id")}
    if isinstance(node, list):
        items = [_clip_view(v, max_items) for v in node[-max_items:]]
        if len(node) > max_items:
            items.insert(0, f"({len(node) - max_items} earlier left out)")
        return items
    if isinstance(node, str):
        return _clip(node, VIEW_STRING_CHARS)
    return node


@lru_cache(maxsize=32)
def view_rules(game: str) -> tuple[frozenset[str], tuple[str, ...], int]:
    """``prompts/<game>/view.toml``: the view keys a prompt leaves out (``omit``), the keys it puts
    first (``first``: the ones that change least, so servers that cache a prompt's prefix reuse
    more of it), and the longest list it keeps (``max_items``). Data, so a game's prompt is tuned
    without code."""
    path = templates.game_prompts(game) / "view.toml"
    if not path.is_file():
        return frozenset(), (), VIEW_LIST_ITEMS
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return (frozenset(data.get("omit", [])), tuple(data.get("first", [])),
            int(data.get("max_items", VIEW_LIST_ITEMS)))


def view_json(view: dict[str, Any], game: str = "") -> str:
    omit, first, max_items = view_rules(game) if game else (frozenset(), (), VIEW_LIST_ITEMS)
    keys = [k for k in first if k in view] + [k for k in view if k not in first]
    shown = {k: view[k] for k in keys if k not in omit}
    return json.dumps(_clip_view(shown, max_items), ensure_ascii=False, separators=(",", ":"))


def quote(lines: Sequence[str]) -> str:
    """Players' and narrators' words as quoted story: one ``> `` line each, clipped."""
    out = [f"> {_clip(line, STORY_CHARS)}" for line in lines[-STORY_LINES:] if line.strip()]
    return "\n".join(out) if out else "> (nothing yet)"


def action_lines(request: DecisionRequest) -> str:
    out = []
    for i, (action, label) in enumerate(zip(request.legal, request.labels, strict=True), 1):
        line = f"{i}. {_clip(label, 160)}"
        if action.ask is not None:
            need = "optional" if action.optional_text else "required"
            line += f"  [asks: {_clip(action.ask, 160)} -> put the answer in \"text\" ({need})]"
        out.append(line)
    return "\n".join(out)


def reply_format(request: DecisionRequest) -> str:
    n = len(request.legal)
    keys = ['"action": the number of your move, from 1 to ' + str(n)]
    if any(a.ask is not None for a in request.legal):
        keys.append('"text": the words your move asks for (empty if it asks for none)')
    keys += ['"narration": your move told as story, two or three sentences of your own',
             '"speech": words your character says aloud, or an empty string']
    return ("Reply with one JSON object and nothing else, with these keys in this order:\n"
            + "\n".join(f"- {k}" for k in keys))


def _topics(items: Sequence[str]) -> str:
    items = [_clip(t, 60) for t in items if t.strip()]
    return ", ".join(json.dumps(t, ensure_ascii=False) for t in items) if items else "(none)"


def decision_variables(request: DecisionRequest) -> dict[str, str]:
    return {
        "seat": request.seat,
        "step": str(request.step),
        "view": view_json(request.view, request.game),
        "summary": _clip(request.summary, SUMMARY_CHARS) or "(the story has just begun)",
        "story": quote(request.story),
        "banned": _topics(request.banned),
        "veils": _topics(request.veils),
        "actions": action_lines(request),
        "reply_format": reply_format(request),
    }


def role_variables(game_title: str, seat: str) -> dict[str, str]:
    return {"game": game_title, "seat": seat}


def build_messages(request: DecisionRequest, game_title: str) -> list[dict[str, str]]:
    """The system message (the seat's role) and the decision message, both from template files."""
    role = templates.template_path(request.game, request.seat)
    system = templates.render_file(role, role_variables(game_title, request.seat))
    user = templates.render_file(
        templates.prompts_dir() / "shared" / "decision.md",
        decision_variables(request), required=DECISION_REQUIRED,
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def reask_message(error: str, count: int) -> dict[str, str]:
    text = templates.render_file(
        templates.prompts_dir() / "shared" / "reask.md",
        {"error": _clip(error, 600), "count": str(count)}, required=REASK_REQUIRED,
    )
    return {"role": "user", "content": text}
