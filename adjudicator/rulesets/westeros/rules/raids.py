"""Resolve Raid Orders: in Iron Throne order, one raid at a time.

A raid removes one adjacent enemy Support, Raid or Consolidate Power order (a starred raid
also a Defense order). Raiding Consolidate Power takes a Power token from the victim and
gives the raider one from the pool. A raid with nothing left to raid is removed.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import OrderTurn
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import _l

RAIDABLE = ("support", "raid", "consolidate-power")


def raid_targets(state: State, area: str) -> list[str]:
    """Areas whose order the raid in `area` may remove now, sorted by id."""
    board = state.board
    source = board.areas[area]
    house = state.occupant(area)
    token = state.orders.get(area, "")
    kinds = RAIDABLE + (("defense",) if flow.is_star(token) else ())
    targets = []
    for other in sorted(board.links[area]):
        owner = flow.order_owner(state, other)
        if owner is None or owner == house:
            continue
        target = board.areas[other]
        # P6: "a raid order in a port may raid only the port's sea."
        if source.is_port and other != source.port_sea:
            continue
        # Rulebook: land raids land only. P6: "Units in land areas can never raid a port."
        if source.is_land and not target.is_land:
            continue
        # P6: enemy ships in the port's sea may raid orders in the port; seas raid land too.
        if flow.order_type(state.orders[other]) in kinds:
            targets.append(other)
    return targets


def raid_options(state: State, house: str) -> dict[str, list[str]]:
    """The house's unresolved raids, in listed order, each with its legal targets."""
    return {a: raid_targets(state, a) for a in flow.orders_by_type(state, house, "raid")}


def start_raid_turn(state: State, events: Events) -> None:
    """The next house in turn order resolves a raid: ask when a target exists."""
    house = flow.next_house(state, lambda h: bool(flow.orders_by_type(state, h, "raid")))
    if house is None:
        end_raids(state, events)
        return
    options = raid_options(state, house)
    if not any(options.values()):
        # Ask only when there is a choice: a raid with no target is simply removed.
        resolve_raid(state, house, next(iter(options)), None, events, reason="no_target")
        return
    flow.open_request(
        state, house, "raid", list(options), OrderTurn(options), _l("resolve one raid order")
    )


def end_raids(state: State, events: Events) -> None:
    state.action["step"] = "march"
    state.action["last"] = None
    emit(events, "step_started", step="march")


def resolve_raid(
    state: State, house: str, area: str, target: str | None, events: Events, reason: str = ""
) -> None:
    """Remove the raid (and the target's order); Consolidate Power pays the raider."""
    state.orders.pop(area, None)
    state.action.setdefault("done", []).append(f"raid:{area}")
    state.action["last"] = house
    if target is None:
        emit(events, "raid_removed", house=house, area=area, reason=reason or "chosen")
        return
    victim = flow.order_owner(state, target)
    token = state.orders.pop(target)
    lost = gained = 0
    if flow.order_type(token) == "consolidate-power":
        # Rulebook: the raider takes one Power token; the victim loses one (20 cap applies).
        lost = flow.lose_power(state, victim, 1)
        gained = flow.gain_power(state, house, 1)
    emit(
        events,
        "raid",
        house=house,
        area=area,
        target=target,
        victim=victim,
        token=token,
        power_lost=lost,
        power_gained=gained,
    )


# -- the "raid" request -------------------------------------------------------------------
def answer_raid(state: State, req: OpenRequest, value: dict[str, Any]) -> dict[str, Any]:
    """Check an instruction's raid against the options now; raise Skip with the reason."""
    options = OrderTurn.of(req).options
    area, target = value["from"], value.get("to")
    if area not in options:
        raise Skip(
            _l(
                "there is no unresolved %(order)s order of yours in %(area)s",
                order=said.order("raid"),
                area=said.area(state, area),
            )
        )
    if target is not None and target not in options[area]:
        legal = said.areas(state, options[area]) or _l("none")
        raise Skip(
            _l(
                "%(area)s holds no order this raid can remove (can: %(legal)s)",
                area=said.area(state, target),
                legal=legal,
            )
        )
    return {"from": area, "to": target}


def apply_raid(
    state: State, req: OpenRequest, value: dict[str, Any], rng: Dice, events: Events
) -> None:
    resolve_raid(state, req.house, value["from"], value.get("to"), events)


def default_raid(state: State, req: OpenRequest, rng: Dice) -> dict[str, Any]:
    """Brief: its first unresolved raid, in the order listed, is removed without effect."""
    return {"from": next(iter(OrderTurn.of(req).options)), "to": None}
