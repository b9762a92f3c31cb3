"""Bounded context for AI decisions: the rolling summary, and the prompt built from a request.

The prompt at the 200th decision must be about the size of the prompt at the 10th, so every part
of it has a fixed bound: the story so far is folded into a fixed-size summary, only the last few
narrations ride along verbatim (each clipped), long strings in the view are clipped, and nothing
else accumulates. ``bench/llm_context.py`` measures it.

Safety and trust: the players' words (story lines, the hero's details, answers in the view) are
story, never instructions; they reach the model as quoted lines (``> ``) or JSON strings, under a
system message that says so. Lines, X-carded topics and veils ride in every decision message.

Prompt-cache order: a local server (llama.cpp) keeps one context and reuses the longest token
prefix the new prompt shares with the last one, whichever seat sent it. So the prompt opens with
what every seat of the game shares (the reply format, every seat's brief, the view's public keys,
the fabula digest), then names the seat and shows what only that seat sees (``own``), then the
state that changes from move to move (``last``), the story line and the moves.
"""
from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.core.game import Event
from companion.llm import templates
from companion.llm.schema import model_question
from companion.llm.shaping import (MAX_MOVES, SLOTS_MOVES, follow_the_road,  # noqa: F401 - the
                                   lead_with, shortlist, spare_the_ending)  # moves, re-exported
from companion.story import names
from companion.story.voice import DecisionRequest

STORY_LINES = 2  # the last narrations quoted verbatim
STORY_CHARS = 300  # each clipped to this
VIEW_STRING_CHARS = 300  # any longer string in the view is clipped
VIEW_LIST_ITEMS = 8  # any longer list in the view keeps its last items
SUMMARY_CHARS = 600
FABULA_CHARS = 500  # the fabula digest in a prompt: whole lines, newest first, up to this
EXAMPLES = 3  # storylet lines shown as examples of the game's voice (storylet mode)
# slots mode (the model only chooses): a shorter changing tail, evaluated afresh on every call
SLOTS_STORY_LINES = 1

# Placeholders a template must use (a prompt without them cannot work).
DECISION_REQUIRED = ("view", "actions")
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


def _clip_view(node: Any, max_items: int = VIEW_LIST_ITEMS, inner_items: int = 0,
               depth: int = 0) -> Any:
    """Bound a view for a prompt: empty values and ids beside names dropped, strings clipped, long
    lists cut to their last ``max_items`` (with a count of what was left out); with
    ``inner_items``, a list of words inside an item (a card's keywords) keeps its first ones."""
    if isinstance(node, dict):
        named = "name" in node
        out = {k: _clip_view(v, max_items, inner_items, depth + 1) for k, v in node.items()
               if not (named and k == "id")}
        return {k: v for k, v in out.items() if v not in (None, [], {}, "")}
    if isinstance(node, list):
        if inner_items and depth > 2 and all(isinstance(v, str) for v in node):
            return [_clip(v, VIEW_STRING_CHARS) for v in node[:inner_items]]
        items = [_clip_view(v, max_items, inner_items, depth + 1) for v in node[-max_items:]]
        if len(node) > max_items:
            items.insert(0, f"({len(node) - max_items} earlier left out)")
        return items
    if isinstance(node, str):
        return _clip(node, VIEW_STRING_CHARS)
    return node


