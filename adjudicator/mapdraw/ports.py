"""Ports named on the coast of the land they serve (a map of regions with ``harbours``, as
baltic's: A.2): an anchor, and the port's name with its harbour strength, which orders use
for the land. Each is a ``<g class="harbour" data-<land>=.. data-port=..>`` group, ``<land>``
the game's word for it (the drawing data's ``coast_ports.attribute``: territory).

A name is set where it covers nothing else, so this module weighs every box the areas'
tiles and marks take (`areas.taken`) and the names already set.
"""

from __future__ import annotations

from adjudicator.glyphs import text_width
from adjudicator.mapdraw.areas import taken
from adjudicator.mapdraw.marks import anchor
from adjudicator.mapdraw.svg import esc, text

PORT_SIZE = 10  # a port's name on its coast: 8 px on the 1000 px map

# Where a port's name may stand from its anchor: (dx, dy, text-anchor), tried in order.
PORT_PLACES = (
    (6, 0, "start"),
    (-6, 0, "end"),
    (0, 12, "middle"),
    (0, -11, "middle"),
    (6, 10, "start"),
    (-6, 10, "end"),
    (6, -9, "start"),
    (-6, -9, "end"),
)


def least_covered(boxes: list[tuple], places: list | tuple, occupied: list[tuple]) -> tuple:
    """The first place whose box covers nothing ``occupied``, else the one covering least.

    Only the boxes near the port are weighed (those reaching into the span of all its
    places): a Poltava map has ~300 boxes taken and 30 ports, and weighing every box for
    every place of every port was half the time of drawing it (issue 21)."""
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[2] for b in boxes)
    bottom = max(b[3] for b in boxes)
    near = [t for t in occupied if t[0] < right and t[2] > left and t[1] < bottom and t[3] > top]
    least = None
    for b, place in zip(boxes, places, strict=True):
        covered = sum(
            max(0, min(b[2], t[2]) - max(b[0], t[0])) * max(0, min(b[3], t[3]) - max(b[1], t[1]))
            for t in near
        )
        if not covered > 0:
            return place
        if least is None or covered < least[0]:
            least = (covered, place)
    return least[1]


def ports_on_coasts(view, areas, pos, style, shapes) -> str:
    """Every port on its land's coast: an anchor, and the port's name, which orders use
    for the land, with its harbour strength (A.2). Each name stands on the
    first side of its anchor that covers no tile, mark or other port's name (the drawing
    data's ``port_labels`` may say which side to try first), else where it covers least."""
    boxes = [box for i, a in areas.items() for box in taken(a, pos[i], view, style)]
    ox, oy = style["map_origin"]
    word = style["coast_ports"]["attribute"]  # the game's word for the port's area
    out = ['<g id="ports">']
    for ident, harbour in sorted(shapes.get("harbours", {}).items()):
        x, y = harbour["at"][0] + ox, harbour["at"][1] + oy
        name = style.get("port_names", {}).get(ident, harbour["name"])
        strength = harbour.get("harbor")
        words = f"{name} {strength:g}" if strength is not None else name
        width = text_width(words, PORT_SIZE, italic=True)
        first = style.get("port_labels", {}).get(ident)
        places = [tuple(first), *PORT_PLACES] if first else PORT_PLACES

        def box(place, x=x, y=y, width=width):
            dx, dy, side = place
            left = x + dx - width * {"middle": 0.5, "end": 1.0}.get(side, 0.0)
            # the box of the glyphs as `text` sets them: 0.76 size above, 0.22 below a
            # baseline 0.36 size under y
            return (left, y + dy - 0.4 * PORT_SIZE, left + width, y + dy + 0.58 * PORT_SIZE)

        place = least_covered([box(p) for p in places], places, boxes)
        boxes.append(box(place))
        # NOTE: no halo behind names: stroking the glyphs' outlines cost a third of the
        # PNG's drawing time (issue 21); the names are bold and dark on light land.
        font = {"font_style": "italic", "fill": "#173a5e"}
        out.append(
            f'<g class="harbour" data-{word}="{ident}" data-port="{esc(harbour["name"])}">'
            + anchor(x, y + 1, 0.7)
            + text(x + place[0], y + place[1], words, PORT_SIZE, place[2], **font)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)
