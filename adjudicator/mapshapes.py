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
WATER = "#b9d3ea"
OFF_BOARD = "#d8d0bd"  # land that is no area of the game


def symbol_defs(units: Mapping[str, Any]) -> str:
    """The symbols of the game's units (its drawing data, ``units: kind: symbol:``), defined
    once per map: each is used by many chips."""
    paths = "".join(
        f'<path id="sym-{kind}" d="{look["symbol"]}"/>'
        for kind, look in sorted(units.items())
        if look.get("symbol")
    )
    return f"<defs>{paths}</defs>"


def symbol(units: Mapping[str, Any], kind: str, x: float, y: float, size: float, ink: str) -> str:
    """A unit's symbol in a ``size`` square at (x, y); '' for a kind the game gives none."""
    if not units.get(kind, {}).get("symbol"):
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
