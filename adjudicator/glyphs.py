"""The map's words as glyph outlines, so that a PNG is drawn without laying out any text.

resvg spends nine tenths of a map's render shaping its ~200 text lines (about 0.2 s of
0.25 s); the same words given as paths render in a few milliseconds (issue 10, item 21).
The outlines are those of the map's font, DejaVu Sans Condensed, in its four styles,
kept in ``glyphs.json`` (written by ``tools/outline_font.py``). So the PNG also looks the
same on a machine without that font. The public SVG keeps its ``<text>``: it stays
small, searchable and readable by screen readers.

NOTE: glyphs are placed by their advance widths alone, without the font's kerning pairs;
at the map's sizes (6.5 to 18 px) the difference is under a pixel per pair.
"""

from __future__ import annotations

import functools
import html
import json
import re
from importlib import resources
from typing import Any

TEXT = re.compile(r"<text( [^>]*)>([^<]*)</text>")
ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
PLACING = {"x", "y", "font-size", "font-weight", "font-style", "text-anchor"}
SHIFT = {"middle": 0.5, "end": 1.0}


@functools.cache
def _font() -> dict[str, Any]:
    """The outlines: {"units_per_em": n, "faces": {face: {char: [advance, path]}}}."""
    text = resources.files("adjudicator").joinpath("glyphs.json").read_text("utf-8")
    return json.loads(text)


def outline_text(svg: str) -> str:
    """``svg`` with each ``<text>`` replaced by its glyphs' outlines, drawn with ``<use>``
    of one path per glyph defined once in ``<defs>``.

    A text with a character the outlines lack stays text (resvg then finds a font for
    it), so nothing is lost. Its other attributes (fill, class...) go to the group that
    replaces it. The same SVG always gives the same bytes.
    """
    font = _font()
    defs: dict[str, str] = {}

    def replace(match: re.Match[str]) -> str:
        attrs = dict(ATTR.findall(match[1]))
        face = _face(attrs)
        glyphs = font["faces"][face]
        words = html.unescape(match[2])
        if any(char not in glyphs for char in words):
            return match[0]
        scale = float(attrs["font-size"]) / font["units_per_em"]
        width = sum(glyphs[char][0] for char in words)
        x = float(attrs["x"]) - width * scale * SHIFT.get(attrs.get("text-anchor", ""), 0.0)
        uses, advance = [], 0
        for char in words:
            step, path = glyphs[char]
            if path:  # a space has no outline, only an advance
                key = f"glyph-{face}-{ord(char):x}"
                defs[key] = path
                uses.append(f'<use href="#{key}" x="{advance}"/>')
            advance += step
        kept = "".join(f' {k}="{v}"' for k, v in attrs.items() if k not in PLACING)
        place = f"translate({_n(x)} {attrs['y']}) scale({scale:.9g})"
        return f'<g transform="{place}"{kept}>{"".join(uses)}</g>'

    body = TEXT.sub(replace, svg)
    if not defs:
        return body
    head_end = body.index(">", body.index("<svg")) + 1
    paths = "".join(f'<path id="{key}" d="{path}"/>' for key, path in sorted(defs.items()))
    return f"{body[:head_end]}\n<defs>{paths}</defs>{body[head_end:]}"


def _face(attrs: dict[str, str]) -> str:
    """The outline set for a text's weight and style: regular, bold, italic or bold-italic."""
    bold = attrs.get("font-weight") in ("bold", "bolder", "600", "700", "800", "900")
    italic = attrs.get("font-style") in ("italic", "oblique")
    return "-".join(name for name, on in (("bold", bold), ("italic", italic)) if on) or "regular"


def _n(x: float) -> str:
    """A coordinate with two decimals and no trailing zeros: short and stable."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def text_width(text: str, size: float, *, bold: bool = False, italic: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` in the map's font (the same advances that
    `outline_text` places glyphs by), so a label's box is known before it is drawn. A
    character the outlines lack counts as wide as an 'M'."""
    face = "-".join(n for n, on in (("bold", bold), ("italic", italic)) if on) or "regular"
    font = _font()
    glyphs = font["faces"][face]
    wide = glyphs["M"][0]
    return sum(glyphs.get(c, (wide,))[0] for c in text) * size / font["units_per_em"]
