"""Slots mode: the model chooses a move; the words a move asks for are picked from candidates.

A small model's own words missed the checks too often to reach the journal, so in slots mode the
offline narrator writes a move's words (under a few seeds), the same checks as the model's own
words keep the fit ones, and the model only picks. It picks by number, never by spelling a text
out: the reply is ``{"action": 3}`` or ``{"action": 1, "line": 2}``, a few tokens (a spelled-out
candidate cost 30-40 tokens, about half a second, on SmolLM2 on two cores). The prompt lists the
candidate lines (``listed``) only where there is a choice to make: the one move of the decision
whose words have two candidates or more (a naming move's names, a lone question's answers).
Every other move's words are its first candidate, so the prompt (re-read on every call) does not
grow by a line for each move that asks for words.
"""
from __future__ import annotations

import re
from typing import Any

from companion.llm import checks, context
from companion.story.voice import DecisionRequest, NarrationMemory

CANDIDATE_SEEDS = 4  # the offline narrator's tries at a move's words
CANDIDATES = 2  # kept per move


def whole_sentences(text: str) -> str:
    """The complete sentences of a text cut short ("" if none)."""
    cut = max((m.end() for m in re.finditer(r"[.!?\u2026][\"'\u201d\u2019)]?(?=\s|$)", text)),
              default=0)
    return text[:cut].strip()


class Slots:
    """The candidates of one voice (its offline narrator, its seed)."""

    def __init__(self, offline: Any, seed: int) -> None:
        self.offline = offline
        self.seed = seed
        # of the last ``choices``: the moves whose words are the narrator's unchecked (the
        # policy's move kept though none passed): they miss whichever the model picks
        self.unchecked: set[int] = set()

    def candidates(self, request: DecisionRequest, action,
                   instructions: checks.Instructions | None) -> list[str]:
        """The offline narrator's answers to a move's question under up to four seeds (two
        kept), cut to whole sentences within the field's bound, each passing the same checks
        as the model's own words; [] when none does (or the game has no narrator)."""
        narrator = self.offline.narrator
        if narrator is None:
            return []
        texts: list[str] = []
        for k in range(CANDIDATE_SEEDS):
            if len(texts) >= CANDIDATES:
                break
            # a writer of its own: the offline voice's narrator keeps its state for the moves
            # it tells and the fallbacks it plays, so they are the offline game's
            writer = type(narrator)(self.seed + 7919 * k)
            memory = NarrationMemory(self.seed + k, banned=request.banned, veils=request.veils)
            text = " ".join(writer.write(action, request.view, memory).split())
            if len(text) > checks.text_limit(action):
                text = whole_sentences(text[:checks.text_limit(action)])
            if text and text not in texts and (instructions is None or checks.check(
                    "text", text, instructions, action, required=True) is None):
                texts.append(text)
        return texts

    def voiceable(self, request: DecisionRequest, instructions: checks.Instructions,
                  preferred=None) -> DecisionRequest:
        """The request without the moves that ask for words none of whose candidates passed the
        checks (the model left to write them missed: High Stakes' GM retold the adventure's
        hook), as long as another move is left to choose. The offline policy's own move always
        stays: played, dropping High Stakes' next scene left the GM only the end of the story,
        which it chose after the first line."""
        none = {number for number, action in enumerate(request.legal, 1)
                if action.ask is not None and not checks.asks_name(action)
                and not action.optional_text and not self.candidates(request, action,
                                                                     instructions)}
        if preferred is not None:
            none = {n for n in none if request.legal[n - 1].key() != preferred.key()}
        keep = [i for i in range(len(request.legal)) if i + 1 not in none]
        if not none or not keep:
            return request
        return request.model_copy(update={"legal": [request.legal[i] for i in keep],
                                          "labels": [request.labels[i] for i in keep]})

    def choices(self, request: DecisionRequest, instructions: checks.Instructions,
                preferred=None) -> dict[int, list[str]]:
        """For each move that asks for words, the candidates the model picks from: the names
        its prompt offers for a naming move, else the offline narrator's answers
        (``candidates``); a move whose words are optional and that has none gets "" (the model
        only chooses it; Becoming's Agent was left to write "Introducing your avatar. You've got
        a new face" where the game tells the avatar itself). {} (the model writes) when a move
        that needs words has none."""
        out: dict[int, list[str]] = {}
        self.unchecked = set()
        for number, action in enumerate(request.legal, 1):
            if action.ask is None:
                continue
            if checks.asks_name(action):
                out[number] = context.name_examples(request)
                continue
            texts = self.candidates(request, action, instructions)
            if not texts and preferred is not None and action.key() == preferred.key():
                # the policy's move, kept: the narrator's words (a miss journals them anyway)
                texts = self.candidates(request, action, None)
                self.unchecked.add(number)
            if not texts and action.optional_text:
                texts = [""]  # the words are the game's to tell, as the offline voice leaves them
            if not texts:
                return {}
            out[number] = texts
        return out


