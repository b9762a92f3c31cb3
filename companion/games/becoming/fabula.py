"""Becoming's story adapter: what each beat adds to the fabula (companion.story.fabula).

* cast: the Hero (``hero``), named and with the player's pronouns; the three Fates by seat, each
  present from the first scene;
* facts: ``asset:ID`` (each Asset the Hero holds: ended when it is subverted, true again when a
  moon shot wins it back), ``turned:ID`` (the new name its Fate gave it), ``trait:ID`` (the last
  positive Trait the Hero won on it), ``won:scene-N`` / ``lost:scene-N`` (who took each Threat),
  ``said:STEP`` (the Hero's words on a move), ``moon:scene-N`` (a moon shot that worked);
* stakes: the Hero's words when she ends her gathering or shoots the moon (``done -- TEXT``,
  ``moon -- TEXT``) are what she says is at stake in that scene (``scene-N``); the roll resolves
  it, won or lost;
* outcomes: each Threat's winner, what it cost (the Assets turned in the scene) and how (a moon
  shot, the dice);
* threads: the Quest (``quest``) until the story ends.
"""
from __future__ import annotations

from companion.games.becoming.model import FATES, HERO
from companion.story import pronouns
from companion.story.fabula import Fabula, Outcome, Person
from companion.story.voice import Beat

SPOKEN = frozenset({"gathered", "moon"})  # the Hero's moves whose words state the scene's stake

# The events that carry a scene (bench/story.py's salient beats, issue 41): the scene framed, the
# Threat presented and its outcome, the scene's end, the Hero's choice on a bargain, a Trait
# marked or taken away, an Asset lost, renamed or won back, a moon shot that worked, the ending.
# The draft, the invocations, the Tempters' offers and the dice gathered are routine: told
# together, not each in its own sentence.
SALIENT_EVENTS = frozenset({"scene_begun", "threat_presented", "scene_ended", "threat_resolved",
                            "moon_won", "offer_answered", "trait_added", "trait_removed",
                            "asset_subverted", "asset_renamed", "asset_regained", "prize_forgone",
                            "quest_ended"})

# The Agent's invocations a scene nobody told one by one, kept in the fabula (rebuilt by replay):
# "agent-invoked:SCENE:STEP" -> "ASSET|trait|NAME" or "ASSET|turned|NAME".
AGENT_INVOKED = "agent-invoked:"
# The Agent's prize when it marks every risked Asset (one move an Asset, nine in a row when she
# risked all), told together once she is done (STORY.md §2b): "prize:SCENE:STEP:I:EVENT:ASSET|NAME"
# (all in the key: a fact with no text stays out of the model's digest); EVENT one of
# trait_added, trait_removed, asset_subverted, asset_renamed (NAME: the name its Fate gave).
PRIZE = "prize:"
PRIZE_EVENTS = ("trait_added", "trait_removed", "asset_subverted", "asset_renamed")


def prize_marks(f: Fabula, scene: int | None = None) -> list[tuple[int, int, int, str, str, str]]:
    """The prize marks (of one scene, or all): (scene, step, the event's index in its beat, event
    kind, asset, trait or name), in the order made."""
    out = []
    for k in f.fact_keys(PRIZE if scene is None else f"{PRIZE}{scene}:"):
        _, n, step, i, kind, said = k.split(":", 5)
        asset, name = said.split("|", 1)
        out.append((int(n), int(step), int(i), kind, asset, name))
    return sorted(out, key=lambda m: m[1:3])


def agent_invocations(f: Fabula, scene: int) -> list[tuple[int, str, str, str]]:
    """The scene's untold invocations by the Agent: (step, asset, "trait" or "turned", name)."""
    out = []
    for k in sorted(f.fact_keys(f"{AGENT_INVOKED}{scene}:")):
        asset, what, name = f.words(k).split("|", 2)
        out.append((int(k.rsplit(":", 1)[1]), asset, what, name))
    return out


