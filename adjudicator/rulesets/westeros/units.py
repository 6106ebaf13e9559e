"""Units on the board: footmen, knights, ships and siege engines, routed or not.

A unit is stored as its type ('knight') or, after a retreat, as 'routed knight'. Every
change to `state.units` in the action phase goes through these helpers so that empty
entries disappear and orders never outlive their units.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.rulesets.westeros.state import State

ROUTED = "routed "
DEFAULT_LOSS_ORDER = ("footman", "ship", "siege_engine", "knight")
"""Brief, decision table: casualties default to footmen, then ships, siege engines, knights."""


def unit_type(unit: str) -> str:
    """'routed knight' -> 'knight'."""
    return unit.removeprefix(ROUTED)


def is_routed(unit: str) -> bool:
    return unit.startswith(ROUTED)


def routed(unit: str) -> str:
    return ROUTED + unit_type(unit)


def add_units(state: State, area: str, house: str, units: Iterable[str]) -> None:
    """Put units into an area (they join whatever the house already has there)."""
    units = list(units)
    if units:
        state.units.setdefault(area, {}).setdefault(house, []).extend(units)


def take_units(state: State, area: str, house: str, units: Iterable[str]) -> list[str]:
    """Remove the named units ('knight' takes a non-routed knight) and return them.

    Raises ValueError when a unit is not there: callers check legality first.
    """
    here = state.units.get(area, {}).get(house, [])
    taken = []
    for unit in units:
        if unit not in here:
            raise ValueError(f"no {unit} of {house} in {area}")
        here.remove(unit)
        taken.append(unit)
    tidy_area(state, area)
    return taken


def remove_all(state: State, area: str, house: str) -> list[str]:
    """Every unit of `house` in `area`, removed."""
    units = state.units.get(area, {}).pop(house, [])
    tidy_area(state, area)
    return units


def tidy_area(state: State, area: str) -> None:
    """Drop empty entries; an order whose units are all gone goes with them."""
    houses = state.units.get(area)
    if houses is None:
        drop_order(state, area)
        return
    for house in [h for h, units in houses.items() if not units]:
        del houses[house]
    if not houses:
        del state.units[area]
        drop_order(state, area)


def drop_order(state: State, area: str) -> None:
    """Remove the order of an area left without units, unless a combat is under way.

    Errata (FAQ v2.0): "Order tokens in areas without units are removed at the end of each
    combat's clean-up" (combat.finish_battle sweeps them), so a Defense order whose units
    Mace Tyrell destroys still counts in that combat.
    """
    if state.phase == "action" and state.action.get("battle"):
        return
    state.orders.pop(area, None)


def sweep_orders(state: State) -> list[str]:
    """Remove every order standing in an area without units; returns the areas."""
    empty = sorted(a for a in state.orders if not state.units.get(a))
    for area in empty:
        del state.orders[area]
    return empty


def count_pieces(state: State, house: str, kind: str, extra: Iterable[str] = ()) -> int:
    """How many units of one type `house` has on the board (plus `extra` in transit)."""
    on_board = sum(
        1
        for houses in state.units.values()
        for unit in houses.get(house, [])
        if unit_type(unit) == kind
    )
    return on_board + sum(1 for u in extra if unit_type(u) == kind)


def pieces_left(state: State, house: str, kind: str, extra: Iterable[str] = ()) -> int:
    """Units of `kind` still in the house's reserve (unit limits: 10/5/6/2)."""
    limit = state.board.game["unit_limits"][kind]
    return limit - count_pieces(state, house, kind, extra)


def loss_order(units: Iterable[str]) -> list[str]:
    """Units sorted for a default loss: routed first, then the brief's default order."""
    return sorted(units, key=lambda u: (not is_routed(u), DEFAULT_LOSS_ORDER.index(unit_type(u))))


def describe(units: Iterable[str]) -> list[str]:
    """A sorted copy, for events (stable output)."""
    return sorted(units)
