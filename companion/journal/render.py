"""Render a journal as a story: Markdown, one self-contained HTML page, terminal text, or the rows.

The game is replayed from the journal to know the final view (the hero, the Anchors...); the story
body walks the rows in force: a heading where the game opens a section, the narration of each beat
as prose (the player's own tellings among it, in their place), what the table said in quotes, and
the mechanics in small print above the text of their beat (as the live screen prints them). Seats
that must not see something do not: render for a seat and only its events show; ``reveal`` shows
everything, hidden cards and face-down places included.

Decisions:

* One source: :func:`story` builds the blocks once; Markdown, terminal text and HTML are three
  ways of writing them. The HTML page is rendered from the Markdown by markdown-it-py (CommonMark
  with tables), never by string replacement, with a small stylesheet inlined and the game's
  pictures (its ``svg`` hook: At Any Cost's map) inlined as SVG.
* The Markdown opens with YAML front matter (game, seed, hero, outcome...) for Obsidian and
  GitHub, and holds no raw HTML but ``<sub>`` for small print, which we write around the text.
* One escaping rule, wherever a text lands: everything from the table (narration, tellings,
  ``say``, headings, small print) and everything a game writes as its own Markdown (front matter,
  closing, interludes: where its hero's details, Anchor answers, palette, elements and Traits are)
  is cleaned of control characters and escape sequences and has its ``<`` written ``&lt;`` (outside
  code blocks, where Markdown shows it as it is), so no text can become a tag. The HTML page is
  built from the blocks: markdown-it with ``html`` off renders each (any ``<`` left is text), and
  our own tags (``<sub>``, figures) are written around them, never parsed from a string.
* Nothing here reads a clock, so the same journal always renders to the same bytes.
"""
from __future__ import annotations

import html
import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.clean import clean
from companion.journal.inert import guard_own, inert, marks_only, neutral_view
from companion.core.game import Action, Event, RuleError
from companion.core.registry import game_module, get_game
from companion.journal.store import JournalError, read, timeline
from companion.session import game_options
from companion.story.safety import FADES, Safety


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


@dataclass
class Story:
    """A journal as blocks of story: (kind, text) with kind one of title, meta, front, heading,
    narration, player, said, small, closing, note."""

    header: dict[str, Any]
    facts: dict[str, Any]
    blocks: list[tuple[str, str]] = field(default_factory=list)
    svg: str = ""  # the game's picture after the front matter (At Any Cost's map)
    pictures: list[str] = field(default_factory=list)  # the game's pictures at the end



def _no_empty_section(blocks: list) -> None:
    """Before the Epilogue: a section opened by the last heading with only small print under it
    ("The close of the Quest", then its points) is not a section of its own; its small print
    closes the section before."""
    last = max((k for k, b in enumerate(blocks) if b[0] == "heading"), default=None)
    if last is not None and all(b[0] == "small" for b in blocks[last + 1:]):
        del blocks[last]

def stale(header: dict, n: int, err: RuleError) -> str:
    """Why a journal cannot be told: a move the rules of this version refuse."""
    return (f"move {n} of this journal is not legal under this version's rules ({err.message}; "
            f"rule: {err.rule}): it was written by a companion whose {header.get('title', '')} "
            "rules differ, and cannot be replayed by this one")


