"""The people the player named in session zero, as the town knows them: they live in the first
town's houses ("the house of Odile"), and the story says so; and what the player said there of a
place, told back when the story reaches it (:func:`recalled`)."""
from __future__ import annotations

import re

# an answer that names nobody: the speaker, or no one
_NOBODY = re.compile(r"(?i)\s*(?:i|we|me|no[ -]?one|nobody|none)\b")
_CUT = re.compile(r",|;|\.|\s(?:who|whose|that|in|from|at|with|because|since)\s", re.IGNORECASE)


def named_in_answers(view: dict) -> list[str]:
    """The people the player named answering session zero's "Who ...?" questions ("Old Garrick
    the smith, whose son I beat" -> "Old Garrick the smith"), for the first town's houses."""
    out = []
    for q in view.get("questions", []):
        if not str(q.get("question", "")).startswith("Who") or not q.get("answer"):
            continue
        who = known_as(str(q["answer"]), (view.get("warrior") or {}).get("name", ""))
        if who and len(who.split()) <= 5 and not _NOBODY.match(who):
            out.append(who)
    return out


def dear_one(view: dict) -> str:
    """The answer to the Ally's question (who loves the Warrior, whom the Warrior holds dear) when
    it names someone; "" when it names nobody: no answer, "nobody", or a question back ("Why
    would anyone love a person who keeps teeth in a jar?" is nobody's name: the epilogue told
    "The first face Oswy looks for is Why would anyone love a person's")."""
    from companion.story.reading import kind_of

    answer = next((str(q["answer"]) for q in view.get("questions", [])
                   if q["role"] == "ally" and q["answer"]), "")
    if not answer.strip() or _NOBODY.match(answer) or kind_of(answer) == "question":
        return ""
    return answer


def known_as(answer: str, hero: str) -> str:
    """The person an answer names, as the town knows them: its first clause ("Old Garrick the
    smith, whose son I beat": Old Garrick the smith), by name when the Warrior calls them theirs
    ("My sister Maelle's friend Jory, who carves boats": Maelle's friend Jory; "my mother":
    Bran's mother)."""
    who = _CUT.split(" ".join(answer.split()), maxsplit=1)[0].strip()
    return _own(who, hero) or re.sub(r"^(The|A|An)\s", lambda m: m.group(1).lower() + " ", who)


def _own(who: str, hero: str) -> str:
    """A person the Warrior calls their own, named as the town knows them: by their name ("My
    older sister Mab": Mab, never "the older sister Mab"), else as the Warrior's ("my mother":
    Bran's mother); "" when ``who`` is not the Warrior's own."""
    m = re.match(r"(?i)(?:my|our)\s+(.+)$", who)
    if not m:
        return ""
    words = m.group(1).split()
    named = next((i for i, w in enumerate(words) if w[:1].isupper()), None)
    if named is not None:
        return " ".join(words[named:])
    return f"{hero}'s {m.group(1)}" if hero else f"the Warrior's {m.group(1)}"


def opening(text: str, friends: tuple[str, ...]) -> tuple[str, str, str] | None:
    """(name, description, the rest) when ``text`` opens with one of the table's friends and
    their description ("Cass, a young guard, all elbows and enthusiasm, says ..."), else None."""
    for f in friends:
        name, _, who = f.partition(": ")
        for sep in (", ", ": "):
            head = f"{name}{sep}{who}"
            if who and text.startswith(head) and text[len(head):].startswith(","):
                return name, who, text[len(head):].lstrip(", ").strip()
    return None


def once(used: set[str], name: str, who: str, rest: str) -> str:
    """A friend brought into the story once: with who they are the first time ("Cass, a young
    guard, says ..."), by name after ("Cass says ..."); remembered in ``used`` (the narration
    memory), so a resumed session says it the same."""
    key = f"met|{name}"
    if key in used:
        return f"{name} {rest}"
    used.add(key)
    return f"{name}, {who}, {rest}"


def recalled(view: dict, thing: str, used: set[str]) -> str:
    """The player's session-zero answer to a question that names ``thing`` ("Where does the town
    sit, and what are its roofs made of?" names the town; "What do you remember about the throne
    room?" the throne), read by the reading layer; marked in ``used`` (the narration memory) so
    it comes back once. "" when none, or when it came back before."""
    from companion.story.reading import names_thing

    for q in view.get("questions", []):
        answer = " ".join(str(q.get("answer") or "").split())
        asked = str(q.get("question", ""))
        key = f"recalled|{asked}"
        if asked.startswith("Who"):  # "Who in town ...?" asks for a person (named_in_answers)
            continue
        if answer and key not in used and names_thing(asked, [thing]):
            used.add(key)
            return answer
    return ""
