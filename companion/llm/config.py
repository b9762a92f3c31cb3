"""Where the model settings come from: flags > environment > config file > offline.

The environment is ``OPENAI_API_KEY``, ``OPENAI_BASE_URL``, ``COMPANION_MODEL`` (and
``COMPANION_BUDGET_TOKENS``, ``COMPANION_TIMEOUT``, ``COMPANION_VOICE_MODE``); the file is
``~/.config/companion/config.toml`` (``$XDG_CONFIG_HOME`` honoured, ``$COMPANION_CONFIG``
overrides the path) with an ``[llm]`` table::

    [llm]
    model = "smollm2"
    base_url = "http://127.0.0.1:8080/v1"
    api_key = "..."          # or leave it to OPENAI_API_KEY
    budget_tokens = 50000    # optional: per session, then the offline voice takes over
    timeout = 60             # optional: seconds, the total bound for one model call with retries
    voice_mode = "storylet"  # optional: free | storylet | slots (else what doctor chose)

Decisions: reading settings never touches the network and never imports ``openai``; a model is
configured when a model name or a base URL is set (an API key alone is not enough: it would send a
player who merely has the variable set to a paid API); the key is never printed (``repr`` hides it)
and never journaled. Each value remembers where it came from, for ``companion doctor``.
"""
from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VOICE_MODES = ("free", "storylet", "slots")  # how much the model writes (see schema)
OPENAI_DEFAULT_MODEL = "gpt-4o-mini"  # only when talking to OpenAI itself with no model named


class ConfigError(ValueError):
    """The config file cannot be read or holds a value of the wrong type."""


@dataclass(frozen=True)
class Settings:
    """Resolved model settings. ``voice`` is "openai" when a model is configured, else "offline"."""

    voice: str = "offline"
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    budget_tokens: int | None = None
    timeout: float = 60.0  # total seconds for one call, transport retries included
    temperature: float = 0.8
    max_tokens: int = 600  # generous: a cut-off reply is a broken JSON object
    voice_mode: str | None = None  # free | storylet | slots (schema.VOICE_MODES); None: doctor's
    sources: Mapping[str, str] = field(default_factory=dict)  # value name -> flag|env|file|default

    @property
    def configured(self) -> bool:
        return self.voice == "openai"

    enabled = configured  # the CLI's name for it

    @property
    def server(self) -> str:
        """The server as shown and journaled: scheme, host and port, no credentials or path."""
        from urllib.parse import urlsplit

        if not self.base_url:
            return "api.openai.com"
        parts = urlsplit(self.base_url)
        host = parts.hostname or parts.path
        return f"{host}:{parts.port}" if parts.port else host

    @property
    def model_name(self) -> str | None:
        """The model to ask for: the configured one, or OpenAI's default when talking to OpenAI."""
        if self.model:
            return self.model
        return OPENAI_DEFAULT_MODEL if not self.base_url else None


def config_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("COMPANION_CONFIG"):
        return Path(env["COMPANION_CONFIG"]).expanduser()
    base = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else Path.home() / ".config"
    return base / "companion" / "config.toml"


