"""Becoming at the prompt: its verbs, their completions, the toolbar and the status screen.

Verbs turn typed words into Actions; the engine alone decides whether they are legal. Every offer
is shown with its cost spelled out (which Asset, which Trait, paid when) before the Hero answers.
``-- TEXT`` after any verb is the player's own narration of that decision.
"""
from __future__ import annotations

import shutil

from companion.core.game import Action, RuleError
from companion.core.verbs import (CommandError, is_number, match_many, match_one,
                                  wrap_fields)
from companion.games.becoming.data import rules
from companion.games.becoming.model import FATES, HERO, PRONOUNS
from companion.games.becoming.render import sheet
from companion.games.becoming.views import describe, offer_text, regain_terms
from companion.story import pronouns

VERBS: dict[str, tuple[str, str]] = {
    "pick": ("pick ASSET [-- TEXT]",
             "While the Hero is made: take one Asset from the Hero card (three Virtues, three "
             "Strengths, three Allies in all; the players pick in turn, the Hero first)."),
    "pronouns": ("pronouns she|he|they|SET", "The Hero's pronouns: she, he, they, a set of "
                 "your own (xe/xem/xyr, ze/hir, it/its), or name (the Hero goes by their name "
                 "alone)."),
    "invoke": ("invoke ASSET [, ASSET...] [-- how]",
               "Call on one of the Hero's Assets: +1 die, +1 more per positive Trait on it. An "
               "invoked Asset is risked: if the Agent wins, it can take a negative Trait or lose "
               "a positive one. A subverted Asset cannot be invoked."),
    "done": ("done [-- your stakes]",
             "Stop gathering dice (at step 3, say what happens if you win) or, at step 8, "
             "roll."),
    "moon": ("moon [-- your stakes]",
             "Shoot the moon: roll exactly three dice, invoke nothing, refuse every bargain. "
             "Win, and you take back a subverted Asset (crossing out one of its negative "
             "Traits), add a positive Trait, and score 5 points."),
    "accept": ("accept FATE [-- words]",
               "Take a Tempter's bargain: its dice join yours, and you pay its costs (at once, or "
               "after the roll)."),
    "reject": ("reject FATE [-- words]",
               "Refuse a Tempter's bargain. Each refusal gives the Agent of Threat one more die."),
    "counter": ("counter FATE",
                "Counter a Tempter's bargain (once each): name other costs with `cost`, then "
                "`propose DICE`. The Tempter takes it or refuses it (then the first bargain "
                "stands)."),
    "propose": ("propose DICE [-- words]", "Send your counter: the costs you named for 1-3 dice."),
    "withdraw": ("withdraw", "Drop your counter unsent (the bargain stands as offered)."),
    "take": ("take [-- words]", "(Tempter) Take the Hero's counter: your bargain becomes it."),
    "refuse": ("refuse [-- words]", "(Tempter) Refuse the Hero's counter: your bargain stands."),
    "claim": ("claim ASSET [-- the Trait's name, a word or a few]",
              "You won the Threat: add a positive Trait to one Asset that is still yours "
              "(at most five Traits on an Asset). +3 points."),
    "regain": ("regain ASSET", "Your moon shot won: take back one subverted Asset."),
    "forgo": ("forgo", "No Asset can take a Trait: let the prize go."),
    "sheet": ("sheet", "The Hero's sheet: Assets, Traits (♣ positive, • negative), subverted "
                       "Assets and the points."),
    "offers": ("offers", "The Tempters' offers on the table, with what each costs."),
    "scene": ("scene", "This scene: its Setup, Threat, Elements, Agent and the dice."),
    "back": ("back", "(Tempter) Back the Agent of Threat: +3 dice to the Agent."),
    "cost": ("cost subvert|negative|positive ASSET",
             "(Tempter) Add a cost to your bargain (three at most). (Hero, countering) Name a "
             "cost you would pay instead. The model's spending is `spent`."),
    "offer": ("offer DICE now|later [-- words]",
              "(Tempter) Seal your bargain: 1-3 dice, paid at once or after the roll."),
    "subvert": ("subvert ASSET", "(Agent) Claim the prize: subvert one Asset."),
    "mark": ("mark [ASSET negative|positive]",
             "(Agent) Claim the prize by marking each risked Asset."),
    "drew": ("drew N N N ...", "(--physical) Enter the faces of the real dice you rolled, "
                               "e.g. drew 6 5 3 1; impossible faces or counts are refused."),
}

