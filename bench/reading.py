"""How well the companion understands what players write: bench/reading_corpus.toml, read by the
consumers a player meets (High Stakes' GM, a Trait's fit, a fact made true, a vow or a remark, a
Dragon & Warrior `talk`, the drafting aid), offline, accuracy per game and per kind, for the
tuned part and the part held aside (never tuned on).

    python bench/reading.py                 # both parts, per game and per kind
    python bench/reading.py --misses tune   # list the tuned part's misses (never the held part's)
    python bench/reading.py --game dragon-warrior --part held   # one game's figure, one part
    python bench/reading.py --model smollm2 --base-url URL   # the model picks among candidates

Each case is read end to end where a consumer exists (the GM's chosen way, its Trait ruling, the
eased Difficulty, the talk topic, the draft's roll), so the same script measures an older main.
"""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.high_stakes.drive import do, frame, start  # noqa: E402  (the engine, driven)

from companion.games.high_stakes import plan as hs_plan  # noqa: E402
from companion.games.high_stakes.engine import HighStakes  # noqa: E402

G = HighStakes()
_VIEWS: dict[tuple[str, str, str], dict] = {}


def _view(scene: str, text: str, attribute: str) -> dict:
    key = (scene, text, attribute)
    if key not in _VIEWS:
        s = frame(start("ash"), scene=scene)
        s = do(s, "player", "act", text, character="ash", attribute=attribute)
        _VIEWS[key] = G.view(s, "gm")
    return dict(_VIEWS[key])


MODEL = None  # a ModelClient when --model is given: it picks among the offline candidates


def hs_action(c: dict) -> tuple[bool, str]:
    view = _view(c["scene"], c["text"], c["attribute"])
    rules = hs_plan.load()
    if MODEL is not None:
        from companion.llm.reading import pick
        labels = []
        for _, _, p, ap in hs_plan.candidates(view, c["text"], c["attribute"], rules):
            if ap.label not in labels and p.passes:
                labels.append(ap.label)
        labels = labels[:3]
        scene = rules.scenes[c["scene"]].place
        i = pick(MODEL, c["text"], labels, scene)
        if i is not None:
            got = labels[i] if i < len(labels) else "as said"
            return got == c["way"], f"model: {got}"
    found = hs_plan.pick_approach(view, c["text"], c["attribute"], rules)
    if found is None:
        return c["way"] == "as said", "no way"
    _, ap = found
    said = ap.reason.startswith("as you said it")
    got = "as said" if said else ap.label
    return got == c["way"], got


def hs_trait(c: dict) -> tuple[bool, str]:
    view = _view(c["scene"], c["text"], c["attribute"])
    found = hs_plan.pick_approach(view, c["text"], c["attribute"], hs_plan.load())
    view["roll"] = {"problem": found[0].id if found else "", "pools": [{"attribute": c["attribute"]}],
                    "asking": {"kind": "trait", "what": c["trait"]}}
    ok, why = hs_plan.judge(view)
    return ok == c["fits"], why or "fits"


def hs_fact(c: dict) -> tuple[bool, str]:
    view = _view(c["scene"], c["text"], c["attribute"])
    view["made_true"] = [{"kind": "object", "text": c["fact"], "character": "ash"}]
    view["facts"] = [c["fact"]]
    plan = hs_plan.current_plan(view)
    used = bool(plan.get("made"))
    return used == c["uses"], plan.get("reading", "")


def words_kind(c: dict) -> tuple[bool, str]:
    try:
        from companion.story.reading import kind_of
    except ImportError:  # before the reading layer: the stake reader's own rule
        from companion.story.stakes import COMMITS, FIRST_PERSON, STAKE
        t = c["text"]
        if t.rstrip().endswith("?"):
            got = "question"
        elif STAKE.search(t) and t.lower().startswith(("if", "unless", "should")):
            got = "stake"
        elif COMMITS.search(t) and FIRST_PERSON.search(t):
            got = "vow"
        else:
            got = "deed" if FIRST_PERSON.search(t) else "remark"
        return got == c["kind"], got
    got = kind_of(c["text"])
    return got == c["kind"], got


