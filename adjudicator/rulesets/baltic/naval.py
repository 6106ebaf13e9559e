"""Naval operations (section 9): sailing and sea transport (9.1, 9.2), retreat to sea (9.5).

The seed (9.2-9.5) is the source; the design clauses fill its gaps. Each public function is a
rule step the sequence of play calls: `plan_*` checks an action part against the position
now and returns either the plan or the reason it is illegal (13.5: checked at receipt and
again at execution), `embark`/`sail`/`disembark` execute a plan. Fleets in harbors, naval
retreats and the naval battle (9.3, 9.4) are harbors.py's, imported here so that callers
find every naval step in one place.

Events are plain dicts with a ``kind``; `reported` declares who may see each field.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board, sea_fleets, side_of_block
from adjudicator.rulesets.baltic.harbors import (  # noqa: F401  (the naval steps, one import)
    NavalBattle,
    announce_entry,
    choose_harbor,
    expel_fleets,
    naval_battle,
    relocate_fleets,
    retreat_fleet,
    return_set_aside,
)
from adjudicator.rulesets.baltic.state import HARBOR, SIDES, State, aboard

Events = list[dict[str, Any]]


class Why(StrEnum):
    """Why a naval action part is illegal (13.5); the templates print each one."""

    WINTER = "winter"
    """3.6a: no fleet moves, no block embarks or disembarks in Winter."""
    MOVED = "moved"
    """4.1b, 9.2e: the block has already moved this season."""
    NOT_THERE = "not_there"
    """The block is not where the part starts, or is not the side's."""
    NOT_CARGO = "not_cargo"
    """9.2a: only army and regiment blocks (royals, irregulars: 9.2h) go by sea."""
    NOT_FLEET = "not_fleet"
    NO_PORT = "no_port"
    """9.2b, j: the territory has no port on that sea zone."""
    PORT_NOT_FRIENDLY = "port_not_friendly"
    """9.2b: loading only from a territory with a friendly port."""
    ENEMY_FLEET = "enemy_fleet"
    """9.2f: no loading or unloading while an enemy fleet is in the zone."""
    NO_ROOM = "no_room"
    """9.2d, h: one army, or two regiments, per fleet; never both."""
    FORBIDDEN = "forbidden"
    """9.2j, 4.4: the territory is closed or forbidden to the block's nation."""
    TOO_FAR = "too_far"
    """9.1a: at most 3 sea steps."""
    NOT_ADJACENT = "not_adjacent"
    """9.1a: each step enters an adjacent zone, the port's zone, or a harbor on the zone."""
    STOPPED = "stopped"
    """9.1b: a fleet stops in a zone holding enemy fleets at sea."""
    LOADED = "loaded"
    """9.1c: a fleet with blocks aboard may not enter a harbor."""
    HARBOR = "harbor"
    """9.1a, d: a harbor entered must be friendly, with room for every fleet."""


# -- capacity (9.2d, 9.2h) and the D6 default ---------------------------------------------------
def cargo_kind(block: str) -> str:
    """9.2h: royals count as armies, irregulars as regiments."""
    return "army" if board().blocks[block].is_army else "regiment"


def can_carry(state: State, fleet: str, blocks: Sequence[str]) -> bool:
    """9.2d, h: a fleet carries one army or two regiments, never an army and a regiment."""
    load = [*state.cargo(fleet), *blocks]
    kinds = {cargo_kind(b) for b in load}
    if len(kinds) > 1:
        return False
    capacity = board().tables["cargo"]
    return not kinds or len(load) <= capacity[kinds.pop()]


def default_carrier(state: State, fleets: Sequence[str], block: str) -> str | None:
    """D6: an army goes onto the first empty fleet (roster order); a regiment onto a fleet
    holding one regiment, else onto the first empty fleet."""
    roster = sorted(fleets, key=lambda f: board().blocks[f].roster)
    if cargo_kind(block) == "regiment":
        for fleet in roster:
            cargo = state.cargo(fleet)
            if len(cargo) == 1 and can_carry(state, fleet, [block]):
                return fleet
    for fleet in roster:
        if not state.cargo(fleet):
            return fleet
    return None


def _assign(
    state: State, fleets: Sequence[str], blocks: Sequence[str], named: str | None
) -> dict[str, str] | None:
    """Carrier of each block (`named` fleet or D6), tried on a copy of the cargo; None if
    some block finds no room."""
    plan: dict[str, str] = {}
    saved = {b: state.blocks[b].at for b in blocks}
    try:
        for block in blocks:
            fleet = named if named else default_carrier(state, fleets, block)
            if fleet is None or not can_carry(state, fleet, [block]):
                return None
            plan[block] = fleet
            state.blocks[block].at = aboard(fleet)
        return plan
    finally:
        for block, at in saved.items():
            state.blocks[block].at = at


