"""Names in instruction lines: areas, unit types, house cards, yes and no.

Everything goes through NameIndex (case, aliases, unique prefixes, small typos), so that
'winterfel', 'KL' and 'greatjon' are understood and a guess is taken only when unique.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from adjudicator.orders.errors import illegal, invalid
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.rulesets.westeros import said
from adjudicator.rulesets.westeros.cards import card_names
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.vocabulary import spellings
from adjudicator.text import _l

_COUNT = re.compile(r"^(\d+)\s*x?\s+(.*)$")
YES = ("yes", "y", "use", "true", "on", "ok")
NO = ("no", "n", "none", "nothing", "false", "off", "pass", "dont", "remove", "destroy")


@functools.cache
def unit_names() -> NameIndex:
    english = {
        "footman": ["footman", "footmen", "foot", "infantry"],
        "knight": ["knight", "knights", "cavalry"],
        "ship": ["ship", "ships", "boat", "boats"],
        "siege_engine": ["siege engine", "siege engines", "siege", "engine"],
    }
    return NameIndex({u: [*names, *spellings("units", u)] for u, names in english.items()}, "unit")


def area_named(state: State, text: str, among: Iterable[str] | None = None) -> str:
    """The area id for `text` (LineError when unknown or ambiguous)."""
    return state.board.names.find(text, among=among)


def is_no(text: str) -> bool:
    return normalize(text) in NO


def yes_no(text: str) -> bool:
    """'yes' / 'no' (and their synonyms) -> bool."""
    word = normalize(text)
    if word in YES:
        return True
    if word in NO:
        return False
    raise invalid(_l("expected yes or no, not '%(text)s'", text=text), [_l("yes"), _l("no")])


def parse_units(text: str) -> list[str]:
    """'knight, 2 footmen' -> ['knight', 'footman', 'footman']; 'routed footman' kept."""
    units: list[str] = []
    for part in re.split(r"\s*(?:,|\band\b)\s*", text.strip()):
        if not part:
            continue
        count, name = 1, part
        match = _COUNT.match(part)
        if match:
            count, name = int(match.group(1)), match.group(2)
        routed = normalize(name).startswith("routed ")
        kind = unit_names().find(normalize(name).removeprefix("routed "))
        units += [("routed " if routed else "") + kind] * count
    if not units:
        raise invalid(
            _l("expected units, e.g. 'knight, footman'"),
            said.units(["footman", "knight", "ship", "siege_engine"]),
        )
    return units


def card_in_hand(state: State, house: str, text: str) -> str:
    """A house card of `house` that is in its hand now (LineError says why not)."""
    card = card_names().find(text)
    owner = house_card_facts()[card]["house"]
    if owner != house:
        raise illegal(
            _l(
                "%(card)s is a %(house)s card, not yours",
                card=said.card(card),
                house=said.house(owner),
            )
        )
    hand = state.hands.get(house, [])
    if card not in hand:
        names = [said.card(c) for c in hand]
        raise illegal(
            _l("%(card)s is not in your hand (played already)", card=said.card(card)), names
        )
    return card