@dataclass(frozen=True)
class ViewRules:
    """``prompts/<game>/view.toml``: how a seat's view is shown in its prompt. Data, so a game's
    prompt is tuned without code. Every rule only leaves things out; nothing is added.

    * ``omit``: top-level keys left out (said elsewhere, or no help to choose or tell a move);
    * ``first``: keys put first (the ones that change least);
    * ``own``: keys that differ from seat to seat (a seat's own sheet, its hand, who it is), put
      after the fabula digest and the seat's name: what all seats share comes first, so seats that
      take turns reuse it from the server's prompt cache;
    * ``last``: keys put last, after the fabula digest (the ones that change from move to move:
      a server's prompt cache reuses everything before the first byte that changed);
    * ``private``: keys whose value differs from seat to seat at the same moment (a hand, who
      the seat is): slots mode's one conversation (``thread``) never keeps them, so no seat reads
      another's;
    * ``drop``: dotted paths left out inside the view (``anchors.questions``; ``*`` matches any
      key: ``characters.attributes.*.base``); ``slots_drop``: more of them in slots mode, where
      the model only chooses and the narrator tells (details the moves' labels already say);
    * ``focus``: ``{list = "key"}``: of that list keep only the items whose ``key`` equals the
      view's own ``key`` (the map's current stage), or its first and last when none does;
    * ``max_items``: any longer list keeps its last items; ``inner_items``: a list inside an item
      (a card's keywords) keeps its first ones;
    * ``[[keep_if]]`` ``path``, ``flag``, ``seats``: the list's items stay only when their flag is
      true (a GM's unrevealed secrets never reach its prompt);
    * ``[[drop_unless]]`` ``path``, ``field``, ``flag``, ``seats``: the field of each item stays
      only when the item's flag is true;
    * ``slots_labels``: ``[pattern, replacement]`` pairs (regular expressions) applied to each
      move's label in slots mode's turn, read afresh at every call: what the view already says
      (a card's value and tags, beside its name in the hand the seat sees).
    """

    omit: frozenset[str] = frozenset()
    first: tuple[str, ...] = ()
    own: tuple[str, ...] = ()
    last: tuple[str, ...] = ()
    private: frozenset[str] = frozenset()
    drop: tuple[tuple[str, ...], ...] = ()
    slots_drop: tuple[tuple[str, ...], ...] = ()
    focus: tuple[tuple[str, str], ...] = ()
    max_items: int = VIEW_LIST_ITEMS
    inner_items: int = 4
    keep_if: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = ()
    drop_unless: tuple[tuple[tuple[str, ...], str, str, tuple[str, ...]], ...] = ()
    slots_labels: tuple[tuple[str, str], ...] = ()


@lru_cache(maxsize=32)
def view_rules(game: str) -> ViewRules:
    path = templates.game_prompts(game) / "view.toml"
    if not path.is_file():
        return ViewRules()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return ViewRules(
        omit=frozenset(data.get("omit", [])),
        first=tuple(data.get("first", [])),
        own=tuple(data.get("own", [])),
        last=tuple(data.get("last", [])),
        private=frozenset(data.get("private", [])),
        drop=tuple(tuple(p.split(".")) for p in data.get("drop", [])),
        slots_drop=tuple(tuple(p.split(".")) for p in data.get("slots_drop", [])),
        focus=tuple(data.get("focus", {}).items()),
        max_items=int(data.get("max_items", VIEW_LIST_ITEMS)),
        inner_items=int(data.get("inner_items", 4)),
        keep_if=tuple((tuple(r["path"].split(".")), r["flag"], tuple(r.get("seats", ())))
                      for r in data.get("keep_if", [])),
        drop_unless=tuple((tuple(r["path"].split(".")), r["field"], r["flag"],
                           tuple(r.get("seats", ()))) for r in data.get("drop_unless", [])),
        slots_labels=tuple((str(p), str(r)) for p, r in data.get("slots_labels", [])),
    )


def _drop_path(node: Any, path: tuple[str, ...]) -> Any:
    if not path:
        return node
    if isinstance(node, list):
        return [_drop_path(item, path) for item in node]
    if not isinstance(node, dict):
        return node
    head, rest = path[0], path[1:]
    out = {}
    for key, value in node.items():
        if head in ("*", key):
            if not rest:
                continue
            value = _drop_path(value, rest)
        out[key] = value
    return out


def _at(node: Any, path: tuple[str, ...], change) -> Any:
    """``node`` with ``change`` applied to the value at ``path`` (lists are walked through)."""
    if isinstance(node, list):
        return [_at(item, path, change) for item in node]
    if not isinstance(node, dict) or path[0] not in node:
        return node
    if len(path) == 1:
        return {**node, path[0]: change(node[path[0]])}
    return {**node, path[0]: _at(node[path[0]], path[1:], change)}


