"""Regions from seed points: the shared machinery of ``tools/draw_regions.py``.

Not part of the product: a maintainer runs it to write ``games/<game>/regions.yaml``, the
outlines the maps draw. It needs numpy (``pip install numpy``); the product does not.

How a board becomes regions:

1. Every cell of a fine grid goes to an area with a seed near it (an area has its label
   point and as many extra seeds as shape it), the cells' points pushed about by a smooth
   fixed wobble so borders wander like borders on a map. A mask says which cells are land
   and which water (the coastline); land cells go to land areas and water to seas.
2. `grow` lets the areas grow from their seeds, nearest cells first, but never onto a cell
   that would make an area touch one the game does not make it adjacent to; the tool
   reports the adjacent pairs that still do not touch, and a maintainer adds seeds there.
3. `outlines` follows the borders between cells into chains from junction to junction,
   smooths and simplifies each chain once, and builds every region's rings from those
   chains. So two neighbours share the very same points along their border: the test of the
   drawing (tests/test_map_regions.py) finds who touches whom from the outlines alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

FRAME = -2  # the cells around the grid: the picture's edge
NOWHERE = -1  # land or water that belongs to no area (off the board)
MIN_BORDER = 4  # cell sides: shorter contacts are neither a border nor allowed


class Grid:
    """A labelled grid of ``step``-sized cells over a ``width`` x ``height`` canvas."""

    def __init__(self, width: float, height: float, step: float) -> None:
        self.step = step
        self.cols = int(np.ceil(width / step))
        self.rows = int(np.ceil(height / step))
        ys, xs = np.mgrid[0 : self.rows, 0 : self.cols]
        self.x = (xs + 0.5) * step
        self.y = (ys + 0.5) * step

    def warp(self, amplitude: float) -> tuple[np.ndarray, np.ndarray]:
        """The cells' points pushed about by a smooth, fixed wobble (sums of sines), so the
        borders between nearest-seed regions wander like borders on a map, the same every run."""
        x, y = self.x, self.y
        dx = np.sin(y / 17.0 + 1.3) + 0.6 * np.sin((x + y) / 9.0 + 2.1) + 0.3 * np.sin(y / 4.1)
        dy = np.sin(x / 19.0 + 0.4) + 0.6 * np.sin((x - y) / 8.0 + 0.7) + 0.3 * np.sin(x / 3.7)
        return x + amplitude * dx, y + amplitude * dy


def contacts(labels: np.ndarray) -> dict[tuple[int, int], int]:
    """(a, b) with a < b -> how many cell sides the two areas share."""
    found: dict[tuple[int, int], int] = defaultdict(int)
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        differ = a != b
        pairs = np.stack([np.minimum(a, b)[differ], np.maximum(a, b)[differ]], axis=1)
        keys, counts = np.unique(pairs, axis=0, return_counts=True)
        for (p, q), n in zip(keys.tolist(), counts.tolist(), strict=True):
            if p >= 0:
                found[p, q] += n
    return dict(found)


# ---- outlines


def outlines(
    labels: np.ndarray, step: float, smooth: int = 4, tolerance: float = 0.6
) -> tuple[dict[int, list[list[tuple[float, float]]]], list[tuple[int, int, list]]]:
    """(rings of every area, chains): rings as lists of canvas points, and each chain
    between two areas (a, b, points), b may be FRAME or NOWHERE.

    Chains are smoothed (``smooth`` rounds of neighbour averaging, junctions fixed) and
    simplified (Douglas-Peucker, ``tolerance`` in cells) once, and every ring is made of
    them, so neighbours share identical points.
    """
    grid = np.pad(labels, 1, constant_values=FRAME)
    edges = _cell_sides(grid)
    graph: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for (u, v), _ in edges.items():
        graph[u].append(v)
        graph[v].append(u)
    junction = {v for v, ns in graph.items() if len(ns) != 2 or _is_corner_junction(grid, v)}
    chains = _chains(graph, junction, edges)
    pos = {v: (float(v[1]), float(v[0])) for v in graph}
    for chain in chains:
        _smooth(chain[2], pos, smooth)
    kept = set(junction)
    for chain in chains:
        kept.update(_simplify(chain[2], pos, tolerance))
    rings = _rings(grid, kept, pos, step)
    drawn = [(a, b, [_at(pos[v], step) for v in pts if v in kept]) for a, b, pts in chains]
    return rings, drawn


def _at(p: tuple[float, float], step: float) -> tuple[float, float]:
    """A vertex in canvas units (the grid was padded by one cell)."""
    return round((p[0] - 1) * step, 1), round((p[1] - 1) * step, 1)


def _cell_sides(grid: np.ndarray) -> dict[tuple, tuple[int, int]]:
    """Undirected boundary edges between grid corners -> the (lower, higher) labels."""
    out = {}
    rows, cols = grid.shape
    diff_h = np.argwhere(grid[:, :-1] != grid[:, 1:])  # vertical sides between (r,c),(r,c+1)
    for r, c in diff_h.tolist():
        a, b = int(grid[r, c]), int(grid[r, c + 1])
        out[((r, c + 1), (r + 1, c + 1))] = (min(a, b), max(a, b))
    diff_v = np.argwhere(grid[:-1, :] != grid[1:, :])  # horizontal sides
    for r, c in diff_v.tolist():
        a, b = int(grid[r, c]), int(grid[r + 1, c])
        out[((r + 1, c), (r + 1, c + 1))] = (min(a, b), max(a, b))
    del rows, cols
    return out


def _is_corner_junction(grid: np.ndarray, v: tuple[int, int]) -> bool:
    """A corner where two areas meet only diagonally (a checkerboard) is kept fixed."""
    r, c = v
    if r == 0 or c == 0 or r >= grid.shape[0] or c >= grid.shape[1]:
        return True
    tl, tr, bl, br = grid[r - 1, c - 1], grid[r - 1, c], grid[r, c - 1], grid[r, c]
    return len({tl, tr, bl, br}) > 2 or (tl == br and tr == bl and tl != tr)


def _chains(graph, junction, edges) -> list[tuple[int, int, list]]:
    """Walk from junction to junction; a ring with no junction starts at its least corner."""
    seen: set[frozenset] = set()
    chains = []

    def key(u, v):
        return frozenset((u, v))

    def side(u, v):
        return edges.get((u, v)) or edges[(v, u)]

    starts = sorted(junction)
    for start in starts:
        for nxt in sorted(graph[start]):
            if key(start, nxt) in seen:
                continue
            pts = [start, nxt]
            seen.add(key(start, nxt))
            while pts[-1] not in junction:
                here, before = pts[-1], pts[-2]
                step = next(n for n in graph[here] if n != before)
                seen.add(key(here, step))
                pts.append(step)
            a, b = side(start, nxt)
            chains.append((a, b, pts))
    for u in sorted(graph):  # closed loops without any junction
        for nxt in sorted(graph[u]):
            if key(u, nxt) in seen:
                continue
            junction.add(u)
            pts = [u, nxt]
            seen.add(key(u, nxt))
            while pts[-1] != u:
                here, before = pts[-1], pts[-2]
                step = next(n for n in graph[here] if n != before)
                seen.add(key(here, step))
                pts.append(step)
            a, b = side(u, nxt)
            chains.append((a, b, pts))
    return chains


def _smooth(pts: list, pos: dict, rounds: int) -> None:
    """Neighbour averaging of a chain's inner points, its ends fixed."""
    for _ in range(rounds):
        xy = [pos[v] for v in pts]
        for i in range(1, len(pts) - 1):
            (x0, y0), (x1, y1), (x2, y2) = xy[i - 1], xy[i], xy[i + 1]
            pos[pts[i]] = ((x0 + 2 * x1 + x2) / 4, (y0 + 2 * y1 + y2) / 4)