def feed(fabula: Fabula, beat: Beat) -> Fabula:
    action = beat.action
    scene = beat.view.get("scene") or 0
    words = " ".join(action.text.split())
    if words and action.seat == HERO and scene:
        if action.kind in SPOKEN and fabula.stake(f"scene-{scene}") is None:
            fabula = fabula.state_stake(f"scene-{scene}", HERO, words, about=f"scene-{scene}",
                                        step=beat.step)
        fabula = fabula.establish(f"said:{beat.step}", words, by=HERO)
    paid = False  # a bargain falling due on the prize's move: its marks are the bargain's
    for i, event in enumerate(beat.events):
        paid = paid or event.kind == "bargain_paid"
        if not paid:
            fabula = _prize(fabula, i, event.kind, event.data, beat)
        fabula = _event(fabula, event.kind, event.data, beat)
    return fabula


def _prize(f: Fabula, i: int, kind: str, data: dict, beat: Beat) -> Fabula:
    """A mark of the Agent's prize, kept to be told with the rest (a rename only of an Asset the
    prize itself turned: one turned by a bargain is told as it happens)."""
    action, scene = beat.action, data.get("scene")
    if action.seat not in FATES or kind not in PRIZE_EVENTS or not scene:
        return f
    if action.kind == "rename":
        if not any(k == "asset_subverted" and a == data["asset"]
                   for _, _, _, k, a, _ in prize_marks(f, scene)):
            return f
    elif action.kind != "mark":
        return f
    name = data.get("trait") or data.get("name") or ""
    return f.establish(f"{PRIZE}{scene}:{beat.step:06d}:{i:02d}:{kind}:{data['asset']}|{name}",
                       by=action.seat)  # no text: bookkeeping, not in the model's digest


def _event(f: Fabula, kind: str, data: dict, beat: Beat) -> Fabula:
    if kind == "quest_chosen":
        return f.open_thread("quest", "quest", data["title"], beat.step)
    if kind == "hero_named":
        return f.meet(Person(key=HERO, name=data["name"] or "the Hero", role=HERO))
    if kind == "pronouns_chosen":
        hero = f.hero() or Person(key=HERO, name=data.get("name") or "the Hero")
        said = pronouns.parse_or_they(data.get("pronouns"))
        return f.meet(hero.model_copy(update={"pronouns": said}))
    if kind == "asset_picked":
        return f.establish(f"asset:{data['asset']}", "", by=data["seat"])
    if kind == "agent_invoked" and not data.get("text"):  # told with the rest, when she is done
        what = f"trait|{data['trait']}" if "trait" in data else \
            f"turned|{data.get('turned_name') or ''}"
        return f.establish(f"{AGENT_INVOKED}{data['scene']}:{beat.step:06d}",
                           f"{data['asset']}|{what}", by=data["agent"])
    if kind == "scene_begun":
        if not f.open_threads("quest"):
            f = f.open_thread("quest", "quest", "", beat.step)
        for seat in FATES:
            if seat not in f.cast:
                f = f.meet(Person(key=seat, name=seat, role="fate"))
        return f.at(place=data["title"], scene=f"scene-{data['scene']}")
    if kind == "asset_subverted":
        return f.end_fact(f"asset:{data['asset']}")
    if kind == "asset_renamed":
        return f.establish(f"turned:{data['asset']}", data["name"], by=data["by"])
    if kind == "asset_regained":
        return f.establish(f"asset:{data['asset']}", "", by=HERO).end_fact(
            f"turned:{data['asset']}")
    if kind == "trait_added" and data["positive"]:
        return f.establish(f"trait:{data['asset']}", data["trait"], by=HERO)
    if kind == "moon_won":
        return f.establish(f"moon:scene-{data['scene']}", "", by=HERO)
    if kind == "threat_resolved":
        n = data["scene"]
        won = data["winner"] == HERO
        f = f.establish(f"{'won' if won else 'lost'}:scene-{n}", "", by=data["winner"])
        f = f.record(Outcome(step=beat.step, scene=f"scene-{n}", kind="threat",
                             winner=data["winner"],
                             loser=beat.view["scene_info"]["agent"] if won else HERO,
                             by="moon" if data.get("hero_moon") or data.get("agent_moon")
                             else "dice"))
        if f.stake(f"scene-{n}") is not None and f.stake(f"scene-{n}").open:
            f = f.resolve_stake(f"scene-{n}", "won" if won else "lost", beat.step)
        return f
    if kind == "quest_ended":
        return f.close_thread("quest").end()
    return f
