"""Scenarios' victory (12, 0.3): sudden death at each phase end, and the final count.

The conditions are data (`state.victory`, from the scenario file): `objectives` (the Grand
Campaign, 12.1c) or `vp` (Poltava, 12.2c), with a `sudden_death` rule.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import SIDES, State

Events = list[dict[str, Any]]


def end_game(state: State, winner: str, reason: str, out: Events) -> None:
    state.winner = winner
    state.end_reason = reason
    state.phase = "ended"
    out.append({"kind": "game_end", "winner": winner, "reason": reason, "vp": dict(state.vp)})


def sudden_death(state: State, out: Events) -> None:
    """3.7 step 4: 12.1c (Russia truced and no other Coalition nation active) or 12.2c
    (Russia truced)."""
    if state.phase == "ended" or control.is_active(state, "RUS"):
        return
    rule = state.victory.get("sudden_death")
    if rule == "sweden_wins_if_russia_truced":
        end_game(state, "sweden", "russia_truced", out)
    elif rule == "sweden_wins_if_russia_truced_and_coalition_alone":
        others = [
            n
            for n, i in board().nations.items()
            if i.side == "coalition" and n != "RUS" and control.is_active(state, n)
        ]
        if not others:
            end_game(state, "sweden", "coalition_out", out)


def vp_total(state: State, side: str) -> int:
    """12.2c: destructions counted so far plus territories per region held by the side."""
    rule = state.victory.get(side) or {}
    total = state.vp.get(side, 0)
    for region, points in (rule.get("regions") or {}).items():
        for territory in board().in_region(region):
            owner = control.controller(state, territory)
            if owner and board().side_of(owner) == side:
                total += points
    return total


def objectives_held(state: State) -> int:
    """12.1c: objectives controlled by Coalition nations (permanent receivers included)."""
    held = 0
    for territory in state.victory.get("objectives", []):
        owner = control.controller(state, territory)
        if owner and board().side_of(owner) == "coalition":
            held += 1
    return held


def final_victory(state: State, out: Events) -> None:
    """After the last Winter Supply Phase."""
    if state.victory.get("kind") == "vp":
        totals = {side: vp_total(state, side) for side in SIDES}
        state.vp = {side: state.vp.get(side, 0) for side in SIDES}
        winner = "sweden" if totals["sweden"] > totals["coalition"] else "coalition"
        out.append({"kind": "vp_count", "vp": totals})
        end_game(state, winner, "vp", out)
        return
    held = objectives_held(state)
    out.append({"kind": "objectives", "held": held, "need": state.victory.get("need", 4)})
    winner = "coalition" if held >= state.victory.get("need", 4) else "sweden"
    end_game(state, winner, "objectives", out)