def story(path: Path, viewer: str | None = None, reveal: bool = False) -> Story:
    header, rows, _, _ = read(path)
    t = timeline(header, rows)
    game = get_game(header["game"])
    hooks = game_module(game, "render") or PlainHooks()
    state = game.setup(game_options(game, header))
    states = []  # after each action: a game's interludes (maps at a chapter's end) draw them
    for n, row in enumerate(t.actions, 1):
        try:
            state, _ = game.apply(state, Action.model_validate(row["action"]))
        except RuleError as err:
            raise JournalError(stale(header, n, err)) from None
        states.append(state)
    final = game.view(state, None)
    over = game.is_over(state)
    seat_views = {seat: game.view(state, seat) for seat in game.seats}

    facts = {"game": game.title, "seed": header["seed"]}
    if hasattr(hooks, "front_facts"):
        facts.update(hooks.front_facts(final))
    facts["seats"] = dict(header["seats"])
    facts["voice"] = header.get("voice", "offline")
    out = Story(header=header, facts=facts)
    add = out.blocks.append
    add(("title", f"{game.title}: {hooks.story_title(final)}"))
    seats = ", ".join(f"{seat}: {holder}" for seat, holder in header["seats"].items())
    add(("meta", f"Seed {header['seed']} · {seats} · voice: {header.get('voice', 'offline')}"
                 f"{' · physical deck' if header.get('physical') else ''}"))
    remake = {len(out.blocks): hooks.front_matter}  # block -> how the game writes it from a view
    add(("front", hooks.front_matter(final)))
    if hasattr(hooks, "svg"):
        out.svg = hooks.svg(seat_views.get(_seer(game), final) if (reveal or over) else final,
                            final)
    if hasattr(hooks, "pictures"):  # SVG of the final view (Becoming's points by scene)
        out.pictures.append(hooks.pictures(game.view(state, viewer)))
    setup = getattr(hooks, "SETUP_EVENTS", set()) | getattr(hooks, "STORY_SKIP", set())
    told: dict[int, list[dict]] = {}
    for row in t.rows:
        if row["type"] in ("narration", "say"):
            told.setdefault(row["n"], []).append(row)
    # small print waits, so consecutive unnarrated beats' mechanics share a line; it is written
    # before the text of the beat that has it, as the live screen prints it, and before a heading
    small: list[str] = []

    def flush() -> None:
        if small:
            add(("small", " · ".join(small)))
            small.clear()

    seen = None if reveal else viewer
    for i, row in enumerate(t.actions):
        n = row["n"]
        events = [Event.model_validate(e) for e in row.get("events", [])]
        lines = []
        for event in events:
            if not event.seen_by(seen) or (viewer is None and not reveal
                                           and event.visible_to is not None):
                continue
            title = hooks.heading(event)
            if title:  # the row's small print so far belongs to the section it closes
                small.extend(lines)
                lines = []
                flush()
                add(("heading", title))
            if event.kind not in setup or (reveal and event.visible_to is not None):
                line = hooks.mechanics(event, viewer)
                if line:
                    lines.append(line)
        small.extend(lines)  # small print first, then the beat's text (as the live screen)
        if told.get(n):
            flush()
        for r in told.get(n, []):
            if r["type"] == "say":
                add(("said", f"“{r['text']}” — {r['seat']}"))
            else:
                if r.get("kind") == "epilogue":  # the told ending (story.epilogue)
                    _no_empty_section(out.blocks)
                    add(("heading", "Epilogue"))
                add(("player" if r.get("seat") else "narration", r["text"]))
        interlude = getattr(hooks, "interlude", None)
        if interlude is not None:  # e.g. Dragon & Warrior's maps when a dungeon is cleared
            extra = interlude(events, lambda i=i: game.view(states[i], viewer))
            if extra:
                flush()
                add(("closing", extra))
    flush()
    for row in t.rows:  # a line for the reader from outside the game: why an autoplay stopped
        if row["type"] == "notice" and row.get("text") and row.get("n", 0) >= 0:
            add(("note", row["text"]))
    opening = [("note", r["text"]) for r in t.rows if r["type"] == "notice" and r.get("text")
               and r.get("n", 0) < 0]  # said before the first move (a premise that crosses a line)
    if opening:
        at = next((k for k, b in enumerate(out.blocks) if b[0] == "front"), 1) + 1
        out.blocks[at:at] = opening
    if over:
        closing = hooks.closing(final)
        if closing:
            add(("heading", getattr(hooks, "CLOSING_HEADING", "What was kept, what was lost")))
            remake[len(out.blocks)] = hooks.closing
            add(("closing", closing))
    else:
        add(("note", "The story is not finished: resume it with `companion resume "
                     f"{shlex.quote(str(path))}`."))
    if reveal and hasattr(hooks, "revealed"):
        text = hooks.revealed(seat_views)
        if text:
            add(("heading", "Hidden at the table"))
            add(("closing", text))
    llm = [r for r in rows if r.get("type") == "llm"]
    if llm:  # the ledger: what the language model was asked, spent and refused
        from companion.llm import ledger

        add(("heading", "The voice"))
        add(("small", ledger.summarize(llm)))
    if t.undone:
        add(("small", f"{len(t.undone)} row(s) were rewound (undo or X-card) and are kept in "
                      "the journal, not in this story."))
    fixed = set(hooks.own_words(final)) if hasattr(hooks, "own_words") else set()
    _keep_lines(out, _safety(header, t.rows), _human_rows(header, t.rows) | fixed)
    _own_words_inert(out, t, final, remake)
    return out


