"""Point buy: the Warrior at creation and on levelling, Conflict cards, minions, Party Members.

Cards are filled out one choice at a time (abilities, then one point per stat, then one spell per
10 MP), so the legal list is always short and exact and a build over budget cannot be written.
"""
from __future__ import annotations

from itertools import product

from companion.core.game import Action, Event
from companion.games.dragon_warrior import sheet
from companion.games.dragon_warrior.data import rules
from companion.games.dragon_warrior.model import (
    ALLY,
    FOE_STATS,
    VILLAIN,
    WARRIOR,
    Draft,
    Foe,
    Phase,
    State,
    Warrior,
)


# -- the Warrior ---------------------------------------------------------------------------------
def splits(points: int) -> list[dict[str, int]]:
    """Every way to spend ``points`` over Str, Agi, HP and MP."""
    return [dict(zip(("str", "agi", "hp", "mp"), p)) for p in product(range(points + 1), repeat=4)
            if sum(p) == points]


def creation_actions() -> list[Action]:
    """Each a final sheet: base 1/1/5/0 plus 10 points; the default (6/3/20) is listed first."""
    d = rules().warrior
    out = []
    for sp in splits(d.points):
        args = {"str": d.base_str + sp["str"], "agi": d.base_agi + sp["agi"],
                "hp": d.base_hp + d.hp_per_point * sp["hp"],
                "mp": d.base_mp + d.mp_per_point * sp["mp"]}
        out.append(Action(seat=WARRIOR, kind="build", args=args))
    default = d.default.model_dump()
    out.sort(key=lambda a: a.args != default)
    return out


def apply_creation(s: State, a: Action) -> tuple[State, list[Event]]:
    args = a.args
    w = Warrior(strength=args["str"], agility=args["agi"], max_hp=args["hp"], hp=args["hp"],
                max_mp=args["mp"], mp=args["mp"])
    s = s.model_copy(update={"warrior": w, "phase": Phase.NAME})
    return s, [Event(kind="warrior_built", data={
        **args, "spells": list(sheet.warrior_spells(args["mp"]))})]


def level_up_actions(s: State) -> list[Action]:
    d = rules().warrior
    return [Action(seat=WARRIOR, kind="raise", args=sp) for sp in splits(d.level_up_points)]


def apply_level_up(s: State, a: Action) -> tuple[State, list[Event]]:
    d = rules().warrior
    w = s.warrior
    sp = a.args
    hp, mp = d.hp_per_point * sp["hp"], d.mp_per_point * sp["mp"]
    before = sheet.warrior_spells(w.max_mp)
    w = w.model_copy(update={
        "strength": w.strength + sp["str"], "agility": w.agility + sp["agi"], "max_hp": w.max_hp + hp,
        "hp": w.hp + hp, "max_mp": w.max_mp + mp, "mp": w.mp + mp,
        "points": w.points - d.level_up_points})
    new = [x for x in sheet.warrior_spells(w.max_mp) if x not in before]
    return s.model_copy(update={"warrior": w}), [Event(kind="raised", data={
        **sp, "level": w.level, "new_spells": new})]


# -- Conflict cards and Party Members ------------------------------------------------------------------
def new_draft(s: State, level: int, then: str, text: str, minion_of: str = "",
              boss: bool = False) -> State:
    fid = f"{'pm' if then == 'party' else 'foe'}-{s.next_id}"
    name, look = split_text(text)
    points = (sheet.party_points(s.warrior.level) if then == "party"
              else sheet.conflict_points(level, boss=boss))
    c = rules().conflict
    foe = Foe(id=fid, name=name, text=look, level=level, atk=c.base_atk, max_def=c.base_def,
              max_hp=c.base_hp, max_mp=c.base_mp, points=points, party=then == "party",
              minion_of=minion_of, boss=boss)
    stage = "abilities" if then == "battle" and not minion_of else "stats"
    return s.model_copy(update={"draft": Draft(foe=foe, stage=stage, then=then),
                                "next_id": s.next_id + 1})


