"""How the story reads, per game, over seeded offline autoplays (issue 22). Prints a table;
asserts nothing.

    python bench/story.py at-any-cost --seeds 20
    python bench/story.py at-any-cost becoming dragon-warrior heros-journey high-stakes --seeds 5

Each journal is a whole offline session in which the game's human seat is played by the offline
policy and speaks: on the moves its game's adapter names (``fabula.SPOKEN``) it adds a line of its
own words, as a player typing ``-- TEXT`` would (no words for a game without an adapter). Figures
per game:

* **repeat**: the share of the companion's narration sentences whose skeleton (names, numbers and
  quotes masked) occurs three or more times in the same journal; mean and worst journal.
* **stakes**: stakes the player stated (the fabula's) and those a narration took up.
* **epilogue**: sentences and particulars of the told ending (the narration row of kind
  ``epilogue``), fewest over the journals; ``n/a`` for a game that tells none yet; and how many of
  its sentences appear elsewhere in the journal.
* **refused**: lines the story layer refused because the fabula contradicts them.
* **stalled**: journals stopped because the policy opened a session only to end it (``IDLE``):
  the epilogue measured is that idle session's.

The telling (issue 41, ``companion/story/discourse.py``):

* **words/event**, **words/scene**: the companion's told words per game event (an event the
  small print shows) and per scene (a section the game heads; a game without headings is one).
* **sent/event**: told sentences per game event.
* **sent/routine**: told sentences per routine event (the goal: one per three or fewer): a beat is
  routine when none of its events opens a scene (a heading) or is of a kind its game's
  adapter names as carrying the scene (``fabula.SALIENT_EVENTS``: an arrival, a contest's end, a
  loss, the ending), whether the small print shows that event or only the story tells it (a
  Threat presented); the sentences told at routine beats over the events shown in them. A game
  whose adapter names none counts only its headings as salient.
* **own share**: the share of game events told in a sentence of their own (per beat, the events
  up to the number of sentences told for it).
* **prompts**: live prompts to the player ("What do you do?") in the story, over all journals.
* **pov**: the share of told sentences in the third person outside quotes (the player's own
  words are not counted: they are theirs).
* **unfit**: consistency failures over all journals: a thing the game names (a value under
  ``name`` or ``title`` in any view of the session: a foe, an item, a person, a place) that a line
  names but the state does not hold there (the views before and after its beat, and the beat's own
  public events: a friend the Ally's scene brings in before they are a card; for the epilogue,
  any view of the session), or names as already known ("the crabby mudcrab") before the story
  brought it in (the front matter and earlier told lines bring things in; the small print does
  not); only a thing the game writes with "a" or "an" must be brought in so.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.registry import game_module, get_game  # noqa: E402
from companion.journal.store import timeline  # noqa: E402
from companion.session import AI, HUMAN, Session  # noqa: E402
from companion.core.game import Action, Event  # noqa: E402
from companion.session.loop import game_options  # noqa: E402
from companion.story import discourse, weave  # noqa: E402
from companion.story.memory import sentences  # noqa: E402
from companion.story.stakes import taken  # noqa: E402
from companion.story.storylets import refusals  # noqa: E402
from companion.story.voice import DecisionRequest, OfflineVoice  # noqa: E402

MAX_DECISIONS = 3000
# What a player might say on a move, in their own words (first and third person, as players do).
WORDS = (
    "she will not let the river take the children",
    "I have to get the letter to the abbess before the snow",
    "Wren swears the ring goes home with her",
    "nobody gets left behind, not this time",
    "they will find the lost brother or not come back at all",
    "I keep my promise to the old miller",
    "the map stays out of the thief's hands",
    "he means to face the thing in the dark and walk away",
    "we hold the bridge until the lanterns are lit",
    "she wants the truth about her mother's death",
    "the dog comes home alive",
    "I will not kneel to anyone again",
)
QUOTE = re.compile(r"“[^”]*”|\"[^\"]*\"|‘[^’]*’")
NUMBER = re.compile(r"\d+")
NAME = re.compile(r"(?<=[\w,;:] )[A-Z][\w'’-]*")
# A session in which the human seat's policy did nothing but these is idle: the policy has no goal
# left (Dragon & Warrior's offline Warrior, its Quests done or in lairs above its Level, ends every
# morning at once). A player would stop there, so the journal stops (counted as "stalled").
IDLE = frozenset({"end", "award"})


def skeleton(sentence: str, names: list[str]) -> str:
    s = QUOTE.sub("Q", sentence)
    for name in sorted(names, key=len, reverse=True):
        if name:
            s = s.replace(name, "N")
    s = NUMBER.sub("0", s)
    return NAME.sub("N", s).lower()


def play(game, seed: int, out: Path | None = None) -> tuple[Session, bool]:
    """One offline session, the human seat played by the policy with words on spoken moves; and
    whether it stalled (an idle session: see ``IDLE``)."""
    seats = {seat: (HUMAN if seat == game.default_human else AI) for seat in game.seats}
    voice = OfflineVoice(game, seed)
    path = out / f"{game.name}-{seed}.jsonl" if out else None
    if path is not None and path.exists():
        path.unlink()
    s = Session.start(game, seed, seats, voice, path)
    adapter = game_module(game, "fabula")
    spoken = getattr(adapter, "SPOKEN", frozenset())
    rng = random.Random(seed * 7919 + 13)
    s.advance()
    moves: set[str] = set()  # the kinds of the human seat's moves this session
    for step in range(MAX_DECISIONS):
        if s.is_over():
            if moves and moves <= IDLE:
                return s, True  # the policy opened a session only to close it: it has no goal
            moves = set()
            if not s.go_on():
                break
            continue
        if s.offered is not None:
            s.tell("")
            continue
        seat = s.human_turn()
        if seat is None:
            break
        legal = s.legal(seat)
        request = DecisionRequest(game=game.name, seat=seat, step=len(s.actions),
                                  view=s.view(seat), legal=legal, labels=[])
        action = voice.decide(request, memory=s.memory).action
        if action.kind in spoken and rng.random() < 0.8:
            action = action.with_text(rng.choice(WORDS))
        moves.add(action.kind)
        s.submit(action)
    return s, False


def _names(v, out: set[str]) -> None:
    if isinstance(v, dict):
        for k, x in v.items():
            if k == "name" and isinstance(x, str) and x.strip():
                out.add(x)
            _names(x, out)
    elif isinstance(v, list):
        for x in v:
            _names(x, out)


def _bare(name: str) -> str:
    """A name without its article ("a crabby mudcrab" -> "crabby mudcrab"), as a line may say it
    with another."""
    words = " ".join(name.split())
    first, _, rest = words.partition(" ")
    return rest if first.lower() in ("a", "an", "the") and rest else words


def telling(s: Session, rows: list[dict], theirs: set[str]) -> dict:
    """The telling's figures for one session (see the module's docstring); ``theirs``: the
    player's own sentences (a told sentence that holds one of them is theirs too)."""
    said = [w.rstrip(".!?") for w in theirs if len(w.split()) > 2]

    def mine(x: str) -> bool:
        return x not in theirs and not any(w in x for w in said)

    game = s.game
    hooks = game_module(game, "render")
    t = timeline(s.header, s.rows)
    state = game.setup(game_options(game, s.header))
    told: dict[int, list[dict]] = {}
    for r in rows:
        if r["type"] == "narration" and not r.get("seat"):
            told.setdefault(r["n"], []).append(r)
    views: list[str] = []  # each state's views as text (lower case), before the first action
    known: set[str] = set()
    seats = (None, game.default_human)  # what the table sees and what the player's seat sees

    def seen(state) -> str:
        vs = [game.view(state, seat) for seat in seats]
        for v in vs:
            _names(v, known)
        return json.dumps(vs, ensure_ascii=False).lower()

    views.append(seen(state))
    events = scenes = routine = routine_told = 0
    salient = getattr(game_module(game, "fabula"), "SALIENT_EVENTS", frozenset())
    beats: list[tuple[int, int]] = []
    words = 0
    steps: list[tuple[int, int]] = []  # (action n, index into views after it)
    logged: dict[int, str] = {}  # each action's public events as text (lower case): the log there
    for row in t.actions:
        logged[row["n"]] = json.dumps([e for e in row.get("events", []) if e.get("visible_to")
                                       is None], ensure_ascii=False).lower()
        state, _ = game.apply(state, Action.model_validate(row["action"]))
        views.append(seen(state))
        steps.append((row["n"], len(views) - 1))
        shown = 0
        carries = False  # the beat carries its scene: a heading or a salient event
        for e in row.get("events", []):
            ev = Event.model_validate(e)
            if ev.visible_to is not None:
                continue
            if hooks is not None and getattr(hooks, "heading", None) and hooks.heading(ev):
                scenes += 1
                carries = True
            carries = carries or ev.kind in salient  # shown or told only (a Threat presented)
            if hooks is None or hooks.mechanics(ev, None):
                shown += 1
        events += shown
        ours = [x for r in told.get(row["n"], []) for x in discourse.split(r["text"]) if mine(x)]
        words += sum(len(x.split()) for x in ours)
        beats.append((shown, len(ours)))
        if not carries:
            routine += shown
            routine_told += len(ours)
    at = dict(steps)
    refs = discourse.Referents(_bare(n) for n in known)
    # only a thing the game itself writes with "a" is one the story must bring in before "the":
    # a place the game names with "the" (the item shop, the streets of Quillstead) is known
    refs.introduced.update(_bare(n) for n in known if n.split(" ", 1)[0].lower() not in ("a", "an"))
    final = game.view(state, None)  # the front matter, as the journal renders it
    refs.meet("\n".join(getattr(hooks, f)(final) for f in ("story_title", "front_matter")
                        if hooks is not None and hasattr(hooks, f)))
    prompts = unfit = third = counted = 0
    problems: list[str] = []
    for r in rows:
        if r["type"] != "narration" or r.get("seat"):
            continue
        text = r["text"]
        prompts += len(discourse.prompts(text))
        for x in discourse.split(text):
            if not mine(x):
                continue
            counted += 1
            third += discourse.person(x) == {"third"}
        i = at.get(r["n"], 0)
        held = " ".join(views) if r.get("kind") == "epilogue" else views[max(i - 1, 0)] + views[i]
        held += logged.get(r["n"], "")  # a person the beat's own events bring in (a friend's scene)
        for name in refs.named(text):
            if name.lower() not in held:
                unfit += 1
                problems.append(f"not held: {name!r} in {text[:80]!r}")
        for name in refs.unintroduced(discourse.unquoted(text)):
            unfit += 1
            problems.append(f"not brought in: {name!r} in {text[:80]!r}")
        refs.meet(text)
    return {"events": events, "scenes": max(scenes, 1), "words": words,
            "own": sum(min(e, n) for e, n in beats), "told_sentences": sum(n for _, n in beats),
            "routine": routine, "routine_told": routine_told,
            "prompts": prompts, "third": third, "counted": counted, "unfit": unfit,
            "problems": problems}


