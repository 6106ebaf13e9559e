"""The westeros order form (`adjudicator.form`): what a house may send with its orders.

While the orders are asked (Planning Phase) the form holds a line per area with the
house's units (ports apart: a port is an area of its own), the tokens and the special
allowance (King's Court), the Messenger Raven's choices for its holder, and the decisions
of the Westeros phase that opens the next round, which a house may send ahead: bids, the
musters of its castles, the choice of a Westeros card it would hold, the wildling bid.

Every line is the echo of the parser's own reading of a default, in each language checked
to read back to the same instruction (`spelled`), so the form is the syntax the parser
reads by construction; a line the parser would refuse now is left out. A standing
instruction fills its line in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.form import FormLine
from adjudicator.orders.errors import LineError, OrderErrors
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.language import westeros_phase_lines as ww
from adjudicator.rulesets.westeros.language import wildling_lines as wl
from adjudicator.rulesets.westeros.language.planning_lines import parse_order_line
from adjudicator.rulesets.westeros.rules.planning import areas_to_order, is_allowed_type
from adjudicator.rulesets.westeros.rules.recruiting import muster_points
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.vocabulary import GAME
from adjudicator.rulesets.westeros.words import said, wildling_options
from adjudicator.text import _l, say

Parse = Callable[[State, str, str], list[Instruction]]

CARD_HOLDERS = {
    "throne_of_blades": "iron_throne",
    "dark_wings": "kings_court",
    "put_to_the_sword": "fiefdoms",
}
"""The Westeros cards of a choice, and the track whose holder chooses (`CHOICE_CARDS`)."""


def order_form(state: State, house: str, standing: Sequence[Instruction], parse: Parse) -> list:
    """The form of `house` now: [] unless its orders are asked (Planning Phase)."""
    areas = areas_to_order(state, house)
    if state.phase != "planning" or not areas:
        return []
    groups: dict[tuple[str, str], list[Instruction]] = {}
    for instruction in standing:
        groups.setdefault((instruction.kind, instruction.key), []).append(instruction)
    lines = _orders(state, house, areas, groups.get(("orders", ""), []))
    if state.holder("kings_court") == house:
        # Rulebook, Messenger Raven: swap one placed order for an unused token, or look.
        swap = f"raven: {said.area(state, areas[0]).english} -> defense +1"
        raven = ["raven: none", "raven: look", swap]
        example = _l("an example: any area of yours, any token you leave unused")
        lines += _section(_l("The Messenger Raven, after the orders are revealed (choose one):"))
        lines += _ahead(state, house, raven, groups, parse, {swap: example})
    if state.round < state.board.game["rounds"]:
        heading = _l(
            "The Westeros phase of round %(round)d, sent ahead (optional: delete the '#' "
            "before a line to send it):",
            round=state.round + 1,
        )
        lines += _section(heading)
        lines += _ahead(state, house, _westeros_defaults(state, house), groups, parse)
        wildlings = _l(
            "Wildling cards, should one ask you: your preferences, the first legal one is used:"
        )
        lines += _section(wildlings)
        lines += _ahead(state, house, _wildling_defaults(state, house), groups, parse)
    return lines


def _section(heading: Any) -> list[FormLine]:
    return [FormLine(heading, heading=True)]


def _orders(
    state: State, house: str, areas: list[str], placed: list[Instruction]
) -> list[FormLine]:
    """The heading with the tokens and the allowance, then a line per area."""
    tokens = [said.order_token(t) for t in load_board().tokens if is_allowed_type(state, t)]
    lines = _section(
        _l(
            "Orders for round %(round)d: one token after each area's colon.",
            round=state.round,
        )
    )
    lines.append(FormLine(_l("Your tokens: %(tokens)s.", tokens=tuple(tokens)), heading=True))
    stars = _l("Special orders (★): at most %(n)d.", n=state.star_limit(house))
    lines.append(FormLine(stars, heading=True))
    if state.restricted:
        banned = [said.order_token(t) for t in load_board().tokens if not is_allowed_type(state, t)]
        forbidden = _l("Not this round (Westeros card): %(tokens)s.", tokens=tuple(banned))
        lines.append(FormLine(forbidden, heading=True))
    by_area = {i.value["area"]: i for i in placed}
    for area in areas:
        units = said.units(state.units[area][house])
        if area in by_area:
            placed_line = spelled(state, house, by_area[area], by_area[area].text, parse_order_line)
            lines.append(FormLine(placed_line, note=units))
        else:
            lines.append(FormLine(said.area(state, area), blank=True, note=units))
    return lines


def _westeros_defaults(state: State, house: str) -> list[str]:
    """The English lines of the Westeros phase's decisions, each at its default."""
    lines = [str(ww.format_bid(track, 0)) for track in TRACKS]
    for area in sorted(state.board.areas):
        if muster_points(state, area) and state.controller(area) == house:
            lines.append(str(ww.format_muster(state, area, {"mode": "none"})))
    for kind, track in CARD_HOLDERS.items():
        if state.holder(track) == house:
            lines.append(str(ww.format_card_choice(kind, "nothing")))
    lines.append(str(wl.bid_line(0)))
    return lines


