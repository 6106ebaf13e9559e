"""A bare baltic position for rule tests: only what a case names, everything else empty.

The §16 worked examples give "only the state that matters"; `blank_state` builds exactly
that: every nation with the status asked (default: SWE and RUS active, the rest inactive),
every block in its pool unless placed, no markers, no damage.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.state import Block, Nation, State

RP_BASE = {"SAX": 4, "PRU": 3, "HAN": 3, "OTT": 8}
"""12.1a: the Grand Campaign's rp_base (Poltava uses the same)."""


def blank_state(
    *,
    year: int = 1705,
    season: str = "summer",
    phase: str = "action_1",
    active: tuple[str, ...] = ("SWE", "RUS"),
    blocks: Mapping[str, tuple[str, int]] | None = None,
    markers: Mapping[str, str] | None = None,
    statuses: Mapping[str, str] | None = None,
    last_year: int = 1721,
    first_player: str = "sweden",
) -> State:
    """A state where only `blocks` ({id: (place, strength)}) are anywhere but their pool."""
    board = load_board()
    nations = {}
    for nation in board.nations:
        status = "active" if nation in active else "inactive"
        status = (statuses or {}).get(nation, status)
        nations[nation] = Nation(status, None, RP_BASE.get(nation, 0), 0, 0)
    placed = dict(blocks or {})
    return State(
        scenario="test",
        year=year,
        season=season,
        phase=phase,
        last_year=last_year,
        first_player_tie="sweden",
        nations=nations,
        blocks={b: Block(*placed[b]) if b in placed else Block("pool", 1) for b in board.blocks},
        markers=dict(markers or {}),
        first_player=first_player,
        ap={"sweden": 3, "coalition": 3},
    )
