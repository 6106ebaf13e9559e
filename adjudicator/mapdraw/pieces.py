"""What stands on the board: unit chips, named pieces, order badges, counters and shields.

Each piece is drawn in its side's colour and carries ``data-*`` attributes in the game's
words (`view.side_attr`, the classes the drawing data's ``view`` gives), so that tests and
tools read the picture without looking at pixels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import mapshapes, mapwords
from adjudicator.mapdraw.svg import INK, attrs, esc, num, text
from adjudicator.mapdraw.view import side_attr, side_look

CHIP = 15  # side of a unit chip, in canvas units
GAP = 2


def unit(x: float, y: float, side: str, piece: Any, style: Mapping) -> str:
    """A chip in its side's colour with the type letter; routed chips are faded and struck
    through.

    A mapping ``{kind, label, strength, title}`` is a named piece its owner sees (a block,
    the style's ``view.named``): the chip shows its label and strength, and its title is
    the piece's name.
    """
    look = side_look(style, side)
    if isinstance(piece, Mapping):
        return named(x, y, side, _named_words(piece, style), style)
    routed = piece.startswith("routed ")
    kind = piece.removeprefix("routed ")
    data = attrs(**side_attr(style, side), data_unit=kind, data_routed="true" if routed else None)
    out = [
        f'<g class="unit"{data}><rect x="{num(x)}" y="{num(y)}" width="{CHIP}" '
        f'height="{CHIP}" rx="2" fill="{look["colour"]}" stroke="{INK}" stroke-width="1"'
        f"{attrs(fill_opacity='0.45' if routed else None)}/>"
    ]
    if kind != "hidden":  # an anonymous piece: its side, never its type
        ink = INK if routed else look["ink"]
        out.append(mapshapes.symbol(style.get("units", {}), kind, x + 2, y + 2, CHIP - 4, ink))
    if routed:
        out.append(
            f'<line x1="{num(x)}" y1="{num(y + CHIP)}" x2="{num(x + CHIP)}" y2="{num(y)}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
    out.append("</g>")
    return "".join(out)


def _named_words(piece: Mapping, style: Mapping) -> Mapping:
    """A named piece's name and chip mark in the map's language (`mapwords.localized`'s
    ``piece_names``); the view's, in English, where the style has none."""
    name = style.get("piece_names", {}).get(piece.get(style["view"]["named"]["key"]))
    if not name:
        return piece
    return {**piece, "title": name, "label": mapwords.chip_mark(name, piece.get("star"))}


def named(x: float, y: float, side: str, piece: Mapping, style: Mapping) -> str:
    """A named piece seen from its owner's side: label over strength, the name as its
    title; the kinds the style's ``view.named.rounder`` lists have rounder corners (fleets
    in a harbour stand apart from the land blocks). Its class is the game's word,
    ``view.named.class``."""
    word, look = style["view"]["named"]["class"], side_look(style, side)
    data = attrs(
        **side_attr(style, side),
        data_unit=piece.get("kind", word),
        **{f"data_{word}": piece["title"]},
    )
    rx = 5 if piece.get("kind") in style["view"]["named"].get("rounder", ()) else 2
    return (
        f'<g class="unit {word}"{data}><title>{esc(piece["title"])} ({int(piece["strength"])})'
        f'</title><rect x="{num(x)}" y="{num(y)}" width="{CHIP}" height="{CHIP}" rx="{rx}" '
        f'fill="{look["colour"]}" stroke="{INK}" stroke-width="1"/>'
        + text(x + CHIP / 2, y + 4.5, piece["label"], 6.5, fill=look["ink"])
        + text(
            x + CHIP / 2,
            y + 11,
            str(int(piece["strength"])),
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


def order(x: float, y: float, token: str, style: Mapping) -> str:
    """A revealed order token on the board (see `badge`)."""
    return badge(x, y, token, *_order_parts(token, style))


def badge(x: float, y: float, token: str, words: str, colour: str) -> str:
    """An order as a white badge with the type's colour, straddling the tile edge."""
    w = 8 + 6.5 * len(words)
    return (
        f'<g class="order" data-order="{esc(token)}"><rect x="{num(x - w / 2)}" y="{num(y - 7)}" '
        f'width="{num(w)}" height="14" rx="7" fill="#ffffff" stroke="{colour}" '
        f'stroke-width="2"/>{text(x, y, words, 10, font_weight="bold", fill=colour)}</g>'
    )


def counter(x: float, y: float, side: str, style: Mapping) -> str:
    """A counter (a power token): round, in its side's colour (units are square); its class
    is the game's word, ``view.counters.class``."""
    look = side_look(style, side)
    kind, attr = style["view"]["counters"]["class"], style["view"]["sides"]["attribute"]
    return (
        f'<g class="{kind}" data-{attr}="{esc(side)}"><circle cx="{num(x)}" cy="{num(y)}" r="8" '
        f'fill="{look["colour"]}" stroke="{INK}" stroke-width="1.5"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="4" fill="none" stroke="{look["ink"]}" '
        f'stroke-width="1.5"/></g>'
    )


def shield(x: float, y: float, strength: int, owner: str | None, style: Mapping) -> str:
    """A shield with its strength (a garrison): in its owner's colour, a neutral one grey;
    its class is the game's word, ``view.shields.class``."""
    look = side_look(style, owner) if owner else {"colour": "#6e6e6e", "ink": "#ffffff"}
    fill, ink = look["colour"], look["ink"]
    kind, attr = style["view"]["shields"]["class"], style["view"]["sides"]["attribute"]
    return (
        f'<g class="{kind}" data-strength="{int(strength)}" data-{attr}="{esc(owner or "")}">'
        f'<path d="M{num(x - 8)} {num(y - 8)}h16v8q0 7-8 10q-8-3-8-10z" fill="{fill}" '
        f'stroke="{INK}" stroke-width="1"/>'
        + text(x, y - 1, str(strength), 9.5, fill=ink, font_weight="bold")
        + "</g>"
    )