def measure(s: Session, stalled: bool = False) -> dict:
    rows = timeline(s.header, s.rows).rows
    told = [r for r in rows if r["type"] == "narration" and not r.get("seat")]
    names = [p.name for p in s.memory.fabula.cast.values()]
    names += [w for r in rows if r["type"] == "action" and r["action"].get("kind") in
              ("name", "name_hero") for w in [r["action"].get("text", "")] if w]
    # only the human seat's words are the player's: an AI seat's text (the GM's words, the
    # Antagonist's questions) is the companion's
    human = {seat for seat, kind in s.header.get("seats", {}).items() if kind == HUMAN}
    theirs = {x for r in rows if r["type"] == "action" and r["action"].get("text")
              and r["action"].get("seat") in human
              for x in sentences(weave.prose(r["action"]["text"]))}
    said = [w.rstrip(".!?") for w in theirs if len(w.split()) > 2]
    theirs |= {x for r in told for x in sentences(r["text"]) if any(w in x for w in said)}
    all_sentences = [x for r in told for x in sentences(r["text"]) if x not in theirs]
    shapes = Counter(skeleton(x, names) for x in all_sentences)
    repeated = sum(1 for x in all_sentences if shapes[skeleton(x, names)] >= 3)
    stakes = {st.id for st in s.memory.fabula.stakes}
    ending = [r for r in told if r.get("kind") == "epilogue"]
    out = {"sentences": len(all_sentences),
           "repeat": repeated / len(all_sentences) if all_sentences else 0.0,
           "stated": len(stakes), "taken": len(stakes & taken(s.memory.used)),
           "refused": refusals(s.memory.used), "epilogue": None, "particulars": None,
           "echoed": 0, "over": s.is_over(), "stalled": stalled}
    out.update(telling(s, rows, theirs))
    if ending:
        text = ending[-1]["text"]
        out["epilogue"] = len(sentences(text))
        out["particulars"] = len([p for p in ending[-1].get("particulars", [])
                                  if p.lower() in text.lower()])
        elsewhere = {x for r in told if r is not ending[-1] for x in sentences(r["text"])}
        out["echoed"] = sum(1 for x in sentences(text) if x in elsewhere)
    return out


