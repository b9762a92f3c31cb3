"""Per decision of ``bench/llm_live.py``: what it read afresh, what it waited behind, what it cost,
and, per game, the slowest tenth with what caused them.

A request is a call (the AI's move asked) or a reading ahead (the server reads the conversation
while a human thinks). Both go to one server with one prompt cache, in the order sent (a call
waits for the reading ahead in flight: ``ReadAhead.settle``), so what a request reads afresh is
what follows the longest start it shares with the request before it.

Per decision (JSON ``per_decision``): game, seed, index (the seed's n-th timed decision), seat,
move kind, ``asked`` (a call was made; slots mode asks none for a lone move whose words are
picked), ``reasked`` (more than one call), ``restart`` (the conversation started again),
``tokens_afresh`` and ``prompt_tokens`` (its calls summed), ``ahead_wait_s`` (the time the decision
spent while a reading ahead held the server, before its first call), ``call_s`` (its calls, start
to last byte), ``first_narration_s``, ``afresh_keys`` (the first lines of what its calls read
afresh: which keys changed) and ``ahead_tokens`` (what the reading ahead it waited behind read).
In ``--prompts-only`` the times are modelled (``modelled``), not measured.
"""
from __future__ import annotations

import math
import os
import threading
import time
from typing import Any

Messages = list[dict[str, str]]
KEYS_SHOWN = 6  # lines of what a call read afresh, named in the slowest tenth's causes


def flat(messages: Messages) -> str:
    return "".join(f"\n<{m['role']}>\n{m['content']}" for m in messages)


def afresh(before: str, text: str) -> str:
    """What of ``text`` follows the longest start it shares with ``before``."""
    return text[len(os.path.commonprefix([before, text])):]


def heads(text: str) -> list[str]:
    """The key lines of a text read afresh: each line not an item ("- ") of a list, cut short."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("- ") and not line.startswith("<"):
            out.append(line[:48])
    return out[:KEYS_SHOWN]


class Wire:
    """The voice's client, wrapped: every request (``call`` or ``ahead``) in the order sent, with
    its messages and its start and end (``time.monotonic``). Anything else is the client's."""

    def __init__(self, client: Any) -> None:
        object.__setattr__(self, "inner", client)
        object.__setattr__(self, "sent", [])
        object.__setattr__(self, "lock", threading.Lock())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.inner, name, value)  # max_attempts, as the voice sets it for a probe

    def _record(self, kind: str, messages: Messages) -> dict[str, Any]:
        row = {"kind": kind, "messages": messages, "start": time.monotonic(), "end": None}
        with self.lock:
            self.sent.append(row)
        return row

    def complete(self, messages: Messages, **kw: Any) -> Any:
        row = self._record("call", messages)
        try:
            return self.inner.complete(messages, **kw)
        finally:
            row["end"] = time.monotonic()

    def prefill(self, messages: Messages) -> Any:
        row = self._record("ahead", messages)
        try:
            return self.inner.prefill(messages)
        finally:
            row["end"] = time.monotonic()


def count_fresh(sent: list[dict[str, Any]], tokens) -> None:
    """Each request's ``fresh`` (tokens read afresh; a call +4 for the reply's opening turn),
    ``total`` (its prompt's tokens) and ``keys`` (the key lines of what it read afresh), in
    place; ``tokens`` counts a text's tokens (the server's own tokenizer)."""
    before = ""
    for row in sent:
        text = flat(row["messages"])
        new = afresh(before, text)
        extra = 4 if row["kind"] == "call" else 0
        row["fresh"] = (tokens(new) if new else 0) + extra
        row["total"] = sum(tokens(m["content"]) + 4 for m in row["messages"])
        row["keys"] = heads(new)
        before = text


