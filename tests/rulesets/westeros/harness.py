"""Play westeros positions without files or git: the ruleset, standing instructions, dice.

Runs the engine's own loop (`adjudicator.table`: answers from standing instructions,
defaults only when asked for), so a rule case can set up a position, send submissions and
check the result.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderError, OrderErrors
from adjudicator.requests import Event, Request
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.state import State
from adjudicator.table import Ledger, Policy, Runaway, Table, Verdict, advance, submit


def six_player_position(**overrides: Any) -> dict[str, Any]:
    """The 6-player start as a position file, with top-level keys replaced by `overrides`."""
    state = RULESET.new_game({"players": 6}, Dice(b"case", "case", 0))
    position = RULESET.export(state)
    position.update(copy.deepcopy(overrides))
    return position


@dataclass
class Played:
    state: State
    events: list[Event] = field(default_factory=list)
    rejected: dict[str, list[OrderError]] = field(default_factory=dict)
    waiting: list[Request] = field(default_factory=list)
    """The requests open when play stopped (nobody had answered them)."""

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


class Cases(Policy):
    """A rule case's policy: defaults only for the request kinds asked for (all with
    True), and a stop as soon as the game leaves `phases`."""

    def __init__(self, defaults: bool | Collection[str], phases: Collection[str] | None) -> None:
        self.defaults, self.phases = defaults, phases

    def stop(self, table: Table) -> bool:
        return self.phases is not None and table.state.phase not in self.phases

    def defaultable(self, request: Request) -> bool:
        return self.defaults is True or bool(self.defaults and request.kind in self.defaults)

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        return Verdict.DEFAULTS if all(map(self.defaultable, missing)) else Verdict.WAIT


def play(
    position: Mapping[str, Any] | State,
    submissions: Mapping[str, str | list[str]],
    *,
    defaults: bool | Collection[str] = False,
    max_steps: int = 500,
    seed: bytes = b"case",
    phases: Collection[str] | None = None,
) -> Played:
    """Load `position`, submit each house's text(s), and step until blocked, on the engine's
    loop (`table.advance`).

    With `defaults`, requests nobody answered get the ruleset's default (as at a deadline):
    all of them (True) or those of the request kinds named. With `phases`, play stops as
    soon as the game leaves them (an action-phase case ends with its round).
    """
    if isinstance(position, State):
        state = position
    else:
        state = RULESET.load_position(position, Dice(seed, "case", 0))
    played = Played(state)

    def dice(purpose: str, step: int) -> Dice:
        return Dice(seed, "case", step)  # the cases' rolls, defaults or not

    table = Table(RULESET, state, Ledger(), dice, reported=False)
    for house, texts in submissions.items():
        for text in [texts] if isinstance(texts, str) else texts:
            try:
                submit(table, house, text)
            except OrderErrors as errors:
                played.rejected.setdefault(house, []).extend(errors.errors)
    policy = Cases(defaults, phases)
    try:
        resolution = advance(table, policy, max_steps=max_steps)
    except Runaway:
        raise AssertionError(f"still playing after {max_steps} steps: a runaway game") from None
    played.events = [e for resolved in resolution.steps for e in resolved.events]
    played.waiting = [r for r in resolution.waiting if not policy.defaultable(r)]
    return played
