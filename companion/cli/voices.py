"""The voice flags (``--voice``, ``--model``, ...) and the voice they choose."""
from __future__ import annotations

import argparse

from companion.cli.common import UserError


def make_voice(args, game, seed: int):
    from companion.story.voice import OfflineVoice

    choice = getattr(args, "voice", "auto")
    if choice == "offline":
        return OfflineVoice(game, seed)
    try:
        from companion.llm.config import load_settings
        from companion.llm.openai_voice import make_voice as model_voice
    except ImportError as err:
        if choice == "openai":
            raise UserError(f"the language-model voice is not available: {err}") from err
        return OfflineVoice(game, seed)
    settings = load_settings(model=getattr(args, "model", None),
                             base_url=getattr(args, "base_url", None),
                             api_key=getattr(args, "api_key", None),
                             budget_tokens=getattr(args, "budget", None),
                             voice=None if choice == "auto" else choice,
                             timeout=getattr(args, "timeout", None),
                             voice_mode=getattr(args, "voice_mode", None))
    if choice == "auto" and not getattr(settings, "enabled", False):
        return OfflineVoice(game, seed)
    return model_voice(game, seed, settings)


def add_voice_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--voice", choices=["auto", "offline", "openai"], default="auto",
                   help="who voices the AI: offline (built in), openai (any OpenAI-compatible "
                        "server), auto (openai when a model is configured; default)")
    p.add_argument("--model", help="model name (or COMPANION_MODEL)")
    p.add_argument("--base-url", help="OpenAI-compatible server URL (or OPENAI_BASE_URL)")
    p.add_argument("--api-key", help="API key (better: OPENAI_API_KEY)")
    p.add_argument("--budget", type=int, help="token budget for this session; offline after it")
    p.add_argument("--timeout", type=float,
                   help="seconds a model may take for one move, retries included")
    p.add_argument("--voice-mode", choices=["free", "storylet", "slots"],
                   help="how much the model writes: its own narration, one sentence after the "
                        "storylet, or only the move and the short texts it asks for (default: "
                        "what `companion doctor --calibrate` chose, else slots)")
