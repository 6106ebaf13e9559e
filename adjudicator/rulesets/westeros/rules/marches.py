"""Resolve March Orders: in Iron Throne order, one march at a time.

A march moves some or all units of its area to one or more destinations, at most one of
them an attack. Land units move to adjacent land areas or along a chain of the house's own
ships (ship transport); ships move between seas and, by P2, into and out of ports.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import OrderTurn
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import add_units, is_routed, take_units, unit_type
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import _l

NEUTRAL = "neutral"
"""The defender of a combat against a neutral force token."""


# -- where units can go -------------------------------------------------------------------
def has_ships(state: State, house: str, area: str) -> bool:
    return any(unit_type(u) == "ship" for u in state.house_units(area, house))


def land_reach(state: State, house: str, origin: str) -> set[str]:
    """Land areas a land unit in `origin` can reach: adjacent, or by ship transport.

    Rulebook, Ship Transport: a chain of the house's own ships in connected seas carries
    land units between any two land areas bordering that chain. Ports never form part of
    a chain (each port's sea already borders its land, board notes).
    """
    board = state.board
    reach = {a for a in board.links[origin] if board.areas[a].is_land}
    seas = [s for s in sorted(board.links[origin]) if board.areas[s].is_sea]
    stack = [s for s in seas if has_ships(state, house, s)]
    seen = set(stack)
    while stack:
        sea = stack.pop()
        for other in sorted(board.links[sea]):
            info = board.areas[other]
            if info.is_land:
                reach.add(other)
            elif info.is_sea and other not in seen and has_ships(state, house, other):
                seen.add(other)
                stack.append(other)
    reach.discard(origin)
    return reach - set(state.impassable)


def ship_reach(state: State, house: str, origin: str) -> set[str]:
    """Areas a ship in `origin` can reach.

    # P2: "Ships march from a port into its sea, and from the sea into a port whose land
    # the marching house controls. No house ever marches into another house's port."
    """
    board = state.board
    info = board.areas[origin]
    if info.is_port:
        return {info.port_sea} - set(state.impassable)
    reach = set()
    for other in board.links[origin]:
        target = board.areas[other]
        if target.is_sea or (target.is_port and _is_own_port(state, house, other)):
            reach.add(other)
    return reach - set(state.impassable)


def _is_own_port(state: State, house: str, port: str) -> bool:
    land = state.board.areas[port].port_land
    others = [h for h in state.units.get(port, {}) if h != house]
    return state.controller(land) == house and not others


def defender_of(state: State, house: str, area: str) -> str | None:
    """Who a march by `house` into `area` must fight: a house, NEUTRAL, or None (no combat).

    Units of another house fight; so does an enemy home garrison with no units (it defends
    for its house); a neutral force token is fought by strength alone. An area with only an
    enemy power token is no combat: the token is removed.
    """
    occupant = state.occupant(area)
    if occupant is not None:
        return occupant if occupant != house else None
    if state.garrisons.get(area):
        home = state.board.areas[area].home
        if home in state.houses:
            return home if home != house else None
        return NEUTRAL
    return None


def march_options(state: State, house: str) -> dict[str, dict[str, Any]]:
    """The house's unresolved marches: units able to march and where they may go."""
    options = {}
    for area in flow.orders_by_type(state, house, "march"):
        movers = [u for u in state.house_units(area, house) if not is_routed(u)]
        kinds = {unit_type(u) for u in movers}
        land = sorted(land_reach(state, house, area)) if kinds - {"ship"} else []
        sea = sorted(ship_reach(state, house, area)) if "ship" in kinds else []
        options[area] = {"units": sorted(movers), "land": land, "sea": sea}
    return options


# -- the turn -----------------------------------------------------------------------------
def start_march_turn(state: State, events: Events) -> None:
    """The next house in turn order resolves one march; ask when units can move."""
    house = flow.next_house(state, lambda h: bool(flow.orders_by_type(state, h, "march")))
    if house is None:
        state.action["step"] = "consolidate"
        state.action["last"] = None
        emit(events, "step_started", step="consolidate")
        return
    options = march_options(state, house)
    if not any(o["units"] for o in options.values()):
        # Rulebook: routed units cannot march; with nothing able to move there is no choice.
        area = next(iter(options))
        resolve_march(state, house, {"from": area, "moves": [], "leave": False}, None, events)
        return
    flow.open_request(
        state, house, "march", list(options), OrderTurn(options), _l("resolve one march order")
    )


def check_march(state: State, house: str, value: dict[str, Any]) -> dict[str, Any]:
    """The march as it will be executed; raises Skip saying why it is illegal now."""
    origin = value["from"]
    name = functools.partial(said.area, state)
    if origin not in flow.orders_by_type(state, house, "march"):
        raise Skip(
            _l(
                "there is no unresolved %(order)s order of yours in %(area)s",
                order=said.order("march"),
                area=name(origin),
            )
        )
    movers = Counter(u for u in state.house_units(origin, house) if not is_routed(u))
    moves = _expand_moves(value["moves"], movers)
    wanted = Counter(u for _, units in moves for u in units)
    if wanted - movers:
        have = said.units(sorted(movers.elements())) or _l("nothing")
        raise Skip(
            _l(
                "%(area)s has only %(units)s able to march (routed units cannot march)",
                area=name(origin),
                units=have,
            )
        )
    attacks = [dest for dest, _ in moves if defender_of(state, house, dest)]
    # Rulebook, March: units may split up, "but only one of these areas may be an attack".
    if len(attacks) > 1:
        raise Skip(_l("a march may attack only one area"))
    land, sea = land_reach(state, house, origin), ship_reach(state, house, origin)
    for dest, units in moves:
        for unit in units:
            if dest not in (sea if unit == "ship" else land):
                raise Skip(
                    _l(
                        "a %(unit)s in %(from)s cannot reach %(to)s",
                        unit=said.unit(unit),
                        to=name(dest),
                        **{"from": name(origin)},
                    )
                )
    counts = unit_counts(state, house)
    counts[origin] -= sum(wanted.values())
    for dest, units in moves:
        counts[dest] = counts.get(dest, 0) + len(units)
    # Rulebook, Supply: no march may leave an army larger than the supply track allows.
    if not fits_supply(state, house, {a: n for a, n in counts.items() if n > 0}):
        raise Skip(_l("the armies after this march would exceed your supply limits"))
    # NOTE: a failed attack on a neutral force leaves its units where they stood (retreat.py),
    # so that outcome of the march must fit the supply track too (found by bot games).
    for dest, units in moves:
        if defender_of(state, house, dest) == NEUTRAL:
            back = {**counts, dest: counts[dest] - len(units)}
            back[origin] += len(units)
            if not fits_supply(state, house, {a: n for a, n in back.items() if n > 0}):
                raise Skip(
                    _l(
                        "if the attack on the neutral force fails, the units that stay would "
                        "exceed your supply limits"
                    )
                )
    leave = bool(value.get("leave")) and _may_leave(state, house, origin, sum(wanted.values()))
    return {"from": origin, "moves": [[d, u] for d, u in moves], "leave": leave}


def _expand_moves(moves: list[Any], movers: Counter[str]) -> list[tuple[str, list[str]]]:
    """Merge moves to one destination; `None` units means every unit able to march."""
    merged: dict[str, list[str]] = {}
    for dest, units in moves:
        merged.setdefault(dest, []).extend(sorted(movers.elements()) if units is None else units)
    return [(d, sorted(u)) for d, u in merged.items() if u]


def _may_leave(state: State, house: str, origin: str, moving: int) -> bool:
    """Rulebook: a house may leave a Power token in a land area its last unit leaves.

    False (no token, nothing spent) where the area stays the house's anyway: its own home
    area (printed token) or an area with its token already; raises Skip when not allowed.
    """
    if state.power_tokens.get(origin) == house or state.board.areas[origin].home == house:
        return False
    if moving < len(state.house_units(origin, house)):
        raise Skip(
            _l(
                "a power token can only be left when every unit leaves %(area)s",
                area=said.area(state, origin),
            )
        )
    if not state.board.areas[origin].is_land:
        raise Skip(_l("power tokens are only left in land areas"))
    if state.power.get(house, 0) < 1:
        raise Skip(_l("you have no available power token"))
    return True


def resolve_march(
    state: State, house: str, value: dict[str, Any], rng: Dice | None, events: Events
) -> None:
    """Move the units; start the combat if one destination is an attack."""
    # Here, not at the top: a march starts combat, and combat ends with `end_march` (a circle
    # the rulebook draws, "Resolving March Orders" <-> "Combat").
    from adjudicator.rulesets.westeros.rules import combat, ports

    origin = value["from"]
    token = state.orders.pop(origin, "march+0")
    state.action.setdefault("done", []).append(f"march:{origin}")
    state.action["last"] = house
    emit(
        events,
        "march",
        house=house,
        area=origin,
        token=token,
        moves=value["moves"],
        leave=value.get("leave", False),
    )
    attack = None
    for dest, units in value["moves"]:
        take_units(state, origin, house, units)
        if defender_of(state, house, dest):
            attack = (dest, units)
            continue
        add_units(state, dest, house, units)
        enter_area(state, house, dest, events)
    if value.get("leave"):
        state.power[house] -= 1
        state.power_tokens[origin] = house
        emit(events, "power_token_placed", house=house, area=origin)
    # P9 (edge case): leaving a non-home castle empty destroys its port's ships at once,
    # "even if the march is an attack that later fails".
    ports.destroy_orphaned_ships(state, events)
    if attack:
        combat.begin_battle(state, house, origin, attack[0], attack[1], token, events)
    else:
        end_march(state, events)


def enter_area(state: State, house: str, area: str, events: Events) -> None:
    """Units take an area: an enemy power token there is removed, a garrison too."""
    owner = state.power_tokens.get(area)
    if owner is not None and owner != house:
        del state.power_tokens[area]
        emit(events, "power_token_removed", house=owner, area=area)
    home = state.board.areas[area].home
    if state.garrisons.get(area) and home != house:
        del state.garrisons[area]
        emit(events, "garrison_removed", area=area, house=home)


def end_march(state: State, events: Events) -> None:
    """After every march: ports change hands (P9) and the 7-castle victory is checked."""
    from adjudicator.rulesets.westeros.rules import ports, victory  # see `resolve_march`

    ports.queue_port_captures(state, events)
    victory.check_instant_win(state, events)


# -- the "march" request ------------------------------------------------------------------
def answer_march(state: State, req: OpenRequest, value: dict[str, Any]) -> dict[str, Any]:
    return check_march(state, req.house, value)


def apply_march(
    state: State, req: OpenRequest, value: dict[str, Any], rng: Dice, events: Events
) -> None:
    resolve_march(state, req.house, check_march(state, req.house, value), rng, events)


def default_march(state: State, req: OpenRequest, rng: Dice) -> dict[str, Any]:
    """Brief: its next march order is removed without effect; no token."""
    return {"from": next(iter(OrderTurn.of(req).options)), "moves": [], "leave": False}
