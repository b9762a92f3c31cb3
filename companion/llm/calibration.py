"""Which voice mode suits a model: measured by ``companion doctor``, kept per server and model.

``companion doctor --calibrate`` measures each candidate mode itself, richest first (``free``: its
own narration; ``storylet``: one sentence added to the storylet the narrator tells; ``slots``: the
move and the short checked texts it picks): the model voices every seat of the openings of more
than one game (``GAMES``) in that mode, and the replies that went to the journal as written on the
first try are counted. The rate's 95% Wilson interval is reported, and the richest mode whose
lower bound clears ``BAR`` is chosen; slots, the floor, when none does. Measured before (issue 39):
one rate of free mode on 8 decisions of one game chose storylet for SmolLM2 (6/8), a mode the
bench measures at 36% journal-ready; slots gives 100%.

The choice is stored in ``voice-modes.json`` beside the config file, keyed by server and model; a
voice whose settings name no mode uses it (``--voice-mode`` and ``voice_mode`` override it), and
the journal records the mode and where it came from. A model not measured yet writes only the
slots: the mode every model does well enough in, so a small local model played without
``companion doctor`` is not a page of talk to the reader (SmolLM2 in free mode: "The End of the
story. I don't know if it's right now but when can we continue?").
""" 
from __future__ import annotations

import json
from pathlib import Path

from companion.llm.config import Settings, config_path

MODES = ("free", "storylet", "slots")  # richest first
GAMES = ("at-any-cost", "heros-journey")  # one AI seat against a table of them
BAR = 0.75  # the lower bound of a mode's journal-ready first-try rate that chooses it
DECISIONS = 24  # per mode (23 of 24 clear the bar; 22 do not)


def wilson(ok: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``ok`` in ``n``."""
    if n <= 0:
        return 0.0, 1.0
    p = ok / n
    centre = p + z * z / (2 * n)
    half = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    scale = 1 + z * z / n
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def pick(measured: dict[str, tuple[int, int]]) -> str:
    """The richest mode whose lower bound clears the bar ({mode: (ok, asked)}); else slots."""
    for mode in MODES:
        ok, asked = measured.get(mode, (0, 0))
        if asked and wilson(ok, asked)[0] >= BAR:
            return mode
    return "slots"


def store_path() -> Path:
    return config_path().parent / "voice-modes.json"


def _key(settings: Settings) -> str:
    return f"{settings.server}|{settings.model_name or ''}"


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def chosen(settings: Settings, path: Path | None = None) -> str | None:
    """The mode ``companion doctor`` chose for this server and model, if it measured them."""
    entry = _read(path or store_path()).get(_key(settings))
    mode = entry.get("mode") if isinstance(entry, dict) else None
    return mode if mode in ("free", "storylet", "slots") else None


def remember(settings: Settings, mode: str, measured: dict[str, tuple[int, int]],
             path: Path | None = None) -> Path:
    """Keep the chosen mode, with each measured mode's first tries, decisions and interval."""
    path = path or store_path()
    data = _read(path)
    data[_key(settings)] = {"mode": mode, "measured": {
        m: {"first_try": ok, "decisions": n, "interval": [round(x, 3) for x in wilson(ok, n)]}
        for m, (ok, n) in measured.items()}}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def resolve(settings: Settings) -> tuple[str, str]:
    """(mode, where it came from): the settings' own (flag, env, file), else doctor's, else slots."""
    if settings.voice_mode:
        return settings.voice_mode, settings.sources.get("voice_mode", "flag")
    mode = chosen(settings)
    if mode:
        return mode, "doctor"
    return "slots", "default"
