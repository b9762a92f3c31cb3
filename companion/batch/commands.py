"""The batch side of ``companion autoplay --count N --jobs J --out DIR`` (the CLI parses the
flags and builds the voice exactly as for a single autoplay; this runs the batch and reports)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.batch.manifest import BatchError
from companion.batch.progress import progress
from companion.batch.run import Batch, VoiceFactory
from companion.core.game import Game


def voice_header(voice: Any) -> dict[str, Any]:
    """What identifies who voices a batch (recorded in its manifest): the voice, model, server."""
    settings = getattr(voice, "settings", None)
    return {"voice": voice.name,
            "model": getattr(settings, "model_name", None) if settings else None,
            "server": getattr(settings, "server", None) if settings else None}


def autoplay_batch(game: Game, make_voice: VoiceFactory, options: Any, out: Path, first: int,
                   count: int, jobs: int, quiet: bool = False,
                   say: Callable[[str], None] = print, lines: list[str] | None = None,
                   veils: list[str] | None = None) -> int:
    if count < 1:
        raise BatchError("--count must be at least 1")
    if jobs < 1:
        raise BatchError("--jobs must be at least 1")
    safety = {k: v for k, v in (("lines", lines or []), ("veils", veils or [])) if v}
    batch = Batch(game, out, make_voice, options=options, jobs=jobs,
                  header={**voice_header(make_voice(game, first)), **safety})
    seeds = range(first, first + count)
    title = f"{game.title}: {count} journal(s), seeds {first}-{first + count - 1}, {jobs} at a time"
    try:
        with progress(title, quiet=quiet) as show:
            stats = batch.run(seeds, progress=show)
    except KeyboardInterrupt:
        stats = batch.stats
        say(f"Interrupted: {stats.finished} of {count} journal(s) finished in {out}; the same "
            "command plays the rest.")
        return 130
    for line in stats.errors:
        say(f"! {line}")
    say(f"{stats.finished} of {count} journal(s) in {out} ({stats.done} written now, "
        f"{stats.skipped} already there) in {stats.elapsed:.1f} s; manifest: "
        f"{out / 'manifest.jsonl'}")
    return 1 if stats.failed else 0
