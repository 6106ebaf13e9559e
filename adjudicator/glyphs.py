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
TOKEN = re.compile(r"([MLQHVZ])|(-?[\d.]+)")
SHIFT = {"middle": 0.5, "end": 1.0}


@functools.cache
def _font() -> dict[str, Any]:
    """The outlines: {"units_per_em": n, "faces": {face: {char: [advance, path]}}}."""
    text = resources.files("adjudicator").joinpath("glyphs.json").read_text("utf-8")
    return json.loads(text)


def outline_text(svg: str) -> str:
    """``svg`` with each ``<text>`` replaced by one path: its glyphs' outlines set one
    advance apart (`word_path`), placed and scaled by a transform.

    One path per text, not a ``<use>`` per glyph: resvg's cost is per element, and the
    ~2,500 glyphs of a map drawn one by one were three quarters of its render (issue 21).

    A text with a character the outlines lack stays text (resvg then finds a font for
    it), so nothing is lost. Its other attributes (fill, a halo's stroke...) go to the
    path that replaces it, a stroke's width scaled back to the map's units. The same SVG
    always gives the same bytes.
    """
    font = _font()

    def replace(match: re.Match[str]) -> str:
        attrs = dict(ATTR.findall(match[1]))
        face = _face(attrs)
        words = html.unescape(match[2])
        drawn = word_path(face, words)
        if drawn is None:
            return match[0]
        d, width = drawn
        scale = float(attrs["font-size"]) / font["units_per_em"]
        x = float(attrs["x"]) - width * scale * SHIFT.get(attrs.get("text-anchor", ""), 0.0)
        if "stroke-width" in attrs:
            attrs["stroke-width"] = f"{float(attrs['stroke-width']) / scale:.4g}"
        kept = "".join(f' {k}="{v}"' for k, v in attrs.items() if k not in PLACING)
        place = f"translate({_n(x)} {attrs['y']}) scale({scale:.9g})"
        return f'<path transform="{place}"{kept} d="{d}"/>' if d else ""

    return TEXT.sub(replace, svg)


@functools.lru_cache(maxsize=4096)
def word_path(face: str, words: str) -> tuple[str, int] | None:
    """(path data in font units, advance width) of ``words`` set in ``face``: each glyph's
    outline moved right by the advances before it; None when a character has no outline.
    Cached: a run's maps repeat the same few hundred words."""
    glyphs = _font()["faces"][face]
    if any(char not in glyphs for char in words):
        return None
    parts, advance = [], 0
    for char in words:
        step, path = glyphs[char]
        if path:  # a space has no outline, only an advance
            parts.append(_moved(path, advance) if advance else path)
        advance += step
    return "".join(parts), advance


def _moved(path: str, dx: int) -> str:
    """A glyph's path (absolute M, L, Q, H, V and Z, as tools/outline_font.py writes them)
    moved ``dx`` font units to the right (`_pieces`: the path parsed once per glyph)."""
    texts, xs = _pieces(path)
    parts = [texts[0]]
    for x, text in zip(xs, texts[1:], strict=True):
        parts += (str(x + dx), text)  # str of an int or a half: what `_g` would write
    return "".join(parts)


@functools.cache
def _pieces(path: str) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """A glyph's path split at its x coordinates: the text around them (numbers that do
    not move written already) and the x values (ints, or halves as floats), so moving a
    glyph only adds and writes its xs. A map moves ~800 glyphs: parsing each path every
    time was 35 ms of the run's critical path, before resvg could start (issue 21)."""
    texts, xs, text, xy, kind = [], [], "", 0, ""
    for command, number in TOKEN.findall(path):
        if command:
            text, kind, xy = text + command, command, 0
            continue
        text += "" if text[-1:].isalpha() else " "
        value = float(number)
        if kind == "H" or (kind in "MLQ" and xy % 2 == 0):
            texts.append(text)
            xs.append(int(value) if value.is_integer() else value)
            text = ""
        else:
            text += _g(value)
        xy += 1
    return (*texts, text), tuple(xs)


def _g(value: float) -> str:
    """A font-unit number, short: integers plain, halves with one decimal."""
    return f"{value:.1f}".removesuffix(".0")


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
