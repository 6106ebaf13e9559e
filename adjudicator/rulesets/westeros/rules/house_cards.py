"""House cards: printed numbers and the static abilities that change them.

The timed abilities (cancel, immediately, after winner determination, after combat) are in
abilities.py; this module answers "how strong, how many swords and towers" for one side.
Card facts come from games/westeros/cards.yaml through decks.py.
"""

from __future__ import annotations

import difflib
import functools
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.rules.support import is_supported
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.vocabulary import spellings

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
    return battle.get("cards", {}).get(side)


def _opponent(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def tides_value(battle: Battle, side: str, field: str) -> int:
    card = battle.get("tides", {}).get(side)
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
    house, rival = battle[side], battle[_opponent(side)]
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
    return side == "defender" and state.board.areas[battle["area"]].has_castle


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