_HJ: dict[str, tuple] = {}


def hj_position(at: str) -> tuple[dict, list, str]:
    """The Hero's Journey's fixed table of the corpus (see its header): (view, legal, seat)."""
    if at not in _HJ:
        from tests.heros_journey.table import deal, go, make

        from companion.games.heros_journey import GAME
        wren = {"stage": 3, "mentors": ["soldier", "light-keeper"], "places": ["forest"],
                "tokens": {"moons": 1, "suns": 1, "waves": 2, "leaves": 1, "wyrms": 2,
                           "knots": 2}, "hand": ["ace-wyrms"]}
        slots = (("author", "desert"), ("painter", "mountain"), ("watchman", "island"))
        if at == "turn":
            s, seat = make([wren, {"stage": 2}], slots=slots), "hero1"
        elif at == "offer":  # Brannoc offers Wren a Wave for a Wyrm
            s = make([wren, {"stage": 2, "tokens": {"waves": 3}}], slots=slots,
                     tasks=[{"k": "respond", "seat": "hero1", "from": "hero2",
                             "give": {"waves": 1}, "get": {"wyrms": 1}},
                            {"k": "turn", "seat": "hero2"}])
            seat = "hero1"
        else:  # a rival attempts; Wren (hero2, below it) may contest, then bid
            rival = {"stage": 2, "tokens": {"moons": 2, "waves": 3, "suns": 3},
                     "hand": ["ace-moons"]}
            s = make([rival, {**wren, "stage": 2}], slots=slots)
            s = go(deal(go(s, "hero1", "challenge"), "ace-suns"), "hero1", "play",
                   card="ace-suns")
            seat = "hero2"
            if at == "bid":
                s = go(s, "hero2", "contest", card="ace-wyrms", bid=1)
                s = go(s, "hero1", "raise", bid=2)
        _HJ[at] = (GAME.view(s, seat), GAME.legal_actions(s, seat), seat)
    return _HJ[at]


def hj_move(c: dict) -> tuple[bool, str]:
    """Free words at a Hero's Journey prompt, read into the move the game makes."""
    from companion.core.verbs import CommandError
    from companion.games.heros_journey import commands

    view, legal, seat = hj_position(c["at"])
    try:
        found = commands.rewrite(c["text"], view, legal)
    except CommandError as e:  # read as a move whose details are asked ("rest" fits 2 moves)
        found = None
        asked = re.search(r"” reads as an? (\w+)(?: to the (\w+)'s Encounter)?", e.message)
        got = asked.group(1) if asked else "none"
        if asked and asked.group(2):  # a travel whose pair is read, asked who comes along
            got += " " + asked.group(2).lower()
        return got == " ".join(x for x in (c["move"], c.get("pair", "")) if x), got
    if found:
        verb, _, rest = found[0].partition(" ")
        moves = commands.parse(verb, rest, view, legal, seat)
        got = {"decline": "pass", "drop": "pass", "raise": "bid"}.get(moves[0].kind,
                                                                           moves[0].kind)
        if got == "travel" and c.get("pair"):
            from companion.games.heros_journey.labels import PAIR_WORDS
            got += " " + PAIR_WORDS[moves[0].args["pair"]]
        return got == " ".join(x for x in (c["move"], c.get("pair", "")) if x), got
    return c["move"] == "none", "none"


def act(c: dict) -> tuple[bool, str]:
    if "move" in c:
        return hj_move(c)
    try:
        from companion.story.reading import read
    except ImportError:
        return False, "no reading layer"
    r = read(c["text"])
    return r.act in c["act"], r.act or "none"


def attribute(c: dict) -> tuple[bool, str]:
    """The attribute plain words imply (High Stakes declares with it when none is typed)."""
    from companion.story.reading import read
    got = read(c["text"]).declared_attribute
    return got == c["attribute"], got or "none"