# A Trait is told as what the Asset is ("From this day, Ash the Hound is unafraid"): a few words
TRAIT_WORDS = 6

COST_WORDS = {"subvert": "subvert", "negative": "add_negative", "add_negative": "add_negative",
              "positive": "remove_positive", "remove_positive": "remove_positive"}


def _split_text(rest: str) -> tuple[str, str]:
    if "--" in rest:
        head, text = rest.split("--", 1)
        return head.strip(), text.strip()
    return rest.strip(), ""


def _asset_choices(view: dict, legal: list[Action] | None = None, kind: str = "") -> dict:
    allowed = {a.args.get("asset") for a in legal or [] if not kind or a.kind == kind}
    out = {}
    for a in view.get("assets", []):
        if legal is None or a["id"] in allowed:
            out[a["name"]] = a["id"]
            if a.get("turned_name"):
                out[a["turned_name"]] = a["id"]
    return out


def _card_choices(view: dict) -> dict:
    return {c["name"]: c["id"] for c in view.get("card", [])}


def _fate_choices(view: dict) -> dict:
    out = {}
    for seat in FATES:
        f = view["fates"][seat]
        out[f["name"]] = seat
        out[f["title"].removeprefix("the ")] = seat
    return out


def _one(legal: list[Action], kind: str, text: str, **args) -> Action:
    for a in legal:
        if a.kind == kind and all(a.args.get(k) == v for k, v in args.items()):
            return a.with_text(text)
    return Action(seat=legal[0].seat if legal else HERO, kind=kind, args=args, text=text)


