"""Small questions about where blocks stand, asked by several rule modules.

Complements control.py (who controls what) with the block-side questions: enemy land blocks
in a territory, a nation's blocks on the map, the garrison after damage.
"""

from __future__ import annotations

from adjudicator.rulesets.baltic.control import board, is_active, land_blocks
from adjudicator.rulesets.baltic.state import State, other_side


def has_enemy_land(state: State, territory: str, side: str) -> bool:
    """Enemy land blocks stand in `territory` (fleets in its harbor do not count, 4.3)."""
    return bool(land_blocks(state, territory, other_side(side)))


def blocks_on_map(state: State, nation: str) -> list[str]:
    """The nation's blocks on the map: land, harbor, sea and aboard (10.2e)."""
    return [b for b in board().nation_blocks(nation) if state.is_on_map(b)]


def active_nations(state: State, side: str) -> list[str]:
    """The side's active nations, in nation order."""
    return [n for n, info in board().nations.items() if info.side == side and is_active(state, n)]


def garrison(state: State, territory: str) -> int:
    """G now (a converted Nyen has 3, 11.2m)."""
    return board().garrison(territory, state.converted)


def current_garrison(state: State, territory: str) -> int:
    """1.2f: G minus siege damage."""
    return max(0, garrison(state, territory) - state.damage.get(territory, 0))
