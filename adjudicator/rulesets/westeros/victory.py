"""Victory: seven castles at once, or the standings after round 10.

Rulebook, Game End: a house controlling 7 castles and strongholds wins immediately (checked
after every march and combat). Otherwise after round 10 the most castles and strongholds
wins; ties go to the most land areas controlled, then the higher supply position, then
the most available power tokens, then the higher Iron Throne position.
"""

from __future__ import annotations

from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.state import State


def count_land_areas(state: State, house: str) -> int:
    return sum(
        1
        for a in state.board.areas.values()
        if a.is_land and a.id not in state.impassable and state.controller(a.id) == house
    )


def standing_key(state: State, house: str) -> tuple[int, int, int, int, int]:
    """Sort key: the best house first."""
    return (
        -state.castles_held(house),
        -count_land_areas(state, house),
        -state.supply.get(house, 0),
        -state.power.get(house, 0),
        state.position("iron_throne", house),
    )


def standings(state: State) -> list[str]:
    return sorted(state.houses, key=lambda h: standing_key(state, h))


def end_game(state: State, reason: str, events: Events) -> None:
    order = standings(state)
    state.phase = "ended"
    state.winner = order[0]
    emit(
        events,
        "game_ended",
        winner=order[0],
        reason=reason,
        standings=[
            {
                "house": h,
                "castles": state.castles_held(h),
                "land": count_land_areas(state, h),
                "supply": state.supply.get(h, 0),
                "power": state.power.get(h, 0),
            }
            for h in order
        ],
    )


def check_instant_win(state: State, events: Events) -> None:
    """A house with 7 castles and strongholds wins at once."""
    if state.phase == "ended":
        return
    needed = state.board.game["castles_to_win"]
    if any(state.castles_held(h) >= needed for h in state.houses):
        end_game(state, "seven_castles", events)
