"""The Event Table (C.1), rolled on an action roll of 6 (3.3) and resolved at once.

"You" is the rolling side. Step losses from events never go below 1 (C.1), so a block is
never destroyed by an event. Diplomatic opening is politics.py's (10.1e).
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, politics
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.losses import due
from adjudicator.rulesets.baltic.resources import rp_level
from adjudicator.rulesets.baltic.state import State, other_side
from adjudicator.rulesets.baltic.supply import loc_territories
from adjudicator.rulesets.baltic.where import active_nations

Events = list[dict[str, Any]]


def weaken(state: State, blocks: list[str], cause: str, out: Events) -> None:
    """One step from each block that has 2 or more (C.1: never below 1)."""
    for block in blocks:
        if state.blocks[block].strength >= 2:
            state.blocks[block].strength -= 1
            out.append(
                {
                    "kind": "event_loss",
                    "cause": cause,
                    "at": state.location(block),
                    "side": control.side_of_block(block),
                    "block": block,
                }
            )


def resolve_event(state: State, side: str, total: int, rng: Dice, out: Events) -> None:
    """C.1 for a 2d6 `total` rolled by `side`."""
    row = board().event(total)
    state.event[side] = row["id"]
    out.append({"kind": "event", "side": side, "roll": total, "event": row["id"]})
    kind, params = row["kind"], row.get("params") or {}
    territories = board().territories
    if kind == "plague":  # every land block at 2+ in a territory with a port
        found = [
            b
            for b, i in state.blocks.items()
            if i.at in territories
            and territories[i.at].port
            and i.strength >= params.get("min_strength", 2)
        ]
        weaken(state, found, "plague", out)
    elif kind == "storms":  # every fleet at sea and every block aboard one
        fleets = [b for b, i in state.blocks.items() if i.at in board().seas]
        weaken(state, fleets + [c for f in fleets for c in state.cargo(f)], "storms", out)
    elif kind == "desertion":  # your land blocks without LOC
        reach = {n: loc_territories(state, n) for n in active_nations(state, side)}
        found = [
            b
            for b, i in state.blocks.items()
            if i.at in territories
            and control.side_of_block(b) == side
            and i.at not in reach.get(board().blocks[b].nation, ())
        ]
        weaken(state, found, "desertion", out)
    elif kind == "recruiting":
        for nation in active_nations(state, side):
            state.nations[nation].rp_available += params.get("rp", 2)
    elif kind == "intrigue":
        enemies = active_nations(state, other_side(side))
        if enemies:
            target = max(
                enemies,
                key=lambda n: (state.nations[n].rp_available, -list(board().nations).index(n)),
            )
            funds = state.nations[target]
            funds.rp_available = max(0, funds.rp_available + params.get("rp", -2))
            out.append({"kind": "intrigue", "nation": target})
    elif kind == "diplomacy":
        politics.diplomatic_opening(state, side, rng, out)  # 10.1e
    elif kind == "separate_peace":
        separate_peace(state, side, params, out)
    # quiet: nothing; bad_harvest and forced_marches act through state.event (7.1, 3.3)


def separate_peace(state: State, side: str, params: dict[str, Any], out: Events) -> None:
    """C.1 12: the active enemy nation (not SWE, RUS, UKR, POL) with the lowest RP level
    (ties: nation order) is truced at the end of this phase if that level is 6 or less."""
    exclude = set(params.get("exclude", ("SWE", "RUS", "UKR", "POL")))
    candidates = [n for n in active_nations(state, other_side(side)) if n not in exclude]
    if not candidates:
        return
    target = min(candidates, key=lambda n: (rp_level(state, n), list(board().nations).index(n)))
    if rp_level(state, target) <= params.get("max_level", 6):
        due(state, target)
        out.append({"kind": "separate_peace", "nation": target})
