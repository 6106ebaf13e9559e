"""Planning phase: assign orders (secret, simultaneous), then reveal.

Rulebook, Planning Phase: each house places one order token face down in every area that
holds its units; all are revealed at once. Star (special) orders are limited by the house's
King's Court position. Ports take orders like any area (P3); with the Clash of Kings port
variant no special order may stand in a port (P12).

The lines players write are read in `language/planning_lines.py`; here a set of orders,
as values, is checked against these rules and revealed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.orders.errors import OrderError, illegal
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros.board import OrderToken, load_board
from adjudicator.rulesets.westeros.rules.westeros_decks import RESTRICTIONS
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, Text, _l, _ln

# -- the request -----------------------------------------------------------------------------


def planning_requests(state: State) -> list[Request]:
    """One secret request per house with units: place your orders."""
    return [
        Request(
            id=f"r{state.round}/orders/{house}",
            player=house,
            kind="orders",
            secret=True,
            summary=_l("place orders"),
            context={
                "areas": areas_to_order(state, house),
                "stars": state.star_limit(house),
                "restricted": list(state.restricted),
            },
        )
        for house in state.houses
        if areas_to_order(state, house)
    ]


def areas_to_order(state: State, house: str) -> list[str]:
    """Areas holding `house`'s units, sorted by id."""
    return sorted(a for a, by_house in state.units.items() if house in by_house)


def check_orders(
    state: State,
    house: str,
    lines: Sequence[Instruction],
    pending: Mapping[int, str | None] | None = None,
) -> list[OrderError]:
    """Every fault of a whole set of order lines for one house (empty: legal).

    `pending`: the lines of the same text that failed (line -> the area it orders, when it
    names one). An area a failed line orders is not missing; while a failed line names no
    area, the missing areas are listed "checked again once line N is fixed".
    """
    errors: list[OrderError] = []
    first: dict[str, Instruction] = {}
    for ins in lines:
        area = ins.value["area"]
        if area in first:
            errors.append(
                illegal(
                    _l(
                        "a second order for %(area)s (first on line %(line)d)",
                        area=said.area(state, area),
                        line=first[area].line,
                    )
                ).at(ins.line, ins.text)
            )
        first.setdefault(area, ins)
    errors += _token_faults(state, house, lines)
    pending = pending or {}
    covered = {*first, *(a for a in pending.values() if a)}
    wanted = areas_to_order(state, house)
    missing = [a for a in wanted if a not in covered]
    if missing and len(covered & set(wanted)) < min(len(wanted), count_placeable(state, house)):
        errors.append(_missing(state, missing, sorted(n for n, a in pending.items() if not a)))
    return errors


def _missing(state: State, missing: list[str], unread: list[int]) -> OrderError:
    """Areas left without an order; when lines that failed may still order them, it says
    which lines it waits for."""
    names = said.areas(state, missing)
    if not unread:
        message = _l("every area with your units needs an order; missing: %(areas)s", areas=names)
    else:
        message = _ln(
            "every area with your units needs an order; missing: %(areas)s (checked again once"
            " line %(lines)s is fixed)",
            "every area with your units needs an order; missing: %(areas)s (checked again once"
            " lines %(lines)s are fixed)",
            len(unread),
            areas=names,
            lines=", ".join(map(str, unread)),
        )
    return illegal(message, names).at(0, "")


def count_placeable(state: State, house: str) -> int:
    """How many orders the house can place at most: the tokens a Westeros card allows, of
    which only as many special ones as its King's Court position permits.

    NOTE: rulebook, Planning Phase: an area stays without an order only when the house has
    no token left it may place there; special tokens beyond the star limit are not placeable,
    so a house with more areas than placeable tokens leaves the rest empty (found by bots).
    """
    tokens = [t for t in load_board().tokens if is_allowed_type(state, t)]
    stars = sum(1 for t in tokens if t.star)
    return len(tokens) - stars + min(stars, state.star_limit(house))


