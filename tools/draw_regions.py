"""Write ``games/<game>/regions.yaml``: the outlines of a board's areas, for the maps.

Not part of the product: a maintainer runs it when a board's drawing data changes. It needs
numpy and PyYAML; the product needs neither numpy nor this script.

    python tools/draw_regions.py westeros
    python tools/draw_regions.py baltic PATH/TO/world-atlas/land-50m.json

westeros: the coastline is ours, drawn from the areas' facts (``coast`` in
``games/westeros/map.yaml``: the mainland and the islands as rough polygons around the
board's label points); no publisher artwork. baltic: the coastline is Natural Earth's
(public domain) 1:50m land, as the npm package ``world-atlas`` 2.0 ships it
(``npm pack world-atlas@2``; the package is ISC, its data Natural Earth's), projected
and simplified here; only the simplified result ships.

Either way each area grows from its seed points (its label point and the ``seeds`` the
drawing data adds) by `regions.grow`, which never lets two areas touch that the game does
not make adjacent; the tool lists the adjacent pairs that do not touch yet, so that a
maintainer adds ``seeds`` until none is left and the areas the outlines make
touch are exactly the game's adjacent ones (tests/test_map_regions.py checks the shipped file).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import regions

HERE = Path(__file__).resolve().parent.parent
GAMES = HERE / "games"


def fill(grid: regions.Grid, polygons: list[list[tuple[float, float]]]) -> np.ndarray:
    """Cells whose centres lie inside the polygons (even-odd), by scanline."""
    mask = np.zeros(grid.x.shape, dtype=bool)
    edges = []
    for poly in polygons:
        p = np.asarray(poly, dtype=float)
        q = np.roll(p, -1, axis=0)
        edges.append(np.concatenate([p, q], axis=1))
    e = np.concatenate(edges)
    x1, y1, x2, y2 = e.T
    for r in range(grid.rows):
        y = (r + 0.5) * grid.step
        hit = (y1 <= y) != (y2 <= y)
        xs = x1[hit] + (y - y1[hit]) * (x2[hit] - x1[hit]) / (y2[hit] - y1[hit])
        xs.sort()
        for a, b in zip(xs[0::2], xs[1::2], strict=False):
            c0 = max(math.ceil(a / grid.step - 0.5), 0)
            c1 = min(math.floor(b / grid.step - 0.5), grid.cols - 1)
            if c1 >= c0:
                mask[r, c0 : c1 + 1] = True
    return mask


def build(
    ids: list[str],
    land: list[bool],
    seeds: list[tuple[int, float, float]],
    adjacent: set[frozenset[int]],
    mask: np.ndarray,
    grid: regions.Grid,
    wobble: float,
    reach: float = 1e9,
) -> np.ndarray:
    """Label the grid, adding seeds until its contacts are the game's adjacency."""
    neighbours: dict[int, set[int]] = {i: set() for i in range(len(ids))}
    for pair in adjacent:
        a, b = sorted(pair)
        neighbours[a].add(b)
        neighbours[b].add(a)
    labels = regions.grow(grid, seeds, neighbours, mask, land, wobble, reach)
    found = regions.contacts(labels)
    missing = [
        "-".join(ids[k] for k in sorted(pair))
        for pair in sorted(adjacent, key=sorted)
        if found.get(tuple(sorted(pair)), 0) < regions.MIN_BORDER
    ]
    print(f"{len(missing)} borders missing:", *missing, sep="\n  ", file=sys.stderr)
    return labels


