"""Bot answers written as players write them: a value of a request -> an instruction line.

The pair of `instructions.py` (text -> value): each function here writes the line that the
parser reads back as the same value, so a bot's answer goes through every check a human's
does. Names come from the board and the card lists, never ids.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.westeros.decks import card_name
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import ROUTED, unit_type
from adjudicator.rulesets.westeros.words.said import TRACK_NAMES

TOKEN_WORDS = {
    "march-1": "march -1",
    "march+0": "march",
    "march+1": "march +1",
    "defense+1": "defense",
    "defense+2": "defense +2",
    "support+0": "support",
    "support+1": "support +1",
    "raid": "raid",
    "raid*": "raid*",
    "consolidate-power": "consolidate power",
    "consolidate-power*": "consolidate power*",
}
"""Order token id -> how a player writes it (README, westeros: planning)."""


def token_text(token: str) -> str:
    return TOKEN_WORDS[token]


def unit_text(unit: str) -> str:
    """'siege_engine' -> 'siege engine'; 'routed footman' stays as written."""
    prefix = ROUTED if unit.startswith(ROUTED) else ""
    return prefix + unit_type(unit).replace("_", " ")


def units_text(units: list[str]) -> str:
    return ", ".join(unit_text(u) for u in units)


def order_line(state: State, area: str, token: str) -> str:
    return f"{state.board.name(area)}: {token_text(token)}"


def item_text(state: State, value: Any) -> str:
    """One option of a choice request in the players' words."""
    if value is None:
        return "no"
    if value == "use":
        return "yes"
    if value in state.board.areas:
        return state.board.name(value)
    if value in TRACK_NAMES:
        return TRACK_NAMES[value]
    if isinstance(value, str) and value.removeprefix(ROUTED) in ("footman", "knight", "ship"):
        return unit_text(value)
    return card_name(str(value))


def choice_line(state: State, kind: str, area: str, prefs: list[Any]) -> str:
    """'card Moat Cailin: Greatjon Umber', 'retreat: Winterfell, Karhold'."""
    where = f" {state.board.name(area)}" if area else ""
    return f"{kind}{where}: " + ", ".join(item_text(state, p) for p in prefs)


def raid_line(state: State, value: dict[str, Any]) -> str:
    name = state.board.name
    if value.get("to") is None:
        return f"raid {name(value['from'])}: none"
    return f"raid {name(value['from'])} -> {name(value['to'])}"


def march_line(state: State, value: dict[str, Any]) -> str:
    name = state.board.name
    origin = name(value["from"])
    if not value["moves"]:
        return f"march {origin}: none"
    parts = [f"{origin} -> {name(dest)}: {units_text(units)}" for dest, units in value["moves"]]
    return "march " + "; ".join(parts) + ("; leave power" if value.get("leave") else "")


def support_line(state: State, area: str, side: str) -> str:
    return f"support {state.board.name(area)}: {side}"


def casualties_line(state: State, area: str, units: list[str]) -> str:
    where = f" {state.board.name(area)}" if area else ""
    return f"casualties{where}: {units_text(units)}"


def consolidate_line(state: State, area: str, value: dict[str, Any]) -> str:
    name = state.board.name
    if value["mode"] == "power":
        return f"consolidate {name(area)}: power"
    items = []
    for item in value["items"]:
        unit = unit_text(item["unit"])
        if item.get("from"):
            items.append(f"{unit} from {unit_text(item['from'])}")
        else:
            items.append(f"{unit} in {name(item['area'])}")
    return f"consolidate {name(area)}: muster " + "; ".join(items)


def port_line(state: State, port: str, count: Any) -> str:
    what = "destroy" if count == 0 else f"replace {count}"
    return f"port {state.board.name(port)}: {what}"
