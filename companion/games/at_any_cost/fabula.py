"""At Any Cost's story adapter: what each beat adds to the fabula (companion.story.fabula).

* cast: the hero (``hero``), named and with the player's pronouns;
* facts: ``hero:details`` (the player's sentence about the hero), ``anchor:ID`` (each Anchor kept,
  in the player's words; ended when it is lost), ``answer:ID:N`` (answers to the Antagonist's
  questions), ``place:ID`` (each place reached), ``stage:N`` (the step stage N began at),
  ``threat:N`` (the card the Antagonist's last play in stage N is told by), ``said:STEP`` (the
  player's words on a move);
* stakes: the Protagonist's own words on a move of a stage (``play ... -- TEXT``, ``sacrifice ...
  -- TEXT``) state what the hero tries there, one stake per stage (``stage-N``, the first words
  said in it, or later ones that state it more plainly: an oath, a condition or a will over the
  hero's own speech, speech over a deed told); the stage's end resolves it: won when the Antagonist folds, lost when the hero
  folds, mixed when the hero pays an Anchor to get past; a stake worded for a place further on
  the road ("I will find my fortune on the enchanted mountain", said at the crossroads) waits
  for that place's stage to end, and is resolved there;
* outcomes: each stage's result and its cost (the Anchor lost), by fold or sacrifice;
* threads: each Anchor still held is a thread (``anchor:ID``, kind ``anchor``) the story may
  close; the journey itself is one (``journey``) until the epilogue.
"""
from __future__ import annotations

from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST
from companion.games.at_any_cost.words import main_card, narration_data
from companion.story import pronouns
from companion.story.fabula import HERO, Fabula, Outcome, Person
from companion.story.nouns import names_place
from companion.story.stakes import weight
from companion.story.voice import Beat

SPOKEN = frozenset({"play", "sacrifice"})  # the Protagonist's moves whose words state a stake
# The events that carry a stage (bench/story.py's salient beats): the road, the arrival, the
# threat set, the stage's end and its cost, the ending. A raise or a meet is routine: told within
# the stage's telling, not each in sentences of its own.
SALIENT_EVENTS = frozenset({"map_dealt", "anchors_kept", "stage_begun", "location_revealed",
                            "challenge_set", "stage_ended", "antagonist_folded",
                            "protagonist_folded", "anchor_sacrificed", "journey_ended"})
RESULT = {"antagonist_folded": "won", "protagonist_folded": "lost", "sacrifice": "mixed"}


# The moves of a stage nobody told, kept in the fabula (so rebuilt by replay, unlike what a beat
# that told nothing would remember): "met:STAGE:STEP" and "raised:STAGE:STEP" -> the cards.
MET, RAISED = "met:", "raised:"


def moves(f: Fabula, prefix: str, stage: int) -> list[tuple[int, list[str]]]:
    """The stage's untold meets (``MET``) or raises (``RAISED``): (step, cards), in order."""
    keys = sorted(f.fact_keys(f"{prefix}{stage}:"))
    return [(int(k.rsplit(":", 1)[1]), [c for c in f.words(k).split(",") if c]) for k in keys]


def feed(fabula: Fabula, beat: Beat) -> Fabula:
    action = beat.action
    # the stage the move was made in (a move that ends a stage also begins the next one)
    stage = next((e.data["stage"] for e in beat.events if e.kind != "stage_begun"
                  and isinstance(e.data.get("stage"), int)), beat.view.get("stage") or 0)
    words = " ".join(action.text.split())
    if words and action.seat == PROTAGONIST and action.kind in SPOKEN and stage:
        sid = f"stage-{stage}"
        stated = fabula.stake(sid)
        if stated is None or (stated.open and weight(words) > weight(stated.words)):
            fabula = fabula.state_stake(sid, PROTAGONIST, words, about=sid, step=beat.step)
        fabula = fabula.establish(f"said:{beat.step}", words, by=PROTAGONIST)
    for event in beat.events:
        fabula = _event(fabula, event.kind, event.data, beat)
    return fabula