def parse(verb: str, rest: str, view: dict, legal: list[Action], seat: str) -> list[Action]:
    """The actions a typed command stands for (CommandError for a malformed one)."""
    head, text = _split_text(rest)
    kinds = {a.kind for a in legal}
    if verb == "pick":
        if "pick" not in kinds:
            raise RuleError("turn order", "it is not your pick now")
        allowed = {a.args["asset"] for a in legal if a.kind == "pick"}
        choices = _card_choices(view)
        if head.lower() not in {k.lower() for k in choices}:  # suggest only what may be picked
            choices = {k: v for k, v in choices.items() if v in allowed}
        aid = match_one(head, choices, "Asset on the Hero card")
        return [Action(seat=seat, kind="pick", args={"asset": aid}, text=text)]
    if verb == "pronouns":
        if head.lower() in PRONOUNS:
            return [Action(seat=seat, kind="pronouns", args={"pronouns": head.lower()})]
        own = next((a for a in legal if a.kind == "pronouns" and "pronouns" not in a.args), None)
        if own is None:
            raise RuleError("turn order", "the Hero's pronouns are not asked now")
        try:
            pronouns.check(head, _hero_name(view))
        except ValueError as err:
            raise CommandError(str(err), "pronouns she") from None
        return [own.with_text(" ".join(head.split()))]
    if verb == "invoke":
        if not head:
            raise CommandError("name the Asset to invoke", sorted(_asset_choices(view, legal,
                                                                                "invoke")))
        aids = match_many(head, _asset_choices(view), "Asset")  # invoke hope, ash: one by one
        if len(set(aids)) != len(aids):
            raise CommandError("each Asset is invoked once", "invoke ASSET [, ASSET...] [-- how]")
        return [Action(seat=seat, kind="invoke", args={"asset": aid}, text=text if i == 0 else "")
                for i, aid in enumerate(aids)]
    if verb == "done":
        kind = "gathered" if "gathered" in kinds else "ready"
        return [Action(seat=seat, kind=kind, text=text or head)]  # done WORDS: the stakes
    if verb == "moon":
        return [Action(seat=seat, kind="moon", text=text or head)]
    if verb in ("accept", "reject"):
        offers = [a for a in legal if a.kind in ("accept", "reject")]
        if not offers:
            raise RuleError("turn order", "there is no bargain to answer now")
        if not head and len({a.args["tempter"] for a in offers}) == 1:
            return [Action(seat=seat, kind=verb, args=offers[0].args, text=text)]
        tempter = match_one(head, _fate_choices(view), "Fate")
        same = next((a for a in offers if a.args["tempter"] == tempter), None)
        if same is not None:  # the engine says why, if this answer cannot be given
            return [Action(seat=seat, kind=verb, args=same.args, text=text)]
        return [_one(legal, verb, text, tempter=tempter)]
    if verb == "claim":
        aid = match_one(head, _asset_choices(view), "Asset")
        if len(text.split()) > TRAIT_WORDS:  # the name is told as "Ash is {name}" ever after
            raise CommandError(f"a Trait is named in a word or a few ({TRAIT_WORDS} at most): "
                               "what the Asset has become; tell what happens next, after it",
                               "claim Ash the Hound -- unafraid")
        return [Action(seat=seat, kind="claim", args={"asset": aid}, text=text)]
    if verb == "regain":
        aid = match_one(head, _asset_choices(view), "Asset")
        return [_one(legal, "regain", text, asset=aid)]
    if verb == "counter":
        offers = [a for a in legal if a.kind == "counter"]
        if not offers:
            raise RuleError("countering", "there is no bargain you can counter now (each may "
                            "be countered once, while you answer the offers)")
        if not head and len(offers) == 1:
            return [offers[0].with_text(text)]
        tempter = match_one(head, _fate_choices(view), "Fate")
        return [Action(seat=seat, kind="counter", args={"tempter": tempter}, text=text)]
    if verb == "propose":
        if not head.isdigit():
            raise CommandError("say how many dice you ask for", "propose 2")
        return [Action(seat=seat, kind="propose", args={"dice": int(head)}, text=text)]
    if verb in ("withdraw", "take", "refuse"):
        return [Action(seat=seat, kind=verb, text=text)]
    if verb == "forgo":
        return [Action(seat=seat, kind="forgo", text=text)]
    if verb == "back":
        return [Action(seat=seat, kind="back", text=text)]
    if verb == "cost":
        word, _, name = head.partition(" ")
        if word.lower() not in COST_WORDS:
            raise CommandError("a cost is subvert, negative (add a negative Trait) or positive "
                               "(remove a positive Trait)", "cost negative Courage")
        aid = match_one(name, _asset_choices(view), "Asset")
        kind = "counter_cost" if "counter_cost" in kinds or seat == HERO else "cost"
        return [Action(seat=seat, kind=kind, args={"kind": COST_WORDS[word.lower()],
                                                   "asset": aid}, text=text)]
    if verb == "offer":
        parts = head.split()
        if len(parts) != 2 or not is_number(parts[0]) or parts[1] not in ("now", "later"):
            raise CommandError("say how many dice and when the price is paid", "offer 2 now")
        timing = "immediate" if parts[1] == "now" else "delayed"
        return [Action(seat=seat, kind="offer", args={"dice": int(parts[0]), "timing": timing},
                       text=text)]
    if verb == "subvert":
        aid = match_one(head, _asset_choices(view), "Asset")
        return [Action(seat=seat, kind="subvert", args={"asset": aid}, text=text)]
    if verb == "mark":
        if not head:
            return [Action(seat=seat, kind="mark_risked", text=text)]
        name, _, change = head.rpartition(" ")
        if change.lower() not in ("negative", "positive"):
            raise CommandError("mark an Asset negative (add a negative Trait) or positive "
                               "(remove a positive Trait)", "mark Courage negative")
        aid = match_one(name, _asset_choices(view), "Asset")
        return [Action(seat=seat, kind="mark", args={"asset": aid,
                                                     "change": COST_WORDS[change.lower()]},
                       text=text)]
    raise CommandError(f"unknown command {verb!r}", sorted(VERBS))


def parse_chance(rest: str, options: list[str]) -> list[str]:
    """Faces typed for a physical roll: numbers 1-6, separated by spaces or commas."""
    faces = rest.replace(",", " ").split()
    bad = [f for f in faces if f not in options]
    if not faces or bad:
        raise CommandError(f"type the faces you rolled, 1 to 6 (not {' '.join(bad) or 'nothing'})",
                           "drew 6 5 3 1")
    return faces


def show(verb: str, view: dict) -> str | None:
    if verb == "sheet":
        return sheet(view) if view.get("assets") else "The Hero has no Assets yet."
    if verb == "offers":
        return offers_text(view)
    if verb == "scene":
        return scene_text(view)
    return None


def complete(verb: str, view: dict, legal: list[Action]) -> list[str]:
    names = {a["id"]: a["name"] for a in view.get("assets", [])}
    if verb == "pick":
        allowed = {a.args["asset"] for a in legal if a.kind == "pick"}
        return [c["name"] for c in view.get("card", []) if c["id"] in allowed]
    if verb in ("invoke", "claim", "regain", "subvert"):
        return [names[a.args["asset"]] for a in legal if a.kind == verb and "asset" in a.args]
    if verb in ("accept", "reject", "counter"):
        return sorted({view["fates"][a.args["tempter"]]["name"] for a in legal if a.kind == verb})
    if verb == "pronouns":
        return list(PRONOUNS)
    return []


