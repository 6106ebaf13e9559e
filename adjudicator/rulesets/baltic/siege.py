"""Sieges (section 6): targets, declarations, rounds, capture and its consequences.

Rounds are declared in the Action Step (a Siege action or a `siege` part) and resolved after
all battles, in the order declared (6.2); a round whose territory is no longer a legal
target is void.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, nations, naval
from adjudicator.rulesets.baltic.battle import (
    hit_order_unused,
    hit_target,
    is_hit_tie_by_default,
    take_hit,
)
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.losses import due, make_reform_eligible
from adjudicator.rulesets.baltic.movement import KARL
from adjudicator.rulesets.baltic.resources import cap_rp_available
from adjudicator.rulesets.baltic.rolls import roll
from adjudicator.rulesets.baltic.state import State
from adjudicator.rulesets.baltic.void import Void
from adjudicator.rulesets.baltic.where import current_garrison, garrison, has_enemy_land
from adjudicator.text import _l


def is_target(state: State, territory: str, side: str) -> bool:
    """6.1 (but for the enemy blocks, checked when the round comes up): G >= 1, and
    enemy-controlled or a Polish home territory of an inactive Poland (11.5f).

    NOTE: damage records the side that inflicted it (state.damage_side), because a neutral
    Polish territory may be besieged by either side and 6.5 clears it by that side."""
    info = board().territories[territory]
    if info.transit or garrison(state, territory) < 1:
        return False
    if control.is_enemy_controlled(state, territory, side):
        return True
    home = control.home_nation(state, territory)
    owner = control.controller(state, territory)
    polish = home == "POL" and not control.is_active(state, "POL")
    return polish and (owner == "POL" or board().side_of(owner) != side)


def no_target(state: State, territory: str) -> Void:
    """Why `territory` is no siege target (6.1), naming who holds it."""
    place = board().said(territory)
    if board().territories[territory].transit:
        return Void("siege_transit", place=place)
    owner = control.controller(state, territory)
    if owner is None:
        return Void("no_siege_target", place=place)
    return Void("siege_held", place=place, nation=board().said(owner))


def besiegers(state: State, territory: str, side: str) -> list[str]:
    return control.land_blocks(state, territory, side)


def check_declaration(state: State, territory: str, side: str, blocks: list[str]) -> None:
    """6.2 and 3.6c at declaration: a target, at most 2 rounds a phase, Winter needs Karl."""
    if not is_target(state, territory, side):
        raise no_target(state, territory)
    if state.season == "winter" and (side != "sweden" or KARL not in blocks):
        raise Void("winter_siege")
    most = board().tables["siege"]["rounds_per_phase"]
    declared = sum(1 for t, _ in state.turn.sieges if t == territory)
    if declared >= most:
        raise Void("siege_rounds", n=most, place=board().said(territory))


def declare(state: State, territory: str, side: str, events: list[dict[str, Any]]) -> None:
    """A Siege action: one round for your blocks already in `territory` (6.2)."""
    blocks = besiegers(state, territory, side)
    if not blocks:
        raise Void("no_blocks", place=board().said(territory))
    check_declaration(state, territory, side, blocks)
    state.turn.sieges.append([territory, side])
    events.append({"kind": "siege_declared", "side": side, "at": territory})


def resolve_sieges(state: State, rng: Dice, events: list[dict[str, Any]]) -> None:
    """All declared rounds, in the order declared (6.2)."""
    for territory, side in state.turn.sieges:
        siege_round(state, territory, side, rng, events)


def siege_round(state: State, territory: str, side: str, rng: Dice, events: list) -> None:
    """6.3: the garrison fires (each 1 hits, as in 5.4), then the besiegers roll by
    descending strength and roster order, each 1 one damage, until damage reaches G."""
    blocks = besiegers(state, territory, side)
    void = (
        not blocks
        or has_enemy_land(state, territory, side)
        or not is_target(state, territory, side)
        or (state.season == "winter" and KARL not in blocks)  # 3.6c
    )
    if void:
        events.append({"kind": "siege_void", "side": side, "at": territory})
        return
    for block in blocks:
        if block not in state.revealed:
            state.revealed.append(block)
    g = garrison(state, territory)
    hits_on = board().tables["siege"]["hits_on"]
    dice = roll(
        state,
        rng,
        current_garrison(state, territory),
        _l("siege %(place)s", place=board().said(territory)),
        _l("garrison"),
    )
    hits = sum(1 for d in dice if d <= hits_on)
    events.append(
        {
            "kind": "siege_round",
            "side": side,
            "at": territory,
            "blocks": [[b, state.blocks[b].strength] for b in blocks],
            "garrison_dice": dice,
            "garrison_hits": hits,
        }
    )
    told = False
    for _ in range(hits):
        present = besiegers(state, territory, side)
        if not present:
            break
        target = hit_target(state, present, side)
        if not told and is_hit_tie_by_default(state, present, side, target):
            told = True  # once a siege round, as once a battle (13.5)
            hit_order_unused(events, state, side, territory, present, target)
        take_hit(state, target, side, "garrison", events)
    order = sorted(
        besiegers(state, territory, side),
        key=lambda b: (-state.blocks[b].strength, board().blocks[b].roster),
    )
    for block in order:
        if state.damage.get(territory, 0) >= g:
            break
        dice = roll(
            state,
            rng,
            state.blocks[block].strength,
            _l("siege %(place)s", place=board().said(territory)),
            board().said(block),
        )
        for d in dice:
            if d <= hits_on and state.damage.get(territory, 0) < g:
                state.damage[territory] = state.damage.get(territory, 0) + 1
                state.damage_side[territory] = side
        events.append(
            {
                "kind": "siege_fire",
                "block": block,
                "dice": dice,
                "damage": state.damage.get(territory, 0),
            }
        )
    if state.damage.get(territory, 0) >= g:
        capture(state, territory, side, rng, events)


def capture(state: State, territory: str, side: str, rng: Dice, events: list) -> None:
    """6.4: the marker (or liberation), damage cleared, then the consequences in order."""
    present = besiegers(state, territory, side)
    strongest = min(present, key=lambda b: (-state.blocks[b].strength, board().blocks[b].roster))
    nation = board().blocks[strongest].nation
    loser = control.controller(state, territory)
    home = control.home_nation(state, territory)
    if (
        home
        and home != nation
        and control.is_active(state, home)
        and (board().side_of(home) == side)
    ):
        state.markers.pop(territory, None)  # liberation
        new = home
    elif home == nation:
        state.markers.pop(territory, None)
        new = nation
    else:
        state.markers[territory] = nation
        new = nation
    state.damage.pop(territory, None)
    state.damage_side.pop(territory, None)
    events.append({"kind": "capture", "at": territory, "nation": new, "side": side, "from": loser})
    cap_rp_available(state)  # 1. RP levels

    zone = naval.expel_fleets(state, territory, events)  # 2. 9.4d
    if zone:  # 9.4f, 5.2: with enemy fleets at sea there, the naval battle is fought at once
        events.extend(naval.naval_battle(state, zone, side, rng).fight())
    if board().territories[territory].capital and home and home != new:
        due(state, home)  # 3. 10.2a2
    if board().territories[territory].region == "russia":
        # 4. NOTE (B3, seed 11.2b): "if a territory in Russia was captured", by anyone; the
        # spec's 11.2k names a Swedish-side captor, which differs only when a position starts
        # with a Swedish marker in Russia before the reform is eligible. The seed wins.
        make_reform_eligible(state)
    nations.nyen_changes_hands(state, territory, loser, new, events)  # 5. 11.2g
