"""Settings: flags > environment > config file > offline; the key is never shown."""
from __future__ import annotations

import pytest

from companion.llm.config import ConfigError, Settings, load_settings


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[llm]\nmodel = "file-model"\nbase_url = "http://file:1/v1"\n'
                    'api_key = "file-key"\nbudget_tokens = 900\ntimeout = 12\n')
    return path


def test_nothing_configured_is_offline(tmp_path):
    s = load_settings(env={}, path=tmp_path / "none.toml")
    assert s.voice == "offline" and not s.configured and not s.enabled


def test_file_then_env_then_flags(config):
    s = load_settings(env={}, path=config)
    assert (s.model, s.base_url, s.budget_tokens, s.timeout) == ("file-model", "http://file:1/v1",
                                                                 900, 12.0)
    env = {"COMPANION_MODEL": "env-model", "OPENAI_BASE_URL": "http://env:2/v1",
           "OPENAI_API_KEY": "env-key"}
    s = load_settings(env=env, path=config)
    assert (s.model, s.base_url, s.api_key) == ("env-model", "http://env:2/v1", "env-key")
    assert s.sources["model"] == "env" and s.sources["budget_tokens"] == "file"
    s = load_settings(model="flag-model", budget_tokens=5, env=env, path=config)
    assert s.model == "flag-model" and s.budget_tokens == 5 and s.sources["model"] == "flag"
    assert s.voice == "openai"


def test_offline_flag_wins_and_key_alone_is_not_enough(tmp_path, config):
    assert load_settings(voice="offline", env={}, path=config).voice == "offline"
    s = load_settings(env={"OPENAI_API_KEY": "k"}, path=tmp_path / "none.toml")
    assert s.voice == "offline"
    s = load_settings(voice="openai", env={"OPENAI_API_KEY": "k"}, path=tmp_path / "none.toml")
    assert s.voice == "openai" and s.model_name == "gpt-4o-mini"


def test_key_is_hidden_and_server_has_no_credentials():
    s = Settings(voice="openai", model="m", base_url="http://user:pw@127.0.0.1:8080/v1",
                 api_key="sk-123456789")
    assert "sk-123456789" not in repr(s)
    assert s.server == "127.0.0.1:8080"


def test_bad_values_are_reported(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[llm]\nbudget_tokens = "lots"\n')
    with pytest.raises(ConfigError, match="budget_tokens must be a number"):
        load_settings(env={}, path=path)
    path.write_text("[llm\n")
    with pytest.raises(ConfigError, match="cannot read"):
        load_settings(env={}, path=path)
