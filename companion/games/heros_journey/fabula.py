"""The Hero's Journey's story adapter: what each beat adds to the fabula (companion.story.fabula).

* cast: every Hero at the table, named and with their pronouns; the player's Hero (hero1) is the
  fabula's ``hero``, the rivals are keyed by their seats;
* facts: ``origin:SEAT`` (Rite or Harvest), ``stage:SEAT`` (the Stage card a Hero stands on),
  ``place:SEAT`` (the Place they are in), ``first:STAGE`` (who arrived first at each Stage),
  ``pact`` (who reached the Pact first), ``ending`` (the revealed Ending), ``betrayal:SEAT`` (the
  Mentor a Hero gave away, and to whom), ``said:STEP`` (the player's words on a move) and
  ``said_at:STEP`` (the Stage card the Hero stood on when saying them);
* stakes: the player's words on a Challenge (``challenge -- TEXT``), unless they tell a deed,
  state what they try there (``stage-N``, N the Stage aimed at); the
  Challenge's end resolves it (won on advancing, lost on staying);
* outcomes: each Challenge's result, each Battle (highest and lowest), the first arrival at the
  Ending;
* threads: each Hero's road (``road:SEAT``) until they reach the Ending; a Betrayal opens a debt
  (``debt:SEAT``) owed by the Hero who received the Mentor; each line the player says opens a
  ``word:STEP`` thread, recalled once at a later arrival of theirs (``telling.recall``).
"""
from __future__ import annotations

import re

from companion.story import pronouns
from companion.story.fabula import HERO, Fabula, Outcome, Person
from companion.story.reading import kind_of
from companion.story.voice import Beat

from .data import STAGE_CARDS, rules, story, story_name, view_names

PLAYER = "hero1"
# the moves the player's words ride on: who the Hero is (origin), what they foresee (prophecy),
# what they do
SPOKEN = frozenset({"origin", "prophecy", "challenge", "travel", "rest", "match",
                    "describe_hero"})
# the events that carry a round (issue 41, bench/story.py's sent/routine): a Hero's origin, an
# arrival or a failed attempt, a Stage's Event (the Origin's fist, the Journey's Place, the
# Battle, the Discovery, the Market, the Chance Meeting is its card, the Betrayal, the Pact), the
# Ending, the Curse and the close. A rest, a travel, a bid or a trade is routine: told, when at
# all, in a line with the rest of its round.
SALIENT_EVENTS = frozenset({"origin", "first", "advance", "match", "stay", "failed", "turn_lost",
                            "fist_opened", "journey_place", "battle", "discovery", "market",
                            "betrayed", "betrayal_empty", "ending_revealed", "pact_swap",
                            "ending_reached", "curse", "halt", "scores"})


# salient, but a round with only these and rests is still told as a quiet one: the Origins
# (setup), the Curse (a rest that empties the bank) and a turn lost to wounds
QUIET_TOO = frozenset({"first", "origin", "curse", "turn_lost"})


def key(seat: str) -> str:
    """The fabula's key for a seat: the player's Hero is ``hero``."""
    return HERO if seat == PLAYER else seat


