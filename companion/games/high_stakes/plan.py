"""The offline GM's reading of the adventure: which problems are still open, which approach a
declaration's words point to, where the story stands and which scene comes next. Pure functions of
a seat's view and the rules data, shared by the policy, the narrator and the commands.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.story.clauses import (deed_after_reason, deed_first, split_clauses,
                                     what_is_seen)
from companion.story.grammar import agree
from companion.story.lemmas import lemma_set, lemmas_of, tokens
from companion.story.shift import second_person
from companion.story.reading import (Reading, families, family, main_clause, names_thing, read,
                                     refusal, same_things, says_state, shared_things, trait_fits)

from .data import Approach, Problem, Rules, load
from .heard import mentions, words_in

# -- reading the GM's view --------------------------------------------------------------------------


def _active(view: dict) -> list[dict]:
    return [c for c in view["characters"] if c["status"] == "active"]


def _char(view: dict, cid: str) -> dict:
    return next(c for c in view["characters"] if c["id"] == cid)


def problems_open(view: dict, rules: Rules) -> list[Problem]:
    """The current scene's problems that can be tried now (secret-gated ones once uncovered)."""
    sc = view.get("scene") or {}
    scene = rules.scenes.get(sc.get("id", ""))
    if scene is None:
        return []
    revealed = {x["id"] for x in view.get("revealed", [])}
    return [rules.problems[p] for p in scene.problems
            if not rules.problems[p].needs_secret or rules.problems[p].needs_secret in revealed]


def passed_in_scene(view: dict, number: int, rules: Rules) -> bool:
    """Did a roll in scene ``number`` solve a problem that clears the scene?"""
    for h in view.get("history", []):
        if h.get("scene") != number or not h.get("roll") or not h.get("success"):
            continue
        p = rules.problems.get(h.get("problem", ""))
        if p is None or not p.passes:
            continue
        if p.needs_element and not h.get("six"):
            continue
        return True
    return False


def _ap_acts(ap: Any) -> set[str]:
    return set(ap.acts) or set(read(ap.label).top(2))


def opened_ways(view: dict, p: Problem, text: str = "") -> list[tuple[Approach, str]]:
    """Approaches to ``p`` that what the players made true opens, each with the fact behind it:
    a fact of a fitting kind that names what the way names (a dog-door for "crawl in through
    the dog-door"; a door left open for "slip in by the door you made true"), or one the action
    ``text`` ties to it (the latch made true to lift, for "I slip in through the kitchen door":
    the fact names the kitchen, the action the kitchen and the door)."""
    out = []
    made = view.get("made_true") or []
    deed = read(said(text) or text) if text else None
    for ow in p.opens:
        way = {t.lemma for t in read(ow.label).things if not t.part}  # a dog-door, not a door
        fact = next((m["text"] for m in reversed(made) if m["kind"] in ow.kinds
                     and (read(m["text"]).lemmas & way or
                          (deed is not None and deed.lemmas & way
                           and same_things(deed, read(m["text"]), frozenset(way))))), None)
        if fact is not None:
            out.append((Approach(attribute=ow.attribute, difficulty=ow.difficulty, label=ow.label,
                                 acts=ow.acts, reason=ow.reason, source=ow.source), fact))
    return out


def _kinds(r: Reading, common: frozenset[str]) -> set[str]:
    """The narrow kinds of the things a reading names, less the ``common`` things."""
    out: set[str] = set()
    for t in r.things:
        if t.lemma not in common:
            out |= t.kinds
    return out - {"place", "trouble", "animal", "monster", "family", "quest", "height", "way_in"}


def speaks_to(text: str, ap: Any) -> bool:
    """Do the words take this way: its act, or a thing its label names?"""
    r = read(said(text) or text)
    return bool(set(r.top(2)) & _ap_acts(ap)) or bool(shared_things(r, read(ap.label)))


def scene_things(view: dict, rules: Rules) -> frozenset[str]:
    """What every way of the scene names (a door where the problem is a lock): a fact that
    shares only these is not what the action uses."""
    out: set[str] = set()
    for p in problems_open(view, rules):
        out |= read(p.name).lemmas
        for ap in p.approaches:
            out |= read(ap.label).lemmas
    return frozenset(out)


