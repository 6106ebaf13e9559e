"""The Westeros decks I-III: card facts, drawing (with Winter is Coming), discard piles.

Rulebook, Westeros Phase: reveal the top card of each deck; a revealed card goes to its
deck's discard pile. "Winter is Coming" reshuffles its whole deck (discards included) and a
new card is revealed in its place. Deck order is secret (state.decks, never in a view);
the discard piles are public (state.deck_discards).
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.dice import Dice
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.state import State

DECKS = ("westeros_1", "westeros_2", "westeros_3")
ALL_DECKS = (*DECKS, "wildlings")

RESTRICTIONS = {
    "sea-of-storms": "raid",
    "rains-of-autumn": "march+1",
    "feast-for-crows": "consolidate-power",
    "web-of-lies": "support",
    "storm-of-swords": "defense",
}
"""Deck III cards that forbid an order type (or one token) in this round's planning."""

PUT_TO_THE_SWORD = {"no-march-plus-one": "march+1", "no-defense": "defense", "nothing": None}
"""Put to the Sword: the blade holder's choice -> the restriction it places."""


@functools.cache
def _data() -> dict[str, Any]:
    return load_game_data("westeros", "cards.yaml")


@functools.cache
def westeros_card_facts() -> dict[str, dict[str, Any]]:
    """Card id -> facts (name, wildling_icon, copies) for the Westeros cards."""
    facts: dict[str, dict[str, Any]] = {}
    for deck in _data()["westeros_cards"].values():
        for card in deck["cards"]:
            facts.setdefault(card["id"], card)
    return facts


def deck_composition(deck: str) -> list[str]:
    """Every card of a deck, one entry a copy, in data order (wildlings: the 9 cards)."""
    if deck == "wildlings":
        cards = _data()["wildling_cards"]
    else:
        cards = _data()["westeros_cards"][f"deck_{deck.rsplit('_', 1)[1]}"]["cards"]
    return [card["id"] for card in cards for _ in range(card.get("copies", 1))]


@functools.cache
def deck_card_index(deck: str) -> NameIndex:
    """Lenient names for the cards of one deck (position files name them by id or name)."""
    if deck == "wildlings":
        cards = _data()["wildling_cards"]
    else:
        cards = _data()["westeros_cards"][f"deck_{deck.rsplit('_', 1)[1]}"]["cards"]
    return NameIndex({c["id"]: [c["name"]] for c in cards}, "card")


def has_wildling_icon(card: str) -> bool:
    return bool(westeros_card_facts()[card].get("wildling_icon"))


def draw(state: State, deck: str, rng: Dice, events: Events) -> str:
    """Reveal the top card of `deck` into its discard pile; Winter is Coming reshuffles.

    Rulebook, Winter is Coming: "shuffle this whole deck (this card and every card drawn
    earlier from it included), then reveal a new card in its place"; again if it comes up.
    """
    discards = state.deck_discards.setdefault(deck, [])
    while True:
        if not state.decks.get(deck):
            # NOTE: 10 cards cover 9 Westeros phases; a position may still list fewer.
            state.decks[deck] = rng.shuffled(discards)
            discards.clear()
        card = state.decks[deck].pop(0)
        discards.append(card)
        if card != "winter-is-coming":
            return card
        emit(events, "winter_is_coming", deck=deck)
        state.decks[deck] = rng.shuffled(state.decks[deck] + discards)
        discards.clear()