def _own_words_inert(s: Story, t, final: dict, remake: dict) -> None:
    """The texts a seat wrote (names, answers, details, Traits, the words after ``--``) inside
    a game's own Markdown (its front matter, closing tables) are inline text there too: no
    bracket of theirs makes a link, and a line the game begins with their words opens no block.
    The game's own structure (its headings, lists, tables, code blocks) is kept as written."""
    own = {r["action"].get("text") for r in t.actions if r["action"].get("text")}
    # (a model's ledger row names its seat and holds no text)
    own |= {r.get("text") for r in t.rows if r["type"] == "say" or r.get("seat")}
    own = {x.strip() for x in own if isinstance(x, str) and x.strip()}
    own |= {" ".join(x.split()) for x in own}  # as a game writes it, its spaces folded
    odd = {x for x in own if marks_only(x)}  # "-", "|": the game writes it again, neutral
    plain = neutral_view(final, odd) if odd else None
    neutral = {k: make(plain) for k, make in remake.items()} if odd else {}
    for k, (kind, text) in enumerate(s.blocks):
        if kind in ("front", "closing") and text:
            s.blocks[k] = (kind, guard_own(text, own, neutral.get(k)))




def _safety(header: dict, rows: list[dict]) -> Safety:
    """The journal's lines and veils: its header's, those set at the table, the X-carded."""
    lines, veils = list(header.get("lines", [])), list(header.get("veils", []))
    for row in rows:
        if row["type"] == "safety":
            lines += row.get("lines", [])
            veils += row.get("veils", [])
        elif row["type"] == "x" and row.get("topic"):
            lines.append(row["topic"])
    return Safety(lines, veils)


def _human_rows(header: dict, rows: list[dict]) -> set[str]:
    """The texts the human wrote themselves (their tellings and what they said): theirs, never
    told around."""
    seats = header.get("seats", {})
    own = {r["text"] for r in rows if r["type"] in ("say", "narration") and r.get("seat")
           and seats.get(r["seat"]) == "human"}
    own |= {r["action"]["text"] for r in rows if r["type"] == "action" and r.get("by") == "human"
            and isinstance(r["action"].get("text"), str)}
    return {" ".join(x.split()) for x in own if x and x.strip()}


def _keep_lines(s: Story, safety: Safety, own: set[str]) -> None:
    """Every block the companion tells kept inside the lines (a name or small print told around
    what crosses, a sentence that still would left out, a veiled one faded), the human's own
    words and the notes about the lines themselves excepted. Journals are screened when told;
    this holds for older ones, for the game's own Markdown and for the small print."""
    if not safety:
        return
    for key, value in s.facts.items():  # the front matter's hero, title...
        if isinstance(value, str) and key not in ("game", "voice"):
            s.facts[key] = safety.redact(value) or value
    kept = []
    for kind, text in s.blocks:
        if kind == "note" or text in own or (kind == "said" and text.rsplit(" — ", 1)[0]
                                             .strip("“”") in own):
            kept.append((kind, text))
        elif kind in ("front", "closing"):
            kept.append((kind, "\n".join(_redact_line(line, safety, own)
                                         for line in text.split("\n"))))
        elif kind in ("narration", "player", "said"):
            kept.append((kind, safety.screen(text, FADES[0])))
        else:
            kept.append((kind, " · ".join(x for x in (safety.redact_keeping(part, own)
                                                      for part in text.split(" · ")) if x)))
    s.blocks[:] = [(k, t) for k, t in kept if t or k in ("front", "closing")]


