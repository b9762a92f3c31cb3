"""Text that looks like a credential never reaches the journal or the screen.

A model's reply is data from outside: a model that saw a key (in its training data, in a prompt an
operator wrote) may write one back. The checks refuse a story text that holds one (kind
``secret``), and every ledger row's strings are passed through :func:`redact` before the session
journals them (a row quotes the reply it judged).

Decisions: the shapes are the common API-key forms (OpenAI's ``sk-``, including ``sk-proj-``,
Anthropic's ``sk-ant-``, GitHub's ``ghp_``/``github_pat_``, Slack's ``xox?-``, AWS access key ids,
Google's ``AIza``, a ``Bearer`` token); a match needs a long run of key characters after its
prefix, so story words ("sk-ill", "desk-lamp") are left alone.
"""
from __future__ import annotations

import re
from typing import Any

SECRET = re.compile(
    r"(?<![A-Za-z0-9])(?:sk-(?:proj-|ant-)?[A-Za-z0-9_\-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}"
    r"|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16}"
    r"|AIza[0-9A-Za-z_\-]{30,}|[Bb]earer\s+[A-Za-z0-9._\-]{20,})")
MARK = "[redacted]"


def has_secret(text: str) -> bool:
    return SECRET.search(text) is not None


def redact(value: Any) -> Any:
    """``value`` with every credential-shaped run replaced by ``[redacted]`` (strings inside
    dicts and lists too)."""
    if isinstance(value, str):
        return SECRET.sub(MARK, value)
    if isinstance(value, dict):
        return {k: redact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v) for v in value]
    return value
