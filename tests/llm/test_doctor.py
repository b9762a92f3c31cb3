"""``companion doctor``: the report against a working server, a refusing one and a dead port."""
from __future__ import annotations

import io

from companion.llm.config import Settings
from companion.llm.doctor import main


def run(settings: Settings) -> tuple[int, str]:
    out = io.StringIO()
    return main(settings, out), out.getvalue()


def test_offline_settings_explain_how_to_configure():
    code, text = run(Settings())
    assert code == 0 and "offline" in text and "--base-url" in text


def test_a_llama_cpp_python_like_server(stub):
    stub.status(500, "1 validation error: {'type': 'literal_error', 'msg': \"Input should be "
                     "'text' or 'json_object'\", 'input': 'json_schema'}")
    stub.reply('{"ok": true, "word": "hi"}').reply('{"ok": true}').reply("Well met, traveller.")
    settings = Settings(voice="openai", model="stub-model", base_url=stub.base_url,
                        api_key="sk-do-not-print-me", sources={"model": "flag"})
    code, text = run(settings)
    assert code == 0, text
    assert "models: stub-model" in text
    assert "JSON-schema replies (response_format json_schema): no" in text
    assert "Input should be 'text' or 'json_object'" in text
    assert "JSON mode with the server's schema field (grammar): yes" in text
    assert "streaming: yes" in text and "Well met, traveller." in text
    assert "The voice will ask for: JSON mode with the server's schema field" in text
    assert "sk-do-not-print-me" not in text and "api key:     set" in text


def test_dead_port_is_a_clear_report():
    settings = Settings(voice="openai", model="m", base_url="http://127.0.0.1:9/v1", timeout=1.0)
    code, text = run(settings)
    assert code == 1
    assert "Cannot reach http://127.0.0.1:9/v1: connection failed" in text
    assert "offline voice" in text and "Traceback" not in text


def test_a_base_url_without_v1_gets_a_hint(stub):
    settings = Settings(voice="openai", model="m", base_url=stub.base_url.removesuffix("/v1"),
                        timeout=1.0)
    code, text = run(settings)
    assert code == 1 and "end in /v1" in text
