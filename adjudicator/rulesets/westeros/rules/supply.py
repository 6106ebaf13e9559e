"""Supply: armies (two or more units of one house in one area) against the supply track.

Marches, retreats and mustering may never leave a house with armies its supply position
does not allow. P4: ships in a port are an army like any other; P1 adds the 3-ship cap.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import loss_order


def unit_counts(state: State, house: str) -> dict[str, int]:
    """Area -> number of the house's units there."""
    return {area: len(houses[house]) for area, houses in state.units.items() if houses.get(house)}


def supply_limits(state: State, house: str) -> list[int]:
    """The army sizes allowed by the house's supply position, largest first."""
    table = state.board.tracks["supply_table"]
    level = min(state.supply.get(house, 0), state.board.tracks["supply_max"])
    return sorted(table[level], reverse=True)


def fits_supply(state: State, house: str, counts: Mapping[str, int]) -> bool:
    """True when these area counts respect the supply limits and the port cap.

    # P4: "Ships in a port form an army for supply like any other area."
    # P1: "A port never holds more than 3 ships."
    """
    areas = state.board.areas
    cap = state.board.game["port_capacity"]
    if any(n > cap for a, n in counts.items() if areas[a].is_port):
        return False
    armies = sorted((n for n in counts.values() if n >= 2), reverse=True)
    limits = supply_limits(state, house)
    return len(armies) <= len(limits) and all(a <= b for a, b in zip(armies, limits, strict=False))


def with_change(counts: Mapping[str, int], area: str, delta: int) -> dict[str, int]:
    """A copy of `counts` with `delta` units more in `area`."""
    out = dict(counts)
    out[area] = out.get(area, 0) + delta
    if out[area] <= 0:
        del out[area]
    return out


def losses_to_fit(
    state: State, house: str, area: str, units: list[str], leaving: str | None = None
) -> list[str]:
    """Which of `units` arriving in `area` (from `leaving`) must be destroyed for supply.

    The retreat rule (fewest losses) compares these counts; the lost units follow the
    brief's default casualty order.
    """
    counts = unit_counts(state, house)
    if leaving is not None and leaving in counts:
        counts = with_change(counts, leaving, -len(units))
    ordered = loss_order(units)
    for lost in range(len(units) + 1):
        if fits_supply(state, house, with_change(counts, area, len(units) - lost)):
            return ordered[:lost]
    return ordered
