"""Which moves a decision's prompt offers, and in which order: at most a few (the offline
policy's own among them), never the end of the whole story unless the policy chose it, one move
of each kind the game directs, the policy's move first in slots mode. A request in, a request
out: the legal moves the model may choose from (``context`` re-exports these).
"""
from __future__ import annotations

from typing import Any

from companion.core.game import Action
from companion.story.voice import DecisionRequest

MAX_MOVES = 9  # moves offered at one decision (the rest are left out)
SLOTS_MOVES = 6  # slots mode: a shorter changing tail, evaluated afresh on every call


def shortlist(request: DecisionRequest, preferred: Action | None = None,
              limit: int = MAX_MOVES) -> DecisionRequest:
    """The request with at most ``limit`` of its legal moves (the rest are not offered): the
    ``preferred`` one (the offline policy's), one of every kind, then the rest in the engine's
    order. A long list (the 96 ways to play a hand) costs more prompt than the whole view."""
    if len(request.legal) <= limit:
        return request
    keys = [a.key() for a in request.legal]
    picked: list[int] = []
    if preferred is not None and preferred.key() in keys:
        picked.append(keys.index(preferred.key()))
    seen = {request.legal[i].kind for i in picked}
    for i, action in enumerate(request.legal):
        if action.kind not in seen:
            seen.add(action.kind)
            picked.append(i)
    for i in range(len(request.legal)):
        if len(picked) >= limit:
            break
        if i not in picked:
            picked.append(i)
    order = sorted(picked[:limit])
    return request.model_copy(update={"legal": [request.legal[i] for i in order],
                                      "labels": [request.labels[i] for i in order]})


def spare_the_ending(request: DecisionRequest, preferred: Action | None, game: Any) -> DecisionRequest:
    """The request without the moves that end the whole story (the game's ``ends_story`` kinds)
    unless the offline policy's own move is one, or nothing else is left. The engine allows the
    High Stakes GM to end the story at any time; a small model took that move right after the
    player's first line, twice: when the story ends is the director's call, not a coin toss."""
    kinds = getattr(game, "ends_story", frozenset())
    if not kinds or (preferred is not None and preferred.kind in kinds):
        return request
    keep = [i for i, a in enumerate(request.legal) if a.kind not in kinds]
    if not keep or len(keep) == len(request.legal):
        return request
    return request.model_copy(update={"legal": [request.legal[i] for i in keep],
                                      "labels": [request.labels[i] for i in keep]})


def follow_the_road(request: DecisionRequest, preferred: Action | None, game: Any) -> DecisionRequest:
    """The request with one move of each kind the game directs (``directed``: where the story
    goes next, e.g. High Stakes' ``frame``): the offline policy's own, when it is of that kind.
    SmolLM2's GM framed the villa gate right after the hero dropped over the wall into the
    garden; the scene that follows is the adventure's, and the model voices it."""
    kinds = getattr(game, "directed", frozenset())
    if not kinds or preferred is None or preferred.kind not in kinds:
        return request
    keep = [i for i, a in enumerate(request.legal)
            if a.kind != preferred.kind or a.key() == preferred.key()]
    if len(keep) == len(request.legal) or not keep:
        return request
    return request.model_copy(update={"legal": [request.legal[i] for i in keep],
                                      "labels": [request.labels[i] for i in keep]})


def lead_with(request: DecisionRequest, preferred: Action | None) -> DecisionRequest:
    """The request with ``preferred`` (the offline policy's choice) listed first, the rest in
    the engine's order. For slots mode: a small model picks move 1 far more often than any
    other (SmolLM2's Tempters offered three Virtues for one die, scene after scene, and its
    Agents shot the moon with two dice: the first moves listed), so the sound move goes first
    and the model still chooses."""
    keys = [a.key() for a in request.legal]
    if preferred is None or preferred.key() not in keys:
        return request
    i = keys.index(preferred.key())
    order = [i] + [j for j in range(len(keys)) if j != i]
    return request.model_copy(update={"legal": [request.legal[j] for j in order],
                                      "labels": [request.labels[j] for j in order]})
