"""What the drawer reads of a view, in the game's words.

A view is a ruleset's dict (`Ruleset.view`), keyed in the game's nouns: houses or nations,
power tokens, garrisons, truce cubes. The drawing data's ``view`` names those keys
(``sides``, ``counters``, ``shields``, ``named``, ``years``) and the SVG's words for them,
and every other module asks here, so none of them names a game's noun.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from adjudicator.mapdraw.svg import INK


def sides(view: Mapping[str, Any], style: Mapping[str, Any]) -> Collection[str]:
    """The sides (houses, nations) in the view's order: its key ``view.sides.key`` (a list,
    or a mapping by side)."""
    return view.get(style["view"]["sides"]["key"], ())


def side_look(style: Mapping[str, Any], side: str) -> Mapping[str, str]:
    """A side's drawing facts; an unknown side gets neutral grey rather than a crash."""
    default = {"name": side.title(), "short": side[:3].upper(), "colour": "#999", "ink": INK}
    return {**default, **style["sides"].get(side, {})}


def side_attr(style: Mapping[str, Any], side: str | None) -> dict[str, str | None]:
    """The ``data-<side>`` attribute of a piece, in the game's word for a side."""
    return {f"data_{style['view']['sides']['attribute']}": side}


def counters(view: Mapping[str, Any], style: Mapping[str, Any]) -> Mapping[str, str]:
    """Area -> the side whose counter lies there (a power token), if the game has any."""
    spec = style["view"].get("counters")
    return view.get(spec["key"], {}) if spec else {}


def shields(view: Mapping[str, Any], style: Mapping[str, Any]) -> Mapping[str, int]:
    """Area -> the strength of the shield drawn beside it (a garrison), if the game has any."""
    spec = style["view"].get("shields")
    return view.get(spec["key"], {}) if spec else {}


def year_entries(
    view: Mapping[str, Any], style: Mapping[str, Any]
) -> tuple[Sequence[Mapping[str, Any]], str | None]:
    """The year track's entries (each on its ``year``), by the style's ``view.years.key``,
    and the field that makes an entry a side's marker (``marker``: baltic's truce cube),
    its value the side; no entries where the game has no such track."""
    spec = style["view"].get("years")
    return (view.get(spec["key"], ()), spec.get("marker")) if spec else ((), None)


def area_keyed(style: Mapping[str, Any]) -> tuple[str, ...]:
    """The view's mappings keyed by area, by their keys: each must name areas of the board."""
    pieces = [style["view"].get(kind, {}).get("key") for kind in ("counters", "shields")]
    return ("units", "orders", *filter(None, pieces), "impassable")


def units_of(view: Mapping[str, Any], area_id: str, style: Mapping) -> list[tuple[str, str]]:
    """(side, unit) pairs in an area, sides in the view's order, then any others by id."""
    by_side = view.get("units", {}).get(area_id, {})
    order = [s for s in sides(view, style) if s in by_side]
    order += sorted(s for s in by_side if s not in order)
    return [(s, u) for s in order for u in by_side[s]]


def owners(
    view: Mapping[str, Any], areas: Mapping[str, Mapping], style: Mapping[str, Any]
) -> dict[str, str]:
    """Who holds each area as the board shows it: the view's ``control`` where it gives one,
    else the side whose units stand there, else its counter, else the side whose printed
    home it is; a port, its ships' side, else its land's holder.

    NOTE: this is how a board shows control at the table (see the NOTE at ``view`` in the
    game's map data for the rule it follows), so the drawer reads it off the pieces rather
    than asking the rules.
    """
    playing = sides(view, style)
    control = view.get("control")
    units = view.get("units", {})
    laid = counters(view, style)
    out: dict[str, str] = {}
    for i, area in areas.items():
        if control is not None:
            owner = control.get(i)
        else:
            here = [s for s in playing if units.get(i, {}).get(s)]
            home = area.get("home") if area.get("home") in playing else None
            owner = here[0] if here else laid.get(i) or home
        if owner:
            out[i] = owner
    for i, area in areas.items():
        land = (area.get("port_of") or {}).get("land")
        if land and i not in {a for a in units if units[a]}:
            if out.get(land):
                out[i] = out[land]
            else:
                out.pop(i, None)
    return out


def shield_owner(area: Mapping, view: Mapping, style: Mapping) -> str | None:
    """Whose colour an area's shield takes: its controller's, else its home side's; None
    (grey, neutral) where that is not one of the view's sides."""
    owner = view.get("control", {}).get(area.get("id")) or area.get("home")
    return owner if owner in sides(view, style) else None
