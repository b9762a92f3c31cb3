"""Offline narration for The Hero's Journey: the race told as a story.

Each public beat becomes a sentence or two from the templates in ``rules/heros_journey/story.toml``
(the story toolkit fills them: names, the pronouns of each Hero, verbs that agree, phrases with
their articles), and a rival who advances, contests or is beaten says one of their own lines from
``heroes.toml``. Nothing is told twice in a session and no opener twice in a round. Bids, trades,
draws and payments are small print (see ``render.mechanics``), not story.
"""
from __future__ import annotations

from typing import Any

from companion.core.game import Action, Event
from companion.story import weave
from companion.story.grammar import Phrase, join
from companion.story.memory import Told
from companion.story.pronouns import parse
from companion.story.template import Character, tell
from companion.story.voice import Beat, NarrationMemory

from .data import hero_name, hero_pronouns, rules, story, story_name, view_names
from .fabula import PLAYER, round_of
from .telling import (CAP, ending, last_mover, recall, round_line, take_up, tell_capped,
                      template_count)


def hero(seat: str, view: dict, full: bool = False) -> Character:
    """A Hero as the story names them, from the ``view`` of the race being told: by a first
    name once introduced (``full``: the name the player gave, for the opening)."""
    names = view_names(view)
    me = next((h for h in view.get("heroes", ()) if h["seat"] == seat), {})
    return Character(name=hero_name(seat, names) if full else story_name(seat, names),
                     pronouns=parse(me.get("pronouns") or hero_pronouns(seat, {})))


def card(cid: str) -> Phrase:
    name = rules().card(cid).name
    if name.startswith("the "):
        return Phrase(words=name[4:], form="the")
    return Phrase(words=name, form="bare")


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def goods(tokens: dict[str, int]) -> str:
    """Tokens as the story says them: "a Wave", "two Moons and a Leaf"."""
    parts = [f"a {rules().suit(x).token}" if n == 1 else
             f"{_NUMBERS.get(n, str(n))} {rules().suit(x).name}" for x, n in tokens.items() if n]
    return join(parts) or "nothing"


def quality(suit: str | None) -> str:
    if suit is None:
        return "the Fates' own choosing"
    s = rules().suit(suit)
    return f"{s.quality} ({s.name})"


PLAYER_SEAT = PLAYER


