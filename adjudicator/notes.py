"""The loop's own events (its notes), declared with who may see each field, as a ruleset's.

`table.advance` tells three things of every game in the reports, beside the ruleset's events:
an instruction was used, one was skipped (with why), a request took its default (NMR). They
are declared here the way a ruleset declares its events (`rulesets.audience`), and `note`
checks each one when it is made: an undeclared kind or field raises `UndeclaredEvent`, and a
field not declared public never reaches a public report. A skipped instruction's text can
quote a player's secret order (a march not yet revealed): it is the owner's only.

Their prose is `templates/common/events.j2`, one macro per kind.
"""

from __future__ import annotations

from typing import Any

from adjudicator.requests import Event, Instruction, Request
from adjudicator.rulesets.audience import Declared, declare, owner, public
from adjudicator.text import Text, to_data


@declare("nmr")
class Nmr:
    """A request no instruction answered took its default (NMR): public, as the deadline is."""

    player: str = public()
    request: str = public()
    """The request's kind."""
    summary: str | Text = public()
    """What was asked, in the players' words."""


@declare("instruction_used")
class InstructionUsed:
    """An instruction answered a request: told to its player."""

    player: str = public()
    text: Any = owner()
    """What was understood (`Instruction.echo` as data: a string or a said `Text`)."""


@declare("instruction_skipped")
class InstructionSkipped:
    """An instruction meant for a request could not answer it now: told to its player, with
    why (STYLE: nothing a player sent is dropped in silence)."""

    player: str = public()
    line: int = owner()
    submission: str = owner()
    text: str = owner()
    """The line as the player wrote it: it may quote an order not yet revealed."""
    why: str | Text = owner()


NOTES = Declared(Nmr, InstructionUsed, InstructionSkipped)
"""Every event kind the loop emits, for `note` and the tests."""


def note(kind: str, to: str | None = None, /, **data: Any) -> Event:
    """A note of the loop, checked against its declaration: public when `to` is None (then
    only public fields may be in it), else the whole note to player `to`.

    Raises UndeclaredEvent for an undeclared kind or field, or a public note carrying a
    field not declared public."""
    return NOTES.check(Event(kind, data, public=to is None, to=to))


def used(player: str, instruction: Instruction) -> Event:
    """`player` is told that `instruction` answered their request."""
    # What was understood, said later in the player's language.
    return note("instruction_used", player, player=player, text=to_data(instruction.echo))


def skipped(player: str, instruction: Instruction, why: str | Text) -> Event:
    """`player` is told that `instruction` was not used, and why."""
    return note(
        "instruction_skipped",
        player,
        player=player,
        line=instruction.line,
        submission=instruction.submission,
        text=instruction.text,
        why=why,
    )


def nmr(request: Request) -> Event:
    """Everyone is told that `request` took its default: its player sent nothing in time."""
    return note("nmr", player=request.player, request=request.kind, summary=request.summary)
