"""Instruction lines for consolidate power, mustering and captured ports.

consolidate Winterfell                    (gain power)
consolidate Winterfell: power
consolidate Winterfell: muster knight in Winterfell; ship in Port of Winterfell
muster Winterfell: footman; knight from footman; ship in Bay of Ice
port Winterfell: replace 2 | replace all | destroy
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.orders.errors import illegal, invalid
from adjudicator.orders.names import normalize
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import area_named, is_no, unit_names

Parsed = tuple[str, str, Any, str]
_UPGRADE = re.compile(r"^(?:upgrade\s+)?(.+?)\s+(?:to|->|into)\s+(.+)$")
_FROM = re.compile(r"^(.+?)\s+from\s+(.+)$")
_IN = re.compile(r"^(.+?)\s+(?:in|at|into)\s+(.+)$")


def parse_consolidate(state: State, house: str, rest: str, verb: str) -> Parsed:
    """consolidate <area>[: power | muster <items>] | muster <area>: <items>."""
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    name = state.board.name(area)
    if not state.house_units(area, house):
        raise illegal(f"you have no units in {name}")
    if state.phase == "action" and area in state.orders:
        token = state.orders[area]
        if flow.order_type(token) != "consolidate-power":
            raise illegal(f"the order in {name} is {token}, not consolidate power")
    tail = tail.strip()
    if verb == "consolidate":
        if not tail or normalize(tail) in ("power", "gain power", "consolidate"):
            return "consolidate", area, {"mode": "power"}, f"consolidate {name}: power"
        if not normalize(tail).startswith("muster"):
            raise invalid("expected 'power' or 'muster <units>'", ["power", "muster knight"])
        tail = tail.strip()[len("muster") :]
    if state.board.areas[area].castle == "none":
        raise illegal(
            f"{name} has no castle or stronghold to muster in"
            + (" (P7: never in a port)" if state.board.areas[area].is_port else "")
        )
    items = [parse_item(state, area, t) for t in re.split(r"[;,]", tail) if t.strip()]
    if not items:
        raise invalid("expected what to muster, e.g. 'knight; ship in Bay of Ice'")
    shown = "; ".join(_show(state, i) for i in items)
    return "consolidate", area, {"mode": "muster", "items": items}, f"muster {name}: {shown}"


def parse_item(state: State, area: str, text: str) -> dict[str, Any]:
    """'knight', 'ship in Bay of Ice', 'knight from footman', 'upgrade footman to knight'."""
    text = normalize(text)
    where = area
    match = _IN.match(text)
    if match and not _UPGRADE.match(text):
        text, where = match.group(1), area_named(state, match.group(2))
    match = _FROM.match(text)
    if match:
        return {"unit": _unit(match.group(1)), "area": where, "from": _unit(match.group(2))}
    match = _UPGRADE.match(text)
    if match:
        return {"unit": _unit(match.group(2)), "area": where, "from": _unit(match.group(1))}
    unit = _unit(text)
    if unit == "ship" and where == area:
        raise invalid("say where the ship goes: 'ship in <sea or port>'")
    return {"unit": unit, "area": where, "from": None}


def _unit(text: str) -> str:
    return unit_names().find(text)


def _show(state: State, item: dict[str, Any]) -> str:
    unit = item["unit"].replace("_", " ")
    if item.get("from"):
        return f"{unit} from {item['from']}"
    return f"{unit} in {state.board.name(item['area'])}"


def parse_port(state: State, house: str, rest: str, verb: str) -> Parsed:
    """port <land or port>: replace N | replace all | destroy."""
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    info = state.board.areas[area]
    port = area if info.is_port else state.board.port_of_land(area)
    if port is None:
        raise illegal(f"{state.board.name(area)} has no port")
    words = normalize(tail).removeprefix("replace").strip()
    if is_no(words) or words in ("0", "none"):
        value: Any = 0
    elif words in ("all", "", "max", "as many as possible"):
        value = "all"
    elif words.split()[0].isdigit():
        value = int(words.split()[0])
    else:
        raise invalid("expected 'replace <number>', 'replace all' or 'destroy'")
    return "port", port, value, f"port {state.board.name(port)}: replace {value}"
