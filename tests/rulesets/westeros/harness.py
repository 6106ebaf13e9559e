"""Play westeros positions without files or git: the ruleset, standing instructions, dice.

Mirrors what the engine does in a run (answers from standing instructions, defaults only
when asked for), so a rule case can set up a position, send submissions and check the result.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderError, OrderErrors
from adjudicator.requests import Answer, AnswerSource, Event, Request, Submission
from adjudicator.requests import standing_instructions as standing
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.state import State


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


def play(
    position: Mapping[str, Any] | State,
    submissions: Mapping[str, str | list[str]],
    *,
    defaults: bool | Collection[str] = False,
    max_steps: int = 500,
    seed: bytes = b"case",
    phases: Collection[str] | None = None,
) -> Played:
    """Load `position`, submit each house's text(s), and step until blocked.

    With `defaults`, requests nobody answered get the ruleset's default (as at a deadline):
    all of them (True) or those of the request kinds named. With `phases`, play stops as
    soon as the game leaves them (an action-phase case ends with its round).
    """
    if isinstance(position, State):
        state = position
    else:
        state = RULESET.load_position(position, Dice(seed, "case", 0))
    played = Played(state)
    subs: list[Submission] = []
    for house, texts in submissions.items():
        for text in [texts] if isinstance(texts, str) else texts:
            sub_id = f"{len(subs) + 1:04d}-{house}"
            try:
                parsed = RULESET.parse(state, house, text)
            except OrderErrors as errors:
                played.rejected.setdefault(house, []).extend(errors.errors)
                continue
            parsed = tuple(replace(i, submission=sub_id) for i in parsed)
            subs.append(
                Submission(sub_id, house, "", "", "", RULESET.epoch(state), 0, text, parsed)
            )
    used: set[str] = set()
    for step in range(1, max_steps + 1):
        if phases is not None and state.phase not in phases:
            return played
        requests = RULESET.requests(state)
        if not requests:
            return played
        answers = {}
        spent: set[str] = set()  # as the engine: instructions are used up once all are chosen
        for request in requests:
            if not request.player:  # a step the rules take alone, as the engine does
                answers[request.id] = Answer(request.id, None, AnswerSource.AUTOMATIC)
                continue
            choice = RULESET.answer(state, request, standing(subs, request.player, used))
            if choice.instruction is not None:
                answers[request.id] = Answer(request.id, choice.value)
                spent.add(choice.instruction.ref)
                if choice.instruction.kind == "orders":
                    spent.update(
                        i.ref
                        for s in subs
                        for i in s.instructions
                        if s.player == request.player and i.kind == "orders"
                    )
            elif defaults is True or (defaults and request.kind in defaults):
                value = RULESET.default(state, request, Dice(seed, "case", step))
                answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
        used |= spent
        if len(answers) < len(requests):
            played.waiting = [r for r in requests if r.id not in answers]
            return played
        played.events += RULESET.step(state, answers, Dice(seed, "case", step))
    raise AssertionError(f"still playing after {max_steps} steps: a runaway game")