def own_lines(s: Session) -> dict:
    """The player's own lines (the human seat's ``-- TEXT``) that the story takes up again: told
    in a narration after the round they were said in, and in the epilogue (each line once; a
    game without rounds counts its beats)."""
    rows = timeline(s.header, s.rows).rows
    human = {seat for seat, kind in s.header.get("seats", {}).items() if kind == HUMAN}
    key = lambda t: " ".join(re.sub(r"[^\w\s]", " ", t.lower()).split())  # noqa: E731
    rnd, at, said, mine = 0, {}, [], {}
    for r in rows:
        if r["type"] != "action":
            continue
        rnd += sum(1 for e in r.get("events", []) if e.get("kind") in ("round", "scene"))
        at[r["n"]] = rnd
        text = r["action"].get("text", "")
        mine[r["n"]] = key(text)  # told at its own beat as the player's telling: not a take-up
        if r["action"].get("seat") in human and len(text.split()) > 2 and \
                r["action"].get("kind") not in ("name", "name_hero", "pronouns"):
            said.append((r["n"], key(text)))
    later, ending = set(), set()
    for r in rows:
        if r["type"] != "narration" or r.get("seat"):
            continue
        told = key(r["text"])
        for n, words in said:
            if words and words in told and words != mine.get(r["n"]):
                if r.get("kind") == "epilogue":
                    ending.add(words)
                elif at.get(r["n"], 0) > at.get(n, 0):
                    later.add(words)
    return {"own_said": len({w for _, w in said}), "own_later": len(later),
            "own_ending": len(ending)}


