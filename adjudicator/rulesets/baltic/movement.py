"""Land movement (section 4): allowances, stopping, forbidden places and border limits.

A land-move part is checked whole before anything moves; a part that breaks a rule raises
`Void` and changes nothing (13.5). Sea parts (embark, sail, disembark) are naval.py's.
"""

from __future__ import annotations

import itertools
from typing import Any

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.faults import not_there
from adjudicator.rulesets.baltic.state import State
from adjudicator.rulesets.baltic.void import Void
from adjudicator.rulesets.baltic.where import has_enemy_land
from adjudicator.text import Name, to_data

KARL = "swe_karl"


def border_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def allowance(state: State, block: str, group: list[str]) -> int:
    """2.2 and 3.6b: 2 (irregulars 3); in Winter 1 (irregulars 2) unless Karl XII is in the
    same move part."""
    moves = board().tables["movement"]
    irregular = board().blocks[block].type == "irregular"
    if state.season == "winter" and KARL not in group:
        return moves["winter_irregular"] if irregular else moves["winter_land"]
    return moves["irregular"] if irregular else moves["land"]


def stops_in(state: State, block: str, territory: str, side: str) -> bool:
    """4.3: a land block stops on entering enemy land blocks or enemy control; irregulars
    only for enemy land blocks."""
    if has_enemy_land(state, territory, side):
        return True
    if board().blocks[block].type == "irregular":
        return False
    return control.is_enemy_controlled(state, territory, side)


def own_blocks(state: State, side: str, blocks: list[str] | str, place: str) -> list[str]:
    """The named blocks (or 'all' of the side's) at `place`; Void if one is not there."""
    if blocks == "all":
        found = [b for b in state.at(place) if control.side_of_block(b) == side]
        if not found:
            raise Void("no_blocks", place=board().said(place))
        return found
    for block in blocks:
        if control.side_of_block(block) != side:
            raise Void("not_yours", block=board().said(block))
        if state.blocks[block].at != place:
            raise not_there(state, block, place)
    return list(blocks)


def left_behind(side: str, blocks: list[str], events: list[dict[str, Any]]) -> None:
    """`all` of a part takes only the blocks that may still move (13.2); the others are
    named to their side, with the reason (13.5: nothing is skipped in silence)."""
    if blocks:
        why = [to_data(Void("moved", block=board().said(b)).message) for b in blocks]
        events.append({"kind": "skipped", "side": side, "why": why, "_to": side})


def check_movers(state: State, blocks: list[str]) -> None:
    """4.1b and 10.1b: each block moves once a season, and only for an active nation."""
    for block in blocks:
        if block in state.turn.moved:
            raise Void("moved", block=board().said(block))
        nation = board().blocks[block].nation
        if not control.is_active(state, nation):
            raise Void("inactive", nation=board().said(nation))


def check_border(state: State, a: str, b: str, count: int) -> None:
    """4.2: per Action Phase, at most 3/2/1 blocks of the active side across a border."""
    kind = board().border(a, b)
    if kind is None:
        neighbours = [board().said(n) for n in board().neighbours[a]]
        raise Void("not_adjacent", a=board().said(a), b=board().said(b), neighbours=neighbours)
    limit = board().border_limits[kind]
    used = state.turn.crossings.get(border_key(a, b), 0)
    if used + count > limit:
        raise Void(
            "border_limit",
            limit=limit,
            kind=Name(kind, kind, "borders"),
            a=board().said(a),
            b=board().said(b),
            used=used,
        )


def check_land_move(state: State, side: str, blocks: list[str], path: list[str]) -> None:
    """Every rule of 4.1-4.4 for one land-move part, before anything moves."""
    check_movers(state, blocks)
    for block in blocks:
        if not board().blocks[block].is_land:
            raise Void("not_land", block=board().said(block))
        if len(path) - 1 > allowance(state, block, blocks):
            raise Void("too_far", block=board().said(block), n=allowance(state, block, blocks))
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        check_border(state, a, b, len(blocks))
        last = i == len(path) - 2
        for block in blocks:
            nation = board().blocks[block].nation
            if not control.can_enter(state, nation, b):
                raise Void("forbidden", block=board().said(block), place=board().said(b))
            if not last and stops_in(state, block, b, side):
                raise Void("stops", block=board().said(block), place=board().said(b))


def land_move(state: State, side: str, part: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """Execute one land-move part (4.1c); returns the territory where the blocks end."""
    path = part["path"]
    blocks = own_blocks(state, side, part["blocks"], path[0])
    if part["blocks"] == "all":  # 13.2: all your blocks there that may still move
        fresh = [b for b in blocks if b not in state.turn.moved]
        if fresh:
            left_behind(side, [b for b in blocks if b not in fresh], events)
            blocks = fresh
    check_land_move(state, side, blocks, path)
    for a, b in itertools.pairwise(path):
        key = border_key(a, b)
        state.turn.crossings[key] = state.turn.crossings.get(key, 0) + len(blocks)
    end = path[-1]
    for block in blocks:
        state.blocks[block].at = end
        state.turn.moved.append(block)
        state.turn.entries.append([end, path[-2], block])
    events.append(
        {
            "kind": "move",
            "side": side,
            "path": list(path),
            "count": len(blocks),
            "blocks": blocks,
        }
    )
    return end
