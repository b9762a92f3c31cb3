"""One controller behind both the interactive REPL and ``--script``: the same verbs, the same
screen. It turns a typed line into a session call and reports what happened through ``out(kind,
text)``; nothing it does can change the game except an Action the engine accepts.

Shared verbs live in a registry with their help (litecli's way), so help, completion and the test
that checks every verb's help all read the same table. Each game adds its own verbs in its
``commands`` module.

When the only thing the player can do is answer a question (name the hero, answer an Anchor), the
line typed *is* the answer. Then a shared verb, or a game verb that only looks (``hand``,
``sheet``), works alone on the line, and any verb works with a slash (``/x spiders``), so that an
answer like "do no harm" stays an answer.
"""
from __future__ import annotations

import re

import inspect

import json
from pathlib import Path
from collections.abc import Callable
from dataclasses import dataclass

from companion.core.game import CHANCE, Action, RuleError
from companion.core.registry import game_module
from companion.repl.ending import show_ending
from companion.repl.hints import program
from companion.session import Session
from companion.story import names
from companion.story.clauses import DETERMINERS, LEADS
from companion.story.lemmas import tokens
from companion.story.reading import assent, read
from companion.core.clean import NOTE, clean_line
from companion.core.verbs import CommandError, is_number

Out = Callable[[str, str], None]


@dataclass(frozen=True)
class Verb:
    name: str
    usage: str
    help: str


SHARED: dict[str, Verb] = {v.name: v for v in [
    Verb("help", "help [VERB]", "List the commands, or explain one."),
    Verb("state", "state [--json]", "Show what you can see of the game (--json: as data)."),
    Verb("actions", "actions [--json]", "List your legal moves, numbered (--json: as data)."),
    Verb("do", "do N [-- TEXT]", "Take legal move number N from `actions`."),
    Verb("say", "say TEXT", "Add your own words to the story (they change nothing in the game)."),
    Verb("undo", "undo", "Take back your last decision (and what followed it)."),
    Verb("x", "x [TOPIC]", "X-card: ban TOPIC from the rest of the story and retell the last "
                           "beat without it. No questions asked."),
    Verb("journal", "journal", "Show the story so far."),
    Verb("cost", "cost", "Tokens and calls spent on the language model this session (in a "
                         "game with a `cost` of its own, type `spent`)."),
    Verb("spent", "spent", "Tokens and calls spent on the language model this session."),
    Verb("quit", "quit", "Save and leave (resume later with `companion resume JOURNAL`)."),
]}


MAX_LINE = 2000  # characters in one typed line: a name, an answer, a telling, say, -- words


def _plain(text: str) -> str:
    """Words to compare a sentence with a move's values: lower case, no articles or
    possessives ("the token from my love" and token-from-your-love meet)."""
    return " ".join(w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in DETERMINERS)


# the verbs of a yes-or-no choice, as the games name them
_YES_NO = (("accept", "agree", "yes"), ("decline", "refuse", "no"))


def _unquoted(text: str) -> str:
    """An answer put in quotes to be taken as typed ("\"keep 1 2\"": keep 1 2)."""
    if len(text) >= 2 and text[0] in "\"“'" and text[-1] in "\"”'":
        return text[1:-1].strip()
    return text


