"""What a side (or the public) may see of a baltic game: fog of war by whitelisting (13.6).

Every key below is put in on purpose; nothing is copied from the state wholesale. The public
view (``player`` None) goes into the committed game.yaml, the public report and the public
map, so it holds, for blocks, only counts per nation and location (harbor and sea apart, with
a cargo count) and the pools as counts. A side's view adds the identities and strengths of
its own blocks, the contents of its own pools, its recon results and its own draws. The
enemy's view of a side's blocks is the public one. Revealed battle blocks are shown again only
as counts (13.6), so ``state.revealed`` never reaches a view.

Tracks, boxes and the Year Track are public (1.7): so are the blocks in the Reform box, on
the Year Track, set aside and removed from the game.
"""

from __future__ import annotations

from typing import Any

from adjudicator.mapwords import chip_mark
from adjudicator.rulesets.baltic import control, resources
from adjudicator.rulesets.baltic.board import Board, load_board
from adjudicator.rulesets.baltic.state import (
    ABOARD,
    HARBOR,
    POOL,
    REFORM_BOX,
    REMOVED,
    SET_ASIDE,
    SIDES,
    YEAR,
    State,
)
from adjudicator.rulesets.baltic.terms import phase_name


def view(state: State, player: str | None) -> dict[str, Any]:
    """The view for `player` ('sweden', 'coalition'; None: the public)."""
    board = load_board()
    side = player if player in SIDES else None
    out: dict[str, Any] = {
        "game": "baltic",
        "viewer": side,
        "scenario": state.scenario,
        "year": state.year,
        "season": state.season,
        "phase": state.phase,
        "phase_name": phase_name(state.phase).english,
        "last_year": state.last_year,
        "when": state.label,
        "sides": list(SIDES),
        "first_player": state.first_player,
        "ap": dict(state.ap),
        "ap_spent": dict(state.ap_spent),
        "event": dict(state.event),
        "nations": _nations(state, board),
        "markers": dict(state.markers),
        "control": _control(state, board),
        "damage": dict(state.damage),
        "garrisons": _garrisons(state, board),
        "converted": list(state.converted),
        "renamed": {t: board.territory_name(t, state.converted) for t in state.converted},
        "cessions": [dict(c) for c in state.cessions],
        "attrition": {"box": state.attrition, "row": resources.attrition_row(state)},
        "reform": {"eligible": state.reform_eligible, "box": state.at(REFORM_BOX)},
        "year_track": _year_track(state),
        "set_aside": state.at(SET_ASIDE),
        "removed": state.at(REMOVED),
        "pools": _pools(state, board, side),
        "forces": _forces(state, board, side),
        "units": _units(state, board, side),
        "rolls": _rolls(state, side),
        "vp": dict(state.vp),
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
    if side is not None:
        out["recon"] = [dict(r) for r in state.recon.get(side, [])]
    return out


def _nations(state: State, board: Board) -> dict[str, dict[str, Any]]:
    """Status, side, cube, RP level and available: all public (1.7)."""
    return {
        n: {
            "side": board.nations[n].side,
            "status": info.status,
            "cube_year": info.cube_year,
            "rp_level": resources.rp_level(state, n),
            "rp_available": info.rp_available,
        }
        for n, info in state.nations.items()
    }


def _control(state: State, board: Board) -> dict[str, str | None]:
    """Territory -> controlling nation (1.2a), every non-transit territory."""
    return {
        t: control.controller(state, t) for t, info in board.territories.items() if not info.transit
    }


def _garrisons(state: State, board: Board) -> dict[str, int]:
    """Territory -> current garrison (G minus damage, 1.2f), for the map's shields."""
    return {
        t: board.garrison(t, state.converted) - state.damage.get(t, 0)
        for t, info in board.territories.items()
        if not info.transit
    }


def _year_track(state: State) -> list[dict[str, Any]]:
    """Blocks and truce cubes on the Year Track, by year (1.7, 10.2b4, 11.2c)."""
    rows = [
        {"year": int(info.at[len(YEAR) :]), "block": b}
        for b, info in state.blocks.items()
        if info.at.startswith(YEAR)
    ]
    rows += [{"year": n.cube_year, "cube": nid} for nid, n in state.nations.items() if n.cube_year]
    return sorted(rows, key=lambda r: (r["year"], "cube" in r))


def _pools(state: State, board: Board, side: str | None) -> dict[str, Any]:
    """Nation -> pool count; the viewer's own nations also list their pool (8.5)."""
    pools: dict[str, Any] = {}
    for nation in board.nations:
        blocks = [b for b in board.nation_blocks(nation) if state.blocks[b].at == POOL]
        entry: dict[str, Any] = {"count": len(blocks)}
        if side is not None and board.side_of(nation) == side:
            entry["blocks"] = blocks
        pools[nation] = entry
    return pools


def _location_order(board: Board) -> dict[str, int]:
    """Territories in Appendix A order, then sea zones in table order."""
    return {loc: i for i, loc in enumerate([*board.territories, *board.seas])}


def _forces(state: State, board: Board, side: str | None) -> list[dict[str, Any]]:
    """One row per location, nation and kind of place: land, harbor or sea (13.6).

    ``count`` and ``aboard`` (blocks carried by the row's fleets) are public; ``blocks`` (id,
    strength and, for a fleet, its cargo) only for the viewer's own nations.
    """
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    for block, info in state.blocks.items():
        at = info.at
        if at.startswith(ABOARD) or not state.is_on_map(block):
            continue
        if at.startswith(HARBOR):
            location, where = at[len(HARBOR) :], "harbor"
        else:
            location, where = at, "sea" if at in board.seas else "land"
        nation = board.blocks[block].nation
        key = (location, nation, where)
        row = rows.setdefault(
            key,
            {
                "location": location,
                "nation": nation,
                "side": board.side_of(nation),
                "where": where,
                "count": 0,
                "aboard": 0,
            },
        )
        row["count"] += 1
        cargo = state.cargo(block) if board.blocks[block].is_fleet else []
        row["aboard"] += len(cargo)
        if side is not None and board.side_of(nation) == side:
            entry: dict[str, Any] = {"block": block, "strength": info.strength}
            if board.blocks[block].is_fleet:
                entry["cargo"] = [{"block": c, "strength": state.blocks[c].strength} for c in cargo]
            row.setdefault("blocks", []).append(entry)
    order = _location_order(board)
    nation_order = {n: i for i, n in enumerate(board.nations)}
    places = {"land": 0, "harbor": 1, "sea": 2}
    keys = sorted(rows, key=lambda k: (order[k[0]], nation_order[k[1]], places[k[2]]))
    return [rows[k] for k in keys]


def _units(state: State, board: Board, side: str | None) -> dict[str, dict[str, list[Any]]]:
    """Location -> nation -> what the map draws (mapdraw): a standing block per block.

    A block the viewer may not identify is ``"hidden"`` (nation colour only), a fleet
    ``"fleet"`` (fleets in harbor and at sea are listed apart in public, 13.6); the viewer's
    own block is ``{kind, label, strength, title}`` (identity and strength).
    """
    units: dict[str, dict[str, list[Any]]] = {}
    for row in _forces(state, board, side):
        drawn = units.setdefault(row["location"], {}).setdefault(row["nation"], [])
        if "blocks" in row:
            for entry in row["blocks"]:
                drawn.append(_own_block(board, entry["block"], entry["strength"]))
                drawn += [
                    _own_block(board, c["block"], c["strength"]) for c in entry.get("cargo", [])
                ]
            continue
        if row["where"] == "land":
            drawn += ["hidden"] * row["count"]
        else:
            drawn += ["fleet"] * row["count"] + ["hidden"] * row["aboard"]
    return units


def _own_block(board: Board, block: str, strength: int) -> dict[str, Any]:
    """A block its owner sees; `block` lets the map say its name in the game's language."""

    info = board.blocks[block]
    label = chip_mark(info.name, info.star)
    return {
        "kind": info.type,
        "label": label,
        "strength": strength,
        "title": info.name,
        "block": block,
        "star": info.star,
    }


def _rolls(state: State, side: str | None) -> list[dict[str, Any]]:
    """The dice of the current phase in the order rolled (13.7); a draw only to its side."""
    shown = []
    for roll in state.rolls:
        said = {"said": roll["said"]} if "said" in roll else {}  # the label's parts (13.7)
        if not roll.get("private"):
            shown.append({"label": roll["label"], "dice": list(roll["dice"]), **said})
        elif side is not None and roll.get("side") == side:
            shown.append({"label": roll["label"], "drawn": roll["drawn"], **said})
    return shown