def talk(c: dict) -> tuple[bool, str]:
    from companion.games.dragon_warrior import talk as dw_talk
    got = dw_talk.topic(c["text"], c.get("dear", ""))
    return got == c["topic"], got or "none"


def draft(c: dict) -> tuple[bool, str]:
    if c["game"] == "high-stakes":
        from companion.games.high_stakes import draft as hs_draft
        d = hs_draft.build(c["text"], seed=1)
        rolled = d.get("roll", True) is not False
        return rolled == c["rolled"], f"rolled={rolled} type={d.get('type', '')}"
    from companion.games.dragon_warrior import draft as dw_draft
    from companion.story.lemmas import lemma_set
    try:
        out = dw_draft.run(c["what"], c["text"], seed=1, as_json=True)
    except TypeError:
        return False, "draft signature differs"
    import re as _re
    told = _re.sub(_re.escape(c["text"]), " ", str(out), flags=_re.IGNORECASE)  # not the premise
    told = _re.sub(_re.escape(c["text"].title()), " ", told)  # echoed back, nor its title
    lemmas = lemma_set(told)
    missing = [t for t in c["things"] if t not in lemmas]
    return not missing, f"missing {missing}" if missing else "all there"


def judge_case(c: dict) -> tuple[bool, str]:
    kind = c["kind"]
    if c["game"] == "high-stakes" and kind == "action":
        return hs_action(c)
    if kind == "trait":
        return hs_trait(c)
    if kind == "fact":
        return hs_fact(c)
    if kind in ("vow", "remark", "stake", "question", "deed"):
        return words_kind(c)
    if kind == "act":
        return act(c)
    if kind == "talk":
        return talk(c)
    if kind == "attribute":
        return attribute(c)
    if kind == "draft":
        return draft(c)
    raise ValueError(f"unknown kind {kind!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "bench" / "reading_corpus.toml"))
    ap.add_argument("--misses", choices=["tune"], help="list the misses of the tuned part")
    ap.add_argument("--game", help="only this game's cases (e.g. dragon-warrior)")
    ap.add_argument("--part", choices=["tune", "held"], help="only this part's cases")
    ap.add_argument("--model", help="a model picks High Stakes' readings among the candidates")
    ap.add_argument("--base-url", help="the OpenAI-compatible server of --model")
    args = ap.parse_args(argv)
    if args.model:
        global MODEL
        from companion.llm.client import ModelClient
        from companion.llm.config import load_settings
        MODEL = ModelClient(load_settings(model=args.model, base_url=args.base_url,
                                          api_key="local", voice="openai"))
    cases = tomllib.loads(Path(args.corpus).read_text(encoding="utf-8"))["case"]
    cases = [c for c in cases if (not args.game or c["game"] == args.game)
             and (not args.part or c["part"] == args.part)]
    if not cases:
        print(f"no cases for game {args.game!r} and part {args.part!r}")
        return 1
    table: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for c in cases:
        kind = "words" if c["kind"] in ("vow", "remark", "stake", "question", "deed") else c["kind"]
        try:
            ok, got = judge_case(c)
        except Exception as e:  # a consumer that cannot read the case is a miss, said
            ok, got = False, f"error: {type(e).__name__}: {e}"
        for key in ((c["part"], c["game"], kind), (c["part"], c["game"], "*"), (c["part"], "*", kind),
                    (c["part"], "*", "*")):
            table[key][0] += ok
            table[key][1] += 1
        if not ok and c["part"] == "tune":
            misses.append((c, got))
    print(f"{'part':5} {'game':15} {'kind':7} {'right':>9}  accuracy")
    for key in sorted(table):
        ok, n = table[key]
        print(f"{key[0]:5} {key[1]:15} {key[2]:7} {ok:4}/{n:<4}  {100 * ok / n:5.1f}%")
    if args.misses:
        print("\nmisses (tuned part):")
        for c, got in misses:
            print(f"  [{c['game']} {c['kind']}] {c['text']!r}: got {got}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
