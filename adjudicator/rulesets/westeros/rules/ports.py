"""Ports changing hands (P9, P12): ships whose land area is lost are replaced or destroyed.

Checked after every march (at once for an emptied land, P9 second sentence) and after
every other loss of control. The new controller's choice is the "port" request.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import PortChoice
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts, with_change
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import add_units, pieces_left, remove_all, tidy_area
from adjudicator.text import _l, _ln


def ports(state: State) -> list[str]:
    return sorted(a.id for a in state.board.areas.values() if a.is_port)


def destroy_orphaned_ships(state: State, events: Events) -> None:
    """# P9: "If the land is left with no controller at all, ships in its port are destroyed."

    Also the edge case: a non-home castle left empty by a march loses its port's ships at
    once, even if the march is an attack that later fails.
    """
    for port in ports(state):
        land = state.board.areas[port].port_land
        if state.units.get(port) and state.controller(land) is None:
            for house in sorted(state.units[port]):
                lost = remove_all(state, port, house)
                emit(
                    events,
                    "ships_destroyed",
                    house=house,
                    area=port,
                    units=lost,
                    reason="no_controller",
                )


def queue_port_captures(state: State, events: Events) -> None:
    """Queue every port holding ships of a house that no longer controls its land."""
    destroy_orphaned_ships(state, events)
    queue = state.action.setdefault("ports", [])
    for port in ports(state):
        land = state.board.areas[port].port_land
        owner = state.controller(land)
        if any(h != owner for h in state.units.get(port, {})) and port not in queue:
            queue.append(port)


def most_replaceable(state: State, house: str, port: str, enemy: int) -> int:
    """# P9: replace "with an equal number of its own available ships (within supply and
    # the cap)"."""
    own = len(state.house_units(port, house))
    counts = unit_counts(state, house)
    best = 0
    for k in range(1, enemy + 1):
        if k > _ships_left(state, house) or not fits_supply(
            state, house, with_change(counts, port, k)
        ):
            break
        if own + k > state.board.game["port_capacity"]:
            break
        best = k
    return best


def _ships_left(state: State, house: str) -> int:

    return pieces_left(state, house, "ship")


def capture_choices(state: State, house: str, port: str, enemy: int) -> list[int]:
    """How many ships the new controller may put in place of the enemy's.

    # P12: with `ports: clash-of-kings` it is all (as far as supply allows) or none.
    """
    most = most_replaceable(state, house, port, enemy)
    if state.options.ports == "clash-of-kings":
        return sorted({0, most})
    return list(range(most + 1))


def next_port_capture(state: State, events: Events) -> None:
    """Resolve the first queued port: ask the new controller when it has a choice."""
    port = state.action["ports"][0]
    land = state.board.areas[port].port_land
    owner = state.controller(land)
    enemy = sum(len(u) for h, u in state.units.get(port, {}).items() if h != owner)
    if owner is None or enemy == 0:
        state.action["ports"].pop(0)
        destroy_orphaned_ships(state, events)
        return
    choices = capture_choices(state, owner, port, enemy)
    if choices == [0]:
        replace_ships(state, owner, port, 0, events)
        return
    flow.open_request(
        state,
        owner,
        "port",
        [port, land],
        PortChoice(port, land, enemy_ships=enemy, choices=choices, optional=False),
        _l("ships in a captured port"),
    )


def replace_ships(state: State, house: str, port: str, count: int, events: Events) -> None:
    """# P9: "the enemy ships not replaced are destroyed"; their orders go with them."""
    state.action["ports"].remove(port)
    removed = {}
    for other in sorted(h for h in state.units.get(port, {}) if h != house):
        removed[other] = remove_all(state, port, other)
    state.orders.pop(port, None)
    add_units(state, port, house, ["ship"] * count)
    tidy_area(state, port)
    emit(events, "port_captured", house=house, area=port, replaced=count, lost=removed)


# -- the "port" request -------------------------------------------------------------------
def answer_port(state: State, req: OpenRequest, value: Any) -> int:
    choices = PortChoice.of(req).choices
    wanted = max(choices) if value == "all" else value
    if wanted not in choices:
        if state.options.ports == "clash-of-kings":
            raise Skip(_l("P12: replace all the ships you can or destroy them all"))
        raise Skip(
            _ln(
                "you can replace at most %(n)d ship here",
                "you can replace at most %(n)d ships here",
                max(choices),
            )
        )
    return wanted


def apply_port(state: State, req: OpenRequest, value: int, rng: Dice, events: Events) -> None:
    replace_ships(state, req.house, PortChoice.of(req).port, value, events)


def default_port(state: State, req: OpenRequest, rng: Dice) -> int:
    """Brief: replace as many as allowed."""
    return max(PortChoice.of(req).choices)
