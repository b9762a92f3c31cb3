"""Reading what a player typed: the command-line error and matching names against legal choices.

As python-chess's parse_san: no match, several matches and a malformed entry are three different
errors, each showing the input and the choices. Games' ``commands`` modules use these, so they live
in the kernel rather than in the REPL above it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence


class CommandError(Exception):
    """Input that is not in the expected form; ``expected`` shows the form or the choices."""

    def __init__(self, message: str, expected: str | Sequence[str] = "", kept: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected if isinstance(expected, str) else ", ".join(expected)
        self.kept = kept  # words kept for the next line: a verb typed alone takes them

    def __str__(self) -> str:
        return f"{self.message}" + (f" (expected: {self.expected})" if self.expected else "")


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def is_number(word: str) -> bool:
    """A number as a player types one: ASCII digits only (not ``-3``, ``+1``, ``²`` or ``٣``)."""
    return re.fullmatch(r"[0-9]+", word) is not None


_SIGNED = re.compile(r"(?:^|[\s,])([+-]+[0-9]+)")


def no_signed_numbers(text: str, what: str) -> None:
    """``play -3`` is not card 3: a number is digits only, and a sign is refused, not dropped."""
    m = _SIGNED.search(text)
    if m:
        raise CommandError(f"{m[1]!r} is not {_a(what)} number: numbers are digits only",
                           "1, 2, 3 ...")


def _a(what: str) -> str:
    """``what`` with its indefinite article by its first letter ("an item on sale", "a card")."""
    return f"{'an' if what[:1].lower() in 'aeio' else 'a'} {what}"


def match_one(text: str, choices: Mapping[str, str], what: str) -> str:
    """The id whose name ``text`` names (whole name, id, or a unique prefix of either)."""
    no_signed_numbers(text, what)
    key = norm(text)
    if not key:
        raise CommandError(f"name {_a(what)}", sorted(choices))
    exact = [i for n, i in choices.items()
             if key in (norm(n), norm(i)) or _bare(key) == _bare(norm(n))]
    if exact:
        return exact[0]
    typed = key.split()
    starts = sorted({i for n, i in choices.items() if norm(n).startswith(key)
                     or any(w.startswith(key) for w in norm(n).split())
                     or _words_begin(norm(n).split(), typed)})
    if len(starts) == 1:
        return starts[0]
    names = {i: n for n, i in choices.items()}
    if not starts:
        raise CommandError(f"no {what} called {text.strip()!r}", sorted(set(names.values())))
    raise CommandError(f"{text.strip()!r} could be several: "
                       f"{', '.join(sorted(names[i] for i in starts))}; say which",
                       sorted(names[i] for i in starts))


_ARTICLES = ("a", "an", "the")


def _bare(name: str) -> str:
    """A name without its leading article: 'friendly local' names "A friendly local"."""
    words = name.split()
    return " ".join(words[1:] if len(words) > 1 and words[0] in _ARTICLES else words)


def _words_begin(name: list[str], typed: list[str]) -> bool:
    """Consecutive words of ``name`` begin with the typed words ('friendly loc', 'old fr')."""
    return len(typed) > 1 and any(
        all(name[k + m].startswith(t) for m, t in enumerate(typed))
        for k in range(len(name) - len(typed) + 1))


def match_many(text: str, choices: Mapping[str, str], what: str,
               numbered: list[str] | None = None) -> list[str]:
    """Several names: comma-separated, or space-separated whole names/numbers, greedily."""
    text = text.strip()
    no_signed_numbers(text, what)
    if not norm(text):  # nothing named: "", ",", "éé" (no letter or digit a name is made of)
        raise CommandError(f"name at least one {what}", sorted(choices))
    if "," in text:
        return [_entry(part, choices, what, numbered) for part in text.split(",") if part.strip()]
    words = norm(text).split()
    if numbered and all(w.isdigit() for w in words):
        return [_number(w, numbered, what) for w in words]
    out: list[str] = []
    i = 0
    by_norm = sorted(((norm(n).split(), ident) for n, ident in choices.items()),
                     key=lambda x: -len(x[0]))
    while i < len(words):
        for name_words, ident in by_norm:  # the longest whole name first
            if words[i:i + len(name_words)] == name_words:
                out.append(ident)
                i += len(name_words)
                break
        else:
            try:
                ident, i = _beginnings(words, i, choices, what)
            except CommandError as err:
                if out or "could be several" in err.message:
                    raise
                # nothing typed is a name: say the whole of it ("no Asset called 'Silver
                # Tongue'", not 'silver')
                raise CommandError(f"no {what} called {text!r}", err.expected) from None
            out.append(ident)
    return out


def _beginnings(words: list[str], i: int, choices: Mapping[str, str],
                what: str) -> tuple[str, int]:
    """The one name whose consecutive words begin with the typed words from ``i`` on (``a sch``:
    A scholar), taking as many typed words as still name exactly one; returns (id, next i)."""
    names = [(norm(n).split(), ident) for n, ident in choices.items()]
    for j in range(len(words), i + 1, -1):
        typed = words[i:j]
        found = {ident for name, ident in names
                 if any(all(name[k + m].startswith(t) for m, t in enumerate(typed))
                        for k in range(len(name) - len(typed) + 1))}
        if len(found) == 1:
            return found.pop(), j
    return match_one(words[i], choices, what), i + 1


def _entry(part: str, choices: Mapping[str, str], what: str, numbered: list[str] | None) -> str:
    if numbered and part.strip().isdigit():
        return _number(part.strip(), numbered, what)
    return match_one(part, choices, what)


def _number(word: str, numbered: list[str], what: str) -> str:
    k = int(word)
    if not 1 <= k <= len(numbered):
        raise CommandError(f"there is no {what} number {k}", f"1 to {len(numbered)}")
    return numbered[k - 1]


def wrap_fields(fields: list[str], width: int, sep: str = " · ") -> str:
    """Fields joined by ``sep`` into lines of at most ``width`` columns, broken only between
    fields (a field longer than a line has a line of its own)."""
    lines: list[str] = []
    line = ""
    for field in fields:
        if line and len(line) + len(sep) + len(field) > width:
            lines.append(line)
            line = " " + field
        else:
            line = f"{line}{sep}{field}" if line else f" {field}"
    lines.append(line)
    return "\n".join(lines)
