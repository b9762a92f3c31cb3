"""The example journals in transcripts/ replay under today's rules and render to their .md.

When a rule or the offline voice changes on purpose, write them again:

    for g in at-any-cost:7 high-stakes:5 dragon-warrior:11; do n=${g%%:*}; s=${g##*:};
      f=transcripts/example-$n-seed$s; rm -f $f.jsonl
      companion autoplay $n --seed $s --journal $f.jsonl --quiet
      companion journal $f.jsonl --format md > $f.md; done
    f=transcripts/example-dragon-warrior-dungeon-seed11; rm -f $f.jsonl
    companion autoplay dragon-warrior --seed 11 --until dungeon --journal $f.jsonl --quiet
    companion journal $f.jsonl --format md > $f.md
"""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.journal.render import render_markdown

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "transcripts").glob("example-*.jsonl"))


@pytest.mark.parametrize("journal", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_an_example_journal_renders_to_its_markdown(journal):
    stored = journal.with_suffix(".md").read_text(encoding="utf-8")
    assert render_markdown(journal, None) == stored, (
        f"{journal.name} no longer renders to its .md: write the examples again (see this file)")


def test_there_are_examples():
    assert len(EXAMPLES) >= 3
