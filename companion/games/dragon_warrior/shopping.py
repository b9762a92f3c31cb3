"""A shop visit told as a visit (issue 41): its first purchase in a sentence of its own, the rest
held back untold and then gathered into one sentence ("Tamsin leaves the item shop with Greenwood
Tea, a Willowbark Tincture and more in the pouch as well"), told at the first beat that is not more
shopping. What is held lives in the narration memory, so a resumed session tells it the same."""
from __future__ import annotations

from companion.games.dragon_warrior.words import item_phrase
from companion.story.discourse import listing
from companion.story.voice import Beat, NarrationMemory

MOST = 4  # things a gathered sentence names before "and more" (the small print has each)


def buying(beat: Beat) -> bool:
    """Is this beat more shopping (asking for a thing, handing it over, putting it away)?"""
    return bool(beat.events) and all(e.kind in ("shopping", "item_found", "taken")
                                     for e in beat.events)


def hold(memory: NarrationMemory, visit: str, name: str) -> None:
    """A purchase of ``visit`` after its first: told later, with the rest."""
    n = sum(1 for u in memory.used if u.startswith(f"shop-held|{visit}|"))
    memory.used.add(f"shop-held|{visit}|{n:03d}|{name}")


def owed(memory: NarrationMemory, view: dict) -> list[tuple[str, str]]:
    """The held purchases not yet told, a (template key, things as an English list) per visit,
    marked told: "shop_gathered" while the Warrior is still in that shop, else
    "shop_gathered_left"."""
    held: dict[str, list[tuple[str, str]]] = {}
    for u in memory.used:
        if u.startswith("shop-held|"):
            visit, n, name = u.split("|", 1)[1].rsplit("|", 2)
            if f"shop-done|{visit}|{n}" not in memory.used:
                held.setdefault(visit, []).append((n, name))
    out = []
    for visit, things in sorted(held.items()):
        things.sort()
        for n, _ in things:
            memory.used.add(f"shop-done|{visit}|{n}")
        here = visit.split("|")[1] == str(view.get("here"))
        out.append(("shop_gathered" if here else "shop_gathered_left",
                    listing([item_phrase(name).a for _, name in things], most=MOST)))
    return out


def at_shop(view: dict) -> bool:
    here = next((p for p in view.get("places", []) if p["id"] == view.get("here")), {})
    return here.get("building") == "item-shop"
