"""The offline AI for both seats of At Any Cost. It sees only its seat's view.

The Antagonist wants sacrifices. A stage is an escalation it wins when the Protagonist cannot (or
will not) meet, so it sets and raises by the smallest margin that works, spends its cheapest cards
first and keeps the big ones for the next raise, and prefers cards whose tags are already in play:
every new tag it opens also opens the Protagonist's cards of that tag. Its hand never grows across
stages (each stage draws up to the new limit), so it does not hoard: it folds only when it cannot
raise. The director (``_contest``) plays the climax, and a hero already down two Anchors, as a
contest: it plays cards that open new tags to the Protagonist before the smallest margin, so the
hero can answer when the hand allows (bench/at_any_cost.py). It also plans the road (``road.py``):
it reads the face-down Locations, discards keeping a card that can open each stage ahead, and sets
and raises with the rest, so a stage passes with no challenge only when no card could open it.

The Protagonist wants to finish with as much as possible. It meets at the lowest cost, keeps
flexible cards, and gives an Anchor up early when the stage is plainly lost anyway (the Antagonist
holds far more than it can answer), to carry cards into the bigger hands of later stages. At the
climax it fights to the end. When it sacrifices, it gives up the Anchor the moment's tags threaten.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

from companion.core.game import Action
from companion.games.at_any_cost import road
from companion.games.at_any_cost.data import rules
from companion.games.at_any_cost.model import ANTAGONIST, PROTAGONIST

AVERAGE_ANTAGONIST_VALUE = 1.4  # mean value of the 40 Antagonist cards, rounded
# A set or raise keeps a card for the next stage; the discards plan for every stage ahead. Kept
# for every stage in play as well, the Antagonist held back so much that the hero won stages 2
# and 3 in 97% and 93% of games, for 0.1 point fewer empty stages (bench/at_any_cost.py, 200
# games: 0.7% vs 0.8%; Anchors lost 0-3 in 16/64/18/2% vs 16/53/26/5%).
LOOKAHEAD = 1
DIRECTOR = True  # play for the story (see _director); bench/at_any_cost.py compares it off


def choose(view: dict, seat: str, legal: Sequence[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError(f"the {seat} has no legal action to choose from")
    kinds = {a.kind for a in legal}
    if kinds & {"name_hero", "pronouns", "describe_hero", "answer", "reply", "epilogue"}:
        return legal[0]
    if "keep" in kinds:
        return _keep(view, legal, rng)
    if "ask" in kinds:
        return _ask(view, legal, rng)
    if "discard" in kinds:
        return _discard(view, seat, legal)
    if seat == ANTAGONIST:
        return _antagonist_play(view, legal)
    return _protagonist_play(view, legal, rng)


# -- setup -------------------------------------------------------------------------------------
def _keep(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    """Keep Anchors that cover many different themes: more of the story has something at stake."""
    themes = {a.id: set(a.themes) for a in rules().anchors}

    def coverage(action: Action) -> int:
        return len(set().union(*(themes[x] for x in action.args["anchors"])))

    best = max(coverage(a) for a in legal)
    return rng.choice([a for a in legal if coverage(a) == best])


def _ask(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    """One follow-up question always, a second one time in two, about the thinnest answer."""
    asked = len(view.get("questions", []))
    if asked >= 1 and rng.random() < 0.5:
        return next(a for a in legal if a.kind == "begin")
    asks = [a for a in legal if a.kind == "ask"]
    answers = {a["id"]: a.get("answer", "") for a in view.get("anchors", [])}
    already = {q["anchor"] for q in view.get("questions", [])}
    fresh = [a for a in asks if a.args["anchor"] not in already] or asks
    shortest = min(len(answers.get(a.args["anchor"], "")) for a in fresh)
    return rng.choice([a for a in fresh if len(answers.get(a.args["anchor"], "")) == shortest])


def _discard(view: dict, seat: str, legal: Sequence[Action]) -> Action:
    """Throw away the card least likely to matter: low value, few tags, off this stage's tags.
    The Antagonist with the director on keeps this stage's opener and a card for each stage
    ahead first (``road.keep``)."""
    if seat == ANTAGONIST and DIRECTOR and view.get("hand_limit"):
        hand = [c["id"] for c in view.get("hand", [])]
        kept = road.keep(view, hand, view["hand_limit"])
        spare = [a for a in legal if a.args["card"] not in kept]
        if spare:
            legal = spare
    stage_tags = set()
    for entry in view.get("map", []):
        if entry["stage"] == view.get("stage"):
            stage_tags = set(entry["stage_tags"]) | set(entry.get("location_tags", []))

    def worth(action: Action) -> tuple:
        card = rules().card(action.args["card"])
        fits = len(stage_tags & set(card.tags))
        return (card.value + 0.6 * fits + 0.3 * len(card.tags), card.id)

    return min(legal, key=worth)


# -- the challenge -------------------------------------------------------------------------------
def _cards(action: Action) -> list:
    return [rules().card(c) for c in action.args["cards"]]


@cache
def _protagonist_tag_weight() -> dict[str, float]:
    """Share of the Protagonist deck each tag lets into play (public knowledge: the card list)."""
    counts = Counter(t for c in rules().protagonist for t in c.tags)
    return {t: n / len(rules().protagonist) for t, n in counts.items()}


def _antagonist_play(view: dict, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return next(a for a in legal if a.kind == "fold")
    in_play = set(view.get("tags_in_play", []))
    weight = _protagonist_tag_weight()
    contest = DIRECTOR and _contest(view)
    if DIRECTOR:
        plays = _spare_the_road(view, plays, in_play)
        if not plays:
            return next(a for a in legal if a.kind == "fold")

    def cost(action: Action) -> tuple:
        cards = _cards(action)
        opened = set().union(*(set(c.tags) for c in cards)) - in_play
        shut = round(sum(weight.get(t, 0) for t in opened), 3)
        return (
            -min(len(opened), 1) if contest else 0,  # a contest opens a way to an answer
            sum(c.value for c in cards),  # smallest margin that works
            -shut if contest else shut,  # else open as little as possible
            max(c.value for c in cards),  # keep the big cards for the next raise
            len(cards),
            action.args["cards"],
        )

    return min(plays, key=cost)


def _spare_the_road(view: dict, plays: list[Action], in_play: set[str]) -> list[Action]:
    """The plays that leave the hand able to open the next stage if it can now (``road.cover``;
    ``LOOKAHEAD``: the discards plan further). Setting the challenge may break into that
    reserve when nothing else can (an empty stage now is the worse gap); a raise never does: the
    Antagonist folds instead."""
    if view.get("stage") == 5:
        return plays
    hand = [c["id"] for c in view.get("hand", [])]
    stages = road.ahead(view)[:LOOKAHEAD]
    can = road.cover(hand, stages)[1]
    whole = [a for a in plays
             if road.cover([c for c in hand if c not in a.args["cards"]], stages)[1] == can]
    if whole or view.get("phase") != "set":
        return whole
    return plays


def _contest(view: dict) -> bool:
    """The director (STORY.md §5): when the story wants a real contest rather than a lock-out.

    At the climax, and whenever the hero is already down two Anchors or more (a comeback that can
    work), the Antagonist sets and raises with cards that open new tags to the Protagonist (up
    to two; then the smallest margin; then the most of the Protagonist's deck opened: public
    knowledge, the card list), rather than with the tag already in play that a hand may lack, so
    a hand that holds an answer can give it. It never sees the hand: a choice among legal moves,
    from its own view."""
    return view.get("stage") == 5 or len(view.get("anchors_lost", [])) >= 2


def _protagonist_play(view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    sacrifices = [a for a in legal if a.kind == "sacrifice"]
    my_turn = PROTAGONIST in view.get("to_move", [])
    if not my_turn:
        # Not our turn: only a voluntary sacrifice is possible, and the policy never needs one.
        raise ValueError("the Protagonist policy is only asked on its own turn")
    if plays:
        best = min(plays, key=_meet_cost)
        if not sacrifices or not _hopeless(view, best) or view.get("stage") == 5:
            return best
    return _sacrifice(view, sacrifices, rng)


def _meet_cost(action: Action) -> tuple:
    cards = _cards(action)
    return (sum(c.value for c in cards), len(cards), sum(len(c.tags) for c in cards),
            action.args["cards"])


def _hopeless(view: dict, best: Action) -> bool:
    """True when the Antagonist can plainly outlast us: better to keep the cards for later."""
    hand = view.get("hand", [])
    spend = {c for c in best.args["cards"]}
    reserve = sum(c["value"] for c in hand if c["playable"] and c["id"] not in spend)
    threat = view["hand_sizes"][ANTAGONIST] * AVERAGE_ANTAGONIST_VALUE
    cost = sum(c.value for c in _cards(best))
    return cost >= 3 and threat > reserve + cost + 2


def _sacrifice(view: dict, sacrifices: Sequence[Action], rng: random.Random) -> Action:
    """Give up the Anchor whose themes the stage's tags threaten most (ties: seeded choice)."""
    tags = Counter(view.get("tags_in_play", []))
    for card in view["played"][ANTAGONIST]:
        tags.update(card["tags"])

    def threat(action: Action) -> float:
        return sum(tags[t] for t in rules().anchor(action.args["anchor"]).themes)

    top = max(threat(a) for a in sacrifices)
    return rng.choice([a for a in sacrifices if threat(a) == top])