def own_table(rows: list[dict]) -> str:
    """The player's own lines taken up (``own_lines``): fewest per journal, and the total."""
    lines = ["", "| game | own lines said | taken up later (min) | in the epilogue (min) |",
             "|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['game']} | {r['own_said']} | {r['own_later_min']} "
                     f"({r['own_later']}) | {r['own_ending_min']} ({r['own_ending']}) |")
    return "\n".join(lines)


def row(game_name: str, seeds: int, out: Path | None = None) -> dict:
    game = get_game(game_name)
    runs = []
    for seed in range(1, seeds + 1):
        session, stalled = play(game, seed, out)
        runs.append({**measure(session, stalled), **own_lines(session)})
    epi = [r["epilogue"] for r in runs if r["epilogue"] is not None]
    par = [r["particulars"] for r in runs if r["particulars"] is not None]
    return {
        "game": game.name, "journals": len(runs),
        "finished": sum(r["over"] for r in runs),
        "sentences": sum(r["sentences"] for r in runs) / len(runs),
        "repeat_mean": sum(r["repeat"] for r in runs) / len(runs),
        "repeat_max": max(r["repeat"] for r in runs),
        "stated": sum(r["stated"] for r in runs), "taken": sum(r["taken"] for r in runs),
        "epilogues": len(epi), "epi_min": min(epi) if epi else None,
        "par_min": min(par) if par else None, "echoed": sum(r["echoed"] for r in runs),
        "refused": sum(r["refused"] for r in runs),
        "stalled": sum(r["stalled"] for r in runs),
        "events": sum(r["events"] for r in runs), "scenes": sum(r["scenes"] for r in runs),
        "words": sum(r["words"] for r in runs), "own": sum(r["own"] for r in runs),
        "told": sum(r["told_sentences"] for r in runs), "prompts": sum(r["prompts"] for r in runs),
        "third": sum(r["third"] for r in runs), "counted": sum(r["counted"] for r in runs),
        "unfit": sum(r["unfit"] for r in runs),
        "routine": sum(r["routine"] for r in runs),
        "routine_told": sum(r["routine_told"] for r in runs),
        "problems": [p for r in runs for p in r["problems"]],
        **{f"own_{k}": sum(r[f"own_{k}"] for r in runs) for k in ("said", "later", "ending")},
        **{f"own_{k}_min": min(r[f"own_{k}"] for r in runs) for k in ("later", "ending")},
    }