def _redact_line(line: str, safety: Safety, own: set[str] = frozenset()) -> str:
    """One line of a game's Markdown told around the lines: its list or heading mark kept, a
    table row cell by cell, the human's own words in it kept as they wrote them (a line
    "*Best friend*: Grue, a hound *(lost on the way)*" is the player's hound and the game's
    "lost": no harm told, and nothing to tell around)."""
    if safety.allows(line):
        return line
    if line.lstrip().startswith("|"):
        return "|".join(_redact_part(c, safety, own) if c.strip() else c for c in line.split("|"))
    mark = len(line) - len(line.lstrip(" #>-*+0123456789.)"))
    return line[:mark] + _redact_part(line[mark:], safety, own)


def _redact_part(text: str, safety: Safety, own: set[str]) -> str:
    """``text`` told around the lines, except the human's own words inside it."""
    return safety.redact_keeping(text, own)


def _seer(game) -> str:
    """The seat that sees the most of the table (At Any Cost's Antagonist sees the map)."""
    return next((s for s in game.seats if s == "antagonist"), game.seats[0])


def _md_escape(text: str) -> str:
    """A text from the table, as Markdown: no control characters, no tag, and no structure:
    inline emphasis stays, but no line of it opens a heading, list, quote, table, rule or code
    block, and no bracket makes a link (``inert``)."""
    return inert(clean(text).replace("<", "&lt;").replace(">", "&gt;"))




def _md_guard(markdown: str) -> str:
    """A game's own Markdown (its lists, tables and code blocks hold player text): cleaned, and
    every ``<`` outside a fenced code block written ``&lt;``. A game writes no HTML of its own."""
    out = []
    for line, code in _code_lines(clean(markdown).split("\n")):
        out.append(line if code else line.replace("<", "&lt;"))
    return "\n".join(out)


def _code_lines(lines: list[str]):
    """(line, whether it is a code fence or inside one), as CommonMark reads fences: one opens
    with three backticks or tildes and an optional info string, and closes only with the same
    mark and nothing after it ("``` +1" inside a map is a line of the map)."""
    fence = ""
    for line in lines:
        bare = line.strip()
        if fence:
            if bare.startswith(fence) and not bare.lstrip(fence[0]):
                fence = ""
            yield line, True
        elif re.match(r"(`{3,}|~{3,})", bare) and "`" not in bare.lstrip("`")[:1]:
            fence = re.match(r"`{3,}|~{3,}", bare).group(0)
            yield line, True
        else:
            yield line, False


def _yaml(facts: dict[str, Any]) -> str:
    """Front matter: JSON values are YAML too, so every value is quoted safely (a ``<`` as
    ``\\u003c``, which both read back as ``<``: no tag even in the file's source)."""
    lines = ["---"]
    for key, value in facts.items():
        text = json.dumps(_cleaned(value), ensure_ascii=False).replace("<", "\\u003c")
        lines.append(f"{key}: {text}")
    return "\n".join(lines + ["---"])


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [_cleaned(v) for v in value]
    if isinstance(value, dict):
        return {k: _cleaned(v) for k, v in value.items()}
    return value


def _markdown_body(s: Story) -> list[str]:
    out: list[str] = []
    for kind, text in s.blocks:
        out += _markdown_block(kind, text)
    return out


def _small(kind: str, text: str) -> str | None:
    """The Markdown inside a block of small print (the meta line too), or None for another kind."""
    if kind == "meta":
        return _md_escape(text)
    if kind == "small":
        return _md_escape(text).replace("\n", " · ")
    return None


def _markdown_block(kind: str, text: str) -> list[str]:
    small = _small(kind, text)
    if small is not None:
        return [f"<sub>{small}</sub>", ""]
    if kind == "title":
        return [f"# {_md_escape(text)}", ""]
    if kind == "heading":
        return [f"## {_md_escape(text)}", ""]
    if kind in ("narration", "player"):
        return [_md_escape(text), ""]
    if kind == "said":
        return ["> " + _md_escape(text), ""]
    if kind == "note":
        return [f"*{_md_escape(text)}*", ""]
    if text:  # front matter and closing: the game's own Markdown
        return [_md_guard(text), ""]
    return []


def render_markdown(path: Path, viewer: str | None = None, reveal: bool = False) -> str:
    return story_markdown(story(path, viewer, reveal))


def story_markdown(s: Story) -> str:
    """A replayed story as Markdown (``story`` replays the journal once for both formats)."""
    return "\n".join([_yaml(s.facts), ""] + _markdown_body(s)).rstrip() + "\n"