def seat_view(view: dict[str, Any], game: str, seat: str = "",
              mode: str = "free", cut: bool = True) -> dict[str, Any]:
    """The part of a seat's view its prompt shows (see ``ViewRules``) in the voice ``mode``.
    ``cut=False``: long lists whole (``cut_lists`` cuts them as shown), so that what changed in
    a list is told from the whole of it: a list cut to its last items slides when one is added or
    lost, and told from what was shown, a card discarded from a long hand read as five changed."""
    rules = view_rules(game) if game else ViewRules()
    later = set(rules.own) | set(rules.last)
    keys = [k for k in rules.first if k in view and k not in later] + [
        k for k in view if k not in rules.first and k not in later] + [
        k for k in rules.own if k in view and k not in rules.last] + [
        k for k in rules.last if k in view]
    shown: Any = {k: view[k] for k in keys if k not in rules.omit}
    for path, flag, seats in rules.keep_if:
        if not seats or seat in seats:
            shown = _at(shown, path, lambda items, f=flag: [
                x for x in items if not isinstance(x, dict) or x.get(f)])
    for path, name, flag, seats in rules.drop_unless:
        if not seats or seat in seats:
            shown = _at(shown, path, lambda items, n=name, f=flag: [
                {k: v for k, v in x.items() if k != n or x.get(f)} if isinstance(x, dict) else x
                for x in items])
    for key, by in rules.focus:
        items = shown.get(key)
        if isinstance(items, list) and items:
            kept = [x for x in items if isinstance(x, dict) and x.get(by) == view.get(by)]
            shown[key] = kept or ([items[0], items[-1]] if len(items) > 1 else items)
    for path in rules.drop + (rules.slots_drop if mode == "slots" else ()):
        shown = _drop_path(shown, path)
    return _clip_view(shown, rules.max_items if cut else 10**9, rules.inner_items)


def cut_lists(shown: Any, game: str) -> Any:
    """A ``seat_view(..., cut=False)`` (or a part of it) with its long lists cut as a prompt
    shows them: their last ``max_items`` and a count of what was left out."""
    return _clip_view(shown, view_rules(game).max_items if game else VIEW_LIST_ITEMS)


def _inline(node: Any, inner: bool = False) -> str:
    if isinstance(node, dict):
        parts = []
        name = node.get("name") if isinstance(node.get("name"), str) else None
        if name:
            parts.append(name)
        for key, value in node.items():
            if key == "name" and name:
                continue
            label = key.replace("_", " ")
            if value is True:
                parts.append(label)
            elif value is False:
                continue  # inside an item, what is not so goes unsaid
            else:
                parts.append(f"{label} {_inline(value, True)}")
        return ("(" + "; ".join(parts) + ")") if inner and len(parts) > 1 else "; ".join(parts)
    if isinstance(node, list):
        sep = " | " if any(isinstance(x, dict) for x in node) else ", "
        return sep.join(_inline(x, True) for x in node)
    if node is None:
        return "none"
    return str(node)


def compact_view(view: dict[str, Any], game: str = "", seat: str = "") -> str:
    """The seat's view as short lines (``key: value``; a list of items one ``- `` line each): the
    same facts as its JSON in about half the tokens."""
    return "\n".join(p for p in view_parts(view, game, seat) if p)


def view_parts(view: dict[str, Any], game: str = "", seat: str = "",
               mode: str = "free") -> tuple[str, str, str]:
    """The compact view in three parts: the keys every seat shares that change little; the
    seat's ``own`` keys; the ``last`` keys of the game's view rules (the state that changes from
    move to move). The prompt puts the second after the fabula digest and the seat's name, the
    third after that, so the part before them stays byte-stable from one call to the next,
    whichever seat calls."""
    rules = view_rules(game) if game else ViewRules()
    last, own = set(rules.last), set(rules.own) - set(rules.last)
    shown = seat_view(view, game, seat, mode)
    return (view_lines({k: v for k, v in shown.items() if k not in last and k not in own}),
            view_lines({k: v for k, v in shown.items() if k in own}),
            view_lines({k: v for k, v in shown.items() if k in last}))


def view_lines(shown: dict[str, Any]) -> str:
    lines = []
    for key, value in shown.items():
        label = key.replace("_", " ")
        if isinstance(value, list) and value and any(isinstance(x, dict) for x in value):
            lines.append(f"{label}:")
            lines += [f"- {_inline(x)}" for x in value]
        elif isinstance(value, dict) and len(_inline(value)) > 100:
            lines.append(f"{label}:")
            lines += [f"- {k.replace('_', ' ')}: {_inline(v)}" for k, v in value.items()]
        else:
            lines.append(f"{label}: {_inline(value)}")
    return "\n".join(lines)


