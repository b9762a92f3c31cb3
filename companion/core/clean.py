"""Text from a player or a model is data: the control characters and terminal escape sequences it
may carry are removed before it is stored or shown.

One place for the rule, below everything that reads or writes text: the REPL controller cleans
every typed line (``--script`` too) before a word of it is stored, the screens and ``companion
journal`` clean what they print, and the journal renderer cleans what it writes. Newlines and tabs
stay; everything else in Unicode's control category goes (C0, DEL, C1), with the escape sequences
they open (CSI ``ESC [ ... m``, OSC ``ESC ] ... BEL`` that retitles a terminal, ...) and the
bidirectional overrides that make a line read differently from what it holds.
"""
from __future__ import annotations

import re

_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"              # CSI: colours, cursor moves, clear screen
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC: window title, hyperlinks
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"      # DCS, SOS, PM, APC strings
    r"|\x1b[ -/]*[0-~]?"                    # any other escape (and a lone ESC)
    r"|\x9b[0-?]*[ -/]*[@-~]"               # 8-bit CSI
    r"|\x9d[^\x07\x9c]*(?:\x07|\x9c)?")     # 8-bit OSC
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """``text`` without control characters and escape sequences (newlines and tabs kept)."""
    if text.isprintable():  # the common case: nothing to do
        return text
    return _CONTROLS.sub("", _SEQUENCES.sub("", text))


def clean_line(line: str) -> tuple[str, bool]:
    """A typed line, cleaned; and whether anything was removed (a line ending ``\\r\\n`` from a
    script written on Windows counts as clean)."""
    line = line.rstrip("\r\n")
    out = clean(line).replace("\n", " ")
    return out, out != line


NOTE = "control characters and terminal escapes were removed from what you typed"
