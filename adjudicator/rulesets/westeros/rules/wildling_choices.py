"""The "wildling-card" request: one decision a wildling card asks of a house.

The request context (`WildlingCardChoice`) says what is asked: ``card``, ``role``,
``what`` (destroy | swap | upgrade | take | discard | track | penalty | muster),
``choices`` (units are [unit, area], one entry per unit), ``pick`` (how many to choose;
1 = one item), ``optional``, and for The Horde Descends ``same_area``. An instruction lists
preferences; the first legal ones are the answer. Brief, decision table: optional rewards
("may") default to not used; mandatory choices to a seeded random legal choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import WildlingCardChoice
from adjudicator.rulesets.westeros.rules import recruiting
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import DEFAULT_LOSS_ORDER, unit_type
from adjudicator.rulesets.westeros.wildling_attack import ATTACK, AttackStep, WildlingAttack
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.wildling_options import item_text
from adjudicator.text import N_, Text, _l, _ln

Step = AttackStep
Unit = list[str]
"""[unit, area]: one unit on the board."""
SUMMARIES = {
    "destroy": N_("%(card)s: choose the units to destroy"),
    "swap": N_("%(card)s: choose the knights to replace by footmen"),
    "take": N_("%(card)s: take a card back from your discard pile?"),
    "discard": N_("%(card)s: choose a house card to discard"),
    "track": N_("%(card)s: choose an influence track"),
    "penalty": N_("%(card)s: destroy 2 units or lose 2 places on an influence track"),
    "muster": N_("%(card)s: muster in one castle or stronghold?"),
}
"""The one-line summaries of the card requests (a message table)."""
MANY = ("destroy", "swap", "upgrade")
"""Choices of several units at once."""


def units_of(
    state: State, house: str, kinds: tuple[str, ...] = (), areas: Any = None
) -> list[Unit]:
    """Every unit of `house` (of `kinds`, in `areas`), one entry a unit, in a stable order."""
    out = []
    for area, houses in sorted(state.units.items()):
        if areas is not None and area not in areas:
            continue
        for unit in sorted(
            houses.get(house, []), key=lambda u: DEFAULT_LOSS_ORDER.index(unit_type(u))
        ):
            if not kinds or unit_type(unit) in kinds:
                out.append([unit_type(unit), area])
    return out


def _weakness(unit: str) -> int:
    return DEFAULT_LOSS_ORDER.index(unit_type(unit))


def is_real_choice(units: list[Unit], pick: int) -> bool:
    """Ask only when there is a choice: more units than picked, of more than one kind/place."""
    return len(units) > pick and len({tuple(u) for u in units}) > 1


def ask(
    state: State,
    attack: WildlingAttack,
    step: Step,
    what: str,
    choices: list[Any],
    *,
    pick: int = 1,
    optional: bool = False,
    house: str | None = None,
    **extra: Any,
) -> bool:
    """Open the step's request; always False (the step waits for it)."""
    card = attack.card
    context = WildlingCardChoice(card, step.role, what, choices, pick, optional, **extra)
    summary = (
        _ln(
            "%(card)s: replace up to %(n)d footman by a knight?",
            "%(card)s: replace up to %(n)d footmen by knights?",
            pick,
            card=said.card(card),
        )
        if what == "upgrade"
        else _l(SUMMARIES[what], card=said.card(card))
    )
    flow.open_request(state, house or step.house, "wildling-card", [card], context, summary)
    return False


# -- the "wildling-card" request ------------------------------------------------------------
def _prefs(value: Any, context: WildlingCardChoice) -> list[Any]:
    """An instruction's preferences, or a direct answer (a default or a bot's) as prefs."""
    if isinstance(value, dict) and "prefs" in value:
        return list(value["prefs"])
    if isinstance(value, dict) and "option" in value:
        return [value["option"], *value["units"]]
    if context.what in MANY:
        return [None] if not value else list(value)
    return [value]