def view_json(view: dict[str, Any], game: str = "", seat: str = "") -> str:
    return json.dumps(seat_view(view, game, seat), ensure_ascii=False, separators=(",", ":"))


def quote(lines: Sequence[str], count: int = STORY_LINES) -> str:
    """Players' and narrators' words as quoted story: one ``> `` line each, clipped."""
    out = [f"> {_clip(line, STORY_CHARS)}" for line in lines[-count:] if line.strip()]
    return "\n".join(out) if out else "> (nothing yet)"


def name_examples(request: DecisionRequest) -> list[str]:
    """The names a naming move offers as examples (and, after a miss, as the choices)."""
    return names.suggestions(" ".join(request.story[:1]) or request.seat)


def action_lines(request: DecisionRequest, words: dict[int, list[str]] | None = None,
                 quiet: Collection[int] = (), lead: str = "Choose one move by its number:") -> str:
    """The moves, numbered, and the question they ask said last, plainly (a small model answers
    the last thing it read): "Choose one move by its number:" and the list, or, for a lone move,
    "Your move: 1. describe the hero"; then "It asks: ..." for a question the moves share, or
    each move's own question beside it. The moves numbered in ``quiet`` do not say their
    question (slots mode: their words are picked for them, the model only chooses the move).
    ``lead`` opens a list of moves."""
    asking = [i for i, a in enumerate(request.legal, 1) if a.ask is not None and i not in quiet]
    asks = [model_question(request.legal[i - 1].ask) for i in asking]
    shared = asks[0] if asks and len(set(asks)) == 1 else None
    lines = []
    for i, (action, label) in enumerate(zip(request.legal, request.labels, strict=True), 1):
        line = f"{i}. {_clip(label, 160)}"
        if i in asking and shared is None:
            line += f' (it asks: "{_clip(model_question(action.ask), 200)}")'
        lines.append(line)
    if len(lines) == 1:
        out = [f"Your move: {lines[0]}"]
    else:
        out = [lead, *lines]
    if shared is not None and all(request.legal[i - 1].kind in names.KINDS for i in asking):
        examples = name_examples(request)
        shared += f" (a name, such as {', '.join(examples[:-1])} or {examples[-1]})"
    if shared is not None:
        numbers = [str(i) for i in asking]
        who = "It" if len(request.legal) == 1 else "Every move" if len(numbers) == len(
            request.legal) else "Move " + numbers[0] if len(numbers) == 1 else \
            "Moves " + ", ".join(numbers)
        out.append(f"{who} {'asks' if who in ('It', 'Every move') or len(numbers) == 1 else 'ask'}"
                   f": {_clip(shared, 200)}")
    for number, texts in (words or {}).items():  # slots mode: words picked by number
        out.append(f'The words of move {number}: choose one by its number as "line":')
        out += [f"{i}) {json.dumps(_clip(t, 300), ensure_ascii=False)}"
                for i, t in enumerate(texts, 1)]
    return "\n".join(out)


def short_labels(request: DecisionRequest) -> DecisionRequest:
    """The request with its moves' labels as slots mode's turn says them (the game's
    ``slots_labels``): "discard Greed" for "discard Greed 1 [Tool]", the hand saying the rest."""
    rules = view_rules(request.game)
    if not rules.slots_labels:
        return request
    labels = list(request.labels)
    for pattern, replacement in rules.slots_labels:
        labels = [re.sub(pattern, replacement, label) for label in labels]
    return request.model_copy(update={"labels": labels})


def _topics(items: Sequence[str]) -> str:
    items = [_clip(t, 60) for t in items if t.strip()]
    return ", ".join(json.dumps(t, ensure_ascii=False) for t in items)


def safety_lines(request: DecisionRequest) -> str:
    parts = []
    if _topics(request.banned):
        parts.append(f"Never mention: {_topics(request.banned)}.")
    if _topics(request.veils):
        parts.append(f"Keep off-screen (may happen, never shown): {_topics(request.veils)}.")
    return ("\n" + " ".join(parts) + "\n") if parts else ""


