"""Placement of built and mustered blocks (8.6, 8.7, 11.1b, 11.2j, 11.4b-c, 11.5b-c, g, i).

A block goes to the first legal territory of the builder's list (which may name only
territories of the block's own list, WE-12), else to the first legal territory of its own
list. Fleets go to a harbor of their nation with room.
"""

from __future__ import annotations

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import State, harbor
from adjudicator.rulesets.baltic.where import has_enemy_land


def own_list(state: State, block: str) -> list[str]:
    """The block's own placement list, in order (8.6 table and section 11 exceptions)."""
    info = board().blocks[block]
    nation = board().nations[info.nation]
    rule = info.placement
    if rule is None:
        return list(nation.placement)
    found = list(rule.territories)
    if rule.neighbours:  # 11.5g: the named territory first, then its neighbours by id
        for territory in rule.territories:
            found += [n for n in board().neighbours[territory] if n not in found]
    if rule.fallback == "nation":
        found += [t for t in nation.placement if t not in found]
    elif rule.fallback:
        found += [t for t in rule.fallback if t not in found]
    return found


def is_legal_land(state: State, block: str, territory: str) -> bool:
    """8.6: the block's nation controls it and no enemy land blocks are there (and 4.4)."""
    info = board().blocks[block]
    side = board().side_of(info.nation)
    return (
        control.controller(state, territory) == info.nation
        and not has_enemy_land(state, territory, side)
        and control.can_enter(state, info.nation, territory)
    )


def fleet_harbors(state: State, block: str) -> list[str]:
    """Harbors a fleet may be placed in now (8.6, 11.2j): those of the nation's placement list
    first, in its order, then the rest in map order.

    NOTE (B3): 8.6 gives no order among a nation's harbors; WE-7 musters both Danish fleets
    in København (Sjælland, first of Denmark's list), not in Akershus (first on the map).
    """
    nation = board().nations[board().blocks[block].nation]
    if nation.fleet_placement == "none":
        return []
    if nation.fleet_placement == "own_harbors":
        listed = [t for t in nation.placement if t in board().territories]
        candidates = listed + [t for t in board().territories if t not in listed]
    else:  # 11.2j: the listed harbors, only once converted
        candidates = [t for t in nation.fleet_placement if t in state.converted]
    return [
        t
        for t in candidates
        if board().harbor_strength(t, state.converted)
        and control.controller(state, t) == nation.id
        and control.harbor_room(state, t) > 0
    ]


def place_for(state: State, block: str, wanted: list[str]) -> str | None:
    """Where `block` would go now (a territory, or H:<territory> for a fleet), or None."""
    if board().blocks[block].is_fleet:
        harbors = fleet_harbors(state, block)
        chosen = next((t for t in wanted if t in harbors), None)
        chosen = chosen or (harbors[0] if harbors else None)
        return harbor(chosen) if chosen else None
    own = own_list(state, block)
    for territory in [t for t in wanted if t in own] + own:
        if is_legal_land(state, block, territory):
            return territory
    return None


def has_placement(state: State, block: str) -> bool:
    return place_for(state, block, []) is not None
