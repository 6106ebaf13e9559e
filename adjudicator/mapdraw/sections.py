"""The side panel's sections of the game's standing: the title, the influence tracks, the
sides' table and a gauge, each a function of (view, style, its spec, x, width, y) that
returns its markup and the y below it (`panel.SECTIONS` lists them by ``kind``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import mapwords
from adjudicator.mapdraw.svg import INK, num, text
from adjudicator.mapdraw.view import side_look, sides


def heading(x: float, y: float, words: str, w: float) -> str:
    """A panel section heading with a rule under it."""
    rule = f'<line x1="{num(x)}" y1="{num(y + 16)}" x2="{num(x + w)}" y2="{num(y + 16)}"'
    return text(x, y + 8, words, 13, "start", font_weight="bold") + rule + ' stroke="#7a5a2b"/>'


def title(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """Game, round and phase; a private map names its viewer so it is not posted by mistake."""
    out = [text(x, y + 8, style.get("title", view["game"]), 18, "start", font_weight="bold")]
    when = mapwords.moment(view["game"], view, style.get("lang", "en"))
    phase = view.get("phase", "")
    line = f"{when} · {style.get('phase_names', {}).get(phase, phase)}".rstrip(" ·")
    out.append(text(x, y + 28, line, 12, "start"))
    y += 40
    if view.get("viewer"):
        mark = mapwords.private_mark(view["game"], view["viewer"], style.get("lang", "en"))
        out.append(text(x, y + 4, mark, 12, "start", font_weight="bold", fill="#a61b1b"))
        y += 16
    return out, y


def _swatch(x: float, y: float, w: float, side: str, style: Mapping, strong: bool) -> str:
    """A cell in a side's colour with its short name; the viewer's side is outlined."""
    look = side_look(style, side)
    stroke = 'stroke="#a61b1b" stroke-width="2.5"' if strong else f'stroke="{INK}"'
    return (
        f'<rect x="{num(x)}" y="{num(y - 8)}" width="{num(w)}" height="16" rx="2" '
        f'fill="{look["colour"]}" {stroke}/>'
        + text(x + w / 2, y, look["short"], 10, font_weight="bold", fill=look["ink"])
    )


def tracks(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """The influence tracks as columns, position 1 at the top."""
    out = [heading(x, y, spec["title"], w)]
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
            out.append(text(cx + col_w / 2 + 6, y + dy, line, 9.5, font_weight="bold"))
        for i, side in enumerate(view.get("tracks", {}).get(key, [])):
            ry = y + 22 + i * 19
            if c == 0:
                out.append(text(x + 4, ry, str(i + 1), 9.5, fill="#555"))
            out.append(_swatch(cx + 12, ry, col_w - 14, side, style, side == view.get("viewer")))
    return out, y + 22 + depth * 19


def table(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """One row per side in the view's order, one column per listed per-side number."""
    out = [heading(x, y, spec["title"], w)]
    y += 26
    cols = spec["columns"]
    col_w = (w - 58) / len(cols)
    for c, (_, label) in enumerate(cols):
        # A longer word (Suprimentos) is set smaller rather than run into its neighbour.
        size = min(9.5, round(col_w / (0.58 * max(len(label), 1)), 1))
        out.append(text(x + 58 + col_w * (c + 0.5), y, label, size, font_weight="bold"))
    for side in sides(view, style):
        y += 19
        out.append(_swatch(x, y, 52, side, style, side == view.get("viewer")))
        for c, (key, _) in enumerate(cols):
            value = _lookup(view, key, side)
            value = (
                spec.get("value_names", {}).get(value, value) if isinstance(value, str) else value
            )
            out.append(text(x + 58 + col_w * (c + 0.5), y, str(value), 11))
    return out, y + 10


def _lookup(view: Mapping, key: str, side: str) -> Any:
    """A per-side number: ``view[key][side]``, or ``view[a][side][b]`` for a key ``a.b``."""
    top, _, field = key.partition(".")
    value = view.get(top, {}).get(side, "–")
    return value.get(field, "–") if field and isinstance(value, Mapping) else value


def gauge(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """A numbered bar (a threat, an attrition box) with the current value marked; a key ``a.b``
    reads ``view[a][b]``."""
    top, _, field = spec["key"].partition(".")
    value = view.get(top)
    if field and isinstance(value, Mapping):
        value = value.get(field)
    if value is None:
        return [], y - 14
    top, step = spec["max"], spec["step"]
    said = mapwords.gauge(view["game"], spec["label"], value, style.get("lang", "en"))
    out = [heading(x, y, said, w)]
    y += 34
    cell = w / (top // step + 1)
    for i, mark in enumerate(range(0, top + 1, step)):
        out += box(x + i * cell, y, cell, str(mark), 10, on=mark == value)
    return out, y + 10


def box(
    x: float, y: float, cell: float, label: str, size: int, on: bool, frame: str = ""
) -> list[str]:
    """One box of a row of numbered boxes (a gauge's marks, a year track's years): the box
    holding the current value in red, its number in white; `frame` adds to the box's
    attributes (the year track frames its last year)."""
    fill = "#a61b1b" if on else "#ece4cc"
    shape = (
        f'<rect x="{num(x)}" y="{num(y - 9)}" width="{num(cell - 2)}" height="18" '
        f'fill="{fill}" stroke="{INK}"{frame}/>'
    )
    ink = "#ffffff" if on else INK
    return [shape, text(x + cell / 2 - 1, y, label, size, fill=ink, font_weight="bold")]
