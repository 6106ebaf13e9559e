"""House cards: printed numbers and the static abilities that change them.

The timed abilities (cancel, immediately, after winner determination, after combat) are in
abilities.py; this module answers "how strong, how many swords and towers" for one side.
Card facts come from games/westeros/cards.yaml through decks.py; the names players give the
cards are read in language/names.py.
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.rules.support import is_supported
from adjudicator.rulesets.westeros.state import State


@functools.cache
def tides_cards() -> dict[str, dict[str, int]]:
    """Tides of Battle card id -> its numbers."""
    deck = load_game_data("westeros", "cards.yaml")["tides_of_battle"]["cards"]
    return {c["id"]: c for c in deck}


def tides_deck() -> list[str]:
    """The 24-card Tides of Battle deck, one entry per copy, in data order."""
    return [c["id"] for c in tides_cards().values() for _ in range(c["copies"])]


def facts(card: str | None) -> dict[str, Any]:
    return house_card_facts()[card] if card else {"strength": 0, "swords": 0, "fortifications": 0}


def card_of(battle: Battle, side: str) -> str | None:
    return battle.cards.get(side)


def _opponent(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def tides_value(battle: Battle, side: str, field: str) -> int:
    card = (battle.tides or {}).get(side)
    return tides_cards()[card][field] if card else 0


def card_strength(state: State, battle: Battle, side: str) -> int:
    """Printed strength plus the card's own static bonus, never below 0."""
    card = card_of(battle, side)
    if card is None:
        return 0
    # balon-greyjoy: the opponent's printed strength counts 0; its own bonuses still count.
    printed = 0 if card_of(battle, _opponent(side)) == "balon-greyjoy" else facts(card)["strength"]
    return max(0, printed + _strength_bonus(state, battle, side, card))


def _strength_bonus(state: State, battle: Battle, side: str, card: str) -> int:
    house, rival = battle.house_of(side), battle.house_of(_opponent(side))
    if card == "stannis-baratheon":
        # stannis-baratheon: +1 when the opponent stands higher on the Iron Throne track.
        throne = state.tracks["iron_throne"]
        return 1 if throne.index(rival) < throne.index(house) else 0
    if card == "ser-davos-seaworth":
        # ser-davos-seaworth: +1 (and a sword) while Stannis is in Baratheon's discards.
        return 1 if "stannis-baratheon" in state.discards.get(house, []) else 0
    if card == "theon-greyjoy":
        # theon-greyjoy: +1 (and a sword) defending an area with a castle or stronghold.
        return 1 if _theon_active(state, battle, side) else 0
    return 0


def _theon_active(state: State, battle: Battle, side: str) -> bool:
    return side == "defender" and state.board.areas[battle.area].has_castle


def card_swords(state: State, battle: Battle, side: str) -> int:
    """Sword icons of one side: card, static abilities and the Tides of Battle card."""
    card = card_of(battle, side)
    swords = facts(card)["swords"] + tides_value(battle, side, "swords")
    if card == "ser-davos-seaworth" and _strength_bonus(state, battle, side, card):
        swords += 1
    if card == "theon-greyjoy" and _theon_active(state, battle, side):
        swords += 1
    if card == "asha-greyjoy" and not is_supported(state, battle, side):
        swords += 2  # asha-greyjoy: +2 swords and +1 tower when not supported
    if card == "nymeria-sand" and side == "attacker":
        swords += 1  # nymeria-sand: a sword when attacking, a tower when defending
    return swords


def card_fortifications(state: State, battle: Battle, side: str) -> int:
    """Tower icons of one side."""
    card = card_of(battle, side)
    towers = facts(card)["fortifications"] + tides_value(battle, side, "fortifications")
    if card == "asha-greyjoy" and not is_supported(state, battle, side):
        towers += 1
    if card == "nymeria-sand" and side == "defender":
        towers += 1
    return towers


def defense_multiplier(battle: Battle) -> int:
    """catelyn-stark: the defender's Defense order bonus counts twice."""
    return 2 if card_of(battle, "defender") == "catelyn-stark" else 1


def prevents_casualties(battle: Battle, side: str) -> bool:
    """the-blackfish: its house suffers no casualties in this combat (swords, Mace, skulls)."""
    return card_of(battle, side) == "the-blackfish"


_DOUBLED = {
    ("footman", "lannister", "ser-kevan-lannister"),
    ("ship", "greyjoy", "victarion-greyjoy"),
}


def unit_modifier(
    state: State, battle: Battle, side: str, house: str, kind: str, value: int
) -> int:
    """Per-unit card effects: Kevan's footmen, Victarion's ships, Salladhor's other ships."""
    attacker_card = card_of(battle, "attacker")
    if side == "attacker" and (kind, house, attacker_card) in _DOUBLED:
        value = 2  # ser-kevan-lannister footmen, victarion-greyjoy ships: 2 when attacking
    if kind == "ship" and house != "baratheon" and _salladhor_active(state, battle):
        # salladhor-saan (applied last, cards.yaml sr_notes): other houses' ships count 0.
        value = 0
    return value


def _salladhor_active(state: State, battle: Battle) -> bool:
    for side in ("attacker", "defender"):
        if card_of(battle, side) == "salladhor-saan" and is_supported(state, battle, side):
            return True
    return False
