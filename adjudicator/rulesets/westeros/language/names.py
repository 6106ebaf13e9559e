"""Names in instruction lines: areas, unit types, house cards, yes and no.

Everything goes through NameIndex (case, aliases, unique prefixes, small typos), so that
'winterfel', 'KL' and 'greatjon' are understood and a guess is taken only when unique.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable

from adjudicator.orders.errors import illegal, invalid
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.vocabulary import spellings
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import _l

_COUNT = re.compile(r"^(\d+)\s*x?\s+(.*)$")
NUMBER_WORDS = {
    **{"one": 1, "two": 2, "three": 3, "four": 4},
    **{"один": 1, "одна": 1, "одного": 1, "два": 2, "две": 2, "три": 3, "четыре": 4},
    **{"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4},
}
"""Counts written as words before a unit ('two knights', 'два рыцаря', 'dois soldados'),
normalized (Latin accents dropped: 'três' -> 'tres'). A muster or a march never needs more.
The unit's forms after a count are its spellings (names.yaml `units`)."""

ALIASES = {
    "dagmar-cleftjaw": ["Dagmer Cleftjaw", "Dagmer"],
    "the-blackfish": ["Blackfish"],
    "eddard-stark": ["Ned", "Ned Stark"],
}
"""cards.yaml note: S&R spells 'Dagmar', the printed card 'Dagmer'; accept both. Eddard
Stark is 'Ned' to every reader of the books."""
HAND_CUTOFF = 0.75
"""How close a name must be to one card of the player's own hand (difflib ratio, on the
whole name or one of its words): 'Catelin' is Catelyn Stark when she is in the hand."""


@functools.cache
def card_names() -> NameIndex:
    """Lenient names for the 42 house cards ('greatjon', 'Queen of Thorns', 'dagmer')."""
    facts = house_card_facts()
    return NameIndex(
        {c: [f["name"], *_knightless(f["name"]), *_other_names(c)] for c, f in facts.items()},
        "house card",
    )


def close_in_hand(text: str, hand: list[str]) -> str | None:
    """The one card of `hand` that `text` is a typo of ('Catelin'), or None.

    A hand holds at most 7 cards, so a looser match than the 42-card index allows is safe
    there: it is taken only when one card is clearly the closest.
    """
    key = normalize(text)
    scores: dict[str, float] = {}
    for card in hand:
        name = house_card_facts()[card]["name"]
        names = {normalize(n) for n in [name, *_knightless(name), *_other_names(card)]}
        names |= {word for n in names for word in n.split()}
        scores[card] = max(difflib.SequenceMatcher(None, key, n).ratio() for n in names)
    best = max(scores.values(), default=0.0)
    close = [c for c, r in scores.items() if r >= best - 0.05]
    return close[0] if best >= HAND_CUTOFF and len(close) == 1 else None


def _other_names(card: str) -> list[str]:
    """Players' other names for a card: known aliases, then its Russian and Portuguese names."""
    return [*ALIASES.get(card, []), *spellings("house_cards", card)]


def _knightless(name: str) -> list[str]:
    """'Ser Loras Tyrell' -> ['Loras Tyrell']: players name knights by their first name."""
    return [name.removeprefix("Ser ")] if name.startswith("Ser ") else []


YES = ("yes", "y", "use", "true", "on", "ok")
NO = ("no", "n", "none", "nothing", "false", "off", "pass", "dont", "remove", "destroy")


@functools.cache
def unit_names() -> NameIndex:
    english = {
        "footman": ["footman", "footmen", "foot", "infantry", "foot soldiers"],
        "knight": ["knight", "knights", "cavalry"],
        "ship": ["ship", "ships", "boat", "boats"],
        "siege_engine": ["siege engine", "siege engines", "siege", "engine"],
    }
    return NameIndex({u: [*n, *spellings("units", u)] for u, n in english.items()}, "unit")


def counted(text: str) -> tuple[int, str]:
    """(count, the rest) of '2 footmen', '2x knight', 'dois soldados', 'два рыцаря'; a text
    without a count is one ('knight' -> (1, 'knight')).

    >>> counted("dois soldados"), counted("knight")
    ((2, 'soldados'), (1, 'knight'))
    """
    text = text.strip()
    match = _COUNT.match(text)
    if match:
        return int(match.group(1)), match.group(2)
    first, _, rest = text.partition(" ")
    number = NUMBER_WORDS.get(normalize(first))
    if number and rest.strip():
        return number, rest.strip()
    return 1, text


def check_count(kind: str, count: int) -> None:
    """A count of one unit type is at most the pieces the game has of it (LineError)."""

    limit = load_board().game["unit_limits"][kind]
    if count > limit:
        raise illegal(
            _l(
                "%(n)d × %(unit)s: the game has only %(limit)d of them",
                n=count,
                unit=said.unit(kind),
                limit=limit,
            )
        )


def unit_count(text: str) -> tuple[int, str]:
    """(count, unit type) of '2 footmen' (LineError: unknown unit, or more than exist)."""
    count, name = counted(text)
    kind = unit_names().find(name)
    check_count(kind, count)
    return count, kind


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
        count, name = counted(part)
        routed = normalize(name).startswith("routed ")
        kind = unit_names().find(normalize(name).removeprefix("routed "))
        check_count(kind, count)
        units += [("routed " if routed else "") + kind] * count
    if not units:
        raise invalid(
            _l("expected units, e.g. 'knight, footman'"),
            said.units(["footman", "knight", "ship", "siege_engine"]),
        )
    return units


def card_in_hand(state: State, house: str, text: str) -> str:
    """A house card of `house` that is in its hand now (LineError says why not).

    Issue 17: a close match within the house's own hand is taken ('Catelin'); a name that
    is no card at all is answered with the hand, never with other houses' cards.
    """
    hand = state.hands.get(house, [])
    card = card_names().lookup(text, among=hand) or close_in_hand(text, hand)
    if card is not None:
        return card
    card = card_names().lookup(text)
    if card is None:
        card_names().find(text, among=hand or None)  # raises: the hand as the hints
        card = card_names().find(text)
    owner = house_card_facts()[card]["house"]
    if owner != house:
        raise illegal(
            _l(
                "%(card)s is a %(house)s card, not yours",
                card=said.card(card),
                house=said.house(owner),
            ),
            [said.card(c) for c in hand],
        )
    hand = state.hands.get(house, [])
    if card not in hand:
        names = [said.card(c) for c in hand]
        raise illegal(
            _l("%(card)s is not in your hand (played already)", card=said.card(card)), names
        )
    return card
