"""The checks run on the baltic data when it is loaded, and on a GM's position file.

Each function returns every fault it finds as a sentence naming the file and the key, so that
a broken transcription or position is reported whole (STYLE: check a position whole).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.text import Name, Text, _l, _ln

if TYPE_CHECKING:
    from adjudicator.rulesets.baltic.board import BlockInfo, Board, NationInfo, SeaZone, Territory

BORDER_KINDS = ("open", "restricted", "difficult")
BLOCK_TYPES = ("army", "royal", "regiment", "irregular", "fleet")
CLASSES = ("A", "B", "C", "D")
SIDES = ("sweden", "coalition")
SEASONS = ("spring", "summer", "autumn", "winter")
STATUSES = ("active", "inactive", "truce", "permanent")
ACTIVATION_CONDITIONS = ("none", "sweden_in_mazowsze", "karl_in_ottoman", "swedish_army_in_ukraine")
EVENT_KINDS = (
    "plague",
    "storms",
    "desertion",
    "bad_harvest",
    "quiet",
    "recruiting",
    "intrigue",
    "diplomacy",
    "forced_marches",
    "separate_peace",
)
ATTRITION_KINDS = ("rp_level", "ap", "forage_in_russia", "no_reinforce_in_russia")
OFF_MAP_PLACES = ("pool", "out", "removed", "reform_box", "set_aside")
EXPECTED = {"territories": 50, "sea_zones": 8, "borders": 92, "ports": 23, "harbors": 10}
"""The counts of rule 1.0; a transcription that loses a row fails loudly."""
ROSTER_TOTAL = 68
"""Appendix B: 68 blocks."""


def map_faults(
    data: Mapping[str, Any],
    regions: Mapping[str, str],
    territories: Mapping[str, Territory],
    seas: Mapping[str, SeaZone],
    borders: Mapping[frozenset[str], str],
) -> list[str]:
    """1.0, 1.1, 1.4, 1.5: counts, fields in range, ports on existing zones."""
    faults = []
    ports = [t for t in territories.values() if t.port]
    counts = {
        "territories": len(territories),
        "sea_zones": len(seas),
        "borders": len(borders),
        "ports": len(ports),
        "harbors": sum(1 for t in ports if t.harbor),
    }
    for what, want in EXPECTED.items():
        if counts[what] != want:
            faults.append(f"map.yaml: {counts[what]} {what}, the rules (1.0) have {want}")
    if len(data["territories"]) != len(territories):
        faults.append("map.yaml: a territory id is listed twice")
    if set(data["border_limits"]) != set(BORDER_KINDS):
        faults.append(f"map.yaml: border_limits must give {BORDER_KINDS}")
    for t in territories.values():
        where = f"map.yaml: territory {t.id}"
        if t.region not in regions:
            faults.append(f"{where}: unknown region {t.region!r}")
        if not 0 <= t.forage <= 3:
            faults.append(f"{where}: forage {t.forage} is not 0-3 (1.1)")
        if t.transit:
            if t.home or t.garrison or t.rp or t.port:
                faults.append(f"{where}: a transit territory has no home, G, RP or port (1.4)")
        elif not 1 <= t.garrison <= 4:
            faults.append(f"{where}: garrison {t.garrison} is not 1-4 (1.1)")
        if t.port and t.port.sea not in seas:
            faults.append(f"{where}: port {t.port.name} lies on unknown sea zone {t.port.sea!r}")
        if t.harbor is not None and (not t.port or t.harbor < 1):
            faults.append(f"{where}: a harbor needs a port and a strength of 1 or more (1.5)")
    for z in seas.values():
        for other in z.adjacent:
            if other not in seas:
                faults.append(f"map.yaml: sea zone {z.id} is adjacent to unknown {other!r}")
            elif z.id not in seas[other].adjacent:
                faults.append(f"map.yaml: sea zones {z.id} and {other} are adjacent one way only")
    return faults


def connected_faults(board: Board) -> list[str]:
    """1.0: every territory is reachable from every other by land borders alone."""
    first = next(iter(board.territories))
    reached = board.land_distances(first)
    missing = [t for t in board.territories if t not in reached]
    faults = (
        [f"map.yaml: not connected by land to {first}: {', '.join(missing)}"] if missing else []
    )
    zones = board.sea_steps(next(iter(board.seas)))
    if len(zones) != len(board.seas):
        faults.append("map.yaml: the sea zones are not all connected")
    return faults


def nation_faults(
    nations: Mapping[str, NationInfo],
    territories: Mapping[str, Territory],
    regions: Mapping[str, str],
    blocks: Mapping[str, BlockInfo],
) -> list[str]:
    faults = []
    for n in nations.values():
        where = f"nations.yaml: {n.id}"
        if n.side not in SIDES:
            faults.append(f"{where}: side {n.side!r} is not one of {SIDES}")
        if n.capital is not None and (
            n.capital not in territories or not territories[n.capital].capital
        ):
            faults.append(f"{where}: capital {n.capital!r} is not a capital territory (1.3)")
        for t in n.placement:
            if t not in territories:
                faults.append(f"{where}: placement names unknown territory {t!r}")
        if isinstance(n.fleet_placement, tuple):
            for t in n.fleet_placement:
                if t not in territories or not (
                    territories[t].harbor or territories[t].converts_to
                ):
                    faults.append(f"{where}: fleet placement {t!r} has no harbor")
        elif n.fleet_placement not in ("own_harbors", "none"):
            faults.append(f"{where}: fleet_placement {n.fleet_placement!r} is unknown")
        for r in n.royal:
            if r not in blocks or blocks[r].type != "royal" or blocks[r].nation != n.id:
                faults.append(f"{where}: royal {r!r} is not a royal block of the nation")
        for entry in n.muster:
            block = entry.get("block")
            if block is not None and (block not in blocks or blocks[block].nation != n.id):
                faults.append(f"{where}: muster names {block!r}, not a block of the nation")
        if n.activation is not None:
            act = n.activation
            if act.get("rolled_by") not in SIDES:
                faults.append(f"{where}: activation rolled_by must be one of {SIDES}")
            if act.get("condition") not in ACTIVATION_CONDITIONS:
                faults.append(f"{where}: activation condition {act.get('condition')!r} is unknown")
        for region in n.forbidden_regions:
            if region not in regions:
                faults.append(f"{where}: forbidden region {region!r} is unknown")
        for other in [*n.forbidden_home_nations, n.counts_as_while_inactive]:
            if other is not None and other not in nations:
                faults.append(f"{where}: names unknown nation {other!r}")
    return faults


def block_faults(
    blocks: Mapping[str, BlockInfo],
    nations: Mapping[str, NationInfo],
    territories: Mapping[str, Territory],
) -> list[str]:
    """2.1, Appendix B: fields in range, twins paired, 68 blocks."""
    faults = []
    if len(blocks) != ROSTER_TOTAL:
        faults.append(f"blocks.yaml: {len(blocks)} blocks, Appendix B has {ROSTER_TOTAL}")
    for b in blocks.values():
        where = f"blocks.yaml: {b.id}"
        if b.nation not in nations:
            faults.append(f"{where}: unknown nation {b.nation!r}")
        if b.type not in BLOCK_TYPES:
            faults.append(f"{where}: type {b.type!r} is not one of {BLOCK_TYPES}")
        if b.cls not in CLASSES or not 1 <= b.firepower <= 3 or not 1 <= b.max <= 4:
            faults.append(f"{where}: class A-D, firepower 1-3 and max 1-4 (2.1)")
        if b.trains and not b.is_army:
            faults.append(f"{where}: only armies and royals have trains (2.2)")
        if b.twin is not None and (b.twin not in blocks or blocks[b.twin].twin != b.id):
            faults.append(f"{where}: twin {b.twin!r} does not name it back (11.2b)")
        if b.placement:
            for t in (
                *b.placement.territories,
                *(b.placement.fallback if isinstance(b.placement.fallback, tuple) else ()),
            ):
                if t not in territories:
                    faults.append(f"{where}: placement names unknown territory {t!r}")
    return faults


def table_faults(
    tables: Mapping[str, Any],
    territories: Mapping[str, Territory],
    nations: Mapping[str, NationInfo],
    blocks: Mapping[str, BlockInfo],
) -> list[str]:
    faults = []
    if sorted(tables["action_table"]) != [1, 2, 3, 4, 5, 6]:
        faults.append("tables.yaml: action_table needs rows 1-6 (3.3)")
    if sorted(tables["event_table"]) != list(range(2, 13)):
        faults.append("tables.yaml: event_table needs rows 2-12 (C.1)")
    for roll, row in tables["event_table"].items():
        if row["kind"] not in EVENT_KINDS:
            faults.append(f"tables.yaml: event {roll} has unknown kind {row['kind']!r}")
    track = tables["attrition_track"]
    for row_name in ("top", "bottom"):
        row = track["rows"][row_name]
        if [e["box"] for e in row] != list(range(track["max_box"] + 1)):
            faults.append(f"tables.yaml: attrition row {row_name} needs boxes 0-{track['max_box']}")
        for entry in row:
            for effect in entry["effects"]:
                if effect["kind"] not in ATTRITION_KINDS:
                    faults.append(f"tables.yaml: attrition effect {effect['kind']!r} is unknown")
    for c in tables["cessions"]:
        if c["territory"] not in territories or c["to"] not in nations:
            faults.append(f"tables.yaml: cession {c} names an unknown territory or nation")
    nyen = tables["nyen"]
    if nyen["territory"] not in territories or any(f not in blocks for f in nyen["fleets"]):
        faults.append("tables.yaml: nyen names an unknown territory or block")
    return faults


def block_name(block: str) -> Name:
    """A block as a position file names it (its id), said in the reader's words."""
    return Name(block, block, "blocks")


