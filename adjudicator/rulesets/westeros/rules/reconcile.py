"""Supply levels and reconciling armies: the Supply card, and any house left over its limits.

Rulebook, Supply: each house sets its Supply track position to the barrels in the areas it
controls (at most 6), then every house that breaks its limits destroys units of its choice
until it no longer does. Brief, decision table: the default destroys "smallest units of the
largest armies first; only until every army fits". A house's `reduce:` instruction lists
the units it would rather lose; they go first (each only while the house is still over its
limits), and the default completes what they leave.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import ReduceChoice
from adjudicator.rulesets.westeros.rules.supply import fits_supply, supply_limits, unit_counts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import DEFAULT_LOSS_ORDER, take_units, unit_type
from adjudicator.rulesets.westeros.words.westeros_phase_messages import say

Loss = list[str]
"""[unit, area]: one unit to destroy."""


def barrels(state: State, house: str) -> int:
    """Supply icons in the areas `house` controls (ports have none)."""
    return sum(
        a.supply
        for a in state.board.areas.values()
        if a.supply and a.id not in state.impassable and state.controller(a.id) == house
    )


def supply_level(state: State, house: str) -> int:
    return min(barrels(state, house), state.board.tracks["supply_max"])


def adjust_supply(state: State, events: Events) -> None:
    """Supply card: every house moves to its barrels; the change is public."""
    levels = {}
    for house in state.houses:
        old, new = state.supply.get(house, 0), supply_level(state, house)
        state.supply[house] = new
        levels[house] = [old, new]
    emit(events, "supply_adjusted", levels=levels)


def is_over_supply(state: State, house: str) -> bool:
    return not fits_supply(state, house, unit_counts(state, house))


def _units_by_area(state: State, house: str) -> dict[str, list[str]]:
    return {a: list(hs[house]) for a, hs in sorted(state.units.items()) if hs.get(house)}


def army_units(state: State, house: str) -> list[Loss]:
    """Every unit standing in one of the house's armies (2+ units in an area)."""
    return [
        [unit_type(u), area]
        for area, units in _units_by_area(state, house).items()
        if len(units) >= 2
        for u in sorted(set(units), key=_weakness)
    ]


def _weakness(unit: str) -> int:
    return DEFAULT_LOSS_ORDER.index(unit_type(unit))


def plan_losses(state: State, house: str, wanted: list[Loss]) -> list[Loss]:
    """The units destroyed: `wanted` first (each while still over supply and in an army),
    then the default: the weakest unit of the largest army, until every army fits.

    NOTE: a 'reduce:' line is a preference list, not a complete answer (issue 8: "a house
    reduces for supply only until its armies fit"): units that do not help are passed over
    and the brief's default completes it, so a line sent ahead never stops the game.
    """
    units = _units_by_area(state, house)
    lost: list[Loss] = []

    def over() -> bool:
        return not fits_supply(state, house, {a: len(u) for a, u in units.items() if u})

    for unit, area in wanted:
        if not over():
            break
        here = units.get(area, [])
        if len(here) >= 2 and unit in map(unit_type, here):
            here.remove(next(u for u in here if unit_type(u) == unit))
            lost.append([unit, area])
    while over():
        area = min(units, key=lambda a: (-len(units[a]), a))
        weakest = min(units[area], key=_weakness)
        units[area].remove(weakest)
        lost.append([unit_type(weakest), area])
    return lost


def destroy(state: State, house: str, losses: list[Loss], events: Events) -> None:
    by_area: dict[str, list[str]] = {}
    for unit, area in losses:
        here = state.house_units(area, house)
        victim = next(u for u in here if unit_type(u) == unit)
        take_units(state, area, house, [victim])
        by_area.setdefault(area, []).append(unit)
    emit(events, "supply_reduced", house=house, losses=dict(sorted(by_area.items())))


# -- the "reduce" request -------------------------------------------------------------------
def start_reduce_all(state: State, events: Events) -> None:
    """Every house over its supply, in turn order, at once.

    NOTE: the card has the houses reconcile "in turn order"; one house's choice never
    changes another's, so all are asked together (one stop for the players, not one each).
    """
    for house in state.tracks["iron_throne"]:
        start_reduce(state, house, events)


def start_reduce(state: State, house: str, events: Events) -> None:
    """A house over its supply: ask which units to destroy, or destroy them at once when
    only one kind of unit in one army could go (ask only when there is a choice)."""
    if not is_over_supply(state, house):
        return
    options = army_units(state, house)
    default = plan_losses(state, house, [])
    if len({unit for unit, _ in options}) <= 1 and len({a for _, a in options}) <= 1:
        destroy(state, house, default, events)
        return
    flow.open_request(
        state,
        house,
        "reduce",
        [""],
        ReduceChoice(
            armies={a: n for a, n in unit_counts(state, house).items() if n >= 2},
            limits=supply_limits(state, house),
            choices=options,
            default=default,
        ),
        say("reduce"),
    )


def answer_reduce(state: State, req: OpenRequest, value: Any) -> list[Loss]:
    wanted = value["units"] if isinstance(value, dict) else value
    if not isinstance(wanted, list):
        raise Skip(say("reduce_units"))
    return plan_losses(state, req.house, [list(w) for w in wanted])


def apply_reduce(state: State, req: OpenRequest, value: list[Loss], rng: Dice, ev: Events) -> None:
    destroy(state, req.house, value, ev)


def default_reduce(state: State, req: OpenRequest, rng: Dice) -> list[Loss]:
    """Brief: smallest units of the largest armies first, only until every army fits."""
    return plan_losses(state, req.house, [])