def render_text(path: Path, viewer: str | None = None) -> list[tuple[str, str]]:
    """The story for the terminal: (screen kind, text) pairs, small print as "mechanics" (the
    screen dims it), no Markdown syntax."""
    s = story(path, viewer)
    out: list[tuple[str, str]] = []
    for kind, text in s.blocks:
        if kind == "title":
            out.append(("heading", text))
        elif kind == "heading":
            out.append(("heading", text))
        elif kind in ("narration", "player", "said"):
            out.append(("narration", text))
        elif kind in ("small", "meta"):
            out.append(("mechanics", text))
        elif kind == "note":
            out.append(("info", text.replace("`", "")))
        elif text:
            out.append(("info", _plain(text)))
    return [(kind, clean(text)) for kind, text in out]  # no terminal escape reaches a screen


def _plain(markdown: str) -> str:
    """Game-written Markdown (front matter, closing tables) as plain terminal text."""
    lines = []
    for line in markdown.splitlines():
        if set(line.replace("|", "").strip()) <= {"-", ":", " "} and "|" in line:
            continue  # a table's rule line
        if line.startswith("|"):
            line = "  " + "   ".join(c.strip() for c in line.strip("|").split("|"))
        lines.append(line.replace("**", "").replace("*", "").replace("<sub>", "")
                     .replace("</sub>", ""))
    return "\n".join(lines)


STYLE = """
:root { color-scheme: light; }
body { margin: 0; background: #f7f4ee; color: #222; }
main { max-width: 40em; margin: 2.5em auto; padding: 0 1.25em; font: 1.1em/1.6 Georgia, 'Iowan Old
  Style', 'Palatino Linotype', serif; }
h1 { font-size: 1.9em; line-height: 1.2; margin-bottom: .2em; }
h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #d8d0c0; padding-bottom: .2em; }
sub { display: block; font: .72em/1.45 system-ui, sans-serif; color: #6b655c; vertical-align:
  baseline; margin: 1em 0 -.6em; }
blockquote { margin: 1em 0; padding: .1em 1em; border-left: 3px solid #b9a98c; font-style: italic; }
table { border-collapse: collapse; margin: 1em 0; font: .85em/1.4 system-ui, sans-serif; width: 100%; }
th, td { border: 1px solid #d8d0c0; padding: .35em .6em; text-align: left; vertical-align: top; }
th { background: #ece5d8; }
figure { margin: 1.5em 0; }
figure svg { width: 100%; height: auto; }
figcaption { font: .75em system-ui, sans-serif; color: #6b655c; text-align: center; }
""".strip()


def render_html(path: Path, viewer: str | None = None, reveal: bool = False) -> str:
    """One self-contained page: the Markdown story through markdown-it-py, a small stylesheet,
    and the game's SVG picture after the front matter."""
    return story_html(story(path, viewer, reveal))


def story_html(s: Story) -> str:
    """A replayed story as one HTML page."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table").disable("image")  # no remote fetch
    body = _html_body(s, md)
    if s.svg:
        figure = f"<figure>{s.svg}<figcaption>The road</figcaption></figure>\n"
        at = body.find("<h2>")
        body = body[:at] + figure + body[at:] if at >= 0 else body + figure
    body += "".join(f"<figure>{p}</figure>\n" for p in s.pictures if p)
    title = next((text for kind, text in s.blocks if kind == "title"), "A story")
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(clean(title))}</title>\n<style>\n{STYLE}\n</style>\n</head>\n"
            f"<body>\n<main>\n{body}</main>\n</body>\n</html>\n")


def _html_body(s: Story, md) -> str:
    """The blocks as HTML: each block's Markdown through markdown-it (raw HTML off: a ``<`` is
    text), the small print wrapped in our own ``<sub>`` around it."""
    parts = []
    for kind, text in s.blocks:
        small = _small(kind, text)
        if small is not None:
            parts.append(f"<p><sub>{md.renderInline(small)}</sub></p>\n")
        else:
            parts.append(md.render("\n".join(_markdown_block(kind, text))))
    return "".join(parts)


def render_jsonl(path: Path) -> str:
    header, rows, _, _ = read(path)
    return "\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True)
                     for r in [header, *rows]) + "\n"
