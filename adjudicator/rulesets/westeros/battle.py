"""The battle in progress: the record `state.action["battle"]` holds, field by field.

One battle is fought at a time; a battle stopped at any stage (waiting for support, a house
card, a retreat) resumes exactly where it stood. In the saved state it is plain data, as the
state round-trips YAML: `State.to_data`/`from_data` convert it there (`to_data`/`from_data`
here), and the combat steps read and write the typed record in between.

A field that is None has not been reached yet in this battle: `to_data` leaves it out, as
the saved game has always done, so a saved battle reads as before and an old one loads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

SIDES = ("attacker", "defender")
"""A battle's two sides (cards.yaml combat_sequence), in the order they are asked."""


@dataclass
class Battle:
    """One battle: the rulebook's Combat chapter, step by step as cards.yaml combat_sequence."""

    n: int
    """The battle's number in this action phase (requests and events name it)."""
    area: str
    """Where it is fought: the area the march entered (rulebook, Initiating Combat)."""
    origin: str
    """The area the attacker marched from (a beaten attacker retreats there: Retreats)."""
    attacker: str
    """The marching house."""
    defender: str
    """The house in the area; 'neutral' for a neutral force or a garrison alone."""
    units: list[str]
    """The attacker's marching units, held here while the battle lasts (casualties are
    removed here)."""
    march: str
    """The attacker's march token (combat_sequence, total strength: its March modifier)."""
    stage: str = "support"
    """The step of the combat sequence to run next (combat.STAGES)."""
    supports: dict[str, str] = field(default_factory=dict)
    """Support area -> the side its owner declared for ('attacker', 'defender', 'none'):
    combat_sequence, declare support."""
    cards: dict[str, str | None] = field(default_factory=dict)
    """Side -> the house card it played (combat_sequence: both choose in secret, revealed
    together); None while Tyrion has it replaced."""
    did: list[str] = field(default_factory=list)
    """Steps done once, not repeated on resuming: abilities used, skulls paid, 'refresh'."""
    tides: dict[str, str] | None = None
    """Side -> its Tides of Battle card (the optional rule tides_of_battle)."""
    tides_deck: list[str] | None = None
    """The Tides of Battle cards left after both drew."""
    blade: str | None = None
    """The side that used the Valyrian Steel Blade for +1 (once a round; combat_sequence)."""
    strength: dict[str, dict[str, int]] | None = None
    """Side -> its combat strength, term by term (combat_sequence, total strength)."""
    winner: str | None = None
    """The winning side, once the strengths are compared (a tie: the Fiefdoms track)."""
    loser: str | None = None
    """The losing side."""
    moved_in: bool | None = None
    """True once the winning attacker's units have entered the area (combat_sequence: unless
    Arianne Martell prevents it)."""
    barred: list[str] | None = None
    """Cards a house may not play again in this battle (Tyrion's cancelled card)."""
    replacing: str | None = None
    """The side choosing a new card after Tyrion, while it chooses."""
    retreat: dict[str, Any] | None = None
    """The loser's retreat (combat_sequence; Robb Stark may choose the area): house, the area
    it went to, units kept and lost."""
    losses: list[dict[str, Any]] | None = None
    """Casualties (combat_sequence: casualties, skulls), one entry each: house, units, reason."""
    abilities: list[dict[str, Any]] | None = None
    """The card abilities that acted, in order, for the report."""

    def house_of(self, side: str) -> str:
        """The house (or 'neutral') fighting on `side` ('attacker' or 'defender')."""
        if side == "attacker":
            return self.attacker
        if side == "defender":
            return self.defender
        raise ValueError(f"not a side of a battle: {side!r}")

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The battle as the saved state holds it: the fields reached so far, in field
        order (the values themselves, not copies: `State.to_data` copies the whole)."""
        data = {}
        for f in fields(self):
            value = getattr(self, f.name)
            # Once Tyrion has barred a card, the saved battle says `replacing: null` after
            # the new card is chosen, as it always has.
            if value is not None or (f.name == "replacing" and self.barred is not None):
                data[f.name] = value
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Battle:
        """The battle of a saved state (any key order; fields not reached yet absent)."""
        return cls(**data)
