"""A seat's words inside Markdown the journal writes: inline text, never structure.

The story's own lines are escaped whole (``inert``). A game's front matter and closing tables are
its own Markdown with the seats' texts (names, answers, details) set in; there the game's marks
stay and the texts are made inert where they stand (``guard_own``). Which characters of a line are
a seat's is known exactly when the same block, written with a neutral word in place of the texts,
lines up with it; otherwise it is inferred from where the texts occur.
"""
from __future__ import annotations

import re

NEUTRAL = "Qzxneutral"  # the word a neutral block is written with: no game writes it

# What opens a block when a line starts with it: a heading, quote, list item, ordered item,
# thematic break or setext underline (a single "=" underlines too), fenced code, table row, or
# indented code (leading spaces).
_LINK_CLOSE = re.compile(r"\](?=[(\[:])")
_BLOCK_START = re.compile(r"^(\s*)(#|>|[-+*](?=\s|$)|\d+(?=[.)])|=|[-*_]{2,}|`{3}|~{3}|\|)")


def inert(text: str) -> str:
    """Markdown that can only be inline text: each line's block opener escaped ("\\#", "1\\."),
    its leading spaces dropped (no code block), every ``|`` escaped (no table cell) and every
    ``]`` that could close a link, image or reference ("](", "][", "]:"), so "[Body]" stays as it
    reads. ``*``, ``_`` and backticks keep their emphasis."""
    out = []
    for line in text.split("\n"):
        line = line.replace("\\", "\\\\")  # a backslash of theirs escapes none of ours
        line = _LINK_CLOSE.sub(r"\\]", line).replace("|", "\\|")
        line = line.lstrip()
        m = _BLOCK_START.match(line)
        if m:
            mark = m.group(2)
            if mark[0].isdigit():
                line = line[:len(mark)] + "\\" + line[len(mark):]
            elif not mark.startswith("\\"):
                line = "\\" + line
        out.append(line)
    return "\n".join(out)


_UNESCAPED_BRACKET = re.compile(r"(?<!\\)((?:\\\\)*)(\](?=[(\[:]))")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_GAME_FENCE = re.compile(r"(`{3,}|~{3,})[A-Za-z]*")  # a game's own fence: ```text or ```
_GAME_MARK = re.compile(r"(?:>|[-+*]|\d+[.)]|#{1,6})(?:\s+|$)")
OWN_PREFIX = 12  # a line starting with this much of a seat's text (a name cut short) is theirs


def _own_start(line: str, own: set[str]) -> int | None:
    """Where a seat's text that would open a block begins ``line``, after none or some of the
    game's own marks ("> ", "- ", "## "), or None."""
    risky = [x for x in own if _BLOCK_START.match(x)]
    at = 0
    while True:
        rest = line[at:].lstrip()
        pos = len(line) - len(rest)
        if not rest.startswith("|") and any(rest.startswith(x) or (
                len(x) > OWN_PREFIX and rest.startswith(x[:OWN_PREFIX])) for x in risky):
            return pos
        m = _GAME_MARK.match(rest)
        if not m:
            return None
        at = pos + len(m.group(0))


_RULE_LINE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")


def _opens(line: str) -> tuple[bool, str]:
    """What block ``line`` opens: a thematic break, or its block opener ("" for a paragraph)."""
    m = _BLOCK_START.match(line.lstrip())
    return bool(_RULE_LINE.match(line)), m.group(2)[:1] if m else ""


def _neutral(line: str, own: set[str]) -> str:
    for x in sorted(own, key=len, reverse=True):
        line = line.replace(x, "Ash")
    return line


def marks_only(text: str) -> bool:
    """A text with no letter or digit ("-", "|", ">"): where it stands next to a game's own
    marks, only a neutral block tells which characters are whose."""
    return not any(ch.isalnum() for ch in text)


def neutral_view(value, texts: set[str]):
    """``value`` (a game's view) with every string that is one of ``texts`` written NEUTRAL."""
    if isinstance(value, str):
        return NEUTRAL if value.strip() in texts else value
    if isinstance(value, list):
        return [neutral_view(v, texts) for v in value]
    if isinstance(value, dict):
        return {k: neutral_view(v, texts) for k, v in value.items()}
    return value


_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")


def _aligned(markdown: str, neutral: str, texts: set[str]) -> str | None:
    """``markdown`` with each of ``texts`` escaped character by character where the neutral
    block has NEUTRAL, or None when the two do not line up (the guess then decides)."""
    lines, plain = markdown.split("\n"), neutral.split("\n")
    if len(lines) != len(plain):
        return None
    out = []
    for line, bare in zip(lines, plain):
        if NEUTRAL not in bare:
            if line != bare:
                return None
            out.append(line)
            continue
        segs = bare.split(NEUTRAL)
        m = re.fullmatch("(.+?)".join(re.escape(x) for x in segs), line)
        said = [g.replace("\\", "") for g in m.groups()] if m else []  # a game's own "\\|"
        if m is None or any(g.strip() not in texts for g in said):
            return None
        rebuilt = segs[0]
        for g, seg in zip(said, segs[1:]):
            rebuilt += _PUNCT.sub(r"\\\1", g) + seg
        out.append(rebuilt)
    return "\n".join(out)


def _wrapped(before: str, bare: str, own: set[str]) -> bool:
    """``bare`` (a fence run alone on its line, in a game's code block) is what is left of a
    seat's text the game wrapped onto a new line: the line before ends with the rest of it."""
    end = before.rstrip()
    return any(len(x) > len(bare) and x.endswith(bare) and not marks_only(x[:-len(bare)])
               and end.endswith(x[:-len(bare)].rstrip()) and not end.endswith(x) for x in own)


def guard_own(markdown: str, own: set[str], neutral: str | None = None) -> str:
    """A game's own Markdown with the seats' texts (``own``) inert in it: see the module."""
    odd = {x for x in own if marks_only(x)}
    if odd and neutral is not None:
        exact = _aligned(markdown, neutral, odd)
        if exact is not None:
            markdown, own = exact, own - odd
    out, fence = [], ""
    for line in markdown.split("\n"):
        bare = line.strip()
        if fence:  # inside the game's code block: shown as it is
            if bare.startswith(fence) and not bare.lstrip(fence[0]):
                if _wrapped(out[-1] if out else "", bare, own):  # the end of their text
                    out.append(line.replace(bare, "\u200b" + bare, 1))  # shown, closes nothing
                    continue
                fence = ""
            out.append(line)
            continue
        at = None if _GAME_FENCE.fullmatch(bare) else _own_start(line, own)
        if at is not None:  # their words open the line (after the game's own marks)
            out.append(line[:at] + inert(line[at:]))
        elif bare and not _GAME_FENCE.fullmatch(bare) and \
                _opens(line) != _opens(_neutral(line, own)):  # "**" + "* *" + "**": a rule
            out.append(_UNESCAPED_BRACKET.sub(r"\1\\\2", "\\" + line.lstrip()))  # nor a link
        elif re.match(r"`{3,}|~{3,}", bare):
            fence = re.match(r"`{3,}|~{3,}", bare).group(0)
            out.append(line)
        elif _TABLE_RULE.match(line):
            out.append(line)
        else:
            out.append(_UNESCAPED_BRACKET.sub(r"\1\\\2", line))  # no link, image, reference
    return "\n".join(out)
