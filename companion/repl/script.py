"""``--script FILE|-``: the REPL's verbs read from a file or stdin, the screen printed as text."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from companion.core.clean import clean
from companion.repl.controller import Controller
from companion.repl.hints import program
from companion.repl.screen import PlainScreen


def run_script(controller: Controller, source: TextIO, screen: PlainScreen) -> int:
    controller.hint()
    for raw in iter(source.readline, ""):  # line by line as it arrives (a pipe may stay open)
        line = raw.rstrip("\n")
        if controller.done:
            break
        if line.lstrip().startswith("#"):
            continue
        screen.stream.write(f"{clean(controller.prompt())}{clean(line)}\n")  # echoed inert
        controller.handle(line)
    if not controller.done and controller.session.journal is not None:
        where = Path(controller.session.journal.path).resolve()  # works from any folder
        screen("info", f"End of the script. Resume with: {program()} resume {where}")
    return 0


def open_script(path: str) -> TextIO:
    return sys.stdin if path == "-" else open(path, encoding="utf-8")
