"""The order language's verbs as one table: which lines each kind claims, and its reader.

A line is read in three steps, as a player means it. A line that starts with an area is a
Planning order (``Winterfell: march +1``; ``Port of Pyke: rai`` is an order with a mistake,
never a ``port`` line). Otherwise its keywords are put in English (issue 12, keywords.py) and
the first row of `VERBS` that claims it reads it; a line no row claims is an order. The rows
are tried in their order: ``bid wildlings`` is the wildlings' before it is the Westeros
phase's ``bid``, and an action verb yields to an order line (``march`` heads neither).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.orders.errors import LineError, invalid
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.language import (
    keywords,
    planning_lines,
    raven_lines,
    reading,
    westeros_phase_lines,
    wildling_lines,
)
from adjudicator.rulesets.westeros.language.action_lines import ACTION_VERBS, parse_action_line
from adjudicator.rulesets.westeros.language.clear import parse_clear
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import _l

_VERB = re.compile(r"\s*([A-Za-z']+)")
"""The first word of an English line: its verb."""


@dataclass(frozen=True)
class Verb:
    """One kind of instruction line."""

    kind: str
    """What the lines are, for the reader of this table."""
    claims: Callable[[State, str, str], bool]
    """(state, verb, line) -> whether the line is of this kind."""
    read: Callable[[State, str, str, str], Instruction]
    """(state, player, verb, line) -> the instruction; raises LineError."""


def _rest(line: str, verb: str) -> str:
    """The line after its verb."""
    match = _VERB.match(line)
    assert match is not None
    return line[match.end() :].lstrip()


def _read_clear(state: State, player: str, verb: str, line: str) -> Instruction:

    return parse_clear(state, _rest(line, verb))


def _read_raven(state: State, player: str, verb: str, line: str) -> Instruction:
    return raven_lines.parse_raven_line(state, player, verb, _rest(line, verb).removeprefix(":"))


def _is_wildling_line(state: State, verb: str, line: str) -> bool:

    return wildling_lines.is_wildling_line(line)


def _read_wildling_line(state: State, player: str, verb: str, line: str) -> Instruction:

    return wildling_lines.parse_wildling_line(state, player, line)


def _is_action_line(state: State, verb: str, line: str) -> bool:

    return verb in ACTION_VERBS and not reading.is_order_line(state, line)


def _read_action_line(state: State, player: str, verb: str, line: str) -> Instruction:

    return parse_action_line(state, player, line)


VERBS: tuple[Verb, ...] = (
    Verb("withdrawn standing lines", lambda s, v, line: v == "clear", _read_clear),
    Verb("the Messenger Raven", lambda s, v, line: v in ("raven", "bury"), _read_raven),
    Verb("wildling bids and card choices", _is_wildling_line, _read_wildling_line),
    Verb(
        "the Westeros phase: bids, ties, supply, musters, card choices",
        lambda s, v, line: westeros_phase_lines.is_westeros_line(line),
        lambda s, player, v, line: westeros_phase_lines.parse_westeros_line(s, player, line),
    ),
    Verb("the action phase's decisions", _is_action_line, _read_action_line),
)
"""Every kind of instruction line, in the order a line is offered to them."""


def read_instruction(state: State, player: str, line: str) -> Instruction:
    """An English line read by the first verb that claims it, else as a Planning order."""
    match = _VERB.match(line)
    verb = match.group(1).lower() if match else ""
    for row in VERBS:
        if row.claims(state, verb, line):
            return row.read(state, player, verb, line)
    return planning_lines.parse_order_line(state, player, line)


def read_line(state: State, player: str, line: str) -> Instruction:
    """One line of a submission, in any of the game's languages, as its instruction."""
    head = line.partition(":")[0]
    if reading.is_order_line(state, line) or keywords.is_area_name(state, head):
        return planning_lines.parse_order_line(state, player, line)
    line = keywords.to_english(line)
    try:
        return read_instruction(state, player, line)
    except LineError as error:
        if error.kind != "invalid" or not keywords.is_unknown_head(state, line):
            raise
        if planning_lines.ends_with_order_token(line):
            return planning_lines.parse_order_line(state, player, line)  # names the area
        word = line.split(":", 1)[0].split()[0]
        raise invalid(
            _l("unknown instruction '%(text)s'", text=word), keywords.verb_names()
        ) from None
