"""Forage and lines of communication (section 7), and the Supply Phase (7.5).

Forage points and demand are counted per side and territory; LOC is traced per nation
from its sources (7.4). Both sides act together: every loss of a step is decided from the
position at the start of the step of the Supply Phase, then applied.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from adjudicator.rulesets.baltic import control, resources, standing
from adjudicator.rulesets.baltic.control import board, land_blocks, relation
from adjudicator.rulesets.baltic.losses import lose_step
from adjudicator.rulesets.baltic.state import SIDES, State, other_side
from adjudicator.text import _l


# -- forage (7.1-7.3) --------------------------------------------------------------------------
def forage_points(state: State, territory: str, side: str) -> int:
    """7.1: FC, +1 friendly, -1 in Winter elsewhere, -1 for Swedes in Russia and Ukraine from
    bottom-row box 2 (C.3), -1 in a season of Bad harvest drawn by the side; at least 0.

    NOTE: "Swedish blocks" in 7.1 is read as the Swedish side's demand (forage is counted per
    side, 7.2); the Attrition Track is Sweden's own (11.1d).
    """
    info = board().territories[territory]
    rules = board().tables["forage"]
    points = info.forage
    friendly = relation(state, territory, side) == control.FRIENDLY
    if friendly:
        points += rules["friendly_bonus"]
    elif state.season == "winter":
        points -= rules["winter_penalty"]
    if side == "sweden" and info.region in ("russia", "ukraine"):
        points += resources.attrition_effect(state, "forage_in_russia")
    if state.phase != "entry" and state.event.get(side) == "bad_harvest":
        points -= 1
    return max(0, points)


def forage_demand(state: State, territory: str, side: str, extra: tuple[str, ...] = ()) -> int:
    """7.2: armies and royals + max(0, regiments and irregulars - their trains)."""
    blocks = [*land_blocks(state, territory, side), *extra]
    infos = [board().blocks[b] for b in blocks]
    armies = [i for i in infos if i.is_army]
    others = [i for i in infos if not i.is_army and i.is_land]
    trains = sum(i.trains for i in armies)
    return len(armies) + max(0, len(others) - trains)


def forage_order(state: State, blocks: list[str]) -> list[str]:
    """7.3 default: regiments and irregulars (strongest first, then roster), then armies,
    then royals (never below 1)."""
    roster = board().blocks

    def key(b: str) -> tuple[int, int, int]:
        info = roster[b]
        group = 2 if info.is_royal else 1 if info.is_army else 0
        return (group, -state.blocks[b].strength, info.roster)

    return sorted(blocks, key=key)


def next_forage_loss(
    state: State, territory: str, side: str, passed: list[str] | None = None
) -> str | None:
    """The block that loses the next forage step: the `forage losses` line, else 7.3.
    The line's blocks that cannot lose one there now, before the one chosen (all of them,
    when the default chooses), are added to `passed`."""
    present = [
        b
        for b in land_blocks(state, territory, side)
        if not (board().blocks[b].is_royal and state.blocks[b].strength <= 1)
    ]
    for block in standing.forage_losses(state, side, territory):
        if block in present:
            return block
        if passed is not None:
            passed.append(block)
    ordered = forage_order(state, present)
    return ordered[0] if ordered else None


def forage_check(state: State, events: list[dict[str, Any]]) -> None:
    """7.3: one step per point of excess, for each side, in every territory (map order).

    NOTE: the excess is counted once, before any loss (a regiment destroyed does not lower
    it); each step is taken from the block first in the order at that moment, so "highest
    strength first" is re-read after every step, as hits are in 5.4.
    """
    for side in SIDES:
        occupied = land_of(state, side)
        for territory in board().territories:
            if territory not in occupied:
                continue
            excess = forage_demand(state, territory, side) - forage_points(state, territory, side)
            lost: list[str] = []
            passed: list[str] = []
            for _ in range(max(0, excess)):
                block = next_forage_loss(state, territory, side, passed)
                if block is None:
                    break
                lost.append(block)
                lose_step(state, block, "forage", events)
            if lost and not standing.forage_losses(state, side, territory):
                standing.applied_default(events, side, "D10", at=territory)
            if lost:
                forage_line_passed_over(state, side, territory, passed, lost, events)
            if lost:
                events.append(
                    {
                        "kind": "forage_losses",
                        "side": side,
                        "at": territory,
                        "steps": len(lost),
                        "blocks": lost,
                    }
                )


def forage_line_passed_over(
    state: State,
    side: str,
    territory: str,
    passed: list[str],
    lost: list[str],
    events: list[dict[str, Any]],
) -> None:
    """13.5 (D10): each block of the side's `forage losses` line passed over for a step lost
    in `territory` is told to it, once, with why: not there, or a royal block at 1 (a block
    the line had lose its last step before is not passed over, it was used).

    NOTE: an `any` line that chose every step lost there names blocks elsewhere as a matter
    of course; those are told only when the line left a step to the default (13.4)."""
    name = standing.first_key(
        state, side, [standing.key("forage", territory), standing.key("forage", standing.ANY)]
    )
    territory_key = standing.key("forage", territory)
    whole = all(b in standing.forage_losses(state, side, territory) for b in lost)
    told: set[str] = set()
    for block in passed:
        here = state.blocks[block].at == territory
        if block in told or block in lost or (whole and not here and name != territory_key):
            continue
        told.add(block)
        if here:
            why = _l(
                "%(block)s is a royal block at strength 1: forage never takes its last step (7.3)",
                block=board().said(block),
            )
        else:
            why = _l(
                "%(block)s is not in %(place)s, where the forage steps were lost (7.3)",
                block=board().said(block),
                place=board().said(territory),
            )
        standing.skipped(events, state, side, name or "forage", why)


# -- lines of communication (7.4) -----------------------------------------------------------------
def sources(state: State, nation: str) -> set[str]:
    """7.4a: home territories the nation controls with no enemy land blocks (Russia's include
    the Ukrainian ones while Ukraine is inactive, 11.7a)."""
    side = board().side_of(nation)
    blocked = land_of(state, other_side(side))
    found = set()
    for tid in resources.home_candidates(state, nation):
        if tid in blocked or control.controller(state, tid) != nation:
            continue
        if resources.counts_as_home(state, tid, nation):
            found.add(tid)
    return found


def land_of(state: State, side: str) -> set[str]:
    """Territories holding land blocks of `side`, in one pass over the blocks."""
    territories = board().territories
    return {
        info.at
        for block, info in state.blocks.items()
        if info.at in territories and control.side_of_block(block) == side
    }


def sea_links(state: State, side: str) -> dict[str, set[str]]:
    """7.4c: friendly port -> friendly ports reachable through zones with no enemy fleet."""
    enemy = other_side(side)
    open_zones = {z for z in board().seas if not control.sea_fleets(state, z, enemy)}
    component: dict[str, int] = {}
    for zone in board().seas:
        if zone in open_zones and zone not in component:
            queue = deque([zone])
            component[zone] = len(component)
            mark = component[zone]
            while queue:
                here = queue.popleft()
                for nxt in board().seas[here].adjacent:
                    if nxt in open_zones and nxt not in component:
                        component[nxt] = mark
                        queue.append(nxt)
    ports: dict[int, set[str]] = {}
    for tid in board().territories:
        zone = board().port_sea(tid)
        if zone in component and relation(state, tid, side) == control.FRIENDLY:
            ports.setdefault(component[zone], set()).add(tid)
    return {t: group - {t} for group in ports.values() for t in group}


def loc_territories(state: State, nation: str) -> set[str]:
    """Every territory from which a block of `nation` has LOC (7.4a-d)."""
    side = board().side_of(nation)
    links = sea_links(state, side)
    blocked = land_of(state, other_side(side))

    def passable(tid: str) -> bool:
        return (
            tid not in blocked
            and relation(state, tid, side) != control.ENEMY
            and control.can_enter(state, nation, tid)
        )

    def neighbours(tid: str) -> list[str]:
        return [*board().neighbours[tid], *sorted(links.get(tid, ()))]

    good = {t for t in sources(state, nation) if passable(t)}
    queue = deque(sorted(good))
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if nxt not in good and passable(nxt):
                good.add(nxt)
                queue.append(nxt)
    reach = set(good) | sources(state, nation)
    for tid in board().territories:
        if tid not in reach and any(n in good for n in neighbours(tid)):
            reach.add(tid)
    return reach


def has_loc(state: State, block: str) -> bool:
    """7.4a for one land block on the map (in a territory)."""
    return state.blocks[block].at in loc_territories(state, board().blocks[block].nation)


# -- the Supply Phase (7.5) ---------------------------------------------------------------------
def winter_losses(state: State, events: list[dict[str, Any]]) -> None:
    """7.5 step 2 (Winter): land blocks without LOC, and fleets at sea with their cargo, lose
    a step each; royals not below 1. Decided for all first, then applied."""
    territories = board().territories
    on_land = [b for b, info in state.blocks.items() if info.at in territories]
    nations = sorted({board().blocks[b].nation for b in on_land})
    reach = {n: loc_territories(state, n) for n in nations}
    cut = [b for b in on_land if state.blocks[b].at not in reach[board().blocks[b].nation]]
    at_sea = [b for b, info in state.blocks.items() if info.at in board().seas]
    at_sea += [c for fleet in at_sea for c in state.cargo(fleet)]
    for cause, blocks in (("no_loc", cut), ("winter_at_sea", at_sea)):
        for block in blocks:
            where = state.location(block)
            if lose_step(state, block, cause, events):
                side = control.side_of_block(block)
                events.append(
                    {
                        "kind": "winter_loss",
                        "cause": cause,
                        "side": side,
                        "at": where,
                        "block": block,
                    }
                )


def siege_damage_upkeep(state: State, events: list[dict[str, Any]]) -> None:
    """6.5: damage clears when no land block of the side that inflicted it remains; a damaged
    port is relieved by 1 with a garrison-side fleet in its harbor or at sea in its zone and
    no enemy fleet at sea there."""
    for territory in sorted(state.damage, key=list(board().territories).index):
        besieger = state.damage_side.get(territory)
        if besieger is None or not land_blocks(state, territory, besieger):
            state.damage.pop(territory)
            state.damage_side.pop(territory, None)
            events.append({"kind": "damage_cleared", "at": territory})
            continue
        zone = board().port_sea(territory)
        if zone is None:
            continue
        defender = other_side(besieger)
        relief = control.harbor_fleets(state, territory, defender) or control.sea_fleets(
            state, zone, defender
        )
        if relief and not control.sea_fleets(state, zone, besieger):
            state.damage[territory] -= 1
            events.append({"kind": "damage_relieved", "at": territory})
            if state.damage[territory] <= 0:
                state.damage.pop(territory)
                state.damage_side.pop(territory, None)


def supply_phase(state: State, events: list[dict[str, Any]]) -> None:
    """7.5 steps 1-3 (the end of phase, step 4, is the sequence's)."""
    forage_check(state, events)
    if state.season == "winter":
        winter_losses(state, events)
    siege_damage_upkeep(state, events)
