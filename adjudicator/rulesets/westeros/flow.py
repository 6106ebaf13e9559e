"""Bookkeeping of the action phase: open requests, whose turn it is, events, power.

Everything lives in `state.action`, saved as plain data, so that a saved state resumes exactly:

- ``step``: raid | march | consolidate | done
- ``last``: the house that acted last in the current step (Iron Throne order turns)
- ``open``: the open requests, each an `open_request.OpenRequest`
- ``n``: a counter that makes request ids unique within the phase; ``prefix`` (the
  Westeros phase's "westeros/") keeps them apart from the action phase's of the same round
- ``battle``: the combat under way (a `battle.Battle`, see combat.py), or absent
- ``wildling_attack``: the wildling attack under way (a `WildlingAttack`), or absent
- ``ports``: ports whose capture (P9) still waits to be resolved
- ``done``: "<kind>:<area>" of raids/marches already resolved (instructions used up)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Event
from adjudicator.rulesets.westeros.board import OrderToken
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.reported import EVENTS
from adjudicator.rulesets.westeros.request_contexts import CONTEXTS, Context
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import Text

Events = list[Event]


class Skip(Exception):
    """An instruction that cannot answer the open request now; the message says why (a
    `text.Text`, said in the player's language)."""

    def __init__(self, why: str | Text) -> None:
        super().__init__(str(why))
        self.why = why


def emit(events: Events, kind: str, /, **data: Any) -> None:
    """A public event; data holds ids, never names.

    Its kind and fields must be declared in `reported` (else `UndeclaredEvent`): the
    public gets the fields declared public, and the house the event names gets the whole
    event in a copy of its own when some field is declared for it only.
    """
    declared, seen, whole = EVENTS.split(kind, data)
    events.append(Event(kind, seen, shape=declared.shape))
    if len(seen) < len(whole) and "house" in data:
        events.append(Event(kind, whole, public=False, to=data["house"], shape=declared.shape))


def emit_private(events: Events, house: str, kind: str, /, **data: Any) -> None:
    """An event only `house` sees (declared in `reported` as `emit`'s); its data may name
    a house of its own."""
    declared, _seen, whole = EVENTS.split(kind, data)
    events.append(Event(kind, whole, public=False, to=house, shape=declared.shape))


def open_request(
    state: State,
    house: str,
    kind: str,
    keys: list[str],
    context: Context,
    summary: str | Text,
    secret: bool = False,
) -> str:
    """Open a decision for one house; ids are stable: round, kind, house, counter. The
    context must be the kind's record (`request_contexts.CONTEXTS`), as a saved state
    reads it back by the kind."""
    if type(context) is not CONTEXTS[kind]:
        raise TypeError(f"a {kind} request carries {CONTEXTS[kind].__name__}, not {context!r}")
    act = state.action
    act["n"] = act.get("n", 0) + 1
    rid = f"r{state.round}/{act.get('prefix', '')}{kind}/{house}/{act['n']}"
    act.setdefault("open", []).append(OpenRequest(rid, house, kind, keys, context, secret, summary))
    return rid


def find_open(state: State, request_id: str) -> OpenRequest | None:
    for req in state.action.get("open", []):
        if req.id == request_id:
            return req
    return None


def next_house(state: State, can_act: Callable[[str], bool]) -> str | None:
    """The next house in Iron Throne order after the last to act that still has a turn.

    Rulebook, Action phase: "starting with the first player on the Iron Throne track, each
    player resolves one of his orders ... in turn order, until all are resolved".
    """
    order = state.tracks["iron_throne"]
    last = state.action.get("last")
    start = order.index(last) + 1 if last in order else 0
    for i in range(len(order)):
        house = order[(start + i) % len(order)]
        if can_act(house):
            return house
    return None


def power_on_board(state: State, house: str) -> int:
    return sum(1 for h in state.power_tokens.values() if h == house)


def gain_power(state: State, house: str, amount: int) -> int:
    """Take up to `amount` tokens from the pool; a house never holds more than 20."""
    cap = state.board.game["power_tokens_max"]
    room = max(0, cap - state.power.get(house, 0) - power_on_board(state, house))
    gained = min(amount, room)
    state.power[house] = state.power.get(house, 0) + gained
    return gained


def lose_power(state: State, house: str, amount: int) -> int:
    """Return up to `amount` available tokens to the pool."""
    lost = min(amount, state.power.get(house, 0))
    state.power[house] = state.power.get(house, 0) - lost
    return lost


def order_owner(state: State, area: str) -> str | None:
    """The house whose order stands in `area` (the units' owner)."""
    return state.occupant(area) if area in state.orders else None


def order_type(token: str) -> str:
    """'march+1' -> 'march', 'raid*' -> 'raid', 'consolidate-power*' -> 'consolidate-power'
    ('' for no order)."""
    return OrderToken.from_text(token).type if token else ""


def is_star(token: str) -> bool:
    """Whether the order text of the state names a special token ('march+1', 'raid*')."""
    return OrderToken.from_text(token).star if token else False


def order_bonus(token: str) -> int:
    """The printed bonus of the order text of the state ('march-1' -> -1; 0 for no order)."""
    return OrderToken.from_text(token).bonus if token else 0


def orders_by_type(state: State, house: str, kind: str) -> list[str]:
    """Areas holding the house's orders of one type, in the order they were listed."""
    return [
        a for a, t in state.orders.items() if order_type(t) == kind and state.occupant(a) == house
    ]


def apply_answers(
    state: State, answers: Mapping[str, Answer], rng: Dice, kinds: Mapping[str, Any]
) -> Events:
    """Apply an answer (or the default) to every open request, in the order they opened.

    `kinds` maps each request kind to its (check, apply, default) functions. Every answer
    is checked when it is applied; an illegal one falls back to the default.
    """
    events: Events = []
    opened, state.action["open"] = list(state.action.get("open", [])), []
    for req in opened:
        check, apply, default = kinds[req.kind]
        answer = answers.get(req.id)
        value = answer.value if answer is not None else default(state, req, rng)
        try:
            value = check(state, req, value)
        except Skip as skip:
            # A secret answer (a bid) stays the house's own business even when it fails.
            said = {"house": req.house, "request": req.summary, "reason": skip.why}
            if req.secret:
                emit_private(events, req.house, "answer_rejected", **said)
            else:
                emit(events, "answer_rejected", **said)
            value = check(state, req, default(state, req, rng))
        apply(state, req, value, rng, events)
    return events