def _simplify(pts: list, pos: dict, tolerance: float) -> set:
    """Douglas-Peucker on a chain: the corners it keeps."""
    keep = {pts[0], pts[-1]}
    stack = [(0, len(pts) - 1)]
    if pts[0] == pts[-1]:  # a closed loop: split it at its point farthest from the start
        x0, y0 = pos[pts[0]]
        far = max(range(len(pts)), key=lambda k: np.hypot(pos[pts[k]][0] - x0, pos[pts[k]][1] - y0))
        keep.add(pts[far])
        stack = [(0, far), (far, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        if j <= i + 1:
            continue
        (x0, y0), (x1, y1) = pos[pts[i]], pos[pts[j]]
        dx, dy = x1 - x0, y1 - y0
        norm = np.hypot(dx, dy) or 1.0
        worst, at = -1.0, None
        for k in range(i + 1, j):
            px, py = pos[pts[k]]
            d = abs(dy * (px - x0) - dx * (py - y0)) / norm
            if d > worst:
                worst, at = d, k
        if worst > tolerance:
            keep.add(pts[at])
            stack += [(i, at), (at, j)]
    return keep


def _rings(grid: np.ndarray, kept: set, pos: dict, step: float) -> dict[int, list[list]]:
    """Every area's closed rings, clockwise around its cells, through the kept corners."""
    out: dict[int, list[list]] = defaultdict(list)
    nexts: dict[int, dict[tuple, list[tuple]]] = defaultdict(lambda: defaultdict(list))
    rows, cols = grid.shape
    for r in range(rows):
        for c in range(cols):
            k = int(grid[r, c])
            if k < 0:
                continue
            if grid[r - 1, c] != k:
                nexts[k][(r, c)].append((r, c + 1))
            if grid[r, c + 1] != k:
                nexts[k][(r, c + 1)].append((r + 1, c + 1))
            if grid[r + 1, c] != k:
                nexts[k][(r + 1, c + 1)].append((r + 1, c))
            if grid[r, c - 1] != k:
                nexts[k][(r + 1, c)].append((r, c))
    for k, table in sorted(nexts.items()):
        while table:
            start = min(table)
            ring, here = [start], start
            while True:
                targets = table[here]
                nxt = targets.pop()
                if not targets:
                    del table[here]
                if nxt == start:
                    break
                ring.append(nxt)
                here = nxt
            points = [_at(pos[v], step) for v in ring if v in kept]
            if len(points) >= 3:
                out[k].append(points)
    return dict(out)


def path_d(rings: Iterable[Sequence[tuple[float, float]]]) -> str:
    """SVG path data of closed rings: absolute, one decimal, no trailing zeros."""
    parts = []
    for ring in rings:
        head, *rest = ring
        parts.append("M" + _xy(head) + "".join("L" + _xy(p) for p in rest) + "Z")
    return "".join(parts)


def line_d(points: Sequence[tuple[float, float]]) -> str:
    """SVG path data of an open line."""
    head, *rest = points
    return "M" + _xy(head) + "".join("L" + _xy(p) for p in rest)


def _xy(p: tuple[float, float]) -> str:
    return " ".join(f"{v:.1f}".removesuffix(".0") for v in p)


def grow(
    grid: Grid,
    seeds: Sequence[tuple[int, float, float]],
    neighbours: Mapping[int, set[int]],
    mask: np.ndarray,
    land: Sequence[bool],
    wobble: float,
    reach: float = 1e9,
) -> np.ndarray:
    """Each area grows from its seeds, nearest cells first, onto cells of its kind (land or
    water by ``mask``), but never onto a cell that would make it touch an area it is not
    adjacent to in the game: so the outlines never show a border the game lacks. What no
    area may take stays NOWHERE (a no-man's strip between two areas that must not meet).
    """
    import heapq

    wx, wy = grid.warp(wobble)
    rows, cols = grid.rows, grid.cols
    labels = np.full((rows, cols), NOWHERE, dtype=np.int32)
    heap: list[tuple[float, int, int, int, float, float]] = []
    for area, sx, sy in seeds:
        c = min(max(int(sx / grid.step), 0), cols - 1)
        r = min(max(int(sy / grid.step), 0), rows - 1)
        heap.append((0.0, r, c, area, sx, sy))
    heapq.heapify(heap)
    allowed = {k: set(v) | {k} for k, v in neighbours.items()}
    near = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    while heap:
        d, r, c, k, sx, sy = heapq.heappop(heap)
        if labels[r, c] != NOWHERE or bool(mask[r, c]) != bool(land[k]) or d > reach:
            continue
        ok = True
        for dr, dc in near:
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                j = labels[rr, cc]
                if j >= 0 and j not in allowed[k]:
                    ok = False
                    break
        if not ok:
            continue
        labels[r, c] = k
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and labels[rr, cc] == NOWHERE:
                dd = float(np.hypot(wx[rr, cc] - sx, wy[rr, cc] - sy))
                heapq.heappush(heap, (dd, rr, cc, k, sx, sy))
    return labels
