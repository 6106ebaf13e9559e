"""The battle in progress: the record `state.action["battle"]` holds, key by key.

One battle is fought at a time; its record lives in the saved state as plain data, so that
a battle stopped at any stage (waiting for support, a house card, a retreat) resumes exactly
where it stood. It is a `TypedDict`, not a dataclass, because the state round-trips YAML as
plain dicts and the combat steps read a side's house as ``battle[side]``.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Battle(TypedDict, total=False):
    """One battle (cards.yaml combat_sequence). The first eleven keys are there from its start."""

    n: int
    """The battle's number in this action phase (requests and events name it)."""
    area: str
    """Where it is fought."""
    origin: str
    """The area the attacker marched from (a beaten attacker retreats there)."""
    attacker: str
    defender: str
    """The houses; the defender is 'neutral' for a neutral force or a garrison alone."""
    units: list[str]
    """The attacker's marching units (casualties are removed here)."""
    march: str
    """The attacker's march token (its bonus counts)."""
    stage: str
    """The step of the combat sequence to run next (combat.STAGES)."""
    supports: dict[str, str]
    """Support area -> the side its owner declared for ('attacker', 'defender', 'none')."""
    cards: dict[str, str | None]
    """Side -> the house card it played (None while Tyrion has it replaced)."""
    did: list[str]
    """Steps done once, not repeated on resuming: abilities used, skulls paid, 'refresh'."""
    tides: dict[str, str]
    """Side -> its Tides of Battle card (only with tides_of_battle)."""
    tides_deck: list[str]
    """The Tides of Battle cards left after both drew."""
    blade: str
    """The side that used the Valyrian Steel Blade."""
    strength: dict[str, dict[str, int]]
    """Side -> its combat strength, term by term."""
    winner: str
    loser: str
    """Sides, once the strengths are compared."""
    moved_in: bool
    """The winning attacker's units have entered the area."""
    barred: list[str]
    """Cards a house may not play again in this battle (Tyrion's cancelled card)."""
    replacing: str | None
    """The side choosing a new card after Tyrion, while it chooses."""
    retreat: dict[str, Any]
    """The loser's retreat: house, the area it went to, units kept and lost."""
    losses: list[dict[str, Any]]
    """Casualties, one entry per kill: house, units, reason."""
    abilities: list[dict[str, Any]]
    """The card abilities that acted, in order, for the report."""