def useful_verbs(legal: list[Action]) -> list[str]:
    kinds = {a.kind for a in legal}
    table = (("pick", "pick"), ("pronouns", "pronouns"), ("invoke", "invoke"),
             ("gathered", "done"), ("ready", "done"), ("moon", "moon"), ("accept", "accept"),
             ("reject", "reject"), ("claim", "claim"), ("regain", "regain"), ("forgo", "forgo"),
             ("back", "back"), ("cost", "cost"), ("offer", "offer"), ("subvert", "subvert"),
             ("mark_risked", "mark"), ("mark", "mark"), ("counter", "counter"),
             ("counter_cost", "cost"), ("propose", "propose"), ("withdraw", "withdraw"),
             ("take", "take"), ("refuse", "refuse"))
    verbs = []
    for kind, verb in table:
        if kind in kinds and verb not in verbs:
            verbs.append(verb)
    return verbs + ["sheet", "offers", "scene"]


# -- what the screen shows -----------------------------------------------------------------------
def _fate_name(view: dict, seat: str) -> str:
    f = view["fates"][seat]
    return f"{f['name']} {f['title']}"


def offers_text(view: dict) -> str:
    if view.get("phase") == "offers":
        made = [view["fates"][s]["name"] for s in view.get("offers_made", [])]
        mine = view.get("my_offer")
        lines = ["The Tempters are making their offers in secret."]
        if made:
            lines.append(f"Done: {', '.join(made)}.")
        if mine:
            costs = "; ".join(c["text"] for c in mine.get("costs", [])) or "nothing yet"
            lines.append(f"Your draft: {'backing the Agent' if mine['back'] else costs}.")
        return "\n".join(lines)
    offers = view.get("offers") or []
    if not offers:
        return "No offers on the table."
    rows = []
    for o in offers:
        name = _fate_name(view, o["tempter"])
        answer = f" [{o['answer']}]" if o.get("answer") else ""
        if o["back"]:
            rows.append(f"  {name} backs the Agent: +3 dice to the Agent")
        else:
            rows.append(f"  {name} offers {o['text']}{answer}")
            if not o.get("answer"):
                costs = [[c["kind"], c["asset"]] for c in o["costs"]]
                rows += [f"      {x}" for x in consequences(view, costs, o["timing"])]
        if o.get("speech"):
            rows.append(f"      “{o['speech']}”")
    return "Offers:\n" + "\n".join(rows)


def scene_text(view: dict) -> str:
    sc = view.get("scene_info")
    if not sc:
        return "The Quest has not begun yet."
    agent = _fate_name(view, sc["agent"])
    pools = view["pools"]
    return (f"Scene {view['scene']} of 9 · {sc['title']} · Agent of Threat: {agent}\n"
            f"  Setup: {sc['setup']}\n  Threat: {sc['threat']} ({sc['threat_dice']} Threat "
            f"dice)\n  Elements: {'; '.join(sc['elements'])}\n"
            f"  Dice now: you {pools['hero']} · the Agent {pools['agent']}")


def status(view: dict) -> str:
    parts = [scene_text(view)]
    if view.get("assets"):
        parts.append(sheet(view))
    if view.get("offers") or view.get("phase") == "offers":
        parts.append(offers_text(view))
    return "\n".join(parts)


def toolbar(view: dict, width: int | None = None) -> str:
    """The status bar, wrapped between fields to the terminal's width (at 80 columns the help
    key was cut off: "· F1 h")."""
    if not view.get("scene"):
        fields = ["Making the Hero", f"{len(view.get('assets', []))} of 9 Assets", "[F1] help"]
    else:
        sc = view["scene_info"]
        f = view["fates"][sc["agent"]]
        p = view["pools"]
        left = sum(1 for a in view["assets"] if not a["subverted"])
        pts = view["scores"]
        fields = [f"Scene {view['scene']}/9", f"Agent {f['name']}",
                  f"dice {p['hero']} vs {p['agent']}", f"Assets {left}/9",
                  f"you {pts[HERO]} pts", top_fate(view), "[F1] help"]
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    return wrap_fields(fields, width - 1)


