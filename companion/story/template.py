"""Sentences assembled from templates that slot phrases by form, with verbs that agree.

Template notation (checked strictly: an unknown slot or form is a :class:`TemplateError`):

* ``{slot}``: the slot's value in its default form (a :class:`~companion.story.grammar.Phrase`
  gives its ``a`` form, a :class:`Character` their name, a list of phrases "a map and a spell").
* ``{slot.form}``: a named form. Phrases and lists of phrases: ``a``, ``the``, ``bare``, ``at``,
  and the pronouns that stand for them later, ``they``, ``them``, ``their`` ("it"/"they",
  "it"/"them", "its"/"their": several things are never "it").
  Characters: ``name`` and the pronoun forms ``they``, ``them``, ``their``, ``theirs``,
  ``themself`` (the player's own pronouns come out: "she", "her", "xyr"...).
* A phrase's words may slot other values themselves ("a: turn of fate in {hero}'s favour").
* ``[verb]``: a verb written for a singular subject ("bars", "is", "has") that agrees with the
  subject slotted last before it: ``{threat} [bars] the way`` gives "wolves bar the way" and "an
  old enemy bars the way"; ``{hero.they} [walks]`` gives "they walk" or "she walks".
  ``[verb:slot]`` agrees with a named slot instead.

:func:`render` fills one template; :func:`tell` picks, from several templates and the
alternatives a slot may take (:class:`Choice`), a sentence not told before and whose opener was
not used in this scene (see :mod:`companion.story.memory`), and tidies it into prose.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.story.grammar import Phrase, agree, capitalise, join
from companion.story.memory import Told
from companion.story.pronouns import CASES, THEY, Pronouns

TOKEN = re.compile(r"\{(\w+)(?:\.(\w+))?\}|\[([a-z' -]+?)(?::(\w+))?\]")
PHRASE_FORMS = ("a", "the", "bare", "at", "they", "them", "their")
_PRONOUN_FORMS = {"they": ("it", "they"), "them": ("it", "them"), "their": ("its", "their")}
CHARACTER_FORMS = ("name",) + CASES


class TemplateError(ValueError):
    pass


class Character(BaseModel):
    """A person in the story: a name and the pronouns the player chose."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    pronouns: Pronouns = THEY

    def __str__(self) -> str:
        return self.name


class Choice(tuple):
    """Alternatives for one slot: :func:`tell` draws one per try (several incarnations of a
    card, several adjectives of a place)."""


def slots(template: str) -> dict[str, set[str]]:
    """The slots a template uses and the forms it asks of each ("" = the default form)."""
    out: dict[str, set[str]] = {}
    for m in TOKEN.finditer(template):
        if m.group(1):
            out.setdefault(m.group(1), set()).add(m.group(2) or "")
        elif m.group(4):
            out.setdefault(m.group(4), set())
    return out


def _form(name: str, value: Any, form: str | None) -> tuple[str, bool]:
    """(text, is the subject plural) for one slot."""
    if isinstance(value, Character):
        if form in (None, "name"):
            return value.name, False
        if form not in CASES:
            raise TemplateError(f"{{{name}.{form}}}: a character's forms are "
                                f"{', '.join(CHARACTER_FORMS)}")
        return value.pronouns.form(form), form == "they" and value.pronouns.plural_verbs
    if isinstance(value, Phrase):
        value = [value]
    if isinstance(value, list | tuple) and all(isinstance(v, Phrase) for v in value):
        if form not in (None,) + PHRASE_FORMS:
            raise TemplateError(f"{{{name}.{form}}}: a phrase's forms are {', '.join(PHRASE_FORMS)}")
        if not value:
            raise TemplateError(f"{{{name}}}: no phrase to slot")
        several = len(value) > 1 or value[0].plural
        if form in _PRONOUN_FORMS:  # the things again, as a pronoun: "it" or "they"
            return _PRONOUN_FORMS[form][several], several and form == "they"
        text = join([getattr(p, form or "a") for p in value])
        return text, several
    if form is not None:
        raise TemplateError(f"{{{name}.{form}}}: plain text has no forms")
    return str(value), False


def render(template: str, values: Mapping[str, Any]) -> str:
    """Fill ``template`` (raw: no tidying). Raises TemplateError naming a missing slot or a form
    its value does not have."""
    plural = False
    seen: dict[str, bool] = {}

    def fill(m: re.Match) -> str:
        nonlocal plural
        if m.group(1):
            name, form = m.group(1), m.group(2)
            if name not in values:
                raise TemplateError(f"{{{name}}}: no such slot here (slots: "
                                    f"{', '.join(sorted(values)) or 'none'})")
            text, plural = _form(name, values[name], form)
            seen[name] = plural
            if "{" in text and not isinstance(values[name], str):
                text = render(text, values)  # a phrase may name others: "{hero}'s favour"
            return text
        verb, subject = m.group(3), m.group(4)
        if subject is not None:
            if subject not in values:
                raise TemplateError(f"[{verb}:{subject}]: no such slot here")
            return agree(verb, seen.get(subject, _form(subject, values[subject], None)[1]))
        return agree(verb, plural)

    return TOKEN.sub(fill, template)


def sentence(template: str, values: Mapping[str, Any]) -> str:
    """Render and tidy into prose (spacing, capitals)."""
    return capitalise(render(template, values))


def tell(templates: Sequence[str], values: Mapping[str, Any], told: Told, scene: str,
         rng, allows: Callable[[str], bool] = lambda text: True, tries: int = 6) -> str:
    """A sentence from one of ``templates`` that was never told before, whose opener is new in
    ``scene``, and that ``allows`` accepts (banned and veiled topics); "" if none can be made.
    Slots holding a :class:`Choice` take one of its alternatives, drawn from ``rng``; the choice
    is remembered so a scene's sentences stay varied."""
    order = [t for t in templates if allows(t)]
    rng.shuffle(order)
    names = [v.name for v in values.values() if isinstance(v, Character)]  # one word each
    choices = {k: [x for x in v if allows(str(x))] for k, v in values.items()
               if isinstance(v, Choice)}
    for template in order:
        wanted = slots(template)
        for _ in range(tries if any(k in wanted for k in choices) else 1):
            filled = dict(values)
            for k, options in choices.items():
                if k in wanted:
                    if not options:
                        break
                    filled[k] = rng.choice(options)
            else:
                text = sentence(template, filled)
                if allows(text) and told.fresh(text, scene, names):
                    told.remember(text, scene, names)
                    return text
    return ""
