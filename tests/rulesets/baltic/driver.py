"""An in-memory driver: a whole baltic game played by bots through the ruleset contract.

No git, no files, but the engine's own loop (`adjudicator.table`): the bot writes order text
for the side whose orders are asked, the ruleset parses it, the standing lines answer the
requests (or their defaults do), and the ruleset steps.
A `check` called after every step lets a test check invariants, search the public record
for hidden identities, and hash the game to compare a replay byte for byte.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from adjudicator.dice import Dice
from adjudicator.requests import Event, Request
from adjudicator.rulesets.baltic import bot
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State
from adjudicator.table import Ledger, Policy, Resolved, Runaway, Table, Verdict, advance, submit

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


class Driver(Policy):
    """The bots' side of the engine's loop: when the side whose orders are asked has no
    standing lines for them, its bot writes them (through `translate`); what is still open
    then takes its default."""

    def __init__(self, game: Game, seed: int, translate: Callable[[str], str]) -> None:
        self.game, self.seed, self.translate = game, seed, translate
        self.until_year: int | None = None
        self.halt: Callable[[State], bool] | None = None
        self.check: Callable[[State | None, State, list[Event]], None] | None = None
        self.keep = True
        self.before: State | None = None

    def stop(self, table: Table) -> bool:
        state = table.state
        if self.until_year and state.year >= self.until_year and state.phase == "entry":
            return True
        if self.halt is not None and self.halt(state):
            return True
        # A Supply Phase is checked against the state before it (forage across it).
        supplying = self.check is not None and state.phase == "supply"
        self.before = copy.deepcopy(state) if supplying else None
        return False

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        if attempt:
            return Verdict.DEFAULTS
        step = table.ledger.step
        for player in dict.fromkeys(r.player for r in missing):
            rng = Dice(secret(self.seed), f"g/bot/{player}", step)
            text = bot.bot(table.state, player, table.ruleset.requests(table.state), rng, True)
            if text is not None:
                text = self.translate(text)
                self.game.orders.append(text)
                submit(table, player, text)
        return Verdict.AGAIN

    def resolved(self, table: Table, resolved: Resolved) -> None:
        self.game.steps = resolved.step
        if self.keep:
            self.game.events.append(list(resolved.events))
        if self.check is not None:
            self.check(self.before, table.state, list(resolved.events))


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
    of `until_year`, or until `stop(state)`), on the engine's loop (`table.advance`).
    `check(before, state, events)` runs after every step; `before` is a copy of the state
    before a Supply Phase (to check forage across it), else None. Every order text goes
    through `translate` before it is read (a test of orders in other languages); `orders`
    keeps the texts as read."""
    state = RULESET.new_game({"scenario": scenario}, Dice(secret(seed), "g", 0))
    game = Game(state)

    def dice(purpose: str, step: int) -> Dice:
        return Dice(secret(seed), "g" + purpose, step)

    table = Table(RULESET, state, Ledger(), dice, keep_spent=False, reported=False)
    driver = Driver(game, seed, translate)
    driver.until_year, driver.halt, driver.check, driver.keep = until_year, stop, check, keep
    try:
        advance(table, driver, max_steps=MAX_STEPS, record=False)
    except Runaway:
        raise AssertionError(f"{scenario} seed {seed}: no end after {MAX_STEPS} steps") from None
    return game