def _token_faults(state: State, house: str, lines: Sequence[Instruction]) -> list[OrderError]:
    errors = []
    owned = Counter(t.text() for t in load_board().tokens)
    used: Counter[str] = Counter()
    stars = 0
    for ins in lines:
        token = OrderToken.from_text(ins.value["token"])
        area = state.board.areas[ins.value["area"]]
        used[token.text()] += 1
        problem: Text | None = None
        if not is_allowed_type(state, token):
            problem = forbidden(state, token)
        elif used[token.text()] > owned[token.text()]:
            problem = _ln(
                "you have only %(n)d %(token)s token",
                "you have only %(n)d %(token)s tokens",
                owned[token.text()],
                token=said.order_token(token),
            )
        elif token.star and area.is_port and state.options.ports == "clash-of-kings":
            # P12: "special (starred) orders may never be placed in a port".
            problem = _l("special orders may never be placed in a port (P12, Clash of Kings ports)")
        elif token.star:
            stars += 1
            if stars > state.star_limit(house):
                problem = _ln(
                    "%(house)s may place %(n)d special order at King's Court position %(position)d",
                    "%(house)s may place %(n)d special orders at King's Court position"
                    " %(position)d",
                    state.star_limit(house),
                    house=Name(house, house, "houses"),
                    position=state.position("kings_court", house),
                )
        if problem:
            # P12: in a port of the Clash of Kings variant no special order is legal at all.
            no_star = area.is_port and state.options.ports == "clash-of-kings"
            spare = [
                t
                for t in map(OrderToken.from_text, owned)
                if used[t.text()] < owned[t.text()]
                and is_allowed_type(state, t)
                and not (t.star and (no_star or stars >= state.star_limit(house)))
            ]
            spare_names = [said.order_token(t) for t in spare]
            errors.append(illegal(problem, spare_names).at(ins.line, ins.text))
    return errors


def forbidden(state: State, token: OrderToken) -> Text:
    """Why `token` may not be placed this round, naming the Westeros card that forbids it."""
    card = forbidding_card(state, token)
    if card is None:  # a GM's position names no card
        return _l(
            "%(token)s orders may not be placed this round (Westeros card)",
            token=said.order_token(token),
        )
    return _l(
        "%(token)s orders may not be placed this round (%(card)s)",
        token=said.order_token(token),
        card=said.card(card),
    )


def forbidding_card(state: State, token: OrderToken) -> str | None:
    """The deck III card of this round that forbids `token`: the last one drawn (only deck
    III forbids orders, and it is drawn once a round)."""

    drawn = state.deck_discards.get("westeros_3") or []
    card = drawn[-1] if drawn else None
    if card in RESTRICTIONS or card == "put-to-the-sword":
        return card
    return None


def is_allowed_type(state: State, token: OrderToken) -> bool:
    """Westeros cards of deck III forbid a type ('raid') or one token ('march+1')."""
    return token.type not in state.restricted and token.text() not in state.restricted


def planning_answer(state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
    lines = [i for i in instructions if i.kind == "orders"]
    if not lines:
        return Choice(None)
    errors = check_orders(state, request.player, lines)
    if errors:
        return Choice(None, skipped=tuple((lines[0], _skip_reason(e)) for e in errors))
    value = {i.value["area"]: i.value["token"] for i in lines}
    # The whole set answers as one: the first line stands for it, its text names them all.
    orders = said.joined(i.understood or i.text for i in lines)
    summary = replace(lines[0], understood=_l("orders: %(orders)s", orders=orders))
    return Choice(summary, dict(sorted(value.items())))


def _skip_reason(error: OrderError) -> str | Text:
    """Why a set of order lines is not used, in the player's language."""
    if error.line:
        return _l("line %(line)d: %(message)s", line=error.line, message=error.message)
    return error.message


def reveal_orders(state: State, answers: dict[str, Answer]) -> list[Event]:
    """Place every house's orders at once and reveal them."""
    placed: dict[str, dict[str, Any]] = {}
    for answer in answers.values():
        for area, token in (answer.value or {}).items():
            state.orders[area] = token
            placed.setdefault(state.occupant(area) or "", {})[area] = token
    state.orders = dict(sorted(state.orders.items()))
    by_house = {h: dict(sorted(placed.get(h, {}).items())) for h in state.houses}
    return [Event("orders_revealed", {"round": state.round, "orders": by_house})]