class Controller:
    def __init__(self, session: Session, out: Out) -> None:
        self.session = session
        self.out = out
        self.cmds = game_module(session.game, "commands")
        self.done = False
        self._hinted: tuple | None = None
        self.linger: Callable[[], None] = lambda: None  # the terminal waits at the end (app.py)

    @property
    def seat(self) -> str | None:
        """The seat the player acts for: the one awaited, else their first (seats can change
        hands in play, see Session.holders)."""
        humans = self.session.human_seats
        return self.session.human_turn() or (humans[0] if humans else None)

    # -- what the player is asked ---------------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.session.legal(self.seat) if self.seat else []

    def text_action(self) -> Action | None:
        """The question the player must answer now, if answering is all they can do."""
        if self.session.human_turn() != self.seat:
            return None
        legal = self.legal()
        if len(legal) == 1 and legal[0].ask is not None:
            return legal[0]
        return None

    def offered(self) -> str:
        """The telling offered to the player now ("" for none): the next line answers it."""
        offer = self.session.offered
        return offer[2] if offer is not None and offer[1] == self.seat else ""

    def prompt(self) -> str:
        if self.offered():
            return f"{self.offered()} (Enter: the companion tells it)> "
        if self.session.physical_chance() is not None:
            return "drew> "
        action = self.text_action()
        if action is not None:
            return f"{action.ask}> "
        return "you> "

    def view(self) -> dict:
        return self.session.view(self.seat)

    def toolbar(self) -> str:
        return self.cmds.toolbar(self.view())

    def game_verbs(self) -> dict[str, tuple[str, str]]:
        """The game's verbs for the seat played (a game may give its GM seat its own list)."""
        pick = getattr(self.cmds, "verbs_for", None)
        return pick(self.seat) if pick is not None else self.cmds.VERBS

    def verbs(self) -> list[str]:
        return sorted(SHARED) + sorted(self.game_verbs())

    def completions(self, verb: str) -> list[str]:
        if verb == "help":
            return self.verbs()
        if verb in self.cmds.VERBS:
            return self.cmds.complete(verb, self.view(), self.legal())
        return []

    def hint(self, force: bool = False) -> None:
        """Say what is asked of the player when a new decision of theirs begins."""
        if self.session.is_over() or self.offered():
            return
        chance = self.session.physical_chance()
        if chance is not None:
            key = ("chance", len(self.session.actions))
            if force or key != self._hinted:
                self._hinted = key
                dice = not chance.distinct
                what = "your real dice" if dice else "your real deck"
                form = "the faces: drew 3 5 6" if dice else "the cards: drew CARD, CARD, ..."
                self.out("info", f"From {what}: {chance.what} ({chance.count}). Type {form}")
            return
        if self.session.human_turn() != self.seat:
            return
        key = (self.view().get("phase"), len(self.session.actions))
        if not force and key == self._hinted:
            return
        self._hinted = key
        text = self.cmds.turn_hint(self.view(), self.legal(), self.seat)
        if text:
            self.out("info", text)

    # -- handling a line --------------------------------------------------------------------------
    def handle(self, line: str) -> None:
        line, removed = clean_line(line)  # before a word of it is stored anywhere
        if removed:
            self.out("notice", NOTE)
        if len(line) > MAX_LINE:  # one bound for every game, before a word of it is kept
            self.out("error", f"✗ that line is {len(line):,} characters; one line holds at most "
                              f"{MAX_LINE:,} (about 300 words): say it in shorter pieces")
            if not self.done:
                self.hint()
            return
        kept, self._kept = getattr(self, "_kept", ""), ""
        if kept and line.strip().lower() in self.cmds.VERBS:  # "body" alone, after words refused
            line = f"{line.strip()} {kept}"  # for want of one: the words are the ones kept
        elif kept.startswith("-- ") and line.split(" ", 1)[0].lower() in self.cmds.VERBS \
                and " --" not in f" {line}":  # the move asked for, typed bare: the words follow
            line = f"{line.strip()} {kept}"
        try:
            self._handle(line)
        except RuleError as err:
            more = f"\n  … and {len(err.legal) - 10} more (actions)" if len(err.legal) > 10 else ""
            legal = ("\n  You can:" + "".join(f"\n  · {x}" for x in err.legal[:10]) + more
                     if err.legal else "")
            rule = err.rule.replace("-", " ")  # "one-rest-per-session": words, not an id
            named = f" (rule: {rule})" if rule.strip() else ""  # none when the words say it all
            self.out("error", f"✗ {err.message}{named}{legal}")
        except CommandError as err:
            self._kept = err.kept
            self.out("error", f"✗ {err}")
        if not self.done:
            self.hint()

    def _handle(self, line: str) -> None:
        raw = line.strip()
        if self.done:
            return
        if self.offered():
            if not self._is_command(raw) and not self._is_verb(raw):
                self.session.tell(raw)
                if self.session.is_over():
                    self._finish()
                return
            word = raw.lstrip("/").split(" ", 1)[0].lower()
            if word == "do" or (word in self.cmds.VERBS and self.cmds.show(word, self.view())
                                is None):
                self.session.tell("")  # a move instead of a telling: the companion tells it
        asking = self.text_action()
        if asking is not None and not self._is_command(raw):
            if not self._looks_like_command(raw) and not self._bare_verb(raw, asking):
                self._answer(asking, _unquoted(raw), quoted=_unquoted(raw) != raw)
                return
            verb = raw.lstrip("/").split(" ", 1)[0].lower()
            if not self._look_only(verb):
                raise CommandError(f"“{raw}” looks like the command {verb}, but a question is "
                                   f"asked now ({asking.ask}): answer it first (to answer with "
                                   f"these very words, put them in quotes: \"{raw}\")")
        if not raw:
            return
        raw = raw[1:] if raw.startswith("/") else raw
        verb, _, rest = raw.partition(" ")
        verb = verb.lower()
        if verb in SHARED and verb not in self.cmds.VERBS:  # a game's own verb comes first
            getattr(self, f"_v_{verb}")(rest.strip())
        elif verb in self.cmds.VERBS:
            self._game_verb(verb, rest)
        elif getattr(self.cmds, "rewrite", None) and (line2 := self.cmds.rewrite(
                raw, self.view(), self.legal())):  # a game's own reading of an odd line
            line2, note = line2 if isinstance(line2, tuple) else (line2, "")
            verb, _, rest = line2.partition(" ")
            if note:  # how the line was read, before what follows from it
                self.out("notice", note)
            self._game_verb(verb, rest)
        elif (said := self._said_verb(raw)) is not None:  # "I'll take it, thanks": take
            self.out("notice", f"Read as: {said}.")
            self._game_verb(said, f"-- {raw}")
        elif (k := self._named_move(raw)) is not None:  # "I'll take Courage": pick Courage
            own = getattr(self.cmds, "label", None)
            a = self.legal()[k - 1]
            self.out("notice", "Read as: " + (own(a, self.view()) if own else
                                              self.session.game.describe(a)) + ".")
            self._v_do(f"{k} -- {raw}")
        elif re.match(r"(?i)(?:i|we)\b", raw) and len(raw.split()) > 1:  # a sentence
            raise CommandError(f"“{raw}” names no one move open now; type one of these, your "
                               "words after -- where a move takes them",
                               self.cmds.useful_verbs(self.legal()) + ["actions"])
        else:
            raise CommandError(f"unknown command {verb!r}; type help for the list",
                               self.cmds.useful_verbs(self.legal()) + ["help"])

    def _named_move(self, raw: str) -> int | None:
        """A sentence in the first person that names, whole, everything exactly one move open
        now is made with ("I'll take Courage, I think" when Courage is an Asset to pick; "I'll
        keep the heirloom, the moral code, ..." naming the five Anchors of one keep): that move's
        number; None when it names none, or fits several."""
        words = f" {_plain(raw)} "
        if not words.startswith((" i ", " we ")):
            return None
        found: dict[tuple[str, str, str], int] = {}
        for k, a in enumerate(self.legal(), 1):
            values = [x for key, v in a.args.items() if key != "seat"
                      for x in (v if isinstance(v, list) else [v]) if isinstance(x, str)]
            if values and all(len(v) > 2 and f" {_plain(v)} " in words for v in values) and \
                    (not a.ask or a.optional_text):
                found.setdefault(a.key(), k)
        return next(iter(found.values())) if len(found) == 1 else None

    def _said_verb(self, raw: str) -> str | None:
        """A sentence in the first person whose verb is a move open now that takes nothing more
        ("I take it", "I'll leave it, thanks", "we open the chest"), or a yes or a no at a choice
        of the two ("sure, come along" at accept or decline): that verb, the sentence its
        telling; None for any other line (a move that needs more is typed in its form)."""
        forms = {**self.cmds.VERBS, **self.game_verbs()}
        bare = {v for v in self.cmds.useful_verbs(self.legal())
                if forms.get(v, ("",))[0].split(" --")[0].strip() == v}
        yes, no = (next((v for v in words if v in bare), None) for words in _YES_NO)
        if yes and no:  # a yes-or-no choice: "sure, come along", "no thanks, I walk alone"
            said = assent(read(raw))
            if said is not None:
                return yes if said else no
        toks = tokens(raw)
        if len(toks) < 2 or toks[0].low not in ("i", "we"):
            return None
        # the verb: the first word after the subject that no modal or adverb is ("I'll gladly
        # take it": take)
        at = next((i for i, t in enumerate(toks[1:], 1) if t.low not in LEADS and
                   not t.low.endswith("ly")), len(toks))
        if at >= len(toks):
            return None
        found = sorted(bare & toks[at].lemmas)
        return found[0] if len(found) == 1 else None

    def _is_command(self, raw: str) -> bool:
        """At a question prompt: a slash command, a bare shared verb, or a bare look-only game
        verb (sheet, hand, map...). Anything else is the answer."""
        word = raw.lower()
        if raw.startswith("/") or word in SHARED:
            return True
        if " -- " in f"{raw} ":  # "begin -- We set out at dawn": a verb and its telling
            first = word.split(" ", 1)[0]
            if first in SHARED or first in self.cmds.VERBS:
                return True
        return word in self.cmds.VERBS and self.cmds.show(word, self.view()) is not None

    def _looks_like_command(self, raw: str) -> bool:
        """The one rule at a question prompt: a verb followed only by numbers and flags ("do 1",
        "keep 1 2 3 4 5", "state --json --json") is a command, never the answer; a verb with
        words after it ("map reader", "help the weak") is an answer. A look-only command runs;
        another is refused, saying what is asked."""
        words = raw.lstrip("/").split()
        if len(words) < 2 or words[0].lower() not in {*SHARED, *self.cmds.VERBS}:
            return False
        return all(re.fullmatch(r"-{1,2}[\w-]*|\d+[.,]?", w) for w in words[1:])

    def _bare_verb(self, raw: str, asking: Action) -> bool:
        """A command word alone ("keep" at "Narrate how you succeed"): never a telling, so it
        is taken as the command (run if it only shows, else the question is asked again); a
        name asked for may still be one word that is a verb."""
        words = raw.lstrip("/").split()
        return len(words) == 1 and words[0].lower() in {*SHARED, *self.cmds.VERBS} \
            and asking.kind not in names.KINDS

    def _look_only(self, verb: str) -> bool:
        """A command that only shows (state, actions, help, a game's sheet or map)."""
        if verb in ("state", "actions", "help", "journal", "cost", "spent"):
            return True
        return verb in self.cmds.VERBS and self.cmds.show(verb, self.view()) is not None

    def _is_verb(self, raw: str) -> bool:
        """At an offered telling, a line that starts with a verb is a command (the telling is
        passed to the companion if it plays a move)."""
        word = raw.lstrip("/").split(" ", 1)[0].lower()
        return word in SHARED or word in self.cmds.VERBS

    def _answer(self, action: Action, text: str, quoted: bool = False) -> None:
        if not text and not action.optional_text:
            raise CommandError(f"{action.ask}: this needs an answer")
        verb, _, rest = text.partition(" ")
        if not quoted and action.kind in names.KINDS and rest.strip() \
                and verb.lower() in self.cmds.VERBS \
                and self.cmds.show(verb.lower(), self.view()) is None:
            # played: "pick Faith" typed at "Name your Hero" named the Hero "pick Faith" (a
            # look-only verb and more words is a name: "map reader")
            raise CommandError(f"{action.ask}: “{text}” starts with the command {verb.lower()}; "
                               "a name is asked now", rest.strip())
        check = getattr(self.cmds, "check_answer", None)
        if check is not None:  # refuses (raises), or gives the answer cleaned, or None: as typed
            text = check(action, text) or text
        self._submit([action.with_text(text)])

    def _game_verb(self, verb: str, rest: str) -> None:
        self._no_trailing_words(verb, rest)
        show = self.cmds.show  # a game's show may read the rest of the line (map outdoors)
        shown = show(verb, self.view(), rest.strip()) if "rest" in \
            inspect.signature(show).parameters else show(verb, self.view())
        if shown is not None:
            self.out("info", shown)
            return
        if verb == "drew":
            chance = self.session.physical_chance()
            if chance is None:
                raise RuleError("chance", "no draw from your real deck is waiting")
            items = self.cmds.parse_chance(rest, list(chance.options))
            self._submit([chance.outcome(items)], by="physical")
            return
        if self.session.is_over():
            raise RuleError("game over", "the story is finished; nothing more can be played")
        actions = self.cmds.parse(verb, rest, self.view(), self.legal(), self.seat)
        self._submit(actions)

    def _no_trailing_words(self, verb: str, rest: str) -> None:
        """A verb whose form takes nothing (``done``, ``search``, ``hand``) refuses words after
        it, with its form, rather than playing the move and dropping them; words after ``--``
        are the telling any move may carry. (A verb with ``[-- TEXT]`` in its form reads its
        line itself: some take the words as their story text.)"""
        usage = {**self.cmds.VERBS, **self.game_verbs()}[verb][0]
        if usage.strip() != verb:
            return
        head = rest.split("--", 1)[0].strip()
        if head:
            raise CommandError(f"{verb} takes nothing after it, not {head!r} (words for the "
                               f"story go after --: {verb} -- {head})", usage)

    def _submit(self, actions: list[Action], by: str = "human") -> None:
        actions = [_named(a) for a in actions]
        self._dry_run(actions)
        if self.session.offered is not None:  # a move instead of a telling: the companion tells
            self.session.tell("")
        for action in actions:
            self.session.submit(action, by=by)
        if self.session.is_over():
            self._finish()

    def _dry_run(self, actions: list[Action]) -> None:
        """A command is applied whole or not at all: try its moves on the state first (the
        engine is pure, so this changes nothing); the first refusal refuses them all."""
        if len(actions) < 2:
            return
        state = self.session.state
        for action in actions:
            state, _ = self.session.game.apply(state, action)

    def _finish(self) -> None:
        show_ending(self.session, self.out)
        self.done = True

    # -- shared verbs -------------------------------------------------------------------------------
    def _v_help(self, rest: str) -> None:
        if rest:
            name = rest.split()[0].lower().lstrip("/")
            if name in SHARED:
                v = SHARED[name]
                self.out("info", f"{v.usage}\n  {v.help}")
            elif name in self.cmds.VERBS:
                usage, text = self.cmds.VERBS[name]
                self.out("info", f"{usage}\n  {text}")
            elif getattr(self.cmds, "help_topic", None) and \
                    (topic := self.cmds.help_topic(rest, self.view())):
                self.out("info", topic)  # a game's own topics: help ITEM, help SPELL
            else:
                raise CommandError(f"no command called {name!r}", self.verbs())
            return
        mine = self.game_verbs()
        rows = [f"  {mine[v][0]:<34} {mine[v][1].split('. ')[0]}" for v in mine]
        rows += [f"  {v.usage:<34} {v.help.split('. ')[0]}" for v in SHARED.values()]
        now = ", ".join(self.cmds.useful_verbs(self.legal()))
        self.out("info", "Commands (help VERB for more):\n" + "\n".join(rows)
                 + (f"\nUseful now: {now}" if now else ""))

    def _v_state(self, rest: str) -> None:
        if rest == "--json":
            self.out("data", json.dumps(self.view(), indent=1, sort_keys=True,
                                        ensure_ascii=False))
        elif rest:
            raise CommandError(f"state takes no {rest!r}", "state or state --json")
        else:
            self.out("info", self.cmds.status(self.view()))

    def _v_actions(self, rest: str) -> None:
        legal = self.legal()
        if rest not in ("", "--json"):
            raise CommandError(f"actions takes no {rest!r}", "actions or actions --json")
        own = getattr(self.cmds, "label", None)  # a game may name things from the view
        view = self.view()
        describe = (lambda a: own(a, view)) if own else self.session.game.describe
        if rest == "--json":
            rows = [{"n": i + 1, "label": describe(a), **a.record(),
                     **({"ask": a.ask} if a.ask else {})} for i, a in enumerate(legal)]
            self.out("data", json.dumps(rows, indent=1, ensure_ascii=False))
            return
        if not legal:
            if self.session.physical_chance() is not None:  # the drew> prompt
                self.out("info", "Nothing to choose yet: enter what you drew from your real "
                                 "deck or dice first (see the line above the prompt).")
                return
            own = getattr(self.session.game, "seat_name", None)
            due = ", ".join(own(s, self.session.state) if own else s
                            for s in self.session.awaiting() if s != CHANCE)
            if not due and CHANCE in self.session.awaiting():
                chance = self.session.game.chance(self.session.state)
                due = f"{chance.what}, {chance.count}"
            self.out("info", f"Nothing for you to do right now (waiting for: {due or 'nobody'}).")
            return
        rows = [f"  {i + 1:>3}  {describe(a)}" for i, a in enumerate(legal)]
        self.out("info", "Your legal moves (do N):\n" + "\n".join(rows))

    def _v_do(self, rest: str) -> None:
        head, _, text = rest.partition("--")
        head = head.strip()
        if not is_number(head):
            raise CommandError(f"do needs a move number, got {head!r}", "do N (see actions)")
        legal = self.legal()
        k = int(head)
        if not 1 <= k <= len(legal):
            raise CommandError(f"there is no move {k}", f"1 to {len(legal)}" if legal
                               else "no moves now")
        action = legal[k - 1]
        text = text.strip()
        if action.ask and not action.optional_text and not text:
            raise CommandError(f"move {k} needs text: {action.ask}", f"do {k} -- TEXT")
        check = getattr(self.cmds, "check_answer", None)
        if action.ask and check is not None:
            check(action, text)
        self._submit([action.with_text(text)])

    def _v_say(self, rest: str) -> None:
        self.session.say(self.seat or "table", rest)
        self.out("info", "(said)")

    def _v_undo(self, rest: str) -> None:
        n = self.session.undo()
        self._hinted = None
        self.out("notice", f"Undone: {n} step(s) taken back. It is your decision again.")
        if self.session.narrations:  # the situation again: the last thing told, and the state
            self.out("narration", self.session.narrations[-1][1])
        self.out("info", self.cmds.status(self.view()))

    def _v_x(self, rest: str) -> None:
        topic = rest.strip()
        what = f"“{topic}” is out of the story from now on." if topic else "Noted."
        self.out("notice", f"X-card: {what} No questions asked. The last beat, told again:")
        if not self.session.x_card(topic):  # the session shows the retelling itself
            self.out("info", "(nothing to tell again yet)")

    def _v_journal(self, rest: str) -> None:
        if self.session.journal is None:
            raise CommandError("this session has no journal file")
        from companion.journal.render import render_text

        for kind, text in render_text(self.session.journal.path, viewer=self.seat):
            self.out(kind, text)

    def _v_cost(self, rest: str) -> None:
        rows = self.session.llm_rows
        if not rows:
            self.out("info", "No language model was called this session: nothing spent.")
            return
        from companion.llm import ledger

        self.out("info", ledger.summarize(rows))

    _v_spent = _v_cost

    def _v_quit(self, rest: str) -> None:
        self.done = True
        if self.session.journal is not None:
            where = Path(self.session.journal.path).resolve()  # works from any folder
            self.out("info", f"Saved. Resume with: {program()} resume {where}")


def _named(action: Action) -> Action:
    """A character's name as the story writes it, or the form a name takes (however the name
    was typed: at the prompt or as ``do N -- NAME``)."""
    if action.kind not in names.KINDS or not action.text:
        return action
    try:
        return action.with_text(names.check(action.text))
    except ValueError as err:
        raise CommandError(f"{action.ask or 'the name'}: {err}") from None
