"""The interactive REPL: one builder for the prompt session (pgcli's shape), with history in a
file, completion of the verbs and of exactly the legal choices, and a bottom toolbar that always
answers: where am I, what can I play, who is ahead, what is at stake.

Ctrl-C clears the line; Ctrl-D (or ``quit``) saves and leaves with the resume command printed.
"""
from __future__ import annotations

import os
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.shortcuts import print_formatted_text
from prompt_toolkit.styles import Style

from companion.repl.controller import Controller
from companion.repl.ending import wait_to_leave
from companion.repl.screen import STYLE, Screen, plain


_LEAVING = "The story is over and saved. Enter (or quit) leaves."


def history_path() -> Path:
    base = os.environ.get("COMPANION_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "companion")
    return Path(base) / "history"


class LegalCompleter(Completer):
    """First word: the verbs. After a verb: that verb's legal, visible choices."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        answering = self.controller.text_action() is not None or self.controller.offered()
        if answering and not text.startswith("/"):
            return
        text = text.lstrip("/")
        if " " not in text:
            for verb in self.controller.verbs():
                if verb.startswith(text.lower()):
                    yield Completion(verb, start_position=-len(text))
            return
        verb, _, rest = text.partition(" ")
        current = rest.split(",")[-1].lstrip()
        for choice in self.controller.completions(verb.lower()):
            if choice.lower().startswith(current.lower()):
                yield Completion(choice, start_position=-len(current))


class TerminalScreen(Screen):
    """Styled output above the prompt."""

    def __init__(self) -> None:
        super().__init__()
        self.style = Style.from_dict({k: v for k, v in STYLE.items() if v} |
                                     {"bottom-toolbar": "reverse"})

    def _write(self, text: str) -> None:
        print(text, end="", flush=True)

    def _show(self, kind: str, text: str) -> None:
        cls = kind if STYLE.get(kind) else ""
        print_formatted_text(FormattedText([(f"class:{cls}" if cls else "", plain(kind, text))]),
                             style=self.style)


def build_prompt(controller: Controller, history: Path | None) -> PromptSession:
    bindings = KeyBindings()

    @bindings.add("f1")
    def _help(event) -> None:
        event.app.current_buffer.text = "help"
        event.app.current_buffer.validate_and_handle()

    if history is not None:
        history.parent.mkdir(parents=True, exist_ok=True)
    return PromptSession(
        history=FileHistory(str(history)) if history else InMemoryHistory(),
        completer=LegalCompleter(controller),
        complete_while_typing=False,
        bottom_toolbar=lambda: controller.toolbar(),
        key_bindings=bindings,
    )


def run_interactive(controller: Controller, screen: TerminalScreen,
                    history: Path | None = None) -> int:
    prompt = build_prompt(controller, history if history is not None else history_path())
    controller.linger = lambda: wait_to_leave(  # after the goodbye: the ending stays readable
        controller.session, controller.out,
        lambda text: prompt.prompt(text, style=screen.style, bottom_toolbar=_LEAVING))
    controller.hint()
    while not controller.done:
        try:
            line = prompt.prompt(controller.prompt(), style=screen.style)
        except KeyboardInterrupt:
            continue  # Ctrl-C abandons the line
        except EOFError:
            controller.handle("/quit")
            break
        controller.handle(line)
    return 0
