"""How each kind of output looks: plain text for scripts and pipes, styled for the terminal."""
from __future__ import annotations

import shutil
import sys
import textwrap

from companion.core.clean import clean
from companion.repl.hints import program


def width() -> int:
    """The width text is wrapped to, read when the text is shown (a terminal resized in play is
    followed, and no process keeps the width of whatever imported this module first): the
    terminal's less 2, at most 96; 94 for a pipe."""
    return min(96, shutil.get_terminal_size((96, 24)).columns - 2)


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
    wide = width()
    if kind == "narration":
        return "\n".join(textwrap.fill(p, wide, initial_indent="  ", subsequent_indent="  ",
                                             break_on_hyphens=False, break_long_words=False)
                         for p in text.split("\n") if p.strip())
    if kind == "mechanics":
        return textwrap.fill(text, wide, initial_indent="    · ", subsequent_indent="      ",
                             break_on_hyphens=False, break_long_words=False)
    if kind == "speech":
        return f"  “{text}”"
    if kind == "notice":  # wrapped between words, like the rest (a long notice broke mid-word)
        return "\n".join(textwrap.fill(line, wide, initial_indent="! " if k == 0 else "  ",
                                        subsequent_indent="  ", break_on_hyphens=False,
                                        break_long_words=False) if line.strip() else line
                          for k, line in enumerate(text.split("\n")))
    if kind == "heading":
        return f"── {text} " + "─" * max(4, wide - len(text) - 4)
    if kind in ("info", "error"):  # wrap long lines, keeping each line's own indent
        return "\n".join(_wrap_line(line, wide) for line in text.split("\n"))
    if kind == "data":  # never wrapped, but a command too long breaks where the shell joins it
        return "\n".join(_command_lines(line, wide) if len(line) > wide and
                         line.lstrip().startswith(f"{program()} ") else line
                         for line in text.split("\n"))
    return text


def _wrap_line(line: str, wide: int) -> str:
    if len(line) <= wide:
        return line
    at = line.find(f"{program()} ")  # a command to copy goes on lines of its own
    if at > 0:
        return f"{_wrap_line(line[:at].rstrip(), wide)}\n" + _command_lines(
            f"    {line[at:]}", wide)
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.fill(line, wide, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)  # a path or a command stays whole to copy


def _command_lines(line: str, wide: int) -> str:
    """A shell command (its indent kept) on lines of at most ``wide`` columns, broken between
    its words with " \\" so that, copied whole, the shell reads it as one command (played at 80
    columns: the resume command ran past the edge and the terminal broke it where no shell
    joins it). A word longer than a line stays whole."""
    if len(line) <= wide:
        return line
    indent = line[:len(line) - len(line.lstrip())]
    rows, row = [], indent
    for word in _shell_words(line.strip()):
        if row.strip() and len(row) + 1 + len(word) + 2 > wide:
            rows.append(f"{row} \\")
            row = f"{indent}  {word}"
        else:
            row = f"{row} {word}" if row.strip() else f"{row}{word}"
    return "\n".join(rows + [row])


def _shell_words(command: str) -> list[str]:
    """The words of a command, split at spaces outside quotes (a quoted path stays one word)."""
    words, word, quote = [], "", ""
    for ch in command:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == " ":
            if word:
                words.append(word)
            word = ""
            continue
        word += ch
    return words + ([word] if word else [])


class Screen:
    """Shows output. Narration may arrive streamed (kind "stream", piece by piece, from a model)
    before the session reports it whole: then the whole text is not shown twice, unless it differs
    from what streamed (the voice abandoned its reply and another narration replaces it)."""

    def __init__(self) -> None:
        self._open = ""  # narration streaming now
        self._streamed = ""  # the last finished stream, until its narration is reported

    def __call__(self, kind: str, text: str) -> None:
        text = clean(text)  # a player's or a model's text never drives the terminal
        if kind == "stream":
            if not self._open:
                self._write("  ")
            self._write(text)
            self._open += text
            return
        if self._open:  # a stream ends when anything else is shown: end its line
            if not self._open.endswith("\n"):
                self._write("\n")
            self._streamed, self._open = self._open, ""
        if kind == "narration":
            shown, self._streamed = self._streamed, ""
            if shown and " ".join(text.split()) == " ".join(shown.split()):
                return  # already on screen: the small print of the move came in between
        self._show(kind, text)

    def _write(self, text: str) -> None:
        raise NotImplementedError

    def _show(self, kind: str, text: str) -> None:
        raise NotImplementedError


class PlainScreen(Screen):
    """Writes plain text to a stream (scripts, pipes, tests)."""

    def __init__(self, stream=None) -> None:
        super().__init__()
        self.stream = stream or sys.stdout

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()

    def _show(self, kind: str, text: str) -> None:
        self._write(plain(kind, text) + "\n")
