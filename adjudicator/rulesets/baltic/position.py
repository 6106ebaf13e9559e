"""Position files (rules 15): a scenario file that may describe any moment of a game.

`load_position` reads a GM's file (or a shipped scenario) and checks it whole, listing every
fault with its YAML path; `export` writes the same format back, so that
``export(load_position(export(s)))`` equals ``export(s)`` byte for byte once dumped.

The scenario keys (``id, name, start, end, first_player_tie, nations, markers, converted,
reform, year_track, attrition_box, blocks, victory``) are those of
``games/baltic/scenarios/*.yaml``. A position may also carry the keys of a running game
(``season, first_player, ap, event, rp_available, damage, set_aside, removed, cessions,
attrition, vp, winner``), each defaulting to the scenario's value; every further field of the
state (this season's progress, recon results, revealed blocks, the dice of the phase) is
written under its own name when it is not empty, so that a GM can move a running game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from adjudicator.rulesets import PositionError
from adjudicator.rulesets.baltic import board_checks
from adjudicator.rulesets.baltic.board import Board, load_board
from adjudicator.rulesets.baltic.resources import rp_level
from adjudicator.rulesets.baltic.state import (
    ABOARD,
    OUT,
    PHASES,
    POOL,
    REFORM_BOX,
    REMOVED,
    SET_ASIDE,
    SIDES,
    YEAR,
    Block,
    Nation,
    State,
    Turn,
)
from adjudicator.text import Text, _l, quoted

HANDLED = {
    "scenario",
    "year",
    "season",
    "phase",
    "last_year",
    "first_player_tie",
    "nations",
    "blocks",
    "markers",
    "damage",
    "damage_side",
    "converted",
    "reform_eligible",
    "attrition",
    "cessions",
    "first_player",
    "ap",
    "ap_spent",
    "event",
    "vp",
    "winner",
    "end_reason",
    "victory",
    "turn",
}
"""State fields written under the keys of rules 15; every other field keeps its own name."""


def scenario_state(name: str) -> State:
    """The state a shipped scenario ('poltava', 'Grand Campaign') starts from, before its
    first Entry Phase is resolved. Raises `PositionError` for an unknown scenario."""
    board = load_board()
    try:
        data = board.scenario(name)
    except Exception as error:  # LineError: unknown or ambiguous scenario name
        known = ", ".join(board.scenarios)
        problem = getattr(error, "message", None) or str(error)
        fault = _l(
            "%(path)s: %(problem)s; the scenarios are %(scenarios)s",
            path="scenario",
            problem=problem,
            scenarios=known,
        )
        raise PositionError([fault]) from None
    return load_position(data)


def load_position(data: Mapping[str, Any]) -> State:
    """A state from a position file. Raises `PositionError` listing every fault."""
    board = load_board()
    if not isinstance(data, Mapping):
        raise PositionError([_l("(top): expected a mapping with id, start, end, nations, blocks")])
    data = _with_scenario_defaults(board, data)
    faults = board_checks.scenario_faults(board, data)
    faults += _running_faults(board, data)
    if faults:
        raise PositionError(faults)
    start = data["start"]
    season = data.get("season") or {**start, "phase": "entry"}
    blocks = _blocks(data)
    state = State(
        scenario=data["id"],
        year=season["year"],
        season=season["season"],
        phase=season["phase"],
        last_year=data["end"]["year"],
        first_player_tie=data.get("first_player_tie", "sweden"),
        nations=_nations(board, data),
        blocks=blocks,
        markers=dict(data.get("markers") or {}),
        damage=dict(data.get("damage") or {}),
        damage_side=dict(data.get("damage_side") or {}),
        converted=list(data.get("converted") or []),
        reform_eligible=bool((data.get("reform") or {}).get("eligible", False)),
        attrition=_attrition_box(data),
        cessions=[dict(c) for c in data.get("cessions") or []],
        first_player=data.get("first_player"),
        ap=dict(data.get("ap") or {}),
        ap_spent=dict(data.get("ap_spent") or {}),
        event=dict(data.get("event") or {}),
        vp=dict(data.get("vp") or {}),
        winner=data.get("winner"),
        end_reason=data.get("end_reason"),
        victory=copy.deepcopy(dict(data["victory"])),
        turn=Turn(**copy.deepcopy(dict(data.get("turn") or {}))),
    )
    for f in fields(State):
        if f.name not in HANDLED and f.name in data:
            setattr(state, f.name, copy.deepcopy(data[f.name]))
    faults = _level_faults(state, data.get("rp_level") or {})
    if faults:
        raise PositionError(faults)
    return state


def _level_faults(state: State, given: Mapping[str, Any]) -> list[str | Text]:
    """`rp_level` is derived (8.1); a file that gives it must agree with the map, markers,
    cessions and Attrition Track it describes."""

    faults: list[str | Text] = []
    for nation, level in given.items():
        path = f"rp_level.{nation}"
        if nation not in state.nations:
            faults.append(_l("%(path)s: unknown nation", path=path))
        elif level != rp_level(state, nation):
            faults.append(
                _l(
                    "%(path)s: the position gives %(given)s, its map, markers, cessions and "
                    "Attrition give %(level)d (8.1); fix or leave it out",
                    path=path,
                    given=str(level),
                    level=rp_level(state, nation),
                )
            )
    return faults


def export(state: State) -> dict[str, Any]:
    """The position file of `state`: scenario keys first, then the running game's."""

    board = load_board()
    scenario = board.scenarios.get(state.scenario, {})
    out: dict[str, Any] = {
        "game": "baltic",
        "id": state.scenario,
        "name": scenario.get("name", state.scenario),
        "start": dict(scenario.get("start") or {"year": state.year, "season": "spring"}),
        "end": {"year": state.last_year, "season": "winter"},
        "first_player_tie": state.first_player_tie,
        "nations": {
            n: {"status": v.status, "cube_year": v.cube_year, "rp_base": v.rp_base}
            | ({"rp_adjust": v.rp_adjust} if v.rp_adjust else {})
            for n, v in state.nations.items()
        },
        "markers": dict(state.markers),
        "converted": list(state.converted),
        "reform": {
            "eligible": state.reform_eligible,
            "box": state.at(REFORM_BOX),
            "removed": state.at(REMOVED),
        },
        "year_track": _year_track(state),
        "attrition_box": state.attrition,
        "blocks": [_block_entry(b, info) for b, info in state.blocks.items()],
        "victory": copy.deepcopy(state.victory),
        "season": {"year": state.year, "season": state.season, "phase": state.phase},
        "first_player": state.first_player,
        "ap": dict(state.ap),
        "ap_spent": dict(state.ap_spent),
        "event": dict(state.event),
        "rp_available": {n: v.rp_available for n, v in state.nations.items()},
        "rp_level": {n: rp_level(state, n) for n in state.nations},
        "damage": dict(state.damage),
        "damage_side": dict(state.damage_side),
        "cessions": [dict(c) for c in state.cessions],
        "vp": dict(state.vp),
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
    turn = copy.deepcopy(vars(state.turn))
    if any(turn.values()):
        out["turn"] = turn
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name not in HANDLED and value:
            out[f.name] = copy.deepcopy(value)
    return out


# -- reading -------------------------------------------------------------------------------
def _with_scenario_defaults(board: Board, data: Mapping[str, Any]) -> dict[str, Any]:
    """A position naming a shipped scenario may leave out its name, dates and victory."""
    data = dict(data)
    shipped = board.scenarios.get(data.get("id"))
    if shipped:
        for key in ("name", "start", "end", "victory", "first_player_tie"):
            data.setdefault(key, copy.deepcopy(shipped.get(key)))
    return data


KEYS = {
    *("game", "id", "name", "aliases", "start", "end", "first_player_tie", "nations"),
    *("markers", "converted", "reform", "year_track", "attrition_box", "blocks", "victory"),
    *("season", "first_player", "ap", "ap_spent", "event", "rp_available", "rp_level"),
    *("damage", "damage_side", "set_aside", "removed", "cessions", "attrition", "vp"),
    *("winner", "end_reason", "turn"),
}
"""Every key a position file may have, besides the state's own field names."""


def _running_faults(board: Board, data: Mapping[str, Any]) -> list[str | Text]:
    """The keys of a running game: season, first player, AP, RP, damage, lists of ids."""
    known = KEYS | {f.name for f in fields(State)}
    faults: list[str | Text] = [
        _l("%(path)s: not a key of a baltic position", path=str(key))
        for key in data
        if key not in known
    ]
    season = data.get("season")
    if season is not None and (
        not isinstance(season, Mapping)
        or season.get("season") not in board_checks.SEASONS
        or season.get("phase") not in PHASES
        or not isinstance(season.get("year"), int)
    ):
        faults.append(
            _l(
                "%(path)s: needs {year, season, phase}, phase one of %(phases)s",
                path="season",
                phases=", ".join(PHASES),
            )
        )
    for key in ("first_player_tie", "first_player", "winner"):
        if data.get(key) not in (None, *SIDES):
            faults.append(
                _l(
                    "%(path)s: %(value)s is not one of %(choices)s",
                    path=key,
                    value=quoted(data.get(key)),
                    choices=", ".join(SIDES),
                )
            )
    for key in ("ap", "ap_spent", "vp"):
        for side, n in (data.get(key) or {}).items():
            if side not in SIDES or not isinstance(n, int) or n < 0:
                where = f"{key}.{side}"
                faults.append(
                    _l(
                        "%(path)s: expected a side and a whole number 0 or more",
                        path=where,
                    )
                )
    for nation, n in (data.get("rp_available") or {}).items():
        if nation not in board.nations or not isinstance(n, int) or n < 0:
            where = f"rp_available.{nation}"
            faults.append(
                _l(
                    "%(path)s: expected a nation and a whole number >= 0",
                    path=where,
                )
            )
    converted = data.get("converted") or []
    for territory, n in (data.get("damage") or {}).items():
        g = board.garrison(territory, converted) if territory in board.territories else 0
        if not isinstance(n, int) or not 1 <= n < g:
            where = f"damage.{territory}"
            faults.append(
                _l(
                    "%(path)s: %(value)s is not from 1 to below its garrison (6.4)",
                    path=where,
                    value=quoted(n),
                )
            )
    lists = {"set_aside": data.get("set_aside"), "removed": data.get("removed")}
    lists |= {f"reform.{k}": (data.get("reform") or {}).get(k) for k in ("box", "removed")}
    for key, blocks in lists.items():
        for block in blocks or []:
            if block not in board.blocks:
                faults.append(
                    _l("%(path)s: unknown block %(value)s", path=key, value=quoted(block))
                )
    for i, entry in enumerate(data.get("year_track") or []):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("year"), int):
            where = f"year_track[{i}]"
            faults.append(_l("%(path)s: expected {year, block} or {year, cube}", path=where))
        elif entry.get("block") not in board.blocks and entry.get("cube") not in board.nations:
            where = f"year_track[{i}]"
            faults.append(_l("%(path)s: names neither a block nor a nation's cube", path=where))
    for i, cession in enumerate(data.get("cessions") or []):
        if cession not in board.tables["cessions"]:
            where = f"cessions[{i}]"
            faults.append(
                _l(
                    "%(path)s: %(cession)s is not a cession of 11.1c",
                    path=where,
                    cession=str(dict(cession)),
                )
            )
    return faults


