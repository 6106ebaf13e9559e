"""Executing action lines (3.5, 13.3): Move, Siege, Reinforce, Recon, Politics, Pass, Cede.

`execute` runs one line against the state. A line that breaks a rule raises `Void` and
leaves the state as it was (13.5): it is run on a copy, which replaces the state only when
the whole line succeeded. The same function checks lines at receipt, on a copy of the
current state (instructions.py), so that receipt and execution never disagree.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, naval, placement, politics, siege, standing
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.echo import politics_said
from adjudicator.rulesets.baltic.faults import naval_fault, not_there
from adjudicator.rulesets.baltic.movement import check_movers, land_move, left_behind, own_blocks
from adjudicator.rulesets.baltic.resources import attrition_effect
from adjudicator.rulesets.baltic.rolls import draw, roll
from adjudicator.rulesets.baltic.state import HARBOR, POOL, SIDES, State, other_side
from adjudicator.rulesets.baltic.supply import has_loc
from adjudicator.rulesets.baltic.void import PLACEMENT, Void
from adjudicator.rulesets.baltic.where import active_nations
from adjudicator.text import Text, _l, to_data

Events = list[dict[str, Any]]
FREE = ("cede", "pass")
"""Lines that cost no AP (13.5: `pass` is legal with 0 AP; `cede` is free)."""


def execute(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    """Run one action line; on `Void` nothing of it is applied."""
    trial = state.copy()
    trial_events: Events = []
    ACTIONS[line["action"]](trial, side, line, rng, trial_events)
    for name in state.__dataclass_fields__:
        setattr(state, name, getattr(trial, name))
    events.extend(trial_events)


# -- Move (4.1, 9.1, 9.2) ---------------------------------------------------------------------
def activation(part: dict[str, Any]) -> str:
    """The location a part activates (4.1a): a territory (with its harbor) or a sea zone."""
    verb = part["verb"]
    if verb == "move":
        return part["path"][0]
    if verb == "embark":
        return part["at"]
    if verb == "sail":
        return part["path"][0]
    return part["zone"]


def do_move(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    parts = line["parts"]
    if len({activation(p) for p in parts}) > 1:
        raise Void("one_location")
    for part in parts:
        PARTS[part["verb"]](state, side, part, events)


def part_move(state: State, side: str, part: dict[str, Any], events: Events) -> None:
    end = land_move(state, side, part, events)
    naval.announce_entry(state, end, side, events)
    if part.get("siege"):
        siege.check_declaration(state, end, side, control.land_blocks(state, end, side))
        state.turn.sieges.append([end, side])


def part_embark(state: State, side: str, part: dict[str, Any], events: Events) -> None:
    territory = part["at"]
    if part["blocks"] == "all":
        here = control.land_blocks(state, territory, side)
        blocks = [b for b in here if b not in state.turn.moved]
        left_behind(side, [b for b in here if b in state.turn.moved], events)
    else:
        blocks = list(part["blocks"])
    check_movers(state, blocks)
    plan = naval.plan_embark(state, side, blocks, territory, part.get("fleet"))
    if not isinstance(plan, dict):
        raise naval_fault(state, side, plan, part)
    naval.embark(state, side, plan, territory, events)


def part_sail(state: State, side: str, part: dict[str, Any], events: Events) -> None:
    path = part["path"]
    start = HARBOR + path[0] if board().is_territory(path[0]) else path[0]
    fleets = own_blocks(state, side, part["fleets"], start)
    check_movers(state, fleets)
    plan = naval.plan_sail(state, side, fleets, path)
    if not isinstance(plan, list):
        raise naval_fault(state, side, plan, part)
    naval.sail(state, side, fleets, path, events)


def part_disembark(state: State, side: str, part: dict[str, Any], events: Events) -> None:
    zone, territory = part["zone"], part["to"]
    if part["blocks"] == "all":
        blocks = [b for f in control.sea_fleets(state, zone, side) for b in state.cargo(f)]
    else:
        blocks = list(part["blocks"])
    if not blocks:
        raise Void("no_blocks", place=board().said(zone))
    check_movers(state, blocks)
    why = naval.plan_disembark(state, side, blocks, zone, territory)
    if why is not None:
        raise naval_fault(state, side, why, part)
    naval.disembark(state, side, blocks, zone, territory, events)
    if part.get("siege"):
        siege.check_declaration(state, territory, side, blocks)
        state.turn.sieges.append([territory, side])


# -- Siege (6.2) ----------------------------------------------------------------------------
def do_siege(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    siege.declare(state, line["at"], side, events)


# -- Reinforce (8.3-8.6) ----------------------------------------------------------------------
def step_cost(block: str) -> int:
    return board().step_cost(block)


def check_step(state: State, nation: str, block: str) -> None:
    """8.4a: a land block with LOC not aboard, or a fleet in a harbor its nation controls;
    from bottom-row box 6, no steps for Swedes in Russia and Ukraine (C.3)."""
    info = board().blocks[block]
    here = state.blocks[block].at
    name = board().said(block)
    if info.nation != nation:
        raise Void("not_of_nation", block=name, nation=board().said(nation))
    if not state.is_on_map(block):
        raise not_there(state, block, here)
    if state.blocks[block].strength >= info.max:
        raise Void("step_full", block=name)
    if info.is_fleet:
        territory = here[len(HARBOR) :] if here.startswith(HARBOR) else None
        if territory is None or control.controller(state, territory) != nation:
            raise Void("step_harbor", block=name)
        return
    if here not in board().territories or not has_loc(state, block):
        raise Void("step_no_loc", block=name)
    region = board().territories[here].region
    in_russia = nation == "SWE" and region in ("russia", "ukraine")
    if in_russia and attrition_effect(state, "no_reinforce_in_russia"):
        raise Void("step_attrition")


def do_reinforce(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    """8.4: +1 step to each named block, then up to 2 builds drawn from the pool."""
    nation = line["nation"]
    if not control.is_active(state, nation) or board().side_of(nation) != side:
        yours = [board().said(n) for n in active_nations(state, side)]
        raise Void("inactive_own", nation=board().said(nation), nations=yours)
    funds = state.nations[nation]
    steps = list(line.get("steps") or [])
    if not steps and not line.get("builds"):
        raise Void("reinforce_empty", nation=board().said(nation))
    for i, block in enumerate(steps):
        if block in steps[:i]:
            raise Void("step_twice", block=board().said(block))
        check_step(state, nation, block)
    cost = sum(step_cost(b) for b in steps)
    if cost > funds.rp_available:
        raise Void("rp_short", nation=board().said(nation), have=funds.rp_available, cost=cost)
    most = board().tables["costs"]["builds_per_action"]
    if line.get("builds", 0) > most:
        raise Void("builds", n=most)
    allowed = placement.builder_territories(state, nation)
    for territory in line.get("at") or []:
        if territory not in allowed:
            # 8.6 (WE-12): a builder chooses among the blocks' own lists, never beyond them
            places = [board().said(t) for t in board().territories if t in allowed]
            raise Void(
                "build_place",
                place=board().said(territory),
                nation=board().said(nation),
                places=places,
            )
    for block in steps:
        state.blocks[block].strength += 1
    funds.rp_available -= cost
    if steps:
        events.append(
            {
                "kind": "steps",
                "side": side,
                "nation": nation,
                "rp": cost,
                "count": len(steps),
                "blocks": steps,
            }
        )
    wanted = list(line.get("at") or []) or standing.build_priority(state, side, nation)
    if line.get("builds", 0) and not wanted:
        standing.applied_default(events, side, "D12", nation=nation)  # the 8.6 lists
    built, nothing = [], []
    for number in range(1, line.get("builds", 0) + 1):
        result = build_one(state, side, nation, wanted, rng, number)
        (built if isinstance(result, dict) else nothing).append(result)
    if built:  # 13.6: the public reads the nation, the RP, the territories and the number
        events.append(
            {
                "kind": "build",
                "side": side,
                "nation": nation,
                "rp": sum(b["rp"] for b in built),
                "count": len(built),
                "at": list(dict.fromkeys(b["at"] for b in built)),
                "builds": built,
            }
        )
    for why in nothing:
        events.append({"kind": "build_none", "side": side, "nation": nation, "why": to_data(why)})


def build_one(
    state: State, side: str, nation: str, wanted: list[str], rng: Dice, number: int
) -> dict[str, Any] | Text:
    """8.4b, 8.5: draw uniformly among the pool's blocks with a legal placement now; returns
    the build (block, place, RP, the builder's entries passed over), or why none could be
    drawn.

    NOTE: a draw's cost is unknown before the draw; only blocks the nation can still pay
    for are eligible (8.4: "spending more than is available is illegal").
    """
    funds = state.nations[nation]
    pool = [b for b in board().nation_blocks(nation) if state.blocks[b].at == POOL]
    placeable = [b for b in pool if placement.has_placement(state, b)]
    eligible = sorted(b for b in placeable if step_cost(b) <= funds.rp_available)
    if not eligible:
        return nothing_to_build(state, nation, pool, placeable)
    block = draw(
        state,
        rng,
        eligible,
        side,
        _l("build %(nation)s %(n)d", nation=board().said(nation), n=number),
    )
    where, skipped = placement.trace(state, block, wanted)
    assert where is not None  # eligible blocks have a placement
    cost = step_cost(block)
    funds.rp_available -= cost
    state.blocks[block].at = where
    state.blocks[block].strength = 1
    return {
        "block": block,
        "at": where,
        "rp": cost,
        "skipped": [to_data(placement.said_skip(state, block, s)) for s in skipped],
    }


def nothing_to_build(state: State, nation: str, pool: list[str], placeable: list[str]) -> Text:
    """Why a build of `nation` drew nothing: an empty pool, no legal place, or too few RP."""
    said = board().said(nation)
    if not pool:
        return _l(PLACEMENT["pool_empty"], nation=said)
    if not placeable:
        return _l(PLACEMENT["no_place"], nation=said)
    cheapest = min(step_cost(b) for b in placeable)
    return _l(PLACEMENT["rp"], nation=said, have=state.nations[nation].rp_available, cost=cheapest)


# -- Recon, Politics, Pass, Cede (3.5, C.2, 11.1c) ---------------------------------------------
def in_recon_range(state: State, side: str, location: str) -> bool:
    """3.5: where your blocks are, next to your land blocks, next to your fleets' zones,
    the port zone of a territory of yours, or a territory whose port zone holds your fleets.

    NOTE: a fleet in a harbor counts as a block in its territory (9.4a: "placed inside the
    territory"), and cargo as a block where its fleet is."""
    mine = [b for b in state.blocks if control.side_of_block(b) == side and state.is_on_map(b)]
    places = {state.location(b) for b in mine}
    territories = {p[len(HARBOR) :] if p.startswith(HARBOR) else p for p in places}
    land = {state.blocks[b].at for b in mine if state.blocks[b].at in board().territories}
    fleet_zones = {p for p in places if p in board().seas}
    if location in places or location in territories:
        return True
    if board().is_territory(location):
        near_land = any(location in board().neighbours[t] for t in land)
        return near_land or board().port_sea(location) in fleet_zones
    near_sea = any(location in board().seas[z].adjacent for z in fleet_zones)
    port_zone = any(
        board().port_sea(t) == location for t in territories if t in board().territories
    )
    return near_sea or port_zone


def do_recon(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    location = line["at"]
    if not in_recon_range(state, side, location):
        raise Void("recon_range", place=board().said(location))
    enemy = other_side(side)
    places = [location, HARBOR + location] if board().is_territory(location) else [location]
    seen = []
    for place in places:
        for block in state.at(place):
            if control.side_of_block(block) != enemy:
                continue
            seen.append(
                {
                    "block": block,
                    "strength": state.blocks[block].strength,
                    "at": place,
                    "cargo": [[c, state.blocks[c].strength] for c in state.cargo(block)],
                }
            )
    state.recon.setdefault(side, []).append(
        {"year": state.year, "season": state.season, "location": location, "blocks": seen}
    )
    events.append({"kind": "recon", "side": side, "at": location})
    events.append(
        {"kind": "recon_result", "side": side, "at": location, "blocks": seen, "_to": side}
    )


def do_politics(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    """C.2: own active nation, 4-6: +2 RP available; active enemy, 5-6: -2 (min 0)."""
    nation = line["nation"]
    if side in state.turn.politics:
        raise Void("politics_once")
    if not control.is_active(state, nation):
        active = [board().said(n) for s in SIDES for n in active_nations(state, s)]
        raise Void("not_active", nation=board().said(nation), nations=active)
    table = board().tables["politics_table"]
    row = table["own"] if board().side_of(nation) == side else table["enemy"]
    state.turn.politics.append(side)
    (die,) = roll(state, rng, 1, politics_said(side, nation))
    change = row["rp"] if die in row["on"] else 0
    funds = state.nations[nation]
    funds.rp_available = max(0, funds.rp_available + change)
    events.append({"kind": "politics", "side": side, "nation": nation, "die": die, "rp": change})


def do_pass(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    """13.5: always legal; the report says so, so that no line goes unmentioned."""
    events.append({"kind": "passed", "side": side})


def do_cede(state: State, side: str, line: dict[str, Any], rng: Dice, events: Events) -> None:
    """11.1c: free; Sweden only; politics.py applies it (11.1f)."""
    if side != "sweden":
        raise Void("cede_sweden")

    why = politics.cede(state, line["territory"], rng, events)
    if why:
        raise Void("cede", place=board().said(line["territory"]))


ACTIONS = {
    "move": do_move,
    "siege": do_siege,
    "reinforce": do_reinforce,
    "recon": do_recon,
    "politics": do_politics,
    "pass": do_pass,
    "cede": do_cede,
}
PARTS = {
    "move": part_move,
    "embark": part_embark,
    "sail": part_sail,
    "disembark": part_disembark,
}