def fact_used(view: dict, text: str, rules: Rules) -> dict | None:
    """The element made true that the action uses (it names what the element named: "the brass
    bird key from the clock" for "a bird-shaped brass key behind the pendulum of the hollow
    clock"): the one that names most of what the action names, the latest of equals; None when
    it uses none. A word both say is not enough when it names only a side, a sense or a quality
    of something ("the smell of the sausage" does not help "I follow the sour smell"), nor when
    every way of the scene names it; a fact told as seen is what was seen, not where from."""
    r = read(said(text) or text)
    common = scene_things(view, rules)
    best, most = None, 0
    for m in reversed(view.get("made_true") or []):  # the one naming most of it; the latest of
        n = len(same_things(r, read(what_is_seen(m["text"])), common))  # equals
        if n > most:
            best, most = m, n
    return best


def not_about_you(frame: str, names: list[str]) -> str:
    """A frame or a reply less its sentences about a player's own character ("Wind picks at a
    splinter", "Rust lets out a breath she was holding")."""
    parts = re.split(r"(?<=[.!?])\s+|(?<=[.!?]['\"”’])\s+", frame)
    kept = [p for p in parts if not any(n and re.match(rf"{re.escape(n)}\b", p) for n in names)]
    return " ".join(kept) or frame


def framed(scene, view: dict) -> str:
    """A scene's framing, with what the players made true kept true (a sentence a fact
    contradicts is replaced by the fact)."""
    text = not_about_you(scene.frame, [c.get("name", "") for c in view.get("characters") or []])
    for y in scene.yields:
        fact = next((f for f in reversed(view.get("facts") or [])
                     if names_thing(f, y.things) and says_state(f, y.state)), None)
        if fact is not None and y.sentence in text:
            fact = fact.strip().rstrip(".")
            first = fact.split(" ", 1)[0]
            if first.lower() in ("a", "an", "the", "one", "there", "its", "some", "each", "this"):
                fact = first.lower() + fact[len(first):]  # a name or "I" keeps its capital
            text = text.replace(y.sentence, y.instead.format(fact=fact + "."))
    rules = load()
    ways: dict[str, list[str]] = {}
    for pid in scene.problems:  # a way the players' own element opened here is offered
        for way, fact in opened_ways(view, rules.problems[pid]):
            ways.setdefault(fact.strip().rstrip("."), [])
            if way.label not in ways[fact.strip().rstrip(".")]:
                ways[fact.strip().rstrip(".")].append(way.label)
    offers = []
    for fact, labels in ways.items():
        could = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
        line = f"{fact}, as you made it true: you could {could}."
        offers.append(line[0].upper() + line[1:])
    if offers:
        ask = "What do you do?"
        body = text[: -len(ask)].rstrip() if text.endswith(ask) else text
        text = f"{body} {' '.join(offers)} {ask}" if text.endswith(ask) else f"{body} {' '.join(offers)}"
    return text


# Words that take back what follows them in a clause ("I forget the front door", "not the lock").
_NEGATE = ("forget", "never mind", "not the", "don't", "do not", "instead of", "rather than",
           "no more", "leave the", "ignore")


def said(text: str) -> str:
    """The declaration without the clauses it takes back: "I forget the front door. I go round to
    the dog-door" reads as going round to the dog-door."""
    import re

    keep = []
    for clause in re.split(r"[.;!?]+|,\s*(?:but|and then)\s+|\s+but\s+", text):
        low = f" {clause.lower().strip()} "
        cut = min((low.index(w) for w in _NEGATE if f" {w}" in low), default=-1)
        if cut >= 0:
            low = low[:cut]  # "I go in instead of the door": the words before still count
        keep.append(low.strip())
    return " ".join(k for k in keep if k and k not in ("i", "we", "and", "then"))


ATTR_NAME = {"body": "Body", "mind": "Mind", "aura": "Aura"}


