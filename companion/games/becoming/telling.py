"""Becoming's discourse step (issue 41, ``../shared/STORY.md`` §2b): what routine beats are told
together, and in what words.

A scene carries its framing, the Threat, the Hero's choice on each bargain, the roll and what it
cost (``fabula.SALIENT_EVENTS``). The rest is routine and the small print keeps every event of it;
the story gathers it:

* the Agent's invocations, each a move of its own, are told once she is done gathering, in one
  sentence ("Ysolde turns what has gone wrong in Dashiel against them: courage tarnished, humility
  bent and Visions of Ruin");
* the draft's nine picks are told once the Hero is named: what she chose, and what each Fate gave;
* each Tempter's offer is one sentence: the avatar's words and the deal they stand for.
"""
from __future__ import annotations

from typing import Any

from companion.games.becoming import traits
from companion.games.becoming.data import rules
from companion.games.becoming.ending import asset_words, mid, short_phrase
from companion.games.becoming.fabula import agent_invocations, prize_marks
from companion.games.becoming.model import FATES, HERO
from companion.story.fabula import Fabula
from companion.story.discourse import listing
from companion.story.grammar import join

TOLD = "agent-told|"  # an invocation told with the others: "agent-told|SCENE|STEP"


def untold_invocations(f: Fabula, scene: int, used: set[str]) -> list[tuple[int, str, str, str]]:
    return [x for x in agent_invocations(f, scene) if f"{TOLD}{scene}|{x[0]}" not in used]


def mark_item(asset: str, what: str, name: str, memory: Any) -> str:
    """One invocation inside a list: "courage tarnished", "Old Maren, who owes a debt" is not
    a list item, so a verb phrase reads "the Village of Larch that owes a debt"; a turned Asset by
    the name its Fate gave it."""
    if what == "turned":
        return mid(name) if name else f"what was {short_phrase(asset).the}"
    the = asset_words(asset, memory).the
    words = traits.parse(trait_name(name))
    if words.form == "adj":
        return f"{the} {words.words}"
    if words.form == "vp":
        return f"{the} that {words.after(short_phrase(asset).plural)}"
    return f"{the} with {words.words}"


def marks_text(fresh: list[tuple[int, str, str, str]], memory: Any, most: int = 5) -> str:
    """The invocations as one English list, the Traits of one Asset together ("generosity
    doubted and bent, Old Maren wavering"); past ``most`` items, "and more" (the small print
    keeps every one)."""
    adjs: dict[str, list[str]] = {}
    items: list[tuple[str, str]] = []  # (asset, item): the order they were invoked in
    for _, asset, what, name in fresh:
        if what == "trait" and traits.parse(trait_name(name)).form == "adj":
            if asset not in adjs:
                adjs[asset] = []
                items.append((asset, ""))
            adjs[asset].append(trait_name(name))
        else:
            items.append((asset, mark_item(asset, what, name, memory)))
    said = [item or f"{asset_words(asset, memory).the} {join(list(dict.fromkeys(adjs[asset])))}"
            for asset, item in items]
    return listing(said, most=most)


def trait_name(name: str) -> str:
    ours = {w for t in rules().hero.traits.values() for w in t.bright + t.dark}
    return name.lower() if name in ours else name.strip().rstrip(".!?;:,")


def with_trait(key: str, v: dict, name: str) -> str:
    """Put the Trait in ``v`` in its form (traits.py) and say which templates tell it."""
    words = traits.parse(trait_name(name))
    asset = v.get("asset")
    v["trait"] = words.after(getattr(asset, "form", "") == "pl")
    return key if words.form == "adj" else f"{key}_{words.form}"


def series(items: list[str]) -> str:
    """An English list whose items may hold commas of their own ("Ash, a grey hound"): then the
    items are kept apart by semicolons, the last too ("a hope; Ash, a grey hound; and a mind
    quicker than most"), never "Ash, a grey hound ... and a mind" read as one."""
    if len(items) < 2 or not any("," in x for x in items):
        return join(items)
    return "; ".join(items[:-1]) + "; and " + items[-1]


