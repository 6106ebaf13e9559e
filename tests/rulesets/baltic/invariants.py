"""What must hold after every step of any baltic game; each check returns every fault."""

from __future__ import annotations

import copy

from adjudicator.rulesets.baltic import control, supply
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.board_checks import OFF_MAP_PLACES, cargo_faults
from adjudicator.rulesets.baltic.state import ABOARD, HARBOR, SIDES, YEAR, State


def place_faults(state: State) -> list[str]:
    """Every block in exactly one valid place: map, pool, set-aside, out of play, removed,
    the Reform box or the Year Track; strength within 1..max on the map (2.1)."""
    board = load_board()
    faults = []
    if list(state.blocks) != list(board.blocks):
        faults.append("the state does not hold every block exactly once, in roster order")
    for block, info in state.blocks.items():
        at, fact = info.at, board.blocks[block]
        if at in OFF_MAP_PLACES or at.startswith(YEAR):
            continue
        if not 1 <= info.strength <= fact.max:
            faults.append(f"{block} at {at} has strength {info.strength}, not 1..{fact.max}")
        if at.startswith(ABOARD):
            fleet = at[len(ABOARD) :]
            if fact.is_fleet or not board.blocks[fleet].is_fleet:
                faults.append(f"{block} aboard {fleet}: only land blocks ride fleets")
            elif state.blocks[fleet].at not in board.seas:
                faults.append(f"{block} aboard {fleet}, which is at {state.blocks[fleet].at}")
        elif at.startswith(HARBOR):
            if not fact.is_fleet or not board.harbor_strength(at[len(HARBOR) :], state.converted):
                faults.append(f"{block} in {at}: only fleets, only in a harbor")
        elif at in board.seas:
            if not fact.is_fleet:
                faults.append(f"{block} at sea in {at} without a fleet")
        elif at in board.territories:
            if fact.is_fleet:
                faults.append(f"fleet {block} on land in {at}")
        else:
            faults.append(f"{block} at unknown place {at!r}")
    return faults


def capacity_faults(state: State) -> list[str]:
    """9.2d, h: cargo within a fleet's capacity; 1.5, 9.1d: harbors within their strength."""
    board = load_board()
    cargo = {f: state.cargo(f) for f, info in board.blocks.items() if info.is_fleet}
    faults = cargo_faults(board, {f: c for f, c in cargo.items() if c})
    for territory in board.territories:
        fleets = state.at(HARBOR + territory)
        if len(fleets) > board.harbor_strength(territory, state.converted):
            faults.append(f"harbor of {territory} holds {len(fleets)} fleets, over its strength")
    return faults


def contact_faults(state: State) -> list[str]:
    """4.5: outside a Battle & Siege Step no territory holds land blocks of both sides and no
    sea zone fleets of both sides at sea."""
    board = load_board()
    faults = []
    for territory in board.territories:
        if all(control.land_blocks(state, territory, s) for s in SIDES):
            faults.append(f"{territory} holds land blocks of both sides")
    for zone in board.seas:
        if all(control.sea_fleets(state, zone, s) for s in SIDES):
            faults.append(f"{zone} holds fleets of both sides at sea")
    return faults


def forage_faults(before: State, after: State, losses: dict[tuple[str, str], int]) -> list[str]:
    """7.3, checked across a Supply Phase: wherever a side's demand exceeded its forage
    points, it lost one step per point of excess (`losses`: (side, territory) -> steps lost,
    from the forage_losses events), unless it ran out of steps it may lose (2.3b: royals never
    below 1); nowhere else did it lose any.

    The points may change during the phase (a Swedish army lost to forage moves the Attrition
    marker, 11.1d, and from bottom box 2 Swedes forage less in Russia, C.3), so the excess is
    taken with the points before, midway (the marker moved, the blocks not yet) and after the
    phase, and the losses must lie between."""
    board = load_board()
    then = copy.deepcopy(after)
    then.season, then.year = before.season, before.year
    # Midway: the marker already moved (a Swedish army lost to forage) while the blocks, so
    # the row (11.1g), are still those before (a Swede in Russia keeps the bottom row).
    midway = copy.deepcopy(before)
    midway.attrition = copy.deepcopy(after.attrition)
    faults = []
    for side in SIDES:
        for territory in board.territories:
            blocks = control.land_blocks(before, territory, side)
            lost = losses.get((side, territory), 0)
            if not blocks:
                if lost:
                    faults.append(f"{side} in {territory}: no blocks, lost {lost} steps")
                continue
            demand = supply.forage_demand(before, territory, side)
            points = {supply.forage_points(s, territory, side) for s in (before, midway, then)}
            high = max(0, demand - min(points))
            low = max(0, demand - max(points))
            left = [
                b
                for b in control.land_blocks(after, territory, side)
                if not (board.blocks[b].is_royal and after.blocks[b].strength == 1)
            ]
            if lost > high or (lost < low and left and lost < _steps(before, blocks)):
                faults.append(f"{side} in {territory}: excess {low}-{high}, lost {lost} steps")
    return faults


def _steps(state: State, blocks: list[str]) -> int:
    """Steps the blocks may lose to forage: all, but a royal's last (2.3b)."""
    board = load_board()
    return sum(state.blocks[b].strength - board.blocks[b].is_royal for b in blocks)
