"""An area's printed marks, and the drawer's glyphs for them: towers, barrels, crowns, anchors.

Which glyph an area shows is the drawing data's choice (``area_marks``: a field of the
area -> a glyph, in the game's words); this module has only the glyphs, so a castle, a
supply barrel or a port's anchor looks the same on every map and in the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.mapdraw.svg import esc, num

ICON = 8.5  # the cell of a printed icon: a barrel or a crown


def printed(
    area: Mapping[str, Any], style: Mapping[str, Any]
) -> tuple[tuple[str, str, int] | None, list[tuple[str, str]]]:
    """An area's printed marks, as the style's ``area_marks`` names them (an area field ->
    a glyph): (field, value, how many towers) or None, and the icons in a row, each
    (glyph, its name), as many of each as the field's number."""
    towers_of, icons_of = None, []
    for field, mark in style.get("area_marks", {}).items():
        value = area.get(field)
        if mark["glyph"] == "towers":
            if value in mark["towers"]:
                towers_of = (field, value, mark["towers"][value])
        else:
            icons_of += [(mark["glyph"], mark.get("name", field))] * int(value or 0)
    return towers_of, icons_of


def icons(x: float, y: float, row: Sequence[tuple[str, str]]) -> str:
    """Barrels and crowns in a row from (x, y), each in an ICON-wide cell; ``row`` holds
    (glyph, name) pairs, the name the icon's ``data-icon``."""
    out = ['<g class="icons">']
    for i, (glyph, name) in enumerate(row):
        cx = x + i * ICON
        if glyph == "barrel":  # a barrel with two hoops
            out.append(
                f'<rect x="{num(cx + 1)}" y="{num(y)}" width="6" height="8" rx="2" fill="#9c6b2f" '
                f'stroke="#4a3117" stroke-width="0.8" data-icon="{esc(name)}"/>'
                f'<path d="M{num(cx + 1)} {num(y + 2.5)}H{num(cx + 7)}M{num(cx + 1)} {num(y + 5.5)}'
                f'H{num(cx + 7)}" stroke="#4a3117" stroke-width="0.8"/>'
            )
        else:  # a crown of three points
            points = [(0.5, 8), (0.5, 1.5), (2.3, 4.5), (4, 0.5), (5.7, 4.5), (7.5, 1.5), (7.5, 8)]
            pts = " ".join(f"{num(cx + px)},{num(y + py)}" for px, py in points)
            out.append(
                f'<polygon points="{pts}" fill="#e0b12b" stroke="#5c4300" stroke-width="0.8" '
                f'data-icon="{esc(name)}"/>'
            )
    out.append("</g>")
    return "".join(out)


def towers(x: float, y: float, field: str, value: str, count: int) -> str:
    """Crenellated towers (a castle: one, a stronghold: two), as ``<g class="<field>"
    data-<field>="<value>">``."""
    out = [f'<g class="{field}" data-{field}="{esc(value)}">']
    for t in range(count):
        tx = x + t * 11
        out.append(
            f'<path d="M{num(tx)} {num(y + 13)}V{num(y)}h2v3h2v-3h2v3h2v-3h2V{num(y + 13)}z" '
            f'fill="#5a4632" stroke="#f6f1e3" stroke-width="0.8"/>'
        )
    out.append("</g>")
    return "".join(out)


def anchor(x: float, y: float, scale: float = 1.0) -> str:
    """A small anchor: our harbour mark for ports."""
    s = scale
    return (
        f'<path d="M{num(x)} {num(y - 5 * s)}v{num(10 * s)}M{num(x - 4 * s)} {num(y - 2 * s)}'
        f"h{num(8 * s)}M{num(x - 5 * s)} {num(y + 2 * s)}"
        f'q{num(5 * s)} {num(6 * s)} {num(10 * s)} 0" '
        f'fill="none" stroke="#2d5f8f" stroke-width="1.6"/>'
        f'<circle cx="{num(x)}" cy="{num(y - 6 * s)}" r="{num(1.6 * s)}" fill="none" '
        f'stroke="#2d5f8f"/>'
    )
