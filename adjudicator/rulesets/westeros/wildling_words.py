"""The wildlings' instruction lines, and the text form of every answer (they round-trip).

    bid wildlings: 2                 bid wildlings: all        bid wildlings again: 1
    tie wildlings: Stark, Lannister, Baratheon     (the tie order, highest bidder first)
    crow killers: footman in Winterfell, knight in Riverrun
    mammoth riders: Eddard Stark, footman in Winterfell, ship in Bay of Ice
    massing on the milkwater: discard Eddard Stark, Robb Stark
    a king beyond the wall: fiefdoms, kings court
    preemptive raid: influence
    preemptive raid: units, footman in Winterfell, knight in Riverrun
    the horde descends: muster Winterfell: knight; ship in Bay of Ice
    the horde descends: footman in Winterfell, knight in Winterfell

A card line lists preferences: whatever the card asks of the house when it is drawn (its
reward as the highest bidder, its penalty as the lowest or as everyone else), the first
listed options that are legal then are used; "no" declines an optional reward. Lines are
sent in advance: the card and the house's role are known only at the attack.
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.orders.errors import LineError, illegal, invalid
from adjudicator.orders.names import normalize
from adjudicator.requests import Instruction, Request
from adjudicator.rulesets.westeros.consolidate_words import parse_item
from adjudicator.rulesets.westeros.decisions import TRACK_NAMES
from adjudicator.rulesets.westeros.decks import (
    card_index,
    card_name,
    house_card_facts,
    wildling_index,
)
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.westeros_words import CONDITIONAL
from adjudicator.rulesets.westeros.words import area_named, is_no, unit_names

_BID = re.compile(r"^\s*(bid|tie)\s+wildlings?\s*(again)?\s*:?\s*(.*)$", re.IGNORECASE | re.DOTALL)
_UNIT_IN = re.compile(r"^(?:(\d+)\s+)?(.+?)\s+(?:in|at)\s+(.+)$")
ITEMS: dict[str, tuple[str, ...]] = {
    "crow-killers": ("units", "no"),
    "mammoth-riders": ("card", "units", "no"),
    "massing-on-the-milkwater": ("card",),
    "a-king-beyond-the-wall": ("track",),
    "preemptive-raid": ("option", "units", "track"),
    "the-horde-descends": ("muster", "units", "no"),
}
"""Card -> what its line may list. The other cards ask nobody to choose (Rattleshirt's
Raiders reconciles armies through the 'reduce:' instruction)."""
EXPECTED = {
    "units": "units as '<unit> in <area>'",
    "no": "'no'",
    "card": "your house cards",
    "track": "influence tracks",
    "option": "'influence' or 'units'",
    "muster": "'muster <area>: <units>'",
}
MESSAGES = {
    "no_choice": "{card} asks nobody to choose",
    "expected": "{card} takes {what}",
    "not_yours": "{card} is a {owner} card, not yours",
    "tie_twice": "{house} is listed twice",
    "bid_number": "expected a number of Power tokens or 'all', e.g. 'bid wildlings: 2'",
    "declined": "this decision cannot be declined; possible now: {legal}",
    "not_possible": "{wanted}: not possible now; possible: {legal}",
    "pick": "choose {pick} of: {legal}",
}
"""Every player-facing sentence of this module (a message table)."""


def _card_head(line: str) -> str | None:
    """The wildling card a line starts with ('<card>: ...'), or None."""
    head, sep, _ = line.partition(":")
    key = normalize(head)
    if not sep or len(key) < 4 or "->" in head:
        return None
    return wildling_index().lookup(head)


def is_wildling_line(line: str) -> bool:
    return bool(_BID.match(line)) or _card_head(line) is not None


def parse_wildling_line(state: State, house: str, line: str) -> Instruction:
    """One wildling instruction line (raises LineError: invalid / illegal / ambiguous)."""
    match = _BID.match(line)
    if match:
        verb, again, rest = match.group(1).lower(), match.group(2), match.group(3).strip()
        if verb == "bid":
            return _parse_bid(rest, bool(again))
        return _parse_tie(state, rest)
    card = _card_head(line)
    assert card is not None
    tail = line.partition(":")[2].strip()
    title = card_name(card)
    if card not in ITEMS:
        raise invalid(MESSAGES["no_choice"].format(card=title))
    if normalize(tail).startswith("muster") and "muster" in ITEMS[card]:
        prefs: list[Any] = [_parse_muster(state, tail.strip()[len("muster") :])]
    else:
        prefs = []
        for text in (t.strip() for t in tail.split(",")):
            if text:
                prefs += _parse_item(state, house, card, text)
    if not prefs:
        raise invalid(MESSAGES["expected"].format(card=title, what=_expected(card)))
    value = {"prefs": prefs}
    understood = card_line(state, card, prefs) + _unheld(state, house, prefs)
    return Instruction("wildling-card", card, value, understood=understood)


def _unheld(state: State, house: str, prefs: list[Any]) -> str:
    """The receipt's mark for areas the house does not hold (yet): checked when asked."""
    areas = []
    for pref in prefs:
        if isinstance(pref, list):
            unit, area = pref
            held = unit in (u.removeprefix("routed ") for u in state.house_units(area, house))
        elif isinstance(pref, dict):
            area, held = pref["area"], state.controller(pref["area"]) == house
        else:
            continue
        if not held and area not in areas:
            areas.append(area)
    if not areas:
        return ""
    return CONDITIONAL.format(what=", ".join(state.board.name(a) for a in areas))