_PARTS = ("Hero:", "Stake", "True:", "No longer true:", "Open thread", "Last outcome")


def _part(line: str) -> int:
    return next((i for i, p in enumerate(_PARTS) if line.startswith(p)), len(_PARTS))


def _bookkeeping(line: str, quoted: str) -> bool:
    """A fact that is no story for a prompt: its words hold no letter ("True: stage:2: 21"),
    are one lower-case token, an id the story layer keeps for itself ("True: met:1:000020:
    a-friendly-local", "True: did:1:hero2: travel>sailor>cave", "True: noted:2: match"), or
    are words a stake already quotes (the hero's stake is also kept as a fact of what they
    said)."""
    if not line.startswith(("True:", "No longer true:")) or ": " not in line[6:]:
        return False
    words = line.rsplit(": ", 1)[1]
    words = words.removesuffix("\u2026")  # clipped: the words as far as they go
    return not any(c.isalpha() for c in words) or (
        not any(c.isspace() for c in words) and words == words.lower()) or \
        f"\u201c{words}" in quoted


def fabula_lines(digest: str, limit: int = FABULA_CHARS) -> list[str]:
    """The fabula digest's lines as a prompt shows them (see ``fabula_block``)."""
    out, size = [], 0
    quoted = "\n".join(x for x in digest.splitlines() if x.startswith("Stake"))
    for line in digest.splitlines():
        line = _clip(line, 200)
        if _bookkeeping(line, quoted):
            continue
        if not line or size + len(line) + 1 > limit:
            break
        out.append(line)
        size += len(line) + 1
    shown = []
    for part in range(len(_PARTS) + 1):
        shown += reversed([x for x in out if _part(x) == part])
    return shown


def fabula_block(digest: str, limit: int = FABULA_CHARS) -> str:
    """The fabula digest (stakes in the player's words, facts, threads, the last outcome) as the
    prompt shows it, under its own heading; "" when the story holds nothing yet.

    The digest lists the newest first within each part; the lines kept (whole, up to ``limit``
    characters, newest first) are shown oldest first within each part and the last outcome last,
    so a new fact or stake is added at its part's end and what came before it stays byte-stable
    for a server's prompt cache (and reads in the story's order). A fact that is bookkeeping,
    no story (``_bookkeeping``: no letter, an id, a stake's words again), is left out."""
    shown = fabula_lines(digest, limit)
    return ("\nWhat the story holds:\n" + "\n".join(shown) + "\n") if shown else ""


def decision_variables(request: DecisionRequest, mode: str = "free",
                       lines: dict[int, list[str]] | None = None) -> dict[str, str]:
    """In slots mode the story is quoted one line deep: the model only chooses, and the quote is
    re-read on every call (the narrator tells the move with the whole story at hand); ``lines``
    are the words it picks by number (``slots.listed``)."""
    steady, own, state = view_parts(request.view, request.game, request.seat, mode)
    return {
        "fabula": fabula_block(request.fabula),
        "seat": seat_line(request),
        "own": f"{own}\n" if own else "",
        "step": str(request.step),
        "view": steady,
        "state": f"{state}\n" if state else "",
        "story": quote(request.story, SLOTS_STORY_LINES if mode == "slots" else STORY_LINES),
        "safety": safety_lines(request),
        "actions": action_lines(request, lines),
    }


def role_variables(game_title: str, seat: str) -> dict[str, str]:
    return {"game": game_title, "seat": seat}


REPLY_FILES = {"free": "reply.md", "storylet": "reply-storylet.md", "slots": "reply-slots.md"}


@lru_cache(maxsize=16)
def storylet_examples(game: str, count: int = EXAMPLES) -> tuple[str, ...]:
    """A few lines of the game's own storylets (``rules/<game>/storylets.toml``) with no slots to
    fill, spread over its groups: the examples a storylet-mode prompt shows of the game's voice.
    None when the game has no storylets yet."""
    from companion.story.storylets import Library

    try:
        library = Library.load(game)
    except Exception:  # noqa: BLE001 - examples are a help, never a reason to fail a prompt
        return ()
    seen: dict[str, str] = {}
    for storylet in getattr(library, "storylets", ()):
        for text in storylet.text:
            if "{" not in text and "[" not in text and storylet.group not in seen \
                    and 20 <= len(text) <= 160:
                seen[storylet.group] = " ".join(text.split())
    return tuple(sorted(seen.values())[:count])


