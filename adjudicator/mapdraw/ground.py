"""What lies under the areas' names and pieces: the regions tinted by their holders, or, for a
game without ``regions.yaml``, the lines of adjacency between the tiles.

The ground is the most costly part of a map and the same on many maps of one moment, so it
is kept in the caller's memo by what it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator import mapshapes
from adjudicator.mapdraw.svg import num
from adjudicator.mapdraw.view import side_look

# Impassable areas are hatched as well as greyed, so they still show when printed in greyscale.
HATCH = (
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#c4c4c4"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#8d8d8d" stroke-width="2"/></pattern></defs>'
)


def ground(memo: dict, lang: str, board, areas, pos, style, shapes, owners, view) -> str:
    """What lies under the areas' names and pieces: the regions, tinted by their owners, or
    (a game without regions.yaml) the lines of adjacency. Kept in `memo` by what it shows."""
    if shapes is None:
        key = (lang, "", "links")  # the same on every map of a game in one language
        if key not in memo:
            memo[key] = "\n".join(_links(board["adjacency"], areas, pos, style))
        return memo[key]
    kinds = {i: a["kind"] for i, a in areas.items()}
    blocked = set(view.get("impassable", ()))
    tints = {i: "url(#hatch)" for i in blocked}
    for i, side in owners.items():
        if kinds[i] == "land" and i not in blocked:
            land = style["kinds"]["land"].get("region", style["kinds"]["land"]["fill"])
            tints[i] = mapshapes.blend(side_look(style, side)["colour"], land, 0.5)
    key = ("", "", "regions " + repr(sorted(tints.items())))
    if key not in memo:
        memo[key] = mapshapes.region_layer(shapes, kinds, tints, style, style["map_origin"])
    return memo[key]


def _links(
    pairs: Iterable[Sequence[str]], areas: Mapping, pos: Mapping[str, tuple], style: Mapping
) -> list[str]:
    """Adjacency as lines under the tiles: roads between lands, dashed sea lanes, dotted quays.

    One path per kind of line, not one element per link: resvg's cost is per element, and
    the ~140 links were a tenth of the PNG's drawing time (issue 10, item 21).
    """
    looks = {
        "quay": 'stroke="#2d5f8f" stroke-width="1.5" stroke-dasharray="2 3"',
        "road": 'stroke="#9c7b4a" stroke-width="2"',
        "lane": 'stroke="#7ea7cf" stroke-width="1.2" stroke-dasharray="6 4"',
    }
    strokes: dict[str, list[str]] = {kind: [] for kind in looks}
    for a, b in sorted(tuple(sorted(p)) for p in pairs):
        shapes = {style["kinds"][areas[end]["kind"]]["shape"] for end in (a, b)}
        kind = "quay" if "quay" in shapes else "road" if shapes == {"tile"} else "lane"
        (x1, y1), (x2, y2) = pos[a], pos[b]
        strokes[kind].append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
    out = ['<g id="links" fill="none">']
    out += [
        f'<path d="{"".join(d)}" {looks[k]} data-links="{k}"/>' for k, d in strokes.items() if d
    ]
    out.append("</g>")
    return out