def candidates(view: dict, text: str, attribute: str, rules: Rules
               ) -> list[tuple[float, int, Problem, Approach]]:
    """Every way the scene offers to act, scored against the reading of the whole declaration
    (:mod:`companion.story.reading`): its acts (a purpose first: a stone thrown "so they go to
    look" is a distraction), the things it names against what each way's label names (the fig
    tree is the tree), the attribute. The adventure's own approaches, the ways what the players
    made true opens, the scene's props. Best first: (score, hits, problem, approach)."""
    sc = view.get("scene") or {}
    scene = rules.scenes.get(sc.get("id", ""))
    decl = sc.get("declaration") or {}
    char = _char(view, decl["character"]) if decl.get("character") else None
    lost = bool(char and char["gear_lost"] > 0)
    words = said(text)
    r = read(words or text, tuple(_names(view)))
    every = []
    for p in problems_open(view, rules):
        props = [Approach(attribute=pr.attribute, difficulty=pr.difficulty, label=pr.label,
                          acts=pr.acts, reason=pr.reason, source=pr.source)
                 for pr in (scene.props if scene else []) if pr.problem == p.id]
        every.append((p, [*p.approaches, *(w for w, _ in opened_ways(view, p, text)), *props]))
    shared: dict[str, int] = {}  # a thing many ways name tells less than one only this way names
    for _, ways in every:
        for ap in ways:
            for t in read(ap.label).lemmas:
                shared[t] = shared.get(t, 0) + 1
    top = r.top(3, floor=0.3)
    mine = families(r)
    here = read(scene.place).lemmas if scene else frozenset()
    out = []
    for i, (p, ways) in enumerate(every):
        for j, ap in enumerate(ways):
            acts = _ap_acts(ap)
            act_pts = next((3.0 - k for k, a in enumerate(top) if a in acts), 0.0)
            if not act_pts and mine & {family(a) for a in acts}:
                act_pts = 0.75
            common = here | read(p.name).lemmas  # the place and the problem tell nothing
            things = shared_things(r, read(ap.label), common)
            thing_pts = sum(1 / shared[t] for t in things) + 0.5 * len(
                _kinds(r, common) & _kinds(read(ap.label), common))
            hits = (1 if act_pts >= 1 else 0) + len(things)
            if not p.passes and hits == 0:
                continue  # side problems (a search) only when the words ask for them
            if ap.needs_gear and lost:
                continue  # the rope is gone
            if ap.needs_lost_gear and not lost and not words_in(words, ("bare hand", "no rope", "without")):
                continue
            score = act_pts + thing_pts * 2 + (0.5 if ap.attribute == attribute else 0) \
                - i * 0.01 - j * 0.001
            out.append((score, hits, p, ap))
    out.sort(key=lambda c: -c[0])
    return out


def as_said(text: str, attribute: str, p: Problem, rules: Rules,
            names: Sequence[str] = ()) -> Approach:
    """The player's own words as the approach, set on the Difficulty ladder: the rung of the
    problem's own approach with that attribute, else one above its easiest (a way the adventure
    did not foresee is no easier than the ones it did)."""
    same = [a.difficulty for a in p.approaches if a.attribute == attribute]
    diff = min(same) if same else min(a.difficulty for a in p.approaches) + 1
    diff = max(1, min(diff, rules.limits.difficulty_max))
    text = deed_after_reason(deed_first(_AGAIN.sub("", text.strip())))  # ("Once more, I ...")
    words = said(text) or text.lower()
    label = told_as(text, names) or _shortened(_recase(second_person(words), text)).rstrip(" ,")
    purpose = read(words).purpose
    if purpose == "distract" and len(label) < len(second_person(words)) - 3:  # cut short:
        deed = _shortened(_recase(second_person(main_clause(words)), text)).rstrip(" ,")
        first, sep, then = deed.partition(" and ")  # a deed after the point ("..., and scramble
        at = words.find(split_clauses(words)[1] or "\0")  # over") keeps its place after it
        after = bool(sep and then) and at >= 0 and f" {then.split()[0]} " in words[at:]
        label = f"{first} to draw their eyes away, and {then}" if after else \
            f"{deed}, to draw their eyes away"
    return Approach(attribute=attribute, difficulty=diff, label=label or "do it your way",
                    words=sorted(_stems(words)), reason=f"as you said it: {rules.rung(diff).summary}",
                    source="ours")


# Where a told action's first clause ends: what follows is a purpose, an aside or a second deed.
_CLAUSE_END = re.compile(r"[.;:!?]|,\s*(?:and|so|so that|but|because|then|while)\s+|\s+so that\s+|\s+--?\s+|\s+[—–]\s+")


