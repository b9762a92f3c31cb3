"""Slots mode's one conversation per session: a public trunk that only grows, then the seat's turn.

A local server (llama.cpp) keeps one context and evaluates only what follows the longest token
prefix the new prompt shares with the last one. So in slots mode (the model only chooses) the
decision message is one conversation for the whole session. Its trunk says the public state once
(the view's keys every seat sees alike, the safety lines, the fabula digest, the last story
line); every later call appends only what changed since the call before: the public keys whose
lines changed (a key gone is said as "none"), the digest's new lines, the new story lines
(``NEW_STORY_LINES`` at most). Then comes the turn: the seat's line, its ``private`` keys
(``prompts/<game>/view.toml``: what differs from seat to seat, a hand, who the seat is) and the
numbered moves. The turn is never kept: the next call, whichever seat makes it, appends its
changes where the last turn began, so no seat reads another's private keys, and the server reads
afresh only the changes and the turn. Once the trunk grew ``THREAD_CHARS`` past its start, it
starts again from the whole public state (one full read), so the prompt stays bounded.

Reading ahead (``warm``, while a human thinks): the trunk brought up to date, then the head of
the turn of the AI seat likely to move next (its line and its private keys). If the next call is
that seat's, what of its head is unchanged (its line, the private keys that did not change, in
order) is said before what changed since the reading ahead (the human's move), the rest after:
the server then reads only those changes, the changed keys and the moves, not the seat's
unchanged private keys again (in the games with several AI seats, a hand or a map of 50-150
tokens). So too a seat's call after its own call (several moves in a row), and a reading ahead
for the only AI seat (High Stakes' GM; At Any Cost's Antagonist with a human Protagonist): said
in the usual order, after the changes since, it read again every change of the calls since the
seat's line was placed (High Stakes: a scene's rolls, ~1,200 characters) and the next call
waited behind it. Any other seat's call is said in the usual order, so no seat reads another's
private keys; so is a reading ahead with several AI seats (the next call may be another seat's,
and would read again the changes said after a head it does not use). Once
reading ahead is in use, the trunk starts afresh at a reading ahead (while the human thinks),
and at a call only once it grew one and a half times the bound (a longer prompt would pass a
2,048-token context in Becoming).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from companion.llm import context, templates
from companion.story.voice import DecisionRequest

THREAD_CHARS = 1500  # the trunk starts afresh once it grew this much (SmolLM2: ~400 tokens)
NEW_STORY_LINES = 2  # new story lines appended at one call, at most (the newest)
# Every token of a call's turn and changes is read afresh (~5 ms each for SmolLM2 on two cores),
# so what they repeat at every call is terse: "Then:" opens the changes, "Choose a move:" the
# moves (not "Then, before decision 24:" and "Decision 24. Choose one move by its number:",
# 15 tokens more a call), and a partial change is labelled "(changed)"
LEAD = "Choose a move:"
CHANGED = "changed"
REMOVED = "removed"
_MOVES = "\x00"  # where the moves go in the turn: the head of a turn is what comes before


def _new_lines(before: list[str], now: list[str]) -> list[str]:
    """The lines of the story window ``now`` that follow the window seen ``before`` (windows
    slide: the longest start of ``now`` that ends ``before`` is what was seen)."""
    for k in range(min(len(before), len(now)), 0, -1):
        if now[:k] == before[-k:]:
            return now[k:]
    return now


def _fields(before: dict, now: dict) -> dict:
    """The fields of ``now`` that differ from ``before`` (a field gone: None, said "none")."""
    out = {k: v for k, v in now.items() if before.get(k) != v}
    return {**out, **{k: None for k in before if k not in now}}


def _delta(before: Any, now: Any) -> tuple[Any, str]:
    """(what changed of a key's value, how it is labelled): a dict gives its changed fields
    (a field gone: None, said "none"; labelled "changed"), and of a field that is a dict itself
    only its changed fields ("tokens (moons 2)", not all six suits again); a list that only grew
    gives its new items ("added"); a list as long as before gives its changed items ("changed";
    an item that is a dict: its first field, which names it, and its changed fields); anything
    else is said whole ("")."""
    if isinstance(before, dict) and isinstance(now, dict):
        out = _fields(before, now)
        return {k: _fields(before[k], v) if isinstance(before.get(k), dict) and
                isinstance(v, dict) and v else v for k, v in out.items()}, CHANGED
    if isinstance(before, list) and isinstance(now, list) and len(now) > len(before) and \
            now[:len(before)] == before:
        return now[len(before):], "added"
    if isinstance(before, list) and isinstance(now, list) and len(before) == len(now):
        items = []
        for old, new in zip(before, now, strict=True):
            if old == new:
                continue
            if isinstance(old, dict) and isinstance(new, dict) and new:
                first = next(iter(new))
                part, _ = _delta(old, new)
                items.append({first: new[first], **part})
            else:
                items.append(new)
        return items, CHANGED
    return now, ""


def _named(item: Any) -> Any:
    """A list item as a change names it: a dict by its first field (which names it)."""
    return next(iter(item.values())) if isinstance(item, dict) and item else item


def _moved(key: str, before: list, now: list, game: str) -> str:
    """A list that lost items and perhaps gained some at its end, the rest in order, as
    "hand (removed): Riddles" (each item by its name) and "hand (added):" and the new items;
    "" when the change is not of that shape (said some other way)."""
    gone = [x for x in before if x not in now]
    new = [x for x in now if x not in before]
    if not gone or [x for x in before if x not in gone] + new != now:
        return ""
    label = key.replace("_", " ")
    lines = [f"{label} ({REMOVED}): " + ", ".join(str(_named(x)) for x in gone)]
    if new:
        lines.append(_said({key: new}, game).replace(label, f"{label} (added)", 1))
    return "\n".join(lines)


def _said(shown: dict[str, Any], game: str) -> str:
    """Keys as a prompt says them, long lists cut (the trunk keeps them whole: ``_changed``)."""
    return context.view_lines(context.cut_lists(shown, game))


def _changed(key: str, before: Any, now: Any, game: str = "") -> str:
    """A key's change as lines: "heroes (changed):" and only what changed, a list's items
    removed and added, or the key said whole ("phase: travel"; a key gone: "phase: none").
    ``before`` and ``now`` are whole (``seat_view(cut=False)``): what is said is cut."""
    if before is None or now is None:
        return _said({key: now}, game) if now is not None else \
            f"{key.replace('_', ' ')}: none"
    if isinstance(before, list) and isinstance(now, list) and len(before) != len(now):
        moved = _moved(key, before, now, game)  # (as long as before: its changed items, below)
        if moved:
            return moved
    value, how = _delta(before, now)
    text = _said({key: value}, game)
    label = key.replace("_", " ")
    return text.replace(label, f"{label} ({how})", 1) if how else text


def _keys(head: str) -> list[str]:
    """A head's lines grouped by key: a key's line and its items' ("- ") lines, each whole."""
    out: list[str] = []
    for line in head.splitlines(keepends=True):
        if out and line.startswith("- ") and out[-1].endswith("\n"):
            out[-1] += line
        else:
            out.append(line)
    return out


def _same_lines(ahead: str, head: str) -> str:
    """The whole keys both heads begin with ("" unless at least the seat's line): a list whose
    first items stayed is not split around what changed since."""
    same = []
    for mine, theirs in zip(_keys(ahead), _keys(head), strict=False):
        if mine != theirs or not mine.endswith("\n"):
            break
        same.append(mine)
    return "".join(same)


def _system(request: DecisionRequest, title: str) -> dict[str, str]:
    return {"role": "system", "content": context.system_message(request.game, title, "slots")}


class Thread:
    """The conversation of one session's slots-mode decisions (``messages``)."""

    def __init__(self, limit: int = THREAD_CHARS) -> None:
        self.limit = limit
        self.trunk = ""  # the public part of the decision message, only ever appended to
        self.base = 0  # its length when it started
        self.keys: dict[str, Any] = {}  # public view key -> its value as the trunk last said it
        self.facts: set[str] = set()  # fabula lines the trunk holds
        self.story: list[str] = []  # the story window at the last call
        self.safety = ""
        self.starts = 0  # how often the trunk was started (the first call, then each restart)
        self.kept_for: str | None = None  # the seat whose private keys the trunk holds, if any
        # read ahead: (the trunk's length then, the turn's head read after it, starts then)
        self.head: tuple[int, str, int] | None = None
        self.warmed = False  # reading ahead is in use: the trunk restarts at it

    def messages(self, request: DecisionRequest, title: str,
                 lines: dict[int, list[str]] | None = None,
                 picked: Collection[int] = ()) -> list[dict[str, str]]:
        """The system message and the decision message: the trunk, extended by what changed
        since the last call (or started afresh), then this seat's turn. ``picked``: the moves
        whose words are picked for the model (slots.choices), which say no question unless
        their lines are ``lines`` to choose from."""
        private = self._update(request)
        head, tail = self._turn(request, private)
        moves = context.action_lines(context.short_labels(request), lines,
                                     quiet=set(picked) - set(lines or {}), lead=LEAD) + tail
        user = self._ordered(head) + moves
        return [_system(request, title), {"role": "user", "content": user}]

    def _ordered(self, head: str) -> str:
        """The trunk and the head of a call's turn: if this seat's head was read ahead, or said
        at the last call (a seat making several moves in a row), what of it is unchanged (its
        line, its private keys that did not change) is said before what changed since, the rest
        after, so the server does not read it again; else the usual order (``head`` then keeps
        what the server read, for the next call)."""
        same = _same_lines(self.head[1], head) if self.head is not None and \
            self.head[2] == self.starts else ""
        if not same:
            self.head = (len(self.trunk), head, self.starts)
            return f"{self.trunk}\n{head}"
        at = self.head[0]
        since = self.trunk[at:].lstrip("\n")
        self.head = (at, same, self.starts)
        return f"{self.trunk[:at]}\n{same}{since}\n{head[len(same):]}" if since else \
            f"{self.trunk}\n{head}"

    def warm(self, request: DecisionRequest, title: str) -> list[dict[str, str]]:
        """The trunk brought up to date with ``request`` (only its public keys go in it), then
        the head of that seat's turn (its line, its private keys; no moves): what a server may
        read ahead while a human thinks, so that the next call, if it is that seat's, reads only
        what the human's move changed and the moves. For the only AI seat, said as its call
        will say it (``_ordered``: its line stays where the last request placed it); else in
        the usual order (the next call may be another seat's)."""
        self.warmed = True
        private = self._update(request, ahead=True)
        head, _ = self._turn(request, private)
        if request.alone:  # the only AI seat: the next call is its own, said as it will be
            return [_system(request, title), {"role": "user", "content": self._ordered(head)}]
        self.head = (len(self.trunk), head, self.starts)
        return [_system(request, title), {"role": "user", "content": f"{self.trunk}\n{head}"}]

    @staticmethod
    def _turn(request: DecisionRequest, private: str) -> tuple[str, str]:
        """The turn's head (the seat's line, its private keys) and what follows the moves."""
        turn = templates.render_file(
            templates.prompts_dir() / "shared" / "turn.md",
            {"seat": context.seat_line(request), "own": f"{private}\n" if private else "",
             "step": str(request.step), "actions": _MOVES}, required=("actions",))
        head, tail = turn.split(_MOVES, 1)
        return head, tail

    def _update(self, request: DecisionRequest, ahead: bool = False) -> str:
        """The trunk extended by what changed since the last call, or started afresh; the
        seat's private lines (never kept). ``ahead`` (read ahead of the next call): a trunk the
        extension took past the bound starts afresh now, not at the next call, which would
        throw away what was read ahead."""
        rules = context.view_rules(request.game)
        shown = context.seat_view(request.view, request.game, request.seat, "slots", cut=False)
        # the only AI seat keeps its own keys in the trunk too (no other seat reads it), so
        # they are said once and read ahead, not in every turn; should another seat come to
        # read (a seat changed hands), the trunk starts afresh without them
        keep = request.alone
        if self.kept_for is not None and (not keep or request.seat != self.kept_for):
            self.trunk = ""
        public = {k: v for k, v in shown.items() if keep or k not in rules.private}
        private = _said({k: v for k, v in shown.items() if not keep and k in rules.private},
                        request.game)
        self.kept_for = request.seat if keep else None
        facts = context.fabula_lines(request.fabula)
        safety = context.safety_lines(request).strip()
        # reading ahead in use: a call restarts the trunk only past 1.5 times the bound (a reading
        # ahead restarts it at the bound, while the human thinks, not while they wait)
        bound = self.limit * (1.5 if self.warmed and not ahead else 1)
        if not self.trunk or len(self.trunk) - self.base > bound:
            self._start(request, public, facts, safety)
        else:
            self._extend(request, public, facts, safety)
            if ahead and len(self.trunk) - self.base > self.limit:
                self._start(request, public, facts, safety)
        self.story = list(request.story)
        return private

    def _start(self, request: DecisionRequest, public: dict[str, Any], facts: list[str],
               safety: str) -> None:
        self.starts += 1
        self.trunk = templates.render_file(
            templates.prompts_dir() / "shared" / "thread.md",
            {"view": _said(public, request.game), "safety": f"\n{safety}\n" if safety else "",
             "fabula": context.fabula_block(request.fabula),
             "story": context.quote(request.story, context.SLOTS_STORY_LINES)},
            required=("view",))
        self.keys, self.facts, self.safety = dict(public), set(facts), safety
        self.base = len(self.trunk)

    def _extend(self, request: DecisionRequest, public: dict[str, Any], facts: list[str],
                safety: str) -> None:
        changes = [_changed(key, self.keys.get(key), value, request.game)
                   for key, value in public.items() if self.keys.get(key) != value]
        changes += [_changed(key, self.keys[key], None) for key in self.keys if key not in public]
        if safety != self.safety:
            changes.append(safety or "Safety lines and veils: none now.")
        said = "\n".join(changes)  # a fact the view's change already says is not said twice
        changes += [line for line in facts if line not in self.facts
                    and line.rsplit(": ", 1)[-1] not in said]
        new = [x for x in _new_lines(self.story, list(request.story)) if x.strip()]
        if new:
            changes.append(context.quote(new, NEW_STORY_LINES))
        self.keys, self.safety = dict(public), safety
        self.facts.update(facts)
        if changes:
            self.trunk += "\n" + templates.render_file(
                templates.prompts_dir() / "shared" / "then.md",
                {"step": str(request.step), "changes": "\n".join(changes)},
                required=("changes",))
