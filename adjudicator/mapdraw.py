"""The board as a picture: an SVG (and a PNG) drawn from a *view*, never from a state.

Like python-chess ``chess.svg.board()``, :func:`draw_svg` is a pure function of what a player may
see plus keyword-only options, and knows no rules. The board's shapes come from
``games/<game>/regions.yaml`` (each area's outline and label point, written by
``tools/draw_regions.py``; `mapshapes` draws them), or for a game without it from the area
``xy`` points and ``adjacency`` of ``board.yaml``; colours, labels and the side panel from
``games/<game>/map.yaml``. So a new game needs data, not code, and a private view cannot leak:
only what the view holds is drawn.

The drawer knows no game's nouns. The players' sides (houses, nations), what of the view
marks an area (a side's counter, a garrison's shield) and an area's printed marks (towers
for a castle, a row of barrels or crowns) are named by the style's ``view`` and
``area_marks``, in the game's words; the drawer has the glyphs (`_towers`, `_icons`,
`_counter`, `_shield`, chips) and knows which to draw from those names.

Every area is a ``<g data-area="id">`` group and every unit a ``<g data-<side>=.. data-unit=..>``
inside it (``<side>``: the game's word, ``view.sides.attribute``), so tests and tools can
read the picture without looking at pixels.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from adjudicator import mapshapes, mapwords
from adjudicator.glyphs import text_width

FONT = "DejaVu Sans Condensed, Arial Narrow, sans-serif"
CHIP = 15  # side of a unit chip, in canvas units
ICON = 8.5  # the cell of a printed icon: a barrel or a crown
PORT_SIZE = 10  # a port's name on its coast: 8 px on the 1000 px map
GAP = 2
NAME_LINE = 11
INK = "#1b1b1b"
UNSAFE = re.compile("[&<>\"']")
# Impassable areas are hatched as well as greyed, so they still show when printed in greyscale.
HATCH = (
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#c4c4c4"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#8d8d8d" stroke-width="2"/></pattern></defs>'
)


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
    unknown = sorted({a for key in _area_keyed(style) for a in view.get(key, ())} - set(areas))
    if unknown:
        raise ValueError(f"areas not on the {game} board: {', '.join(unknown)}")
    shapes = mapshapes.regions_of(game)
    pos = {i: _position(a, style, shapes) for i, a in areas.items()}
    owners = _owners(view, areas, style) if shapes else {}
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{width}" height="{height}" viewBox="0 0 {canvas_w} {canvas_h}" '
        f'font-family="{FONT}">',
        HATCH,
        mapshapes.symbol_defs(style.get("units", {})),
        f'<rect width="{canvas_w}" height="{canvas_h}" fill="#f6f1e3"/>',
    ]
    memo = {} if memo is None else memo
    parts.append(_ground(memo, lang, board, areas, pos, style, shapes, owners, view))
    # Top to bottom, so a lower area's marks overlap the one above it the same way every time.
    order = sorted(areas, key=lambda i: (pos[i][1], i))
    inputs = _area_inputs(view)
    for i in order:
        key = (lang, i, _area_key(i, inputs) + repr(owners.get(i)))
        if key not in memo:
            memo[key] = _area(areas[i], pos[i], view, style, owners, shapes)
        parts.append(memo[key])
    if shapes is not None and shapes.get("harbours"):
        parts.append(_ports_on_coasts(view, areas, pos, style, shapes))
    if panel:
        parts.append(_panel(view, style, canvas_h))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _ground(memo: dict, lang: str, board, areas, pos, style, shapes, owners, view) -> str:
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
            tints[i] = mapshapes.blend(_side(style, side)["colour"], land, 0.5)
    key = ("", "", "regions " + repr(sorted(tints.items())))
    if key not in memo:
        memo[key] = mapshapes.region_layer(shapes, kinds, tints, style, style["map_origin"])
    return memo[key]


def _owners(
    view: Mapping[str, Any], areas: Mapping[str, Mapping], style: Mapping[str, Any]
) -> dict[str, str]:
    """Who holds each area as the board shows it: the view's ``control`` where it gives one,
    else the side whose units stand there, else its counter, else the side whose printed
    home it is; a port, its ships' side, else its land's holder.

    NOTE: this is how a board shows control at the table (see the NOTE at ``view`` in the
    game's map data for the rule it follows), so the drawer reads it off the pieces rather
    than asking the rules.
    """
    sides = _sides(view, style)
    control = view.get("control")
    units = view.get("units", {})
    counters = _counters(view, style)
    out: dict[str, str] = {}
    for i, area in areas.items():
        if control is not None:
            owner = control.get(i)
        else:
            here = [s for s in sides if units.get(i, {}).get(s)]
            home = area.get("home") if area.get("home") in sides else None
            owner = here[0] if here else counters.get(i) or home
        if owner:
            out[i] = owner
    for i, area in areas.items():
        land = (area.get("port_of") or {}).get("land")
        if land and i not in {a for a in units if units[a]}:
            if out.get(land):
                out[i] = out[land]
            else:
                out.pop(i, None)
    return out


# ---- small helpers


def _esc(text: object) -> str:
    """``text`` made safe for both SVG text content and attribute values. Most of a map's
    ~1,000 values need nothing, and a search is a sixth of an escape's time."""
    text = str(text)
    return html.escape(text, quote=True) if UNSAFE.search(text) else text


def _n(x: float) -> str:
    """A coordinate with one decimal and no trailing zero: short, and stable across runs."""
    return f"{x:.1f}".removesuffix(".0")


def _attrs(**attrs: object) -> str:
    """SVG attributes from keywords (``font_weight``: font-weight, ``class_``: class); skip None."""
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{_esc(v)}"'
        for k, v in sorted(attrs.items())
        if v is not None
    )


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle", **attrs) -> str:
    """A text line placed so its glyphs look centred on ``y`` (no dominant-baseline in cairo)."""
    return (
        f'<text x="{_n(x)}" y="{_n(y + size * 0.36)}" font-size="{_n(size)}"'
        f"{_attrs(text_anchor=anchor, **attrs)}>{_esc(text)}</text>"
    )