AGAIN = ("Once more, ", "Again, ", "One more try: ", "Not done yet: ", "Still not giving up, ",
         "Back to it: ", "And once again, ")  # a declaration said before in the scene, retold
_AGAIN = re.compile("^(?:" + "|".join(re.escape(x.strip(" ,:")) for x in AGAIN) + r")\s*[,:]?\s+",
                    re.IGNORECASE)


def _names(view: dict) -> list[str]:
    return [c.get("name", "") for c in view.get("characters", []) if c.get("name")]


def told_as(text: str, names: Sequence[str]) -> str:
    """A declaration told in the third person ("Rust reads the ledger in the counting-house, and
    swears ...") as what the character tries to do: "read the ledger in the counting-house" (its
    first clause, the verb made plain, whole words, never cut mid-word). "" when the words do not
    start with one of ``names`` and a verb."""
    words = text.strip().lstrip("-—– ").strip()
    first = _CLAUSE_END.split(words, maxsplit=1)[0].strip()
    lowered = first.lower()
    name = next((n for n in sorted(names, key=len, reverse=True)
                 if lowered.startswith(n.lower() + " ")), "")
    if not name:
        return ""
    rest = first[len(name):].split()
    if not rest or not rest[0].isalpha() or not rest[0].islower() or not rest[0].endswith("s"):
        return ""
    verb = {"is": "be", "has": "have"}.get(rest[0]) or agree(rest[0], True)
    out = [verb] + rest[1:]
    while len(" ".join(out)) > 90 and len(out) > 1:
        out.pop()
    return " ".join(out).rstrip(" ,")


def pick_approach(view: dict, text: str, attribute: str, rules: Rules
                  ) -> tuple[Problem, Approach] | None:
    """The problem and approach the declaration points at: the best fit by its words; when no
    way of the scene fits them at all, the player's own words on the ladder ("as you said it"),
    against the scene's main problem. Never a silent substitute."""
    found = candidates(view, text, attribute, rules)
    if found and found[0][1] > 0 and found[0][0] >= 1.5 and not _weak(found[0], attribute) \
            and not _purpose_missed(text, found[0][3]):
        return found[0][2], found[0][3]
    main = [p for p in problems_open(view, rules) if p.passes]
    if not main:
        return None
    return main[0], as_said(text, attribute, main[0], rules, _names(view))


def _purpose_missed(text: str, ap: Approach) -> bool:
    """A distraction ("so the men at the gate go to look") read as a way that distracts nobody:
    the player's own words are taken as said instead."""
    r = read(said(text) or text)
    return r.purpose == "distract" and r.act == "distract" and not _ap_acts(ap) & {"distract", "trick"}


def _weak(found: tuple[float, int, Problem, Approach], attribute: str) -> bool:
    """A way met by one word many ways share, with another attribute than the player's: "I knock
    at the kitchen door and tell the cook I was sent by the baker" (Aura) is not "pick the lock"
    (Mind) for its "door"; it is taken as said."""
    score, hits, _, ap = found
    return hits == 1 and ap.attribute != attribute and score < 1.5  # a word 2+ ways share


def closest(view: dict, text: str, attribute: str, rules: Rules, n: int = 3) -> list[str]:
    """The scene's ways nearest the declaration, for the GM to offer beside "as you said it"."""
    seen, out = set(), []
    for _, _, p, ap in candidates(view, text, attribute, rules):
        if ap.label in seen or not p.passes:
            continue
        seen.add(ap.label)
        out.append(f"{ap.label} ({ATTR_NAME[ap.attribute]} {ap.difficulty})")
    return out[:n]


