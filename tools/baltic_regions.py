"""The baltic board as regions on the real coastline (``tools/draw_regions.py baltic``).

The coast is Natural Earth's 1:50m land (public domain), read from the TopoJSON of the npm
package ``world-atlas`` 2 (``npm pack world-atlas@2``, then ``package/land-50m.json``):
decoded, projected onto the map (``geography`` in ``games/baltic/drawing.yaml``: an
equirectangular projection at the map's middle latitude) and filled into the land mask.
Each territory and sea zone grows from its places (``lonlat``) there. Land borders and
sea-zone links must be the game's (map.yaml); a territory may touch any sea along its
coast, and must touch the sea zone of its port. Land neighbours across water (Øresund)
are listed as ``crossings`` and drawn as such.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import draw_regions
import numpy as np
import regions
import yaml

GAMES = Path(__file__).resolve().parent.parent / "games"
OFF_BOARD = "off_board"  # the region of land that is no territory


def topo_rings(path: str, box: tuple[float, float, float, float]) -> list[list]:
    """The land's rings (lon, lat) from a TopoJSON file, those that reach into ``box``."""
    topo = json.loads(Path(path).read_text())
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        pts = np.cumsum(np.asarray(arc, dtype=float), axis=0)
        arcs.append(np.column_stack([pts[:, 0] * sx + tx, pts[:, 1] * sy + ty]))
    west, south, east, north = box
    out = []
    for geometry in topo["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            for ring in polygon:
                parts = [arcs[i] if i >= 0 else arcs[~i][::-1] for i in ring]
                pts = np.concatenate([parts[0], *(p[1:] for p in parts[1:])])
                lon, lat = pts[:, 0], pts[:, 1]
                if lon.max() < west or lon.min() > east or lat.max() < south or lat.min() > north:
                    continue
                # Eurasia's ring is cut at the antimeridian; Chukotka, moved past 180°, keeps
                # it one simple ring (else a scanline counts its crossings west of Norway).
                pts[:, 0] = np.where(pts[:, 0] < -100, pts[:, 0] + 360, pts[:, 0])
                out.append(pts)
    return out


def main(topojson: str) -> None:
    drawing = yaml.safe_load((GAMES / "baltic" / "drawing.yaml").read_text())
    facts = yaml.safe_load((GAMES / "baltic" / "map.yaml").read_text())
    geo = drawing["geography"]
    west, south, east, north = geo["box"]
    scale = geo["scale"]
    squeeze = math.cos(math.radians((south + north) / 2))

    def project(lon: float, lat: float) -> tuple[float, float]:
        return (lon - west) * squeeze * scale, (north - lat) * scale

    width, height = project(east, south)
    grid = regions.Grid(width, height, geo["step"])
    coast = []
    for ring in topo_rings(topojson, (west - 2, south - 2, east + 2, north + 2)):
        x = (ring[:, 0] - west) * squeeze * scale
        y = (north - ring[:, 1]) * scale
        coast.append(list(zip(x.tolist(), y.tolist(), strict=True)))
    mask = draw_regions.fill(grid, coast)

    areas = drawing["areas"]
    ids = [a["id"] for a in areas]
    index = {ident: i for i, ident in enumerate(ids)}
    land = [a["kind"] == "land" for a in areas]
    seeds = []
    for ident, places in sorted(geo["lonlat"].items()):
        seeds += [(index[ident], *project(lon, lat)) for lon, lat in places]
    adjacent = {frozenset((index[a], index[b])) for a, b, _ in facts["borders"]}
    adjacent |= {
        frozenset((index[z["id"]], index[o])) for z in facts["sea_zones"] for o in z["adjacent"]
    }
    crossings = {frozenset((index[a], index[b])) for a, b in drawing.get("crossings", [])}
    neighbours: dict[int, set[int]] = {i: set() for i in range(len(ids))}
    for pair in adjacent:
        a, b = sorted(pair)
        neighbours[a].add(b)
        neighbours[b].add(a)
    # A territory may meet any sea along its coast: only ports link land and sea (A.3).
    for i in range(len(ids)):
        neighbours[i] |= {j for j in range(len(ids)) if land[j] != land[i]}
    labels = regions.grow(grid, seeds, neighbours, mask, land, geo["wobble"], geo["reach"])
    found = regions.contacts(labels)
    ports = {
        frozenset((index[t["id"]], index[t["port"]["sea"]]))
        for t in facts["territories"]
        if t.get("port")
    }
    missing = [
        "-".join(ids[k] for k in sorted(pair))
        for pair in sorted((adjacent - crossings) | ports, key=sorted)
        if found.get(tuple(sorted(pair)), 0) < regions.MIN_BORDER
    ]
    print(f"{len(missing)} borders missing:", *missing, sep="\n  ", file=sys.stderr)

    kinds = {frozenset((a, b)): kind for a, b, kind in facts["borders"]}
    # Land that is no territory (the Netherlands, Bohemia, Lapland...) is drawn as land
    # off the board, not as water.
    labels = np.where((labels == regions.NOWHERE) & mask, len(ids), labels)
    shapes, chains = draw_regions.outlines([*ids, OFF_BOARD], labels, grid.step)
    for chain in chains:
        kind = kinds.get(frozenset(chain[:2]))
        if kind:
            chain.append(kind)
    labels_at = draw_regions.label_points(ids, labels, grid)
    chains = [c for c in chains if "edge" not in c[:2]]
    harbours = {}
    for t in (t for t in facts["territories"] if t.get("port")):
        at = _coast_point(labels, index[t["id"]], index[t["port"]["sea"]], grid)
        harbours[t["id"]] = {"at": at, "name": t["port"]["name"], "harbor": t.get("harbor")}
    draw_regions.write(
        "baltic",
        {
            "size": [round(width, 1), round(height, 1)],
            "regions": shapes,
            "borders": chains,
            "labels": labels_at,
            "harbours": harbours,
            "crossings": [
                [
                    *(ids[a] for a in sorted(pair)),
                    _crossing(labels, pair, grid),
                    kinds[frozenset(ids[a] for a in pair)],
                ]
                for pair in sorted(crossings, key=sorted)
            ],
        },
        "# Written by tools/draw_regions.py (baltic) from Natural Earth's 1:50m land (public\n"
        "# domain, via the npm package world-atlas 2) and drawing.yaml's geography: outlines,\n"
        "# borders (with their kind from map.yaml), label points, each port's place on its\n"
        "# coast and the crossings over water. Do not edit by hand: run the tool again.\n",
    )


def _coast_point(labels: np.ndarray, land: int, sea: int, grid: regions.Grid) -> list[float]:
    """The middle cell of the land's coast on its port's sea (the harbour's place)."""
    hits = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        shifted = np.roll(np.roll(labels, dr, axis=0), dc, axis=1)
        hits.append(np.argwhere((labels == land) & (shifted == sea)))
    cells = np.concatenate(hits)
    r, c = cells[len(cells) // 2] if len(cells) else np.argwhere(labels == land)[0]
    return [round(float((c + 0.5) * grid.step), 1), round(float((r + 0.5) * grid.step), 1)]


def _crossing(labels: np.ndarray, pair: frozenset, grid: regions.Grid) -> str:
    """A line over the water between the nearest cells of two land areas."""
    a, b = sorted(pair)
    pa = np.argwhere(labels == a)[::7]
    pb = np.argwhere(labels == b)[::7]
    d = np.hypot(pa[:, None, 0] - pb[None, :, 0], pa[:, None, 1] - pb[None, :, 1])
    i, j = np.unravel_index(np.argmin(d), d.shape)
    (r1, c1), (r2, c2) = pa[i], pb[j]
    s = grid.step
    return regions.line_d([((c1 + 0.5) * s, (r1 + 0.5) * s), ((c2 + 0.5) * s, (r2 + 0.5) * s)])
