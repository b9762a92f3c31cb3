"""Errors of the command line itself (as opposed to RuleError, which is the game's refusal)."""
from __future__ import annotations

from collections.abc import Sequence


class CommandError(Exception):
    """Input that is not in the expected form; ``expected`` shows the form or the choices."""

    def __init__(self, message: str, expected: str | Sequence[str] = "") -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected if isinstance(expected, str) else ", ".join(expected)

    def __str__(self) -> str:
        return f"{self.message}" + (f" (expected: {self.expected})" if self.expected else "")