def listed(choices: dict[int, list[str]]) -> dict[int, list[str]]:
    """The lines the prompt lists to pick from by number: those of the one move with two
    candidates or more ({} when no move or several have: each move then says its first)."""
    many = {n: [t for t in texts if t] for n, texts in choices.items()}
    many = {n: texts for n, texts in many.items() if len(texts) > 1}
    return many if len(many) == 1 else {}


def unasked(request: DecisionRequest, choices: dict[int, list[str]],
            lines: dict[int, list[str]]) -> Any:
    """The one move of a decision that leaves the model nothing to choose, with its words: a
    lone move whose words are picked for it (one candidate, or none where they are optional),
    no lines listed. None when there is a choice. Asking a model to answer ``{"action": 1}``
    cost a whole call (Becoming's Fates: a third of their decisions, each as slow as any)."""
    if len(request.legal) != 1 or lines or choices.get(1) is None:
        return None
    action = request.legal[0]
    return action.with_text(choices[1][0] if choices[1] else "")


def pick(data: dict[str, Any], choices: dict[int, list[str]],
         lines: dict[int, list[str]]) -> dict[str, Any]:
    """A reply's words from its picks: the listed line it numbered for the move it chose, a
    text that is one of the move's candidates (a server that ignored the schema), else the
    move's first candidate. ``data`` as parsed; moves without candidates are left alone."""
    action = data.get("action")
    if isinstance(action, str) and action.strip().isdigit():  # "3": a server that only promised JSON
        action = int(action)
    own = choices.get(action) if isinstance(action, int) and not isinstance(action, bool) else None
    if not own:
        return data
    line = data.get("line")
    if isinstance(line, str) and line.strip().isdigit():
        line = int(line)
    listed_here = lines.get(action, [])
    if isinstance(line, int) and not isinstance(line, bool) and 1 <= line <= len(listed_here):
        text = listed_here[line - 1]
    elif isinstance(data.get("text"), str) and data["text"].strip() in own:
        text = data["text"].strip()
    else:
        text = own[0]
    return {**data, "text": text}


def trimmed(reply: Any, request: DecisionRequest) -> Any:
    """A reply whose strings the grammar stopped at their length bound keeps their whole
    sentences only: "...to rescue her husband from a long-buried," is no line of story."""
    action = request.legal[reply.action - 1]
    for name, limit in (("text", checks.text_limit(action)), ("narration", checks.NARRATION_CHARS),
                        ("speech", checks.SPEECH_CHARS)):
        value = getattr(reply, name).strip()
        if name == "text" and checks.asks_name(action):
            continue  # a name has no full stop to end on
        if len(value) >= limit - 2 and not re.search(r"[.!?\u2026][\"'\u201d\u2019)]?$", value):
            setattr(reply, name, whole_sentences(value))
    return reply
