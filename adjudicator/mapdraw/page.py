"""The whole picture: `draw_svg` lays the ground, the areas top to bottom, the ports on their
coasts and the side panel on one canvas, the size the drawing data gives.

It is the one entry point of the drawer (re-exported by the package), and the one place that
knows the order of the layers, so that what is drawn later overlaps the same way every time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import mapshapes, mapwords
from adjudicator.mapdraw.areas import area, area_inputs, area_key
from adjudicator.mapdraw.ground import HATCH, ground
from adjudicator.mapdraw.panel import panel as side_panel
from adjudicator.mapdraw.ports import ports_on_coasts
from adjudicator.mapdraw.svg import FONT
from adjudicator.mapdraw.tiles import position
from adjudicator.mapdraw.view import area_keyed
from adjudicator.mapdraw.view import owners as holders


def draw_svg(
    view: Mapping[str, Any],
    *,
    width: int = 1000,
    panel: bool = True,
    lang: str = "en",
    memo: dict[tuple[str, str, str], str] | None = None,
) -> str:
    """The board of ``view`` as an SVG document, ``width`` pixels wide, its words in ``lang``
    (the game's language: names from names.yaml, the rest from the catalog, `mapwords`).

    ``view`` is what ``Ruleset.view(state, player)`` returns (the same dict the report
    templates get); keys this drawer does not know are ignored. A unit entry is a type name
    (``"footman"``), ``"routed <type>"``, or ``"hidden"`` (an anonymous piece: drawn in its
    side's colour with no type). ``panel=False`` leaves out the side panel and legend.
    ``memo``: a dict kept across the maps of one moment of one game (a run's public map
    and each player's): an area drawn alike in several of them is drawn once.

    The same view always gives the same bytes: every mapping is walked in sorted order.

    Raises ``ValueError`` when the view names an area that ``board.yaml`` does not have
    (drawing it nowhere would hide a bug in the view), and ``FileNotFoundError`` when the
    game has no ``map.yaml``.

    >>> svg = draw_svg(view, width=800)  # doctest: +SKIP
    """
    game = view["game"]
    board, style = mapwords.drawing_data(game) if lang == "en" else mapwords.localized(game, lang)
    canvas_w, canvas_h = style["canvas"]["width"], style["canvas"]["height"]
    if not panel:
        canvas_w = style["panel"]["x"]
    height = round(width * canvas_h / canvas_w)
    areas = {a["id"]: a for a in board["areas"]}
    unknown = sorted({a for key in area_keyed(style) for a in view.get(key, ())} - set(areas))
    if unknown:
        raise ValueError(f"areas not on the {game} board: {', '.join(unknown)}")
    shapes = mapshapes.regions_of(game)
    pos = {i: position(a, style, shapes) for i, a in areas.items()}
    owners = holders(view, areas, style) if shapes else {}
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{width}" height="{height}" viewBox="0 0 {canvas_w} {canvas_h}" '
        f'font-family="{FONT}">',
        HATCH,
        mapshapes.symbol_defs(style.get("units", {})),
        f'<rect width="{canvas_w}" height="{canvas_h}" fill="#f6f1e3"/>',
    ]
    memo = {} if memo is None else memo
    parts.append(ground(memo, lang, board, areas, pos, style, shapes, owners, view))
    # Top to bottom, so a lower area's marks overlap the one above it the same way every time.
    order = sorted(areas, key=lambda i: (pos[i][1], i))
    inputs = area_inputs(view)
    for i in order:
        key = (lang, i, area_key(i, inputs) + repr(owners.get(i)))
        if key not in memo:
            memo[key] = area(areas[i], pos[i], view, style, owners, shapes)
        parts.append(memo[key])
    if shapes is not None and shapes.get("harbours"):
        parts.append(ports_on_coasts(view, areas, pos, style, shapes))
    if panel:
        parts.append(side_panel(view, style, canvas_h))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
