"""Issue 36: after a kill -9 and `resume`, Becoming's story told later is byte-identical to an
uninterrupted run. A kill leaves the journal cut at a line boundary (test_kill_resume.py kills
real processes); here the journal is cut at the lines where the narration once went its own way
(seed 101: "The quick wits are left dulled." became "The mind quicker than most is left dulled.":
a beat told with no sentence had noted an Asset's epithet as told, and no row kept the note)."""
from __future__ import annotations

import pytest

from companion.cli import main
from companion.session import Session


def _render(path, capsys) -> str:
    capsys.readouterr()
    assert main(["journal", str(path), "--format", "md"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("seed,cuts", [("101", (93, 145, 158, 210))])
def test_a_killed_session_resumes_into_the_same_story(seed, cuts, tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    assert main(["autoplay", "becoming", "--seed", seed, "--journal", str(whole),
                 "--quiet"]) == 0
    expected = _render(whole, capsys)
    lines = whole.read_text().splitlines()
    for k in cuts:
        path = tmp_path / f"killed-{k}.jsonl"
        path.write_text("\n".join(lines[:k]) + "\n")
        session, _ = Session.resume(path)
        session.advance()
        session.close()
        assert _render(path, capsys) == expected, f"the story differs after a kill at line {k}"
