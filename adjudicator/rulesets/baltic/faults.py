"""Why a part is illegal, said with the block, where it is, and what would be legal (13.5).

`naval.plan_*` answer with a bare `Why`; the player needs more than the rule: which block
of the part, where it stands now, which zone a port opens on, where the side's fleets are.
The functions here look the position up and build the `Void` whose sentence says it, so
the receipt's error and the report of a void line name the fix.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board, side_of_block
from adjudicator.rulesets.baltic.naval import Why
from adjudicator.rulesets.baltic.state import ABOARD, HARBOR, State
from adjudicator.rulesets.baltic.void import Void
from adjudicator.text import Name, Text, _l

OFF_MAP = {
    "pool": "off_pool",
    "out": "off_out",
    "removed": "off_removed",
    "reform_box": "off_reform_box",
    "set_aside": "off_set_aside",
}
"""Where a block off the map is -> the reason that says so."""


def place_said(place: str) -> Name | Text:
    """A place on the map as the reader names it: a territory, a sea zone or a harbor."""
    if place.startswith(HARBOR):
        return _l("the harbor of %(territory)s", territory=board().said(place[len(HARBOR) :]))
    return board().said(place)


def not_there(state: State, block: str, place: str) -> Void:
    """`block` is named for `place` but is elsewhere: say where it is, on the map or off it."""
    name = board().said(block)
    at = state.blocks[block].at
    if at.startswith("year:"):
        return Void("off_year", block=name, year=int(at[len("year:") :]))
    if at in OFF_MAP:
        return Void(OFF_MAP[at], block=name, nation=board().said(board().blocks[block].nation))
    if at.startswith(ABOARD):
        fleet = at[len(ABOARD) :]
        return Void(
            "elsewhere_aboard",
            block=name,
            fleet=board().said(fleet),
            where=place_said(state.blocks[fleet].at),
            place=place_said(place),
        )
    return Void("elsewhere", block=name, where=place_said(at), place=place_said(place))


def naval_fault(state: State, side: str, why: Why, part: dict[str, Any]) -> Void:
    """The `Void` of a naval part that `naval.plan_*` found illegal for `why`."""
    verb = part["verb"]
    if why == Why.NOT_THERE:
        return _who_is_not_there(state, side, part) or Void("naval_not_there")
    if why == Why.NOT_FLEET and verb == "embark":
        return _no_fleet_to_board(state, side, part)
    if why == Why.NOT_ADJACENT and verb == "sail":
        return _bad_sea_step(state, part["path"]) or Void("naval_not_adjacent")
    if why == Why.NO_PORT:
        return _no_port(part)
    found = _named_fault(state, side, why, part)
    return found or Void("naval_" + str(why))


def _blocks_of(state: State, side: str, part: dict[str, Any]) -> list[str]:
    """The blocks (or fleets) a part moves, `all` resolved."""
    verb = part["verb"]
    named = part["fleets"] if verb == "sail" else part["blocks"]
    if named != "all":
        return list(named)
    if verb == "embark":
        return control.land_blocks(state, part["at"], side)
    if verb == "disembark":
        return [b for f in control.sea_fleets(state, part["zone"], side) for b in state.cargo(f)]
    start = part["path"][0]
    return state.at(HARBOR + start if board().is_territory(start) else start)


def _named_fault(state: State, side: str, why: Why, part: dict[str, Any]) -> Void | None:
    """The reasons of 9.1-9.2 said with the block, fleet, zone or port concerned."""
    blocks = _blocks_of(state, side, part)
    if why == Why.MOVED:
        moved = next((b for b in blocks if b in state.turn.moved), None)
        return Void("moved", block=board().said(moved)) if moved else None
    if why == Why.NOT_FLEET:
        land = next((b for b in blocks if not board().blocks[b].is_fleet), None)
        return Void("not_fleet", block=board().said(land)) if land else None
    if why == Why.NOT_CARGO:
        fleet = next((b for b in blocks if not board().blocks[b].is_land), None)
        return Void("not_land", block=board().said(fleet)) if fleet else None
    if why == Why.FORBIDDEN:
        to = part["to"]
        for block in blocks:
            if not control.can_enter(state, board().blocks[block].nation, to):
                return Void("forbidden", block=board().said(block), place=board().said(to))
        return None
    zone = _zone_of(part)
    if why == Why.ENEMY_FLEET and zone:
        return Void("naval_enemy_in", zone=board().said(zone))
    if why == Why.PORT_NOT_FRIENDLY:
        owner = control.controller(state, part["at"])
        return Void(
            "naval_unfriendly_port",
            place=board().said(part["at"]),
            nation=board().said(owner) if owner else board().said(part["at"]),
        )
    if why == Why.NO_ROOM:
        return _no_room(state, side, part, blocks)
    if why == Why.STOPPED:
        stop = next(
            z
            for z in part["path"][1:-1]
            if board().is_sea(z)
            and any(side_of_block(f) != side for f in control.sea_fleets(state, z))
        )
        return Void("naval_stops_in", zone=board().said(stop))
    if why == Why.LOADED:
        loaded = next(f for f in blocks if state.cargo(f))
        return Void(
            "naval_loaded_fleet",
            fleet=board().said(loaded),
            cargo=[board().said(c) for c in state.cargo(loaded)],
            place=board().said(part["path"][-1]),
        )
    if why == Why.HARBOR:
        end = part["path"][-1]
        return Void(
            "naval_harbor_room",
            place=board().said(end),
            room=control.harbor_room(state, end),
            n=len(blocks),
        )
    return None


def _zone_of(part: dict[str, Any]) -> str | None:
    if part["verb"] == "embark":
        return board().port_sea(part["at"])
    if part["verb"] == "disembark":
        return part["zone"]
    return None


def cargo_of(state: State, fleet: str) -> list[Name]:
    return [board().said(c) for c in state.cargo(fleet)]


def _no_room(state: State, side: str, part: dict[str, Any], blocks: list[str]) -> Void:
    """9.2d, h: name the fleet(s) and what they already carry."""
    fleets = (
        [part["fleet"]]
        if part.get("fleet")
        else control.sea_fleets(state, board().port_sea(part["at"]) or "", side)
    )
    empty = [_l("nothing aboard")]
    said = [
        _l("%(fleet)s with %(cargo)s", fleet=board().said(f), cargo=cargo_of(state, f) or empty)
        for f in fleets
    ]
    return Void("naval_full", blocks=[board().said(b) for b in blocks], fleets=said)


def _who_is_not_there(state: State, side: str, part: dict[str, Any]) -> Void | None:
    verb = part["verb"]
    if verb == "embark":
        blocks, place = part["blocks"], part["at"]
    elif verb == "sail":
        start = part["path"][0]
        blocks, place = part["fleets"], HARBOR + start if board().is_territory(start) else start
    else:
        blocks, place = part["blocks"], part["zone"]
    for block in [] if blocks == "all" else blocks:
        if side_of_block(block) != side:
            return Void("not_yours", block=board().said(block))
        here = state.blocks[block].at
        if verb == "disembark":
            fleet = state.carrier(block)
            if fleet is None or state.blocks[fleet].at != place:
                return not_there(state, block, place)
        elif here != place:
            return not_there(state, block, place)
    return None


def _no_fleet_to_board(state: State, side: str, part: dict[str, Any]) -> Void:
    """9.2b, i: loading needs a fleet of yours at sea in the port's zone: name the zone and
    where the fleet named, or the side's fleets, are."""
    territory = part["at"]
    zone = board().port_sea(territory)
    fields = {"place": board().said(territory), "zone": board().said(zone)}
    if part.get("fleet"):
        fleet = part["fleet"]
        return Void(
            "naval_fleet_elsewhere",
            fleet=board().said(fleet),
            where=place_said(state.blocks[fleet].at),
            **fields,
        )
    fleets = [b for b in state.blocks if side_of_block(b) == side and board().blocks[b].is_fleet]
    placed = [f for f in fleets if state.is_on_map(f)]
    if not placed:
        return Void("naval_no_fleet", **fields)
    said = [
        _l("%(fleet)s in %(place)s", fleet=board().said(f), place=place_said(state.blocks[f].at))
        for f in placed
    ]
    return Void("naval_fleets_elsewhere", fleets=said, **fields)


