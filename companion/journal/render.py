"""Render a journal as a story: Markdown (and HTML from it), or the raw rows.

The game is replayed from the journal to know the final public view (the hero, the Anchors...);
the story body walks the rows in force: a heading where the game opens a section, the narration of
each beat as prose, what the table said in quotes, and the mechanics in small print beneath. Seats
that must not see something do not: render for a seat and only its events show. Nothing here
reads a clock, so the same journal always renders to the same bytes.
"""
from __future__ import annotations

import html
import json
from pathlib import Path

from companion.core.game import Action, Event
from companion.core.registry import game_module, get_game
from companion.session import game_options
from companion.journal.store import read, timeline


class PlainHooks:
    """The render hooks of a game that brings none of its own: its narration, no small print."""

    def story_title(self, final: dict) -> str:
        hero = final.get("hero")
        name = hero.get("name") if isinstance(hero, dict) else None
        return name or "a story"

    def front_matter(self, final: dict) -> str:
        return ""

    def heading(self, event) -> str:
        return ""

    def mechanics(self, event, viewer: str | None) -> str:
        return ""

    def closing(self, final: dict) -> str:
        return ""


def render_markdown(path: Path, viewer: str | None = None) -> str:
    header, rows, _, _ = read(path)
    t = timeline(header, rows)
    game = get_game(header["game"])
    hooks = game_module(game, "render") or PlainHooks()
    state = game.setup(game_options(game, header))
    for row in t.actions:
        state, _ = game.apply(state, Action.model_validate(row["action"]))
    final = game.view(state, None)
    over = game.is_over(state)

    out = [f"# {game.title}: {hooks.story_title(final)}", ""]
    seats = ", ".join(f"{seat}: {holder}" for seat, holder in header["seats"].items())
    out.append(f"<sub>Seed {header['seed']} · {seats} · voice: {header.get('voice', 'offline')}"
               f"{' · physical deck' if header.get('physical') else ''}</sub>")
    out += ["", hooks.front_matter(final), ""]
    setup = getattr(hooks, "SETUP_EVENTS", set()) | getattr(hooks, "STORY_SKIP", set())
    narr: dict[int, list[str]] = {}
    said: dict[int, list[dict]] = {}
    for row in t.rows:
        if row["type"] == "narration":
            narr.setdefault(row["n"], []).append(row["text"])
        elif row["type"] == "say":
            said.setdefault(row["n"], []).append(row)
    small: list[str] = []  # small print waits, so consecutive beats' mechanics share a line

    def flush() -> None:
        if small:
            out.extend(["<sub>" + " · ".join(_md_escape(x) for x in small) + "</sub>", ""])
            small.clear()

    for row in t.actions:
        n = row["n"]
        events = [Event.model_validate(e) for e in row.get("events", [])]
        lines = []
        for event in events:
            if not event.seen_by(viewer):
                continue
            title = hooks.heading(event)
            if title:
                flush()
                out += [f"## {title}", ""]
            if event.kind not in setup:
                line = hooks.mechanics(event, viewer)
                if line:
                    lines.append(line)
        if narr.get(n) or said.get(n):
            flush()
        for text in narr.get(n, []):
            out += [text, ""]
        for s in said.get(n, []):
            out += [f"> “{s['text']}” — {s['seat']}", ""]
        small.extend(lines)
    flush()
    if over:
        closing = hooks.closing(final)
        if closing:
            out += ["## What was kept, what was lost", "", closing, ""]
    else:
        out += ["*The story is not finished: resume it with `companion resume "
                f"{Path(path).name}`.*", ""]
    llm = [r for r in rows if r.get("type") == "llm"]
    if llm:  # the ledger: what the language model was asked, spent and refused
        from companion.llm import ledger

        out += ["## The voice", "", "<sub>" + _md_escape(ledger.summarize(llm)).replace(
            "\n", "<br>") + "</sub>", ""]
    if t.undone:
        out += [f"<sub>{len(t.undone)} row(s) were rewound (undo or X-card) and are kept in the "
                "journal, not in this story.</sub>", ""]
    return "\n".join(out).rstrip() + "\n"


def _md_escape(text: str) -> str:
    return text.replace("<", "&lt;").replace(">", "&gt;")


def render_html(path: Path, viewer: str | None = None) -> str:
    """A plain, self-contained HTML page of the Markdown story (no extra dependency)."""
    md = render_markdown(path, viewer)
    body = []
    for block in md.split("\n\n"):
        b = block.strip()
        if not b:
            continue
        if b.startswith("## "):
            body.append(f"<h2>{html.escape(b[3:])}</h2>")
        elif b.startswith("# "):
            body.append(f"<h1>{html.escape(b[2:])}</h1>")
        elif b.startswith("<sub>"):
            body.append(f"<p class=small>{html.escape(b[5:-6])}</p>")
        else:
            body.append(f"<p>{html.escape(b).replace(chr(10), '<br>')}</p>")
    style = "body{max-width:42em;margin:2em auto;font-family:Georgia,serif;line-height:1.5}" \
            ".small{font-size:.8em;color:#555;font-family:sans-serif}"
    body += _pictures(path, viewer)
    return f"<!doctype html><meta charset=utf-8><style>{style}</style>\n" + "\n".join(body) + "\n"


def _pictures(path: Path, viewer: str | None) -> list[str]:
    """SVG a game draws from the final view, if its render hooks have ``pictures(view)``
    (Becoming's points by scene): appended to the HTML page as it is, being markup of our own."""
    header, rows, _, _ = read(path)
    game = get_game(header["game"])
    hooks = game_module(game, "render")
    if hooks is None or not hasattr(hooks, "pictures"):
        return []
    state = game.setup(game_options(game, header))
    for row in timeline(header, rows).actions:
        state, _ = game.apply(state, Action.model_validate(row["action"]))
    return [hooks.pictures(game.view(state, viewer))]


def render_jsonl(path: Path) -> str:
    header, rows, _, _ = read(path)
    return "\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True)
                     for r in [header, *rows]) + "\n"
