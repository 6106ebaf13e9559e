"""Mustering: new units in and around a castle or stronghold.

Reused by a starred Consolidate Power (action phase) and the Westeros card "Mustering".
A castle gives 1 point, a stronghold 2. Costs: footman 1, knight 2, siege engine 2,
ship 1, upgrading a footman there to a knight or siege engine 1. Unit limits, supply and
the port cap apply.
# P8: "Mustering in a castle or stronghold whose land has a port may place new ships in
# the port or in the adjacent sea — in the port even when enemy ships occupy that sea."
An item is {"unit": type, "area": where, "from": None | "footman"}.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import add_units, pieces_left, take_units
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l, _ln

Item = dict[str, Any]
LAND_UNITS = ("footman", "knight", "siege_engine")
UPGRADES = ("knight", "siege_engine")
"""What a footman already in the area may be upgraded to (1 point each)."""


def muster_points(state: State, area: str) -> int:
    """1 for a castle, 2 for a stronghold, 0 elsewhere."""
    castle = state.board.areas[area].castle
    return state.board.game["muster_points"].get(castle, 0)


def item_cost(state: State, item: Item) -> int:
    costs = state.board.game["muster_cost"]
    if item.get("from"):
        return costs[f"{item['from']}_to_{item['unit']}"]
    return costs[item["unit"]]


def ship_areas(state: State, house: str, area: str) -> list[str]:
    """Where ships mustered at `area` may go: adjacent seas free of enemy ships, its port."""
    board = state.board
    out = []
    for other in sorted(board.links[area]):
        info = board.areas[other]
        if other in state.impassable:
            continue
        if info.is_sea and state.occupant(other) in (None, house):
            out.append(other)
        elif info.is_port and info.port_land == area:
            out.append(other)  # P8: the port, even when enemy ships hold its sea
    return out


def can_muster(state: State, house: str, area: str) -> bool:
    """Whether `house` could place at least one unit at `area` now."""
    if muster_points(state, area) == 0 or state.controller(area) != house:
        return False
    # Rulebook, Mustering: any one unit (footman, knight, siege engine, ship) or upgrade is a
    # choice; a house whose footmen are all on the board may still raise a knight or engine.
    tries = [[{"unit": kind, "area": area, "from": None}] for kind in LAND_UNITS]
    tries += [
        [{"unit": "ship", "area": sea, "from": None}] for sea in ship_areas(state, house, area)
    ]
    tries += [[{"unit": kind, "area": area, "from": "footman"}] for kind in UPGRADES]
    return any(muster_problem(state, house, area, items) is None for items in tries)


def muster_problem(state: State, house: str, area: str, items: list[Item]) -> Text | None:
    """Why these items cannot be mustered at `area` (None when they can)."""
    name = functools.partial(said.area, state)
    points = muster_points(state, area)
    if points == 0:
        return _l("%(area)s has no castle or stronghold", area=name(area))
    spent = sum(item_cost(state, i) for i in items)
    if spent > points:
        return _ln(
            "%(area)s gives %(n)d mustering point, these cost %(spent)d",
            "%(area)s gives %(n)d mustering points, these cost %(spent)d",
            points,
            area=name(area),
            spent=spent,
        )
    seas = ship_areas(state, house, area)
    for item in items:
        if item["unit"] == "ship" and item["area"] not in seas:
            if not seas:
                return _l("ships mustered at %(area)s go nowhere", area=name(area))
            return _l(
                "ships mustered at %(area)s go to %(seas)s",
                area=name(area),
                seas=said.areas(state, seas),
            )
        if item["unit"] != "ship" and item["area"] != area:
            return _l("land units are mustered in %(area)s itself", area=name(area))
    upgrades = sum(1 for i in items if i.get("from"))
    if upgrades > state.house_units(area, house).count("footman"):
        return _l("not enough footmen in %(area)s to upgrade", area=name(area))
    new = Counter(i["unit"] for i in items)
    for kind, n in sorted(new.items()):
        freed = upgrades if kind == "footman" else 0
        if n > pieces_left(state, house, kind) + freed:
            return _l("no %(unit)s left in your reserve", unit=said.unit(kind))
    counts = unit_counts(state, house)
    for item in items:
        if not item.get("from"):
            counts[item["area"]] = counts.get(item["area"], 0) + 1
    if not fits_supply(state, house, counts):
        return _l("the new units would exceed your supply limits (or the port's 3 ships)")
    return None


def check_muster(state: State, house: str, area: str, items: list[Item]) -> list[Item]:
    """The items, checked; raises Skip with the reason."""
    problem = muster_problem(state, house, area, items)
    if problem:
        raise Skip(problem)
    return items


def apply_muster(state: State, house: str, area: str, items: list[Item], events: Events) -> None:
    """Place the units (upgrades replace a footman)."""
    for item in items:
        if item.get("from"):
            take_units(state, item["area"], house, [item["from"]])
        add_units(state, item["area"], house, [item["unit"]])
    emit(events, "mustered", house=house, area=area, items=items)
