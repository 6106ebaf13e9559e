"""The side panel's year track: this year and the years to come, and what each brings back.

The track is public at the table, so the public map shows it whole: the markers lying on
a year and the pieces due back that year.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.mapdraw.sections import box, heading
from adjudicator.mapdraw.svg import INK, esc, num
from adjudicator.mapdraw.view import side_look, year_entries


def years(view: Mapping, style: Mapping, spec: Mapping, x: float, w: float, y: float):
    """A year track: this year and the next ones to the last (at most ``span``), this one
    marked, the last one framed; under each year what the view's track puts there (the
    drawing data's ``view.years``): the sides' markers in their colours, grey pieces due
    back (public, as at the table)."""
    entries, marker = year_entries(view, style)
    year, last = view.get("year"), view.get("last_year")
    if year is None or last is None:
        return [], y - 14
    span = max(1, min(int(spec.get("span", 8)), last - year + 1))
    out = [heading(x, y, spec["title"], w)]
    y += 34
    cell = w / span
    for i in range(span):
        shown = year + i
        frame = ' stroke-width="2.5"' if shown == last else " "
        out += box(x + i * cell, y, cell, str(shown), 9, on=shown == year, frame=frame)
        due = [e for e in entries if e.get("year") == shown]
        for j, entry in enumerate(due[:4]):
            out.append(year_mark(x + i * cell + 2 + j * 9, y + 12, entry, marker, style))
    return out, y + 26


def year_mark(
    x: float, y: float, entry: Mapping[str, Any], marker: str | None, style: Mapping
) -> str:
    """An entry of the track: with the field ``marker``, a side's marker (a truce cube: a
    small square in the side's colour, ``data-<marker>``); else a piece due back (a grey
    block)."""
    if marker in entry:
        colour = side_look(style, entry[marker])["colour"]
        return (
            f'<rect x="{num(x)}" y="{num(y)}" width="7" height="7" fill="{colour}" stroke="{INK}" '
            f'data-{marker}="{esc(entry[marker])}"/>'
        )
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="7" height="10" rx="1" fill="#6e6e6e" '
        f'stroke="{INK}"/>'
    )
