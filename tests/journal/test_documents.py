"""Journals as documents: Markdown with front matter, a real HTML page (markdown-it-py, a table,
the SVG map), terminal text, --reveal, and a real browser's rendering of the page."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from companion.games.at_any_cost import GAME
from companion.journal.render import render_html, render_markdown, render_text
from companion.session import AI, HUMAN, Session
from companion.story.voice import OfflineVoice


def autoplay(path, seed=2):
    s = Session.start(GAME, seed, {"protagonist": AI, "antagonist": AI},
                      OfflineVoice(GAME, seed), path)
    s.advance()
    s.say("protagonist", "We go on > we turn back")
    s.close()
    return path


def test_markdown_has_front_matter_and_no_raw_html_but_small_print(tmp_path):
    md = render_markdown(autoplay(tmp_path / "a.jsonl"))
    head, _, body = md.partition("\n---\n")
    assert head.startswith("---\ngame: \"At Any Cost\"\nseed: 2\nhero: ")
    assert '"outcome": ' not in head and "outcome: \"" in head
    tags = set(__import__("re").findall(r"</?([a-z]+)", body))
    assert tags <= {"sub"}, tags
    assert body.count("\n# ") == 1 and ": " in body.split("\n# ")[1].split("\n")[0]
    assert body.split("\n# ")[1].split("\n")[0].count(":") == 1  # no double colon in the title


def test_the_html_page_is_a_document(tmp_path):
    page = render_html(autoplay(tmp_path / "a.jsonl"))
    assert page.startswith("<!doctype html>") and "<style>" in page and "</html>" in page
    assert "**" not in page and "<table>" in page and "<th>Anchor</th>" in page
    assert "<svg" in page and "Stage 5" in page and "lost here" in page
    assert "<blockquote>" in page and "&gt; we turn back" in page  # a quote is a quote
    assert "<p>&gt;" not in page and "<h2>Stage 1 · " in page
    assert render_html(tmp_path / "a.jsonl") == page  # the same journal, the same bytes


def test_reveal_shows_face_down_places_and_hands_of_an_unfinished_game(tmp_path):
    s = Session.start(GAME, 3, {"protagonist": HUMAN, "antagonist": AI},
                      OfflineVoice(GAME, 3), tmp_path / "u.jsonl")
    s.advance()
    s.close()
    plain = render_markdown(tmp_path / "u.jsonl", viewer="protagonist")
    shown = render_markdown(tmp_path / "u.jsonl", reveal=True)
    assert "Face down" not in plain
    assert "Face down" in shown and "Hidden at the table" in shown
    names = [GAME.data.location(x).name for x in s.state.map[1:4]]
    assert all(n in shown for n in names) and not any(f"stage 2: {names[0]}" in plain for _ in [0])


def test_terminal_text_has_no_markdown(tmp_path):
    blocks = render_text(autoplay(tmp_path / "a.jsonl"))
    text = "\n".join(t for _, t in blocks)
    assert "**" not in text and "<sub>" not in text and "|---" not in text
    assert {k for k, _ in blocks} <= {"heading", "narration", "mechanics", "info"}


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or \
        shutil.which("google-chrome")


@pytest.mark.browser
@pytest.mark.skipif(_chromium() is None, reason="no Chromium here: apt-get install chromium "
                                                "(Debian) to render the page in a real browser")
def test_a_real_browser_renders_the_page(tmp_path):
    """Headless Chromium draws the page to a PNG (kept in the test's folder to look at)."""
    page = tmp_path / "story.html"
    page.write_text(render_html(autoplay(tmp_path / "a.jsonl")), encoding="utf-8")
    png = tmp_path / "story.png"
    subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", f"--screenshot={png}", "--window-size=900,2400",
                    page.as_uri()], check=True, capture_output=True, timeout=120)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    import struct

    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (900, 2400)


def test_a_model_voiced_session_s_journal_renders(tmp_path):
    """A model's ledger rows name the seat they were for but hold no text of its own: the
    journal of a session the model voiced renders like any (it stopped on a KeyError)."""
    import json

    path = autoplay(tmp_path / "m.jsonl")
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"type": "llm", "n": 3, "seat": "antagonist", "step": 3,
                             "event": "call", "outcome": "ok", "latency_ms": 900}) + "\n")
    assert render_markdown(path).startswith("---\ngame: \"At Any Cost\"")