def split_text(text: str, whole: int = 0) -> tuple[str, str]:
    """A typed "Name: what it looks like" (or "Name — ..." or "Name. ...") as (name, look). A line
    of neither form up to ``whole`` characters with no comma is all name ("a whistle carved from
    a dragon's rib", never "a whistle carved from a" and a look of "dragon's rib")."""
    t = " ".join(text.split())
    for sep in (" — ", " - ", ": ", ". "):
        if sep in t:
            head, rest = t.split(sep, 1)
            if 0 < len(head) <= 60:
                return head.strip().rstrip("."), rest.strip()
    if 0 < len(t) <= whole and "," not in t:
        return t.rstrip("."), ""
    return name_of_line(t)


# Words a name cannot end on: the phrase they open goes on.
_OPEN = frozenset("a an the of from with to in on at by for and or my his her their its".split())


def name_of_line(t: str) -> tuple[str, str]:
    """A line typed without the "Name: look" form: its name is its first clause when short
    ("Mab the bell-founder, hammer on her shoulder, says she's coming"), else its run of
    capitalised words ("Old Garrick waves"), else its first words, never cut inside a word;
    the rest is the look."""
    head, comma, rest = t.partition(", ")
    if comma and 0 < len(head.split()) <= 5:
        return head.strip().rstrip("."), rest.strip()
    words = t.split()
    caps = 0
    while caps < min(len(words), 4) and words[caps][:1].isupper():
        caps += 1
    if words and words[0].lower() in ("a", "an", "the") and len(words) <= 10:
        return t.rstrip("."), ""  # a thing described, whole: "a map drawn on the back of a letter"
    n = caps if 0 < caps < len(words) else min(len(words), 5)
    while n < min(len(words), 8) and (words[n - 1].lower() in _OPEN
                                      or words[n - 1].lower().endswith(("'s", "’s"))):
        n += 1  # never end a name on "a", "of", "from": "a whistle carved from a dragon's rib"
    name = " ".join(words[:n]).rstrip(".,;")
    return (name or "Nameless"), " ".join(words[n:])


def builder(s: State) -> str:
    return ALLY if s.draft is not None and s.draft.then == "party" else VILLAIN


def draft_actions(s: State, seat: str) -> list[Action]:
    dr = s.draft
    if dr is None or seat != builder(s):
        return []
    f = dr.foe
    acts: list[Action] = []
    if dr.stage == "abilities":
        if not f.fast and f.points >= sheet.fast_cost(f.level):
            acts.append(Action(seat=seat, kind="fast"))
        if f.weakness == 1:
            for mult in (2, 4):
                for el in rules().elements.names:
                    acts.append(Action(seat=seat, kind="weakness",
                                       args={"mult": mult, "element": el}))
        if dr.minion_level == 0:
            for m in range(1, f.level):
                if f.points >= sheet.minion_cost(m):
                    acts.append(Action(seat=seat, kind="minion", args={"level": m}))
        acts.append(Action(seat=seat, kind="stats"))
    elif dr.stage == "stats":
        for stat in FOE_STATS:
            acts.append(Action(seat=seat, kind="stat", args={"stat": stat}))
    elif dr.stage == "spells":
        for sid in rules().conflict_spells:
            if sid not in f.spells:
                acts.append(Action(seat=seat, kind="spell", args={"spell": sid}))
    return acts


