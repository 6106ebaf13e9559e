"""The SVG's own text: escaped values, short numbers, attributes and lines of text.

Every module of the drawer writes its markup through these few helpers, so the same view
gives the same bytes whichever part draws it, and a map's ~1,000 values cost as little as
they can (the drawer is on the path of every report).
"""

from __future__ import annotations

import html
import re

FONT = "DejaVu Sans Condensed, Arial Narrow, sans-serif"
INK = "#1b1b1b"
UNSAFE = re.compile("[&<>\"']")


def esc(text: object) -> str:
    """``text`` made safe for both SVG text content and attribute values. Most of a map's
    ~1,000 values need nothing, and a search is a sixth of an escape's time."""
    text = str(text)
    return html.escape(text, quote=True) if UNSAFE.search(text) else text


def num(x: float) -> str:
    """A coordinate with one decimal and no trailing zero: short, and stable across runs."""
    return f"{x:.1f}".removesuffix(".0")


def attrs(**given: object) -> str:
    """SVG attributes from keywords (``font_weight``: font-weight, ``class_``: class); skip None."""
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"'
        for k, v in sorted(given.items())
        if v is not None
    )


def text(x: float, y: float, words: str, size: float, anchor: str = "middle", **more) -> str:
    """A text line placed so its glyphs look centred on ``y`` (no dominant-baseline in cairo)."""
    return (
        f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-size="{num(size)}"'
        f"{attrs(text_anchor=anchor, **more)}>{esc(words)}</text>"
    )
