"""Does the model's prompt stay bounded over a long session? Prints prompt tokens per decision.

A long synthetic session: At Any Cost games played back to back by the offline policy, as one
story: every AI decision of the campaign is put to the model voice with the story so far (the last
narrations) and the rolling summary of every public event since the first game, as the session
would at that depth. The model is a recorder (no network) that answers every call with a legal
move, so what is measured is the prompt the voice builds and the calls it makes.

Figures (tokens estimated at 4 characters each):
* the bound itself: one fixed decision (the mid-game Antagonist play with the largest view) asked
  at the 10th, 50th and 200th decision, with the history the session had by then, and the ratio;
* the decisions as they came at the 10th, 50th and 200th (these differ by the game's own state:
  hand size, results so far, how many moves are legal), with and without the list of moves;
* model calls per decision (forced moves cost none).

    python bench/llm_context.py [--decisions 200]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.registry import get_game  # noqa: E402
from companion.session import AI, Session  # noqa: E402
from companion.llm import context  # noqa: E402
from companion.llm.client import Completion, estimate_tokens  # noqa: E402
from companion.llm.config import Settings  # noqa: E402
from companion.llm.openai_voice import OpenAIVoice  # noqa: E402
from companion.story.voice import DecisionRequest, OfflineVoice  # noqa: E402

STORY_WINDOW = 8  # as the session passes


class Recorder(OfflineVoice):
    """The offline voice, keeping each request with the session's history at that moment."""

    name = "recorder"

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.session: Session | None = None
        self.seen: list[tuple[DecisionRequest, int, int]] = []

    def decide(self, request, on_text=None, memory=None):
        s = self.session
        self.seen.append((request, len(s.public_events), len(s.narrations)))
        return super().decide(request, on_text)


class RecordingModel:
    """A model that answers every call with legal move 1 and a sentence; records prompt sizes."""

    _model = "recorder"

    def __init__(self) -> None:
        self.calls = 0
        self.prompts: list[list[dict[str, str]]] = []

    def complete(self, messages, *, schema=None, on_text=None, **kw) -> Completion:
        self.calls += 1
        self.prompts.append(messages)
        text = json.dumps({"action": 1, "text": "Ash", "narration": "The road goes on.",
                           "speech": ""})
        if on_text:
            on_text(text)
        chars = sum(len(m["content"]) for m in messages)
        row = {"event": "call", "model": self._model, "server": "none",
               "tokens_in": estimate_tokens("x" * chars), "tokens_out": estimate_tokens(text),
               "estimated": True, "latency_ms": 0, "outcome": "ok"}
        return Completion(text=text, finish_reason="stop", mode="json_schema", model=self._model,
                          tokens_in=row["tokens_in"], tokens_out=row["tokens_out"],
                          estimated=True, latency_ms=0, notes=[row])


def campaign(decisions: int) -> list[DecisionRequest]:
    """At least ``decisions`` AI decisions, each with the whole campaign's history behind it."""
    game = get_game("at-any-cost")
    out: list[DecisionRequest] = []
    events: list = []
    narrations: list[str] = []
    seed = 1
    while len(out) < decisions:
        rec = Recorder(game, seed)
        session = Session.start(game, seed, {s: AI for s in game.seats}, rec, None)
        rec.session = session
        session.advance()
        for request, n_events, n_narr in rec.seen:
            story = narrations + [t for _, t in session.narrations[:n_narr]]
            summary = context.rolling_summary(events + session.public_events[:n_events])
            out.append(request.model_copy(update={
                "step": len(out), "story": story[-STORY_WINDOW:], "summary": summary}))
        events += session.public_events
        narrations += [t for _, t in session.narrations]
        seed += 1
    return out[:decisions]


def at_depth(request: DecisionRequest, history: DecisionRequest, depth: int) -> DecisionRequest:
    """``request`` asked as the ``depth``-th decision: with the history the session had by then."""
    return request.model_copy(update={"step": depth, "story": history.story,
                                      "summary": history.summary})


def tokens(request: DecisionRequest, title: str) -> tuple[int, int]:
    """Prompt tokens, and the same less the legal-move list."""
    chars = sum(len(m["content"]) for m in context.build_messages(request, title))
    return (estimate_tokens("x" * chars),
            estimate_tokens("x" * (chars - len(context.action_lines(request)))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=200)
    args = parser.parse_args()
    game = get_game("at-any-cost")
    requests = campaign(args.decisions)
    model = RecordingModel()
    voice = OpenAIVoice(game, 1, Settings(voice="openai", model="recorder"), client=model)
    started = time.perf_counter()
    for request in requests:
        voice.decide(request)
    elapsed = time.perf_counter() - started
    sizes = [tokens(r, game.title) for r in requests]
    last = len(requests)
    marks = [n for n in (10, 50, 200) if n <= last]

    print(f"A long synthetic session: {last} AI decisions of At Any Cost games played back to "
          "back as one story\n(tokens estimated at 4 characters each).")
    # 1. The bound itself: one fixed decision (a mid-game Antagonist play, the largest kind of
    #    view) put at each depth, with the story and summary the session had at that depth.
    probe = max((r for r in requests if r.seat == "antagonist" and r.legal[0].kind == "play"),
                key=lambda r: len(context.view_json(r.view, r.game)))
    print("The same decision asked at each depth (what the session's length adds):")
    depth = {n: tokens(at_depth(probe, requests[n - 1], n), game.title)[0] for n in marks}
    for n in marks:
        print(f"  decision {n:>3}: prompt {depth[n]:>5} tokens")
    print(f"  ratio decision {marks[-1]} / decision 10: {depth[marks[-1]] / depth[10]:.2f}")
    # 2. The decisions as they came (the game's own state varies: hand, results, moves listed).
    print("The decisions as they came:")
    for n in marks:
        r = requests[n - 1]
        print(f"  decision {n:>3}: prompt {sizes[n - 1][0]:>5} tokens, less the move list "
              f"{sizes[n - 1][1]:>5} ({r.seat} {r.legal[0].kind}, {len(r.legal)} moves)")
    ctx = [c for _, c in sizes]
    print(f"  less the move list, median of decisions 1-20: {statistics.median(ctx[:20]):.0f}, "
          f"of {last - 19}-{last}: {statistics.median(ctx[-20:]):.0f}; largest prompt: "
          f"{max(p for p, _ in sizes)} tokens")
    print(f"Model calls per decision: {model.calls / last:.2f} ({model.calls} calls for {last} "
          f"decisions; forced moves cost none; no re-asks with this recorder)")
    print(f"Voice overhead: {elapsed / last * 1000:.1f} ms a decision (no network)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