def place_name(board: Board, place: str) -> Name:
    """A territory or sea zone by id, said in the reader's words."""
    return Name(place, place, "sea_zones" if place in board.seas else "territories")


def scenario_faults(board: Board, data: Mapping[str, Any]) -> list[str | Text]:
    """Every fault of a scenario or position's fixed keys: nations, markers, blocks (12, 15).

    Used on the shipped scenarios at load and by position.py on a GM's file. Each fault is a
    `Text` (its English is ``str(fault)``) with the YAML path as its field ``path``.
    """
    faults: list[str | Text] = []
    for key in ("id", "name", "start", "end", "nations", "blocks", "victory"):
        if key not in data:
            faults.append(_l("missing key %(key)s", key=repr(key)))
    if faults:
        return faults
    for key in ("start", "end"):
        when = data[key]
        if not isinstance(when, Mapping) or when.get("season") not in SEASONS:
            faults.append(
                _l(
                    "%(path)s: needs {year, season} with a season of %(seasons)s",
                    path=key,
                    seasons=str(SEASONS),
                )
            )
    if set(data["nations"]) != set(board.nations):
        every = ", ".join(board.nations)
        faults.append(
            _l("%(path)s: must list each of %(nations)s once", path="nations", nations=every)
        )
    for nid, info in data["nations"].items():
        if info.get("status") not in STATUSES:
            where = f"nations.{nid}.status"
            faults.append(
                _l(
                    "%(path)s: %(value)s is not one of %(choices)s",
                    path=where,
                    value=repr(info.get("status")),
                    choices=str(STATUSES),
                )
            )
    for territory, nation in (data.get("markers") or {}).items():
        path = f"markers.{territory}"
        if territory not in board.territories or board.territories[territory].transit:
            faults.append(_l("%(path)s: not a territory that takes a marker (1.4)", path=path))
        if nation not in board.nations:
            faults.append(_l("%(path)s: unknown nation %(value)s", path=path, value=repr(nation)))
    for t in data.get("converted") or []:
        if t not in board.territories or not board.territories[t].converts_to:
            faults.append(
                _l("%(path)s: %(value)s cannot convert (11.2h)", path="converted", value=repr(t))
            )
    faults += block_place_faults(board, data["blocks"], data.get("converted") or [])
    return faults


