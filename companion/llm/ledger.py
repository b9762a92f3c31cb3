"""The model ledger: what the language model cost, read back from the journal's llm rows.

The voice returns its rows in ``Decision.notes``; the session journals each as
``{"type": "llm", **note}``. Rows are plain values; this module only reads them (records and
storage apart, as in simonw/llm). Row kinds (``event``):

* ``call``: one HTTP attempt, failed ones too: model, server, mode, tokens_in, tokens_out,
  estimated (no usage reported), latency_ms, outcome (ok, invalid, illegal, fidelity, transport,
  refused, rejected, interrupted, stopped), error, seat, step, attempt, budget (when one is set).
* ``refusal``: the server refused a capability (remembered for the session): refused, status.
* ``fallback``: the offline voice took over a decision: reason, seat, step.
* ``fidelity``: the narration was dropped for the offline narrator's: problems.
* ``miss``: one field of a reply could not enter the journal: field (text, narration, speech),
  kind (empty, echo, not_a_name, too_long, fidelity), reason, attempt.
* ``replaced``: after the re-ask, the offline voice supplied the fields that still missed.
* ``retry``: (journals before issue 39) the first call after a start timed out and was asked
  once more (a cold server); a move's one time bound no longer allows it.
* ``recovered``: the model answered again after a rest.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any


def calls(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r.get("event") == "call"]


def tokens_spent(rows: Iterable[dict[str, Any]]) -> int:
    """Tokens in and out over every attempt (what a session budget counts)."""
    return sum(int(r.get("tokens_in") or 0) + int(r.get("tokens_out") or 0) for r in calls(rows))


def _n(value: int) -> str:
    return f"{value:,}"


def summarize(rows: list[dict[str, Any]]) -> str:
    """A few lines for the ``cost`` verb and the end-of-session summary."""
    rows = [r for r in rows if r.get("type", "llm") == "llm"]
    made = calls(rows)
    fallbacks = [r for r in rows if r.get("event") == "fallback"]
    if not made and not fallbacks:
        return "No model calls this session (offline voice)."
    decisions = {(r.get("seat"), r.get("step")) for r in made if r.get("step") is not None}
    outcomes = Counter(r.get("outcome", "ok") for r in made)
    t_in = sum(int(r.get("tokens_in") or 0) for r in made)
    t_out = sum(int(r.get("tokens_out") or 0) for r in made)
    latencies = [int(r["latency_ms"]) for r in made if r.get("latency_ms") is not None]
    estimated = any(r.get("estimated") for r in made)

    detail = ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items(), key=lambda kv: -kv[1]))
    lines = [f"Model calls: {len(made)} ({detail}) for {len(decisions)} AI decision(s)"]
    mode = next((r for r in rows if r.get("event") == "voice"), None)
    if mode is not None:
        lines.append(f"Voice mode: {mode.get('voice_mode')} ({mode.get('source', '?')})")
    opened = sum(r.get("event") == "breaker" for r in rows)
    if opened:
        lines.append(f"The server did not answer {opened} time(s): the offline voice played on "
                     "until the model answered again")
    line = f"Tokens: {_n(t_in)} in, {_n(t_out)} out"
    if estimated:
        line += " (partly estimated: the server reported no usage)"
    if latencies:
        line += (f"; latency {sum(latencies) / len(latencies) / 1000:.1f} s average,"
                 f" {max(latencies) / 1000:.1f} s at most")
    lines.append(line)

    by_model: dict[str, dict[str, int]] = defaultdict(lambda: Counter())
    for r in made:
        key = f"{r.get('model') or '?'} @ {r.get('server') or '?'}"
        by_model[key]["calls"] += 1
        by_model[key]["tokens"] += int(r.get("tokens_in") or 0) + int(r.get("tokens_out") or 0)
        by_model[key]["fidelity"] += r.get("outcome") == "fidelity"
    for key, c in by_model.items():
        lines.append(f"  {key}: {c['calls']} call(s), {_n(c['tokens'])} tokens, "
                     f"{c['fidelity']} fidelity miss(es)")

    misses = Counter(f"{r.get('field')}:{r.get('kind')}" for r in rows if r.get("event") == "miss")
    if misses:
        lines.append("Words that could not enter the journal: "
                     + ", ".join(f"{k} {n}" for k, n in misses.most_common()))
    replaced = sum(r.get("event") in ("replaced", "fidelity") for r in rows)
    if replaced:
        lines.append(f"Replaced by the offline voice's words after a re-ask: {replaced} reply(s)")
    refused = sorted({str(r.get("refused")) for r in rows if r.get("event") == "refusal"})
    if refused:
        lines.append("Server refused (and was not asked again): " + ", ".join(refused))
    if fallbacks:
        reasons = Counter(str(r.get("reason", "?")).split(" (")[0] for r in fallbacks)
        lines.append(f"Offline voice took over {len(fallbacks)} decision(s): "
                     + "; ".join(f"{why} x{n}" for why, n in reasons.most_common()))
    budget = next((r["budget"] for r in reversed(made) if r.get("budget")), None)
    if budget:
        lines.append(f"Budget: {_n(t_in + t_out)} of {_n(int(budget))} tokens spent")
    return "\n".join(lines)
