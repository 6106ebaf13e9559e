"""Game words as `text.Name`s, for the sentences the ruleset says to players.

A ruleset's sentence is a `text.Text`, said later in the reader's language; every area,
house, card, unit, track and order token in it is a `Name`, said with
``games/westeros/names.yaml``. Sections are named where ids of two sections collide ('raid'
the order, the token and the order kind), so each word here says which one it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.rulesets.westeros.board import OrderToken
from adjudicator.rulesets.westeros.decks import card_name, house_card_facts, wildling_index
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import westeros_phase_messages
from adjudicator.text import Name, Text, _l

TRACK_NAMES = {
    "iron_throne": "Iron Throne",
    "fiefdoms": "Fiefdoms",
    "kings_court": "King's Court",
}
"""Influence track -> its English name (as the tracks section of names.yaml says it)."""
DOMINANCE_TOKENS = {
    "iron_throne": ("iron_throne_token", "the Iron Throne"),
    "fiefdoms": ("valyrian_steel_blade", "the Valyrian Steel Blade"),
    "kings_court": ("messenger_raven", "the Messenger Raven"),
}
"""Track -> the dominance token its holder keeps (names.yaml `tokens` id, English)."""


def area(state: State, ident: str) -> Name:
    return Name(ident, state.board.name(ident), "areas")


def areas(state: State, idents: Iterable[str]) -> tuple[Name, ...]:
    return tuple(area(state, a) for a in idents)


def house(ident: str) -> Name:
    return Name(str(ident), str(ident).title(), "houses")


NEUTRAL_FORCE = Name("neutral_force", "the neutral force", "tokens")
"""The neutral force as a side (names.yaml `tokens`); English says it with its article."""


def side(ident: str) -> Name:
    """A side of a battle: a house, or the neutral force whose token defends an area
    (``rules.marches.NEUTRAL``): a name with its grammar, so that a sentence gives it its
    article or case («contra a força neutra»)."""
    return NEUTRAL_FORCE if ident == "neutral" else house(ident)


def card(ident: str) -> Name:
    """A house, Westeros or wildling card."""
    if ident in house_card_facts():
        section = "house_cards"
    elif ident in wildling_index():
        section = "wildling_cards"
    else:
        section = "westeros_cards"
    return Name(ident, card_name(ident), section)


def unit(kind: str) -> Name | Text:
    """A unit type ('footman', 'siege_engine'); 'routed footman' is a routed one."""
    if kind.startswith("routed "):
        return _l("routed %(unit)s", unit=unit(kind.removeprefix("routed ")))
    return Name(kind, kind.replace("_", " "), "units")


def units(kinds: Iterable[str]) -> tuple[Name | Text, ...]:
    return tuple(unit(k) for k in kinds)


def track(ident: str) -> Name:
    return Name(ident, TRACK_NAMES[ident], "tracks")


def dominance_token(track_id: str) -> Name:
    """The token the holder of `track_id` keeps ('the Iron Throne')."""
    ident, english = DOMINANCE_TOKENS[track_id]
    return Name(ident, english, "tokens")


def token(name: str, english: str = "") -> Name:
    """An order token ('march+1', 'raid*'); English as given (default: as players write it,
    'March +1': an id is no word of the game, and pasted back must read the same)."""
    ident = _TOKEN_IDS.get(name, name)
    return Name(ident, english or describe(OrderToken.from_text(ident)), "tokens")


_TOKEN_IDS = {"support": "support+0"}


def order_token(token: OrderToken) -> Name:
    """A token as `describe` writes it in English, in the reader's language (the token's
    face in names.yaml, 'Поход +1 ★')."""
    return Name(token.text(), describe(token), "tokens")


def describe(token: OrderToken) -> str:
    """A token in the players' words: 'March +1 (special)'."""
    words = token.type.replace("-", " ").capitalize()
    if token.type in ("march", "defense", "support"):
        words += f" {token.bonus:+d}"
    return words + (" (special)" if token.star else "")


def order(kind: str) -> Name:
    """An order type ('march', 'consolidate-power')."""
    return Name(kind.replace("-", "_"), kind.replace("-", " "), "orders")


def joined(items: Iterable[Any]) -> Any:
    """Items said one after another, separated by '; ' (a list of instructions, moves or
    musters). Fields join tuples with ', '; this one keeps the players' '; '."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    # Halves, not one item at a time: a line of 30,000 items nests 15 deep, not 30,000.
    half = len(items) // 2
    return _l("%(first)s; %(rest)s", first=joined(items[:half]), rest=joined(items[half:]))


def if_held(understood: Text, held: bool, what: Any) -> Text:
    """The receipt's note on an instruction for an area or token the house does not hold
    now: it is used only if the house holds it when the decision is asked (one whole
    sentence per kind of echo, `westeros_phase_messages.CONDITIONAL`)."""
    return westeros_phase_messages.if_held(understood, held, what)
