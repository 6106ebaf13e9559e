"""Victory: seven castles at once, or the standings after round 10.

Rulebook, Game End: a house controlling 7 castles and strongholds wins immediately (checked
after every march and combat). Otherwise after round 10 the most castles and strongholds
wins. Errata and FAQ v2.0 (brief, "Official errata"): among houses tied on castles and
strongholds, 1) most land areas controlled, 2) highest on the Supply track, 3) highest on
the Iron Throne track. Available Power tokens no longer count.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.state import State


def count_land_areas(state: State, house: str) -> int:
    return sum(
        1
        for a in state.board.areas.values()
        if a.is_land and a.id not in state.impassable and state.controller(a.id) == house
    )


def standing_key(state: State, house: str) -> tuple[int, int, int, int]:
    """Sort key: the best house first (errata tie-breaks, no power)."""
    return (
        -state.castles_held(house),
        -count_land_areas(state, house),
        -state.supply.get(house, 0),
        state.position("iron_throne", house),
    )


def standings(state: State) -> list[str]:
    return sorted(state.houses, key=lambda h: standing_key(state, h))


def standings_table(state: State) -> list[dict[str, Any]]:
    """One row per house, best first, with each tie-break column."""
    return [
        {
            "house": h,
            "castles": state.castles_held(h),
            "land": count_land_areas(state, h),
            "supply": state.supply.get(h, 0),
            "iron_throne": state.position("iron_throne", h),
        }
        for h in standings(state)
    ]


def end_game(state: State, reason: str, events: Events) -> None:
    table = standings_table(state)
    state.phase = "ended"
    state.winner = table[0]["house"]
    emit(events, "game_ended", winner=state.winner, reason=reason, standings=table)


def check_instant_win(state: State, events: Events) -> None:
    """A house with 7 castles and strongholds wins at once."""
    if state.phase == "ended":
        return
    needed = state.board.game["castles_to_win"]
    if any(state.castles_held(h) >= needed for h in state.houses):
        end_game(state, "seven_castles", events)