def top_fate(view: dict) -> str:
    """Who leads the Fates: "Veyla 4 (top Fate)", "Fates tied at 2", "Fates 0"."""
    pts = view["scores"]
    best = max(pts[x] for x in FATES)
    leaders = [x for x in FATES if pts[x] == best]
    if best == 0:
        return "Fates 0"
    if len(leaders) > 1:
        return f"Fates tied at {best}"
    return f"{view['fates'][leaders[0]]['name']} {best} (top Fate)"


def turn_hint(view: dict, legal: list[Action], seat: str) -> str:
    kinds = {a.kind for a in legal}
    d = rules()
    if "pick" in kinds:
        allowed = {a.args["asset"] for a in legal}
        opening = opening_text(view) + "\n\n" if not view.get("assets") else ""
        rows = []
        for kind, label in (("virtue", "Virtues"), ("strength", "Strengths"), ("ally", "Allies")):
            names = [c["name"] for c in view["card"] if c["id"] in allowed and c["kind"] == kind]
            if names:
                rows.append(f"  {label}: {', '.join(names)}")
        return (opening + "Pick an Asset for the Hero (pick NAME; help pick, or scene for "
                "more); the Fates pick in turn after you:\n" + "\n".join(rows))
    if "pronouns" in kinds:
        return ("The Hero's pronouns: she, he, they, a set of your own (xe/xem/xyr, ze/hir, "
                "it/its), or name (the Hero goes by their name alone).")
    if seat == HERO and view.get("phase") == "hero_gather":
        moon = " or shoot the moon (moon)" if "moon" in kinds else ""
        return (f"Dice now: you {view['pools']['hero']} · the Agent {view['pools']['agent']}. "
                f"Gather your dice: invoke ASSET (each +1, +1 per ♣), then done -- your "
                f"stakes{moon}. (sheet: your Assets; scene: this scene)")
    if seat == HERO and view.get("phase") == "more_hero":
        return (f"Dice now: you {view['pools']['hero']} · the Agent {view['pools']['agent']}. "
                "Invoke more Assets (invoke ASSET) or roll (done).")
    if "reject" in kinds:
        rows = []
        for a in legal:
            if a.kind == "reject":
                f = view["fates"][a.args["tempter"]]
                rows.append(f"  {f['name']} {f['title']}: " + offer_text(
                    d, a.args["dice"], a.args["timing"], a.args["costs"]))
                rows += ["      " + x for x in consequences(view, a.args["costs"],
                                                           a.args["timing"])]
                if not any(b.kind == "accept" and b.args == a.args for b in legal):
                    rows.append("      (it can no longer be paid beside the bargain you "
                                "accepted: reject or counter it)")
        both = together(view, [a for a in legal if a.kind == "accept"])
        if both:
            rows.append("  Accepting them all: " + both)
        counter = " / counter NAME" if "counter" in kinds else ""
        agent = (view.get("scene_info") or {}).get("agent")
        who = rules().fate(agent).name if agent in FATES else "the Agent"
        cost = (f"the Agent shot the moon: a refusal gives {who} nothing"
                if (view.get("moon") or {}).get("agent") else "each refusal gives the Agent a die")
        return (f"Your answer to each bargain (accept NAME / reject NAME{counter}; {cost}):\n"
                + "\n".join(rows))
    if "counter_cost" in kinds or "propose" in kinds:
        c = view.get("counter") or {}
        named = "; ".join(x["text"] for x in c.get("costs", [])) or "no cost yet"
        return (f"Your counter to {view['fates'][c.get('tempter', FATES[0])]['name']}: {named}. "
                "Name a cost (cost negative|positive|subvert ASSET), then propose DICE "
                "(withdraw to drop it).")
    if "take" in kinds:
        c = view["counter"]
        costs = [[x["kind"], x["asset"]] for x in c["costs"]]
        return ("The Hero counters your bargain: " + offer_text(d, c["dice"], c["timing"], costs)
                + ". take or refuse.")
    if "regain" in kinds:
        names = {a["id"]: a["name"] for a in view["assets"]}
        rows = [f"  {names[a.args['asset']]}: {regain_terms(a.args.get('marks', 0))}"
                for a in legal if a.kind == "regain"]
        return ("Your moon shot won: take back a subverted Asset (regain ASSET):\n"
                + "\n".join(rows))
    if "claim" in kinds:
        return ("You won the Threat: add a positive Trait to an Asset (claim ASSET -- its name, "
                "a word or a few: unafraid, frost-keen).")
    return ""


