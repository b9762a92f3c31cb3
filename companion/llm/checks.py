"""Is a text the model wrote fit for the journal? Every field is checked, whatever it came in.

A model's reply carries story in three places: the ``text`` an action asks for (a hero's name, an
Anchor's answer, a question), the ``narration`` of the move and the character's ``speech``. Each
must be story before it reaches the journal (the fidelity check, names and topics, is separate and
runs on top of this one). A miss has a ``kind`` (counted in the ledger) and a reason the re-ask
tells the model:

* ``empty``: nothing, or only punctuation (``","``), where words were asked for;
* ``echo``: a run of ``ECHO_WORDS`` words shared with any instruction text we sent (the role, the
  reply format, its examples, a question put to the seat): a small model copying the prompt;
* ``repeat``: a run of ``REPEAT_WORDS`` words from a line the story already told (a model
  telling the same sentence stage after stage);
* ``too_short``: a narration of fewer than ``NARRATION_WORDS`` words;
* ``not_a_name``: the text of a naming action is a sentence, not a name;
* ``not_a_question``: the text of a move that asks the other side a question is no question;
* ``too_long``: longer than the field allows (``limits``);
* ``secret``: it holds what looks like a credential (``sk-...``; see ``redact``): never journaled;
* ``meta``: it talks about the game's machinery rather than telling the story ("your move",
  "choose one", "the answer will be", "(optional)", "JSON"): a small model explaining the
  prompt back in words of its own, too short a run to be an echo.

Decisions: "instruction text" is what *we* wrote (templates and questions), never the players'
words or the view, so a narration may quote an Anchor's answer; runs are counted over words folded
to lower case, so punctuation and case do not hide an echo; a name is at most ``NAME_WORDS`` words
and ``NAME_CHARS`` characters, starts with a capital and holds no sentence punctuation.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.core.game import Action
from companion.llm import templates
from companion.llm.redact import has_secret
from companion.story import names

ECHO_WORDS = 6
REPEAT_WORDS = 8  # a run this long from a line already told is the story repeating itself
NARRATION_WORDS = 3  # shorter, a narration must be a sentence ("Morwen nods."; not "Keep-Anchors")
NAME_WORDS = names.WORDS
NAME_CHARS = names.CHARS
TEXT_CHARS = 240  # an answer, a question, a description: a sentence or two
NARRATION_CHARS = 320  # one to three short sentences
SPEECH_CHARS = 140

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_META = re.compile(
    r"\b(json|prompt|narration|paragraph|sentences?|\(?optional\)?|the player|(your|one|this|"
    r"a|next) moves?|choose (one|a|the)|the answer (is|will)|answer in|your answer|your "
    r"character|the hero you chose|the pronouns?|placeholder|instructions?)\b", re.I)


def words(text: str) -> list[str]:
    return [w.lower().replace("\u2019", "'") for w in _WORD.findall(text)]


def has_words(text: str) -> bool:
    """At least one letter: "," or "..." or "" are no text at all."""
    return re.search(r"[^\W\d_]", text) is not None


def asks_name(action: Action | None) -> bool:
    """Does the move name a character (not: answer a question that mentions a name, such as an
    Anchor's "What is their name? What do you love about them?", whose answer is a sentence)?"""
    if action is None or action.ask is None:
        return False
    return action.kind in names.KINDS or action.kind.startswith("name")


# the words a question asks its answer to say ("End with: what do you do?"): saying them is
# doing as asked, not copying the question
_SAY = re.compile(r"\bend with:?\s*[^?.!)]*[?.!]?", re.I)


def _asked_back(text: str, action: Action | None) -> str:
    """A sentence of the question itself inside the answer ("Heirloom: What is it?" answered
    "What is it?"), three words or more of it ("" if none); the words it asks the answer to
    end with are not counted (High Stakes' GM frames a scene and ends "What do you do?")."""
    if action is None or not action.ask:
        return ""
    said = " " + " ".join(words(text)) + " "
    for sentence in re.split(r"[?.!:;]", _SAY.sub("", action.ask)):
        ws = words(sentence)
        if len(ws) >= 3 and f" {' '.join(ws)} " in said:
            return " ".join(ws)
    return ""


def asks_question(action: Action | None) -> bool:
    """Does the move put a question of the seat's own to the other side ("Your question about
    Heirloom")?"""
    return action is not None and (action.ask or "").startswith("Your question")


def is_question(text: str) -> bool:
    """A question: three words or more, ending in a question mark."""
    return len(words(text)) >= 3 and text.rstrip().rstrip("\"'\u201d\u2019").endswith("?")


def is_name(text: str) -> bool:
    """A name: one to four words, starting with a capital, no sentence in it."""
    return names.is_name(text)


def text_limit(action: Action | None) -> int:
    return NAME_CHARS if asks_name(action) else TEXT_CHARS


LIMITS = {"narration": NARRATION_CHARS, "speech": SPEECH_CHARS}


class Instructions:
    """The runs of ``ECHO_WORDS`` words found in the instruction texts we sent, and in the story
    lines we quoted.

    A run from the instructions is an echo wherever it appears. A run from the quoted story is
    an echo only when such runs make up most of the text (a reply that is the last narration
    again): a sentence that carries a fact forward in the story's own words ("the youngest
    child of a poor farmer" describing the hero of that premise) is continuity, not a copy."""

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self.grams: set[tuple[str, ...]] = set()
        self.story: set[tuple[str, ...]] = set()
        self.told: set[tuple[str, ...]] = set()
        for text in texts:
            self.add(text)

    @staticmethod
    def _grams(text: str, into: set[tuple[str, ...]], n: int = ECHO_WORDS) -> None:
        # placeholders split a template into pieces that never run into each other
        for piece in re.split(r"\{[A-Za-z_]\w*\}", text):
            ws = words(piece)
            for i in range(len(ws) - n + 1):
                into.add(tuple(ws[i:i + n]))

    def add(self, text: str) -> "Instructions":
        self._grams(text, self.grams)
        return self

    def plus(self, texts: Iterable[str], story: Iterable[str] = (),
             told: Iterable[str] = ()) -> "Instructions":
        """These plus ``texts`` (instructions), ``story`` (the lines quoted in the prompt) and
        ``told`` (every line of the story so far, for :meth:`repeat`)."""
        out = Instructions()
        out.grams, out.story, out.told = set(self.grams), set(self.story), set(self.told)
        for text in texts:
            out.add(text)
        for text in story:
            self._grams(text, out.story)
        for text in told:
            self._grams(text, out.told, REPEAT_WORDS)
        return out

    def repeat(self, text: str) -> str:
        """The first run of ``REPEAT_WORDS`` words ``text`` shares with a line already told
        ("" if none): a model telling the same sentence again, a stage later."""
        ws = words(text)
        for i in range(len(ws) - REPEAT_WORDS + 1):
            if tuple(ws[i:i + REPEAT_WORDS]) in self.told:
                return " ".join(ws[i:i + REPEAT_WORDS])
        return ""

    def echo(self, text: str, partial: bool = False) -> str:
        """The first run of words ``text`` shares with the instructions, or the first of the runs
        copied from the quoted story when they cover most of it ("" if neither). A ``partial``
        text (still streaming) is judged on the instructions alone: its end is not known."""
        ws = words(text)
        copied: set[int] = set()
        first = ""
        for i in range(len(ws) - ECHO_WORDS + 1):
            gram = tuple(ws[i:i + ECHO_WORDS])
            if gram in self.grams:
                return " ".join(gram)
            if gram in self.story:
                copied.update(range(i, i + ECHO_WORDS))
                first = first or " ".join(gram)
        return first if not partial and 2 * len(copied) > len(ws) else ""


@dataclass(frozen=True)
class Miss:
    field: str  # text | narration | speech
    kind: str  # empty | secret | echo | repeat | too_short | not_a_name | not_a_question |
    # too_long | meta
    reason: str  # one line, for the re-ask and the journal

    def row(self) -> dict[str, str]:
        return {"event": "miss", "field": self.field, "kind": self.kind, "reason": self.reason}


def check(field: str, text: str, instructions: Instructions, action: Action | None = None,
          *, required: bool = False, partial: bool = False) -> Miss | None:
    """The first problem of one field's text, or None when it may enter the journal. An empty
    narration or speech is fine (the narrator speaks); an empty required text is not. A
    ``partial`` text (still streaming) is judged only on what cannot change as it grows (a
    credential, an echo of the instructions, a repeat, meta talk), so a narration the
    checks will refuse stops streaming where its trouble starts, not after it was shown."""
    text = text.strip()
    if partial:
        return _partial(field, text, instructions)
    if not text:
        return Miss(field, "empty", f'"{field}" is empty: write it in words') if required else None
    if not has_words(text):
        return Miss(field, "empty", f'"{field}" holds no words ({text[:20]!r}): write it in words')
    if has_secret(text):  # never quoted back, not even in the reason
        return Miss(field, "secret", f'"{field}" holds what looks like a credential (a key or '
                                     "token): write the story's own words")
    limit = text_limit(action) if field == "text" else LIMITS.get(field, TEXT_CHARS)
    if len(text) > limit:
        return Miss(field, "too_long", f'"{field}" is {len(text)} characters long; at most {limit}')
    copied = instructions.echo(text) or (_asked_back(text, action) if field == "text" else "")
    if copied:
        return Miss(field, "echo", f'"{field}" copies the instructions ("{copied}"): write the '
                                   "story's own words")
    again = instructions.repeat(text)
    if again:
        return Miss(field, "repeat", f'"{field}" tells again what the story already told '
                                     f'("{again}"): tell what happens next')
    if field == "narration" and len(words(text)) < NARRATION_WORDS and not (
            len(words(text)) > 1 and re.search(r"[.!?\u2026][\"'\u201d\u2019]?$", text)):
        return Miss(field, "too_short", f'"narration" is too short to tell anything ({text!r}): '
                                        "write a sentence")
    meta = _META.search(text)
    if meta:
        return Miss(field, "meta", f'"{field}" talks about the game ("{meta.group(0)}"), not the '
                                   "story: tell what happens, in the story's words")
    if field == "text" and asks_question(action) and not is_question(text):
        return Miss(field, "not_a_question", f'"text" must be a question the hero can answer '
                                             f"(a sentence ending in \"?\"), not {text[:40]!r}")
    if field == "text" and asks_name(action) and not is_name(text):
        return Miss(field, "not_a_name", f'"text" must be a name (one to {NAME_WORDS} words, '
                                         f"capitalised, no sentence), not {text[:40]!r}")
    return None


# instruction text written in code rather than in a template (the re-ask's own words), for the
# echo check
FORMAT_TEXTS = ("answer in text", "Answer again, once more: one JSON object, nothing else")


def _partial(field: str, text: str, instructions: Instructions) -> Miss | None:
    if has_secret(text):
        return Miss(field, "secret", f'"{field}" holds what looks like a credential (a key or '
                                     "token): write the story's own words")
    text = text[:text.rfind(" ") + 1]  # whole words only: "prompt" may yet be "promptly"
    copied = instructions.echo(text, partial=True)
    if copied:
        return Miss(field, "echo", f'"{field}" copies the instructions ("{copied}"): write the '
                                   "story's own words")
    again = instructions.repeat(text)
    if again:
        return Miss(field, "repeat", f'"{field}" tells again what the story already told '
                                     f'("{again}"): tell what happens next')
    meta = _META.search(text)
    if meta:
        return Miss(field, "meta", f'"{field}" talks about the game ("{meta.group(0)}"), not the '
                                   "story: tell what happens, in the story's words")
    return None


@lru_cache(maxsize=16)
def _template_texts(folders: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for folder in folders:
        path = Path(folder)
        for file in sorted(path.glob("*.md")) if path.is_dir() else ():
            out.append(file.read_text(encoding="utf-8"))
    return tuple(out)


def instruction_text(game) -> Instructions:
    """Every instruction text the voice may send for ``game``: the shared and the game's prompt
    templates (placeholders cut out) and the reply format."""
    folders = (str(templates.prompts_dir() / "shared"), str(templates.game_prompts(game.name)))
    return Instructions(_template_texts(folders)).plus(FORMAT_TEXTS)
