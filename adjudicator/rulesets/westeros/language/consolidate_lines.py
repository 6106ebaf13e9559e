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
from adjudicator.orders.lines import ARROW
from adjudicator.orders.names import normalize
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.language.names import (
    area_named,
    check_count,
    counted,
    is_no,
    unit_names,
)
from adjudicator.rulesets.westeros.language.planning_lines import (
    ends_with_order_token,
    parse_order_line,
)
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l

Parsed = tuple[str, str, Any, Text]
_UPGRADE = re.compile(r"^(?:upgrade\s+)?(.+?)\s+(?:to|->|into)\s+(.+)$")
_FROM = re.compile(r"^(.+?)\s+from\s+(.+)$")
_IN = re.compile(r"^(.+?)\s+(?:in|at|into)\s+(.+)$")


def parse_consolidate(state: State, house: str, rest: str, verb: str) -> Parsed:
    """consolidate <area>[: power | muster <items>] | muster <area>: <items>."""
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    name = said.area(state, area)
    if not state.house_units(area, house):
        raise illegal(_l("you have no units in %(area)s", area=name))
    if state.phase == "action" and area in state.orders:
        token = state.orders[area]
        if flow.order_type(token) != "consolidate-power":
            raise illegal(
                _l(
                    "the order in %(area)s is %(token)s, not %(order)s",
                    area=name,
                    token=said.token(token),
                    order=said.order("consolidate-power"),
                )
            )
    tail = tail.strip()
    if verb == "consolidate":
        if not tail or normalize(tail) in ("power", "gain power", "consolidate"):
            understood = _l("consolidate %(area)s: power", area=name)
            return "consolidate", area, {"mode": "power"}, understood
        if not normalize(tail).startswith("muster"):
            raise invalid(_l("expected 'power' or 'muster <units>'"), ["power", "muster knight"])
        tail = tail.strip()[len("muster") :]
    if state.board.areas[area].castle == "none":
        if state.board.areas[area].is_port:
            raise illegal(
                _l(
                    "%(area)s has no castle or stronghold to muster in (P7: never in a port)",
                    area=name,
                )
            )
        raise illegal(_l("%(area)s has no castle or stronghold to muster in", area=name))
    items = [i for t in re.split(r"[;,]", tail) if t.strip() for i in parse_items(state, area, t)]
    if not items:
        raise invalid(_l("expected what to muster, e.g. 'knight; ship in Bay of Ice'"))
    shown = said.joined(_show(state, i) for i in items)
    # Echoed with its keyword: a bare 'muster <area>: ...' is the Westeros phase's Mustering.
    understood = _l("consolidate %(area)s: muster %(items)s", area=name, items=shown)
    return "consolidate", area, {"mode": "muster", "items": items}, understood


def parse_items(state: State, area: str, text: str) -> list[dict[str, Any]]:
    """One listed item, as many times as its count says ('2 footmen', 'dois soldados')."""
    count, rest = counted(normalize(ARROW.sub(" to ", text)))
    item = parse_item(state, area, rest)
    check_count(item["unit"], count)
    return [item] * count


def parse_item(state: State, area: str, text: str) -> dict[str, Any]:
    """'knight', 'ship in Bay of Ice', 'knight from footman', 'upgrade footman to knight'."""
    text = normalize(ARROW.sub(" to ", text))  # 'footman -> knight', as a receipt echoes it
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
        raise invalid(_l("say where the ship goes: 'ship in <sea or port>'"))
    return {"unit": unit, "area": where, "from": None}


def _unit(text: str) -> str:
    return unit_names().find(text)


def _show(state: State, item: dict[str, Any]) -> Text:
    unit = said.unit(item["unit"])
    if item.get("from"):
        return _l("%(unit)s from %(old)s", unit=unit, old=said.unit(item["from"]))
    return _l("%(unit)s in %(area)s", unit=unit, area=said.area(state, item["area"]))


def _order_for_port(state: State, house: str, port: str, tail: str) -> Parsed | None:
    """The line read as a Planning order for `port` when its answer is an order token.

    NOTE: 'порт ланниспорт: оборона' is a misspelt «Порт Ланниспорта: оборона», the port's
    order, not a captured port's answer (P9 asks 'replace N', 'replace all' or 'destroy'):
    an order token there is never a port answer, so the port line steps aside."""
    if not ends_with_order_token(f":{tail}"):
        return None
    order = parse_order_line(state, house, f"{state.board.name(port)}: {tail}")
    return order.kind, order.key, order.value, order.understood


def parse_port(state: State, house: str, rest: str, verb: str) -> Parsed:
    """port <land or port>: replace N | replace all | destroy."""
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    info = state.board.areas[area]
    port = area if info.is_port else state.board.port_of_land(area)
    if port is None:
        raise illegal(_l("%(area)s has no port", area=said.area(state, area)))
    words = normalize(tail).removeprefix("replace").strip()
    if is_no(words) or words in ("0", "none"):
        value: Any = 0
    elif words in ("all", "", "max", "as many as possible"):
        value = "all"
    elif words.split()[0].isdigit():
        value = int(words.split()[0])
    elif (order := _order_for_port(state, house, port, tail)) is not None:
        return order
    else:
        raise invalid(_l("expected 'replace <number>', 'replace all' or 'destroy'"))
    where = said.area(state, port)
    if value == "all":
        return "port", port, value, _l("port %(area)s: replace all", area=where)
    return "port", port, value, _l("port %(area)s: replace %(n)d", area=where, n=value)
