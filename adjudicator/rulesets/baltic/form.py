"""The baltic order form (`adjudicator.form`): what the side to play may send this season.

While a side's action lines are asked (13.5), the form says how many AP it has, lists its
blocks where they stand, by the names the parser reads and with their strength (the side's
own knowledge, 13.6: the form is private), and offers `pass`. With 0 AP, `pass` is the
one action line it may send, so it is written out, not optional. Every line is the parser's own echo
(`echo.echo`), so pasting the form back reads the same lines.

NOTE: a simple form (issue 17 point 12 for baltic): it does not list every legal action;
an action line is free text with many parts, and the receipts echo what was understood.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.form import FormLine
from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.echo import echo
from adjudicator.rulesets.baltic.state import ABOARD, State
from adjudicator.rulesets.baltic.summaries import orders_summary, state_season
from adjudicator.text import Text, _l


def order_form(state: State, side: str, standing: Sequence[Any] = ()) -> list[FormLine]:
    """The form of `side` now: [] unless its action lines are asked."""
    if state.active_side() != side:
        return []
    ap = state.ap.get(side, 0)
    lines = [FormLine(_heading(state, ap), heading=True)]
    placed = _blocks_by_place(state, side)
    if placed:
        lines.append(FormLine(_l("Your blocks, where they stand:"), heading=True))
        lines += [FormLine(text, heading=True) for text in placed]
    lines.append(FormLine(echo({"action": "pass"}), optional=bool(ap)))
    return lines


def _heading(state: State, ap: int) -> Text:
    """What is asked: the AP of the season (13.5), or that `pass` ends a phase of 0 AP."""

    if not ap:
        return orders_summary(0)
    return _l(
        "Action lines for %(season)s: %(n)d AP, one action a line (delete the '#' before "
        "`pass` to end your phase now).",
        season=state_season(state),
        n=ap,
    )


def _blocks_by_place(state: State, side: str) -> list[Text]:
    """'Pskov: Karl XII 4, Livgardet 3' for each place holding blocks of `side`, map order."""
    found: dict[str, list[Text]] = {}
    for block, where in state.blocks.items():
        if not state.is_on_map(block) or control.side_of_block(block) != side:
            continue
        strength = _l("%(block)s %(n)d", block=board().said(block), n=where.strength)
        if where.at.startswith(ABOARD):  # cargo, named with the fleet where the fleet is
            fleet = where.at[len(ABOARD) :]
            strength = _l("%(block)s aboard %(fleet)s", block=strength, fleet=board().said(fleet))
            found.setdefault(state.blocks[fleet].at, []).append(strength)
            continue
        found.setdefault(where.at, []).append(strength)
    order = {place: n for n, place in enumerate(_places())}
    return [
        _l("%(place)s: %(blocks)s", place=_place(state, at), blocks=blocks)
        for at, blocks in sorted(found.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))
    ]


def _places() -> list[str]:
    """Every place a block may stand, in map order: territories, their harbors, the seas."""
    territories = list(board().territories)
    return [*territories, *(f"H:{t}" for t in territories), *board().seas]


def _place(state: State, at: str) -> Any:
    """A place by the name the reports give it now (a converted Nyen, 11.2h)."""
    if at.startswith("H:"):
        territory = control.named_now(state, at[2:])
        return _l("Harbor of %(territory)s", territory=territory)  # a line's head
    return control.named_now(state, at)
