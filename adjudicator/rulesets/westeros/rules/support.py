"""Support: support orders next to a battle, declared by their owners for a side.

# P5: "Ships in a port may support a battle in the port's sea only; never a battle on land."
Rulebook: land units never support a sea battle; ships support adjacent land and sea.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import SupportCall
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, Text, _l

SIDES = ("attacker", "defender")


def can_support(state: State, source: str, battle_area: str) -> bool:
    """Whether units in `source` may support a battle in `battle_area` at all."""
    board = state.board
    here, there = board.areas[source], board.areas[battle_area]
    if battle_area not in board.links[source]:
        return False
    if here.is_port:
        # P5: a port supports its own sea only (its land never, it is the only other link).
        return battle_area == here.port_sea
    # Rulebook: a land area never supports a battle at sea.
    return not (here.is_land and not there.is_land)


def support_areas(state: State, battle: Battle) -> list[str]:
    """Areas whose support order may join this battle, sorted by id."""
    return [
        a
        for a in sorted(state.board.links[battle.area])
        if flow.order_type(state.orders.get(a, "")) == "support"
        and can_support(state, a, battle.area)
    ]


def declared(state: State, battle: Battle, side: str) -> list[str]:
    """Support orders declared for `side` that are still on the board (Queen of Thorns)."""
    return [
        a
        for a, s in sorted(battle.supports.items())
        if s == side and flow.order_type(state.orders.get(a, "")) == "support"
    ]


def is_supported(state: State, battle: Battle, side: str) -> bool:
    """cards.yaml glossary "supported": any declared support for the side still standing."""
    return bool(declared(state, battle, side))


def start_support(state: State, battle: Battle, events: Events) -> bool:
    """Ask the owners of adjacent support orders in turn; True when all have declared.

    Rulebook, Call for Support: "If there are multiple Support Orders adjacent to the
    embattled area, support must be declared (or refused) in turn order." Only the first
    house on the Iron Throne track still to declare is asked (for all its orders here), so
    each later house knows what the earlier ones declared.
    """
    pending = [a for a in support_areas(state, battle) if a not in battle.supports]
    if not pending:
        return True
    throne = state.tracks["iron_throne"]
    first = min((flow.order_owner(state, a) for a in pending), key=throne.index)
    sides = {"attacker": battle.attacker, "defender": battle.defender}
    for area in (a for a in pending if flow.order_owner(state, a) == first):
        flow.open_request(
            state,
            flow.order_owner(state, area),
            "support",
            [area, battle.area],
            SupportCall(battle.n, battle.area, support_area=area, sides=sides),
            _support_summary(state, battle, area),
        )
    return False


def _support_summary(state: State, battle: Battle, area: str) -> Text:
    """What a support request asks: which battle (its area and sides) and which of the
    house's support orders (issue 17: a house may have several next to several battles)."""
    fields = {
        "area": said.area(state, battle.area),
        "attacker": said.house(battle.attacker),
        "support": said.area(state, area),
    }
    if battle.defender == "neutral":
        return _l(
            "declare support in the battle for %(area)s (%(attacker)s against a neutral "
            "force) with your support order in %(support)s",
            **fields,
        )
    return _l(
        "declare support in the battle for %(area)s (%(attacker)s against %(defender)s) "
        "with your support order in %(support)s",
        defender=said.house(battle.defender),
        **fields,
    )


# -- the "support" request ----------------------------------------------------------------
def answer_support(state: State, req: OpenRequest, value: Any) -> str:
    """'attacker' | 'defender' | 'none' | a fighting house -> the side supported."""
    context = SupportCall.of(req)
    sides = context.sides
    choice = value["side"] if isinstance(value, dict) else value
    if choice in sides.values():
        choice = next(s for s, h in sides.items() if h == choice)
    if choice == "defender" and sides["defender"] == "neutral":
        raise Skip(_l("a neutral force cannot be supported"))
    if choice not in (*SIDES, "none"):
        raise Skip(
            _l(
                "%(house)s is not fighting in %(area)s: the battle is %(attacker)s against"
                " %(defender)s",
                house=Name(str(choice), str(choice), "houses"),
                area=said.area(state, context.area),
                attacker=said.side(sides["attacker"]),
                defender=said.side(sides["defender"]),
            )
        )
    return choice


def apply_support(state: State, req: OpenRequest, value: str, rng: Dice, events: Events) -> None:
    battle = state.action["battle"]
    area = SupportCall.of(req).support_area
    battle.supports[area] = value
    emit(
        events,
        "support_declared",
        house=req.house,
        area=area,
        battle=battle.area,
        side=value,
        supported=battle.house_of(value) if value in SIDES else None,
    )


def default_support(state: State, req: OpenRequest, rng: Dice) -> str:
    """Brief: supports itself if it fights; else none."""
    for side, house in SupportCall.of(req).sides.items():
        if house == req.house:
            return side
    return "none"
