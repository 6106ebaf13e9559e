"""One area as a group: its tile (or harbour), its name, its units, and the marks on its edges.

Every area is a ``<g data-area="id">`` group holding everything drawn for it, so tests and
tools read the picture by area. The marks stand on the tile's edges where they never cover
its name, and `taken` says where, for the ports' names to keep clear of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.mapdraw.marks import ICON, anchor, icons, printed, towers
from adjudicator.mapdraw.pieces import CHIP, GAP, counter, order, shield, unit
from adjudicator.mapdraw.svg import attrs, esc, text
from adjudicator.mapdraw.tiles import harbour, label_lines, tile, tile_box
from adjudicator.mapdraw.view import counters, shield_owner, shields, units_of


def area_inputs(view: Mapping[str, Any]) -> tuple[str, list[tuple[str, Mapping]]]:
    """What of ``view`` may change how an area is drawn (`draw_svg`'s memo): its lists
    whole (the sides' order, impassable areas), said once; and its mappings, whose
    entry for the area `area_key` takes. `area` must read nothing else of the view:
    not its single values (round, viewer: the panel's), so that the private maps of one
    moment share the areas they draw alike, nor a mapping by another key than areas."""
    lists = repr([(k, v) for k, v in view.items() if isinstance(v, list | tuple | set)])
    return lists, [(k, v) for k, v in view.items() if isinstance(v, Mapping)]


def area_key(area_id: str, inputs: tuple[str, list[tuple[str, Mapping]]]) -> str:
    """The memo's key of one area in one view (see `area_inputs`)."""
    lists, mappings = inputs
    return lists + repr([(k, v.get(area_id)) for k, v in mappings])


def area(
    spec: Mapping[str, Any],
    xy: tuple[float, float],
    view: Mapping,
    style: Mapping,
    owners: Mapping[str, str],
    shapes: Mapping[str, Any] | None = None,
) -> str:
    """One area's group (``spec``: the area's drawing data): its tile, name and units, then
    the marks on the tile's edges.

    The tile grows to fit its name and units, so a crowded area stays legible rather than
    overflowing, and the marks on its edges never cover its name. On a map of regions
    (``shapes``) the tile is not drawn, only its content, over the region; a port's tile
    is its harbour, in its owner's colour, on a quay to its land.
    """
    area_id, look = spec["id"], style["kinds"][spec["kind"]]
    quay = look["shape"] == "quay"
    lines = label_lines(spec, style, view)
    size = style.get("sizes", {}).get(area_id, look.get("size", 10.5))
    units = units_of(view, area_id, style)
    italic = bool(look.get("italic"))
    left, top, w, h = tile_box(spec, xy, lines, len(units), style, tiles=shapes is None)
    line_h = size + 0.5
    blocked = area_id in view.get("impassable", ())
    ids = {"id": f"area-{area_id}", "class_": f"area {spec['kind']}", "data_area": area_id}
    out = [
        f"<g{attrs(**ids, data_impassable='true' if blocked else None)}>",
        f"<title>{esc(spec['name'])}</title>",
    ]
    if shapes is None:
        out.append(tile(look, left, top, w, h, blocked))
    elif quay:
        out.append(harbour(look, (left, top, w, h), shapes, area_id, owners, style))
    y = top + 3
    if quay:
        out.append(anchor(xy[0], y + 6))
        y += 12
    font = {"font_weight": "bold", "fill": "#6b6b6b" if blocked else look["ink"]}
    font["font_style"] = "italic" if italic else None
    for line in lines:
        out.append(text(xy[0], y + line_h / 2, line, size, **font))
        y += line_h
    out += _chips(units, xy[0], y + 3, style)
    out += _marks(spec, (left, top, w, h), view, style)
    return "".join(out) + "</g>"


def _chips(units: Sequence[tuple[str, str]], cx: float, y: float, style: Mapping) -> list[str]:
    """Unit chips in centred rows under the name, ``chips_per_row`` to a row."""
    per_row = style["chips_per_row"]
    out = []
    for i, (side, piece) in enumerate(units):
        row, col = divmod(i, per_row)
        n_in_row = min(per_row, len(units) - row * per_row)
        x0 = cx - (n_in_row * (CHIP + GAP) - GAP) / 2
        out.append(unit(x0 + col * (CHIP + GAP), y + row * (CHIP + GAP), side, piece, style))
    return out


def _marks(spec: Mapping, box: tuple[float, ...], view: Mapping, style: Mapping) -> list[str]:
    """Towers (top left), printed icons (left), shield (top right), counter and order (bottom
    corners); `taken` must say the same places."""
    area_id = spec["id"]
    left, top, w, h = box
    out = []
    towers_of, icons_of = printed(spec, style)
    if towers_of:
        out.append(towers(left + 1, top - 10, *towers_of))
    if icons_of:  # left of the tile, level with the name
        out.append(icons(left - ICON * len(icons_of) - 1, top + 2, icons_of))
    garrisons, laid = shields(view, style), counters(view, style)
    if area_id in garrisons:
        # Beside the tile, not on its edge: the name reaches within 4 units of the edge.
        owner = shield_owner(spec, view, style)
        out.append(shield(left + w + 8, top, garrisons[area_id], owner, style))
    # Under the tile, not on its edge, so neither covers the name of a tile with no units.
    if area_id in laid:
        out.append(counter(left + 2, top + h + 7, laid[area_id], style))
    if area_id in view.get("orders", {}):
        out.append(order(left + w - 10, top + h + 6, view["orders"][area_id], style))
    return out


def taken(
    spec: Mapping[str, Any], xy: tuple[float, float], view: Mapping, style: Mapping
) -> list[tuple[float, float, float, float]]:
    """The boxes an area's tile and marks cover (left, top, right, bottom), as `_marks`
    places them: what a port's name must not cover."""
    lines, units = label_lines(spec, style, view), units_of(view, spec["id"], style)
    left, top, w, h = tile_box(spec, xy, lines, len(units), style)
    right, bottom = left + w, top + h
    out = [(left, top, right, bottom)]
    towers_of, icons_of = printed(spec, style)
    if towers_of:
        out.append((left, top - 10, left + 24, top + 3))
    if icons_of:
        out.append((left - ICON * len(icons_of) - 1, top + 2, left, top + 10))
    if spec["id"] in shields(view, style):
        out.append((right, top - 8, right + 16, top + 10))
    if spec["id"] in counters(view, style) or spec["id"] in view.get("orders", {}):
        out.append((left - 6, bottom - 1, right + 10, bottom + 15))
    return out