def _side(style: Mapping[str, Any], side: str) -> Mapping[str, str]:
    """A side's drawing facts; an unknown side gets neutral grey rather than a crash."""
    default = {"name": side.title(), "short": side[:3].upper(), "colour": "#999", "ink": INK}
    return {**default, **style["sides"].get(side, {})}


# ---- the view in the game's words (the style's `view`)


def _sides(view: Mapping[str, Any], style: Mapping[str, Any]) -> Collection[str]:
    """The sides (houses, nations) in the view's order: its key ``view.sides.key`` (a list,
    or a mapping by side)."""
    return view.get(style["view"]["sides"]["key"], ())


def _side_attr(style: Mapping[str, Any], side: str | None) -> dict[str, str | None]:
    """The ``data-<side>`` attribute of a piece, in the game's word for a side."""
    return {f"data_{style['view']['sides']['attribute']}": side}


def _counters(view: Mapping[str, Any], style: Mapping[str, Any]) -> Mapping[str, str]:
    """Area -> the side whose counter lies there (a power token), if the game has any."""
    spec = style["view"].get("counters")
    return view.get(spec["key"], {}) if spec else {}


def _shields(view: Mapping[str, Any], style: Mapping[str, Any]) -> Mapping[str, int]:
    """Area -> the strength of the shield drawn beside it (a garrison), if the game has any."""
    spec = style["view"].get("shields")
    return view.get(spec["key"], {}) if spec else {}


def _area_keyed(style: Mapping[str, Any]) -> tuple[str, ...]:
    """The view's mappings keyed by area, by their keys: each must name areas of the board."""
    pieces = [style["view"].get(kind, {}).get("key") for kind in ("counters", "shields")]
    return ("units", "orders", *filter(None, pieces), "impassable")