def opening_text(view: dict) -> str:
    """What the table knows before the first pick: the Quest's premise and the three Fates."""
    lines = []
    q = view.get("quest")
    if q:
        lines.append(f"The Quest: {q['title']}. {q['premise']}")
    d = rules()
    lines.append("The three Fates, your rivals (each plays for its own points):")
    for seat in FATES:
        f = d.fate(seat)
        lines.append(f"  {f.name} {f.title}: {f.temperament}. Wants {f.wants}; bargains for "
                     f"{asks_text(f.temper)}. Avatar: {f.avatar}.")
    return "\n".join(lines)


ASK_WORDS = {"add_negative": "negative Traits", "remove_positive": "your positive Traits",
             "subvert": "whole Assets"}
ON_WORDS = {"any": "", "risked": " on the Assets you risk", "kept": " on the Assets you keep back"}


def asks_text(temper) -> str:
    """What a Fate bargains for, from its card: "negative Traits or whole Assets on the Assets
    you keep back, paid after the roll"."""
    kinds = " or ".join(ASK_WORDS[k] for k in temper.asks)
    paid = "paid after the roll" if temper.timing == "delayed" else "paid at once"
    return f"{kinds}{ON_WORDS[temper.on]}, {paid}"


def consequences(view: dict, costs: list, timing: str) -> list[str]:
    """Each cost of a bargain in the Hero's words, before she answers: 'this subverts Quick Wits:
    you lose it and its die'."""
    assets = {a["id"]: dict(a, traits=list(a["traits"])) for a in view.get("assets", [])}
    out = []
    for kind, aid in costs:
        a = assets[aid]
        pos = sum(1 for t in a["traits"] if t["positive"])
        neg = sum(1 for t in a["traits"] if not t["positive"])
        dice = 1 + pos
        its = f"its {dice} {'die' if dice == 1 else 'dice'}"
        now = (" (it is invoked: its dice leave your pool at once)"
               if a["invoked"] and timing == "immediate" else "")
        if a["subverted"]:
            out.append(f"{a['name']} is already subverted: this cost would lapse.")
        elif kind == "subvert" or (kind == "add_negative" and neg >= 2):
            why = "this subverts" if kind == "subvert" else "a third negative Trait subverts"
            out.append(f"{why} {a['name']}: you lose it and {its}, the 4 points it would "
                       f"score at the end, and it feeds the Agent a die{now}.")
            a["subverted"] = True
        elif kind == "add_negative":
            out.append(f"{a['name']} takes a negative Trait ({neg + 1} of 3): one more die for "
                       f"every Agent of Threat from now on.")
            a["traits"].append({"positive": False})
        elif pos:
            out.append(f"{a['name']} loses a positive Trait: one die fewer when you invoke "
                       f"it{now}.")
            idx = max(i for i, t in enumerate(a["traits"]) if t["positive"])
            a["traits"].pop(idx)
        else:
            out.append(f"{a['name']} has no positive Trait left to lose: this cost could not "
                       "be paid.")
    return out


def together(view: dict, accepts: list[Action]) -> str:
    """What the open bargains would do if all were accepted, when that is worse than each alone
    (two marks that together turn an Asset)."""
    if len(accepts) < 2:
        return ""
    alone = {line for a in accepts for line in consequences(view, a.args["costs"],
                                                            a.args["timing"])}
    costs = [c for a in accepts for c in a.args["costs"]]
    worse = [line for line in consequences(view, costs, "delayed")
             if line not in alone and "subverts" in line]
    return " ".join(worse)


def label(action: Action, view: dict) -> str:
    """An action as `actions` lists it: a bargain to answer names what it would cost."""
    text = describe(rules(), action)
    if action.kind == "accept":
        text += "; " + " ".join(consequences(view, action.args["costs"], action.args["timing"]))
    return text


def rewrite(raw: str, view: dict, legal: list[Action]) -> str | None:
    """A line that is no verb: a bare ``she`` (or ``xe/xem``, ``name``) when the Hero's pronouns
    are asked is ``pronouns she`` (the other games ask the pronouns as a question whose whole line
    is the answer)."""
    if not raw.strip() or not any(a.kind == "pronouns" for a in legal):
        return None
    return f"pronouns {' '.join(raw.split())}"  # the verb reads it, or says the forms expected


def _hero_name(view: dict) -> str:
    return (view.get("hero") or {}).get("name") or ""
