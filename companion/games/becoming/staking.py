"""Becoming: a won stake told as what the scene could give (issue 42).

The Hero who wins a Threat narrates it, and her prize is a positive Trait on one Asset (and, when
she shot the moon, one subverted Asset won back). Her stake is told as come true only when a win
can give what her words ask. Two things it cannot:

* an Asset the Fates turned, named in her stake ("Maud calls Ash back from the fen"), while it
  stays turned: only a moon shot wins an Asset back. The telling says she won the ground to try
  for it, and then that the Asset stayed with the Fate who turned it, by its new name;
* a truth to be learned ("... and learns why her village is on the Duke's list"): the game keeps
  no such truths and the story never tells one, so the telling is of her going after it, never
  "it held true".

Everything else a won stake says (a way kept open, a crowd turned back) is the winner's to
narrate, as the text gives her, and is told as come true.
"""
from __future__ import annotations

from typing import Any

from companion.story.fabula import Stake
from companion.story.lemmas import says, tokens
from companion.story.stakes import tell_stake
from companion.story.template import Character

# Saying that something comes to be known; a question word after "know" or "tell" (know why,
# tell her where) is one too
LEARNING = ("learn", "discover", "find out", "uncover", "figure out", "work out", "unravel")
ASKING = ("know", "tell", "ask", "understand", "see")
QUESTION = frozenset("why where who what how whose whom which".split())


def learns(words: str) -> bool:
    """Do the words ask for a truth to be learned ("learns why ...", "finds out who ...", "I will
    know where the crown sleeps")?"""
    if any(says(words, phrase) for phrase in LEARNING):
        return True
    toks = tokens(words)
    return any(t.lemmas & set(ASKING) and any(x.low in QUESTION for x in toks[i + 1:i + 4])
               for i, t in enumerate(toks))


def _named(words: str, asset: dict) -> bool:
    low = " ".join(t.low for t in tokens(words))
    names = {asset["name"]}
    if asset.get("turned_name"):
        names.add(asset["turned_name"])
    for name in names:
        full = " ".join(t.low for t in tokens(name))
        first = full.split()[0] if full else ""
        short = first if first not in {"the", "a", "an", "my", "her", "his", "their"} else ""
        if full and f" {full} " in f" {low} ":
            return True
        if short and len(short) > 2 and f" {short} " in f" {low} " and tokens(name)[0].capital:
            return True  # "Ash" for "Ash the Hound"
    return False


def held_asset(words: str, view: dict, moon: bool) -> dict | None:
    """The turned Asset the words name that a win without the moon cannot give back, or None."""
    if moon:
        return None
    return next((a for a in view.get("assets", ()) if a["subverted"] and _named(words, a)), None)


def granted(words: str, view: dict, moon: bool) -> bool:
    """Could the scene just won give what the words ask?"""
    return held_asset(words, view, moon) is None and not learns(words)


def tell_won(stake: Stake, view: dict, moon: bool, hero: Character, memory: Any,
             scene: str, fate_name: str = "") -> str:
    """The won stake taken up (:func:`companion.story.stakes.tell_stake`), as come true or as
    the Hero's attempt, and, when her words named an Asset the Fates still hold, what became of
    it in the game."""
    ok = granted(stake.words, view, moon)
    text = tell_stake(stake, "won", hero, memory, scene, granted=ok)
    held = held_asset(stake.words, view, moon)
    if text and held is not None:
        turned = held.get("turned_name") or ""
        by = f" with {fate_name}" if fate_name else " with the Fates"
        now = f", {turned} now," if turned and turned != held["name"] else ""
        text += f" But {held['name']}{now} stayed{by}."
    return text