def current_plan(view: dict, rules: Rules | None = None) -> dict[str, Any]:
    """What the GM makes of the current declaration: problem, approach, Difficulty and why,
    Consequence, tactical advantage and why. Shared by the policy and the GM's own words."""
    rules = rules or load()
    sc = view.get("scene") or {}
    decl = sc.get("declaration") or {}
    text = decl.get("text", "")
    roll = view.get("roll") or {}
    plan: dict[str, Any] = {"problem": None, "approach": None}
    found = None
    # the attribute the dice are rolled with: the player's, until the GM overrules it (then the
    # way read back is one of that attribute's, not the way the player's attribute found)
    pools = roll.get("pools") or []
    attribute = (pools[0].get("attribute") if pools else "") or decl.get("attribute", "body")
    if roll.get("problem") and roll["problem"] in rules.problems:
        p = rules.problems[roll["problem"]]
        found = pick_approach(view, text, attribute, rules)
        overruled = bool(pools) and attribute != decl.get("attribute", "body")
        if found is None or found[0].id != p.id or (overruled and found[1].attribute != attribute):
            ranked = [c for c in candidates(view, text, attribute, rules) if c[2].id == p.id
                      and (not overruled or c[3].attribute == attribute)]
            mine = [c for c in ranked if c[1] > 0] or (ranked if overruled else [])
            found = (p, mine[0][3] if mine else as_said(text, attribute, p, rules, _names(view)))
    elif not roll:
        found = pick_approach(view, text, attribute, rules)
    if found is None:
        return plan
    p, ap = found
    plan.update(problem=p, approach=ap)
    rung = rules.rung(ap.difficulty)
    plan["difficulty"] = ap.difficulty
    plan["as_said"] = ap.reason.startswith("as you said it")
    plan["closest"] = closest(view, text, attribute, rules) if plan["as_said"] else []
    plan["why"] = f"{p.name}, {ap.label} ({ap.reason or rung.summary})"
    opened = dict((w.label, f) for w, f in opened_ways(view, p, text))
    if ap.label in opened:  # a way the players' own element opened: say so
        ow = next(o for o in p.opens if o.label == ap.label)
        plan["why"] += f"; {ow.reason}: {opened[ap.label].rstrip('.')}"
    cons = list(p.consequence)
    if p.choices:
        ch = _char(view, decl["character"]) if decl.get("character") else None
        body = ch["attributes"]["body"]["now"] if ch else 3
        cons = list(p.choices[0] if body > 1 else p.choices[-1])
    plan["consequence"] = _survivable(cons, view, decl, rules)
    # the adventure's words ("the lock beats you") fit its own ways, not one the player made up
    plan["consequence_text"] = "" if plan["as_said"] or plan["consequence"] != cons else p.consequence_text
    revealed = {x["id"] for x in view.get("revealed", [])}
    facts = " ".join(view.get("facts", []))
    dice, reasons, reveals = 0, [], []
    for rule in p.advantage:
        if rule.secret and rule.secret not in revealed:
            continue
        if rule.attribute and rule.attribute != ap.attribute:
            continue
        if words_in(text, rule.words) or words_in(facts, rule.words):
            dice += rule.dice
            reasons.append(rule.reason)
            if rule.reveals:
                reveals.append(rule.reveals)
    made = view.get("made_true") or []
    because = [ap.reason or rules.rung(ap.difficulty).summary]
    if ap.label in opened:
        fact = opened[ap.label].strip().rstrip(".")
        plan["made"] = f"{fact[:1].upper()}{fact[1:]}, as you made it true."
    used = None if ap.label in opened else fact_used(view, text, rules)
    if used is not None:  # the action uses what the players made true: it is real, and it helps
        fact = used["text"].strip().rstrip(".")
        plan["difficulty"] = max(1, plan["difficulty"] - 1)
        plan["why"] += f"; what you made true helps: {fact}"
        because.append("what you made true helps")
        plan["made"] = f"{fact[:1].upper()}{fact[1:]}, as you made it true."
        plan["fact"] = used["text"]
    for ease in ([] if ap.label in opened or plan["as_said"] or used else p.eased_by):
        fit = next((m for m in reversed(made) if m["kind"] in ease.kinds), None)
        if fit is not None:  # what the players made true eases it
            plan["difficulty"] = max(1, plan["difficulty"] + ease.difficulty)
            plan["why"] += f"; {ease.reason}: {fit['text'].rstrip('.')}"
            fact = fit["text"].strip().rstrip(".")
            because.append(ease.reason)
            plan["made"] = f"{fact[:1].upper()}{fact[1:]}, as you made it true."
            break
    if not ap.reason or plan["as_said"]:  # the rung the Difficulty stands on, after easing
        because[0] = rules.rung(plan["difficulty"]).summary
    plan["own"] = "" if plan["as_said"] else own_words(text, ap, _names(view))
    plan["reading"] = reading_line(plan, ap, because)
    plan["advantage"] = min(dice, rules.limits.advantage_max)
    plan["advantage_why"] = "; ".join(reasons)
    plan["advantage_reveals"] = reveals
    plan["immune"] = [w for w in p.immune if w in text.lower()]
    return plan


