"""The side panel's key: what each mark of the map means, drawn by the very helpers the map
uses, so the key can never show a mark the map draws otherwise.

A row is left out where the drawing data gives it no words: each game's key lists only the
marks its maps use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from adjudicator import mapshapes
from adjudicator.mapdraw.marks import anchor, icons, towers
from adjudicator.mapdraw.pieces import badge, counter, named, order, shield, unit
from adjudicator.mapdraw.sections import heading
from adjudicator.mapdraw.svg import INK, num, text
from adjudicator.mapdraw.tiles import tile
from adjudicator.mapdraw.view import side_look, sides
from adjudicator.mapdraw.years import year_mark

Row = tuple[str, str | None]
"""A key row: its sample's markup and its words (None: the map data gives none, left out)."""


@dataclass(frozen=True)
class Sample:
    """Where a key row's sample is drawn (``x``, ``y`` of the first row: each row is moved
    down by its place), in which side's colour, and the key's words by mark (``say``)."""

    x: float
    """The left of the samples."""
    y: float
    """The middle of the first row."""
    side: str
    """The side whose colour the samples take: the view's first."""
    say: Callable[[str], str | None]
    """A mark's words in the key (the section's ``labels``); None leaves its row out."""


def legend(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """What each mark means, drawn with the very helpers the map uses.

    The samples lose their ``data-*`` attributes: whoever reads the picture's data (tests, tools)
    must never take the key for a unit or an order on the board.
    """
    out = [heading(x, y, spec.get("title", "Key"), w)]
    y += 30
    side = next(iter(sides(view, style)), min(style["sides"]))
    at = Sample(x, y, side, spec.get("labels", {}).get)
    rows = [row for part in ROWS for row in part(view, style, spec, at) if row[1]]
    for i, (mark, label) in enumerate(rows):
        dy = i * 21
        mark = re.sub(r' data-[a-z-]+="[^"]*"', "", mark)
        out.append(f'<g transform="translate(0 {dy})">{mark}</g>')
        out.append(text(x + 40, y + dy, label, 11, "start"))
    return ['<g id="legend">', *out, "</g>"], y + len(rows) * 21


def _areas(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """Each kind of area as its tile (a port with its anchor), and an impassable one."""
    x, y = at.x, at.y
    rows = []
    for look in style["kinds"].values():
        quay = anchor(x + 15, y) if look["shape"] == "quay" else ""
        rows.append((tile(look, x, y - 8, 30, 16, False) + quay, look["name"]))
    blocked = tile(next(iter(style["kinds"].values())), x, y - 8, 30, 16, True)
    rows.append((blocked, at.say("impassable")))
    return rows


def _regions(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """Key rows of a map of regions: land in its holder's colour, each kind of border, a
    crossing over water, a port on its coast with its harbour strength."""
    shapes = mapshapes.regions_of(view["game"])
    if shapes is None:
        return []
    x, y, say = at.x, at.y, at.say
    land = style["kinds"]["land"]
    held = mapshapes.blend(
        side_look(style, at.side)["colour"], land.get("region", land["fill"]), 0.5
    )
    rows = [(tile({**land, "fill": held}, x, y - 8, 30, 16, False), say("held"))]
    for kind, look in style.get("borders", {}).items():
        dash = f' stroke-dasharray="{look["dash"]}"' if look.get("dash") else ""
        line = (
            f'<path d="M{num(x)} {num(y)}h30" stroke="{look["colour"]}" '
            f'stroke-width="{look["width"]}"{dash} fill="none"/>'
        )
        rows.append((line, say(f"border_{kind}")))
    if shapes.get("crossings"):
        line = (
            f'<path d="M{num(x)} {num(y)}h30" stroke="#ffffff" stroke-width="4"/>'
            f'<path d="M{num(x)} {num(y)}h30" stroke="{INK}" stroke-width="1.5"/>'
        )
        rows.append((line, say("crossing")))
    if shapes.get("harbours"):
        rows.append((anchor(x + 15, y + 1, 0.7), say("harbour")))
    return rows


def _years(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """Key rows of a year track (the style's ``view.years``): a side's marker, its words
    under the marker's name (``cube``), and a piece due back (``due_back``)."""
    if "years" not in style["view"]:
        return []
    marker = style["view"]["years"].get("marker")
    rows = [(year_mark(at.x + 11, at.y - 5, {}, marker, style), at.say("due_back"))]
    if marker:
        sample = year_mark(at.x + 11, at.y - 3, {marker: at.side}, marker, style)
        rows.insert(0, (sample, at.say(marker)))
    return rows


def _area_marks(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """An area's printed marks, as the style's ``area_marks`` names them: each tower count
    under its value's words, each icon under its name's."""
    x, y, say = at.x, at.y, at.say
    rows = []
    for field, mark in style.get("area_marks", {}).items():
        if mark["glyph"] == "towers":
            kinds = mark["towers"].items()
            rows += [(towers(x + 2, y - 7, field, v, n), say(v)) for v, n in kinds]
        else:
            name = mark.get("name", field)
            rows.append((icons(x + 2, y - 4, [(mark["glyph"], name)]), say(name)))
    return rows


def _pieces(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """Each unit's chip, a routed one, a hidden one (where the view has any), the counter
    and the shields (the side's and a neutral one) where the game has them."""
    x, y, side, say = at.x, at.y, at.side, at.say
    rows = [
        (unit(x + 7, y - 7, side, k, style), look["name"])
        for k, look in sorted(style["units"].items())
    ]
    rows.append((unit(x + 7, y - 7, side, f"routed {min(style['units'])}", style), say("routed")))
    if any(u == "hidden" for a in view.get("units", {}).values() for us in a.values() for u in us):
        rows.append((unit(x + 7, y - 7, side, "hidden", style), say("hidden")))
    if "counters" in style["view"]:
        rows.append((counter(x + 14, y, side, style), say(style["view"]["counters"]["class"])))
    if "shields" in style["view"]:
        mine = shield(x + 14, y + 1, 2, side, style)
        neutral = shield(x + 14, y + 1, 5, None, style)
        rows += [(mine, say(style["view"]["shields"]["class"])), (neutral, say("neutral"))]
    return rows


def _orders(view: Mapping, style: Mapping, spec: Mapping, at: Sample) -> list[Row]:
    """Each order's badge, the section's special token, and a piece its owner sees by name
    (on a private map: its strength)."""
    x, y, side, say = at.x, at.y, at.side, at.say
    rows = [
        (badge(x + 15, y, kind, look["text"], look["colour"]), look["name"])
        for kind, look in sorted(style.get("orders", {}).items())
    ]
    if spec.get("special"):  # a special token, as the section names it
        rows.append((order(x + 15, y, spec["special"], style), say("special")))
    word = style["view"].get("named", {}).get("class")
    if word and say(word) and view.get("viewer"):  # a piece its owner sees: its strength
        mark = style.get("sample_mark", "Ab")
        sample = {"kind": word, "label": mark, "strength": 3, "title": say(word)}
        rows.append((named(x + 7, y - 7, side, sample, style), say(word)))
    return rows


ROWS = (_areas, _regions, _years, _area_marks, _pieces, _orders)
"""The key's parts, in the order its rows are listed."""