def write(game: str, data: dict, header: str) -> None:
    path = GAMES / game / "regions.yaml"
    text = yaml.safe_dump(data, sort_keys=True, allow_unicode=True, width=10_000)
    path.write_text(header + text, encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size // 1024} KB)", file=sys.stderr)


def outlines(ids: list[str], labels: np.ndarray, step: float) -> tuple[dict, list]:
    rings, chains = regions.outlines(labels, step)
    shapes = {ids[k]: regions.path_d(r) for k, r in sorted(rings.items())}
    named = []
    for a, b, pts in chains:
        if len(pts) < 2:
            continue
        ends = sorted(
            ids[k] if k >= 0 else ("edge" if k == regions.FRAME else "off") for k in (a, b)
        )
        named.append([*ends, regions.line_d(pts)])
    return shapes, sorted(named)


def label_points(ids: list[str], labels: np.ndarray, grid: regions.Grid) -> dict:
    """The point of each area deepest inside it (its label's place): a chamfer distance."""
    inside = np.pad(labels, 1, constant_values=regions.FRAME)
    depth = np.zeros(inside.shape)
    big = 1e9
    for k in range(len(ids)):
        mine = inside == k
        d = np.where(mine, big, 0.0)
        for _ in range(2):
            for r in range(1, d.shape[0]):
                d[r] = np.minimum(d[r], d[r - 1] + 1)
            for r in range(d.shape[0] - 2, -1, -1):
                d[r] = np.minimum(d[r], d[r + 1] + 1)
            for c in range(1, d.shape[1]):
                d[:, c] = np.minimum(d[:, c], d[:, c - 1] + 1)
            for c in range(d.shape[1] - 2, -1, -1):
                d[:, c] = np.minimum(d[:, c], d[:, c + 1] + 1)
        depth = np.where(mine, d, depth)
    out = {}
    for k, ident in enumerate(ids):
        where = np.argwhere(inside == k)
        if len(where) == 0:
            continue
        r, c = max(where.tolist(), key=lambda rc: (depth[rc[0], rc[1]], -rc[0], -rc[1]))
        out[ident] = [round((c - 0.5) * grid.step, 1), round((r - 0.5) * grid.step, 1)]
    return out


# ---- westeros


def westeros() -> None:
    board = yaml.safe_load((GAMES / "westeros" / "board.yaml").read_text())
    style = yaml.safe_load((GAMES / "westeros" / "map.yaml").read_text())
    drawn = [a for a in board["areas"] if a["kind"] != "port"]
    ids = [a["id"] for a in drawn]
    index = {ident: i for i, ident in enumerate(ids)}
    land = [a["kind"] == "land" for a in drawn]
    seeds = [(index[a["id"]], *a["xy"]) for a in drawn]
    for ident, points in sorted(style.get("seeds", {}).items()):
        seeds += [(index[ident], x, y) for x, y in points]
    adjacent = {
        frozenset((index[a], index[b])) for a, b in board["adjacency"] if a in index and b in index
    }
    width, height = style["regions"]["size"]
    grid = regions.Grid(width, height, style["regions"]["step"])
    mask = fill(grid, style["coast"])
    labels = build(ids, land, seeds, adjacent, mask, grid, style["regions"]["wobble"])
    shapes, chains = outlines(ids, labels, grid.step)
    ports = {}
    for port in (a for a in board["areas"] if a["kind"] == "port"):
        at = style.get("harbours", {}).get(port["id"], port["xy"])
        ports[port["id"]] = _harbour({**port, "xy": at}, labels, grid, index)
    write(
        "westeros",
        {
            "size": [width, height],
            "regions": shapes,
            "borders": chains,
            "labels": label_points(ids, labels, grid),
            "ports": ports,
        },
        "# Written by tools/draw_regions.py (westeros) from board.yaml and map.yaml's coast and\n"
        "# seeds: the areas' outlines, the borders between them, each port's harbour and quay.\n"
        "# Do not edit by hand: change the inputs and run the tool again.\n",
    )


def _harbour(port: dict, labels: np.ndarray, grid: regions.Grid, index: dict) -> dict:
    """A port's harbour at its board point, and a quay to the nearest cell of its land."""
    land = index[port["port_of"]["land"]]
    x, y = port["xy"]
    cells = np.argwhere(labels == land)
    ys = (cells[:, 0] + 0.5) * grid.step
    xs = (cells[:, 1] + 0.5) * grid.step
    i = int(np.argmin(np.hypot(xs - x, ys - y)))
    # A little way into the land, so the quay visibly ends on it.
    lx, ly = xs[i], ys[i]
    d = math.hypot(lx - x, ly - y) or 1.0
    end = (round(float(lx + (lx - x) / d * 6), 1), round(float(ly + (ly - y) / d * 6), 1))
    return {"at": [round(x, 1), round(y, 1)], "quay": [[round(x, 1), round(y, 1)], list(end)]}


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "westeros"
    if game == "westeros":
        westeros()
    elif game == "baltic":
        import baltic_regions

        baltic_regions.main(sys.argv[2])
    else:
        raise SystemExit(f"no regions for {game}: westeros or baltic")


if __name__ == "__main__":
    main()