def _survivable(cons: list[str], view: dict, decl: dict, rules: Rules) -> list[str]:
    """The GM's stake, never a death the player did not choose: a loss that would take the
    character's last die in its attribute (Wounded at Body 1 kills) is set as a Retreat instead.
    Only a player's raise puts a life at stake."""
    ch = _char(view, decl["character"]) if decl.get("character") else None
    if ch is None:
        return cons
    deadly = [k for k in cons if rules.consequences[k].effect == "loss"
              and ch["attributes"][rules.consequences[k].attribute]["now"] <= 1]
    kept = [k for k in cons if k not in deadly]
    return (kept or ["retreat"]) if deadly else cons


def reading_line(plan: dict, ap: Approach, because: list[str]) -> str:
    """How the GM reads the action, said before the dice: "You try to crawl in through the
    dog-door: Body, Difficulty 1, the dogs' own way in." When nothing in the scene fits the words,
    the nearest ways are named and the player's own words are taken as said."""
    because = [b.removeprefix("as you said it: ") for b in because]
    head = f"{ATTR_NAME[ap.attribute]}, Difficulty {plan['difficulty']}, {'; '.join(because)}"
    made = f" {plan['made']}" if plan.get("made") else ""
    if plan.get("as_said"):
        near = plan.get("closest") or []
        offer = (f"Nothing here is quite that; the nearest ways are {_or(near)}. "
                 if near and not plan.get("fact") else "")  # what they made true is the way
        return f"{offer}As you said it, then: you {ap.label}. {head[0].upper()}{head[1:]}.{made}"
    if plan.get("own"):  # the player's manner is kept; the adventure's way sets the Difficulty
        return f"You try to {plan['own']}. The GM takes that as “{ap.label}”: {head}.{made}"
    return f"You try to {ap.label}: {head}.{made}"


def own_words(text: str, ap: Approach, names: Sequence[str] = ()) -> str:
    """The player's own first clause, in the second person, when the way it was matched to says
    none of it ("I go up the wall where the ivy is thickest" is not "climb with a rope": the
    ivy is kept). "" when the way's label already says what was typed."""
    label = _stems(ap.label)
    words = _AGAIN.sub("", text.strip())
    # the words say the way when they hold most of it: "fight" alone ("... while they fight
    # over it") does not say "fight them with the blade"
    if not label or 2 * len(label & _stems(said(words))) > len(label):
        return ""
    clauses = [c.strip(" ,") for c in _CLAUSE_END.split(words.strip().lstrip("-—– ")) if c
               and c.strip(" ,")]
    first = clauses[0] if clauses else words.strip(" ,")
    # the deed is the clause that speaks to the way ("I wait for the guards to turn their backs,
    # then go over the wall": the wall), the first when none does
    way = _stems(ap.label)
    acts = _ap_acts(ap)
    fits = [c for c in clauses if _stems(c) & way or set(read(c).top(2)) & acts]
    if fits and not (_stems(first) & way or set(read(first).top(2)) & acts):
        first = fits[0]
        first = first if re.match(r"(?i)i\b", first) else f"I {first}"
    if len(first) > 90:  # too long to say whole: the part of it that does what the way does
        parts = [x.strip(" ,") for x in re.split(r"\s+and\s+|\s+then\s+", first) if x.strip(" ,")]
        doing = next((x for x in parts[1:] if set(read(f"I {x}").top(2)) & acts), "")
        if doing:
            first = doing if re.match(r"(?i)i\b", doing) else f"I {doing}"
    own = told_as(first, names) or _recase(second_person(first.lower()), text)
    own = re.sub(r"^are\b", "be", own)  # "You try to be already inside", not "to are"
    return "" if len(own.split()) < 2 else _shortened(own)


def _recase(out: str, original: str) -> str:
    """``out`` with the names of ``original`` written as the player wrote them ("tell Fistur his
    dice are loaded", never "fistur")."""
    names = {m.group(0).lower(): m.group(0) for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z'-]+",
                                                                   original.strip())
             if m.group(0) not in ("I", "I'm", "I'll")}
    return re.sub(r"[A-Za-z'-]+", lambda m: names.get(m.group(0), m.group(0)), out)


