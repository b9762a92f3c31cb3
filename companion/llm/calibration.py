"""Which voice mode suits a model: measured by ``companion doctor``, kept per server and model.

``companion doctor --calibrate`` plays the opening of an At Any Cost game with the model voicing
every seat in ``free`` mode for a few decisions and counts the replies whose every word passed the
checks on the first try (the story first-try rate). The rate picks how much the model writes:

* ``free`` (its own narration) at ``FREE`` or better;
* ``storylet`` (one sentence added to the storylet the narrator tells) at ``STORYLET`` or better;
* ``slots`` (the move and the short checked texts it asks for) below that.

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

FREE = 0.8
STORYLET = 0.5


def pick(rate: float) -> str:
    return "free" if rate >= FREE else "storylet" if rate >= STORYLET else "slots"


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


def remember(settings: Settings, mode: str, rate: float, decisions: int,
             path: Path | None = None) -> Path:
    path = path or store_path()
    data = _read(path)
    data[_key(settings)] = {"mode": mode, "first_try": round(rate, 3), "decisions": decisions}
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
