"""The board's shapes for `mapdraw`: regions, harbours and the units' symbols.

A game with a ``regions.yaml`` (written by ``tools/draw_regions.py``) is drawn as regions:
each area's outline, land tinted in the colour of the house or nation that controls it,
seas as water, each port a small named harbour on a quay to its land. The outlines come
from the data, so what touches on the map is what the game says is adjacent
(tests/test_map_regions.py).

Units are symbols, not letters (issue 21, item 3): a letter means a different unit in
each language (K is a knight in English and a ship in Russian), a sword does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.data import load_game_data

# Each symbol fills a 10 x 10 box; drawn with <use>, in the chip's ink colour.
SYMBOLS = {
    # a sword, point up
    "footman": "M5 0.3L6.1 1.8V6.6H3.9V1.8ZM1.8 6.6H8.2V7.8H1.8ZM4.4 7.8H5.6V9.4H4.4Z"
    "M4.2 9.2H5.8V10H4.2Z",
    # a horse's head (the chess knight)
    "knight": "M2.4 9.8L3 6.6C1.6 6.2 0.9 5.2 1.6 4.3L4.6 1.4L5 0.2L6 1.2"
    "C8.6 2 9.6 5 8.8 9.8ZM4.6 3.2A0.6 0.6 0 1 0 4.61 3.2Z",
    # a hull with a mast and a sail
    "ship": "M0.6 6.4H9.4L7.8 9.4H2.2ZM4.5 0.4H5.3V6.4H4.5ZM5.8 0.9L9.2 5.6H5.8ZM4 1.2L1.2 5.6H4Z",
    # a trebuchet: frame, wheels and throwing arm
    "siege_engine": "M1 7.4H9V8.4H1ZM2.6 9.2A0.9 0.9 0 1 0 2.61 9.2ZM7.4 9.2A0.9 0.9 0 1 0 "
    "7.41 9.2ZM2.4 7.4L4.6 2.6H5.4L7.6 7.4H6.5L5 3.9L3.5 7.4ZM0.8 1.6L1.4 0.8L9.4 5.2"
    "L8.8 6Z",
}
SYMBOLS["fleet"] = SYMBOLS["ship"]
WATER = "#b9d3ea"
OFF_BOARD = "#d8d0bd"  # land that is no area of the game


def symbol_defs() -> str:
    """The symbols, defined once per map (each is used by many chips)."""
    paths = "".join(f'<path id="sym-{k}" d="{d}"/>' for k, d in sorted(SYMBOLS.items()))
    return f"<defs>{paths}</defs>"


def symbol(kind: str, x: float, y: float, size: float, ink: str) -> str:
    """A unit's symbol in a ``size`` square at (x, y); '' for a kind without one."""
    if kind not in SYMBOLS:
        return ""
    scale = size / 10
    return (
        f'<use href="#sym-{kind}" transform="translate({_n(x)} {_n(y)}) scale({scale:g})" '
        f'fill="{ink}"/>'
    )


def regions_of(game: str) -> Mapping[str, Any] | None:
    """The game's regions.yaml, or None: a game without it is drawn as tiles and lines."""
    try:
        return load_game_data(game, "regions.yaml")
    except FileNotFoundError:
        return None


def blend(colour: str, base: str, share: float) -> str:
    """``colour`` laid over ``base`` at ``share`` opacity, as one opaque colour (a tint that
    costs the renderer nothing and prints the same)."""
    a, b = _rgb(colour), _rgb(base)
    mixed = (round(x * share + y * (1 - share)) for x, y in zip(a, b, strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def region_layer(
    shapes: Mapping[str, Any],
    kinds: Mapping[str, str],
    tints: Mapping[str, str],
    style: Mapping[str, Any],
    origin: tuple[float, float],
) -> str:
    """Water, then every area's outline filled by its kind or its tint (``tints``: area ->
    fill), then the borders of ``borders`` by kind where the style gives their look."""
    ox, oy = origin
    w, h = shapes["size"]
    out = [
        f'<g id="regions" transform="translate({_n(ox)} {_n(oy)})">',
        f'<rect width="{_n(w)}" height="{_n(h)}" fill="{WATER}"/>',
    ]
    looks = style["kinds"]
    for ident, d in sorted(shapes["regions"].items()):
        if ident not in kinds:  # off the board: plain land, no border of its own
            out.append(f'<path d="{d}" fill="{OFF_BOARD}" fill-rule="evenodd"/>')
            continue
        look = looks[kinds[ident]]
        fill = tints.get(ident, look.get("region", look["fill"]))
        out.append(
            f'<path d="{d}" fill="{fill}" fill-rule="evenodd" stroke="{look["stroke"]}" '
            f'stroke-width="0.8" data-region="{ident}"/>'
        )
    out += _borders(shapes.get("borders", ()), style.get("borders", {}))
    out += _crossings(shapes.get("crossings", ()), style.get("borders", {}))
    out.append("</g>")
    return "".join(out)


def _borders(chains: Any, looks: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Borders drawn by kind (baltic: open, restricted, difficult): one path per kind."""
    if not looks:
        return []
    by_kind: dict[str, list[str]] = {}
    for chain in chains:
        kind = chain[3] if len(chain) > 3 else None
        if kind in looks:
            by_kind.setdefault(kind, []).append(chain[2])
    out = []
    for kind, ds in sorted(by_kind.items()):
        look = looks[kind]
        dash = f' stroke-dasharray="{look["dash"]}"' if look.get("dash") else ""
        out.append(
            f'<path d="{"".join(ds)}" fill="none" stroke="{look["colour"]}" '
            f'stroke-width="{look["width"]}"{dash} stroke-linecap="round" data-borders="{kind}"/>'
        )
    return out


def _crossings(crossings: Any, looks: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Land neighbours over water (Øresund): a line across, in the look of its border's
    kind, over a white casing so it reads as a crossing, not a coast."""
    out = []
    for a, b, d, kind in crossings:
        look = looks.get(kind, {"colour": "#7a5a2b", "width": 1.5})
        dash = f' stroke-dasharray="{look["dash"]}"' if look.get("dash") else ""
        out.append(
            f'<g data-crossing="{a} {b}"><path d="{d}" fill="none" stroke="#ffffff" '
            f'stroke-width="{float(look["width"]) + 2.5:g}" stroke-linecap="round"/>'
            f'<path d="{d}" fill="none" stroke="{look["colour"]}" stroke-width="{look["width"]}"'
            f'{dash} stroke-linecap="round"/></g>'
        )
    return out


def _n(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")