def gifts(f: Fabula, memory: Any) -> tuple[str, str]:
    """The draft told at once: the Hero's own picks (their whole phrases) and the Fates' gifts
    ("from Veyla, humility and honesty; from Cassot, Rook and witchsight"), in the order picked."""
    picks = [(k.split(":", 1)[1], f.facts[k].by) for k in f.fact_keys("asset:")]
    memory.used.update(f"epithet|{a}" for a, by in picks if by != HERO)  # short from now on
    own = series([str(asset_words(a, memory)) for a, by in picks if by == HERO])
    given = []
    for seat in FATES:
        mine = [short_phrase(a) for a, by in picks if by == seat]
        if mine:
            given.append(f"from {rules().fate(seat).name}, "
                         f"{join([p.the for p in mine])}")
    return own, "; ".join(given)



def prize_list(marks: list[tuple[str, str, str]], memory: Any) -> str:
    """The Agent's prize marks as one English list, the Assets that took the same mark together
    ("woodcraft cracked, the Village of Larch and Captain Idris wavering, faith no longer
    steadfast"); ``marks``: (event kind, asset, Trait), in the order made."""
    groups: dict[tuple[str, str], tuple[str, list[str]]] = {}  # (kind, trait) -> (words, assets)
    items: list[tuple[str, str] | str] = []  # a group's key, or an item told on its own
    for kind, asset, name in marks:
        the = asset_words(asset, memory)
        words = traits.parse(trait_name(name))
        no = "no longer " if kind == "trait_removed" else ""
        if words.form == "adj":
            key = (kind, words.words.lower())
            if key not in groups:
                groups[key] = (f"{no}{words.words}", [])
                items.append(key)
            groups[key][1].append(the.the)
        elif words.form == "vp":
            items.append(f"{the.the} that {no}{words.after(the.form == 'pl')}")
        else:
            items.append(f"{the.the} {'without' if no else 'with'} {words.words}")
    return listing([f"{join(groups[x][1])} {groups[x][0]}" if isinstance(x, tuple) else x
                    for x in items])


PRIZE_TOLD = "prize-told|"  # a prize mark told with the rest: "prize-told|SCENE|STEP|I"


def prize_untold(f: Fabula, used: set[str]) -> list[tuple[int, int, int, str, str, str]]:
    """The prize marks not told yet: (scene, step, index, event kind, asset, trait or name)."""
    return [m for m in prize_marks(f) if f"{PRIZE_TOLD}{m[0]}|{m[1]}|{m[2]}" not in used]


def prize_told(marks: list[tuple[int, int, int, str, str, str]], memory: Any,
               v: dict) -> list[tuple[str, dict]]:
    """The Agent's prize, once she is done marking, as the sentences that tell it: (template key,
    values), ``v`` holding the hero and the Fate. The Assets it only marked go in one sentence,
    those it turned in another, with the names the Fate gave them (the small print keeps every
    mark). One Asset alone is told in the words of a single mark."""
    memory.used.update(f"{PRIZE_TOLD}{n}|{step}|{i}" for n, step, i, *_ in marks)
    turned = list(dict.fromkeys(a for *_, k, a, _ in marks if k == "asset_subverted"))
    names = {a: mid(n) for *_, k, a, n in marks
             if k == "asset_renamed" and memory.allows(n)}
    plain = [(k, a, n) for *_, k, a, n in marks
             if k in ("trait_added", "trait_removed") and a not in turned]
    out: list[tuple[str, dict]] = []
    if len(plain) == 1:
        kind, asset, name = plain[0]
        one = {**v, "asset": asset_words(asset, memory)}
        out.append((with_trait("trait_negative" if kind == "trait_added" else "trait_removed",
                               one, name), one))
    elif plain:
        out.append(("prize_marks", {**v, "marks": prize_list(plain, memory)}))
    if len(turned) == 1:
        one = {**v, "asset": asset_words(turned[0], memory)}
        out.append(("subverted", one))
        if turned[0] in names:
            out.append(("renamed", {**one, "turned": names[turned[0]]}))
    elif turned:
        thes = [asset_words(a, memory).the for a in turned]
        named = [names[a] for a in turned if a in names]  # in the order of the old names
        out.append(("prize_turned_named" if named else "prize_turned",
                    {**v, "turned": join(thes), "names": join(named)}))
    return out

