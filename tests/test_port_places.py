"""Where a port's name stands (`mapdraw._least_covered`): the first of its places that
covers nothing, else the one covering least; boxes far from the port do not count."""

from __future__ import annotations

from adjudicator.mapdraw import _least_covered

PLACES = [(6, 0, "start"), (-6, 0, "end"), (0, 12, "middle")]
# The name's box at each place, as (left, top, right, bottom).
BOXES = [(10, 0, 30, 10), (-30, 0, -10, 10), (-10, 12, 10, 22)]


def test_the_first_place_that_covers_nothing() -> None:
    tile = (12, 2, 20, 8)  # under the first place only
    far = (500, 500, 900, 900)
    assert _least_covered(BOXES, PLACES, [tile, far]) == PLACES[1]
    assert _least_covered(BOXES, PLACES, [far]) == PLACES[0]


def test_else_the_place_covering_least_first_on_a_tie() -> None:
    taken = [(0, 0, 40, 10), (-30, 0, -20, 10), (-10, 12, 0, 22)]  # 200, 100 and 100 covered
    assert _least_covered(BOXES, PLACES, taken) == PLACES[1]
    assert _least_covered(BOXES, PLACES, [*taken, (-15, 0, -12, 10)]) == PLACES[2]


def test_a_box_only_touching_a_place_covers_nothing() -> None:
    assert _least_covered(BOXES, PLACES, [(30, 0, 60, 10), (0, -20, 40, 0)]) == PLACES[0]
