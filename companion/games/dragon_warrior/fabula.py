"""Dragon & Warrior's story adapter: what each beat adds to the fabula (companion.story.fabula).

* cast: the Warrior (``hero``, named, with the player's pronouns); a Party Member while it is in
  the party (``pm``);
* facts: ``answer:ROLE:N`` (session zero's answers), ``trait:N``, ``town`` (the home town's
  name), ``quest:N`` (each Quest given), ``found:N`` (each item taken), ``foe:N`` (each foe
  beaten), ``boss`` (the last Boss beaten) and ``boss:N`` (each), ``dungeon:N`` (each dungeon
  cleared), ``defeat:N`` (each defeat, by whom), ``session:N`` (established when session N of a
  campaign opens: the facts after it are that session's, see :func:`this_session`), ``place``
  moves with the Warrior;
* stakes: the Warrior's own words on ``fight`` or ``unlock`` (``-- TEXT``) state what
  the Warrior tries: one stake per battle (the first words said in it) resolved by its end (won,
  lost, or mixed when the Warrior fled), one per Obstacle attempt resolved when Treasure judges it;
* outcomes: each battle's result;
* threads: each open Quest (``quest:N``), each Quest item held (``item:NAME``).
"""
from __future__ import annotations

from companion.story import pronouns
from companion.story.fabula import HERO, Fabula, Outcome, Person
from companion.story.voice import Beat

SPOKEN = frozenset({"fight", "unlock"})  # the Warrior's moves whose words state a stake
# The events that carry a scene (bench/story.py's salient beats): arriving in a town or a dungeon,
# a session's road or morning, a battle begun and ended (won, lost, fled: a level gained is told
# with the win), a level's points and spells, a Quest given, done or turned in, a Party Member
# joining or leaving, a defeat's waking at the inn, a dungeon cleared, the Ball of Light, the end.
# A blow, a card drawn, a walk through the streets, a purchase is routine: told within its scene.
SALIENT_EVENTS = frozenset({"palette_made", "king_speaks", "town_named", "voyage", "morning",
                            "obstacle_passed", "obstacle_holds", "battle_begun", "battle_over",
                            "raised", "quest_given", "quest_done", "quest_turned_in", "pm_joined",
                            "pm_left", "woke_at_inn", "dungeon_cleared", "ball_of_light",
                            "session_ended"})


def _hero(f: Fabula, view: dict) -> Fabula:
    w = view.get("warrior") or {}
    said = pronouns.parse_or_they(w.get("pronouns"))
    return f.meet(Person(key=HERO, name=w.get("name") or "the Warrior", pronouns=said,
                         role="warrior"))


def feed(fabula: Fabula, beat: Beat) -> Fabula:
    action, view = beat.action, beat.view
    words = " ".join((action.text or "").split())
    battles = view.get("battles", 0)
    session = view.get("session", 1)
    if session > 1 and f"session:{session}" not in fabula.facts:
        fabula = fabula.establish(f"session:{session}")  # what follows is this session's
    if words and action.seat == "warrior" and action.kind in SPOKEN:
        # a battle's number: the next one when the Warrior calls it, this one in a fight
        n = battles if action.kind == "attack" or view.get("phase") == "battle" else battles + 1
        sid = f"unlock-{beat.step}" if action.kind == "unlock" else f"battle-{n}"
        if fabula.stake(sid) is None and not (action.kind == "unlock" and not words):
            fabula = fabula.state_stake(sid, "warrior", words, about=action.kind, step=beat.step)
    for event in beat.events:
        fabula = _event(fabula, event.kind, event.data, beat, view)
    return fabula


def _count(f: Fabula, prefix: str) -> int:
    return len(f.fact_keys(prefix))