def _position(
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


def _label_lines(
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


# ---- the map


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
        strokes[kind].append(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}")
    out = ['<g id="links" fill="none">']
    out += [
        f'<path d="{"".join(d)}" {looks[k]} data-links="{k}"/>' for k, d in strokes.items() if d
    ]
    out.append("</g>")
    return out


def _units_of(view: Mapping[str, Any], area_id: str, style: Mapping) -> list[tuple[str, str]]:
    """(side, unit) pairs in an area, sides in the view's order, then any others by id."""
    by_side = view.get("units", {}).get(area_id, {})
    order = [s for s in _sides(view, style) if s in by_side]
    order += sorted(s for s in by_side if s not in order)
    return [(s, u) for s in order for u in by_side[s]]


def _area_inputs(view: Mapping[str, Any]) -> tuple[str, list[tuple[str, Mapping]]]:
    """What of ``view`` may change how an area is drawn (`draw_svg`'s memo): its lists
    whole (the sides' order, impassable areas), said once; and its mappings, whose
    entry for the area `_area_key` takes. `_area` must read nothing else of the view:
    not its single values (round, viewer: the panel's), so that the private maps of one
    moment share the areas they draw alike, nor a mapping by another key than areas."""
    lists = repr([(k, v) for k, v in view.items() if isinstance(v, list | tuple | set)])
    return lists, [(k, v) for k, v in view.items() if isinstance(v, Mapping)]


def _area_key(area_id: str, inputs: tuple[str, list[tuple[str, Mapping]]]) -> str:
    """The memo's key of one area in one view (see `_area_inputs`)."""
    lists, mappings = inputs
    return lists + repr([(k, v.get(area_id)) for k, v in mappings])


def _area(
    area: Mapping[str, Any],
    xy: tuple[float, float],
    view: Mapping,
    style: Mapping,
    owners: Mapping[str, str],
    shapes: Mapping[str, Any] | None = None,
) -> str:
    """One area's group: its tile, name and units, then the marks on the tile's edges.

    The tile grows to fit its name and units, so a crowded area stays legible rather than
    overflowing, and the marks on its edges never cover its name. On a map of regions
    (``shapes``) the tile is not drawn, only its content, over the region; a port's tile
    is its harbour, in its owner's colour, on a quay to its land.
    """
    area_id, look = area["id"], style["kinds"][area["kind"]]
    quay = look["shape"] == "quay"
    lines = _label_lines(area, style, view)
    size = style.get("sizes", {}).get(area_id, look.get("size", 10.5))
    units = _units_of(view, area_id, style)
    italic = bool(look.get("italic"))
    left, top, w, h = _tile_box(area, xy, lines, len(units), style, tiles=shapes is None)
    line_h = size + 0.5
    blocked = area_id in view.get("impassable", ())
    ids = {"id": f"area-{area_id}", "class_": f"area {area['kind']}", "data_area": area_id}
    out = [
        f"<g{_attrs(**ids, data_impassable='true' if blocked else None)}>",
        f"<title>{_esc(area['name'])}</title>",
    ]
    if shapes is None:
        out.append(_tile(look, left, top, w, h, blocked))
    elif quay:
        out.append(_harbour(look, (left, top, w, h), shapes, area_id, owners, style))
    y = top + 3
    if quay:
        out.append(_anchor(xy[0], y + 6))
        y += 12
    font = {"font_weight": "bold", "fill": "#6b6b6b" if blocked else look["ink"]}
    font["font_style"] = "italic" if italic else None
    for line in lines:
        out.append(_text(xy[0], y + line_h / 2, line, size, **font))
        y += line_h
    out += _chips(units, xy[0], y + 3, style)
    out += _marks(area, (left, top, w, h), view, style)
    return "".join(out) + "</g>"


def _tile_box(
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


def _taken(
    area: Mapping[str, Any], xy: tuple[float, float], view: Mapping, style: Mapping
) -> list[tuple[float, float, float, float]]:
    """The boxes an area's tile and marks cover (left, top, right, bottom), as `_marks`
    places them: what a port's name must not cover."""
    lines, units = _label_lines(area, style, view), _units_of(view, area["id"], style)
    left, top, w, h = _tile_box(area, xy, lines, len(units), style)
    right, bottom = left + w, top + h
    out = [(left, top, right, bottom)]
    towers, icons = _printed(area, style)
    if towers:
        out.append((left, top - 10, left + 24, top + 3))
    if icons:
        out.append((left - ICON * len(icons) - 1, top + 2, left, top + 10))
    if area["id"] in _shields(view, style):
        out.append((right, top - 8, right + 16, top + 10))
    if area["id"] in _counters(view, style) or area["id"] in view.get("orders", {}):
        out.append((left - 6, bottom - 1, right + 10, bottom + 15))
    return out


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


def _least_covered(boxes: list[tuple], places: list | tuple, taken: list[tuple]) -> tuple:
    """The first place whose box covers nothing ``taken``, else the one covering least.

    Only the boxes near the port are weighed (those reaching into the span of all its
    places): a Poltava map has ~300 boxes taken and 30 ports, and weighing every box for
    every place of every port was half the time of drawing it (issue 21)."""
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[2] for b in boxes)
    bottom = max(b[3] for b in boxes)
    near = [t for t in taken if t[0] < right and t[2] > left and t[1] < bottom and t[3] > top]
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


def _ports_on_coasts(view, areas, pos, style, shapes) -> str:
    """Every port on its territory's coast: an anchor, and the port's name, which
    orders use for the territory, with its harbour strength (A.2). Each name stands on the
    first side of its anchor that covers no tile, mark or other port's name (the drawing
    data's ``port_labels`` may say which side to try first), else where it covers least."""
    taken = [box for i, a in areas.items() for box in _taken(a, pos[i], view, style)]
    ox, oy = style["map_origin"]
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
            # the box of the glyphs as `_text` sets them: 0.76 size above, 0.22 below a
            # baseline 0.36 size under y
            return (left, y + dy - 0.4 * PORT_SIZE, left + width, y + dy + 0.58 * PORT_SIZE)

        place = _least_covered([box(p) for p in places], places, taken)
        taken.append(box(place))
        # NOTE: no halo behind names: stroking the glyphs' outlines cost a third of the
        # PNG's drawing time (issue 21); the names are bold and dark on light land.
        font = {"font_style": "italic", "fill": "#173a5e"}
        out.append(
            f'<g class="harbour" data-territory="{ident}" data-port="{_esc(harbour["name"])}">'
            + _anchor(x, y + 1, 0.7)
            + _text(x + place[0], y + place[1], words, PORT_SIZE, place[2], **font)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


def _harbour(
    look: Mapping, box: tuple[float, ...], shapes: Mapping, area_id: str, owners: Mapping, style
) -> str:
    """A port's harbour: a quay from its land, then a box in its owner's colour (its ships'
    side, else its land's holder); an unheld port keeps the plain harbour colours."""
    left, top, w, h = box
    ox, oy = style["map_origin"]
    (x1, y1), (x2, y2) = shapes["ports"][area_id]["quay"]
    quay = (
        f'<path d="M{_n(x1 + ox)} {_n(y1 + oy)}L{_n(x2 + ox)} {_n(y2 + oy)}" '
        f'stroke="{look["stroke"]}" stroke-width="3" stroke-linecap="round"/>'
    )
    owner = owners.get(area_id)
    fill, stroke = look["fill"], look["stroke"]
    if owner:
        colour = _side(style, owner)["colour"]
        fill, stroke = mapshapes.blend(colour, "#ffffff", 0.35), mapshapes.blend(colour, INK, 0.7)
    return quay + (
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(w)}" height="{_n(h)}" rx="4" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="2"'
        f"{_attrs(data_owner=owner)}/>"
    )


def _chips(units: Sequence[tuple[str, str]], cx: float, y: float, style: Mapping) -> list[str]:
    """Unit chips in centred rows under the name, ``chips_per_row`` to a row."""
    per_row = style["chips_per_row"]
    out = []
    for i, (side, unit) in enumerate(units):
        row, col = divmod(i, per_row)
        n_in_row = min(per_row, len(units) - row * per_row)
        x0 = cx - (n_in_row * (CHIP + GAP) - GAP) / 2
        out.append(_unit(x0 + col * (CHIP + GAP), y + row * (CHIP + GAP), side, unit, style))
    return out


def _marks(area: Mapping, box: tuple[float, ...], view: Mapping, style: Mapping) -> list[str]:
    """Towers (top left), printed icons (left), shield (top right), counter and order (bottom
    corners)."""
    area_id = area["id"]
    left, top, w, h = box
    out = []
    towers, icons = _printed(area, style)
    if towers:
        out.append(_towers(left + 1, top - 10, *towers))
    if icons:  # left of the tile, level with the name
        out.append(_icons(left - ICON * len(icons) - 1, top + 2, icons))
    shields, counters = _shields(view, style), _counters(view, style)
    if area_id in shields:
        # Beside the tile, not on its edge: the name reaches within 4 units of the edge.
        owner = _shield_owner(area, view, style)
        out.append(_shield(left + w + 8, top, shields[area_id], owner, style))
    # Under the tile, not on its edge, so neither covers the name of a tile with no units.
    if area_id in counters:
        out.append(_counter(left + 2, top + h + 7, counters[area_id], style))
    if area_id in view.get("orders", {}):
        out.append(_order(left + w - 10, top + h + 6, view["orders"][area_id], style))
    return out


def _tile(look: Mapping, x: float, y: float, w: float, h: float, blocked: bool) -> str:
    """An area's body: a square-cornered tile, a pill (seas) or a quay (ports), per map.yaml."""
    rx = h / 2 if look["shape"] == "pill" else 3
    fill = "url(#hatch)" if blocked else look["fill"]
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" '
        f'fill="{fill}" stroke="{look["stroke"]}" stroke-width="1.5"/>'
    )


def _anchor(x: float, y: float, scale: float = 1.0) -> str:
    """A small anchor: our harbour mark for ports."""
    s = scale
    return (
        f'<path d="M{_n(x)} {_n(y - 5 * s)}v{_n(10 * s)}M{_n(x - 4 * s)} {_n(y - 2 * s)}'
        f'h{_n(8 * s)}M{_n(x - 5 * s)} {_n(y + 2 * s)}q{_n(5 * s)} {_n(6 * s)} {_n(10 * s)} 0" '
        f'fill="none" stroke="#2d5f8f" stroke-width="1.6"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y - 6 * s)}" r="{_n(1.6 * s)}" fill="none" '
        f'stroke="#2d5f8f"/>'
    )


def _printed(
    area: Mapping[str, Any], style: Mapping[str, Any]
) -> tuple[tuple[str, str, int] | None, list[tuple[str, str]]]:
    """An area's printed marks, as the style's ``area_marks`` names them (an area field ->
    a glyph): (field, value, how many towers) or None, and the icons in a row, each
    (glyph, its name), as many of each as the field's number."""
    towers, icons = None, []
    for field, mark in style.get("area_marks", {}).items():
        value = area.get(field)
        if mark["glyph"] == "towers":
            if value in mark["towers"]:
                towers = (field, value, mark["towers"][value])
        else:
            icons += [(mark["glyph"], mark.get("name", field))] * int(value or 0)
    return towers, icons


def _icons(x: float, y: float, icons: Sequence[tuple[str, str]]) -> str:
    """Barrels and crowns in a row from (x, y), each in an ICON-wide cell; ``icons`` are
    (glyph, name) pairs, the name the icon's ``data-icon``."""
    out = ['<g class="icons">']
    for i, (glyph, name) in enumerate(icons):
        cx = x + i * ICON
        if glyph == "barrel":  # a barrel with two hoops
            out.append(
                f'<rect x="{_n(cx + 1)}" y="{_n(y)}" width="6" height="8" rx="2" fill="#9c6b2f" '
                f'stroke="#4a3117" stroke-width="0.8" data-icon="{_esc(name)}"/>'
                f'<path d="M{_n(cx + 1)} {_n(y + 2.5)}H{_n(cx + 7)}M{_n(cx + 1)} {_n(y + 5.5)}'
                f'H{_n(cx + 7)}" stroke="#4a3117" stroke-width="0.8"/>'
            )
        else:  # a crown of three points
            points = [(0.5, 8), (0.5, 1.5), (2.3, 4.5), (4, 0.5), (5.7, 4.5), (7.5, 1.5), (7.5, 8)]
            pts = " ".join(f"{_n(cx + px)},{_n(y + py)}" for px, py in points)
            out.append(
                f'<polygon points="{pts}" fill="#e0b12b" stroke="#5c4300" stroke-width="0.8" '
                f'data-icon="{_esc(name)}"/>'
            )
    out.append("</g>")
    return "".join(out)


def _towers(x: float, y: float, field: str, value: str, towers: int) -> str:
    """Crenellated towers (a castle: one, a stronghold: two), as ``<g class="<field>"
    data-<field>="<value>">``."""
    out = [f'<g class="{field}" data-{field}="{_esc(value)}">']
    for t in range(towers):
        tx = x + t * 11
        out.append(
            f'<path d="M{_n(tx)} {_n(y + 13)}V{_n(y)}h2v3h2v-3h2v3h2v-3h2V{_n(y + 13)}z" '
            f'fill="#5a4632" stroke="#f6f1e3" stroke-width="0.8"/>'
        )
    out.append("</g>")
    return "".join(out)


def _unit(x: float, y: float, side: str, unit: Any, style: Mapping) -> str:
    """A chip in its side's colour with the type letter; routed chips are faded and struck
    through.

    A mapping ``{kind, label, strength, title}`` is a named piece its owner sees (a block,
    the style's ``view.named``): the chip shows its label and strength, and its title is
    the piece's name.
    """
    look = _side(style, side)
    if isinstance(unit, Mapping):
        return _named(x, y, side, _named_words(unit, style), style)
    routed = unit.startswith("routed ")
    kind = unit.removeprefix("routed ")
    attrs = _attrs(
        **_side_attr(style, side), data_unit=kind, data_routed="true" if routed else None
    )
    out = [
        f'<g class="unit"{attrs}><rect x="{_n(x)}" y="{_n(y)}" width="{CHIP}" '
        f'height="{CHIP}" rx="2" fill="{look["colour"]}" stroke="{INK}" stroke-width="1"'
        f"{_attrs(fill_opacity='0.45' if routed else None)}/>"
    ]
    if kind != "hidden":  # an anonymous piece: its side, never its type
        ink = INK if routed else look["ink"]
        out.append(mapshapes.symbol(style.get("units", {}), kind, x + 2, y + 2, CHIP - 4, ink))
    if routed:
        out.append(
            f'<line x1="{_n(x)}" y1="{_n(y + CHIP)}" x2="{_n(x + CHIP)}" y2="{_n(y)}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
    out.append("</g>")
    return "".join(out)


def _named_words(unit: Mapping, style: Mapping) -> Mapping:
    """A named piece's name and chip mark in the map's language (`mapwords.localized`'s
    ``piece_names``); the view's, in English, where the style has none."""
    name = style.get("piece_names", {}).get(unit.get(style["view"]["named"]["key"]))
    if not name:
        return unit
    return {**unit, "title": name, "label": mapwords.chip_mark(name, unit.get("star"))}


def _named(x: float, y: float, side: str, unit: Mapping, style: Mapping) -> str:
    """A named piece seen from its owner's side: label over strength, the name as its
    title; the kinds the style's ``view.named.rounder`` lists have rounder corners (fleets
    in a harbour stand apart from the land blocks). Its class is the game's word,
    ``view.named.class``."""
    word, look = style["view"]["named"]["class"], _side(style, side)
    attrs = _attrs(
        **_side_attr(style, side),
        data_unit=unit.get("kind", word),
        **{f"data_{word}": unit["title"]},
    )
    rx = 5 if unit.get("kind") in style["view"]["named"].get("rounder", ()) else 2
    return (
        f'<g class="unit {word}"{attrs}><title>{_esc(unit["title"])} ({int(unit["strength"])})'
        f'</title><rect x="{_n(x)}" y="{_n(y)}" width="{CHIP}" height="{CHIP}" rx="{rx}" '
        f'fill="{look["colour"]}" stroke="{INK}" stroke-width="1"/>'
        + _text(x + CHIP / 2, y + 4.5, unit["label"], 6.5, fill=look["ink"])
        + _text(
            x + CHIP / 2,
            y + 11,
            str(int(unit["strength"])),
            7.5,
            font_weight="bold",
            fill=look["ink"],
        )
        + "</g>"
    )


def _order_parts(token: str, style: Mapping) -> tuple[str, str]:
    """(badge text, colour) of an order token as the view names it (``march+1``), as the
    style's ``tokens`` says: its order's letter and colour, then its mark (M+1, R★); a
    token the table lacks is drawn as its text, in ink."""
    entry = style.get("tokens", {}).get(token)
    if entry is None:
        return token, INK
    look = style["orders"][entry["order"]]
    return look["text"] + entry.get("mark", ""), look["colour"]


def _order(x: float, y: float, token: str, style: Mapping) -> str:
    """A revealed order token on the board (see `_badge`)."""
    return _badge(x, y, token, *_order_parts(token, style))


def _badge(x: float, y: float, order: str, text: str, colour: str) -> str:
    """An order as a white badge with the type's colour, straddling the tile edge."""
    w = 8 + 6.5 * len(text)
    return (
        f'<g class="order" data-order="{_esc(order)}"><rect x="{_n(x - w / 2)}" y="{_n(y - 7)}" '
        f'width="{_n(w)}" height="14" rx="7" fill="#ffffff" stroke="{colour}" '
        f'stroke-width="2"/>{_text(x, y, text, 10, font_weight="bold", fill=colour)}</g>'
    )


def _counter(x: float, y: float, side: str, style: Mapping) -> str:
    """A counter (a power token): round, in its side's colour (units are square); its class
    is the game's word, ``view.counters.class``."""
    look = _side(style, side)
    kind, attr = style["view"]["counters"]["class"], style["view"]["sides"]["attribute"]
    return (
        f'<g class="{kind}" data-{attr}="{_esc(side)}"><circle cx="{_n(x)}" cy="{_n(y)}" r="8" '
        f'fill="{look["colour"]}" stroke="{INK}" stroke-width="1.5"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="4" fill="none" stroke="{look["ink"]}" '
        f'stroke-width="1.5"/></g>'
    )


def _shield_owner(area: Mapping, view: Mapping, style: Mapping) -> str | None:
    """Whose colour an area's shield takes: its controller's, else its home side's; None
    (grey, neutral) where that is not one of the view's sides."""
    owner = view.get("control", {}).get(area.get("id")) or area.get("home")
    return owner if owner in _sides(view, style) else None


def _shield(x: float, y: float, strength: int, owner: str | None, style: Mapping) -> str:
    """A shield with its strength (a garrison): in its owner's colour, a neutral one grey;
    its class is the game's word, ``view.shields.class``."""
    look = _side(style, owner) if owner else {"colour": "#6e6e6e", "ink": "#ffffff"}
    fill, ink = look["colour"], look["ink"]
    kind, attr = style["view"]["shields"]["class"], style["view"]["sides"]["attribute"]
    return (
        f'<g class="{kind}" data-strength="{int(strength)}" data-{attr}="{_esc(owner or "")}">'
        f'<path d="M{_n(x - 8)} {_n(y - 8)}h16v8q0 7-8 10q-8-3-8-10z" fill="{fill}" '
        f'stroke="{INK}" stroke-width="1"/>'
        + _text(x, y - 1, str(strength), 9.5, fill=ink, font_weight="bold")
        + "</g>"
    )


# ---- the side panel


def _panel(view: Mapping[str, Any], style: Mapping[str, Any], canvas_h: float) -> str:
    """Tracks, the sides' table, gauges and legend, stacked as ``map.yaml`` lists them."""
    spec = style["panel"]
    x, w = spec["x"], spec["width"]
    out = [
        f'<g id="panel"><rect x="{x - 6}" y="8" width="{w + 12}" height="{_n(canvas_h - 16)}" '
        f'rx="6" fill="#fffdf6" stroke="#7a5a2b"/>'
    ]
    y = 18.0
    for section in spec["sections"]:
        draw = _SECTIONS[section["kind"]]
        parts, y = draw(view, style, section, x, w, y)
        out.extend(parts)
        y += 14
    out.append("</g>")
    return "".join(out)


def _heading(x: float, y: float, text: str, w: float) -> str:
    """A panel section heading with a rule under it."""
    rule = f'<line x1="{_n(x)}" y1="{_n(y + 16)}" x2="{_n(x + w)}" y2="{_n(y + 16)}"'
    return _text(x, y + 8, text, 13, "start", font_weight="bold") + rule + ' stroke="#7a5a2b"/>'


def _title(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """Game, round and phase; a private map names its viewer so it is not posted by mistake."""
    out = [_text(x, y + 8, style.get("title", view["game"]), 18, "start", font_weight="bold")]
    when = mapwords.moment(view["game"], view, style.get("lang", "en"))
    phase = view.get("phase", "")
    line = f"{when} · {style.get('phase_names', {}).get(phase, phase)}".rstrip(" ·")
    out.append(_text(x, y + 28, line, 12, "start"))
    y += 40
    if view.get("viewer"):
        mark = mapwords.private_mark(view["game"], view["viewer"], style.get("lang", "en"))
        out.append(_text(x, y + 4, mark, 12, "start", font_weight="bold", fill="#a61b1b"))
        y += 16
    return out, y


def _swatch(x: float, y: float, w: float, side: str, style: Mapping, strong: bool) -> str:
    """A cell in a side's colour with its short name; the viewer's side is outlined."""
    look = _side(style, side)
    stroke = 'stroke="#a61b1b" stroke-width="2.5"' if strong else f'stroke="{INK}"'
    return (
        f'<rect x="{_n(x)}" y="{_n(y - 8)}" width="{_n(w)}" height="16" rx="2" '
        f'fill="{look["colour"]}" {stroke}/>'
        + _text(x + w / 2, y, look["short"], 10, font_weight="bold", fill=look["ink"])
    )


def _tracks(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """The influence tracks as columns, position 1 at the top."""
    out = [_heading(x, y, spec["title"], w)]
    y += 24
    cols = spec["tracks"]
    col_w = w / len(cols)
    depth = max((len(view.get("tracks", {}).get(k, [])) for k, _ in cols), default=0)
    for c, (key, label) in enumerate(cols):
        cx = x + c * col_w
        # A long name (Королевский двор) takes two lines rather than its neighbour's room.
        lines = [label] if len(label) <= 12 or " " not in label else label.split(" ", 1)
        for n, line in enumerate(lines):
            dy = 4 + (n - (len(lines) - 1) / 2) * 10
            out.append(_text(cx + col_w / 2 + 6, y + dy, line, 9.5, font_weight="bold"))
        for i, side in enumerate(view.get("tracks", {}).get(key, [])):
            ry = y + 22 + i * 19
            if c == 0:
                out.append(_text(x + 4, ry, str(i + 1), 9.5, fill="#555"))
            out.append(_swatch(cx + 12, ry, col_w - 14, side, style, side == view.get("viewer")))
    return out, y + 22 + depth * 19


def _table(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """One row per side in the view's order, one column per listed per-side number."""
    out = [_heading(x, y, spec["title"], w)]
    y += 26
    cols = spec["columns"]
    col_w = (w - 58) / len(cols)
    for c, (_, label) in enumerate(cols):
        # A longer word (Suprimentos) is set smaller rather than run into its neighbour.
        size = min(9.5, round(col_w / (0.58 * max(len(label), 1)), 1))
        out.append(_text(x + 58 + col_w * (c + 0.5), y, label, size, font_weight="bold"))
    for side in _sides(view, style):
        y += 19
        out.append(_swatch(x, y, 52, side, style, side == view.get("viewer")))
        for c, (key, _) in enumerate(cols):
            value = _lookup(view, key, side)
            value = (
                spec.get("value_names", {}).get(value, value) if isinstance(value, str) else value
            )
            out.append(_text(x + 58 + col_w * (c + 0.5), y, str(value), 11))
    return out, y + 10


def _lookup(view: Mapping, key: str, side: str) -> Any:
    """A per-side number: ``view[key][side]``, or ``view[a][side][b]`` for a key ``a.b``."""
    top, _, field = key.partition(".")
    value = view.get(top, {}).get(side, "–")
    return value.get(field, "–") if field and isinstance(value, Mapping) else value


def _gauge(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """A numbered bar (a threat, an attrition box) with the current value marked; a key ``a.b``
    reads ``view[a][b]``."""
    top, _, field = spec["key"].partition(".")
    value = view.get(top)
    if field and isinstance(value, Mapping):
        value = value.get(field)
    if value is None:
        return [], y - 14
    top, step = spec["max"], spec["step"]
    heading = mapwords.gauge(view["game"], spec["label"], value, style.get("lang", "en"))
    out = [_heading(x, y, heading, w)]
    y += 34
    cell = w / (top // step + 1)
    for i, mark in enumerate(range(0, top + 1, step)):
        on = mark == value
        fill = "#a61b1b" if on else "#ece4cc"
        out.append(
            f'<rect x="{_n(x + i * cell)}" y="{_n(y - 9)}" width="{_n(cell - 2)}" height="18" '
            f'fill="{fill}" stroke="{INK}"/>'
        )
        ink = "#ffffff" if on else INK
        out.append(
            _text(x + i * cell + cell / 2 - 1, y, str(mark), 10, fill=ink, font_weight="bold")
        )
    return out, y + 10


def _years(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """A year track: this year and the next ones to the last (at most ``span``), this one
    marked, the last one framed; under each year what the view's ``year_track`` puts there:
    cubes in a side's colour, grey pieces due back (public, as at the table)."""
    year, last = view.get("year"), view.get("last_year")
    if year is None or last is None:
        return [], y - 14
    span = max(1, min(int(spec.get("span", 8)), last - year + 1))
    out = [_heading(x, y, spec["title"], w)]
    y += 34
    cell = w / span
    for i in range(span):
        shown = year + i
        on = shown == year
        frame = 'stroke-width="2.5"' if shown == last else ""
        out.append(
            f'<rect x="{_n(x + i * cell)}" y="{_n(y - 9)}" width="{_n(cell - 2)}" height="18" '
            f'fill="{"#a61b1b" if on else "#ece4cc"}" stroke="{INK}" {frame}/>'
        )
        ink = "#ffffff" if on else INK
        out.append(
            _text(x + i * cell + cell / 2 - 1, y, str(shown), 9, fill=ink, font_weight="bold")
        )
        due = [e for e in view.get("year_track", ()) if e.get("year") == shown]
        for j, entry in enumerate(due[:4]):
            out.append(_year_mark(x + i * cell + 2 + j * 9, y + 12, entry, style))
    return out, y + 26


def _year_mark(x: float, y: float, entry: Mapping[str, Any], style: Mapping) -> str:
    """A cube (a small square in a side's colour) or a piece due back (a grey block)."""
    if "cube" in entry:
        colour = _side(style, entry["cube"])["colour"]
        return (
            f'<rect x="{_n(x)}" y="{_n(y)}" width="7" height="7" fill="{colour}" stroke="{INK}" '
            f'data-cube="{_esc(entry["cube"])}"/>'
        )
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="7" height="10" rx="1" fill="#6e6e6e" '
        f'stroke="{INK}"/>'
    )


def _legend(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """What each mark means, drawn with the very helpers the map uses.

    The samples lose their ``data-*`` attributes: whoever reads the picture's data (tests, tools)
    must never take the key for a unit or an order on the board.
    """
    out = [_heading(x, y, spec.get("title", "Key"), w)]
    y += 30
    side = next(iter(_sides(view, style)), min(style["sides"]))
    say = spec.get("labels", {}).get  # a mark without words in map.yaml is left out
    rows = []
    for look in style["kinds"].values():
        quay = _anchor(x + 15, y) if look["shape"] == "quay" else ""
        rows.append((_tile(look, x, y - 8, 30, 16, False) + quay, look["name"]))
    blocked = _tile(next(iter(style["kinds"].values())), x, y - 8, 30, 16, True)
    rows.append((blocked, say("impassable")))
    rows += _legend_regions(view, style, x, y, side, say)
    rows.append((_year_mark(x + 11, y - 3, {"cube": side}, style), say("cube")))
    rows.append((_year_mark(x + 11, y - 5, {"block": ""}, style), say("year_block")))
    for field, mark in style.get("area_marks", {}).items():
        if mark["glyph"] == "towers":
            towers = mark["towers"].items()
            rows += [(_towers(x + 2, y - 7, field, v, n), say(v)) for v, n in towers]
        else:
            name = mark.get("name", field)
            rows.append((_icons(x + 2, y - 4, [(mark["glyph"], name)]), say(name)))
    for kind, look in sorted(style["units"].items()):
        rows.append((_unit(x + 7, y - 7, side, kind, style), look["name"]))
    rows.append((_unit(x + 7, y - 7, side, f"routed {min(style['units'])}", style), say("routed")))
    if any(u == "hidden" for a in view.get("units", {}).values() for us in a.values() for u in us):
        rows.append((_unit(x + 7, y - 7, side, "hidden", style), say("hidden")))
    if "counters" in style["view"]:
        rows.append((_counter(x + 14, y, side, style), say(style["view"]["counters"]["class"])))
    if "shields" in style["view"]:
        mine = _shield(x + 14, y + 1, 2, side, style)
        neutral = _shield(x + 14, y + 1, 5, None, style)
        rows += [(mine, say(style["view"]["shields"]["class"])), (neutral, say("neutral"))]
    for kind, look in sorted(style.get("orders", {}).items()):
        rows.append((_badge(x + 15, y, kind, look["text"], look["colour"]), look["name"]))
    if spec.get("special"):  # a special token, as the section names it
        rows.append((_order(x + 15, y, spec["special"], style), say("special")))
    named = style["view"].get("named", {}).get("class")
    if named and say(named) and view.get("viewer"):  # a piece its owner sees: its strength
        mark = style.get("sample_mark", "Ab")
        sample = {"kind": named, "label": mark, "strength": 3, "title": say(named)}
        rows.append((_named(x + 7, y - 7, side, sample, style), say(named)))
    rows = [(mark, label) for mark, label in rows if label]
    for i, (mark, label) in enumerate(rows):
        dy = i * 21
        mark = re.sub(r' data-[a-z-]+="[^"]*"', "", mark)
        out.append(f'<g transform="translate(0 {dy})">{mark}</g>')
        out.append(_text(x + 40, y + dy, label, 11, "start"))
    return ['<g id="legend">', *out, "</g>"], y + len(rows) * 21


def _legend_regions(view: Mapping, style: Mapping, x: float, y: float, side: str, say) -> list:
    """Key rows of a map of regions: land in its holder's colour, each kind of border, a
    crossing over water, a port on its coast with its harbour strength."""
    shapes = mapshapes.regions_of(view["game"])
    if shapes is None:
        return []
    land = style["kinds"]["land"]
    held = mapshapes.blend(_side(style, side)["colour"], land.get("region", land["fill"]), 0.5)
    rows = [(_tile({**land, "fill": held}, x, y - 8, 30, 16, False), say("held"))]
    for kind, look in style.get("borders", {}).items():
        dash = f' stroke-dasharray="{look["dash"]}"' if look.get("dash") else ""
        line = (
            f'<path d="M{_n(x)} {_n(y)}h30" stroke="{look["colour"]}" '
            f'stroke-width="{look["width"]}"{dash} fill="none"/>'
        )
        rows.append((line, say(f"border_{kind}")))
    if shapes.get("crossings"):
        line = (
            f'<path d="M{_n(x)} {_n(y)}h30" stroke="#ffffff" stroke-width="4"/>'
            f'<path d="M{_n(x)} {_n(y)}h30" stroke="{INK}" stroke-width="1.5"/>'
        )
        rows.append((line, say("crossing")))
    if shapes.get("harbours"):
        rows.append((_anchor(x + 15, y + 1, 0.7), say("harbour")))
    return rows


_SECTIONS = {
    "title": _title,
    "tracks": _tracks,
    "table": _table,
    "gauge": _gauge,
    "years": _years,
    "legend": _legend,
}