# -- embark (9.2a, b, d-f, h, i) ----------------------------------------------------------------
def plan_embark(
    state: State, side: str, blocks: Sequence[str], territory: str, fleet: str | None = None
) -> dict[str, str] | Why:
    """`embark <blocks> [on <fleet>] at <territory>`: block -> carrier, or why it is illegal."""
    if state.season == "winter":
        return Why.WINTER
    for block in blocks:
        if state.blocks[block].at != territory or side_of_block(block) != side:
            return Why.NOT_THERE
        if not board().blocks[block].is_land:
            return Why.NOT_CARGO
        if block in state.turn.moved:
            return Why.MOVED  # 9.2b: loading is a move (4.1b)
    zone = board().port_sea(territory)
    if zone is None:
        return Why.NO_PORT
    if not control.is_friendly(state, territory, side):
        return Why.PORT_NOT_FRIENDLY
    if _enemy_at_sea(state, zone, side):
        return Why.ENEMY_FLEET
    fleets = sea_fleets(state, zone, side)
    if fleet is not None and fleet not in fleets:
        return Why.NOT_FLEET
    if not fleets:
        return Why.NOT_FLEET
    plan = _assign(state, fleets, blocks, fleet)
    return plan if plan is not None else Why.NO_ROOM


def embark(state: State, side: str, plan: dict[str, str], territory: str, events: Events) -> None:
    """Load the blocks: the loading is each block's whole move (9.2i); no border limit (9.2k)."""
    for block, fleet in plan.items():
        state.blocks[block].at = aboard(fleet)
        state.turn.moved.append(block)
    events.append(
        {
            "kind": "embark",
            "side": side,
            "from": territory,
            "to": board().port_sea(territory),
            "count": len(plan),
            "blocks": list(plan),
            "fleets": sorted(set(plan.values()), key=lambda f: board().blocks[f].roster),
        }
    )


# -- sail (9.1) ---------------------------------------------------------------------------------
def plan_sail(
    state: State, side: str, fleets: Sequence[str], path: Sequence[str]
) -> list[str] | Why:
    """`sail <fleets>: <start> -> ...`: the locations entered, or why the part is illegal.

    9.1a: each step leaves a harbor into its port's zone, enters an adjacent zone, or enters
    a friendly harbor with room from its port's zone (which ends the move); at most 3 steps.
    9.1b: a fleet stops when it enters a zone holding enemy fleets at sea.
    9.1c: a fleet with blocks aboard may not enter a harbor.
    """
    if state.season == "winter":
        return Why.WINTER
    start = path[0]
    where = HARBOR + start if board().is_territory(start) else start
    for fleet in fleets:
        if state.blocks[fleet].at != where or side_of_block(fleet) != side:
            return Why.NOT_THERE
        if not board().blocks[fleet].is_fleet:
            return Why.NOT_FLEET
        if fleet in state.turn.moved:
            return Why.MOVED
    steps = path[1:]
    if not steps:
        return Why.NOT_ADJACENT
    if len(steps) > board().tables["movement"]["fleet"]:
        return Why.TOO_FAR
    here = start
    for i, nxt in enumerate(steps):
        last = i == len(steps) - 1
        if board().is_territory(here):
            if board().port_sea(here) != nxt:
                return Why.NOT_ADJACENT
        elif board().is_sea(nxt):
            if nxt not in board().seas[here].adjacent:
                return Why.NOT_ADJACENT
        else:
            why = _harbor_entry(state, side, fleets, here, nxt, last)
            if why:
                return why
        if board().is_sea(nxt) and _enemy_at_sea(state, nxt, side) and not last:
            return Why.STOPPED
        here = nxt
    return list(steps)


def _harbor_entry(
    state: State, side: str, fleets: Sequence[str], zone: str, territory: str, last: bool
) -> Why | None:
    if not board().is_territory(territory) or board().port_sea(territory) != zone:
        return Why.NOT_ADJACENT
    if not last:
        return Why.NOT_ADJACENT  # entering a harbor ends the move (9.1a)
    if any(state.cargo(f) for f in fleets):
        return Why.LOADED
    strength = board().harbor_strength(territory, state.converted)
    if not strength or not control.is_friendly(state, territory, side):
        return Why.HARBOR
    if control.harbor_room(state, territory) < len(fleets):
        return Why.HARBOR
    return None