def _parse_bid(rest: str, again: bool) -> Instruction:
    words = normalize(rest)
    if words == "all":
        bid: Any = "all"
    elif words.isdigit():
        bid = int(words)
    else:
        raise invalid(MESSAGES["bid_number"], ["bid wildlings: 2", "bid wildlings: all"])
    key = "again" if again else ""
    return Instruction("wildling-bid", key, bid, understood=bid_line(bid, again))


def _parse_tie(state: State, rest: str) -> Instruction:
    from adjudicator.rulesets.westeros.instructions import house_names

    order: list[str] = []
    for text in (t.strip() for t in rest.split(",") if t.strip()):
        house = house_names().find(text, among=state.houses)
        if house in order:
            raise illegal(MESSAGES["tie_twice"].format(house=house.title()))
        order.append(house)
    if not order:
        raise invalid("expected houses, e.g. 'tie wildlings: Stark, Lannister'")
    understood = tie_line(order)
    if state.holder("iron_throne") != house:
        understood += CONDITIONAL.format(what="the Iron Throne")
    return Instruction("wildling-tie", "", order, understood=understood)


def _expected(card: str) -> str:
    return ", ".join(EXPECTED[k] for k in ITEMS[card])


def _parse_item(state: State, house: str, card: str, text: str) -> list[Any]:
    """One listed option (several for '2 footmen in Winterfell')."""
    allowed = ITEMS[card]
    words = normalize(text)
    if "no" in allowed and is_no(text):
        return [None]
    if "option" in allowed and words in ("influence", "units"):
        return [words]
    match = _UNIT_IN.match(words)
    if "units" in allowed and match:
        count = int(match.group(1) or 1)
        unit = unit_names().find(match.group(2))
        area = area_named(state, match.group(3))
        return [[unit, area]] * count
    if "track" in allowed:
        from adjudicator.rulesets.westeros.instructions import track_names

        try:
            return [track_names().find(text)]
        except LineError:
            if "card" not in allowed and "units" not in allowed:
                raise
    if "card" in allowed:
        found = card_index().find(re.sub(r"^\s*discard\s+", "", text, flags=re.IGNORECASE))
        owner = house_card_facts()[found]["house"]
        if owner != house:
            raise illegal(MESSAGES["not_yours"].format(card=card_name(found), owner=owner.title()))
        return [found]
    raise invalid(MESSAGES["expected"].format(card=card_name(card), what=_expected(card)))


def _parse_muster(state: State, rest: str) -> dict[str, Any]:
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    items = [parse_item(state, area, t) for t in re.split(r"[;,]", tail) if t.strip()]
    if not items:
        raise invalid("expected what to muster, e.g. 'muster Winterfell: knight'")
    return {"area": area, "items": items}


# -- text forms (the parser reads them back) ----------------------------------------------
def item_text(state: State, item: Any) -> str:
    """One option in the players' words."""
    if item is None:
        return "no"
    if isinstance(item, dict):
        return muster_text(state, item)
    if isinstance(item, (list, tuple)):
        unit, area = item
        return f"{unit.replace('_', ' ')} in {state.board.name(area)}"
    if item in TRACK_NAMES:
        return TRACK_NAMES[item]
    return card_name(item)


def muster_text(state: State, muster: dict[str, Any]) -> str:
    shown = []
    for item in muster["items"]:
        unit = item["unit"].replace("_", " ")
        if item.get("from"):
            shown.append(f"{unit} from {item['from']}")
        elif item["area"] != muster["area"]:
            shown.append(f"{unit} in {state.board.name(item['area'])}")
        else:
            shown.append(unit)
    return f"muster {state.board.name(muster['area'])}: " + "; ".join(shown)


def card_line(state: State, card: str, prefs: list[Any]) -> str:
    return f"{card_name(card).lower()}: " + ", ".join(item_text(state, p) for p in prefs)


def bid_line(bid: Any, again: bool = False) -> str:
    return f"bid wildlings{' again' if again else ''}: {bid}"


def tie_line(order: list[str]) -> str:
    return "tie wildlings: " + ", ".join(h.title() for h in order)


def render(state: State, request: Request, value: Any) -> list[str]:
    """The line that answers `request` with `value` (a default, a bot's choice)."""
    context = request.context
    if request.kind == "wildling-bid":
        return [bid_line(value, context.get("keys") == ["again"])]
    if request.kind == "wildling-tie":
        tied = [h for h in context["choices"] if h != value]
        return [tie_line([value, *tied] if context["which"] == "highest" else [*tied, value])]
    if isinstance(value, dict) and "option" in value:
        prefs = [value["option"], *value["units"]]
    elif context["what"] in ("destroy", "swap", "upgrade"):
        prefs = list(value) if value else [None]
    else:
        prefs = [value]
    return [card_line(state, context["card"], prefs)]


def skip_reason(state: State, context: dict[str, Any], prefs: list[Any]) -> str:
    """Why the preferences answer nothing now, with what is possible."""
    legal = ", ".join(dict.fromkeys(item_text(state, c) for c in context["choices"]))
    if prefs == [None]:
        return MESSAGES["declined"].format(legal=legal)
    if context.get("pick", 1) > 1:
        return MESSAGES["pick"].format(pick=context["pick"], legal=legal)
    wanted = ", ".join(item_text(state, p) for p in prefs)
    return MESSAGES["not_possible"].format(wanted=wanted, legal=legal)
