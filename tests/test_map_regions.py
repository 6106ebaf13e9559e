"""Drawn borders tell the truth (issue 21, item 5): two regions drawn touching are adjacent
in the game, and adjacent areas are drawn touching, so a player who reads the map never
plans an impossible move. Read from the drawn outlines alone (the SVG's region paths),
never from the tool's own account of them.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import defaultdict

import pytest

from adjudicator.data import load_game_data
from adjudicator.mapdraw import draw_svg
from tests.test_mapdraw import SVG, start_view

POINT = re.compile(r"([ML])(-?[\d.]+) (-?[\d.]+)")
TOUCH = 6.0  # board units of shared border: less is a corner, not a border


def rings(d: str) -> list[list[tuple[float, float]]]:
    """The closed rings of an SVG path made of M, L and Z."""
    out: list[list[tuple[float, float]]] = []
    for op, x, y in POINT.findall(d):
        if op == "M":
            out.append([])
        out[-1].append((float(x), float(y)))
    return out


def drawn_regions(svg: str) -> dict[str, list[list[tuple[float, float]]]]:
    """Area id -> rings, from the paths the map draws."""
    root = ET.fromstring(svg)
    return {
        p.get("data-region"): rings(p.get("d"))
        for p in root.iter(f"{SVG}path")
        if p.get("data-region")
    }


def touching(regions: dict[str, list]) -> set[frozenset[str]]:
    """Pairs of regions whose outlines share at least TOUCH units of border."""
    owners: dict[frozenset, set[str]] = defaultdict(set)
    length: dict[frozenset, float] = {}
    for area, area_rings in regions.items():
        for ring in area_rings:
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                side = frozenset((a, b))
                owners[side].add(area)
                length[side] = math.dist(a, b)
    shared: dict[frozenset[str], float] = defaultdict(float)
    for side, who in owners.items():
        if len(who) == 2:
            shared[frozenset(who)] += length[side]
    return {pair for pair, n in shared.items() if n >= TOUCH}


def inside(point: tuple[float, float], area_rings: list) -> bool:
    """Even-odd point in polygon."""
    x, y = point
    hit = False
    for ring in area_rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


@pytest.fixture(scope="module")
def westeros() -> dict[str, list]:
    return drawn_regions(draw_svg(start_view()))


def test_westeros_regions_touch_exactly_where_the_board_is_adjacent(westeros) -> None:
    board = load_game_data("westeros", "board.yaml")
    kinds = {a["id"]: a["kind"] for a in board["areas"]}
    adjacent = {
        frozenset(pair) for pair in board["adjacency"] if "port" not in {kinds[a] for a in pair}
    }
    assert set(westeros) == {a for a, k in kinds.items() if k != "port"}
    drawn = touching(westeros)
    assert sorted(map(sorted, drawn - adjacent)) == []  # drawn touching, not adjacent
    assert sorted(map(sorted, adjacent - drawn)) == []  # adjacent, not drawn touching


def test_westeros_ports_lie_in_their_sea_on_a_quay_to_their_land(westeros) -> None:
    """A port is adjacent only to its land and its sea (ports expansion): its harbour is
    drawn in that sea, and its quay ends in that land and in no other."""
    board = load_game_data("westeros", "board.yaml")
    shapes = load_game_data("westeros", "regions.yaml")
    for port in (a for a in board["areas"] if a["kind"] == "port"):
        drawn = shapes["ports"][port["id"]]
        at, end = tuple(drawn["at"]), tuple(drawn["quay"][1])
        assert [a for a, r in westeros.items() if inside(at, r)] == [port["port_of"]["sea"]]
        assert [a for a, r in westeros.items() if inside(end, r)] == [port["port_of"]["land"]]


def test_a_region_is_tinted_in_its_holders_colour() -> None:
    """Units, else a power token, else the printed home: who holds the area at the table."""
    view = start_view()
    view["power_tokens"] = {"the_stony_shore": "greyjoy"}
    svg = draw_svg(view)
    fills = {
        p.get("data-region"): p.get("fill")
        for p in ET.fromstring(svg).iter(f"{SVG}path")
        if p.get("data-region")
    }
    land = fills["the_reach"]  # nobody's
    assert fills["winterfell"] != land and fills["the_stony_shore"] == fills["pyke"]
    assert fills["kingswood"] == fills["dragonstone"]  # Baratheon's footman; Baratheon's home
    assert fills["the_narrow_sea"] == fills["bay_of_ice"]  # seas are water, whoever sails


def test_baltic_borders_and_sea_lanes_are_drawn_exactly_where_the_map_has_them() -> None:
    """A.3: land borders and sea-zone links touch on the drawing, and nothing else of the
    same kind does; a territory meets the seas along its coast, and always its port's sea.
    Land neighbours over water are drawn as crossings instead (Øresund, Kerch)."""
    from adjudicator.rulesets.baltic.position import scenario_state
    from adjudicator.rulesets.baltic.view import view

    facts = load_game_data("baltic", "map.yaml")
    svg = draw_svg(view(scenario_state("poltava"), None))
    regions = drawn_regions(svg)
    land = {t["id"] for t in facts["territories"]}
    seas = {z["id"] for z in facts["sea_zones"]}
    assert set(regions) == land | seas
    drawn = touching(regions)
    crossings = {
        frozenset(g.get("data-crossing").split())
        for g in ET.fromstring(svg).iter(f"{SVG}g")
        if g.get("data-crossing")
    }
    borders = {frozenset((a, b)) for a, b, _ in facts["borders"]}
    assert crossings <= borders and not crossings & drawn
    assert {p for p in drawn if p <= land} == borders - crossings
    lanes = {frozenset((z["id"], o)) for z in facts["sea_zones"] for o in z["adjacent"]}
    assert {p for p in drawn if p <= seas} == lanes
    ports = {frozenset((t["id"], t["port"]["sea"])) for t in facts["territories"] if t["port"]}
    assert ports - drawn == set()