def apply_draft(s: State, a: Action) -> tuple[State, list[Event]]:
    """One choice on the card being filled out; the last one puts it in play."""
    dr = s.draft
    f = dr.foe
    k = a.kind
    if k == "fast":
        f = f.model_copy(update={"fast": True, "points": f.points - sheet.fast_cost(f.level)})
    elif k == "weakness":
        mult = a.args["mult"]
        f = f.model_copy(update={"weakness": mult, "weak_to": a.args["element"],
                                 "points": f.points + sheet.weakness_refund(mult, f.level)})
    elif k == "minion":
        m = a.args["level"]
        f = f.model_copy(update={"points": f.points - sheet.minion_cost(m)})
        dr = dr.model_copy(update={"minion_level": m})
    elif k == "stats":
        dr = dr.model_copy(update={"stage": "stats"})
    elif k == "stat":
        c = rules().conflict
        stat = a.args["stat"]
        bump = {"atk": {"atk": f.atk + 1}, "def": {"max_def": f.max_def + 1},
                "hp": {"max_hp": f.max_hp + c.hp_per_point},
                "mp": {"max_mp": f.max_mp + c.mp_per_point}}[stat]
        f = f.model_copy(update={**bump, "points": f.points - 1})
    elif k == "spell":
        f = f.model_copy(update={"spells": f.spells + (a.args["spell"],)})
    dr = dr.model_copy(update={"foe": f})
    if dr.stage == "stats" and f.points <= 0:
        dr = dr.model_copy(update={"stage": "spells"})
    if dr.stage == "spells" and len(f.spells) >= sheet.foe_spell_slots(f):
        return _finish(s, dr)
    return s.model_copy(update={"draft": dr}), [Event(kind="card_choice", data={
        "choice": k, **a.args, "points": f.points}, visible_to=(builder(s),))]


def _finish(s: State, dr: Draft) -> tuple[State, list[Event]]:
    from companion.games.dragon_warrior import battle

    f = dr.foe.model_copy(update={"points": 0})
    here = next((p for p in s.places if p.id == s.here), None)  # none for a drafted card
    ev = Event(kind="card_made", data={
        "id": f.id, "name": f.name, "text": f.text, "level": f.level, "atk": f.atk,
        "def": f.max_def, "hp": f.max_hp, "mp": f.max_mp, "fast": f.fast,
        "weakness": f.weakness, "weak_to": f.weak_to, "spells": list(f.spells),
        "party": f.party, "minion_of": f.minion_of, "boss": f.boss,
        "above_place": here is not None and not f.party and f.level > here.level})
    if dr.then == "party":
        s = s.model_copy(update={"party": f, "party_hp": f.max_hp, "draft": None,
                                 "phase": Phase.EXPLORE, "offer": ""})
        return s, [ev, Event(kind="pm_joined", data={"name": f.name, "text": f.text})]
    s = s.model_copy(update={"cards": s.cards + (f,), "draft": None})
    if dr.minion_level:
        # the minion's own card comes next; the master waits for it
        s = s.model_copy(update={"draft": Draft(foe=f, stage="minion", minion_level=dr.minion_level,
                                                then="battle")})
        return s, [ev]
    if f.minion_of:
        master = next(c for c in s.cards if c.id == f.minion_of)
        master = master.model_copy(update={"minion": f.id})
        s = s.model_copy(update={"cards": tuple(master if c.id == master.id else c
                                                for c in s.cards)})
        s, more = battle.start(s, master)
        return s, [ev] + more
    s, more = battle.start(s, f)
    return s, [ev] + more


def card_actions(s: State, seat: str) -> list[Action]:
    """The first choice: a new card (named in the text) or, for a battle, one from the deck."""
    dr = s.draft
    if seat != builder(s):
        return []
    if dr is not None and dr.stage == "minion":
        return [Action(seat=seat, kind="new", args={"level": dr.minion_level},
                       ask="Name the minion and say what it looks like", optional_text=False)]
    levels = battle_levels(s)
    acts = [Action(seat=seat, kind="new", args={"level": level},
                   ask="Name the foe and say what it looks like", optional_text=False)
            for level in levels]
    for c in s.cards:
        if c.level in levels and not c.minion_of and not c.minion:
            acts.append(Action(seat=seat, kind="field", args={"card": c.id}))
    return acts


def battle_level(s: State) -> int:
    """The space's Level: a Conflict's Level at least (an Area's monsters are of its Level)."""
    place = next(p for p in s.places if p.id == s.here)
    return place.level


def battle_levels(s: State) -> range:
    """The Levels a new Conflict may have here (``sheet.conflict_levels``)."""
    return sheet.conflict_levels(battle_level(s), s.warrior.level)