def block_place_faults(
    board: Board, entries: Iterable[Mapping[str, Any]], converted: Iterable[str]
) -> list[str | Text]:
    """Every block exactly once, in a place its type may be, at a strength within 1..max;
    cargo within capacity (9.2d, h) and harbors within their strength (1.5)."""
    faults: list[str | Text] = []
    seen: dict[str, int] = {}
    cargo: dict[str, list[str]] = {}
    in_harbor: dict[str, int] = {}
    entries = list(entries)
    places = {e.get("block"): e for e in entries}
    for i, entry in enumerate(entries):
        where = f"blocks[{i}]"
        bid = entry.get("block")
        if bid not in board.blocks:
            faults.append(_l("%(path)s: unknown block %(value)s", path=where, value=repr(bid)))
            continue
        block = block_name(bid)
        if bid in seen:
            faults.append(
                _l(
                    "%(path)s: %(block)s is listed twice (also blocks[%(index)d])",
                    path=where,
                    block=block,
                    index=seen[bid],
                )
            )
        seen[bid] = i
        info = board.blocks[bid]
        at, fleet = entry.get("at"), entry.get("aboard")
        strength = entry.get("strength")
        on_map = fleet is not None or (at not in OFF_MAP_PLACES and not str(at).startswith("year:"))
        if on_map and not (isinstance(strength, int) and 1 <= strength <= info.max):
            faults.append(
                _l(
                    "%(path)s: %(block)s strength %(value)s is not within 1..%(max)d",
                    path=where,
                    block=block,
                    value=repr(strength),
                    max=info.max,
                )
            )
        if fleet is not None:
            carrier = places.get(fleet)
            if info.is_fleet or fleet not in board.blocks or not board.blocks[fleet].is_fleet:
                faults.append(
                    _l(
                        "%(path)s: %(block)s aboard %(value)s: only land blocks ride fleets",
                        path=where,
                        block=block,
                        value=repr(fleet),
                    )
                )
            elif carrier is None or carrier.get("at") not in board.seas:
                faults.append(
                    _l(
                        "%(path)s: %(block)s is aboard %(fleet)s, which is not at sea (9.1c)",
                        path=where,
                        block=block,
                        fleet=block_name(fleet),
                    )
                )
            else:
                cargo.setdefault(fleet, []).append(bid)
            continue
        if at in OFF_MAP_PLACES or str(at).startswith("year:"):
            continue
        if str(at).startswith("H:"):
            territory = str(at)[2:]
            if not info.is_fleet or territory not in board.territories:
                faults.append(
                    _l(
                        "%(path)s: %(block)s at %(at)s: only fleets lie in a harbor",
                        path=where,
                        block=block,
                        at=str(at),
                    )
                )
            elif not board.harbor_strength(territory, converted):
                faults.append(
                    _l(
                        "%(path)s: %(block)s at %(at)s: %(territory)s has no harbor",
                        path=where,
                        block=block,
                        at=str(at),
                        territory=place_name(board, territory),
                    )
                )
            else:
                in_harbor[territory] = in_harbor.get(territory, 0) + 1
        elif at in board.seas:
            if not info.is_fleet:
                faults.append(
                    _l(
                        "%(path)s: %(block)s at sea in %(sea)s: a land block at sea is aboard "
                        "a fleet",
                        path=where,
                        block=block,
                        sea=place_name(board, at),
                    )
                )
        elif at in board.territories:
            if info.is_fleet:
                faults.append(
                    _l(
                        '%(path)s: fleet %(block)s in %(territory)s: write at: "H:%(at)s" or a '
                        "sea zone",
                        path=where,
                        block=block,
                        territory=place_name(board, at),
                        at=at,
                    )
                )
        else:
            faults.append(
                _l(
                    "%(path)s: %(block)s at unknown place %(value)s",
                    path=where,
                    block=block,
                    value=repr(at),
                )
            )
    missing = [b for b in board.blocks if b not in seen]
    if missing:
        faults.append(
            _l(
                "%(path)s: missing %(blocks)s (list every block, even in the pool)",
                path="blocks",
                blocks=tuple(map(block_name, missing)),
            )
        )
    faults += cargo_faults(board, cargo)
    for territory, count in in_harbor.items():
        if count > board.harbor_strength(territory, converted):
            faults.append(
                _ln(
                    "%(path)s: %(n)d fleet in the harbor of %(territory)s, over its strength",
                    "%(path)s: %(n)d fleets in the harbor of %(territory)s, over its strength",
                    count,
                    path="blocks",
                    territory=place_name(board, territory),
                )
            )
    return faults


def cargo_faults(board: Board, cargo: Mapping[str, Iterable[str]]) -> list[str | Text]:
    """9.2d, h: one army (or royal) or up to two regiments (or irregulars), never mixed."""
    faults: list[str | Text] = []
    limits = board.tables["cargo"]
    for fleet, aboard in cargo.items():
        aboard = list(aboard)
        armies = sum(1 for b in aboard if board.blocks[b].is_army)
        others = len(aboard) - armies
        if (armies and others) or armies > limits["army"] or others > limits["regiment"]:
            faults.append(
                _l(
                    "fleet %(fleet)s carries %(blocks)s: more than 9.2d allows",
                    fleet=block_name(fleet),
                    blocks=tuple(map(block_name, aboard)),
                )
            )
    return faults
