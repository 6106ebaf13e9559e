"""Reading a player's whole text in one pass: its lines, the chat around them, the checks
that concern the whole set of orders, and what could not be judged yet.

Issue 17: one reply with every error. Each line is read (`verbs.read_line`); a line
that is not understood and is a player's chat ('Oi mestre, tudo bem?', 'Abraços,') or a
signature (`-- ` and below) is told ignored in the receipt; every other failed line is an
error. The order lines that were read are then checked against the board together (tokens,
special orders, areas left without an order) even when other lines failed: only what a
failed line may still change waits, and says for which line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from adjudicator.orders.errors import LineError, OrderErrors, clip
from adjudicator.orders.lines import order_lines, signature_line
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.language import foresight, keywords, planning_lines
from adjudicator.rulesets.westeros.rules import planning
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import N_, _l

IGNORED = "ignored"
"""The kind of a line kept only to be told in the receipt; it answers no request."""
IGNORED_LINE = N_("ignored (line %(line)d, no instruction) — %(text)s")
IGNORED_SIGNATURE = N_("ignored — the signature, from line %(line)d on")

LineReader = Callable[[State, str, str], Instruction]
"""(state, player, line) -> the line's instruction; raises LineError."""


def read_text(state: State, player: str, text: str, read_line: LineReader) -> list[Instruction]:
    """Every instruction of `text`, or `OrderErrors` with every fault of it."""
    instructions, errors = [], []
    signature = signature_line(text)
    for number, line in order_lines(text):
        if signature and number >= signature:
            break
        try:
            instruction = read_line(state, player, line)
        except LineError as error:
            # NOTE (issue 17, 7): "text before the header line is not orders" is read as:
            # chat anywhere (before the header or after the orders) is told ignored, but a
            # line that looks like an order is read as one wherever it stands, so that no
            # order is lost to where a player put the header.
            if error.kind == "invalid" and keywords.is_chat(state, line):
                instructions.append(ignored(number, line, IGNORED_LINE))
            else:
                errors.append(error.at(number, line))
            continue
        warning = foresight.warning(state, player, instruction) or ""
        instructions.append(replace(instruction, line=number, text=line, warning=warning))
    if signature:
        instructions.append(ignored(signature, "-- ", IGNORED_SIGNATURE))
    orders = [i for i in instructions if i.kind == "orders"]
    # Only what a failed line may still change (an area left without an order) waits for it.
    pending = {e.line: area_of(state, e.text) for e in errors if may_order(state, e.text)}
    if orders or any(pending.values()):
        errors += planning.check_orders(state, player, orders, pending)
    if errors:
        raise OrderErrors(errors)
    return instructions


def ignored(number: int, line: str, message: str) -> Instruction:
    """A line that holds no instruction, told in the receipt (a greeting, a thanks, a
    signature is not rejected, and not dropped in silence)."""
    understood = _l(message, line=number, text=clip(line, 80))
    return Instruction(
        IGNORED, f"line {number}", None, line=number, text=line, understood=understood
    )


def may_order(state: State, line: str) -> bool:
    """Whether a line that failed may be an order once fixed: it starts with no keyword."""
    verb = keywords.to_english(line).split(":", 1)[0].split(" ", 1)[0].lower()
    return verb not in keywords.english_verbs() or keywords.is_area_name(state, line.split(":")[0])


def area_of(state: State, line: str) -> str | None:
    """The area a line that failed gives an order to ('Winterfell: marhc'), if it names one."""
    return state.board.names.lookup(line.partition(":")[0].strip())


def is_order_line(state: State, line: str) -> bool:
    """'Area: order token', and not a keyword before an area ('support Pyke: defender')."""
    return planning_lines.is_order_line(state, line) and not keywords.is_keyword_line(state, line)