def table(rows: list[dict]) -> str:
    head = ("game", "journals", "ended", "sent/journal", "repeat mean", "repeat worst",
            "stakes stated", "taken up", "epilogues", "epi sent min", "particulars min",
            "epi sent elsewhere", "refused", "stalled")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += _rows(rows)
    head = ("game", "words/event", "words/scene", "sent/event", "sent/routine", "own share",
            "prompts", "pov 3rd", "unfit")
    lines += ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        ev = max(r["events"], 1)
        cells = (r["game"], f"{r['words'] / ev:.2f}", f"{r['words'] / max(r['scenes'], 1):.0f}",
                 f"{r['told'] / ev:.2f}", f"{r['routine_told'] / max(r['routine'], 1):.2f}",
                 f"{100 * r['own'] / ev:.0f}%", r["prompts"],
                 f"{100 * r['third'] / max(r['counted'], 1):.0f}%", r["unfit"])
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


def _rows(rows: list[dict]) -> list[str]:
    lines = []
    for r in rows:
        share = f"{100 * r['taken'] / r['stated']:.0f}%" if r["stated"] else "-"
        cells = (r["game"], r["journals"], r["finished"], f"{r['sentences']:.0f}",
                 f"{100 * r['repeat_mean']:.1f}%", f"{100 * r['repeat_max']:.1f}%",
                 r["stated"], f"{r['taken']} ({share})", f"{r['epilogues']}/{r['journals']}",
                 "n/a" if r["epi_min"] is None else r["epi_min"],
                 "n/a" if r["par_min"] is None else r["par_min"], r["echoed"], r["refused"],
                 r["stalled"])
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="+", help="game names (at-any-cost, becoming, ...)")
    p.add_argument("--seeds", type=int, default=5, help="journals per game (seeds 1..N)")
    p.add_argument("--out", type=Path, help="write each journal to this folder (to read them)")
    p.add_argument("--why", action="store_true", help="list each consistency failure")
    args = p.parse_args(argv)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in args.games:
        rows.append(row(name, args.seeds, args.out))
        print(f"{name}: done", file=sys.stderr)
    print(table(rows))
    print(own_table(rows))
    if args.why:
        for r in rows:
            for line in r["problems"]:
                print(f"{r['game']}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