def _wildling_defaults(state: State, house: str) -> list[str]:
    """A preference line per wildling card that asks a choice: declining where the card
    allows it, else every option in the rules' order (tracks, the house cards in hand)."""
    cards = [str(wildling_options.item_text(state, card)) for card in state.hands.get(house, [])]
    tracks = [str(wildling_options.item_text(state, track)) for track in TRACKS]
    lines = []
    for card, allowed in sorted(wl.ITEMS.items()):
        if "no" in allowed:
            prefs = ["no"]
        elif "option" in allowed:
            prefs = ["influence"]
        elif "card" in allowed:
            prefs = cards
        else:
            prefs = tracks
        if prefs:
            lines.append(f"{str(wl.card_line(state, card, [])).rstrip()} {', '.join(prefs)}")
    return lines


def _ahead(
    state: State,
    house: str,
    defaults: list[str],
    groups: dict[tuple[str, str], list[Instruction]],
    parse: Parse,
    notes: dict[str, Any] | None = None,
) -> list[FormLine]:
    """A line per default: the standing instructions of its group, else the default
    itself after a '#' (with its note from `notes`, if any). A group is shown once (two
    defaults may share one: raven)."""
    read_one = _whole_file_reader(parse)
    lines: list[FormLine] = []
    shown: set[tuple[str, str]] = set()
    for text in defaults:
        read = _read(state, house, text, read_one)
        if read is None:
            continue
        group = (read.kind, read.key)
        if group in groups:
            if group not in shown:
                for standing in groups[group]:
                    said_back = spelled(state, house, standing, standing.text, read_one)
                    lines.append(FormLine(said_back))
            shown.add(group)
            continue
        said_line = spelled(state, house, read, text, read_one)
        lines.append(FormLine(said_line, optional=True, note=(notes or {}).get(text)))
    return lines


ReadOne = Callable[[State, str, str], Instruction]


def _whole_file_reader(parse: Parse) -> ReadOne:
    """A line read as a whole file of one line (`Westeros.parse`)."""

    def read(state: State, house: str, text: str) -> Instruction:
        (instruction,) = parse(state, house, text)
        return instruction

    return read


def _read(state: State, house: str, text: str, read_one: ReadOne) -> Instruction | None:
    """The parser's reading of one line, or None when it would refuse the line now."""
    try:
        return read_one(state, house, text)
    except (OrderErrors, LineError, ValueError):
        return None


@dataclass(frozen=True)
class Spelled:
    """A form line as the parser reads it back to the same instruction, in the language it
    is said in: `instruction`'s echo there, else its English echo, else `fallback` (the
    line as first written). Checked when said, for the reader's language only."""

    state: State
    house: str
    instruction: Instruction
    fallback: str
    read_one: ReadOne

    def say(self, lang: str, game: str | None) -> str:
        meaning = (self.instruction.kind, self.instruction.key, self.instruction.value)
        echo = self.instruction.echo
        for text in (say(echo, lang, GAME), str(echo)):
            again = _read(self.state, self.house, text, self.read_one)
            if again is not None and (again.kind, again.key, again.value) == meaning:
                return text
        return self.fallback


def spelled(
    state: State, house: str, instruction: Instruction, fallback: str, read_one: ReadOne
) -> Spelled:
    """`instruction` as a form line: the round trip of receipts, checked (`Spelled`), so a
    form never offers a line the parser would read otherwise."""
    return Spelled(state, house, instruction, fallback, read_one)
