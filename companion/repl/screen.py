"""How each kind of output looks: plain text for scripts and pipes, styled for the terminal."""
from __future__ import annotations

import shutil
import sys
import textwrap

WIDTH = min(96, shutil.get_terminal_size((96, 24)).columns - 2)
STYLE = {
    "narration": "",
    "mechanics": "fg:ansibrightblack",
    "error": "fg:ansired",
    "notice": "fg:ansiyellow",
    "speech": "italic",
    "info": "",
    "data": "",
    "heading": "bold",
}


def plain(kind: str, text: str) -> str:
    """The text of one output line block, as a script or pipe shows it."""
    if kind == "narration":
        return "\n".join(textwrap.fill(p, WIDTH, initial_indent="  ", subsequent_indent="  ")
                         for p in text.split("\n") if p.strip())
    if kind == "mechanics":
        return textwrap.fill(text, WIDTH, initial_indent="    · ", subsequent_indent="      ")
    if kind == "speech":
        return f"  “{text}”"
    if kind == "notice":
        return f"! {text}"
    if kind == "heading":
        return f"── {text} " + "─" * max(4, WIDTH - len(text) - 4)
    if kind in ("info", "error"):  # wrap long lines, keeping each line's own indent
        return "\n".join(_wrap_line(line) for line in text.split("\n"))
    return text


def _wrap_line(line: str) -> str:
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.fill(line, WIDTH, subsequent_indent=indent)


class PlainScreen:
    """Writes to a stream; streamed narration arrives in pieces, then the full text is skipped."""

    def __init__(self, stream=None) -> None:
        self.stream = stream or sys.stdout
        self._streamed = False

    def __call__(self, kind: str, text: str) -> None:
        if kind == "stream":
            if not self._streamed:
                self.stream.write("  ")
            self.stream.write(text)
            self.stream.flush()
            self._streamed = True
            return
        if kind == "narration" and self._streamed:
            self.stream.write("\n")
            self._streamed = False
            return
        self.stream.write(plain(kind, text) + "\n")
        self.stream.flush()