def modelled(sent: list[dict[str, Any]], tokens, rate_ms: float, think: float,
             reply_s: float) -> None:
    """``--prompts-only``: each request's modelled ``start`` and ``end`` on a one-context server
    (seconds; ``rate_ms`` a token at a 1,400-token context, scaled by context as measured for
    SmolLM2 in the README), the player thinking ``think`` seconds after each reading ahead is
    asked; a call's decision ``asked`` at the end of what came before it. In place."""
    now = free = 0.0
    for row in sent:
        rate = rate_ms / 1000 * (0.66 + 0.000243 * tokens(flat(row["messages"])))
        start = max(now, free)
        if row["kind"] == "ahead":
            row["start"], row["end"] = start, start + (row["fresh"]) * rate
            free, now = row["end"], now + think
        else:
            row["asked"] = now
            row["start"], row["end"] = start, start + row["fresh"] * rate + reply_s
            free = now = row["end"]


def decision_rows(game: str, seed: int, decisions: list[dict[str, Any]],
                  sent: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per timed (unforced) decision; a decision's requests are ``sent[d["wire"][0]:
    d["wire"][1]]`` (``Timed`` records the span)."""
    out = []
    aheads = [r for r in sent if r["kind"] == "ahead"]
    for index, d in enumerate((d for d in decisions if not d["forced"]), 1):
        lo, hi = d.get("wire", (0, 0))
        calls = [r for r in sent[lo:hi] if r["kind"] == "call"]
        asked_at = d.get("asked_at", d["started"])
        until = calls[0]["start"] if calls else asked_at
        wait, behind = 0.0, []
        for r in aheads:  # a reading ahead holding the server while this decision waited
            end = r["end"] if r["end"] is not None else until
            overlap = min(end, until) - max(r["start"], asked_at)
            if overlap > 0:
                wait += overlap
                behind.append(r.get("fresh", 0))
        first = d.get("first_text")
        out.append({
            "game": game, "seed": seed, "index": index, "seat": d["seat"], "kind": d["kind"],
            "asked": bool(calls), "reasked": len(calls) > 1, "restart": bool(d.get("restart")),
            "tokens_afresh": sum(r.get("fresh", 0) for r in calls),
            "prompt_tokens": sum(r.get("total", 0) for r in calls),
            "ahead_wait_s": round(wait, 3), "ahead_tokens": sum(behind),
            "call_s": round(sum((r["end"] or r["start"]) - r["start"] for r in calls), 3),
            "first_narration_s": None if first is None else round(first, 3),
            "afresh_keys": [k for r in calls for k in r.get("keys", [])][:KEYS_SHOWN]})
    return out


def cause(row: dict[str, Any]) -> str:
    """What made a decision slow, in words."""
    if not row["asked"]:
        return "asked nothing"
    parts = []
    if row["ahead_wait_s"] > 0.05:
        parts.append(f"waited {row['ahead_wait_s']:.2f} s behind a reading ahead "
                     f"({row['ahead_tokens']} tokens)")
    if row["restart"]:
        parts.append("the conversation started again")
    if row["reasked"]:
        parts.append("re-asked")
    parts.append(f"read {row['tokens_afresh']} tokens afresh of {row['prompt_tokens']}: "
                 + " | ".join(row["afresh_keys"]))
    return "; ".join(parts)


def slowest(rows: list[dict[str, Any]], share: float = 0.1) -> list[dict[str, Any]]:
    """The slowest ``share`` of the decisions by first narration (at least one)."""
    timed = [r for r in rows if r["first_narration_s"] is not None]
    timed.sort(key=lambda r: -r["first_narration_s"])
    return timed[:max(1, math.ceil(share * len(timed)))] if timed else []


def print_slowest(rows: list[dict[str, Any]]) -> None:
    for game in dict.fromkeys(r["game"] for r in rows):
        tail = slowest([r for r in rows if r["game"] == game])
        print(f"\n{game}: the slowest tenth ({len(tail)} decisions)")
        for r in tail:
            print(f"  seed {r['seed']} #{r['index']} {r['seat']} {r['kind']}: "
                  f"{r['first_narration_s']:.2f} s (wait {r['ahead_wait_s']:.2f} + calls "
                  f"{r['call_s']:.2f}): {cause(r)}")
