"""Bots: random but legal westeros play, written as the order text a player would send.

`Westeros.bot` answers whatever `player` is asked now and, with `ahead`, adds standing
instructions for the rest of the round. Every line goes through the ruleset's own parser and
`answer` (a round trip): a bot never gets what a human could not, and a line the parser
refuses is dropped (the answer for the open request falls back to the rules' default,
written as text). All randomness comes from the `Dice` passed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.requests import Request
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.bots import lines as words
from adjudicator.rulesets.westeros.bots import westeros_phase
from adjudicator.rulesets.westeros.bots.action_phase import KINDS, propose, render
from adjudicator.rulesets.westeros.bots.ahead import ahead_lines, battle_lines
from adjudicator.rulesets.westeros.request_contexts import MusterChoice, context_of
from adjudicator.rulesets.westeros.rules import recruiting
from adjudicator.rulesets.westeros.rules.planning import areas_to_order, is_allowed_type
from adjudicator.rulesets.westeros.rules.raven import swap_problem
from adjudicator.rulesets.westeros.state import State

TRIES = 12
"""Random proposals tried for one request before the default is written instead."""
TOKEN_WEIGHTS = {"march": 4, "defense": 2, "support": 2, "raid": 2, "consolidate-power": 2}
"""How often each order type is drawn: marches are what makes a game move."""


def bot(ruleset: Any, state: State, player: str, rng: Dice, ahead: bool) -> str | None:
    """Order lines (no header) answering what `player` is asked now; None if nothing."""
    asked = [r for r in ruleset.requests(state) if r.player == player]
    if not asked:
        return None
    lines: list[str] = []
    orders: dict[str, str] = {}
    mustered = state  # a house's castles are asked together: each muster sees the ones before
    for request in asked:
        if request.kind == "muster":
            answer = _answer_now(ruleset, mustered, request, rng)
            mustered = _after_muster(ruleset, mustered, request, answer)
        else:
            answer = _answer_now(ruleset, state, request, rng)
        lines += answer
        if request.kind == "orders":
            orders = _orders_of_lines(state, answer)
    if ahead:
        lines += _ahead(state, player, orders, asked, rng)
    lines = _parseable(ruleset, state, player, lines)
    return "\n".join(lines) + "\n" if lines else None


def _ahead(
    state: State, player: str, orders: dict[str, str], asked: list[Request], rng: Dice
) -> list[str]:
    """Standing instructions for the rest of the round's mail: the action phase after the
    orders, and the Westeros phase that opens the next round (`Westeros.epoch`)."""

    if state.phase == "westeros":
        return []  # the round's lines came with the orders; the next round's come with its own
    if not any(r.kind == "orders" for r in asked):
        # Later in the round the lines sent with the orders still stand: only more battle
        # decisions (a second battle, a card list used up) may be missing.
        return battle_lines(state, player, {r.kind for r in asked}, rng)
    lines = ahead_lines(state, player, orders, asked, rng)
    if state.round < state.board.game["rounds"]:
        lines += westeros_phase.ahead_lines(state, player, rng)
    return lines


def _answer_now(ruleset: Any, state: State, request: Request, rng: Dice) -> list[str]:
    """Lines that answer `request` legally now: a random proposal, else the default."""
    propose = PROPOSERS.get(request.kind)
    for _ in range(TRIES if propose else 0):
        lines = propose(state, request, rng)  # type: ignore[misc]
        if lines and _answers(ruleset, state, request, lines):
            return lines
    value = ruleset.default(state, request, rng)
    lines = render_value(state, request, value)
    return lines if lines and _answers(ruleset, state, request, lines) else []


def _after_muster(ruleset: Any, state: State, request: Request, lines: list[str]) -> State:
    """A copy of `state` with this castle's muster applied (the next castle's choices)."""

    instructions = ruleset.parse(state, request.player, "\n".join(lines)) if lines else []
    items = ruleset.answer(state, request, instructions).value if instructions else None
    if not items:
        return state
    after = ruleset.restore(ruleset.save(state))
    area = context_of(request, MusterChoice).area
    recruiting.apply_muster(after, request.player, area, items, [])
    return after


def _answers(ruleset: Any, state: State, request: Request, lines: list[str]) -> bool:
    """The round trip: the parser reads the lines and they answer the request now."""
    try:
        instructions = ruleset.parse(state, request.player, "\n".join(lines))
    except OrderErrors:
        return False
    return ruleset.answer(state, request, instructions).instruction is not None


def _parseable(ruleset: Any, state: State, player: str, lines: list[str]) -> list[str]:
    """Drop the lines the parser refuses (a standing instruction it cannot take now)."""
    for _ in range(len(lines) + 1):
        try:
            ruleset.parse(state, player, "\n".join(lines))
            return lines
        except OrderErrors as errors:
            bad = {e.line for e in errors.errors}
            if 0 in bad:  # a fault of the whole set of orders: cannot happen after _answer_now
                return []
            lines = [line for n, line in enumerate(lines, start=1) if n not in bad]
    return lines


def _orders_of_lines(state: State, lines: list[str]) -> dict[str, str]:
    by_name = {state.board.name(a): a for a in state.board.areas}
    reverse = {v: k for k, v in words.TOKEN_WORDS.items()}
    out = {}
    for line in lines:
        name, _, token = line.partition(": ")
        out[by_name[name]] = reverse[token]
    return out


# -- planning -----------------------------------------------------------------------------
def random_orders(state: State, house: str, rng: Dice) -> dict[str, str]:
    """One legal order per area with units, while tokens last, drawn by TOKEN_WEIGHTS."""
    board = load_board()
    pool = [t for t in board.tokens if is_allowed_type(state, t)]
    stars_left = state.star_limit(house)
    orders: dict[str, str] = {}
    for area in rng.shuffled(areas_to_order(state, house)):
        no_star = board.areas[area].is_port and state.options.ports == "clash-of-kings"
        fit = [t for t in pool if not t.star or (stars_left > 0 and not no_star)]
        if not fit:
            break
        weighted = [t for t in fit for _ in range(TOKEN_WEIGHTS.get(t.type, 1))]
        token = rng.choice(weighted)
        pool.remove(token)
        stars_left -= token.star
        orders[area] = token.text()
    return dict(sorted(orders.items()))


def propose_orders(state: State, request: Request, rng: Dice) -> list[str]:
    orders = random_orders(state, request.player, rng)
    return [words.order_line(state, a, t) for a, t in orders.items()]


# -- the Messenger Raven ------------------------------------------------------------------
def propose_raven(state: State, request: Request, rng: Dice) -> list[str]:

    mine = sorted(state.orders_of(request.player))
    swaps = [
        f"raven: {state.board.name(area)} -> {words.token_text(token)}"
        for area in mine
        for token in words.TOKEN_WORDS
        if not swap_problem(state, request.player, {"area": area, "token": token})
    ]
    return [rng.choice(["raven: none", "raven: look", *([rng.choice(swaps)] if swaps else [])])]


def propose_bury(state: State, request: Request, rng: Dice) -> list[str]:
    return [rng.choice(["bury: yes", "bury: no"])]


# -- the action phase ---------------------------------------------------------------------
def propose_action(state: State, request: Request, rng: Dice) -> list[str]:

    return propose(state, request, rng)


def render_value(state: State, request: Request, value: Any) -> list[str]:
    """The rules' default (or any value) for `request`, as the line that says it."""
    if request.kind == "orders":
        return [words.order_line(state, a, t) for a, t in (value or {}).items()]
    if request.kind == "raven":
        return ["raven: none"] if value.get("action") == "none" else []
    if request.kind == "bury":
        return ["bury: yes" if value.get("bury") else "bury: no"]

    if request.kind in westeros_phase.PROPOSERS:
        return westeros_phase.render(state, request, value)
    return render(state, request, value)


PROPOSERS: dict[str, Callable[[State, Request, Dice], list[str]]] = {
    "orders": propose_orders,
    "raven": propose_raven,
    "bury": propose_bury,
}
"""Request kind -> a random proposal (lines). Action-phase kinds are added below."""


def _register_kinds() -> None:

    for kind in KINDS:
        PROPOSERS.setdefault(kind, propose_action)
    PROPOSERS.update(westeros_phase.PROPOSERS)


_register_kinds()
