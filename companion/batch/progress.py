"""How a batch shows its progress: prompt_toolkit's ProgressBar on a terminal (the bar counts
journals; the toolbar under it the moves per second, tokens and fallbacks), one plain line per
finished journal otherwise (a log, a pipe, CI)."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from companion.batch.run import Stats


@contextmanager
def progress(title: str, quiet: bool = False, stream: TextIO | None = None
             ) -> Iterator[Callable[[Stats], None]]:
    """A ``progress(stats)`` callback for ``Batch.run``, live for the ``with`` block."""
    stream = stream or sys.stdout
    if quiet:
        yield lambda stats: None
    elif stream.isatty() and sys.stdin.isatty():
        with _bar(title) as update:
            yield update
    else:
        yield _lines(title, stream)


@contextmanager
def _bar(title: str) -> Iterator[Callable[[Stats], None]]:
    from prompt_toolkit.shortcuts import ProgressBar

    last: list[Stats | None] = [None]
    with ProgressBar(title=title, bottom_toolbar=lambda: last[0].line() if last[0] else "") as bar:
        counter = None

        def update(stats: Stats) -> None:
            nonlocal counter
            last[0] = stats
            if counter is None:
                counter = bar(label="journals", total=stats.total)
            counter.items_completed = stats.finished
            bar.invalidate()

        yield update
        if counter is not None:
            counter.done = counter.items_completed >= (counter.total or 0)


def _lines(title: str, stream: TextIO) -> Callable[[Stats], None]:
    told = [-1]

    def update(stats: Stats) -> None:
        if told[0] < 0:
            print(title, file=stream, flush=True)
        if stats.finished + stats.failed != told[0]:
            told[0] = stats.finished + stats.failed
            print(stats.line(), file=stream, flush=True)

    return update