def role_templates(game: str) -> list:
    """The game's seat briefs (``prompts/<game>/*.md``, by name), or the shared stand-in."""
    roles = sorted(templates.game_prompts(game).glob("*.md"))
    return roles or [templates.prompts_dir() / "shared" / "seat.md"]


def seat_role(request: DecisionRequest) -> str:
    """The brief a seat plays by: its view's "prompt_role" (Becoming's Fates: the Agent of Threat
    or a Tempter, scene by scene), else its own file, else the game's only one; "" if none."""
    role = str(request.view.get("prompt_role") or "")
    if role:
        return role
    stems = [p.stem for p in role_templates(request.game)]
    return request.seat if request.seat in stems else stems[0] if len(stems) == 1 and \
        stems[0] != "seat" else ""


def seat_line(request: DecisionRequest) -> str:
    """Which seat this decision is for, and by which brief: "Now, as the spinner (the
    tempter's brief):"."""
    seat = request.seat.replace("_", " ")
    role = seat_role(request).replace("_", " ")
    return f"Now, as the {seat} (the {role}'s brief):" if role and role != seat else \
        f"Now, as the {seat}:"


@lru_cache(maxsize=32)
def _system(game: str, game_title: str, where: str, mode: str = "free") -> str:
    shared = templates.render_file(templates.prompts_dir() / "shared" / REPLY_FILES[mode],
                                   role_variables(game_title, ""))
    roles = role_templates(game)
    briefs = [templates.render_file(path, role_variables(game_title, path.stem.replace("_", " ")))
              for path in roles]
    if mode == "slots":  # the model only chooses: who each seat is (see system_message)
        briefs = [brief.strip().split("\n\n")[0] for brief in briefs]
    if len(briefs) > 1:
        briefs = ["Each seat's brief follows; every decision below says which seat you play and "
                  "by which brief.\n"] + [f"The {p.stem.replace('_', ' ')}'s brief:\n{b}"
                                          for p, b in zip(roles, briefs, strict=True)]
    examples = storylet_examples(game) if mode == "storylet" else ()
    lines = "".join(f"\n- {x}" for x in examples)
    return shared + "\n" + "\n".join(briefs) + (
        f"\nLines in this story's own voice:{lines}\n" if lines else "")


def system_message(game: str, game_title: str, mode: str = "free") -> str:
    """The static part, first: the reply format for the voice ``mode``, then every seat's brief
    (``prompts/<game>/*.md``), then (storylet mode) a few lines of the game's storylets as
    examples. Byte-identical for every decision of every seat of a game, so a server's prompt
    cache reuses it whoever moves; the decision names the seat and its brief (``seat_line``).
    In slots mode (the model only chooses a move, by number, with the offline policy's choice
    listed first) a brief is its first paragraph, who the seat is and what it wants: the rest
    (tactics, how to tell a move) is the policy's and the narrator's there, and every token of
    the system message makes each later token of the conversation dearer to read (SmolLM2 on
    two cores: 4.3 ms a token after 500 tokens, 6.3 after 2,000)."""
    return _system(game, game_title, str(templates.prompts_dir()), mode)


def build_messages(request: DecisionRequest, game_title: str, mode: str = "free",
                   lines: dict[int, list[str]] | None = None) -> list[dict[str, str]]:
    """The static system message, then the decision: what every seat shares first (the view's
    public keys, the fabula digest), then the seat and what only it sees, then the changing
    part (the state, the story, the moves)."""
    user = templates.render_file(
        templates.prompts_dir() / "shared" / "decision.md",
        decision_variables(request, mode, lines), required=DECISION_REQUIRED,
    )
    return [{"role": "system", "content": system_message(request.game, game_title, mode)},
            {"role": "user", "content": user}]


def reask_message(error: str, count: int) -> dict[str, str]:
    text = templates.render_file(
        templates.prompts_dir() / "shared" / "reask.md",
        {"error": _clip(error, 600), "count": str(count)}, required=REASK_REQUIRED,
    )
    return {"role": "user", "content": text}