class Narrator:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._offered = True  # the last offer was told (its answer may be)

    def write(self, action: Action, view: dict, memory: NarrationMemory) -> str:
        """Who an AI-played first Hero is (autoplay): the seat's own name and pronouns (no
        text), and a line about them drawn with the session's seed (``--seed`` repeats it)."""
        rng = memory.rng("write", action.kind, action.seat)
        pool = story().templates.get(f"persona_{action.kind}", ())
        fresh = [x for x in pool if memory.allows(x)]
        if not fresh:
            return ""
        text = rng.choice(fresh)
        if action.kind == "describe_hero":
            me = next((h for h in view.get("heroes", []) if h["seat"] == action.seat), {})
            return tell([text], {"hero": hero(action.seat, view, full=True)}, Told(set()),
                        "persona", rng) or ""
        return text

    def narrate(self, beat: Beat, memory: NarrationMemory) -> str:
        told = Told(memory.used)
        scene = f"round-{beat.view.get('round', 0)}"
        out: list[str] = []
        self._last = None  # the Hero the last sentence of this beat was about
        # A beat that crosses into a new round (lost turns run on by themselves) is told from the
        # round's heading on: what came before it stands in small print above the heading.
        start = max((i + 1 for i, e in enumerate(beat.events) if e.kind == "round"), default=0)
        for i, ev in enumerate(beat.events):
            if i < start:
                continue
            rng = memory.rng(beat.step, i)
            text = self._event(ev, beat, told, scene, rng, memory)
            if text:
                out.append(text)
        words = beat.action.text.strip()
        if words and beat.action.seat.startswith("hero") and beat.action.kind not in (
                "name", "pronouns") and memory.allows(words):
            # the player's own telling, their words, told of their Hero in their pronouns
            # ("I rest by the mill-race": "Wren rests by the mill-race"; "I sit under the mill
            # wheel and listen to it tick": "Thistle sits ... and listens ..."; what the shift
            # would guess at: quoted)
            # told first, but after the Origin that introduces a Hero by the name the player
            # gave: the story names them in full before it calls them by their first name
            at = 1 if beat.action.kind == "origin" and out else 0
            seat = beat.action.seat
            out.insert(at, weave.theirs(words, story_name(seat, view_names(beat.view)),
                                        hero(seat, beat.view)))
        return " ".join(x for x in out if x)

    def settle(self, beat: Beat, memory: NarrationMemory) -> str:
        """What the story owes a beat another voice told ("" when nothing is due): the player's
        stake on a Challenge this beat decided, taken up, and the told epilogue when the Journey
        ended and none was told."""
        scene = f"round-{beat.view.get('round', 0)}"
        out = []
        for event in beat.events:
            d = event.data
            if event.kind in ("advance", "stay") and d.get("seat") == PLAYER:
                target = d["stage"] if event.kind == "advance" else d["stage"] + 1
                out.append(take_up(memory, f"stage-{target}", scene))
            if event.kind == "scores" and not any(k.startswith("storylet|epilogue.")
                                                  for k in memory.used):
                out.append(ending(beat.view, memory, memory.rng("epilogue", beat.step)))
        return " ".join(x for x in out if x)

    def _say(self, key: str, values: dict[str, Any], told: Told, scene: str, rng,
             memory: NarrationMemory) -> str:
        """One sentence for ``key``. When the last sentence was about the same Hero, the
        ``KEY_again`` templates name them by pronoun ("It holds no terror for her.")."""
        h = values.get("hero")
        text = ""
        if h is not None and h == getattr(self, "_last", None) and "other" not in values:
            text = self._tell(key + "_again", values, told, scene, rng, memory)
        if not text:
            text = self._tell(key, values, told, scene, rng, memory)
        if text:
            self._last = h if "other" not in values else None
        return text

    @staticmethod
    def _tell(key: str, values: dict[str, Any], told: Told, scene: str, rng,
              memory: NarrationMemory) -> str:
        """A sentence from a template not yet used this round (so two Heroes resting in one
        round are not told in the same words), or from any when all have been used."""
        templates = [t for t in story().templates.get(key, ())
                     if template_count(memory.used, t) < CAP]  # a shape told twice is enough
        mark = lambda t: f"template|{scene}|{t}"  # noqa: E731
        fresh = [t for t in templates if mark(t) not in memory.used]
        for group in (fresh, templates):
            order = list(group)
            rng.shuffle(order)
            for t in order:
                text = tell([t], values, told, scene, rng, allows=memory.allows)
                if text:
                    memory.used.add(mark(t))
                    return text
        return ""

    def _line(self, seat: str, key: str, view: dict, told: Told, scene: str, rng,
              memory) -> str:
        """A rival's own words, quoted. The default player's Hero (hero1) is never given words:
        the player speaks for them (``-- TEXT``)."""
        if seat == PLAYER_SEAT:
            return ""
        lines = [x for x in getattr(story().hero(seat), key) if x not in told.used
                 and memory.allows(x)]
        if not lines:
            return ""
        line = rng.choice(lines)
        values = {"hero": hero(seat, view), "line": weave.quote(line)}
        text = (tell_capped("reply", {}, values, memory, scene, rng) if key == "refuse" else
                "") or tell_capped("voice", {}, values, memory, scene, rng)  # an answer: to offers
        if text:
            told.used.add(line)
        return text

    def _event(self, ev: Event, beat: Beat, told: Told, scene: str, rng,
               memory: NarrationMemory) -> str:
        k, d = ev.kind, ev.data
        say = lambda key, **v: self._say(key, v, told, scene, rng, memory)  # noqa: E731
        s = d.get("seat")
        view = beat.view
        h = hero(s, view) if s else None
        if k == "origin":
            if not _hero_view(beat, s).get("said"):
                return getattr(story().hero(s), d["origin"])
            return say(f"origin_{d['origin']}", hero=hero(s, view, full=True))  # as named
        if k == "first":
            return say("first", hero=h)
        if k in ("takes_pair", "rest"):  # routine: the round's moves in one line, at its end
            cards = tuple(d.get(x) for x in ("card", "mentor", "place") if d.get(x))
            back = recall(memory, beat.step, "", scene, rng, cards) if s == PLAYER else ""
            if s != last_mover(beat.view):
                return back
            rnd = round_of(beat, beat.events.index(ev))
            return " ".join(x for x in (round_line(memory, beat.view, rnd, f"round-{rnd}", rng),
                                        back) if x)
        if k == "match":
            back = recall(memory, beat.step, _stage_card(beat, s), scene, rng, (d["card"],)) if (
                s == PLAYER) else ""
            return " ".join(x for x in (say("match", hero=h, card=card(d["card"]), stage=card(
                _stage_card(beat, s))), back) if x)
        if k == "attempt":
            return tell_capped("attempt", {"target": d["target"]}, {"hero": h, "stage": card(
                d["target"])}, memory, scene, rng) or say("attempt", hero=h, stage=card(d["target"]))
        if k == "challenge_issued":
            att = _attempter(beat) or s
            suit = None if d["card"] == "excuse" else rules().card(d["card"]).suits[0]
            excuse = "_excuse" if suit is None else ""  # the issuer names the suit next
            back = recall(memory, beat.step, "", scene, rng, (suit or "",)) if (
                att == PLAYER) else ""
            if s == att:
                return " ".join(x for x in (say("issued_own" + excuse, hero=hero(att, view),
                                                quality=quality(suit)), back) if x)
            text = say("issued_other" + excuse, hero=hero(att, view), other=h,
                       quality=quality(suit))
            line = self._line(s, "contest", view, told, scene, rng, memory)
            return " ".join(x for x in (text, line, back) if x)
        if k == "met":
            return say("met", hero=h, quality=quality(d["suit"]))
        if k == "failed":
            text = say("failed", hero=h, quality=quality(d["suit"]))
            if d["choice"] == "lie_down":
                text += " " + say("lie_down", hero=h)
            return text.strip()
        if k == "advance":
            text = (tell_capped("advance", {"target": d["card"]}, {"hero": h}, memory, scene,
                                rng) if h != self._last else "") or say(
                "advance", hero=h, stage=card(d["card"]))
            line = self._line(s, "advance", view, told, scene, rng, memory)
            vow = take_up(memory, f"stage-{d['stage']}", scene) if s == PLAYER else ""
            back = recall(memory, beat.step, d["card"], scene, rng) if s == PLAYER else ""
            return " ".join(x for x in (text, vow, back, line) if x)
        if k == "stay":
            text = say("stay", hero=h, stage=card(d["card"]) if d.get("card") else card(
                _stage_card(beat, s)))
            line = self._line(s, "beaten", view, told, scene, rng, memory)
            vow = take_up(memory, f"stage-{d['stage'] + 1}", scene) if s == PLAYER else ""
            return " ".join(x for x in (text, vow, line) if x)
        if k == "fist_opened":
            return say("fist_right" if d["right"] else "fist_wrong", hero=h,
                       other=hero(d["hider"], view))
        if k == "journey_place":
            return say("journey_place", hero=h, card=card(d["card"]))
        if k == "battle":
            return say("battle", hero=hero(d["high"], view), other=hero(d["low"], view))
        if k == "discovery":
            suit = None if d["card"] == "excuse" else rules().card(d["card"]).suits[0]
            return say("discovery", hero=h, quality=quality(suit))
        if k == "market":
            return say("market", hero=h)
        if k == "gains_card" and _stage_of(beat, s) == 7:
            return say("meeting", hero=h, cards=[card(d["card"])])
        if k == "betrayed":
            back = recall(memory, beat.step, "", scene, rng, (d["card"],)) if (
                s == PLAYER) else ""
            return " ".join(x for x in (say("betrayal", hero=h, card=card(d["card"]),
                                            other=hero(d["to"], view)), back) if x)
        if k == "betrayal_empty":
            return ""
        if k == "ending_revealed":
            return say("pact_reveal", hero=h, card=card(d["card"]))
        if k == "pact_swap":
            back = recall(memory, beat.step, "", scene, rng, (d["old"], d["new"])) if (
                s == PLAYER) else ""
            return " ".join(x for x in (say("pact_swap", hero=h, card=card(d["old"]),
                                            cards=[card(d["new"])]), back) if x)
        if k == "ending_reached":
            return say("ending_first" if d["first"] else "ending_later", hero=h,
                       card=card(d["card"]))
        if k == "curse":
            return say("curse")
        if k == "turn_lost":
            return say("turn_lost", hero=h)
        if k == "halt":
            return say("halt")
        if k == "scores":
            return ending(beat.view, memory, memory.rng("epilogue", beat.step))
        if k in ("trade_refused", "trade_accepted") and not self._offered:
            return ""  # an answer to an offer the story did not tell (its shapes were spent)
        if k == "trade_refused":
            return self._line(s, "refuse", view, told, scene, rng, memory)
        if k == "trade_accepted":
            return say("accepted", hero=h, other=hero(d["by"], view), give=goods(d["give"]),
                       get=goods(d["get"]))
        if k == "offer":
            text = say("offer", hero=h, other=hero(d["to"], view), give=goods(d["give"]),
                       get=goods(d["get"]))
            self._offered = bool(text)
            if text and s == beat.action.seat and beat.action.kind == "offer" and \
                    beat.action.text.strip():
                return ""  # the player's own words tell the offer (played, seed 815: told twice)
            line = self._line(s, "offer", view, told, scene, rng, memory) if text else ""
            return " ".join(x for x in (text, line) if x)
        return ""


def _hero_view(beat: Beat, seat: str) -> dict:
    return next(h for h in beat.view["heroes"] if h["seat"] == seat)


def _stage_of(beat: Beat, seat: str) -> int:
    return _hero_view(beat, seat)["stage"]


def _stage_card(beat: Beat, seat: str) -> str:
    return _hero_view(beat, seat).get("stage_card") or "rite"


def _attempter(beat: Beat) -> str | None:
    ch = beat.view.get("pending", {}).get("challenge")
    return ch.get("attempter") if ch else None


def hidden_names(view: dict, seat: str, action: Action) -> list[str]:
    """Names a rival's narration must not say aloud: its Challenge card(s) in hand, the card it
    bids with face down, and the Ending its Prophecy showed (until the Pact reveals it)."""
    out = [rules().card(c).name for c in view.get("hand") or []]
    pend = view.get("pending") or {}
    if pend.get("your_card"):
        out.append(rules().card(pend["your_card"]).name)
    if action.kind in ("contest", "play") and action.args.get("card"):
        out.append(rules().card(action.args["card"]).name)
    p = view.get("prophecy")
    if p and p["ending"] != view.get("ending"):
        out.append(rules().card(p["ending"]).name)
    return sorted(set(out))
