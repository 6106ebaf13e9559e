"""Where an area stands and how much room it takes: its point, its name's lines, its tile.

The tile grows to fit the area's name and units, so a crowded area stays legible rather than
overflowing; the boxes worked out here are the ones the marks, the ports' names and the
tests' overlap checks all measure from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator import mapshapes
from adjudicator.glyphs import text_width
from adjudicator.mapdraw.pieces import CHIP, GAP
from adjudicator.mapdraw.svg import INK, attrs, num
from adjudicator.mapdraw.view import side_look


def position(
    area: Mapping[str, Any], style: Mapping[str, Any], shapes: Mapping[str, Any] | None
) -> tuple[float, float]:
    """Canvas point of an area: with regions, its label point (a port: its harbour); else
    its board ``xy``. Either way moved by the map origin and any nudge."""
    ox, oy = style["map_origin"]
    dx, dy = style.get("nudge", {}).get(area["id"], (0, 0))
    if shapes is not None:
        port = shapes.get("ports", {}).get(area["id"])
        x, y = port["at"] if port else shapes["labels"][area["id"]]
        return x + ox + dx, y + oy + dy
    return area["xy"][0] + ox + dx, area["xy"][1] + oy + dy


def label_lines(
    area: Mapping[str, Any], style: Mapping[str, Any], view: Mapping[str, Any]
) -> list[str]:
    """The area's drawn label, split into at most two lines so it fits its tile; a view's
    ``renamed`` (Nyen is Sankt-Peterburg once converted) beats the data's name."""
    renamed = view.get("renamed", {}).get(area["id"])
    if renamed:  # its converted name in the map's language, where names.yaml has one
        renamed = style.get("renamed_names", {}).get(area["id"], renamed)
    label = renamed or style.get("labels", {}).get(area["id"], area["name"])
    if "\n" in label or len(label) <= style["wrap"] or " " not in label:
        return label.split("\n")
    middle = len(label) / 2
    cut = min((i for i, c in enumerate(label) if c == " "), key=lambda i: abs(i - middle))
    lines = [label[:cut], label[cut + 1 :]]
    # A name of three or more long words (Залив Железных Людей, Baía dos Homens de Ferro)
    # takes three lines rather than two wide ones.
    if max(map(len, lines)) > style["wrap"] + 1 and label.count(" ") >= 2:
        return _wrapped(label, style["wrap"])
    return lines


def _wrapped(label: str, width: int) -> list[str]:
    """Words filled into lines of at most ``width`` characters (a longer word alone)."""
    lines: list[str] = []
    for word in label.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def tile_box(
    area: Mapping[str, Any],
    xy: tuple[float, float],
    lines: Sequence[str],
    units: int,
    style: Mapping,
    tiles: bool = False,
) -> tuple[float, float, float, float]:
    """(left, top, width, height) of an area's tile: as wide as its name's `lines` and its
    `units` (how many), and, where ``tiles`` are drawn (a map without regions), at least
    the kind's width."""
    area_id, look = area["id"], style["kinds"][area["kind"]]
    size = style.get("sizes", {}).get(area_id, look.get("size", 10.5))
    per_row = style["chips_per_row"]
    rows = -(-units // per_row)
    italic = bool(look.get("italic"))
    name_w = max(text_width(line, size, bold=True, italic=italic) for line in lines)
    least = look["width"] if tiles or look["shape"] == "quay" else 0
    w = max(least, min(units, per_row) * (CHIP + GAP) + 6, name_w + 8)
    quay = look["shape"] == "quay"
    h = len(lines) * (size + 0.5) + 6 + rows * (CHIP + GAP) + 2 * bool(rows) + 12 * quay
    return xy[0] - w / 2, xy[1] - h / 2, w, h


def tile(look: Mapping, x: float, y: float, w: float, h: float, blocked: bool) -> str:
    """An area's body: a square-cornered tile, a pill (seas) or a quay (ports), per map.yaml."""
    rx = h / 2 if look["shape"] == "pill" else 3
    fill = "url(#hatch)" if blocked else look["fill"]
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
        f'fill="{fill}" stroke="{look["stroke"]}" stroke-width="1.5"/>'
    )


def harbour(
    look: Mapping, box: tuple[float, ...], shapes: Mapping, area_id: str, owners: Mapping, style
) -> str:
    """A port's harbour: a quay from its land, then a box in its owner's colour (its ships'
    side, else its land's holder); an unheld port keeps the plain harbour colours."""
    left, top, w, h = box
    ox, oy = style["map_origin"]
    (x1, y1), (x2, y2) = shapes["ports"][area_id]["quay"]
    quay = (
        f'<path d="M{num(x1 + ox)} {num(y1 + oy)}L{num(x2 + ox)} {num(y2 + oy)}" '
        f'stroke="{look["stroke"]}" stroke-width="3" stroke-linecap="round"/>'
    )
    owner = owners.get(area_id)
    fill, stroke = look["fill"], look["stroke"]
    if owner:
        colour = side_look(style, owner)["colour"]
        fill, stroke = mapshapes.blend(colour, "#ffffff", 0.35), mapshapes.blend(colour, INK, 0.7)
    return quay + (
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(w)}" height="{num(h)}" rx="4" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="2"'
        f"{attrs(data_owner=owner)}/>"
    )
