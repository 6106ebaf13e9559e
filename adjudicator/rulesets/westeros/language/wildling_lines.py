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
from adjudicator.rulesets.westeros.decks import (
    card_index,
    card_name,
    house_card_facts,
    wildling_index,
)
from adjudicator.rulesets.westeros.language.action_lines import house_names, track_names
from adjudicator.rulesets.westeros.language.consolidate_lines import parse_items
from adjudicator.rulesets.westeros.language.names import area_named, is_no, unit_count
from adjudicator.rulesets.westeros.request_contexts import (
    WildlingCardChoice,
    WildlingTie,
    context_of,
)
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said, wildling_options
from adjudicator.text import N_, Name, Text, _l

_BID = re.compile(r"^\s*(bid|tie)\s+wildlings?\s*(again)?\s*:?\s*(.*)$", re.IGNORECASE | re.DOTALL)
_UNIT_IN = re.compile(r"^(.+?)\s+(?:in|at)\s+(.+)$")
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
    "units": N_("units as '<unit> in <area>'"),
    "no": N_("'no'"),
    "card": N_("your house cards"),
    "track": N_("influence tracks"),
    "option": N_("'influence' or 'units'"),
    "muster": N_("'muster <area>: <units>'"),
}
"""What a card's line may list, each said as one item of the 'takes' sentence's list."""
MESSAGES = {
    "no_choice": N_("%(card)s asks nobody to choose"),
    "expected": N_("%(card)s takes %(what)s"),
    "tie_twice": N_("%(house)s is listed twice"),
    "bid_number": N_("expected a number of Power tokens or 'all', e.g. 'bid wildlings: 2'"),
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
        return _parse_tie(state, house, rest)
    card = _card_head(line)
    assert card is not None
    tail = line.partition(":")[2].strip()
    title = said.card(card)
    if card not in ITEMS:
        raise invalid(_l(MESSAGES["no_choice"], card=title))
    if normalize(tail).startswith("muster") and "muster" in ITEMS[card]:
        prefs: list[Any] = [_parse_muster(state, tail.strip()[len("muster") :])]
    else:
        prefs = []
        for text in (t.strip() for t in tail.split(",")):
            if text:
                prefs += _parse_item(state, house, card, text)
    if not prefs:
        raise invalid(_l(MESSAGES["expected"], card=title, what=_expected(card)))
    value = {"prefs": prefs}
    unheld = _unheld(state, house, prefs)
    understood = said.if_held(card_line(state, card, prefs), not unheld, said.areas(state, unheld))
    return Instruction("wildling-card", card, value, understood=understood)


def _unheld(state: State, house: str, prefs: list[Any]) -> list[str]:
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
    return areas


def _parse_bid(rest: str, again: bool) -> Instruction:
    words = normalize(rest)
    if words == "all":
        bid: Any = "all"
    elif words.isdigit():
        bid = int(words)
    else:
        raise invalid(_l(MESSAGES["bid_number"]), ["2", _l("all")])
    key = "again" if again else ""
    return Instruction("wildling-bid", key, bid, understood=bid_line(bid, again))


def _parse_tie(state: State, sender: str, rest: str) -> Instruction:
    """A tie order for the wildling bids; the receipt says it is used only if the sender
    holds the Iron Throne when asked (only its holder breaks ties)."""

    order: list[str] = []
    for text in (t.strip() for t in rest.split(",") if t.strip()):
        house = house_names().find(text, among=state.houses)
        if house in order:
            raise illegal(_l(MESSAGES["tie_twice"], house=said.house(house)))
        order.append(house)
    if not order:
        raise invalid(_l("expected houses, e.g. 'tie wildlings: Stark, Lannister'"))
    held = state.holder("iron_throne") == sender
    understood = said.if_held(tie_line(order), held, said.dominance_token("iron_throne"))
    return Instruction("wildling-tie", "", order, understood=understood)


def _expected(card: str) -> tuple[Text, ...]:
    return tuple(_l(EXPECTED[k]) for k in ITEMS[card])


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
        count, unit = unit_count(match.group(1))
        area = area_named(state, match.group(2))
        return [[unit, area]] * count
    if "track" in allowed:
        try:
            return [track_names().find(text)]
        except LineError:
            if "card" not in allowed and "units" not in allowed:
                raise
    if "card" in allowed:
        found = card_index().find(re.sub(r"^\s*discard\s+", "", text, flags=re.IGNORECASE))
        owner = house_card_facts()[found]["house"]
        if owner != house:
            raise illegal(
                _l(
                    "%(card)s is a %(house)s card, not yours",
                    card=said.card(found),
                    house=said.house(owner),
                )
            )
        return [found]
    raise invalid(_l(MESSAGES["expected"], card=said.card(card), what=_expected(card)))


def _parse_muster(state: State, rest: str) -> dict[str, Any]:
    head, _, tail = rest.partition(":")
    area = area_named(state, head.strip())
    items = [i for t in re.split(r"[;,]", tail) if t.strip() for i in parse_items(state, area, t)]
    if not items:
        raise invalid(_l("expected what to muster, e.g. 'muster Winterfell: knight'"))
    return {"area": area, "items": items}


# -- text forms (the parser reads them back) ----------------------------------------------
def card_line(state: State, card: str, prefs: list[Any]) -> Text:
    """'crow killers: footman in Winterfell' (str(): the line the parser reads back)."""
    title = Name(card, card_name(card).lower(), "wildling_cards")
    items = tuple(wildling_options.item_text(state, p) for p in prefs)
    return _l("%(card)s: %(choices)s", card=title, choices=items)


def bid_line(bid: Any, again: bool = False) -> Text:
    if again:
        if bid == "all":
            return _l("bid wildlings again: all")
        return _l("bid wildlings again: %(n)d", n=int(bid))
    if bid == "all":
        return _l("bid wildlings: all")
    return _l("bid wildlings: %(n)d", n=int(bid))


def tie_line(order: list[str]) -> Text:
    return _l("tie wildlings: %(houses)s", houses=tuple(said.house(h) for h in order))


def render(state: State, request: Request, value: Any) -> list[str]:
    """The line that answers `request` with `value` (a default, a bot's choice)."""
    if request.kind == "wildling-bid":
        return [str(bid_line(value, request.context.get("keys") == ["again"]))]
    if request.kind == "wildling-tie":
        context = context_of(request, WildlingTie)
        tied = [h for h in context.choices if h != value]
        order = [value, *tied] if context.which == "highest" else [*tied, value]
        return [str(tie_line(order))]
    card = context_of(request, WildlingCardChoice)
    if isinstance(value, dict) and "option" in value:
        prefs = [value["option"], *value["units"]]
    elif card.what in ("destroy", "swap", "upgrade"):
        prefs = list(value) if value else [None]
    else:
        prefs = [value]
    return [str(card_line(state, card.card, prefs))]