def check_choice(state: State, req: OpenRequest, value: Any) -> Any:
    """The answer the preferences give now; raises Skip saying what is possible."""
    context = WildlingCardChoice.of(req)
    prefs = _prefs(value, context)
    if context.what in MANY:
        chosen = _pick_units(context, prefs)
    elif context.what == "muster":
        chosen = _pick_muster(state, req, prefs)
    else:
        chosen = next((p for p in prefs if p is not None and p in context.choices), None)
        if chosen is None and not (context.optional and None in prefs):
            chosen = Skip
    if chosen is Skip:
        raise Skip(skip_reason(state, context, prefs))
    if context.what == "penalty" and chosen == "units":
        also = replace(context, choices=context.units, pick=context.destroy, optional=False)
        units = _pick_units(also, prefs) if context.destroy else []
        if units is not Skip:
            return {"option": "units", "units": units}
    return chosen


def skip_reason(state: State, context: WildlingCardChoice, prefs: list[Any]) -> Text:
    """Why the preferences answer nothing now, with what is possible."""
    legal = tuple(dict.fromkeys(item_text(state, c) for c in context.choices))
    if prefs == [None]:
        return _l("this decision cannot be declined; possible now: %(legal)s", legal=legal)
    if context.pick > 1:
        return _l("choose %(n)d of: %(legal)s", n=context.pick, legal=legal)
    wanted = tuple(item_text(state, p) for p in prefs)
    return _l("%(wanted)s: not possible now; possible: %(legal)s", wanted=wanted, legal=legal)


def _pick_units(context: WildlingCardChoice, prefs: list[Any]) -> Any:
    """The first `pick` listed units that are legal (all in one area when so asked)."""
    if context.optional and prefs[:1] == [None]:
        return []
    wanted = [list(p) for p in prefs if isinstance(p, (list, tuple)) and len(p) == 2]
    areas = [None]
    if context.same_area:
        areas = list(dict.fromkeys(area for _, area in wanted))
    for area in areas:
        left = Counter(tuple(c) for c in context.choices)
        chosen = []
        for unit in wanted:
            if (area is None or unit[1] == area) and left[tuple(unit)] > 0:
                left[tuple(unit)] -= 1
                chosen.append(unit)
            if len(chosen) == context.pick:
                return chosen
        if chosen and context.optional and area is None:
            return chosen  # "up to" N: fewer is fine
    return Skip


def _pick_muster(state: State, req: OpenRequest, prefs: list[Any]) -> Any:
    for pref in prefs:
        if pref is None:
            return None
        if isinstance(pref, dict) and pref in WildlingCardChoice.of(req).choices:
            return pref
        if isinstance(pref, dict) and "area" in pref:
            house, area = req.house, pref["area"]
            if recruiting.can_muster(state, house, area) and (
                recruiting.muster_problem(state, house, area, pref["items"]) is None
            ):
                return {"area": area, "items": pref["items"]}
    return Skip


def apply_choice(state: State, req: OpenRequest, value: Any, rng: Dice, events: Events) -> None:
    """Store the answer in the step at the head of the queue; the step then runs again."""

    step = state.action[ATTACK].queue[0]
    if isinstance(value, dict) and "option" in value:
        step.answers.update(penalty=value["option"], destroy=value["units"])
        return
    step.answers[WildlingCardChoice.of(req).what] = value


def default_choice(state: State, req: OpenRequest, rng: Dice) -> Any:
    """Brief: optional rewards are not used; mandatory choices get a seeded random one."""
    context = WildlingCardChoice.of(req)
    if context.optional:
        return [] if context.what in MANY else None
    choices = context.choices
    if context.what not in MANY:
        return rng.choice(choices)
    if context.same_area:
        counts = Counter(area for _, area in choices)
        area = rng.choice(sorted(a for a, n in counts.items() if n >= context.pick))
        choices = [c for c in choices if c[1] == area]
    return [list(c) for c in rng.shuffled(choices)[: context.pick]]
