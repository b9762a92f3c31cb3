"""The Hero's Journey (GAMES.md §2): the rules engine for 2-4 Heroes. Pure functions over a frozen
:class:`State`; every compound rule runs as a queue of tasks (see ``flow``), so secret and
simultaneous choices (the Origin's fist), chance (cards turned up, Challenge cards dealt) and each
Hero's decisions are all explicit actions, and a session is exactly its action list.
"""
from __future__ import annotations

from typing import Any, ClassVar

from companion.core.game import CHANCE, Action, Chance, Event, Options, Outcome

from . import challenge, events, flow, persona, turns  # noqa: F401  (the task kinds register on import)
from .data import NO_NAMES, SUITS, Rules, given_names, hero_name, rules
from .flow import HjRuleError
from .labels import describe
from .model import SEATS, Hero, HjOptions, State, freeze, read_only, thaw
from .view import view

LEVELS = ("easy", "normal", "hard")
DEFAULT_PLAYERS = 2  # the smallest table; `companion play` seats three (you and two rivals)


class HerosJourney:
    name: ClassVar[str] = "heros-journey"
    title: ClassVar[str] = "The Hero's Journey"
    seats: ClassVar[tuple[str, ...]] = SEATS
    default_human: ClassVar[str] = "hero1"
    options_model: ClassVar[type[Options]] = HjOptions
    cli_players: ClassVar[int] = 3  # `companion play`: you and two rivals unless --players
    blurb: ClassVar[str] = (
        "the Decktet race for 2-4 Heroes, who travel, rest and meet Challenges from humble "
        "origins to the Pact and an Ending; the rival Heroes play to win"
    )

    @property
    def data(self) -> Rules:
        return rules()

    def rules_digest(self) -> str:
        return rules().digest

    # -- setup ------------------------------------------------------------------------------------
    def setup(self, options: Options) -> State:
        opts = options if isinstance(options, HjOptions) else HjOptions(players=options.players)
        n = opts.players if opts.players is not None else DEFAULT_PLAYERS
        if not 2 <= n <= 4:
            raise HjRuleError("players", f"The Hero's Journey is for 2 to 4 Heroes, not {n}")
        if opts.level not in LEVELS:
            raise HjRuleError("level", f"no level {opts.level!r}", legal=list(LEVELS))
        r = rules()
        tb = r.table
        seats = list(SEATS[:n])
        heroes = tuple(Hero(seat=s, tokens=(tb.start_tokens,) * 6) for s in seats)
        bank = tuple(tb.tokens_per_suit - tb.start_tokens * n for _ in SUITS)
        state = State(seats=tuple(seats), heroes=heroes, bank=bank,
                      mentor_pile=tuple(sorted(r.role("mentor"))),
                      place_pile=tuple(sorted(r.role("place"))),
                      challenge_pile=tuple(sorted(r.role("challenge"))),
                      max_rounds=opts.max_rounds or tb.max_rounds, level=opts.level,
                      tasks=tuple(_asked(turns.setup_tasks(seats), opts)))
        return state

    def seats_for(self, options: Options) -> tuple[str, ...]:
        """The seats a table of ``options.players`` Heroes uses (the session holds only these)."""
        n = options.players if options.players is not None else DEFAULT_PLAYERS
        return SEATS[:n]

    # -- who moves ----------------------------------------------------------------------------------
    def to_move(self, state: State) -> list[str]:
        if state.over or not state.tasks:
            return []
        t = state.tasks[0]
        return list(flow.KINDS[t["k"]].due(read_only(state), t) or [])

    def chance(self, state: State) -> Chance:
        t = state.tasks[0] if state.tasks else None
        k = flow.KINDS[t["k"]] if t else None
        if k is None or k.chance is None or self.to_move(state) != [CHANCE]:
            raise HjRuleError("chance", "no chance event is due")
        return k.chance(read_only(state), t)

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        if seat not in self.to_move(state) or seat == CHANCE:
            return []
        t = state.tasks[0]
        return flow.KINDS[t["k"]].legal(read_only(state), t, seat)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.over:
            raise HjRuleError("over", "the Journey is over")
        due = self.to_move(state)
        w = thaw(state)
        t = w.tasks[0]
        k = flow.KINDS[t["k"]]
        if action.seat == CHANCE:
            if due != [CHANCE]:
                raise HjRuleError("chance", "no card is to be turned up now")
            items = list(action.args.get("items", []))
            if action.kind != "chance":
                raise HjRuleError("chance", "a chance outcome lists the items that came up")
            k.chance(w, t).check(items)
            k.on_chance(w, t, items)
        else:
            if action.seat not in due:
                names = given_names(w.persona)
                who = ", ".join(hero_name(s, names) for s in due if s != CHANCE) or (
                    "a card to be turned up" if due else "nobody")
                raise HjRuleError("turn-order", f"it is not {hero_name(action.seat, names)}'s "
                                  f"move (waiting for {who})",
                                  legal=[hero_name(s, names) for s in due])
            if action.kind == "name" and t["k"] == "name_suit":  # journals before the rename:
                action = action.model_copy(update={"kind": "name_suit"})  # not a Hero's name
            if persona.skip_for(w, action):  # journals before the Hero was asked about
                t = w.tasks[0]
                k = flow.KINDS[t["k"]]
            k.act(w, t, action)
        flow.settle(w)
        return freeze(w), w.events

    # -- what each seat may see -------------------------------------------------------------------
    def secrets(self, state: State, seat: str | None) -> set[str]:
        out: set[str] = set()
        for h in state.heroes:
            if h.seat != seat:
                out.update(h.hand)
        for t in state.tasks:
            if t["k"] == "auction":
                out.update(c for s, c in t["cards"].items() if s != seat)
            if t["k"] == "fist" and t["hide"] and seat != t["hider"]:
                out.add(t["hide"])
        known = {state.revealed} if state.revealed else set()
        me = next((h for h in state.heroes if h.seat == seat), None)
        if me is not None and me.prophecy:
            known.add(me.prophecy)
        out.update(e for e in state.endings if e not in known)
        # a card in one Hero's hand may also be named elsewhere only if it is not secret there
        return out

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    # -- the end --------------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.over

    def outcome(self, state: State) -> Outcome:
        if not state.over:
            return Outcome(summary="the Journey goes on")
        best = max(state.scores.values())
        names = given_names(state.persona)
        winners = [hero_name(s, names) for s, v in state.scores.items() if v == best]
        table = ", ".join(f"{hero_name(s, names)} {v}" for s, v in state.scores.items())
        how = ("the Fates called a halt" if state.halted or not state.ending_first else
               f"{hero_name(state.ending_first, names)} reached "
               f"{rules().card(state.revealed).name}")
        who = " and ".join(winners)
        return Outcome(summary=f"{who} {'win' if len(winners) > 1 else 'wins'} with {best} "
                       f"({how}; scores: {table})",
                       scores={s: float(v) for s, v in state.scores.items()})

    def seat_name(self, seat: str, state: State | None = None) -> str:
        """How a seat is named to the player: the Hero's name in ``state``, as the player gave
        it, else the seat's own ("Wren")."""
        return hero_name(seat, given_names(state.persona) if state is not None else NO_NAMES)

    def describe(self, action: Action) -> str:
        """The action's label with the seats' own names (no state is given here: the commands'
        ``label`` names the Heroes from the view)."""
        return describe(action, NO_NAMES)


def _asked(tasks: list[dict], opts: HjOptions) -> list[dict]:
    """The setup's tasks with the player's Hero asked about before the first Origin."""
    if not opts.ask_hero:
        return tasks
    i = next(i for i, t in enumerate(tasks) if t["k"] == "origin")
    return tasks[:i] + persona.tasks(tasks[i]["seat"]) + tasks[i:]
