"""Step losses and destruction, with every consequence a destroyed block has (2.3, 2.4, 5.7).

Every rule that takes a step goes through `lose_step`, so that the follow-ups cannot be
forgotten: the pool (2.4), the cargo of a destroyed fleet (9.3c), the truce triggers
(10.2a1, 10.2a3), the Attrition Track (11.1d), the Russian reform (11.2b) and the VP of the
Poltava scenario (12.2c).
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import POOL, State
from adjudicator.rulesets.baltic.where import blocks_on_map

BATTLE_CAUSES = ("battle", "garrison", "forced_retreat")
"""Causes that may take a royal block below 1 (2.3b) and that count for the reform (11.2k)."""
REFORM_CAUSES = ("battle", "forced_retreat", "battle_cargo")
"""11.2b: a Russian army "destroyed in battle (including in retreat)". NOTE (seed 11.2b, B3):
a garrison hit is a siege, not a battle; cargo sunk with its fleet in a naval battle (9.3c,
cause ``battle_cargo``) is destroyed in the battle."""


def lose_step(state: State, block: str, cause: str, events: list[dict[str, Any]]) -> bool:
    """Take one step from `block`; True if it was taken.

    2.3b: only battle and garrison hits reduce a royal block below strength 1.
    """
    info = board().blocks[block]
    current = state.blocks[block]
    if not state.is_on_map(block):
        return False  # already gone (cargo destroyed with its fleet a moment ago)
    if info.is_royal and current.strength <= 1 and cause not in BATTLE_CAUSES:
        return False
    current.strength -= 1
    if current.strength <= 0:
        destroy(state, block, cause, events)
    return True


def destroy(state: State, block: str, cause: str, events: list[dict[str, Any]]) -> None:
    """A block reduced to 0 (or lost with its fleet): to the pool, and its consequences."""
    info = board().blocks[block]
    cargo = state.cargo(block) if info.is_fleet else []
    where = state.location(block)
    state.blocks[block].at = POOL
    state.blocks[block].strength = 1
    state.turn.destroyed.append(block)
    events.append(
        {
            "kind": "destroyed",
            "block": block,
            "nation": info.nation,
            "type": info.type,
            "at": where,
            "cause": cause,
        }
    )
    for carried in cargo:  # 9.3c: blocks aboard a destroyed fleet are destroyed too
        destroy(state, carried, "battle_cargo" if cause in BATTLE_CAUSES else "fleet_lost", events)
    after_destruction(state, block, cause)


def after_destruction(state: State, block: str, cause: str) -> None:
    """The triggers of a destruction (10.2a1, 10.2a3, 11.1d, 11.2b, 12.2c)."""
    info = board().blocks[block]
    nation = info.nation
    if info.is_royal:
        due(state, nation)  # 10.2a1
    if not blocks_on_map(state, nation) and state.nations[nation].status == "active":
        due(state, nation)  # 10.2a3: its last block on the map
    for side, rule in state.victory.items():  # 12.2c: each destruction counts
        wanted = rule.get("destroyed") if isinstance(rule, dict) else None
        if wanted and wanted["nation"] == nation and info.type in wanted["types"]:
            state.vp[side] = state.vp.get(side, 0) + 1
    if info.is_army:
        if nation == "SWE":  # 11.1d: each Swedish army (or royal) destroyed, by any cause
            max_box = board().tables["attrition_track"]["max_box"]
            state.attrition = min(max_box, state.attrition + 1)
        if nation == "RUS" and cause in REFORM_CAUSES:
            make_reform_eligible(state)  # 11.2b, k


def make_reform_eligible(state: State) -> None:
    """11.2b: the four black-star armies go to the Reform box; eligibility is permanent."""
    if state.reform_eligible:
        return
    state.reform_eligible = True
    for block, info in board().blocks.items():
        if info.nation == "RUS" and info.star == "black" and state.blocks[block].at == "out":
            state.blocks[block].at = "reform_box"


def due(state: State, nation: str) -> None:
    """Mark a truce due at the end of this phase (3.7, 10.2a)."""
    if nation not in state.turn.truces_due:
        state.turn.truces_due.append(nation)