def _event(f: Fabula, kind: str, data: dict, beat: Beat) -> Fabula:
    if kind == "hero_named":
        return f.meet(Person(key=HERO, name=data["name"] or "the hero", role=PROTAGONIST))
    if kind == "hero_pronouns":
        hero = f.hero() or Person(key=HERO, name=data.get("name") or "the hero")
        said = pronouns.parse_or_they(data.get("pronouns"))
        return f.meet(hero.model_copy(update={"pronouns": said}))
    if kind == "hero_described" and data.get("text"):
        return f.establish("hero:details", data["text"], by=PROTAGONIST)
    if kind == "map_dealt":
        return f.at(place=data["first"], scene="setup").open_thread(
            "journey", "journey", f"from {data['first']} to {data['last']}", beat.step)
    if kind == "anchors_kept":
        for a in data["anchors"]:
            f = f.establish(f"anchor:{a}", "", by=PROTAGONIST).open_thread(
                f"anchor:{a}", "anchor", a, beat.step)
        return f
    if kind == "anchor_answered":
        return f.establish(f"anchor:{data['anchor']}", data["text"], by=PROTAGONIST)
    if kind == "question_answered":
        n = len(f.fact_keys("answer:"))
        return f.establish(f"answer:{data['anchor']}:{n}", data["text"], by=PROTAGONIST)
    if kind == "stage_begun":
        return f.at(scene=f"stage-{data['stage']}").establish(f"stage:{data['stage']}",
                                                               str(beat.step))
    untold = not " ".join(beat.action.text.split())  # the player did not tell this move
    if kind == "challenge_met" and untold:  # gathered into the stage's end (narrate.py)
        return f.establish(f"{MET}{data['stage']}:{beat.step:06d}", ",".join(data["cards"]))
    if kind in ("challenge_set", "challenge_raised"):
        f = f.establish(f"threat:{data['stage']}", main_card(data["cards"]), by=ANTAGONIST)
        if kind == "challenge_raised" and untold:  # the first told as it comes, the rest gathered
            f = f.establish(f"{RAISED}{data['stage']}:{beat.step:06d}", ",".join(data["cards"]))
        return f
    if kind == "location_revealed":
        return f.at(place=data["location"]).establish(f"place:{data['location']}",
                                                      str(data["stage"]))
    if kind == "antagonist_folded":
        return _stage_end(f, data["stage"], "antagonist_folded", "", beat)
    if kind == "anchor_sacrificed":
        a = data["anchor"]
        f = f.end_fact(f"anchor:{a}").close_thread(f"anchor:{a}")
        return _stage_end(f, data["stage"], "protagonist_folded" if data.get("fold")
                          else "sacrifice", a, beat)
    if kind == "journey_ended":
        if data.get("text"):
            f = f.establish("ending", data["text"], by=PROTAGONIST)
        return f.at(place=data["last"], scene="ending").close_thread("journey").end()
    return f


def ahead(words: str, view: dict, stage: int) -> int:
    """The later stage whose place ``words`` name ("I will find my fortune on the enchanted
    mountain", said at the crossroads: the mountain's stage), among the places the road shows;
    0 when they name none ahead."""
    for i, entry in enumerate(view.get("map") or [], 1):
        loc = entry.get("location")
        if i > stage and loc and loc in narration_data().places and names_place(
                words, [p.words for p in narration_data().places[loc].np]):
            return i
    return 0


def _stage_end(f: Fabula, stage: int, result: str, anchor: str, beat: Beat) -> Fabula:
    step = beat.step
    won, lost = result == "antagonist_folded", result == "protagonist_folded"
    kept = tuple(k.split(":", 1)[1] for k in f.fact_keys("anchor:", true=True))
    f = f.record(Outcome(step=step, scene=f"stage-{stage}", kind="stage",
                         winner=HERO if won else ANTAGONIST if lost else "",
                         loser=ANTAGONIST if won else HERO if lost else "",
                         lost=(anchor,) if anchor else (), kept=kept,
                         by={"antagonist_folded": "fold", "protagonist_folded": "fold",
                             "sacrifice": "sacrifice"}[result]))
    sid = f"stage-{stage}"
    for stake in f.open_stakes():  # a stake worded for a place ahead waits for that place
        said_at = int(stake.id.split("-")[1]) if stake.id.startswith("stage-") else stage
        if stake.id == sid and ahead(stake.words, beat.view, stage):
            continue
        if stake.id == sid or ahead(stake.words, beat.view, said_at) == stage:
            f = f.resolve_stake(stake.id, RESULT[result], step)
    return f
