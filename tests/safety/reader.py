"""A reader of a rendered story with its own word lists (not the lexicon's): which told sentences
cross the lines "harm to children", "spiders", "drowning" and "harm to animals".

The lists are written here, by hand and whole (every spelling, no lemmas), so that a test reading
the story does not share a word list or a lemma table with the code it checks.
"""
from __future__ import annotations

import re

LINES = "harm to children,spiders,drowning,harm to animals"

CHILD = set("""child children kid kids baby babies infant infants toddler toddlers boy boys girl
    girls orphan orphans youngster youngsters lad lads lass lasses newborn son sons daughter
    daughters""".split())
ANIMAL = set("""animal animals dog dogs hound hounds puppy puppies cat cats kitten kittens horse
    horses pony ponies mule mules ox oxen cow cows calf calves sheep lamb lambs goat goats pig
    pigs bird birds songbird songbirds crow crows owl owls deer stag stags fox foxes rabbit
    rabbits hare hares wolf wolves rat rats mouse mice cattle hen hens rooster roosters boar
    boars""".split())
HARM = set("""harm harms harmed hurt hurts hurting injure injured injury wound wounded wounds kill
    kills killed killing slay slain slays die dies died dying dead death corpse beat beaten
    stab stabbed strike struck bleed bleeds bleeding blood bloody torture tortured abuse abused
    danger dangerous endanger endangered peril threaten threatens threatened threat hostage
    hostages captive captives kidnap kidnapped abduct abducted starve starving burn burned
    burns drown drowned crush crushed maul mauled bite bites bit bitten attack attacks
    attacked hunt hunted shoot shot trample trampled poison poisoned cage caged slaughter
    slaughtered sacrifice sacrificed victim victims suffer suffers pain scream screams
    screaming cry cries crying weep weeps terror terrified frightened afraid scared trapped
    sick killer killers assassin assassins""".split())
SPIDER = set("""spider spiders arachnid arachnids cobweb cobwebs web webs tarantula tarantulas
    spiderweb spiderwebs""".split())
DROWN = set("drown drowns drowned drowning".split())


def words(sentence: str) -> set[str]:
    return set(re.findall(r"[a-z]+", sentence.lower().replace("’", "'")))


def sentences(text: str) -> list[str]:
    """The rendered story as sentences and short lines (Markdown marks are just punctuation)."""
    out = []
    for line in text.splitlines():
        if line.startswith(("*Your line", "*Your veil")):
            continue  # the note that names the lines themselves, before the story
        # a line of small print is its moves, one after another (" · " between them)
        out += [s for s in re.split(r"(?<=[.!?;:])\s+|\s+·\s+", line) if s.strip()]
    return out


def crossings(text: str) -> list[tuple[str, str]]:
    """(line, sentence) for every sentence of ``text`` that crosses one of LINES."""
    out = []
    for s in sentences(text):
        w = words(s)
        if w & CHILD and w & HARM:
            out.append(("harm to children", s))
        if w & ANIMAL and w & HARM:
            out.append(("harm to animals", s))
        if w & SPIDER:
            out.append(("spiders", s))
        if w & DROWN:
            out.append(("drowning", s))
    return out