def feed(fabula: Fabula, beat: Beat) -> Fabula:
    names = view_names(beat.view)
    for h in beat.view.get("heroes", []):  # the cast, as the player named their Hero
        info = story().hero(h["seat"])
        said = h.get("pronouns") or info.pronouns
        name = story_name(h["seat"], names)  # the name the story uses once introduced
        now = fabula.cast.get(key(h["seat"]))
        if now is None or now.name != name or now.pronouns != pronouns.parse_or_they(said):
            fabula = fabula.meet(Person(key=key(h["seat"]), name=name,
                                        pronouns=pronouns.parse_or_they(said),
                                        role="player" if h["seat"] == PLAYER else "rival"))
    action = beat.action
    words = " ".join(action.text.split())
    if words and action.seat == PLAYER and action.kind in SPOKEN:
        fabula = fabula.establish(f"said:{beat.step}", words, by=PLAYER)
        fabula = fabula.establish(f"said_round:{beat.step}", str(beat.view.get("round", 0)))
        # the player told this move in their own words: the round's line leaves their Hero out
        fabula = fabula.establish(f"told:{beat.view.get('round', 0)}:{action.seat}", words)
        if action.kind == "describe_hero":  # who the Hero is and what they want: the close
            fabula = fabula.establish("want", words, by=PLAYER)
        about = sorted(about_of(words, action.kind, action.args, beat))
        if about:  # what the line is about: it comes back when one of these comes up again
            fabula = fabula.establish(f"said_about:{beat.step}", " ".join(about), by=PLAYER)
        me = next((h for h in beat.view.get("heroes", []) if h["seat"] == PLAYER), None)
        if me is not None and me.get("stage_card"):  # where it was said, to recall it there
            fabula = fabula.establish(f"said_at:{beat.step}", me["stage_card"], by=PLAYER)
            fabula = fabula.open_thread(f"word:{beat.step}", "word", words, beat.step)
        if action.kind == "challenge" and me is not None:
            fabula = fabula.establish("testing", str(beat.step))  # its test's suit joins later
            if kind_of(words, (story_name(PLAYER, names),)) != "deed":
                # what the player set at stake ("the ring goes home with me", "I swear I will
                # pass", "if I fail, the town starves"); a deed told ("I square my shoulders and
                # walk into the trial") is told where it is done, and comes back later as a word
                # of theirs, not as a stake "held true" a sentence after it (played, session 18)
                sid = f"stage-{me['stage'] + 1}"
                if fabula.stake(sid) is None:
                    fabula = fabula.state_stake(sid, PLAYER, words, about=sid, step=beat.step)
    for event in beat.events:
        fabula = _event(fabula, event.kind, event.data, beat)
    return _rounds(fabula, beat)


def named_in(words: str) -> set[str]:
    """The cards a line names: a Mentor, a Place or a Stage ("the Author", "the Mill")."""
    low = " ".join(re.sub(r"[^\w\s]", " ", words.lower()).split())
    out = set()
    for cid in rules().role("mentor") + rules().role("place") + STAGE_CARDS:
        name = card_name(cid).lower()
        bare = name[4:] if name.startswith("the ") else name
        if re.search(rf"\b{re.escape(bare)}\b", low):
            out.add(cid)
    return out


def about_of(words: str, kind: str, args: dict, beat: Beat) -> set[str]:
    """What a line of the player's is about: the cards it names, the cards of the move it rode
    on (the Mentor and Place taken, the card rested with or matched, the Stage aimed at) and
    the Hero's Origin; a Challenge's line also its Stage's two suits."""
    out = named_in(words)
    me = next((h for h in beat.view.get("heroes", []) if h["seat"] == PLAYER), {})
    for a in ("card", "keep", "origin"):
        if isinstance(args.get(a), str):
            out.add(args[a])
    for e in beat.events:
        if e.kind == "takes_pair" and e.data.get("seat") == PLAYER:
            out.update(c for c in (e.data.get("mentor"), e.data.get("place")) if c)
    if kind == "challenge" and 2 <= me.get("stage", 0) + 1 <= 9:
        out.add(STAGE_CARDS[me["stage"] - 1])  # (the test's suit joins when it is issued)
    return {x for x in out if x}


def _tested(f: Fabula, suit: str) -> Fabula:
    """The suit the player's Challenge tests, joined to what its line is about: the line comes
    back at a later test of that quality ("Nature once more") rather than of a suit the Stage
    only asked to stake (played, session 18: a line said at a test of Violence came back as
    "Nature (Leaves) once more")."""
    step = f.words("testing")
    if not step or not suit:
        return f
    about = set(f.words(f"said_about:{step}").split()) | {suit}
    return f.establish(f"said_about:{step}", " ".join(sorted(about)), by=PLAYER)


def round_of(beat: Beat, index: int) -> int:
    """The round an event of ``beat`` belongs to: the view's round, less the rounds begun later
    in the same beat (a Hero's last move of a round runs on into the next)."""
    later = sum(1 for e in beat.events[index + 1:] if e.kind == "round")
    return int(beat.view.get("round", 0)) - later


