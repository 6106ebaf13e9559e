"""Resolve Consolidate Power Orders: in Iron Throne order, one at a time.

Rulebook: a land area gives 1 Power token plus its crowns; a sea gives nothing.
# P7: "Consolidate power in a port: if the port's sea holds no enemy ships, the house
# gains 1 power token; otherwise the order is removed without effect. A starred
# consolidate power in a port can never muster, but still gains power."
A starred order in a castle or stronghold may muster there instead (recruiting.py).
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import ConsolidateChoice
from adjudicator.rulesets.westeros.rules import recruiting
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import _l


def power_yield(state: State, house: str, area: str) -> int:
    info = state.board.areas[area]
    if info.is_land:
        return 1 + info.crowns
    if info.is_port:
        enemy = [h for h in state.units.get(info.port_sea, {}) if h != house]
        return 0 if enemy else 1  # P7
    return 0


def start_consolidate_turn(state: State, events: Events) -> None:
    house = flow.next_house(
        state, lambda h: bool(flow.orders_by_type(state, h, "consolidate-power"))
    )
    if house is None:
        state.action["step"] = "done"
        return
    area = flow.orders_by_type(state, house, "consolidate-power")[0]
    star = flow.is_star(state.orders[area])
    # P7: a starred order in a port never musters; ask only when mustering is possible.
    if star and recruiting.can_muster(state, house, area):
        flow.open_request(
            state,
            house,
            "consolidate",
            [area],
            ConsolidateChoice(
                area,
                power=power_yield(state, house, area),
                points=recruiting.muster_points(state, area),
            ),
            _l("consolidate power or muster"),
        )
        return
    resolve_consolidate(state, house, area, {"mode": "power"}, events)


def resolve_consolidate(
    state: State, house: str, area: str, value: dict[str, Any], events: Events
) -> None:
    state.orders.pop(area, None)
    state.action["last"] = house
    if value["mode"] == "muster":
        recruiting.apply_muster(state, house, area, value["items"], events)
        return
    wanted = power_yield(state, house, area)
    gained = flow.gain_power(state, house, wanted)
    emit(events, "consolidated", house=house, area=area, power=gained, capped=wanted - gained)


# -- the "consolidate" request -------------------------------------------------------------
def answer_consolidate(state: State, req: OpenRequest, value: dict[str, Any]) -> dict[str, Any]:
    area = ConsolidateChoice.of(req).area
    if value["mode"] == "muster":
        recruiting.check_muster(state, req.house, area, value["items"])
    elif value["mode"] != "power":
        raise Skip(_l("say 'power' or 'muster ...'"))
    return value


def apply_consolidate(
    state: State, req: OpenRequest, value: dict[str, Any], rng: Dice, events: Events
) -> None:
    resolve_consolidate(state, req.house, ConsolidateChoice.of(req).area, value, events)


def default_consolidate(state: State, req: OpenRequest, rng: Dice) -> dict[str, Any]:
    """Brief: gain power."""
    return {"mode": "power"}