def _bad_sea_step(state: State, path: list[str]) -> Void | None:
    """9.1a: name the first step that is no sea step, and the steps legal from there."""
    here = path[0]
    for nxt in path[1:]:
        if board().is_territory(here):
            zone = board().port_sea(here)
            if zone != nxt:
                return Void(
                    "naval_leave_harbor",
                    place=board().said(here),
                    zone=board().said(zone),
                    to=board().said(nxt),
                )
        elif board().is_sea(nxt) and nxt not in board().seas[here].adjacent:
            return Void(
                "naval_zones_apart",
                a=board().said(here),
                b=board().said(nxt),
                zones=[board().said(z) for z in board().seas[here].adjacent],
            )
        elif board().is_territory(nxt) and board().port_sea(nxt) != here:
            return Void(
                "naval_harbor_zone",
                place=board().said(nxt),
                zone=board().said(board().port_sea(nxt) or here),
                a=board().said(here),
            )
        elif board().is_territory(nxt) and nxt != path[-1]:
            return Void("naval_harbor_ends", place=board().said(nxt))
        here = nxt
    return None


def _no_port(part: dict[str, Any]) -> Void:
    """9.2b, j: name the port's zone (or that there is no port)."""
    territory = part["at"] if part["verb"] == "embark" else part["to"]
    zone = board().port_sea(territory)
    if zone is None:
        return Void("naval_portless", place=board().said(territory))
    return Void("naval_port_zone", place=board().said(territory), zone=board().said(zone))
