"""An in-memory driver: a whole baltic game played by bots through the ruleset contract.

No git, no files: the bot writes order text for the side whose orders are asked, the ruleset
parses it, answers the request from it (or from its default), and steps, as the engine does.
A `check` called after every step lets a test check invariants, search the public record
for hidden identities, and hash the game to compare a replay byte for byte.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from adjudicator.dice import Dice
from adjudicator.requests import Answer, AnswerSource, Event
from adjudicator.rulesets.baltic import bot
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State

MAX_STEPS = 2000
"""A Grand Campaign is 88 seasons of about five steps; more means a ruleset that loops."""


@dataclass
class Game:
    """What a bot game left behind."""

    state: State
    steps: int = 0
    events: list[list[Event]] = field(default_factory=list)
    """Per step, every event (public and private)."""
    orders: list[str] = field(default_factory=list)
    """Every order text the bots sent, in order."""


def secret(seed: int) -> bytes:
    return f"bot-game-{seed}".encode()


def play(
    scenario: str,
    seed: int,
    *,
    until_year: int | None = None,
    check: Callable[[State | None, State, list[Event]], None] | None = None,
    keep: bool = True,
    translate: Callable[[str], str] = str,
    stop: Callable[[State], bool] | None = None,
) -> Game:
    """Play `scenario` with bots on both sides from `seed` to its end (or to the Entry Phase
    of `until_year`, or until `stop(state)`). `check(before, state, events)` runs after every
    step; `before` is a copy of the state before a Supply Phase (to check forage across it),
    else None. Every order text goes through `translate` before it is read (a test of orders
    in other languages); `orders` keeps the texts as read."""
    rs = RULESET
    state = rs.new_game({"scenario": scenario}, Dice(secret(seed), "g", 0))
    game = Game(state)
    submission = 0
    for step in range(1, MAX_STEPS + 1):
        requests = rs.requests(state)
        if not requests or (until_year and state.year >= until_year and state.phase == "entry"):
            break
        if stop is not None and stop(state):
            break
        answers: dict[str, Answer] = {}
        for request in requests:
            if not request.player:
                answers[request.id] = Answer(request.id, None, AnswerSource.AUTOMATIC)
                continue
            rng = Dice(secret(seed), f"g/bot/{request.player}", step)
            text = bot.bot(state, request.player, requests, rng, ahead=True)
            choice = None
            if text is not None:
                submission += 1
                text = translate(text)
                game.orders.append(text)
                parsed = rs.parse(state, request.player, text)
                parsed = [replace(i, submission=f"{submission:04d}") for i in parsed]
                choice = rs.answer(state, request, parsed)
            if choice is not None and choice.instruction is not None:
                answers[request.id] = Answer(request.id, choice.value)
            else:
                value = rs.default(state, request, Dice(secret(seed), "g/defaults", step))
                answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
        supplying = check is not None and state.phase == "supply"
        before = copy.deepcopy(state) if supplying else None
        events = rs.step(state, answers, Dice(secret(seed), "g", step))
        game.steps = step
        if keep:
            game.events.append(events)
        if check is not None:
            check(before, state, events)
    else:
        raise AssertionError(f"{scenario} seed {seed}: no end after {MAX_STEPS} steps")
    return game