def _rounds(f: Fabula, beat: Beat) -> Fabula:
    """What each round held: ``noted:R`` once an event that carries a round (SALIENT_EVENTS)
    happens in it, and ``did:R:SEAT`` for a Hero's routine move there (``rest``, ``rest>CARD``,
    ``travel>MENTOR>PLACE``): a round with nothing noted is told in one line (telling.round_line)."""
    for i, e in enumerate(beat.events):
        r, d = round_of(beat, i), e.data
        if e.kind in SALIENT_EVENTS and e.kind not in QUIET_TOO:
            f = f.establish(f"noted:{r}", e.kind)
        elif e.kind == "rest":
            f = f.establish(f"did:{r}:{d['seat']}", "rest" + (f">{d['card']}" if d.get("card")
                                                                 else ""))
        elif e.kind == "takes_pair":
            f = f.establish(f"did:{r}:{d['seat']}",
                            f"travel>{d.get('mentor') or ''}>{d.get('place') or ''}")
    return f


def _event(f: Fabula, kind: str, d: dict, beat: Beat) -> Fabula:
    seat = d.get("seat")
    if kind in ("advance", "stay") and seat == PLAYER and f.words("testing"):
        f = f.establish("testing", "")  # the player's Challenge is decided
    if kind == "origin":
        return f.establish(f"origin:{seat}", d["origin"], by=seat).establish(
            f"stage:{seat}", d["origin"]).open_thread(f"road:{seat}", "road",
                                                       f"from {d['origin']}", beat.step)
    if kind == "first":
        return f.at(scene="road")
    if kind in ("takes_pair", "journey_place") and (d.get("place") or d.get("card")):
        return f.establish(f"place:{seat}", d.get("place") or d["card"])
    if kind == "advance" or kind == "match":
        stage = d["stage"]
        card = d.get("card") if kind == "advance" else _stage_card(stage, beat)
        f = f.establish(f"stage:{seat}", card or "")
        if not f.holds(f"first:{stage}"):
            f = f.establish(f"first:{stage}", seat)
        if kind == "advance":
            f = f.record(Outcome(step=beat.step, scene=f"stage-{stage}", kind="challenge",
                                 winner=key(seat), by="challenge"))
            sid = f"stage-{stage}"
            if seat == PLAYER and f.stake(sid) is not None and f.stake(sid).open:
                f = f.resolve_stake(sid, "won", beat.step)
        return f
    if kind == "challenge_issued" and d.get("card") != "excuse":
        return _tested(f, rules().card(d["card"]).suits[0])
    if kind == "excuse_named":
        return _tested(f, d.get("suit", ""))
    if kind == "stay":
        f = f.record(Outcome(step=beat.step, scene=f"stage-{d['stage'] + 1}", kind="challenge",
                             loser=key(seat), by="challenge"))
        sid = f"stage-{d['stage'] + 1}"
        if seat == PLAYER and f.stake(sid) is not None and f.stake(sid).open:
            f = f.resolve_stake(sid, "lost", beat.step)
        return f
    if kind == "battle":
        return f.record(Outcome(step=beat.step, scene="battle", kind="battle",
                                winner=key(d["high"]), loser=key(d["low"]), by="battle"))
    if kind == "betrayed":
        return f.establish(f"betrayal:{seat}", f"{d['card']}>{d['to']}", by=seat).open_thread(
            f"debt:{d['to']}", "debt", d["card"], beat.step)
    if kind == "ending_revealed":
        return f.establish("pact", seat).establish("ending", d["card"])
    if kind == "ending_reached":
        f = f.close_thread(f"road:{seat}").establish(f"stage:{seat}", d["card"])
        if d.get("first"):
            f = f.establish("ending_first", seat).record(Outcome(
                step=beat.step, scene="ending", kind="ending", winner=key(seat), by="race"))
        return f
    if kind == "scores":
        return f.at(scene="ending").end()
    return f


def _stage_card(stage: int, beat: Beat) -> str:
    if 2 <= stage <= 9:
        return STAGE_CARDS[stage - 2]
    return beat.view.get("ending") or ""


def card_name(cid: str) -> str:
    return rules().card(cid).name if cid and rules().is_card(cid) else cid
