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
``area_marks``, in the game's words; the drawer has the glyphs (`marks`, `pieces`) and
knows which to draw from those names.

Every area is a ``<g data-area="id">`` group and every unit a ``<g data-<side>=.. data-unit=..>``
inside it (``<side>``: the game's word, ``view.sides.attribute``), so tests and tools can
read the picture without looking at pixels.

The modules, as the picture is drawn (each imports only those above it):

- `svg`: escaped values, numbers, attributes and text lines;
- `view`: what the drawer reads of a view, by the drawing data's names for it;
- `pieces`, `marks`: the glyphs: chips, badges, counters, shields; towers, icons, anchors;
- `tiles`: an area's point, its name's lines and its tile;
- `areas`: one area's group; `ports`: the ports' names on the coasts;
- `ground`: the regions or the lines of adjacency under the areas;
- `sections`, `years`, `legend`: the side panel's sections; `panel` stacks them;
- `page`: `draw_svg`, the whole picture.
"""

from adjudicator.mapdraw.page import draw_svg

# Where a port's name stands, as tests/test_port_places.py has always imported it.
from adjudicator.mapdraw.ports import least_covered as _least_covered  # noqa: F401

__all__ = ["draw_svg"]
