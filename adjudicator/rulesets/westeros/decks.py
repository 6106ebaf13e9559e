"""The card facts of westeros: house cards by house, the Westeros and wildling decks.

Deck order is secret: it lives only in the saved state (kept out of git) and never in a view.
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.dice import Dice
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.westeros.vocabulary import spellings


@functools.cache
def _cards() -> dict[str, Any]:
    return load_game_data("westeros", "cards.yaml")


@functools.cache
def house_card_facts() -> dict[str, dict[str, Any]]:
    """Card id -> its facts (name, strength, swords, fortifications, ability, house)."""
    return {
        card["id"]: {**card, "house": house}
        for house, cards in _cards()["house_cards"].items()
        for card in cards
    }


def house_cards(house: str) -> list[str]:
    """The 7 card ids of a house, in the printed order."""
    return [card["id"] for card in _cards()["house_cards"][house]]


@functools.cache
def card_index() -> NameIndex:
    """Lenient names for every house card ('Greatjon', 'the queen of thorns')."""
    facts = house_card_facts()
    names = {cid: [c["name"], *spellings("house_cards", cid)] for cid, c in facts.items()}
    return NameIndex(names, "house card")


def card_name(card_id: str) -> str:
    facts = house_card_facts().get(card_id)
    if facts:
        return facts["name"]
    for deck in (*_cards()["westeros_cards"].values(), {"cards": _cards()["wildling_cards"]}):
        for card in deck["cards"]:
            if card["id"] == card_id:
                return card["name"]
    return card_id


@functools.cache
def wildling_index() -> NameIndex:
    cards = _cards()["wildling_cards"]
    names = {c["id"]: [c["name"], *spellings("wildling_cards", c["id"])] for c in cards}
    return NameIndex(names, "wildling card")


def _expanded(cards: list[dict[str, Any]]) -> list[str]:
    return [card["id"] for card in cards for _ in range(card.get("copies", 1))]


def shuffle_decks(rng: Dice) -> dict[str, list[str]]:
    """Fresh, shuffled Westeros decks I-III and the wildling deck, top card first."""
    decks = {
        f"westeros_{n}": rng.shuffled(_expanded(_cards()["westeros_cards"][f"deck_{n}"]["cards"]))
        for n in (1, 2, 3)
    }
    decks["wildlings"] = rng.shuffled(_expanded(_cards()["wildling_cards"]))
    return decks
