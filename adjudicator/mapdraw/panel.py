"""The side panel beside the board: its sections stacked as the drawing data lists them.

A game chooses its sections and their order (``panel.sections``, each by ``kind``); the
kinds are the drawer's (`SECTIONS`), so a third game's panel is data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.mapdraw.legend import legend
from adjudicator.mapdraw.sections import gauge, table, title, tracks
from adjudicator.mapdraw.svg import num
from adjudicator.mapdraw.years import years

SECTIONS = {
    "title": title,
    "tracks": tracks,
    "table": table,
    "gauge": gauge,
    "years": years,
    "legend": legend,
}
"""A section's ``kind`` -> its drawer: (view, style, spec, x, width, y) -> (markup, y below)."""


def panel(view: Mapping[str, Any], style: Mapping[str, Any], canvas_h: float) -> str:
    """Tracks, the sides' table, gauges and legend, stacked as ``map.yaml`` lists them."""
    spec = style["panel"]
    x, w = spec["x"], spec["width"]
    out = [
        f'<g id="panel"><rect x="{x - 6}" y="8" width="{w + 12}" height="{num(canvas_h - 16)}" '
        f'rx="6" fill="#fffdf6" stroke="#7a5a2b"/>'
    ]
    y = 18.0
    for section in spec["sections"]:
        draw = SECTIONS[section["kind"]]
        parts, y = draw(view, style, section, x, w, y)
        out.extend(parts)
        y += 14
    out.append("</g>")
    return "".join(out)
