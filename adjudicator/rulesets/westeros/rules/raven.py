"""The Messenger Raven, right after the orders are revealed.

Rulebook: the holder of the Messenger Raven (first on King's Court) may either replace one of
its placed orders with one of its unused order tokens, or look at the top card of the
wildling deck and then either leave it there or put it at the bottom of the deck. What the
holder saw is private; whether a card was buried is public.

Instructions: ``raven: Winterfell -> defense +1`` (swap), ``raven: look``, ``raven: none``;
after a look, ``bury: yes`` / ``bury: no`` / ``bury: Crow Killers, Mammoth Riders`` (bury
only if the top card is one of those — a standing answer sent before the look), read by
`language/raven_lines.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros.board import OrderToken, load_board
from adjudicator.rulesets.westeros.rules.planning import is_allowed_type
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, Text, _l, _ln

NOTHING = {"action": "none"}


def raven_requests(state: State) -> list[Request]:
    holder = state.holder("kings_court")
    if state.raven.get("looked"):
        return [
            Request(
                f"r{state.round}/bury/{holder}",
                holder,
                "bury",
                summary=_l("Messenger Raven: bury the wildling card you saw, or keep it"),
            )
        ]
    return [
        Request(
            f"r{state.round}/raven/{holder}",
            holder,
            "raven",
            summary=_l("Messenger Raven: swap one order, look at the wildling deck, or none"),
        )
    ]


def swap_problem(state: State, house: str, value: dict[str, Any]) -> Text | None:
    """Why a swap is illegal now (None: legal). The new token must be one left unused."""
    area, new = value["area"], OrderToken.from_text(value["token"])
    if state.orders.get(area) is None or state.occupant(area) != house:
        mine = said.areas(state, state.orders_of(house)) or _l("none")
        return _l(
            "%(area)s holds no order of yours (yours: %(mine)s)",
            area=said.area(state, area),
            mine=mine,
        )
    placed = Counter(state.orders_of(house).values())
    placed[state.orders[area]] -= 1
    owned = Counter(t.text() for t in load_board().tokens)
    if placed[new.text()] >= owned[new.text()]:
        return _l("you have no unused %(token)s token", token=said.order_token(new))
    if not is_allowed_type(state, new):
        return _l("%(token)s orders may not be placed this round", token=said.order_token(new))
    if new.star:
        stars = sum(n for name, n in placed.items() if OrderToken.from_text(name).star)
        if stars + 1 > state.star_limit(house):
            return _ln(
                "that would exceed your %(n)d special order",
                "that would exceed your %(n)d special orders",
                state.star_limit(house),
            )
        if state.board.areas[area].is_port and state.options.ports == "clash-of-kings":
            return _l("special orders may never stand in a port (P12)")
    return None


def swap_options(state: State, house: str, area: str) -> list[Name]:
    """What a swap may name instead (issue 17: every error lists it): the tokens the house
    may put in `area`, or, when `area` holds no order of its, the areas that do."""
    if state.orders.get(area) is None or state.occupant(area) != house:
        return [said.area(state, a) for a in state.orders_of(house)]
    tokens = dict.fromkeys(t.text() for t in load_board().tokens)
    return [
        said.order_token(OrderToken.from_text(name))
        for name in tokens
        if name != state.orders[area]
        and swap_problem(state, house, {"area": area, "token": name}) is None
    ]


def raven_answer(state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
    skipped = []
    for ins in instructions:
        if ins.kind != request.kind:
            continue
        if ins.kind == "bury":
            wanted = ins.value["bury"]
            bury = wanted == "all" or state.raven["looked"] in wanted
            return Choice(ins, {"bury": bury})
        problem = (
            swap_problem(state, request.player, ins.value)
            if ins.value["action"] == "swap"
            else None
        )
        if problem is None:
            return Choice(ins, ins.value, tuple(skipped))
        skipped.append((ins, problem))
    return Choice(None, skipped=tuple(skipped))


def raven_default(request: Request) -> dict[str, Any]:
    """Nothing came: the raven does nothing; a looked-at card stays on top."""
    return {"bury": False} if request.kind == "bury" else dict(NOTHING)


def apply_raven(state: State, request: Request, answer: Answer) -> list[Event]:
    """Apply the holder's choice. Returns events; sets state.raven['looked'] after a look."""
    holder, value = request.player, answer.value
    if request.kind == "bury":
        card = state.raven.pop("looked")
        deck = state.decks["wildlings"]
        if value["bury"]:
            deck.append(deck.pop(0))
        return [Event("raven_bury", {"house": holder, "buried": value["bury"]})]
    if value["action"] == "swap":
        old = state.orders[value["area"]]
        state.orders[value["area"]] = value["token"]
        return [
            Event(
                "raven_swap",
                {"house": holder, "area": value["area"], "old": old, "new": value["token"]},
            )
        ]
    if value["action"] == "look":
        card = state.decks["wildlings"][0]
        state.raven["looked"] = card
        return [
            Event("raven_look", {"house": holder}),
            Event("raven_saw", {"house": holder, "card": card}, public=False, to=holder),
        ]
    return [Event("raven_none", {"house": holder})]
