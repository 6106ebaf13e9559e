"""Write ``adjudicator/glyphs.json``: the map font's glyph outlines, for drawing PNG maps.

Not part of the product: a maintainer runs it when the map needs a character it lacks
(``tests/test_glyphs.py`` says which). It needs fontTools (``pip install fonttools``) and
Debian's fonts-dejavu-extra; the product needs neither.

Why outlines: resvg spends nine tenths of a map's render laying out its ~200 text lines
(about 0.2 s of 0.25 s); the same words given as glyph paths render in a few milliseconds,
and draw the same on a machine without the font (issue 10, item 21).

    python tools/outline_font.py [FONT_FOLDER]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent.parent
OUT = HERE / "adjudicator" / "glyphs.json"
FACES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "bold-italic": "DejaVuSansCondensed-BoldOblique.ttf",
}
RANGES = (
    (0x20, 0x7E),  # ASCII
    (0xA0, 0x17F),  # Latin-1 and Extended-A: Portuguese, and the Polish of baltic names
    (0x400, 0x45F),  # Cyrillic: Russian and more
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2190, 0x2193),  # arrows
    (0x2212, 0x2212),  # minus
    (0x2605, 0x2606),  # stars
)
NOTICE = (
    "Glyph outlines of DejaVu Sans Condensed (regular, bold, oblique, bold oblique), "
    "written by tools/outline_font.py. Fonts are (c) Bitstream (Bitstream Vera) and the "
    "DejaVu changes are in the public domain; the Bitstream Vera licence permits "
    "redistributing and modifying the font software: see https://dejavu-fonts.github.io/License.html"
)


def outlines(path: Path) -> tuple[int, dict[str, list]]:
    """(units per em, {char: [advance, SVG path]}) for every character of RANGES the font has.

    The path is in font units with y pointing down, as SVG draws; its numbers are integers
    (TrueType outlines are), so the file is small and the same on every run.
    """
    font = TTFont(path)
    cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
    found: dict[str, list] = {}
    for first, last in RANGES:
        for code in range(first, last + 1):
            name = cmap.get(code)
            if name is None:
                continue
            pen = SVGPathPen(glyphs, ntos=lambda n: f"{n:g}")
            glyphs[name].draw(TransformPen(pen, (1, 0, 0, -1, 0, 0)))
            found[chr(code)] = [glyphs[name].width, pen.getCommands()]
    return font["head"].unitsPerEm, found


def main(folder: str = "/usr/share/fonts/truetype/dejavu") -> None:
    faces, units = {}, set()
    for face, name in FACES.items():
        upem, faces[face] = outlines(Path(folder) / name)
        units.add(upem)
    (upem,) = units
    data = {"notice": NOTICE, "units_per_em": upem, "faces": faces}
    OUT.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    print(f"{OUT.relative_to(HERE)}: {sum(map(len, faces.values()))} glyphs")


if __name__ == "__main__":
    main(*sys.argv[1:])
