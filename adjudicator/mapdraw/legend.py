"""The side panel's key: what each mark of the map means, drawn by the very helpers the map
uses, so the key can never show a mark the map draws otherwise.

A row is left out where the drawing data gives it no words: each game's key lists only the
marks its maps use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adjudicator import mapshapes
from adjudicator.mapdraw.marks import anchor, icons, towers
from adjudicator.mapdraw.pieces import badge, counter, named, order, shield, unit
from adjudicator.mapdraw.sections import heading
from adjudicator.mapdraw.svg import INK, num, text
from adjudicator.mapdraw.tiles import tile
from adjudicator.mapdraw.view import side_look, sides
from adjudicator.mapdraw.years import year_mark


def legend(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """What each mark means, drawn with the very helpers the map uses.

    The samples lose their ``data-*`` attributes: whoever reads the picture's data (tests, tools)
    must never take the key for a unit or an order on the board.
    """
    out = [heading(x, y, spec.get("title", "Key"), w)]
    y += 30
    side = next(iter(sides(view, style)), min(style["sides"]))
    say = spec.get("labels", {}).get  # a mark without words in map.yaml is left out
    rows = []
    for look in style["kinds"].values():
        quay = anchor(x + 15, y) if look["shape"] == "quay" else ""
        rows.append((tile(look, x, y - 8, 30, 16, False) + quay, look["name"]))
    blocked = tile(next(iter(style["kinds"].values())), x, y - 8, 30, 16, True)
    rows.append((blocked, say("impassable")))
    rows += _legend_regions(view, style, x, y, side, say)
    rows += _legend_years(x, y, side, style, say)
    for field, mark in style.get("area_marks", {}).items():
        if mark["glyph"] == "towers":
            kinds = mark["towers"].items()
            rows += [(towers(x + 2, y - 7, field, v, n), say(v)) for v, n in kinds]
        else:
            name = mark.get("name", field)
            rows.append((icons(x + 2, y - 4, [(mark["glyph"], name)]), say(name)))
    for kind, look in sorted(style["units"].items()):
        rows.append((unit(x + 7, y - 7, side, kind, style), look["name"]))
    rows.append((unit(x + 7, y - 7, side, f"routed {min(style['units'])}", style), say("routed")))
    if any(u == "hidden" for a in view.get("units", {}).values() for us in a.values() for u in us):
        rows.append((unit(x + 7, y - 7, side, "hidden", style), say("hidden")))
    if "counters" in style["view"]:
        rows.append((counter(x + 14, y, side, style), say(style["view"]["counters"]["class"])))
    if "shields" in style["view"]:
        mine = shield(x + 14, y + 1, 2, side, style)
        neutral = shield(x + 14, y + 1, 5, None, style)
        rows += [(mine, say(style["view"]["shields"]["class"])), (neutral, say("neutral"))]
    for kind, look in sorted(style.get("orders", {}).items()):
        rows.append((badge(x + 15, y, kind, look["text"], look["colour"]), look["name"]))
    if spec.get("special"):  # a special token, as the section names it
        rows.append((order(x + 15, y, spec["special"], style), say("special")))
    word = style["view"].get("named", {}).get("class")
    if word and say(word) and view.get("viewer"):  # a piece its owner sees: its strength
        mark = style.get("sample_mark", "Ab")
        sample = {"kind": word, "label": mark, "strength": 3, "title": say(word)}
        rows.append((named(x + 7, y - 7, side, sample, style), say(word)))
    rows = [(mark, label) for mark, label in rows if label]
    for i, (mark, label) in enumerate(rows):
        dy = i * 21
        mark = re.sub(r' data-[a-z-]+="[^"]*"', "", mark)
        out.append(f'<g transform="translate(0 {dy})">{mark}</g>')
        out.append(text(x + 40, y + dy, label, 11, "start"))
    return ['<g id="legend">', *out, "</g>"], y + len(rows) * 21


def _legend_years(x: float, y: float, side: str, style: Mapping, say) -> list:
    """Key rows of a year track (the style's ``view.years``): a side's marker, its words
    under the marker's name (``cube``), and a piece due back (``due_back``)."""
    if "years" not in style["view"]:
        return []
    marker = style["view"]["years"].get("marker")
    rows = [(year_mark(x + 11, y - 5, {}, marker, style), say("due_back"))]
    if marker:
        rows.insert(0, (year_mark(x + 11, y - 3, {marker: side}, marker, style), say(marker)))
    return rows


def _legend_regions(view: Mapping, style: Mapping, x: float, y: float, side: str, say) -> list:
    """Key rows of a map of regions: land in its holder's colour, each kind of border, a
    crossing over water, a port on its coast with its harbour strength."""
    shapes = mapshapes.regions_of(view["game"])
    if shapes is None:
        return []
    land = style["kinds"]["land"]
    held = mapshapes.blend(side_look(style, side)["colour"], land.get("region", land["fill"]), 0.5)
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