def sail(
    state: State, side: str, fleets: Sequence[str], path: Sequence[str], events: Events
) -> None:
    """Move the fleets along a planned path; their cargo travels with them (9.1c, 4.1b)."""
    end = path[-1]
    for fleet in fleets:
        state.blocks[fleet].at = HARBOR + end if board().is_territory(end) else end
        state.turn.moved.append(fleet)
    cargo = [b for f in fleets for b in state.cargo(f)]
    events.append(
        {
            "kind": "sail",
            "side": side,
            "path": list(path),
            "count": len(fleets),
            "cargo": len(cargo),
            "blocks": [*fleets, *cargo],
        }
    )


# -- disembark (9.2c, e, f, j) ------------------------------------------------------------------
def plan_disembark(
    state: State, side: str, blocks: Sequence[str], zone: str, territory: str
) -> Why | None:
    """`disembark <blocks>: <zone> -> <territory>`: None when legal, else why not.

    9.2c: unloading is allowed whoever controls the port.
    """
    if state.season == "winter":
        return Why.WINTER
    if board().port_sea(territory) != zone:
        return Why.NO_PORT
    if _enemy_at_sea(state, zone, side):
        return Why.ENEMY_FLEET
    for block in blocks:
        fleet = state.carrier(block)
        if fleet is None or state.blocks[fleet].at != zone or side_of_block(block) != side:
            return Why.NOT_THERE
        if block in state.turn.moved:
            return Why.MOVED  # 9.2e: not loaded and unloaded in one season
        if not control.can_enter(state, board().blocks[block].nation, territory):
            return Why.FORBIDDEN
    return None


def disembark(
    state: State, side: str, blocks: Sequence[str], zone: str, territory: str, events: Events
) -> None:
    """Unload into `territory`: each block's whole move (9.2j). With enemy land blocks there a
    battle follows, the landed blocks having entered "from the sea" (5.5c)."""
    for block in blocks:
        state.blocks[block].at = territory
        state.turn.moved.append(block)
    state.turn.entries.extend([territory, "sea", b] for b in blocks)  # per block (5.5c)
    events.append(
        {
            "kind": "disembark",
            "side": side,
            "from": zone,
            "to": territory,
            "count": len(blocks),
            "blocks": list(blocks),
        }
    )
    announce_entry(state, territory, side, events)


# -- retreat to sea (9.5) -----------------------------------------------------------------------
def sea_retreat_fleets(state: State, block: str, territory: str) -> list[str]:
    """The fleets `block` may retreat onto from a battle in `territory` (9.5a-c, f).

    Only army and regiment blocks; only from a friendly port (9.5b, d); onto a fleet of its
    side at sea in the port's zone (never in a harbor, 9.5c) with room (9.2d); not while an
    enemy fleet is in the zone (9.2f); never in Winter (9.5f, 3.6a). Retreat is not a move,
    so blocks that landed this season may retreat to sea (9.5e, f).
    """
    side = side_of_block(block)
    zone = board().port_sea(territory)
    if (
        state.season == "winter"
        or zone is None
        or not board().blocks[block].is_land
        or not control.is_friendly(state, territory, side)
        or _enemy_at_sea(state, zone, side)
    ):
        return []
    return [f for f in sea_fleets(state, zone, side) if can_carry(state, f, [block])]


def retreat_to_sea(
    state: State, block: str, territory: str, preferred: Sequence[str], events: Events
) -> str | None:
    """Put `block` aboard: the first legal fleet of `preferred` (`retreat priority ... : sea
    <fleets>`), else D6. Border limits do not apply (9.5f). Returns the fleet, or None."""
    legal = sea_retreat_fleets(state, block, territory)
    if not legal:
        return None
    fleet = next((f for f in preferred if f in legal), None)
    fleet = fleet or default_carrier(state, legal, block) or legal[0]
    state.blocks[block].at = aboard(fleet)
    events.append(
        {
            "kind": "sea_retreat",
            "side": side_of_block(block),
            "from": territory,
            "to": state.blocks[fleet].at,
            "blocks": [block],
            "fleet": fleet,
        }
    )
    return fleet


def has_naval_battle(state: State, zone: str) -> bool:
    """9.3a, 5.1: both sides have fleets at sea in the zone."""
    return all(sea_fleets(state, zone, side) for side in SIDES)


def _enemy_at_sea(state: State, zone: str, side: str) -> bool:
    return any(side_of_block(f) != side for f in sea_fleets(state, zone))