def _read_toml(path: Path) -> dict[str, Any]:
    """The whole config file ({} when there is none); a file that is not TOML (or not UTF-8
    text) is one ConfigError naming the file and where it goes wrong."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError as err:
        raise ConfigError(f"cannot read the config file {path}: it is not UTF-8 text (byte "
                          f"{err.start}); save it as UTF-8") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"cannot read the config file {path}: not valid TOML: {err}") from None
    except OSError as err:
        raise ConfigError(f"cannot read the config file {path}: {err.strerror or err}") from None


def _read_file(path: Path) -> dict[str, Any]:
    table = _read_toml(path).get("llm", {})
    if not isinstance(table, dict):
        raise ConfigError(f"the config file {path}: llm must be a table ([llm])")
    return table


def read_safety(env: Mapping[str, str] | None = None, path: Path | None = None
                ) -> tuple[list[str], list[str]]:
    """The table's standing lines and veils from the config file's ``[safety]`` table::

        [safety]
        lines = ["harm to children", "spiders"]
        veils = ["drowning"]

    (a comma-separated string is read too). A value of the wrong kind names the file and key."""
    path = path or config_path(os.environ if env is None else env)
    table = _read_toml(path).get("safety", {})
    if not isinstance(table, dict):
        raise ConfigError(f"the config file {path}: safety must be a table ([safety])")
    out: list[list[str]] = []
    for key in ("lines", "veils"):
        value = table.get(key, [])
        if isinstance(value, str):
            value = value.split(",")
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise ConfigError(f"the config file {path}: [safety] {key} must be a list of "
                              f"topics, e.g. {key} = [\"spiders\", \"drowning\"], not {value!r}")
        out.append([x.strip() for x in value if x.strip()])
    return out[0], out[1]


def _number(value: Any, name: str, kind: type, where: str = "") -> Any:
    if value is None or value == "":
        return None
    try:
        return kind(value)
    except (TypeError, ValueError) as err:
        raise ConfigError(f"{where}{name} must be a number, not {value!r}") from err


def load_settings(
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    budget_tokens: int | None = None,
    *,
    voice: str | None = None,
    timeout: float | None = None,
    voice_mode: str | None = None,
    env: Mapping[str, str] | None = None,
    path: Path | None = None,
) -> Settings:
    """Resolve the settings. Flags (the arguments) win over the environment, which wins over the file.

    ``voice="offline"`` forces the offline voice whatever is configured; ``voice="openai"`` asks for
    the model voice (``make_voice`` still falls back to offline, with a reason, if no model is set).
    """
    env = os.environ if env is None else env
    path = path or config_path(env)
    file = _read_file(path)
    layers: list[tuple[str, Mapping[str, Any]]] = [
        ("flag", {
            "model": model, "base_url": base_url, "api_key": api_key,
            "budget_tokens": budget_tokens, "timeout": timeout, "voice_mode": voice_mode,
        }),
        ("env", {
            "model": env.get("COMPANION_MODEL"), "base_url": env.get("OPENAI_BASE_URL"),
            "api_key": env.get("OPENAI_API_KEY"), "budget_tokens": env.get("COMPANION_BUDGET_TOKENS"),
            "timeout": env.get("COMPANION_TIMEOUT"),
            "voice_mode": env.get("COMPANION_VOICE_MODE"),
        }),
        ("file", file),
    ]
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name in ("model", "base_url", "api_key", "budget_tokens", "timeout", "temperature",
                 "max_tokens", "voice_mode"):
        for source, layer in layers:
            value = layer.get(name)
            if value not in (None, ""):
                values[name] = value
                sources[name] = source
                break
    def where(name: str) -> str:  # where a bad value was set: the file and its table, the env
        return {"file": f"the config file {path}: [llm] ",
                "env": "the environment: "}.get(sources.get(name, ""), "")

    for name, kind in (("budget_tokens", int), ("timeout", float), ("temperature", float),
                       ("max_tokens", int)):
        if name in values:
            values[name] = _number(values[name], name, kind, where(name))
    for name in ("model", "base_url", "api_key", "voice_mode"):
        if name in values and not isinstance(values[name], str):
            raise ConfigError(f"{where(name)}{name} must be a string, not {values[name]!r}")
    if values.get("voice_mode") not in (None, *VOICE_MODES):
        raise ConfigError(f"{where('voice_mode')}voice_mode must be one of "
                          f"{', '.join(VOICE_MODES)}, not {values['voice_mode']!r}")

    configured = bool(values.get("model") or values.get("base_url"))
    if voice == "offline" or (voice is None and not configured):
        chosen = "offline"
    else:
        chosen = "openai"
    sources["voice"] = "flag" if voice else ("derived" if configured else "default")
    return Settings(voice=chosen, sources=sources, **values)