def _event(f: Fabula, kind: str, d: dict, beat: Beat, view: dict) -> Fabula:
    step = beat.step
    if kind in ("named", "pronouns"):
        return _hero(f, view)
    if kind == "answered" and d.get("answer", d.get("text")):
        role = d.get("role", "")
        return f.establish(f"answer:{role}:{_count(f, 'answer:')}", d.get("answer",
                                                                        d.get("text")), by=role)
    if kind == "trait":
        return f.establish(f"trait:{_count(f, 'trait:')}", d.get("text", ""), by="warrior")
    if kind == "town_named":
        return f.establish("town", d["name"], by="treasure").at(place=d["name"])
    if kind == "king_speaks" and d.get("quest"):
        return f.establish(f"quest:{_count(f, 'quest:')}", d["quest"], by="ally").open_thread(
            f"quest:{d['quest']}", "quest", d["quest"], step)
    if kind == "quest_given":
        n = _count(f, "quest:")
        return f.establish(f"quest:{n}", d["text"], by="ally").open_thread(
            f"quest:{d['text']}", "quest", d["text"], step)
    if kind == "quest_turned_in":
        return f.close_thread(f"quest:{d['text']}")
    if kind == "taken":
        f = f.establish(f"found:{_count(f, 'found:')}", d["item"], by="treasure")
        if d.get("kind") == "quest":
            f = f.open_thread(f"item:{d['item']}", "quest-item", d["item"], step)
        return f
    if kind == "obstacle_passed":
        f = f.close_thread(f"item:{d['item']}").establish(
            f"opened:{d['dungeon']}", d["item"], by="warrior")
        return _resolve_unlock(f, "won", step)
    if kind == "obstacle_holds":
        return _resolve_unlock(f, "lost", step)
    if kind == "entered":
        return f.at(place=d["name"])
    if kind == "battle_begun":
        return f.at(scene=f"battle-{view.get('battles', 0)}")
    if kind == "pm_joined":
        return f.meet(Person(key="pm", name=d["name"], role="party"))
    if kind == "pm_left":
        return f.leave("pm")
    if kind == "quest_item_held" and d.get("proper"):
        return f.close_thread(f"item:{d['item']}").establish(
            f"bared:{d['foe']}", d["item"], by="warrior")
    if kind == "battle_over":
        result = {"victory": "won", "defeat": "lost"}.get(d["result"], "mixed")
        sid = f"battle-{view.get('battles', 0)}"
        st = f.stake(sid)
        if st is not None and st.open:
            f = f.resolve_stake(sid, result, step)
        f = f.record(Outcome(step=step, scene=sid, kind="boss" if d.get("boss") else "battle",
                             winner=HERO if result == "won" else d["foe"],
                             loser=d["foe"] if result == "won" else HERO))
        if result == "won":
            f = f.establish(f"foe:{_count(f, 'foe:')}", d["foe"], by="villain")
            if d.get("boss"):
                f = f.establish("boss", d["foe"], by="villain").establish(
                    f"boss:{_count(f, 'boss:')}", d["foe"], by="villain")
        elif result == "lost":
            f = f.establish(f"defeat:{_count(f, 'defeat:')}", d["foe"], by="villain")
        return f
    if kind == "dungeon_cleared":
        return f.establish(f"dungeon:{_count(f, 'dungeon:')}", d["name"], by="warrior")
    if kind == "woke_at_inn":
        return f.at(place=d.get("town") or "the inn")
    return f


def this_session(f: Fabula, prefix: str, session: int) -> list[str]:
    """The words of the facts ``prefix...`` established in session ``session`` of a campaign
    (facts keep the order they were established in; a session's begin at its marker)."""
    keys = list(f.facts)
    marker = f"session:{session}"
    start = keys.index(marker) + 1 if marker in f.facts else 0
    return [f.words(k) for k in keys[start:] if k.startswith(prefix)]


def _resolve_unlock(f: Fabula, result: str, step: int) -> Fabula:
    for st in f.open_stakes():
        if st.id.startswith("unlock-"):
            f = f.resolve_stake(st.id, result, step)
    return f