_DANGLING = re.compile(r"(?:\s+(?:the|a|an|to|of|at|in|on|up|where|and|or|with|from|by|for|his|her|"
                       r"their|my|your|its|as|so|then))+$", re.IGNORECASE)


def _shortened(own: str, limit: int = 90) -> str:
    """A long deed cut after its last whole part that fits ("run along the wall to the dark side
    away from the lantern", not "... and scramble up where the"), never on a dangling word."""
    if len(own) <= limit:
        return own
    pieces = re.split(r"(,\s+|\s+and\s+|\s+then\s+)", own)
    out = pieces[0]
    for sep, piece in zip(pieces[1::2], pieces[2::2]):
        if len(out) + len(sep) + len(piece) > limit:
            break
        out += sep + piece
    if len(out) > limit:  # the deed less its purpose ("... so the dogs go bounding after the
        out = main_clause(out) if len(main_clause(out)) <= limit else out[:limit].rsplit(" ", 1)[0]
    return _DANGLING.sub("", out)  # clatter"), else cut between words


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# -- judging a Trait or a raise -------------------------------------------------------------------
_STOP = {"with", "from", "that", "this", "into", "over", "under", "every", "like", "their", "your",
         "ways", "things", "good", "knows", "anyone", "speaks", "the", "and", "you", "him", "her",
         "his", "its", "our", "out", "for", "but", "not", "are", "was", "can", "get", "got", "one",
         "two", "all", "any", "off", "way", "who", "how", "why", "now", "too", "use", "may", "say",
         "has", "had", "she", "they", "them", "then", "than", "what", "when", "very", "well"}
def _stems(text: str) -> set[str]:
    """The words of ``text`` that carry meaning, each as its dictionary form (lemminflect:
    climbs, climbing: climb; lies, lying: lie)."""
    out = set()
    for t in tokens(text):
        for part in [t.low, *t.low.split("-")] if "-" in t.low else [t.low]:
            part = part.replace("'s", "").strip("'-")
            if len(part) < 3 or part in _STOP:
                continue
            forms = lemmas_of(part) - {part} or {part}
            out.add(min(forms))
    return out


def judge(view: dict, rules: Rules | None = None) -> tuple[bool, str]:
    """The offline GM's ruling on what the player asks (``view["roll"]["asking"]``): does the
    Trait apply to this action, is the raise logical here? ``(True, "")`` or ``(False, why)``, the
    reason said to the player."""
    rules = rules or load()
    roll = view.get("roll") or {}
    asking = roll.get("asking") or {}
    sc = view.get("scene") or {}
    decl = (sc.get("declaration") or {}).get("text", "")
    attribute = (roll.get("pools") or [{}])[0].get("attribute", "")
    stype = sc.get("type", "")
    plan = current_plan(view, rules)
    ap = plan.get("approach")
    action = " ".join([decl, *(ap.words if ap else []), ap.label if ap else ""])
    doing = f"to {ap.label}" if ap else "with what you are doing"
    if asking.get("kind") in ("trait", "lend"):
        name = asking.get("what", "")
        fit = trait_fits(name, read(decl, tuple(_names(view))), read(ap.label) if ap else None,
                         tuple(ap.acts) if ap else ())
        if fit.fits:
            return True, ""  # the same kind of deed (a talker's Trait for a lie), or its things
        if ap is None:
            return False, fit.why
        return False, refusal(name, fit.about, f"here you {ap.label} ({fit.doing})")
    if asking.get("kind") == "raise":
        k = asking["args"]["consequence"]
        fit = rules.raise_fit.get(k)
        prob = rules.problems.get(roll.get("problem", ""))
        if fit is None or not (fit.attributes or fit.scene_types or fit.acts or fit.things):
            return True, ""
        if prob is not None and k in prob.raises:
            return True, ""
        said = f"{decl} {asking.get('text', '')}"
        r = read(said)
        named = lemma_set(said) | r.thing_kinds
        if attribute in fit.attributes or stype in fit.scene_types or \
                set(r.top(3)) & set(fit.acts) or named & set(fit.things):
            return True, ""
        return False, f"you cannot risk {rules.consequences[k].name.lower()} {doing}: {fit.reason}"
    return True, ""