def _nations(board: Board, data: Mapping[str, Any]) -> dict[str, Nation]:
    available = data.get("rp_available") or {}
    cubes = {e["cube"]: e["year"] for e in data.get("year_track") or [] if "cube" in e}
    nations = {}
    for nation in board.nations:
        info = data["nations"][nation]
        nations[nation] = Nation(
            status=info["status"],
            cube_year=info.get("cube_year") or cubes.get(nation),
            rp_base=info.get("rp_base", 0),
            rp_available=available.get(nation, 0),
            rp_adjust=info.get("rp_adjust", 0),
        )
    return nations


def _blocks(data: Mapping[str, Any]) -> dict[str, Block]:
    """Block id -> place, in roster order; a block off the map has strength 1 unless given."""
    board = load_board()
    listed = {e["block"]: e for e in data["blocks"]}
    places: dict[str, Block] = {}
    for block in board.blocks:
        entry = listed[block]
        at = ABOARD + entry["aboard"] if entry.get("aboard") else entry["at"]
        places[block] = Block(at, entry.get("strength", 1))
    for entry in data.get("year_track") or []:
        if "block" in entry:
            places[entry["block"]].at = f"{YEAR}{entry['year']}"
    reform = data.get("reform") or {}
    for key, place in (("set_aside", SET_ASIDE), ("removed", REMOVED)):
        for block in data.get(key) or []:
            places[block].at = place
    for key, place in (("box", REFORM_BOX), ("removed", REMOVED)):
        for block in reform.get(key) or []:
            places[block].at = place
    return places


def _attrition_box(data: Mapping[str, Any]) -> int:
    attrition = data.get("attrition")
    if isinstance(attrition, Mapping) and "box" in attrition:
        return int(attrition["box"])
    return int(data.get("attrition_box") or 0)


# -- writing -------------------------------------------------------------------------------
def _block_entry(block: str, info: Block) -> dict[str, Any]:
    """One `blocks:` row: on the map with its strength, off it by place alone."""
    if info.at.startswith(ABOARD):
        return {"block": block, "aboard": info.at[len(ABOARD) :], "strength": info.strength}
    if info.at in (POOL, OUT, REMOVED, REFORM_BOX, SET_ASIDE) or info.at.startswith(YEAR):
        return {"block": block, "at": info.at}
    return {"block": block, "at": info.at, "strength": info.strength}


def _year_track(state: State) -> list[dict[str, Any]]:
    """Blocks in Year Track boxes, by year then roster order (cubes are in `nations`)."""
    rows = [
        {"year": int(info.at[len(YEAR) :]), "block": block}
        for block, info in state.blocks.items()
        if info.at.startswith(YEAR)
    ]
    return sorted(rows, key=lambda r: r["year"])
